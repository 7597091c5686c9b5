"""The medieval spec keeps the Italia card of a scenario (``spec.card_of``) instead of
making it again for every new game: the card kept must be the card made anew, before and
after games are played from it, and a variant's scenario gets a card of its own."""

from __future__ import annotations

import dataclasses

from italia_kit.core import RandomPlayer, play
from italia_kit.games.medieval import spec
from italia_kit.games.medieval.italia_cards import italia_scenario
from italia_kit.games.medieval.scenario import load_scenario
from italia_kit.games.medieval.variant import with_variant


def test_the_card_kept_is_the_card_made_anew_after_games_played_from_it() -> None:
    scenario = load_scenario()
    card = spec.card_of(scenario)
    assert spec.card_of(scenario) is card  # kept, not made again
    for seed in (0, 1):
        play(spec.new_game(seed=seed), RandomPlayer(seed))
    assert card == italia_scenario(scenario)  # no game changed the card it was dealt


def test_games_from_the_kept_card_are_the_games_of_a_fresh_card() -> None:
    logs = []
    for fresh in (True, False):
        if fresh:
            spec._CARDS.clear()
        game = spec.new_game(seed=3)
        play(game, RandomPlayer(3))
        logs.append([(e.kind, e.rule, e.text) for e in game.log])
    assert logs[0] == logs[1]


def test_a_variant_scenario_has_its_own_card_and_the_cache_stays_small() -> None:
    base = spec.card_of(load_scenario())
    for count in range(16, 16 + spec._CARDS_KEPT + 2):
        change = {"nation": "Lombards", "set": "reinforcements[turn=1].units[0].count"}
        variant = with_variant([{**change, "value": count}])
        card = spec.card_of(variant)
        assert card is not base and card.base == "medieval"
        made = italia_scenario(variant)  # the card made anew, as card_of names a variant's
        assert card == dataclasses.replace(made, base="medieval", variants=variant.variants)
        assert spec.card_of(variant) is card
    assert len(spec._CARDS) <= spec._CARDS_KEPT
