"""A sealed-bid auction for two or three seats: sealed orders, hidden budgets and per-seat
views on the generic core, without any Italia rules.

B0  Every seat starts with ``budget`` coins; how many coins a seat has is its own secret.
B1  Each round a prize of one d10 points is rolled, for all to see.
B2  Every seat bids secretly, 0 to its coins: one sealed order each.
B3  When every bid is in they are opened together: the highest bid wins the prize; a tie
    for the highest wins nothing.
B4  Every seat pays its bid (an all-pay auction); only the highest bid is announced, the
    others stay their bidders' secrets.
B5  After the last round the most points wins (a tie shares the win).

>>> game = bid_spec(seats=2, rounds=1).new_game(seed=1)
>>> game.decision.owing, game.state.prize
(('A', 'B'), 8)
>>> _ = game.submit("A", Bid("A", 3))
>>> game.observe("B")["submitted"], "bid" in game.observe("B")
(['A'], False)
>>> game.events_for("B")[-1].text
'B2: bid by A (hidden).'
>>> [e.text for e in game.submit("B", Bid("B", 1))][1]
'B3: the bids are opened: A wins the prize of 8 with 3.'
>>> game.is_over, game.observe("B")["coins"]
(True, {'B': 9})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from italia_kit.core import (
    NO_ACTOR,
    Action,
    ActionCodec,
    Context,
    Decision,
    Game,
    GameRef,
    IllegalActionError,
    Order,
)
from italia_kit.games import Chance, Dynamics, GameKind, GameSpec, Information

SEATS = ("A", "B", "C")
OPTIONS = {"seats": 3, "budget": 10, "rounds": 3}


@dataclass(frozen=True, slots=True)
class Bid(Order):
    """``seat`` bids ``amount`` coins for this round's prize (B2)."""

    kind: ClassVar[str] = "bid"
    amount: int = 0


@dataclass
class BidState:
    """The referee's state: every seat's coins and the sealed bids of this round."""

    seats: tuple[str, ...]
    rounds: int
    coins: dict[str, int]
    points: dict[str, int]
    turn: int = 1
    prize: int = 0
    sealed: dict[str, int] = field(default_factory=dict)
    over: bool = False

    @classmethod
    def start(cls, seats: int, budget: int, rounds: int) -> BidState:
        names = SEATS[:seats]
        return cls(names, rounds, dict.fromkeys(names, budget), dict.fromkeys(names, 0))

    @property
    def actor(self) -> str:
        return NO_ACTOR  # every seat bids at once: no single actor

    @property
    def phase(self) -> str:
        return "over" if self.over else "bidding"

    def clone(self) -> BidState:
        return BidState(
            self.seats,
            self.rounds,
            dict(self.coins),
            dict(self.points),
            self.turn,
            self.prize,
            dict(self.sealed),
            self.over,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "rounds": self.rounds,
            "coins": dict(self.coins),
            "points": dict(self.points),
            "turn": self.turn,
            "prize": self.prize,
            "sealed": dict(self.sealed),
            "over": self.over,
        }


