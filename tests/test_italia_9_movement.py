"""9.0 Movement: allowances, mountains, occupied zones, corners, leaders (9.1), borderlands
(9.2), invasions (9.3), straits (9.4), fleets (9.5), naval transport (9.6), cities (9.7)."""

from __future__ import annotations

from italia_kit.games.italia import Disembark, Embark, EndMovement, Move, Position

from .italia_helpers import refused


def movement(nation: str = "Romans") -> Position:
    return Position("italia1", nation=nation, phase="movement")


def test_9_0_example_infantry_lucania_neapolis_rome() -> None:
    pos = movement("Samnites")
    (inf,) = pos.put("Samnites", "infantry", "Lucania")
    game = pos.game()
    game.apply(Move("Samnites", (inf,), ("Lucania", "Neapolis", "Rome")))
    assert game.state.units[inf].zone == "Rome"


def test_9_0_example_stop_in_an_occupied_neapolis() -> None:
    pos = movement("Samnites")
    (inf,) = pos.put("Samnites", "infantry", "Lucania")
    pos.put("Greeks", "infantry", "Neapolis")
    game = pos.game()
    refused(
        game,
        lambda: game.apply(Move("Samnites", (inf,), ("Lucania", "Neapolis", "Rome"))),
        "9.0",
        "must stop on entering Neapolis",
    )


def test_9_0_example_stop_in_the_mountains_of_samnium() -> None:
    pos = movement("Samnites")
    (inf,) = pos.put("Samnites", "infantry", "Lucania")
    game = pos.game()
    refused(
        game,
        lambda: game.apply(Move("Samnites", (inf,), ("Lucania", "Samnium", "Corfinium"))),
        "9.0",
        "mountain zone Samnium",
    )
    game.apply(Move("Samnites", (inf,), ("Lucania", "Samnium")))
    refused(game, lambda: game.apply(Move("Samnites", (inf,), ("Samnium", "Corfinium"))), "9.0")


def test_9_0_a_unit_moved_too_far_is_refused() -> None:
    pos = movement()
    (legion,) = pos.put("Romans", "legion", "Rome")
    game = pos.game()
    refused(
        game,
        lambda: game.apply(
            Move("Romans", (legion,), ("Rome", "Neapolis", "Lucania", "Bruttium", "Rhegium"))
        ),
        "9.0",
        "may move 3 zones",
    )
    game.apply(Move("Romans", (legion,), ("Rome", "Neapolis")))
    game.apply(Move("Romans", (legion,), ("Neapolis", "Lucania", "Bruttium")))
    refused(game, lambda: game.apply(Move("Romans", (legion,), ("Bruttium", "Rhegium"))), "9.0")


def test_9_0_corners_cannot_be_crossed() -> None:
    pos = movement("Cimbri")
    (inf,) = pos.put("Cimbri", "infantry", "Noricum")
    game = pos.game()
    refused(
        game,
        lambda: game.apply(Move("Cimbri", (inf,), ("Noricum", "Tridentum"))),
        "9.0",
        "corner",
    )


def test_9_1_example_leader_lucania_samnium_corfinium_picenum() -> None:
    pos = movement("Samnites")
    inf = pos.put("Samnites", "infantry", "Lucania")
    leader = pos.put("Samnites", "leader", "Lucania", name="Papius Mutilus")
    game = pos.game()
    group = (*inf, *leader)
    game.apply(Move("Samnites", group, ("Lucania", "Samnium", "Corfinium", "Picenum")))
    assert {game.state.units[i].zone for i in group} == {"Picenum"}


def test_9_1_a_leader_alone_moves_3_zones_through_mountains() -> None:
    pos = movement()
    (leader,) = pos.put("Romans", "leader", "Rome", name="Fabius")
    game = pos.game()
    game.apply(Move("Romans", (leader,), ("Rome", "Samnium", "Lucania", "Bruttium")))
    refused(game, lambda: game.apply(Move("Romans", (leader,), ("Bruttium", "Rhegium"))), "9.0")


