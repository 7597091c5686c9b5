"""One season's movement: orders in, units out, and every unit's outcome with the clause
that decided it (``Outcome``); sieges (Besiege) and retreats (RETREATS) included.

Retreats are the referee's (RETREATS (e)): the kit looks for the assignment of retreats
that eliminates fewest units, then converts fewest, by a maximum matching of units to
places (Kuhn's augmenting paths), the units that cannot convert matched first. It is
deterministic: units are taken in the order of their ids and places in the order of their
names, so among the best assignments the kit takes the first in that order.

>>> from italia_kit.games.renaissance.mapdata import game_map
>>> from italia_kit.games.renaissance.units import Unit
>>> units = {1: Unit(1, "France", "A", "Savoy"), 2: Unit(2, "Florence", "A", "Genoa"),
...          3: Unit(3, "France", "F", "Eastern Gulf of Lyons")}
>>> orders = orders_for(units, "France", ["A Savoy -> Genoa", "F EGOL S Genoa"], game_map())
>>> result = resolve_movement(game_map(), units, orders)
>>> print(result.outcomes[1].text)
French A Savoy -> Genoa: advanced (Advance (a)).
>>> print(result.outcomes[2].text)
Florentine A Genoa H: dislodged from Genoa by A Savoy, retreats to Fornova (RETREATS (a)).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from italia_kit.core import IllegalActionError
from italia_kit.games.renaissance.adjudicator import Resolver, hold_order
from italia_kit.games.renaissance.checks import Board, Impossible, siege_target
from italia_kit.games.renaissance.mapdata import VENICE, Map
from italia_kit.games.renaissance.names import subject
from italia_kit.games.renaissance.notation import parse_line
from italia_kit.games.renaissance.options import order_text
from italia_kit.games.renaissance.orders import (
    Besiege,
    Convert,
    Hold,
    MilitaryOrder,
    Permit,
    Support,
    Transport,
)
from italia_kit.games.renaissance.position import Position, position_of
from italia_kit.games.renaissance.units import ADJECTIVES, Unit, city_area

__all__ = [
    "Impossible",
    "Movement",
    "Outcome",
    "Row",
    "hold_orders",
    "orders_for",
    "outcome_of",
    "outcome_text",
    "resolve_movement",
]


class Outcome(NamedTuple):
    """What became of one unit: ``result`` (a word), the ``clause`` that decided it, and
    ``text``, the sentence of the Campaign Report (the order as given, what became of it,
    the clause; made with the outcome, :func:`outcome_text`). A named tuple, not a frozen
    dataclass: every unit gets one each season, and a tuple is the cheapest immutable
    record to make."""

    uid: int
    unit: str
    order: str
    result: str
    clause: str
    detail: str
    text: str


def outcome_text(order: str, result: str, clause: str, detail: str = "") -> str:
    """The Campaign Report's line of an outcome.

    >>> outcome_text("French A Savoy -> Genoa", "advanced", "Advance (a)")
    'French A Savoy -> Genoa: advanced (Advance (a)).'
    """
    detail = f" {detail}" if detail else ""
    return f"{order}: {result}{detail} ({clause})."


#: An outcome as the resolution makes it, a plain tuple: (uid, unit, the power's
#: adjective, the order's text, result, clause, detail, text); :class:`Outcome` is made of
#: it when asked (:attr:`Movement.outcomes`). (A plain tuple display costs some 500
#: instructions, ``tuple.__new__(Outcome, ...)`` some 2,100: a season makes one a unit
#: that acts or is attacked, and the Campaign Report reads only four of its columns.)
Row = tuple[int, str, str, str, str, str, str, str]


def outcome_of(row: Row) -> Outcome:
    """The :class:`Outcome` of a :data:`Row` (its order: the adjective and the text)."""
    uid, unit, adjective, written, result, clause, detail, text = row
    return Outcome(uid, unit, f"{adjective} {written}", result, clause, detail, text)


@dataclass
class Movement:
    """The season's movement resolved: the units after it, each unit's outcome (``rows``,
    as :data:`Row`; :attr:`outcomes` as :class:`Outcome`), the sieges going on (province
    -> besieger, seasons), the cities taken by siege (province -> power), and the areas of
    a stand-off."""

    units: dict[int, Unit]
    rows: dict[int, Row]
    sieges: dict[str, tuple[int, int]] = field(default_factory=dict)
    taken: dict[str, str] = field(default_factory=dict)
    standoffs: frozenset[str] = frozenset()
    eliminated: tuple[int, ...] = ()
    _outcomes: dict[int, Outcome] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def outcomes(self) -> dict[int, Outcome]:
        """Each unit's outcome (made of :attr:`rows` the first time it is asked)."""
        if self._outcomes is None:
            self._outcomes = {uid: outcome_of(row) for uid, row in self.rows.items()}
        return self._outcomes


