"""The classroom widgets from plain Python: MapView and TurnStepper, no browser.

What the map shows must be what the engine says: after every step the layers hold exactly
what a freshly drawn map of the same position holds (the refresh re-sends only changes, so
this is the check that nothing is missed).
"""

from __future__ import annotations

import pytest

from italia_kit.core import PassivePlayer
from italia_kit.games.italia import EndMovement, Move, Position, RemoveUnit, new_game
from italia_kit.widgets import MapPresenter, MapView, NoPresenterError, TurnStepper
from italia_kit.widgets import style as st

from .toygame import RaceRules, RaceState


def fresh_layers(view: MapView) -> dict[str, tuple[dict[str, object], str, str]]:
    return MapView(view.game).layer_data()


def test_next_phase_button_advances_the_engine_and_the_map_follows() -> None:
    stepper = TurnStepper(new_game("italia1", seed=0))
    game, view = stepper.game, stepper.mapview
    changed = 0
    for _ in range(8):
        before_where = (game.state.turn, game.state.active, game.state.phase)
        before_layers = view.layer_data()
        actions = len(game.actions)
        stepper.buttons["next phase"].click()
        assert len(game.actions) > actions
        assert (game.state.turn, game.state.active, game.state.phase) != before_where
        after = view.layer_data()
        changed += after != before_layers
        assert after == fresh_layers(view), "the refreshed map is the map of the position"
    assert changed >= 4


def test_zones_are_filled_with_the_controlling_players_colour() -> None:
    game = new_game("italia1", seed=0)
    view = MapView(game)
    world = game.rules.world  # type: ignore[attr-defined]
    assert view.polygon("Mediolanum").fill_color == st.player_fill("yellow")  # Celts (6.1)
    assert view.polygon("Rome").fill_color == st.player_fill("red")  # Romans
    assert view.polygon("Mare Tyrrhenum").fill_color == st.SEA_FILL
    assert view.polygon("Helvetia").fill_color == st.BORDERLAND_FILL
    for zone in world.board.zones:
        owners = [n for n in world.order if zone.name in world.controlled_zones(game.state, n)]
        if len(owners) == 1:
            colour = world.scenario.colour_of(owners[0])
            assert view.zone_style(zone.name).fill == st.player_fill(colour), zone.name


def test_8_0_an_over_stacked_zone_is_highlighted_with_the_arithmetic() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    legions = pos.put("Romans", "legion", "Neapolis", 5)
    game = pos.game()
    view = MapView(game)
    game.apply(Move("Romans", tuple(legions), ("Neapolis", "Lucania")))
    view.refresh()
    assert view.highlighted() == []  # during movement stacking is not checked yet (8.2)
    game.apply(EndMovement("Romans"))
    stats = view.refresh()
    assert view.highlighted() == ["Lucania"]
    assert stats.styles == 1
    poly = view.polygon("Lucania")
    assert (poly.color, poly.weight) == (st.OVER_STACKED, 5)
    tip = view.tooltip("Lucania")
    assert "5 Romans units" in tip
    assert "limit 3 (Lucania is a clear zone, 8.0)" in tip and "2 too many" in tip
    assert "ik-over" in view.stack_marker("Lucania").icon.html
    assert "limit 3 (Lucania is a clear zone, 8.0)" in view.click("Lucania")
    game.apply(RemoveUnit("Romans", legions[0]))
    game.apply(RemoveUnit("Romans", legions[1]))
    view.refresh()
    assert view.highlighted() == []
    assert view.polygon("Lucania").color != st.OVER_STACKED


def test_the_stepper_shows_the_highlight_after_its_own_step() -> None:
    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Samnium", 3)  # a mountain zone holds 2 (8.0)
    stepper = TurnStepper(pos.game(), PassivePlayer())
    events = stepper.next_action()  # the passive player ends the movement
    assert any(e.kind == "over_stacked" for e in events)
    assert stepper.mapview.highlighted() == ["Samnium"]
    assert "Samnium is a mountain zone" in stepper.mapview.tooltip("Samnium")


