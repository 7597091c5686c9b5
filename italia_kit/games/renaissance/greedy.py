"""A greedy player for the Renaissance-Italy game: supported advances on cities, sieges,
counter-bribes on its threatened garrisons, autonomous garrisons bought where it can
afford them, and never spending the ducats next Spring's maintenance needs.

Each season it takes the cities next to its units, richest first: one unit advances, every
other unit that can support into the city does, when that makes the attack stronger than
what holds the city; units in a province with a besiegeable garrison besiege; the rest
hold. It keeps next year's upkeep in the treasury and spends only what is above it.

Two things a referee would call suicide it does not do (reconstructed: the text gives the
rules, not how to play them). FAMINE: the units in a province in famine at the end of
Spring or Summer starve (garrisons included), so it pays Famine Relief (EXPENDITURE
ORDERS 2, 3 d) for the provinces where its units stand, where its spare ducats and the
upkeep the relief saves pay for it; an army or fleet still in an unrelieved famine
province advances out of it, and none advances, besieges or is sent into one. PLAYER
ELIMINATION: a power that holds no city of its home countries leaves the game, so an
army or fleet standing in one of its own home cities that has no garrison of its own
stays there (it may support, not advance) while another power's army or fleet could
walk in.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.renaissance.checks import Board, Impossible, check_order
from italia_kit.games.renaissance.expenditure import bribe_minimum
from italia_kit.games.renaissance.expenses import FAMINE_RELIEF
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, Map
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
        spare = state.treasury[seat] - self.reserve(state, seat)
        relieved = self.reliefs(state, mine, spare)
        spare -= FAMINE_RELIEF * len(relieved)
        # FAMINE: what stands here at the end of the season starves (Spring and Summer;
        # after Summer the list is empty until Autumn draws next year's)
        starving = set(state.famine).difference(relieved)
        keepers = self.keepers(state, m, seat, mine) - {
            u.uid for u in mine if u.province in starving
        }
        orders: dict[int, MilitaryOrder] = {}
        for unit in mine:  # sieges first: two seasons take a city
            order = Besiege(UnitRef(unit.type, unit.province))
            if (
                unit.type != "G"
                and unit.province not in starving
                and check_order(order, unit, board) is None
            ):
                orders[unit.uid] = order
        targets = sorted(
            (p for p in m.cities if state.cities.get(p) != seat and p not in starving),
            key=lambda p: (-m.cities[p].income, p),
        )
        entered: set[str] = set()  # where its advances go
        for target in targets:
            free = [u for u in mine if u.uid not in orders and u.type != "G"]
            attackers = [
                u
                for u in free
                if u.uid not in keepers
                and self._can(Advance(UnitRef(u.type, u.province), target), u, board)
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
            entered.add(target)
            for helper in helpers:
                orders[helper.uid] = Support(UnitRef(helper.type, helper.province), target)
        for unit in mine:  # out of the famine, where it can
            if unit.uid not in orders and unit.type != "G" and unit.province in starving:
                escape = self._escape(m, unit, board, starving, entered)
                if escape is not None:
                    orders[unit.uid] = escape
                    entered.add(m.top(escape.to))
        lines = [format_order(orders.get(u.uid) or Hold(UnitRef(u.type, u.province))) for u in mine]
        relief = [f"Famine Relief {p} {FAMINE_RELIEF}" for p in relieved]
        return tuple(lines + relief + self.expenses(state, rules, seat, spare))

    @staticmethod
    def reliefs(state: RenaissanceState, mine: list[Unit], spare: int) -> list[str]:
        """The provinces in famine it relieves this season (EXPENDITURE ORDERS 2, 3 d
        each): those where its units stand, most units first (then by name), paid from
        ``spare`` and from the upkeep the relief saves (a unit that starves costs no
        upkeep next Spring: relieving its province spends at most what its loss would free,
        so the treasury never falls below the upkeep of the units kept). None after Summer:
        the famine is over by then (``state.famine`` is empty)."""
        famine = set(state.famine)
        standing: dict[str, int] = {}
        for unit in mine:
            if unit.province in famine:
                standing[unit.province] = standing.get(unit.province, 0) + unit.cost
        chosen = []
        for province in sorted(standing, key=lambda p: (-standing[p], p)):
            if spare + standing[province] >= FAMINE_RELIEF:
                chosen.append(province)
                spare -= FAMINE_RELIEF
        return chosen

    @staticmethod
    def keepers(state: RenaissanceState, m: Map, seat: str, mine: list[Unit]) -> set[int]:
        """Its armies and fleets that keep a home city of its own (PLAYER ELIMINATION):
        one standing in a city of its home country that it holds without a garrison of its
        own there, while another power's army or fleet is next to the province."""
        guarded = {u.province for u in mine if u.type == "G"}
        kept = {
            u.province: u.uid
            for u in mine
            if u.type != "G"
            and m.home.get(u.province) == seat
            and u.province in m.cities
            and state.cities.get(u.province) == seat
            and u.province not in guarded
        }
        if not kept:
            return set()
        threatened: set[str] = set()
        for unit in state.units.values():
            if unit.power in (seat, AUTONOMOUS) or unit.type == "G":
                continue
            if unit.type == "A":
                reach = set(m.army_adj.get(unit.province, ()))
            else:
                reach = {m.top(x) for x in m.fleet_adj.get(unit.location, ())}
            threatened |= reach & kept.keys()
        return {kept[p] for p in threatened}

    @staticmethod
    def _escape(
        m: Map, unit: Unit, board: Board, starving: set[str], entered: set[str]
    ) -> Advance | None:
        """An advance out of a province in famine into one that is not, an empty place
        first (then by name), not where its own units go already; None if there is none."""
        ref = UnitRef(unit.type, unit.province)
        if unit.type == "A":
            places = sorted(set(m.army_adj.get(unit.province, ())))
        else:
            places = sorted({m.top(x) for x in m.fleet_adj.get(unit.location, ())})
        options: list[tuple[bool, str, Advance]] = []
        for place in places:
            if place in starving or place in entered:
                continue
            advance = Advance(ref, place)
            verdict = check_order(advance, unit, board)
            if isinstance(verdict, Impossible):
                continue
            taken = place in board.by_area
            options.append((taken, place, verdict if isinstance(verdict, Advance) else advance))
        return min(options)[2] if options else None

    @staticmethod
    def _can(order: MilitaryOrder, unit: Unit, board: Any) -> bool:
        return not isinstance(check_order(order, unit, board), Impossible)

    @staticmethod
    def _defence(state: RenaissanceState, province: str) -> int:
        holder = state.by_area().get(province)
        return 0 if holder is None else holder.strength + 1  # the holder may be supported

    def expenses(
        self, state: RenaissanceState, rules: RenaissanceRules, seat: str, spare: int | None = None
    ) -> list[str]:
        """Counter-bribes on its garrisons in major cities, then autonomous garrisons
        bought next to its units, all from ``spare`` (by default what is above next
        Spring's upkeep; :meth:`sheet` gives what its famine relief leaves of it)."""
        m = rules.map
        if spare is None:
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
