"""Medieval Italia's shortcuts in its movement phase change no game (issue 19,
Performance, branch ``med-moves2``).

Each shortcut keeps something from one look to the next instead of reading it again; these
tests play whole seeded random games and compare, after every action, what the short way
answers with what the long way it replaces reads afresh. ``bench/medieval_italia_golden.py``
and ``bench/medieval_logs.py`` hold the whole games' logs unchanged.
"""

from __future__ import annotations

import pytest

from italia_kit.core import RandomPlayer
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game


@pytest.mark.parametrize("seed", [2, 7])
def test_s21_s22_restricted_from_its_table_of_pairs_as_from_the_submissions(seed: int) -> None:
    """S21, S22 and the chart's entries (M-A turn 1): after every action of a whole random
    game, ``restricted`` (a table by pair kept while the pending submissions and the turn
    are unchanged) answers for every pair of powers what the chart and the submissions
    read afresh (``restricted_now``) answer; and some submission was pending meanwhile."""
    game = new_game(seed=seed)
    world = game.rules.world
    rules = world.rulebook
    assert isinstance(rules, MedievalRulebook)
    powers = [p.name for p in rules.medieval.powers]
    player = RandomPlayer(seed)
    checked = pending = 0
    while not game.is_over:
        game.apply(player.choose(game))
        state = game.state
        for nation in powers:
            for other in powers:
                if other != nation:
                    short = rules.restricted(world, state, nation, other)
                    assert short == rules.restricted_now(state, nation, other)
        pending += bool(state.extras.get("submissions"))
        checked += 1
    assert checked > 500  # a whole 13-turn game, not a stub
    assert pending > 0  # the table was read while submissions were pending
