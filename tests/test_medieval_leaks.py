"""Issue 19, stage 2 (``med-leaks``): the Italia rules that still reached the medieval
variant on the Italia engine, each cut at a hook of Italia's ``Rulebook`` (Italia's rule
the default, ``tests/test_italia_rulebook_hooks_c.py``) and given the variant's own rule,
numbered as the items of ``docs/games/medieval.md`` (Stage 2, "What the new engine does
not do yet"). Where it helps, the new engine must give what the old medieval engine
(``games/medieval/rules.py``, deleted since) gave on the same position, kept as a literal.
"""

from __future__ import annotations

import random
from functools import cache

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import DeclareCapital, Place
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval import arrival_hooks, turn_hooks
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import R_OVERRUN, MedievalRulebook, new_game

from .italia_helpers import refused

RULES = MedievalRulebook()
#: Italia's sections that must no longer reach the variant (phase 1's 6.x, 7.2's events,
#: the stacking checks 8.x, 9.3's invasion, 12.2's major invasion)
ITALIA_ONLY = ("6.", "7.", "8.", "9.3", "12.2")


@cache
def card() -> ItaliaScenario:
    return italia_scenario(RULES.medieval)


def at(power: str, turn: int, phase: str = "income") -> Position:
    """A position of ``power`` on ``turn`` (``income``: from the start of its nation-turn)."""
    return Position(
        card(), nation=power, turn=turn, phase=phase, rulebook=RULES, board=medieval_board()
    )


def place_all(game: ItaliaGame) -> None:
    """Place whatever waits in the first place offered."""
    while game.decision is not None and game.decision.kind == "place":
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))


# -- 1. phase 1 ----------------------------------------------------------------------------------
def test_leak_1_no_income_or_purchase_the_nation_turn_opens_with_population_and_arrivals() -> None:
    """Britannia (public summary): no gold: the Venetians' nation-turn of turn 7 says what
    it holds and goes on to population increase and arrivals, with no 6.1 income, 6.2
    purchase or 6.4 tribute event (Italia's phase 1, ``Rulebook.phase_one``)."""
    pos = at("Venetians", 7)
    pos.put("Venetians", "infantry", "Venice", 2)
    game = pos.game()
    kinds = [e.kind for e in game.log]
    assert kinds[:2] == ["nation_turn", "population"]
    assert not {"income", "end_purchase", "tribute", "gold_lost"} & set(kinds)
    (turn,) = game.log.of_kind("nation_turn")
    assert turn.rule == turn_hooks.R_SEQUENCE and "no gold: no income or purchase" in turn.text
    assert game.decision is not None and game.decision.kind == "move"


def test_leak_1_to_7_whole_games_cite_none_of_italias_phase_1_stacking_or_invasion_rules() -> None:
    """Three seeded random whole games on the Italia engine: no event cites Italia's 6.x,
    7.x, 8.x, 9.3 or 12.2 (the variant's own sentences instead), and none is a surplus,
    capital or income event; whenever a nation-turn has ended, its power has at most 3
    armies in a land area (overpopulation) and no leader left (one nation-turn each)."""
    for seed in range(3):
        game = new_game(seed=seed)
        world = game.rules.world
        rng = random.Random(seed)
        power = game.state.active
        while game.decision is not None:
            game.apply(rng.choice(game.legal_actions()))
            if game.state.active != power:
                armies: dict[str, int] = {}
                for u in game.state.units_of(power):
                    assert not u.is_leader, (seed, u)
                    if world.board.zone(u.zone).kind == "land":
                        armies[u.zone] = armies.get(u.zone, 0) + 1
                assert max(armies.values(), default=0) <= RULES.medieval.stack_limit, seed
                power = game.state.active
        leaked = [(e.kind, e.rule) for e in game.log if e.rule.startswith(ITALIA_ONLY)]
        assert not leaked, (seed, leaked[:5])
        kinds = {e.kind for e in game.log}
        assert not kinds & {"income", "end_purchase", "over_stacked", "surplus_removed", "capital"}


