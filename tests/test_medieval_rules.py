"""One named test per sentence of the variant's rule text
(``shared/rules/medieval-italia-britannia-variant.txt``), numbered S1..S30 as in
``docs/games/medieval.md``, plus the bad inputs issue 19 names. Each builds a position by
hand (``games/medieval/position.py``) and plays it through ``Game.apply``.
"""

from __future__ import annotations

import pytest

from italia_kit.core import Action, Context, EventLog, Game, IllegalActionError, Randomness
from italia_kit.games.medieval import battle, scoring
from italia_kit.games.medieval.actions import EndMovement, Fight, Move, Place, Retreat, Submit
from italia_kit.games.medieval.position import at_nation_turn, position
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World

WORLD = World()


def _unit(game: Game[MedievalState], power: str, zone: str, n: int = 0) -> int:
    return sorted(u.id for u in game.state.units_in(zone, power))[n]


def _refused(game: Game[MedievalState], action: Action, rule_part: str) -> None:
    before = game.state.to_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert rule_part in err.value.rule, err.value
    assert game.state.to_json() == before


# -- movement -----------------------------------------------------------------------------
def test_s1_the_nation_turn_is_britannias_population_arrivals_movement_battles() -> None:
    """S1 "They assume you know how to play Britannia": a nation-turn runs Britannia's phases."""
    game = at_nation_turn({"Venetians": {"Venice": 2}}, power="Venetians", turn=7)
    kinds = [e.kind for e in game.log]
    assert kinds.index("population") < kinds.index("arrive") < kinds.index("movement")


def test_s2_three_movement_points_four_with_a_leader() -> None:
    game = position(
        {"Lombards": {"Milan": 1, "Friuli": 1}},
        active="Lombards",
        leaders=[("Lombards", "Friuli", "Alboin")],
    )
    plain, led = _unit(game, "Lombards", "Milan"), _unit(game, "Lombards", "Friuli")
    assert game.state.units[plain].mp == 3 and game.state.units[led].mp == 4
    for to in ("Brescia", "Mantua", "Parma"):
        game.apply(Move("Lombards", plain, to))
    assert game.state.units[plain].mp == 0
    assert not [a for a in game.legal_actions() if isinstance(a, Move) and a.unit == plain]
    _refused(game, Move("Lombards", plain, "Bologna"), "movement points")


