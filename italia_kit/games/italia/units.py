"""Unit types and their numbers: cost (6.2), movement (9.0), combat (10.2), hits (2.2.1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from italia_kit.core import InvalidActionError


class UnitType(StrEnum):
    INFANTRY = "infantry"
    FOEDERATI = "foederati"
    LEGION = "legion"
    CONSULAR_LEGION = "consular_legion"
    CAVALRY = "cavalry"
    ELEPHANT = "elephant"
    FLEET = "fleet"
    LEADER = "leader"

    @classmethod
    def parse(cls, text: str) -> UnitType:
        """A unit type from its name (``"consular legion"``, ``"Legions"`` ...).

        >>> UnitType.parse("Consular legions")
        <UnitType.CONSULAR_LEGION: 'consular_legion'>
        """
        key = text.strip().lower().replace(" ", "_").replace("-", "_")
        if key not in _BY_NAME and key.endswith("s") and key[:-1] in _BY_NAME:
            key = key[:-1]
        try:
            return _BY_NAME[key]
        except KeyError:
            known = ", ".join(t.value for t in cls)
            raise InvalidActionError(f"unknown unit type {text!r}; known types: {known}") from None


_BY_NAME = {t.value: t for t in UnitType}


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """The printed numbers of a unit type, with the section that gives each."""

    cost: int | None  # None: cannot be bought (leaders, 6.2)
    movement: int  # zones a movement phase (9.0); fleets count sea zones (9.5)
    hit_on: int | None  # lowest die that hits, before modifiers (10.2); None: does not roll
    hits_to_kill: int  # 2 for consular legions and cavalry (2.2.1.4, 10.2, 14.2)
    counts_for_stacking: bool  # leaders never count (8.0)
    provenance: str


SPECS: dict[UnitType, UnitSpec] = {
    UnitType.INFANTRY: UnitSpec(4, 2, 7, 1, True, "cost 6.2; hits 10.2; movement example 9.0"),
    UnitType.FOEDERATI: UnitSpec(
        4, 2, 7, 1, True, "serve as infantry 2.2.1.2/14.1; Western Roman price 3 (6.2)"
    ),
    UnitType.LEGION: UnitSpec(4, 3, 6, 1, True, "cost 6.2; hits 10.2; movement example 12.3"),
    UnitType.CONSULAR_LEGION: UnitSpec(
        6, 3, 5, 2, True, "cost 6.2; hits 10.2; movement reconstructed: as legions"
    ),
    UnitType.CAVALRY: UnitSpec(
        6, 3, 5, 2, True, "cost 6.2; moves and fights like consular legions 14.2"
    ),
    UnitType.ELEPHANT: UnitSpec(
        6, 2, 5, 1, True, "cost 6.2; hits 10.2; movement reconstructed: as infantry"
    ),
    UnitType.FLEET: UnitSpec(4, 2, 9, 1, True, "cost 6.2; 2 sea zones 9.5; hits 10.2"),
    UnitType.LEADER: UnitSpec(None, 3, None, 1, False, "not bought 6.2; alone 3 zones 9.1"),
}

#: Italia II exception (6.2): the Western Romans' prices.
WESTERN_ROMAN_PRICES = {UnitType.FOEDERATI: 3, UnitType.LEGION: 6}

#: City prices by terrain (6.2).
CITY_COST_STANDARD = 6
CITY_COST_MOUNTAIN_OR_SWAMP = 8


def unit_cost(unit: UnitType, nation: str) -> int | None:
    """The purchase price of a unit for a nation (6.2)."""
    if nation == "Western Romans" and unit in WESTERN_ROMAN_PRICES:
        return WESTERN_ROMAN_PRICES[unit]
    return SPECS[unit].cost


def is_land_unit(unit: UnitType) -> bool:
    return unit is not UnitType.FLEET