def orders_for(
    units: Mapping[int, Unit],
    power: str,
    lines: Iterable[str | MilitaryOrder],
    m: Map,
    *,
    strict: bool = True,
) -> dict[int, MilitaryOrder]:
    """``power``'s orders keyed by unit id; an order for a unit it does not have there is
    refused (MILITARY ORDERS (b), naming the unit), as is a second order for one unit;
    with ``strict`` false such an order is dropped instead (a unit bribed away)."""
    mine = position_of(units).by_ref
    out: dict[int, MilitaryOrder] = {}
    for line in lines:
        order = parse_line(line, m) if isinstance(line, str) else line
        if isinstance(order, Permit):
            continue
        unit = mine.get((power, order.unit.type, order.unit.province))
        if unit is None and not strict:
            continue
        if unit is None:
            raise IllegalActionError(
                "MILITARY ORDERS (b)",
                f"{subject(power, 'has')} no {order.unit.type} in {order.unit.province} to order",
            )
        if unit.uid in out:
            raise IllegalActionError(
                "MILITARY ORDERS (b)", f"{unit} has two orders: each unit may be given one"
            )
        out[unit.uid] = order
    return out


def resolve_movement(
    m: Map,
    units: Mapping[int, Unit],
    orders: Mapping[int, MilitaryOrder],
    *,
    permits: Collection[tuple[str, str, str]] = (),
    rebellions: Mapping[str, str] | None = None,
    sieges: Mapping[str, tuple[int, int]] | None = None,
    checked: Collection[int] = (),
    position: Position | None = None,
) -> Movement:
    """Resolve one season's military orders (keyed by unit id; a unit without one holds).
    The orders of the units ``checked`` are known possible on this position (a sheet of
    the kit's own players, ``RenaissanceRules.checked_sheet``): they are not checked again.
    ``position`` is ``position_of(units)`` if the caller has it already."""
    here = position if position is not None else position_of(units)
    board = Board(m, here.areas, permits, rebellions or {}, sieges or {})
    # the Resolver's own copy, without orders of units not there (in one C pass if none)
    if orders.keys() <= units.keys():
        given = dict(orders)
    else:
        given = {uid: o for uid, o in orders.items() if uid in units}
    res = Resolver(board, units, given, checked=frozenset(checked))
    done = res.resolve_all()
    after: dict[int, Unit] = {}
    outcomes: dict[int, Row] = {}
    dislodged: dict[int, int] = {}
    # the first move into each area that succeeds (the one the outcome names)
    winners: dict[str, int] = {}
    for area, movers in res.into.items():
        for x in movers:
            if done[x]:
                winners[area] = x
                break
    moves, orders, coast_of = res.moves, res.orders, m.coast_of
    # most units: no order or a Hold, and nobody came: their outcome made once (_HELD).
    # (Loops and comprehensions, not map/attrgetter pipelines: callgrind counts fewer
    # instructions for them on CPython 3.11, whose attribute and dict opcodes are
    # specialised, where each attrgetter or zip step is a C call and a tuple.)
    occupied = res.occupied
    attacked = {occupied[area].uid for area in res.into if area in occupied}
    acting = res.acting
    for uid, unit in units.items():  # in the order of the units
        if uid not in acting and uid not in attacked:
            order = orders.get(uid)  # (None: no order, MILITARY ORDERS 4: holds)
            # an entry of _HELD holds its order, so no other object has that id while
            # it is there, and a hit is that very order's outcome
            hit = _HELD.get((uid, unit.label, id(order)))
            after[uid] = unit
            outcomes[uid] = hit[1] if hit is not None else _held_unattacked(res, uid, unit, order)
            continue
        move = moves.get(uid)
        if move is not None and done[uid]:
            if move.new_type is not None:
                coast = move.dest or None if move.new_type == "F" else None
                after[uid] = unit.moved(unit.province, coast, move.new_type)
            else:
                dest = move.dest
                top = coast_of.get(dest, dest)  # (Map.top)
                after[uid] = unit.moved(top, dest if dest != top else None)
            outcomes[uid] = _outcome(res, done, uid)
            continue
        attacker = winners.get(unit.area)
        if attacker is not None:
            dislodged[uid] = attacker  # its outcome once its retreat is known
            continue
        order = orders.get(uid) or res.order_of(uid)
        if unit.province == VENICE and isinstance(order, Convert) and uid not in res.impossible:
            after[uid] = unit.moved(unit.province, None, order.to)  # Map: Venice: in place
        else:
            after[uid] = unit
        outcomes[uid] = _outcome(res, done, uid)
    standoffs = frozenset(
        t for t, ms in res.into.items() if len(ms) > 1 and not any(done[x] for x in ms)
    )
    placed: dict[int, Unit] = {}
    if dislodged:  # (most seasons dislodge a few units; some none)
        attempted = {mv.target for uid, mv in res.moves.items() if not mv.via or res.path_ok(uid)}
        placed = _retreat(m, board, units, res, dislodged, after, attempted, rebellions or {})
    eliminated = []
    for uid, attacker in dislodged.items():
        where = placed.get(uid)
        by = f"by {_short(units[attacker])}"
        if where is None:
            eliminated.append(uid)
            outcome = (
                "eliminated",
                "RETREATS (d)",
                f"in {units[uid].province} {by}: nowhere to retreat",
            )
        elif where.type == "G" and units[uid].type != "G":
            after[uid] = where
            outcome = ("dislodged", "RETREATS (c)", f"{by}, converts to a garrison in its city")
        else:
            after[uid] = where
            outcome = (
                "dislodged",
                "RETREATS (a)",
                f"from {units[uid].province} {by}, retreats to {where.location}",
            )
        outcomes[uid] = _make(res, uid, *outcome)
    new_sieges, taken = _sieges(res, units, after, dislodged, sieges or {}, outcomes)
    return Movement(after, outcomes, new_sieges, taken, standoffs, tuple(eliminated))


