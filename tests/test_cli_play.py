"""``italia-kit play`` and ``italia-kit replay`` (issue 6): the summary, saving, replaying,
and one-line refusals with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from italia_kit.cli import main
from italia_kit.cli_play import play_from_spec
from italia_kit.core import RandomPlayer
from italia_kit.games.italia import final_scores, new_game, play_game
from italia_kit.games.italia.summary import summarise


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_a_turn_by_turn_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--game", "italia1", "--seed", "7")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("italia1, seed 7: red=random, yellow=random, blue=random;")
    assert "victory points" in lines[1] and "zones held" in lines[1] and "battles" in lines[1]
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert [int(r[:4]) for r in rows] == list(range(1, 11))
    # the final line agrees with play_game and final_scores (11.0)
    scores = final_scores(play_game("italia1", seed=7, players=RandomPlayer(7)))
    best = max(scores, key=lambda c: (scores[c], c))
    assert lines[-1].startswith("victory points final: ")
    for colour, vp in scores.items():
        assert f"{colour} {vp:g}" in lines[-1]
    assert best in lines[-1].split("(")[-1]
    # the last row's cumulative points are the final points
    last = rows[-1].split("|")[1].split()
    assert [float(x) for x in last] == [scores[c] for c in ("red", "yellow", "blue")]


def test_play_with_one_kind_per_colour(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "play", "--game", "italia2", "--seed", "3", "--players", "red=greedy,blue=passive"
    )
    assert code == 0
    assert out.splitlines()[0].startswith(
        "italia2, seed 3: blue=passive, yellow=random, red=greedy, green=random;"
    )
    assert "victory points final:" in out


def test_save_then_replay_prints_the_same_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    argv = ["play", "--game", "italia1", "--seed", "2", "--players", "greedy", "--save", str(save)]
    code, played, _ = run(capsys, *argv)
    assert code == 0 and played.rstrip().endswith(f"saved to {save}")
    data = json.loads(save.read_text())
    assert data["game"] == "italia1" and data["dice"]["seed"] == 2
    code, replayed, err = run(capsys, "replay", str(save))
    assert code == 0 and err == ""
    assert replayed.splitlines()[0] == (
        f"replay of {save}: italia1, seed 2; {len(data['actions'])} actions"
    )
    table = played.splitlines()[1:-1]  # without the header and the "saved to" line
    assert replayed.splitlines()[1:] == table


def test_the_summary_of_a_game_stopped_early() -> None:
    game = new_game("italia2", seed=4)
    player = RandomPlayer(4)
    while game.state.turn < 3:
        game.apply(player.choose(game))
    summary = summarise(game)
    assert [r.turn for r in summary.rows] == [1, 2, 3]
    assert [r.finished for r in summary.rows] == [True, True, False]
    text = summary.table()
    assert "\n  3* |" in text and "victory points so far:" in text and "(leading: " in text
    assert sum(summary.rows[0].zones.values()) > 0


def test_play_from_spec_matches_play_game() -> None:
    game, kinds, stopped = play_from_spec("italia1", seed=3, players="random")
    assert stopped is None and set(kinds.values()) == {"random"}
    assert game.state_json() == play_game("italia1", seed=3, players=RandomPlayer(3)).state_json()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--bogus"], "unrecognized arguments: --bogus"),
        (
            ["play", "--game", "italia3"],
            "unknown game 'italia3' (did you mean 'italia2'?); "
            "known games: agricola, italia1, italia2, medieval",
        ),
        (["play", "--variant", "more_elephants"], "no shipped variant 'more_elephants'"),
        (["play", "--players", "chess"], "unknown player kind 'chess'"),
        (["play", "--players", "red=chess"], "unknown player kind 'chess'"),
        (["play", "--players", "purple=greedy"], "unknown colour 'purple'"),
        (["play", "--seed", "seven"], "invalid int value: 'seven'"),
        (["replay"], "the following arguments are required: file"),
        (["replay", "/nonexistent/game.json"], "cannot be read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def corrupt_saves(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    game = play_game("italia2", seed=1, players=RandomPlayer(1))
    from italia_kit.core import game_to_json

    good = game_to_json(game)
    cases: dict[str, tuple[object, str]] = {
        "not_json": ("{ this is not json", "not JSON"),
        "other_format": ({"format": "chess"}, "not an italia_kit save"),
        "unknown_game": ({**good, "game": "monopoly"}, "unknown game 'monopoly'"),
        "cut_short": ({**good, "actions": good["actions"][:-5]}, "does not match field 'digest'"),
        "bad_action": (
            {**good, "actions": [{"kind": "teleport"}, *good["actions"]]},
            "action 0 cannot be replayed",
        ),
        "bad_initial": ({**good, "initial": {"units": 3}}, "field 'initial' or 'dice'"),
        "no_actions": ({k: v for k, v in good.items() if k != "actions"}, "'actions' is missing"),
    }
    out = {}
    for name, (content, message) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        out[name] = (path, message)
    return out


def test_a_corrupt_save_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, (path, message) in corrupt_saves(tmp_path).items():
        code, _, err = run(capsys, "replay", str(path))
        assert code == 2, name
        assert err.count("\n") == 1 and message in err, (name, err)
        assert "Traceback" not in err


def test_the_real_command_line(tmp_path: Path) -> None:
    """Through a real process: exit codes and stderr as a shell sees them."""
    bad = subprocess.run(
        [sys.executable, "-m", "italia_kit", "play", "--game", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == (
        "italia-kit: error: unknown game 'nope'; "
        "known games: agricola, italia1, italia2, medieval\n"
    )
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2")
    replay = subprocess.run(
        [sys.executable, "-m", "italia_kit", "replay", str(broken)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert replay.returncode == 2 and "not JSON" in replay.stderr
    assert replay.stderr.count("\n") == 1


def test_help_lists_play_and_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "play" in out and "replay" in out


class _GivesUp:
    """A player that stops after a few decisions, as an engine bug would."""

    def __init__(self) -> None:
        self.inner = RandomPlayer(1)
        self.left = 30

    def choose(self, game: object) -> object:
        self.left -= 1
        if self.left < 0:
            raise ValueError("no legal action: the game is over")
        return self.inner.choose(game)  # type: ignore[arg-type]


def test_a_game_the_engine_cannot_finish_exits_1_with_its_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import italia_kit.cli_play as cli_play

    monkeypatch.setattr(
        cli_play, "players_from_spec", lambda text, spec, seed: (_GivesUp(), {"red": "x"})
    )
    save = tmp_path / "partial.json"
    code, out, err = run(capsys, "play", "--save", str(save))
    assert code == 1
    assert "victory points so far:" in out and save.exists()
    stopped = "the game stopped after 30 actions: no legal action: the game is over"
    assert err == f"italia-kit: error: {stopped}\n"
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 0 and "(* the game stopped during this turn)" in out


def test_play_a_variant_and_replay_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "elephants.json"
    argv = ["play", "--seed", "5", "--variant", "hannibal_plus_2_elephants", "--save", str(save)]
    code, played, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(save.read_text())
    assert data["options"]["variant"][0]["variant"] == "hannibal_plus_2_elephants"
    code, replayed, _ = run(capsys, "replay", str(save))
    assert code == 0 and replayed.splitlines()[1:] == played.splitlines()[1:-1]
