"""Saving and loading games as JSON.

A save holds the game it is of (:class:`GameRef`: the registry's id, the options and the
variant it was started with), the starting position, the random state (``dice``: the dice,
their size, scripted results, bags and decks; saves from before bags hold only ``seed``,
``count`` and ``scripted``) and the list of actions; loading replays them, so a saved game
reloaded and continued is the game continued without saving. The players' streams
(``streams``, see :mod:`.streams`) are saved too, so a seeded player continues a loaded game
as it would have continued the saved one. A digest of the final state catches files edited
by hand or cut short.

The rules of a save are found through the game registry (:mod:`italia_kit.games`), which
the loader asks only when no rules are passed; this module imports no game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from italia_kit.core.errors import IllegalActionError, InvalidActionError, SaveFileError
from italia_kit.core.events import EventLog
from italia_kit.core.game import Game, Rules, S
from italia_kit.core.randomness import Randomness
from italia_kit.core.streams import Stream

FORMAT = "italia_kit.save"
VERSION = 2
#: versions this kit reads: 1 had only ``game`` (the rules' id), 2 adds ``options``
READS = (1, 2)


@dataclass(frozen=True)
class GameRef:
    """What a save says it is a game of: a registered id and the options its spec was
    loaded with (a variant among them), all JSON-able.

    Rules may say it themselves (a ``ref`` attribute); otherwise their ``game_id`` is taken
    with no options.

    >>> GameRef("italia1", {"variant": "hannibal_plus_2_elephants"}).to_json()
    {'game': 'italia1', 'options': {'variant': 'hannibal_plus_2_elephants'}}
    """

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "options": dict(self.options)}


def ref_of(rules: Rules[Any]) -> GameRef:
    """The :class:`GameRef` of a game's rules."""
    ref = getattr(rules, "ref", None)
    return ref if isinstance(ref, GameRef) else GameRef(rules.game_id)


def rules_for(ref: GameRef) -> Rules[Any]:
    """The rules a save of ``ref`` replays with, from the game registry."""
    from italia_kit.games import load  # the registry, asked only here (no import cycle)

    return load(ref.game, **ref.options).rules()


def digest(state_json: dict[str, Any]) -> str:
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def game_to_json(game: Game[Any]) -> dict[str, Any]:
    initial = game._initial
    out = {
        "format": FORMAT,
        "version": VERSION,
        **ref_of(game.rules).to_json(),
        "initial": initial.state.to_json(),
        "dice": Randomness.from_snapshot(initial.dice).to_json(),
        "actions": [a.to_json() for a in game.actions],
        "digest": digest(game.state.to_json()),
    }
    streams = game.streams()
    if streams:
        out["streams"] = [s.to_json() for s in streams]
    return out


def replay_into(
    game: Game[S], log: EventLog, watch: Callable[[Game[S]], None] | None = None
) -> Game[S]:
    """``game`` played again from its start, with its dice and its actions and no players,
    its events going to ``log``: a log that records as it goes (the position at each turn's
    end, for metrics of a game that was not started with it). ``watch(twin)`` runs before
    the first action, for a log that looks at its game. The twin keeps no checkpoints: it is
    read once, never jumped in.

    >>> from italia_kit.core import EventLog
    >>> from italia_kit.games import load
    >>> spec = load("italia1")
    >>> game = spec.new_game(seed=2)
    >>> for _ in range(3):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> twin = replay_into(game, EventLog([]))
    >>> twin.state.to_json() == game.state.to_json(), len(twin.log) == len(game.log)
    (True, True)
    """
    rules = game.rules
    start = game._initial
    twin = Game(
        rules,
        rules.state_from_json(start.state.to_json()),
        dice=Randomness.from_snapshot(start.dice),
        log=log,
        checkpoint_every=1 << 62,
    )
    if watch is not None:
        watch(twin)
    for action in list(game.actions):
        twin.apply(action)
    return twin


def save_game(game: Game[Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(game_to_json(game), indent=1, sort_keys=True) + "\n")


def game_from_json(
    data: Any, rules: Rules[Any] | None = None, *, source: str = "save"
) -> Game[Any]:
    """Rebuild a game from its JSON form; :class:`SaveFileError` names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"{source}: not an italia_kit save (field 'format' is not {FORMAT!r})")
    if data.get("version") not in READS:
        raise SaveFileError(
            f"{source}: save format version {data.get('version')!r} is not supported "
            f"(this kit reads versions {', '.join(map(str, READS))})"
        )
    for key in ("game", "initial", "dice", "actions", "digest"):
        if key not in data:
            raise SaveFileError(f"{source}: field {key!r} is missing")
    game_id, options = data["game"], data.get("options", {})
    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise SaveFileError(f"{source}: field 'game' must be a text and 'options' a mapping")
    ref = GameRef(game_id, options)
    if rules is None:
        try:
            rules = rules_for(ref)
        except (KeyError, ValueError, TypeError) as exc:  # UnknownGameError, a bad option
            raise SaveFileError(f"{source}: field 'game': {exc}") from exc
    elif ref_of(rules).game != game_id and rules.game_id != game_id:
        raise SaveFileError(f"{source}: a save of {game_id!r}, not of {rules.game_id!r}")
    try:
        state = rules.state_from_json(data["initial"])
        dice = Randomness.from_json(data["dice"])
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveFileError(f"{source}: field 'initial' or 'dice' is corrupt: {exc}") from exc
    game: Game[Any] = Game(rules, state, dice=dice)
    raw_streams = data.get("streams", [])
    try:
        if not isinstance(raw_streams, list):
            raise ValueError("it must be a list")
        for raw in raw_streams:
            stream = Stream.from_json(raw, game.actions)
            game._streams[stream.name, stream.seed] = stream
    except ValueError as exc:
        raise SaveFileError(f"{source}: field 'streams' is corrupt: {exc}") from exc
    if not isinstance(data["actions"], list):
        raise SaveFileError(f"{source}: field 'actions' must be a list")
    for i, raw in enumerate(data["actions"]):
        try:
            game.apply(rules.codec.from_json(raw))
        except (IllegalActionError, InvalidActionError) as exc:
            raise SaveFileError(f"{source}: action {i} cannot be replayed: {exc}") from exc
    if digest(game.state.to_json()) != data["digest"]:
        raise SaveFileError(f"{source}: the replayed game does not match field 'digest'")
    return game


def load_game(path: str | Path, rules: Rules[Any] | None = None) -> Game[Any]:
    p = Path(path)
    try:
        data = json.loads(p.read_text())
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"{p}: cannot be read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{p}: not JSON (line {exc.lineno}: {exc.msg})") from exc
    return game_from_json(data, rules, source=str(p))
