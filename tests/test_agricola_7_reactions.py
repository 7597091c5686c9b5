"""Agricola 7.0-7.4: Hostile Tribe Reactions, one test per priority and table row."""

from __future__ import annotations

import pytest

from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.reactions import (
    empty_hostile_cup,
    internecine_war,
    next_reaction,
    place_leader,
    place_unit,
)
from italia_kit.games.agricola.state import FRIENDLY, HOSTILE, UNFRIENDLY
from italia_kit.games.agricola.tables import INTERNECINE, ONE_AQUILA, SETTLEMENTS

from .agricola_helpers import II, IX, blank, context, into_cup, leader, put, take, units


def test_7_0_a_reaction_draws_from_the_hostile_cup_and_shows_the_counter() -> None:
    state = blank()
    (unit, *_) = units("Silures")
    into_cup(state, HOSTILE, unit)
    ctx = context(state)
    next_reaction(ctx)
    assert state.stacks[BOX["Silures"]] == [unit]
    draw = next(e for e in ctx.log if e.kind == "draw")
    assert "hidden_from" not in draw.data and draw.data["counter"] == unit


def test_7_1_priority_1_a_legion_in_the_box_eliminates_the_unit() -> None:
    state = blank()
    state.legion_box[II] = BOX["Silures"]
    unit = units("Silures")[0]
    take(state, unit)
    ctx = context(state)
    place_unit(ctx, unit)
    assert state.dead == [unit] and not state.stacks[BOX["Silures"]]


@pytest.mark.parametrize(("roll", "placed"), [(5, False), (4, True)])
def test_7_1_priority_2_settlement_roll_minus_units_and_bonus_plus_settlement(
    roll: int, placed: bool
) -> None:
    """Silures (Resistance 4) drawn; a "+2" Settlement in Silures; one Demetae unit and the
    tan leader (+1) in the region: roll - 1 - 1 + 2 must exceed 4."""
    state = blank()
    state.settlement[BOX["Silures"]] = SETTLEMENTS[0]
    take(state, SETTLEMENTS[0])
    put(state, "Demetae", units("Demetae")[0])
    put(state, "Demetae", leader("Tan"))
    unit = units("Silures")[0]
    take(state, unit)
    ctx = context(state, (roll,))
    place_unit(ctx, unit)
    assert (state.stacks[BOX["Silures"]] == [unit]) is placed
    assert (unit in state.dead) is not placed


def test_7_1_priority_3_a_garrison_overrun_is_eliminated_and_another_reaction_follows() -> None:
    state = blank()
    garrison = ONE_AQUILA[-1]
    take(state, garrison)
    state.garrison[BOX["Ordovices"]] = garrison
    unit = units("Ordovices")[2]  # Resistance 6
    take(state, unit)
    ctx = context(state, (3,))
    place_unit(ctx, unit)
    assert state.garrison[BOX["Ordovices"]] == -1 and garrison in state.dead
    assert state.stacks[BOX["Ordovices"]] == [unit]
    assert state.queue[0] == ("htr", 1)


def test_7_1_priority_3_a_garrison_holds_when_the_roll_exceeds() -> None:
    state = blank()
    garrison = ONE_AQUILA[-1]
    take(state, garrison)
    state.garrison[BOX["Demetae"]] = garrison
    unit = units("Demetae")[0]  # Resistance 3
    take(state, unit)
    ctx = context(state, (4,))
    place_unit(ctx, unit)
    assert state.garrison[BOX["Demetae"]] == garrison and unit in state.dead


def test_7_1_priority_4_two_plus_units_and_no_leader_is_internecine_war() -> None:
    state = blank()
    ordovices = units("Ordovices")
    put(state, "Ordovices", ordovices[0], ordovices[1])
    silures = units("Silures")
    put(state, "Silures", silures[2], silures[0])  # Resistance 5 below 4
    take(state, ordovices[2])
    ctx = context(state)
    place_unit(ctx, ordovices[2])
    assert state.stacks[BOX["Ordovices"]][-1] == ordovices[2]
    # the weakest Silures (Resistance 4) is eliminated, wherever it is in the stack
    assert state.stacks[BOX["Silures"]] == [silures[2]] and silures[0] in state.dead


def test_7_1_priority_4_with_a_leader_in_the_region_is_a_raid_on_an_adjacent_legion() -> None:
    state = blank()
    state.agricola = IX  # not next to the Ordovices
    ordovices = units("Ordovices")
    put(state, "Ordovices", ordovices[0], ordovices[1])
    put(state, "Deceangli", leader("Tan"))
    take(state, ordovices[2])
    ctx = context(state)
    place_unit(ctx, ordovices[2])
    # XX Valeria Victrix in Deva Victrix is adjacent: the player chooses which unit
    assert state.step == "raid_loss" and sorted(state.ask) == sorted(state.holding[2])


def test_7_1_agricola_in_the_adjacent_box_protects_the_legions_there() -> None:
    state = blank()
    state.agricola = 2  # with XX in Deva Victrix
    ordovices = units("Ordovices")
    put(state, "Ordovices", ordovices[0], ordovices[1])
    put(state, "Deceangli", leader("Tan"))
    take(state, ordovices[2])
    ctx = context(state)
    place_unit(ctx, ordovices[2])
    assert state.step == "" and any(e.kind == "raid" for e in ctx.log)
    assert len(state.holding[2]) == 3


