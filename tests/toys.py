"""The test toys as registered games: ``toy-race`` (tests/toygame.py), ``toy-bid``
(tests/toybid.py) and ``toy-cup`` (tests/toycup.py), registered for as long as a test needs
them.

Registering when a test module is imported would leak into every module collected after
it (the registry's doctests list the known games), hence a context.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from italia_kit import games

from .toybid import bid_spec
from .toycup import cup_spec
from .toygame import race_spec

TOYS: dict[str, games.registry.GameFactory] = {
    "toy-race": race_spec,
    "toy-bid": bid_spec,
    "toy-cup": cup_spec,
}


@contextmanager
def registered() -> Iterator[list[str]]:
    """Register the toys (those not registered already); unregister them afterwards."""
    added = [g for g in TOYS if g not in games.available()]
    for game_id in added:
        games.register(game_id, TOYS[game_id])
    try:
        yield sorted(TOYS)
    finally:
        for game_id in added:
            games.unregister(game_id)
