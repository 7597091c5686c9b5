"""What the referee (``tests/medieval_referee.py``) found reading whole random games of
Medieval Italia on the Italia engine, each fixed in the variant's own modules and kept here
as a test, numbered R1-R6.

R1. S28, S29: "appeared" was marked on every unit of the active power with ``arrived ==
    turn`` (the set-up's too) and never cleared: a Spoletian army that appeared in Spoleto
    on turn 1 still hit on a 5 in Ravenna's marsh on turn 2, could not leave an area of
    enemies a turn later, and made the powers it attacked flee on submission (S16).
R2. S10: the set-up's Byzantine army in Istria (and any unit of the Byzantines' turn 1) was
    marked superior, not only the chart's major invasion.
R3. S28: a leader who appeared with his armies among enemies (Otto in the Alps) walked out
    of the battle they must fight.
R4. S2: an army that had spent its three points alone got a fourth by stepping with a
    leader ("four with a leader": moving with him all the phase, as Italia's 9.1 reads it).
R5. M-A's "or a Frankish area" (and S13's "at most three areas") counted the arrival boxes
    as areas: the Franks' Alps group of turn 2 arrived in the France box.
R6. S15: a withdrawal was no step of the unit's path: after a second submission the unit
    went "back" to the area it stood in.
R7. S28: arrivals in an arrival box beside another power were told "they must attack"
    there, where nobody fights.
"""

from __future__ import annotations

from functools import cache

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight, Place, Submit
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval import arrival_hooks, submission_hooks
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import R_OVERRUN, MedievalRulebook
from italia_kit.games.medieval.submission_hooks import Withdraw

from .italia_helpers import refused

RULES = MedievalRulebook()


@cache
def card() -> ItaliaScenario:
    return italia_scenario(RULES.medieval)


def nation_turn(power: str, turn: int) -> Position:
    """``power``'s nation-turn of ``turn`` from its start (its arrivals come as it plays)."""
    return Position(
        card(), nation=power, turn=turn, phase="income", rulebook=RULES, board=medieval_board()
    )


def flags(game: ItaliaGame, unit: int) -> dict[str, object]:
    return dict(game.state.units[unit].extras or {})


def test_r1_units_there_before_the_nation_turn_did_not_appear() -> None:
    """S28: "If a reinforcement appears in an area occupied by the armies of another
    nation": three Roman armies that stood in Milan with a Lombard before the Romans'
    nation-turn did not appear there: one may leave, two staying against one (S30), and
    they attack the Alps' mountain on a 6, not as appearing units (S29)."""
    pos = nation_turn("Romans", 2)
    romans = pos.put("Romans", "infantry", "Milan", 3)
    pos.put("Lombards", "infantry", "Milan")
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "move"
    assert not any(flags(game, u).get("appeared") for u in romans)
    game.apply(Move("Romans", (romans[0],), ("Milan", "Brescia")))  # two stay against one
    world, state = game.rules.world, game.state
    army = state.units[romans[1]]
    assert RULES.hit_number_in(world, state, "Alps", army, attacking=True) == 6


def test_r1_an_appearing_unit_is_such_only_in_its_own_nation_turn() -> None:
    """S28, S29: the mark of a unit that appeared on an earlier nation-turn (as the engine
    left it) is gone when its power's next movement begins: it may leave under S30's
    2:1, and attacks a marsh on a 6."""
    pos = nation_turn("Spoletians", 3)
    old = pos.put("Spoletians", "infantry", "Spoleto", 3)
    pos.put("Byzantines", "infantry", "Spoleto")
    for u in old:
        pos.state.units[u].extras = {"appeared": True}
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "move"
    assert not any(flags(game, u).get("appeared") for u in old)
    game.apply(Move("Spoletians", (old[0],), ("Spoleto", "Perugia")))
    world, state = game.rules.world, game.state
    assert RULES.hit_number_in(world, state, "Ravenna", state.units[old[0]], attacking=True) == 6


def test_r1_the_arrivals_of_the_nation_turn_appear_and_must_attack() -> None:
    """S28 still holds for this nation-turn's arrivals: the Neapolitans' two armies of
    turn 2 appear in Naples, held by a Lombard, and may not leave."""
    pos = nation_turn("Neapolitans", 2)
    pos.put("Lombards", "infantry", "Naples")
    game = pos.game()
    arrivals = [u.id for u in game.state.units_in("Naples", "Neapolitans")]
    assert len(arrivals) == 2 and all(flags(game, u).get("appeared") for u in arrivals)
    assert not [a for a in game.legal_actions() if isinstance(a, Move)]


