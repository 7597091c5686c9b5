"""Who is in a battle (10.1): each side's fighting units and leaders, their target classes
(10.4, 10.8.2), whose city a battle may strike (10.6, 10.7), and whether a battle or a raid
may be started (10.0, 10.7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from italia_kit.core import IllegalActionError
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType

if TYPE_CHECKING:
    from italia_kit.games.italia.world import World


# -- who is in the battle -------------------------------------------------------------------
def fighters(state: ItaliaState, battle: Battle, nation: str) -> list[Unit]:
    """The units of a side that roll dice: not leaders; ashore on land, fleets at sea; by
    id (the zone index, ``state.where``, keeps every zone's units in id order)."""
    # read from the index without a copy: asked at nearly every step of a battle
    here = state.where.get(battle.zone, ())
    if battle.naval:
        return [u for u in here if u.nation == nation and u.is_fleet]
    return [u for u in here if u.nation == nation and u.carrier is None and not u.is_leader]


def both_sides(state: ItaliaState, battle: Battle) -> dict[str, list[Unit]]:
    """The :func:`fighters` of the attacker and of the defender, from one look at the zone
    (most steps of a battle ask about both sides)."""
    return sides_among(battle, state.where.get(battle.zone, ()))


def sides_among(battle: Battle, here: Sequence[Unit]) -> dict[str, list[Unit]]:
    """:func:`both_sides` from the units in the battle zone, ``here`` (in one pass)."""
    attacker, defender = battle.attacker, battle.defender
    ours: list[Unit] = []
    theirs: list[Unit] = []
    naval = battle.naval
    for u in here:
        if u.is_fleet if naval else (u.carrier is None and not u.is_leader):
            if u.nation == attacker:
                ours.append(u)
            elif u.nation == defender:
                theirs.append(u)
    return {attacker: ours, defender: theirs}


def leaders(state: ItaliaState, battle: Battle, nation: str) -> list[Unit]:
    return leaders_among(state.where.get(battle.zone, ()), nation)


def leaders_among(here: Sequence[Unit], nation: str) -> list[Unit]:
    """:func:`leaders` from the units in the battle zone, ``here``."""
    return [u for u in here if u.is_leader and u.nation == nation and u.carrier is None]


def target_class(battle: Battle, unit: Unit) -> str:
    """A unit's target class: its type, marked ``:landed`` in round 1 if it came by sea or
    strait, so the defender can aim the +2 of 10.8.2 at it."""
    if battle.round == 1 and unit.id in battle.landed:
        return f"{unit.type.value}:landed"
    return TYPE_CLASS[unit.type]


#: each unit type's target class when it did not land: its value (an enum's ``value`` is a
#: property, slower to read than a dict)
TYPE_CLASS = {t: t.value for t in UnitType}


#: read for every die that hits (an enum's member is slower to reach than a global)
ELEPHANT = UnitType.ELEPHANT


def classes(state: ItaliaState, battle: Battle, nation: str) -> list[str]:
    return classes_of(battle, fighters(state, battle, nation))


def classes_of(battle: Battle, units: list[Unit]) -> list[str]:
    """The target classes among ``units`` (a side's :func:`fighters`), sorted."""
    if battle.round != 1 or not battle.landed:  # no unit is marked ``:landed``
        return sorted({TYPE_CLASS[u.type] for u in units})
    return sorted({target_class(battle, u) for u in units})


# -- starting a battle ----------------------------------------------------------------------
def check_fight(world: World, state: ItaliaState, nation: str, zone: str, raid: bool) -> str:
    zone = world.zone_name(zone)
    if zone not in state.combat_due:
        due = ", ".join(state.combat_due) or "nowhere"
        rule = world.rulebook.cite("10.0")  # a variant's battles cite its own rule
        raise IllegalActionError(rule, f"no battle is due in {zone} (due: {due})")
    if raid:
        rule = world.rulebook.cite("10.7")  # a variant without cities cites its own
        defender = defender_in(world, state, nation, zone)
        if not state.has_city(zone):
            raise IllegalActionError(rule, f"a raid needs a city; {zone} has none standing")
        if defender is None or defender == nation:
            raise IllegalActionError(rule, "a raid can only strike a city held by an opponent")
        if not opponents(world, nation, defender):
            raise IllegalActionError(
                rule,
                f"a raid can only be conducted against cities controlled by opponents: the "
                f"{defender} belong to the {nation}' own player",
            )
        if zone in state.raided:
            raise IllegalActionError(
                rule, f"the city of {zone} was already raided in this combat phase"
            )
        if not any(
            not u.is_leader for u in world.occupants(state, zone, nation) if u.nation == defender
        ):
            raise IllegalActionError(
                rule, f"only leaders hold {zone}: there is no battle to raid, attack it"
            )
        if not any(not u.is_leader and u.carrier is None for u in state.units_in(zone, nation)):
            raise IllegalActionError(rule, "leaders alone cannot raid: the raiders roll the dice")
    return zone


def can_raid(world: World, state: ItaliaState, nation: str, zone: str) -> bool:
    """Whether :func:`check_fight` would accept a raid on ``zone`` (a canonical zone name),
    without building the error it would raise: legal actions ask this of every zone where
    combat is due. A test holds the two in agreement."""
    if zone not in state.combat_due or not state.has_city(zone) or zone in state.raided:
        return False
    defender = defender_in(world, state, nation, zone)
    if defender is None or defender == nation or not opponents(world, nation, defender):
        return False
    return any(
        not u.is_leader for u in world.occupants(state, zone, nation) if u.nation == defender
    ) and any(not u.is_leader and u.carrier is None for u in state.units_in(zone, nation))


def opponents(world: World, nation: str, other: str) -> bool:
    """Whether two nations belong to different players (colours, 3.0): only an opponent's
    city may be raided (10.7: "cities controlled by opponents") or looted (10.6: "a city
    that belonged to another player")."""
    return world.nation(nation).colour != world.nation(other).colour


def defender_in(world: World, state: ItaliaState, nation: str, zone: str) -> str | None:
    """The enemy nation with most units ashore in ``zone`` (the first seen, by unit id, of
    those with as many: ``Counter.most_common`` would pick the same)."""
    others: dict[str, int] = {}  # units ashore of each other nation, the first seen first
    for u in state.where.get(zone, ()):
        if u.carrier is None and u.nation != nation:
            others[u.nation] = others.get(u.nation, 0) + 1
    for ally in [n for n in others if world.allied(state, nation, n)]:
        del others[ally]  # asked once a nation, not once a unit
    return max(others, key=others.__getitem__) if others else None
