"""The Renaissance-Italy map presenter: every space drawn, coloured by its controller,
its units listed, rebellions, sieges and famine as alerts; found through the registry."""

from __future__ import annotations

from italia_kit import games
from italia_kit.games.renaissance.widgets.presenter import POWER_COLOURS, RenaissancePresenter
from italia_kit.widgets.presenter import GeoBoard, MapPresenter, presenter_for


def test_the_presenter_draws_every_space_with_its_units() -> None:
    game = games.load("renaissance", years=1).new_game(seed=1)
    presenter = RenaissancePresenter(game)
    assert isinstance(presenter, MapPresenter)
    board = presenter.board()
    assert isinstance(board, GeoBoard) and len(board.areas) == 81
    views = presenter.snapshot(game)
    assert views["Milan"].style.fill == POWER_COLOURS["Milan"]
    assert "Milanese A" in views["Milan"].text
    assert "Venetian G" in views["Venice"].text
    assert presenter.describe(game, "Genoa")[0].startswith("Genoa: province")


def test_alerts_and_changes() -> None:
    game = games.load("renaissance", years=1).new_game(seed=1)
    presenter = RenaissancePresenter(game)
    before = presenter.snapshot(game)
    game.state.rebellions["Pavia"] = "Milan"
    now = presenter.snapshot(game)
    assert now["Pavia"].alert and "rebels against Milan" in now["Pavia"].alert
    assert list(presenter.changed(before, now)) == ["Pavia"]


def test_the_map_finds_the_presenter_through_the_registry() -> None:
    game = games.load("renaissance", years=1).new_game(seed=1)
    assert isinstance(presenter_for(game), RenaissancePresenter)
