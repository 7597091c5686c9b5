"""Broken board files: every problem is reported at once, naming the file, the location and the
field.

Most cases start from the tiny test board (tests/data/tiny.*) and break one thing in a copy.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from italia_kit.geo import Board, BoardDataError
from italia_kit.geo.validate import read_meta, read_zones

DATA = Path(__file__).resolve().parent / "data"
TINY_ZONES: dict[str, Any] = json.loads((DATA / "tiny.geojson").read_text())
TINY_META: dict[str, Any] = yaml.safe_load((DATA / "tiny.board.yaml").read_text())


def _props(collection: dict[str, Any], name: str) -> dict[str, Any]:
    for feature in collection["features"]:
        if feature["properties"]["name"] == name:
            props: dict[str, Any] = feature["properties"]
            return props
    raise AssertionError(name)


def _feature(collection: dict[str, Any], name: str) -> dict[str, Any]:
    return next(f for f in collection["features"] if f["properties"]["name"] == name)


def problems_of(
    tmp_path: Path,
    zones: Callable[[dict[str, Any]], object] | None = None,
    meta: Callable[[dict[str, Any]], object] | None = None,
) -> list[str]:
    """Load a copy of the tiny board broken by ``zones``/``meta``; return the problems."""
    collection, board_meta = copy.deepcopy(TINY_ZONES), copy.deepcopy(TINY_META)
    if zones:
        zones(collection)
    if meta:
        meta(board_meta)
    (tmp_path / "t.geojson").write_text(json.dumps(collection))
    (tmp_path / "t.board.yaml").write_text(yaml.safe_dump(board_meta, sort_keys=False))
    with pytest.raises(BoardDataError) as caught:
        Board.from_files(tmp_path / "t.geojson", tmp_path / "t.board.yaml")
    return caught.value.problems


def test_three_problems_in_two_files_come_in_one_error() -> None:
    """A missing field, an unknown zone in the corners and a self-crossing polygon."""
    with pytest.raises(BoardDataError) as caught:
        Board.from_files(DATA / "bad_three.geojson", DATA / "bad_three.board.yaml")
    assert caught.value.problems == [
        "bad_three.geojson: location 'Mons': field 'terrain': missing",
        "bad_three.geojson: location 'Urbs': field 'geometry': invalid polygon: "
        "Self-intersection[11.5 41.5]",
        "bad_three.board.yaml: corner 'Mons'-'Mare Australis': field 'between': unknown "
        "location 'Mare Australis' (did you mean 'Mare Australe'?)",
    ]
    assert str(caught.value).startswith("3 problems in the board data:\n  bad_three.geojson")
    assert isinstance(caught.value, ValueError)


def test_the_shipped_tiny_board_has_no_problems() -> None:
    meta, _, problems = read_meta(DATA / "tiny.board.yaml")
    assert problems == [] and meta is not None
    assert read_zones(DATA / "tiny.geojson", meta.vocabulary, True)[2] == []


def test_bad_enum_names_the_allowed_values(tmp_path: Path) -> None:
    def hills(c: dict[str, Any]) -> None:
        _props(c, "Urbs")["terrain"] = "hills"

    assert problems_of(tmp_path, hills) == [
        "t.geojson: location 'Urbs': field 'terrain': 'hills' is not one of clear, mountain, "
        "swamp, sea"
    ]


@pytest.mark.parametrize(
    ("zone", "field", "value", "message"),
    [
        ("Urbs", "kind", "town", "'town' is not one of land, borderland, sea"),
        ("Urbs", "city_allowed", "yes", "'yes' is not true or false"),
        ("Urbs", "city_allowed", 1, "1 is not true or false"),
        ("Urbs", "region", 7, "7 is not a string"),
        ("Urbs", "region", "", "is empty"),
        ("Urbs", "label_point", [11.5], "[11.5] is not a [lon, lat] pair of numbers"),
        ("Urbs", "label_point", [True, 41.5], "[True, 41.5] is not a [lon, lat] pair of numbers"),
        ("Urbs", "anchor_point", [200.0, 41.5], "[200.0, 41.5] is not a lon/lat position"),
        ("Urbs", "label_point", [10.5, 41.5], "[10.5, 41.5] is outside the zone"),
        ("Urbs", "anchor_point", [11.0, 41.5], "[11.0, 41.5] is outside the zone"),
        (
            "Urbs",
            "terrain",
            "sea",
            "'sea' does not fit kind 'land' (expected clear, mountain, swamp)",
        ),
        ("Mare Australe", "terrain", "clear", "'clear' does not fit kind 'sea' (expected sea)"),
        ("Urbs", "provenance", "rulebook", "'rulebook' is not an object"),
        ("Urbs", "citty_allowed", True, "unknown field (did you mean 'city_allowed'?)"),
        ("Urbs", "colour", "red", "unknown field (the vocabulary declares no such attribute)"),
    ],
)
def test_one_wrong_field(
    tmp_path: Path, zone: str, field: str, value: object, message: str
) -> None:
    def break_it(c: dict[str, Any]) -> None:
        _props(c, zone)[field] = value

    assert problems_of(tmp_path, break_it) == [
        f"t.geojson: location {zone!r}: field {field!r}: {message}"
    ]


def test_missing_fields_are_each_reported(tmp_path: Path) -> None:
    def strip(c: dict[str, Any]) -> None:
        props = _props(c, "Palus")
        for field in ("kind", "region", "city_allowed", "label_point"):
            del props[field]

    assert problems_of(tmp_path, strip) == [
        f"t.geojson: location 'Palus': field {f!r}: missing"
        for f in ("kind", "region", "city_allowed", "label_point")
    ]


def test_provenance_must_cover_every_field(tmp_path: Path) -> None:
    def forget(c: dict[str, Any]) -> None:
        provenance = _props(c, "Insula")["provenance"]
        del provenance["terrain"]
        provenance["geometry"] = "  "

    assert problems_of(tmp_path, forget) == [
        "t.geojson: location 'Insula': field 'provenance': no source given for 'terrain'",
        "t.geojson: location 'Insula': field 'provenance': no source given for 'geometry'",
    ]


def test_a_nameless_feature_is_named_by_its_position(tmp_path: Path) -> None:
    def unname(c: dict[str, Any]) -> None:
        del c["features"][1]["properties"]["name"]
        c["features"][2]["properties"]["name"] = " Urbs"

    problems = problems_of(tmp_path, unname)
    assert problems[0] == "t.geojson: feature #2: field 'name': missing"
    assert problems[1] == (
        "t.geojson: location ' Urbs': field 'name': ' Urbs' has leading, trailing or doubled spaces"
    )


def test_duplicate_names_ignore_case(tmp_path: Path) -> None:
    def twin(c: dict[str, Any]) -> None:
        _props(c, "Mare Orientale")["name"] = "URBS"

    assert problems_of(tmp_path, twin) == [
        "t.geojson: location 'URBS': field 'name': duplicate of location 'Urbs'"
    ]


@pytest.mark.parametrize(
    ("geometry", "message"),
    [
        (None, "missing"),
        (
            {"type": "Point", "coordinates": [11.5, 41.5]},
            "type 'Point' is not Polygon or MultiPolygon",
        ),
        (
            {
                "type": "Polygon",
                "coordinates": [
                    [[11, 41], [12, 41], [12, 42], [11, 42], [11, 41]],
                    [[11.2, 41.2], [11.3, 41.2], [11.3, 41.3], [11.2, 41.3], [11.2, 41.2]],
                    [[11.25, 41.25], [11.28, 41.25], [11.28, 41.28], [11.25, 41.25]],
                ],
            },
            "invalid polygon: ",
        ),
        ({"type": "Polygon", "coordinates": [[[11, 41], [12]]]}, "unreadable coordinates"),
        ({"type": "Polygon", "coordinates": []}, "is empty"),
    ],
)
def test_bad_geometries(tmp_path: Path, geometry: object, message: str) -> None:
    def replace(c: dict[str, Any]) -> None:
        _feature(c, "Urbs")["geometry"] = geometry

    problems = problems_of(tmp_path, replace)
    assert len(problems) == 1
    assert problems[0].startswith(f"t.geojson: location 'Urbs': field 'geometry': {message}")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "t.geojson: not valid JSON (Expecting property name"),
        (
            '{"type": "Feature", "features": []}',
            "t.geojson: not a GeoJSON FeatureCollection (type is 'Feature')",
        ),
        ("[1, 2]", "t.geojson: not a GeoJSON FeatureCollection (type is 'list')"),
        ('{"type": "FeatureCollection", "features": []}', "t.geojson: field 'features': no zones"),
        (
            '{"type": "FeatureCollection", "features": [3]}',
            "t.geojson: feature #1: not a GeoJSON Feature",
        ),
    ],
)
def test_not_a_feature_collection(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "t.geojson").write_text(text)
    (tmp_path / "t.board.yaml").write_text(yaml.safe_dump(TINY_META, sort_keys=False))
    with pytest.raises(BoardDataError) as caught:
        Board.from_files(tmp_path / "t.geojson", tmp_path / "t.board.yaml")
    assert caught.value.problems[0].startswith(message)


def test_missing_files_are_problems_not_tracebacks(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError) as caught:
        Board.from_files(tmp_path / "none.geojson", tmp_path / "none.board.yaml")
    assert [p.split(":")[0] for p in caught.value.problems] == ["none.board.yaml", "none.geojson"]
    assert all("cannot be read" in p for p in caught.value.problems)


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(meta: dict[str, Any]) -> None:
        meta[key] = value

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_set("min_border_km", -1.0), ["t.board.yaml: field 'min_border_km': -1.0 is negative"]),
        (
            _set("min_border_km", "5 km"),
            ["t.board.yaml: field 'min_border_km': '5 km' is not a number"],
        ),
        (_set("min_border_km", None), ["t.board.yaml: field 'min_border_km': missing"]),
        (
            _set("lynks", []),
            ["t.board.yaml: field 'lynks': unknown key (did you mean 'links'?)"],
        ),
        (
            _set("shape", "round"),
            [
                "t.board.yaml: field 'shape': unknown key (expected one of name, title, "
                "polygons, derive_links, min_border_km, require_provenance, vocabulary, "
                "locations, links, corners, colours)"
            ],
        ),
        (_set("name", None), ["t.board.yaml: field 'name': missing"]),
        (
            _set("colours", {"Nort": "#e3d3ef", "Sea": "#d4e8f7"}),
            [
                "t.board.yaml: field 'colours': 'Nort' is not a region, kind or location "
                "(did you mean 'North'?)"
            ],
        ),
        (
            _set("colours", ["#e3d3ef"]),
            ["t.board.yaml: field 'colours': ['#e3d3ef'] is not a mapping of names to colours"],
        ),
        (
            _set("links", {"between": ["Palus", "Insula"]}),
            ["t.board.yaml: field 'links': {'between': ['Palus', 'Insula']} is not a list"],
        ),
        (
            _set("links", [{"between": ["Palus", "Insulla"], "kind": "strait", "provenance": "x"}]),
            [
                "t.board.yaml: link 'Insulla'-'Palus': field 'between': "
                "unknown location 'Insulla' (did you mean 'Insula'?)"
            ],
        ),
        (
            _set("links", [{"between": ["Palus", "Insula"], "kind": "ferry", "provenance": "x"}]),
            [
                "t.board.yaml: link 'Palus'-'Insula': field 'kind': "
                "'ferry' is not one of land, coast, sea, strait"
            ],
        ),
        (
            _set("links", [{"between": ["Palus", "Insula"], "kind": "strait"}]),
            ["t.board.yaml: link 'Palus'-'Insula': field 'provenance': missing"],
        ),
        (
            _set("links", [{"between": ["Palus"], "kind": "strait", "provenance": "x"}]),
            [
                "t.board.yaml: link 'Palus': field 'between': "
                "['Palus'] is not two different locations"
            ],
        ),
        (
            _set("corners", [{"between": ["Mons", "Mare Australe"], "source": "x"}]),
            [
                "t.board.yaml: corner 'Mons'-'Mare Australe': field 'source': "
                "unknown key (expected between, provenance)",
                "t.board.yaml: corner 'Mons'-'Mare Australe': field 'provenance': missing",
            ],
        ),
    ],
)
def test_metadata_problems(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], expected: list[str]
) -> None:
    assert problems_of(tmp_path, meta=change) == expected


def test_metadata_that_is_not_a_mapping(tmp_path: Path) -> None:
    (tmp_path / "t.geojson").write_text(json.dumps(TINY_ZONES))
    for text, start in (("- a\n- b\n", "not a YAML mapping"), ("a: [b\n", "not valid YAML")):
        (tmp_path / "t.board.yaml").write_text(text)
        with pytest.raises(BoardDataError) as caught:
            Board.from_files(tmp_path / "t.geojson", tmp_path / "t.board.yaml")
        assert caught.value.problems[0].startswith(f"t.board.yaml: {start}")


def test_problems_in_both_files_are_all_reported(tmp_path: Path) -> None:
    def zones(c: dict[str, Any]) -> None:
        _props(c, "Urbs")["terrain"] = "hills"
        _props(c, "Mons")["label_point"] = [0.0, 0.0]

    problems = problems_of(tmp_path, zones, _set("min_border_km", -5))
    assert [p.split(":")[0] for p in problems] == ["t.board.yaml", "t.geojson", "t.geojson"]


def test_a_refused_zone_is_not_also_reported_as_unknown_in_the_metadata(tmp_path: Path) -> None:
    # Insula is in the strait; its own problem is enough, the strait does not add "unknown".
    def break_insula(c: dict[str, Any]) -> None:
        _props(c, "Insula")["kind"] = "island"

    assert problems_of(tmp_path, break_insula) == [
        "t.geojson: location 'Insula': field 'kind': 'island' is not one of land, borderland, sea"
    ]


def _vocabulary(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def edit(meta: dict[str, Any]) -> None:
        change(meta["vocabulary"])

    return edit


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda v: v["kinds"]["sea"].update(units=["flet"]),
            "t.board.yaml: vocabulary: kinds 'sea': field 'units': unknown unit type 'flet' "
            "(did you mean 'fleet'?)",
        ),
        (
            lambda v: v["links"]["strait"].update(line="wavy"),
            "t.board.yaml: vocabulary: links 'strait': field 'line': 'wavy' is not one of "
            "single, double, dashed",
        ),
        (
            lambda v: v["attributes"].update(city_allowed={"type": "boolean"}),
            "t.board.yaml: vocabulary: attributes 'city_allowed': field 'type': 'boolean' is "
            "not one of bool, int, float, str, location, point",
        ),
        (
            lambda v: v["attributes"].update(terrain={"type": "str"}),
            "t.board.yaml: vocabulary: attributes 'terrain': 'terrain' is a field of every "
            "location, not an attribute",
        ),
        (
            lambda v: v["borders"].update(sea="ocean"),
            "t.board.yaml: vocabulary: borders: field 'sea': unknown link kind 'ocean'",
        ),
        (
            lambda v: v.update(terrain=["clear"]),
            "t.board.yaml: vocabulary: : field 'terrain': unknown key (did you mean 'terrains'?)",
        ),
    ],
)
def test_vocabulary_problems(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    assert expected in problems_of(tmp_path, meta=_vocabulary(change))
