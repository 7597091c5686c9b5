"""The arrival chart's special entries (M-A) and the Britannia rules of a nation-turn's
ends: the Spoletians' take-over, Pepin and Charlemagne, the Avars' removal and raiders,
population increase, overpopulation, armies left at sea, the French turn-11 award."""

from __future__ import annotations

from italia_kit.core import Context, EventLog, Game, Randomness
from italia_kit.games.medieval import scoring
from italia_kit.games.medieval.actions import EndMovement, Move, Place
from italia_kit.games.medieval.position import at_nation_turn, position
from italia_kit.games.medieval.rules import MedievalRules
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World

WORLD = World()


def test_chart_3_the_spoletians_take_over_four_beneventan_armies_nearest_spoleto() -> None:
    armies = {"Beneventans": {"Benevento": 3, "Gaeta": 2, "Abruzzi": 2, "Naples": 2}}
    game = at_nation_turn(armies, power="Spoletians", turn=1)
    state = game.state
    # Abruzzi and Gaeta are next to Spoleto, Naples is two steps off, Benevento is excluded
    assert len(state.armies_in("Abruzzi", "Spoletians")) == 2
    assert len(state.armies_in("Gaeta", "Spoletians")) == 2
    assert len(state.armies_in("Naples", "Beneventans")) == 2
    assert len(state.armies_in("Benevento", "Beneventans")) == 3
    assert len(state.armies_in("Spoleto", "Spoletians")) == 1  # and the one army of the chart


def test_chart_4_pepin_leads_the_first_impulse_and_charlemagne_the_second() -> None:
    game = at_nation_turn({"Franks": {"Turin": 1}}, power="Franks", turn=2)
    while game.decision is not None and game.decision.kind == "place":
        game.apply(game.legal_actions()[0])
    names = {u.name for u in game.state.units.values() if u.is_leader}
    assert names == {"Pepin"} and game.state.major
    game.apply(EndMovement("Franks"))  # end of the first impulse: Pepin leaves
    while game.decision is not None and game.decision.kind == "place":
        game.apply(game.legal_actions()[0])
    names = {u.name for u in game.state.units.values() if u.is_leader}
    assert names == {"Charlemagne"} and game.state.impulse == 2
    assert [e for e in game.log if e.kind == "leader_leaves" and "Pepin" in e.text]


def test_chart_5_the_avars_remove_two_armies_as_turn_2_begins_and_raiders_go_home() -> None:
    state = MedievalState(turn=2, phase_name="start")
    for _ in range(5):
        state.add_unit("Avars", "army", "Austria", raider=True, home="Austria")
    game = Game(MedievalRules(WORLD), state)
    assert WORLD.strength(game.state, "Avars") == 3
    raid = position({"Avars": {"Friuli": 2}}, active="Avars", turn=1)
    for u in raid.state.units.values():
        u.raider, u.home = True, "Austria"
    raid.apply(EndMovement("Avars"))
    assert [e for e in raid.log if e.kind == "raider_withdraws"]


def test_population_1_two_points_an_area_one_if_difficult_an_army_per_six() -> None:
    # Venice (marsh) 1 + Friuli 2 + Istria 2 = 5 points: no army yet, 5 on the track
    game = at_nation_turn(
        {"Venetians": {"Venice": 1, "Friuli": 1, "Istria": 1}}, power="Venetians", turn=5
    )
    assert game.state.population["Venetians"] == 5
    assert WORLD.strength(game.state, "Venetians") == 3


def test_population_2_a_new_army_is_placed_in_an_area_the_power_holds() -> None:
    held = {"Milan": 1, "Brescia": 1, "Parma": 1}
    game = at_nation_turn({"Milanese": held}, power="Milanese", turn=5)
    assert game.decision is not None and game.decision.kind == "place"
    assert {a.zone for a in game.legal_actions()} == set(held)
    game.apply(Place("Milanese", "Parma"))
    assert len(game.state.armies_in("Parma", "Milanese")) == 2


def test_overpopulation_at_most_three_armies_an_area_when_the_nation_turn_ends() -> None:
    game = position({"Lombards": {"Friuli": 5}}, active="Lombards", turn=3)
    game.apply(EndMovement("Lombards"))
    assert len(game.state.armies_in("Friuli", "Lombards")) == 3
    assert len([e for e in game.log if e.kind == "overpopulation"]) == 2


def test_armies_left_at_sea_are_lost_when_the_movement_ends() -> None:
    game = position({"Franks": {"Ligurian": 2}}, active="Franks", turn=2)
    first = min(u.id for u in game.state.units.values())
    game.apply(Move("Franks", first, "Genoa"))  # landing is allowed without boats
    game.apply(EndMovement("Franks"))
    assert len(game.state.units_of("Franks")) == 1
    assert [e for e in game.log if e.kind == "lost_at_sea"]


def test_the_french_turn_11_award_counts_areas_held_at_any_moment_of_their_nation_turn() -> None:
    game = position({"French": {"Turin": 2}}, active="French", turn=11)
    unit = min(u.id for u in game.state.units.values())
    game.apply(Move("French", unit, "Alessandria"))
    game.apply(Move("French", unit, "Genoa"))
    game.apply(EndMovement("French"))
    # Turin 3, Genoa 3 (M-V4 block C), Alessandria 2: all held at some moment
    vp = [e for e in game.log if e.kind == "vp" and e.data["power"] == "French"]
    assert vp and vp[-1].data["points"] == 8


def test_scoring_an_area_is_valued_by_its_first_matching_award() -> None:
    rules = scoring.rules_for(WORLD, "Piedmontese", 6, False)
    assert scoring.area_value(WORLD, rules, "Turin", 6) == 4
    assert scoring.area_value(WORLD, rules, "Siena", 6) == 3
    assert scoring.area_value(WORLD, rules, "Ravenna", 6) == 2  # on the line
    assert scoring.area_value(WORLD, rules, "Perugia", 6) == 1  # south of it
    ctx = Context(MedievalState(turn=6), Randomness(0), EventLog())
    scoring.score_power(ctx, WORLD, "Piedmontese", rules, ["Turin", "Perugia"])
    assert ctx.state.vp["Piedmontese"] == 5
