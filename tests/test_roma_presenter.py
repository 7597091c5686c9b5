"""Roma's map presenter (italia_kit/games/roma/widgets/presenter.py) in the generic map view:
found through the registry, every territory and sea zone drawn, controllers' colours, stacks,
capitals and Provinces, the legend with pacts and alliances, the stepper's moments."""

from __future__ import annotations

from italia_kit import games
from italia_kit.core import RandomPlayer
from italia_kit.games.roma.widgets import RomaPresenter
from italia_kit.widgets.mapview import MapView
from italia_kit.widgets.presenter import GeoBoard, MapPresenter


def _played(n: int = 300):  # type: ignore[no-untyped-def]
    game = games.load("roma", players=3).new_game(seed=2)
    player = RandomPlayer(2)
    for _ in range(n):
        game.apply(player.choose(game))
    return game


def test_the_map_view_finds_romas_presenter_and_draws_60_zones() -> None:
    game = _played()
    view = MapView(game)
    assert isinstance(view.presenter, RomaPresenter)
    assert isinstance(view.presenter, MapPresenter)
    board = view.presenter.board()
    assert isinstance(board, GeoBoard) and len(board.areas) == 60
    assert "ITALIA" in view.legend.value and "VP" in view.legend.value


def test_snapshots_show_control_stacks_capitals_and_provinces() -> None:
    game = _played()
    presenter = RomaPresenter(game)
    snap = presenter.snapshot(game)
    assert len(snap) == 60
    state = game.state
    capital = "Roma"
    assert "★" in snap[capital].label and snap[capital].label.startswith(
        '<div class="ik-label">11 '
    )
    tent = next(iter(state.tents))
    assert "▲" in snap[tent].label
    with_legions = [t for t, here in state.legions.items() if here]
    assert with_legions and all("leg" in snap[t].text for t in with_legions)
    player = RandomPlayer(5)
    before = snap
    for _ in range(20):
        game.apply(player.choose(game))
    changed = set(presenter.changed(before, presenter.snapshot(game)))
    assert changed <= set(snap)


def test_details_legend_and_the_stepper() -> None:
    game = _played()
    presenter = RomaPresenter(game)
    lines = presenter.describe(game, "roma")
    assert lines[0] == "11 Roma: territory" and any("capital of ITALIA" in x for x in lines)
    assert presenter.describe(game, "Mare Tyrrhenum")[0] == "G Mare Tyrrhenum: sea zone"
    moment = presenter.moment(game.state)
    assert moment.mover == game.state.active and moment.turn == game.state.turn
    assert presenter.phase_label("recruit") == "7.2 Recruitment"
    assert presenter.colour_of(game, "ITALIA").startswith("#")
    assert presenter.last_turn(game) == 10
    game.state.pacts.append(["ITALIA", "CARTAGINE"])
    assert "CARTAGINE may not attack ITALIA" in presenter.legend(game)
