"""Whole games a second of Medieval Italia played by the Italia engine
(``games/medieval/rulebook.py``, issue 19 stage 2) with random players, against Italia I
and against the medieval package's own engine.

Prints ``games_medieval_italia_random: RATE games/s (ratio R vs italia1, S vs the medieval
engine)``. The three run in the same process, their games interleaved (one of each in
turn), so load on a shared machine weighs on all alike; CPU seconds
(``time.process_time``); a game's seed is its index. Target (issue 19): R at least 0.5.

    .venv/bin/python bench/bench_medieval_italia.py [--quick]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from italia_kit.core import Game, RandomPlayer, play
from italia_kit.games.italia import play_game
from italia_kit.games.medieval.rulebook import new_game as new_italia_engine_game
from italia_kit.games.medieval.rules import MedievalRules, initial_state
from italia_kit.games.medieval.world import World


def new_medieval_engine_game(seed: int) -> Game[Any]:
    """A game of the package's old engine (the game id ``medieval`` plays the Italia engine
    since the switch; the old engine stays until tests/test_medieval_invariants.py is
    ported, and this comparison goes with it)."""
    world = World()
    return Game(MedievalRules(world), initial_state(world), seed=seed, checkpoint_every=32)


def on_italia_engine(seed: int) -> object:
    game = new_italia_engine_game(seed=seed)
    play(game, RandomPlayer(seed))
    return game


def on_medieval_engine(seed: int) -> object:
    game = new_medieval_engine_game(seed)
    play(game, RandomPlayer(seed))
    return game


def italia1_game(seed: int) -> object:
    return play_game("italia1", seed=seed, players=RandomPlayer(seed))


def rates(games: int) -> dict[str, float]:
    """Games a CPU second of each over seeds 0..games-1, interleaved."""
    runs: dict[str, Callable[[int], object]] = {
        "italia_engine": on_italia_engine,
        "medieval_engine": on_medieval_engine,
        "italia1": italia1_game,
    }
    spent = dict.fromkeys(runs, 0.0)
    for run in runs.values():
        run(games)  # warm up: imports, board and scenario caches (a seed not timed)
    for seed in range(games):
        for name, run in runs.items():
            start = time.process_time()
            run(seed)
            spent[name] += time.process_time() - start
    return {name: games / s for name, s in spent.items()}


def main(quick: bool = False) -> None:
    r = rates(3 if quick else 12)
    print(
        f"games_medieval_italia_random: {r['italia_engine']:.3g} games/s (ratio "
        f"{r['italia_engine'] / r['italia1']:.3g} vs italia1, "
        f"{r['italia_engine'] / r['medieval_engine']:.3g} vs the medieval engine)",
        flush=True,
    )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
