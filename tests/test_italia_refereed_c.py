"""Issue 14, "Italia, refereed" (the items left open): looting after a retreat into an empty
city zone (10.5, item 22) and the mover's order of a naval battle another nation declares on
it (10.8, 10.8.1). Each test quotes the rulebook sentence it enforces."""

from __future__ import annotations

import json

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import (
    DeclineNaval,
    Fight,
    Loot,
    NavalAttack,
    NavalOrder,
    Retreat,
)
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState

from .italia_helpers import refused


def carthaginian_attack_on_apulia(lucania_belonged_to: str | None) -> ItaliaGame:
    """Three Carthaginian infantry in Samnium attack two Samnites in Apulia; Lucania, next
    to both, is empty and has a city (that belonged to ``lucania_belonged_to``). Nobody hits
    in round 1, and the Carthaginians retreat: all three go to Lucania."""
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
    pos.put("Samnites", "infantry", "Apulia", 2)
    pos.city("Lucania", belonged_to=lucania_belonged_to)
    game = pos.game()
    game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([1] * 5)  # every die misses
    game.apply(Fight("Carthaginians", "Apulia"))
    assert game.decision is not None and game.decision.kind == "retreat"
    game.apply(Retreat("Carthaginians", troops, "Lucania"))
    return game


def test_10_5_a_side_may_loot_the_city_of_the_empty_zone_it_retreats_into() -> None:
    """10.5: "It is possible to loot a city after retreating into an empty zone that has one,
    even though this is quite rare." 10.6: "If you take control of a city that belonged to
    another player, you may loot it." The Carthaginians (blue) retreat from Apulia into
    empty Lucania, whose city belonged to the Samnites (yellow): they may loot it (their
    card: 4 gold or victory points) or spare it; looted, it lies in ruins, and the battle
    goes on as after any retreat (the Samnites hold Apulia)."""
    game = carthaginian_attack_on_apulia("Samnites")
    assert game.decision is not None and game.decision.kind == "loot"
    assert game.decision.rule == "10.5"
    assert set(game.legal_actions()) == {
        Loot("Carthaginians", "gold"),
        Loot("Carthaginians", "vp"),
        Loot("Carthaginians", "none"),
    }
    gold = game.state.gold.get("Carthaginians", 0)
    game.apply(Loot("Carthaginians", "gold"))
    assert game.state.gold["Carthaginians"] == gold + 4
    assert game.state.cities["Lucania"] is False
    assert [e.data["zone"] for e in game.log.of_kind("ruined")] == ["Lucania"]
    ends = [e.data for e in game.log.of_kind("battle_end")]
    assert [(d["zone"], d["holder"]) for d in ends] == [("Apulia", "Samnites")]
    assert game.state.city_holders["Lucania"] == "Carthaginians"  # theirs now
    assert [e.data["zone"] for e in game.log.of_kind("loot_possible")] == ["Lucania"]


def test_10_5_the_spared_city_stands_and_the_state_round_trips_meanwhile() -> None:
    """10.6 ("you may loot it"): the side may spare the city. While the loot is awaited the
    battle's state (the zone and the stage to go back to) survives a save."""
    game = carthaginian_attack_on_apulia("Samnites")
    saved = json.loads(json.dumps(game.state.to_json()))
    assert ItaliaState.from_json(saved).to_json() == game.state.to_json()
    game.apply(Loot("Carthaginians", "none"))
    assert game.state.cities["Lucania"] is True and game.state.battle is None


def test_10_6_no_loot_of_a_city_that_belonged_to_ones_own_player_or_to_nobody() -> None:
    """10.6: only "a city that belonged to another player" may be looted: a city last held
    by the Etruscans (blue, the Carthaginians' own player), or never held by anyone, is not
    offered."""
    for holder in ("Etruscans", None):
        game = carthaginian_attack_on_apulia(holder)
        assert game.state.battle is None, holder  # the battle is over: no loot decision
        assert game.state.cities["Lucania"] is True
        assert not list(game.log.of_kind("loot_possible"))
        assert game.state.city_holders["Lucania"] == "Carthaginians"  # theirs now


