"""A scripted governor for the Roman seat: a list of actions or plain sentences to play,
one per decision of the turn, refused naming the section when the rules forbid one.

A script item is an :class:`~italia_kit.core.Action`, its JSON form (``{"kind": "pass"}``,
the codec's), or a sentence:

* ``place Agricola with IX Hispana`` (3.0), ``Agricola joins XX`` (6.0 Attach);
* ``battle II Augusta and XX Valeria Victrix in Silures``, ``suppress IX to Brigantes``,
  ``garrison II Augusta in Dubunni giving 1 aquila`` (5.2; ``then Iceni``: the box
  Agricola's Garrison clears, or Peacekeeping's second box), ``peacekeeping IX to Eboracum``;
* ``negotiate with the Iceni for 3 coins`` (6.0), ``pass`` (5.2), ``done``;
* ``buy auxiliary`` (9.5), ``public works in Dubunni`` (9.6), ``buy VP``, ``recruit II``
  (9.7), ``auxiliary to IX`` (3.0, 9.5).

Legions are named by their number (``II``, ``IX``, ``XX``), their name or both; boxes by
their name. By default the script plays the decisions of the turn (``place_agricola`` and
``act``: Legion and Leader Actions) and the greedy governor's tactics play the rest
(battles, raids, Housekeeping); ``steps="all"`` scripts every decision. ``then``: the
player that carries on when the script is spent (else the script running out is an
error). What it adds to the generic :class:`~italia_kit.core.ScriptedPlayer` (actions or
their JSON, for any game): the sentences, the greedy tactics for the decisions it does not
script, and an illegal item refused before the game changes.

>>> from italia_kit.games.agricola import new_game
>>> game = new_game(7)
>>> governor = ScriptedGovernor(["place Agricola with IX Hispana", "pass"])
>>> game.apply(governor.choose(game))[0].text
'3.0: Agricola joins IX Hispana.'
>>> parse("suppress IX to Brigantes", game.state)
LegionAction(legions=(1,), to=11, order='suppress', unit=0, extra=-1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from italia_kit.core import Action, Game, IllegalActionError, Player
from italia_kit.games.agricola.actions import (
    CODEC,
    LEGION_ORDERS,
    AssignAuxiliary,
    Attach,
    BuyAuxiliary,
    BuyVictoryPoint,
    Done,
    LegionAction,
    Negotiate,
    Pass,
    PlaceAgricola,
    PublicWorks,
    Recruit,
)
from italia_kit.games.agricola.geography import NAMES
from italia_kit.games.agricola.rules import STEPS
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tables import LEGIONS
from italia_kit.games.agricola.tactics import TACTICS

#: the decisions a script plays by default: the turn's (3.0's placement, 5.0-6.0's actions)
TURN_STEPS = ("place_agricola", "act")
ScriptItem = Action | str | Mapping[str, Any]


class ScriptError(ValueError):
    """A script item that is no action: the item's number and what could not be read."""


def _legions_in(text: str) -> list[int]:
    """The legions a sentence names, in the order it names them."""
    found: list[tuple[int, int]] = []
    for k, name in enumerate(LEGIONS):
        numeral, _, rest = name.partition(" ")
        words = [
            re.escape(name),
            rf"\b{numeral}\b",
            *(rf"\b{re.escape(w)}\b" for w in rest.split()),
        ]
        hits = [m.start() for w in words for m in re.finditer(w, text, re.IGNORECASE)]
        if hits:
            found.append((min(hits), k))
    return [k for _, k in sorted(found)]


def _boxes_in(text: str) -> list[int]:
    """The boxes a sentence names, in order (a longer name first: "Deva Victrix" before
    "Victrix" of XX Valeria Victrix, which is a legion's)."""
    hits: list[tuple[int, int]] = []
    taken: list[range] = []
    for box in sorted(range(len(NAMES)), key=lambda b: -len(NAMES[b])):
        for m in re.finditer(rf"\b{re.escape(NAMES[box])}\b", text, re.IGNORECASE):
            if not any(m.start() in r for r in taken):
                hits.append((m.start(), box))
                taken.append(range(m.start(), m.end()))
    return [b for _, b in sorted(hits)]


def _number(text: str, word: str) -> int | None:
    m = re.search(rf"(\d+)\s*{word}", text, re.IGNORECASE)
    return int(m.group(1)) if m else None


