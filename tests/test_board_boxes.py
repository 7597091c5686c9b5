"""A board of boxes and lines (tests/data/boxes.board.yaml): no polygons, its own vocabulary.

Gulf of Venice ~~sail~~ Croatia North Coast        (~~ fleet-only, dashed)
      |                       : (in Croatia)
   single                Dalmatia ==double== Croatia --road-- Venice
      |                  |                   : Zara (a city in Croatia)
    Venice          strait (held            Croatia South Coast
                    from Dalmatia)            ~~sail~~
                         |                        |
                      Istria ----single---- Adriatic Sea ~~sail~~ Gulf of Venice
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from italia_kit.geo import Board, BoardDataError, load_board
from italia_kit.geo.render import board_png, render_board

DATA = Path(__file__).resolve().parent / "data"
BOXES: dict[str, Any] = yaml.safe_load((DATA / "boxes.board.yaml").read_text())


@pytest.fixture(scope="module")
def boxes() -> Board:
    return Board.from_file(DATA / "boxes.board.yaml")


def problems_of(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> list[str]:
    data = copy.deepcopy(BOXES)
    change(data)
    (tmp_path / "b.board.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(BoardDataError) as caught:
        Board.from_file(tmp_path / "b.board.yaml")
    return caught.value.problems


def _location(data: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(loc for loc in data["locations"] if loc["name"] == name)
    return found


# -- loading -------------------------------------------------------------------------------


def test_a_board_of_boxes_loads(boxes: Board) -> None:
    assert repr(boxes) == "<Board 'boxes': 9 zones, 8 links>"
    assert boxes.names[:3] == ("Dalmatia", "Croatia", "Croatia North Coast")
    assert all(z.is_box and z.geometry is None for z in boxes)
    assert boxes["Venice"].position == (500.0, 100.0)
    assert boxes["Venice"].attributes == {"vp": 3, "port": True}
    assert boxes["Istria"].attributes == {"vp": 0, "port": False}  # the declared defaults
    assert boxes["Gulf of Venice"].is_sea and boxes["Croatia"].is_land
    assert boxes.regions == ()
    assert boxes.declared_links == boxes.meta.links and len(boxes.links) == 8


def test_the_vocabulary_is_the_boards_own(boxes: Board) -> None:
    vocab = boxes.vocabulary
    assert vocab.units == ("army", "fleet")
    assert list(vocab.kinds) == ["province", "coast", "city", "sea"]
    assert list(vocab.link_kinds) == ["single", "double", "road", "sail", "strait"]
    assert vocab.link_kinds["double"].line == "double"
    assert vocab.link_kinds["road"].units == {"army"}
    assert vocab.link_kinds["single"].units is None  # any unit
    assert vocab.link_attributes["controlled_from"].type == "location"
    assert vocab.borders == {}  # no polygons, no derived borders


def test_links_carry_their_attributes(boxes: Board) -> None:
    strait = boxes.link("Istria", "Dalmatia")
    assert strait is not None and strait.kind == "strait"
    assert strait.attributes["controlled_from"] == "Dalmatia"
    assert strait.provenance.startswith("test fixture")
    road = boxes.link("Croatia", "Venice")
    assert road is not None and road.attributes == {"mountain_pass": True, "controlled_from": None}
    frame = boxes.adjacency_frame()
    assert list(frame.columns) == [
        "zone_a",
        "zone_b",
        "kind",
        "border_km",
        "mountain_pass",
        "controlled_from",
    ]
    assert frame["controlled_from"].notna().sum() == 1


# -- neighbours by unit type ------------------------------------------------------------------


def test_neighbours_by_unit_type(boxes: Board) -> None:
    # the road is for armies only; the double line for any unit
    assert boxes.neighbours("Croatia") == ["Dalmatia", "Venice"]
    assert boxes.neighbours("Croatia", unit="army") == ["Dalmatia", "Venice"]
    assert boxes.neighbours("Croatia", unit="fleet") == []
    # the sail links are for fleets only; armies never enter a sea or a coast
    assert boxes.neighbours("Gulf of Venice", unit="fleet") == [
        "Adriatic Sea",
        "Croatia North Coast",
    ]
    assert boxes.neighbours("Gulf of Venice", unit="army") == ["Venice"]  # landing
    assert boxes.neighbours("Croatia North Coast", unit="army") == []
    assert boxes.neighbours("Venice", unit="fleet") == ["Gulf of Venice"]
    assert boxes.neighbours("Dalmatia", kinds="strait") == ["Istria"]
    assert boxes.admits("Croatia South Coast", "fleet")
    assert not boxes.admits("Croatia South Coast", "army")
    with pytest.raises(ValueError, match="unknown unit type 'cavalry'"):
        boxes.neighbours("Croatia", unit="cavalry")


def test_paths_by_unit_type(boxes: Board) -> None:
    assert boxes.shortest_path("Croatia North Coast", "Croatia South Coast", unit="fleet") == [
        "Croatia North Coast",
        "Gulf of Venice",
        "Adriatic Sea",
        "Croatia South Coast",
    ]
    assert boxes.shortest_path("Croatia", "Istria", unit="army") == [
        "Croatia",
        "Dalmatia",
        "Istria",
    ]
    assert boxes.shortest_path("Venice", "Dalmatia", kinds=("single", "double")) is None


# -- sub-locations ----------------------------------------------------------------------------


def test_a_province_with_two_coasts_and_a_city(boxes: Board) -> None:
    assert boxes.sub_locations("croatia") == ["Croatia North Coast", "Croatia South Coast", "Zara"]
    assert boxes.parent_of("Croatia North Coast") == "Croatia"
    assert boxes.parent_of("Croatia") is None
    assert boxes.top_of("Zara") == boxes.top_of("Croatia South Coast") == "Croatia"
    assert boxes.sub_locations("Venice") == []
    # a sub-location without a position of its own is drawn at its parent's
    assert boxes["Zara"].position == boxes["Croatia"].position
    assert boxes["Croatia North Coast"].position == (300.0, 40.0)
    # a coast has its own links: the fleet there is not in the province's other waters
    assert boxes.neighbours("Croatia North Coast") == ["Gulf of Venice"]
    assert boxes.neighbours("Croatia South Coast") == ["Adriatic Sea"]
    assert str(boxes["Zara"].terrain) == ""  # a city declares `terrains: []`


def test_sub_location_problems(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        _location(data, "Zara")["in"] = "Croatya"
        _location(data, "Croatia South Coast")["in"] = "Croatia North Coast"
        data["links"].append({"between": ["Croatia", "Croatia North Coast"], "kind": "single"})

    assert problems_of(tmp_path, change) == [
        "b.board.yaml: location 'Croatia South Coast': field 'in': 'Croatia North Coast' lies in "
        "'Croatia' itself; sub-locations are one level deep",
        "b.board.yaml: location 'Zara': field 'in': unknown location 'Croatya' "
        "(did you mean 'Croatia'?)",
        "b.board.yaml: link 'Croatia'-'Croatia North Coast': field 'between': "
        "'Croatia North Coast' lies in 'Croatia'",
    ]


# -- every problem at once ------------------------------------------------------------------


def test_vocabulary_errors_are_all_reported_at_once(tmp_path: Path) -> None:
    def break_six_things(data: dict[str, Any]) -> None:
        _location(data, "Dalmatia")["kind"] = "provence"  # unknown kind
        _location(data, "Istria")["terrain"] = "forest"  # unknown terrain
        _location(data, "Venice")["vp"] = "three"  # attribute of the wrong type
        del _location(data, "Gulf of Venice")["position"]  # a box without a position
        data["links"][0]["kind"] = "tripple"  # unknown link kind
        data["links"][1]["between"] = ["Croatia", "Venezia"]  # link to an unknown location
        data["links"][5]["controlled_from"] = 7  # link attribute of the wrong type

    problems = problems_of(tmp_path, break_six_things)
    assert problems == [
        "b.board.yaml: link 'Dalmatia'-'Croatia': field 'kind': 'tripple' is not one of "
        "single, double, road, sail, strait",
        "b.board.yaml: link 'Dalmatia'-'Istria': field 'controlled_from': 7 is not a location name",
        "b.board.yaml: location 'Dalmatia': field 'kind': 'provence' is not one of province, "
        "coast, city, sea",
        "b.board.yaml: location 'Venice': field 'vp': 'three' is not a whole number",
        "b.board.yaml: location 'Gulf of Venice': field 'position': missing (a location "
        "without a polygon is a box at its position)",
        "b.board.yaml: location 'Istria': field 'terrain': 'forest' is not one of plain, "
        "hills, marsh, water",
        "b.board.yaml: link 'Croatia'-'Venezia': field 'between': unknown location 'Venezia' "
        "(did you mean 'Venice'?)",
    ]
    error = BoardDataError(problems)
    assert str(error).startswith("7 problems in the board data:\n  b.board.yaml: link")


def test_a_location_attribute_must_name_a_location(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["links"][5]["controlled_from"] = "Dalmazia"

    assert problems_of(tmp_path, change) == [
        "b.board.yaml: link 'Dalmatia'-'Istria': field 'controlled_from': unknown location "
        "'Dalmazia' (did you mean 'Dalmatia'?)"
    ]


def test_terrain_that_does_not_fit_the_kind(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        _location(data, "Adriatic Sea")["terrain"] = "plain"
        _location(data, "Zara")["terrain"] = "plain"

    assert problems_of(tmp_path, change) == [
        "b.board.yaml: location 'Zara': field 'terrain': kind 'city' declares no terrains",
        "b.board.yaml: location 'Adriatic Sea': field 'terrain': 'plain' does not fit kind "
        "'sea' (expected water)",
    ]


def test_a_board_without_vocabulary_or_locations(tmp_path: Path) -> None:
    (tmp_path / "b.board.yaml").write_text("name: b\n")
    with pytest.raises(BoardDataError) as caught:
        Board.from_file(tmp_path / "b.board.yaml")
    assert caught.value.problems == ["b.board.yaml: field 'vocabulary': missing"]

    def no_locations(data: dict[str, Any]) -> None:
        data["locations"] = []
        data["links"] = []

    assert problems_of(tmp_path, no_locations) == [
        "b.board.yaml: field 'locations': no locations (and no polygons)"
    ]


# -- pictures ---------------------------------------------------------------------------------


def test_renders_to_png(boxes: Board, tmp_path: Path) -> None:
    out = tmp_path / "boxes.png"
    fig = render_board(boxes, out, title="boxes", highlight=["croatia"])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ax = fig.axes[0]
    names = {t.get_text() for t in ax.texts}
    # Zara sits at Croatia's place and is not drawn apart; the two coasts are
    assert names == set(boxes.names) - {"Zara"}
    assert ax.yaxis_inverted()  # y grows downwards, as measured on a scan
    # a double line is two strokes; every other link is one
    assert len(ax.lines) == len(boxes.links) + 1
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["single", "double", "road (army only)", "sail (fleet only)",
                      "strait (army only)"]  # fmt: skip
    assert board_png(boxes)[:4] == b"\x89PNG"
    assert boxes._repr_svg_().lstrip().startswith("<?xml")


def test_boxes_on_a_map_with_polygons(tmp_path: Path) -> None:
    # The tiny polygon board plus an off-map box (a lon/lat position) linked to a zone.
    meta = yaml.safe_load((DATA / "tiny.board.yaml").read_text())
    meta["polygons"] = str(DATA / "tiny.geojson")
    meta["vocabulary"]["kinds"]["track"] = {"units": ["army"], "terrains": []}
    meta["locations"] = [
        {
            "name": "Reserve",
            "kind": "track",
            "region": "North",
            "position": [12.5, 38.5],
            "city_allowed": False,
            "provenance": {"name": "x", "kind": "x", "region": "x", "city_allowed": "x",
                           "position": "x"},
        }
    ]  # fmt: skip
    meta["links"].append({"between": ["Reserve", "Insula"], "kind": "land", "provenance": "x"})
    (tmp_path / "mixed.board.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
    board = Board.from_file(tmp_path / "mixed.board.yaml")
    assert len(board) == 8 and board["Reserve"].is_box
    assert board.neighbours("Reserve") == ["Insula"]
    assert "Reserve" in board.neighbours("Insula", unit="army")
    assert board.neighbours("Palus", kinds="strait") == ["Insula"]  # the derived links stay
    fig = render_board(board, tmp_path / "mixed.png")
    assert "Reserve" in {t.get_text() for t in fig.axes[0].texts}
    frame = board.to_geodataframe()
    assert frame.loc["Reserve", "geometry"].geom_type == "Point"


def test_italia_declares_its_own_vocabulary() -> None:
    vocab = load_board("italia").vocabulary
    assert list(vocab.kinds) == ["land", "borderland", "sea"]
    assert vocab.terrains == ("clear", "mountain", "swamp", "sea")
    assert list(vocab.link_kinds) == ["land", "coast", "sea", "strait"]
    assert vocab.water_kinds == {"sea"}
    assert json.dumps(dict(vocab.borders)) == '{"land": "land", "coast": "coast", "sea": "sea"}'


def test_boards_pickle(boxes: Board) -> None:
    # runners ship boards to worker processes
    again = pickle.loads(pickle.dumps(boxes))
    assert list(again) == list(boxes) and again.links == boxes.links
    assert again.neighbours("Gulf of Venice", unit="fleet") == [
        "Adriatic Sea",
        "Croatia North Coast",
    ]
    italia = pickle.loads(pickle.dumps(load_board("italia")))
    assert italia["Rome"].provenance == load_board("italia")["Rome"].provenance


def test_the_map_view_draws_a_board_of_boxes(boxes: Board) -> None:
    from italia_kit.widgets.presenter import box_board_of

    view = box_board_of(boxes)
    assert [b.name for b in view.boxes] == [z for z in boxes.names if z != "Zara"]
    dalmatia = next(b for b in view.boxes if b.name == "Dalmatia")
    assert dalmatia.centre == (100.0, 100.0)
    assert len(view.lines) == len(boxes.links)
    assert [(line.a, line.b) for line in view.lines if line.double] == [("Croatia", "Dalmatia")]
