"""The actions of Medieval Italia (on the Italia engine) as sentences a person chooses from:
the classroom's list of a human seat's legal actions, the presenter's ``action_text``, the
lesson's steps.

A sentence names the power, what it does in the variant's words (an Italia ``infantry`` is
an *army*) and, in brackets, the rule the game follows there, as short as the rule's name
allows ("rule text: movement points" reads "movement points"). Armies are named by their
counters' numbers ("army #7", a leader by name), as the game's events name them, so that
two armies in one area stay two choices. Where the engine still follows an Italia rule the
variant has not replaced (issue 19, "Stage 2" of ``docs/games/medieval.md``), the sentence
cites Italia's section: Italia's kinds the medieval game no longer offers (a surplus's
removal, a capital, 8.0 and 8.1) and its targets (10.4); those it never offers (purchases,
fleets) read as Italia's sentences.

>>> from italia_kit.games.italia.actions import EndMovement, Move
>>> from italia_kit.games.medieval.rulebook import new_game
>>> game = new_game(seed=1)
>>> sentence(game.state, EndMovement("Lombards"))
'Lombards: end the movement (movement points)'
>>> army = next(u for u in game.state.units.values() if u.nation == "Romans")
>>> sentence(game.state, Move("Romans", (army.id,), (army.zone, "Perugia"))) == (
...     f"Romans: move army #{army.id} from {army.zone} into Perugia (movement points)"
... )
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from italia_kit.core import Action
from italia_kit.games.italia import actions as a
from italia_kit.games.italia.say import sentence as italia_sentence
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.medieval.rulebook import R_MP
from italia_kit.games.medieval.submission_hooks import R_SUBMIT, Withdraw, pending

__all__ = ["R_BATTLE", "R_PLACE", "R_RETREAT", "rule_name", "sentence", "units_named"]

#: the rules a sentence cites (Britannia's where the variant relies on it); a placement cites
#: its reinforcement's own rule, this one when it has none
R_PLACE = "rule text: arrivals (the place chosen as they arrive)"
R_BATTLE = "Britannia (public summary): battles"
R_RETREAT = "Britannia (public summary): retreats"
#: Italia rules the engine still follows for the variant (med-leaks / med-combat replace them)
R_STACKING = "Italia 8.0: surplus units removed"
R_CAPITAL = "Italia 8.1: capitals"
R_TARGETS = "Italia 10.4: targets"


def rule_name(rule: str) -> str:
    """A rule as a list shows it: "rule text: " dropped (the variant's own text), the
    remarks in brackets dropped (the event log keeps the full citation).

    >>> rule_name("rule text: submission"), rule_name("M-A turn entries")
    ('submission', 'M-A turn entries')
    >>> rule_name("Britannia (public summary): population increase (arithmetic reconstructed)")
    'Britannia: population increase'
    """
    return re.sub(r"\s*\([^()]*\)", "", rule.removeprefix("rule text: "))


def units_named(state: ItaliaState, ids: Iterable[int]) -> str:
    """Armies by their counters' numbers, then leaders by name ("2 armies (#7, #8) and
    Alboin"; "army #7" alone).

    >>> from italia_kit.games.medieval.rulebook import new_game
    >>> state = new_game(seed=1).state
    >>> units_named(state, [999])
    'unit #999'
    """
    armies: list[int] = []
    leaders: list[str] = []
    for i in sorted(ids):
        unit = state.units.get(i)
        if unit is not None and unit.name:
            leaders.append(unit.name)
        else:
            armies.append(i)
    parts: list[str] = []
    if len(armies) == 1:
        unit = state.units.get(armies[0])
        parts.append(f"{'army' if unit is not None else 'unit'} #{armies[0]}")
    elif armies:
        parts.append(f"{len(armies)} armies ({', '.join(f'#{i}' for i in armies)})")
    parts += leaders
    if not parts:
        return "no units"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _place(state: ItaliaState, action: a.Place) -> tuple[str, str]:
    """The placement of the first waiting reinforcement (Italia's 7.2 places them in
    order) with the group placed with it (its ``together`` key, S27: one decision), and the
    rule it arrives under (the chart's, population's or the minima's)."""
    waiting = state.reinforcements
    first = waiting[0] if waiting else {}
    rule = str(first.get("rule") or R_PLACE)
    if action.unit == "leader" or first.get("unit") == "leader":
        return f"place {first.get('name') or 'a leader'} in {action.zone}", rule
    key = first.get("together")
    count = sum(1 for r in waiting if r.get("together") == key) if key else 1
    noun = "an army" if count == 1 else f"{count} armies"
    return f"place {noun} in {action.zone}", rule


def _battle_zone(state: ItaliaState) -> str:
    return state.battle.zone if state.battle is not None else "the battle"


def _what(state: ItaliaState, action: Action) -> tuple[str, str] | None:
    match action:
        case a.Place():
            return _place(state, action)
        case a.Move(units=units, path=path) if path:
            via = f" by {', '.join(path[1:-1])}" if len(path) > 2 else ""
            return f"move {units_named(state, units)} from {path[0]} into {path[-1]}{via}", R_MP
        case a.EndMovement():
            return "end the movement", R_MP
        case a.Fight(zone=zone):
            return f"attack in {zone}", R_BATTLE
        case a.StandFast():
            return f"stand and fight in {_battle_zone(state)}", R_RETREAT
        case a.Retreat(units=units, zone=zone):
            frm = _battle_zone(state)
            return f"retreat {units_named(state, units)} from {frm} to {zone}", R_RETREAT
        case a.Submit(accept=accept):
            battle = state.battle
            if battle is None:
                return ("submit" if accept else "refuse to submit"), R_SUBMIT
            if accept:
                return f"submit to the {battle.attacker} in {battle.zone}", R_SUBMIT
            return f"refuse to submit and fight in {battle.zone}", R_SUBMIT
        case Withdraw(zone=to):
            p = pending(state) or {}
            zone = str(p.get("zone", "the area"))
            if p.get("flee"):
                if not to:
                    return f"stay in {zone} under the truce", R_SUBMIT
                return f"retreat from {zone} to {to}", R_SUBMIT
            if not to:
                return f"send the units in {zone} back where each came from", R_SUBMIT
            return f"send the units in {zone} on to {to}", R_SUBMIT
        case a.RemoveUnit(unit=unit):
            where = state.units[unit].zone if unit in state.units else "the board"
            return f"remove {units_named(state, [unit])} from {where}", R_STACKING
        case a.DeclareCapital(zone=zone):
            return f"make {zone} their capital", R_CAPITAL
        case a.Targets():
            return italia_sentence(state, action).split(" ", 2)[-1], R_TARGETS
    return None


def sentence(state: ItaliaState, action: Action) -> str:
    """``action`` as a sentence: "POWER: what it does (rule)" (a power's name is plural or
    singular, "Lombards", "Papacy": the colon spares the verb agreeing with it)."""
    found = _what(state, action)
    if found is None:  # an Italia action the medieval game never offers: Italia's words
        return italia_sentence(state, action)
    what, rule = found
    who = getattr(action, "nation", "")
    said = f"{who}: {what}" if who else what
    return f"{said} ({rule_name(rule)})"
