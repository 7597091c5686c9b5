"""The Medieval Italia presenter (on the Italia engine): the generic map view's picture of
the game: stacks, battles, submissions and scoring."""

from __future__ import annotations

import pytest

from italia_kit import games
from italia_kit.games.italia import new_game as new_italia_game
from italia_kit.games.italia.actions import EndMovement, Move
from italia_kit.games.medieval.spec import new_game
from italia_kit.games.medieval.tutorial import position
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
    with pytest.raises(TypeError, match="not a game of Medieval Italia"):
        MedievalPresenter(new_italia_game("italia1", seed=1))


def test_presenter_2_a_move_changes_the_two_areas_it_touches() -> None:
    game = position({"Lombards": {"Milan": 2}}, active="Lombards")
    presenter = MedievalPresenter(game)
    before = presenter.snapshot(game)
    first, second = sorted(u.id for u in game.state.units_in("Milan", "Lombards"))
    game.apply(Move("Lombards", (first,), ("Milan", "Brescia")))
    middle = presenter.snapshot(game)
    assert set(presenter.changed(before, middle)) == {"Milan", "Brescia"}
    game.apply(Move("Lombards", (second,), ("Milan", "Novara")))
    now = presenter.snapshot(game)
    assert set(presenter.changed(middle, now)) == {"Milan", "Novara"}
    assert now["Brescia"].text == "Lombards: 1" and now["Milan"].text == ""


def test_presenter_3_details_name_the_terrain_of_the_turn_and_the_legend_the_factions() -> None:
    """S6: Mantua's fortress is marsh on turn 7; the legend names every faction with its
    VP, the phases are the variant's."""
    game = position({"Lombards": {"Mantua": 1}}, active="Lombards", turn=7)
    presenter = MedievalPresenter(game)
    lines = presenter.describe(game, "Mantua")
    assert lines[0] == "Mantua: land, marsh on turn 7" and "fortress" in lines[1]
    legend = presenter.legend(game)
    assert all(f"{f} 0 VP" in legend for f in ("One", "Two", "Three", "Four"))
    assert presenter.phase_label("movement") == "2. movement"
    assert presenter.phase_label("combat") == "3. battles"


def test_presenter_4_battles_due_submissions_and_the_areas_worth() -> None:
    """A battle due is marked on its area; a submitter's stack says "(sub.)"; the details
    give what the area is worth on the award tables of the turn (M-V4) and who holds it."""
    game = position(
        {"Lombards": {"Brescia": 2, "Milan": 1}, "Milanese": {"Novara": 1}, "Papacy": {"Rome": 1}},
        active="Lombards",
        turn=4,
        submissions=[("Papacy", "Lombards", False, False)],
    )
    presenter = MedievalPresenter(game)
    troops = sorted(u.id for u in game.state.units_in("Brescia", "Lombards"))
    game.apply(Move("Lombards", tuple(troops), ("Brescia", "Milan", "Novara")))
    game.apply(EndMovement("Lombards"))
    views = presenter.snapshot(game)
    assert views["Novara"].style != views["Turin"].style  # the battle due is marked
    assert [s.text for s in views["Rome"].stack] == ["1 (sub.)"]
    details = presenter.describe(game, "Milan")
    assert "held by the Lombards" in details
    assert "worth 3 VP to the Lombards on turn 4 (M-V4 awards)" in details


def test_presenter_5_the_sentences_and_locations_of_actions() -> None:
    game = position({"Lombards": {"Milan": 2}}, active="Lombards")
    presenter = MedievalPresenter(game)
    (first, _) = sorted(u.id for u in game.state.units_in("Milan", "Lombards"))
    move = Move("Lombards", (first,), ("Milan", "Brescia"))
    assert presenter.action_text(game, move) == (
        f"Lombards: move army #{first} from Milan into Brescia (movement points)"
    )
    assert presenter.action_locations(game, move) == ("Milan", "Brescia")


def test_presenter_6_the_map_views_legend_follows_the_factions_vp() -> None:
    """The legend gives how the factions stand: the map view asks it again on each refresh
    (re-sent only when its text changed), so the VP of the awards scored show."""
    from italia_kit.core import RandomPlayer
    from italia_kit.widgets.mapview import MapView

    game = new_game(seed=2)
    view = MapView(game)
    assert "Four 0 VP" in view.legend.value
    player = RandomPlayer(2)
    while not game.log.of_kind("vp"):
        game.apply(player.choose(game))
    view.refresh()
    scores = games.load("medieval").scores(game)
    assert any(v > 0 for v in scores.values())
    assert all(f"{f} {v:g} VP" in view.legend.value for f, v in scores.items())
