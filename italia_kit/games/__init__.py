"""The games the kit hosts, each a package under ``italia_kit.games``, found by id.

>>> from italia_kit import games
>>> games.available()[:3]
['agricola', 'italia1', 'italia2']
>>> spec = games.load("italia1")
>>> spec.kind
GameKind(sequential, stochastic, perfect information, 3 seats)
>>> game = spec.new_game(seed=7)
>>> game.decision.actor, spec.seat_of(game, game.decision.actor)
('Celts', 'yellow')

This package imports no game: a game's modules load when its id is first asked for.
"""

from italia_kit.games.registry import (
    UnknownGameError,
    available,
    load,
    register,
    unregister,
)
from italia_kit.games.spec import (
    Chance,
    Dynamics,
    GameKind,
    GameSpec,
    Information,
    MetricRow,
    MetricTable,
)

__all__ = [
    "Chance",
    "Dynamics",
    "GameKind",
    "GameSpec",
    "Information",
    "MetricRow",
    "MetricTable",
    "UnknownGameError",
    "available",
    "load",
    "register",
    "unregister",
]
