"""Medieval Italia's shortcuts in its battles and its nation-turn change no game (issue 19,
Performance, branch ``med-turn``).

The areas a power holds are read from the zones where it stands (``scoring_hooks.controlled``
with ``presence``), the end of the turn reads every area's holder once (``holders``), and a
battle round asks each army's hit number once, for its die and for its owner's losses
(``combat_hooks.loss_order`` with ``numbers``). Each must give what the long way gives (the
look at every area in board order, the number asked again): these tests play whole seeded
games and compare the two after every action. ``bench/medieval_italia_golden.py`` and
``bench/medieval_logs.py`` hold the whole games' logs unchanged.
"""

from __future__ import annotations

import pytest

from italia_kit.core import RandomPlayer
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World
from italia_kit.games.medieval import combat_hooks, scoring_hooks
from italia_kit.games.medieval.arrival_hooks import strength
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game


def _controlled_long_way(world: World, state: ItaliaState, nation: str) -> list[str]:
    """Britannia (public summary): the land areas (no box) where ``nation`` is the sole
    occupant, every area of the board looked at in board order (the code before
    ``med-turn``)."""
    out = []
    for zone in world.board.zones:
        here = state.where.get(zone.name)
        if zone.kind == "land" and here and all(u.nation == nation for u in here):
            out.append(zone.name)
    return out


def _check(world: World, state: ItaliaState, rules: MedievalRulebook) -> None:
    table = scoring_hooks.holders(world, state)
    for power in rules.medieval.powers:
        nation = power.name
        long_way = _controlled_long_way(world, state, nation)
        zones, armies = scoring_hooks.presence(state, nation)
        assert scoring_hooks.controlled(world, state, nation) == long_way
        assert scoring_hooks.controlled(world, state, nation, zones) == long_way
        assert [z for z, holder in table.items() if holder == nation] == long_way
        assert armies == strength(state, nation)
        assert zones == {u.zone for u in state.units.values() if u.nation == nation}
    battle = state.battle
    if battle is not None:
        sides = combat_hooks.sides_among(battle, state.where.get(battle.zone, ()))
        for side, armies_of_side in sides.items():
            attacking = side == battle.attacker
            numbers = [
                combat_hooks.hit_rule(rules, world, state, battle.zone, u, attacking=attacking)[0]
                for u in armies_of_side
            ]
            asked = combat_hooks.loss_order(rules, world, state, battle, armies_of_side)
            given = combat_hooks.loss_order(rules, world, state, battle, armies_of_side, numbers)
            assert [u.id for u in given] == [u.id for u in asked]


@pytest.mark.parametrize("seed", [3, 11])
def test_performance_areas_held_and_loss_order_the_short_way_as_the_long_way(seed: int) -> None:
    """Britannia (public summary): area points, population increase (the areas held) and
    the owner's losses: after every action of a whole random game the short ways give
    what the long ways give."""
    game = new_game(seed=seed)
    world = game.rules.world
    rules = world.rulebook
    assert isinstance(rules, MedievalRulebook)
    player = RandomPlayer(seed)
    checked = 0
    while not game.is_over:
        game.apply(player.choose(game))
        _check(world, game.state, rules)
        checked += 1
    assert checked > 500  # a whole 13-turn game, not a stub
