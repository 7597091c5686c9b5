"""Players' streams tied to the game, on Italia (issue 13): undo, jumps and forks replay the
random and the greedy players' choices, so "show that again" shows the same game."""

from __future__ import annotations

import pytest

from italia_kit.core import Player, RandomPlayer, play
from italia_kit.games.italia import new_game
from italia_kit.games.italia.greedy import GreedyPlayer


@pytest.mark.parametrize(
    ("make", "actions"), [(RandomPlayer, 400), (GreedyPlayer, 120)], ids=["random", "greedy"]
)
def test_going_back_replays_the_same_choices(make: type[Player], actions: int) -> None:
    game = new_game("italia1", seed=1, checkpoint_every=32)
    play(game, make(1), max_actions=actions)  # type: ignore[call-arg]
    whole = list(game.actions)
    (stream,) = game.streams()
    assert stream.name == ("random" if make is RandomPlayer else "greedy")
    assert len(stream.to_json()["draws"]) > 0  # ties were broken, choices drawn
    for back in (actions - 1, actions // 2, 5):
        game.jump(back)
        play(game, make(1), max_actions=actions - back)  # type: ignore[call-arg]
        assert game.actions == whole, back
    game.undo(actions // 3)
    twin = game.fork()
    play(twin, make(1), max_actions=actions // 3)  # type: ignore[call-arg]
    play(game, make(1), max_actions=actions // 3)  # type: ignore[call-arg]
    assert twin.actions == game.actions == whole
    assert twin.state_json() == game.state_json() and twin.log == game.log
