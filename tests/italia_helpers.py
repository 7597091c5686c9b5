"""Shared helpers for the Italia rules tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator

import pytest

from italia_kit.core import Action, IllegalActionError, game_to_json
from italia_kit.games.italia import ItaliaGame, new_game
from italia_kit.games.italia.setup import world_of
from italia_kit.games.italia.world import World


def refused(game: ItaliaGame, attempt: Callable[[], object], rule: str, match: str = "") -> None:
    """``attempt`` is refused naming ``rule``, and the saved game is byte-for-byte unchanged."""
    before = json.dumps(game_to_json(game), sort_keys=True)
    log_before = len(game.log)
    with pytest.raises(IllegalActionError, match=match or None) as err:
        attempt()
    assert err.value.rule == rule, f"refused under rule {err.value.rule}, expected {rule}"
    assert json.dumps(game_to_json(game), sort_keys=True) == before
    assert len(game.log) == log_before


def kinds(game: ItaliaGame) -> list[str]:
    return [e.kind for e in game.log]


def random_decisions(
    scenario: str, seeds: Iterable[int]
) -> Iterator[tuple[ItaliaGame, World, list[Action]]]:
    """Every decision of seeded random games to their end, with its legal actions; after
    each one the game goes on with a random one of them (the seed's own generator)."""
    for seed in seeds:
        game = new_game(scenario, seed=seed)
        rng = random.Random(seed)
        world = world_of(game)
        while not game.is_over:
            actions = game.legal_actions()
            yield game, world, actions
            game.apply(rng.choice(actions))
