"""Roma's engineering (10.1), land movement and embarkation (11.1-11.2), naval movement and
interdiction (12.1-12.5) and combat (13.1-13.22): one test per rule subtlety."""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError
from italia_kit.games.roma.actions import (
    Attack,
    Declare,
    Done,
    Embark,
    Engineer,
    Interdict,
    Land,
    March,
    Sail,
    Strike,
    Withdraw,
)
from italia_kit.games.roma.battle import withdraw_options
from italia_kit.games.roma.combat import ratio_bonus, round_half_up

from .roma_helpers import position


def test_11_1_march_into_an_empty_enemy_territory_takes_it_and_its_ships_13_22() -> None:
    game = position(
        "land",
        legions={"Roma": {"ITALIA": 3}},
        ships={"Campania": {"CARTAGINE": 2}, "Roma": {"ITALIA": 5}},
        control={"Campania": "CARTAGINE"},
    )
    game.apply(March("ITALIA", "Roma", "Campania", 2))
    state = game.state
    assert state.control["Campania"] == "ITALIA" and "Campania" in state.conquered
    # ITALIA has 1 ship left in its supply: one ship passes to it, the other is destroyed
    assert state.ships["Campania"] == {"ITALIA": 1}
    with pytest.raises(IllegalActionError) as err:
        game.apply(March("ITALIA", "Campania", "Samnium", 1))  # moved already
    assert err.value.rule == "11.1"


def test_11_1_no_march_into_enemy_legions_that_is_an_attack() -> None:
    game = position("land", legions={"Roma": {"ITALIA": 3}, "Etruria": {"CARTAGINE": 1}})
    with pytest.raises(IllegalActionError) as err:
        game.apply(March("ITALIA", "Roma", "Etruria", 1))
    assert err.value.rule == "11.1" and "13.2" in str(err.value)


def test_the_map_no_march_that_makes_eleven_legions() -> None:
    game = position("land", legions={"Roma": {"ITALIA": 3}, "Etruria": {"ITALIA": 9}})
    with pytest.raises(IllegalActionError) as err:
        game.apply(March("ITALIA", "Roma", "Etruria", 2))
    assert err.value.rule == "The Map"


def test_11_2_four_legions_a_ship() -> None:
    game = position("land", legions={"Roma": {"ITALIA": 6}}, ships={"Roma": {"ITALIA": 1}})
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Embark("ITALIA", "Roma", 5))
    assert err.value.rule == "11.2" and game.state_json() == before
    game.apply(Embark("ITALIA", "Roma", 4))
    assert game.state.cargo["Roma"] == {"ITALIA": 4}


def test_12_1_two_sea_zones_leaving_port_costs_one() -> None:
    game = position("naval", ships={"Roma": {"ITALIA": 2}}, cargo={"Roma": {"ITALIA": 5}})
    with pytest.raises(IllegalActionError) as err:
        game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum", "Mare Siculum", "Mare Ionium"), 2, 5))
    assert err.value.rule == "12.1"
    with pytest.raises(IllegalActionError) as err:
        game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum",), 1, 5))  # 5 legions on 1 ship
    assert err.value.rule == "11.2"
    game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum", "Mare Siculum"), 2, 5))
    assert game.state.ships["Mare Siculum"] == {"ITALIA": 2}


def test_12_3_the_occupant_decides_the_interdiction_and_needs_6() -> None:
    game = position("naval", ships={"Roma": {"ITALIA": 1}, "Mare Tyrrhenum": {"CARTAGINE": 1}})
    game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum", "Mare Siculum"), 1, 0))
    decision = game.decision
    assert decision is not None and (decision.actor, decision.rule) == ("CARTAGINE", "12.3")
    game.script_dice([5])
    game.submit("CARTAGINE", Interdict("CARTAGINE", True))
    assert game.state.ships["Mare Siculum"] == {"ITALIA": 1}  # 5 + 0 fails: the fleet goes on


