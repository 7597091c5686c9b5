"""Issue 19, stage 2: the variant's sentences played by the Italia engine under
:class:`~italia_kit.games.medieval.rulebook.MedievalRulebook` (numbered S1..S30 as in
``docs/games/medieval.md``). Each builds a position on the medieval board with Italia's
:class:`~italia_kit.games.italia.Position` and plays it through ``Game.apply``;
``tests/test_medieval_rules.py`` holds the old engine's checks these do not already make,
on this engine since the game id switched to it.
"""

from __future__ import annotations

from functools import cache

import pytest

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight, Place, Submit
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval import arrival_hooks, submission_hooks
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import R_OVERRUN, MedievalRulebook, new_game
from italia_kit.games.medieval.submission_hooks import Withdraw
from italia_kit.geo import BoardDataError, load_board

from .italia_helpers import refused

RULES = MedievalRulebook()


@cache
def card() -> ItaliaScenario:
    return italia_scenario(RULES.medieval)


def position(power: str, turn: int = 1) -> Position:
    return Position(
        card(),
        nation=power,
        turn=turn,
        phase="movement",
        rulebook=RULES,
        board=medieval_board(),
    )


def moves_of(game: ItaliaGame, unit: int) -> list[Move]:
    return [a for a in game.legal_actions() if isinstance(a, Move) and unit in a.units]


def steps(game: ItaliaGame, unit: int) -> int:
    return game.state.moves[unit].steps


# -- the game and the board -------------------------------------------------------------------
def test_a_medieval_game_starts_on_the_italia_engine_with_the_medieval_board_and_powers() -> None:
    """The Italia engine plays the 27 medieval powers in their turn order, on the medieval
    board, with the set-up's armies as infantry (the Byzantine army in Istria, M-A)."""
    game = new_game(seed=3)
    world = game.rules.world
    assert world.board.name == "medieval" and world.order[0] == RULES.medieval.powers[0].name
    assert len(world.order) == 27
    istria = game.state.units_in("Istria", "Byzantines")
    assert [u.type.value for u in istria] == ["infantry"]


def test_the_board_words_marsh_is_a_swamp_fortress_clear_three_armies_an_area() -> None:
    """The rulebook checks the medieval board's words and reads them in Italia's: Ferrara's
    marsh is a swamp of three, Spoleto a mountain, an arrival box any number; Italia's
    board lacks the medieval words and is refused naming them."""
    world = position("Lombards").world
    assert (world.terrain("Ferrara"), world.base_limit("Ferrara")) == ("swamp", 3)
    assert world.is_mountain("Spoleto") and world.base_limit("Austria") == 99
    with pytest.raises(BoardDataError, match="terrain 'marsh'"):
        RULES.check_board(load_board("italia"))


# -- movement (S2-S8) ------------------------------------------------------------------------
def test_s2_three_movement_points_four_with_a_leader() -> None:
    """S2: an army spends its three points on three clear areas, then has no move and a
    fourth is refused by the move check; with a leader (the Germans' Otto) it goes four."""
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Milan")
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Milan", "Brescia", "Mantua", "Parma")))
    assert steps(game, army) == 3 and not moves_of(game, army)
    refused(
        game,
        lambda: game.apply(Move("Lombards", (army,), ("Parma", "Bologna"))),
        "rule text: movement points",
    )
    led = position("Germans")
    (army,) = led.put("Germans", "infantry", "Milan")
    (otto,) = led.put("Germans", "leader", "Milan", name="Otto")
    game = led.game()
    path = ("Milan", "Brescia", "Mantua", "Parma", "Bologna")
    game.apply(Move("Germans", (army, otto), path))
    assert game.state.units[army].zone == "Bologna" and steps(game, army) == 4


def test_s3_entering_mountain_costs_one_extra_point() -> None:
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Milan")
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Milan", "Alps")))
    assert steps(game, army) == 2


