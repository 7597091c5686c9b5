"""The score pad from plain Python (2.5, 11.0): the engine's pad as a table with shaded
boxes, the points per player colour, a line chart, and a pad that follows the stepper."""

from __future__ import annotations

import math
import re

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import Position, new_game, scores_by_turn
from italia_kit.games.italia.widgets import ScorePad
from italia_kit.games.italia.widgets.scorepad import SHADED
from italia_kit.widgets import TurnStepper
from italia_kit.widgets import style as st

PNG = b"\x89PNG\r\n\x1a\n"


def played_to_turn(turn: int, seed: int = 0):  # type: ignore[no-untyped-def]
    game = new_game("italia1", seed=seed)
    player = RandomPlayer(seed=seed)
    while game.state.turn < turn:
        game.apply(player.choose(game))
    return game


def test_the_pad_is_the_engines_pad_by_nation_and_turn() -> None:
    game = played_to_turn(4)
    pad = ScorePad(game)
    table = pad.table()
    assert table.shape == (12, 12)  # 12 nations; colour, turns 1-10, total
    assert table.equals(scores_by_turn(game))
    assert pad.scoring_turns == [3, 5, 7, 9, 10]  # 11.0; the Optimates and Populares on 10
    assert pad.played_to == 4
    colours = pad.by_colour()
    assert list(colours.index) == ["red", "yellow", "blue"]
    assert colours["total"].sum() == table["total"].sum()
    assert list(pad.cumulative().columns) == [1, 2, 3, 4]  # the chart stops at this turn


def test_boxes_a_nation_cannot_score_in_are_shaded() -> None:
    game = played_to_turn(2)
    pad = ScorePad(game)
    assert math.isnan(pad.table().at["Cimbri", 1])  # the Cimbri arrive on turn 8
    html = pad.table_view.value
    assert f"background-color:{SHADED}" in html.replace(": ", ":")
    # the Styler gathers the boxes with one style under one CSS rule
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", pad.styler().to_html())
    (selectors,) = [sel for sel, props in rules if SHADED in props]
    nan_boxes = pad.table()[pad.turns].isna()
    assert selectors.count("_row") == int(nan_boxes.sum().sum())
    cimbri = list(pad.table().index).index("Cimbri")
    assert re.search(rf"_row{cimbri}_col1\b", selectors)  # turn 1: column 1 (0: the colour)
    assert st.player_fill("blue") in html  # nations marked with their player colour
    assert "2 ★" not in html and "3 ★" in html  # the scoring turns (11.0)


def test_the_chart_draws_one_line_per_player_colour() -> None:
    pad = ScorePad(played_to_turn(4))
    assert bytes(pad.chart.value).startswith(PNG)
    assert pad.figure is not None
    lines = pad.figure.axes[0].get_lines()
    assert [line.get_color() for line in lines] == [
        st.player_fill(c) for c in pad.by_colour().index
    ]
    assert all(len(line.get_xdata()) == 4 for line in lines)


def test_the_11_0_example_lands_in_the_etruscans_box_of_turn_5() -> None:
    pos = Position("italia1", turn=5, nation="Romans", phase="combat")
    for zone in ("Pavia", "Ravenna", "Etruria", "Corfinium"):
        pos.put("Etruscans", "infantry", zone)
    pos.city("Etruria", "Pavia", "Corfinium")
    pad = ScorePad(pos.game())
    assert pad.table().at["Etruscans", 5] == 9.0
    assert pad.by_colour().at["blue", "total"] >= 9.0


def test_refresh_redraws_only_when_the_pad_changed_and_follows_the_stepper() -> None:
    stepper = TurnStepper(new_game("italia1", seed=1))
    pad = ScorePad(stepper.game).follow(stepper)
    assert not pad.refresh()  # nothing happened
    before = pad.title.value
    stepper.jump_to_turn(4)  # the scoring of turn 3 happened on the way
    assert pad.played_to == 4 and pad.title.value != before
    assert pad.by_colour()["total"].sum() > 0
    assert "turn 4" in pad.title.value
    stepper.back()
    assert pad.played_to == 1
