"""The game registry (issue 13): ids, options, entry points, saves that name their game."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from italia_kit import games
from italia_kit.core import RandomPlayer, SaveFileError, game_from_json, game_to_json, play
from italia_kit.games.italia import ItaliaRules

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "italia_kit"


def test_the_kit_s_games_are_available_by_id() -> None:
    assert {"italia1", "italia2"} <= set(games.available())
    spec = games.load("italia2")
    assert spec.id == "italia2" and len(spec.seats) == 4
    assert spec.kind.dynamics is games.Dynamics.SEQUENTIAL
    assert "greedy" in spec.bots and spec.board is not None


def test_an_unknown_id_lists_the_known_ones_and_suggests_the_closest() -> None:
    with pytest.raises(games.UnknownGameError) as err:
        games.load("italai2")
    message = str(err.value)
    assert "did you mean 'italia2'?" in message and "known games: " in message
    assert "italia1" in message


def test_an_unknown_option_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        games.load("italia1", colour="red")


def test_an_unknown_shipped_variant_is_refused_naming_the_shipped_ones() -> None:
    with pytest.raises(ValueError, match=r"no shipped variant 'more_elephants'.*hannibal"):
        games.load("italia1", variant="more_elephants")


def test_the_kit_s_games_are_declared_as_entry_points() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert '[project.entry-points."italia_kit.games"]' in text
    for game_id, target in games.registry.BUILTIN.items():
        assert f'{game_id} = "{target}"' in text


def test_a_game_from_another_package_plugs_in_by_registering() -> None:
    calls: list[dict[str, object]] = []

    def factory(**options: object) -> games.GameSpec:
        calls.append(options)
        return games.load("italia1")

    games.register("elsewhere", factory)
    try:
        assert "elsewhere" in games.available()
        games.load("elsewhere", level=2)
        assert calls == [{"level": 2}]
        with pytest.raises(ValueError, match="already registered"):
            games.register("elsewhere", factory)
    finally:
        games.unregister("elsewhere")
    assert "elsewhere" not in games.available()


def test_a_saved_variant_game_loads_and_replays() -> None:
    spec = games.load("italia1", variant="hannibal_plus_2_elephants")
    game = spec.new_game(seed=4)
    play(game, RandomPlayer(4), max_actions=250)
    data = json.loads(json.dumps(game_to_json(game)))
    assert data["version"] == 2 and data["game"] == "italia1"
    assert data["options"]["variant"][0]["variant"] == "hannibal_plus_2_elephants"
    again = game_from_json(data)
    assert again.rules.game_id == "italia1+hannibal_plus_2_elephants"
    assert again.log.texts() == game.log.texts() and again.actions == game.actions
    # the variant is in the save itself: the Carthaginians' turn-6 reinforcements differ
    assert isinstance(again.rules, ItaliaRules)
    carthage = again.rules.world.scenario.nation("Carthaginians")
    assert any(u.count == 2 for r in carthage.reinforcements for u in r.units if r.turn == 6)


def test_a_version_1_save_still_loads() -> None:
    game = games.load("italia2").new_game(seed=2)
    play(game, RandomPlayer(2), max_actions=40)
    data = game_to_json(game)
    data["version"] = 1
    del data["options"]
    assert game_from_json(data).log.texts() == game.log.texts()


def test_a_save_of_an_unknown_game_names_the_field_and_the_known_games() -> None:
    data = game_to_json(games.load("italia1").new_game(seed=1))
    data["game"] = "italia9"
    with pytest.raises(SaveFileError, match="field 'game': unknown game 'italia9'"):
        game_from_json(data)


# -- layering: the generic packages import no game ----------------------------------------

GENERIC = ("core", "geo", "players", "analysis", "widgets", "cli.py", "cli_play.py", "palette.py")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _generic_modules() -> list[Path]:
    out: list[Path] = []
    for name in GENERIC:
        path = PACKAGE / name
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def test_the_generic_layers_import_no_game() -> None:
    offenders = {}
    for path in _generic_modules():
        rel = path.relative_to(PACKAGE).as_posix()
        games_imported = {
            m for m in _imports(path) if m.startswith("italia_kit.games.") and m.count(".") >= 2
        }
        games_imported -= {"italia_kit.games.registry", "italia_kit.games.spec"}
        if games_imported:
            offenders[rel] = sorted(games_imported)
    assert offenders == {}