def test_9_1_a_leader_who_moved_3_alone_goes_no_further_with_a_fresh_legion() -> None:
    """9.1: "A leader moving alone may move 3 land zones": Fabius walks 3 zones alone to
    a legion that has not moved; he may not lead it a fourth zone (the legion may go on
    alone), though a leader who has led his troops all phase goes as far as they do."""
    pos = movement()
    (leader,) = pos.put("Romans", "leader", "Rome", name="Fabius")
    (legion,) = pos.put("Romans", "legion", "Bruttium")
    game = pos.game()
    game.apply(Move("Romans", (leader,), ("Rome", "Samnium", "Lucania", "Bruttium")))
    together = Move("Romans", (leader, legion), ("Bruttium", "Rhegium"))  # id order
    assert together not in game.legal_actions()
    refused(game, lambda: game.apply(together), "9.0", "may move 3 zones")
    assert Move("Romans", (legion,), ("Bruttium", "Rhegium")) in game.legal_actions()

    pos = movement()
    (leader,) = pos.put("Romans", "leader", "Rome", name="Fabius")
    (legion,) = pos.put("Romans", "legion", "Rome")
    game = pos.game()
    game.apply(Move("Romans", (legion, leader), ("Rome", "Samnium", "Lucania", "Bruttium")))
    game.apply(Move("Romans", (legion, leader), ("Bruttium", "Rhegium")))  # 3 + 1 (9.1)
    assert game.state.units[leader].zone == "Rhegium"


def test_9_1_the_leader_bonus_needs_the_leader_all_phase() -> None:
    pos = movement("Samnites")
    (inf,) = pos.put("Samnites", "infantry", "Lucania")
    (leader,) = pos.put("Samnites", "leader", "Lucania", name="Papius Mutilus")
    game = pos.game()
    game.apply(Move("Samnites", (inf, leader), ("Lucania", "Neapolis")))
    game.apply(Move("Samnites", (leader,), ("Neapolis", "Rome")))
    game.apply(Move("Samnites", (inf,), ("Neapolis", "Rome")))
    refused(game, lambda: game.apply(Move("Samnites", (inf,), ("Rome", "Etruria"))), "9.0")


def test_9_2_units_left_in_a_borderland_are_removed() -> None:
    pos = movement("Cimbri")
    ids = pos.put("Cimbri", "infantry", "Helvetia", 3)
    game = pos.game()
    game.apply(Move("Cimbri", (ids[0],), ("Helvetia", "Mediolanum")))
    game.apply(EndMovement("Cimbri"))
    removed = game.log.of_kind("borderland_removed")
    assert len(removed) == 2 and all(e.rule == "9.2" for e in removed)
    assert set(game.state.units) == {ids[0]}


def test_9_3_example_apulia_invasions() -> None:
    """1 defender: 2 invade; 2 need 4; 3 cannot be invaded (limit 4); with a city 3 suffice."""
    pos = movement()
    pos.put("Samnites", "infantry", "Apulia")
    first = pos.put("Romans", "legion", "Corfinium", 3)
    more = pos.put("Romans", "legion", "Samnium", 2)
    game = pos.game()
    game.apply(Move("Romans", tuple(first[:2]), ("Corfinium", "Apulia")))
    assert "Apulia" in game.state.invaded
    assert game.log.of_kind("invasion")[-1].rule == "9.3"
    # after the invasion more units move in without stopping (9.3), up to the 8.3 limit
    game.apply(Move("Romans", (first[2],), ("Corfinium", "Apulia")))
    game.apply(Move("Romans", (more[0],), ("Samnium", "Apulia")))
    assert game.state.stack_count("Apulia", "Romans") == 4
    refused(game, lambda: game.apply(Move("Romans", (more[1],), ("Samnium", "Apulia"))), "8.3")

    pos = movement()
    pos.put("Samnites", "infantry", "Apulia", 3)
    legions = pos.put("Romans", "legion", "Corfinium", 4)
    game = pos.game()
    game.apply(Move("Romans", tuple(legions), ("Corfinium", "Apulia")))
    assert "Apulia" not in game.state.invaded

    pos.city("Apulia")
    game = pos.game()
    game.apply(Move("Romans", tuple(legions[:3]), ("Corfinium", "Apulia")))
    assert "Apulia" in game.state.invaded


def test_9_3_units_may_move_through_an_invaded_zone() -> None:
    pos = movement()
    pos.put("Samnites", "infantry", "Apulia")
    invaders = pos.put("Romans", "legion", "Samnium", 2)
    (runner,) = pos.put("Romans", "legion", "Corfinium")
    game = pos.game()
    game.apply(Move("Romans", tuple(invaders), ("Samnium", "Apulia")))
    game.apply(Move("Romans", (runner,), ("Corfinium", "Apulia", "Calabria")))
    assert game.state.units[runner].zone == "Calabria"
    refused(game, lambda: game.apply(Move("Romans", (invaders[0],), ("Apulia", "Lucania"))), "9.0")


