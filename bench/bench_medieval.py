"""Whole games a second of Medieval Italia (issue 19) with random players, against Italia I:
the game id ``medieval``, played by the Italia engine under ``MedievalRulebook`` since the
switch (``docs/games/medieval.md``, "The switch").

Prints ``games_medieval_random: RATE games/s (ratio R vs italia1)``. The baseline, Italia I
with random players (``bench_games.py``'s ``italia1_random``), runs in the same process,
its games interleaved with Medieval Italia's (one of each in turn), so load on a shared
machine weighs on both alike; both keep a whole game's checkpoints (one every 256
actions, as Italia's ``play_game`` does). Times are CPU seconds (``time.process_time``); a
game's seed is its index. Target (issue 19): R at least 0.5 (a 13-turn game on a larger map costs at
most twice an Italia I game).

    .venv/bin/python bench/bench_medieval.py [--quick]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from italia_kit.core import RandomPlayer, play
from italia_kit.games.italia import play_game
from italia_kit.games.medieval.spec import new_game

#: A whole game's checkpoints, as Italia's ``play_game`` keeps them for the baseline (a copy
#: of the state every 256 actions: bots play whole games and rarely go back; an interactive
#: game keeps one every 32). Before session 9 the Medieval game kept the interactive 32,
#: some 3% of its cost, so the two games were not timed alike.
WHOLE_GAME_CHECKPOINTS = 256


def medieval_game(seed: int) -> object:
    game = new_game(seed=seed, checkpoint_every=WHOLE_GAME_CHECKPOINTS)
    play(game, RandomPlayer(seed))
    return game


def italia1_game(seed: int) -> object:
    return play_game("italia1", seed=seed, players=RandomPlayer(seed))


def rates(games: int) -> tuple[float, float]:
    """(medieval, italia1) games a CPU second over seeds 0..games-1, interleaved."""
    spent: dict[str, float] = {"medieval": 0.0, "italia1": 0.0}
    runs: dict[str, Callable[[int], object]] = {"medieval": medieval_game, "italia1": italia1_game}
    for run in runs.values():
        run(games)  # warm up: imports, board and scenario caches (a seed not timed)
    for seed in range(games):
        for name, run in runs.items():
            start = time.process_time()
            run(seed)
            spent[name] += time.process_time() - start
    return games / spent["medieval"], games / spent["italia1"]


def main(quick: bool = False) -> None:
    medieval, italia1 = rates(3 if quick else 12)
    ratio = medieval / italia1
    print(
        f"games_medieval_random: {medieval:.3g} games/s (ratio {ratio:.3g} vs italia1)", flush=True
    )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
