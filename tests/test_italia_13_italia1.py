"""13.0 Special rules of Italia I: 13.1 Rome, 13.3 the Roman fear of elephants."""

from __future__ import annotations

from italia_kit.italia import EndMovement, Move, Position
from italia_kit.italia.actions import Fight


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
    pos.put("Romans", "legion", "Apulia", 3)
    game = pos.game()
    ids = tuple(u.id for u in game.state.units_in("Lucania", "Carthaginians"))
    game.apply(Move("Carthaginians", ids, ("Lucania", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([10, 10, 10, 1, 1, 1, 1])
    game.apply(Fight("Carthaginians", "Apulia"))
    major = [e for e in game.log.of_kind("victory_points") if "major battle" in e.text]
    assert major and major[0].rule == "13.2" and major[0].data["nation"] == "Carthaginians"
