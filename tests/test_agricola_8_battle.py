"""Agricola 8.0-8.8: battles on the Tactical Display, one test per rule and table row."""

from __future__ import annotations

import pytest

from italia_kit.games.agricola import battle as battles
from italia_kit.games.agricola.display import ENEMY_NEAR, ROMAN_NEAR
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.state import BATTLE, UNFRIENDLY, Battle
from italia_kit.games.agricola.tables import BATTLE_UNITS, COUNTERS, data, formation_units

from .agricola_helpers import II, IX, blank, context, leader, put, units

TABLE = data()["tribal_formation_table"]


@pytest.mark.parametrize("roll", sorted(TABLE["rows"]), ids=lambda r: f"row-{r}")
def test_8_2_tribal_formation_table_row(roll: int) -> None:
    expected = TABLE["rows"][roll]
    for column, tribes in enumerate(TABLE["columns"]):
        for tribe in tribes:
            units_, star = formation_units(tribe, roll)
            assert f"{units_}{'*' if star else ''}" == expected[column], (tribe, roll)


def test_8_2_the_table_reads_15_plus_and_below_3() -> None:
    assert formation_units("Caledonii", 20) == (11, True)
    assert formation_units("Demetae", 1) == formation_units("Demetae", 3) == (2, False)


def _battle_state(tribe: str = "Silures", n: int = 2) -> tuple[object, int]:
    state = blank()
    put(state, tribe, *units(tribe)[:n])
    box = BOX[tribe]
    state.legion_box[II] = box
    return state, box


def test_8_1_rome_has_the_initiative_and_the_enemy_deploys_first() -> None:
    state, box = _battle_state()
    ctx = context(state, (1,))  # 1 + Resistance 4 = 5: 5 units (Silures column)
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    assert b.initiative and sum(c >= 0 for c in b.enemy) == 5 and state.step == "deploy"
    assert b.enemy[:5] == [c for c in b.enemy if c >= 0]  # squares 1..5 in order


def test_8_1_a_leader_in_the_region_takes_the_initiative_unless_agricola_is_there() -> None:
    state, box = _battle_state()
    put(state, "Demetae", units("Demetae")[0], leader("Tan"))
    state.agricola = IX
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    assert not state.battle.initiative and all(c < 0 for c in state.battle.enemy)
    state, box = _battle_state()
    put(state, "Demetae", units("Demetae")[0], leader("Tan"))
    ctx = context(state, (1,))  # Agricola is with II, in the box
    battles.start_battle(ctx, box, [II], ambush=False)
    assert state.battle.initiative


def test_8_1_a_leader_in_the_box_takes_the_initiative_even_with_agricola() -> None:
    state, box = _battle_state()
    put(state, "Silures", leader("Tan"))
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    assert not state.battle.initiative


def test_8_2_an_asterisk_with_a_leader_in_the_region_deploys_all_thirteen() -> None:
    state, box = _battle_state("Brigantes", 2)
    put(state, "Votadini", units("Votadini")[0], leader("Green"))
    ctx = context(state, (5,))  # 5 + 5 + 2 = 12: 10* in the Brigantes column
    battles.start_battle(ctx, box, [II], ambush=False)
    assert state.ask == [13]


def test_8_3_the_back_row_opens_once_the_front_squares_facing_enemies_are_filled() -> None:
    b = Battle(0, [II], False, False, True, False)
    b.enemy[0] = BATTLE_UNITS[0]  # square 1 (column 3): Roman fronts 2 and 3 face it
    assert sorted(battles.required_front(b)) == [2, 3]
    assert all(s < 6 for s in battles.deploy_squares(b))
    b.roman[2], b.roman[3] = 59, 60
    assert 6 in battles.deploy_squares(b)
    # deploying first, Rome must fill the whole front row
    first = Battle(0, [II], False, False, False, False)
    assert battles.required_front(first) == [0, 1, 2, 3, 4, 5]


def test_8_4_an_attack_must_take_the_enemy_with_the_higher_defence() -> None:
    b = Battle(0, [II], False, False, True, False)
    weak, strong = BATTLE_UNITS[0], BATTLE_UNITS[8]  # 4-4 and 6-6
    b.enemy[0], b.enemy[1] = weak, strong  # squares 1 (col 3) and 2 (col 2)
    assert sorted(ENEMY_NEAR[2]) == [0, 1]
    assert battles._strongest(b, [0, 1]) == 1


def test_8_4_tactical_advantage_lets_the_player_choose() -> None:
    state, box = _battle_state()
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    assert b.tactical_advantage  # Agricola is with II in the box
    b.enemy = [-1] * 13
    b.enemy[0], b.enemy[1] = BATTLE_UNITS[0], BATTLE_UNITS[8]
    unit = state.holding[II][0]
    battles.deploy(ctx, unit, 2)
    state.step = ""
    b.stage, b.cursor = "attack", 0
    battles.run(ctx)
    assert state.step == "target" and battles.target_choices(state) == [1, 0]


