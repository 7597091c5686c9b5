"""Roma's what-if variants (italia_kit/games/roma/variants.py): extra pieces when the set-up is
over, refused when malformed, kept by saves, run by the what-if runner."""

from __future__ import annotations

import json

import pytest

from italia_kit import games
from italia_kit.core import RandomPlayer, game_from_json, game_to_json


def _after_setup(**options: object):  # type: ignore[no-untyped-def]
    game = games.load("roma", players=2, **options).new_game(seed=4)
    player = RandomPlayer(4)
    while game.state.phase.startswith("setup"):
        game.apply(player.choose(game))
    return game


def _ships(game, pop: str) -> int:  # type: ignore[no-untyped-def]
    return sum(here.get(pop, 0) for here in game.state.ships.values())


def test_a_shipped_variant_gives_carthage_a_fourth_ship_when_the_set_up_is_over() -> None:
    base = _after_setup()
    more = _after_setup(variant="carthage_one_ship_more")
    assert _ships(base, "CARTAGINE") == 3 and _ships(more, "CARTAGINE") == 4
    assert any(e.kind == "variant" for e in more.log)
    spec = games.load("roma", variant="carthage_one_ship_more")
    assert spec.options["variant"][0]["variant"] == "carthage_one_ship_more"
    assert "carthage_one_ship_more" in spec.variants


def test_a_variant_game_saves_and_loads() -> None:
    game = _after_setup(variant=[{"add": "legion", "population": "ITALIA", "n": 2}])
    loaded = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert loaded.state_json() == game.state_json()


def test_a_malformed_variant_is_refused_naming_the_field() -> None:
    with pytest.raises(ValueError, match="field 'population'"):
        games.load("roma", variant=[{"add": "ship", "population": "ROMA", "n": 1}])
    with pytest.raises(ValueError, match="no variant 'hannibal'"):
        games.load("roma", variant="hannibal")


def test_the_what_if_runner_plays_a_roma_variant() -> None:
    from italia_kit.analysis import run_whatif

    result = run_whatif(
        "roma",
        ["carthage_one_ship_more"],
        games=2,
        workers=1,
        progress=False,
        options={"players": 2},
    )
    assert result.variants == ["base", "carthage_one_ship_more"]
