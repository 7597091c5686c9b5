"""Players for every registered game (issue 13): the generic kinds, routing by seat and the
rollout player, on a toy game registered for the test and on Italia."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game, RandomPlayer
from italia_kit.games.spec import GameSpec
from italia_kit.players import (
    BySeat,
    RolloutPlayer,
    make_player,
    play_out,
    player_kinds,
    players_from_spec,
)
from tests.toygame import Roll, Stop, race_spec


@pytest.fixture(autouse=True)
def race() -> Iterator[GameSpec]:
    games.register("race", lambda: race_spec("race"), replace=True)
    try:
        yield games.load("race")
    finally:
        games.unregister("race")


def test_the_generic_kinds_and_the_game_s_bots(race: GameSpec) -> None:
    assert set(player_kinds("race")) == {"random", "passive", "rollout", "stopper"}
    assert isinstance(make_player("rollout", 1, game="race"), RolloutPlayer)
    with pytest.raises(ValueError, match=r"known: passive, random, rollout, stopper"):
        make_player("greedy", game="race")


def test_players_per_seat_of_any_game(race: GameSpec) -> None:
    players, kinds = players_from_spec("B=rollout", race, seed=2)
    assert kinds == {"A": "random", "B": "rollout"}
    assert isinstance(players, dict) and isinstance(players["B"], RolloutPlayer)
    with pytest.raises(ValueError, match=r"unknown seat 'c' in race \(seats: A, B\)"):
        players_from_spec("c=random", race)
    assert players_from_spec("a=passive", race)[1] == {"A": "passive", "B": "random"}


def test_by_seat_routes_each_decision_to_its_seat(race: GameSpec) -> None:
    asked: list[str] = []

    class Noting:
        def __init__(self, name: str) -> None:
            self.name = name

        def choose(self, game: Game[Any]) -> Any:
            asked.append(self.name)
            return Roll(game.state.actor)

    game = race.new_game(seed=1)
    n = play_out(race, game, {"A": Noting("A"), "B": Noting("B")}, max_actions=6)
    assert n == 6 and asked == ["A", "B"] * 3
    with pytest.raises(ValueError, match=r"no player for seat\(s\) \['B'\]"):
        BySeat(race, {"A": RandomPlayer()})


def test_rollout_ranks_the_actions_by_the_score_of_the_playouts(race: GameSpec) -> None:
    """At 29 points a roll scores 30 with one chance in ten and busts otherwise: stopping
    is the better action; at 0 points rolling is."""
    game = race.new_game(seed=1)
    game.state.scores["A"] = 29
    advisor = RolloutPlayer(race, seed=3, rollouts=20, depth=40)
    ranked = advisor.rank(game)
    assert [type(r.action) for r in ranked] == [Stop, Roll]
    assert ranked[0].mean == pytest.approx(29.0) and ranked[0].n == 20
    assert ranked[1].mean < 10
    fresh = race.new_game(seed=1)
    assert isinstance(advisor.choose(fresh), Roll)


def test_rollout_is_deterministic_from_its_seed(race: GameSpec) -> None:
    game = race.new_game(seed=4)
    a = RolloutPlayer(race, seed=5, rollouts=3, depth=10).rank(game)
    b = RolloutPlayer(race, seed=5, rollouts=3, depth=10).rank(game)
    assert a == b
    # the real game's dice are untouched by the playouts
    assert game.dice.count == race.new_game(seed=4).dice.count


def test_rollout_needs_the_game_s_scores() -> None:
    games.register("race-unscored", lambda: _without_returns(), replace=True)
    try:
        with pytest.raises(ValueError, match="gives no scores"):
            RolloutPlayer("race-unscored")
    finally:
        games.unregister("race-unscored")
    with pytest.raises(ValueError, match="rollouts must be at least 1"):
        RolloutPlayer("race", rollouts=0)


def _without_returns() -> GameSpec:
    import dataclasses

    return dataclasses.replace(race_spec("race"), id="race-unscored", returns=None)


def test_a_whole_game_with_a_rollout_seat(race: GameSpec) -> None:
    players, _ = players_from_spec("A=rollout,B=random", race, seed=1)
    game = race.new_game(seed=1)
    play_out(race, game, players)
    assert game.is_over


def test_rollout_advice_in_italia() -> None:
    """A cheap rank of Italia's first decision: every legal action, scored by victory
    points after capped playouts; the advice is one of the legal actions."""
    spec = games.load("italia1")
    game = spec.new_game(seed=2)
    ranked = RolloutPlayer(spec, seed=1, rollouts=2, depth=15).rank(game)
    assert {r.action for r in ranked} == set(game.legal_actions())
    assert all(r.n == 2 for r in ranked)
    assert [r.mean for r in ranked] == sorted((r.mean for r in ranked), reverse=True)
