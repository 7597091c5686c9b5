"""`italia-kit whatif`: a small batch end to end, and one-line refusals (exit code 2)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from italia_kit import cli
from italia_kit.games.italia.spec import VARIANTS
from italia_kit.games.italia.whatif import COLUMNS

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
