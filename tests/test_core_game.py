"""The game-agnostic core: apply, refusals, undo, jumps, forks, dice, save and load.

Run on a toy dice race (tests/toygame.py) so that nothing here depends on Italia.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from italia_kit.core import (
    Dice,
    Game,
    IllegalActionError,
    InvalidActionError,
    SaveFileError,
    game_from_json,
    game_to_json,
    load_game,
    save_game,
)

from .toygame import RaceRules, RaceState, Roll, Stop


def new_game(seed: int = 3) -> Game[RaceState]:
    return Game(RaceRules(), RaceState(), seed=seed, checkpoint_every=4)


def play_randomly(game: Game[RaceState], steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))


def test_apply_records_events_and_rolls() -> None:
    game = new_game()
    events = game.apply(Roll("A"))
    assert [e.kind for e in events] == ["roll", "score"]
    assert events[0].rule == "R2" and events[0].data["results"][0] == game.state.scores["A"]
    assert game.log.to_records()[0]["text"].startswith("R2: A rolls")


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    game = new_game()
    game.apply(Roll("A"))
    before = (game.state_json(), len(game.log), game.dice.snapshot(), len(game.actions))
    with pytest.raises(IllegalActionError, match=r"rule R1: it is B's move, not A's") as err:
        game.apply(Roll("A"))
    assert err.value.rule == "R1"
    assert (game.state_json(), len(game.log), game.dice.snapshot(), len(game.actions)) == before


def test_same_seed_same_game_and_replay_rebuilds_it() -> None:
    a, b = new_game(11), new_game(11)
    play_randomly(a, 20, seed=1)
    play_randomly(b, 20, seed=1)
    assert a.state_json() == b.state_json() and a.log == b.log


def test_undo_returns_the_exact_earlier_state() -> None:
    game = new_game()
    snapshots = [(game.state_json(), len(game.log))]
    for _ in range(9):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
        snapshots.append((game.state_json(), len(game.log)))
    for expected in reversed(snapshots[:-1]):
        game.undo()
        assert (game.state_json(), len(game.log)) == expected


def test_jump_and_continue_matches_never_having_left() -> None:
    game = new_game(5)
    play_randomly(game, 12, seed=2)
    reference = game.fork()
    game.jump(3)
    assert len(game.actions) == 3
    for action in reference.actions[3:]:
        game.apply(action)
    assert game.state_json() == reference.state_json() and game.log == reference.log


def test_fork_runs_on_independently() -> None:
    game = new_game()
    game.apply(Roll("A"))
    twin = game.fork()
    twin.apply(Stop("B"))
    assert "B" not in game.state.stopped and "B" in twin.state.stopped
    assert len(twin.log) == len(game.log) + 1


def test_scripted_dice_are_recorded_and_replayed() -> None:
    game = new_game()
    game.script_dice([10, 1])
    game.apply(Roll("A"))
    game.apply(Roll("B"))
    assert game.state.scores == {"A": 10, "B": 1}
    again = game_from_json(game_to_json(game), RaceRules())
    assert again.state_json() == game.state_json()
    with pytest.raises(ValueError, match=r"1\.\.10"):
        Dice(seed=0).script([11])


def test_a_roll_of_n_dice_is_n_single_rolls() -> None:
    """Dice.roll spells out roll_one's generator for speed; the two draw the same numbers,
    with scripted results first (also when fewer are scripted than rolled)."""
    rng = random.Random(5)
    for seed in (0, 1, 7, 2**70, 12345678901234567890):
        many, single = Dice(seed=seed), Dice(seed=seed)
        for _ in range(200):
            if rng.random() < 0.1:
                scripted = [rng.randint(1, 10) for _ in range(rng.randint(1, 3))]
                many.script(scripted)
                single.script(scripted)
            n = rng.randint(0, 9)
            assert many.roll(n) == [single.roll_one() for _ in range(n)]
            assert many.snapshot() == single.snapshot()


def test_save_load_continue_equals_continue(tmp_path: Path) -> None:
    game = new_game(9)
    play_randomly(game, 6, seed=4)
    path = tmp_path / "race.json"
    save_game(game, path)
    loaded = load_game(path, RaceRules())
    assert loaded.state_json() == game.state_json() and loaded.log == game.log
    play_randomly(game, 10, seed=8)
    play_randomly(loaded, 10, seed=8)
    assert loaded.state_json() == game.state_json()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d.update(format="chess"), "not an italia_kit save"),
        (lambda d: d.pop("actions"), "field 'actions' is missing"),
        (lambda d: d.update(digest="0" * 64), "does not match field 'digest'"),
        (lambda d: d["actions"].append({"kind": "fly"}), "unknown action kind 'fly'"),
        (lambda d: d.update(game="chess"), "a save of 'chess'"),
    ],
)
def test_corrupt_saves_are_refused_clearly(mutate: object, message: str) -> None:
    game = new_game()
    play_randomly(game, 4, seed=1)
    data = json.loads(json.dumps(game_to_json(game)))
    mutate(data)  # type: ignore[operator]
    with pytest.raises(SaveFileError, match=message):
        game_from_json(data, RaceRules())


def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(SaveFileError, match="not JSON"):
        load_game(path, RaceRules())


def test_malformed_action_json() -> None:
    codec = RaceRules.codec
    assert codec.from_json({"kind": "roll", "player": "A"}) == Roll("A")
    with pytest.raises(InvalidActionError, match="expected a string"):
        codec.from_json({"kind": "roll", "player": 3})
    with pytest.raises(InvalidActionError, match="unknown fields"):
        codec.from_json({"kind": "roll", "player": "A", "zone": "Rome"})


def test_players_drive_the_same_apply() -> None:
    from italia_kit.core import PassivePlayer, RandomPlayer, ScriptedPlayer, play

    a, b = new_game(1), new_game(1)
    play(a, RandomPlayer(seed=4))
    play(b, ScriptedPlayer(a.actions))
    assert a.is_over and a.state_json() == b.state_json()
    c = new_game(1)
    assert play(c, PassivePlayer(), max_actions=3) <= 3


def test_an_action_from_the_last_listing_is_applied_as_listed() -> None:
    """Context.listed: only the very objects of the last legal_actions(), for the same
    position, reach the rules as already checked; an equal action typed by hand, one from
    an older listing, and any action after an undo are checked again."""
    seen: list[bool] = []

    class Watching(RaceRules):
        def apply(self, ctx, action):  # type: ignore[no-untyped-def]
            seen.append(ctx.listed)
            super().apply(ctx, action)

    game = Game(Watching(), RaceState(), seed=1, checkpoint_every=4)
    game.script_dice([1] * 10)  # nobody reaches 30
    game.apply(game.legal_actions()[0])  # A rolls, as listed
    game.apply(Stop("B"))  # typed by hand: checked; B is out, A plays on
    older = game.legal_actions()
    game.apply(older[0])  # listed for this position
    game.apply(older[0])  # listed for the position before: checked again
    assert seen == [True, False, True, False]
    listing = game.legal_actions()
    game.undo(1)
    seen.clear()
    game.apply(listing[0])  # the position changed under the listing
    assert seen == [False]
    assert not game._ctx.listed  # never left on between actions
