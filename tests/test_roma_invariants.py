"""Roma's invariants after every action of 200 seeded random games (tests/roma_invariants.py):
legions and ships within their limits and counts (The Map, Components), no seat with more than
3 cards (4.2), VP never negative and conserved by the payments (Victory Point Collection), the
deck plus hands plus discards always 110 cards (4.1).

The games mix 2 to 6 players, both lengths and every reading option; most are short
(2 or 3 players, a few turns) so that the module stays fast."""

from __future__ import annotations

import random

from italia_kit import games
from italia_kit.core import RandomPlayer

from .roma_invariants import problems

GAMES = 200


def _options(seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    players = 6 if seed % 25 == 0 else rng.choice((2, 2, 3))
    return {
        "players": players,
        "turns": 15 if seed % 50 == 7 else 10,
        "interdiction": rng.choice(("both_help", "targets_hinder")),
        "tie_break": rng.choice(("more_units", "higher_dice")),
        "retreat_port": rng.choice(("choice", "lowest_number")),
        "return_port": rng.choice(("choice", "lowest_number")),
        "provinces_count": rng.random() < 0.5,
    }


def test_invariants_hold_after_every_action_of_200_random_games() -> None:
    checked = 0
    for seed in range(GAMES):
        game = games.load("roma", **_options(seed)).new_game(seed=seed)
        player = RandomPlayer(seed)
        while not game.is_over:
            game.apply(player.choose(game))
            found = problems(game)
            assert not found, f"seed {seed}, action {len(game.actions)}: {found}"
            checked += 1
        assert game.state.turn == game.state.turns
    assert checked > 50_000
