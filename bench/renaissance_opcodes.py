"""Python opcodes and calls of a Renaissance-Italy season: a cost that load does not move.

On a shared machine the clock of ``bench_renaissance.py`` moves by a third between runs;
the number of Python opcodes and calls a season executes does not (it leaves out the work
done inside C: dict lookups, string formatting, allocation). This script plays 4 games of 3
years to warm the tables up, then counts (``sys.settrace`` with opcode events) the Phase C
of 3 seeded games of 2 years played by the game's random player, as the bench times it,
and prints the opcodes and calls a season and the functions that execute the most.

    .venv/bin/python bench/renaissance_opcodes.py [TOP]
"""

from __future__ import annotations

import sys

from opcode_counts import Counts

from italia_kit import games
from italia_kit.core import fewer_collections
from italia_kit.games.renaissance.players import RandomOrdersPlayer


def play(years: int, seeds: list[int], counts: Counts | None) -> int:
    """Play the games; count their Phase C submissions if ``counts``; the seasons."""
    spec = games.load("renaissance", years=years)
    seasons = 0
    for seed in seeds:
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        with fewer_collections():
            while not game.is_over:
                timed = game.state.step == "orders"
                if timed and counts is not None:
                    sys.settrace(counts.trace)
                for seat in spec.seats:
                    game.submit(seat, players[seat].choose(game, seat))
                sys.settrace(None)
                seasons += timed
    return seasons


def main(argv: list[str]) -> int:
    top = int(argv[0]) if argv else 20
    play(3, [100, 101, 102, 103], None)  # the options' tables and caches, made once
    counts = Counts()
    seasons = play(2, [1, 2, 3], counts)
    opcodes, calls = sum(counts.opcodes.values()), sum(counts.calls.values())
    print(f"renaissance_season_opcodes: {opcodes / seasons:.0f} opcodes a Phase C season")
    print(f"renaissance_season_calls: {calls / seasons:.0f} Python calls a Phase C season")
    for (file, name), n in counts.opcodes.most_common(top):
        print(f"{n / seasons:8.0f} {counts.calls[file, name] / seasons:6.0f}  {file}:{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
