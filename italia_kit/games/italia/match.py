"""Whole games: players per colour, a seeded run to the end, the final result.

>>> from italia_kit.core import RandomPlayer
>>> game = play_game("italia1", seed=3, players=RandomPlayer(3))
>>> game.is_over, sorted(final_scores(game))
(True, ['blue', 'red', 'yellow'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

from italia_kit.core import BySeat, Player
from italia_kit.core.collector import fewer_collections
from italia_kit.games.italia.scenarios import Scenario
from italia_kit.games.italia.scoring import score_pad
from italia_kit.games.italia.setup import ItaliaGame, new_game, world_of

Players = Player | Mapping[str, Player]


class ByColour(BySeat):
    """Routes each decision to the player of the deciding nation's colour (3.0): the core's
    routing by seat, a colour being Italia's seat."""

    def __init__(self, scenario: Scenario, players: Mapping[str, Player]) -> None:
        missing = set(scenario.players) - set(players)
        if missing:
            raise ValueError(f"no player for colour(s) {sorted(missing)}")
        self.scenario = scenario
        super().__init__(players, lambda game, nation: scenario.colour_of(nation))


def play_game(
    scenario: str | Scenario = "italia1",
    *,
    seed: int = 0,
    players: Players,
    max_actions: int = 100_000,
    on_action: Callable[[ItaliaGame], None] | None = None,
    checkpoint_every: int = 256,
) -> ItaliaGame:
    """Play a game from its set-up to the end with the given players (one for all, or one
    per colour), reproducibly from ``seed``.

    A whole game keeps a copy of its state every ``checkpoint_every`` actions, fewer than
    an interactive game (32): bots play thousands of games and rarely go back; a jump
    replays at most that many actions (some ms).
    """
    game = new_game(scenario, seed=seed, checkpoint_every=checkpoint_every)
    play_to_end(game, players=players, max_actions=max_actions, on_action=on_action)
    return game


def play_to_end(
    game: ItaliaGame,
    *,
    players: Players,
    max_actions: int = 100_000,
    on_action: Callable[[ItaliaGame], None] | None = None,
) -> None:
    """Let the players decide until the game is over (the loop :func:`play_game` and the
    what-if runner share), with fewer garbage collections meanwhile
    (:func:`~italia_kit.core.collector.fewer_collections`)."""
    world = world_of(game)
    player: Player = ByColour(world.scenario, players) if isinstance(players, Mapping) else players
    n = 0
    with fewer_collections():  # a whole game's worth of garbage: see core.collector
        while not game.state.over:  # game.is_over, asked of the state (ItaliaRules.is_over)
            if n >= max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            game.apply(player.choose(game))
            n += 1
            if on_action is not None:
                on_action(game)


def final_scores(game: ItaliaGame) -> dict[str, float]:
    """Victory points by player colour at the end (11.0: a player totals its nations)."""
    world = world_of(game)
    totals = {colour: 0.0 for colour in world.scenario.players}
    for nation, vp in game.state.vp.items():
        totals[world.scenario.colour_of(nation)] += vp
    return totals


def scores_by_turn(game: ItaliaGame) -> pd.DataFrame:
    """The score pad of a finished (or running) game: a DataFrame by nation and turn."""
    return score_pad(game.log, world_of(game))