def _short(unit: Unit) -> str:
    return f"{unit.type} {unit.location}"


def _make(res: Resolver, uid: int, result: str, clause: str, detail: str = "") -> Row:
    unit = res.units[uid]
    order = res.orders.get(uid) or res.order_of(uid)  # (a unit without an order: its Hold)
    adjective = ADJECTIVES.get(unit.power, unit.power)
    written = order_text(order)
    # the line in one f-string (the order as said, outcome_of's, is made only if asked)
    if detail:
        text = f"{adjective} {written}: {result} {detail} ({clause})."
    else:
        text = f"{adjective} {written}: {result} ({clause})."
    return (uid, unit.label, adjective, written, result, clause, detail, text)


# (uid, label, id of the Hold order or of None) -> (the order, the outcome "holds (Hold)"):
# most units hold unattacked season after season, so their line is made once (the order
# is kept in the entry and compared by identity, so an id reused by another object never
# matches; None is a unit without an order, whose Hold is its type's and place's)
_HELD: dict[tuple[int, str, int], tuple[MilitaryOrder | None, Row]] = {}


def _held_unattacked(res: Resolver, uid: int, unit: Unit, order: MilitaryOrder | None) -> Row:
    """The outcome of a unit without an order (None) or with a Hold that nobody
    attacked: Hold (MILITARY ORDERS 4)."""
    key = (uid, unit.label, id(order))
    found = _HELD.get(key)
    if found is not None and found[0] is order:
        return found[1]
    made = _make(res, uid, "holds", "Hold")
    if len(_HELD) > 4096:
        _HELD.clear()
    _HELD[key] = (order, made)
    return made


