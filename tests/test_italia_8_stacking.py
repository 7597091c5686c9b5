"""8.0 Stacking limits: 8.0 base limits, 8.1 capitals, 8.3 attacks, 8.5 cities."""

from __future__ import annotations

from italia_kit.games.italia import EndMovement, Move, Position, RemoveUnit

from .italia_helpers import refused


def test_8_0_example_lucania_six_through_four_stay() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    legions = pos.put("Romans", "legion", "Neapolis", 6)
    game = pos.game()
    game.apply(Move("Romans", tuple(legions[:2]), ("Neapolis", "Lucania", "Bruttium")))
    game.apply(Move("Romans", tuple(legions[2:]), ("Neapolis", "Lucania")))
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "remove"
    assert game.state.surplus == {"Lucania": 1}
    event = game.log.of_kind("over_stacked")[-1]
    assert event.rule == "8.0" and "limit 3" in event.text
    refused(game, lambda: game.apply(RemoveUnit("Romans", legions[0])), "8.0")
    game.apply(RemoveUnit("Romans", legions[5]))
    assert game.state.stack_count("Lucania", "Romans") == 3


def test_8_0_example_no_removal_with_a_leader() -> None:
    """8.0: "After moving, one must be removed, unless there is a leader among the 4 units
    present" (8.4: the leader of a campaign, in the normal turn before it): Fabius, who
    campaigns on turn 2 (12.3 example), leads 4 legions into Lucania."""
    pos = Position("italia1", nation="Romans", turn=2, phase="movement")
    legions = pos.put("Romans", "legion", "Neapolis", 4)
    group = (*legions, *pos.put("Romans", "leader", "Neapolis", name="Fabius"))
    game = pos.game()
    game.apply(Move("Romans", group, ("Neapolis", "Lucania")))
    game.apply(EndMovement("Romans"))
    assert not game.log.of_kind("over_stacked")


def test_8_4_outside_a_campaign_a_leaders_zone_keeps_its_limit() -> None:
    """8.4: "There is no limit in the zone where a leader is conducting a campaign. During
    a normal turn (before the campaign) there is also no stacking limit in a leader's
    zone"; 12.3: "Before a campaign begins ... the stacking limit in the zone is not
    checked." Read together: the leader must be one who campaigns this turn. Brennus
    leads no campaign on turn 1: nine Celtic infantry with him in Verona are six too many."""
    pos = Position("italia1", nation="Celts", turn=1, phase="movement")
    pos.put("Celts", "infantry", "Verona", 9)
    pos.put("Celts", "leader", "Verona", name="Brennus")
    game = pos.game()
    game.apply(EndMovement("Celts"))
    assert game.state.surplus == {"Verona": 6}
    assert game.decision is not None and game.decision.kind == "remove"


def test_8_0_mountains_hold_two_and_leaders_cities_do_not_count() -> None:
    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Samnium", 2)
    pos.city("Samnium")
    game = pos.game()
    game.apply(EndMovement("Samnites"))
    assert not game.log.of_kind("over_stacked")


def test_8_1_a_capital_holds_one_more_and_rome_is_always_the_roman_capital() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Rome", 4)
    game = pos.game()
    game.apply(EndMovement("Romans"))
    assert not game.log.of_kind("over_stacked")

    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Samnium", 3)
    pos.capital("Samnites", "Samnium")
    game = pos.game()
    game.apply(EndMovement("Samnites"))
    assert not game.log.of_kind("over_stacked")


def test_8_3_example_romans_attack_calabria() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Greeks", "infantry", "Calabria", 2)
    legions = pos.put("Romans", "legion", "Apulia", 5)
    answer = pos.can_attack("Romans", "Calabria", 4)
    assert answer and "limit 3" in str(answer) and "+1 for an attack (8.3) = 4" in str(answer)
    five = pos.can_attack("Romans", "Calabria", 5)
    assert not five and "1 too many" in str(five)
    assert pos.can_attack("Romans", "Calabria", 5, leader=True)
    game = pos.game()
    refused(
        game,
        lambda: game.apply(Move("Romans", tuple(legions), ("Apulia", "Calabria"))),
        "8.3",
        "at most 4",
    )
    game.apply(Move("Romans", tuple(legions[:4]), ("Apulia", "Calabria")))
    game.apply(EndMovement("Romans"))
    assert game.state.combat_due == ["Calabria"]
    assert game.log.of_kind("combat_due")[-1].rule == "10.0"


