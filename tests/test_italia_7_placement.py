"""7.0 Placement: 7.1 new units, 7.2 reinforcements and leaders, 8.2 stacking ignored."""

from __future__ import annotations

from italia_kit.games.italia import Buy, EndPurchase, Place, Position

from .italia_helpers import refused


def buying(nation: str, zones: list[str], gold: int) -> Position:
    pos = Position("italia1", nation=nation)
    for zone in zones:
        pos.put(nation, "infantry", zone)
    pos.gold(nation, gold)
    return pos


def test_7_1_no_more_new_units_than_zones_to_place_them_in() -> None:
    pos = Position("italia2", nation="Western Romans")
    pos.put("Western Romans", "legion", "Rome")
    pos.put("Western Romans", "legion", "Ravenna")
    pos.gold("Western Romans", 10)
    game = pos.game()
    game.apply(Buy("Western Romans", "foederati"))  # 3 gold each (6.2)
    game.apply(Buy("Western Romans", "foederati"))
    refused(
        game,
        lambda: game.apply(Buy("Western Romans", "foederati")),
        "7.1",
        "one new unit in each",
    )


def test_7_1_one_new_unit_per_controlled_zone() -> None:
    game = buying("Celts", ["Mediolanum", "Verona"], 10).game()
    game.apply(Buy("Celts", "infantry"))
    game.apply(Buy("Celts", "infantry"))  # 2 gold left: nothing more to buy
    assert game.decision is not None and game.decision.kind == "place"
    refused(game, lambda: game.apply(Place("Celts", "infantry", "Pavia")), "7.1", "do not control")
    game.apply(Place("Celts", "infantry", "Verona"))
    refused(game, lambda: game.apply(Place("Celts", "infantry", "Verona")), "7.1", "only one")
    game.apply(Place("Celts", "infantry", "Mediolanum"))
    assert game.state.stack_count("Verona", "Celts") == 2
    assert game.decision.kind == "place" and game.decision.rule == "7.2"  # Brennus


def test_7_1_exception_a_single_zone_takes_all_new_units() -> None:
    game = buying("Celts", ["Mediolanum"], 9).game()
    game.apply(Buy("Celts", "infantry"))
    game.apply(Buy("Celts", "infantry"))  # 2 gold left
    game.apply(Place("Celts", "infantry", "Mediolanum"))
    game.apply(Place("Celts", "infantry", "Mediolanum"))
    assert game.state.stack_count("Mediolanum", "Celts") == 3


def test_7_1_fleets_go_into_seas_beside_controlled_land() -> None:
    pos = Position("italia1", nation="Carthaginians")
    pos.put("Carthaginians", "infantry", "Africa")
    pos.put("Carthaginians", "infantry", "Byzacena")
    pos.gold("Carthaginians", 6)
    pos.put("Romans", "fleet", "Mare Sardoum", 2)
    game = pos.game()
    game.apply(Buy("Carthaginians", "fleet"))
    game.apply(Buy("Carthaginians", "fleet"))  # 0 gold left
    refused(
        game, lambda: game.apply(Place("Carthaginians", "fleet", "Mare Tyrrhenum")), "7.1", "beside"
    )
    game.apply(Place("Carthaginians", "fleet", "Mare Sardoum"))  # beside other fleets: allowed
    game.apply(Place("Carthaginians", "fleet", "Mare Sardoum"))  # unlimited
    assert len([u for u in game.state.units_in("Mare Sardoum", "Carthaginians")]) == 2


def test_7_2_example_roman_legions_capped_at_14() -> None:
    """At the end of turn 4 the Romans may not have more than 14 legions: 12 + 2 arrive."""
    pos = Position("italia1", nation="Romans", turn=4)
    zones = ["Rome", "Neapolis", "Etruria", "Umbria", "Perusia", "Picenum"]
    for zone in zones:
        pos.put("Romans", "legion", zone, 2)
    game = pos.game()
    world = game.rules.world
    arriving = sum(
        g.count
        for r in world.nation("Romans").reinforcements
        if r.turn == 4
        for g in r.units
        if g.unit == "legion"
    )
    while game.decision is not None and game.decision.kind == "buy":
        game.apply(EndPurchase("Romans"))
    capped = game.log.of_kind("reinforcement_capped")
    assert arriving > 2, "the Roman card brings more than 2 legions on turn 4 (7.2 example)"
    assert capped and capped[0].data["arriving"] == 2 and capped[0].rule == "7.2"
    legions = [u for u in game.state.units_of("Romans") if u.type.value == "legion"]
    placed_later = sum(1 for r in game.state.reinforcements if r["unit"] == "legion")
    assert len(legions) + placed_later <= 14


