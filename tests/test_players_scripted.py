"""The generic scripted player: a script of actions (objects or their JSON), then a hand-over.

``--players seat=scripted:FILE[+KIND]`` reads the script from a JSON file, as a tutorial
author writes it or a save holds it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from italia_kit import games
from italia_kit.core import InvalidActionError, PassivePlayer, RandomPlayer
from italia_kit.players import ScriptedPlayer, make_player, play_out, players_from_spec


def _recorded(game_id: str, seed: int, n: int) -> list[dict[str, object]]:
    spec = games.load(game_id)
    game = spec.new_game(seed=seed)
    play_out(spec, game, RandomPlayer(seed), max_actions=n)
    return [a.to_json() for a in game.actions]


@pytest.mark.parametrize("game_id", ["italia1", "agricola", "roma"])
def test_a_json_script_replays_the_recorded_game_then_hands_over(game_id: str) -> None:
    spec = games.load(game_id)
    script = _recorded(game_id, 3, 12)
    game = spec.new_game(seed=3)
    player = ScriptedPlayer(script, then=PassivePlayer())
    play_out(spec, game, player, max_actions=12)
    assert [a.to_json() for a in game.actions] == script
    assert player.remaining == 0
    play_out(spec, game, player, max_actions=3)  # the passive player goes on
    assert len(game.actions) == 15 or game.is_over


def test_a_script_that_runs_out_without_a_successor_says_so() -> None:
    spec = games.load("italia1")
    game = spec.new_game(seed=1)
    player = ScriptedPlayer(_recorded("italia1", 1, 2))
    play_out(spec, game, player, max_actions=2)
    with pytest.raises(ValueError, match="no more actions \\(2 played\\)"):
        player.choose(game)


def test_a_malformed_step_is_refused_naming_its_number_and_the_game_is_untouched() -> None:
    spec = games.load("italia1")
    game = spec.new_game(seed=1)
    steps = [*_recorded("italia1", 1, 1), {"kind": "teleport"}]
    player = ScriptedPlayer(steps)
    game.apply(player.choose(game))
    before = game.state_json()
    with pytest.raises(InvalidActionError, match="script step 2: unknown action kind 'teleport'"):
        player.choose(game)
    assert game.state_json() == before


def test_scripted_file_from_the_players_text_keeps_the_file_names_case(tmp_path: Path) -> None:
    script = _recorded("agricola", 5, 6)
    path = tmp_path / "Opening.json"
    path.write_text(json.dumps({"actions": script}), encoding="utf-8")
    spec = games.load("agricola")
    players, kinds = players_from_spec(f"rome=scripted:{path}+greedy", spec, seed=5)
    assert isinstance(players, dict)
    assert kinds == {"rome": f"scripted:{path}+greedy"}
    player = players["rome"]
    assert isinstance(player, ScriptedPlayer) and player.then is not None
    game = spec.new_game(seed=5)
    play_out(spec, game, players, max_actions=6)
    assert [a.to_json() for a in game.actions] == script


@pytest.mark.parametrize(
    ("content", "fault"),
    [
        ("{not json", "not a JSON file"),
        ('{"moves": []}', "expected a list of actions"),
        ("[1, 2]", "expected a list of actions"),
    ],
)
def test_a_bad_script_file_is_refused_naming_the_fault(
    tmp_path: Path, content: str, fault: str
) -> None:
    path = tmp_path / "script.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=fault):
        make_player(f"scripted:{path}", game="italia1")


def test_an_unknown_successor_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "script.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(ValueError, match="unknown player kind 'chess'"):
        make_player(f"scripted:{path}+chess", game="italia1")


def test_play_on_the_command_line_with_a_scripted_opening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from italia_kit.cli import main

    path = tmp_path / "opening.json"
    path.write_text(json.dumps(_recorded("agricola", 7, 5)), encoding="utf-8")
    assert (
        main(
            [
                "play",
                "--game",
                "agricola",
                "--seed",
                "7",
                "--players",
                f"rome=scripted:{path}+greedy",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert f"rome=scripted:{path}+greedy" in out and "Result:" in out
    bad = tmp_path / "bad.json"
    bad.write_text('[{"kind": "zzz"}]', encoding="utf-8")
    assert main(["play", "--game", "agricola", "--players", f"rome=scripted:{bad}"]) == 1
    assert "script step 1: unknown action kind 'zzz'" in capsys.readouterr().err
