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
from types import MappingProxyType

__all__ = ["BORDERLANDS", "NO_CITY_ZONES", "REGIONS", "SEAS", "ZONES", "is_sea"]

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
