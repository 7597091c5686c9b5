"""The actions of Medieval Italia as sentences a person chooses from (the classroom's list of
a human seat's legal actions, the presenter's ``action_text``).

A sentence names the power, what it does and, in brackets, the rule the game follows there,
as short as the rule's name allows ("rule text: movement points" reads "movement points").
Armies are named by their counters' labels ("army #7", a leader by name), as the
game's events name them, so that two armies in one area stay two choices.

>>> from italia_kit.games.medieval import actions as a
>>> from italia_kit.games.medieval.spec import new_game
>>> game = new_game(seed=1)
>>> sentence(game.state, a.EndMovement("Lombards"))
'Lombards: end the movement (movement points)'
>>> army = next(u for u in game.state.units.values() if u.kind == "army")
>>> sentence(game.state, a.Move(army.power, army.id, "Perugia")) == (
...     f"{army.power}: move army #{army.id} from {army.zone} into Perugia (movement points)"
... )
True
"""

from __future__ import annotations

import re
from typing import Any

from italia_kit.core import Action
from italia_kit.games.medieval import actions as a
from italia_kit.games.medieval.battle import R_RETREAT, R_SUBMIT
from italia_kit.games.medieval.movement import R_MP
from italia_kit.games.medieval.state import MedievalState

__all__ = ["rule_name", "sentence"]


def rule_name(rule: str) -> str:
    """A rule as a list shows it: "rule text: " dropped (the variant's own text), the
    remarks in brackets dropped (the event log keeps the full citation).

    >>> rule_name("rule text: submission"), rule_name("M-A turn entries")
    ('submission', 'M-A turn entries')
    >>> rule_name("Britannia (public summary): population increase (arithmetic reconstructed)")
    'Britannia: population increase'
    """
    return re.sub(r"\s*\([^()]*\)", "", rule.removeprefix("rule text: "))


def _unit(state: MedievalState, unit_id: int) -> tuple[str, str]:
    """A unit as its counter reads ("army #7", a leader by name) and the area it is in (the
    power is already the sentence's subject)."""
    unit = state.units.get(unit_id)
    if unit is None:
        return f"unit #{unit_id}", ""
    return unit.name or f"{unit.kind} #{unit.id}", unit.zone


def _battle(state: MedievalState) -> dict[str, Any]:
    return state.battle or {}


def _what(state: MedievalState, action: Action) -> tuple[str, str]:
    battle = _battle(state)
    zone = str(battle.get("zone", ""))
    match action:
        case a.Place(zone=to):
            pending = state.pending[0] if state.pending else {}
            kind = str(pending.get("kind") or "army")
            noun = str(pending.get("name") or ("an " if kind[0] in "aeiou" else "a ") + kind)
            return f"place {noun} in {to}", str(pending.get("rule", ""))
        case a.Move(unit=unit_id, to=to):
            label, frm = _unit(state, unit_id)
            where = f" from {frm}" if frm else ""
            return f"move {label}{where} into {to}", R_MP
        case a.EndMovement():
            return "end the movement", R_MP
        case a.Submit(to=to):
            return f"submit to the {to} in {zone}", R_SUBMIT
        case a.Fight():
            if battle.get("stage") == "submit":
                return f"refuse to submit and fight in {zone}", R_SUBMIT
            if battle.get("stage") == "flee":
                return f"stay and fight in {zone}", R_SUBMIT
            return f"fight another round in {zone}", R_RETREAT
        case a.Retreat(to=to):
            if battle.get("stage") == "withdraw":
                if not to:
                    return f"send the units in {zone} back where each came from", R_SUBMIT
                return f"send the units in {zone} on to {to}", R_SUBMIT
            if battle.get("stage") == "flee":
                return f"retreat from {zone} to {to}", R_SUBMIT
            return f"retreat from {zone} to {to}", R_RETREAT
    return str(action), ""


def sentence(state: MedievalState, action: Action) -> str:
    """``action`` as a sentence: "POWER: what it does (rule)" (a power's name is plural or
    singular, "Lombards", "Papacy": the colon spares the verb agreeing with it)."""
    what, rule = _what(state, action)
    who = getattr(action, "power", "")
    said = f"{who}: {what}" if who else what
    return f"{said} ({rule_name(rule)})" if rule else said
