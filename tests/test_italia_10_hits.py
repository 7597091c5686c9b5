"""10.2 combat numbers and modifiers, one test per modifier and edge."""

from __future__ import annotations

import pytest

from italia_kit.games.italia.hits import (
    hit_on,
    hit_probability,
    hits,
    land_modifier,
    naval_modifier,
    rampages,
)
from italia_kit.games.italia.units import UnitType as U


@pytest.mark.parametrize(
    ("unit", "lowest"),
    [
        (U.INFANTRY, 7),
        (U.FOEDERATI, 7),
        (U.LEGION, 6),
        (U.CONSULAR_LEGION, 5),
        (U.CAVALRY, 5),
        (U.ELEPHANT, 5),
        (U.FLEET, 9),
    ],
)
def test_10_2_combat_numbers_by_unit_type(unit: U, lowest: int) -> None:
    assert [r for r in range(1, 11) if hits(r, unit, 0)] == list(range(lowest, 11))


@pytest.mark.parametrize("raider", [False, True])
@pytest.mark.parametrize("unit", list(U))
def test_10_2_hits_reads_the_combat_number_of_hit_on(unit: U, raider: bool) -> None:
    """``hits`` looks the number up itself (it is asked for every die): the two agree, and
    both refuse a unit that rolls no dice (a leader, unless it raids)."""
    for roll in range(2, 10):
        for modifier in range(-3, 4):
            try:
                need = hit_on(unit, raider=raider)
            except ValueError:
                with pytest.raises(ValueError, match="does not roll dice"):
                    hits(roll, unit, modifier, raider=raider)
                continue
            assert hits(roll, unit, modifier, raider=raider) == (roll + modifier >= need)


def test_10_2_one_always_misses_and_ten_always_hits() -> None:
    assert not hits(1, U.CONSULAR_LEGION, +8)
    assert hits(10, U.FLEET, -8)
    assert hit_probability(U.INFANTRY, -20) == 0.1 and hit_probability(U.INFANTRY, 20) == 0.9


def test_10_3_mountains_and_swamps_cost_attackers_one() -> None:
    assert land_modifier(attacker=True, rough=True) == -1
    assert land_modifier(attacker=False, rough=True) == 0


def test_10_6_a_city_costs_attackers_two_and_in_a_swamp_three() -> None:
    assert land_modifier(attacker=True, city=True) == -2
    assert land_modifier(attacker=True, city=True, rough=True) == -3  # 10.2 note


def test_10_2_leaders_add_two_each() -> None:
    assert land_modifier(attacker=True, leaders=1) == 2
    assert land_modifier(attacker=False, leaders=2) == 4


def test_10_9_naval_supremacy_adds_one_for_either_side() -> None:
    assert land_modifier(attacker=True, supremacy=True) == 1
    assert land_modifier(attacker=False, supremacy=True) == 1


def test_10_8_2_defenders_get_two_against_a_landing_or_a_strait() -> None:
    assert land_modifier(attacker=False, landing=True) == 2
    assert land_modifier(attacker=True, landing=True) == 0


def test_10_7_a_raid_has_no_modifiers_and_raiders_hit_on_seven() -> None:
    assert land_modifier(attacker=True, city=True, leaders=2, raid=True) == 0
    assert hits(7, U.FLEET, 0, raider=True) and not hits(6, U.LEGION, 0, raider=True)


def test_10_8_fleets_plus_one_per_unit_carried_and_two_per_other_leader() -> None:
    assert naval_modifier(embarked=2, leaders=1) == 4


def test_10_2_elephants_rampage_on_a_natural_nine_or_ten() -> None:
    assert rampages(9, U.ELEPHANT) and rampages(10, U.ELEPHANT)
    assert not rampages(8, U.ELEPHANT) and not rampages(10, U.LEGION)
