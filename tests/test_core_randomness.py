"""The random source beyond one d10 (issue 13): dice of any size, bags, decks, the whole
random state in undo, forks and saves, and players' streams tied to the game.

Run on a toy cup game (tests/toycup.py: hidden counters, a d8, a bonus deck), registered
as ``toy-cup``, and on the toy dice race, so that nothing here depends on Italia.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import (
    ChanceError,
    Context,
    Dice,
    EmptyBagError,
    EmptyDeckError,
    EventLog,
    Game,
    IllegalActionError,
    Randomness,
    RandomPlayer,
    SaveFileError,
    Stream,
    game_from_json,
    game_to_json,
    play,
)
from italia_kit.core.randomness import Item, splitmix64

from .toycup import CUP, Card, CupRules, CupState, Draw, Pass, new_cup_game
from .toygame import RaceRules, RaceState, Roll
from .toys import registered


@pytest.fixture(scope="module", autouse=True)
def _toys() -> Iterator[None]:
    with registered():
        yield


def roundtrip(game: Game[CupState]) -> Game[CupState]:
    """A save through JSON text, loaded through the registry (no rules passed)."""
    return game_from_json(json.loads(json.dumps(game_to_json(game))))


# -- dice --------------------------------------------------------------------------------


def test_the_d10_stream_is_the_one_italia_always_rolled() -> None:
    """Dice(seed) rolls 1 + splitmix64(seed * 0x100000001B3 + k) % 10 for k = 1, 2 ..., as
    before bags and dice of other sizes: seeded Italia games replay unchanged."""
    for seed in (0, 7, 2**70):
        dice = Dice(seed=seed)
        got = dice.roll(50) + [dice.roll_one() for _ in range(10)]
        mask = (1 << 64) - 1
        expected = [1 + splitmix64((seed * 0x100000001B3 + k) & mask) % 10 for k in range(1, 61)]
        assert got == expected and dice.count == 60
    assert Dice is Randomness


def test_dice_of_any_size_and_number() -> None:
    d8 = Randomness(seed=3, sides=8)
    rolls = d8.roll(400)
    assert set(rolls) == set(range(1, 9))
    assert Randomness(seed=3, sides=8).roll(400) == rolls
    two_d6 = [sum(d8.roll(2, sides=6)) for _ in range(300)]
    assert min(two_d6) >= 2 and max(two_d6) <= 12 and len(set(two_d6)) == 11
    assert set(d8.roll(200, sides=20)) <= set(range(1, 21))
    # a roll of another size uses the same counter: one die, one step
    a, b = Randomness(seed=5), Randomness(seed=5)
    a.roll(3, sides=6)
    b.roll(3)
    assert a.count == b.count == 3 and a.roll(4) == b.roll(4)
    with pytest.raises(ChanceError, match="at least one side"):
        d8.roll(1, sides=0)


def test_d8_rolls_in_a_game_are_in_range_and_reproducible() -> None:
    def rolls(seed: int) -> list[int]:
        game = new_cup_game(seed)
        for _ in range(8):
            game.apply(Draw(game.state.actor))
        return [r for e in game.log.of_kind("roll") for r in e.data["results"]]

    assert rolls(4) == rolls(4) and all(1 <= r <= 8 for r in rolls(4))
    assert rolls(4) != rolls(5)


def test_scripted_dice_for_any_size_are_checked_against_the_die() -> None:
    rnd = Randomness(seed=1, sides=8)
    rnd.new_bag("cup", CUP)
    rnd.new_deck("bonus", ["+1", "+2", "-1", "2d6"], shuffled=False)  # 2d6 on top
    game = Game(CupRules(), CupState(), dice=rnd)
    game.script_dice([8, 1])
    game.apply(Draw("A"))
    game.apply(Draw("B"))
    assert [e.data["results"] for e in game.log.of_kind("roll")] == [[8], [1]]
    with pytest.raises(ChanceError, match=r"1\.\.8, got \[9\]"):
        game.script_dice([9])
    # a scripted 7 cannot be a d6's: the card's 2d6 roll refuses it, and nothing changes
    game.script_dice([7, 7])
    before = (game.state_json(), game.dice.snapshot(), len(game.log), len(game.actions))
    with pytest.raises(ChanceError, match="7 does not fit a d6"):
        game.apply(Card("A"))
    assert (game.state_json(), game.dice.snapshot(), len(game.log), len(game.actions)) == before
    again = roundtrip(game)
    assert again.dice.scripted == [7, 7] and again.state_json() == game.state_json()


# -- bags --------------------------------------------------------------------------------


def test_bag_draws_are_without_replacement_and_reproducible_by_seed() -> None:
    def drawn(seed: int) -> list[Item]:
        r = Randomness(seed=seed)
        r.new_bag("cup", CUP)
        out = r.draw("cup", 4)
        return out + r.draw("cup", len(CUP) - 4)

    first = drawn(11)
    assert sorted(map(str, first)) == sorted(CUP) and drawn(11) == first
    assert any(drawn(s) != first for s in (12, 13, 14))
    r = Randomness(seed=1)
    r.new_bag("cup", ["gold"])
    r.put("cup", ["lead"])
    assert r.bag_size("cup") == 2 and sorted(map(str, r.draw("cup", 2))) == ["gold", "lead"]
    with pytest.raises(EmptyBagError, match="bag 'cup' is empty: cannot draw 1"):
        r.draw("cup")
    r.put("cup", ["gold"])
    with pytest.raises(EmptyBagError, match="bag 'cup' holds only 1: cannot draw 2"):
        r.draw("cup", 2)
    with pytest.raises(ChanceError, match=r"no bag named 'mug' \(bags: 'cup'\)"):
        r.draw("mug")
    with pytest.raises(ChanceError, match="already a bag named 'cup'"):
        r.new_bag("cup")


def test_a_bag_draws_its_own_stream() -> None:
    """Adding a bag, or drawing from it, leaves the dice and the other bags as they were."""
    a, b = Randomness(seed=9), Randomness(seed=9)
    a.new_bag("cup", CUP)
    b.new_bag("cup", CUP)
    b.new_bag("mug", CUP)
    b.draw("mug", 5)
    assert a.draw("cup", 5) == b.draw("cup", 5) and a.roll(5) == b.roll(5)


def test_a_draw_is_an_event_hidden_from_the_other_seat() -> None:
    game = new_cup_game(2)
    (draw,) = [e for e in game.apply(Draw("A")) if e.kind == "draw"]
    counter = draw.data["items"][0]
    assert draw.data["hidden_from"] == ["B"] and draw.data["bag"] == "cup"
    assert draw.data["left"] == len(CUP) - 1 == game.random.bag_size("cup")
    assert counter in CUP and str(counter) not in draw.text
    assert draw.text == "C2: A draws: drew 1 counter from the cup (8 left)."
    assert game.state.counters["A"] == [counter]
    # the log and the state as each seat reads them
    seen_by_b = [e for e in game.events_for("B") if e.seq == draw.seq]
    assert seen_by_b[0].data == {"redacted": True} and game.events_for("A")[draw.seq] == draw
    assert game.observe("B")["counters"] == {"A": 1, "B": []}
    assert game.observe("A")["counters"] == {"A": [counter], "B": 0}


def test_undo_puts_the_counter_back_and_the_same_one_is_drawn_again() -> None:
    game = new_cup_game(6)
    game.apply(Draw("A"))
    first = game.state.counters["A"]
    snap = game.dice.snapshot()
    game.undo()
    assert game.random.bag_size("cup") == len(CUP) and game.random.bag("cup").drawn == 0
    game.apply(Draw("A"))
    assert game.state.counters["A"] == first and game.dice.snapshot() == snap


# -- decks -------------------------------------------------------------------------------


def test_a_deck_reshuffles_its_discards_when_the_pile_runs_out() -> None:
    r = Randomness(seed=4)
    deck = r.new_deck("bonus", ["a", "b", "c"])
    assert sorted(map(str, deck.pile)) == ["a", "b", "c"]
    cards, reshuffled = r.deal("bonus", "A", 3)
    assert sorted(map(str, cards)) == ["a", "b", "c"] and reshuffled == 0
    r.discard("bonus", "A", cards[:2])
    assert r.hand("bonus", "A") == (cards[2],) and deck.discards == cards[:2]
    again, reshuffled = r.deal("bonus", "B", 2)
    assert reshuffled == 2 and sorted(map(str, again)) == sorted(map(str, cards[:2]))
    assert deck.pile == [] and deck.discards == []
    with pytest.raises(EmptyDeckError, match="deck 'bonus' has 0 cards and 0 discards"):
        r.deal("bonus", "A")
    with pytest.raises(ChanceError, match="A holds no 'z'"):
        r.discard("bonus", "A", ["z"])
    assert r.hand("bonus", "A") == (cards[2],)  # a refused discard changes nothing
    unshuffled = r.new_deck("plain", [1, 2, 3], shuffled=False)
    assert unshuffled.pile == [1, 2, 3] and r.deal("plain", "A").cards == [3]


def test_a_game_deals_and_reshuffles_as_events() -> None:
    game = new_cup_game(3)
    for _ in range(6):
        game.apply(Card(game.state.actor))
    kinds = [e.kind for e in game.log if e.kind in ("deal", "discard", "shuffle")]
    assert kinds.count("deal") == 6 and kinds.count("discard") == 6
    (reshuffle,) = game.log.of_kind("shuffle")
    assert reshuffle.data == {"deck": "bonus", "size": 4, "reshuffle": True}
    assert kinds.index("shuffle") == 8  # after 4 deals and 4 discards
    two_d6 = [e for e in game.log.of_kind("roll") if e.data.get("sides") == 6]
    assert all(len(e.data["results"]) == 2 and "rolled 2d6: " in e.text for e in two_d6)
    game.undo(2)
    assert not game.log.of_kind("shuffle") and len(game.random.deck("bonus").pile) == 0
    assert len(game.random.deck("bonus").discards) == 4


def test_the_context_records_puts_and_hidden_deals() -> None:
    class At:
        turn, actor, phase = 3, "A", "deal"

    r = Randomness(seed=2)
    r.new_bag("cup")
    r.new_deck("hands", ["k", "q", "j"])
    ctx: Context[Any] = Context(At(), r, EventLog())
    ctx.put("cup", ["gold", "lead"], "X1", "A fills the cup", hidden_from=["B"])
    cards = ctx.deal("hands", "A", "X2", "A's hand", n=2, hidden_from=["B"])
    ctx.shuffle("hands", "X3", "the rest")
    put, deal, shuffle = ctx.log
    assert put.kind == "put" and put.data["hidden_from"] == ["B"] and "gold" not in put.text
    assert put.text == "X1: A fills the cup: put 2 counters into the cup (2 in it)."
    assert deal.data == {
        "deck": "hands",
        "seat": "A",
        "cards": cards,
        "left": 1,
        "hidden_from": ["B"],
    }
    assert deal.text == "X2: A's hand: A is dealt 2 cards from the hands (1 left)."
    assert shuffle.data == {"deck": "hands", "size": 1}
    assert r.hand("hands", "A") == tuple(cards)


# -- forks, saves ------------------------------------------------------------------------


def test_the_dice_alone_restored_keep_the_bags_on_the_new_seed() -> None:
    """A snapshot of the dice alone (seed, count, scripted), as a rollout gives a fork dice
    of its own: the size, bags and decks stay, and draw on the new seed's streams."""
    r = Randomness(seed=1, sides=8)
    r.new_bag("cup", CUP)
    r.roll(3)
    r.restore((9, 0, ()))
    fresh = Randomness(seed=9, sides=8)
    fresh.new_bag("cup", CUP)
    assert r.sides == 8 and r.roll(4) == fresh.roll(4) and r.draw("cup", 3) == fresh.draw("cup", 3)