# -- 2. capitals ---------------------------------------------------------------------------------
def test_leak_2_no_capitals_a_declaration_is_refused_and_none_is_offered() -> None:
    """Neither the rule text nor the facts name a capital (and Britannia has none): a
    declaration of capital (Italia's 8.1, its +1 to the stacking limit) is refused naming
    the variant's reading, the state untouched; none is ever among the legal actions."""
    pos = at("Lombards", 3, phase="movement")
    pos.put("Lombards", "infantry", "Friuli", 3)
    game = pos.game()
    refused(game, lambda: game.apply(DeclareCapital("Lombards", "Friuli")), turn_hooks.R_NO_CAPITAL)
    assert not [a for a in game.legal_actions() if isinstance(a, DeclareCapital)]
    assert RULES.capital_refusal(game.rules.world, game.state, "Lombards") is not None


# -- 3. 9.3's invasion ---------------------------------------------------------------------------
def test_leak_3_two_to_one_is_said_as_britannias_overrun_not_italias_invasion() -> None:
    """S30, Britannia's overrun: two Lombards enter Milan against one Milanese; the event
    cites the rule text's 2:1 and says the others may move on while 2:1 or a full stack
    stays, not Italia's 9.3 "more units may now move into and through"."""
    pos = at("Lombards", 1, phase="movement")
    troops = pos.put("Lombards", "infantry", "Brescia", 2)
    pos.put("Milanese", "infantry", "Milan")
    game = pos.game()
    game.apply(Move("Lombards", tuple(troops), ("Brescia", "Milan")))
    (event,) = game.log.of_kind("invasion")
    assert event.rule == R_OVERRUN and "9.3" not in event.text
    assert (
        "moved 2 armies into Milan against 1 (2:1 or more)" in event.text
        and "full stack of 3" in event.text
    )


# -- 4. leaders ------------------------------------------------------------------------------------
def frankish_major_invasion() -> ItaliaGame:
    """The Franks' nation-turn of turn 2 (M-A: a major invasion led by Pepin, then
    Charlemagne), with a Frankish army in Turin; every arrival placed in its first place."""
    pos = at("Franks", 2)
    pos.put("Franks", "infantry", "Turin")
    game = pos.game()
    place_all(game)
    return game


def leaders(game: ItaliaGame) -> set[str | None]:
    return {u.name for u in game.state.units.values() if u.is_leader}


def test_leak_4_pepin_leaves_after_the_first_impulse_charlemagne_comes_with_the_second() -> None:
    """M-A turn 2, told apart as the medieval engine did (``test_medieval_chart.py``):
    Pepin comes with the first impulse and leaves as it ends (the chart's ``leaves:
    first_phase``); Charlemagne (``arrives: second_phase``) is placed as the second
    impulse starts, in a Frankish area of that moment; he leaves as the nation-turn ends
    (reconstructed: a leader serves one nation-turn), not at Italia's 7.2 phase 2 of the
    next turn."""
    game = frankish_major_invasion()
    # the first impulse's leaders, {"Pepin"}, as the old engine gave
    assert leaders(game) == {"Pepin"} and game.state.major and not game.state.second_phase
    game.apply(EndMovement("Franks"))
    # no battle: the second impulse begins, Pepin gone, Charlemagne waiting for his place
    (left,) = game.log.of_kind("leader_leaves")
    assert left.rule == turn_hooks.R_PEPIN and "Pepin" in left.text
    assert game.state.second_phase and game.decision is not None
    assert game.decision.kind == "place"
    # the land areas the Franks stand in (not the France box: the referee's finding R5,
    # tests/test_medieval_referee_findings.py)
    held = arrival_hooks.own_areas(game.rules.world, game.state, "Franks")
    assert "France" not in held
    assert [a.zone for a in game.legal_actions() if isinstance(a, Place)] == held
    place_all(game)
    assert leaders(game) == {"Charlemagne"} and game.decision.kind == "move"
    placed = game.log.of_kind("place")[-1]
    assert "Charlemagne of the Franks arrives" in placed.text
    game.apply(EndMovement("Franks"))
    assert game.state.active != "Franks" and not leaders(game)
    assert game.log.of_kind("leader_leaves")[-1].rule == turn_hooks.R_LEADER


