"""5.0 Sequence of play: the four phases, 5.1 and 5.2 turn orders, skipping nations."""

from __future__ import annotations

import pytest

from italia_kit.games.italia import EndMovement, EndPurchase, Position, new_game


def play_through_turn(game, turn: int) -> list[str]:  # type: ignore[no-untyped-def]
    """End every phase of every nation until ``turn`` is over; the nations that played."""
    while game.state.turn == turn and not game.is_over:
        actions = game.legal_actions()
        ends = [a for a in actions if a.kind in ("end_purchase", "end_movement", "end_combat")]
        game.apply(ends[0] if ends else actions[0])
    return [e.data["nation"] for e in game.log.of_kind("nation_turn") if e.turn == turn]


def test_5_1_turn_one_of_italia_i_in_the_table_order() -> None:
    game = new_game("italia1", seed=1)
    played = play_through_turn(game, 1)
    table = [n.name for n in game.rules.world.scenario.nations if 1 in n.turns]
    with_pieces = [n for n in table if n in played]
    assert played == with_pieces and played[0] == "Celts"
    assert "Epirotes" not in played  # 5.2: skipped in the first three turns


def test_5_2_turn_one_of_italia_ii_begins_with_the_visigoths() -> None:
    game = new_game("italia2", seed=1)
    assert game.decision is not None
    first = game.log.of_kind("nation_turn")[0]
    assert first.data["nation"] == "Visigoths" and first.rule == "5.0"


def test_5_0_the_four_phases_in_order() -> None:
    pos = Position("italia1", nation="Celts")
    pos.put("Celts", "infantry", "Mediolanum")
    pos.gold("Celts", 4)
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "buy"
    game.apply(EndPurchase("Celts"))
    while game.decision.kind == "place":  # Brennus arrives on turn 1 (7.2)
        game.apply(game.legal_actions()[0])
    assert game.decision.kind == "move"
    game.apply(EndMovement("Celts"))
    phases = [e.phase for e in game.log]
    assert phases.index("purchase") < phases.index("movement")
    assert game.state.active != "Celts"


def test_5_2_a_nation_without_pieces_is_skipped() -> None:
    """The Etruscans have nothing in play; the Epirotes do not play before turn 4; the
    Greeks have no pieces either but receive a leader on turn 1, so they play (5.0)."""
    pos = Position("italia1", nation="Etruscans")
    pos.put("Samnites", "infantry", "Samnium")
    game = pos.game()
    skip = game.log.of_kind("skip")
    assert [e.data["nation"] for e in skip] == ["Etruscans"] and skip[0].rule == "5.2"
    assert game.state.active == "Greeks"


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_5_0_a_whole_game_of_ending_phases_reaches_the_end(scenario: str) -> None:
    game = new_game(scenario, seed=2)
    for turn in range(1, 11):
        play_through_turn(game, turn)
    assert game.is_over and game.log.of_kind("game_end")


def test_12_1_a_nation_with_only_fleets_stays_in_the_game() -> None:
    pos = Position("italia1", nation="Illyrians")
    pos.put("Illyrians", "fleet", "Mare Hadriaticum", 2)
    game = pos.game()
    assert game.state.active == "Illyrians"
    assert not game.log.of_kind("skip")


def test_5_0_example_celts_then_etruscans_then_greeks() -> None:
    """5.0: the Celts play first, then the Etruscans, then the Greeks (their first turn)."""
    game = new_game("italia1", seed=3)
    played = play_through_turn(game, 1)
    assert played[:3] == ["Celts", "Etruscans", "Greeks"]


def test_5_2_the_italia_ii_order_of_turn_one() -> None:
    game = new_game("italia2", seed=3)
    played = play_through_turn(game, 1)
    table = ["Visigoths", "Western Romans", "Sardinians", "Berbers", "Vandals", "Romans of Africa"]
    assert [n for n in played if n in table] == [n for n in table if n in played]
    assert played[0] == "Visigoths" and "Huns" not in played  # the Huns play on turn 2 only


def test_12_4_a_nation_entering_play_starts_with_zero_gold() -> None:
    """The Epirotes enter on turn 4 with nothing (6.1, 12.4): their first income is all."""
    game = new_game("italia1", seed=5)
    for turn in (1, 2, 3):
        play_through_turn(game, turn)
    while game.state.active != "Epirotes":
        actions = game.legal_actions()
        ends = [a for a in actions if a.kind.startswith("end_")]
        game.apply(ends[0] if ends else actions[0])
    income = [e for e in game.log.of_kind("income") if e.data["nation"] == "Epirotes"]
    assert game.state.gold.get("Epirotes", 0) == 0 and income[-1].data["income"] == 0


def test_malformed_actions_have_their_own_error_class() -> None:
    from italia_kit.core import InvalidActionError
    from italia_kit.games.italia import Buy, Move

    pos = Position("italia1", nation="Romans", phase="movement")
    (legion,) = pos.put("Romans", "legion", "Rome")
    game = pos.game()
    with pytest.raises(InvalidActionError, match="unknown zone 'Roma': did you mean 'Rome'"):
        game.apply(Move("Romans", (legion,), ("Roma", "Neapolis")))
    with pytest.raises(InvalidActionError, match="no unit #999"):
        game.apply(Move("Romans", (999,), ("Rome", "Neapolis")))
    with pytest.raises(InvalidActionError, match="unknown unit type 'hoplite'"):
        game.rules.world  # noqa: B018 - the world exists before we ask it anything
        Position("italia1").put("Greeks", "hoplite", "Syracusae")
    with pytest.raises(InvalidActionError):
        game.apply(Buy("Atlanteans", "infantry"))


def test_the_runner_s_is_over_agrees_with_the_decision() -> None:
    """ItaliaRules.is_over spares the runner building a decision; it is true exactly when
    there is no decision, at every position of a random game and at its end."""
    from italia_kit.core import RandomPlayer
    from italia_kit.games.italia.rules import ItaliaRules

    game = new_game("italia1", seed=5)
    player = RandomPlayer(5)
    rules = game.rules
    assert isinstance(rules, ItaliaRules)
    positions = 0
    while not game.is_over:
        assert rules.is_over(game.state) is (rules.decision(game.state) is None) is False
        game.apply(player.choose(game))
        positions += 1
    assert rules.decision(game.state) is None and positions > 100
