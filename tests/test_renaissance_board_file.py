"""The Renaissance-Italy map as a board of the zone model (geodata/renaissance.board.yaml).

Its polygons are drawn; its links are njudge's, declared (``derive_links: false``): army-only,
fleet-only and both, the two coasts of Croatia and of Provence as sub-locations, and the
straits a fleet in a third space controls.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from italia_kit.geo import Board, load_board
from italia_kit.geo.render import render_board

GEODATA = Path(__file__).resolve().parents[1] / "geodata"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("renaissance")


def test_the_board_file_is_what_its_script_writes() -> None:
    sys.path.insert(0, str(GEODATA))
    try:
        import renaissance_board
    finally:
        sys.path.remove(str(GEODATA))
    assert renaissance_board.board_text() == (GEODATA / "renaissance.board.yaml").read_text()


def test_81_spaces_and_4_coasts(board: Board) -> None:
    assert len([z for z in board if z.parent is None]) == 81
    assert len([z for z in board if z.is_sea]) == 11
    assert board.sub_locations("Croatia") == ["Croatia (North Coast)", "Croatia (South Coast)"]
    assert board.top_of("Provence (South Coast)") == "Provence"
    assert board["Venice"].attributes["venice_special"] is True
    assert board["Venice"].attributes["city_point"] == (12.335, 45.438)
    assert board["Lagoon"].is_sea  # Venice lies in its lagoon


def test_links_by_unit_type(board: Board) -> None:
    # Croatia: armies walk from the province, fleets sail from its coasts only
    assert board.neighbours("Croatia", unit="army") == [
        "Bosnia",
        "Carniola",
        "Dalmatia",
        "Istria",
        "Slavonia",
    ]
    assert board.neighbours("Croatia", unit="fleet") == []
    assert board.neighbours("Croatia (North Coast)", unit="fleet") == [
        "Carniola",
        "Istria",
        "Upper Adriatic Sea",
    ]
    # 'the South coast of Croatia is accessible only via Dalmatia' (and Istria)
    assert board.neighbours("Croatia (South Coast)") == ["Dalmatia", "Istria"]
    assert board.neighbours("Venice", unit="fleet") == ["Lagoon"]
    assert board.neighbours("Lagoon", unit="army") == []


def test_straits_controlled_from_a_space(board: Board) -> None:
    controlled = {
        (k.a, k.b): k.attributes["controlled_from"]
        for k in board.links
        if k.attributes["controlled_from"] is not None
    }
    assert controlled == {
        ("Eastern Tyrrhenian Sea", "Pisa"): "Piombino",
        ("Gulf of Naples", "Ionian Sea"): "Messina",
    }


def test_the_map_draws(board: Board, tmp_path: Path) -> None:
    fig = render_board(board, tmp_path / "r.png", figsize=(4, 4.5), dpi=60)
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"
    assert not fig.axes[0].lines  # the coasts sit on their province: no lines to draw
