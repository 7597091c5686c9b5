"""Agricola on the map of Britain: the presenter the generic map view asks (GameSpec.presenter).

Each box is its tribe's territory (or its camp's disc) on the GSHHS coastline, filled in its
region's colour; its stack lists the legions (legionary units and Auxiliaries, Agricola),
the tribal units (how many, the top-most's Resistance), a leader, a Garrison or a Settlement.
A box with three or more tribal units, or two and a leader, is highlighted: it raids in
9.1. The cups show as counts only, as in the box (the legend); a presenter decides no rule.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.agricola.geography import NAMES, REGION_OF, board
from italia_kit.games.agricola.mechanics import (
    NAME,
    RESISTANCE,
    auxiliaries,
    leader_in_box,
    legionaries,
    settlement_bonus,
)
from italia_kit.games.agricola.rules import AgricolaRules
from italia_kit.games.agricola.say import sentence
from italia_kit.games.agricola.state import CUPS, AgricolaState
from italia_kit.games.agricola.tables import LEGIONS
from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import (
    BasePresenter,
    GamePanel,
    GeoBoard,
    LocationView,
    StackLine,
    area_of,
)
from italia_kit.widgets.style import ZoneStyle

FILLS = {
    "Blue": "#b9cfe8",
    "Tan": "#e8d6b0",
    "Green": "#bfdcb4",
    "Red": "#eab3ad",
    "Camps": "#d9d9d9",
}
ROMAN = "#8b1a1a"
TRIBE = "#4a4a4a"
PHASES = {
    "setup": "3.0 Set-Up",
    "turn": "5.0 Legion Actions",
    "battle": "8.0 Battle",
    "housekeeping": "9.0 Housekeeping",
    "over": "10.0 Game End",
}


class AgricolaPresenter(BasePresenter):
    """The boxes of Agricola on Britain."""

    mover_noun = "step"

    def __init__(self, game: Game[Any]) -> None:
        if not isinstance(game.rules, AgricolaRules):
            raise TypeError("the Agricola presenter shows games of Agricola")
        self._board = GeoBoard(
            tuple(area_of(zone) for zone in board()),
            center=(55.0, -3.2),
            zoom=5,
            min_zoom=4,
            max_zoom=8,
        )

    def board(self) -> GeoBoard:
        return self._board

    def lines(self, state: AgricolaState, box: int) -> list[StackLine]:
        out = []
        for k, where in enumerate(state.legion_box):
            if where == box:
                agricola = " + Agricola" if state.agricola == k else ""
                out.append(
                    StackLine(
                        ROMAN,
                        f"{LEGIONS[k]}: {len(legionaries(state, k))} "
                        f"legionary, {len(auxiliaries(state, k))} aux{agricola}",
                    )
                )
        stack = state.stacks[box]
        if stack:
            out.append(
                StackLine(TRIBE, f"{len(stack)} tribal (top: Resistance {RESISTANCE[stack[-1]]})")
            )
        leader = leader_in_box(state, box)
        if leader >= 0:
            out.append(StackLine(TRIBE, NAME[leader]))
        if state.garrison[box] >= 0:
            out.append(StackLine(ROMAN, "Garrison"))
        if state.settlement[box] >= 0:
            out.append(StackLine(ROMAN, f"Settlement +{settlement_bonus(state, box)}"))
        return out

    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        state: AgricolaState = game.state
        views = {}
        for box, name in enumerate(NAMES):
            lines = self.lines(state, box)
            units = len(state.stacks[box])
            raiding = units >= 3 or (units == 2 and leader_in_box(state, box) >= 0)
            style = ZoneStyle(FILLS[REGION_OF[box]], 0.75)
            if raiding:
                style = ZoneStyle(FILLS[REGION_OF[box]], 0.75, "#c0392b", 4)
            views[name] = LocationView(
                style=style,
                label=f'<div class="ik-label">{st.esc(name)}</div>',
                stack=tuple(lines),
                text="; ".join(line.text for line in lines),
                alert="a crowded tribe: it raids in 9.1" if raiding else None,
                alert_short="raids" if raiding else None,
            )
        return views

    def describe(self, game: Game[Any], name: str) -> list[str]:
        state: AgricolaState = game.state
        box = NAMES.index(self.location(name))
        lines = [f"{NAMES[box]} ({REGION_OF[box]})"]
        lines += [line.text for line in self.lines(state, box)] or ["empty"]
        near = sorted(board().neighbours(NAMES[box]))
        return [*lines, "movement lines to: " + ", ".join(near)]

    def legend(self, game: Game[Any]) -> str:
        state: AgricolaState = game.state
        cups = ", ".join(f"{n} {len(c)}" for n, c in zip(CUPS, state.cups, strict=True))
        keys = " &nbsp; ".join(f"{st.swatch_fill(f)}{r}" for r, f in FILLS.items())
        return (
            f'<div class="ik-legend">{keys}<br>Turn {state.turn}: {state.actions_left} Legion '
            f"Action(s), Treasury {state.treasury}, Income {state.income}, {state.vp} VP; "
            f"cups (contents hidden): {st.esc(cups)}</div>"
        )

    def phase_label(self, phase: str) -> str:
        return PHASES.get(phase, phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        return ROMAN

    def last_turn(self, game: Game[Any]) -> int | None:
        return 8

    def panel(self, game: Game[Any]) -> GamePanel | None:
        """The game's latest battle on the Tactical Display, under the map (8.0)."""
        from italia_kit.games.agricola.widgets.battle import BattlePanel

        return BattlePanel(game)

    def action_text(self, game: Game[Any], action: Action) -> str:
        return sentence(game.state, action)
