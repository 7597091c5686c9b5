"""Medieval Italia on the generic map view: areas coloured by the faction that holds them,
stacks by power, battles due and submissions shown; France and Austria as small squares
beside the frame (they are boxes with no polygon on the board).

>>> from italia_kit.games.medieval.spec import new_game
>>> p = MedievalPresenter(new_game(seed=1))
>>> len(p.board().areas), p.snapshot(new_game(seed=1))["Rome"].text
(47, 'Romans: 1')
"""

from __future__ import annotations

from functools import cache
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.medieval.rules import MedievalRules
from italia_kit.games.medieval.say import sentence
from italia_kit.games.medieval.state import MedievalState
from italia_kit.geo import Board
from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import (
    Area,
    BasePresenter,
    GeoBoard,
    LocationView,
    Moment,
    StackLine,
    area_of,
)

#: the faction colours (reconstructed after Mediterranea's, scenario.yaml) as map fills
FILLS = {"white": "#d9d9d9", "yellow": "#f2d04b", "green": "#74c476", "orange": "#f59c42"}
PHASES = {
    "place": "1. population, minima and arrivals",
    "movement": "2. movement",
    "battle": "3. battles",
    "next": "nation-turn ends",
    "start": "set-up",
    "end": "game over",
}
#: the half-width of an arrival box's square, degrees
BOX_HALF = 0.25


@cache
def _board(board: Board) -> GeoBoard:
    areas: list[Area] = []
    for zone in board.zones:
        if zone.kind == "box":
            x, y = zone.position if zone.position is not None else (0.0, 0.0)
            ring = ((x - BOX_HALF, y - BOX_HALF), (x + BOX_HALF, y - BOX_HALF),
                    (x + BOX_HALF, y + BOX_HALF), (x - BOX_HALF, y + BOX_HALF))  # fmt: skip
            areas.append(Area(zone.name, ((ring,),), (x, y + 0.05), (x, y - 0.1), "ik-below"))
        else:
            areas.append(area_of(zone))
    # the layout places every name and stack of the opening apart from zoom 6.25 (its readable
    # zoom, italia_kit.widgets.framing): the map opens there (the whole board at 1600x1200)
    # after one layout, centred here when the whole board does not fit (1366x768)
    return GeoBoard(tuple(areas), center=(41.9, 12.5), zoom=6.25, readable_from=6.25)


class MedievalPresenter(BasePresenter):
    """The game on the map of ``geodata/medieval.*``."""

    mover_noun = "power"

    def __init__(self, game: Game[Any]) -> None:
        if not isinstance(game.rules, MedievalRules):
            raise TypeError(f"not a game of Medieval Italia: {game.rules!r}")
        self.world = game.rules.world

    def board(self) -> GeoBoard:
        return _board(self.world.board)

    def _fill(self, power: str) -> str:
        colour = self.world.scenario.colours.get(self.world.faction(power), "")
        return FILLS.get(colour, st.UNKNOWN_FILL)

    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        state: MedievalState = game.state
        w = self.world
        by_zone: dict[str, dict[str, list[int]]] = {}
        for u in state.units.values():
            counts = by_zone.setdefault(u.zone, {}).setdefault(u.power, [0, 0])
            counts[u.is_leader] += 1
        battle = state.battle["zone"] if state.battle else None
        due = {z for z, _ in state.battles}
        subs = {s["submitter"] for s in state.submissions}
        views = {}
        for zone in w.board.zones:
            name = zone.name
            here = by_zone.get(name, {})
            powers = [p for p in w.order if p in here]
            kind = "sea" if zone.kind == "sea" else "borderland" if zone.kind == "box" else "land"
            over = any(here[p][0] > w.scenario.stack_limit for p in powers) and kind == "land"
            fills = tuple(self._fill(p) for p in powers)
            lines = tuple(
                StackLine(
                    self._fill(p),
                    f"{here[p][0]}"
                    + (f"+{here[p][1]}L" if here[p][1] else "")
                    + (" (sub.)" if p in subs else ""),
                    st.short_name(p),
                )
                for p in powers
            )
            text = "; ".join(
                f"{p}: {here[p][0]}" + (f" and {here[p][1]} leader(s)" if here[p][1] else "")
                for p in powers
            )
            fighting = name == battle or name in due
            views[name] = LocationView(
                style=st.portray_zone(kind, fills, over_stacked=over, combat_due=fighting),
                label=f'<div class="ik-label">{st.esc(name)}</div>',
                stack=lines,
                text=text,
                alert="a battle is being fought here" if name == battle else None,
                alert_short="battle" if name == battle else None,
            )
        return views

    def describe(self, game: Game[Any], name: str) -> list[str]:
        state: MedievalState = game.state
        w = self.world
        zone = w.board.zone(name)
        terrain = w.terrain(zone.name, state.turn) if zone.kind == "land" else zone.kind
        lines = [f"{zone.name}: {zone.kind}, {terrain} on turn {state.turn}"]
        if zone.name == "Mantua":
            lines.append("the fortress: clear on turns 1-6, marsh after (rule text)")
        for p in w.order:
            units = state.units_in(zone.name, p)
            if units:
                lines.append(f"the {p} ({w.faction(p)}): " + ", ".join(u.label() for u in units))
        held = [p for p in w.order if zone.name in w.controlled(state, p)]
        if held:
            lines.append(f"held by the {held[0]}")
        lines.append("next to: " + ", ".join(w.neighbours(zone.name)))
        return lines

    def legend(self, game: Game[Any]) -> str:
        sc = self.world.scenario
        keys = " &nbsp; ".join(
            f"{st.swatch_fill(FILLS[sc.colours[f]])}{f}" for f in sc.players if f in sc.colours
        )
        return f'<div class="ik-legend">{keys}</div>'

    def moment(self, state: Any) -> Moment:
        return Moment(state.turn, state.active, state.phase)

    def phase_label(self, phase: str) -> str:
        return PHASES.get(phase, phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        if not mover:
            return ""
        return FILLS.get(self.world.scenario.colours.get(self.world.faction(mover), ""), "")

    def last_turn(self, game: Game[Any]) -> int | None:
        return self.world.scenario.last_turn

    def action_text(self, game: Game[Any], action: Action) -> str:
        return sentence(game.state, action)
