"""Whole games of *Agricola, Master of Britain* a CPU second (issue 17), on one core.

Prints ``games_agricola_random: RATE games/s (ratio R vs italia1)`` and the same for the
greedy governor and a named policy of the strategy study (``settle``), the ratio against
Italia I's random games measured in the same run (each benchmark in a fresh interpreter
of its own, as ``bench_games.py`` does and for the same reason). Target (issue 17): at
least 200 random games a second; the study's 10,000 games in two minutes on two cores,
so about 45 games a second a core for the named policies. The bots' battle odds are
cached by matchup (``odds.py``) for the life of a process, so a longer run is faster:
the policy lines play 100 games, from a cold cache, as a study's worker starts.

    .venv/bin/python bench/bench_agricola.py [--quick]
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import bench_games
from bench_games import italia, line, rate

from italia_kit.core import RandomPlayer, play


def agricola(kind: str) -> Callable[[int], object]:
    """Whole games with ``kind``: ``random`` or a named policy (``spec.bots``)."""

    def one(seed: int) -> object:
        from italia_kit import games
        from italia_kit.games.agricola import new_game

        game = new_game(seed, checkpoint_every=64)
        player = RandomPlayer(seed) if kind == "random" else games.load("agricola").bots[kind](seed)
        play(game, player, max_actions=20_000)
        return game

    return one


BENCHMARKS: dict[str, Callable[[int], object]] = {
    "italia1_random": italia("italia1"),
    "agricola_random": agricola("random"),
    "agricola_greedy": agricola("greedy"),
    "agricola_settle": agricola("settle"),
}


def measure(name: str, games: int) -> float:
    return bench_games.measure(name, games, __file__)


def main(quick: bool = False) -> None:
    base = measure("italia1_random", 3 if quick else 10)
    line("games_italia1_random", base, 1.0, "italia1")
    for name, games in (
        ("agricola_random", 100 if quick else 1000),
        ("agricola_greedy", 10 if quick else 100),
        ("agricola_settle", 10 if quick else 100),
    ):
        value = measure(name, games)
        line(f"games_{name}", value, value / base, "italia1")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        print(rate(BENCHMARKS[args[1]], int(args[2]), f"games_{args[1]}"))
    else:
        main(quick="--quick" in args)
