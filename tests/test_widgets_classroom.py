"""The classroom of issue 15 from plain Python: who plays (the greedy bot by default, a
colour by hand from a list of sentences whose zones the map outlines), the winner named at
the end, labels laid out without overlaps, the wheel and the reset view. The browser test
(tests/test_browser.py) checks the same on the page."""

from __future__ import annotations

import pytest

from italia_kit.games.italia import new_game
from italia_kit.games.italia.greedy import GreedyPlayer
from italia_kit.widgets import MapView, TurnStepper
from italia_kit.widgets import style as st
from italia_kit.widgets.app import ClassroomApp
from italia_kit.widgets.layout import boxes_overlap, label_size, stack_size
from italia_kit.widgets.seats import HUMAN, result_text, spec_of


def test_the_stepper_plays_with_the_game_s_greedy_bot_by_default() -> None:
    stepper = TurnStepper(new_game("italia1", seed=2), seed=2)
    assert isinstance(stepper.player, GreedyPlayer) and stepper.player.seed == 2


def test_a_colour_played_by_hand_chooses_from_sentences_the_map_outlines() -> None:
    app = ClassroomApp("italia1", seed=1)
    assert set(app.seat_pickers) == {"red", "yellow", "blue"}
    assert all(p.value == "greedy" for p in app.seat_pickers.values())
    app.play_seat("yellow", "human")  # the Celts, who play first
    stepper = app.stepper
    assert stepper.waiting_for() == "yellow" and stepper.buttons["next phase"].disabled
    assert stepper.next_phase() == [], "the buttons play nothing for a colour played by hand"
    texts = stepper.chooser.texts()
    assert "the Celts buy an infantry" in texts and "the Celts buy nothing more" in texts
    assert not any("Buy(" in t for t in texts)
    city = next(i for i, t in enumerate(texts) if t.startswith("the Celts buy a city in "))
    stepper.chooser.choose(city)
    zone = texts[city].rsplit(" ", 1)[1]
    assert stepper.mapview.marked == (zone,)
    assert stepper.mapview.style_of(zone).stroke == st.MARKED
    events = stepper.chooser.play()
    assert events and events[0].rule == "6.2" and f"a city in {zone}" in events[0].text
    assert stepper.mapview.marked == ()
    stepper.back()  # an action given by hand is a step
    assert not stepper.game.actions
    with pytest.raises(ValueError, match="no player 'clever'"):
        app.play_seat("yellow", "clever")
    app.pick("italia2")  # another game: its own colours to choose players for
    assert set(app.seat_pickers) == {"red", "yellow", "green", "blue"}
    top = app.widget.children[0]
    assert app.picker in top.children and app.seats_box in top.children  # type: ignore[attr-defined]
    assert tuple(app.seats_box.children) == tuple(app.seat_pickers.values())


def test_a_click_keeps_the_actions_of_the_zone_clicked() -> None:
    stepper = TurnStepper(new_game("italia1", seed=1), players={"yellow": HUMAN})
    stepper.mapview.click("Mediolanum")
    assert stepper.mapview.style_of("Mediolanum").stroke == st.SELECTED
    texts = stepper.chooser.texts()
    assert texts and all("Mediolanum" in t for t in texts)
    stepper.chooser.show_all()
    assert len(stepper.chooser.texts()) > len(texts)


def test_the_end_of_the_game_names_the_winner_and_the_score() -> None:
    stepper = TurnStepper(new_game("italia1", seed=3), seed=3)
    stepper.jump_to_turn(10)
    while not stepper.game.is_over:
        stepper.next_nation()
    text = stepper.result()
    assert text == result_text(spec_of(stepper.game), stepper.game)
    scores = spec_of(stepper.game).scores(stepper.game)
    winner = max(scores, key=lambda s: scores[s])
    assert text.startswith(f"{winner} wins with {scores[winner]:g} VP")
    assert all(seat in text for seat in scores)
    assert "The game is over" in stepper.header.value and text in stepper.header_text()
    assert stepper.turn_input.value == 10


def test_names_and_stacks_overlap_nothing_at_the_first_zoom() -> None:
    game = new_game("italia2", seed=1)
    view = MapView(game)
    layout = view._layout
    assert layout is not None
    boxes = []
    for name, seen in view._views.items():
        placed = view.placed(name)
        assert placed is not None
        for (lat, lon), (w, h) in [(placed.label, label_size(seen.label))] + (
            [(placed.stack, stack_size(seen))] if seen.stack else []
        ):
            x, y = layout.pixel(lon, lat)
            boxes.append((name, (x - w / 2, y - h / 2, x + w / 2, y + h / 2)))
    crossing = [
        (a, b) for i, (a, p) in enumerate(boxes) for b, q in boxes[i + 1 :] if boxes_overlap(p, q)
    ]
    assert crossing == []


def test_the_wheel_zooms_after_a_click_and_reset_view_returns() -> None:
    view = MapView(new_game("italia1"))
    assert not view.map.scroll_wheel_zoom, "the wheel scrolls the page at first"
    view._interaction(type="click", coordinates=[42.0, 12.0])
    assert view.map.scroll_wheel_zoom
    view.map.zoom, view.map.center = 8, [40.0, 16.0]
    view._interaction(type="mouseout", coordinates=[42.0, 12.0])
    assert not view.map.scroll_wheel_zoom
    view.reset_button.click()
    assert (tuple(view.map.center), view.map.zoom) == view.home
