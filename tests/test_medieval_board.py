"""The committed board of Medieval Italia (geodata/medieval.*), as the kit loads it.

Tested as committed: no coastline package is needed. Facts are those of
``shared/reference/medieval-italia-facts.md`` (1.2 the 38 areas, 1.3 the seas and boxes) and
the variant's rule text (Mantua's fortress); the rest is reconstructed and says so.
"""

from __future__ import annotations

import json
import sys
from collections import deque
from pathlib import Path

import shapely
from shapely.geometry import shape

from italia_kit.geo import load_board
from italia_kit.geo.adjacency import read_adjacency_csv

ROOT = Path(__file__).resolve().parents[1]
GEODATA = ROOT / "geodata"

#: facts 1.2: every land area the variant's pages name
AREAS_38 = (
    "Aosta", "Turin", "Saluzzo", "Novara", "Alessandria", "Genoa", "La Spezia", "Milan",
    "Brescia", "Mantua", "Parma", "Bologna", "Ferrara", "Ravenna", "Venice", "Friuli", "Istria",
    "Florence", "Pisa", "Siena", "Perugia", "Ancona", "Spoleto", "Rome", "Abruzzi", "Gaeta",
    "Molise", "Benevento", "Naples", "Amalfi", "Foggia", "Bari", "Brindisi", "Basilicata",
    "Calabria", "Palermo", "Messina", "Ragusa",
)  # fmt: skip
SEAS = ("Adriatic", "Tyrrhenian", "Ionian", "Ligurian")  # facts 1.3


def _features() -> list[dict[str, object]]:
    data = json.loads((GEODATA / "medieval.geojson").read_text(encoding="utf-8"))
    return list(data["features"])


def test_board_1_the_38_named_areas_the_4_seas_the_boxes_and_the_alps() -> None:
    board = load_board("medieval")
    assert len(AREAS_38) == 38
    names = {z.name for z in board.zones}
    assert set(AREAS_38) <= names
    assert set(SEAS) <= names
    assert {"France", "Austria", "Alps", "Sardinia", "Corsica"} <= names
    assert len(names) == 38 + 4 + 2 + 3
    assert {z.name for z in board.zones if z.is_sea} == set(SEAS)


def test_board_2_every_value_has_its_provenance() -> None:
    for f in _features():
        props = f["properties"]
        assert isinstance(props, dict)
        prov = props["provenance"]
        assert set(prov) == {"geometry", "kind", "name", "region", "terrain"}, props["name"]
        assert all(isinstance(v, str) and v for v in prov.values())
        if props["name"] in {"Sardinia", "Corsica"}:
            assert prov["name"].startswith("reconstructed")


def test_board_3_mantua_is_the_fortress_and_the_terrain_words_are_the_variants() -> None:
    board = load_board("medieval")
    assert board.zone("Mantua").terrain.value == "fortress"  # rule text
    terrains = {z.name: z.terrain.value for z in board.zones}
    assert set(terrains.values()) <= {"clear", "mountain", "marsh", "fortress", "sea", "offmap"}
    assert terrains["Alps"] == "mountain" and terrains["Venice"] == "marsh"
    assert [n for n, t in terrains.items() if t == "fortress"] == ["Mantua"]


def test_board_4_polygons_are_valid_do_not_overlap_and_islands_are_whole() -> None:
    geoms = {f["properties"]["name"]: shape(f["geometry"]) for f in _features()}  # type: ignore[index]
    for name, g in geoms.items():
        assert g.is_valid, name
    names = sorted(geoms)
    tree = shapely.STRtree([geoms[n] for n in names])
    for i, n in enumerate(names):
        for j in tree.query(geoms[n]):
            if j > i:
                assert geoms[n].intersection(geoms[names[j]]).area < 1e-7, (n, names[j])
    assert geoms["Sardinia"].area > 2.0 and geoms["Corsica"].area > 0.8


def test_board_5_committed_adjacency_is_the_derived_one_and_symmetric() -> None:
    # loading refuses a stale table (geo.files), so a load is the check; the table is read too
    board = load_board("medieval")
    table = read_adjacency_csv(GEODATA / "medieval.adjacency.csv")
    for link in table:
        assert link.b in board.neighbours(link.a) and link.a in board.neighbours(link.b)


def test_board_6_the_map_is_connected_by_land_and_sea() -> None:
    board = load_board("medieval")
    start = "Rome"
    seen, todo = {start}, deque([start])
    while todo:
        for n in board.neighbours(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == {z.name for z in board.zones}


def test_board_7_arrival_boxes_and_straits() -> None:
    board = load_board("medieval")
    assert set(board.neighbours("France")) == {"Alps", "Aosta", "Turin", "Saluzzo"}
    assert set(board.neighbours("Austria")) == {"Alps", "Friuli", "Istria"}
    assert "Calabria" in board.neighbours("Messina")
    assert "Sardinia" in board.neighbours("Corsica")
    # the sea zones the arrivals use touch the coasts they should (facts 1.5)
    assert {"Istria", "Venice", "Ravenna", "Bari"} <= set(board.neighbours("Adriatic"))
    assert {"Rome", "Naples", "Palermo"} <= set(board.neighbours("Tyrrhenian"))
    assert {"Brindisi", "Calabria", "Ragusa"} <= set(board.neighbours("Ionian"))
    assert {"Genoa", "La Spezia", "Pisa"} <= set(board.neighbours("Ligurian"))


def test_board_8_the_board_file_is_what_the_build_script_writes() -> None:
    sys.path.insert(0, str(GEODATA))
    try:
        import build_medieval
    finally:
        sys.path.remove(str(GEODATA))
    committed = (GEODATA / "medieval.board.yaml").read_text(encoding="utf-8")
    assert committed == build_medieval.meta_text()
