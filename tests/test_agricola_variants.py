"""Agricola's what-ifs on the set-up (the spec's ``variant`` option) and the rollout advisor."""

from __future__ import annotations

import json

import pytest

from italia_kit import games
from italia_kit.core import game_from_json, game_to_json
from italia_kit.games.agricola.actions import AssignAuxiliary, PlaceAgricola
from italia_kit.games.agricola.tables import CALGACUS, COUNTERS, LEADERS
from italia_kit.players.rollout import RolloutPlayer


def test_calgacus_at_setup_leads_his_whole_tribe_from_the_start() -> None:
    spec = games.load("agricola", variant="calgacus_at_setup")
    state = spec.new_game(seed=4).state
    box = state.leader_box[LEADERS.index(CALGACUS)]
    assert box >= 0 and CALGACUS not in state.cups[1]
    tribe = COUNTERS[state.stacks[box][0]].tribe
    assert len(state.stacks[box]) == sum(1 for c in COUNTERS if c.tribe == tribe)


def test_one_legion_fewer_leaves_ix_hispana_one_unit_and_a_save_replays_it() -> None:
    spec = games.load("agricola", variant="one_legion_fewer")
    game = spec.new_game(seed=2)
    assert len(game.state.holding[1]) == 1
    game.apply(PlaceAgricola(2))
    game.apply(AssignAuxiliary(0))
    loaded = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert loaded.state_json() == game.state_json()
    assert game.rules.game_id == "agricola+one_legion_fewer"


def test_a_bad_variant_is_refused_naming_the_key() -> None:
    bad = {"variant": "x", "changes": [{"set": "legions", "value": 2}]}
    with pytest.raises(ValueError, match="cannot set 'legions'"):
        games.load("agricola", variant=bad)
    with pytest.raises(ValueError, match="no shipped variant"):
        games.load("agricola", variant="more_elephants")
    with pytest.raises(ValueError, match="aquilae 1-3"):
        games.load(
            "agricola", variant={"changes": [{"set": "holding_boxes.II Augusta", "value": [4]}]}
        )


def test_the_rollout_advisor_ranks_every_legal_action() -> None:
    game = games.load("agricola").new_game(seed=7)
    game.apply(PlaceAgricola(2))
    for _ in range(4):
        game.apply(AssignAuxiliary(0))
    ranked = RolloutPlayer("agricola", seed=1, rollouts=1, depth=8).rank(game)
    assert len(ranked) == len(game.legal_actions())
    assert all(0.0 <= r.mean <= 1.0 for r in ranked)
