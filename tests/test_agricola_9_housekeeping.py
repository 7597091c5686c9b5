"""Agricola 3.0 (set-up), 9.1-9.8 (Housekeeping) and 10.0 (game end), one test per step,
example and trigger."""

from __future__ import annotations

from collections import Counter

import pytest

from italia_kit.core import IllegalActionError
from italia_kit.games.agricola import housekeeping as hk
from italia_kit.games.agricola import new_game
from italia_kit.games.agricola.actions import (
    AssignAuxiliary,
    BuyAuxiliary,
    BuyVictoryPoint,
    Done,
    PlaceAgricola,
    PublicWorks,
    Recruit,
)
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.mechanics import check_legions, spend
from italia_kit.games.agricola.romanization import resolve_dead_pool
from italia_kit.games.agricola.state import BATTLE, FRIENDLY, HOSTILE, UNFRIENDLY
from italia_kit.games.agricola.tables import COUNTERS, ONE_AQUILA, SETTLEMENTS, THRESHOLDS

from .agricola_helpers import II, IX, XX, blank, context, game, into_cup, leader, put, take, units

# -- 3.0 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_3_0_set_up(seed: int) -> None:
    g = new_game(seed)
    s = g.state
    tribes = Counter(COUNTERS[c].tribe for stack in s.stacks for c in stack)
    assert (
        tribes["Ordovices"] >= 2
        and min(tribes[t] for t in ("Silures", "Demetae", "Deceangli")) >= 1
    )
    green = sum(n for t, n in tribes.items() if COUNTERS[units(t)[0]].region == "Green")
    assert green == 4
    assert not any(e.kind == "internecine" for e in g.log)  # 3.0: no Internecine War
    assert sorted(s.cups[BATTLE]) == [c.id for c in COUNTERS if c.sort == "battle"]
    red = {c.id for c in COUNTERS if c.region == "Red"}
    assert red <= set(s.cups[UNFRIENDLY])
    assert (s.actions_left, s.income, s.treasury, s.vp) == (3, 3, 4, 0)
    assert s.step == "place_agricola"
    g.apply(PlaceAgricola(XX))
    for _ in range(4):
        assert g.state.step == "assign_auxiliary"
        g.apply(AssignAuxiliary(II))
    aux = [c for c in g.state.holding[II] if COUNTERS[c].sort == "tribal"]
    assert len(aux) == 4 and all(COUNTERS[c].region == "Blue" for c in aux)
    assert g.state.step == "act" and g.state.agricola == XX


def test_3_0_holding_boxes() -> None:
    s = new_game(1).state
    levels = [
        sorted(3 if c in s.three else 1 if c in ONE_AQUILA else 2 for c in h) for h in s.holding
    ]
    assert levels == [[1, 1, 1], [1, 2, 2], [2, 2, 3]]


# -- 9.1-9.3 -----------------------------------------------------------------------------


def test_9_1_a_crowded_box_raids_each_unguarded_settlement_and_camp_for_2() -> None:
    state = blank(treasury=9)
    put(state, "Silures", *units("Silures")[:3])
    state.legion_box[II] = BOX["Dubunni"]  # Isca Augusta is left unguarded
    state.settlement[BOX["Demetae"]] = SETTLEMENTS[0]
    take(state, SETTLEMENTS[0])
    ctx = context(state)
    hk.raids(ctx)
    assert state.treasury == 5  # Isca Augusta and the Demetae's Settlement
    guarded = blank(treasury=9)
    put(guarded, "Silures", *units("Silures")[:3])
    hk.raids(context(guarded))
    assert guarded.treasury == 9


def test_9_1_two_units_and_a_leader_also_raid_and_zero_treasury_loses() -> None:
    state = blank(treasury=2)
    put(state, "Silures", *units("Silures")[:2], leader("Tan"))
    state.legion_box[II] = BOX["Dubunni"]
    ctx = context(state)
    hk.raids(ctx)
    assert state.treasury == 0 and state.result.startswith("lost: the Treasury")


def test_9_2_leaders_leave_but_calgacus_and_crowds_shrink() -> None:
    state = blank()
    put(state, "Silures", *units("Silures")[:3], leader("Tan"))
    put(state, "Caledonii", units("Caledonii")[0], leader("Red"))
    put(state, "Iceni", units("Iceni")[0])
    state.settlement[BOX["Corieltavvi"]] = SETTLEMENTS[0]
    state.plus3 = [SETTLEMENTS[0]]
    take(state, SETTLEMENTS[0])
    ctx = context(state)
    hk.de_escalation(ctx)
    assert leader("Tan") in state.cups[UNFRIENDLY] and state.leader_box[2] == BOX["Caledonii"]
    assert len(state.stacks[BOX["Silures"]]) == 2
    assert not state.stacks[BOX["Iceni"]]  # a "+3" in the Blue region: every box loses one


