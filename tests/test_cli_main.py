"""The bare command line (issue 20): ``--version``, and ``italia-kit`` alone lists the
commands and the registered games."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from italia_kit import __version__, cli, games


def test_version_prints_the_kits_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"italia-kit {__version__}\n"


def test_bare_command_prints_usage_commands_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: italia-kit")
    for command in cli.commands():
        assert f"    {command.name} " in out
    for game_id in games.available():  # the ids are padded to the longest one
        title = games.load(game_id).title
        assert re.search(rf"^  {re.escape(game_id)} +{re.escape(title)}$", out, re.M), game_id


def test_help_lists_the_games_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "games (the --game of" in capsys.readouterr().out


def test_a_registered_game_joins_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.toygame import race_spec

    games.register("toy-race", race_spec, replace=True)
    try:
        assert cli.main([]) == 0
    finally:
        games.unregister("toy-race")
    assert f"toy-race  {race_spec().title}" in capsys.readouterr().out


def test_module_entry_point_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "italia_kit", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"italia-kit {__version__}"


def test_an_unknown_command_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["nonsense"]) == 2
    assert "invalid choice" in capsys.readouterr().err
