"""What every registered game must do, checked the same way for each (OpenSpiel's habit):
a game added to the registry is tested here with nothing to add.

Each game is played by seeded random players, one per seat (:class:`BySeat`), so games of
sealed orders are played as games of turns are. The toy games of tests/ are registered
for this module's tests only (tests/toys.py).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import (
    BySeat,
    Game,
    IllegalActionError,
    InvalidActionError,
    Order,
    RandomPlayer,
    game_from_json,
    game_to_json,
    play,
)
from italia_kit.core.actions import Action

from .toys import TOYS, registered

GAME_IDS = sorted({*games.available(), *TOYS})

#: A random game not over by then is a defect (Italia's last some 1,100 actions).
MAX_ACTIONS = 20_000
#: Positions sampled from a game for the checks that look at single positions.
POSITIONS = 8


@pytest.fixture(scope="module", autouse=True)
def _toys() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture(params=GAME_IDS)
def spec(request: pytest.FixtureRequest) -> games.GameSpec:
    return games.load(request.param)


def players(spec: games.GameSpec, seed: int) -> BySeat:
    return BySeat(
        {seat: RandomPlayer(seed * 10 + i) for i, seat in enumerate(spec.seats)}, spec.seat_of
    )


def new_played(spec: games.GameSpec, seed: int) -> Game[Any]:
    game = spec.new_game(seed=seed)
    play(game, players(spec, seed), max_actions=MAX_ACTIONS)
    return game


_played: dict[tuple[str, int], Game[Any]] = {}


def played(spec: games.GameSpec, seed: int) -> Game[Any]:
    """A finished random game, played once per module; tests fork it, never change it."""
    key = (spec.id, seed)
    if key not in _played:
        _played[key] = new_played(spec, seed)
    return _played[key]


def at(game: Game[Any], index: int) -> Game[Any]:
    """A fork of ``game`` back at the position after its first ``index`` actions."""
    twin = game.fork()
    twin.jump(index)
    return twin


def sample_positions(game: Game[Any], n: int = POSITIONS) -> list[int]:
    rng = random.Random(game.rules.game_id)
    return sorted(rng.sample(range(len(game.actions)), min(n, len(game.actions))))


def snapshot(game: Game[Any]) -> tuple[Any, ...]:
    return (game.state_json(), game.log.to_records(), list(game.actions), game.dice.snapshot())


def all_legal(game: Game[Any]) -> list[Action]:
    return [a for seat in game.pending_seats for a in game.legal_actions(seat)]


# -- whole games ---------------------------------------------------------------------------


def test_seeded_random_games_reach_the_end(spec: games.GameSpec) -> None:
    for seed in (1, 2):
        game = played(spec, seed)
        assert game.is_over, f"{spec.id} seed {seed}: not over after {MAX_ACTIONS} actions"
        assert game.pending_seats == () and game.legal_actions() == []


def test_the_same_seed_gives_the_same_log_and_another_seed_another(spec: games.GameSpec) -> None:
    again = new_played(spec, 1)
    assert again.log.to_records() == played(spec, 1).log.to_records()
    assert again.state_json() == played(spec, 1).state_json()
    assert played(spec, 2).log.to_records() != played(spec, 1).log.to_records()


def test_a_fork_evolves_independently(spec: games.GameSpec) -> None:
    game = played(spec, 1)
    before = snapshot(game)
    half = at(game, len(game.actions) // 2)
    half_before = snapshot(half)
    twin = half.fork()
    play(twin, players(spec, 7), max_actions=MAX_ACTIONS)
    assert twin.is_over and snapshot(half) == half_before
    twin_after = snapshot(twin)
    play(half, players(spec, 8), max_actions=MAX_ACTIONS)
    assert snapshot(twin) == twin_after and snapshot(game) == before


def test_save_load_and_replay_reproduce_the_log(spec: games.GameSpec) -> None:
    game = played(spec, 1)
    for index in (len(game.actions), len(game.actions) // 3):
        original = at(game, index)
        data = json.loads(json.dumps(game_to_json(original)))
        loaded = game_from_json(data)  # the rules found through the registry
        assert loaded.log.to_records() == original.log.to_records()
        assert loaded.state_json() == original.state_json()
        replayed = spec.new_game(seed=1)
        for action in original.actions:
            replayed.apply(action)
        assert replayed.log.to_records() == original.log.to_records()


def _reordered(value: object, reverse: bool) -> object:
    """``value`` with every JSON object's keys sorted (or sorted backwards)."""
    if isinstance(value, dict):
        return {k: _reordered(value[k], reverse) for k in sorted(value, reverse=reverse)}
    if isinstance(value, list):
        return [_reordered(v, reverse) for v in value]
    return value


