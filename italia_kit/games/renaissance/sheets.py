"""Turn sheets a power could submit: every unit's possible orders, and random sheets.

``unit_options`` lists the orders of one unit that ``checks.py`` accepts (Hold, every
Advance by land or sea, a transport over one fleet of the power's own, Support into every
place the unit could enter, Transport, Besiege, Convert). A random sheet gives every unit
one of them; the menu a seat is offered for a season (``menu``) is the all-hold sheet and
some random sheets drawn from a seed made of the position itself, so the same position
always offers the same menu (the runner's legal actions are a stable list) and no dice are
spent on it. Any other sheet may be submitted too: it is checked line by line.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from functools import cache

from italia_kit.games.renaissance.checks import Board, Impossible, check_order
from italia_kit.games.renaissance.draws import Draws, draw_orders, pick, transports
from italia_kit.games.renaissance.mapdata import VENICE, Map
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.options import options_for, order_text, order_texts
from italia_kit.games.renaissance.orders import (
    Advance,
    Besiege,
    Convert,
    Hold,
    MilitaryOrder,
    Support,
    Transport,
    UnitRef,
)
from italia_kit.games.renaissance.position import Position, position_of
from italia_kit.games.renaissance.season import LIMITS, Build, may_build
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit, city_area

__all__ = [
    "MENU_SIZE",
    "adjustment_menu",
    "menu",
    "menu_orders",
    "pick",
    "random_order",
    "random_orders",
    "random_sheet",
    "unit_options",
]


#: Random sheets offered besides the all-hold one.
MENU_SIZE = 8


def unit_options(unit: Unit, board: Board) -> list[str]:
    """Every order ``unit`` could be given that is not impossible, as text."""
    m = board.map
    ref = UnitRef(unit.type, unit.province)
    tried: list[MilitaryOrder] = [Hold(ref)]
    if unit.type != "G":
        adj = m.army_adj[unit.province] if unit.type == "A" else m.fleet_adj.get(unit.location, ())
        tried += [Advance(ref, place) for place in adj]
        into = adj if unit.type == "A" else sorted({m.top(x) for x in adj})
        tried += [Support(ref, m.top(place)) for place in into]
        tried += [Besiege(ref), Convert(ref, "G")]
        if unit.type == "A":
            tried += transports(unit, board)
        else:
            tried.append(Transport(ref))
    else:
        tried += [Convert(ref, "A"), Convert(ref, "F"), Support(ref, unit.province)]
    out = []
    for order in tried:
        verdict = check_order(order, unit, board)
        if isinstance(verdict, Impossible):
            continue
        out.append(format_order(verdict if isinstance(verdict, Advance) else order))
    return out


def board_of(
    state: RenaissanceState, m: Map, permits: frozenset[tuple[str, str, str]] = frozenset()
) -> Board:
    if not permits:
        return position_of(state.units).board(m, state.rebellions, state.sieges)
    return Board(m, position_of(state.units).by_area, permits, state.rebellions, state.sieges)


def random_order(unit: Unit, board: Board, rng: Draws) -> MilitaryOrder:
    """A random order for ``unit`` that is not impossible: a kind of order first, then its
    target, a few tries, a Hold if none works (``draws.py``: the draws and their verdicts
    made once per unit type and place). Cheaper than listing every option, and every
    order :func:`unit_options` lists can come out; the draws are :func:`pick`'s, so the
    same generator gives the same orders."""
    orders: dict[int, MilitaryOrder] = {}
    draw_orders((unit,), board, rng, orders)
    return orders[unit.uid]


def random_sheet(
    state: RenaissanceState,
    m: Map,
    power: str,
    rng: Draws,
    board: Board | None = None,
) -> tuple[str, ...]:
    """One random order for every unit of ``power`` (:func:`random_order`); the fleet of
    a transport is ordered to transport."""
    return tuple(order_text(o) for o in random_orders(state, m, power, rng, board).values())


def random_orders(
    state: RenaissanceState,
    m: Map,
    power: str,
    rng: Draws,
    board: Board | None = None,
    here: Position | None = None,
) -> dict[int, MilitaryOrder]:
    """The orders of :func:`random_sheet`, by unit id in the order of the ids, every one
    of them possible on ``board`` (``check_order`` returns None for each). ``here`` is
    ``position_of(state.units)`` if the caller has it already (the player, who hands it
    on to ``checked_sheet``)."""
    if here is None:
        here = position_of(state.units)
    board = board or here.board(m, state.rebellions, state.sieges)
    orders: dict[int, MilitaryOrder] = {}
    units = here.of_power(power)
    ahead = draw_orders(units, board, rng, orders)  # (a fleet ordered before its turn)
    return {u.uid: orders[u.uid] for u in units} if ahead else orders


def _seed(state: RenaissanceState, seat: str) -> int:
    where = ";".join(f"{u.uid}{u.type}{u.location}" for u in state.units.values())
    return zlib.crc32(f"{state.tag}|{state.step}|{seat}|{where}".encode())


def menu(state: RenaissanceState, m: Map, seat: str) -> list[tuple[str, ...]]:
    """The sheets offered to ``seat`` this season: all hold first, then random ones."""
    return [lines for lines, _ in menu_orders(state, m, seat)]


def menu_orders(
    state: RenaissanceState, m: Map, seat: str
) -> list[tuple[tuple[str, ...], dict[int, MilitaryOrder]]]:
    """:func:`menu`'s sheets, each with its orders by unit id (every one possible on the
    position without strait permissions, as :func:`random_orders` makes them), so the
    rules can hand them over checked (``RenaissanceRules.checked_sheet``)."""
    board = board_of(state, m)
    units = position_of(state.units).of_power(seat)
    holds: dict[int, MilitaryOrder] = {
        u.uid: options_for(m, u.type, u.province, u.coast).hold for u in units
    }
    rng = random.Random(_seed(state, seat))
    out = [(tuple(order_texts(holds.values())), holds)]
    seen = {out[0][0]}
    for _ in range(MENU_SIZE):
        orders = random_orders(state, m, seat, rng, board)
        lines = tuple(order_texts(orders.values()))
        if lines not in seen:
            seen.add(lines)
            out.append((lines, orders))
    return out


def adjustment_menu(state: RenaissanceState, m: Map, seat: str) -> list[tuple[str, ...]]:
    """Phase A sheets: maintain everything; and sheets building one affordable unit in
    each place it may be built (the first few, in the order of the provinces)."""
    out: list[tuple[str, ...]] = [()]
    here = position_of(state.units)
    mine = here.of_power(seat)
    upkeep = sum(u.cost for u in mine)
    if state.treasury[seat] - upkeep < 3 or len(mine) >= 26:
        return out
    areas = set(here.by_area)
    # may_build decides every build offered; its refusals that need only a look-up are
    # asked here first, so that it is called only where it may say yes (most home
    # cities offer nothing most Springs, and each call counts the power's units again):
    # the menu is the same
    counts = Counter(u.type for u in mine)
    for province in _home_provinces(m, seat):
        city = m.cities.get(province)
        if (
            city is None
            or state.control.get(province) != seat
            or state.rebellions.get(province) == seat  # REBELLIONS (h)
            or province in state.famine  # FAMINE
        ):
            continue
        for kind, limit in LIMITS.items():
            if (
                counts[kind] >= limit  # Build New Units (a)
                or (kind == "G" and not city.fortified)  # Build New Units (b)
                or (kind == "F" and (not city.port or province in m.coasts))
                or (city_area(province) if kind == "G" else province) in areas  # (c)
                or (province == VENICE and VENICE in areas)
            ):
                continue
            build = Build("build", kind, province)
            if may_build(state, m, seat, build, areas) is None:
                out.append((f"Build {kind} {province}",))
                if len(out) > MENU_SIZE:
                    return out
    return out


@cache
def _home_provinces(m: Map, seat: str) -> tuple[str, ...]:
    """The provinces of ``seat``'s home country, in their order (Build New Units (b))."""
    return tuple(sorted(p for p, h in m.home.items() if h == seat))
