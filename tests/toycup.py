"""A tiny cup game that tests the core's random source beyond one d10, without Italia.

Two seats, A and B, take turns. On your turn you either draw a counter from the cup (gold
is worth 3, silver 2, lead 1; the other seat does not see which) and roll the game's d8 for
it, scoring the counter's worth times the roll; or take a bonus card from a deck of four
(``+1``, ``+2``, ``2d6``: roll two six-sided dice, ``-1``), played at once and discarded, so
that the deck reshuffles its discards when it runs out; or, holding three counters or more,
pass for good. The game ends when the cup is empty or both seats have passed.

A seat sees how many counters the other holds, not which (:meth:`CupRules.observe`), and
the cup only as a count. Registered as ``toy-cup`` for the tests that use it
(tests/toys.py).
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
    Randomness,
)
from italia_kit.games import Chance, Dynamics, GameKind, GameSpec, Information

CUP = ["gold"] * 3 + ["silver"] * 3 + ["lead"] * 3
WORTH = {"gold": 3, "silver": 2, "lead": 1}
CARDS = ["+1", "+2", "2d6", "-1"]


@dataclass(frozen=True, slots=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"
    player: str = ""


@dataclass(frozen=True, slots=True)
class Card(Action):
    kind: ClassVar[str] = "card"
    player: str = ""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"
    player: str = ""


@dataclass
class CupState:
    turn: int = 1
    to_move: int = 0
    scores: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    counters: dict[str, list[str]] = field(default_factory=lambda: {"A": [], "B": []})
    passed: list[str] = field(default_factory=list)
    cup_empty: bool = False

    SEATS: ClassVar[tuple[str, str]] = ("A", "B")

    @property
    def actor(self) -> str:
        return self.SEATS[self.to_move]

    @property
    def phase(self) -> str:
        return "cup"

    def clone(self) -> CupState:
        return CupState(
            self.turn,
            self.to_move,
            dict(self.scores),
            {s: list(c) for s, c in self.counters.items()},
            list(self.passed),
            self.cup_empty,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "to_move": self.to_move,
            "scores": dict(self.scores),
            "counters": {s: list(c) for s, c in self.counters.items()},
            "passed": list(self.passed),
            "cup_empty": self.cup_empty,
        }


class CupRules:
    game_id = "toy-cup"
    codec = ActionCodec([Draw, Card, Pass])

    def is_over(self, state: CupState) -> bool:
        return state.cup_empty or len(state.passed) == 2

    def decision(self, state: CupState) -> Decision | None:
        if self.is_over(state):
            return None
        return Decision(state.actor, "draw_card_or_pass", "C1", "draw, take a card or pass")

    def legal_actions(self, state: CupState) -> list[Action]:
        a = state.actor
        if len(state.counters[a]) < 3:
            return [Draw(a), Card(a)]
        return [Draw(a), Card(a), Pass(a)]

    def apply(self, ctx: Context[CupState], action: Action) -> None:
        state = ctx.state
        if not isinstance(action, Draw | Card | Pass):
            raise IllegalActionError("C0", f"{action!r} is not an action of this game")
        if action.player != state.actor:
            raise IllegalActionError("C1", f"it is {state.actor}'s move, not {action.player}'s")
        me = action.player
        other = [s for s in CupState.SEATS if s != me]
        if isinstance(action, Draw):
            (counter,) = ctx.draw("cup", "C2", f"{me} draws", hidden_from=other)
            (roll,) = ctx.roll(1, "C2", f"{me} rolls for the counter")
            state.counters[me].append(str(counter))
            state.scores[me] += WORTH[str(counter)] * roll
            state.cup_empty = ctx.random.bag_size("cup") == 0
        elif isinstance(action, Card):
            (card,) = ctx.deal("bonus", me, "C3", f"{me} takes a bonus card")
            if card == "2d6":
                state.scores[me] += sum(ctx.roll(2, "C3", f"{me} plays 2d6", sides=6))
            else:
                state.scores[me] += int(card)
            ctx.discard("bonus", me, [card], "C3", f"{me} plays the card")
        else:
            if len(state.counters[me]) < 3:
                raise IllegalActionError("C4", f"{me} must hold three counters to pass")
            state.passed.append(me)
            ctx.emit("pass", "C4", f"C4: {me} passes.")
        ctx.emit("score", "C5", f"C5: {me} has {state.scores[me]}.", score=state.scores[me])
        state.turn += 1
        state.to_move = 1 - state.to_move

    def advance(self, ctx: Context[CupState]) -> None:
        state = ctx.state
        if len(state.passed) < 2 and state.actor in state.passed:
            state.to_move = 1 - state.to_move

    def observe(self, state: CupState, seat: str) -> dict[str, Any]:
        """The state as ``seat`` sees it: the other seat's counters as a number."""
        view = state.to_json()
        view["counters"] = {s: list(c) if s == seat else len(c) for s, c in state.counters.items()}
        return view

    def state_from_json(self, data: dict[str, Any]) -> CupState:
        return CupState(
            int(data["turn"]),
            int(data["to_move"]),
            dict(data["scores"]),
            {s: list(c) for s, c in data["counters"].items()},
            list(data["passed"]),
            bool(data["cup_empty"]),
        )


def new_cup_game(seed: int = 0, *, checkpoint_every: int = 4) -> Game[CupState]:
    """A new game: the game's die is a d8; the cup and the bonus deck are part of its random
    state from the start, so saves carry them."""
    rnd = Randomness(seed=seed, sides=8)
    rnd.new_bag("cup", CUP)
    rnd.new_deck("bonus", CARDS)
    return Game(CupRules(), CupState(), dice=rnd, checkpoint_every=checkpoint_every)


def cup_spec(**options: Any) -> GameSpec:
    """The registry's factory of ``toy-cup`` (no options)."""
    if options:
        raise ValueError(f"toy-cup: unknown option {sorted(options)[0]!r} (it has none)")
    return GameSpec(
        id="toy-cup",
        title="Toy cup: draw hidden counters, roll a d8 for each",
        kind=GameKind(Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.IMPERFECT, 2, 2),
        seats=CupState.SEATS,
        new_game=new_cup_game,
        rules=CupRules,
        seat_of=lambda game, actor: actor,
    )