def test_9_4_a_strait_takes_the_whole_movement_phase() -> None:
    pos = movement("Greeks")
    (a,) = pos.put("Greeks", "infantry", "Messana")
    (b,) = pos.put("Greeks", "infantry", "Syracusae")
    game = pos.game()
    refused(
        game,
        lambda: game.apply(Move("Greeks", (a,), ("Messana", "Rhegium", "Bruttium"))),
        "9.4",
    )
    game.apply(Move("Greeks", (a,), ("Messana", "Rhegium")))
    assert game.state.moves[a].strait and game.state.moves[a].stopped
    game.apply(Move("Greeks", (b,), ("Syracusae", "Messana")))
    refused(game, lambda: game.apply(Move("Greeks", (b,), ("Messana", "Rhegium"))), "9.4")


def test_9_5_fleets_move_two_seas_past_enemy_fleets() -> None:
    pos = movement("Carthaginians")
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Sardoum")
    pos.put("Romans", "fleet", "Mare Balearicum", 3)
    game = pos.game()
    game.apply(
        Move("Carthaginians", (fleet,), ("Mare Sardoum", "Mare Balearicum", "Mare Ligusticum"))
    )
    refused(
        game,
        lambda: game.apply(Move("Carthaginians", (fleet,), ("Mare Ligusticum", "Mare Tyrrhenum"))),
        "9.5",
    )


def test_9_6_example_carthaginian_transport() -> None:
    """Byzacena -> Africa cannot embark; the 2 in Africa sail to Olbia and Pisae."""
    pos = movement("Carthaginians")
    a, b = pos.put("Carthaginians", "infantry", "Africa", 2)
    (c,) = pos.put("Carthaginians", "infantry", "Byzacena")
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Sardoum")
    pos.put("Romans", "fleet", "Mare Balearicum", 3)
    game = pos.game()
    game.apply(Move("Carthaginians", (c,), ("Byzacena", "Africa")))
    refused(game, lambda: game.apply(Embark("Carthaginians", fleet, (c,))), "9.6", "overland")
    game.apply(Embark("Carthaginians", fleet, (a, b)))
    game.apply(Move("Carthaginians", (fleet,), ("Mare Sardoum", "Mare Balearicum")))
    game.apply(Disembark("Carthaginians", (a,), "Olbia"))
    game.apply(Move("Carthaginians", (fleet,), ("Mare Balearicum", "Mare Ligusticum")))
    game.apply(Disembark("Carthaginians", (b,), "Pisae"))
    assert game.state.units[a].zone == "Olbia" and game.state.units[b].zone == "Pisae"
    refused(game, lambda: game.apply(Move("Carthaginians", (b,), ("Pisae", "Etruria"))), "9.0")


def test_9_6_a_fleet_carries_two_units_a_turn_and_leaders_free() -> None:
    pos = movement("Carthaginians")
    inf = pos.put("Carthaginians", "infantry", "Africa", 3)
    (leader,) = pos.put("Carthaginians", "leader", "Africa", name="Hamilcar")
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Sardoum")
    game = pos.game()
    game.apply(Embark("Carthaginians", fleet, (inf[0], inf[1], leader)))
    refused(game, lambda: game.apply(Embark("Carthaginians", fleet, (inf[2],))), "9.6", "at most 2")


def test_9_7_example_a_roman_city_in_samnium_does_not_stop_them() -> None:
    pos = movement()
    pos.put("Romans", "legion", "Samnium")
    pos.city("Samnium")
    (legion,) = pos.put("Romans", "legion", "Rome")
    game = pos.game()
    game.apply(Move("Romans", (legion,), ("Rome", "Samnium", "Apulia")))
    assert game.state.units[legion].zone == "Apulia"


def test_9_7_a_ruin_does_not_help() -> None:
    pos = movement()
    pos.put("Romans", "legion", "Samnium")
    pos.city("Samnium", ruin=True)
    (legion,) = pos.put("Romans", "legion", "Rome")
    game = pos.game()
    refused(
        game, lambda: game.apply(Move("Romans", (legion,), ("Rome", "Samnium", "Apulia"))), "9.0"
    )
