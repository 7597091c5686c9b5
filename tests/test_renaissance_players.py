"""The Renaissance-Italy game's players: the greedy player takes more cities than the
random one in the same seats and seeds, never overspends, and both always submit sheets
the rules accept."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from italia_kit import games
from italia_kit.core import Game, play
from italia_kit.games.renaissance.greedy import GreedyPlayer
from italia_kit.games.renaissance.players import RandomOrdersPlayer

SPEC = games.load("renaissance", years=2)


def cities(game: Game[Any], seat: str) -> int:
    return sum(owner == seat for owner in game.state.cities.values())


def run(seed: int, greedy: set[str]) -> Game[Any]:
    game = SPEC.new_game(seed=seed)
    players: dict[str, Any] = {
        s: GreedyPlayer(seed) if s in greedy else RandomOrdersPlayer(seed * 8 + i)
        for i, s in enumerate(SPEC.seats)
    }
    play(game, players)
    return game


def test_greedy_takes_more_cities_than_random() -> None:
    """Milan and Venice greedy against the same seeds played at random: more cities."""
    greedy = sum(
        cities(run(seed, {"Milan", "Venice"}), s) for seed in range(4) for s in ("Milan", "Venice")
    )
    random_ = sum(cities(run(seed, set()), s) for seed in range(4) for s in ("Milan", "Venice"))
    assert greedy > random_


def test_greedy_keeps_next_spring_s_upkeep() -> None:
    """After every Phase C the greedy powers' treasuries are never below zero and its
    sheets are accepted (no refusal stops the game)."""
    game = run(5, set(SPEC.seats))
    assert game.is_over
    assert all(d >= 0 for d in game.state.treasury.values())
    assert any(e.kind == "outcome" and e.data["result"] == "advanced" for e in game.log)


_LOG_DIGEST = """
import hashlib
from italia_kit import games
from italia_kit.core import play
from italia_kit.games.renaissance.players import RandomOrdersPlayer
spec = games.load("renaissance", years=3)
game = spec.new_game(seed=0)
play(game, {s: RandomOrdersPlayer(i) for i, s in enumerate(spec.seats)})
print(hashlib.sha256("\\n".join(e.text for e in game.log).encode()).hexdigest())
"""


def test_a_seeded_game_does_not_depend_on_the_string_hash_seed() -> None:
    """The same seeds give the same game in any process: the random player lists an army's
    transports in a fixed order, not in the order of a set of strings (issue 16)."""
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _LOG_DIGEST], env=env, capture_output=True, text=True, check=True
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1