def test_leak_4_narses_leaves_as_the_byzantine_nation_turn_ends() -> None:
    """Reconstructed (the medieval engine's reading 10): the turn-1 Byzantine leader
    Narses leaves as their nation-turn ends (Italia's 7.2 would keep him until the start of
    their phase 2 on turn 2)."""
    pos = at("Byzantines", 1, phase="movement")
    pos.put("Byzantines", "infantry", "Istria")
    pos.put("Byzantines", "leader", "Istria", name="Narses")
    game = pos.game()
    game.apply(EndMovement("Byzantines"))
    assert game.state.active != "Byzantines"
    assert not [u for u in game.state.units.values() if u.name == "Narses"]
    (left,) = game.log.of_kind("leader_leaves")
    assert left.rule == turn_hooks.R_LEADER and left.data["zone"] == "Istria"


# -- 5. overpopulation ---------------------------------------------------------------------------
def test_leak_5_overpopulation_at_the_nation_turns_end_not_italias_8_0_surplus() -> None:
    """Britannia (public summary), as the medieval engine: five Lombards in Friuli as the
    movement ends are not asked to remove a surplus (Italia's 8.0 stacking phase); as the
    nation-turn ends the two newest go (overpopulation): two events, as the old engine gave."""
    pos = at("Lombards", 3, phase="movement")
    troops = pos.put("Lombards", "infantry", "Friuli", 5)
    game = pos.game()
    game.apply(EndMovement("Lombards"))
    assert not game.log.of_kind("over_stacked") and game.state.active != "Lombards"
    gone = [e.data["unit"] for e in game.log.of_kind("overpopulation")]
    assert gone == troops[3:]
    assert game.state.stack_count("Friuli", "Lombards") == 3
    assert all(e.rule == turn_hooks.R_OVERPOP for e in game.log.of_kind("overpopulation"))
    assert len(gone) == 2  # as the old engine gave


def test_leak_5_an_attack_has_no_limit_of_its_own_overpopulation_trims_it() -> None:
    """No 8.3 attack limit (the medieval engine moved any number into an enemy area; a
    stack is limited as the nation-turn ends): five Lombards may enter Milan, held by a
    Milanese (Italia allows four into a clear zone, five with a leader)."""
    pos = at("Lombards", 3, phase="movement")
    troops = pos.put("Lombards", "infantry", "Brescia", 5)
    pos.put("Milanese", "infantry", "Milan")
    game = pos.game()
    for unit in troops:  # the move list offers each, the fifth too; the check accepts it
        step = Move("Lombards", (unit,), ("Brescia", "Milan"))
        assert step in game.legal_actions()
        game.apply(step)
    assert game.state.stack_count("Milan", "Lombards") == 5
    together = pos.game()
    together.apply(Move("Lombards", tuple(troops), ("Brescia", "Milan")))
    assert together.state.stack_count("Milan", "Lombards") == 5


# -- 6. the major invasion ------------------------------------------------------------------------
def test_leak_6_a_major_invasion_is_britannias_move_and_fight_twice() -> None:
    """M-A turn 1: the Lombards' major invasion is announced as Britannia's (two impulses,
    each a movement then its battles) without Italia's "one more unit in each attack";
    the second impulse says so too."""
    game = at("Lombards", 1).game()
    (major,) = game.log.of_kind("major_invasion")
    assert major.rule == turn_hooks.R_MAJOR and "one more unit" not in major.text
    assert "two impulses" in major.text
    game.apply(EndMovement("Lombards"))
    while game.decision is not None and not game.log.of_kind("second_phase"):
        game.apply(game.legal_actions()[0])
    (second,) = game.log.of_kind("second_phase")
    assert second.rule == turn_hooks.R_MAJOR and "second impulse" in second.text


