"""A player for any game: flat Monte Carlo through ``game.fork()``.

For each legal action, :class:`RolloutPlayer` plays the game on from a fork ``rollouts``
times with random players for every seat and scores where each playout ended for the seat
deciding, by the game's own score (:attr:`GameSpec.returns <italia_kit.games.GameSpec>`);
the action with the best mean wins. :meth:`RolloutPlayer.rank` gives the whole list, which
a person can ask for advice.

Each playout stops after ``depth`` actions if the game has not ended: the score of the
position reached then stands in for the result (a heuristic, which is what a game's
``returns`` of an unfinished game is; Italia's: the victory points so far). A playout's
dice are its own (the fork is reseeded), so a rollout never peeks at the real game's dice;
playout ``k`` has the same dice and players' seeds for every action (common random numbers,
which make the differences between actions less noisy). Everything derives from the
player's seed and the number of actions taken so far, so the same position asked twice
gets the same advice.

The cost is ``len(legal actions) * rollouts * depth`` actions a decision: meant for advice
and for games with few actions a decision; a whole game of Italia with it takes minutes.

>>> from italia_kit import games
>>> spec = games.load("italia1")
>>> game = spec.new_game(seed=3)
>>> advisor = RolloutPlayer(spec, seed=1, rollouts=2, depth=10)
>>> ranked = advisor.rank(game)
>>> ranked[0].n, ranked == advisor.rank(game), advisor.choose(game) == ranked[0].action
(2, True, True)
>>> action, mean, n = ranked[0]
>>> action in game.legal_actions(), mean >= ranked[-1].mean
(True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from italia_kit.core import Action, Game, RandomPlayer

if TYPE_CHECKING:
    from italia_kit.games.spec import GameSpec

__all__ = ["Ranked", "RolloutPlayer"]

_MASK = (1 << 63) - 1


class Ranked(NamedTuple):
    """One legal action with its mean score over ``n`` playouts, for the seat deciding:
    ``for action, mean, n in advisor.rank(game)``."""

    action: Action
    mean: float
    n: int


class RolloutPlayer:
    """Flat Monte Carlo over the legal actions (see the module text).

    ``rollouts``: playouts per action; ``depth``: at most this many actions a playout (then
    the game's score of the position stands in for the result).
    """

    def __init__(
        self, game: GameSpec | str, *, seed: int = 0, rollouts: int = 4, depth: int = 50
    ) -> None:
        from italia_kit.players import spec_of  # (the package imports this module)

        if rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, got {rollouts}")
        if depth < 0:
            raise ValueError(f"depth must be at least 0, got {depth}")
        self.spec = spec_of(game)
        if self.spec.returns is None:
            raise ValueError(f"game {self.spec.id!r} gives no scores (GameSpec.returns is not set)")
        self.seed = seed
        self.rollouts = rollouts
        self.depth = depth

    def __repr__(self) -> str:
        return (
            f"RolloutPlayer({self.spec.id!r}, seed={self.seed}, rollouts={self.rollouts}, "
            f"depth={self.depth})"
        )

    def rank(self, game: Game[Any]) -> list[Ranked]:
        """Every legal action with its mean score, best first (ties in the rules' order).

        A single legal action is returned at once, with no playout (``n == 0``)."""
        decision = game.decision
        actions = game.legal_actions()
        if decision is None or not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            return [Ranked(actions[0], 0.0, 0)]
        seat = self.spec.seat_of(game, decision.actor)
        stream = random.Random(self.seed * 1_000_003 + len(game.actions))
        seeds = [(stream.getrandbits(63), stream.getrandbits(63)) for _ in range(self.rollouts)]
        ranked = []
        for action in actions:
            total = sum(self._playout(game, action, seat, d, p) for d, p in seeds)
            ranked.append(Ranked(action, total / len(seeds), len(seeds)))
        ranked.sort(key=lambda r: -r.mean)  # stable: ties keep the rules' order
        return ranked

    def choose(self, game: Game[Any]) -> Action:
        return self.rank(game)[0].action

    def _playout(self, game: Game[Any], action: Action, seat: str, dice: int, seed: int) -> float:
        fork = game.fork()
        # dice of its own: the fork would otherwise roll the real game's next dice
        fork.dice.restore((dice & _MASK, 0, ()))
        fork.apply(action)
        player = RandomPlayer(seed)
        for _ in range(self.depth):
            if fork.is_over:
                break
            fork.apply(player.choose(fork))
        return self.spec.scores(fork)[seat]