def test_a_fork_keeps_the_d8_the_bag_and_the_deck() -> None:
    game = new_cup_game(8)
    game.apply(Draw("A"))
    game.apply(Card("B"))
    twin = game.fork()
    assert twin.dice.sides == 8 and twin.dice == game.dice and twin.dice is not game.dice
    for g in (game, twin):
        g.apply(Draw("A"))
        g.apply(Card("B"))
    assert twin.state_json() == game.state_json() and twin.log == game.log
    twin.apply(Draw("A"))
    assert twin.random.bag_size("cup") == game.random.bag_size("cup") - 1


def test_a_save_replays_through_the_registry() -> None:
    assert "toy-cup" in games.available()
    spec = games.load("toy-cup")
    assert spec.kind.information.value == "imperfect" and spec.seats == ("A", "B")
    game = spec.new_game(5)
    play(game, RandomPlayer(2), max_actions=7)
    data = json.loads(json.dumps(game_to_json(game)))
    assert data["game"] == "toy-cup" and data["dice"]["sides"] == 8
    assert sorted(data["dice"]["bags"]["cup"]["items"]) == sorted(CUP)  # the start's
    loaded = game_from_json(data)
    assert loaded.state_json() == game.state_json() and loaded.log == game.log
    assert loaded.dice == game.dice and loaded.dice.sides == 8
    # the seeded player continues the loaded game as it continues the saved one
    play(game, RandomPlayer(2))
    play(loaded, RandomPlayer(2))
    assert loaded.actions == game.actions and loaded.log == game.log


