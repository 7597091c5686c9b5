"""Sealed orders and per-seat views on the generic core (issue 13), on the toy auction of
tests/toybid.py: several seats owe a decision at once, each submits unseen, the rules
resolve them together; undo, jumps, saves and replays keep the sealed orders.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from italia_kit.core import (
    HIDDEN_FROM,
    NO_ACTOR,
    VISIBLE_TO,
    Action,
    Context,
    Decision,
    Event,
    EventLog,
    Game,
    IllegalActionError,
    RandomPlayer,
    game_from_json,
    game_to_json,
    play,
)

from .toybid import Bid, BidRules, BidState, bid_spec
from .toygame import RaceRules, RaceState, Roll


def auction(seed: int = 1, **options: Any) -> Game[BidState]:
    return bid_spec(**options).new_game(seed=seed)


def snapshot(game: Game[Any]) -> tuple[Any, ...]:
    return (game.state_json(), game.log.to_records(), list(game.actions), game.dice.snapshot())


def test_a_sealed_decision_is_owed_by_every_seat_that_has_not_submitted() -> None:
    game = auction()
    decision = game.decision
    assert decision is not None and decision.is_sealed and decision.actor == NO_ACTOR
    assert game.pending_seats == ("A", "B", "C")
    game.submit("B", Bid("B", 2))
    after = game.decision
    assert after is not None and after.owing == ("A", "C") and after.submitted == ("B",)
    assert str(after).startswith("A, C must decide (bid, rule B2)")


def test_legal_actions_are_one_seat_s_and_by_default_the_first_owing_seat_s() -> None:
    game = auction()
    assert game.legal_actions("B") == [Bid("B", n) for n in range(11)]
    assert game.legal_actions() == game.legal_actions("A")
    game.submit("A", Bid("A", 4))
    assert game.legal_actions("A") == [] and game.legal_actions("Z") == []
    assert game.legal_actions() == game.legal_actions("B")


def test_one_seat_s_orders_are_filtered_from_the_rules_list_without_legal_orders() -> None:
    class NoHook:  # the auction's rules without legal_orders: the runner filters
        def __init__(self) -> None:
            self.inner = BidRules()
            self.game_id, self.codec = self.inner.game_id, self.inner.codec

        def __getattr__(self, name: str) -> Any:
            if name == "legal_orders":
                raise AttributeError(name)
            return getattr(self.inner, name)

    game: Game[BidState] = Game(NoHook(), BidState.start(3, 2, 1), seed=1)
    assert game.legal_actions("C") == [Bid("C", 0), Bid("C", 1), Bid("C", 2)]
    # without legal_orders the runner cannot tell a sealed decision cheaply: the rules'
    # own list, every owing seat's orders
    assert len(game.legal_actions()) == 9


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        ("A", Bid("A", 1), r"rule B2: A has already submitted its orders \(bid\); waiting for B"),
        ("Z", Bid("Z", 1), r"rule B2: Z owes no decision now \(bid\); waiting for B, C"),
        ("B", Bid("C", 1), r"rule B2: B cannot submit orders of C"),
        ("B", Bid("B", 11), r"rule B2: B may bid 0 to 10, not 11"),
    ],
)
def test_a_seat_out_of_turn_is_refused_naming_the_rule_and_nothing_changes(
    seat: str, action: Action, message: str
) -> None:
    game = auction()
    game.submit("A", Bid("A", 3))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=message) as err:
        game.submit(seat, action)
    assert err.value.rule == "B2" and snapshot(game) == before


def test_apply_checks_the_seat_of_an_order_as_submit_does() -> None:
    game = auction()
    game.apply(Bid("A", 3))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="A has already submitted"):
        game.apply(Bid("A", 3))
    assert snapshot(game) == before


def test_the_last_order_resolves_all_at_once_with_no_single_actor() -> None:
    game = auction(seed=1, seats=2, rounds=1)
    game.submit("A", Bid("A", 3))
    events = game.submit("B", Bid("B", 5))
    assert [e.kind for e in events] == ["bid", "adjudication", "pay", "pay", "end"]
    adjudication = events[1]
    assert adjudication.actor == NO_ACTOR and adjudication.data["winner"] == "B"
    assert game.is_over and game.state.points == {"A": 0, "B": game.state.to_json()["points"]["B"]}


def test_submit_all_submits_every_seat_or_none() -> None:
    game = auction(seats=2)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="B may bid 0 to 10"):
        game.submit_all({"A": Bid("A", 1), "B": Bid("B", 99)})
    assert snapshot(game) == before
    events = game.submit_all({"B": Bid("B", 2), "A": Bid("A", 1)})
    assert [e.actor for e in events][:2] == ["B", "A"] and game.state.turn == 2


def test_undo_jump_save_and_replay_keep_the_sealed_orders() -> None:
    game = auction(seed=4)
    game.submit("A", Bid("A", 2))
    game.submit("C", Bid("C", 7))
    assert game.state.sealed == {"A": 2, "C": 7}
    loaded = game_from_json(json.loads(json.dumps(game_to_json(game))), BidRules())
    assert loaded.state.sealed == {"A": 2, "C": 7} and loaded.pending_seats == ("B",)
    assert loaded.log == game.log
    game.undo()
    assert game.state.sealed == {"A": 2} and game.pending_seats == ("B", "C")
    game.jump(0)
    assert game.state.sealed == {} and len(game.log) == 1  # the prize's roll


def test_a_seat_s_view_hides_the_other_seats_coins_and_sealed_bids() -> None:
    game = auction()
    game.submit("A", Bid("A", 6))
    view = game.observe("B")
    assert view["coins"] == {"B": 10} and "bid" not in view and view["submitted"] == ["A"]
    assert game.observe("A")["bid"] == 6
    assert "6" not in json.dumps({k: v for k, v in view.items() if k != "prize"})


def test_the_event_log_per_seat_redacts_what_a_seat_may_not_see() -> None:
    game = auction(seats=2, rounds=1)
    game.submit_all({"A": Bid("A", 3), "B": Bid("B", 1)})
    texts_b = [e.text for e in game.events_for("B")]
    assert "B2: bid by A (hidden)." in texts_b and "B2: B bids 1 (sealed)." in texts_b
    assert "B4: pay by A (hidden)." in texts_b
    assert any("A wins" in t for t in texts_b)  # the adjudication is for all to see
    assert len(game.events_for("B", redact=False)) == len(game.log) - 2
    assert game.events_for(None) == list(game.log)


def test_hidden_from_and_visible_to_combine() -> None:
    def event(**data: Any) -> Event:
        return Event(0, 1, "A", "draw", "draw", "D1", "D1: A draws the 7.", data)

    assert event().seen_by("B") and event(**{HIDDEN_FROM: ["B"]}).seen_by("C")
    assert not event(**{HIDDEN_FROM: ["B"]}).seen_by("B")
    assert not event(**{VISIBLE_TO: ["A"]}).seen_by("B")
    assert not event(**{VISIBLE_TO: ["A", "B"], HIDDEN_FROM: ["B"]}).seen_by("B")
    assert event(**{VISIBLE_TO: ["A"]}).seen_by(None)
    log = EventLog([event(**{HIDDEN_FROM: ["B"]})])
    redacted = log.for_seat("B")[0]
    assert redacted.text == "D1: draw by A (hidden)." and redacted.seq == 0
    assert Event.from_record(redacted.to_record()) == redacted


def test_a_perfect_information_game_shows_every_seat_the_whole_state() -> None:
    game = Game(RaceRules(), RaceState(), seed=2)
    game.apply(Roll("A"))
    assert game.observe("B") == game.state_json() and game.events_for("B") == list(game.log)
    assert game.pending_seats == ("B",) and game.legal_actions("A") == []
    assert game.legal_actions("B") == game.legal_actions()


def test_random_players_by_seat_play_a_sealed_game_to_the_end() -> None:
    seen: list[str] = []

    class Watching(RandomPlayer):
        def __init__(self, seat: str, seed: int) -> None:
            super().__init__(seed)
            self.seat = seat

        def choose(self, game: Game[Any], seat: str | None = None) -> Action:
            action = super().choose(game, seat)
            assert isinstance(action, Bid) and action.seat == self.seat
            seen.append(self.seat)
            return action

    game = auction(seed=5)
    n = play(game, {s: Watching(s, i) for i, s in enumerate("ABC")})
    assert game.is_over and n == 9 and seen == list("ABC") * 3
    one = auction(seed=5)
    play(one, RandomPlayer(1))  # one player for every seat also plays it through
    assert one.is_over


def test_by_seat_names_a_missing_seat() -> None:
    with pytest.raises(ValueError, match=r"no player for seat 'C' \(players for: A, B\)"):
        play(auction(), {"A": RandomPlayer(1), "B": RandomPlayer(2)})


def test_a_sealed_decision_needs_a_seat_still_owing() -> None:
    with pytest.raises(ValueError, match="at least one seat"):
        Decision.sealed(("A",), "bid", "B2", "bid", submitted=("A",))


def test_emit_as_records_another_actor_than_the_state_s() -> None:
    state = RaceState()
    log = EventLog()
    ctx: Context[RaceState] = Context(state, None, log)  # type: ignore[arg-type]
    event = ctx.emit_as(NO_ACTOR, "adjudication", "R9", "R9: all at once.", n=1)
    assert (event.actor, event.phase, event.data) == ("", "race", {"n": 1}) and log[0] is event