def test_12_3_a_successful_interdiction_is_a_battle_12_4() -> None:
    game = position(
        "naval",
        ships={"Roma": {"ITALIA": 1}, "Mare Tyrrhenum": {"CARTAGINE": 3}},
        options={"retreat_port": "lowest_number"},
    )
    game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum", "Mare Siculum"), 1, 0))
    game.script_dice([4])  # 4 + (3 - 1) + (1 - 1) = 6
    game.submit("CARTAGINE", Interdict("CARTAGINE", True))
    b = game.state.battle
    assert b is not None and b["cause"] == "interdiction" and b["d"] == {"CARTAGINE": 3}


def test_12_2_ending_a_move_among_enemy_ships_is_a_battle() -> None:
    game = position("naval", ships={"Roma": {"ITALIA": 2}, "Mare Siculum": {"CARTAGINE": 1}})
    game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum", "Mare Siculum"), 2, 0))
    game.submit("CARTAGINE", Interdict("CARTAGINE", False))  # not stopped, yet it must fight
    assert game.state.battle is None or game.state.battle["cause"] == "sea"
    assert any(e.kind == "battle" and e.rule == "12.2" for e in game.log)


def test_12_5_landing_in_an_empty_territory_takes_it() -> None:
    game = position(
        "landing",
        ships={"Mare Africum": {"ITALIA": 1}},
        cargo={"Mare Africum": {"ITALIA": 3}},
        control={"Byzacium": "CARTAGINE"},
    )
    game.apply(Land("ITALIA", "Mare Africum", "Byzacium", 3))
    assert game.state.legions["Byzacium"] == {"ITALIA": 3}
    assert game.state.control["Byzacium"] == "ITALIA"


def test_10_1_13_2_landing_or_across_a_mountain_rolls_one_die_without_engineering() -> None:
    game = position(
        "combat",
        legions={"Gallia Cisalpina": {"ITALIA": 4}, "Alpes": {"CARTAGINE": 1}},
        hands={"ITALIA": ["CIN"]},
    )
    game.apply(Attack("ITALIA", "Gallia Cisalpina", "Alpes", 2))
    assert any(e.kind == "battle" and e.data["one_die"] for e in game.log)
    engineered = position(
        "engineering",
        legions={"Gallia Cisalpina": {"ITALIA": 4}, "Alpes": {"CARTAGINE": 1}},
        hands={"ITALIA": ["CIN"]},
    )
    engineered.apply(Engineer("ITALIA", 1))
    engineered.apply(Done("ITALIA"))  # no land movement; no ships: on to the attacks
    engineered.apply(Attack("ITALIA", "Gallia Cisalpina", "Alpes", 2))
    battle = next(e for e in engineered.log if e.kind == "battle")
    assert not battle.data["one_die"] and engineered.state.hands["ITALIA"] == []


def test_13_1_ratio_rounded_half_up_and_the_bonus_each_round() -> None:
    assert round_half_up(3, 2) == 2 and round_half_up(7, 5) == 1 and round_half_up(5, 2) == 3
    assert [ratio_bonus(n, 2) for n in (2, 3, 4, 5, 6)] == [0, 2, 2, 3, 3]
    assert ratio_bonus(2, 4) == 0


def test_13_1_a_round_with_cards_declared_by_both_seats() -> None:
    game = position(
        "combat",
        legions={"Roma": {"ITALIA": 3}, "Etruria": {"CARTAGINE": 3}},
        hands={"ITALIA": ["CMT"], "CARTAGINE": ["CMT", "CMT"]},
    )
    game.apply(Attack("ITALIA", "Roma", "Etruria", 3))
    game.submit("ITALIA", Declare("ITALIA", 1))
    assert game.decision is not None and game.decision.actor == "CARTAGINE"
    game.submit("CARTAGINE", Declare("CARTAGINE", 2))
    game.script_dice([3, 3, 3, 3])
    game.submit("ITALIA", Withdraw("ITALIA", ""))  # fight on
    rounds = [e for e in game.log if e.kind == "round"]
    assert rounds[-1].data["a_score"] == 7 and rounds[-1].data["d_score"] == 8


def test_13_11_a_strike_by_7_costs_two() -> None:
    game = position("combat", legions={"Roma": {"ITALIA": 3}, "Etruria": {"CARTAGINE": 3}})
    game.apply(Attack("ITALIA", "Roma", "Etruria", 3))
    game.script_dice([6, 6, 1, 1])
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    loss = next(e for e in game.log if e.kind == "loss")
    assert loss.data["lost"] == ["CARTAGINE", "CARTAGINE"]


