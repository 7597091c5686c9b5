"""Roma's diplomacy (8.1-8.31) and assassins (9.1-9.2): decisions owed by a seat whose turn
it is not, pacts that bind the receiver, alliances that need consent, what breaking one does."""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError
from italia_kit.games.roma.actions import (
    Assassin,
    Attack,
    BreakAlliance,
    Consent,
    Diplomat,
    Done,
    Expel,
)

from .roma_helpers import position


def test_8_2_a_pact_forbids_the_receiver_to_attack_the_giver() -> None:
    game = position(
        "combat",
        active="CARTAGINE",
        legions={"Numidia": {"CARTAGINE": 3}, "Mauretania": {"ITALIA": 1}},
        pacts=[["ITALIA", "CARTAGINE"]],
    )
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Attack("CARTAGINE", "Numidia", "Mauretania", 2))
    assert err.value.rule == "8.2" and "pact" in str(err.value)
    assert game.state_json() == before
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]


def test_8_2_the_pact_expires_when_the_givers_next_turn_starts() -> None:
    game = position("combat", active="CARTAGINE", pacts=[["ITALIA", "CARTAGINE"]])
    game.dice.bag("population").items[:] = ["ITALIA"]
    game.apply(Done("CARTAGINE"))
    assert game.state.active == "ITALIA" and game.state.pacts == []
    assert any(e.kind == "pact_expires" for e in game.log)


def test_8_3_an_alliance_needs_the_other_seats_consent() -> None:
    game = position("diplomacy", hands={"ITALIA": ["DIP"]})
    game.apply(Diplomat("ITALIA", "CARTAGINE", True))
    decision = game.decision
    assert decision is not None and decision.actor == "CARTAGINE" and decision.rule == "8.3"
    assert game.pending_seats == ("CARTAGINE",)
    with pytest.raises(IllegalActionError):
        game.submit("ITALIA", Consent("ITALIA", True))
    game.submit("CARTAGINE", Consent("CARTAGINE", True))
    assert game.state.alliances == [["CARTAGINE", "ITALIA"]]
    assert ["ITALIA", "CARTAGINE"] in game.state.pacts  # the card is a pact as well


def test_8_31_breaking_an_alliance_means_battle_and_expelled_ships() -> None:
    game = position(
        "diplomacy",
        players=3,
        legions={"Sicilia": {"ITALIA": 2, "CARTAGINE": 1}},
        ships={"Roma": {"CARTAGINE": 1}},
        alliances=[["CARTAGINE", "ITALIA"]],
    )
    game.apply(BreakAlliance("ITALIA", "CARTAGINE"))
    # nobody may withdraw from it and nobody holds an advantage card: fought out at once
    (battle,) = [e for e in game.log if e.kind == "battle"]
    assert battle.rule == "8.31" and battle.data["attacker"] == {"ITALIA": 2}
    assert len(game.state.legions["Sicilia"]) == 1
    # the port's controller chooses where the former ally's ships go
    decision = game.decision
    assert decision is not None and decision.actor == "ITALIA" and decision.kind == "expel"
    game.apply(Expel("ITALIA", "Mare Tyrrhenum"))
    assert game.state.ships["Mare Tyrrhenum"] == {"CARTAGINE": 1}


def test_9_1_no_assassin_against_an_ally_or_a_pact_partner_and_one_a_target_a_turn() -> None:
    game = position(
        "assassin",
        players=3,
        hands={"ITALIA": ["SIC", "SIC"]},
        alliances=[["GRECIA", "ITALIA"]],
        pacts=[["CARTAGINE", "ITALIA"]],
    )
    with pytest.raises(IllegalActionError) as err:
        game.apply(Assassin("ITALIA", "GRECIA"))
    assert err.value.rule == "9.1"
    with pytest.raises(IllegalActionError):
        game.apply(Assassin("ITALIA", "CARTAGINE"))
    other = position("assassin", hands={"ITALIA": ["SIC", "SIC"]})
    other.script_dice([4])
    other.apply(Assassin("ITALIA", "CARTAGINE"))
    assert Assassin("ITALIA", "CARTAGINE") not in other.legal_actions()


def test_9_2_a_success_stops_the_victims_next_moves_and_a_6_turns_on_the_sender() -> None:
    game = position("assassin", hands={"ITALIA": ["SIC"]})
    game.script_dice([2])
    game.apply(Assassin("ITALIA", "CARTAGINE"))
    # ITALIA has nothing more to do: CARTAGINE's turn comes, and it may not move or fight
    assert game.state.active == "CARTAGINE" and game.state.paralysed
    assert any(e.kind == "struck" for e in game.log)
    arrested = position("assassin", hands={"ITALIA": ["SIC"]}, legions={"Roma": {"ITALIA": 3}})
    arrested.script_dice([6])
    arrested.apply(Assassin("ITALIA", "CARTAGINE"))
    # ITALIA may neither move nor fight: its movement and combat phases are skipped
    assert arrested.state.active == "CARTAGINE"
    assert not any(e.kind == "march" for e in arrested.log)


def test_8_31_the_winner_of_a_battle_after_a_break_holds_the_territory() -> None:
    game = position(
        "diplomacy",
        legions={"Etruria": {"ITALIA": 1, "CARTAGINE": 3}},
        control={"Etruria": "ITALIA"},
        alliances=[["CARTAGINE", "ITALIA"]],
    )
    game.script_dice([1, 1, 6, 6])  # CARTAGINE strikes: ITALIA's legion is gone
    game.apply(BreakAlliance("ITALIA", "CARTAGINE"))
    assert game.state.legions["Etruria"] == {"CARTAGINE": 3}
    assert game.state.control["Etruria"] == "CARTAGINE"