def test_s4_units_need_not_stop_on_entering_mountain() -> None:
    """S4: from the Alps (two points) the army goes on to Friuli with its third (Italia's
    9.0 would stop it in the mountain)."""
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Milan")
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Milan", "Alps")))
    assert not game.state.moves[army].stopped
    game.apply(Move("Lombards", (army,), ("Alps", "Friuli")))
    assert game.state.units[army].zone == "Friuli" and steps(game, army) == 3


def test_s5_marsh_affects_combat_not_movement() -> None:
    """S5: entering Venice's marsh costs one point and stops no one; the attacker there
    hits on a 6 only, the defender on its 5 (Britannia (public summary))."""
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Friuli")
    (venetian,) = pos.put("Venetians", "infantry", "Venice")
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Friuli", "Venice")))
    assert steps(game, army) == 1
    world, state = game.rules.world, game.state
    attacker, defender = state.units[army], state.units[venetian]
    assert RULES.hit_number_in(world, state, "Venice", attacker, attacking=True) == 6
    assert RULES.hit_number_in(world, state, "Venice", defender, attacking=False) == 5


@pytest.mark.parametrize(("turn", "attacker_needs"), [(6, 5), (7, 6)])
def test_s6_mantua_is_clear_on_turns_1_to_6_and_marsh_after(turn: int, attacker_needs: int) -> None:
    pos = position("Lombards", turn=turn)
    (army,) = pos.put("Lombards", "infantry", "Brescia")
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Brescia", "Mantua")))
    assert steps(game, army) == 1
    unit = game.state.units[army]
    assert RULES.hit_number_in(game.rules.world, game.state, "Mantua", unit, attacking=True) == (
        attacker_needs
    )


def test_s7_a_power_with_boats_pays_two_to_enter_a_sea_and_two_between_seas() -> None:
    """S7: the Byzantines (boats on turn 1) go from Istria into the Adriatic for two of a
    led army's four points and on to the Ionian for the other two; the move list offers
    the sea steps and then nothing more."""
    pos = position("Byzantines")
    (army,) = pos.put("Byzantines", "infantry", "Istria")
    game = pos.game()
    to_sea = Move("Byzantines", (army,), ("Istria", "Adriatic"))
    assert to_sea in game.legal_actions()
    game.apply(to_sea)
    assert steps(game, army) == 2
    refused(
        game,
        lambda: game.apply(Move("Byzantines", (army,), ("Adriatic", "Ionian"))),
        "rule text: movement points",
    )
    led = position("Byzantines")
    (army,) = led.put("Byzantines", "infantry", "Istria")
    (narses,) = led.put("Byzantines", "leader", "Istria", name="Narses")
    game = led.game()
    game.apply(Move("Byzantines", (army, narses), ("Istria", "Adriatic", "Ionian")))
    assert game.state.units[army].zone == "Ionian" and steps(game, army) == 4


def test_s8_powers_without_boats_may_not_move_into_sea_zones() -> None:
    """S8: the Lombards have no boats on turn 1: no sea step is listed, and one is refused
    under the rule text's boats, the state untouched."""
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Friuli")
    game = pos.game()
    step = Move("Lombards", (army,), ("Friuli", "Adriatic"))
    assert step not in game.legal_actions()
    refused(game, lambda: game.apply(step), "rule text: boats", "no boats on turn 1")


def test_an_arrival_box_is_never_entered_by_a_move() -> None:
    """Rule text: France and Austria are arrival boxes, entered by arriving armies only."""
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Friuli")
    game = pos.game()
    assert not [m for m in moves_of(game, army) if "Austria" in m.path]
    refused(
        game,
        lambda: game.apply(Move("Lombards", (army,), ("Friuli", "Austria"))),
        "rule text: movement points",
    )


