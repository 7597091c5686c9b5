"""Every order a unit in a place could be given, made once per map, unit type and place.

An order is a value of the unit's type and place only (``A Rome -> Naples`` is the same
order whoever's army it is, and whatever the rest of the board), so the orders a random
sheet draws from need not be made again each season: :func:`options_for` keeps, for one
unit type in one place, its Hold, its Advance into every place next to it (in the map's
order, the order the random player draws them in), its Support into each of them, and its
Besiege, Convert and Transport orders, each with its text in the notation. Whether an order
can be carried out this season is still the checks' question (``checks.check_order``).

:func:`order_text` is :func:`~italia_kit.games.renaissance.notation.format_order` with the
text of an order made here looked up instead of made again (a season prints every unit's
order in its sheet and in its outcome).

>>> from italia_kit.games.renaissance.mapdata import game_map
>>> here = options_for(game_map(), "A", "Rome", None)
>>> order_text(here.hold), order_text(here.advances[0].order), here.advances[0].verdict
('A Rome H', 'A Rome -> Patrimony', None)
>>> options_for(game_map(), "A", "Rome", None) is here
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from italia_kit.games.renaissance.checks import Board, Impossible, check_order, siege_target
from italia_kit.games.renaissance.mapdata import VENICE, Map
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.orders import (
    Advance,
    Besiege,
    Convert,
    Hold,
    MilitaryOrder,
    Permit,
    Support,
    Transport,
    UnitRef,
)
from italia_kit.games.renaissance.units import Unit

__all__ = [
    "DYNAMIC",
    "Picked",
    "UnitOptions",
    "kept",
    "options_for",
    "order_text",
    "order_texts",
]


class _Dynamic:
    """The verdict of an order whose check looks at the board (see :data:`DYNAMIC`)."""

    def __repr__(self) -> str:
        return "DYNAMIC"


#: The ``verdict`` of a :class:`Picked` order that must be checked on the season's board.
DYNAMIC = _Dynamic()


class Picked(NamedTuple):
    """An order and what ``checks.check_order`` says of it wherever the unit's power and
    the rest of the board are (None, an :class:`Impossible`, or the Advance with its coast
    named), or :data:`DYNAMIC` where the answer depends on the board: an advance into
    Venice (its garrison), a fleet's move or support through a strait (its holder)."""

    order: MilitaryOrder
    verdict: Impossible | Advance | _Dynamic | None


@dataclass(frozen=True, slots=True)
class UnitOptions:
    """The orders of one unit type in one place (see the module docstring). ``advances``
    and ``supports`` follow ``adjacent`` (the army's or the fleet's links, in the map's
    order): ``advances[i]`` enters ``adjacent[i]``, ``supports[i]`` supports into its
    province. ``converts`` are a garrison's to an army and to a fleet, or an army's or a
    fleet's to a garrison."""

    ref: UnitRef
    hold: Hold
    adjacent: tuple[str, ...]
    advances: tuple[Picked, ...]
    supports: tuple[Picked, ...]
    besiege: Besiege
    converts: tuple[Convert, ...]
    transport: Transport
    own_support: Support  # a garrison's support into its own province
    #: id of the Besiege, a Convert, the Transport or the own Support -> its verdict, for
    #: those whose check does not look at the board (see :func:`_board_free`)
    board_free: Mapping[int, Impossible | None]


# (map, type, province, coast) -> its options; never evicted: the texts are found by the
# identity of the orders, which must therefore live as long as the process (a map has a
# few hundred places)
_OPTIONS: dict[tuple[Map, str, str, str | None], UnitOptions] = {}
_TEXTS: dict[int, tuple[MilitaryOrder, str]] = {}
_TEXT_OF: dict[int, str] = {}  # the same texts by id alone (the orders are held above)


def _kept(order: MilitaryOrder) -> MilitaryOrder:
    _TEXTS[id(order)] = (order, format_order(order))
    _TEXT_OF[id(order)] = _TEXTS[id(order)][1]
    return order


def kept(order: MilitaryOrder) -> MilitaryOrder:
    """``order``, held for the life of the process with its text, so that
    :func:`order_text` finds it (for orders made once per map elsewhere: the transported
    advances of ``draws.py``). Only for a bounded set of orders: nothing is evicted."""
    return _kept(order)


