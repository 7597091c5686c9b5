"""The classroom app: a new game in the turn stepper, with map and log (``notebooks/app.ipynb``).

Served by Voila (``make app``); the same call works in any notebook::

    from italia_kit.widgets.app import classroom_app
    classroom_app()
"""

from __future__ import annotations

from italia_kit.core import Player, RandomPlayer
from italia_kit.games.italia import new_game
from italia_kit.widgets.stepper import TurnStepper


def classroom_app(
    scenario: str = "italia1",
    *,
    seed: int = 0,
    player: Player | None = None,
    tiles: bool = False,
    map_height: str = "860px",
) -> TurnStepper:
    """A game of ``scenario`` at the start of turn 1 in a :class:`TurnStepper`.

    ``seed`` seeds the dice and, unless a ``player`` is given, the random player who makes
    the decisions; ``tiles=True`` adds an online base map under the zones.
    """
    game = new_game(scenario, seed=seed)
    chooser = player if player is not None else RandomPlayer(seed=seed)
    return TurnStepper(game, chooser, tiles=tiles, map_height=map_height)
