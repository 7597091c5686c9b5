"""Agricola 5.0-5.2 (Legion Actions) and 6.0 (Leader Actions): limitations refused naming the
section with the state untouched, effects, costs, and the rulebook's examples."""

from __future__ import annotations

import random

import pytest

from italia_kit.core import Game, IllegalActionError, RandomPlayer
from italia_kit.games.agricola import legion
from italia_kit.games.agricola.actions import (
    BATTLE,
    GARRISON,
    PEACEKEEPING,
    SUPPRESS,
    Attach,
    LegionAction,
    Negotiate,
    Pass,
    Reorganize,
)
from italia_kit.games.agricola.geography import BOX, REACH
from italia_kit.games.agricola.state import FRIENDLY, HOSTILE, UNFRIENDLY, AgricolaState
from italia_kit.games.agricola.tables import ONE_AQUILA

from .agricola_helpers import II, IX, XX, blank, game, into_cup, leader, put, units


def refused(g: Game[AgricolaState], action: object, rule: str) -> None:
    before = (g.state_json(), g.dice.snapshot(), len(g.log))
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)  # type: ignore[arg-type]
    assert err.value.rule == rule, err.value
    assert (g.state_json(), g.dice.snapshot(), len(g.log)) == before


def test_5_1_example_deva_victrix_to_iceni_and_iceni_to_silures_both_ways() -> None:
    assert BOX["Iceni"] in REACH[BOX["Deva Victrix"]]
    assert BOX["Deva Victrix"] in REACH[BOX["Iceni"]]
    assert BOX["Silures"] in REACH[BOX["Iceni"]] and BOX["Iceni"] in REACH[BOX["Silures"]]
    # a single line to a camp is one step onto the network, not two
    assert BOX["Cornovvi"] not in REACH[BOX["Silures"]]
    assert BOX["Demetae"] not in REACH[BOX["Isca Augusta"]]


def test_5_1_a_move_beyond_adjacency_is_refused() -> None:
    g = game(blank())
    refused(g, LegionAction((II,), BOX["Demetae"], PEACEKEEPING), "5.1")


def test_5_2_suppress_with_three_tribal_units_is_refused_naming_5_2() -> None:
    state = blank()
    put(state, "Silures", *units("Silures")[:3])
    g = game(state)
    refused(g, LegionAction((II,), BOX["Silures"], SUPPRESS), "5.2")


def test_5_2_suppress_with_the_leader_in_the_box_itself_is_refused() -> None:
    state = blank()
    put(state, "Silures", units("Silures")[0], leader("Tan"))
    refused(game(state), LegionAction((II,), BOX["Silures"], SUPPRESS), "5.2")


def test_5_2_suppress_beats_resistance_plus_leadership_bonus_and_agricola_takes_the_next() -> None:
    state = blank()
    silures = units("Silures")
    put(state, "Silures", silures[0], silures[1])  # Resistance 4 each
    put(state, "Demetae", units("Demetae")[0], leader("Tan"))  # +1 in the region
    g = game(state, dice=(6,))  # 6 > 4 + 1
    events = g.apply(LegionAction((II,), BOX["Silures"], SUPPRESS))
    gone = [e.data["counter"] for e in events if e.kind == "eliminate" and e.rule == "5.2"]
    assert gone == [silures[1], silures[0]]


def test_5_2_suppress_fails_on_a_roll_not_above_the_resistance() -> None:
    state = blank()
    silures = units("Silures")
    put(state, "Silures", silures[0])
    state.agricola = IX
    g = game(state, dice=(4,))
    g.apply(LegionAction((II,), BOX["Silures"], SUPPRESS))
    assert g.state.stacks[BOX["Silures"]][:1] == [silures[0]]


def test_5_2_garrison_with_a_tribal_leader_in_the_region_is_refused() -> None:
    state = blank()
    put(state, "Demetae", units("Demetae")[0], leader("Tan"))
    refused(game(state), LegionAction((II,), BOX["Silures"], GARRISON, 1), "5.2")