def test_a_save_does_not_depend_on_the_order_of_its_json_keys(spec: games.GameSpec) -> None:
    """JSON objects are unordered (RFC 8259, 4): a save written with sorted keys, as
    ``save_game`` writes it, or re-ordered by any JSON tool, replays to the same game. A
    state read back must not take its iteration order from the file (Renaissance's treasury
    once did: a greedy game diverged after a save and failed its digest)."""
    game = played(spec, 1)
    for index in (len(game.actions), len(game.actions) // 2):
        original = at(game, index)
        saved = json.loads(json.dumps(game_to_json(original)))
        for reverse in (False, True):
            loaded = game_from_json(_reordered(saved, reverse))
            assert loaded.state_json() == original.state_json()
            assert loaded.log.to_records() == original.log.to_records()


def test_a_jump_back_and_the_same_actions_again_give_the_same_log(spec: games.GameSpec) -> None:
    game = played(spec, 2)
    rewound = at(game, len(game.actions) // 4)
    for action in game.actions[len(rewound.actions) :]:
        rewound.apply(action)
    assert rewound.log.to_records() == game.log.to_records()


# -- single positions ----------------------------------------------------------------------


def test_every_listed_action_applies(spec: games.GameSpec) -> None:
    game = played(spec, 1)
    rng = random.Random(1)
    for index in sample_positions(game):
        here = at(game, index)
        assert here.pending_seats, f"{spec.id}: position {index} owes no decision"
        for seat in here.pending_seats:
            actions = here.legal_actions(seat)
            assert actions, f"{spec.id}: {seat} owes a decision at {index} but has no action"
            for action in rng.sample(actions, min(6, len(actions))):
                twin = here.fork()
                twin.submit(seat, action)
                json.dumps(twin.state_json())


def test_an_illegal_action_is_refused_naming_its_rule_and_changes_nothing(
    spec: games.GameSpec,
) -> None:
    game = played(spec, 1)
    positions = [at(game, i) for i in sample_positions(game)]
    listings = [all_legal(p) for p in positions]
    ruled = 0
    for here, legal in zip(positions, listings, strict=True):
        listed = set(legal)
        elsewhere = (a for other in listings if other is not legal for a in other)
        illegal = list(itertools.islice((a for a in elsewhere if a not in listed), 5))
        for action in illegal:
            before = snapshot(here)
            # an action naming what is not there (a unit gone) is not understood here
            # (InvalidActionError); one the rules forbid names the rule that does
            with pytest.raises((IllegalActionError, InvalidActionError)) as err:
                here.apply(action)
            if isinstance(err.value, IllegalActionError):
                assert err.value.rule, f"{spec.id}: {action!r} refused without a rule"
                ruled += 1
            assert snapshot(here) == before
    assert ruled, f"{spec.id}: no action of another position was refused naming a rule"
    finished = game.fork()
    with pytest.raises(IllegalActionError):
        finished.apply(game.actions[-1])
    assert snapshot(finished) == snapshot(game)


# -- seats and views -----------------------------------------------------------------------


def sealed_positions(game: Game[Any], limit: int = 6) -> Iterator[tuple[Game[Any], str]]:
    """Positions of ``game`` where a seat owes sealed orders with a choice of at least two
    and another seat still owes its own, and that seat."""
    found = 0
    walk = at(game, 0)  # one replay, forked where it qualifies
    for action in game.actions:
        if found == limit:
            return
        decision = walk.decision
        if decision is not None and len(decision.owing) >= 2:  # the last to submit resolves
            seat = decision.owing[0]
            if len(walk.legal_actions(seat)) >= 2:
                found += 1
                yield walk.fork(), seat
        walk.apply(action)


def test_a_seat_s_sealed_orders_change_nothing_another_seat_sees(spec: games.GameSpec) -> None:
    """Whatever a seat submits, every other seat's view, legal actions and log read the
    same until the orders are resolved; a second submission of the seat is refused."""
    game = played(spec, 1)
    checked = 0
    for here, seat in sealed_positions(game):
        decision = here.decision
        assert decision is not None
        others = [s for s in (*decision.owing, *decision.submitted) if s != seat]
        first, last = here.legal_actions(seat)[0], here.legal_actions(seat)[-1]
        one, two = here.fork(), here.fork()
        one.submit(seat, first)
        two.submit(seat, last)
        assert one.decision is not None and seat in one.decision.submitted
        for other in others:
            assert one.observe(other) == two.observe(other), f"{other} sees {seat}'s orders"
            assert one.legal_actions(other) == two.legal_actions(other)
            assert one.events_for(other) == two.events_for(other)
        before = snapshot(one)
        with pytest.raises(IllegalActionError, match="already submitted") as err:
            one.submit(seat, first)
        assert err.value.rule == decision.rule and snapshot(one) == before
        checked += 1
    if spec.kind.dynamics is games.Dynamics.SIMULTANEOUS:
        assert checked, f"{spec.id} is simultaneous but never asked two seats at once"
    else:
        assert not checked, f"{spec.id} is sequential but asked several seats at once"


def test_views_are_json_and_whole_only_with_perfect_information(spec: games.GameSpec) -> None:
    game = played(spec, 2)
    perfect = spec.kind.information is games.Information.PERFECT
    partial = 0
    for index in sample_positions(game, 4):
        here = at(game, index)
        seats = {*spec.seats, *here.pending_seats}
        for seat in seats:
            view = here.observe(seat)
            json.dumps(view)
            if perfect:
                assert view == here.state_json()
            partial += view != here.state_json()
            events = here.events_for(seat)
            assert len(events) == len(here.log)  # redacted, never dropped
            for event, full in zip(events, here.log, strict=True):
                if event != full:
                    assert not full.seen_by(seat) and dict(event.data) == {"redacted": True}
    assert perfect or partial, f"{spec.id} has imperfect information but shows all to all"


def test_random_players_play_the_seat_they_are_asked_for(spec: games.GameSpec) -> None:
    game = spec.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if game.is_over:
            break
        seat = rng.choice(game.pending_seats)
        action = RandomPlayer(rng.randrange(1000)).choose(game, seat)
        if isinstance(action, Order):
            assert action.seat == seat
        game.submit(seat, action)
