"""The full event logs of seeded Medieval Italia games on the Italia engine
(``games/medieval/rulebook.py``, issue 19 stage 2), to prove a speed-up changed nothing.

Plays 20 whole games (seeds 0-19) of the kit's random player, which picks by index from
``legal_actions``, so a move list listed in another order changes the game; every event
(seq, turn, actor, phase, kind, rule, text, data) and the final state go into one file a
game under ``DIR``. For seeds 0-2 every legal-action list asked is written too, so a list
that changed where the player did not choose from it still shows. The script prints one
SHA-256 over all of them: run it before and after a change and compare the hash
(``diff -r`` the directories to see what moved).

    .venv/bin/python bench/medieval_italia_golden.py [DIR]
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from italia_kit.core import Game, RandomPlayer, fewer_collections
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.medieval.rulebook import new_game

SEEDS = range(20)
#: the seeds whose every legal-action list is written as well
LISTED = range(3)


def play_one(seed: int, lists: list[str] | None) -> Game[ItaliaState]:
    """A whole random game of ``seed``; every list asked goes into ``lists`` if given."""
    game = new_game(seed=seed)
    player = RandomPlayer(seed)
    with fewer_collections():
        while not game.is_over:
            if lists is not None:
                lists.append("|".join(repr(a) for a in game.legal_actions()))
            game.apply(player.choose(game))
    return game


def lines_of(game: Game[ItaliaState]) -> Iterator[str]:
    for e in game.log:
        data = json.dumps(dict(e.data), sort_keys=True, default=str)
        yield f"{e.seq}|{e.turn}|{e.actor}|{e.phase}|{e.kind}|{e.rule}|{e.text}|{data}"
    yield json.dumps(game.state_json(), sort_keys=True, default=str)


def main(argv: list[str]) -> str:
    out = Path(argv[0]) if argv else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    total = hashlib.sha256()
    for seed in SEEDS:
        lists: list[str] | None = [] if seed in LISTED else None
        game = play_one(seed, lists)
        text = "\n".join([*lines_of(game), *(lists or ())]) + "\n"
        total.update(text.encode())
        if out is not None:
            (out / f"random-{seed:02d}.log").write_text(text, encoding="utf-8")
    return total.hexdigest()


if __name__ == "__main__":
    print(main(sys.argv[1:]))