def test_5_2_garrison_places_the_garrison_gives_up_a_unit_and_moves_unfriendly_to_friendly() -> (
    None
):
    state = blank()
    state.agricola = IX
    g = game(state)
    first = g.state.holding[II][0]
    events = g.apply(LegionAction((II,), BOX["Silures"], GARRISON, 1))
    assert g.state.garrison[BOX["Silures"]] == first and len(g.state.holding[II]) == 2
    cup = next(e for e in events if e.kind == "cup")
    assert (cup.data["source"], cup.data["target"]) == ("Unfriendly", "Friendly")


def test_5_2_garrison_with_agricola_eliminates_a_unit_next_door_in_the_region() -> None:
    state = blank()
    ordovices = units("Ordovices")[0]
    put(state, "Ordovices", ordovices)
    g = game(state)
    events = g.apply(LegionAction((II,), BOX["Silures"], GARRISON, 1, BOX["Ordovices"]))
    gone = [e.data["counter"] for e in events if e.kind == "eliminate" and e.rule == "5.2"]
    assert gone == [ordovices]


def test_5_2_peacekeeping_must_move_to_a_box_without_tribes() -> None:
    state = blank()
    put(state, "Silures", units("Silures")[0])
    g = game(state)
    refused(g, LegionAction((II,), -1, PEACEKEEPING), "5.2")
    refused(g, LegionAction((II,), BOX["Silures"], PEACEKEEPING), "5.2")
    events = g.apply(LegionAction((II,), BOX["Dubunni"], PEACEKEEPING))
    cup = next(e for e in events if e.kind == "cup")
    assert (cup.data["source"], cup.data["target"]) == ("Hostile", "Unfriendly")


def test_5_2_peacekeeping_with_agricola_moves_a_second_time() -> None:
    g = game(blank())
    refused(g, LegionAction((IX,), BOX["Parisi"], PEACEKEEPING, 0, BOX["Brigantes"]), "5.2")
    g.apply(LegionAction((II,), BOX["Dubunni"], PEACEKEEPING, 0, BOX["Iceni"]))
    assert g.state.legion_box[II] == BOX["Iceni"]


def test_5_2_battle_needs_two_tribal_units() -> None:
    state = blank()
    put(state, "Silures", units("Silures")[0])
    refused(game(state), LegionAction((II,), BOX["Silures"], BATTLE), "5.2")


def test_5_0_example_stacked_legions_pay_one_action_each() -> None:
    """II Augusta and IX Hispana stacked: a Battle with II alone costs one Action, with
    both two, and the Battle's Cup Adjustments and reactions double."""
    state = blank()
    state.legion_box[IX] = state.legion_box[II]
    put(state, "Silures", *units("Silures")[:2])
    g = game(state)
    one = g.fork()
    one.apply(LegionAction((II,), BOX["Silures"], BATTLE))
    assert one.state.actions_left == 4 and one.state.battle.legions == [II]
    both = g.fork()
    both.apply(LegionAction((II, IX), BOX["Silures"], BATTLE))
    assert both.state.actions_left == 3 and both.state.battle.legions == [II, IX]
    refused(g, LegionAction((II, XX), BOX["Silures"], BATTLE), "5.0")


def test_5_2_passing_scores_each_action_forgone_and_one_reaction() -> None:
    state = blank(actions_left=4)
    into_cup(state, HOSTILE, units("Iceni")[0])
    into_cup(state, FRIENDLY, *units("Catuvellani"))
    g = game(state)
    events = g.apply(Pass())
    vp = next(e for e in events if e.kind == "vp")
    assert vp.data["vp"] == 4
    cups = [
        (e.data["source"], e.data["target"], e.data["asked"])
        for e in events
        if e.kind == "cup" and e.rule == "5.2"
    ]
    assert cups == [("Unfriendly", "Hostile", 1), ("Friendly", "Unfriendly", 4)]
    assert sum(1 for e in events if e.kind == "draw" and e.rule == "7.0") == 1