# -- combat (S10, S29) ------------------------------------------------------------------------
def test_s10_superior_units_are_as_easy_to_hit_as_normal_units() -> None:
    """S10: a superior Byzantine army hits on 4-6, attacking or defending; the Ostrogoths'
    number is their own (5, or 6 attacking Ravenna's marsh) whatever they aim at: the hook
    has no target, so a superior army is hit as a normal one is."""
    pos = position("Byzantines")
    (byz,) = pos.put("Byzantines", "infantry", "Ravenna")
    (goth,) = pos.put("Ostrogoths", "infantry", "Bologna")
    pos.state.units[byz].extras = {"superior": True}
    world, state = pos.world, pos.state
    assert RULES.hit_number_in(world, state, "Bologna", state.units[byz], attacking=True) == 4
    assert RULES.hit_number_in(world, state, "Bologna", state.units[goth], attacking=False) == 5
    assert RULES.hit_number_in(world, state, "Ravenna", state.units[goth], attacking=True) == 6
    assert RULES.hit_number_in(world, state, "Ravenna", state.units[byz], attacking=False) == 4


def test_s29_terrain_does_not_protect_against_units_that_appear() -> None:
    """S29: an army that appeared in Venice's marsh hits on its 5; one that walked in to
    assist hits on a 6."""
    pos = position("Lombards")
    appeared, helper = pos.put("Lombards", "infantry", "Venice", 2)
    pos.state.units[appeared].extras = {"appeared": True}
    world, state = pos.world, pos.state
    assert RULES.hit_number_in(world, state, "Venice", state.units[appeared], attacking=True) == 5
    assert RULES.hit_number_in(world, state, "Venice", state.units[helper], attacking=True) == 6


def test_a_battle_on_the_italia_engine_rolls_a_d6_and_hits_on_the_rulebooks_numbers() -> None:
    """Britannia (public summary): one die per army; in Milan (clear) three Lombard dice
    of 5, 5, 4 kill two Milanese, whose 6 kills one Lombard (Italia's d10 and 7 would
    miss them all)."""
    pos = position("Lombards")
    troops = tuple(pos.put("Lombards", "infantry", "Brescia", 3))
    pos.put("Milanese", "infantry", "Milan", 2)
    game = pos.game()
    game.apply(Move("Lombards", troops, ("Brescia", "Milan")))
    game.apply(EndMovement("Lombards"))
    game.script_dice([5, 5, 4, 6, 1])
    game.apply(Fight("Lombards", "Milan"))
    hits = [e.data["hits"] for e in game.log.of_kind("hits")]
    assert hits[:2] == [2, 1]  # no target classes: a count of armies (Britannia)
    assert game.state.stack_count("Milan", "Lombards") == 2
    assert game.state.stack_count("Milan", "Milanese") == 0


# -- who may attack or pass whom (S21, S22) ----------------------------------------------------
def test_s21_s22_a_pending_submission_forbids_attacks_and_lets_the_receiver_through() -> None:
    """S21: until both have scored neither may attack the other; S22: the receiver moves
    through the submitter (and the submitter may not enter the receiver's areas)."""
    pos = position("Lombards")
    (army,) = pos.put("Lombards", "infantry", "Brescia")
    pos.put("Milanese", "infantry", "Milan")
    pos.state.extras["submissions"] = [{"submitter": "Milanese", "receiver": "Lombards"}]
    world, state = pos.world, pos.state
    assert RULES.restricted(world, state, "Lombards", "Milanese") == (True, True)
    assert RULES.restricted(world, state, "Milanese", "Lombards") == (True, False)
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Brescia", "Milan", "Novara")))
    assert game.state.units[army].zone == "Novara"


# -- arrivals (S26-S28) and overrun (S30) --------------------------------------------------------
def nation_turn(power: str, turn: int) -> Position:
    """``power``'s nation-turn of ``turn`` from its start (phase 1, with nothing to buy)."""
    return Position(
        card(), nation=power, turn=turn, phase="income", rulebook=RULES, board=medieval_board()
    )


def test_s26_land_reinforcements_appear_at_the_start_of_the_nation_turn() -> None:
    """S26: the Papacy's three armies of turn 2 (M-A) are in Rome before it moves."""
    game = nation_turn("Papacy", 2).game()
    assert game.decision is not None and game.decision.kind == "move"
    assert game.state.stack_count("Rome", "Papacy") == 3
    arrival = game.log.of_kind("reinforcement")[-1]
    assert "Rome" in arrival.text


