"""Replay is exact in the classroom stepper (issue 15): whatever way the teacher goes back
(back, a jump backwards, undo, a fork) and forward again, the game shown is the same one,
event for event, for every kind of player (random, greedy, passive, rollout, a seat played
by hand); and *back* after a jump backwards returns to where the jump started.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from italia_kit.core import Event, Game, PassivePlayer, Player, RandomPlayer
from italia_kit.games.italia import new_game
from italia_kit.games.italia.greedy import GreedyPlayer
from italia_kit.players import RolloutPlayer
from italia_kit.widgets import TurnStepper
from italia_kit.widgets.seats import HUMAN

from .toys import registered

#: The turns each kind of player plays: every phase of every nation's turn in them is a
#: stop (random players and a seat played by hand make many more stops a turn).
TURNS = {"random": 1, "greedy": 2, "passive": 2, "human": 1}

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": lambda: RandomPlayer(5),
    "greedy": lambda: GreedyPlayer(5),
    "passive": PassivePlayer,
}

Stop = tuple[int, list[Event]]  # the actions applied and the log at a stop


@dataclass
class Played:
    stepper: TurnStepper
    turns: int
    stops: list[Stop]

    @property
    def game(self) -> Game[Any]:
        return self.stepper.game

    def here(self) -> Stop:
        return len(self.game.actions), list(self.game.log)

    def forward(self) -> bool:
        """One stop forward: the next phase, or for the seat played by hand the first
        action listed, given through the chooser as a click would."""
        stepper = self.stepper
        if stepper.waiting_for() is not None:
            stepper.chooser.choose(0)
            stepper.chooser.play()
            return True
        if self.game.is_over or self.game.state.turn > self.turns:
            return False
        stepper.next_phase()
        return True


@pytest.fixture(scope="module", params=list(TURNS))
def played(request: pytest.FixtureRequest) -> Played:
    """A stepper that played its kind's turns from the start, and every stop on the way."""
    kind = request.param
    game = new_game("italia1", seed=5)
    if kind == "human":  # red by hand, the others greedy
        stepper = TurnStepper(game, GreedyPlayer(5), players={"red": HUMAN})
    else:
        stepper = TurnStepper(game, PLAYERS[kind]())
    out = Played(stepper, TURNS[kind], [])
    out.stops.append(out.here())
    while out.forward():
        out.stops.append(out.here())
    return out


def _by_hand(stepper: TurnStepper, game: Game[Any]) -> bool:
    """Whether the decision pending in ``game`` is the seat's played by hand."""
    owing = game.pending_seats
    return bool(owing) and stepper.player_of(stepper.seat_of(game, owing[0])) is HUMAN


def test_back_to_every_stop_and_forward_again_replays_the_same_game(played: Played) -> None:
    for stop in reversed(played.stops[:-1]):
        played.stepper.back()
        assert played.here() == stop
    assert not played.game.actions
    for stop in played.stops[1:]:
        played.forward()
        assert played.here() == stop, "forward again: the same game"


def test_jumps_backwards_and_forwards_and_back_after_a_jump(played: Played) -> None:
    stepper, game = played.stepper, played.game
    end = played.stops[-1]
    assert played.here() == end
    for turn in range(played.turns, 0, -1):
        stepper.jump_to_turn(turn)
        assert game.state.turn == turn
        assert played.here() in played.stops, "the start of the turn, as it was played"
        stepper.back()  # back after a jump backwards: where the jump started
        assert played.here() == end
        stepper.jump_to_turn(turn)
        while len(game.actions) < end[0]:  # forward again; a seat played by hand stops it
            if stepper.waiting_for() is not None:
                played.forward()
            else:
                stepper.jump_to_turn(played.turns + 1)
        assert played.here() == end


def test_undo_and_forks_replay_every_stop(played: Played) -> None:
    stepper, game = played.stepper, played.game
    moment = stepper.presenter.moment
    for (n, log), after in zip(played.stops, played.stops[1:], strict=False):
        twin = game.fork()
        twin.jump(n)
        assert list(twin.log) == log
        if _by_hand(stepper, twin):
            continue  # the stop after it is an action given by hand, not a player's
        before = moment(twin.state)
        while moment(twin.state) == before and not _by_hand(stepper, twin):
            twin.apply(stepper.player.choose(twin))  # the players play the fork on
        assert (len(twin.actions), list(twin.log)) == after, f"a fork at {n}"
    for n, log in reversed(played.stops[:-1]):
        game.undo(len(game.actions) - n)
        assert list(game.log) == log
    while played.forward():
        pass
    assert played.here() == played.stops[-1], "undone to the start and played again"


def test_a_rollout_player_replays_too() -> None:
    """The rollout player draws its playouts' seeds from the position: its choices replay."""
    with registered():
        from tests.toygame import race_spec

        game: Game[Any] = race_spec().new_game(seed=4)
        stepper = TurnStepper(game, RolloutPlayer(race_spec(), seed=2, rollouts=3, depth=8))
        for _ in range(6):
            stepper.next_phase()
        whole = list(game.log)
        assert game.state.turn >= 3 or game.is_over
        stepper.jump_to_turn(2)
        stepper.back()
        assert list(game.log) == whole
        stepper.jump_to_turn(1)
        while not game.is_over and len(game.log) < len(whole):
            stepper.next_phase()
        assert list(game.log)[: len(whole)] == whole
