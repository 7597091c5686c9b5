"""A location of a board: a zone drawn as a polygon, or a box at a position.

Locations are small frozen values, hashable and equal by what the rules see (name, kind,
region, terrain, attributes, parent); the picture (polygon or box) and the provenance ride
along but do not take part in equality. What the words mean (which kinds hold how many
units, what an attribute allows) is the game's business, not the zone model's.

>>> from shapely.geometry import box
>>> rome = Zone(
...     name="Rome", kind=Term("land"), region="North", terrain=Term("clear"),
...     attributes={"city_allowed": True}, label_point=(12.5, 41.9), anchor_point=(12.6, 41.8),
...     provenance={"name": "rulebook 2.1"}, geometry=box(12, 41.5, 13, 42.2))
>>> rome
Zone('Rome', LAND, region='North', terrain=CLEAR)
>>> rome.is_land, rome.is_sea, rome.attributes["city_allowed"], rome.is_box
(True, False, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from italia_kit.geo.vocabulary import AttrValue, FrozenMap, Term

__all__ = ["Location", "LonLat", "Point", "Zone"]

#: A point on the map as (longitude, latitude) in degrees, EPSG:4326.
LonLat = tuple[float, float]
#: A point of a board: (lon, lat) on a board with polygons, (x, y) on a board of boxes.
Point = tuple[float, float]


@dataclass(frozen=True, eq=False)
class Zone:
    """One location of a board; build it from board files with :class:`~italia_kit.geo.Board`.

    ``attributes`` holds the values of the attributes the board declares. ``parent`` names
    the location this one lies in (a coast of a province, a city in it), None at the top.
    ``water`` comes from the kind's declaration: seas and lakes, where fleets sail.
    ``provenance`` says, for each field, where its value comes from (``rulebook 2.1``,
    ``reconstructed: ...``). ``geometry`` is a shapely Polygon or MultiPolygon in lon/lat,
    or None for a box, which is drawn as a ``size`` rectangle centred on its
    ``anchor_point`` (then also its ``label_point``).

    >>> coast = Zone("Croatia North Coast", Term("coast"), "", Term(""), {}, (3.0, 1.0),
    ...              (3.0, 1.0), {}, parent="Croatia", size=(2.0, 0.5))
    >>> coast.parent, coast.is_box, coast.position
    ('Croatia', True, (3.0, 1.0))
    >>> coast == Zone("Croatia North Coast", Term("coast"), "", Term(""), {}, (0.0, 0.0),
    ...               (0.0, 0.0), {}, parent="Croatia")
    True
    """

    name: str
    kind: Term
    region: str
    terrain: Term
    attributes: Mapping[str, AttrValue]
    label_point: Point
    anchor_point: Point
    provenance: Mapping[str, str] = field(repr=False)
    geometry: Any = field(default=None, repr=False)  # shapely ships no types; a (Multi)Polygon
    parent: str | None = None
    size: tuple[float, float] | None = field(default=None, repr=False)
    water: bool = False

    def __post_init__(self) -> None:
        # Read-only views keep the frozen promise even for the mapping fields; words given as
        # plain str become Terms, so that `.value` answers as it did for the enums.
        object.__setattr__(self, "provenance", FrozenMap(self.provenance))
        object.__setattr__(self, "attributes", FrozenMap(self.attributes))
        object.__setattr__(self, "kind", Term(self.kind))
        object.__setattr__(self, "terrain", Term(self.terrain))

    def __repr__(self) -> str:
        terrain = f", terrain={self.terrain.name}" if self.terrain else ""
        parent = f", in={self.parent!r}" if self.parent else ""
        return f"Zone({self.name!r}, {self.kind.name}, region={self.region!r}{terrain}{parent})"

    def _rules_key(self) -> tuple[object, ...]:
        return (
            self.name,
            self.kind,
            self.region,
            self.terrain,
            self.attributes,
            self.parent,
            self.water,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zone):
            return NotImplemented
        return self._rules_key() == other._rules_key()

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def is_sea(self) -> bool:
        """True for water (a kind declared ``water: true``): where fleets sail."""
        return self.water

    @property
    def is_land(self) -> bool:
        """True for every location that is not water: where armies walk."""
        return not self.water

    @property
    def is_box(self) -> bool:
        """True for a location drawn as a box (it has no polygon)."""
        return self.geometry is None

    @property
    def position(self) -> Point:
        """Where the location's pieces are drawn: a box's centre, a polygon's anchor point."""
        return self.anchor_point


#: The generic name of a :class:`Zone`: boards of boxes have locations rather than zones.
Location = Zone