def test_9_3_romanization_priorities_and_the_blue_exception() -> None:
    state = blank()
    # Tan: tribes and no Roman presence -> Hostile
    put(state, "Silures", units("Silures")[0])
    dead_tan = units("Demetae")[0]
    # Green: tribes and a Garrison -> Unfriendly
    put(state, "Parisi", units("Parisi")[0])
    state.garrison[BOX["Brigantes"]] = ONE_AQUILA[-1]
    take(state, ONE_AQUILA[-1])
    dead_green = units("Cornovvi")[0]
    # Red: no tribes, no "+3" -> Unfriendly; Blue with tribes and no presence -> Hostile
    dead_red = units("Caledonii")[0]
    put(state, "Iceni", units("Iceni")[0])
    dead_blue = units("Dubunni")[0]
    for c in (dead_tan, dead_green, dead_red, dead_blue, leader("Green")):
        take(state, c)
        state.dead.append(c)
    ctx = context(state)
    resolve_dead_pool(ctx, "9.3")
    assert dead_tan in state.cups[HOSTILE] and dead_blue in state.cups[HOSTILE]
    assert dead_green in state.cups[UNFRIENDLY] and dead_red in state.cups[UNFRIENDLY]
    assert state.dead == [leader("Green")]  # leaders stay


def test_9_3_no_tribes_and_a_plus3_settlement_go_friendly_and_blue_with_presence_too() -> None:
    state = blank()
    state.settlement[BOX["Silures"]] = SETTLEMENTS[0]
    state.plus3 = [SETTLEMENTS[0]]
    take(state, SETTLEMENTS[0])
    dead_tan, dead_blue = units("Demetae")[0], units("Iceni")[0]
    put(state, "Dubunni", units("Dubunni")[0])
    state.legion_box[II] = BOX["Catuvellani"]
    for c in (dead_tan, dead_blue):
        take(state, c)
        state.dead.append(c)
    resolve_dead_pool(context(state), "9.3")
    assert dead_tan in state.cups[FRIENDLY] and dead_blue in state.cups[FRIENDLY]


# -- 9.4-9.7 -----------------------------------------------------------------------------


def test_9_4_example_treasury_2_and_income_4_make_6_and_the_track_stops_at_13() -> None:
    state = blank(treasury=2, income=4)
    hk.step(context(state), 4)
    assert state.treasury == 6
    state = blank(treasury=11, income=4)
    hk.step(context(state), 4)
    assert state.treasury == 13


def _housekeeping(step: str, **changes: object) -> object:
    state = blank(phase="housekeeping", step=step, **changes)
    state.queue = [("hk", 8)] if step == "spend_vp" else [("hk", 7), ("hk", 8)]
    return state


def test_9_5_red_units_go_hostile_leaders_unfriendly_and_an_empty_cup_costs_no_coin() -> None:
    state = _housekeeping("buy_auxiliary")
    into_cup(state, FRIENDLY, units("Caledonii")[0], leader("Green"))
    g = game(state)
    g.apply(BuyAuxiliary())
    assert units("Caledonii")[0] in g.state.cups[HOSTILE]
    assert leader("Green") in g.state.cups[UNFRIENDLY]
    assert g.state.treasury == 10 and g.state.step != "assign_auxiliary"


def test_9_5_an_auxiliary_costs_a_coin_and_joins_the_legion_chosen() -> None:
    state = _housekeeping("buy_auxiliary")
    into_cup(state, FRIENDLY, units("Iceni")[0])
    g = game(state)
    g.apply(BuyAuxiliary())
    assert g.state.step == "assign_auxiliary" and g.state.treasury == 9
    g.apply(AssignAuxiliary(IX))
    assert units("Iceni")[0] in g.state.holding[IX]


def test_9_5_no_more_than_two_auxiliaries_per_legionary_unit() -> None:
    state = _housekeeping("buy_auxiliary")
    state.holding[II] = state.holding[II][:1] + units("Iceni") + [units("Dubunni")[0]]
    state.legion_box[II] = BOX["Isca Augusta"]
    state.ask = [units("Dubunni")[1]]
    take(state, units("Dubunni")[1])
    state.force.append(units("Dubunni")[1])
    state.step = "assign_auxiliary"
    g = game(state)
    with pytest.raises(IllegalActionError) as err:
        g.apply(AssignAuxiliary(II))
    assert err.value.rule == "9.5"


