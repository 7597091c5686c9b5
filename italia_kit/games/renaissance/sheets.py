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
from collections.abc import Sequence
from typing import TypeVar

from italia_kit.games.renaissance.checks import Board, Impossible, check_order
from italia_kit.games.renaissance.mapdata import Map
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.options import DYNAMIC, options_for, order_text, order_texts
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
from italia_kit.games.renaissance.position import position_of
from italia_kit.games.renaissance.season import LIMITS, Build, may_build
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit

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

T = TypeVar("T")

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
            tried += _transports(unit, board)
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


def _transports(unit: Unit, board: Board) -> list[MilitaryOrder]:
    """Advances over one fleet of the army's own power next to it."""
    m = board.map
    ref = UnitRef(unit.type, unit.province)
    found: list[MilitaryOrder] = []
    for loc in m.fleet_locations(unit.province):
        for sea in m.fleet_adj.get(loc, ()):
            fleet = board.by_area.get(m.top(sea))
            if fleet is None or fleet.type != "F" or fleet.power != unit.power:
                continue
            # sorted: the reach is a set of strings, whose order changes with the
            # process's hash seed, and a seeded game must not
            for land in sorted(m.fleet_reach.get(fleet.location, ())):
                if land != unit.province and not m.is_sea(land):
                    found.append(Advance(ref, land, (m.top(sea),)))
    return found


def board_of(
    state: RenaissanceState, m: Map, permits: frozenset[tuple[str, str, str]] = frozenset()
) -> Board:
    if not permits:
        return position_of(state.units).board(m, state.rebellions, state.sieges)
    return Board(m, position_of(state.units).by_area, permits, state.rebellions, state.sieges)


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: the very same draw, without its two Python-level calls (a
    random sheet draws a few times a unit). ``random.Random.choice`` takes
    ``seq[rng._randbelow(len(seq))]``, and ``_randbelow`` draws ``getrandbits(k)``, ``k``
    the bit length of ``len(seq)``, until it falls below ``len(seq)``
    (``tests/test_renaissance_speedups.py`` compares the two); any other generator
    chooses its own way.

    >>> a, b = random.Random(5), random.Random(5)
    >>> [pick(a, "abcdefg") for _ in range(9)] == [b.choice("abcdefg") for _ in range(9)]
    True
    """
    n = len(seq)
    if type(rng) is not random.Random or not n:
        return rng.choice(seq)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


def random_order(unit: Unit, board: Board, rng: random.Random) -> MilitaryOrder:
    """A random order for ``unit`` that is not impossible: a kind of order first, then its
    target, a few tries, a Hold if none works. Cheaper than listing every option, and
    every order :func:`unit_options` lists can come out. The orders are the unit's
    :func:`~italia_kit.games.renaissance.options.options_for`, made once. Each draw is
    :func:`pick`'s (written out here for a ``random.Random``: a season draws a few times
    a unit), so the same generator gives the same orders."""
    opts = options_for(board.map, unit.type, unit.province, unit.coast)
    kinds, n, k = _KINDS[unit.type]
    bits = rng.getrandbits if type(rng) is random.Random else None
    for _ in range(4):
        if bits is None:
            kind = pick(rng, kinds)
        else:  # pick(rng, kinds)
            r = bits(k)
            while r >= n:
                r = bits(k)
            kind = kinds[r]
        order: MilitaryOrder
        if kind == "advance" or kind == "support":  # the most drawn, asked first
            if unit.type == "G":  # (a garrison draws no advance)
                order = opts.own_support
            elif not opts.adjacent:
                continue
            else:  # one draw of a place next to it: advances[i] and supports[i] share it
                seq = opts.advances if kind == "advance" else opts.supports
                if bits is None:
                    picked = pick(rng, seq)
                else:  # pick(rng, seq)
                    size = len(seq)
                    width = size.bit_length()
                    r = bits(width)
                    while r >= size:
                        r = bits(width)
                    picked = seq[r]
                order = picked.order
                if picked.verdict is not DYNAMIC:  # the board plays no part in its check
                    if isinstance(picked.verdict, Advance):
                        return picked.verdict
                    if picked.verdict is None:
                        return order
                    continue
        elif kind == "hold":
            return opts.hold
        elif kind == "convert":
            order = pick(rng, opts.converts) if unit.type == "G" else opts.converts[0]
        elif kind == "besiege":
            order = opts.besiege
        elif kind == "transport":
            order = opts.transport
        else:  # transported
            moves = _transports(unit, board)
            if not moves:
                continue
            order = pick(rng, moves)
        known = opts.board_free.get(id(order), DYNAMIC)
        verdict = check_order(order, unit, board) if known is DYNAMIC else known
        if isinstance(verdict, Advance):
            return verdict
        if verdict is None:
            return order
    return opts.hold


# the kinds of order a random order draws from, in this order (a seeded game depends on it)
_GARRISON_KINDS = ("hold", "convert", "support")
_ARMY_KINDS = ("hold", "advance", "advance", "support", "besiege", "convert", "transported")
_FLEET_KINDS = ("hold", "advance", "advance", "support", "besiege", "convert", "transport")
#: unit type -> its kinds, how many, and the bits a draw among them takes (as ``pick``)
_KINDS = {
    t: (kinds, len(kinds), len(kinds).bit_length())
    for t, kinds in (("G", _GARRISON_KINDS), ("A", _ARMY_KINDS), ("F", _FLEET_KINDS))
}


def random_sheet(
    state: RenaissanceState,
    m: Map,
    power: str,
    rng: random.Random,
    board: Board | None = None,
) -> tuple[str, ...]:
    """One random order for every unit of ``power`` (:func:`random_order`); the fleet of
    a transport is ordered to transport."""
    return tuple(order_text(o) for o in random_orders(state, m, power, rng, board).values())


def random_orders(
    state: RenaissanceState,
    m: Map,
    power: str,
    rng: random.Random,
    board: Board | None = None,
) -> dict[int, MilitaryOrder]:
    """The orders of :func:`random_sheet`, by unit id in the order of the ids, every one
    of them possible on ``board`` (``check_order`` returns None for each)."""
    here = position_of(state.units)
    board = board or here.board(m, state.rebellions, state.sieges)
    orders: dict[int, MilitaryOrder] = {}
    units = here.of_power(power)
    ahead = False  # a fleet ordered before its turn (a transport): put back in order below
    for unit in units:
        if unit.uid in orders:
            continue
        order = orders[unit.uid] = random_order(unit, board, rng)
        if isinstance(order, Advance) and order.via:
            fleet = board.by_area.get(order.via[0])
            if fleet is not None:
                ahead = ahead or fleet.uid not in orders
                orders[fleet.uid] = options_for(m, "F", fleet.province, fleet.coast).transport
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
    upkeep = sum(u.cost for u in state.units_of(seat))
    if state.treasury[seat] - upkeep < 3 or len(state.units_of(seat)) >= 26:
        return out
    areas = {u.area for u in state.units.values()}
    for province in sorted(p for p, h in m.home.items() if h == seat):
        if state.control.get(province) != seat or province not in m.cities:
            continue
        for kind in LIMITS:
            build = Build("build", kind, province)
            if may_build(state, m, seat, build, areas) is None:
                out.append((f"Build {kind} {province}",))
    return out[: MENU_SIZE + 1]
