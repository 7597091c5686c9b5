"""Whole games a second (issue 6): Italia I and II with random players, on one core.

Prints one line per benchmark, ``NAME: VALUE games/s (ratio R vs BASELINE)``. The baseline
is the ``diplomacy`` package (PyPI; the reference for a Python adjudicator of a map game)
playing random games to their end in the same run: every phase each power gives a random
order, from ``get_all_possible_orders``, to every unit it can order, until the game is done
(a random game lasts some 290 phases, into the 1990s). Without ``diplomacy`` installed the
ratio is taken against :data:`FALLBACK_DIPLOMACY`, its rate measured on the development
machine, and the line says ``diplomacy_fallback``.

Times are CPU seconds (``time.process_time``), so other load on the machine counts as
little as possible; each rate is the games played over the time they took. A game's seed is
its index: the dice and the players are seeded alike, so a run plays the same games every
time. Each benchmark runs in a fresh interpreter of its own (``--one NAME GAMES``): one
engine's objects left in memory would make the garbage collector slower for the next
(measured here: Italia I read 18.6 games/s before a diplomacy run and 15.5 after it in one
process). Target (issue 6): ``games_italia1_random`` at least 25 games/s and at least 4
times diplomacy.

    .venv/bin/python bench/bench_games.py [--quick]
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import play_game
from italia_kit.games.italia.greedy import GreedyPlayer

#: diplomacy 1.1.2's random games a CPU second on the development machine (2 shared
#: cores, Python 3.11), used when the package is missing.
FALLBACK_DIPLOMACY = 0.80


def italia(scenario: str, kind: str = "random") -> Callable[[int], object]:
    def one(seed: int) -> object:
        player = GreedyPlayer(seed) if kind == "greedy" else RandomPlayer(seed)
        return play_game(scenario, seed=seed, players=player)

    return one


def diplomacy_game(seed: int) -> object:
    """One random game of the ``diplomacy`` package, to its end."""
    from diplomacy import Game

    rng = random.Random(seed)
    game = Game()
    while not game.is_game_done:
        possible = game.get_all_possible_orders()
        for power in game.powers:
            orders = [
                rng.choice(possible[loc])
                for loc in game.get_orderable_locations(power)
                if possible[loc]
            ]
            game.set_orders(power, orders)
        game.process()
    return game


def rate(play: Callable[[int], object], games: int, name: str = "") -> float:
    """Games a CPU second over ``games`` seeded games (seeds 0, 1, ...).

    A game the engine cannot finish (an error) is left out, its time too, and named on
    stderr, so that one engine bug does not stop the benchmark.
    """
    play(games)  # warm up: imports, board and scenario caches (a seed not timed)
    spent, done = 0.0, 0
    for seed in range(games):
        start = time.process_time()
        try:
            play(seed)
        except (ValueError, RuntimeError) as exc:
            print(f"{name}: seed {seed} left out: {exc}", file=sys.stderr)
            continue
        spent += time.process_time() - start
        done += 1
    return done / spent if spent else 0.0


def line(name: str, value: float, ratio: float, baseline: str) -> None:
    print(f"{name}: {value:.3g} games/s (ratio {ratio:.3g} vs {baseline})", flush=True)


BENCHMARKS: dict[str, Callable[[int], object]] = {
    "diplomacy_random": diplomacy_game,
    "italia1_random": italia("italia1"),
    "italia2_random": italia("italia2"),
    "italia1_greedy": italia("italia1", "greedy"),
}


def measure(name: str, games: int, script: str = __file__) -> float:
    """The rate of one benchmark, measured in a fresh interpreter (see the module text):
    ``script --one NAME N`` prints it last. The other bench scripts measure with it too."""
    run = subprocess.run(
        [sys.executable, script, "--one", name, str(games)],
        capture_output=True,
        text=True,
        check=False,
    )
    sys.stderr.write(run.stderr)
    if run.returncode != 0:
        raise RuntimeError(f"{name}: the benchmark process failed ({run.returncode})")
    return float(run.stdout.split()[-1])


def main(quick: bool = False) -> None:
    n = 3 if quick else 20
    try:
        import diplomacy  # noqa: F401

        base, base_name = measure("diplomacy_random", 2 if quick else 6), "diplomacy"
        line("games_diplomacy_random", base, 1.0, "diplomacy")
    except ImportError:
        base, base_name = FALLBACK_DIPLOMACY, "diplomacy_fallback"
        print(
            f"diplomacy is not installed: ratios are against {FALLBACK_DIPLOMACY} games/s, "
            "its rate on the development machine (pip install diplomacy)",
            file=sys.stderr,
        )
    for name, games in (
        ("italia1_random", n),
        ("italia2_random", n),
        ("italia1_greedy", max(2, n // 5)),
    ):
        value = measure(name, games)
        line(f"games_{name}", value, value / base, base_name)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--one"]:  # a child process: one benchmark, its rate on stdout
        print(rate(BENCHMARKS[args[1]], int(args[2]), f"games_{args[1]}"))
    else:
        main(quick="--quick" in args)
