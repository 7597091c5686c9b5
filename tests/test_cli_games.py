"""The command line for any registered game (issue 13): a toy game registered for the test
plays, saves, replays and runs a what-if through the same commands as Italia, and adds a
command of its own through its spec (this module's ``COMMAND``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from italia_kit import cli, games
from italia_kit.analysis import run_whatif
from tests.toygame import race_spec


def _hello_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="world")


def _hello(args: argparse.Namespace) -> int:
    print(f"hello, {args.name}")
    return 0


#: The toy game's own command (its spec names this module in ``commands``).
COMMAND = cli.Command("race-hello", "say hello from the toy race", _hello_arguments, _hello)


@pytest.fixture(autouse=True)
def race() -> Iterator[None]:
    games.register("toy-race", race_spec, replace=True)
    try:
        yield
    finally:
        games.unregister("toy-race")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_game_adds_its_commands_through_its_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "race-hello", "--name", "race") == (0, "hello, race\n", "")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "race-hello" in out and "odds" in out  # Italia's, from its spec


def test_play_save_and_replay_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "race.json"
    argv = ["play", "--game", "toy-race", "--seed", "3", "--players", "B=stopper"]
    code, out, err = run(capsys, *argv, "--save", str(save))
    assert code == 0 and err == "", err
    lines = out.splitlines()
    assert lines[0].startswith("toy-race, seed 3: A=random, B=stopper;")
    assert lines[1].startswith("score final: ")  # no summary of its own: the scores
    code, replayed, _ = run(capsys, "replay", str(save))
    assert code == 0 and replayed.splitlines()[1] == lines[1]
    assert replayed.splitlines()[0].startswith(f"replay of {save}: toy-race, seed 3;")


def test_unknown_seats_and_kinds_name_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--game", "toy-race", "--players", "C=random")
    assert code == 2 and "unknown seat 'c' in toy-race (seats: A, B)" in err
    code, _, err = run(capsys, "play", "--game", "toy-race", "--players", "greedy")
    assert code == 2 and "(known: passive, random, rollout, stopper)" in err
    code, _, err = run(capsys, "board", "--game", "toy-race")
    assert code == 2 and err == "italia-kit: error: game 'toy-race' has no board\n"


def test_whatif_of_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "race.csv"
    argv = ["whatif", "--game", "toy-race", "--games", "4", "--workers", "1", "--no-progress"]
    code, printed, err = run(capsys, *argv, "--players", "stopper", "--out", str(out))
    assert code == 0, err
    lines = printed.splitlines()
    assert lines[0] == "toy-race: 4 games a variant, 1 variant, seed 0, stopper players"
    assert lines[1].split()[:3] == ["variant", "seat", "games"]
    frame = pd.read_csv(out)
    assert list(frame.columns) == ["variant", "game", "seed", "seat", "turn", "points", "stopped"]
    assert len(frame) == 4 * 2 and (frame.groupby("game")["points"].max() > 30).all()


def test_run_whatif_of_any_game() -> None:
    result = run_whatif("toy-race", games=3, seed=2, workers=1, progress=False)
    assert result.seats == ["A", "B"] and result.seat_label == "seat"
    assert list(result.scores.columns) == ["variant", "game", "seed", "seat", "score"]
    final = result.final_scores()
    assert final.shape == (3, 2) and list(final.columns) == ["A", "B"]
    assert result.summary().loc[("base", "A"), "games"] == 3
    assert result.zones.empty and result.tables == {}
    again = run_whatif("toy-race", games=3, seed=2, workers=1, progress=False)
    pd.testing.assert_frame_equal(result.frame, again.frame)
    with pytest.raises(ValueError, match="unknown option 'variant'"):
        run_whatif("toy-race", [{"variant": "x", "changes": [{"set": "a", "value": 1}]}], games=1)


def test_a_what_if_with_the_rollout_player_and_a_game_s_bot() -> None:
    rollout = run_whatif("toy-race", games=2, players="rollout", workers=1, progress=False)
    assert len(rollout.games) == 2 and rollout.failures.empty
    greedy = run_whatif("italia1", games=1, players="greedy", workers=1, progress=False)
    assert len(greedy.games) == 1 and set(greedy.scores["colour"]) == {"red", "yellow", "blue"}
