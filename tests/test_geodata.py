"""The committed Italia board data (geodata/) and the adjacency derivation.

The board files are tested as committed: no coastline package is needed. The second half
tests ``italia_kit.geo.adjacency`` on small hand-made squares.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import shapely
import yaml
from shapely.geometry import box, shape
from shapely.geometry.base import BaseGeometry

from italia_kit.geo.adjacency import (
    Link,
    border_length_km,
    derive_adjacency,
    pair,
    read_adjacency_csv,
    write_adjacency_csv,
)

ROOT = Path(__file__).resolve().parents[1]
GEODATA = ROOT / "geodata"
GEOJSON = GEODATA / "italia.geojson"
META = GEODATA / "italia.board.yaml"
ADJACENCY = GEODATA / "italia.adjacency.csv"
RULEBOOK_ADJACENCY = Path(__file__).resolve().parent / "data" / "rulebook_adjacency.csv"

#: The map frame the board covers (lon_min, lat_min, lon_max, lat_max).
FRAME = (4.5, 30.0, 20.3, 47.5)
#: Square degrees; one grid cell (0.0001 deg) squared is 1e-8.
AREA_TOL = 1e-7

FIELDS = {
    "name",
    "kind",
    "region",
    "terrain",
    "city_allowed",
    "label_point",
    "anchor_point",
    "provenance",
}
PROVENANCE_FIELDS = {"name", "kind", "region", "terrain", "city_allowed", "geometry"}

NORTH = [
    "Liguria",
    "Pavia",
    "Mediolanum",
    "Verona",
    "Tridentum",
    "Venetia",
    "Ravenna",
    "Pisae",
    "Florentia",
    "Etruria",
    "Perusia",
    "Umbria",
    "Picenum",
    "Rome",
    "Corfinium",
]
SOUTH = ["Neapolis", "Samnium", "Apulia", "Lucania", "Calabria", "Bruttium", "Rhegium"]
ISLANDS = ["Corsica", "Olbia", "Carales", "Lilybaeum", "Agrigentum", "Messana", "Syracusae"]
AFRICA = ["Africa", "Byzacena", "Numidia", "Tripolitania", "Mauretania"]
BORDERLANDS = ["Alps", "Helvetia", "Noricum", "Illyricum", "Aures"]
SEAS = [
    f"Mare {n}"
    for n in [
        "Balearicum",
        "Ligusticum",
        "Tyrrhenum",
        "Sardoum",
        "Libycum",
        "Siculum",
        "Ionium",
        "Hadriaticum",
        "Internum",
    ]
]
# Rulebook 2.1: the mountain and swamp zones; every borderland is mountain.
MOUNTAINS = {
    "Pavia",
    "Florentia",
    "Perusia",
    "Umbria",
    "Samnium",
    "Rhegium",
    "Corsica",
    "Agrigentum",
    "Olbia",
    *BORDERLANDS,
}
SWAMPS = {"Ravenna", "Venetia"}
# Rulebook 2.2.1.9: no city in these (nor at sea).
NO_CITY = {"Corsica", "Olbia", "Carales", *BORDERLANDS, *SEAS}


def _expected() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for region, names in (
        ("North", NORTH),
        ("South", SOUTH),
        ("Islands", ISLANDS),
        ("Africa", AFRICA),
        ("Borderland", BORDERLANDS),
        ("Sea", SEAS),
    ):
        for name in names:
            kind = {"Borderland": "borderland", "Sea": "sea"}.get(region, "land")
            terrain = (
                "sea"
                if kind == "sea"
                else "mountain"
                if name in MOUNTAINS
                else "swamp"
                if name in SWAMPS
                else "clear"
            )
            out[name] = {
                "kind": kind,
                "region": region,
                "terrain": terrain,
                "city_allowed": name not in NO_CITY,
            }
    return out


EXPECTED = _expected()


# ------------------------------------------------------------------------------------------
# Loading (cached: the files are read once per test session)


@cache
def features() -> tuple[dict[str, Any], ...]:
    data = json.loads(GEOJSON.read_text(encoding="utf-8"))
    assert data["type"] == "FeatureCollection"
    return tuple(data["features"])


@cache
def geoms() -> dict[str, BaseGeometry]:
    return {f["properties"]["name"]: shape(f["geometry"]) for f in features()}


@cache
def props() -> dict[str, dict[str, Any]]:
    return {f["properties"]["name"]: f["properties"] for f in features()}


@cache
def meta() -> dict[str, Any]:
    data = yaml.safe_load(META.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def committed_links() -> tuple[Link, ...]:
    return tuple(read_adjacency_csv(ADJACENCY))


@cache
def neighbours() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {name: set() for name in geoms()}
    for link in committed_links():
        out[link.a].add(link.b)
        out[link.b].add(link.a)
    return out


def _union(kind_test: Any) -> BaseGeometry:
    return shapely.union_all([g for n, g in geoms().items() if kind_test(props()[n]["kind"])])


# ------------------------------------------------------------------------------------------
# The zones


def test_48_zones_with_the_rulebook_kinds_regions_terrain_and_cities() -> None:
    assert len(features()) == 48
    assert sorted(props()) == sorted(EXPECTED)
    for name, want in EXPECTED.items():
        got = {key: props()[name][key] for key in want}
        assert got == want, name


def test_every_feature_has_the_fields_of_the_format_and_their_provenance() -> None:
    for name, p in props().items():
        assert set(p) == FIELDS, name
        assert set(p["provenance"]) == PROVENANCE_FIELDS, name
        for field, source in p["provenance"].items():
            assert isinstance(source, str), (name, field)
            assert source.startswith(("rulebook ", "example ", "reconstructed: ")), (name, field)
        assert p["provenance"]["geometry"].startswith("reconstructed: "), name


def test_every_polygon_is_valid_and_on_the_grid() -> None:
    for name, geom in geoms().items():
        assert geom.geom_type in ("Polygon", "MultiPolygon"), name
        assert geom.is_valid and not geom.is_empty and geom.area > 0, name
        xy = shapely.get_coordinates(geom)
        assert xy.min(axis=0).tolist() >= [FRAME[0], FRAME[1]], name
        assert xy.max(axis=0).tolist() <= [FRAME[2], FRAME[3]], name
        steps = xy * 10_000
        assert abs(steps - steps.round()).max() < 1e-6, f"{name}: off the 0.0001 grid"


def test_zones_do_not_overlap() -> None:
    names = sorted(geoms())
    tree = shapely.STRtree([geoms()[n] for n in names])
    for i, name in enumerate(names):
        for j in tree.query(geoms()[name], predicate="intersects"):
            if j > i:
                area = geoms()[name].intersection(geoms()[names[j]]).area
                assert area < AREA_TOL, (name, names[j], area)


def test_land_zones_and_seas_cover_the_frame() -> None:
    frame = box(*FRAME)
    everything = shapely.union_all(list(geoms().values()))
    assert everything.symmetric_difference(frame).area < AREA_TOL


def test_the_land_is_exactly_the_frame_minus_the_seas() -> None:
    land = _union(lambda kind: kind != "sea")
    sea = _union(lambda kind: kind == "sea")
    assert land.intersection(sea).area < AREA_TOL
    assert land.symmetric_difference(box(*FRAME).difference(sea)).area < AREA_TOL


def test_every_sea_and_every_mainland_zone_is_one_piece() -> None:
    # Islets belong to land zones; a sea or a zone's main body is never cut in two.
    for name, geom in geoms().items():
        parts = sorted(shapely.get_parts(geom), key=lambda p: -p.area)
        if props()[name]["kind"] == "sea":
            assert len(parts) == 1, name
        else:
            # every other part is a small island, well below the main body
            assert all(p.area < 0.2 * parts[0].area for p in parts[1:]), name


def test_label_and_anchor_points_lie_inside_their_zone_and_apart() -> None:
    for name, p in props().items():
        label, anchor = shapely.Point(p["label_point"]), shapely.Point(p["anchor_point"])
        assert geoms()[name].contains(label), name
        assert geoms()[name].contains(anchor), name
        assert label.distance(anchor) > 0.05, name


# ------------------------------------------------------------------------------------------
# The metadata and the adjacency


def test_metadata() -> None:
    assert meta()["name"] == "italia"
    assert meta()["polygons"] == GEOJSON.name
    assert meta()["min_border_km"] == 5.0
    assert {s["kind"] for s in meta()["links"]} == {"strait"}
    straits = {frozenset(s["between"]) for s in meta()["links"]}
    corners = {frozenset(c["between"]) for c in meta()["corners"]}
    assert straits == {frozenset({"Messana", "Rhegium"}), frozenset({"Corsica", "Olbia"})}
    assert corners == {
        frozenset({"Noricum", "Tridentum"}),
        frozenset({"Mare Ligusticum", "Carales"}),
    }
    for entry in [*meta()["links"], *meta()["corners"]]:
        assert entry["provenance"].startswith("rulebook ")


def test_the_board_file_declares_italias_vocabulary() -> None:
    vocabulary = meta()["vocabulary"]
    assert list(vocabulary["kinds"]) == ["land", "borderland", "sea"]
    assert vocabulary["terrains"] == ["clear", "mountain", "swamp", "sea"]
    assert list(vocabulary["links"]) == ["land", "coast", "sea", "strait"]
    assert vocabulary["attributes"] == {"city_allowed": {"type": "bool"}}
    assert vocabulary["kinds"]["sea"]["water"] is True


def test_the_board_file_is_what_the_build_script_writes() -> None:
    # `make geodata` needs the coastline package; the file must still be the script's output.
    sys.path.insert(0, str(GEODATA))
    try:
        import build_zones
    finally:
        sys.path.remove(str(GEODATA))
    assert build_zones.meta_text() == META.read_text(encoding="utf-8")


def test_committed_adjacency_equals_the_derived_one() -> None:
    straits = [Link(*pair(*s["between"]), s["kind"], 0.0) for s in meta()["links"]]
    derived = derive_adjacency(
        geoms(),
        {n: p["kind"] for n, p in props().items()},
        meta()["min_border_km"],
        declared=straits,
        corners=[tuple(c["between"]) for c in meta()["corners"]],
    )
    assert [(k.a, k.b, k.kind) for k in committed_links()] == [(k.a, k.b, k.kind) for k in derived]
    for have, want in zip(committed_links(), derived, strict=True):
        assert have.border_km == pytest.approx(want.border_km, abs=0.051), (have.a, have.b)


def test_adjacency_is_sorted_symmetric_and_connected() -> None:
    links = committed_links()
    assert [(k.a, k.b) for k in links] == sorted({(k.a, k.b) for k in links})
    for link in links:
        assert link.a < link.b
        if link.kind != "strait":
            back = border_length_km(geoms()[link.b], geoms()[link.a])
            assert back == pytest.approx(link.border_km, abs=0.2), (link.a, link.b)
    seen, todo = {"Rome"}, deque(["Rome"])
    while todo:
        for other in neighbours()[todo.popleft()] - seen:
            seen.add(other)
            todo.append(other)
    assert seen == set(geoms())


def test_link_kinds_follow_the_zone_kinds() -> None:
    for link in committed_links():
        if link.kind == "strait":
            continue
        seas = [props()[z]["kind"] == "sea" for z in (link.a, link.b)]
        assert link.kind == ("sea" if all(seas) else "coast" if any(seas) else "land")


def _rulebook_rows() -> list[dict[str, str]]:
    with RULEBOOK_ADJACENCY.open(encoding="utf-8", newline="") as src:
        return list(csv.DictReader(src))


@pytest.mark.parametrize(
    "row", _rulebook_rows(), ids=lambda r: f"{r['section']}-{r['zone_a']}-{r['zone_b']}"
)
def test_rulebook_adjacency(row: dict[str, str]) -> None:
    assert row["adjacent"] in ("true", "false")
    assert row["zone_a"] in geoms() and row["zone_b"] in geoms()
    adjacent = row["zone_b"] in neighbours()[row["zone_a"]]
    assert adjacent == (row["adjacent"] == "true"), row


def test_ravenna_neighbours_are_exactly_those_of_example_12_3_2() -> None:
    # "if the campaigning leader is in Ravenna, all nations with a unit in the following zones
    # may carry out a reaction move: Ravenna, Venetia, Verona, Pavia, Florentia, Picenum, and
    # Mare Hadriaticum."
    want = {"Venetia", "Verona", "Pavia", "Florentia", "Picenum", "Mare Hadriaticum"}
    assert neighbours()["Ravenna"] == want


def test_straits_present_and_corners_absent_and_only_touching_at_a_point() -> None:
    kinds = {(k.a, k.b): k.kind for k in committed_links()}
    assert kinds[("Messana", "Rhegium")] == "strait"
    assert kinds[("Corsica", "Olbia")] == "strait"
    for a, b in (("Noricum", "Tridentum"), ("Carales", "Mare Ligusticum")):
        assert (a, b) not in kinds
        touch = geoms()[a].intersection(geoms()[b])
        assert touch.is_empty or touch.geom_type == "Point", (a, b, touch.geom_type)


def test_coasts() -> None:
    seas = set(SEAS)
    assert "Mare Tyrrhenum" in neighbours()["Rome"]
    for name in [*NORTH, *SOUTH, *ISLANDS, *AFRICA]:
        if name not in {"Mediolanum", "Verona", "Tridentum", "Pavia", "Florentia"} | {
            "Perusia",
            "Umbria",
            "Samnium",
        }:
            assert neighbours()[name] & seas, f"{name} should be coastal"
    for sea in SEAS:
        assert neighbours()[sea] - seas, f"{sea} touches no land"
    for link in committed_links():
        # an island zone shares no border with a zone of another landmass
        if link.kind == "land" and (link.a in ISLANDS or link.b in ISLANDS):
            assert link.a in ISLANDS and link.b in ISLANDS, (link.a, link.b)


# ------------------------------------------------------------------------------------------
# italia_kit.geo.adjacency on hand-made squares

KM_PER_DEG = 6371.0088 * math.pi / 180


def test_border_length_of_unit_squares_on_the_sphere() -> None:
    assert border_length_km(box(0, 0, 1, 1), box(1, 0, 2, 1)) == pytest.approx(KM_PER_DEG, abs=1e-3)
    # a border along a parallel shrinks with cos(latitude)
    assert border_length_km(box(0, 59, 1, 60), box(0, 60, 1, 61)) == pytest.approx(
        KM_PER_DEG * 0.5, rel=1e-3
    )
    # half of an edge shared
    assert border_length_km(box(0, 0, 1, 1), box(1, 0.5, 2, 1.5)) == pytest.approx(
        KM_PER_DEG / 2, abs=1e-3
    )


def test_border_length_is_robust_to_float_noise() -> None:
    noisy = box(1 + 1e-9, 1e-10, 2, 1)
    assert border_length_km(box(0, 0, 1, 1), noisy) == pytest.approx(KM_PER_DEG, rel=1e-3)


def test_point_contact_is_not_adjacency() -> None:
    geoms_ = {"A": box(0, 0, 1, 1), "B": box(1, 1, 2, 2)}
    assert border_length_km(geoms_["A"], geoms_["B"]) < 0.01
    assert derive_adjacency(geoms_, {"A": "land", "B": "land"}, 5.0) == []


def test_a_short_border_below_the_threshold_is_not_adjacency() -> None:
    # B shares 0.01 deg (about 1.1 km) of A's east edge
    geoms_ = {"A": box(0, 0, 1, 1), "B": box(1, 0.99, 2, 2)}
    kinds = {"A": "land", "B": "sea"}
    assert derive_adjacency(geoms_, kinds, 5.0) == []
    [link] = derive_adjacency(geoms_, kinds, 1.0)
    assert (link.a, link.b, link.kind) == ("A", "B", "coast")
    assert link.border_km == pytest.approx(0.01 * KM_PER_DEG, abs=1e-3)


def test_kinds_of_links() -> None:
    geoms_ = {
        "L": box(0, 0, 1, 1),
        "B": box(1, 0, 2, 1),
        "S": box(0, 1, 1, 2),
        "T": box(1, 1, 2, 2),
    }
    kinds = {"L": "land", "B": "borderland", "S": "sea", "T": "sea"}
    got = {(k.a, k.b): k.kind for k in derive_adjacency(geoms_, kinds, 5.0)}
    assert got == {("B", "L"): "land", ("L", "S"): "coast", ("B", "T"): "coast", ("S", "T"): "sea"}


def test_straits_added_and_corners_removed() -> None:
    # four squares meeting at (1, 1); A and D touch only at the corner, A and E far apart
    geoms_ = {
        "A": box(0, 0, 1, 1),
        "B": box(1, 0, 2, 1),
        "C": box(0, 1, 1, 2),
        "D": box(1, 1, 2, 2),
        "E": box(5, 5, 6, 6),
    }
    kinds = dict.fromkeys(geoms_, "land")
    links = derive_adjacency(
        geoms_,
        kinds,
        5.0,
        declared=[Link("A", "E", "strait", 0.0)],
        corners=[("D", "A"), ("B", "A")],
    )
    pairs = [(k.a, k.b) for k in links]
    assert pairs == sorted(pairs) == [("A", "C"), ("A", "E"), ("B", "D"), ("C", "D")]
    strait = links[1]
    assert (strait.kind, strait.border_km) == ("strait", 0.0)


def test_unknown_zone_in_a_corner_is_an_error() -> None:
    with pytest.raises(ValueError, match="Atlantis"):
        derive_adjacency({"A": box(0, 0, 1, 1)}, {"A": "land"}, 5.0, corners=[("A", "Atlantis")])


def test_the_kinds_of_borders_come_from_the_board() -> None:
    geoms_ = {"L": box(0, 0, 1, 1), "W": box(1, 0, 2, 1), "M": box(0, 1, 1, 2)}
    kinds = {"L": "province", "W": "lake", "M": "province"}
    borders = {"land": "path", "coast": "shore", "sea": "water"}
    links = derive_adjacency(geoms_, kinds, 5.0, water=["lake"], borders=borders)
    got = {(k.a, k.b): k.kind for k in links}
    assert got == {("L", "M"): "path", ("L", "W"): "shore"}


def test_links_are_checked() -> None:
    with pytest.raises(ValueError, match="alphabetical"):
        Link("Rome", "Neapolis", "land", 10.0)
    road = Link("Neapolis", "Rome", "road", 10.0, {"paved": True})
    assert road.kind == "road" and road.attributes == {"paved": True}
    assert road.other("Rome") == "Neapolis" and hash(road) == hash(
        Link("Neapolis", "Rome", "road", 10.0, {"paved": True})
    )


def test_csv_round_trip(tmp_path: Path) -> None:
    links = [Link("A", "B", "land", 12.345), Link("A", "C", "strait", 0.0)]
    path = tmp_path / "adj.csv"
    write_adjacency_csv(reversed(links), path)
    assert path.read_text(encoding="utf-8").splitlines() == [
        "zone_a,zone_b,kind,border_km",
        "A,B,land,12.3",
        "A,C,strait,0.0",
    ]
    assert read_adjacency_csv(path) == [Link("A", "B", "land", 12.3), Link("A", "C", "strait", 0.0)]


def test_csv_with_a_wrong_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "adj.csv"
    path.write_text("a,b,kind,km\n", encoding="utf-8")
    with pytest.raises(ValueError, match="header"):
        read_adjacency_csv(path)