def _outcome(res: Resolver, done: Mapping[int, bool], uid: int) -> Row:
    unit = res.units[uid]
    order = res.orders.get(uid) or res.order_of(uid)
    bad = res.impossible.get(uid)
    if bad is not None:
        return _make(res, uid, "holds", bad.clause, f"(its order is impossible: {bad.reason})")
    if type(order) is Hold:  # most units: no move, nothing to give or besiege
        return _held(res, done, uid, unit)
    move = res.moves.get(uid)
    if move is not None:
        if done[uid]:
            if move.new_type is not None:
                return _make(res, uid, "converted", "Convert")
            clause = "Advance (a)"
            there = res.occupied.get(move.target)
            if there is not None and there.uid in res.moves:
                clause = "CONFLICTS (e)"
            return _make(res, uid, "advanced", clause)
        return _failed(res, uid)
    if isinstance(order, Support):
        if res.impossible.get(uid):
            return _make(res, uid, "holds", "Support (c)")
        cut = res.support_cut_by(uid)
        if cut is not None:
            return _make(
                res, uid, "support broken", "CONFLICTS (d)", f"by {_short(res.units[cut])}"
            )
        return _make(res, uid, "supports", "Support (b)" if order.power else "Support")
    if isinstance(order, Transport):
        return _make(res, uid, "transports", "Transport")
    if isinstance(order, Besiege):
        return _make(res, uid, "besieges", "Besiege")
    if isinstance(order, Convert):  # in Venice: in place
        return _make(res, uid, "converted", "Map: Venice" if unit.province == VENICE else "Convert")
    return _held(res, done, uid, unit)


def _held(res: Resolver, done: Mapping[int, bool], uid: int, unit: Unit) -> Row:
    """A unit that stays: against the first failed attack on it (CONFLICTS (c)), or Hold."""
    for x in res.into.get(unit.area, ()):
        if not done[x]:  # the first attack that failed against it
            return _make(res, uid, "holds", "CONFLICTS (c)", f"against {_short(res.units[x])}")
    return _make(res, uid, "holds", "Hold")


def _failed(res: Resolver, uid: int) -> Row:
    move = res.moves[uid]
    fault = res.path_fault(uid) if move.via else None
    if fault is not None:
        return _make(res, uid, "holds", fault.clause, f"({fault.reason})")
    other = res.head_to_head(uid)
    attack = res.attack(uid)
    if other is not None and attack <= res.defend(other):
        return _make(
            res,
            uid,
            "bounced",
            "CONFLICTS (b)",
            f"(a swap with {_short(res.units[other])} by the same route)",
        )
    occupant = res.occupied.get(move.target)
    if other is None and occupant is not None and attack <= res.hold(move.target):
        if occupant.power == move.power:
            return _make(
                res,
                uid,
                "bounced",
                "Advance (a)",
                f"(its own {_short(occupant)} is there; a power does not dislodge its own"
                " unit, reconstructed)",
            )
        order = res.order_of(occupant.uid)
        clause = "CONFLICTS (c)" if isinstance(order, Hold | Besiege | Transport) else "Advance (a)"
        return _make(res, uid, "bounced", clause, f"(against {_short(occupant)})")
    rivals = [x for x in res.into[move.target] if x != uid]
    best = max((res.prevent(x) for x in rivals), default=0)
    clause = "CONFLICTS (a)" if best == attack else "Advance (c)"
    result = "stand-off" if best == attack else "bounced"
    return _make(res, uid, result, clause, f"in {move.target}")


