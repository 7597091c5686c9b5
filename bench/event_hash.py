"""A hash over every event (text and data) of 120 seeded random games (60 per scenario).

Refactors that must not change the rules keep it the same: run before and after.
    .venv/bin/python bench/event_hash.py
"""

from __future__ import annotations

import hashlib
import json
import sys

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import play_game


def main(per_scenario: int = 60) -> str:
    h = hashlib.sha256()
    for scenario in ("italia1", "italia2"):
        for seed in range(per_scenario):
            game = play_game(scenario, seed=seed, players=RandomPlayer(seed))
            for e in game.log:
                h.update(e.text.encode())
                h.update(json.dumps(dict(e.data), sort_keys=True, default=str).encode())
    return h.hexdigest()


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    print(main(n))