def test_old_saves_whose_dice_have_only_seed_count_and_scripted_load() -> None:
    race = Game(RaceRules(), RaceState(), seed=3)
    race.apply(Roll("A"))
    data = game_to_json(race)
    assert data["dice"] == {"seed": 3, "count": 0, "scripted": [], "sides": 10}
    data["dice"] = {"seed": 3, "count": 0, "scripted": []}
    old = game_from_json(data, RaceRules())
    assert old.state_json() == race.state_json() and old.dice.sides == 10
    assert Randomness.from_json({"seed": 1, "count": 2, "scripted": [4]}) == Randomness(1, 2, [4])


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["dice"].update(sides="eight"), "field 'initial' or 'dice' is corrupt"),
        (lambda d: d["dice"]["bags"]["cup"].update(items={}), "bag 'cup' must be a list"),
        (lambda d: d["dice"]["decks"]["bonus"].update(used=-1), "deck 'bonus': its count"),
        (lambda d: d.update(streams={}), "field 'streams' is corrupt"),
        (lambda d: d["streams"][0].update(draws="3:x"), "'draws' is not as saved"),
        (lambda d: d["streams"][0].update(draws="3:2;1:2"), "position 1 comes after 3"),
    ],
)
def test_a_corrupt_random_state_is_refused_clearly(mutate: object, message: str) -> None:
    game = new_cup_game(1)
    play(game, RandomPlayer(1), max_actions=4)
    data = json.loads(json.dumps(game_to_json(game)))
    mutate(data)  # type: ignore[operator]
    with pytest.raises(SaveFileError, match=message):
        game_from_json(data)