def test_s3_entering_mountain_costs_one_extra_point() -> None:
    game = position({"Lombards": {"Milan": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Milan")
    game.apply(Move("Lombards", u, "Alps"))
    assert game.state.units[u].mp == 1


def test_s4_units_need_not_stop_on_entering_mountain() -> None:
    game = position({"Lombards": {"Milan": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Milan")
    game.apply(Move("Lombards", u, "Alps"))
    game.apply(Move("Lombards", u, "Friuli"))
    assert game.state.units[u].zone == "Friuli"


def test_s5_marsh_affects_combat_not_movement() -> None:
    game = position({"Lombards": {"Friuli": 1}, "Venetians": {"Venice": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Friuli")
    game.apply(Move("Lombards", u, "Venice"))
    assert game.state.units[u].mp == 2  # marsh: one point, like clear
    defender_side = game.state.units[_unit(game, "Venetians", "Venice")]
    assert battle.hit_number(WORLD, game.state, game.state.units[u], True, "Venice") == 6
    assert battle.hit_number(WORLD, game.state, defender_side, False, "Venice") == 5


@pytest.mark.parametrize(("turn", "terrain", "attacker_needs"), [(6, "clear", 5), (7, "marsh", 6)])
def test_s6_mantua_is_clear_on_turns_1_to_6_and_marsh_after(
    turn: int, terrain: str, attacker_needs: int
) -> None:
    game = position({"Lombards": {"Brescia": 1}}, active="Lombards", turn=turn)
    assert WORLD.terrain("Mantua", turn) == terrain
    u = _unit(game, "Lombards", "Brescia")
    game.apply(Move("Lombards", u, "Mantua"))
    assert game.state.units[u].mp == 2
    assert battle.hit_number(WORLD, game.state, game.state.units[u], True, "Mantua") == (
        attacker_needs
    )


def test_s7_a_power_with_boats_pays_two_to_enter_a_sea_and_two_between_seas() -> None:
    game = position(
        {"Byzantines": {"Istria": 1}},
        active="Byzantines",
        leaders=[("Byzantines", "Istria", "Narses")],
    )
    u = _unit(game, "Byzantines", "Istria")
    game.apply(Move("Byzantines", u, "Adriatic"))
    assert game.state.units[u].mp == 2
    game.apply(Move("Byzantines", u, "Ionian"))
    assert game.state.units[u].mp == 0 and game.state.units[u].zone == "Ionian"


def test_s8_powers_without_boats_may_not_move_into_sea_zones() -> None:
    game = position({"Lombards": {"Friuli": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Friuli")
    assert Move("Lombards", u, "Adriatic") not in game.legal_actions()
    _refused(game, Move("Lombards", u, "Adriatic"), "boats")


def test_s9_native_and_foreign_powers_are_a_data_flag_only() -> None:
    """S9 "Note the rules on Native and Foreign powers": those rules are not found (facts
    1.9); each power carries the flag, reconstructed, and no rule reads it."""
    for p in WORLD.scenario.powers:
        assert isinstance(p.native, bool)
        assert "facts 1.9" in p.provenance["native"]


def test_s10_superior_units_are_as_easy_to_hit_as_normal_units() -> None:
    game = position(
        {"Byzantines": {"Ravenna": 2}, "Ostrogoths": {"Bologna": 1}},
        active="Byzantines",
        superior=["Byzantines"],
    )
    state = game.state
    byz = state.units[_unit(game, "Byzantines", "Ravenna")]
    goth = state.units[_unit(game, "Ostrogoths", "Bologna")]
    assert battle.hit_number(WORLD, state, byz, True, "Bologna") == 4  # superior: hit on 4-6
    # the defender's die is the same whatever it aims at: 5-6 against superior units too
    assert battle.hit_number(WORLD, state, goth, False, "Bologna") == 5
    # and a superior defender gets no better terrain or protection than a normal one
    assert battle.hit_number(WORLD, state, goth, True, "Ravenna") == 6  # marsh defends the area


# -- submission ---------------------------------------------------------------------------
def _attack(game: Game[MedievalState], power: str, frm: str, to: str, n: int = 1) -> None:
    for _ in range(n):
        game.apply(Move(power, _unit(game, power, frm, 0), to))
    game.apply(EndMovement(power))


def test_s11_only_the_listed_powers_may_receive_submissions() -> None:
    state = MedievalState(turn=2)
    assert battle.may_submit(WORLD, state, "Spoletians", "Lombards") is None
    assert "may receive" in str(battle.may_submit(WORLD, state, "Spoletians", "Byzantines"))


def test_s12_only_the_listed_powers_may_submit() -> None:
    state = MedievalState(turn=2)
    assert "may submit" in str(battle.may_submit(WORLD, state, "Romans", "Lombards"))
    assert battle.may_submit(WORLD, state, "Papacy", "Lombards") is None


def test_s13_at_most_three_areas_and_under_attack_by_the_receiver() -> None:
    four = position(
        {
            "Lombards": {"Perugia": 2},
            "Spoletians": {"Spoleto": 1, "Rome": 1, "Ancona": 1, "Abruzzi": 1},
        },
        active="Lombards",
        turn=2,
        seed=1,
    )
    _attack(four, "Lombards", "Perugia", "Spoleto")
    assert four.decision.kind != "submit"  # four areas: the battle is fought
    three = position(
        {"Lombards": {"Perugia": 2}, "Spoletians": {"Spoleto": 1, "Rome": 1, "Ancona": 1}},
        active="Lombards",
        turn=2,
    )
    _attack(three, "Lombards", "Perugia", "Spoleto")
    assert three.decision.kind == "submit" and three.decision.actor == "Spoletians"
    _refused(three, Submit("Spoletians", "Franks"), "submission")


def test_s14_submission_comes_before_any_combat_round() -> None:
    game = position(
        {"Lombards": {"Perugia": 2}, "Spoletians": {"Spoleto": 1}}, active="Lombards", turn=2
    )
    _attack(game, "Lombards", "Perugia", "Spoleto")
    start = len(game.log)
    game.apply(Submit("Spoletians", "Lombards"))
    assert "roll" not in [e.kind for e in game.log.since(start)]
    assert game.state.submissions[0]["submitter"] == "Spoletians"


def test_s15_attackers_go_back_or_on_with_unused_points_into_a_friendly_area() -> None:
    game = position(
        {"Lombards": {"Perugia": 1, "Rome": 1}, "Spoletians": {"Spoleto": 1}},
        active="Lombards",
        turn=2,
    )
    _attack(game, "Lombards", "Perugia", "Spoleto")
    game.apply(Submit("Spoletians", "Lombards"))
    assert game.decision.kind == "withdraw"
    options = {a.to for a in game.legal_actions()}
    assert options == {"", "Rome"}  # back to Perugia, or on into Lombard-held Rome
    game.apply(Retreat("Lombards", ""))
    assert game.state.units_in("Perugia", "Lombards") and not game.state.units_in(
        "Spoleto", "Lombards"
    )


def test_s16_an_attack_from_the_arrival_chart_makes_the_defender_retreat() -> None:
    game = position(
        {"Lombards": {"Spoleto": 2}, "Spoletians": {"Spoleto": 1}},
        active="Lombards",
        turn=2,
        appeared=[("Lombards", "Spoleto")],
    )
    game.apply(EndMovement("Lombards"))
    game.apply(Submit("Spoletians", "Lombards"))
    assert game.decision.kind == "retreat" and game.decision.actor == "Spoletians"
    to = game.legal_actions()[0]
    assert isinstance(to, Retreat)
    game.apply(to)
    assert game.state.units_in(to.to, "Spoletians") and game.state.units_in("Spoleto", "Lombards")


def test_s17_no_submission_to_a_power_of_the_same_player() -> None:
    state = MedievalState(turn=4)
    assert WORLD.faction("Neapolitans") == WORLD.faction("Lombards")
    assert "same player" in str(battle.may_submit(WORLD, state, "Neapolitans", "Lombards"))
    game = position(
        {"Lombards": {"Gaeta": 2}, "Neapolitans": {"Naples": 1}}, active="Lombards", turn=4
    )
    _attack(game, "Lombards", "Gaeta", "Naples")
    assert game.decision.kind != "submit"
    _refused(game, Submit("Neapolitans", "Lombards"), "")


def test_s18_a_power_may_submit_to_several_powers() -> None:
    state = MedievalState(turn=2)
    state.submissions.append(
        {
            "submitter": "Papacy",
            "receiver": "Lombards",
            "submitter_scored": False,
            "receiver_scored": False,
        }
    )
    assert battle.may_submit(WORLD, state, "Papacy", "Franks") is None


def _scored(state: MedievalState, power: str, held: list[str]) -> float:
    ctx = Context(state, Randomness(0), EventLog())
    before = state.vp.get(power, 0.0)
    scoring.score_power(ctx, WORLD, power, scoring.rules_for(WORLD, power, state.turn, False), held)
    return state.vp[power] - before


def _submitted(
    turn: int, submitter: str, receiver: str, armies: dict[str, list[str]]
) -> MedievalState:
    state = MedievalState(turn=turn)
    for power, zones in armies.items():
        for z in zones:
            state.add_unit(power, "army", z)
    state.submissions.append(
        {
            "submitter": submitter,
            "receiver": receiver,
            "submitter_scored": False,
            "receiver_scored": False,
        }
    )
    return state


def test_s19_the_receiver_scores_the_submitters_areas_at_half_value() -> None:
    state = _submitted(
        4, "Papacy", "Lombards", {"Lombards": ["Milan"], "Papacy": ["Rome", "Spoleto"]}
    )
    # Lombards, turn 4 (M-V4 block B): Milan 3, others 1.5: own 3, Papacy's (1.5 + 1.5) / 2
    assert _scored(state, "Lombards", ["Milan"]) == 3 + 1.5
    assert state.submissions[0]["receiver_scored"]


def test_s20_the_submitter_scores_its_own_areas_at_half_value() -> None:
    state = _submitted(3, "Papacy", "Lombards", {"Papacy": ["Rome", "Spoleto"]})
    # Papacy, turn 3 (reconstructed): Rome 12, Spoleto 6: half of 18
    assert _scored(state, "Papacy", ["Rome", "Spoleto"]) == 9
    assert state.submissions[0]["submitter_scored"]


def test_s21_no_attacks_between_them_until_both_have_scored() -> None:
    armies = {"Papacy": {"Perugia": 2}, "Lombards": {"Spoleto": 1}}
    game = position(
        armies, active="Papacy", turn=3, submissions=[("Papacy", "Lombards", True, False)]
    )
    _refused(game, Move("Papacy", _unit(game, "Papacy", "Perugia"), "Spoleto"), "submission")
    assert not [a for a in game.legal_actions() if isinstance(a, Move) and a.to == "Spoleto"]
    after = position(armies, active="Papacy", turn=3)  # both have scored: the truce is over
    after.apply(Move("Papacy", _unit(after, "Papacy", "Perugia"), "Spoleto"))


def test_s22_the_receiver_moves_through_the_submitter() -> None:
    game = position(
        {"Lombards": {"Perugia": 1}, "Spoletians": {"Spoleto": 1}},
        active="Lombards",
        turn=2,
        submissions=[("Spoletians", "Lombards", False, False)],
    )
    u = _unit(game, "Lombards", "Perugia")
    game.apply(Move("Lombards", u, "Spoleto"))
    game.apply(Move("Lombards", u, "Rome"))  # no stop, no overrun needed
    game.apply(EndMovement("Lombards"))
    assert not [e for e in game.log if e.kind == "battle"]


# -- city-state minima and reinforcements -------------------------------------------------
def test_s23_listed_powers_are_topped_up_to_two_at_the_start_of_their_nation_turn() -> None:
    game = at_nation_turn({"Venetians": {"Venice": 1}}, power="Venetians", turn=3)
    assert WORLD.strength(game.state, "Venetians") == 2
    assert [e for e in game.log if e.kind == "minima"]
    full = at_nation_turn({"Venetians": {"Venice": 2}}, power="Venetians", turn=3)
    assert not [e for e in full.log if e.kind == "minima"]


def test_s24_minima_arrive_at_the_listed_places() -> None:
    game = at_nation_turn({}, power="Piedmontese", turn=7)
    assert game.decision.kind == "place"
    assert [a.zone for a in game.legal_actions()] == ["Turin", "Aosta"]
    lombards = at_nation_turn({"Franks": {"Alps": 1}}, power="Lombards", turn=4)
    assert [a.zone for a in lombards.legal_actions()] == ["Friuli", "Mantua"]


def test_s25_a_power_at_zero_restarts_its_population_at_one_and_a_half() -> None:
    game = at_nation_turn({}, power="Venetians", turn=3)
    assert game.state.population["Venetians"] == 1.5
    assert [e for e in game.log if e.kind == "population" and "1.5" in e.text]


def test_s26_land_reinforcements_appear_at_the_start_of_the_nation_turn() -> None:
    game = at_nation_turn({}, power="Papacy", turn=2)
    kinds = [e.kind for e in game.log]
    assert kinds.index("arrive") < kinds.index("movement")
    assert len(game.state.units_in("Rome", "Papacy")) == 3


def test_s27_a_choice_of_place_is_made_when_they_arrive() -> None:
    game = at_nation_turn({}, power="Florentines", turn=2)
    assert game.decision.kind == "place" and game.decision.actor == "Florentines"
    game.apply(Place("Florentines", "Siena"))
    assert len(game.state.units_in("Siena", "Florentines")) == 2
    assert game.decision.kind == "move"


def test_s28_a_reinforcement_in_an_occupied_area_must_attack() -> None:
    game = at_nation_turn({"Lombards": {"Naples": 1}}, power="Neapolitans", turn=2)
    arrivals = game.state.units_in("Naples", "Neapolitans")
    assert len(arrivals) == 2 and all(u.appeared for u in arrivals)
    assert not [a for a in game.legal_actions() if isinstance(a, Move)]
    game.apply(EndMovement("Neapolitans"))
    assert [e for e in game.log if e.kind == "battle" and e.data["zone"] == "Naples"]


def test_s29_terrain_does_not_protect_against_units_that_appear_but_does_against_helpers() -> None:
    game = position(
        {"Piedmontese": {"Aosta": 1, "Turin": 1}, "Franks": {"Aosta": 1}},
        active="Piedmontese",
        turn=7,
        appeared=[("Piedmontese", "Aosta")],
    )
    state = game.state
    appeared = state.units[_unit(game, "Piedmontese", "Aosta")]
    helper = state.units[_unit(game, "Piedmontese", "Turin")]
    assert battle.hit_number(WORLD, state, appeared, True, "Aosta") == 5
    game.apply(Move("Piedmontese", helper.id, "Aosta"))
    assert battle.hit_number(WORLD, state, state.units[helper.id], True, "Aosta") == 6


def test_s30_others_may_leave_once_two_to_one_or_a_full_stack() -> None:
    game = position(
        {"Lombards": {"Brescia": 4}, "Venetians": {"Mantua": 1}}, active="Lombards", turn=4
    )
    ids = sorted(u.id for u in game.state.units_in("Brescia", "Lombards"))
    for i in ids[:2]:
        game.apply(Move("Lombards", i, "Mantua"))
    # 2 against 1: 2:1, but a third that leaves would break it
    _refused(game, Move("Lombards", ids[0], "Ferrara"), "2:1")
    game.apply(Move("Lombards", ids[2], "Mantua"))
    game.apply(Move("Lombards", ids[0], "Ferrara"))  # 2 stay against 1: 2:1 holds
    assert game.state.units[ids[0]].zone == "Ferrara"


# -- bad input ----------------------------------------------------------------------------
def test_bad_input_a_move_over_its_movement_points_is_refused() -> None:
    game = position({"Lombards": {"Brescia": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Brescia")
    game.apply(Move("Lombards", u, "Milan"))
    game.apply(Move("Lombards", u, "Novara"))
    _refused(game, Move("Lombards", u, "Aosta"), "movement points")  # mountain: 2 > 1


def test_bad_input_another_powers_unit_or_a_non_neighbour_is_refused() -> None:
    game = position({"Lombards": {"Brescia": 1}, "Franks": {"Turin": 1}}, active="Lombards")
    _refused(game, Move("Lombards", _unit(game, "Franks", "Turin"), "Aosta"), "movement")
    _refused(game, Move("Lombards", _unit(game, "Lombards", "Brescia"), "Rome"), "movement")
    _refused(game, Move("Franks", _unit(game, "Franks", "Turin"), "Aosta"), "sequence")
    _refused(game, Fight("Lombards"), "Britannia")


# -- the arrival chart's turn entries (M-A turn 1) -----------------------------------------
def test_chart_1_the_romans_may_not_attack_the_ostrogoths_on_turn_1() -> None:
    game = position({"Romans": {"Rome": 1}, "Ostrogoths": {"Siena": 1}}, active="Romans")
    u = _unit(game, "Romans", "Rome")
    assert Move("Romans", u, "Siena") not in game.legal_actions()
    _refused(game, Move("Romans", u, "Siena"), "M-A")
    later = position({"Romans": {"Rome": 1}, "Ostrogoths": {"Siena": 1}}, active="Romans", turn=2)
    later.apply(Move("Romans", _unit(later, "Romans", "Rome"), "Siena"))


def test_chart_2_the_byzantines_move_through_the_romans_without_a_battle() -> None:
    game = position(
        {"Byzantines": {"Tyrrhenian": 2}, "Romans": {"Naples": 1}},
        active="Byzantines",
        superior=["Byzantines"],
    )
    for u in sorted(x.id for x in game.state.units_in("Tyrrhenian", "Byzantines")):
        game.apply(Move("Byzantines", u, "Naples"))
        game.apply(Move("Byzantines", u, "Benevento"))
    game.apply(EndMovement("Byzantines"))
    assert not [e for e in game.log if e.kind == "battle"]
    assert len(game.state.units_in("Benevento", "Byzantines")) == 2


def test_arrival_with_nowhere_to_go_does_not_come() -> None:
    """Charlemagne arrives "not necessarily where Pepin was" (M-A turn 2): in a Frankish
    area; with none left on the board he does not come (reconstructed), and the game goes on."""
    game = position({"Lombards": {"Milan": 1}}, active="Franks", turn=2, major=True)
    game.apply(EndMovement("Franks"))
    assert [e for e in game.log if e.kind == "no_arrival" and "Charlemagne" in e.text]
    assert game.decision is not None and game.decision.kind == "move"
