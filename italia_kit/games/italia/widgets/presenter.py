"""How Italia's board looks: the map presenter of Italia I and II (``GameSpec.presenter``).

Every zone is one polygon coloured by the player colour of the nation that controls it
(6.1, as the engine says: ``World.controlled_zones``); unit stacks are labelled at the
zones' anchor points ("Celts: 3 inf, Brennus"); zone names, cities, ruins and capitals are
permanent labels. Zones the engine finds over their stacking limit (``state.surplus``, 8.0)
get a thick red outline and the arithmetic in the tooltip; zones where combat is due
(``state.combat_due``, 10.0) an orange dashed one. For the stepper, a nation's turn is the
mover's and the phases are named as in the rulebook (``RULEBOOK_PHASE``). No rule is
decided here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.italia import ItaliaState, Unit, UnitType, World, stacking_limit, world_of
from italia_kit.games.italia.say import action_zones, choice_text
from italia_kit.games.italia.sequence import RULEBOOK_PHASE
from italia_kit.games.italia.stacking import capital_of
from italia_kit.geo import Zone
from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import (
    BasePresenter,
    GeoBoard,
    LocationView,
    Moment,
    StackLine,
    area_of,
)

__all__ = ["DEFAULT_CENTER", "DEFAULT_ZOOM", "TYPE_ORDER", "ItaliaPresenter", "nation_stack_text"]

#: The order unit types are counted in on the map.
TYPE_ORDER = (
    UnitType.LEGION,
    UnitType.CONSULAR_LEGION,
    UnitType.INFANTRY,
    UnitType.FOEDERATI,
    UnitType.CAVALRY,
    UnitType.ELEPHANT,
    UnitType.FLEET,
)

#: Where the map opens until the browser tells its size; then it shows as much of the board
#: as fits (italia_kit.widgets.framing), centred here when not the whole board fits.
DEFAULT_CENTER = (41.0, 12.9)
DEFAULT_ZOOM = 6.25
#: The lowest zoom at which the names and stacks of a game under way stay apart and inside
#: their zones: the layout finds 6.0 for the opening (5.75: 1 pair overlaps, 5.25: 16), but
#: stacks grow as nations arrive, and at 6.0 Messana's name is pushed off its zone after
#: three phases in Chromium (tests/test_browser.py); 6.25 keeps every check green.
READABLE_ZOOM = 6.25


def nation_stack_text(units: list[Unit]) -> str:
    """One nation's units in a zone: counts by type, then leaders by name, then cargo.

    >>> from italia_kit.games.italia import Unit, UnitType
    >>> nation_stack_text([Unit(1, "Celts", UnitType.INFANTRY, "Verona"),
    ...                    Unit(2, "Celts", UnitType.INFANTRY, "Verona"),
    ...                    Unit(3, "Celts", UnitType.LEADER, "Verona", name="Brennus")])
    '2 inf, Brennus'
    """

    def counted(group: list[Unit]) -> list[str]:
        counts = Counter(u.type for u in group if not u.is_leader)
        parts = [f"{counts[t]} {st.UNIT_ABBREVIATIONS[t.value]}" for t in TYPE_ORDER if counts[t]]
        return parts + [u.name or "a leader" for u in group if u.is_leader]

    ashore = [u for u in units if u.carrier is None]
    aboard = [u for u in units if u.carrier is not None]
    parts = counted(ashore)
    if aboard:
        parts.append("aboard: " + " ".join(counted(aboard)))
    return ", ".join(parts)


class ItaliaPresenter(BasePresenter):
    """The look of a game of Italia; built from a game, it reads every game it is asked
    about (the board is the same in every scenario, the nations and colours are not)."""

    mover_noun = "nation"

    def __init__(self, game: Game[Any]) -> None:
        self.world = world_of(game)  # the board, its zones and their names
        board = self.world.board
        self._board = GeoBoard(
            tuple(area_of(z) for z in board.zones),
            DEFAULT_CENTER,
            DEFAULT_ZOOM,
            readable_from=READABLE_ZOOM,
        )

    # -- the board ---------------------------------------------------------------------------
    def board(self) -> GeoBoard:
        return self._board

    def location(self, name: str) -> str:
        return self.world.board.zone(name).name

    # -- what the zones show -----------------------------------------------------------------
    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        world = world_of(game)
        state: ItaliaState = game.state
        colour_of = world.scenario.colour_of
        in_zone: dict[str, list[Unit]] = defaultdict(list)
        for u in state.units.values():
            in_zone[u.zone].append(u)
        controllers: dict[str, list[str]] = defaultdict(list)
        for nation in world.order:
            for held in world.controlled_zones(state, nation):
                controllers[held].append(nation)
        capitals: dict[str, list[str]] = defaultdict(list)
        for nation in world.order:
            where = capital_of(world, state, nation)
            if where:
                capitals[where].append(nation)
        combat = set(state.combat_due)
        views: dict[str, LocationView] = {}
        for zone in world.board.zones:
            name = zone.name
            groups = _by_nation(world, in_zone.get(name, []))
            # the fill: the controller with the most units there (turn order breaks ties)
            ruling = sorted(controllers.get(name, []), key=lambda n: -len(groups.get(n, [])))
            colours = tuple(colour_of(n) for n in ruling)
            over = _over(world, state, name) if name in state.surplus else None
            style = st.portray_zone(
                zone.kind.value, colours, over_stacked=over is not None, combat_due=name in combat
            )
            texts = {n: nation_stack_text(us) for n, us in groups.items()}
            named = len(groups) > 1  # one nation: its colour says who; several: name them
            views[name] = LocationView(
                style=style,
                label=_label_html(zone, state, capitals.get(name, [])),
                stack=tuple(
                    StackLine(colour_of(n), t, st.short_name(n) if named else "")
                    for n, t in texts.items()
                ),
                text="; ".join(f"{n}: {t}" for n, t in texts.items()),
                alert=over[1] if over else None,
                alert_short=over[0] if over else None,
            )
        return views

    def describe(self, game: Game[Any], name: str) -> list[str]:
        world = world_of(game)
        state: ItaliaState = game.state
        zone = world.board.zone(name)
        borderland = world.is_borderland(zone.name)
        kind = "sea zone" if zone.is_sea else "borderland" if borderland else "land zone"
        lines = [f"{zone.name}: {kind}, {zone.terrain.value} terrain, region {zone.region}"]
        if not zone.is_sea:
            if zone.name in state.cities:
                lines.append("a city stands here" if state.cities[zone.name] else "a ruined city")
            elif world.city_allowed(zone.name):
                lines.append("no city; one may be built (6.2)")
            else:
                lines.append("no city may be built here")
        for nation in world.order:
            if capital_of(world, state, nation) == zone.name:
                lines.append(f"the capital of the {nation} (8.1)")
        groups = _by_nation(world, state.units_in(zone.name))
        for nation, units in groups.items():
            colour = world.scenario.colour_of(nation)
            lines.append(f"{nation} ({colour}): {nation_stack_text(units)}")
        if not groups:
            lines.append("no units")
        if zone.is_sea:
            lines.append("no stacking limit for fleets (8.0)")
        else:
            for nation in groups:
                limit = stacking_limit(world, state, zone.name, nation)
                if limit is not None:
                    lines.append(f"stacking for the {nation}: {limit.explain()}")
            if not groups and state.active:
                limit = stacking_limit(world, state, zone.name, state.active)
                if limit is not None:
                    lines.append(f"stacking for the {state.active} (playing): {limit.explain()}")
        over = _over(world, state, zone.name) if zone.name in state.surplus else None
        if over:
            lines.append(over[1])
        if zone.name in state.combat_due:
            lines.append("combat is due here (10.0)")
        lines.append("neighbours: " + ", ".join(world.board.neighbours(zone.name)))
        return lines

    def legend(self, game: Game[Any]) -> str:
        by_colour: dict[str, list[str]] = defaultdict(list)
        for nation in world_of(game).scenario.nations:
            by_colour[nation.colour].append(nation.name)
        players = " &nbsp; ".join(
            f"{st.swatch(c)}<b>{st.esc(c)}</b>: {st.esc(', '.join(ns))}"
            for c, ns in by_colour.items()
        )
        keys = (
            f"{st.swatch_fill(st.LAND_FILL)}no one &nbsp; {st.swatch_fill(st.BORDERLAND_FILL)}"
            f"borderland &nbsp; {st.swatch_fill(st.SEA_FILL)}sea &nbsp; "
            '<span style="display:inline-block;width:7px;height:7px;background:#222"></span> city'
            ' &nbsp; ◇ ruin &nbsp; <span style="color:#b00020">★</span> capital &nbsp; '
            f'<span style="border:3px solid {st.OVER_STACKED};padding:0 3px">over the stacking '
            f'limit (8.0)</span> &nbsp; <span style="border:3px dashed {st.COMBAT_DUE};'
            'padding:0 3px">combat due (10.0)</span>'
        )
        return f'<div class="ik-legend">{players}<br>{keys}</div>'

    # -- the stepper -------------------------------------------------------------------------
    def moment(self, state: ItaliaState) -> Moment:
        # the nation playing, not the actor: a defender deciding a battle is not a new turn
        return Moment(state.turn, state.active, state.phase)

    def phase_label(self, phase: str) -> str:
        return RULEBOOK_PHASE.get(phase, phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        return world_of(game).scenario.colour_of(mover) if mover else ""

    def last_turn(self, game: Game[Any]) -> int | None:
        return int(world_of(game).scenario.last_turn)

    def action_text(self, game: Game[Any], action: Action) -> str:
        return choice_text(game.state, action)

    def action_locations(self, game: Game[Any], action: Action) -> tuple[str, ...]:
        return action_zones(game.state, action)


def _by_nation(world: World, units: list[Unit]) -> dict[str, list[Unit]]:
    groups: dict[str, list[Unit]] = defaultdict(list)
    for u in sorted(units, key=lambda u: u.id):
        groups[u.nation].append(u)
    rank = {n: i for i, n in enumerate(world.order)}
    return dict(sorted(groups.items(), key=lambda kv: rank.get(kv[0], len(rank))))


def _over(world: World, state: ItaliaState, zone: str) -> tuple[str, str] | None:
    """(short, full) texts for a zone the engine found over its limit (8.0)."""
    nation = state.active
    limit = stacking_limit(world, state, zone, nation)
    if limit is None:
        return None
    count = state.stack_count(zone, nation)
    extra = state.surplus[zone]
    full = (
        f"8.0: {zone} holds {count} {nation} units; {limit.explain()}: "
        f"{extra} too many, the {nation} must remove {extra}"
    )
    return f"{count} units, limit {limit.value} (8.0)", full


def _label_html(zone: Zone, state: ItaliaState, capital_of_: list[str]) -> str:
    cls = "ik-label ik-sea" if zone.is_sea else "ik-label"
    city = state.cities.get(zone.name)
    mark = ""
    if city is True:
        mark = '<span class="ik-city" title="city"></span>'
    elif city is False:
        mark = '<span class="ik-ruin" title="ruin"></span>'
    if capital_of_:
        who = st.esc(", ".join(capital_of_))
        mark += f'<span class="ik-capital" title="capital of the {who}">★</span>'
    return f'<div class="{cls}">{st.esc(zone.name)}{mark}</div>'
