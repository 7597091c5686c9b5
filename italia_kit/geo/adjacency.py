"""Adjacency of zones, derived from their polygons.

Two zones are adjacent when their borders share a line at least ``min_border_km`` long,
measured on the sphere; the straits of the board are added and its corners (pairs that touch
only where four zones meet, rulebook 9.0) are removed. See ``docs/geodata-format.md``.

>>> from shapely.geometry import box
>>> geoms = {"A": box(0, 0, 1, 1), "B": box(1, 0, 2, 1), "C": box(1, 1, 2, 2)}
>>> kinds = {"A": "land", "B": "land", "C": "sea"}
>>> [(link.a, link.b, link.kind) for link in derive_adjacency(geoms, kinds, 5.0)]
[('A', 'B', 'land'), ('B', 'C', 'coast')]
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

#: Mean radius of the Earth, km.
EARTH_RADIUS_KM = 6371.0088
#: How far (degrees, about 0.1 m) a zone is grown to catch a neighbour's border despite float
#: noise.
SNAP_DEG = 1e-6
#: The kinds of link.
LINK_KINDS = ("land", "coast", "sea", "strait")
#: The header of the adjacency CSV.
CSV_HEADER = ("zone_a", "zone_b", "kind", "border_km")

_LAND_KINDS = frozenset({"land", "borderland"})


@dataclass(frozen=True)
class Link:
    """One adjacency between two zones, ``a < b`` alphabetically.

    ``kind`` is ``land`` (land to land), ``coast`` (land to sea), ``sea`` (sea to sea) or
    ``strait`` (a crossing without a shared border); ``border_km`` is the length of the shared
    border (0.0 for a strait).
    """

    a: str
    b: str
    kind: str
    border_km: float

    def __post_init__(self) -> None:
        if not self.a < self.b:
            raise ValueError(
                f"a link's zones must be in alphabetical order: {self.a!r}, {self.b!r}"
            )
        if self.kind not in LINK_KINDS:
            raise ValueError(f"unknown link kind {self.kind!r} ({self.a} - {self.b})")


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


def link_kind(kind_a: str, kind_b: str) -> str:
    """``land``, ``coast`` or ``sea`` for two zone kinds (``land``, ``borderland``, ``sea``)."""
    land_a, land_b = kind_a in _LAND_KINDS, kind_b in _LAND_KINDS
    for kind in (kind_a, kind_b):
        if kind not in _LAND_KINDS and kind != "sea":
            raise ValueError(f"unknown zone kind {kind!r}")
    if land_a and land_b:
        return "land"
    if land_a or land_b:
        return "coast"
    return "sea"


def _pair(a: str, b: str) -> tuple[str, str]:
    if a == b:
        raise ValueError(f"a zone cannot be linked to itself: {a!r}")
    return (a, b) if a < b else (b, a)


def derive_adjacency(
    geoms: Mapping[str, BaseGeometry],
    kinds: Mapping[str, str],
    min_border_km: float,
    straits: Iterable[tuple[str, str]] = (),
    corners: Iterable[tuple[str, str]] = (),
) -> list[Link]:
    """The adjacency of the zones ``geoms`` (name to polygon, lon/lat degrees).

    Two zones are linked when they share a border of at least ``min_border_km``; every strait
    is added (kind ``strait``, border 0.0) and every corner removed. ``kinds`` gives each
    zone's kind (``land``, ``borderland`` or ``sea``). The links come sorted by ``(a, b)``.
    Candidate pairs come from an STRtree, so this is fast for a few hundred zones.
    """
    names = sorted(geoms)
    for name in names:
        if name not in kinds:
            raise ValueError(f"zone {name!r} has no kind")
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
                found[(name, other)] = Link(name, other, link_kind(kinds[name], kinds[other]), km)
    for x, y in straits:
        for zone in (x, y):
            if zone not in geoms:
                raise ValueError(f"strait {x} - {y}: unknown zone {zone!r}")
        a, b = _pair(x, y)
        found[(a, b)] = Link(a, b, "strait", 0.0)
    for x, y in corners:
        for zone in (x, y):
            if zone not in geoms:
                raise ValueError(f"corner {x} - {y}: unknown zone {zone!r}")
        found.pop(_pair(x, y), None)
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
