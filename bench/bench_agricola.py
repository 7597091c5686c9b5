"""Whole games of *Agricola, Master of Britain* a CPU second (issue 17), on one core.

Prints ``games_agricola_random: RATE games/s (ratio R vs italia1)`` and the same for the
greedy governor, the ratio against Italia I's random games measured in the same run (each
benchmark in a fresh interpreter of its own, as ``bench_games.py`` does and for the same
reason). Target (issue 17): at least 200 random games a second.

    .venv/bin/python bench/bench_agricola.py [--quick]
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

from bench_games import italia, line, rate

from italia_kit.core import RandomPlayer, play


def agricola(kind: str) -> Callable[[int], object]:
    def one(seed: int) -> object:
        from italia_kit.games.agricola import new_game
        from italia_kit.games.agricola.greedy import GreedyPlayer

        game = new_game(seed, checkpoint_every=64)
        player = GreedyPlayer(seed) if kind == "greedy" else RandomPlayer(seed)
        play(game, player, max_actions=20_000)
        return game

    return one


BENCHMARKS: dict[str, Callable[[int], object]] = {
    "italia1_random": italia("italia1"),
    "agricola_random": agricola("random"),
    "agricola_greedy": agricola("greedy"),
}


def measure(name: str, games: int) -> float:
    run = subprocess.run(
        [sys.executable, __file__, "--one", name, str(games)],
        capture_output=True,
        text=True,
        check=False,
    )
    sys.stderr.write(run.stderr)
    if run.returncode != 0:
        raise RuntimeError(f"{name}: the benchmark process failed ({run.returncode})")
    return float(run.stdout.split()[-1])


def main(quick: bool = False) -> None:
    base = measure("italia1_random", 3 if quick else 10)
    line("games_italia1_random", base, 1.0, "italia1")
    for name, games in (
        ("agricola_random", 100 if quick else 1000),
        ("agricola_greedy", 3 if quick else 20),
    ):
        value = measure(name, games)
        line(f"games_{name}", value, value / base, "italia1")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        print(rate(BENCHMARKS[args[1]], int(args[2]), f"games_{args[1]}"))
    else:
        main(quick="--quick" in args)