# -- players' streams --------------------------------------------------------------------


def test_a_stream_on_a_fresh_game_draws_what_random_random_draws() -> None:
    game = new_cup_game(0)
    stream = game.stream("random", 42)
    assert game.stream("random", 42) is stream and game.streams() == [stream]
    rng = random.Random(42)
    items = list(range(37))
    assert [stream.choice(items) for _ in range(300)] == [rng.choice(items) for _ in range(300)]
    assert [stream.randint(1, 6) for _ in range(50)] == [rng.randint(1, 6) for _ in range(50)]
    assert stream.random() == rng.random()
    a, b = list(range(9)), list(range(9))
    stream.shuffle(a)
    rng.shuffle(b)
    assert a == b and stream.choice(items) == rng.choice(items)
    with pytest.raises(IndexError):
        stream.choice([])


def test_undo_jump_and_fork_replay_a_random_players_choices() -> None:
    game = new_cup_game(7)
    play(game, RandomPlayer(5))
    assert game.is_over and len(game.actions) > 6
    whole = list(game.actions)
    for back in (len(whole) - 1, 3, 0):
        game.jump(back)
        play(game, RandomPlayer(5))  # a new player of the same seed: the same game
        assert game.actions == whole
    game.jump(4)
    twin = game.fork()
    player = RandomPlayer(5)
    play(twin, player)
    assert twin.actions == whole
    game.undo(1)
    assert player.choose(game) == whole[3]  # the same player, back in the first game


def test_asking_again_after_an_undo_gives_the_same_choice() -> None:
    game = new_cup_game(2)
    player = RandomPlayer(9)
    chosen = []
    for _ in range(6):
        chosen.append(player.choose(game))
        game.apply(chosen[-1])
    for k in range(5, -1, -1):
        game.undo()
        assert player.choose(game) == chosen[k]


def test_streams_go_back_exactly_across_many_draws() -> None:
    """Against a brute-force reference: the stream after going back to position p draws
    what a fresh generator draws after replaying the draws made before p."""
    rng = random.Random(0)
    positions: list[int] = []
    stream = Stream("random", 3, positions)
    history: list[tuple[int, int]] = []  # (position, n) of each draw kept
    for _ in range(40):
        for _ in range(rng.randint(0, 40)):
            n = rng.randint(1, 50)
            stream.choice(range(n))
            history.append((len(positions), n))
            if rng.random() < 0.3:
                positions.append(0)
        back = rng.randint(0, len(positions))
        stream.rewind(back)
        del positions[back:]
        history = [(p, n) for p, n in history if p < back]
        reference = random.Random(3)
        for _, n in history:
            reference.choice(range(n))
        assert stream.choice(range(1000)) == reference.choice(range(1000))
        history.append((len(positions), 1000))
    twin = stream.fork([])
    assert twin.choice(range(99)) == stream.choice(range(99))
    # a fork's copy draws again only when first drawn from, also after going back
    lazy = stream.fork(positions)
    lazier = lazy.fork(positions)
    lazy.rewind(len(positions) + 1)  # nothing was drawn past here: nothing changes
    value = stream.random()
    assert lazy.random() == value == lazier.random()
    assert lazy.randint(1, 9) == stream.randint(1, 9) == lazier.randint(1, 9)
    back = stream.fork(positions)
    back.rewind(1)
    stream.rewind(1)
    items = [1, 2, 3, 4, 5]
    copy = list(items)
    back.shuffle(items)
    stream.shuffle(copy)
    assert items == copy
    assert repr(stream).startswith("Stream('random', seed=3, ")


def test_a_random_player_pickles_after_playing() -> None:
    player = RandomPlayer(4)
    game = new_cup_game(1)
    player.choose(game)
    copy = pickle.loads(pickle.dumps(player))
    assert copy.seed == 4 and repr(copy) == "RandomPlayer(seed=4)"


def test_two_seeds_two_streams() -> None:
    game = new_cup_game(1)
    a, b = game.stream("random", 1), game.stream("random", 2)
    assert a is not b and game.stream("greedy", 1) is not a
    with pytest.raises(IllegalActionError, match="rule C4"):
        game.apply(Pass("A"))