def options_for(m: Map, type: str, province: str, coast: str | None) -> UnitOptions:
    """The orders of a unit of ``type`` in ``province`` (on ``coast``, a fleet in a
    province of two coasts), made the first time they are asked for."""
    key = (m, type, province, coast)
    found = _OPTIONS.get(key)
    if found is not None:
        return found
    ref = UnitRef(type, province)
    if type == "A":
        adjacent = m.army_adj.get(province, ())
    elif type == "F":
        adjacent = m.fleet_adj.get(coast or province, ())
    else:
        adjacent = ()
    probe = Unit(0, "", type, province, coast)
    advances = tuple(_picked(m, probe, Advance(ref, place)) for place in adjacent)
    supports = tuple(_picked(m, probe, Support(ref, m.top(place))) for place in adjacent)
    converts = (Convert(ref, "A"), Convert(ref, "F")) if type == "G" else (Convert(ref, "G"),)
    besiege, transport, own_support = Besiege(ref), Transport(ref), Support(ref, province)
    board_free: dict[int, Impossible | None] = {}
    for order in (besiege, *converts, transport, own_support):
        verdict = _board_free(m, probe, order)
        if not isinstance(verdict, _Dynamic):
            board_free[id(order)] = verdict  # (the orders live as long as the options)
    made = UnitOptions(
        ref,
        Hold(ref),
        adjacent,
        advances,
        supports,
        besiege,
        converts,
        transport,
        own_support,
        board_free,
    )
    picked = (p.order for p in (*advances, *supports))
    for order in (made.hold, *picked, besiege, *converts, transport, own_support):
        _kept(order)
    _OPTIONS[key] = made
    return made


def _picked(m: Map, probe: Unit, order: Advance | Support) -> Picked:
    """``order`` with its verdict where the checks would not look at the board: an
    army's support, an army's advance but into Venice, a fleet's advance (but into
    Venice) or support not through a strait (``Board.strait_closed``)."""
    into = m.top(order.to) if isinstance(order, Advance) else order.into
    if isinstance(order, Advance) and into == VENICE:
        return Picked(order, DYNAMIC)  # Map: Venice: its garrison is the board's
    if probe.type == "F" and m.strait(probe.location, into) is not None:
        return Picked(order, DYNAMIC)  # Map: the strait's holder is the board's
    verdict = check_order(order, probe, _EMPTY[m])
    if isinstance(verdict, Advance):  # the coast named: kept, as the order is
        _kept(verdict)
    return Picked(order, verdict)


def _board_free(
    m: Map, probe: Unit, order: Besiege | Convert | Transport | Support
) -> Impossible | _Dynamic | None:
    """The verdict of a Besiege, Convert, Transport or a garrison's Support where the
    checks decide it before they look at the board: a Transport and a garrison's Support
    always (MILITARY ORDERS (c), Support (c)); a Besiege by a garrison, or of a place with
    no fortified city (Besiege); a Convert to the unit's own type, where there is no
    fortified city, of a fleet where there is no port, or of an army into a fleet (Convert).
    Else :data:`DYNAMIC`: the garrison, the rebellions and the sieges are the board's."""
    verdict = check_order(order, probe, _EMPTY[m])
    assert not isinstance(verdict, Advance)  # only an advance's check names a coast
    if isinstance(order, Transport | Support):
        return verdict
    if isinstance(order, Besiege):
        city = m.cities.get(siege_target(probe))
        static = probe.type == "G" or city is None or not city.fortified
        return verdict if static else DYNAMIC
    city = m.cities.get(probe.province)
    static = (
        order.to == probe.type
        or city is None
        or not city.fortified
        or ("F" in (order.to, probe.type) and not city.port)
        or (probe.type != "G" and order.to != "G")
    )
    return verdict if static else DYNAMIC


class _EmptyBoards(dict[Map, Board]):
    def __missing__(self, m: Map) -> Board:
        board = self[m] = Board(m, {})
        return board


_EMPTY = _EmptyBoards()


def order_text(order: MilitaryOrder | Permit) -> str:
    """The order in the text's notation (``notation.format_order``)."""
    return _TEXT_OF.get(id(order)) or format_order(order)  # (see order_texts)


def order_texts(orders: Iterable[MilitaryOrder]) -> list[str]:
    """:func:`order_text` of each order, in one call (a sheet's lines). The orders made
    here live as long as the process (``_TEXTS`` holds them), so no other object can
    have the id of one of them: the id alone finds the text."""
    # (a comprehension: callgrind counts 4.6k instructions for a sheet of two orders,
    # against 7.8k for the map pipeline and the None test it replaced)
    return [_TEXT_OF.get(id(order)) or format_order(order) for order in orders]