def parse(sentence: str, state: AgricolaState) -> Action:
    """The action a sentence names, in the position ``state`` (which decides whether
    "Agricola joins" places him, 3.0, or attaches him, 6.0, and whether a legion already
    in the box named stays there). :class:`ScriptError` if it names none."""
    text = " ".join(sentence.split())
    low = text.lower()
    legions = _legions_in(text.replace("Deva Victrix", ""))
    boxes = _boxes_in(text)
    first = low.split(" ", 1)[0] if low else ""
    if low in ("pass", "done"):
        return Pass() if low == "pass" else Done()
    if "agricola" in low and ("join" in low or "place" in low or low.startswith("attach")):
        if len(legions) != 1:
            raise ScriptError(f"{sentence!r}: name the one legion Agricola joins")
        return PlaceAgricola(legions[0]) if state.step == "place_agricola" else Attach(legions[0])
    if first == "attach" and len(legions) == 1:
        return Attach(legions[0])
    if first in LEGION_ORDERS:
        if not legions:
            raise ScriptError(f"{sentence!r}: name the legion(s) (II, IX, XX)")
        where = re.split(r"\bthen\b", text, maxsplit=1, flags=re.IGNORECASE)
        targets = _boxes_in(where[0])
        extra = _boxes_in(where[1]) if len(where) > 1 else []
        to = targets[0] if targets else -1
        if to != -1 and all(state.legion_box[k] == to for k in legions):
            to = -1  # 5.1: already there, they stay
        unit = _number(text, "aquila") or (1 if first == "garrison" else 0)
        return LegionAction(tuple(legions), to, first, unit, extra[0] if extra else -1)
    if first == "negotiate":
        coins = _number(text, "coin")
        if not boxes or coins is None:
            raise ScriptError(
                f"{sentence!r}: say the box and the coins (negotiate with X for 3 coins)"
            )
        return Negotiate(boxes[0], coins)
    if "auxiliar" in low and "buy" in low:
        return BuyAuxiliary()
    if "auxiliar" in low and len(legions) == 1:
        return AssignAuxiliary(legions[0])
    if "public works" in low and len(boxes) == 1:
        return PublicWorks(boxes[0])
    if re.search(r"\bbuy\b.*\bvp\b", low):
        return BuyVictoryPoint()
    if first == "recruit" and legions:
        return Recruit(tuple(legions))
    raise ScriptError(f"{sentence!r}: not an action of the Roman player")


class ScriptedGovernor:
    """Plays ``script`` item by item (see the module text); an item the rules forbid is
    refused with :class:`~italia_kit.core.IllegalActionError` naming the section (the
    rules' own reason, with the item's number and text), before the game changes."""

    def __init__(
        self,
        script: Iterable[ScriptItem],
        *,
        steps: Sequence[str] | str = TURN_STEPS,
        then: Player | None = None,
    ) -> None:
        self.script = list(script)
        self.steps = tuple(STEPS) if steps == "all" else tuple(steps)
        unknown = [s for s in self.steps if s not in STEPS]
        if unknown:
            raise ValueError(f"no decision {unknown[0]!r} (decisions: {', '.join(STEPS)})")
        self.then = then
        self.played = 0  # the script items played so far

    def __repr__(self) -> str:
        return f"ScriptedGovernor({len(self.script)} items, {self.played} played)"

    def choose(self, game: Game[Any]) -> Action:
        state: AgricolaState = game.state
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        if state.step not in self.steps:
            return TACTICS[state.step](state, actions) if state.step in TACTICS else actions[0]
        if self.played >= len(self.script):
            if self.then is not None:
                return self.then.choose(game)
            raise ValueError(
                f"the script has no more actions ({len(self.script)} played); the game "
                f"waits for '{state.step}' ({STEPS[state.step][1]}, {STEPS[state.step][0]})"
            )
        number, item = self.played + 1, self.script[self.played]
        action = self._action(item, state, number)
        if action not in actions:
            self._refuse(game, action, number, item)
        self.played += 1
        return action

    @staticmethod
    def _action(item: ScriptItem, state: AgricolaState, number: int) -> Action:
        try:
            if isinstance(item, Action):
                return item
            if isinstance(item, str):
                return parse(item, state)
            return CODEC.from_json(item)
        except (ScriptError, ValueError, KeyError, TypeError) as err:
            raise ScriptError(f"script item {number}: {err}") from None

    @staticmethod
    def _refuse(game: Game[Any], action: Action, number: int, item: ScriptItem) -> None:
        """Why the rules forbid ``action`` (tried on a fork: the game is untouched); an
        action they would take though it is not listed is let through."""
        try:
            game.fork().apply(action)
        except IllegalActionError as err:
            raise IllegalActionError(
                err.rule, f"script item {number} ({item!r}): {err.reason}"
            ) from None
