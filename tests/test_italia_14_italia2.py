"""14.0 Special rules of Italia II: 14.1 Roman Foederati, 14.2 cavalry."""

from __future__ import annotations

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight, Retreat, StandFast

from .italia_helpers import refused


def test_14_1_roman_foederati_go_over_to_the_independent_foederati_on_6_to_10() -> None:
    pos = Position("italia2", nation="Foederati", turn=4, phase="movement")
    pos.put("Foederati", "infantry", "Verona", 2)
    pos.put("Western Romans", "foederati", "Ravenna", 2)
    for zone in ("Rome", "Neapolis", "Pisae"):
        pos.put("Western Romans", "legion", zone)
    game = pos.game()
    ids = tuple(u.id for u in game.state.units_in("Verona", "Foederati"))
    game.apply(Move("Foederati", ids, ("Verona", "Ravenna")))
    game.apply(EndMovement("Foederati"))
    game.script_dice([6, 5, 1, 1, 1])  # one Roman Foederati unit goes over, one stays
    game.apply(Fight("Foederati", "Ravenna"))
    assert game.log.of_kind("defection")[0].rule == "14.1"
    assert game.state.stack_count("Ravenna", "Western Romans") <= 1


def test_14_2_a_hit_cavalry_unit_cannot_retreat() -> None:
    pos = Position("italia2", nation="Ostrogoths", turn=5, phase="movement")
    pos.put("Ostrogoths", "cavalry", "Verona", 2)
    pos.put("Lombards", "infantry", "Ravenna", 3)
    for zone in ("Mediolanum", "Pavia", "Venetia", "Picenum", "Florentia"):
        pos.put("Lombards", "infantry", zone)
    game = pos.game()
    cav = tuple(u.id for u in game.state.units_in("Verona", "Ostrogoths"))
    game.apply(Move("Ostrogoths", cav, ("Verona", "Ravenna")))
    game.apply(EndMovement("Ostrogoths"))
    game.script_dice([1, 1, 7, 1, 1])  # one hit on the cavalry: flipped
    game.apply(Fight("Ostrogoths", "Ravenna"))
    hit = next(u for u in game.state.units_in("Ravenna", "Ostrogoths") if u.hits)
    refused(game, lambda: game.apply(Retreat("Ostrogoths", (hit.id,), "Verona")), "10.5")
    game.apply(StandFast("Ostrogoths"))


def patrimonium_battle() -> Position:
    pos = Position("italia2", nation="Lombards", turn=7, phase="movement")
    pos.put("Patrimonium", "infantry", "Rome", 2)
    pos.put("Lombards", "infantry", "Umbria", 3)
    for zone in ("Mediolanum", "Pavia", "Verona", "Venetia", "Picenum"):
        pos.put("Lombards", "infantry", zone)
    return pos


def test_14_3_the_patrimonium_converts_a_unit_before_a_round_twice_a_game() -> None:
    from italia_kit.games.italia.actions import Convert

    game = patrimonium_battle().game()
    ids = tuple(u.id for u in game.state.units_in("Umbria", "Lombards"))
    game.apply(Move("Lombards", ids, ("Umbria", "Rome")))
    game.apply(EndMovement("Lombards"))
    game.apply(Fight("Lombards", "Rome"))
    assert game.decision is not None and game.decision.kind == "convert"
    assert game.decision.actor == "Patrimonium" and game.decision.rule == "14.3"
    game.apply(Convert("Patrimonium", ids[0]))
    assert game.state.units[ids[0]].nation == "Patrimonium" and game.state.conversions == 1
    assert game.log.of_kind("converted")[0].rule == "14.3"


def test_14_3_not_leaders_not_cavalry_and_only_twice() -> None:
    from italia_kit.games.italia.actions import Convert

    pos = patrimonium_battle()
    (leader,) = pos.put("Lombards", "leader", "Umbria", name="Alboin")
    pos.state.conversions = 2
    game = pos.game()
    ids = tuple(u.id for u in game.state.units_in("Umbria", "Lombards"))
    game.apply(Move("Lombards", ids, ("Umbria", "Rome")))
    game.apply(EndMovement("Lombards"))
    game.apply(Fight("Lombards", "Rome"))
    assert game.decision is not None and game.decision.kind != "convert"  # used up
    pos.state.conversions = 0
    game = pos.game()
    game.apply(Move("Lombards", ids, ("Umbria", "Rome")))
    game.apply(EndMovement("Lombards"))
    game.apply(Fight("Lombards", "Rome"))
    refused(game, lambda: game.apply(Convert("Patrimonium", leader)), "14.3")


def test_14_3_a_converted_unit_is_named_for_its_new_nation() -> None:
    """A unit's label is spelt once and kept; a conversion (14.3) spells it again."""
    from italia_kit.games.italia.state import Unit
    from italia_kit.games.italia.units import UnitType

    unit = Unit(7, "Byzantines", UnitType.INFANTRY, "Roma")
    assert unit.label() == "Byzantines infantry #7"
    assert unit.label() == "Byzantines infantry #7"  # kept
    unit.nation = "Patrimonium"
    assert unit.label() == "Patrimonium infantry #7"
    leader = Unit(8, "Romans", UnitType.LEADER, "Roma", name="Scipio")
    assert leader.label() == "Scipio"
