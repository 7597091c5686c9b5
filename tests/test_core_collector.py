"""core.collector: fewer garbage collections while whole games run, and Python's own
settings back afterwards, whatever happens in between."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from italia_kit.core import RandomPlayer, fewer_collections
from italia_kit.core.collector import GAME_THRESHOLD
from italia_kit.games.italia import play_game


@pytest.fixture(autouse=True)
def python_defaults() -> Iterator[None]:
    """Each test starts from Python's default thresholds and leaves them as it found them."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_first_threshold_is_raised_inside_and_restored_after() -> None:
    with fewer_collections():
        assert gc.get_threshold() == (GAME_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_the_thresholds_come_back_after_an_error() -> None:
    with pytest.raises(RuntimeError, match="boom"), fewer_collections():
        raise RuntimeError("boom")
    assert gc.get_threshold() == (700, 10, 10)


def test_nested_contexts_restore_once_at_the_outermost() -> None:
    with fewer_collections():
        with fewer_collections(50_000):
            assert gc.get_threshold()[0] == GAME_THRESHOLD  # the outer one decided
        assert gc.get_threshold()[0] == GAME_THRESHOLD
    assert gc.get_threshold() == (700, 10, 10)


def test_a_program_s_own_higher_threshold_or_switched_off_collector_is_left_alone() -> None:
    gc.set_threshold(100_000, 5, 5)
    with fewer_collections():
        assert gc.get_threshold() == (100_000, 5, 5)
    assert gc.get_threshold() == (100_000, 5, 5)
    gc.set_threshold(0, 10, 10)  # 0: no automatic collections at all
    with fewer_collections():
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold() == (0, 10, 10)


def test_overlapping_contexts_in_two_threads_restore_when_the_last_leaves() -> None:
    inside, leave = threading.Event(), threading.Event()

    def worker() -> None:
        with fewer_collections():
            inside.set()
            leave.wait(5)

    thread = threading.Thread(target=worker)
    with fewer_collections():
        thread.start()
        assert inside.wait(5)
    assert gc.get_threshold()[0] == GAME_THRESHOLD  # the worker is still inside
    leave.set()
    thread.join(5)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_whole_game_runs_with_fewer_collections_and_restores_them() -> None:
    seen: list[int] = []
    # stopped after 30 actions by its own limit: the thresholds come back after the error too
    with pytest.raises(RuntimeError, match="did not end within 30 actions"):
        play_game(
            "italia1",
            seed=2,
            players=RandomPlayer(2),
            max_actions=30,
            on_action=lambda game: seen.append(gc.get_threshold()[0]),
        )
    assert len(seen) == 30 and set(seen) == {GAME_THRESHOLD}
    assert gc.get_threshold() == (700, 10, 10)
