"""Players that decide for a game: anything that picks one of the legal actions.

Bots, replays and the notebook stepper all ask a player for the next action and then
call ``game.apply`` with it, like a person would.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from italia_kit.core.actions import Action
from italia_kit.core.collector import fewer_collections
from italia_kit.core.game import Game


class Player(Protocol):
    """Chooses the next action of the game's pending decision."""

    def choose(self, game: Game[Any]) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions, from its own seeded generator.

    >>> RandomPlayer(seed=1).rng.random() == RandomPlayer(seed=1).rng.random()
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any]) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        return self.rng.choice(actions)


class PassivePlayer:
    """Ends every phase at once when it may (``end_*`` actions), otherwise takes the first
    legal action: the slowest, most predictable way through a game."""

    def choose(self, game: Game[Any]) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        ends = [a for a in actions if a.kind.startswith("end_")]
        return ends[0] if ends else actions[0]


class ScriptedPlayer:
    """Replays a recorded list of decisions, in order."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: Iterator[Action] = iter(list(actions))

    def choose(self, game: Game[Any]) -> Action:
        try:
            return next(self._actions)
        except StopIteration:
            raise ValueError("the script has no more actions") from None


def play(game: Game[Any], player: Player, *, max_actions: int | None = None) -> int:
    """Let ``player`` decide until the game ends (or ``max_actions``); return the count.

    The collector runs less often meanwhile (:func:`.collector.fewer_collections`)."""
    n = 0
    with fewer_collections():
        while not game.is_over and (max_actions is None or n < max_actions):
            game.apply(player.choose(game))
            n += 1
    return n