def test_6_0_attach_to_a_legion_adjacent_with_the_double_line_bonus() -> None:
    state = blank()
    state.legion_box[IX] = BOX["Iceni"]
    g = game(state)
    g.apply(Attach(IX))  # Isca Augusta to Iceni: double lines
    assert g.state.agricola == IX
    state = blank()
    state.legion_box[IX] = BOX["Brigantes"]
    refused(game(state), Attach(IX), "6.0")


def test_6_0_reorganize_keeps_two_auxiliaries_per_legionary_and_the_three_times_rule() -> None:
    state = blank()
    state.legion_box[IX] = state.legion_box[II]
    g = game(state)
    # II has 3 legionaries, IX 3: moving two from IX makes 5 against 1
    unit_a, unit_b = g.state.holding[IX][0], g.state.holding[IX][1]
    refused(g, Reorganize(((unit_a, II), (unit_b, II))), "6.0")
    g.apply(Reorganize(((unit_a, II),)))
    assert unit_a in g.state.holding[II]


def test_6_0_negotiation_spending_8_coins_is_refused_naming_6_0() -> None:
    state = blank(treasury=12)
    put(state, "Dubunni", units("Dubunni")[0])
    refused(game(state), Negotiate(BOX["Dubunni"], 8), "6.0")


def test_6_0_negotiation_success_puts_the_unit_in_the_friendly_cup_without_reactions() -> None:
    state = blank()
    state.legion_box[II] = BOX["Dubunni"]
    dubunni = units("Dubunni")[0]  # Resistance 2
    put(state, "Corieltavvi", units("Corieltavvi")[0])
    put(state, "Dubunni", dubunni)
    g = game(state, dice=(1,))
    events = g.apply(Negotiate(BOX["Dubunni"], 2))  # 1 + 2 > 2
    assert dubunni in g.state.cups[FRIENDLY] and g.state.treasury == 8
    assert not any(e.kind == "draw" for e in events)


def test_6_0_a_failed_negotiation_is_1_unfriendly_hostile() -> None:
    state = blank()
    put(state, "Silures", units("Silures")[0])  # Resistance 4, next to Isca? no: in the box
    state.legion_box[II] = BOX["Silures"]
    g = game(state, dice=(2,))
    events = g.apply(Negotiate(BOX["Silures"], 1))
    cup = next(e for e in events if e.kind == "cup")
    assert (cup.data["source"], cup.data["target"]) == ("Unfriendly", "Hostile")
    assert g.state.stacks[BOX["Silures"]] and g.state.treasury == 9


def test_6_0_negotiation_with_a_leader_in_the_region_is_refused() -> None:
    state = blank()
    state.legion_box[II] = BOX["Silures"]
    put(state, "Silures", units("Silures")[0])
    put(state, "Demetae", units("Demetae")[0], leader("Tan"))
    refused(game(state), Negotiate(BOX["Silures"], 3), "6.0")


def test_the_listed_legion_actions_are_exactly_the_ones_check_accepts() -> None:
    """legion.options spells check out for speed: over positions of random games, every
    listed action passes check and every single-legion action check passes is listed."""
    from italia_kit.games.agricola import new_game

    seen = 0
    for seed in range(40):
        g = new_game(seed)
        player = RandomPlayer(seed)
        while not g.is_over and seen < 400:
            state = g.state
            if state.step == "act":
                listed = set(legion.options(state))
                for action in listed:
                    legion.check(state, action)
                for k in range(3):
                    for to in (-1, *REACH[state.legion_box[k]]):
                        for order in (SUPPRESS, BATTLE, PEACEKEEPING):
                            action = LegionAction((k,), to, order)
                            assert legion.legal(state, action) == (action in listed), action
                        for unit in (1, 2, 3):
                            action = LegionAction((k,), to, GARRISON, unit)
                            assert legion.legal(state, action) == (action in listed), action
                seen += 1
            g.apply(player.choose(g, "rome"))
    assert seen >= 100
    random.Random(0)  # the players' own streams, not this one, choose
    assert ONE_AQUILA and UNFRIENDLY >= 0
