"""Italia's actions as sentences a class reads, and the zones each one concerns.

The classroom's list of a human player's actions (``ActionChooser``) and the lessons print
actions with these: units are named from the state ("2 infantry and Brennus"), not by their
ids, and the map outlines the zones :func:`action_zones` gives.

>>> from italia_kit.games.italia import new_game, Buy, Place
>>> game = new_game("italia1", seed=1)
>>> sentence(game.state, Buy("Celts", "infantry"))
'the Celts buy an infantry'
>>> sentence(game.state, Place("Celts", "infantry", "Verona"))
'the Celts place an infantry in Verona'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from italia_kit.core import Action
from italia_kit.games.italia import actions as a
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.text import article, count, units

__all__ = ["action_zones", "choice_text", "sentence", "units_text"]

#: what looting takes (10.6), in words
LOOT = {"gold": "gold", "vp": "victory points"}


def units_text(state: ItaliaState, ids: Iterable[int]) -> str:
    """Units named as a class would: counts by type, then leaders by name.

    >>> from italia_kit.games.italia import new_game
    >>> state = new_game("italia1", seed=1).state
    >>> ids = [u.id for u in state.units.values() if u.zone == "Rome"]
    >>> units_text(state, ids)
    '4 legions'
    """
    types: Counter[str] = Counter()
    names: list[str] = []
    for i in ids:
        unit = state.units.get(i)
        if unit is None:
            types["unit"] += 1
        elif unit.name:
            names.append(unit.name)
        else:
            types[unit.type.value.replace("_", " ")] += 1
    parts = [_plural(n, t) for t, n in types.items()] + names
    if not parts:
        return "no units"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(n: int, noun: str) -> str:
    """``n`` units of a type; one is "a legion", as a sentence says it."""
    if n == 1:
        return article(noun)
    return units(n, noun) if noun != "unit" else count(n, noun)


def _unit(state: ItaliaState, unit_id: int) -> str:
    unit = state.units.get(unit_id)
    if unit is None:
        return f"unit {unit_id}"
    if unit.name:
        return unit.name
    return f"{article(unit.type.value.replace('_', ' '))} in {unit.zone}"


def _bought(unit: str) -> str:
    if unit.startswith("city:"):
        return f"a city in {unit[5:]}"
    return "a city" if unit == "city" else article(unit.replace("_", " "))


def sentence(state: ItaliaState, action: Action) -> str:
    """``action`` as a sentence ("the Romans move 2 legions from Rome to Etruria")."""
    who = f"the {getattr(action, 'nation', '')}"
    match action:
        case a.Buy(unit=unit, zone=zone):
            what = f"a city in {zone}" if unit == "city" and zone else _bought(unit)
            return f"{who} buy {what}"
        case a.EndPurchase():
            return f"{who} buy nothing more"
        case a.Place(unit=unit, zone=zone):
            return f"{who} place {_bought(unit)} in {zone}"
        case a.Move(units=units, path=path) if path:
            via = f" by {', '.join(path[1:-1])}" if len(path) > 2 else ""
            return f"{who} move {units_text(state, units)} from {path[0]} to {path[-1]}{via}"
        case a.Move(units=units):  # no path: a malformed move, refused by 9.0
            return f"{who} move {units_text(state, units)} nowhere"
        case a.Embark(fleet=fleet, units=units):
            sea = state.units[fleet].zone if fleet in state.units else "its sea"
            return f"{who} embark {units_text(state, units)} on their fleet in {sea}"
        case a.Disembark(units=units, zone=zone):
            return f"{who} land {units_text(state, units)} in {zone}"
        case a.EndMovement():
            return f"{who} end their movement"
        case a.RemoveUnit(unit=unit):
            return f"{who} remove {_unit(state, unit)}"
        case a.DeclareCapital(zone=zone):
            return f"{who} make {zone} their capital"
        case a.EndCombat():
            return f"{who} fight no more battles"
        case a.Fight(zone=zone, raid=raid):
            return f"{who} {'raid' if raid else 'attack'} in {zone}"
        case a.NavalAttack(sea=sea, target=target):
            return f"{who} attack the fleets of the {target} in {sea}"
        case a.DeferNaval(sea=sea, target=target):
            return f"{who} attack the fleets of the {target} in {sea} after the land battles"
        case a.NavalOrder(sea=sea, attacker=attacker, after=after):
            when = "after the land battles" if after else "now"
            return f"{who} fight the fleets of the {attacker} in {sea} {when}"
        case a.DeclineNaval(sea=sea):
            return f"{who} decline naval combat in {sea}"
        case a.Targets(aims=aims):
            aimed = Counter(t.split(":")[0].replace("_", " ") for _, t in aims)
            return f"{who} aim at " + ", ".join(_plural(n, t) for t, n in aimed.items())
        case a.Retreat(units=units, zone=zone):
            return f"{who} retreat {units_text(state, units)} to {zone}"
        case a.StandFast():
            return f"{who} stand and fight"
        case a.SinkFleets(fleets=fleets):
            return f"{who} lose {units_text(state, fleets)}"
        case a.ElephantVictim(unit=unit, zone=zone):
            where = f"to {zone}" if zone else "off the board"
            return f"{who} send {_unit(state, unit)} {where} (the elephants)"
        case a.Loot(take=take):
            if take == "none":
                return f"{who} leave the city unlooted"
            return f"{who} loot the city for {LOOT.get(take, take)}"
        case a.Rebuild(unit=unit):
            return f"{who} rebuild with {_unit(state, unit)}" if unit else f"{who} rebuild nothing"
        case a.Submit(accept=accept):
            return f"{who} submit" if accept else f"{who} fight on"
        case a.Convert(unit=unit):
            return f"{who} convert {_unit(state, unit)}" if unit else f"{who} convert nothing"
        case a.Revolt():
            return f"{who} revolt"
        case a.CampaignMove():
            return f"{who} campaign one more move (1 gold)"
        case a.EndCampaign():
            return f"{who} end the campaign"
        case a.Block(zone=zone, unit=unit):
            if not zone:
                return f"{who} block nothing"
            return f"{who} block {zone}, giving up {_unit(state, unit)}"
        case a.ReactionMove(units=units, to=to):
            return f"{who} move {units_text(state, units)} to {to} in reaction"
        case a.EndReaction():
            return f"{who} end their reaction moves"
        case a.DeclareRaid(zone=zone):
            return f"{who} declare a raid in {zone}"
    return str(action)  # not an Italia action: its own words


def action_zones(state: ItaliaState, action: Action) -> tuple[str, ...]:
    """The zones an action concerns, in order and without repeats: the zones it names and
    those where the units it names stand (a fleet's sea for units aboard)."""
    found: list[str] = []
    for name in getattr(action, "__dataclass_fields__", {}):
        value = getattr(action, name)
        if name in ("zone", "sea", "to") and isinstance(value, str) and value:
            found.append(value)
        elif name == "path":
            found.extend(value)
        elif name in ("unit", "fleet") and isinstance(value, int) and value in state.units:
            found.append(state.units[value].zone)
        elif name in ("units", "fleets"):
            found.extend(state.units[i].zone for i in value if i in state.units)
    return tuple(dict.fromkeys(found))


def _twin_key(state: ItaliaState, unit_id: int) -> tuple[object, ...] | None:
    """What a person sees of a unit on the board: its nation, type, place and hits (two
    units alike in all of these are told apart only by their counters' numbers; units at
    sea aboard two fleets of one nation look alike too)."""
    u = state.units.get(unit_id)
    if u is None or u.name:
        return None
    return (u.nation, u.type, u.zone, u.hits)


def _named_units(action: Action) -> list[int]:
    """The ids of the units an Italia action names, in its fields' order."""
    ids: list[int] = []
    for name in ("unit", "fleet"):
        value = getattr(action, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            ids.append(value)
    for name in ("units", "fleets"):
        ids.extend(getattr(action, name, ()))
    return ids


def choice_text(state: ItaliaState, action: Action) -> str:
    """``action`` as one line of a list to choose from: its :func:`sentence`, then what
    tells it from the other choices of the same decision where the sentence cannot: where
    the units come from when they embark, land or react (they may stand in several places),
    the target classes of units that landed (10.8.2), and the counters' numbers (``#12``, as
    the events name the pieces) of units that have twins alike in everything a person sees,
    of which the action names only some.

    >>> from italia_kit.games.italia import new_game, Move
    >>> state = new_game("italia1", seed=1).state
    >>> rome = sorted(u.id for u in state.units.values() if u.zone == "Rome")
    >>> text = choice_text(state, Move("Romans", (rome[0],), ("Rome", "Etruria")))
    >>> text == f"the Romans move a legion from Rome to Etruria (legion #{rome[0]})"
    True
    >>> choice_text(state, Move("Romans", tuple(rome), ("Rome", "Etruria")))
    'the Romans move 4 legions from Rome to Etruria'
    """
    said = sentence(state, action)
    details: list[str] = []
    if isinstance(action, a.Targets) and any(":" in t for _, t in action.aims):
        # units that came by sea or strait are a target class of their own in round 1 (10.8.2)
        aimed = [t.split(":") for _, t in action.aims]
        words = [f"{t[1]} {t[0]}" if len(t) > 1 else t[0] for t in aimed]
        details.append("at the " + ", ".join(w.replace("_", " ") for w in words))
    ids = _named_units(action)
    if isinstance(action, a.Embark | a.Disembark | a.ReactionMove):
        carried = [i for i in ids if i != getattr(action, "fleet", None)]
        zones = dict.fromkeys(state.units[i].zone for i in carried if i in state.units)
        if zones:
            details.append("from " + ", ".join(zones))
    named = Counter(k for i in ids if (k := _twin_key(state, i)) is not None)
    if named:
        on_board = Counter(
            k for u in state.units.values() if (k := _twin_key(state, u.id)) in named
        )
        twins = [
            i for i in ids if (k := _twin_key(state, i)) is not None and on_board[k] > named[k]
        ]
        details += [f"{state.units[i].type.value.replace('_', ' ')} #{i}" for i in twins]
    return f"{said} ({'; '.join(details)})" if details else said