def test_9_6_public_works_is_a_two_turn_process() -> None:
    state = _housekeeping("public_works")
    state.garrison[BOX["Silures"]] = ONE_AQUILA[-1]
    take(state, ONE_AQUILA[-1])
    ctx = context(state)
    hk.public_works(ctx, BOX["Silures"])
    assert state.settlement[BOX["Silures"]] >= 0 and state.treasury == 8
    assert ONE_AQUILA[-1] in state.force  # the Garrison counter goes back
    with pytest.raises(IllegalActionError) as err:
        hk.public_works(ctx, BOX["Silures"])  # not "+3" in the same phase
    assert err.value.rule == "9.6"
    state.done = []  # the next Housekeeping Phase
    hk.public_works(ctx, BOX["Silures"])
    assert state.settlement[BOX["Silures"]] in state.plus3 and state.income == 5


def test_9_6_through_the_game_the_step_closes_when_nothing_is_left_to_build() -> None:
    state = _housekeeping("public_works")
    state.garrison[BOX["Silures"]] = ONE_AQUILA[-1]
    take(state, ONE_AQUILA[-1])
    g = game(state)
    g.apply(PublicWorks(BOX["Silures"]))
    assert g.state.step == "spend_vp"


def test_9_7_scoring_sources() -> None:
    state = blank(vp=10)
    state.settlement[BOX["Silures"]] = SETTLEMENTS[0]
    state.plus3 = [SETTLEMENTS[0]]
    take(state, SETTLEMENTS[0])
    state.dead.append(leader("Green"))
    take(state, leader("Green"))
    put(state, "Parisi", units("Parisi")[0])
    hk.victory_points(context(state))
    # one "+3", three empty regions (all but Green), one three-aquila unit, one dead leader
    assert state.vp == 10 + 1 + 3 + 1 + 1


def test_9_7_example_9_coins_buy_3_vp_and_recruits_cost_3_5_8() -> None:
    state = _housekeeping("spend_vp", treasury=10, vp=20)
    g = game(state)
    for _ in range(3):
        g.apply(BuyVictoryPoint())
    assert g.state.vp == 23 and g.state.treasury == 1
    g.apply(Recruit((II, IX)))
    assert g.state.vp == 18 and len(g.state.holding[II]) == 4
    assert hk.RECRUIT_COST == {1: 3, 2: 5, 3: 8}


def test_9_7_recruits_join_only_legions_in_a_camp_and_keep_the_three_times_rule() -> None:
    state = _housekeeping("spend_vp", vp=20)
    state.legion_box[IX] = BOX["Parisi"]
    with pytest.raises(IllegalActionError):
        hk.check_recruit(state, (IX,))
    state.holding[XX] = state.holding[XX][:1]
    with pytest.raises(IllegalActionError) as err:
        hk.check_recruit(state, (II,))  # II would have 4, XX 1
    assert err.value.rule == "9.7"


def test_9_7_missing_the_threshold_loses() -> None:
    state = _housekeeping("spend_vp", vp=THRESHOLDS[0] - 1)
    g = game(state)
    g.apply(Done())
    assert g.state.result.startswith("lost") and "(9.7)" in g.state.result


def test_9_7_turn_8_subtracts_the_tribes_left_and_calgacus_on_the_map_loses() -> None:
    state = blank(turn=8, vp=80)
    put(state, "Silures", *units("Silures")[:2])
    hk.victory_points(context(state))
    assert state.vp == 80 + 3 + 1 - 2  # three empty regions, one veteran, two tribes left
    won = _housekeeping("spend_vp", turn=8, vp=80)
    g = game(won)
    g.apply(Done())
    assert g.state.result == "won"
    calgacus = _housekeeping("spend_vp", turn=8, vp=80)
    put(calgacus, "Caledonii", units("Caledonii")[0], leader("Red"))
    g = game(calgacus)
    g.apply(Done())
    assert "Calgacus" in g.state.result


def test_9_8_next_turn_five_actions_cup_adjustments_and_the_refill_to_eight() -> None:
    state = blank(phase="housekeeping")
    into_cup(state, HOSTILE, *units("Silures"), *units("Brigantes"), *units("Votadini"))
    state.queue = [("hk", 8)]
    g = game(state)
    assert g.state.turn == 2 and g.state.actions_left == 5
    on_map = sum(len(s) for s in g.state.stacks)
    assert on_map >= 8 or not g.state.cups[HOSTILE]


# -- 10.0 --------------------------------------------------------------------------------


def test_10_0_a_legion_without_legionary_units_loses() -> None:
    state = blank()
    state.holding[II] = []
    ctx = context(state)
    check_legions(ctx)
    assert "II Augusta" in state.result


def test_10_0_an_empty_treasury_loses() -> None:
    state = blank(treasury=2)
    ctx = context(state)
    spend(ctx, 2, "9.1", "a raid")
    assert state.result == "lost: the Treasury reached zero (10.0)"
