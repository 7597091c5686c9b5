"""Links between locations: declared by the board file, or derived from shared borders.

Two zones with polygons are adjacent when their borders share a line at least
``min_border_km`` long, measured on the sphere; the links the board declares (Italia's
straits, every line of a board of boxes) are added and its corners (pairs that touch only
where four zones meet) are removed. See ``docs/geodata-format.md``.

>>> from shapely.geometry import box
>>> geoms = {"A": box(0, 0, 1, 1), "B": box(1, 0, 2, 1), "C": box(1, 1, 2, 2)}
>>> kinds = {"A": "land", "B": "land", "C": "sea"}
>>> [(link.a, link.b, link.kind) for link in derive_adjacency(geoms, kinds, 5.0)]
[('A', 'B', 'land'), ('B', 'C', 'coast')]
"""

from __future__ import annotations

import csv
import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from italia_kit.geo.vocabulary import AttrValue, FrozenMap, Term

#: Mean radius of the Earth, km.
EARTH_RADIUS_KM = 6371.0088
#: How far (degrees, about 0.1 m) a zone is grown to catch a neighbour's border despite float
#: noise.
SNAP_DEG = 1e-6
#: The link kinds of the three sorts of shared border when a board does not name its own.
DEFAULT_BORDERS: Mapping[str, str] = FrozenMap({"land": "land", "coast": "coast", "sea": "sea"})
#: The header of the adjacency CSV.
CSV_HEADER = ("zone_a", "zone_b", "kind", "border_km")


@dataclass(frozen=True)
class Link:
    """One link between two locations, ``a < b`` alphabetically.

    ``kind`` is a link kind of the board's vocabulary: for a derived link the kind its
    ``borders`` give the sort of border (Italia: ``land``, ``coast``, ``sea``), for a declared
    one the kind the file gives (Italia: ``strait``). ``border_km`` is the length of the
    shared border (0.0 for a declared link); ``attributes`` the values of the declared link
    attributes (a road, a mountain range, the location a strait is controlled from).

    >>> Link("Messana", "Rhegium", "strait", 0.0).kind.name
    'STRAIT'
    """

    a: str
    b: str
    kind: str
    border_km: float
    attributes: Mapping[str, AttrValue] = field(default_factory=FrozenMap)
    provenance: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.a < self.b:
            raise ValueError(
                f"a link's locations must be in alphabetical order: {self.a!r}, {self.b!r}"
            )
        object.__setattr__(self, "kind", Term(self.kind))
        object.__setattr__(self, "attributes", FrozenMap(self.attributes))

    def other(self, end: str) -> str:
        """The far end of the link seen from ``end``."""
        return self.b if end == self.a else self.a

    def __str__(self) -> str:
        """The link as a sentence (how lessons print it).

        >>> print(Link("Messana", "Rhegium", "strait", 0.0, {"controlled_from": "Messana"}))
        Messana and Rhegium are linked by a strait (controlled from Messana)
        >>> print(Link("Roma", "Veii", "land", 12.34))
        Roma and Veii share a land border of 12 km
        """
        kind = str(self.kind).replace("_", " ")
        if self.border_km > 0:
            text = f"{self.a} and {self.b} share a {kind} border of {self.border_km:.0f} km"
        else:
            text = f"{self.a} and {self.b} are linked by a {kind}"
        extra = ", ".join(
            f"{name.replace('_', ' ')} {value}" for name, value in self.attributes.items()
        )
        return f"{text} ({extra})" if extra else text


def lines_length_km(lines: BaseGeometry) -> float:
    """Length in km of (the linear parts of) a geometry in lon/lat degrees.

    Each segment is measured in the local equirectangular plane (longitude scaled by the
    cosine of the segment's mean latitude), which is accurate to well under 1 % for segments
    of a few km.
    """
    total = 0.0
    for part in shapely.get_parts(lines):
        if part.geom_type in ("LineString", "LinearRing"):
            total += _path_km(np.asarray(part.coords))
        elif part.geom_type in ("MultiLineString", "GeometryCollection"):
            total += lines_length_km(part)
    return total


def _path_km(xy: np.ndarray) -> float:
    if len(xy) < 2:
        return 0.0
    lon, lat = np.radians(xy[:, 0]), np.radians(xy[:, 1])
    dx = np.diff(lon) * np.cos((lat[:-1] + lat[1:]) / 2)
    dy = np.diff(lat)
    return float(EARTH_RADIUS_KM * np.sum(np.hypot(dx, dy)))