def test_stack_text_counts_by_type_and_names_leaders() -> None:
    pos = Position("italia1", nation="Celts", phase="movement")
    pos.put("Celts", "infantry", "Verona", 3)
    pos.put("Celts", "leader", "Verona", name="Brennus")
    pos.put("Romans", "legion", "Rome", 2)
    pos.put("Romans", "consular legion", "Rome")
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Sardoum")
    pos.aboard(fleet, "Carthaginians", "infantry", 2)
    pos.put("Samnites", "infantry", "Apulia")
    pos.put("Greeks", "infantry", "Apulia", 2)
    view = MapView(pos.game())
    assert view.stack_text("Verona") == "Celts: 3 inf, Brennus"
    assert view.stack_text("rome") == "Romans: 2 leg, 1 cons"
    assert view.stack_text("Mare Sardoum") == "Carthaginians: 1 fleet, aboard: 2 inf"
    assert view.stack_text("Apulia") == "Greeks: 2 inf; Samnites: 1 inf"  # turn order
    assert view.stack_text("Etruria") == ""
    html = view.stack_marker("Apulia").icon.html
    assert "Greeks" in html and "Samn." in html  # several nations: named
    assert view.zone_style("Apulia").dash == "4 4"  # contested


def test_a_click_shows_the_zones_details() -> None:
    game = new_game("italia1", seed=0)
    view = MapView(game)
    seen: list[str] = []
    view.on_click(seen.append)
    html = view.click("samnium")
    assert seen == ["Samnium"] and view.selected == "Samnium"
    lines = view.describe("Samnium")
    assert lines[0].startswith("Samnium: land zone, mountain terrain")
    assert "a city stands here" in lines
    assert any(line.startswith("Samnites (yellow):") for line in lines)
    assert "stacking for the Samnites: limit 2 (Samnium is a mountain zone, 8.0)" in lines
    assert lines[-1].startswith("neighbours: ") and "Apulia" in lines[-1]
    assert "Apulia" in html and html == view.details.value
    assert "no stacking limit for fleets (8.0)" in view.describe("Mare Ionium")


def test_a_zone_layer_click_reaches_the_details_pane() -> None:
    view = MapView(new_game("italia1"))
    # what ipyleaflet calls when the browser reports a click on the polygon
    view.polygon("Apulia")._handle_mouse_events(
        None, {"event": "interaction", "type": "click", "coordinates": [41.5, 15.5]}, None
    )
    assert view.selected == "Apulia" and "Apulia" in view.details.value


def test_refresh_resends_only_what_changed() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    (legion,) = pos.put("Romans", "legion", "Rome")
    pos.put("Greeks", "infantry", "Calabria")
    game = pos.game()
    view = MapView(game)
    assert view.refresh().layers == 0
    game.apply(Move("Romans", (legion,), ("Rome", "Neapolis")))
    stats = view.refresh()
    # Rome and Neapolis change colour and stack; nothing else is sent
    assert (stats.styles, stats.stacks, stats.labels) == (2, 2, 0)


def test_the_log_is_newest_first_and_every_line_starts_with_its_rule() -> None:
    stepper = TurnStepper(new_game("italia1", seed=3))
    stepper.next_nation()
    texts = stepper.log_texts()
    assert texts[0] == stepper.game.log[-1].text
    events = list(reversed(list(stepper.game.log)))[: len(texts)]
    assert all(t.startswith(e.rule) for t, e in zip(texts, events, strict=True))
    assert "ik-new" in stepper.log_view.value


def test_header_shows_turn_nation_phase_and_decision() -> None:
    stepper = TurnStepper(new_game("italia1"))
    assert "Turn 1" in stepper.header.value and "Celts" in stepper.header.value
    assert st.player_fill("yellow") in stepper.header.value
    assert "1. income and purchase" in stepper.header.value
    assert "6.2" in stepper.header_text()


