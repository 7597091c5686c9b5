"""The zone and region names the scenario files may use, kept in one place.

The scenario loader checks names against these constants so that it needs no map data
(and no shapely); ``tests/test_scenarios.py`` checks them against the board of
``italia_kit.geo`` whenever that board loads.

>>> ZONES["Verona"], ZONES["Mare Siculum"], ZONES["Aures"]
('North', 'Sea', 'Borderland')
>>> REGIONS["Sicily"]
('Lilybaeum', 'Agrigentum', 'Messana', 'Syracusae')
>>> len(REGIONS["Italy"]), len(REGIONS["Africa"])
(29, 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from italia_kit.geo import Board

__all__ = [
    "BORDERLANDS",
    "ITALIA_WORDS",
    "NO_CITY_ZONES",
    "REGIONS",
    "SEAS",
    "ZONES",
    "ZoneWords",
    "is_sea",
]

_GROUPS: dict[str, tuple[str, ...]] = {
    # rulebook 2.1: North is "the remaining zones" of Italy (outlined in purple)
    "North": (
        "Liguria",
        "Pavia",
        "Mediolanum",
        "Verona",
        "Tridentum",
        "Venetia",
        "Ravenna",
        "Pisae",
        "Florentia",
        "Etruria",
        "Perusia",
        "Umbria",
        "Picenum",
        "Rome",
        "Corfinium",
    ),
    # rulebook 2.1: the South (outlined in orange)
    "South": ("Neapolis", "Samnium", "Apulia", "Lucania", "Calabria", "Bruttium", "Rhegium"),
    # rulebook 2.1: Corsica, Sardinia (Olbia, Carales) and Sicily (4 zones), part of Italy
    "Islands": ("Corsica", "Olbia", "Carales", "Lilybaeum", "Agrigentum", "Messana", "Syracusae"),
    # rulebook 2.1: 5 African provinces; the names come from the board (geodata)
    "Africa": ("Africa", "Byzacena", "Numidia", "Tripolitania", "Mauretania"),
    # rulebook 2.1: the borderlands (Alps, Helvetia, Noricum, Illyricum; Aures for Africa)
    "Borderland": ("Alps", "Helvetia", "Noricum", "Illyricum", "Aures"),
    # rulebook 2.1: the nine seas
    "Sea": (
        "Mare Balearicum",
        "Mare Ligusticum",
        "Mare Tyrrhenum",
        "Mare Sardoum",
        "Mare Libycum",
        "Mare Siculum",
        "Mare Ionium",
        "Mare Hadriaticum",
        "Mare Internum",
    ),
}

#: Every zone name -> its group on the board (``North``, ``South``, ``Islands``, ``Africa``,
#: ``Borderland``, ``Sea``), the same names as the ``region`` of ``italia_kit.geo`` zones.
ZONES: Mapping[str, str] = MappingProxyType(
    {zone: group for group, zones in _GROUPS.items() for zone in zones}
)

#: The regions a nation card may name (income 5.2/6.1, scoring 11.0) -> their zones.
#: ``Italy`` is North + South + the islands (2.1); ``Mainland`` is North + South (the
#: "mainland Italian area" of the Vandal card, facts S1); ``Sicily`` and ``Sardinia`` are the
#: islands' zones as 2.1 lists them.
REGIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "North": _GROUPS["North"],
        "South": _GROUPS["South"],
        "Islands": _GROUPS["Islands"],
        "Africa": _GROUPS["Africa"],
        "Borderland": _GROUPS["Borderland"],
        "Italy": _GROUPS["North"] + _GROUPS["South"] + _GROUPS["Islands"],
        "Mainland": _GROUPS["North"] + _GROUPS["South"],
        "Sicily": ("Lilybaeum", "Agrigentum", "Messana", "Syracusae"),
        "Sardinia": ("Olbia", "Carales"),
    }
)

SEAS: frozenset[str] = frozenset(_GROUPS["Sea"])
BORDERLANDS: frozenset[str] = frozenset(_GROUPS["Borderland"])

#: Zones where no city may stand (2.2.1.9): Corsica, Olbia, Carales, the borderlands; and seas.
NO_CITY_ZONES: frozenset[str] = frozenset({"Corsica", "Olbia", "Carales"}) | BORDERLANDS | SEAS


def is_sea(zone: str) -> bool:
    """True when ``zone`` is one of the nine seas.

    >>> is_sea("Mare Ionium"), is_sea("Ionium")
    (True, False)
    """
    return zone in SEAS


@dataclass(frozen=True, eq=False)
class ZoneWords:
    """The zone and region names a scenario's files may use, and which of them are seas,
    borderlands and zones where no city may stand: Italia's (:data:`ITALIA_WORDS`, these
    constants), or a variant's board's (:meth:`from_board`). The scenario loader checks
    every name against them (``load_scenario(path, words=...)``)."""

    #: every zone name -> its group (a region name, or its kind on a board without regions)
    zones: Mapping[str, str]
    #: the regions a nation card may name -> their zones
    regions: Mapping[str, tuple[str, ...]]
    seas: frozenset[str]
    borderlands: frozenset[str]
    #: zones where no city may stand (2.2.1.9)
    no_city: frozenset[str]

    @classmethod
    def from_board(cls, board: Board) -> ZoneWords:
        """The words of ``board``: its locations, its regions, its seas (``is_sea``), its
        ``borderland`` kind, and every location without ``city_allowed: true`` as a place
        no city may stand (the attribute Italia's board gives, 2.2.1.9).

        >>> from italia_kit.geo import load_board
        >>> words = ZoneWords.from_board(load_board("medieval"))
        >>> "Spoleto" in words.zones, "Adriatic" in words.seas, "Spoleto" in words.seas
        (True, True, False)
        >>> ZoneWords.from_board(load_board("italia")).seas == ITALIA_WORDS.seas
        True
        """
        return cls(
            zones=MappingProxyType({z.name: z.region or z.kind for z in board.zones}),
            regions=MappingProxyType({r: tuple(board.zones_in_region(r)) for r in board.regions}),
            seas=frozenset(z.name for z in board.zones if z.is_sea),
            borderlands=frozenset(z.name for z in board.zones if z.kind == "borderland"),
            no_city=frozenset(
                z.name for z in board.zones if z.attributes.get("city_allowed") is not True
            ),
        )


#: Italia's words: the constants above (the rulebook's 2.1)
ITALIA_WORDS = ZoneWords(ZONES, REGIONS, SEAS, BORDERLANDS, NO_CITY_ZONES)
