"""Python opcodes and calls of a whole random game of Medieval Italia on the Italia engine
(``games/medieval/rulebook.py``), and of Italia I, the ratio's baseline: a cost that load
does not move.

On a shared machine the clock of ``bench_medieval.py`` moves from run to run; the
number of Python opcodes and calls a game executes does not (it leaves out the work done
inside C: dict lookups, allocation). The script plays one game of each untimed (the
board's and the scenario's caches), then counts (``sys.settrace`` with opcode events) the
seeded random games of each and prints the opcodes and calls a game, their ratio, and the
functions of the medieval games that execute the most.

    .venv/bin/python bench/medieval_italia_opcodes.py [GAMES] [TOP]
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from opcode_counts import Counts

from italia_kit.core import RandomPlayer, play
from italia_kit.games.italia import play_game
from italia_kit.games.medieval.rulebook import new_game


def medieval_game(seed: int) -> None:
    play(new_game(seed=seed), RandomPlayer(seed))


def italia1_game(seed: int) -> None:
    play_game("italia1", seed=seed, players=RandomPlayer(seed))


def counted(run: Callable[[int], None], seeds: range) -> Counts:
    """The opcodes and calls of ``run`` over ``seeds`` (after one untraced warm-up game)."""
    run(seeds.stop)
    counts = Counts()
    for seed in seeds:
        sys.settrace(counts.trace)
        try:
            run(seed)
        finally:
            sys.settrace(None)
    return counts


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 3
    top = int(argv[1]) if len(argv) > 1 else 25
    seeds = range(games)
    medieval = counted(medieval_game, seeds)
    italia1 = counted(italia1_game, seeds)
    m_ops, m_calls = sum(medieval.opcodes.values()) / games, sum(medieval.calls.values()) / games
    i_ops, i_calls = sum(italia1.opcodes.values()) / games, sum(italia1.calls.values()) / games
    print(f"medieval_italia_game_opcodes: {m_ops:.0f} opcodes a game ({m_calls:.0f} calls)")
    print(f"italia1_game_opcodes: {i_ops:.0f} opcodes a game ({i_calls:.0f} calls)")
    print(f"opcode ratio italia1/medieval: {i_ops / m_ops:.3f} (calls {i_calls / m_calls:.3f})")
    for (file, name), n in medieval.opcodes.most_common(top):
        print(f"{n / games:10.0f} {medieval.calls[file, name] / games:8.0f}  {file}:{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