def test_s27_a_choice_of_place_is_made_when_they_arrive() -> None:
    """S27: the Florentines' two armies of turn 2 (Florence, Pisa or Siena, M-A) wait for
    their place as they arrive; another area is refused under 7.2, the state untouched.
    The group's place is one decision (``Rulebook.placed_with``; the medieval engine's
    reading), both armies in Siena."""
    game = nation_turn("Florentines", 2).game()
    places = [a.zone for a in game.legal_actions() if isinstance(a, Place)]
    assert places == ["Florence", "Pisa", "Siena"]
    refused(game, lambda: game.apply(Place("Florentines", "infantry", "Rome")), "7.2")
    game.apply(Place("Florentines", "infantry", "Siena"))
    assert game.state.stack_count("Siena", "Florentines") == 2
    assert game.decision is not None and game.decision.kind == "move"


def test_s28_a_reinforcement_in_an_occupied_area_must_attack() -> None:
    """S28: the Neapolitans' two armies of turn 2 appear in Naples, held by a Lombard:
    they are marked as appeared, may not leave (refused under the rule text), and the
    battle of Naples is due when the movement ends."""
    pos = nation_turn("Neapolitans", 2)
    pos.put("Lombards", "infantry", "Naples")
    game = pos.game()
    arrivals = game.state.units_in("Naples", "Neapolitans")
    assert len(arrivals) == 2 and all(u.extras and u.extras["appeared"] for u in arrivals)
    assert not [a for a in game.legal_actions() if isinstance(a, Move)]
    first = arrivals[0].id
    step = Move("Neapolitans", (first,), ("Naples", "Amalfi"))
    refused(game, lambda: game.apply(step), R_OVERRUN, "must attack")
    game.apply(EndMovement("Neapolitans"))
    assert [e for e in game.log.of_kind("combat_due") if "Naples" in e.text]


def test_s30_others_may_leave_once_two_to_one_or_a_full_stack() -> None:
    """S30, Britannia's overrun: three Lombards enter Milan, held by one Milanese, and do
    not stop there; one goes on (two stay against one), a second may not."""
    pos = position("Lombards")
    troops = pos.put("Lombards", "infantry", "Brescia", 3)
    pos.put("Milanese", "infantry", "Milan")
    game = pos.game()
    game.apply(Move("Lombards", tuple(troops), ("Brescia", "Milan")))
    assert not game.state.moves[troops[0]].stopped
    game.apply(Move("Lombards", (troops[0],), ("Milan", "Novara")))
    second = Move("Lombards", (troops[1],), ("Milan", "Novara"))
    assert second not in game.legal_actions()
    refused(game, lambda: game.apply(second), R_OVERRUN, "only if 2:1")


def test_armies_left_at_sea_are_lost_when_the_movement_ends() -> None:
    """Reconstructed (as the medieval engine): a Byzantine army still in the Adriatic when
    the movement ends is lost, with an event naming it."""
    pos = position("Byzantines")
    (army,) = pos.put("Byzantines", "infantry", "Istria")
    game = pos.game()
    game.apply(Move("Byzantines", (army,), ("Istria", "Adriatic")))
    game.apply(EndMovement("Byzantines"))
    assert army not in game.state.units
    (lost,) = game.log.of_kind("lost_at_sea")
    assert lost.data["unit"] == army and lost.data["zone"] == "Adriatic"


def test_whole_random_games_run_to_the_end_on_the_italia_engine() -> None:
    """Three seeded random games of 13 turns end, every action from the legal list, with
    the medieval arrivals coming and battles fought on the d6."""
    import random

    for seed in range(3):
        game = new_game(seed=seed)
        rng = random.Random(seed)
        while game.decision is not None:
            game.apply(rng.choice(game.legal_actions()))
        assert game.state.over and game.state.turn == 13
        assert game.log.of_kind("reinforcement") and game.log.of_kind("battle_end")


