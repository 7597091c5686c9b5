"""The full event logs of seeded Medieval Italia games, and one hash over them.

Refactors that must not change the medieval rules (issue 19: moving the variant onto the
Italia engine's override points) keep the hash the same; when a stage changes a game on
purpose, ``--dump DIR`` writes each game's log as lines of JSON so the two runs can be
compared with ``diff`` and the change documented.

    .venv/bin/python bench/medieval_logs.py [--dump DIR]

20 games with random players (seeds 0-19) and 5 with greedy players for every faction
(seeds 100-104).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from italia_kit import games
from italia_kit.core import BySeat, Game, RandomPlayer, play

RANDOM_SEEDS = range(20)
GREEDY_SEEDS = range(100, 105)


def seeded_games() -> Iterator[tuple[str, Game]]:
    """(name, whole game) for every seeded game of the record."""
    spec = games.load("medieval")
    for seed in RANDOM_SEEDS:
        game = spec.new_game(seed=seed)
        play(game, RandomPlayer(seed))
        yield f"random-{seed}", game
    for seed in GREEDY_SEEDS:
        game = spec.new_game(seed=seed)
        players = {seat: spec.bots["greedy"](seed) for seat in spec.seats}
        play(game, BySeat(players, spec.seat_of))
        yield f"greedy-{seed}", game


def log_lines(game: Game) -> list[str]:
    """One JSON line per event: its kind, text and data."""
    return [
        json.dumps([e.kind, e.text, dict(e.data)], sort_keys=True, default=str) for e in game.log
    ]


def main(dump: Path | None = None) -> str:
    h = hashlib.sha256()
    for name, game in seeded_games():
        lines = log_lines(game)
        for line in lines:
            h.update(line.encode())
        if dump is not None:
            dump.mkdir(parents=True, exist_ok=True)
            (dump / f"{name}.jsonl").write_text("\n".join(lines) + "\n")
    return h.hexdigest()


if __name__ == "__main__":
    args = sys.argv[1:]
    print(main(Path(args[args.index("--dump") + 1]) if "--dump" in args else None))
