"""The fourth pass of the Renaissance-Italy game's shortcuts, the players' side (issue 16).

Each shortcut of this pass is played here beside the long way it replaces, as in
``test_renaissance_speedups.py`` and ``test_renaissance_speedups3.py``.
"""

from __future__ import annotations

from italia_kit.games.renaissance.position import Position, position_of
from italia_kit.games.renaissance.units import Unit


def _index(units: dict[int, Unit]) -> tuple[object, ...]:
    """What a position answers, as values: by area, by power, by (power, type, province)."""
    here = Position(tuple(units.values()))
    powers = sorted({u.power for u in units.values()})
    return (
        dict(here.by_area),
        {p: here.of_power(p) for p in powers},
        dict(here.by_ref),
    )


def test_position_found_again_for_equal_units_in_other_objects() -> None:
    """A unit is a value: a dict of equal units made anew (a save read back, a unit moved
    back where it was) finds the index of the first dict, which answers as an index made
    of its own units would."""
    units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    here = position_of(units)
    again = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    assert again[2] is not units[2]
    assert position_of(again) is here
    assert _index(again) == _index(units)


def test_position_made_again_when_a_unit_differs_or_the_order_does() -> None:
    """Another unit (another province, another owner), one unit fewer, or the same units
    in another order of the dict (a sheet's order follows it) make another index."""
    units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    here = position_of(units)
    for other in (
        {1: units[1], 2: Unit(2, "Milan", "A", "Milan")},
        {1: units[1], 2: units[2].owned_by("Venice")},
        {1: units[1]},
        {2: units[2], 1: units[1]},
    ):
        found = position_of(other)
        assert found is not here
        assert found.key == tuple(other.values())
        assert _index(other) == (
            dict(found.by_area),
            {p: found.of_power(p) for p in sorted({u.power for u in other.values()})},
            dict(found.by_ref),
        )
    assert position_of(units) is here  # still known