def test_10_6_a_city_belongs_to_who_holds_its_zone_when_a_turn_or_battle_ends() -> None:
    """10.6 (reading): a zone with a city belongs to the one nation holding it, noted as the
    combat phase starts and after each battle: the Samnites' Apulia is the Carthaginians'
    once they win it."""
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
    pos.put("Samnites", "infantry", "Apulia")
    pos.city("Apulia")
    game = pos.game()
    assert game.state.city_holders["Apulia"] == "Samnites"
    game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([10, 10, 10, 1])
    game.apply(Fight("Carthaginians", "Apulia"))
    game.apply(Loot("Carthaginians", "none"))  # the city taken in battle: 10.6 as before
    assert game.state.city_holders["Apulia"] == "Carthaginians"


def carthaginians_attack_the_roman_fleet() -> ItaliaGame:
    """The Romans sail into Mare Libycum, where a Carthaginian fleet is, and march into
    Africa; they decline naval combat, and the Carthaginians attack them at sea (10.8.1)."""
    pos = Position("italia1", nation="Romans", phase="movement")
    (fleet,) = pos.put("Romans", "fleet", "Mare Sardoum")
    (legion,) = pos.put("Romans", "legion", "Byzacena")
    pos.put("Carthaginians", "infantry", "Africa")
    pos.put("Carthaginians", "fleet", "Mare Libycum")
    game = pos.game()
    game.apply(Move("Romans", (fleet,), ("Mare Sardoum", "Mare Libycum")))
    game.apply(Move("Romans", (legion,), ("Byzacena", "Africa")))
    game.apply(EndMovement("Romans"))
    game.apply(DeclineNaval("Romans", "Mare Libycum"))
    assert game.decision is not None and game.decision.actor == "Carthaginians"
    game.apply(NavalAttack("Carthaginians", "Mare Libycum", "Romans"))
    return game


def test_10_8_1_the_mover_orders_a_naval_battle_declared_on_it_after_the_land_battle() -> None:
    """10.8: "The defender may initiate naval combat, but the attacker (the player who just
    moved) always decides the order of battle - that is, whether it occurs before or after a
    land battle that influences the naval combat." 10.8.1: the other fleets "may all attack
    the fleet of the nation arriving in the zone". The Carthaginians attack the Roman fleet;
    the Romans, with a battle due in Africa, put the naval battle after it."""
    game = carthaginians_attack_the_roman_fleet()
    assert game.decision is not None and game.decision.kind == "naval_order"
    assert game.decision.actor == "Romans"
    later = NavalOrder("Romans", "Mare Libycum", "Carthaginians", True)
    assert set(game.legal_actions()) == {
        NavalOrder("Romans", "Mare Libycum", "Carthaginians", False),
        later,
    }
    refused(game, lambda: game.apply(Fight("Romans", "Africa")), "10.8")  # order it first
    game.apply(later)
    game.script_dice([10, 1])  # the legion wins Africa
    game.apply(Fight("Romans", "Africa"))
    battles = [(e.data["zone"], e.data["attacker"]) for e in game.log.of_kind("battle")]
    assert battles == [("Africa", "Romans"), ("Mare Libycum", "Carthaginians")]


def test_10_8_1_the_mover_may_fight_the_naval_battle_declared_on_it_first() -> None:
    """10.8 (as above): the mover may have the naval battle fought at once, before its land
    battle; with no land battle due there is nothing to order and it is fought at once."""
    game = carthaginians_attack_the_roman_fleet()
    game.apply(NavalOrder("Romans", "Mare Libycum", "Carthaginians", False))
    battles = [e.data["zone"] for e in game.log.of_kind("battle")]
    assert battles == ["Mare Libycum"] and game.state.battle is not None

    pos = Position("italia1", nation="Romans", phase="movement")
    (fleet,) = pos.put("Romans", "fleet", "Mare Sardoum")
    pos.put("Carthaginians", "fleet", "Mare Libycum")
    game = pos.game()
    game.apply(Move("Romans", (fleet,), ("Mare Sardoum", "Mare Libycum")))
    game.apply(EndMovement("Romans"))
    game.apply(DeclineNaval("Romans", "Mare Libycum"))
    game.apply(NavalAttack("Carthaginians", "Mare Libycum", "Romans"))
    assert game.state.battle is not None and game.state.battle.naval  # no order to decide
