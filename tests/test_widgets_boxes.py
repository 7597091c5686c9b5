"""The generic views on a board without geography: boxes joined by single and double lines
(the toy race of tests/toyboard.py), found through the registry like any game's, driven by
the stepper with the game's own notion of turn, mover and phase."""

from __future__ import annotations

from collections.abc import Iterator

import ipyleaflet
import pytest

from italia_kit.core import Game, PassivePlayer
from italia_kit.widgets import MapPresenter, MapView, TurnStepper
from italia_kit.widgets import style as st
from italia_kit.widgets.app import games_with_maps

from .toyboard import BOARD, RacePresenter
from .toygame import RaceState, Roll, Stop, race_spec
from .toys import registered as toys_registered


@pytest.fixture
def registered() -> Iterator[None]:
    with toys_registered():
        yield


def race(seed: int = 1) -> Game[RaceState]:
    return race_spec().new_game(seed=seed)


def test_boxes_and_lines_are_drawn_without_tiles_on_a_plain_projection() -> None:
    game = race()
    view = MapView(game, RacePresenter(game))
    assert isinstance(view.presenter, MapPresenter)
    assert view.map.crs == ipyleaflet.projections.Simple
    assert not any(isinstance(x, ipyleaflet.TileLayer) for x in view.map.layers)
    assert view.locations == [b.name for b in BOARD.boxes]
    # a box is a rectangle: y grows downwards on the board, upwards on the map
    assert view.polygon("1-10").locations == [[[(0, 12), (0, 22), (-6, 22), (-6, 12)]]]
    lines = {x.name: x for x in view.map.layers if x.name == "lines"}["lines"].layers
    names = sorted(x.name for x in lines)
    assert len(lines) == 3 + 2 * 2, "three single lines, two double ones"
    assert "line 21-30 - Finish (1 of 2)" in names and "line Start - 1-10" in names
    single = next(x for x in lines if x.name == "line Start - 1-10")
    assert single.locations == [(-3, 10), (-3, 12)], "cut at the two boxes' edges"
    strokes = [x.locations for x in lines if x.name.startswith("line 11-20 - Bench")]
    assert {p[1] for s in strokes for p in s} == {29 - 0.24, 29 + 0.24}, "side by side"
    with pytest.raises(ValueError, match="no geography"):
        MapView(game, RacePresenter(game), tiles=True)


def test_stacks_styles_and_the_legend_come_from_the_presenter() -> None:
    game = race()
    view = MapView(game, RacePresenter(game))
    assert view.stack_text("start") == "A: 0; B: 0"
    html = view.stack_marker("Start").icon.html
    assert "<b>A</b> 0" in html and st.player_fill("blue") in html  # two players: named
    assert view.zone_style("Start").dash == "4 4"  # two colours in one box
    assert view.stack_marker("Bench").icon.html == ""  # no token: no marker
    assert st.player_fill("red") in view.legend.value
    assert view.click("11-20").count("<li>") == 2
    assert view.describe("11-20")[-1] == "next to: 1-10, 21-30, Bench"
    with pytest.raises(KeyError, match="no location 'Rome'"):
        view.click("Rome")


def test_refresh_resends_only_the_boxes_that_changed() -> None:
    game = race()
    view = MapView(game, RacePresenter(game))
    assert view.refresh().layers == 0
    game.apply(Roll("A"))  # A leaves Start for 1-10
    stats = view.refresh()
    assert (stats.styles, stats.stacks, stats.labels) == (2, 2, 0)
    assert view.stack_text("Start") == "B: 0" and view.stack_text("1-10").startswith("A: ")
    assert view.layer_data() == MapView(game, RacePresenter(game)).layer_data()
    game.apply(Stop("B"))
    view.refresh()
    assert view.stack_text("Bench") == "B: 0" and view.highlighted() == []


def test_a_highlighted_box_carries_its_warning() -> None:
    game = race()
    game.state.scores["A"] = 31
    view = MapView(game, RacePresenter(game))
    assert view.highlighted() == ["Finish"]
    assert view.tooltip("Finish") == "past 30: the race is over (R4)"
    assert "ik-over" in view.stack_marker("Finish").icon.html
    assert view.polygon("Finish").color == st.OVER_STACKED


@pytest.mark.usefixtures("registered")
def test_the_registry_gives_the_map_and_the_app_the_race_s_presenter() -> None:
    view = MapView(race())
    assert isinstance(view.presenter, RacePresenter)
    assert games_with_maps()["toy-race"] == "A toy dice race on a board of boxes"


@pytest.mark.usefixtures("registered")
def test_the_stepper_drives_the_race_with_its_own_turns_movers_and_phases() -> None:
    stepper = TurnStepper(race(seed=2))
    game = stepper.game
    assert "next player" in stepper.buttons and "next nation" not in stepper.buttons
    assert "R1. the race" in stepper.header.value and st.player_fill("red") in stepper.header.value
    assert stepper.header_text().startswith("Turn 1 · A · phase R1. the race (race)")
    stepper.next_phase()  # the mover changes after every action of the race
    assert len(game.actions) == 1 and game.state.actor == "B"
    stepper.buttons["next player"].click()
    assert len(game.actions) == 2
    stepper.back()
    assert len(game.actions) == 1
    stepper.jump_to_turn(5)
    assert game.state.turn == 5 or game.is_over
    stepper.jump_to_turn(2)
    assert game.state.turn == 2 and len(game.actions) == 1
    assert stepper.mapview.layer_data() == MapView(game).layer_data()


@pytest.mark.usefixtures("registered")
def test_players_by_seat_decide_for_their_seat() -> None:
    stepper = TurnStepper(race(), PassivePlayer(), players={"B": _Stopper()})
    for _ in range(4):
        stepper.next_action()
    assert stepper.game.state.stopped == ["B"], "B's player stops at once"
    assert stepper.game.state.scores["A"] > 0, "the others' player rolls (its first action)"


class _Stopper:
    def choose(self, game: Game[RaceState]) -> Stop:
        return Stop(game.state.actor)