def test_7_2_a_leader_leaves_at_phase_2_of_the_next_turn() -> None:
    """Hamilcar arrives on turn 2 and is removed at the start of phase 2 of turn 3."""
    pos = Position("italia1", nation="Carthaginians", turn=3)
    pos.put("Carthaginians", "infantry", "Africa")
    (hamilcar,) = pos.put("Carthaginians", "leader", "Africa", name="Hamilcar")
    pos.state.units[hamilcar].arrived = 2
    pos.gold("Carthaginians", 4)  # something to buy, so phase 1 waits for a decision
    game = pos.game()
    assert hamilcar in game.state.units  # still there in phase 1
    game.apply(EndPurchase("Carthaginians"))
    assert hamilcar not in game.state.units
    assert game.log.of_kind("leader_leaves")[0].rule == "7.2"


def test_7_2_example_cimbri_arrive_in_helvetia_and_must_leave() -> None:
    """Turn 8: 9 Cimbri infantry and Boiorix in Helvetia; none may stay there (7.2, 9.2)."""
    from italia_kit.games.italia import EndMovement, Move
    from italia_kit.games.italia.actions import CampaignMove

    pos = Position("italia1", nation="Cimbri", turn=8)
    game = pos.game()
    # the Cimbri's turn begins with Boiorix's campaign (12.3): a campaign move first
    assert game.decision is not None and game.decision.kind == "campaign"
    game.apply(CampaignMove("Cimbri"))
    cimbri = list(game.state.units_of("Cimbri"))
    assert sum(1 for u in cimbri if u.type.value == "infantry") == 9
    assert {u.zone for u in cimbri} == {"Helvetia"}
    assert any(u.name == "Boiorix" for u in cimbri)
    leader = next(u.id for u in cimbri if u.is_leader)
    escort = [u.id for u in cimbri if not u.is_leader][:3]
    game.apply(Move("Cimbri", (*escort, leader), ("Helvetia", "Mediolanum")))
    game.apply(EndMovement("Cimbri"))
    removed = game.log.of_kind("borderland_removed")
    assert len(removed) == 6 and {e.rule for e in removed} == {"9.2"}
    assert not [u for u in game.state.units_of("Cimbri") if u.zone == "Helvetia"]


def test_7_2_example_hamilcar_goes_to_a_north_african_zone_carthage_controls() -> None:
    pos = Position("italia1", nation="Carthaginians", turn=2)
    pos.put("Carthaginians", "infantry", "Africa")
    pos.put("Carthaginians", "infantry", "Lilybaeum")
    game = pos.game()
    while game.decision is not None and game.decision.kind == "buy":
        game.apply(game.legal_actions()[-1])
    assert game.decision is not None and game.decision.kind == "place"
    zones = {a.zone for a in game.legal_actions() if isinstance(a, Place)}
    assert zones == {"Africa"}
    refused(game, lambda: game.apply(Place("Carthaginians", "leader", "Lilybaeum")), "7.2")


def test_listed_places_and_buys_pass_the_checks_they_skip() -> None:
    """A Place or Buy the rules listed is applied without its check (Context.listed): at
    every placement and purchase of random games each listed one passes that check, with
    the zone and price the apply then uses."""
    from italia_kit.games.italia.economy import check_buy, city_cost
    from italia_kit.games.italia.placement import check_place
    from italia_kit.games.italia.units import UnitType, unit_cost

    from .italia_helpers import random_decisions

    seen = {"place": 0, "buy": 0}
    for scenario in ("italia1", "italia2"):
        for game, world, actions in random_decisions(scenario, range(2)):
            state = game.state
            for a in actions:
                if isinstance(a, Place):
                    assert check_place(world, state, a.nation, a.unit, a.zone) == a.zone
                    assert UnitType(a.unit).value == a.unit
                    seen["place"] += 1
                elif isinstance(a, Buy):
                    forced = state.actor_override == a.nation and a.nation != state.active
                    price = check_buy(world, state, a.nation, a.unit, a.zone, forced=forced)
                    if a.unit == "city":
                        assert a.zone is not None and price == city_cost(world, a.zone)
                    else:
                        assert price == unit_cost(UnitType(a.unit), a.nation)
                    seen["buy"] += 1
    assert seen["place"] > 50 and seen["buy"] > 50


