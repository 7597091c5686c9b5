"""Medieval Italia's shortcuts in a battle round change no game (issue 19, Performance,
branch ``med-battle2``).

A round asks the hit number once for a side's unmarked armies (``combat_hooks.side_needs``),
says a side's needs without sorting when they are one (``needs_words``) and orders the
losses of a side of one number and no superior army by id alone (``loss_order``); the
retreats' areas are looked for in a plain loop (``refuges``). Each must give what the long
way gives (``hit_rule`` asked of every army, the needs' words sorted, the losses ranked by
number, mark and id, ``all()`` over each area's pieces): these tests play whole seeded games and
compare the two at every action during a battle. ``bench/medieval_italia_golden.py`` and
``bench/medieval_logs.py`` hold the whole games' logs unchanged.
"""

from __future__ import annotations

import pytest

from italia_kit.games.italia.battle_sides import sides_among
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval import combat_hooks, scoring_hooks
from italia_kit.games.medieval.rulebook import MedievalRulebook

from .medieval_helpers import after_each_action, medieval_game


def _words_long_way(needs: list[tuple[int, str]]) -> tuple[list[int], str, str]:
    """The round's columns as ``fight_round`` made them before ``med-battle2``."""
    numbers = [n for n, _ in needs]
    said = "; ".join(dict.fromkeys(rule for _, rule in needs))
    return numbers, said, "/".join(f"{n}+" for n in sorted(set(numbers)))


def _losses_long_way(numbers: list[int], armies: list[Unit]) -> list[int]:
    """The weakest first, then a normal army before a superior one, then the last by id."""
    ranked = sorted(
        zip(numbers, armies, strict=True),
        key=lambda pair: (
            pair[0],
            not (pair[1].extras and pair[1].extras.get("superior")),
            pair[1].id,
        ),
        reverse=True,
    )
    return [u.id for _, u in ranked]


def _refuges_long_way(world: World, state: ItaliaState, zone: str, nation: str) -> list[str]:
    """The adjacent land areas (no sea, no box) where no other power stands ashore."""
    land = set(scoring_hooks.areas(world))
    return [
        z
        for z in world.neighbours(zone)
        if z in land
        and all(u.nation == nation for u in state.where.get(z, ()) if u.carrier is None)
    ]


def _check(world: World, state: ItaliaState, rules: MedievalRulebook) -> int:
    """Compare the short ways with the long ones for both sides of the battle under way;
    the number of armies compared."""
    battle = state.battle
    if battle is None or battle.naval:
        return 0
    sides = sides_among(battle, state.where.get(battle.zone, ()))
    compared = 0
    for nation in (battle.attacker, battle.defender):
        refuges = combat_hooks.refuges(world, state, battle, nation)
        assert refuges == [
            (z, False, None) for z in _refuges_long_way(world, state, battle.zone, nation)
        ]
    for side, armies in sides.items():
        attacking = side == battle.attacker
        asked = [
            combat_hooks.hit_rule(rules, world, state, battle.zone, u, attacking=attacking)
            for u in armies
        ]
        needs = combat_hooks.side_needs(
            rules, world, state, battle.zone, armies, attacking=attacking
        )
        assert needs == asked
        assert combat_hooks.needs_words(needs) == _words_long_way(asked)
        numbers = [n for n, _ in asked]
        given = combat_hooks.loss_order(rules, world, state, battle, armies, numbers)
        assert [u.id for u in given] == _losses_long_way(numbers, armies)
        compared += len(armies)
    return compared


@pytest.mark.parametrize("seed", [5, 17])
def test_performance_round_needs_words_and_losses_the_short_way_as_the_long_way(
    seed: int,
) -> None:
    """Britannia (public summary): one die per army, 5-6 hits; difficult terrain, superior
    units (rule text); the owner removes his losses: at every action of a whole random game
    during a battle, the round's shortcuts give what the long ways give."""
    game, world, rules = medieval_game(seed)
    compared = actions = 0
    for state in after_each_action(game, seed):
        compared += _check(world, state, rules)
        actions += 1
    assert actions > 500 and compared > 200  # a whole game and its battles, not a stub


def test_performance_needs_words_of_a_side_with_marked_armies() -> None:
    """Superior and difficult-terrain numbers in one side: said sorted, each rule once, in
    the armies' order (the long way), as a mixed side is said in a game."""
    plain = (5, combat_hooks.R_DICE)
    superior = (4, combat_hooks.R_SUPERIOR)
    for needs in ([plain, superior, plain], [superior], [superior, superior], []):
        assert combat_hooks.needs_words(needs) == _words_long_way(needs)
    assert combat_hooks.needs_words([plain, superior, plain])[2] == "4+/5+"
