"""Roma's benchmarks (issue 18): exact battle odds a second, and whole random games a second
as a ratio against the ``diplomacy`` package in the same run.

Prints::

    odds_roma_10v10: RATE battles/s (MS ms a battle)
    games_roma_random: RATE games/s (ratio R vs diplomacy)

``odds_roma_10v10`` computes the exact odds of 10 legions against 10 (Markov chain, floats),
with the per-state round table cleared before each battle so that every battle is computed
from scratch (target: under 1 ms). ``games_roma_random`` plays 6-player 10-turn games with
random players to their end; the baseline is ``bench_games.diplomacy_game`` (random orders
for every unit until the game is done). Each runs in a fresh interpreter (``--one NAME N``,
as ``bench_games.py`` does); times are CPU seconds. Target: a ratio of at least 10.

    .venv/bin/python bench/bench_roma.py [--quick]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (HERE, ROOT):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import bench_games  # noqa: E402
from bench_games import FALLBACK_DIPLOMACY, diplomacy_game, rate  # noqa: E402


def roma_game(seed: int) -> object:
    from italia_kit import games
    from italia_kit.core import BySeat, RandomPlayer, play

    spec = games.load("roma", players=6, turns=10)
    game = spec.new_game(seed=seed)
    players = {s: RandomPlayer(seed * 10 + i) for i, s in enumerate(spec.seats)}
    play(game, BySeat(players, spec.seat_of))
    return game


def odds_rate(battles: int) -> float:
    from italia_kit.games.roma import odds

    battle = odds.RomaBattle(10, 10)
    odds.exact_odds(battle)  # warm up: the dice tables
    start = time.process_time()
    for _ in range(battles):
        odds._round.cache_clear()
        odds.exact_odds(battle)
    spent = time.process_time() - start
    return battles / spent


def measure(name: str, n: int) -> float:
    return bench_games.measure(name, n, __file__)


def main(quick: bool = False) -> None:
    odds = measure("odds", 200 if quick else 2000)
    print(f"odds_roma_10v10: {odds:.4g} battles/s ({1000 / odds:.3f} ms a battle)", flush=True)
    try:
        import diplomacy  # noqa: F401

        base, base_name = measure("diplomacy", 2 if quick else 4), "diplomacy"
    except ImportError:
        base, base_name = FALLBACK_DIPLOMACY, "diplomacy_fallback"
    games = measure("roma", 3 if quick else 10)
    print(f"games_roma_random: {games:.3g} games/s (ratio {games / base:.3g} vs {base_name})")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        name, n = args[1], int(args[2])
        if name == "odds":
            print(odds_rate(n))
        else:
            print(rate(diplomacy_game if name == "diplomacy" else roma_game, n, name))
    else:
        main(quick="--quick" in args)