# -- submission (S11-S21) ----------------------------------------------------------------------
def attack_spoleto(spoletians: dict[str, int], lombards: dict[str, int]) -> ItaliaGame:
    """Turn 2: the Lombards move from Perugia into Spoleto and fight there."""
    pos = position("Lombards", turn=2)
    for zone, n in spoletians.items():
        pos.put("Spoletians", "infantry", zone, n)
    for zone, n in lombards.items():
        pos.put("Lombards", "infantry", zone, n)
    game = pos.game()
    mover = min(u.id for u in game.state.units_in("Perugia", "Lombards"))
    game.apply(Move("Lombards", (mover,), ("Perugia", "Spoleto")))
    game.apply(EndMovement("Lombards"))
    game.apply(Fight("Lombards", "Spoleto"))
    return game


def test_s11_s12_s17_who_may_receive_who_may_submit_not_the_same_player() -> None:
    state = position("Lombards", turn=2).state
    world = position("Lombards", turn=2).world
    assert RULES.submission_due(world, state, "Spoletians", "Lombards") == "offer"
    why = submission_hooks.may_submit(RULES, world, state, "Spoletians", "Byzantines")
    assert "may receive" in str(why)
    assert "may submit" in str(
        submission_hooks.may_submit(RULES, world, state, "Romans", "Lombards")
    )
    same = submission_hooks.may_submit(RULES, world, state, "Neapolitans", "Lombards")
    assert "same player" in str(same)


def test_s13_at_most_three_areas_and_under_attack_by_the_receiver() -> None:
    """S13: with four areas the Spoletians are not offered submission and the battle is
    fought; with three they are asked, before any die (S14)."""
    four = attack_spoleto({"Spoleto": 1, "Rome": 1, "Ancona": 1, "Abruzzi": 1}, {"Perugia": 1})
    assert four.decision is None or four.decision.kind != "submit"
    assert four.log.of_kind("roll")
    three = attack_spoleto({"Spoleto": 1, "Rome": 1, "Ancona": 1}, {"Perugia": 1})
    assert three.decision is not None and three.decision.kind == "submit"
    assert three.decision.actor == "Spoletians" and not three.log.of_kind("roll")


def test_s14_s15_submission_before_any_round_then_the_attackers_go_back_or_on() -> None:
    """S14: the Spoletians submit before any round; S15: the Lombards choose back (to
    Perugia) or on into Lombard-held Rome (one of three points used); another area is
    refused under the rule text, the state untouched; they go back."""
    game = attack_spoleto({"Spoleto": 1}, {"Perugia": 1, "Rome": 1})
    game.apply(Submit("Spoletians", True))
    assert not game.log.of_kind("roll")
    assert game.state.extras["submissions"][0]["submitter"] == "Spoletians"
    assert game.decision is not None and game.decision.kind == "withdraw"
    assert [a.zone for a in game.legal_actions()] == ["", "Rome"]
    bad = Withdraw("Lombards", "Ancona")
    refused(game, lambda: game.apply(bad), submission_hooks.R_SUBMIT, "may go to")
    game.apply(Withdraw("Lombards", ""))
    assert game.state.stack_count("Perugia", "Lombards") == 1
    assert not game.state.units_in("Spoleto", "Lombards")


def test_s16_an_attack_from_the_arrival_chart_makes_the_defender_retreat() -> None:
    """S16: Lombards who appeared in Spoleto receive the Spoletians' submission: the
    Spoletians retreat, the Lombards stay."""
    pos = position("Lombards", turn=2)
    pos.put("Spoletians", "infantry", "Spoleto")
    troops = pos.put("Lombards", "infantry", "Spoleto", 2)
    for u in troops:
        pos.state.units[u].extras = {"appeared": True}
    game = pos.game()
    game.apply(EndMovement("Lombards"))
    game.apply(Fight("Lombards", "Spoleto"))
    game.apply(Submit("Spoletians", True))
    assert game.decision is not None and game.decision.actor == "Spoletians"
    to = game.legal_actions()[0]
    assert isinstance(to, Withdraw) and to.zone
    game.apply(to)
    assert game.state.units_in(to.zone, "Spoletians")
    assert game.state.stack_count("Spoleto", "Lombards") == 2