def test_7_1_priority_5_zero_or_one_unit_the_unit_is_placed_on_top() -> None:
    state = blank()
    first, second = units("Brigantes")[:2]
    put(state, "Brigantes", first)
    take(state, second)
    ctx = context(state)
    place_unit(ctx, second)
    assert state.stacks[BOX["Brigantes"]] == [first, second]


def test_7_2_example_a_7_places_the_tan_leader_with_the_deceangli() -> None:
    state = blank()
    put(state, "Deceangli", units("Deceangli")[0])
    tan = leader("Tan")
    take(state, tan)
    ctx = context(state, (7,))
    place_leader(ctx, tan)
    assert state.leader_box[0] == BOX["Deceangli"]


def test_7_2_legion_but_no_tribe_the_leader_goes_to_the_unfriendly_cup() -> None:
    state = blank()
    state.legion_box[II] = BOX["Deceangli"]
    tan = leader("Tan")
    take(state, tan)
    ctx = context(state, (5,))
    place_leader(ctx, tan)
    assert tan in state.cups[UNFRIENDLY] and state.leader_box[0] == -1


def test_7_2_legion_and_tribe_the_leader_is_placed_and_an_ambush_follows_the_reactions() -> None:
    state = blank()
    state.legion_box[II] = BOX["Deceangli"]
    put(state, "Deceangli", units("Deceangli")[0])
    state.queue = [("htr", 1)]
    tan = leader("Tan")
    take(state, tan)
    ctx = context(state, (4,))
    place_leader(ctx, tan)
    assert state.leader_box[0] == BOX["Deceangli"]
    assert state.queue == [("htr", 1), ("ambush", BOX["Deceangli"])]


def test_7_2_an_empty_box_sends_the_leader_back_to_the_hostile_cup() -> None:
    state = blank()
    tan = leader("Tan")
    take(state, tan)
    ctx = context(state, (1,))
    place_leader(ctx, tan)
    assert tan in state.cups[HOSTILE]


@pytest.mark.parametrize("tribe", sorted(INTERNECINE))
def test_7_3_internecine_war_table_row(tribe: str) -> None:
    """The row's primary target is attacked when possible; with a Garrison there, the
    secondary; the Cup Adjustments are made either way."""
    primary, secondary = INTERNECINE[tribe]
    state = blank()
    put(state, primary, units(primary)[0])
    put(state, secondary, units(secondary)[0])
    into_cup(state, FRIENDLY, units("Iceni")[0])
    ctx = context(state)
    internecine_war(ctx, units(tribe)[0])
    assert not state.stacks[BOX[primary]] and state.stacks[BOX[secondary]]
    cups = [
        (e.data["source"], e.data["target"], e.data["asked"]) for e in ctx.log if e.kind == "cup"
    ]
    assert cups == [("Friendly", "Unfriendly", 1), ("Unfriendly", "Hostile", 2)]
    # with the primary garrisoned, the secondary is attacked
    state = blank()
    put(state, primary, units(primary)[0])
    put(state, secondary, units(secondary)[0])
    state.garrison[BOX[primary]] = ONE_AQUILA[-1]
    take(state, ONE_AQUILA[-1])
    ctx = context(state)
    internecine_war(ctx, units(tribe)[0])
    assert state.stacks[BOX[primary]] and not state.stacks[BOX[secondary]]


def test_7_3_no_attack_possible_the_cup_adjustments_are_still_made() -> None:
    state = blank()
    ctx = context(state)
    internecine_war(ctx, units("Ordovices")[0])
    assert [e.kind for e in ctx.log] == ["internecine", "cup", "cup"]


def test_7_4_an_empty_hostile_cup_ends_the_turn_scores_unused_actions_and_refills() -> None:
    state = blank(actions_left=3)
    state.queue = [("htr", 1)]
    ctx = context(state)
    empty_hostile_cup(ctx)
    assert state.vp == 3 and state.actions_left == 0 and state.queue == []
    assert len(state.cups[HOSTILE]) == 8


def test_7_cup_adjustments_are_hidden_from_rome_and_name_no_counter() -> None:
    state = blank()
    ctx = context(state)
    internecine_war(ctx, units("Ordovices")[0])
    cup = [e for e in ctx.log if e.kind == "cup"][-1]
    assert cup.data["hidden_from"] == ["rome"]
    assert "Caledonii" not in cup.text and "Silures" not in cup.text


def test_4_0_example_1_unfriendly_hostile_and_2_friendly_unfriendly() -> None:
    """4.0: "1 Unfriendly - Hostile" draws one counter blind from the Unfriendly Cup into the
    Hostile Cup; "2 Friendly - Unfriendly" moves two. A cup holding fewer gives what it has
    (reading)."""
    from italia_kit.games.agricola.mechanics import cup_adjust

    state = blank()
    into_cup(state, FRIENDLY, *units("Iceni"), units("Dubunni")[0])
    ctx = context(state)
    unfriendly = len(state.cups[UNFRIENDLY])
    assert cup_adjust(ctx, 1, UNFRIENDLY, HOSTILE, "4.0") == 1
    assert len(state.cups[UNFRIENDLY]) == unfriendly - 1 and len(state.cups[HOSTILE]) == 1
    assert cup_adjust(ctx, 2, FRIENDLY, UNFRIENDLY, "4.0") == 2
    assert len(state.cups[FRIENDLY]) == 1
    assert cup_adjust(ctx, 3, FRIENDLY, UNFRIENDLY, "4.0") == 1
    for k, name in enumerate(("Friendly", "Unfriendly", "Hostile")):
        assert sorted(ctx.dice.bag(name).items) == sorted(state.cups[k])
