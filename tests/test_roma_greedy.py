"""Roma's greedy player (italia_kit/games/roma/greedy.py): it finishes its games, plays them
again the same from a seed, beats random players, and uses the rules it is meant to use."""

from __future__ import annotations

from collections import Counter
from statistics import mean

from italia_kit import games
from italia_kit.core import BySeat, RandomPlayer, play
from italia_kit.games.roma.greedy import RomaGreedy


def _game(seed: int, players: int = 2):  # type: ignore[no-untyped-def]
    spec = games.load("roma", players=players)
    game = spec.new_game(seed=seed)
    seats = {
        s: RomaGreedy(seed) if i % 2 == 0 else RandomPlayer(seed * 10 + i)
        for i, s in enumerate(spec.seats)
    }
    play(game, BySeat(seats, spec.seat_of), max_actions=20_000)
    return spec, game


def test_greedy_games_end_and_replay_the_same_from_a_seed() -> None:
    _, one = _game(3)
    _, two = _game(3)
    assert one.is_over and one.log.to_records() == two.log.to_records()


def test_greedy_beats_random_players_and_uses_its_rules() -> None:
    greedy, random_, kinds = [], [], Counter()
    for seed in range(4):
        spec, game = _game(seed, players=4)
        for i, seat in enumerate(spec.seats):
            (greedy if i % 2 == 0 else random_).append(game.state.vp[seat])
        kinds.update(e.kind for e in game.log if e.actor in spec.seats[::2])
    assert mean(greedy) > mean(random_) + 3
    for kind in ("battle", "land", "embark", "pact", "reinforce", "conquest", "vp"):
        assert kinds[kind], kind


def test_the_spec_offers_the_greedy_bot() -> None:
    spec = games.load("roma")
    assert isinstance(spec.bots["greedy"](1), RomaGreedy)
