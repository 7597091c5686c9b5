"""The World a game is played on: the board's tables, shared by the games on one board."""

from __future__ import annotations

import pytest

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import play_game, world
from italia_kit.games.italia.world import World


def test_worlds_on_one_board_share_its_tables_and_action_values() -> None:
    first, second = World("italia1"), World("italia2")
    assert first.board is second.board
    assert first.reach is second.reach and first.action_cache is second.action_cache
    assert first.scenario.id != second.scenario.id  # the scenario stays each World's own
    assert first.land_exits("Rome") == tuple(
        n for n in first.board.neighbours("Rome") if first.is_land(n)
    )


def test_the_shared_action_values_start_again_past_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thousands of what-if games keep adding action values: past the limit, the next
    game's World starts them again, and games play on exactly as before."""
    before = play_game("italia1", seed=5, players=RandomPlayer(5))
    cache = World("italia1").action_cache
    assert len(cache) > 10
    monkeypatch.setattr(world, "ACTION_CACHE_LIMIT", 10)
    fresh = World("italia1")
    assert fresh.action_cache is cache and len(cache) == 0
    assert not fresh.land_moves and not fresh.sea_moves
    again = play_game("italia1", seed=5, players=RandomPlayer(5))
    assert [str(a) for a in again.actions] == [str(a) for a in before.actions]