def test_8_3_an_invasion_lets_no_fifth_attacker_into_calabria() -> None:
    """8.3: "The attacker may attack with one more unit than the stacking limit of the
    attacked zone. A zone with a stacking limit of 3 units can therefore be attacked by 4
    units, regardless of the number of defenders in the zone." Four legions invade
    Calabria (9.3: twice the two defenders); a fifth may pass through, not stay to attack:
    the move list and the checked move agree with ``can_attack``."""
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Greeks", "infantry", "Calabria", 2)
    legions = pos.put("Romans", "legion", "Apulia", 5)
    game = pos.game()
    game.apply(Move("Romans", tuple(legions[:4]), ("Apulia", "Calabria")))
    assert game.state.invaded == ["Calabria"]
    fifth = Move("Romans", (legions[4],), ("Apulia", "Calabria"))
    assert fifth not in game.legal_actions()
    refused(game, lambda: game.apply(fifth), "8.3", "at most 4")
    game.apply(Move("Romans", (legions[4],), ("Apulia", "Calabria", "Lucania")))  # 9.3
    game.apply(EndMovement("Romans"))
    assert game.state.combat_due == ["Calabria"]
    assert game.state.stack_count("Calabria", "Romans") == 4
    assert not pos.can_attack("Romans", "Calabria", 5)


def test_8_3_an_enemy_capital_in_the_mountains_takes_only_three_attackers() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Samnites", "infantry", "Samnium", 3)
    pos.capital("Samnites", "Samnium")
    answer = pos.can_attack("Romans", "Samnium", 4)
    assert not answer and answer.limit == 3


def test_8_2_placement_ignores_stacking_until_the_end_of_movement() -> None:
    from italia_kit.games.italia import Buy, Place

    pos = Position("italia1", nation="Celts")
    pos.put("Celts", "infantry", "Mediolanum", 3)
    pos.gold("Celts", 9)
    game = pos.game()
    game.apply(Buy("Celts", "infantry"))
    game.apply(Buy("Celts", "infantry"))
    game.apply(Place("Celts", "infantry", "Mediolanum"))
    game.apply(Place("Celts", "infantry", "Mediolanum"))
    assert game.state.stack_count("Mediolanum", "Celts") == 5  # 7.1 exception, 8.2
    while game.decision is not None and game.decision.kind == "place":
        game.apply(game.legal_actions()[0])  # Brennus (7.2): into Mediolanum, the only zone
    game.apply(EndMovement("Celts"))
    # Brennus, if there, leads no campaign on turn 1: the limit holds (8.4, 12.3)
    assert game.state.surplus == {"Mediolanum": 2}


def test_8_6_example_retreat_into_rhegium_allows_one_more() -> None:
    from italia_kit.games.italia import stacking_limit

    pos = Position("italia1", nation="Romans")
    pos.put("Romans", "legion", "Rhegium", 2)
    limit = stacking_limit(pos.world, pos.state, "Rhegium", "Romans", retreat=True)
    assert limit is not None and limit.value == 3 and "a retreat (8.6)" in limit.explain()
    pos.capital("Samnites", "Samnium")
    capital = stacking_limit(pos.world, pos.state, "Samnium", "Samnites", retreat=True)
    assert capital is not None and capital.value == 4  # 2 + capital + retreat


def test_8_1_the_capital_may_change_at_any_time_but_not_romes() -> None:
    from italia_kit.games.italia import DeclareCapital

    from .italia_helpers import refused as refused_

    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Lucania", 4)
    pos.put("Romans", "legion", "Rome")
    game = pos.game()
    game.apply(EndMovement("Samnites"))
    assert game.state.surplus == {"Lucania": 1}
    game.apply(DeclareCapital("Samnites", "Lucania"))  # 8.1: and the surplus is gone
    assert not game.state.surplus and game.state.capitals["Samnites"] == "Lucania"
    refused_(game, lambda: game.apply(DeclareCapital("Romans", "Neapolis")), "13.1")


