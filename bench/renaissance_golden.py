"""The full event logs of seeded Renaissance-Italy games, to prove a speed-up changed nothing.

Plays 20 games of the game's random player (4 years), 5 with its random spending, 4 greedy
games, 2 greedy against random, 3 games of the kit's generic random player (which picks
from ``legal_actions``, the sheets' menu, so the runner's trusted path is played too) and
2 of random spending with the options ``storms`` and ``overspend``; every
event (seq, turn, actor, phase, kind, rule, text, data) and the final state go into one file
a game under ``DIR``, and the script prints one SHA-256 over all of them. Run it before and
after a change and compare the hash (``diff -r`` the directories to see what moved).
``--play-on`` plays every game with the option ``elimination="play-on"`` (the reading
before njudge's PLAYER ELIMINATION became the default). The goldens: ``6648ffe9...``, and
``d3ca62cb...`` with ``--play-on``, since session 11 (the random player's sheets drawn from
its stream's words; the texts' names of the Turks and the Papacy: bench/README.md).

    .venv/bin/python bench/renaissance_golden.py [--play-on] [DIR]
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from italia_kit import games
from italia_kit.core import Game, RandomPlayer, fewer_collections
from italia_kit.games.renaissance.greedy import GreedyPlayer
from italia_kit.games.renaissance.players import RandomOrdersPlayer

Players = Callable[[int, tuple[str, ...]], dict[str, Any]]


def _random(seed: int, seats: tuple[str, ...]) -> dict[str, Any]:
    return {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(seats)}


def _spending(seed: int, seats: tuple[str, ...]) -> dict[str, Any]:
    return {s: RandomOrdersPlayer(seed * 8 + i, spending=True) for i, s in enumerate(seats)}


def _greedy(seed: int, seats: tuple[str, ...]) -> dict[str, Any]:
    return {s: GreedyPlayer(seed) for s in seats}


def _mixed(seed: int, seats: tuple[str, ...]) -> dict[str, Any]:
    return {
        s: GreedyPlayer(seed) if i % 2 else RandomOrdersPlayer(seed * 8 + i, spending=True)
        for i, s in enumerate(seats)
    }


def _generic(seed: int, seats: tuple[str, ...]) -> dict[str, Any]:
    return {s: RandomPlayer(seed * 8 + i) for i, s in enumerate(seats)}


#: (name, players, years, seeds, options)
SETS: list[tuple[str, Players, int, range, dict[str, Any]]] = [
    ("random", _random, 4, range(20), {}),
    ("spending", _spending, 4, range(5), {}),
    ("greedy", _greedy, 4, range(4), {}),
    ("mixed", _mixed, 4, range(2), {}),
    ("generic", _generic, 2, range(3), {}),
    ("storms", _spending, 3, range(2), {"storms": True, "overspend": True}),
]


def play_one(players: Players, years: int, seed: int, **options: Any) -> Game[Any]:
    spec = games.load("renaissance", years=years, **options)
    game = spec.new_game(seed=seed)
    by_seat = players(seed, spec.seats)
    with fewer_collections():
        while not game.is_over:
            for seat in game.pending_seats:
                game.submit(seat, by_seat[seat].choose(game, seat))
    return game


def lines_of(game: Game[Any]) -> Iterator[str]:
    for e in game.log:
        data = json.dumps(dict(e.data), sort_keys=True, default=str)
        yield f"{e.seq}|{e.turn}|{e.actor}|{e.phase}|{e.kind}|{e.rule}|{e.text}|{data}"
    yield json.dumps(game.state_json(), sort_keys=True, default=str)


def main(argv: list[str]) -> str:
    play_on = "--play-on" in argv
    argv = [a for a in argv if a != "--play-on"]
    out = Path(argv[0]) if argv else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    total = hashlib.sha256()
    for name, players, years, seeds, options in SETS:
        if play_on:
            options = {**options, "elimination": "play-on"}
        for seed in seeds:
            text = "\n".join(lines_of(play_one(players, years, seed, **options))) + "\n"
            total.update(text.encode())
            if out is not None:
                (out / f"{name}-{seed:02d}.log").write_text(text, encoding="utf-8")
    return total.hexdigest()


if __name__ == "__main__":
    print(main(sys.argv[1:]))
