"""The zone model (`italia_kit.geo`) on a seven-zone test board and on the real Italia board.

The tiny board (tests/data/tiny.*) is a grid of 1-degree squares::

    lat 43 +---------------+-----+
           |  Alpes (bl)   | M.  |
    lat 42 +-------+-------+ Ori-|
           | Mons  | Urbs  | en- |
    lat 41 +-------x-------+ tale|
           | Palus | Mare  |     |
    lat 40 +-------+ Aus-  +-----+
           |     trale           |
    lat 39 +-------+-------------+
           |Insula |   (strait Palus-Insula across Mare Australe)
    lat 38 +-------+
          10E     11E     12E   13E

x marks the four-zone corner: Mons-Mare Australe and Urbs-Palus touch only there.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from italia_kit.games.italia import World
from italia_kit.games.italia.board import (
    base_stacking_limit,
    board_problems,
    is_borderland,
    zone_frame,
)
from italia_kit.geo import (
    Board,
    BoardDataError,
    UnknownBoardError,
    UnknownRegionError,
    UnknownZoneError,
    load_board,
)
from italia_kit.geo.render import render_board

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
REAL = ROOT / "geodata" / "italia.geojson"
needs_real = pytest.mark.skipif(not REAL.exists(), reason="geodata/italia.geojson not built")


@pytest.fixture(scope="module")
def tiny() -> Board:
    return Board.from_files(DATA / "tiny.geojson", DATA / "tiny.board.yaml")


@pytest.fixture(scope="module")
def italia() -> Board:
    if not REAL.exists():
        pytest.skip("geodata/italia.geojson not built")
    return load_board("italia")


# -- the tiny board -----------------------------------------------------------------------


def test_tiny_board_loads_every_zone_in_file_order(tiny: Board) -> None:
    assert len(tiny) == 7
    assert tiny.names == (
        "Alpes",
        "Mons",
        "Urbs",
        "Palus",
        "Insula",
        "Mare Australe",
        "Mare Orientale",
    )
    assert [z.name for z in tiny] == list(tiny.names)
    assert tiny.zones[0] is tiny["Alpes"]
    assert repr(tiny) == "<Board 'tiny': 7 zones, 11 links>"


def test_zone_fields_come_from_the_file(tiny: Board) -> None:
    alpes = tiny["Alpes"]
    assert alpes.kind == "borderland" and alpes.kind.value == "borderland"
    assert alpes.region == "Borderland"
    assert alpes.terrain == "mountain" and alpes.terrain.name == "MOUNTAIN"
    assert alpes.attributes == {"city_allowed": False}
    assert alpes.parent is None and not alpes.is_box
    assert alpes.label_point == (11.0, 42.65)
    assert alpes.provenance["terrain"].startswith("test fixture")
    assert alpes.geometry.bounds == (10.0, 42.0, 12.0, 43.0)


@pytest.mark.parametrize(
    "spelling", ["Mare Australe", "mare australe", "  MARE   australe ", "\tMare\nAustrale"]
)
def test_lookup_ignores_case_and_spacing(tiny: Board, spelling: str) -> None:
    assert tiny.zone(spelling).name == "Mare Australe"
    assert tiny[spelling] is tiny.zone("Mare Australe")
    assert spelling in tiny


def test_lookup_accepts_a_zone(tiny: Board) -> None:
    assert tiny.zone(tiny["Urbs"]) is tiny["Urbs"]
    assert tiny["Urbs"] in tiny


def test_unknown_zone_quotes_the_input_and_suggests(tiny: Board) -> None:
    with pytest.raises(UnknownZoneError) as caught:
        tiny.zone("Urbz")
    assert str(caught.value) == "unknown zone 'Urbz': did you mean 'Urbs'?"
    assert caught.value.suggestions == ("Urbs",)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(UnknownZoneError, match=r"'Mare Orientale'"):
        tiny["orientale"]
    with pytest.raises(UnknownZoneError) as nothing_close:
        tiny["Xyzzy"]
    assert str(nothing_close.value) == "unknown zone 'Xyzzy'"
    assert "Xyzzy" not in tiny
    assert 3 not in tiny


def test_neighbours_are_sorted_names_filtered_by_link_kind(tiny: Board) -> None:
    assert tiny.neighbours("Palus") == ["Insula", "Mare Australe", "Mons"]
    assert tiny.neighbours("Palus", kinds="land") == ["Mons"]
    assert tiny.neighbours("Palus", kinds=["land", "strait"]) == ["Insula", "Mons"]
    assert tiny.land_neighbours("Urbs") == ["Alpes", "Mons"]
    assert tiny.sea_neighbours("Urbs") == ["Mare Australe", "Mare Orientale"]
    assert tiny.sea_neighbours("Mare Australe") == ["Mare Orientale"]
    assert tiny.land_neighbours("Mare Orientale") == ["Alpes", "Urbs"]
    assert tiny.neighbours("Insula", kinds="strait") == ["Palus"]
    with pytest.raises(ValueError, match="unknown link kind 'road'"):
        tiny.neighbours("Palus", kinds="road")


def test_neighbours_by_unit_type_follow_the_vocabulary(tiny: Board) -> None:
    # armies walk over land links and straits into land; fleets sail from sea to sea.
    assert tiny.neighbours("Palus", unit="army") == ["Insula", "Mons"]
    assert tiny.neighbours("Mare Australe", unit="fleet") == ["Mare Orientale"]
    # an army at sea (aboard) lands along a coast link; it never steps into a sea
    assert tiny.neighbours("Mare Australe", unit="army") == ["Insula", "Palus", "Urbs"]
    assert "Mare Australe" not in tiny.neighbours("Urbs", unit="army")
    assert tiny.admits("Palus", "army") and not tiny.admits("Palus", "fleet")
    assert tiny.kind_of("Mare Australe").water
    with pytest.raises(ValueError, match="unknown unit type 'legion': not one of army, fleet"):
        tiny.neighbours("Palus", unit="legion")


def test_links_have_kinds_and_lengths(tiny: Board) -> None:
    link = tiny.link("urbs", "Mons")
    assert link is not None
    assert (link.a, link.b, link.kind) == ("Mons", "Urbs", "land")
    assert link.border_km == pytest.approx(111.2, abs=0.2)  # one degree of latitude
    strait = tiny.link("Insula", "Palus")
    assert strait is not None and strait.kind == "strait"
    assert tiny.is_adjacent("Palus", "Insula")
    assert not tiny.is_adjacent("Mons", "Insula")
    assert len(tiny.links) == 11


def test_a_four_zone_corner_is_never_adjacent(tiny: Board) -> None:
    # Rule 9.0: no move through a corner where four zones meet.
    assert tiny.link("Mons", "Mare Australe") is None
    assert not tiny.is_adjacent("Urbs", "Palus")
    assert [(c.a, c.b) for c in tiny.corners] == [("Mons", "Mare Australe")]


def test_coasts_and_seas(tiny: Board) -> None:
    assert tiny.is_coastal("Alpes")
    assert not tiny.is_coastal("Mons")
    assert not tiny.is_coastal("Mare Australe")
    assert tiny.seas_beside("Palus") == ["Mare Australe"]
    assert tiny.coasts_of("Mare Australe") == ["Insula", "Palus", "Urbs"]
    with pytest.raises(ValueError, match="'Mare Australe' is a sea"):
        tiny.seas_beside("Mare Australe")
    with pytest.raises(ValueError, match="'Palus' is a land zone"):
        tiny.coasts_of("Palus")


def test_regions_in_file_order(tiny: Board) -> None:
    assert tiny.regions == ("Borderland", "North", "South", "Islands", "Sea")
    assert tiny.zones_in_region("north") == ("Mons", "Urbs")
    with pytest.raises(UnknownRegionError, match="did you mean 'North'"):
        tiny.zones_in_region("Nort")


def test_shortest_path_walks_land_and_straits(tiny: Board) -> None:
    walk = {"unit": "army"}
    assert tiny.shortest_path("Urbs", "Insula", **walk) == ["Urbs", "Mons", "Palus", "Insula"]
    assert tiny.distance("Urbs", "Insula", **walk) == 3
    assert tiny.shortest_path("Palus", "palus") == ["Palus"]
    # Without the strait the island is out of reach on foot.
    assert tiny.shortest_path("Urbs", "Insula", kinds="land") is None
    assert tiny.shortest_path("Urbs", "Insula", avoid=["Mons"], **walk) is None
    assert tiny.distance("Urbs", "Insula", avoid=["Mons"], **walk) is None
    assert tiny.shortest_path("Urbs", "Palus", avoid=["Palus"]) is None
    # Any link at all: through the sea.
    assert tiny.shortest_path("Urbs", "Insula") == ["Urbs", "Mare Australe", "Insula"]
    # By sea: the fleets' graph.
    assert tiny.shortest_path("Mare Australe", "Mare Orientale", kinds="sea") == [
        "Mare Australe",
        "Mare Orientale",
    ]
    assert tiny.shortest_path("Alpes", "Insula", kinds=("coast", "sea")) == [
        "Alpes",
        "Mare Orientale",
        "Mare Australe",
        "Insula",
    ]


def test_stacking_limits_by_terrain_are_italias(tiny: Board) -> None:
    # Rule 8.0 (italia_kit.games.italia.board): 3 in clear and swamp zones, 2 in mountains and
    # borderlands, seas unlimited.
    limits = {z.name: base_stacking_limit(z) for z in tiny}
    assert limits == {
        "Alpes": 2,
        "Mons": 2,
        "Urbs": 3,
        "Palus": 3,
        "Insula": 3,
        "Mare Australe": None,
        "Mare Orientale": None,
    }


def test_zone_values_are_frozen_hashable_and_compare_by_rules_fields(tiny: Board) -> None:
    urbs = tiny["Urbs"]
    assert {urbs: 1}[tiny["urbs"]] == 1
    assert hash(urbs) == hash("Urbs")
    assert repr(urbs) == "Zone('Urbs', LAND, region='North', terrain=CLEAR)"
    assert urbs.is_land and not urbs.is_sea and not is_borderland(urbs)
    with pytest.raises(AttributeError):
        urbs.name = "Roma"  # type: ignore[misc]
    with pytest.raises(TypeError):
        urbs.provenance["name"] = "made up"  # type: ignore[index]
    assert urbs != tiny["Mons"]
    assert urbs != "Urbs"


def test_geodataframe(tiny: Board) -> None:
    frame = tiny.to_geodataframe()
    assert frame.crs.to_epsg() == 4326
    assert list(frame.columns) == [
        "name",
        "kind",
        "region",
        "terrain",
        "parent",
        "city_allowed",
        "coastal",
        "neighbours",
        "geometry",
    ]
    assert list(frame.index) == list(tiny.names)
    assert frame.loc["Palus", "neighbours"] == "Insula, Mare Australe, Mons"
    assert bool(frame.loc["Mons", "city_allowed"]) and not bool(frame.loc["Alpes", "city_allowed"])
    assert set(frame["parent"]) == {""}
    assert bool(frame.loc["Alpes", "coastal"]) is True
    assert frame.loc["Urbs", "geometry"].area == pytest.approx(1.0)


def test_adjacency_frame(tiny: Board) -> None:
    frame = tiny.adjacency_frame()
    assert list(frame.columns) == ["zone_a", "zone_b", "kind", "border_km"]
    assert len(frame) == 11
    assert frame["kind"].value_counts().to_dict() == {"coast": 5, "land": 4, "sea": 1, "strait": 1}


def test_board_without_adjacency_table_still_loads(tmp_path: Path) -> None:
    for suffix in (".geojson", ".board.yaml"):
        shutil.copy(DATA / f"tiny{suffix}", tmp_path / f"tiny{suffix}")
    board = Board.from_files(tmp_path / "tiny.geojson", tmp_path / "tiny.board.yaml")
    assert len(board.links) == 11


def test_stale_adjacency_table_is_refused(tmp_path: Path) -> None:
    for suffix in (".geojson", ".board.yaml", ".adjacency.csv"):
        shutil.copy(DATA / f"tiny{suffix}", tmp_path / f"tiny{suffix}")
    table = tmp_path / "tiny.adjacency.csv"
    header, *rows = table.read_text().splitlines()
    rows = [r for r in rows if not r.startswith("Mons,Palus,")]  # a link dropped
    rows = [r.replace("Mons,Urbs,land,111.2", "Mons,Urbs,land,99.0") for r in rows]
    rows.append("Mare Australe,Mons,coast,0.0")  # the corner, wrongly listed
    table.write_text("\n".join([header, *sorted(rows)]) + "\n")
    with pytest.raises(BoardDataError) as caught:
        Board.from_files(tmp_path / "tiny.geojson", tmp_path / "tiny.board.yaml")
    problems = caught.value.problems
    assert len(problems) == 3
    assert all(p.startswith("tiny.adjacency.csv: link ") for p in problems)
    assert any("'Mons'-'Palus': missing" in p for p in problems)
    assert any("'Mons'-'Urbs': field 'border_km'" in p for p in problems)
    assert any("'Mare Australe'-'Mons': listed as coast" in p for p in problems)


def test_malformed_adjacency_table_is_board_data_error(tmp_path: Path) -> None:
    for suffix in (".geojson", ".board.yaml"):
        shutil.copy(DATA / f"tiny{suffix}", tmp_path / f"tiny{suffix}")
    (tmp_path / "tiny.adjacency.csv").write_text("a,b\n")
    with pytest.raises(BoardDataError, match=r"tiny.adjacency.csv: .*the header must be"):
        Board.from_files(tmp_path / "tiny.geojson", tmp_path / "tiny.board.yaml")


def test_render_returns_a_figure_and_writes_png(tiny: Board, tmp_path: Path) -> None:
    out = tmp_path / "tiny.png"
    fig = render_board(tiny, out, title="tiny", highlight=["urbs"], colours={"North": "pink"})
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert set(tiny.names) <= texts
    with pytest.raises(UnknownZoneError):
        render_board(tiny, highlight=["Nowhere"])


def test_notebook_reprs(tiny: Board) -> None:
    svg = tiny._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "Mare Orientale" in svg  # names stay text, not glyph outlines
    assert len(svg) < 400_000
    assert tiny._repr_png_()[:4] == b"\x89PNG"


def test_unknown_board_name_suggests_shipped_ones() -> None:
    with pytest.raises(UnknownBoardError, match="unknown board 'itlaia'"):
        load_board("itlaia")


# -- the doctests of the zone model ---------------------------------------------------------


@pytest.mark.parametrize(
    "module",
    [
        "italia_kit.geo.zone",
        "italia_kit.geo.errors",
        "italia_kit.geo.vocabulary",
        "italia_kit.geo.locations",
        "italia_kit.geo.validate",
        "italia_kit.geo.board",
        "italia_kit.geo.files",
        "italia_kit.geo.tables",
        "italia_kit.geo.render",
        "italia_kit.geo.render_boxes",
        "italia_kit.geo",
        "italia_kit.games.italia.board",
        "italia_kit.cli",
    ],
)
def test_docstring_examples_run(module: str) -> None:
    standalone = ("zone", "errors", "vocabulary", "locations", "files", "render_boxes")
    if not REAL.exists() and module.rsplit(".", 1)[-1] not in standalone:
        pytest.skip("the examples use the real board")
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


# -- the real Italia board ------------------------------------------------------------------


@needs_real
def test_italia_has_48_zones_in_its_regions(italia: Board) -> None:
    # 2.1: 22 mainland + 7 island zones, 5 African, 5 borderlands, 9 seas.
    assert len(italia) == 48
    sizes = {region: len(italia.zones_in_region(region)) for region in italia.regions}
    assert sizes == {"North": 15, "South": 7, "Islands": 7, "Africa": 5, "Borderland": 5, "Sea": 9}
    assert set(italia.zones_in_region("South")) == {
        "Apulia",
        "Samnium",
        "Neapolis",
        "Lucania",
        "Calabria",
        "Bruttium",
        "Rhegium",
    }


@needs_real
def test_italia_terrain_and_stacking_follow_the_rulebook(italia: Board) -> None:
    mountains = {"Pavia", "Florentia", "Perusia", "Umbria", "Samnium", "Rhegium", "Corsica"}
    mountains |= {"Agrigentum", "Olbia"}  # 2.1
    borderlands = {"Alps", "Helvetia", "Noricum", "Illyricum", "Aures"}
    for zone in italia:
        if zone.is_sea:
            assert base_stacking_limit(zone) is None
        elif zone.name in mountains or zone.name in borderlands:
            assert zone.terrain == "mountain", zone
            assert base_stacking_limit(zone) == 2, zone
        else:
            assert zone.terrain in ("clear", "swamp"), zone
            assert base_stacking_limit(zone) == 3, zone
    assert {z.name for z in italia if z.terrain == "swamp"} == {"Ravenna", "Venetia"}
    assert {z.name for z in italia if is_borderland(z)} == borderlands
    no_city = {z.name for z in italia if not z.attributes["city_allowed"] and z.is_land}
    assert no_city == {"Corsica", "Olbia", "Carales"} | borderlands  # 2.2.1.9


@needs_real
def test_ravenna_neighbours(italia: Board) -> None:
    assert italia.neighbours("Ravenna") == [
        "Florentia",
        "Mare Hadriaticum",
        "Pavia",
        "Picenum",
        "Venetia",
        "Verona",
    ]
    assert italia.seas_beside("ravenna") == ["Mare Hadriaticum"]


@needs_real
def test_rome_is_coastal_on_the_tyrrhenian(italia: Board) -> None:
    assert italia.is_coastal("Rome")
    assert "Mare Tyrrhenum" in italia.seas_beside("Rome")
    assert "Rome" in italia.coasts_of("Mare Tyrrhenum")


@needs_real
def test_shortest_path_rome_to_ravenna(italia: Board) -> None:
    path = italia.shortest_path("Rome", "Ravenna", unit="army")
    assert path is not None
    assert path[0] == "Rome" and path[-1] == "Ravenna"
    for here, there in itertools.pairwise(path):
        link = italia.link(here, there)
        assert link is not None and link.kind in ("land", "strait")
    assert italia.distance("Rome", "Ravenna", unit="army") == len(path) - 1 == 3


@needs_real
def test_italia_straits_and_corners(italia: Board) -> None:
    # 9.4: two straits; 9.0: Noricum-Tridentum and Mare Ligusticum-Carales are corners.
    assert italia.neighbours("Messana", kinds="strait") == ["Rhegium"]
    assert italia.neighbours("Corsica", kinds="strait") == ["Olbia"]
    assert [(k.a, k.b, k.kind) for k in italia.declared_links] == [
        ("Corsica", "Olbia", "strait"),
        ("Messana", "Rhegium", "strait"),
    ]
    assert not italia.is_adjacent("Noricum", "Tridentum")
    assert not italia.is_adjacent("Mare Ligusticum", "Carales")
    assert italia.shortest_path("Messana", "Rhegium", kinds="land") is None


@needs_real
def test_italia_lookup_and_suggestions(italia: Board) -> None:
    assert italia["mare hadriaticum"].name == "Mare Hadriaticum"
    with pytest.raises(UnknownZoneError, match=r"^unknown zone 'Roma': did you mean 'Rome'\?$"):
        italia.zone("Roma")


@needs_real
def test_italia_geodataframe(italia: Board) -> None:
    frame = italia.to_geodataframe()
    assert frame.crs.to_epsg() == 4326
    assert len(frame) == 48
    assert frame.loc["Rome", "coastal"]
    assert frame.loc["Ravenna", "terrain"] == "swamp"


@needs_real
def test_load_board_is_cached() -> None:
    # how fast a board loads is measured in bench/, never in a timed test: under load the
    # same machine reads 0.5 s or 3 s
    assert load_board("italia") is load_board()


if REAL.exists():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    # Names straight from the file: a broken board then fails the tests, not the collection.
    _LAND = [
        f["properties"].get("name", "?")
        for f in json.loads(REAL.read_text())["features"]
        if f["properties"].get("kind") != "sea"
    ]

    @settings(max_examples=150, deadline=None)
    @given(st.sampled_from(_LAND), st.sampled_from(_LAND), st.sampled_from(_LAND))
    def test_walking_paths_are_real_shortest_and_symmetric(a: str, b: str, c: str) -> None:
        board = load_board("italia")
        path = board.shortest_path(a, b, unit="army")
        back = board.shortest_path(b, a, unit="army")
        assert (path is None) == (back is None)
        if path is None or back is None:
            return
        assert len(path) == len(back)
        assert len(set(path)) == len(path)
        for here, there in itertools.pairwise(path):
            link = board.link(here, there)
            assert link is not None and link.kind in ("land", "strait")
        # Triangle inequality: going through c is never shorter.
        via_ac, via_cb = board.distance(a, c, unit="army"), board.distance(c, b, unit="army")
        if via_ac is not None and via_cb is not None:
            assert len(path) - 1 <= via_ac + via_cb
        # Avoiding a middle zone gives a path without it, or none, never a shorter one.
        if len(path) > 2:
            detour = board.shortest_path(a, b, unit="army", avoid=[path[1]])
            assert detour is None or (path[1] not in detour and len(detour) >= len(path))


# -- Italia's reading of the board (italia_kit.games.italia.board) ----------------------------


def _tiny_with(tmp_path: Path, change: Any) -> Board:
    meta = yaml.safe_load((DATA / "tiny.board.yaml").read_text())
    zones = json.loads((DATA / "tiny.geojson").read_text())
    change(meta, zones)
    (tmp_path / "t.geojson").write_text(json.dumps(zones))
    (tmp_path / "t.board.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
    return Board.from_files(tmp_path / "t.geojson", tmp_path / "t.board.yaml")


def test_italias_rules_check_straits_and_cities(tmp_path: Path) -> None:
    def break_it(meta: dict[str, Any], zones: dict[str, Any]) -> None:
        meta["links"][0]["between"] = ["Mare Orientale", "Palus"]  # 9.4: no strait at sea
        sea = next(f for f in zones["features"] if f["properties"]["name"] == "Mare Orientale")
        sea["properties"]["city_allowed"] = True  # 2.2.1.9

    board = _tiny_with(tmp_path, break_it)  # fine for the zone model: these are Italia's rules
    assert board_problems(board) == [
        "board 'tiny': strait 'Mare Orientale'-'Palus': 'Mare Orientale' is a sea; a strait joins "
        "two land zones (9.4)",
        "board 'tiny': zone 'Mare Orientale': city_allowed true for a sea zone",
    ]
    with pytest.raises(BoardDataError, match="strait 'Mare Orientale'-'Palus'"):
        World("italia1", board)


def test_italias_rules_need_italias_words() -> None:
    problems = board_problems(Board.from_file(DATA / "boxes.board.yaml"))
    assert problems[0] == "board 'boxes': vocabulary: kind 'land' missing (Italia's rules need it)"
    assert "board 'boxes': vocabulary: attribute 'city_allowed' missing or not bool" in problems


def test_the_shipped_boards_suit_italias_rules(tiny: Board) -> None:
    assert board_problems(tiny) == []
    assert board_problems(load_board("italia")) == []


def test_italias_zone_frame_adds_the_stacking_limits(tiny: Board) -> None:
    frame = zone_frame(tiny)
    columns = list(frame.columns)
    assert columns[columns.index("city_allowed") + 1] == "stacking_limit"
    assert frame.loc["Mons", "stacking_limit"] == 2
    assert frame["stacking_limit"].isna().sum() == 2
