"""A board of boxes and lines for the toy dice race (tests/toygame.py): the map presenter a
box-board game gives the generic views (the one tests/toygame.py's ``race_spec`` names).

The track is five boxes in a row (Start, 1-10, 11-20, 21-30, Finish) joined by lines, the
last one double; a player who stopped sits on the Bench, below the middle of the track.
Each player's token is a stack ("A: 12") in the box of their score; the Finish box is
highlighted once someone is past 30 (the race is over).
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game
from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import BasePresenter, Box, BoxBoard, Line, LocationView, StackLine

from .toygame import RaceRules, RaceState

COLOURS = {"A": "red", "B": "blue"}
TRACK = ("Start", "1-10", "11-20", "21-30", "Finish")
BOARD = BoxBoard(
    boxes=(
        *(Box(name, 12.0 * i, 0.0, 10.0, 6.0) for i, name in enumerate(TRACK)),
        Box("Bench", 24.0, 14.0, 10.0, 6.0),
    ),
    lines=(
        Line("Start", "1-10"),
        Line("1-10", "11-20"),
        Line("11-20", "21-30"),
        Line("21-30", "Finish", double=True),
        Line("11-20", "Bench", double=True),
    ),
)


def box_of(state: RaceState, player: str) -> str:
    """Where a player's token stands."""
    if player in state.stopped:
        return "Bench"
    score = state.scores[player]
    return "Start" if score == 0 else "Finish" if score > 30 else TRACK[(score - 1) // 10 + 1]


class RacePresenter(BasePresenter):
    """The race on its board of boxes."""

    mover_noun = "player"

    def __init__(self, game: Game[Any]) -> None:
        if not isinstance(game.rules, RaceRules):
            raise TypeError("the race presenter shows the toy race")

    def board(self) -> BoxBoard:
        return BOARD

    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        state: RaceState = game.state
        where = {p: box_of(state, p) for p in RaceState.PLAYERS}
        views = {}
        for box in BOARD.boxes:
            here = [p for p in RaceState.PLAYERS if where[p] == box.name]
            over = box.name == "Finish" and bool(here)
            views[box.name] = LocationView(
                style=st.portray_zone("land", tuple(COLOURS[p] for p in here), over_stacked=over),
                label=f'<div class="ik-label">{st.esc(box.name)}</div>',
                stack=tuple(
                    StackLine(COLOURS[p], str(state.scores[p]), p if len(here) > 1 else "")
                    for p in here
                ),
                text="; ".join(f"{p}: {state.scores[p]}" for p in here),
                alert="past 30: the race is over (R4)" if over else None,
                alert_short="race over" if over else None,
            )
        return views

    def describe(self, game: Game[Any], name: str) -> list[str]:
        state: RaceState = game.state
        here = [p for p in RaceState.PLAYERS if box_of(state, p) == name]
        lines = [f"{name}: a box of the race track"]
        lines += [f"{p} has {state.scores[p]}" for p in here] or ["nobody here"]
        near = [
            line.b if line.a == name else line.a for line in BOARD.lines if name in (line.a, line.b)
        ]
        return [*lines, "next to: " + ", ".join(near)]

    def legend(self, game: Game[Any]) -> str:
        keys = " &nbsp; ".join(f"{st.swatch(c)}{p}" for p, c in COLOURS.items())
        return f'<div class="ik-legend">{keys}</div>'

    def phase_label(self, phase: str) -> str:
        return {"race": "R1. the race"}.get(phase, phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        return COLOURS.get(mover, "")
