"""The committed board of the Renaissance-Italy orders game (geodata/renaissance.*).

The files are tested as committed: no coastline package is needed. The comparison of the
declared links with the polygon borders is the build script's own function, so the list of
explained disagreements (geodata/renaissance.disagreements.csv) cannot drift from the files.
"""

from __future__ import annotations

import csv
import importlib
import json
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import shapely
from shapely.geometry import Point, box, shape
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parents[1]
GEODATA = ROOT / "geodata"
GEOJSON = GEODATA / "renaissance.geojson"
LINKS = GEODATA / "renaissance.links.csv"
EXPECTED = GEODATA / "renaissance.disagreements.csv"
PROVINCES = GEODATA / "sources" / "machiavelli_njudge_provinces.csv"
README = GEODATA / "RENAISSANCE.md"

#: Square degrees; one grid cell (0.0001 deg) squared is 1e-8.
AREA_TOL = 1e-7
POWERS = {"Austria", "France", "Florence", "Milan", "Naples", "Papacy", "Turks", "Venice"}


@cache
def script() -> ModuleType:
    """geodata/build_renaissance.py as a module (it imports build_zones from geodata/)."""
    if str(GEODATA) not in sys.path:
        sys.path.insert(0, str(GEODATA))
    return importlib.import_module("build_renaissance")


@cache
def features() -> list[dict[str, Any]]:
    data = json.loads(GEOJSON.read_text(encoding="utf-8"))
    assert data["type"] == "FeatureCollection"
    return list(data["features"])


@cache
def geoms() -> dict[str, BaseGeometry]:
    return {f["properties"]["abbr"]: shape(f["geometry"]) for f in features()}


def kinds() -> dict[str, str]:
    return {f["properties"]["abbr"]: f["properties"]["kind"] for f in features()}


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as src:
        return list(csv.DictReader(src))


def test_81_spaces_named_as_in_njudge() -> None:
    provinces = read_csv(PROVINCES)
    got = [(f["properties"]["abbr"], f["properties"]["name"]) for f in features()]
    assert got == [(row["abbr"], row["name"]) for row in provinces]
    assert len(got) == 81
    assert Counter(f["properties"]["kind"] for f in features()) == {"land": 70, "sea": 11}


def test_properties_follow_njudge() -> None:
    rows = {row["abbr"]: row for row in read_csv(PROVINCES)}
    for f in features():
        p = f["properties"]
        row = rows[p["abbr"]]
        assert p["kind"] == row["kind"]
        if p["kind"] == "sea":
            assert p["city_type"] is None and p["owner_1454"] is None and p["home_power"] is None
            continue
        assert p["city_type"] == row["city_type"]
        assert p["city_income"] == int(row["city_income"])
        owner = row["start_owner_1454"]
        assert p["owner_1454"] == (owner if owner in POWERS else "neutral")
        assert p["home_power"] == (owner if owner in POWERS else None)
    homes = Counter(f["properties"]["home_power"] for f in features())
    assert homes == {
        None: 31,  # 11 seas and 20 neutral provinces
        "Venice": 10,
        "Papacy": 8,
        "Naples": 8,
        "Milan": 7,
        "Turks": 5,
        "Austria": 4,
        "France": 4,
        "Florence": 4,
    }


def test_every_field_has_provenance_and_the_geometry_says_reconstructed() -> None:
    for f in features():
        p = f["properties"]
        prov = p["provenance"]
        assert set(p) - {"provenance"} <= set(prov) | {"city_town"}, p["abbr"]
        assert prov["geometry"].startswith("reconstructed: "), p["abbr"]


def test_label_and_city_points_inside_their_zone() -> None:
    for f in features():
        p = f["properties"]
        geom = geoms()[p["abbr"]]
        assert geom.contains(Point(p["label_point"])), p["abbr"]
        if p["kind"] == "land" and p["city_type"] != "no city":
            assert geom.contains(Point(p["city_point"])), p["abbr"]
        else:
            assert "city_point" not in p, p["abbr"]


