"""The Medieval Italia presenter: the generic map view's picture of the game."""

from __future__ import annotations

from italia_kit.games.medieval.actions import Move
from italia_kit.games.medieval.position import position
from italia_kit.games.medieval.spec import new_game
from italia_kit.games.medieval.widgets.presenter import MedievalPresenter
from italia_kit.widgets.presenter import GeoBoard, presenter_for


def test_presenter_1_found_through_the_registry_with_every_location() -> None:
    game = new_game(seed=1)
    presenter = presenter_for(game)
    assert isinstance(presenter, MedievalPresenter)
    board = presenter.board()
    assert isinstance(board, GeoBoard)
    assert {a.name for a in board.areas} == set(presenter.snapshot(game))
    assert presenter.last_turn(game) == 13


def test_presenter_2_a_move_changes_the_two_areas_it_touches() -> None:
    game = position({"Lombards": {"Milan": 2}}, active="Lombards")
    presenter = MedievalPresenter(game)
    before = presenter.snapshot(game)
    unit = game.state.units_in("Milan", "Lombards")[0].id
    game.apply(Move("Lombards", unit, "Brescia"))
    middle = presenter.snapshot(game)
    assert set(presenter.changed(before, middle)) == {"Milan", "Brescia"}
    game.apply(Move("Lombards", game.state.units_in("Milan", "Lombards")[0].id, "Novara"))
    now = presenter.snapshot(game)
    assert set(presenter.changed(middle, now)) == {"Milan", "Novara"}
    assert now["Brescia"].text == "Lombards: 1" and now["Milan"].text == ""


def test_presenter_3_details_name_the_terrain_of_the_turn_and_the_legend_the_factions() -> None:
    game = position({"Lombards": {"Mantua": 1}}, active="Lombards", turn=7)
    presenter = MedievalPresenter(game)
    lines = presenter.describe(game, "mantua")
    assert lines[0] == "Mantua: land, marsh on turn 7" and "fortress" in lines[1]
    legend = presenter.legend(game)
    assert all(f in legend for f in ("One", "Two", "Three", "Four"))
    assert presenter.phase_label("movement") == "2. movement"
