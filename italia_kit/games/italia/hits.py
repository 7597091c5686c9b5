"""Whether a die hits (10.2): the one place the combat engine and the odds calculator share.

A roll of 1 always misses and a 10 always hits, whatever the modifiers (10.2). Otherwise a
unit hits when the die plus every modifier reaches its combat number. All modifiers add up
(10.2 note: a unit attacking a city in a swamp hits at -3).

>>> from italia_kit.games.italia.units import UnitType
>>> m = land_modifier(attacker=True, rough=True, city=True)
>>> m, hits(9, UnitType.INFANTRY, m), hits(10, UnitType.INFANTRY, -9), hits(1, UnitType.LEGION, +5)
(-3, False, True, False)
"""

from __future__ import annotations

from italia_kit.games.italia.units import SPECS, UnitType

RAID_HIT_ON = 7  # 10.7: the raider hits on 7-10 whatever its units
ELEPHANT_RAMPAGE = 9  # 10.2, 13.3: a natural 9 or 10 of an elephant hurts a second unit


def land_modifier(
    *,
    attacker: bool,
    rough: bool = False,
    city: bool = False,
    leaders: int = 0,
    supremacy: bool = False,
    landing: bool = False,
    raid: bool = False,
) -> int:
    """The sum of the land-battle modifiers for one side's dice (10.2, 10.3, 10.9, 10.8.2).

    ``rough``: the zone is a mountain or swamp (-1 for attackers, 10.3); ``city``: a city
    defends the zone (-2 for attackers, 10.6); ``leaders``: friendly leaders in the zone
    (+2 each); ``supremacy``: this side has naval supremacy (+1, 10.9); ``landing``: the
    defenders' first-round bonus against units that came by sea or strait (+2, 10.8.2).
    A raid has no modifiers at all (10.7).
    """
    if raid:
        return 0
    total = 2 * leaders + (1 if supremacy else 0)
    if attacker:
        total -= (1 if rough else 0) + (2 if city else 0)
    elif landing:
        total += 2
    return total


def naval_modifier(*, embarked: int = 0, leaders: int = 0) -> int:
    """A fleet's dice (10.8): +1 per unit it carries, +2 per friendly leader on another
    fleet in the sea (a leader does not help the fleet that carries him)."""
    return embarked + 2 * leaders


def hit_on(unit: UnitType, *, raider: bool = False) -> int:
    """The unmodified number a unit needs (10.2); a raider needs 7 (10.7)."""
    if raider:
        return RAID_HIT_ON
    need = SPECS[unit].hit_on
    if need is None:
        raise ValueError(f"{unit.value} does not roll dice (10.0)")
    return need


#: each unit type's combat number (None: it rolls no dice), read for every die rolled
_HIT_ON = {t: spec.hit_on for t, spec in SPECS.items()}


def hits(roll: int, unit: UnitType, modifier: int, *, raider: bool = False) -> bool:
    """Does ``roll`` (1..10) of ``unit`` hit with ``modifier``? (10.2)"""
    if roll <= 1:
        return False
    if roll >= 10:
        return True
    need = RAID_HIT_ON if raider else _HIT_ON[unit]  # :func:`hit_on`, without the call
    if need is None:
        raise ValueError(f"{unit.value} does not roll dice (10.0)")
    return roll + modifier >= need


def hit_probability(unit: UnitType, modifier: int, *, raider: bool = False) -> float:
    """The chance that one die of ``unit`` hits: between 1/10 and 9/10 (10.2)."""
    return sum(hits(r, unit, modifier, raider=raider) for r in range(1, 11)) / 10


def rampages(roll: int, unit: UnitType) -> bool:
    """An elephant's natural 9 or 10 also forces a second unit out (10.2, 13.3)."""
    return unit is UnitType.ELEPHANT and roll >= ELEPHANT_RAMPAGE
