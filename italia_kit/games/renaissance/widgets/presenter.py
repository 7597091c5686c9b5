"""How the Renaissance-Italy board looks: the map presenter of ``renaissance``
(``GameSpec.presenter``).

Every province is filled with the colour of the power that controls it (the last to have
a unit there), seas with the sea's; each space lists its army or fleet and its city's
garrison ("A Milan", "G: Milanese, besieged"); a rebellion, a siege or a famine is the
space's alert. The stepper's step is a season's sealed step (``Spring 1454 orders``).

A power eliminated (PLAYER ELIMINATION, ``elimination.py``) keeps its place in the legend's
standing, struck through and marked ``eliminated in Summer 1456 (PLAYER ELIMINATION)``; it
is one of :meth:`RenaissancePresenter.seats_out` (the stepper's header, the app's seat
list), the stepper's mover is the powers left, and its home provinces say it fell. No rule
is decided here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.renaissance.elimination import RULE as ELIMINATION
from italia_kit.games.renaissance.elimination import counted
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, POWERS
from italia_kit.games.renaissance.say import sentence
from italia_kit.games.renaissance.state import RenaissanceState, season_tag
from italia_kit.games.renaissance.units import ADJECTIVES, SPECIALS, Unit
from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import (
    BasePresenter,
    GeoBoard,
    LocationView,
    Moment,
    StackLine,
    area_of,
)

__all__ = ["POWER_COLOURS", "RenaissancePresenter"]

#: The fill of each power's provinces (and of the autonomous garrisons' text).
POWER_COLOURS = {
    "Austria": "#c9c9c9",
    "France": "#5b8ad6",
    "Florence": "#e2706a",
    "Milan": "#b07cc6",
    "Naples": "#f2d04b",
    "Papacy": "#f4f1d0",
    "Turks": "#74c476",
    "Venice": "#e8a04b",
    AUTONOMOUS: "#8c8c8c",
}
#: The map's frame until the browser tells its size, and its centre when the whole board does
#: not fit (italia_kit.widgets.framing). The layout places every name and stack of the opening
#: apart from zoom 6.75 (6.5: Venice's name and stack crowd the lagoon): the readable zoom,
#: kept here so that the map opens after one layout, not a search of several.
CENTER, ZOOM = (42.2, 12.4), 6.75
READABLE_ZOOM = 6.75


def _unit_text(unit: Unit) -> str:
    special = f" ({SPECIALS[unit.special]['name']})" if unit.special else ""
    where = f" {unit.coast.split('(')[-1].rstrip(')')}" if unit.coast else ""
    return f"{unit.type}{where}{special}"


class RenaissancePresenter(BasePresenter):
    """The look of a Renaissance-Italy game (see the module docstring)."""

    mover_noun = "season"

    def __init__(self, game: Game[Any]) -> None:
        from italia_kit.geo import load_board

        self._geo = load_board("renaissance")
        zones = [z for z in self._geo.zones if self._geo.parent_of(z.name) is None]
        self._board = GeoBoard(
            tuple(area_of(z) for z in zones), CENTER, ZOOM, readable_from=READABLE_ZOOM
        )
        self._seas = {z.name for z in zones if z.kind == "sea"}

    def board(self) -> GeoBoard:
        return self._board

    def snapshot(self, game: Game[Any]) -> dict[str, LocationView]:
        state: RenaissanceState = game.state
        here: dict[str, list[Unit]] = {}
        for unit in state.units.values():
            here.setdefault(unit.province, []).append(unit)
        views: dict[str, LocationView] = {}
        for area in self._board.areas:
            name = area.name
            owner = state.control.get(name)
            if name in self._seas:
                style = st.portray_zone("sea")
            else:
                style = st.portray_zone("land", (POWER_COLOURS[owner],) if owner else ())
            units = sorted(here.get(name, []), key=lambda u: u.type)
            stack = tuple(
                StackLine(
                    POWER_COLOURS.get(u.power, "#333333"),
                    _unit_text(u),
                    ADJECTIVES.get(u.power, u.power),
                )
                for u in units
            )
            alerts = []
            if name in state.rebellions:
                alerts.append(f"rebels against {state.rebellions[name]} (REBELLIONS)")
            if name in state.sieges:
                alerts.append(f"besieged, season {state.sieges[name][1]} of 2 (Besiege)")
            if name in state.famine:
                alerts.append("famine (FAMINE)")
            text = "; ".join(f"{ADJECTIVES.get(u.power, u.power)} {_unit_text(u)}" for u in units)
            views[name] = LocationView(
                style=style,
                label=name,
                stack=stack,
                text=text,
                alert="; ".join(alerts) or None,
                alert_short="!" if alerts else None,
            )
        return views

    def describe(self, game: Game[Any], name: str) -> list[str]:
        from italia_kit.games.renaissance.mapdata import game_map

        state: RenaissanceState = game.state
        m = game_map()
        kind = "sea area" if name in self._seas else "province"
        home = m.home.get(name)
        fell = state.eliminated.get(home, 0) if home else 0
        gone = f" (eliminated in {season_tag(fell)}, {ELIMINATION})" if fell else ""
        lines = [f"{name}: {kind}" + (f", home of {home}{gone}" if home else "")]
        city = m.cities.get(name)
        if city is not None:
            what = "fortified" if city.fortified else "unfortified"
            port = " port" if city.port else ""
            holder = state.cities.get(name, "nobody")
            lines.append(f"a {what}{port} city of income {city.income}; held by {holder}")
        if name not in self._seas:
            lines.append(f"controlled by {state.control.get(name, 'nobody')}")
        for unit in state.units.values():
            if unit.province == name:
                lines.append(str(unit))
        return lines

    def legend(self, game: Game[Any]) -> str:
        """The standing: each power's swatch, its cities and units; an eliminated power
        struck through, with the season it fell and the rule."""
        state: RenaissanceState = game.state
        out = self.seats_out(game)
        cities = _count_by(state.cities.values())
        units = _count_by(u.power for u in state.units.values())
        entries = []
        for power in POWERS:
            swatch = f'<span style="background:{POWER_COLOURS[power]};padding:0 8px"></span>'
            if power in out:
                entries.append(
                    f'<span class="ik-power ik-power-out" data-power="{power}" '
                    f'style="color:#8a1c1c">{swatch} <s>{power}</s> {st.esc(out[power])}</span>'
                )
            else:
                held = counted(cities.get(power, 0), "city")
                held += ", " + counted(units.get(power, 0), "unit")
                entries.append(
                    f'<span class="ik-power" data-power="{power}">{swatch} <b>{power}</b>'
                    f" {held}</span>"
                )
        return '<div class="ik-legend">' + " &nbsp;· ".join(entries) + "</div>"

    def seats_out(self, game: Game[Any]) -> Mapping[str, str]:
        """The powers eliminated so far (PLAYER ELIMINATION), in the order they fell."""
        state: RenaissanceState = game.state
        return {
            power: f"eliminated in {season_tag(turn)} ({ELIMINATION})"
            for power, turn in state.eliminated.items()
        }

    def moment(self, state: Any) -> Moment:
        """The season's step; the mover is every power, or those left once one is
        eliminated (the seats still at the table)."""
        gone = [p for p in POWERS if p in state.eliminated]
        if not gone:
            return Moment(state.turn, "all powers", state.phase)
        return Moment(state.turn, f"all powers but {_and(gone)}", state.phase)

    def colour_of(self, game: Game[Any], mover: str) -> str:
        return POWER_COLOURS.get(mover, "")

    def last_turn(self, game: Game[Any]) -> int | None:
        return int(game.state.years) * 3

    def action_text(self, game: Game[Any], action: Action) -> str:
        return sentence(game.state, action)


def _count_by(owners: Iterable[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for owner in owners:
        found[owner] = found.get(owner, 0) + 1
    return found


def _and(names: list[str]) -> str:
    """``Milan``, ``Milan and Naples``, ``Austria, Milan and Naples``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