def test_r1_a_unit_that_moved_this_phase_did_not_appear_where_it_is() -> None:
    """S29: "Defensive terrain does not affect units which appear in the area they attack,
    but it does affect other units entering the area": a marked unit that has moved this
    phase (a major invasion's second phase, once its foes are gone) is one of the others."""
    pos = nation_turn("Spoletians", 3)
    (army,) = pos.put("Spoletians", "infantry", "Perugia")
    game = pos.game()
    state, world = game.state, game.rules.world
    state.units[army].extras = {"appeared": True}
    game.apply(Move("Spoletians", (army,), ("Perugia", "Ravenna")))
    assert RULES.hit_number_in(world, state, "Ravenna", state.units[army], attacking=True) == 6
    assert not arrival_hooks.appeared_here(state, state.units[army])


def test_r2_only_the_charts_major_invasion_is_superior() -> None:
    """S10, M-A turn 1: "The chart notes their superior quality": Narses' armies arriving
    at sea are superior; the set-up's Byzantine army in Istria is not."""
    pos = nation_turn("Byzantines", 1)
    (istria,) = pos.put("Byzantines", "infantry", "Istria")
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "move"
    state = game.state
    at_sea = [u for u in state.units_of("Byzantines") if game.rules.world.is_sea(u.zone)]
    armies = [u for u in at_sea if not u.is_leader]
    assert len(armies) == 12 and all(flags(game, u.id).get("superior") for u in armies)
    assert not flags(game, istria).get("superior")


def test_r3_a_leader_who_appeared_with_his_armies_must_stay_to_attack() -> None:
    """S28: Otto and his eight Germans appear in the Alps, held by a Lombard: they must
    attack it, Otto too (reading 3: "units that appeared there must attack and may not
    leave")."""
    pos = nation_turn("Germans", 3)
    pos.put("Lombards", "infantry", "Alps")
    game = pos.game()
    otto = next(u for u in game.state.units_of("Germans") if u.is_leader)
    assert flags(game, otto.id).get("appeared")
    assert not [a for a in game.legal_actions() if isinstance(a, Move)]
    step = Move("Germans", (otto.id,), ("Alps", "Milan"))
    refused(game, lambda: game.apply(step), R_OVERRUN, "must attack")


def test_r4_an_army_that_moved_alone_gets_no_fourth_point_from_a_leader() -> None:
    """S2: "All armies have three movement points, four with a leader": an army that went
    three areas alone has no point left when it meets a leader; one that went with him
    from its first step has four."""
    pos = nation_turn("Germans", 4)
    (alone,) = pos.put("Germans", "infantry", "Milan")
    (led,) = pos.put("Germans", "infantry", "Parma")
    (otto,) = pos.put("Germans", "leader", "Parma", name="Otto")
    game = pos.game()
    game.apply(Move("Germans", (alone,), ("Milan", "Brescia", "Mantua", "Parma")))
    group = (alone, led, otto)
    refused(
        game,
        lambda: game.apply(Move("Germans", group, ("Parma", "Bologna"))),
        "rule text: movement points",
    )
    listed = [a for a in game.legal_actions() if isinstance(a, Move) and alone in a.units]
    assert not listed
    game.apply(Move("Germans", (led, otto), ("Parma", "Bologna", "Ferrara", "Ravenna")))
    game.apply(Move("Germans", (led, otto), ("Ravenna", "Florence")))
    assert game.state.moves[led].steps == 4


def test_r5_or_a_frankish_area_is_a_land_area_not_the_box() -> None:
    """M-A turn 2: the Franks' groups arrive "in the Alps (or a Frankish area)": a Frankish
    army left in the France box does not make the box a Frankish area; the France group
    itself still arrives there (its own place)."""
    pos = nation_turn("Franks", 2)
    pos.put("Franks", "infantry", "France")
    pos.put("Franks", "infantry", "Turin")
    game = pos.game()
    seen: list[list[str]] = []
    while game.decision is not None and game.decision.kind == "place":
        zones = sorted({a.zone for a in game.legal_actions() if isinstance(a, Place)})
        seen.append(zones)
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    assert ["France", "Turin"] in seen  # the France group: its box, or Turin
    assert ["Alps", "Turin"] in seen  # the Alps group: not the box