def test_s19_s20_s21_half_values_on_both_sides_and_the_truce_ends_once_both_scored() -> None:
    """S20: the Papacy, which submitted to the Lombards, scores Rome (12, M-V4 block as
    reconstructed) at half value on turn 3; S21: the truce holds until the Lombards score
    too; S19: on turn 4 they score Milan (3) and the Papacy's Rome at half their own
    "other" value (1.5 / 2), and the truce ends."""
    from italia_kit.core import Context, EventLog, Randomness

    pos = position("Lombards", turn=3)
    pos.put("Lombards", "infantry", "Milan")
    pos.put("Papacy", "infantry", "Rome")
    state, world = pos.state, pos.world
    state.extras["submissions"] = [
        {"submitter": "Papacy", "receiver": "Lombards", "submitter_scored": False,
         "receiver_scored": False}
    ]  # fmt: skip
    ctx = Context(state, Randomness(0), EventLog())
    RULES.score_turn(ctx, world)
    (papal,) = [e for e in ctx.log.of_kind("vp") if e.data["power"] == "Papacy"]
    assert papal.data["points"] == 6 and "half value" in papal.text
    assert RULES.restricted(world, state, "Lombards", "Papacy")[0]
    state.turn = 4
    RULES.score_turn(ctx, world)
    (lombard,) = [e for e in ctx.log.of_kind("vp") if e.data["power"] == "Lombards"]
    assert lombard.data["points"] == 3.75 and "half value" in lombard.text
    assert ctx.log.of_kind("truce_ends") and not state.extras["submissions"]
    assert not RULES.restricted(world, state, "Lombards", "Papacy")[0]


# -- population and the city-state minima (S23-S25) -----------------------------------------------
def test_s23_listed_powers_are_topped_up_to_two_at_the_start_of_their_nation_turn() -> None:
    """S23: the Venetians (turn 3) with one army get one more; with two, none."""
    pos = nation_turn("Venetians", 3)
    pos.put("Venetians", "infantry", "Venice")
    game = pos.game()
    while game.decision is not None and game.decision.kind == "place":
        game.apply(game.legal_actions()[0])
    assert arrival_hooks.strength(game.state, "Venetians") >= 2
    assert game.log.of_kind("minima")
    full = nation_turn("Venetians", 3)
    full.put("Venetians", "infantry", "Venice", 2)
    assert not full.game().log.of_kind("minima")


def test_s24_minima_arrive_at_the_listed_places() -> None:
    """S24: the Lombards' minima (turn 4) arrive at Friuli or Mantua, chosen as they come."""
    pos = nation_turn("Lombards", 4)
    pos.put("Franks", "infantry", "Alps")
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "place"
    assert [a.zone for a in game.legal_actions() if isinstance(a, Place)] == ["Friuli", "Mantua"]


def test_s25_a_power_at_zero_restarts_its_population_at_one_and_a_half() -> None:
    game = nation_turn("Venetians", 3).game()
    assert game.state.extras["population"]["Venetians"] == 1.5
    assert [e for e in game.log.of_kind("population") if "1.5" in e.text]


def test_population_increase_gives_an_army_per_six_points_in_an_area_held() -> None:
    """Britannia (public summary), arithmetic reconstructed: the Lombards holding Milan,
    Brescia and Parma (2 each) reach 6 points: one new army, placed in an area they hold."""
    pos = nation_turn("Lombards", 5)
    for zone in ("Milan", "Brescia", "Parma"):
        pos.put("Lombards", "infantry", zone)
    game = pos.game()
    (pop,) = game.log.of_kind("population")
    assert pop.data["points"] == 6 and pop.data["armies"] == 1
    assert [a.zone for a in game.legal_actions() if isinstance(a, Place)] == [
        "Milan",
        "Brescia",
        "Parma",
    ]


def test_a_major_invasion_moves_and_fights_twice() -> None:
    """M-A turn 1: the Lombards' fifteen armies from Austria are a major invasion:
    Italia's 12.2 (Britannia (public summary): move and fight twice) gives a second
    movement once the first movement and its battles are over."""
    game = nation_turn("Lombards", 1).game()
    assert game.log.of_kind("major_invasion")
    assert game.state.stack_count("Austria", "Lombards") == 15
    game.apply(EndMovement("Lombards"))
    while game.decision is not None and game.state.active == "Lombards":
        if game.log.of_kind("second_phase"):
            break
        game.apply(game.legal_actions()[0])
    assert game.log.of_kind("second_phase") and game.state.second_phase


