"""The map of *Agricola, Master of Britain* (geodata/agricola.board.yaml and .geojson).

Rulebook 2.1: nineteen boxes, sixteen tribal boxes whose colours form four regions and three
legionary camps, joined by movement lines, some of them double (5.1). The links are the fan
port's (``shared/reference/data/agricola_map_and_counters.yaml``), declared; the polygons
draw each box on Great Britain's real coastline (GSHHS).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Point

from italia_kit.geo import Board, load_board

GEODATA = Path(__file__).resolve().parents[1] / "geodata"

#: The port's spaceAdjacentSpaces, as the data file transcribes it (camps by legion).
PORT_ADJACENCY = {
    "Iceni": ["Corieltavvi"],
    "Corieltavvi": ["Iceni", "Dubunni"],
    "Dubunni": ["Corieltavvi", "Isca Augusta"],
    "Catuvellani": ["Eboracum"],
    "Demetae": ["Silures"],
    "Ordovices": ["Silures", "Deceangli", "Deva Victrix"],
    "Silures": ["Demetae", "Ordovices", "Isca Augusta"],
    "Deceangli": ["Ordovices"],
    "Parisi": ["Cornovvi", "Brigantes", "Eboracum"],
    "Cornovvi": ["Parisi", "Brigantes", "Deva Victrix"],
    "Votadini": ["Brigantes", "Damnoni"],
    "Brigantes": ["Parisi", "Cornovvi", "Votadini"],
    "Damnoni": ["Votadini", "Venicones", "Caledonii"],
    "Taexali": ["Venicones", "Caledonii"],
    "Venicones": ["Damnoni", "Taexali"],
    "Caledonii": ["Damnoni", "Taexali"],
    "Isca Augusta": ["Dubunni", "Silures", "Deva Victrix"],
    "Eboracum": ["Catuvellani", "Parisi", "Deva Victrix"],
    "Deva Victrix": ["Ordovices", "Cornovvi", "Isca Augusta", "Eboracum"],
}
PORT_ROADS = [
    ("Iceni", "Corieltavvi"),
    ("Corieltavvi", "Dubunni"),
    ("Dubunni", "Isca Augusta"),
    ("Catuvellani", "Eboracum"),
    ("Isca Augusta", "Deva Victrix"),
    ("Eboracum", "Deva Victrix"),
]
FORTRESSES = {
    "Isca Augusta": (-2.96, 51.61),
    "Eboracum": (-1.08, 53.96),
    "Deva Victrix": (-2.89, 53.19),
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("agricola")


def test_the_board_file_is_what_its_script_writes() -> None:
    sys.path.insert(0, str(GEODATA))
    try:
        import build_agricola
    finally:
        sys.path.remove(str(GEODATA))
    assert build_agricola.board_text() == (GEODATA / "agricola.board.yaml").read_text()


def test_2_1_nineteen_boxes_in_four_regions_and_three_camps(board: Board) -> None:
    assert len(board) == 19
    by_region = {r: sorted(z.name for z in board if z.region == r) for r in board.regions}
    assert by_region == {
        "Blue": ["Catuvellani", "Corieltavvi", "Dubunni", "Iceni"],
        "Tan": ["Deceangli", "Demetae", "Ordovices", "Silures"],
        "Green": ["Brigantes", "Cornovvi", "Parisi", "Votadini"],
        "Red": ["Caledonii", "Damnoni", "Taexali", "Venicones"],
        "Camps": ["Deva Victrix", "Eboracum", "Isca Augusta"],
    }
    assert {z.name: z.attributes["legion"] for z in board if z.kind == "camp"} == {
        "Isca Augusta": "II Augusta",
        "Eboracum": "IX Hispana",
        "Deva Victrix": "XX Valeria Victrix",
    }


def test_2_1_the_movement_lines_are_the_ports_adjacency(board: Board) -> None:
    for name, near in PORT_ADJACENCY.items():
        assert board.neighbours(name) == sorted(near), name
    assert sum(len(v) for v in PORT_ADJACENCY.values()) == 2 * len(board.links) == 44


def test_5_1_the_double_lines_are_the_ports_roads(board: Board) -> None:
    doubles = sorted(tuple(sorted((k.a, k.b))) for k in board.links if k.kind == "double")
    assert doubles == sorted(tuple(sorted(p)) for p in PORT_ROADS)
    assert board.vocabulary.link_kinds["double"].line == "double"


def test_7_2_leader_placement_numbers(board: Board) -> None:
    # rulebook 7.2's example: a 7 places the tan leader with the Deceangli ("4+")
    assert board["Deceangli"].attributes["leader_placement"] == "4+"
    numbers = {z.name: z.attributes["leader_placement"] for z in board if z.region == "Green"}
    assert numbers == {"Parisi": "1", "Cornovvi": "2", "Votadini": "3-4", "Brigantes": "5+"}
    assert all(z.attributes["leader_placement"] is None for z in board if z.region == "Blue")


def test_every_box_is_a_valid_polygon_on_britain(board: Board) -> None:
    for zone in board:
        geom = zone.geometry
        assert geom is not None and geom.is_valid and geom.area > 0, zone.name
        assert zone.label_point is not None and geom.contains(Point(zone.label_point))
        assert zone.provenance["geometry"].startswith("reconstructed: GSHHS")
        x0, y0, x1, y1 = geom.bounds
        assert x0 >= -8.0 and x1 <= 2.0 and y0 >= 49.8 and y1 <= 59.4, zone.name
    for a, b in itertools.combinations(board, 2):
        # grid rounding leaves slivers of at most a few hectares (1e-6 square degree)
        assert shapely.intersection(a.geometry, b.geometry).area < 1e-6, (a.name, b.name)


def test_each_camp_holds_its_fortress_and_the_territories_their_capitals(board: Board) -> None:
    for camp, point in FORTRESSES.items():
        assert board[camp].geometry.contains(Point(point)), camp
    capitals = {
        "Iceni": (1.3, 52.58),
        "Silures": (-3.39, 51.95),
        "Brigantes": (-1.39, 54.09),
        "Caledonii": (-4.5, 57.1),
        "Damnoni": (-4.25, 55.86),
        "Catuvellani": (-0.34, 51.75),
    }
    for tribe, point in capitals.items():
        assert board[tribe].geometry.contains(Point(point)), tribe
