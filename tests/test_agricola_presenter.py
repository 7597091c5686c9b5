"""Agricola's map presenter: the boxes on Britain, their stacks, the cups as counts."""

from __future__ import annotations

from italia_kit.core import RandomPlayer, play
from italia_kit.games.agricola import new_game
from italia_kit.widgets.presenter import GeoBoard, presenter_for


def test_the_presenter_draws_19_areas_on_britain_and_a_stack_per_box() -> None:
    game = new_game(5)
    presenter = presenter_for(game)
    board = presenter.board()
    assert isinstance(board, GeoBoard) and len(board.areas) == 19
    views = presenter.snapshot(game)
    assert set(views) == {a.name for a in board.areas}
    assert "II Augusta" in views["Isca Augusta"].text
    assert any("tribal" in v.text for v in views.values())
    assert presenter.describe(game, "silures")[0] == "Silures (Tan)"


def test_a_refresh_names_the_boxes_that_changed_and_the_legend_hides_the_cups() -> None:
    game = new_game(5)
    presenter = presenter_for(game)
    before = presenter.snapshot(game)
    play(game, RandomPlayer(5), max_actions=12)
    now = presenter.snapshot(game)
    changed = list(presenter.changed(before, now))
    assert changed and all(before[n] != now[n] for n in changed)
    legend = presenter.legend(game)
    assert "Hostile" in legend and "Caledonii" not in legend
    assert presenter.phase_label("housekeeping") == "9.0 Housekeeping"
