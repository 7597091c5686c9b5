"""What-if variants of Medieval Italia: the Italia scenarios' diffs on this game's files."""

from __future__ import annotations

from pathlib import Path

import pytest

from italia_kit import games
from italia_kit.core import RandomPlayer, load_game, save_game
from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.medieval.variant import with_variant


def test_variant_1_the_shipped_variant_brings_20_lombards() -> None:
    spec = games.load("medieval", variant="lombards_plus_5")
    assert "lombards_plus_5" in spec.variants
    game = spec.new_game(seed=3)
    while game.state.active != "Lombards" or game.state.phase != "movement":
        game.apply(RandomPlayer(3).choose(game))
    assert len(game.state.units_in("Austria", "Lombards")) == 20
    assert game.rules.game_id == "medieval+lombards_plus_5"


def test_variant_2_a_saved_variant_game_loads_without_its_file(tmp_path: Path) -> None:
    change = {"nation": "Byzantines", "set": "reinforcements[turn=1].units[1].count", "value": 6}
    game = games.load("medieval", variant=[change]).new_game(seed=2)
    for _ in range(50):
        game.apply(RandomPlayer(2).choose(game))
    save_game(game, tmp_path / "v.json")
    again = load_game(tmp_path / "v.json")
    assert [e.text for e in again.log] == [e.text for e in game.log]
    medieval = again.rules.world.rulebook.medieval  # the rulebook holds the medieval scenario
    assert medieval.power("Byzantines").reinforcements[0].units[1].count == 6


def test_variant_3_bad_changes_are_refused_naming_each_problem() -> None:
    with pytest.raises(ScenarioError) as err:
        with_variant(
            [
                {"nation": "Lombardz", "set": "turns", "value": "1-13"},
                {"nation": "Lombards", "set": "reinforcements[turn=9].units", "value": []},
                {"nation": "Lombards", "set": "setup", "value": [{"unit": "army", "zone": "Roma"}]},
            ]
        )
    text = "\n".join(err.value.problems)
    assert "unknown power 'Lombardz'" in text
    assert "reinforcements[turn=9] matches 0 entries" in text
    assert len(err.value.problems) == 2  # the first two stop before the data check
    with pytest.raises(ScenarioError) as bad_zone:
        with_variant(
            [{"nation": "Lombards", "set": "setup", "value": [{"unit": "army", "zone": "Roma"}]}]
        )
    assert "unknown area 'Roma' (did you mean 'Rome'?)" in "\n".join(bad_zone.value.problems)
    with pytest.raises(ScenarioError, match="no shipped variant"):
        games.load("medieval", variant="nope")
