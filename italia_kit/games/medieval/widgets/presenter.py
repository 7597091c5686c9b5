"""Medieval Italia (on the Italia engine) on the generic map view: areas coloured by the
faction that holds them, stacks by power (armies, leaders, "(sub.)" for a power under a
submission's truce), battles due and the battle being fought, each area's value on the
award tables in its details and the factions' victory points in the legend; France and
Austria as small squares beside the frame (they are boxes with no polygon on the board).

>>> from italia_kit.games.medieval.rulebook import new_game
>>> game = new_game(seed=1)
>>> p = MedievalPresenter(game)
>>> len(p.board().areas), p.snapshot(game)["Rome"].text
(47, 'Romans: 1')
"""

from __future__ import annotations

from functools import cache
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.italia.say import action_zones
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.medieval.rulebook import AREA_LIMIT
from italia_kit.games.medieval.say import sentence
from italia_kit.games.medieval.scoring_hooks import area_value, controlled
from italia_kit.games.medieval.standing import faction_scores, medieval_world, rulebook_of
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
#: the Italia engine's phases as the variant's nation-turn names them (S1: Britannia's
#: population and arrivals, movement, battles; the engine's income and purchase are empty)
PHASES = {
    "income": "1. population, minima and arrivals",
    "purchase": "1. population, minima and arrivals",
    "placement": "1. population, minima and arrivals",
    "movement": "2. movement",
    "stacking": "2. movement (over-stacked areas)",
    "combat": "3. battles",
    "rebuild": "3. battles",
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
        self.world = medieval_world(game)  # TypeError for a game of another kind
        self.rules = rulebook_of(self.world)
        self.colours = self.rules.medieval.colours

    def board(self) -> GeoBoard:
        return _board(self.world.board)

    def _fill(self, power: str) -> str:
        colour = self.colours.get(self.world.scenario.colour_of(power), "")
        return FILLS.get(colour, st.UNKNOWN_FILL)

    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        state: ItaliaState = game.state
        world = self.world
        by_zone: dict[str, dict[str, list[int]]] = {}
        for u in state.units.values():
            counts = by_zone.setdefault(u.zone, {}).setdefault(u.nation, [0, 0])
            counts[u.is_leader] += 1
        battle = state.battle.zone if state.battle is not None else None
        due = set(state.combat_due)
        subs = {s["submitter"] for s in state.extras.get("submissions", ())}
        views = {}
        for zone in world.board.zones:
            name = zone.name
            here = by_zone.get(name, {})
            powers = [p for p in world.order if p in here]
            kind = "sea" if zone.kind == "sea" else "borderland" if zone.kind == "box" else "land"
            over = kind == "land" and any(here[p][0] > AREA_LIMIT for p in powers)
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
                style=st.portray_zone(
                    kind,
                    tuple(self._fill(p) for p in powers),
                    over_stacked=over,
                    combat_due=fighting,
                ),
                label=f'<div class="ik-label">{st.esc(name)}</div>',
                stack=lines,
                text=text,
                alert="a battle is being fought here" if name == battle else None,
                alert_short="battle" if name == battle else None,
            )
        return views

    def describe(self, game: Game[Any], name: str) -> list[str]:
        state: ItaliaState = game.state
        world, rules = self.world, self.rules
        zone = world.board.zone(name)
        terrain = rules.terrain_on(zone.name, state.turn) if zone.kind == "land" else zone.kind
        lines = [f"{zone.name}: {zone.kind}, {terrain} on turn {state.turn}"]
        if zone.terrain.value == "fortress":
            lines.append("the fortress: clear on turns 1-6, marsh after (rule text)")
        for p in world.order:
            units = sorted(state.units_in(zone.name, p), key=lambda u: u.id)
            if units:
                faction = world.scenario.colour_of(p)
                lines.append(f"the {p} ({faction}): " + ", ".join(u.label() for u in units))
        held = [p for p in world.order if zone.name in controlled(world, state, p)]
        if held:
            lines.append(f"held by the {held[0]}")
        lines += self._worth(state, zone.name, held)
        lines.append("next to: " + ", ".join(world.neighbours(zone.name)))
        return lines

    def _worth(self, state: ItaliaState, zone: str, held: list[str]) -> list[str]:
        """What the area is worth this turn on the award tables of the powers there or of
        the power to play (M-V4's awards, scored at the end of the turn)."""
        powers = dict.fromkeys([*held, *(u.nation for u in state.units_in(zone)), state.active])
        out = []
        for p in powers:
            power = self.rules.power(p)
            if power is None:
                continue
            awards = [r for r in power.scoring if state.turn in r.turns]
            if awards:
                worth = area_value(self.rules, awards, zone, state.turn)
                out.append(f"worth {worth:g} VP to the {p} on turn {state.turn} (M-V4 awards)")
        return out

    def legend(self, game: Game[Any]) -> str:
        scores = faction_scores(game)
        keys = " &nbsp; ".join(
            f"{st.swatch_fill(FILLS[self.colours[f]])}{f} {scores.get(f, 0.0):g} VP"
            for f in self.world.scenario.players
            if f in self.colours
        )
        return f'<div class="ik-legend">{keys}</div>'

    def moment(self, state: Any) -> Moment:
        return Moment(state.turn, state.active, state.phase)

    def phase_label(self, phase: str) -> str:
        return PHASES.get(phase, phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        if not mover:
            return ""
        return FILLS.get(self.colours.get(self.world.scenario.colour_of(mover), ""), "")

    def last_turn(self, game: Game[Any]) -> int | None:
        return self.world.scenario.last_turn

    def action_text(self, game: Game[Any], action: Action) -> str:
        return sentence(game.state, action)

    def action_locations(self, game: Game[Any], action: Action) -> tuple[str, ...]:
        return action_zones(game.state, action)
