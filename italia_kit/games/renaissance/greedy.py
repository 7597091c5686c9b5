"""A greedy player for the Renaissance-Italy game: supported advances on cities, sieges,
counter-bribes on its threatened garrisons, autonomous garrisons bought where it can
afford them, and never spending the ducats next Spring's maintenance needs.

Each season it takes the cities next to its units, richest first: one unit advances, every
other unit that can support into the city does, when that makes the attack stronger than
what holds the city; units in a province with a besiegeable garrison besiege; the rest
hold. It keeps next year's upkeep in the treasury and spends only what is above it.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.renaissance.checks import Impossible, check_order
from italia_kit.games.renaissance.expenditure import bribe_minimum
from italia_kit.games.renaissance.mapdata import AUTONOMOUS
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.orders import (
    Advance,
    Besiege,
    Hold,
    MilitaryOrder,
    Support,
    UnitRef,
)
from italia_kit.games.renaissance.rules import Adjustments, RenaissanceRules, SeasonOrders
from italia_kit.games.renaissance.season import Build, may_build
from italia_kit.games.renaissance.sheets import board_of
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit, city_area

__all__ = ["GreedyPlayer"]


class GreedyPlayer:
    """See the module docstring. It draws nothing at random; ``seed`` is kept for the
    spec's bot signature."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed})"

    def choose(self, game: Game[Any], seat: str | None = None) -> Action:
        owing = game.pending_seats
        if not owing:
            raise ValueError("no legal action: the game is over")
        seat = seat or owing[0]
        rules = game.rules
        if not isinstance(rules, RenaissanceRules):
            raise ValueError(f"{self!r} plays the renaissance game, not {rules.game_id!r}")
        state = game.state
        if state.step == "adjust":
            return Adjustments(seat, state.tag, self.adjustments(state, rules, seat))
        return SeasonOrders(seat, state.tag, self.sheet(state, rules, seat))

    @staticmethod
    def reserve(state: RenaissanceState, seat: str) -> int:
        """Next Spring's upkeep: never spent."""
        return sum(u.cost for u in state.units_of(seat))

    def adjustments(
        self, state: RenaissanceState, rules: RenaissanceRules, seat: str
    ) -> tuple[str, ...]:
        m = rules.map
        spare = state.treasury[seat] - 2 * self.reserve(state, seat)
        lines: list[str] = []
        areas = {u.area for u in state.units.values()}
        for province in sorted(m.home, key=lambda p: -m.cities[p].income if p in m.cities else 0):
            if spare < 3 or m.home[province] != seat:
                continue
            for kind in ("A", "F", "G"):
                if may_build(state, m, seat, Build("build", kind, province), areas) is None:
                    lines.append(f"Build {kind} {province}")
                    areas.add(city_area(province) if kind == "G" else province)
                    spare -= 6  # its cost now and its upkeep next year
                    break
        return tuple(lines)

    def sheet(self, state: RenaissanceState, rules: RenaissanceRules, seat: str) -> tuple[str, ...]:
        m = rules.map
        board = board_of(state, m)
        mine = sorted(state.units_of(seat), key=lambda u: u.uid)
        orders: dict[int, MilitaryOrder] = {}
        for unit in mine:  # sieges first: two seasons take a city
            order = Besiege(UnitRef(unit.type, unit.province))
            if unit.type != "G" and check_order(order, unit, board) is None:
                orders[unit.uid] = order
        targets = sorted(
            (p for p in m.cities if state.cities.get(p) != seat),
            key=lambda p: (-m.cities[p].income, p),
        )
        for target in targets:
            free = [u for u in mine if u.uid not in orders and u.type != "G"]
            attackers = [
                u for u in free if self._can(Advance(UnitRef(u.type, u.province), target), u, board)
            ]
            if not attackers:
                continue
            attacker = max(attackers, key=lambda u: u.strength)
            helpers = [
                u
                for u in free
                if u is not attacker
                and self._can(Support(UnitRef(u.type, u.province), target), u, board)
            ]
            strength = attacker.strength + sum(u.strength for u in helpers)
            if strength <= self._defence(state, target):
                continue
            advance = Advance(UnitRef(attacker.type, attacker.province), target)
            verdict = check_order(advance, attacker, board)
            orders[attacker.uid] = verdict if isinstance(verdict, Advance) else advance
            for helper in helpers:
                orders[helper.uid] = Support(UnitRef(helper.type, helper.province), target)
        lines = [format_order(orders.get(u.uid) or Hold(UnitRef(u.type, u.province))) for u in mine]
        return tuple(lines + self.expenses(state, rules, seat))

    @staticmethod
    def _can(order: MilitaryOrder, unit: Unit, board: Any) -> bool:
        return not isinstance(check_order(order, unit, board), Impossible)

    @staticmethod
    def _defence(state: RenaissanceState, province: str) -> int:
        holder = state.by_area().get(province)
        return 0 if holder is None else holder.strength + 1  # the holder may be supported

    def expenses(self, state: RenaissanceState, rules: RenaissanceRules, seat: str) -> list[str]:
        """Counter-bribes on its garrisons in major cities, then autonomous garrisons
        bought next to its units, all from what is above next Spring's upkeep."""
        m = rules.map
        spare = state.treasury[seat] - self.reserve(state, seat)
        out: list[str] = []
        for unit in sorted(state.units_of(seat), key=lambda u: u.uid):
            city = m.cities.get(unit.province)
            if unit.type == "G" and city is not None and city.major and spare >= 3:
                out.append(f"C-B G {unit.province} 3")
                spare -= 3
        near = {
            p for u in state.units_of(seat) for p in (u.province, *m.army_adj.get(u.province, ()))
        }
        for unit in sorted(state.units.values(), key=lambda u: u.uid):
            if (
                unit.power != AUTONOMOUS
                or unit.province not in near
                or unit.province in state.sieges
            ):
                continue
            cost = bribe_minimum(m, unit, "buy_ag")
            if cost <= spare:
                out.append(f"Buy AG {unit.province} {cost}")
                spare -= cost
        return out
