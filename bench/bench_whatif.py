"""Benchmarks of what-if runs (issue 7): whole random games a second, 1 and 2 workers.

Prints one line per benchmark, ``NAME: VALUE UNIT (ratio R vs BASELINE)``; every baseline is
measured in the same run on the same games (game ``i`` of the run seed below), so the
ratios compare like with like although random games differ in length. Times are wall-clock
seconds (parallel work is the point here), so other load on the machine shows in the
numbers; the ratios suffer less. See bench/README.md. Takes well under a minute.
"""

from __future__ import annotations

import contextlib
import sys
import time

from italia_kit import games
from italia_kit.analysis import game_seeds, run_whatif
from italia_kit.analysis.runner import GameTask, task_players
from italia_kit.games.italia import play_game
from italia_kit.games.italia.scenarios import load_scenario

GAMES = 48  # games are some 60 ms now: fewer would time mostly the pool start-up
SEED = 1


def line(name: str, value: float, unit: str, ratio: float, baseline: str) -> None:
    print(f"{name}: {value:.4g} {unit} (ratio {ratio:.3g} vs {baseline})", flush=True)


def plain_games() -> float:
    """Games a second of bare ``play_game`` with the same seeds and players: the engine
    alone, without the what-if bookkeeping."""
    scenario = load_scenario("italia1")
    spec = games.load("italia1")
    start = time.perf_counter()
    for i in range(GAMES):
        task = GameTask(0, "base", "italia1", "", i, *game_seeds(SEED, i))
        # an engine failure ends the game early, as in the runs below
        with contextlib.suppress(Exception):
            play_game(scenario, seed=task.seed, players=task_players(task, spec))
    return GAMES / (time.perf_counter() - start)


def whatif_games(workers: int) -> float:
    start = time.perf_counter()
    result = run_whatif(
        "italia1", games=GAMES, seed=SEED, workers=workers, progress=False, skip_failed=True
    )
    took = time.perf_counter() - start
    if len(result.failures):
        print(f"({len(result.failures)} of {GAMES} games failed in the engine)", file=sys.stderr)
    return GAMES / took


def main() -> None:
    load_scenario("italia1")  # loading the scenario is not what is measured
    plain = plain_games()
    line("whatif_play_game", plain, "games/s", 1.0, "whatif_play_game")
    one = whatif_games(1)
    line("whatif_1_worker", one, "games/s", one / plain, "whatif_play_game")
    two = whatif_games(2)
    line("whatif_2_workers", two, "games/s", two / one, "whatif_1_worker")


if __name__ == "__main__":
    main()
