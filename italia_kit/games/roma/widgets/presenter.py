"""How Roma's board looks: the map presenter of ``roma`` (``GameSpec.presenter``).

Territories are filled with the colour of the population that controls them (the colours of
``populations.json``), sea zones are water; labels give the printed number and the name, a ★
for a capital and a ▲ for a Province marker (4.3: a tent, in a glyph every font draws, since
the offline browser has no emoji font for a tent); stacks give each population's legions,
ships and the legions aboard. Pacts (8.2), alliances (8.3) and assassins' victims (9.2) are in
the legend; a battle going on outlines its place. The stepper's mover is the population whose
turn it is (5.1), the phases are named after the rulebook. No rule is decided here.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.roma.board import roma_map
from italia_kit.games.roma.say import sentence
from italia_kit.games.roma.state import RomaState
from italia_kit.geo import load_board
from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import (
    BasePresenter,
    GeoBoard,
    LocationView,
    Moment,
    StackLine,
    area_of,
)

__all__ = ["PHASE_LABELS", "RomaPresenter", "stack_text"]

#: Where the map opens: the whole Mediterranean, Iberia to the Levant.
CENTER = (38.5, 13.5)
ZOOM = 4.4

PHASE_LABELS = {
    "setup_tent": "4.3 Province markers",
    "setup_unit": "4.3 legions and ships",
    "recruit": "7.2 Recruitment",
    "cards": "7.1 the cards",
    "diplomacy": "8 Diplomacy",
    "assassin": "9 Assassins",
    "engineering": "10 Military Engineering",
    "land": "11 Land Movement",
    "naval": "12 Naval Movement",
    "landing": "12.5 Landings",
    "combat": "13 Combat",
    "end_of_turn": "End of Turn",
    "over": "End of the Game",
}

M = roma_map()
COLOURS = {p.name: p.colour for p in M.populations}


def stack_text(state: RomaState, place: str, pop: str) -> str:
    """One population's pieces in a place: ``3 leg, 2 ships (4 aboard)``.

    >>> s = RomaState(legions={"Roma": {"ITALIA": 3}}, ships={"Roma": {"ITALIA": 2}},
    ...               cargo={"Roma": {"ITALIA": 4}})
    >>> stack_text(s, "Roma", "ITALIA")
    '3 leg, 2 ships (4 leg aboard)'
    """
    parts = []
    legions = state.legions_of(place, pop)
    ships = state.ships_of(place, pop)
    if legions:
        parts.append(f"{legions} leg")
    if ships:
        aboard = state.cargo_of(place, pop)
        parts.append(f"{ships} ship{'s' if ships > 1 else ''}")
        if aboard:
            parts[-1] += f" ({aboard} leg aboard)"
    return ", ".join(parts)


class RomaPresenter(BasePresenter):
    """The look of a game of Roma."""

    mover_noun = "population"

    def __init__(self, game: Game[Any]) -> None:
        if not isinstance(game.state, RomaState):
            raise TypeError("the Roma presenter shows games of Roma")
        board = load_board("roma")
        self._zones = {z.name: z for z in board.zones}
        self._board = GeoBoard(tuple(area_of(z) for z in board.zones), CENTER, ZOOM, 3, 9)

    def board(self) -> GeoBoard:
        return self._board

    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        state: RomaState = game.state
        battle = state.battle["place"] if state.battle else None
        views: dict[str, LocationView] = {}
        for name, zone in self._zones.items():
            sea = zone.kind == "sea"
            pops = [p for p in state.populations if stack_text(state, name, p)]
            owner = state.control.get(name)
            colours = () if sea or owner is None else (COLOURS[owner],)
            style = st.portray_zone("sea" if sea else "land", colours, combat_due=name == battle)
            texts = {p: stack_text(state, name, p) for p in pops}
            views[name] = LocationView(
                style=style,
                label=self._label(state, name, sea),
                stack=tuple(
                    StackLine(COLOURS[p], t, p.title() if len(pops) > 1 else "")
                    for p, t in texts.items()
                ),
                text="; ".join(f"{p}: {t}" for p, t in texts.items()),
            )
        return views

    def _label(self, state: RomaState, name: str, sea: bool) -> str:
        code = M.code(name)
        mark = ""
        capital_of = [p for p, c in M.capital_of.items() if c == name]
        if capital_of:
            mark += f'<span class="ik-capital" title="capital of {st.esc(capital_of[0])}">★</span>'
        if name in state.tents:
            mark += f'<span title="Province of {st.esc(state.tents[name])}">▲</span>'
        cls = "ik-label ik-sea" if sea else "ik-label"
        return f'<div class="{cls}">{st.esc(code)} {st.esc(name)}{mark}</div>'

    def describe(self, game: Game[Any], name: str) -> list[str]:
        state: RomaState = game.state
        name = self.location(name)
        if name in M.letter:
            lines = [f"{M.letter[name]} {name}: sea zone"]
            lines.append("ports: " + ", ".join(f"{M.number[t]} {t}" for t in M.shores[name]))
            lines.append("sea zones: " + ", ".join(M.sea[name]))
        else:
            lines = [f"{M.number[name]} {name}: territory"]
            owner = state.control.get(name)
            lines.append(f"controlled by {owner}" if owner else "controlled by nobody")
            for p, c in M.capital_of.items():
                if c == name:
                    lines.append(f"the capital of {p} (port for 6 ships)")
            if name in state.tents:
                lines.append(f"a Province of {state.tents[name]} (4.3; port for 3 ships)")
            if M.coast[name]:
                lines.append("a port on " + ", ".join(M.coast[name]))
            lines.append(
                "land neighbours: "
                + ", ".join(
                    f"{u}{' (mountains)' if M.is_mountain(name, u) else ''}" for u in M.land[name]
                )
            )
        for p in state.populations:
            text = stack_text(state, name, p)
            if text:
                lines.append(f"{p}: {text}")
        return lines

    def legend(self, game: Game[Any]) -> str:
        state: RomaState = game.state
        players = " &nbsp; ".join(
            f"{st.swatch_fill(COLOURS[p])}<b>{st.esc(p)}</b> {state.vp[p]} VP"
            for p in state.populations
        )
        lines = [players]
        if state.alliances:
            lines.append("alliances (8.3): " + ", ".join(" + ".join(a) for a in state.alliances))
        if state.pacts:
            lines.append(
                "pacts (8.2): " + ", ".join(f"{r} may not attack {g}" for g, r in state.pacts)
            )
        if state.struck:
            lines.append("struck by an assassin (9.2): " + ", ".join(state.struck))
        lines.append("★ capital &nbsp; ▲ Province")
        return '<div class="ik-legend">' + "<br>".join(lines) + "</div>"

    def moment(self, state: RomaState) -> Moment:
        return Moment(state.turn, state.active, state.phase)

    def phase_label(self, phase: str) -> str:
        return PHASE_LABELS.get(phase, phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        return COLOURS.get(mover, "")

    def last_turn(self, game: Game[Any]) -> int | None:
        return int(game.state.turns)

    def action_text(self, game: Game[Any], action: Action) -> str:
        return sentence(game.state, action)
