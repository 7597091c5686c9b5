"""Benchmarks of the battle odds (issue 7): exact odds and the Monte Carlo.

Prints one line per benchmark, ``NAME: VALUE UNIT (ratio R vs BASELINE)``; every baseline
is measured in the same run. Times are CPU seconds of this process, the best of several
runs, so that other load on the machine counts as little as possible. See bench/README.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from italia_kit.games.italia.odds import Battle, exact_odds, montecarlo, simulate
from italia_kit.games.italia.odds import odds as odds_module

TYPICAL = Battle.parse("2 legion, 1 consular_legion, 1 infantry, leader", "2 infantry, 1 elephant")
TWO_HIT = Battle.parse("6 legion, 4 consular_legion", "5 infantry, 5 cavalry")
INFANTRY = Battle.parse("10 infantry", "10 infantry")
MC_BATTLES = 1 << 19
DICE = 1 << 22


def rate(work: Callable[[], object], units: float, seconds: float = 1.0) -> float:
    """Units of work per CPU second: the best of several timed runs of ``work``."""
    work()
    best, spent, runs = float("inf"), 0.0, 0
    while spent < seconds or runs < 3:
        start = time.process_time()
        work()
        took = time.process_time() - start
        if took > 0:
            best = min(best, took)
        spent, runs = spent + took, runs + 1
    return units / best


def uncached(battle: Battle, exact: bool = False) -> Callable[[], object]:
    """Exact odds without the per-battle memo (the tables of dice stay cached)."""

    def work() -> object:
        odds_module._odds.cache_clear()
        return exact_odds(battle, exact=exact)

    return work


def line(name: str, value: float, unit: str, ratio: float, baseline: str) -> None:
    print(f"{name}: {value:.4g} {unit} (ratio {ratio:.3g} vs {baseline})", flush=True)


def exact() -> None:
    for name, battle in (("4v3", TYPICAL), ("10v10_two_hit", TWO_HIT)):
        mc = rate(lambda b=battle: simulate(b, 10_000, seed=1), 1)  # type: ignore[misc]
        odds = rate(uncached(battle), 1)
        line(f"odds_{name}", odds, "battles/s", odds / mc, f"mc_10k_{name}")
        if name == "4v3":
            fractions = rate(uncached(battle, exact=True), 1)
            line("odds_4v3_fractions", fractions, "battles/s", fractions / odds, "odds_4v3")


def monte_carlo() -> None:
    rng = np.random.Generator(np.random.PCG64(0))
    raw = rate(lambda: rng.integers(1, 11, size=DICE), DICE)
    raw8 = rate(lambda: rng.integers(1, 11, size=DICE, dtype=np.int8), DICE)
    line("d10_raw", raw, "rolls/s", 1.0, "d10_raw")
    line("d10_raw_int8", raw8, "rolls/s", raw8 / raw, "d10_raw")
    rows = DICE // 8
    dice = montecarlo._Dice(rng, rows)
    full = np.full(rows, 8, dtype=np.intp)
    own = rate(lambda: dice.roll(full), DICE)
    line("d10_simulation", own, "rolls/s", own / raw, "d10_raw")
    used = simulate(INFANTRY, MC_BATTLES, seed=1).dice / MC_BATTLES
    mc = rate(lambda: simulate(INFANTRY, MC_BATTLES, seed=2), MC_BATTLES, seconds=4.0)
    per = f"{used:.1f}_dice"
    line("mc_10v10_infantry", mc, "battles/s", mc / (raw / used), f"d10_raw/{per}")
    line("mc_10v10_infantry_int8", mc, "battles/s", mc / (raw8 / used), f"d10_raw_int8/{per}")
    line("mc_10v10_infantry_own", mc, "battles/s", mc / (own / used), f"d10_simulation/{per}")


if __name__ == "__main__":
    exact()
    monte_carlo()