def test_13_11_at_sea_the_winner_may_sink_one_loaded_ship_instead() -> None:
    game = position(
        "naval",
        ships={"Roma": {"ITALIA": 2}, "Mare Tyrrhenum": {"CARTAGINE": 2}},
        cargo={"Mare Tyrrhenum": {"CARTAGINE": 4}},
    )
    game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum",), 2, 0))
    game.submit("CARTAGINE", Interdict("CARTAGINE", False))
    game.script_dice([6, 6, 1, 1])
    while game.decision is not None and game.decision.kind == "withdraw":
        seat = game.decision.actor
        game.submit(seat, Withdraw(seat, ""))
    assert game.decision is not None and game.decision.kind == "strike"
    game.submit("ITALIA", Strike("ITALIA", False))
    b = game.state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 1} and b["d_cargo"] == {}


def test_13_12_withdraw_to_the_nearest_friendly_port_the_choice_or_the_lowest_number() -> None:
    for reading, expect in (("choice", ["Roma", "Campania"]), ("lowest_number", ["Roma"])):
        game = position(
            "naval",
            ships={"Roma": {"ITALIA": 1}, "Mare Tyrrhenum": {"CARTAGINE": 1}},
            tents={"Campania": "ITALIA"},
            options={"retreat_port": reading},
        )
        game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum",), 1, 0))
        game.submit("CARTAGINE", Interdict("CARTAGINE", False))
        assert game.state.battle is not None
        assert sorted(withdraw_options(game.state, "ITALIA")) == sorted(expect)
        game.submit("ITALIA", Withdraw("ITALIA", expect[-1]))
        assert game.state.ships[expect[-1]] == {"ITALIA": 1}


def test_13_2_a_conquered_territory_changes_hands_and_may_not_be_a_port_this_turn() -> None:
    game = position(
        "combat",
        legions={"Roma": {"ITALIA": 5}, "Campania": {"CARTAGINE": 1}},
        control={"Campania": "CARTAGINE"},
    )
    game.apply(Attack("ITALIA", "Roma", "Campania", 5))
    game.script_dice([6, 5, 1, 1])
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    assert game.state.control["Campania"] == "ITALIA" and game.state.conquered == ["Campania"]
    assert game.state.legions["Campania"] == {"ITALIA": 5}


def test_12_5_a_landing_beyond_what_the_ships_carry_is_refused_and_changes_nothing() -> None:
    game = position(
        "landing", ships={"Mare Africum": {"ITALIA": 1}}, cargo={"Mare Africum": {"ITALIA": 3}}
    )
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Land("ITALIA", "Mare Africum", "Byzacium", 4))
    assert err.value.rule == "12.5" and game.state_json() == before
    with pytest.raises(IllegalActionError) as err:
        game.apply(Land("ITALIA", "Mare Africum", "Roma", 1))  # not a coast of that sea
    assert err.value.rule == "12.5" and game.state_json() == before


def test_12_3_note_the_interceptors_allies_join_or_leave_the_sea_zone() -> None:
    from italia_kit.games.roma.actions import Join

    for leave_to in ("", "Mare Ligusticum"):
        game = position(
            "naval",
            players=3,
            ships={"Roma": {"ITALIA": 2}, "Mare Tyrrhenum": {"CARTAGINE": 1, "GRECIA": 1}},
            alliances=[["CARTAGINE", "GRECIA"]],
        )
        game.apply(Sail("ITALIA", "Roma", ("Mare Tyrrhenum",), 2, 0))
        game.script_dice([5])  # 5 + (1 - 1) + (2 - 1) = 6: it succeeds
        game.submit("CARTAGINE", Interdict("CARTAGINE", True))
        decision = game.decision
        assert decision is not None and (decision.actor, decision.kind) == ("GRECIA", "join")
        game.submit("GRECIA", Join("GRECIA", leave_to))
        b = game.state.battle
        assert b is not None and b["cause"] == "interdiction"
        if leave_to:
            assert b["d"] == {"CARTAGINE": 1}
            assert game.state.ships[leave_to] == {"GRECIA": 1}
        else:
            assert b["d"] == {"CARTAGINE": 1, "GRECIA": 1}