def test_7_2_a_leader_whose_nation_has_no_next_turn_leaves_as_the_turn_begins() -> None:
    """7.2: "Each leader remains in play for a single turn." The Huns play turn 2 only
    (5.2): Attila leaves when turn 3 begins; their infantry stay, neutral."""
    pos = Position("italia2", turn=2, nation="Franks", phase="combat")
    (attila,) = pos.put("Huns", "leader", "Verona", name="Attila")
    pos.state.units[attila].arrived = 2
    huns = pos.put("Huns", "infantry", "Verona", 2)
    game = pos.game()  # nobody else is on the board: the game runs on to a decision
    assert attila not in game.state.units and all(i in game.state.units for i in huns)
    (left,) = game.log.of_kind("leader_leaves")
    assert left.rule == "7.2" and left.data["unit"] == attila and left.turn == 3


def test_7_2_a_turn_9_leader_does_not_lead_on_turn_10() -> None:
    """7.2: "Each leader remains in play for a single turn." Turn 10 of Italia I has no
    normal turns (13.4): Pompeius Strabo, a turn-9 leader, leaves as it begins."""
    pos = Position("italia1", turn=9, nation="Populares", phase="combat")
    (strabo,) = pos.put("Romans", "leader", "Apulia", name="Pompeius Strabo")
    pos.state.units[strabo].arrived = 9
    pos.put("Romans", "legion", "Apulia", 2)
    game = pos.game()
    assert game.state.turn == 10 and strabo not in game.state.units
    assert any(e.data["unit"] == strabo for e in game.log.of_kind("leader_leaves"))


def test_7_1_no_unit_is_bought_for_a_zone_held_only_by_a_leader_who_leaves() -> None:
    """7.1: "Only one new unit may be placed in each zone containing units of that nation."
    Decimus Mus (turn 3) holds Etruria alone and leaves at the start of phase 2 (7.2): with
    a tribute legion waiting, the Romans may buy one legion for Rome and Florentia, not
    two (italia1/6/greedy once stopped with three legions for two zones)."""
    pos = Position("italia1", nation="Romans", turn=4)
    pos.put("Romans", "legion", "Rome")
    pos.put("Romans", "legion", "Florentia")
    (decimus,) = pos.put("Romans", "leader", "Etruria", name="Decimus Mus")
    pos.state.units[decimus].arrived = 3
    pos.state.held_for["Romans"] = ["legion"]  # bought with tribute (6.4)
    pos.gold("Romans", 10)
    game = pos.game()
    game.apply(Buy("Romans", "legion"))
    assert not [a for a in game.legal_actions() if isinstance(a, Buy) and a.unit == "legion"]
    refused(game, lambda: game.apply(Buy("Romans", "legion")), "7.1", "2 zones")


def test_7_1_bought_units_no_zone_can_take_wait_for_the_next_turn() -> None:
    """7.1: "Only one new unit may be placed in each zone"; 6.4: the master's tribute buys
    "are placed in front of the player and will only enter play during the master's
    turn". Three such legions and two zones: two are placed, the third waits in front of
    the player, and the placement never asks for a unit that has nowhere to go."""
    pos = Position("italia1", nation="Romans", turn=5)
    pos.put("Romans", "legion", "Rome")
    pos.put("Romans", "legion", "Florentia")
    pos.state.held_for["Romans"] = ["legion", "legion", "legion"]
    game = pos.game()
    while game.decision is not None and game.decision.kind == "place":
        actions = game.legal_actions()
        assert actions, f"no legal action for {game.decision}"
        game.apply(actions[0])
    assert len(game.log.of_kind("place")) >= 2
    (waits,) = game.log.of_kind("unit_waits")
    assert waits.rule == "7.1" and game.state.held_for["Romans"] == ["legion"]


def test_7_0_bought_units_are_placed_before_reinforcements_arrive() -> None:
    """7.0: "Bought units are placed first, then reinforcements." The Vandals hold
    Numidia and buy two infantry on turn 1, when ten infantry and Geiserich arrive in
    Aures: the bought units go into Numidia (the single zone they hold, 7.1), not into
    Aures, held only through the reinforcements, which arrive once they are placed."""
    pos = Position("italia2", nation="Vandals", turn=1)
    pos.put("Vandals", "infantry", "Numidia")
    pos.gold("Vandals", 8)
    game = pos.game()
    game.apply(Buy("Vandals", "infantry"))
    game.apply(Buy("Vandals", "infantry"))
    assert game.decision is not None and game.decision.kind == "place"
    assert not game.state.units_in("Aures")  # the reinforcements wait for the bought units
    assert {a.zone for a in game.legal_actions() if isinstance(a, Place)} == {"Numidia"}
    game.apply(Place("Vandals", "infantry", "Numidia"))
    assert not game.log.of_kind("reinforcement")
    game.apply(Place("Vandals", "infantry", "Numidia"))
    (arrival, _geiserich) = game.log.of_kind("reinforcement")
    assert arrival.data["zone"] == "Aures" and arrival.data["count"] == 10
    assert game.state.stack_count("Numidia", "Vandals") == 3
