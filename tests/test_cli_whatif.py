"""`italia-kit whatif`: a small batch end to end, and one-line refusals (exit code 2)."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pandas as pd
import pytest

from italia_kit import cli, games
from italia_kit.analysis import run_whatif
from italia_kit.games.italia.spec import VARIANTS
from italia_kit.games.italia.whatif import COLUMNS
from italia_kit.players import SeatKinds

ROME = str(VARIANTS / "rome_one_legion_less.yaml")


def test_a_small_batch_prints_the_summary_and_writes_the_csv_and_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, plots = tmp_path / "runs.csv", tmp_path / "plots"
    args = ["whatif", "--game", "italia1", "--games", "1", "--seed", "1", "--variant", ROME]
    args += ["--out", str(out), "--workers", "1", "--below", "40", "--skip-failed"]
    args += ["--plots", str(plots)]
    assert cli.main(args) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == "italia1: 1 game a variant, 2 variants, seed 1, random players"
    assert lines[1].split()[:3] == ["variant", "colour", "games"]
    assert "win rate (95% CI)" in lines[1] and "below 40 VP (95% CI)" in lines[1]
    frame = pd.read_csv(out)
    assert list(frame.columns) == list(COLUMNS)
    finished = frame[["variant", "game"]].drop_duplicates()
    body = [
        line.split()
        for line in lines[3:]
        if line.split()[:1] in (["base"], ["rome_one_legion_less"])
    ]
    assert len(body) == 3 * len(finished)  # a row per colour of each variant that finished
    assert f"wrote {out}" in captured.out
    assert {p.name for p in plots.iterdir()} >= {"vp.png", "win_rates.png", "zones_base.png"}
    # the progress bar and the timing went to stderr, not into the summary
    assert "what-if" in captured.err and "games/s" in captured.err


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (None, "cannot read the variant"),
        ("changes:\n  - {nation: Romans, set: 'setup[0].zone', value: Atlantis}\n", "Atlantis"),
        ("changes:\n  - {nation: Persians, set: start_gold, value: 1}\n", "unknown nation"),
        ("changes: [unclosed\n", "not YAML"),
        ("- just a list\n", "expected a mapping"),
    ],
)
def test_a_bad_variant_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str | None, message: str
) -> None:
    path = tmp_path / "variant.yaml"
    if variant is not None:
        path.write_text(variant)
    assert cli.main(["whatif", "--games", "1", "--variant", str(path), "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1, captured.err
    assert captured.err.startswith("italia-kit: error: ") and message in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "italia3"], "unknown game 'italia3' (did you mean 'italia2'?); known games"),
        (["--players", "chess"], "unknown player kind 'chess' for italia1 (known: greedy"),
        (["--variant", "more_elephants"], "cannot read the variant"),
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--games", "many"], "invalid int value"),
        (["--variant", ROME, ROME], "two variants are called 'rome_one_legion_less'"),
        (["--out", "/no/such/dir/x.csv"], "no such directory"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert cli.main(["whatif", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_whatif_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "whatif" in capsys.readouterr().out


# -- players per seat and the spec's options (any game) --------------------------------------


def test_players_per_seat_play_the_kinds_named_italia(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--players red=passive``: the header names every seat's kind, and the games are
    those of ``run_whatif`` with :class:`SeatKinds` (red passive, the others random)."""
    out = tmp_path / "runs.csv"
    args = ["whatif", "--game", "italia1", "--games", "1", "--seed", "2", "--workers", "1"]
    args += ["--players", "RED=passive", "--no-progress", "--out", str(out)]
    assert cli.main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "italia1: 1 game a variant, 1 variant, seed 2, players red=passive, yellow=random,"
        " blue=random"
    )
    spec = games.load("italia1")
    result = run_whatif(
        spec,
        games=1,
        seed=2,
        workers=1,
        progress=False,
        players=SeatKinds.of(spec, {"red": "passive"}),
    )
    assert pd.read_csv(out).equals(pd.read_csv(io.StringIO(result.frame.to_csv(index=False))))
    alike = run_whatif(spec, games=1, seed=2, workers=1, progress=False)
    assert not result.frame.equals(alike.frame)  # a passive red plays another game


def test_players_per_seat_and_options_renaissance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Lesson 20's what-if from the command line: two powers for one year (``--option``),
    Milan the briber against a greedy Venice, the shipped war chest ``rich_milan``."""
    out = tmp_path / "runs.csv"
    args = ["whatif", "--game", "renaissance", "--games", "1", "--workers", "1"]
    args += ["--option", "years=1", "--option", 'powers=["Milan", "Venice"]']
    args += ["--players", "Milan=briber,venice=greedy", "--variant", "rich_milan"]
    args += ["--no-progress", "--out", str(out)]
    assert cli.main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "renaissance: 1 game a variant, 2 variants, seed 0, players Milan=briber, Venice=greedy"
    )
    frame = pd.read_csv(out)
    assert set(frame.power) == {"Milan", "Venice"} and set(frame.variant) == {"base", "rich_milan"}
    assert frame.turn.max() == 3  # one year: Spring, Summer, Autumn


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "green=random"], "unknown colour 'green' in italia1 (colours: red"),
        (["--players", "red=chess"], "unknown player kind 'chess' for italia1"),
        (["--players", "red"], "unknown player kind 'red' for italia1"),
        (["--players", "red=greedy,blue"], "'blue' is not colour=kind"),
        (["--option", "years"], "--option 'years' is not KEY=VALUE"),
        (["--option", "a=1", "--option", "a=2"], "--option a is given twice"),
        (["--game", "renaissance", "--option", "years=0"], "option 'years' must be"),
        (["--game", "renaissance", "--option", "colour=red"], "unknown option 'colour'"),
        (["--game", "renaissance", "--option", "variant=gold_rush"], "no shipped variant"),
        (["--game", "renaissance", "--players", "Genoa=greedy"], "unknown power 'genoa'"),
    ],
)
def test_bad_players_or_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert cli.main(["whatif", "--games", "1", "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_the_seat_kinds_factory_pickles_for_worker_processes() -> None:
    """A :class:`SeatKinds` goes to worker processes as plain data and builds the same
    players there."""
    spec = games.load("renaissance", years=1)
    factory = SeatKinds.of(spec, {"Milan": "briber"}, default="greedy")
    again = pickle.loads(pickle.dumps(factory))
    assert again == factory and repr(again("Milan", 5)) == repr(factory("Milan", 5))
    assert type(again("Venice", 5)).__name__ == "GreedyPlayer"
