"""The movement adjudicator: every power's military orders resolved at once.

Each order is first checked (``checks.py``: an impossible order is a Hold). Then every
*move* (an Advance, or a Convert that takes a unit out of its city into the province or
into the city from the province) is decided success or failure by strength (CONFLICTS):

* a move's strength is its unit's (1, or 2 for the elite units) plus its valid supports
  (Support; each support adds its supporter's strength, reconstructed from "has a strength
  of 2") plus the rebels of the province it enters (REBELLIONS (g));
* it succeeds if it beats what stays in the target (Advance (a), (b); CONFLICTS (c), (e)),
  every other move into the target (Advance (c); CONFLICTS (a): a stand-off), and, in a
  swap by the same route, the unit coming the other way (CONFLICTS (b));
* a support is broken by an attack of equal or greater unit strength from another power,
  unless it comes from the area the support is directed into (CONFLICTS (d)), and is void
  if its supporter is dislodged; a transport fails if a transporting fleet is dislodged
  (Advance (d)) or has no Transport order for the army (Transport (c));
* no power dislodges its own unit (reconstructed: the text's "greater strength than the
  opponent" needs an opponent, as in Diplomacy).

The decisions depend on each other; they are resolved as Lucas Kruijswijk's algorithm for
the DATC does: guess, check, and where a cycle has two or no consistent answers apply the
backup rule (a cycle that attacks a fleet transporting an army of the cycle: those
armies fail, Szykman's rule; any other: all its moves succeed, circular movement).
Retreats, sieges and the outcomes of every unit, each with the clause that decided it,
are in ``movement.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from italia_kit.games.renaissance.checks import Board, Impossible, check_order
from italia_kit.games.renaissance.mapdata import VENICE
from italia_kit.games.renaissance.options import options_for
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
from italia_kit.games.renaissance.units import Unit, city_area

__all__ = ["Move", "Resolver"]

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2
#: the types of a unit's order that leave the resolver nothing to do: a Hold, or none
_NO_ORDER = (Hold, type(None))
_new_tuple = tuple.__new__  # a Move made without the named tuple's Python-level __new__


class Move(NamedTuple):
    """A unit leaving its area ``origin`` for ``target`` (``dest`` the board location it
    ends in: a coast, or the new type's area), over ``via`` if transported. A named tuple:
    a season makes one a moving unit, and a tuple is the cheapest record to make."""

    uid: int
    power: str
    origin: str
    target: str
    dest: str
    via: tuple[str, ...] = ()
    new_type: str | None = None


@dataclass
class Resolver:
    """Decides every move of one season (see the module docstring)."""

    board: Board
    units: Mapping[int, Unit]
    orders: dict[int, MilitaryOrder]
    impossible: dict[int, Impossible] = field(default_factory=dict)
    moves: dict[int, Move] = field(default_factory=dict)
    #: units whose orders are known possible on this board (not checked again)
    checked: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        units = self.units
        given = self.orders
        self.into: dict[str, list[int]] = {}
        self.supports: dict[tuple[str, str], list[int]] = {}
        #: area -> the unit in it: the board's index of these units (position.py), not
        #: a dict of ids made again each season (some 25k instructions on 46 units)
        self.occupied: Mapping[str, Unit] = self.board.by_area
        #: the units whose Besiege is possible, in the order of the units
        self.besieging: list[int] = []
        # the units with an order other than Hold, in the order of the units: a unit
        # without an order holds (MILITARY ORDERS 4: order_of), and a Hold is possible
        # and no move, so neither is looked at here
        # (an order of a unit not there is left alone)
        acting = [uid for uid in units if type(given.get(uid)) not in _NO_ORDER]
        #: the units of ``acting``, as a set
        self.acting: frozenset[int] = frozenset(acting)
        checked = self.checked
        board = self.board
        coast_of = board.map.coast_of
        for uid in acting:
            unit = units[uid]
            order = given[uid]
            if uid not in checked:  # (a checked order stands as given: no verdict to test)
                verdict = check_order(order, unit, board)
                if isinstance(verdict, Impossible):
                    self.impossible[uid] = verdict
                    order = options_for(board.map, unit.type, unit.province, unit.coast).hold
                elif isinstance(verdict, Advance):
                    order = verdict
                given[uid] = order
            move: Move | None
            # the order's exact type first (the orders' classes have no subclasses; any
            # other type takes the isinstance path below): a Besiege or a Transport is
            # no move, so no call of _move_of (some 6 a season)
            if type(order) is Advance:  # most moves: _move_of's first case, spelt out
                to = order.to
                target = coast_of.get(to, to)  # (Map.top)
                move = _new_tuple(Move, (uid, unit.power, unit.area, target, to, order.via, None))
            elif type(order) is Support:  # no move (the most given after an Advance)
                power = order.power or unit.power
                self.supports.setdefault((power, order.into), []).append(uid)
                continue
            elif type(order) is Besiege:  # possible (an impossible one is a Hold by now)
                self.besieging.append(uid)
                continue
            elif type(order) is Transport:
                continue
            else:
                move = self._move_of(unit, order)
            if move is not None:
                self.moves[uid] = move
                self.into.setdefault(move.target, []).append(uid)
            elif isinstance(order, Support):
                power = order.power or unit.power
                self.supports.setdefault((power, order.into), []).append(uid)
            elif isinstance(order, Besiege):
                self.besieging.append(uid)
        # CONFLICTS (b): each move met by a move the other way along the same route (two
        # units swapping places, neither transported), found once
        occupied, moves = self.occupied, self.moves
        self.swaps: dict[int, int] = {}
        for uid, move in moves.items():
            there = occupied.get(move.target)
            back = moves.get(there.uid) if there is not None and not move.via else None
            if back is not None and not back.via and back.target == move.origin:
                self.swaps[uid] = back.uid
        #: the provinces in rebellion (REBELLIONS (g) asks of them only if there are any)
        self.rebellions = board.rebellions
        self.state: dict[int, int] = dict.fromkeys(self.moves, _UNRESOLVED)
        self.result: dict[int, bool] = dict.fromkeys(self.moves, False)
        self.deps: list[int] = []

    def order_of(self, uid: int) -> MilitaryOrder:
        """The order unit ``uid`` carries out: its own (with its coast named), the Hold
        of an impossible one, or, a unit without an order, its Hold (MILITARY ORDERS 4),
        kept in :attr:`orders` from then on."""
        order = self.orders.get(uid)
        if order is None:
            unit = self.units[uid]
            hold = options_for(self.board.map, unit.type, unit.province, unit.coast).hold
            order = self.orders[uid] = hold
        return order

    def _move_of(self, unit: Unit, order: MilitaryOrder) -> Move | None:
        if isinstance(order, Advance):
            target = self.board.map.top(order.to)
            return Move(unit.uid, unit.power, unit.area, target, order.to, order.via)
        if isinstance(order, Convert) and unit.province != VENICE:
            if unit.type == "G":  # out of the city into the province
                dest = self.board.map.fleet_locations(unit.province)[0] if order.to == "F" else ""
                return Move(unit.uid, unit.power, unit.area, unit.province, dest, (), order.to)
            target = city_area(unit.province)
            return Move(unit.uid, unit.power, unit.area, target, "", (), "G")
        return None

    # -- the decisions -------------------------------------------------------------------
    def succeeds(self, uid: int) -> bool:
        """Does the move of unit ``uid`` succeed? (Kruijswijk's ``resolve``.)"""
        state = self.state[uid]
        if state == _RESOLVED:
            return self.result[uid]
        if state == _GUESSING:
            if uid not in self.deps:
                self.deps.append(uid)
            return self.result[uid]
        start = len(self.deps)
        self.result[uid], self.state[uid] = False, _GUESSING
        first = self._adjudicate(uid)
        if len(self.deps) == start:
            if self.state[uid] != _RESOLVED:
                self.result[uid], self.state[uid] = first, _RESOLVED
            return first
        if self.deps[start] != uid:
            self.deps.append(uid)
            self.result[uid] = first
            return first
        self._forget(start)
        self.result[uid], self.state[uid] = True, _GUESSING
        second = self._adjudicate(uid)
        if first == second:
            self._forget(start)
            self.result[uid], self.state[uid] = first, _RESOLVED
            return first
        self._backup(start)
        return self.succeeds(uid)

    def _forget(self, start: int) -> None:
        while len(self.deps) > start:
            self.state[self.deps.pop()] = _UNRESOLVED

    def _backup(self, start: int) -> None:
        cycle = self.deps[start:]
        targets = {self.moves[u].target for u in cycle}
        # a paradox only if the cycle attacks a fleet that carries an army of the cycle;
        # a swap by different routes is circular movement
        transported = [u for u in cycle if targets.intersection(self.moves[u].via)]
        if transported:  # Szykman: the transported armies of a paradox fail
            for u in cycle:
                self.state[u] = _UNRESOLVED
            for u in transported:
                self.result[u], self.state[u] = False, _RESOLVED
        else:  # circular movement: all of it succeeds
            for u in cycle:
                self.result[u], self.state[u] = True, _RESOLVED
        del self.deps[start:]

    def _adjudicate(self, uid: int) -> bool:
        move = self.moves[uid]
        attack = self.attack(uid)
        other = self.swaps.get(uid)
        if other is not None:
            if attack <= self.defend(other):
                return False
        elif attack <= self.hold(move.target):
            return False
        for rival in self.into[move.target]:  # Advance (c): beat every other move there
            if rival != uid and attack <= self.prevent(rival):
                return False
        return True

    # -- derived decisions ---------------------------------------------------------------
    def head_to_head(self, uid: int) -> int | None:
        """The unit moving the other way along the same route, if any (CONFLICTS (b))."""
        return self.swaps.get(uid)

    def dislodged(self, uid: int) -> bool:
        """Is unit ``uid`` (one that does not leave) driven out?"""
        if uid in self.moves and self.succeeds(uid):
            return False
        return any(self.succeeds(m) for m in self.into.get(self.units[uid].area, ()))

    def path_ok(self, uid: int) -> bool:
        """Is the transport of ``uid`` there and unbroken (Advance (d), Transport (c))?"""
        return self.path_fault(uid) is None

    def path_fault(self, uid: int) -> Impossible | None:
        move = self.moves[uid]
        for place in move.via:
            fleet = self.occupied.get(place)
            order = self.orders.get(fleet.uid) if fleet is not None else None
            if fleet is None or fleet.type != "F" or not isinstance(order, Transport):
                return Impossible("Transport (c)", f"no fleet in {place} transports it")
            if (order.power or fleet.power) != move.power:
                return Impossible("Transport (c)", f"the fleet in {place} transports another power")
        for place in move.via:
            if self.dislodged(self.occupied[place].uid):
                return Impossible("Advance (d)", f"the transporting fleet in {place} is driven out")
        return None

    def support_cut_by(self, uid: int) -> int | None:
        """The move that breaks the support of ``uid`` (CONFLICTS (d)), or None."""
        unit = self.units[uid]
        order = self.orders[uid]
        assert isinstance(order, Support)
        for m in self.into.get(unit.area, ()):
            move = self.moves[m]
            if move.power == unit.power or move.origin == order.into:
                continue
            if self.units[m].strength < unit.strength:
                continue  # not "an equal force"
            if move.via and not self.path_ok(m):
                continue
            return m
        return None

    def support_given(self, uid: int) -> bool:
        return not self.dislodged(uid) and self.support_cut_by(uid) is None

    def support(self, power: str, area: str, against: str | None = None) -> int:
        """The strength ``power``'s valid supports give into ``area`` (none from the
        power ``against``, whose unit they would drive out)."""
        total = 0
        for s in self.supports.get((power, area), ()):
            unit = self.units[s]
            if unit.power != against and self.support_given(s):
                total += unit.strength
        return total

    def rebels(self, power: str, area: str) -> int:
        """1 if rebels support ``power`` into ``area``: the province rebels against another
        power and no other power's unit enters it this season (REBELLIONS (g))."""
        against = self.board.rebellions.get(area)
        if against is None or against == power:
            return 0
        powers = {self.moves[m].power for m in self.into.get(area, ())}
        return 1 if powers == {power} else 0

    def attack(self, uid: int) -> int:
        move = self.moves[uid]
        if move.via and not self.path_ok(uid):
            return 0
        base = self.units[uid].strength
        if self.rebellions:
            base += self.rebels(move.power, move.target)
        there = self.occupied.get(move.target)
        leaving = (
            there is not None
            and there.uid in self.moves
            and uid not in self.swaps
            and self.succeeds(there.uid)
        )
        if there is None or leaving:
            return base + self.support(move.power, move.target)
        holder = there.power
        if holder == move.power:
            return 0
        return base + self.support(move.power, move.target, against=holder)

    def hold(self, area: str) -> int:
        unit = self.occupied.get(area)
        if unit is None:
            return 0
        other = unit.uid
        if other in self.moves:
            return 0 if self.succeeds(other) else unit.strength
        if isinstance(self.orders.get(other), Support):
            return unit.strength  # Support (a): a support order is not supported
        return unit.strength + self.support(unit.power, area)

    def defend(self, uid: int) -> int:
        move = self.moves[uid]
        return self.units[uid].strength + self.support(move.power, move.target)

    def prevent(self, uid: int) -> int:
        move = self.moves[uid]
        if move.via and not self.path_ok(uid):
            return 0
        other = self.swaps.get(uid)
        if other is not None and self.succeeds(other):
            return 0
        strength = self.units[uid].strength
        if self.rebellions:
            strength += self.rebels(move.power, move.target)
        return strength + self.support(move.power, move.target)

    def resolve_all(self) -> dict[int, bool]:
        return {uid: self.succeeds(uid) for uid in self.moves}


def hold_order(unit: Unit) -> Hold:
    """The Hold order of ``unit``."""
    return Hold(UnitRef(unit.type, unit.province))
