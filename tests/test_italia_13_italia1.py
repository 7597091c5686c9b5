"""13.0 Special rules of Italia I: 13.1 Rome, 13.3 the Roman fear of elephants."""

from __future__ import annotations

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight


def test_13_1_foreigners_leave_rome_and_the_city_is_rebuilt_for_free() -> None:
    pos = Position("italia1", nation="Romans", turn=2)
    pos.put("Romans", "legion", "Neapolis")
    celts = pos.put("Celts", "infantry", "Rome", 2)
    pos.city("Rome", ruin=True)
    game = pos.game()
    assert all(game.state.units[c].zone != "Rome" for c in celts if c in game.state.units)
    assert game.state.cities["Rome"] is True
    rules = {e.rule for e in game.log if e.kind in ("rome_cleared", "city_built")}
    assert rules == {"13.1"}


def test_13_3_the_first_time_romans_meet_elephants_they_desert_on_8_to_10() -> None:
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    pos.put("Carthaginians", "elephant", "Neapolis")
    pos.put("Romans", "legion", "Rome", 2)
    pos.put("Romans", "consular_legion", "Rome")
    game = pos.game()
    eles = tuple(u.id for u in game.state.units_in("Neapolis", "Carthaginians"))
    game.apply(Move("Carthaginians", eles, ("Neapolis", "Rome")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([8, 3])  # two legions roll (not the consul): one deserts
    game.apply(Fight("Carthaginians", "Rome"))
    fear = [e for e in game.log if e.rule == "13.3"]
    assert fear and "8-10" in fear[0].text
    legions = [u for u in game.state.units.values() if u.type.value == "legion"]
    assert len(legions) <= 1
    assert game.state.elephant_battles == 1


def test_13_2_the_carthaginians_march_from_africa_to_the_alps_on_hannibals_turn() -> None:
    pos = Position("italia1", nation="Carthaginians", turn=6, phase="movement")
    army = pos.put("Carthaginians", "infantry", "Africa", 5)
    pos.put("Carthaginians", "leader", "Alps", name="Hannibal Barkas")
    game = pos.game()
    game.apply(Move("Carthaginians", tuple(army), ("Africa", "Alps")))
    assert {game.state.units[i].zone for i in army} == {"Alps"}
    assert game.log.of_kind("move")[-1].text.endswith("whole move (13.2).")
    game.apply(EndMovement("Carthaginians"))
    # the army waits in the Alps for Hannibal's campaign instead of being removed (9.2)
    assert all(i in game.state.units for i in army)


def test_13_2_not_on_other_turns() -> None:
    from .italia_helpers import refused

    pos = Position("italia1", nation="Carthaginians", turn=5, phase="movement")
    army = pos.put("Carthaginians", "infantry", "Africa", 2)
    game = pos.game()
    refused(game, lambda: game.apply(Move("Carthaginians", tuple(army), ("Africa", "Alps"))), "9.0")


def test_13_2_a_major_battle_won_by_carthage_scores() -> None:
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    pos.put("Carthaginians", "infantry", "Lucania", 4)
    pos.put("Carthaginians", "leader", "Lucania", name="Hannibal")
    pos.put("Romans", "legion", "Apulia", 3)
    game = pos.game()
    ids = tuple(u.id for u in game.state.units_in("Lucania", "Carthaginians"))
    game.apply(Move("Carthaginians", ids, ("Lucania", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([10, 10, 10, 1, 1, 1, 1])
    game.apply(Fight("Carthaginians", "Apulia"))
    major = [e for e in game.log.of_kind("victory_points") if "major battle" in e.text]
    assert major and major[0].rule == "13.2" and major[0].data["nation"] == "Carthaginians"


def test_13_2_a_major_battle_without_hannibal_scores_nothing() -> None:
    """13.2: "Hannibal may fight major battles to score victory points": a Carthaginian
    army without Hannibal wins a battle of 4 against 3 and scores nothing for it."""
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    pos.put("Carthaginians", "infantry", "Lucania", 4)
    pos.put("Romans", "legion", "Apulia", 3)
    game = pos.game()
    ids = tuple(u.id for u in game.state.units_in("Lucania", "Carthaginians"))
    game.apply(Move("Carthaginians", ids, ("Lucania", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([10, 10, 10, 1, 1, 1, 1])
    game.apply(Fight("Carthaginians", "Apulia"))
    assert game.log.of_kind("battle_end")[-1].data["holder"] == "Carthaginians"
    assert not [e for e in game.log.of_kind("victory_points") if "major battle" in e.text]


def turn_ten() -> Position:
    """The start of turn 10: the last nation of turn 9 is finishing its combat phase."""
    pos = Position("italia1", turn=9, nation="Populares", phase="combat")
    pos.put("Romans", "legion", "Apulia", 2)
    pos.put("Romans", "legion", "Neapolis")
    pos.put("Romans", "legion", "Rome")
    pos.put("Samnites", "infantry", "Samnium")
    return pos


def test_13_4_turn_10_is_a_chain_of_campaigns_optimates_first() -> None:
    from italia_kit.games.italia.actions import EndCampaign

    game = turn_ten().game()
    assert game.state.turn == 10 and game.log.of_kind("turn_ten")[0].rule == "13.4"
    assert not [e for e in game.log if e.kind == "income" and e.turn == 10]  # no gold earned
    assert "Romans" not in game.state.nations_in("Rome")  # 13.1: nobody holds Rome on turn 10
    assert game.decision is not None and game.decision.actor == "Optimates"
    assert game.decision.kind == "campaign"
    game.apply(EndCampaign("Optimates"))  # passing
    assert game.decision.actor == "Populares"
    game.apply(EndCampaign("Populares"))
    assert game.decision.actor == "Romans"
    game.apply(EndCampaign("Romans"))  # all three passed: the game is over
    assert game.is_over and game.log.of_kind("game_end")[-1].rule == "13.4"


def test_13_4_roman_legions_beside_sulla_go_over_on_7_to_10() -> None:
    from italia_kit.games.italia.actions import Block, CampaignMove, EndReaction

    game = turn_ten().game()
    sulla = next(u for u in game.state.units_of("Optimates") if u.name == "Sulla")
    stack = tuple(u.id for u in game.state.units_in(sulla.zone, "Optimates"))
    game.apply(CampaignMove("Optimates"))
    game.apply(Move("Optimates", stack, (sulla.zone, "Apulia")))
    game.apply(EndMovement("Optimates"))
    while game.decision is not None and game.decision.kind in ("block", "reaction"):
        if game.decision.kind == "block":
            game.apply(Block("Optimates", "", 0))
        else:
            game.apply(EndReaction(game.decision.actor))
        if game.decision.kind == "reaction":
            game.script_dice([7, 6])
    over = game.log.of_kind("goes_over")
    assert over and over[0].rule == "13.4"