# -- S1, S9, S18 ----------------------------------------------------------------------------------
def test_s1_the_nation_turn_is_britannias_population_arrivals_movement_battles() -> None:
    """S1 "They assume you know how to play Britannia": the Venetians' nation-turn of
    turn 7 runs population increase, then arrivals, then movement (Britannia (public
    summary)); its battles follow the movement (Italia's 5.0 phase 4)."""
    pos = nation_turn("Venetians", 7)
    pos.put("Venetians", "infantry", "Venice", 2)
    game = pos.game()
    kinds = [e.kind for e in game.log]
    assert kinds.index("population") < kinds.index("reinforcement")
    assert game.decision is not None and game.decision.kind == "move"


def test_s9_native_and_foreign_powers_are_a_data_flag_only() -> None:
    """S9: those rules are not found (facts 1.9): the flag is in the medieval data the
    rulebook holds, and no hook reads it."""
    for p in RULES.medieval.powers:
        assert isinstance(p.native, bool) and "facts 1.9" in p.provenance["native"]


def test_s18_a_power_may_submit_to_several_powers() -> None:
    """S18: the Papacy, which submitted to the Lombards, may submit to the Franks too, and
    both truces hold."""
    pos = position("Franks", turn=2)
    pos.put("Papacy", "infantry", "Rome")
    state, world = pos.state, pos.world
    state.extras["submissions"] = [
        {"submitter": "Papacy", "receiver": "Lombards", "submitter_scored": False,
         "receiver_scored": False}
    ]  # fmt: skip
    assert submission_hooks.may_submit(RULES, world, state, "Papacy", "Franks") is None
    state.extras["submissions"].append(
        {"submitter": "Papacy", "receiver": "Franks", "submitter_scored": False,
         "receiver_scored": False}
    )  # fmt: skip
    assert RULES.restricted(world, state, "Franks", "Papacy")[0]
    assert RULES.restricted(world, state, "Lombards", "Papacy")[0]


def test_the_chart_removes_two_avar_armies_at_the_start_of_turn_2() -> None:
    """M-A turn 2: "Avars: remove 2 armies at the start of the turn": of three Avar
    armies one is left, each removal an event, once in the turn."""
    from italia_kit.core import Context, EventLog, Randomness

    pos = position("Avars", turn=2)
    pos.put("Avars", "infantry", "Friuli", 3)
    ctx = Context(pos.state, Randomness(0), EventLog())
    arrival_hooks.removals_at_turn_start(RULES, ctx, pos.world)
    arrival_hooks.removals_at_turn_start(RULES, ctx, pos.world)
    assert arrival_hooks.strength(pos.state, "Avars") == 1
    assert len(ctx.log.of_kind("removed")) == 2


def test_chart_the_spoletians_take_over_four_beneventan_armies_nearest_spoleto() -> None:
    """M-A turn 1 (as ``test_medieval_chart.py``'s chart 3): Abruzzi and Gaeta are next to
    Spoleto, Naples two steps off, Benevento excluded: the four go over from Abruzzi and
    Gaeta, and the chart's one army stands in Spoleto."""
    pos = nation_turn("Spoletians", 1)
    for zone, n in (("Benevento", 3), ("Gaeta", 2), ("Abruzzi", 2), ("Naples", 2)):
        pos.put("Beneventans", "infantry", zone, n)
    game = pos.game()
    state = game.state
    assert state.stack_count("Abruzzi", "Spoletians") == 2
    assert state.stack_count("Gaeta", "Spoletians") == 2
    assert state.stack_count("Naples", "Beneventans") == 2
    assert state.stack_count("Benevento", "Beneventans") == 3
    assert state.stack_count("Spoleto", "Spoletians") == 1
    assert len(game.log.of_kind("replaced")) == 4
