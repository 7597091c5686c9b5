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
