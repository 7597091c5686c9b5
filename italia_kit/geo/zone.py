"""A zone of a board: its name, kind, region, terrain, points and polygon.

Zones are small frozen values, hashable and equal by what the rules see (name, kind,
region, terrain, city permission); the polygon and the provenance ride along but do not
take part in equality.

>>> from shapely.geometry import box
>>> rome = Zone(
...     name="Rome", kind=ZoneKind.LAND, region="North", terrain=Terrain.CLEAR,
...     city_allowed=True, label_point=(12.5, 41.9), anchor_point=(12.6, 41.8),
...     provenance={"name": "rulebook 2.1"}, geometry=box(12, 41.5, 13, 42.2))
>>> rome
Zone('Rome', LAND, region='North', terrain=CLEAR)
>>> rome.is_land, rome.is_sea, rome.base_stacking_limit
(True, False, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: A point on the map as (longitude, latitude) in degrees, EPSG:4326.
LonLat = tuple[float, float]


class ZoneKind(enum.Enum):
    """What a zone is for the rules (2.1): an Italian/African land zone, a borderland, a sea.

    >>> ZoneKind("borderland")
    <ZoneKind.BORDERLAND: 'borderland'>
    """

    LAND = "land"
    BORDERLAND = "borderland"
    SEA = "sea"


class Terrain(enum.Enum):
    """The terrain of a zone (2.1): it decides stacking (8.0), movement (9.0) and combat (10.3).

    >>> Terrain("mountain").value
    'mountain'
    """

    CLEAR = "clear"
    MOUNTAIN = "mountain"
    SWAMP = "swamp"
    SEA = "sea"


# Rule 8.0: "Any standard or swamp zone can hold 3 units, and any mountain zone (and the
# borderlands) can hold 2 units." Seas hold any number of fleets, hence no entry.
_STACKING_BY_TERRAIN = {Terrain.CLEAR: 3, Terrain.SWAMP: 3, Terrain.MOUNTAIN: 2}
_BORDERLAND_STACKING = 2


@dataclass(frozen=True, eq=False)
class Zone:
    """One zone of a board; build it from board files with :class:`~italia_kit.geo.Board`.

    ``provenance`` says, for each field, where its value comes from (``rulebook 2.1``,
    ``reconstructed: ...``). ``geometry`` is a shapely Polygon or MultiPolygon in lon/lat.

    >>> from shapely.geometry import box
    >>> alps = Zone("Alpes", ZoneKind.BORDERLAND, "Borderland", Terrain.MOUNTAIN, False,
    ...             (7.5, 46.0), (7.6, 45.9), {}, box(6, 45, 9, 47))
    >>> alps.is_borderland, alps.is_land, alps.base_stacking_limit
    (True, True, 2)
    >>> alps == Zone("Alpes", ZoneKind.BORDERLAND, "Borderland", Terrain.MOUNTAIN, False,
    ...              (0.0, 0.0), (0.0, 0.0), {}, box(0, 0, 1, 1))
    True
    """

    name: str
    kind: ZoneKind
    region: str
    terrain: Terrain
    city_allowed: bool
    label_point: LonLat
    anchor_point: LonLat
    provenance: Mapping[str, str] = field(repr=False)
    geometry: Any = field(repr=False)  # shapely ships no types; a (Multi)Polygon

    def __post_init__(self) -> None:
        # A read-only view keeps the frozen promise even for the mapping field.
        object.__setattr__(self, "provenance", MappingProxyType(dict(self.provenance)))

    def __repr__(self) -> str:
        return (
            f"Zone({self.name!r}, {self.kind.name}, region={self.region!r}, "
            f"terrain={self.terrain.name})"
        )

    def _rules_key(self) -> tuple[str, ZoneKind, str, Terrain, bool]:
        return (self.name, self.kind, self.region, self.terrain, self.city_allowed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zone):
            return NotImplemented
        return self._rules_key() == other._rules_key()

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def is_land(self) -> bool:
        """True for land zones and borderlands: where armies walk."""
        return self.kind is not ZoneKind.SEA

    @property
    def is_sea(self) -> bool:
        """True for sea zones: where fleets sail (9.5)."""
        return self.kind is ZoneKind.SEA

    @property
    def is_borderland(self) -> bool:
        """True for the borderlands outside Italy and Africa (2.1, 9.2)."""
        return self.kind is ZoneKind.BORDERLAND

    @property
    def base_stacking_limit(self) -> int | None:
        """Units the zone holds before capitals, leaders and attacks (8.0); None = unlimited.

        >>> from shapely.geometry import box
        >>> sea = Zone("Mare", ZoneKind.SEA, "Sea", Terrain.SEA, False, (0, 0), (0, 0), {},
        ...            box(-1, -1, 1, 1))
        >>> sea.base_stacking_limit is None
        True
        """
        if self.is_sea:
            return None
        if self.is_borderland:
            return _BORDERLAND_STACKING
        # .get: a land zone with terrain 'sea' is refused by validation; stay total anyway.
        return _STACKING_BY_TERRAIN.get(self.terrain)