def _shared_km(grown_a: BaseGeometry, b: BaseGeometry) -> float:
    shared = shapely.intersection(b.boundary, grown_a)
    return lines_length_km(shared)


def border_length_km(a: BaseGeometry, b: BaseGeometry) -> float:
    """The length in km of the border that ``a`` and ``b`` share.

    Robust to float noise: the part of ``b``'s boundary within about a metre of ``a`` is
    measured, so a point contact measures (nearly) 0 and an exactly shared edge its length.
    """
    return _shared_km(a.buffer(SNAP_DEG), b)


def border_sort(water_a: bool, water_b: bool) -> str:
    """The sort of a shared border: ``land`` (two land zones), ``coast`` or ``sea`` (two waters).

    >>> border_sort(False, True)
    'coast'
    """
    if water_a and water_b:
        return "sea"
    return "coast" if water_a or water_b else "land"


def pair(a: str, b: str) -> tuple[str, str]:
    """Two names in alphabetical order; a location is never linked to itself."""
    if a == b:
        raise ValueError(f"a location cannot be linked to itself: {a!r}")
    return (a, b) if a < b else (b, a)


def derive_adjacency(
    geoms: Mapping[str, BaseGeometry],
    kinds: Mapping[str, str],
    min_border_km: float,
    *,
    water: Collection[str] = ("sea",),
    borders: Mapping[str, str] = DEFAULT_BORDERS,
    declared: Iterable[Link] = (),
    corners: Iterable[tuple[str, str]] = (),
) -> list[Link]:
    """The links of the zones ``geoms`` (name to polygon, lon/lat degrees).

    Two zones are linked when they share a border of at least ``min_border_km``; its kind is
    ``borders[sort]`` for the :func:`border_sort` of the two, given each zone's kind
    (``kinds``) and which kinds are ``water``. Every ``declared`` link is added (over a
    derived one between the same pair) and every corner removed. The links come sorted by
    ``(a, b)``. Candidate pairs come from an STRtree, so this is fast for a few hundred zones.
    """
    names = sorted(geoms)
    for name in names:
        if name not in kinds:
            raise ValueError(f"zone {name!r} has no kind")
    wet = {name: kinds[name] in water for name in names}
    geometries = [geoms[n] for n in names]
    grown = [g.buffer(SNAP_DEG) for g in geometries]
    tree = shapely.STRtree(geometries)
    found: dict[tuple[str, str], Link] = {}
    for i, name in enumerate(names):
        for j in sorted(int(k) for k in tree.query(grown[i], predicate="intersects")):
            if j <= i:
                continue
            km = _shared_km(grown[i], geometries[j])
            if km >= min_border_km:
                other = names[j]
                kind = borders[border_sort(wet[name], wet[other])]
                found[(name, other)] = Link(name, other, kind, km)
    for link in declared:
        found[(link.a, link.b)] = link
    for x, y in corners:
        for zone in (x, y):
            if zone not in geoms:
                raise ValueError(f"corner {x} - {y}: unknown zone {zone!r}")
        found.pop(pair(x, y), None)
    return [found[key] for key in sorted(found)]


def write_adjacency_csv(links: Iterable[Link], path: str | Path) -> None:
    """Write links as CSV (``zone_a,zone_b,kind,border_km``, border with 1 decimal)."""
    rows = sorted(links, key=lambda link: (link.a, link.b))
    with Path(path).open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_HEADER)
        for link in rows:
            writer.writerow((link.a, link.b, link.kind, f"{link.border_km:.1f}"))


def read_adjacency_csv(path: str | Path) -> list[Link]:
    """Read links written by :func:`write_adjacency_csv`."""
    with Path(path).open(encoding="utf-8", newline="") as src:
        reader = csv.reader(src)
        header = next(reader, None)
        if header is None or tuple(header) != CSV_HEADER:
            raise ValueError(f"{path}: the header must be {','.join(CSV_HEADER)}, not {header}")
        links = []
        for lineno, row in enumerate(reader, start=2):
            if len(row) != len(CSV_HEADER):
                raise ValueError(f"{path}:{lineno}: expected 4 fields, got {row!r}")
            km = float(row[3])
            if not math.isfinite(km) or km < 0:
                raise ValueError(f"{path}:{lineno}: bad border_km {row[3]!r}")
            links.append(Link(row[0], row[1], row[2], km))
    return links
