"""The random player's draw of a unit's order, from a table made once per unit type and place.

A random order (``sheets.random_order``) draws a kind of order first (``KINDS``: a Hold, an
Advance, a Support, a Besiege, a Convert, a Transport, or a transported Advance), then,
for an Advance or a Support, the place next to the unit it names; a kind that gives no
possible order is drawn again, four times at most, and the unit holds. Which order each
draw gives depends on the unit's type and place only, and so does, for most orders,
whether ``checks.check_order`` allows it (``options.py``: the verdicts taken without the
board). :func:`table_of` makes that once: for each kind drawn, what to do, with the orders
and what their check already says, so a draw is two draws of bits and a look-up; only the
orders whose check looks at the board (:data:`~.options.DYNAMIC`) and the transported
advances are checked on the season's board.

The draws are those of ``pick`` (``random.Random.choice``), draw for draw: a seeded game
gives the same orders as before the tables. The generator is a ``random.Random`` or the
random player's :class:`~italia_kit.core.streams.Bits` (its stream's words), whose
``getrandbits`` draws as a ``random.Random``'s from the same words.

>>> from italia_kit.games.renaissance.mapdata import game_map
>>> table = table_of(game_map(), "A", "Rome", None)
>>> len(table.steps), table.width, table.steps[0]
(7, 3, (0, Hold(unit=UnitRef(type='A', province='Rome'))))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from italia_kit.core.streams import Bits
from italia_kit.games.renaissance.checks import Board, Impossible, check_order, siege_target
from italia_kit.games.renaissance.mapdata import VENICE, Map
from italia_kit.games.renaissance.options import _EMPTY, DYNAMIC, Picked, kept, options_for
from italia_kit.games.renaissance.orders import Advance, Besiege, Convert, MilitaryOrder, UnitRef
from italia_kit.games.renaissance.units import Unit

__all__ = [
    "KINDS",
    "ON_BOARD",
    "DrawTable",
    "Draws",
    "carried",
    "draw_orders",
    "known_table",
    "pick",
    "possible_on_board",
    "table_of",
    "transports",
]

T = TypeVar("T")

#: What the random player draws from: a generator, or its stream's words.
Draws = random.Random | Bits
#: The generators whose ``getrandbits`` the draws below take directly, as ``choice`` would
_EXACT = (random.Random, Bits)

#: The kinds of order a random order draws from, by unit type, in this order (a seeded
#: game depends on it): two Advances in seven for an army or a fleet.
KINDS = {
    "G": ("hold", "convert", "support"),
    "A": ("hold", "advance", "advance", "support", "besiege", "convert", "transported"),
    "F": ("hold", "advance", "advance", "support", "besiege", "convert", "transport"),
}

# what a kind drawn does (a step's first item); its second item is
HOLD = 0  # the Hold: the order
ONE = 1  # one order: (the order, what it gives: see _ready)
PICK = 2  # a draw among orders: a tuple of (order, what it gives)
AGAIN = 3  # nothing to draw (an advance or support of a unit with no place next to it)
CARRIED = 4  # an advance over a fleet of the army's own: looked for on the board

#: (order, what it gives): the order itself or the Advance with its coast (possible
#: wherever the unit's power and the board are), None (never possible), DYNAMIC
#: (checked on the board), or ON_BOARD (a Besiege or a Convert whose check has only its
#: board questions left: :func:`possible_on_board`)
Ready = tuple[MilitaryOrder, Any]


class _OnBoard:
    def __repr__(self) -> str:
        return "ON_BOARD"


#: What a Besiege or a Convert gives whose map questions are answered (see :data:`Ready`).
ON_BOARD = _OnBoard()


def possible_on_board(order: Besiege | Convert, unit: Unit, board: Board) -> bool:
    """Whether ``check_order`` allows ``order`` (a Besiege or a Convert of ``unit``'s type
    in its place that the map allows, :func:`_on_board`) on ``board``: its questions of
    the board only, asked without making an ``Impossible`` (a random sheet asks most
    units' Convert or Besiege, and most are refused). Besiege: an enemy or autonomous
    garrison holds the city; Convert: no REBELLIONS (i) against the unit's power, a
    garrison not besieged, an army or fleet not under another power's garrison."""
    if type(order) is Besiege:
        garrison = board.garrison(siege_target(unit))
        return garrison is not None and garrison.power != unit.power
    if board.rebellions.get(unit.province) == unit.power:
        return False
    if unit.type == "G":
        return unit.province not in board.sieges
    garrison = board.garrison(unit.province)
    return garrison is None or garrison.power == unit.power


def _on_board(m: Map, order: MilitaryOrder, type: str, province: str, verdict: Any) -> Any:
    """The verdict of a Besiege or a Convert as :func:`table_of` keeps it: where its check
    looks at the board (DYNAMIC), ON_BOARD, or None when a question of the map alone
    refuses it after the board's (Map: Venice, only a fleet besieges it; a fleet
    besieges only a port city)."""
    if verdict is not DYNAMIC or not isinstance(order, Besiege | Convert):
        return verdict
    if isinstance(order, Besiege):
        target = siege_target(Unit(0, "", type, province))
        city = m.cities[target]  # (fortified: else the verdict is not DYNAMIC)
        if target == VENICE and type != "F":
            return Impossible("Map: Venice", "only a fleet (in the Lagoon) may besiege Venice")
        if type == "F" and not city.port:
            return Impossible("Besiege", "a fleet may only besiege a port city")
    return ON_BOARD


class DrawTable(NamedTuple):
    """A unit type in a place: one step for each kind of :data:`KINDS`, and the bits a
    draw among them takes (``pick``'s ``k``)."""

    steps: tuple[tuple[int, Any], ...]
    width: int


def _ready(order: MilitaryOrder, verdict: Impossible | Advance | object | None) -> Ready:
    """``order`` with what its verdict without the board gives (see :data:`Ready`)."""
    if verdict is DYNAMIC or verdict is ON_BOARD:
        return order, verdict
    if isinstance(verdict, Advance):
        return order, verdict
    return order, (order if verdict is None else None)


def _picked(options: tuple[Picked, ...]) -> tuple[Ready, ...]:
    return tuple(_ready(p.order, p.verdict) for p in options)


# (map, type, province, coast) -> its table; never evicted (a map has a few hundred)
_TABLES: dict[tuple[Map, str, str, str | None], DrawTable] = {}
#: the table of a unit type in a place if made already (a dict's ``get``, in C)
known_table = _TABLES.get


def table_of(m: Map, type: str, province: str, coast: str | None) -> DrawTable:
    """The draw table of a unit of ``type`` in ``province`` (on ``coast``)."""
    key = (m, type, province, coast)
    found = _TABLES.get(key)
    if found is not None:
        return found
    opts = options_for(m, type, province, coast)
    free = opts.board_free

    def verdict(order: MilitaryOrder) -> Any:
        return _on_board(m, order, type, province, free.get(id(order), DYNAMIC))

    def one(order: MilitaryOrder) -> tuple[int, Ready]:
        return ONE, _ready(order, verdict(order))

    steps: list[tuple[int, Any]] = []
    for kind in KINDS[type]:
        if kind == "hold":
            steps.append((HOLD, opts.hold))
        elif kind in ("advance", "support") and type == "G":  # a garrison's own support
            steps.append(one(opts.own_support))
        elif kind in ("advance", "support"):
            seq = opts.advances if kind == "advance" else opts.supports
            steps.append((PICK, _picked(seq)) if opts.adjacent else (AGAIN, None))
        elif kind == "convert" and type == "G":  # to an army or a fleet: drawn
            steps.append((PICK, tuple(_ready(c, verdict(c)) for c in opts.converts)))
        elif kind == "convert":
            steps.append(one(opts.converts[0]))
        elif kind == "besiege":
            steps.append(one(opts.besiege))
        elif kind == "transport":
            steps.append(one(opts.transport))
        else:  # transported
            steps.append((CARRIED, None))
    made = _TABLES[key] = DrawTable(tuple(steps), len(steps).bit_length())
    return made


def draw_orders(
    units: Iterable[Unit], board: Board, rng: Draws, orders: dict[int, MilitaryOrder]
) -> bool:
    """A random order into ``orders`` for each of ``units`` not in it already, in their
    order, each not impossible on ``board`` (see the module docstring); the fleet of a
    transported advance is ordered to transport, before its turn if it comes later
    (True then: ``orders`` is not in the order of ``units``). One loop for a power's
    units: a season draws some thirty orders, and a call a unit would cost a third of a
    draw. With a generator of another type than ``random.Random`` or ``Bits`` the draws
    are its ``choice``'s."""
    m = board.map
    by_area = board.by_area
    exact = type(rng) in _EXACT
    bits = rng.getrandbits  # (pick's draws written out when exact)
    ahead = False
    for unit in units:
        uid = unit.uid
        if uid in orders:
            continue
        key = (m, unit.type, unit.province, unit.coast)
        steps, width = known_table(key) or table_of(*key)
        n = len(steps)
        order: MilitaryOrder
        ready: Any
        for _ in range(4):
            if exact:  # pick(rng, steps), written out
                r = bits(width)
                while r >= n:
                    r = bits(width)
            else:
                r = rng.choice(range(n))  # the index choice(steps) takes
            what, item = steps[r]
            if what == PICK:
                size = len(item)
                if exact:  # pick(rng, item), written out
                    k = size.bit_length()
                    r = bits(k)
                    while r >= size:
                        r = bits(k)
                else:
                    r = rng.choice(range(size))
                tried, ready = item[r]
            elif what == HOLD:
                order = item
                break
            elif what == ONE:
                tried, ready = item
            elif what == AGAIN:
                continue
            else:  # CARRIED
                moves = carried(unit, board)
                if not moves:
                    continue
                tried, ready = pick(rng, moves)
            if ready is ON_BOARD:
                if possible_on_board(tried, unit, board):
                    order = tried
                    break
            elif ready is DYNAMIC:
                verdict = check_order(tried, unit, board)
                if isinstance(verdict, Advance):
                    order = verdict
                    break
                if verdict is None:
                    order = tried
                    break
            elif ready is not None:
                order = ready
                break
        else:  # no try gave an order: Hold
            order = options_for(*key).hold
        orders[uid] = order
        if type(order) is Advance and order.via:  # Transport: its fleet carries it
            fleet = by_area.get(order.via[0])
            if fleet is not None:
                ahead = ahead or fleet.uid not in orders
                orders[fleet.uid] = options_for(m, "F", fleet.province, fleet.coast).transport
    return ahead


def pick(rng: Draws, seq: Sequence[T]) -> T:
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
    if type(rng) not in _EXACT or not n:
        return rng.choice(seq)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


def transports(unit: Unit, board: Board) -> list[MilitaryOrder]:
    """Advances over one fleet of the army's own power next to it."""
    return [order for order, _ in carried(unit, board)]


def carried(unit: Unit, board: Board) -> list[Ready]:
    """:func:`transports`, each advance with what its check gives (see :data:`Ready`):
    the advances over one fleet and their checks are made once per map, army place, sea
    and fleet place (:func:`_carried`); only the fleets next to the army are the board's."""
    m = board.map
    by_area = board.by_area
    found: list[Ready] = []
    for loc in m.fleet_locations(unit.province):
        for sea in m.fleet_adj.get(loc, ()):
            top = m.top(sea)
            fleet = by_area.get(top)
            if fleet is None or fleet.type != "F" or fleet.power != unit.power:
                continue
            key = (m, unit.type, unit.province, top, fleet.location)
            over = _CARRIED.get(key)
            if over is None:
                over = _CARRIED[key] = _carried(*key)
            found += over
    return found


# (map, type, province, sea, the fleet's location) -> the advances over that fleet, with
# what their checks give; never evicted (a map has a few thousand)
_CARRIED: dict[tuple[Map, str, str, str, str], tuple[Ready, ...]] = {}


def _carried(m: Map, type: str, province: str, sea: str, fleet_at: str) -> tuple[Ready, ...]:
    """A unit of ``type`` in ``province`` advancing over the fleet at ``fleet_at`` in the
    sea area ``sea``: into every land the fleet reaches (sorted: the reach is a set of
    strings, whose order changes with the process's hash seed, and a seeded game must
    not). An army's transported advance is checked on the map alone (Advance: the
    transport's legs and places), but into Venice (Map: Venice, its garrison: left to the
    board, :data:`~.options.DYNAMIC`); each is kept with its text (``options.kept``)."""
    ref = UnitRef(type, province)
    probe = Unit(0, "", type, province)
    out: list[Ready] = []
    for land in sorted(m.fleet_reach.get(fleet_at, ())):
        if land != province and not m.is_sea(land):
            order = kept(Advance(ref, land, (sea,)))
            if m.top(land) == VENICE:
                out.append((order, DYNAMIC))
            else:
                out.append(_ready(order, check_order(order, probe, _EMPTY[m])))
    return tuple(out)