def test_the_limit_value_agrees_with_the_explained_limit() -> None:
    """``limit_value`` (the number only, asked by retreats and the stacking checks) equals
    ``stacking_limit(...).value`` for every zone, nation and kind of limit, at positions
    of random games of both Italias (capitals change, Rome is always Roman in Italia I)."""
    import itertools
    import random

    from italia_kit.games.italia import new_game
    from italia_kit.games.italia.setup import world_of
    from italia_kit.games.italia.stacking import limit_value, stacking_limit

    checked = 0
    for scenario in ("italia1", "italia2"):
        game = new_game(scenario, seed=3)
        rng = random.Random(3)
        world = world_of(game)
        steps = 0
        while not game.is_over:
            if steps % 150 == 0:
                state = game.state
                for zone, nation, flags in itertools.product(
                    world.board.zones, world.order, itertools.product((False, True), repeat=4)
                ):
                    attacking, leader, major, retreat = flags
                    kw = dict(
                        attacking=attacking, leader=leader, major_invasion=major, retreat=retreat
                    )
                    full = stacking_limit(world, state, zone.name, nation, **kw)
                    value = limit_value(world, state, zone.name, nation, **kw)
                    assert value == (None if full is None else full.value), (zone.name, kw)
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
    assert checked > 10_000


def test_8_1_a_nation_without_a_capital_is_offered_one_with_its_purchases() -> None:
    """8.1: "Each nation must designate a zone as its capital." While the Celts have none,
    their purchase lists a DeclareCapital for each zone they control; once declared,
    only a zone over its limit in the stacking step is offered again."""
    from italia_kit.games.italia import DeclareCapital

    pos = Position("italia1", nation="Celts")
    pos.put("Celts", "infantry", "Mediolanum")
    pos.put("Celts", "infantry", "Liguria")
    pos.gold("Celts", 4)
    game = pos.game()
    offered = {a.zone for a in game.legal_actions() if isinstance(a, DeclareCapital)}
    assert offered == {"Mediolanum", "Liguria"}
    game.apply(DeclareCapital("Celts", "Mediolanum"))
    assert game.state.capitals["Celts"] == "Mediolanum"
    assert not [a for a in game.legal_actions() if isinstance(a, DeclareCapital)]
    romans = Position("italia1", nation="Romans")
    romans.put("Romans", "legion", "Neapolis")
    romans.gold("Romans", 4)
    assert not [a for a in romans.game().legal_actions() if isinstance(a, DeclareCapital)]


def test_8_1_a_change_of_capital_removes_the_former_capitals_surplus() -> None:
    """8.1: "If the former capital contains more units than its allowed limit, the surplus
    is removed from the game immediately." Four Samnites in Lucania, their capital; the
    capital moves to Apulia: one must go at once, before the purchase goes on."""
    from italia_kit.games.italia import Buy, DeclareCapital

    pos = Position("italia1", nation="Samnites")
    pos.put("Samnites", "infantry", "Lucania", 4)
    pos.put("Samnites", "infantry", "Apulia")
    pos.capital("Samnites", "Lucania")
    pos.gold("Samnites", 4)
    game = pos.game()
    game.apply(DeclareCapital("Samnites", "Apulia"))
    assert game.state.surplus == {"Lucania": 1}
    assert game.decision is not None and game.decision.kind == "remove"
    actions = game.legal_actions()
    assert actions and all(isinstance(a, RemoveUnit) for a in actions)
    game.apply(actions[0])
    assert not game.state.surplus and game.state.stack_count("Lucania", "Samnites") == 3
    assert game.decision is not None and game.decision.kind == "buy"
    assert Buy("Samnites", "infantry") in game.legal_actions()


def test_8_1_a_zone_over_its_limit_may_become_the_capital() -> None:
    """8.1 note: a new capital may save a surplus: in the stacking step the zone over its
    limit is offered as the capital (and the Romans of Italia I never are, 13.1)."""
    from italia_kit.games.italia import DeclareCapital

    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Lucania", 4)
    game = pos.game()
    game.apply(EndMovement("Samnites"))
    assert DeclareCapital("Samnites", "Lucania") in game.legal_actions()
    game.apply(DeclareCapital("Samnites", "Lucania"))
    assert not game.state.surplus
