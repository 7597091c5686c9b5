"""`italia-kit board`: the table, one zone, the picture, and one-line refusals (exit code 2)."""

from __future__ import annotations

import argparse
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from italia_kit import cli

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
TINY = ["--files", str(DATA / "tiny.geojson"), str(DATA / "tiny.board.yaml")]
BOXES = ["--file", str(DATA / "boxes.board.yaml")]
REAL = ROOT / "geodata" / "italia.geojson"
needs_real = pytest.mark.skipif(not REAL.exists(), reason="geodata/italia.geojson not built")


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_table_of_a_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board", *TINY]) == 0
    lines = capsys.readouterr().out.splitlines()
    # the columns are the board's own words and attributes, not Italia's stacking
    assert lines[0].split() == ["zone", "kind", "region", "terrain", "city_allowed", "neighbours"]
    assert set(lines[1]) <= {"-", " "}
    assert len(lines) == 2 + 7
    palus = next(line for line in lines if line.startswith("Palus"))
    assert palus.split()[:5] == ["Palus", "land", "South", "swamp", "yes"]
    assert palus.endswith("Insula (strait), Mare Australe, Mons")
    sea = next(line for line in lines if line.startswith("Mare Orientale"))
    assert sea.split()[2:7] == ["sea", "Sea", "sea", "no", "Alpes,"]


def test_table_of_a_board_of_boxes(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board", *BOXES]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["zone", "kind", "terrain", "in", "vp", "port", "neighbours"]
    assert len(lines) == 2 + 9
    coast = next(line for line in lines if line.startswith("Croatia North Coast"))
    assert coast.split()[3:7] == ["coast", "water", "Croatia", "0"]
    assert coast.endswith("Gulf of Venice (sail)")
    venice = next(line for line in lines if line.startswith("Venice"))
    assert venice.split()[1:5] == ["province", "marsh", "-", "3"]


def test_one_zone_in_detail(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board", *TINY, "--zone", "  palus"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Palus"
    assert "  terrain:           swamp" in out
    assert "  city_allowed:      yes" in out
    assert "  coast links:       Mare Australe" in out
    assert "  strait links:      Insula" in out
    assert "  army moves to:     Insula, Mons" in out
    assert "fleet moves to" not in out  # no fleet stands in a land zone
    assert "    geometry:        test fixture: a unit square grid" in out


def test_one_box_in_detail(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board", *BOXES, "--zone", "dalmatia"]) == 0
    out = capsys.readouterr().out
    assert "  strait links:      Istria (controlled_from: Dalmatia)" in out
    assert "  double links:      Croatia" in out
    assert "  position:          100, 100" in out
    assert cli.main(["board", *BOXES, "--zone", "croatia"]) == 0
    out = capsys.readouterr().out
    assert "  sub-locations:     Croatia North Coast, Croatia South Coast, Zara" in out
    assert "  road links:        Venice (mountain_pass: yes)" in out


def test_unknown_zone_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board", *TINY, "--zone", "Urbz"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "italia-kit: error: unknown zone 'Urbz': did you mean 'Urbs'?\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["board", "--colour"], "unrecognized arguments: --colour"),
        (["bored"], "invalid choice: 'bored'"),
        (["board", "--zone"], "argument --zone: expected one argument"),
        (["board", "--board", "itlaia"], "unknown board 'itlaia': did you mean 'italia'?"),
    ],
)
def test_refused_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("italia-kit: error: ")
    assert message in err


def test_broken_board_files_list_every_problem_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["board", "--files", str(DATA / "bad_three.geojson"), str(DATA / "bad_three.board.yaml")]
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("italia-kit: error: 3 problems in the board data:\n")
    assert "location 'Mons': field 'terrain': missing" in err


def test_png_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tiny.png"
    assert cli.main(["board", *TINY, "--png", str(out)]) == 0
    assert png_size(out) == (1600, 1800)
    assert capsys.readouterr().out == f"wrote {out} (1600x1800 px)\n"
    boxes = tmp_path / "boxes.png"
    assert cli.main(["board", *BOXES, "--zone", "Zara", "--png", str(boxes)]) == 0
    assert png_size(boxes) == (1600, 1800)


def test_png_into_a_missing_folder_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["board", *TINY, "--png", str(tmp_path / "no" / "such" / "x.png")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("italia-kit: error: ") and err.count("\n") == 1


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "board" in capsys.readouterr().out
    assert cli.main(["board", "--help"]) == 0
    assert "--png FILE" in capsys.readouterr().out


def test_commands_are_a_registry() -> None:
    names = [c.name for c in cli.commands()]
    assert names[0] == "board"
    parser = cli.build_parser()
    args = parser.parse_args(["board", "--zone", "Rome"])
    assert isinstance(args, argparse.Namespace)
    assert args.run is cli.BOARD.run


@needs_real
def test_italia_table_has_48_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 + 48
    assert any(line.startswith("Messana ") and "Rhegium (strait)" in line for line in lines)


@needs_real
def test_python_dash_m_runs_the_same_command(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "italia_kit", "board", "--zone", "Roma"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert run.returncode == 2
    assert run.stderr == "italia-kit: error: unknown zone 'Roma': did you mean 'Rome'?\n"
    assert "Traceback" not in run.stderr

    png = tmp_path / "board.png"
    run = subprocess.run(
        [sys.executable, "-m", "italia_kit", "board", "--zone", "rome", "--png", str(png)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Rome\n")
    assert png_size(png) == (1600, 1800)


@needs_real
def test_the_board_of_a_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board", "--game", "italia2", "--zone", "rome"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Rome"
    assert cli.main(["board", "--game", "italia4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("italia-kit: error: unknown game 'italia4' (did you mean")
    assert err.count("\n") == 1 and "known games: agricola, italia1, italia2" in err