def _retreat(
    m: Map,
    board: Board,
    units: Mapping[int, Unit],
    res: Resolver,
    dislodged: Mapping[int, int],
    after: Mapping[int, Unit],
    attempted: Collection[str],
    rebellions: Mapping[str, str],
) -> dict[int, Unit]:
    """Where each dislodged unit goes (RETREATS (a)-(e)); a unit missing is eliminated."""
    held = {u.area for u in after.values()}
    options: dict[int, list[Unit]] = {}
    converts: dict[int, Unit] = {}
    for uid in sorted(dislodged):
        unit = units[uid]
        origin = res.moves[dislodged[uid]].origin
        if unit.type == "A":
            places: Iterable[str] = m.army_adj[unit.province]
        else:
            places = m.fleet_adj.get(unit.location, ())
        found = []
        for place in sorted(places):
            top = m.top(place)
            if top in held or top in attempted or top == origin:
                continue
            if top == VENICE and city_area(VENICE) in held:
                continue
            if rebellions.get(top) == unit.power:  # REBELLIONS (i)
                continue
            if unit.type == "F" and board.strait_closed(unit.power, unit.location, top):
                continue
            found.append(unit.moved(top, place if place != top else None))
        options[uid] = found
        city = m.cities.get(unit.province)
        if (
            city is not None
            and city.fortified
            and unit.province != VENICE
            and (unit.type == "A" or city.port)
            and city_area(unit.province) not in held
            and rebellions.get(unit.province) != unit.power
        ):
            converts[uid] = unit.moved(unit.province, None, "G")
    match: dict[str, int] = {}

    def augment(uid: int, seen: set[str]) -> bool:
        for place in options[uid]:
            key = place.province
            if key in seen:
                continue
            seen.add(key)
            if key not in match or augment(match[key], seen):
                match[key] = uid
                return True
        return False

    for uid in [u for u in sorted(dislodged) if u not in converts] + sorted(converts):
        augment(uid, set())
    placed = {uid: next(p for p in options[uid] if p.province == key) for key, uid in match.items()}
    for uid, unit in converts.items():
        placed.setdefault(uid, unit)
    return placed


def _sieges(
    res: Resolver,
    units: Mapping[int, Unit],
    after: dict[int, Unit],
    dislodged: Mapping[int, int],
    sieges: Mapping[str, tuple[int, int]],
    outcomes: dict[int, Row],
) -> tuple[dict[str, tuple[int, int]], dict[str, str]]:
    """Besiege: a besieger not driven out keeps its siege; the second consecutive season
    destroys the garrison and takes the city."""
    going: dict[str, tuple[int, int]] = {}
    taken: dict[str, str] = {}
    besieging = res.besieging  # the units whose Besiege is possible
    if len(besieging) > 1:  # taken in the order of the orders, as the sieges always were
        rank = {uid: i for i, uid in enumerate(res.orders)}
        besieging = sorted(besieging, key=rank.__getitem__)
    for uid in besieging:
        if uid in dislodged:
            continue
        target = siege_target(units[uid])
        before = sieges.get(target)
        seasons = before[1] + 1 if before is not None and before[0] == uid else 1
        if seasons < 2:
            going[target] = (uid, 1)
            outcomes[uid] = _make(
                res, uid, "besieges", "Besiege", f"the city of {target} (first season of two)"
            )
            continue
        garrison = next(
            (g for g, u in after.items() if u.type == "G" and u.province == target), None
        )
        if garrison is not None:
            del after[garrison]
            outcomes[garrison] = _make(
                res, garrison, "eliminated", "Besiege", "by a siege of two seasons"
            )
        taken[target] = units[uid].power
        outcomes[uid] = _make(res, uid, "takes the city", "Besiege", f"of {target} (second season)")
    return going, taken


def hold_orders(units: Mapping[int, Unit]) -> dict[int, MilitaryOrder]:
    """Every unit's Hold (MILITARY ORDERS 4)."""
    return {uid: hold_order(u) for uid, u in units.items()}


__all__ += ["Impossible", "hold_orders"]
