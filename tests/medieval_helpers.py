"""Whole seeded random games of Medieval Italia for the tests that compare a shortcut with
the long way it replaces after every action (``test_medieval_*_speedups.py``)."""

from __future__ import annotations

from collections.abc import Iterator

from italia_kit.core import RandomPlayer
from italia_kit.games.italia.setup import ItaliaGame, world_of
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game


def medieval_game(seed: int) -> tuple[ItaliaGame, World, MedievalRulebook]:
    """A new game of ``seed``, its world and its rulebook."""
    game = new_game(seed=seed)
    world = world_of(game)
    rules = world.rulebook
    assert isinstance(rules, MedievalRulebook)
    return game, world, rules


def after_each_action(game: ItaliaGame, seed: int) -> Iterator[ItaliaState]:
    """The state after each action of ``game`` played to its end by the kit's random
    player of ``seed``."""
    player = RandomPlayer(seed)
    while not game.is_over:
        game.apply(player.choose(game))
        yield game.state


def at_each_decision(game: ItaliaGame, seed: int) -> Iterator[ItaliaState]:
    """The state at each decision of ``game``, its legal actions listed (as a player asks
    them: the move list kept in ``state.listing``), before the kit's random player of
    ``seed`` takes one; to the game's end."""
    player = RandomPlayer(seed)
    while not game.is_over:
        game.legal_actions()
        yield game.state
        game.apply(player.choose(game))