def test_next_nation_back_and_jump_to_turn() -> None:
    stepper = TurnStepper(new_game("italia1", seed=1))
    game = stepper.game
    stepper.next_nation()
    assert game.state.active == "Etruscans"
    n = len(game.actions)
    stepper.next_phase()
    stepper.back()
    assert len(game.actions) == n and game.state.active == "Etruscans"
    stepper.back()
    assert len(game.actions) == 0 and game.state.active == "Celts"
    assert stepper.buttons["back"].disabled
    stepper.jump_to_turn(3)
    assert game.state.turn == 3 and game.state.active == game.state.nation_order[0]
    assert stepper.turn_input.value == 3
    stepper.jump_to_turn(2)
    assert game.state.turn == 2
    first = len(game.actions)
    game.undo(1)
    assert game.state.turn == 1, "jump_to_turn lands on the first position of the turn"
    assert first > 0
    with pytest.raises(ValueError, match="no turn 99"):
        stepper.jump_to_turn(99)


def test_a_failing_button_says_why() -> None:
    stepper = TurnStepper(new_game("italia1"))
    stepper.buttons["jump to turn"].click()  # turn 1 is where we are: nothing to undo
    assert stepper.status.value == ""
    stepper.turn_input.value = 1
    stepper.player = _Broken()
    stepper.buttons["next action"].click()
    assert "no idea" in stepper.status.value
    assert not stepper.buttons["next action"].disabled


class _Broken:
    def choose(self, game: object) -> object:
        raise ValueError("no idea what to do")


def test_tiles_are_off_by_default_and_optional() -> None:
    import ipyleaflet

    game = new_game("italia1")
    assert not any(isinstance(x, ipyleaflet.TileLayer) for x in MapView(game).map.layers)
    tiled = MapView(game, tiles=True)
    assert sum(isinstance(x, ipyleaflet.TileLayer) for x in tiled.map.layers) == 1


def test_the_map_has_one_shape_and_one_name_per_zone() -> None:
    game = new_game("italia1")
    view = MapView(game)
    zones = game.rules.world.board.names  # type: ignore[attr-defined]
    data = view.layer_data()
    assert sorted(data) == sorted(zones) and len(data) == 48
    assert all(f">{z}<" in label for z, (_, label, _) in data.items())
    assert view.redraw().layers == 3 * 48  # a full redraw sends everything


def test_a_game_without_a_registered_presenter_needs_one_given() -> None:
    from italia_kit.core import Game
    from italia_kit.games.italia.widgets import ItaliaPresenter

    race = Game(RaceRules(), RaceState())
    with pytest.raises(NoPresenterError, match="no registered game 'toy-race'"):
        MapView(race)
    with pytest.raises(TypeError, match="Italia"):
        MapView(race, ItaliaPresenter(race))


def test_the_map_finds_italia_s_presenter_through_the_registry() -> None:
    from italia_kit import games
    from italia_kit.games.italia.widgets import ItaliaPresenter

    spec = games.load("italia1", variant="hannibal_plus_2_elephants")
    assert spec.presenter == "italia_kit.games.italia.widgets.presenter:ItaliaPresenter"
    view = MapView(spec.new_game(seed=1))
    assert isinstance(view.presenter, ItaliaPresenter)
    assert isinstance(view.presenter, MapPresenter)  # the protocol, checked at run time
    assert "Carthaginians" in view.legend.value


def test_the_classroom_app_picks_a_game_and_rebuilds_map_and_stepper() -> None:
    from italia_kit.widgets.app import ClassroomApp, classroom_app, games_with_maps

    assert {"italia1", "italia2"} <= set(games_with_maps())
    app = classroom_app("italia1", seed=0)
    assert isinstance(app, ClassroomApp) and app.game_id == "italia1"
    assert dict(app.picker.options)[games_with_maps()["italia2"]] == "italia2"
    first = app.stepper
    first.next_phase()
    app.picker.value = "italia2"  # what choosing it in the dropdown does
    assert app.game_id == "italia2" and app.stepper is not first
    assert app.widget.children[1] is app.stepper.widget
    assert app.stepper.game.rules.game_id == "italia2" and not app.stepper.game.actions
    assert (
        "Visigoths" in app.stepper.header.value and "Visigoths" in app.stepper.mapview.legend.value
    )
    assert first.mapview.map.comm is None, "the old game's widgets are closed"
    assert app.pick("Italia1").game.rules.game_id == "italia1"
    with pytest.raises(ValueError, match="no game 'chess' with a map"):
        app.pick("chess")