# -- 7. reading 18 and S27 -----------------------------------------------------------------------
def test_leak_7_reading_18_an_arrival_under_a_truce_shares_the_area_and_says_so() -> None:
    """Reading 18: the Papacy's three armies of turn 2 arrive in Rome, held by a Lombard
    army under a truce (the Papacy submitted to the Lombards, S21): their sentence says
    they share the area with the Lombards, whom they may not attack now, and they are not
    marked as having to attack (S28)."""
    pos = at("Papacy", 2)
    pos.put("Lombards", "infantry", "Rome")
    pos.state.extras["submissions"] = [{"submitter": "Papacy", "receiver": "Lombards"}]
    game = pos.game()
    arrival = game.log.of_kind("reinforcement")[-1]
    assert arrival.rule == arrival_hooks.R_ARRIVE
    assert "shared with the Lombards, whom they may not attack now" in arrival.text
    assert arrival.data["share"] == ["Lombards"] and arrival.data["attack"] == []
    assert not any(u.extras and u.extras.get("appeared") for u in game.state.units_of("Papacy"))


def test_leak_7_s28_an_arrival_among_enemies_is_told_it_must_attack() -> None:
    """S28: the Neapolitans' two armies of turn 2 arrive in Naples, held by a Lombard: the
    sentence cites the chart's rule and says they must attack (not Italia's 7.2 "free
    and regardless of stacking"); its data name the arrivals' ids."""
    pos = at("Neapolitans", 2)
    pos.put("Lombards", "infantry", "Naples")
    game = pos.game()
    arrival = game.log.of_kind("reinforcement")[-1]
    assert "held by the Lombards: they must attack" in arrival.text
    assert "7.2" not in arrival.text and arrival.data["attack"] == ["Lombards"]
    assert sorted(arrival.data["units"]) == sorted(
        u.id for u in game.state.units_in("Naples", "Neapolitans")
    )


def test_leak_7_s27_a_group_is_placed_in_one_decision_as_the_old_engine_gave() -> None:
    """S27 "the decision is made when they arrive": the Pisans' two armies of turn 2
    (Florence or Pisa, M-A) are one decision, one event, putting both in Pisa, as the old
    engine gave (it placed the group at once); a population increase's new armies are
    placed one by one (each an army of its own, as the old engine gave)."""
    game = at("Pisans", 2).game()
    assert game.decision is not None and game.decision.kind == "place"
    game.apply(Place("Pisans", "infantry", "Pisa"))
    assert game.state.stack_count("Pisa", "Pisans") == 2
    (placed,) = game.log.of_kind("place")
    assert placed.rule == arrival_hooks.R_ARRIVE and placed.data["count"] == 2
    assert game.decision is not None and game.decision.kind == "move"
    # population: 12 points (six areas) give two new armies, each placed by itself
    pos = at("Milanese", 4)
    for zone in ("Milan", "Novara", "Brescia", "Parma", "Alessandria", "Turin"):
        pos.put("Milanese", "infantry", zone)
    grown = pos.game()
    waiting = [r for r in grown.state.reinforcements if r.get("rule") == arrival_hooks.R_POP]
    assert waiting and all(r.get("together") is None for r in waiting)


def test_leak_7_s24_the_minima_arrive_as_one_group() -> None:
    """S23, S24, S27: the Piedmontese at zero on turn 9 get two armies at Turin or Aosta,
    placed in one decision."""
    game = at("Piedmontese", 9).game()
    while game.decision is not None and game.decision.kind == "place":
        waiting = game.state.reinforcements[0]
        if waiting.get("rule") == arrival_hooks.R_MINIMA:
            break
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    else:
        raise AssertionError("the minima never waited for a place")
    before = game.state.stack_count("Aosta", "Piedmontese")
    game.apply(Place("Piedmontese", "infantry", "Aosta"))
    assert game.state.stack_count("Aosta", "Piedmontese") == before + 2