def test_8_4_8_5_a_round_of_attacks_and_defences() -> None:
    """Attack: roll + Attack > Defence eliminates. Defence: roll + Defence must exceed the
    sum of the adjacent Attacks, else the unit is eliminated."""
    state, box = _battle_state()
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    b.enemy = [-1] * 13
    four_four, five_five = BATTLE_UNITS[0], BATTLE_UNITS[5]
    b.enemy[0], b.enemy[2] = four_four, five_five  # squares 1 (col 3) and 3 (col 4)
    a, c = state.holding[II][0], state.holding[II][1]
    battles.deploy(ctx, a, 3)  # faces squares 1 and 3
    battles.deploy(ctx, c, 4)  # faces square 3 and 5
    state.step = ""
    b.stage, b.cursor = "attack", 0
    state.agricola = IX
    b.tactical_advantage = False
    # attacks left to right: a (2-4) on the 5-5 (higher Defence): 4 + 2 = 6 > 5; then c
    # faces nothing (square 3 gone, 5 empty); defence right to left: a against 4: 1 + 4 = 5 > 4
    ctx.dice.script((4, 1))
    battles.run(ctx)
    assert b.enemy[2] == -1 and five_five in state.dead
    assert b.roman[3] == a


def test_8_5_holes_in_the_line_and_isolation() -> None:
    b = Battle(0, [II], False, False, True, False)
    e = BATTLE_UNITS[0]  # a 4-4
    b.enemy[0] = e  # square 1, column 3: Roman fronts 2 and 3
    b.roman[0] = 59  # unengaged (front square 0 faces columns 0 and 1)
    assert battles.shift_choices(b) == [(59, 2), (59, 3)]
    assert ROMAN_NEAR[0] == (2, 3)


def test_8_5_an_isolated_enemy_is_eliminated() -> None:
    state, box = _battle_state()
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    b.enemy = [-1] * 13
    b.enemy[0] = BATTLE_UNITS[0]  # attack 4 <= the 1-aquila's Defence 4
    b.roman[2] = state.holding[II].pop(0)
    b.owner[2] = II
    state.step = ""
    b.stage = "enemy_shift"
    battles.run(ctx)
    isolated = [e for e in ctx.log if e.kind == "isolated"]
    assert [e.data["square"] for e in isolated] == [1]
    assert any(e.kind == "victory" for e in ctx.log)


def test_8_6_victory_eliminates_the_tribe_adjusts_the_cups_and_queues_two_reactions() -> None:
    state, box = _battle_state()
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    b.stage = "finish"
    state.step = ""
    for k, c in enumerate(b.enemy):
        if c >= 0:
            state.dead.append(c)
            b.enemy[k] = -1
    battles.run(ctx)
    assert state.battle is None and not state.stacks[box]
    assert state.queue[0] == ("htr", 2)
    assert len(state.cups[BATTLE]) == 13  # the Dead Pool's battle units went back


def test_8_6_promotion_needs_a_roll_and_is_piece_limited() -> None:
    state, box = _battle_state()
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    one = state.holding[II].pop(0)
    b.roman[2], b.owner[2] = one, II
    assert battles.promotion_choices(state, II) == []  # it never rolled
    b.rolled.append(one)
    assert battles.promotion_choices(state, II) == [one]
    state.ask = [II]
    battles.promote(ctx, one)
    better = b.roman[2]
    assert COUNTERS[better].sort == "two_three" and one in state.force


def test_8_7_an_ambush_gives_the_enemy_the_initiative_and_no_reactions() -> None:
    state, box = _battle_state()
    put(state, "Silures", leader("Tan"))
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=True)
    b = state.battle
    assert not b.initiative
    b.stage, state.step = "finish", ""
    battles.run(ctx)
    assert leader("Tan") in state.cups[UNFRIENDLY] and state.queue == []


def test_8_8_mons_graupius_deploys_thirteen_red_bordered_and_a_natural_8_kills_outright() -> None:
    state, box = _battle_state("Caledonii", 2)
    put(state, "Caledonii", leader("Red"))
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    b = state.battle
    assert b.mons_graupius and not b.initiative and state.ask == [13]
    state.step = ""
    battles.deploy_enemy(ctx, 13)
    assert len(b.red) == 13
    target = b.enemy[0]
    battles.eliminate_enemy(ctx, 0, 5, "8.4")
    assert b.enemy[0] == target and target not in b.red  # flipped
    battles.eliminate_enemy(ctx, 0, 5, "8.4")
    assert b.enemy[0] == -1
    battles.eliminate_enemy(ctx, 1, 8, "8.4")
    assert b.enemy[1] == -1  # natural 8: red-bordered or not


def test_8_8_an_asterisk_in_the_red_region_brings_calgacus() -> None:
    state, box = _battle_state("Damnoni", 2)
    put(state, "Caledonii", units("Caledonii")[0], leader("Red"))
    ctx = context(state, (8,))  # 8 + 6 + 3 = 17: 10* (Damnoni's column)
    battles.start_battle(ctx, box, [II], ambush=False)
    assert state.battle.mons_graupius and state.leader_box[2] == box


def test_8_8_winning_mons_graupius_defeats_calgacus_and_clears_the_red_tribes() -> None:
    state, box = _battle_state("Caledonii", 2)
    put(state, "Caledonii", leader("Red"))
    put(state, "Taexali", units("Taexali")[0])
    ctx = context(state, (1,))
    battles.start_battle(ctx, box, [II], ambush=False)
    state.battle.stage, state.step = "finish", ""
    battles.run(ctx)
    assert state.mons_graupius and state.leader_box[2] == -1 and leader("Red") in state.dead
    assert units("Taexali")[0] in state.cups[UNFRIENDLY]