def test_r5_the_three_areas_of_a_submission_are_land_areas() -> None:
    """S13: "reduced to at most three areas": armies in an arrival box hold no area."""
    pos = nation_turn("Lombards", 3)
    for zone in ("Friuli", "Istria", "Venice", "Austria"):
        pos.put("Lombards", "infantry", zone)
    game = pos.game()
    why = submission_hooks.may_submit(RULES, game.rules.world, game.state, "Lombards", "Franks")
    assert why is None


def test_r6_a_second_withdrawal_goes_back_where_the_unit_came_from() -> None:
    """S15: "All attacking units must retreat into the area from which they came": a
    German army that went Milan -> Brescia -> Parma and withdrew back to Brescia after the
    Florentines' submission there withdraws from Brescia, after the Milanese submit too,
    to Parma, where it came from; the withdrawal is a step of its path (it did "leave
    Brescia for Brescia", staying with the power that had just submitted)."""
    pos = nation_turn("Germans", 4)
    walkers = pos.put("Germans", "infantry", "Milan", 3)
    (runner,) = pos.put("Germans", "infantry", "Alps")
    pos.put("Milanese", "infantry", "Brescia")
    pos.put("Florentines", "infantry", "Parma")
    game = pos.game()
    game.apply(Move("Germans", tuple(walkers), ("Milan", "Brescia")))
    game.apply(Move("Germans", (runner,), ("Alps", "Brescia")))
    game.apply(Move("Germans", (runner,), ("Brescia", "Parma")))
    game.apply(EndMovement("Germans"))
    game.apply(Fight("Germans", "Parma"))
    game.apply(Submit("Florentines", True))
    game.apply(Withdraw("Germans", ""))
    assert game.state.units[runner].zone == "Brescia"
    game.apply(Fight("Germans", "Brescia"))
    game.apply(Submit("Milanese", True))
    game.apply(Withdraw("Germans", ""))
    state = game.state
    assert state.units[runner].zone == "Parma"
    assert {state.units[u].zone for u in walkers} == {"Milan"}


def test_r8_a_leaders_whole_stack_may_not_leave_an_enemy_behind() -> None:
    """S30, reading 3: "a unit may leave an area where such a power still stands only while
    the units left behind are at least twice the enemy or a full stack": Otto and his three
    Germans in Milan, with a Lombard there, may not all go on to Brescia (nobody stays
    behind), though each alone might (two would stay against one)."""
    pos = nation_turn("Germans", 4)
    armies = pos.put("Germans", "infantry", "Milan", 3)
    (otto,) = pos.put("Germans", "leader", "Milan", name="Otto")
    pos.put("Lombards", "infantry", "Milan")
    game = pos.game()
    everyone = {*armies, otto}
    whole = [a for a in game.legal_actions() if isinstance(a, Move) and set(a.units) == everyone]
    assert not whole
    # the move check refuses it too, naming the overrun, the state untouched
    whole_move = Move("Germans", tuple(sorted(everyone)), ("Milan", "Brescia"))
    refused(game, lambda: game.apply(whole_move), R_OVERRUN, "2:1 or a full stack")
    # two armies staying against one Lombard are 2:1: Otto and one army may go together
    world, state = game.rules.world, game.state
    pair = [state.units[armies[0]], state.units[otto]]
    assert RULES.leave_together(world, state, pair) is None


def test_r7_an_arrival_in_a_box_is_not_told_it_must_attack() -> None:
    """M-A turn 1: "Avars: 6 raiders from Austria"; an arrival box is no area, nobody
    fights there (``MedievalRulebook.is_box``): arriving in Austria beside the Lombards the
    Avars are not told "they must attack" (S28 is about areas), and need not."""
    pos = nation_turn("Avars", 1)
    pos.put("Lombards", "infantry", "Austria")
    game = pos.game()
    (arrival,) = [e for e in game.log.of_kind("reinforcement") if e.data["nation"] == "Avars"]
    assert arrival.data["attack"] == [] and "must attack" not in arrival.text
    assert not any(flags(game, u).get("appeared") for u in arrival.data["units"])
