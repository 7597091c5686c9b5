"""Applying a move (9.0, 9.3): ``apply_move`` looks at the end zone once, and asks
``check_invasion`` only where enemies stand ashore; random games tie that shortcut to
``check_invasion`` itself."""

from __future__ import annotations

import pytest

from italia_kit.core import Context
from italia_kit.games.italia import Move
from italia_kit.games.italia.movement import check_invasion

from .italia_helpers import random_decisions


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_after_a_land_move_no_invasion_is_left_to_find(scenario: str) -> None:
    """After any listed land move, ``check_invasion`` on its end zone finds nothing more:
    the invasion, if any, was declared by the move itself (9.3)."""
    seen = 0
    for game, world, actions in random_decisions(scenario, range(3)):
        state = game.state
        land = [a for a in actions if isinstance(a, Move) and not state.units[a.units[0]].is_fleet]
        for action in land[:2]:
            twin = game.fork()
            twin.legal_actions()  # listed: applied as the rules apply a player's choice
            twin.apply(action)
            after = twin.state
            assert after.index_ok()
            invaded, events = list(after.invaded), len(twin.log)
            ctx = Context(after, twin.dice, twin.log)
            check_invasion(ctx, world, action.nation, action.path[-1])
            assert (after.invaded, len(twin.log)) == (invaded, events), action
            seen += 1
    assert seen > 100
