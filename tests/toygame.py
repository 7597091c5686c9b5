"""A tiny dice race used to test the game-agnostic core without any Italia rules.

Two players take turns; on your turn you either roll (add a d10 to your score) or stop.
A player who stops is out; the game ends when both have stopped or someone passes 30.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from italia_kit.core import (
    Action,
    ActionCodec,
    Context,
    Decision,
    Game,
    IllegalActionError,
    PassivePlayer,
)
from italia_kit.games import Chance, Dynamics, GameKind, GameSpec, Information


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    player: str = ""


@dataclass(frozen=True, slots=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"
    player: str = ""


@dataclass
class RaceState:
    turn: int = 1
    to_move: int = 0
    scores: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    stopped: list[str] = field(default_factory=list)

    PLAYERS: ClassVar[tuple[str, str]] = ("A", "B")

    @property
    def actor(self) -> str:
        return self.PLAYERS[self.to_move]

    @property
    def phase(self) -> str:
        return "race"

    def clone(self) -> RaceState:
        return RaceState(self.turn, self.to_move, dict(self.scores), list(self.stopped))

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "to_move": self.to_move,
            "scores": dict(self.scores),
            "stopped": list(self.stopped),
        }


class RaceRules:
    game_id = "toy-race"
    codec = ActionCodec([Roll, Stop])

    def decision(self, state: RaceState) -> Decision | None:
        if len(state.stopped) == 2 or max(state.scores.values()) > 30:
            return None
        return Decision(state.actor, "roll_or_stop", "R1", "roll a die or stop")

    def legal_actions(self, state: RaceState) -> list[Action]:
        return [Roll(state.actor), Stop(state.actor)]

    def apply(self, ctx: Context[RaceState], action: Action) -> None:
        state = ctx.state
        if not isinstance(action, Roll | Stop):
            raise IllegalActionError("R0", f"{action!r} is not an action of this game")
        if action.player != state.actor:
            raise IllegalActionError("R1", f"it is {state.actor}'s move, not {action.player}'s")
        if isinstance(action, Roll):
            (r,) = ctx.roll(1, "R2", f"{action.player} rolls")
            state.scores[action.player] += r
            ctx.emit("score", "R2", f"R2: {action.player} now has {state.scores[action.player]}.")
        else:
            state.stopped.append(action.player)
            ctx.emit("stop", "R3", f"R3: {action.player} stops.")
        state.turn += 1
        state.to_move = 1 - state.to_move

    def advance(self, ctx: Context[RaceState]) -> None:
        # a player who stopped is skipped
        state = ctx.state
        if len(state.stopped) < 2 and state.actor in state.stopped:
            state.to_move = 1 - state.to_move

    def state_from_json(self, data: dict[str, Any]) -> RaceState:
        return RaceState(
            int(data["turn"]), int(data["to_move"]), dict(data["scores"]), list(data["stopped"])
        )


def race_spec(game_id: str = "toy-race", **options: Any) -> GameSpec:
    """The race as a registered game (``games.register(game_id, race_spec)``): seats A and
    B, the score is the points (0 for whoever went over 30), one metric row per seat."""

    if options:
        raise ValueError(f"{game_id}: unknown option {sorted(options)[0]!r} (options: none)")

    def start(seed: int = 0, **kwargs: Any) -> Game[RaceState]:
        return Game(RaceRules(), RaceState(), seed=seed, **kwargs)

    def returns(game: Game[Any]) -> dict[str, float]:
        return {p: float(v if v <= 30 else 0) for p, v in game.state.scores.items()}

    def metrics(game: Game[Any]) -> list[dict[str, Any]]:
        return [
            {"seat": p, "turn": game.state.turn, "points": v, "stopped": p in game.state.stopped}
            for p, v in game.state.scores.items()
        ]

    return GameSpec(
        id=game_id,
        title="A toy dice race on a board of boxes",
        kind=GameKind(Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.PERFECT, 2, 2),
        seats=("A", "B"),
        new_game=start,
        rules=RaceRules,
        seat_of=lambda game, actor: actor,
        returns=returns,
        metrics=metrics,
        metric_columns=("seat", "turn", "points", "stopped"),
        bots={"stopper": lambda seed: PassivePlayer()},
        commands=("tests.test_cli_games",),
        presenter="tests.toyboard:RacePresenter",  # its board of boxes (the generic views)
    )