class BidRules:
    """The auction's rules; ``options`` are those its spec was loaded with (for saves)."""

    game_id = "toy-bid"
    codec = ActionCodec([Bid])

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.ref = GameRef(self.game_id, dict(options or {}))

    def decision(self, state: BidState) -> Decision | None:
        if state.over:
            return None
        done = tuple(s for s in state.seats if s in state.sealed)
        prompt = f"bid secretly for a prize of {state.prize}"
        return Decision.sealed(state.seats, "bid", "B2", prompt, submitted=done)

    def is_over(self, state: BidState) -> bool:
        return state.over

    def legal_actions(self, state: BidState) -> list[Action]:
        return [a for seat in state.seats for a in self.legal_orders(state, seat)]

    def legal_orders(self, state: BidState, seat: str) -> list[Action]:
        if state.over or seat in state.sealed or seat not in state.coins:
            return []
        return [Bid(seat, n) for n in range(state.coins[seat] + 1)]

    def observe(self, state: BidState, seat: str) -> dict[str, Any]:
        """What ``seat`` knows: the public table, its own coins and its own sealed bid."""
        view = {
            "seat": seat,
            "turn": state.turn,
            "rounds": state.rounds,
            "prize": state.prize,
            "points": dict(state.points),
            "coins": {seat: state.coins[seat]} if seat in state.coins else {},
            "submitted": [s for s in state.seats if s in state.sealed],
            "over": state.over,
        }
        if seat in state.sealed:
            view["bid"] = state.sealed[seat]
        return view

    def apply(self, ctx: Context[BidState], action: Action) -> None:
        state = ctx.state
        if not isinstance(action, Bid):
            raise IllegalActionError("B2", f"{action.kind!r} is not an action of this game")
        seat, amount = action.seat, action.amount
        if seat not in state.coins:
            raise IllegalActionError("B2", f"no seat {seat!r} (seats: {', '.join(state.seats)})")
        if seat in state.sealed:
            raise IllegalActionError("B2", f"{seat} has bid already this round")
        if not 0 <= amount <= state.coins[seat]:
            raise IllegalActionError("B2", f"{seat} may bid 0 to {state.coins[seat]}, not {amount}")
        state.sealed[seat] = amount
        text = f"B2: {seat} bids {amount} (sealed)."
        ctx.emit_as(seat, "bid", "B2", text, amount=amount, visible_to=[seat])
        if len(state.sealed) == len(state.seats):
            self._open(ctx)

    def _open(self, ctx: Context[BidState]) -> None:
        """B3-B5: all bids at once, by no single actor."""
        state = ctx.state
        bids, prize = state.sealed, state.prize
        top = max(bids.values())
        best = [s for s in state.seats if bids[s] == top]
        if len(best) == 1:
            state.points[best[0]] += prize
            text = f"B3: the bids are opened: {best[0]} wins the prize of {prize} with {top}."
        else:
            text = f"B3: the bids are opened: {', '.join(best)} tie at {top}; nobody wins."
        winner = best[0] if len(best) == 1 else None
        ctx.emit_as(NO_ACTOR, "adjudication", "B3", text, winner=winner, bid=top, prize=prize)
        for seat in state.seats:
            state.coins[seat] -= bids[seat]
            text = f"B4: {seat} pays {bids[seat]}, {state.coins[seat]} left."
            ctx.emit_as(seat, "pay", "B4", text, paid=bids[seat], visible_to=[seat])
        state.sealed, state.prize = {}, 0
        if state.turn < state.rounds:
            state.turn += 1
            return
        state.over = True
        most = max(state.points.values())
        leaders = [s for s in state.seats if state.points[s] == most]
        text = f"B5: {' and '.join(leaders)} win with {most} points."
        ctx.emit_as(NO_ACTOR, "end", "B5", text, winners=leaders)

    def advance(self, ctx: Context[BidState]) -> None:
        state = ctx.state
        if not state.over and state.prize == 0:
            (state.prize,) = ctx.roll(1, "B1", f"round {state.turn}'s prize")

    def state_from_json(self, data: dict[str, Any]) -> BidState:
        return BidState(
            tuple(data["seats"]),
            int(data["rounds"]),
            dict(data["coins"]),
            dict(data["points"]),
            int(data["turn"]),
            int(data["prize"]),
            dict(data["sealed"]),
            bool(data["over"]),
        )


def bid_spec(**options: Any) -> GameSpec:
    """The registry's factory of ``toy-bid``: options ``seats`` (2 or 3), ``budget`` and
    ``rounds``."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"toy-bid: unknown option {unknown[0]!r} (options: {', '.join(OPTIONS)})")
    chosen = {**OPTIONS, **options}
    if chosen["seats"] not in (2, 3):
        raise ValueError(f"toy-bid: option 'seats' must be 2 or 3, not {chosen['seats']!r}")

    def start(seed: int = 0, **kwargs: Any) -> Game[BidState]:
        state = BidState.start(chosen["seats"], chosen["budget"], chosen["rounds"])
        return Game(BidRules(options), state, seed=seed, **kwargs)

    return GameSpec(
        id="toy-bid",
        title="A sealed-bid auction (test toy)",
        kind=GameKind(Dynamics.SIMULTANEOUS, Chance.STOCHASTIC, Information.IMPERFECT, 2, 3),
        seats=SEATS[: chosen["seats"]],
        new_game=start,
        rules=lambda: BidRules(options),
        seat_of=lambda game, actor: actor,
        options=dict(options),
    )
