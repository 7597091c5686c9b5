"""Random expenditure lines a power could afford, for the random player: a loan, a
counter-bribe on one of its units, a bribe at its minimum on a unit next to its own, a
rebellion in a neighbouring enemy province, an assassination, a payment. Every line it
writes is one the rules accept (multiples of 3, the minimums, the bank's limit)."""

from __future__ import annotations

from italia_kit.games.renaissance.draws import Draws
from italia_kit.games.renaissance.expenditure import BANK_LIMIT, bribe_minimum
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, POWERS, Map
from italia_kit.games.renaissance.state import RenaissanceState

__all__ = ["random_expenses"]


def random_expenses(state: RenaissanceState, m: Map, power: str, rng: Draws) -> list[str]:
    """Zero to two expenditure lines, each affordable when written."""
    lines: list[str] = []
    money = state.treasury[power]
    mine = state.units_of(power)
    near = {p for u in mine for p in (u.province, *m.army_adj.get(u.province, ()))}
    # the powers still in the game (PLAYER ELIMINATION: none other may be paid or attacked)
    rivals = [p for p in POWERS if p != power and p not in state.eliminated]
    for _ in range(rng.choice((0, 0, 1, 2))):
        kind = rng.choice(("borrow", "counter", "bribe", "rebel", "assassinate", "pay"))
        if kind == "borrow" and power not in state.banned:
            amount = rng.choice((3, 6, 9))
            if state.debt(power) + amount <= BANK_LIMIT:
                lines.append(f"Borrow {amount}" + rng.choice(("", " 2 years")))
                money += amount
        elif kind == "counter" and mine and money >= 3:
            unit = rng.choice(mine)
            lines.append(f"C-B {unit.type} {unit.province} 3")
            money -= 3
        elif kind == "bribe":
            others = sorted(
                (u for u in state.units.values() if u.power != power and u.province in near),
                key=lambda u: u.uid,
            )
            if not others:
                continue
            unit = rng.choice(others)
            if unit.power == AUTONOMOUS:
                bribe = rng.choice(("disband_ag", "buy_ag"))
                text = "Disband AG" if bribe == "disband_ag" else "Buy AG"
                cost = bribe_minimum(m, unit, bribe)
                line = f"{text} {unit.province} {cost}"
            elif unit.type == "G":
                bribe = rng.choice(("to_ag", "disband_g", "buy"))
                cost = bribe_minimum(m, unit, bribe)
                line = {
                    "to_ag": f"Bribe {unit.power} G {unit.province} - AG {cost}",
                    "disband_g": f"Disband {unit.power} G {unit.province} {cost}",
                    "buy": f"Bribe G {unit.province} {cost}",
                }[bribe]
            else:
                bribe = rng.choice(("disband", "buy"))
                cost = bribe_minimum(m, unit, bribe)
                if bribe == "disband":
                    line = f"Disband {unit.power} {unit.type} {unit.province} {cost}"
                else:
                    line = f"Bribe {unit.type} {unit.province} {cost}"
            if cost <= money:
                lines.append(line)
                money -= cost
        elif kind == "rebel":
            targets = sorted(
                p for p in near if state.control.get(p) not in (None, power) and not m.is_sea(p)
            )
            if targets:
                province = rng.choice(targets)
                cost = 15 if m.home.get(province) == state.control[province] else 9
                if cost <= money:
                    lines.append(f"{province} Rebel {cost}")
                    money -= cost
        elif kind == "assassinate" and money >= 30 and rivals:
            victim = rng.choice(rivals)
            lines.append(f"Assassinate {victim} 30")
            money -= 30
        elif kind == "pay" and money >= 3 and rivals:
            other = rng.choice(rivals)
            lines.append(f"Pay {other} 3")
            money -= 3
    return lines
