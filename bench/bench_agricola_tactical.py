"""The battle view of *Agricola, Master of Britain* (8.0): how fast battles are recorded step
by step and their steps drawn, a CPU second, on one core.

Prints ``records_agricola: RATE games/s (ratio R vs italia1)``: ``record_battles`` on
seeded random games played beforehand (the replay of the whole game and the cutting of its
battles into steps; the play itself is not timed), and ``pictures_agricola: RATE steps/s``:
``step_png`` of their steps at the stepper's 80 dpi. Each ratio is against Italia I's random
games measured in the same run, each benchmark in a fresh interpreter of its own (as
``bench_games.py`` does and for the same reason).

    .venv/bin/python bench/bench_agricola_tactical.py [--quick]
"""

from __future__ import annotations

import sys
import time
from typing import Any

import bench_games
from bench_games import italia, rate

from italia_kit.core import RandomPlayer, play


def _games(count: int) -> list[Any]:
    """Seeded random games of Agricola that fought at least one battle, played untimed."""
    from italia_kit.games.agricola import new_game

    out = []
    seed = 0
    while len(out) < count:
        game = new_game(seed)
        play(game, RandomPlayer(seed), max_actions=20_000)
        if any(e.kind == "battle" for e in game.log):
            out.append(game)
        seed += 1
    return out


def records(count: int) -> float:
    """Games whose battles are recorded a CPU second."""
    from italia_kit.games.agricola.battle_record import record_battles

    games = _games(count)
    record_battles(games[0])  # warm up
    start = time.process_time()
    for game in games:
        record_battles(game)
    return len(games) / (time.process_time() - start)


def pictures(count: int) -> float:
    """Steps drawn as the stepper's PNG a CPU second."""
    from italia_kit.games.agricola.battle_record import record_battles
    from italia_kit.games.agricola.battle_view import step_png

    steps = [(r, i) for g in _games(count) for r in record_battles(g) for i in range(len(r.steps))]
    step_png(*steps[0])  # warm up: matplotlib, fonts
    start = time.process_time()
    for record, index in steps:
        step_png(record, index)
    return len(steps) / (time.process_time() - start)


def measure(name: str, count: int) -> float:
    return bench_games.measure(name, count, __file__)


def main(quick: bool = False) -> None:
    base = measure("italia1_random", 3 if quick else 10)
    print(f"games_italia1_random: {base:.3g} games/s (ratio 1 vs italia1)", flush=True)
    value = measure("records", 10 if quick else 100)
    print(f"records_agricola: {value:.3g} games/s (ratio {value / base:.3g} vs italia1)")
    value = measure("pictures", 1 if quick else 3)
    print(f"pictures_agricola: {value:.3g} steps/s (ratio {value / base:.3g} vs italia1)")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        name, count = args[1], int(args[2])
        if name == "italia1_random":
            print(rate(italia("italia1"), count, "games_italia1_random"))
        else:
            print({"records": records, "pictures": pictures}[name](count))
    else:
        main(quick="--quick" in args)
