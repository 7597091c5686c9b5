"""An order file: one season's position and every power's sheet, as text.

::

    season: Spring 1454            # optional (default Spring 1454)
    [position]                     # optional (default: the units of 1454)
    France: A Savoy, F EGOL
    Florence: A Genoa
    [treasury]                     # optional (default: 1454's)
    France: 12
    [France]
    A Savoy -> Genoa
    F EGOL S Genoa
    Borrow 10

Lines after ``#`` are comments. ``A* X`` is an Elite Mercenaries unit, ``A+ X`` a Citizen's
Militia, ``A! X`` Elite Professionals. :func:`adjudicate_file` resolves the season and
returns the game; a bad line is an :class:`OrderFileError` naming its line number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from italia_kit.core import Game, IllegalActionError
from italia_kit.games.renaissance.mapdata import POWERS, game_map
from italia_kit.games.renaissance.rules import RenaissanceRules, SeasonOrders
from italia_kit.games.renaissance.state import FIRST_YEAR, SEASONS, RenaissanceState
from italia_kit.games.renaissance.units import power_named
from italia_kit.games.renaissance.variants import read_unit

__all__ = ["OrderFile", "OrderFileError", "adjudicate_file", "read_order_file"]


class OrderFileError(ValueError):
    """A line of an order file that cannot be read: its number and why."""


@dataclass
class OrderFile:
    turn: int = 1
    position: list[tuple[int, str, str]] = field(default_factory=list)  # line, power, unit
    treasury: dict[str, int] = field(default_factory=dict)
    sheets: dict[str, list[str]] = field(default_factory=dict)


def read_order_file(text: str) -> OrderFile:
    out = OrderFile()
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("season:"):
            season, _, year = line.split(":", 1)[1].strip().partition(" ")
            if season.capitalize() not in SEASONS or not year.strip().isdigit():
                raise OrderFileError(f"line {number}: write 'season: Spring 1454', not {line!r}")
            out.turn = (int(year) - FIRST_YEAR) * 3 + SEASONS.index(season.capitalize()) + 1
            if out.turn < 1:
                raise OrderFileError(f"line {number}: the game starts in {FIRST_YEAR}")
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip()
            power = power_named(name)
            if name.lower() in ("position", "treasury"):
                section = name.lower()
            elif power in POWERS:
                section = power
                out.sheets.setdefault(power, [])
            else:
                raise OrderFileError(
                    f"line {number}: unknown section [{name}] (a power, position or treasury)"
                )
            continue
        if section is None:
            raise OrderFileError(f"line {number}: {line!r} comes before any [section]")
        if section in ("position", "treasury"):
            who, _, rest = line.partition(":")
            power = power_named(who)
            if power is None or not rest.strip():
                raise OrderFileError(f"line {number}: write 'Power: ...', not {line!r}")
            if section == "treasury":
                if not rest.strip().isdigit():
                    raise OrderFileError(f"line {number}: a treasury is a number of ducats")
                out.treasury[power] = int(rest)
            else:
                out.position += [(number, power, item.strip()) for item in rest.split(",")]
            continue
        out.sheets[section].append(line)
    return out


def _state(order_file: OrderFile) -> RenaissanceState:
    m = game_map()
    if not order_file.position:
        state = RenaissanceState.start(m, POWERS, 99)
    else:
        state = RenaissanceState(
            POWERS, 99, {}, dict(m.owner_1454),
            {c: o for c, o in m.owner_1454.items() if c in m.cities}, {p: 0 for p in POWERS},
        )  # fmt: skip
        areas: set[str] = set()
        for number, power, item in order_file.position:
            try:
                unit = read_unit(item, power, m)
            except ValueError as err:
                raise OrderFileError(f"line {number}: {err}") from None
            if unit.area in areas:
                raise OrderFileError(f"line {number}: {item!r}: that place is taken")
            areas.add(unit.area)
            state.add(unit)
    state.treasury.update(order_file.treasury)
    state.turn, state.step, state.prepared = order_file.turn, "orders", order_file.turn
    state.years = max(state.years, (order_file.turn + 2) // 3 + 1)
    return state


def adjudicate_file(
    text: str, seed: int = 0, options: Mapping[str, Any] | None = None
) -> Game[RenaissanceState]:
    """The season of an order file, resolved (see the module docstring); ``options`` are
    the game's rule options (``overspend``, ``storms``, ``severity``, ``fortresses``,
    ``elimination``)."""
    order_file = read_order_file(text)
    rules = RenaissanceRules(dict(options or {}))
    game: Game[RenaissanceState] = Game(rules, _state(order_file), seed=seed)
    tag = game.state.tag
    try:
        game.submit_all(
            {p: SeasonOrders(p, tag, tuple(order_file.sheets.get(p, ()))) for p in POWERS}
        )
    except IllegalActionError as err:
        raise OrderFileError(str(err)) from None
    return game