def test_polygons_valid_disjoint_and_cover_the_frame() -> None:
    items = sorted(geoms().items())
    for name, geom in items:
        assert geom.is_valid, name
        assert geom.geom_type in ("Polygon", "MultiPolygon"), name
    tree = shapely.STRtree([g for _, g in items])
    for i, (name, geom) in enumerate(items):
        for j in tree.query(geom, predicate="intersects"):
            if int(j) > i:
                other, g2 = items[int(j)]
                assert geom.intersection(g2).area < AREA_TOL, (name, other)
    frame = box(*script().FRAME)
    union = shapely.union_all([g for _, g in items])
    assert union.symmetric_difference(frame).area < AREA_TOL


def test_no_zone_is_in_two_pieces_of_land() -> None:
    """Besides its main polygon a land zone has islands only: parts that touch no other land."""
    land = {n: g for n, g in geoms().items() if kinds()[n] == "land"}
    for name, geom in land.items():
        parts = sorted(shapely.get_parts(geom), key=lambda p: -p.area)
        for part in parts[1:]:
            for other, g in land.items():
                if other != name:
                    assert shapely.intersection(part.boundary, g.boundary).length == 0, (
                        name,
                        other,
                    )
    for name, geom in geoms().items():
        if kinds()[name] == "sea":
            assert geom.geom_type == "Polygon", name  # a sea is never cut in two


def test_links_are_symmetric_per_unit_and_name_known_spaces() -> None:
    rows = read_csv(LINKS)
    assert tuple(rows[0]) == script().LINKS_HEADER
    abbrs = set(geoms())
    keys = {(r["from"], r["from_coast"], r["to"], r["to_coast"], r["unit"]) for r in rows}
    assert len(keys) == len(rows)
    for a, ca, b, cb, unit in keys:
        assert unit in ("army", "fleet")
        assert a in abbrs and b in abbrs
        assert (b, cb, a, ca, unit) in keys, (a, ca, b, cb, unit)
        for space, coast in ((a, ca), (b, cb)):
            assert coast == "" or (coast in ("nc", "sc") and space in ("cro", "pro"))
        if unit == "army":
            assert kinds()[a] == kinds()[b] == "land"


def test_straits_and_venice() -> None:
    rows = read_csv(LINKS)
    straits = {
        (r["from"], r["to"], r["strait_controlled_from"])
        for r in rows
        if r["strait_controlled_from"]
    }
    assert straits == {
        ("ets", "psa", "pio"),
        ("psa", "ets", "pio"),
        ("gon", "ion", "mes"),
        ("ion", "gon", "mes"),
    }
    # Venice: one space in the Lagoon, linked to the Lagoon only, and drawn so.
    assert {(r["to"], r["unit"]) for r in rows if r["from"] == "ven"} == {("lag", "fleet")}
    venice = geoms()["ven"]
    touching = {n for n, g in geoms().items() if n != "ven" and g.intersects(venice)}
    assert touching == {"lag"}


def test_links_match_the_njudge_source() -> None:
    assert read_csv(LINKS) == script().read_njudge_links()


def test_disagreements_are_exactly_the_explained_ones() -> None:
    found = script().disagreements(geoms(), kinds(), read_csv(LINKS))
    expected = read_csv(EXPECTED)
    assert found == [(r["a"], r["b"], r["unit"], r["disagreement"]) for r in expected]
    readme = README.read_text(encoding="utf-8")
    for row in expected:
        assert row["reason"].strip(), row
        assert f"{row['a']}–{row['b']} {row['unit']}" in readme, row


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("tur", "tyr"),
        ("cri", "mil"),
        ("otr", "gon"),
        ("tiv", "ets"),
        ("mod", "egl"),
        ("pal", "ion"),
    ],
)
def test_some_of_the_games_odd_neighbours_touch(a: str, b: str) -> None:
    """A few links of the game that no map of Italy has, drawn all the same."""
    shared = shapely.intersection(geoms()[a].boundary, geoms()[b].boundary)
    assert shared.length > 0.05, (a, b)
