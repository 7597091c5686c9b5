"""The other 100 of the 200 seeded random whole games of ``test_medieval_invariants.py``
(seeds 100-199), refereed after every action by ``tests/medieval_referee.py``: a module of
its own, so that the suite's two workers share the 200 games (each module well under the
suite's 90 s)."""

from __future__ import annotations

import pytest

from tests.medieval_referee import referee_games

SEEDS = range(100, 200)
PARTS = 2


@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_after_every_action_of_200_seeded_random_whole_games(part: int) -> None:
    """Seeds 100-199 of the 200 (``test_medieval_invariants.py``: 0-99)."""
    referee_games(SEEDS[part::PARTS])
