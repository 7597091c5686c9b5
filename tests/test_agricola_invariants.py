"""Agricola: invariants after every action of 500 seeded random games.

Every counter is in exactly one place (a tribal box's stack, a Garrison or Settlement slot, a
leader's box, a cup, a Holding Box, the Dead Pool, the Force Pool, the Tactical Display); the
cups of the state are the game's bags; the number of counters never changes; Treasury,
Income, VP, Legion Actions and the turn stay on their tracks; after a Reorganize the legions
keep 6.0's limits.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from italia_kit.core import Game, RandomPlayer
from italia_kit.games.agricola import new_game
from italia_kit.games.agricola.actions import Reorganize
from italia_kit.games.agricola.leader import limits_broken
from italia_kit.games.agricola.state import CUPS, AgricolaState
from italia_kit.games.agricola.tables import (
    COUNTERS,
    INCOME_MAX,
    LEADERS,
    SETTLEMENTS,
    TREASURY_MAX,
    TWO_THREE,
    VP_MAX,
)

GAMES = 500


def places(state: AgricolaState) -> Counter[int]:
    """How many places each counter is in."""
    seen: Counter[int] = Counter()
    for stack in state.stacks:
        seen.update(stack)
    seen.update(c for c in state.garrison if c >= 0)
    seen.update(c for c in state.settlement if c >= 0)
    seen.update(LEADERS[k] for k, box in enumerate(state.leader_box) if box >= 0)
    for cup in state.cups:
        seen.update(cup)
    for holding in state.holding:
        seen.update(holding)
    seen.update(state.dead)
    seen.update(state.force)
    if state.battle is not None:
        seen.update(c for c in state.battle.enemy if c >= 0)
        seen.update(c for c in state.battle.roman if c >= 0)
    return seen


def check(game: Game[Any], where: str) -> None:
    state: AgricolaState = game.state
    if state.phase == "setup" and state.agricola < 0 and not state.force:
        return  # before 3.0 has run (never seen by a player: the game advances at once)
    seen = places(state)
    assert set(seen) == set(range(len(COUNTERS))), f"{where}: missing {set(range(78)) - set(seen)}"
    assert max(seen.values()) == 1, f"{where}: twice {[c for c, n in seen.items() if n > 1]}"
    for k, name in enumerate(CUPS):
        bag = sorted(int(i) for i in game.dice.bag(name).items)
        assert bag == sorted(state.cups[k]), f"{where}: the {name} Cup differs from its bag"
    assert 0 <= state.treasury <= TREASURY_MAX, where
    assert state.treasury > 0 or state.result, f"{where}: an empty Treasury must end the game"
    assert 1 <= state.income <= INCOME_MAX, where
    assert 0 <= state.vp <= VP_MAX, where
    assert 0 <= state.actions_left <= 5 and 1 <= state.turn <= 8, where
    assert set(state.three) <= set(TWO_THREE) and set(state.plus3) <= set(SETTLEMENTS), where
    assert all(c in state.settlement for c in state.plus3), f"{where}: a '+3' off the map"
    assert 0 <= state.agricola <= 2 or state.phase == "setup", where


def test_500_random_games_keep_every_counter_in_exactly_one_place() -> None:
    ended: Counter[str] = Counter()
    for seed in range(GAMES):
        game = new_game(seed, checkpoint_every=1000)
        player = RandomPlayer(seed)
        rng = random.Random(seed)
        check(game, f"seed {seed} start")
        steps = 0
        while not game.is_over:
            action = player.choose(game, "rome") if rng.random() < 2 else None
            assert action is not None
            game.apply(action)
            steps += 1
            where = f"seed {seed} action {steps} {action!r}"
            check(game, where)
            if isinstance(action, Reorganize):
                state = game.state
                assert not limits_broken(state.holding, [0, 1, 2]) or state.battle, where
        ended[game.state.result.split(" (")[0][:12]] += 1
    assert sum(ended.values()) == GAMES
