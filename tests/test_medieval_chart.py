"""The arrival chart's special entries (M-A) and the Britannia rules of a nation-turn's
ends, on the Italia engine (the game id ``medieval`` since the switch): Pepin and
Charlemagne, raiders, population increase, overpopulation, armies left at sea, the French
turn-11 award, and the award tables (``tests/test_medieval_leaks.py`` plays more of
Pepin's and Charlemagne's impulses and of overpopulation, against the old engine).

The Spoletians' take-over, the Avars' removal and a new army placed in an area held are
``tests/test_medieval_rulebook.py``'s; ``tests/test_medieval_awards.py`` plays more of the
raiders and of M-V4's awards.
"""

from __future__ import annotations

from italia_kit.core import Context, EventLog, Randomness
from italia_kit.games.italia.actions import EndMovement, Move
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval.arrival_hooks import strength
from italia_kit.games.medieval.rulebook import MedievalRulebook
from italia_kit.games.medieval.scoring_hooks import area_value, score_power
from italia_kit.games.medieval.tutorial import at_nation_turn, builder, position

RULES = MedievalRulebook()


def _place_all(game: ItaliaGame) -> None:
    while game.decision is not None and game.decision.kind == "place":
        game.apply(game.legal_actions()[0])


def test_chart_4_pepin_leads_the_first_impulse_and_charlemagne_the_second() -> None:
    """M-A turn 2: Pepin leads the Franks' first impulse and leaves; Charlemagne comes with
    the second."""
    game = at_nation_turn({"Franks": {"Turin": 1}}, power="Franks", turn=2)
    _place_all(game)
    names = {u.name for u in game.state.units.values() if u.is_leader}
    assert names == {"Pepin"} and game.state.major
    game.apply(EndMovement("Franks"))  # the first impulse's movement; then its battles
    while game.decision is not None and not game.state.second_phase:
        game.apply(game.legal_actions()[0])
    _place_all(game)
    names = {u.name for u in game.state.units.values() if u.is_leader}
    assert names == {"Charlemagne"}
    assert [e for e in game.log.of_kind("leader_leaves") if "Pepin" in e.text]


def test_chart_5_raiders_go_home_when_their_nation_turn_ends() -> None:
    """M-A turn 1: the Avars' six armies are raiders from Austria (reconstructed: they go
    back to their box as their nation-turn ends): none is left in Italy after it."""
    game = at_nation_turn({"Franks": {"Turin": 1}}, power="Avars", turn=1)
    _place_all(game)
    (army,) = [u.id for u in game.state.units_in("Austria", "Avars")][:1]
    game.apply(Move("Avars", (army,), ("Austria", "Friuli")))
    game.apply(EndMovement("Avars"))
    while game.decision is not None and game.state.active == "Avars":
        game.apply(game.legal_actions()[0])
    assert all(u.zone == "Austria" for u in game.state.units_of("Avars"))
    assert game.log.of_kind("raider_withdraws")


def test_population_1_two_points_an_area_one_if_difficult_an_army_per_six() -> None:
    """Britannia (public summary), arithmetic reconstructed: Venice (marsh) 1 + Friuli 2 +
    Istria 2 = 5 points: no army yet, 5 on the track, strength still 3."""
    game = at_nation_turn(
        {"Venetians": {"Venice": 1, "Friuli": 1, "Istria": 1}}, power="Venetians", turn=5
    )
    assert game.state.extras["population"]["Venetians"] == 5
    assert strength(game.state, "Venetians") == 3
    assert game.decision is not None and game.decision.kind == "move"


def test_overpopulation_at_most_three_armies_an_area_when_the_nation_turn_ends() -> None:
    """Britannia (public summary), reading 10: five Lombards in Friuli are three once their
    nation-turn ends, the surplus gone by itself with an overpopulation event for each army
    (not Italia's 8.0 removal chosen by the owner)."""
    game = position({"Lombards": {"Friuli": 5}}, active="Lombards", turn=3)
    game.apply(EndMovement("Lombards"))
    assert game.state.stack_count("Friuli", "Lombards") == 3
    assert len(game.log.of_kind("overpopulation")) == 2


def test_armies_left_at_sea_are_lost_when_the_movement_ends() -> None:
    """Reconstructed: of two Byzantine armies in the Adriatic (boats on turn 1), the one
    that lands in Ravenna stays and the other is lost as the movement ends, an event
    naming it."""
    game = position({"Byzantines": {"Adriatic": 2}}, active="Byzantines")
    first, second = sorted(u.id for u in game.state.units_in("Adriatic", "Byzantines"))
    game.apply(Move("Byzantines", (first,), ("Adriatic", "Ravenna")))
    game.apply(EndMovement("Byzantines"))
    assert [u.id for u in game.state.units_of("Byzantines")] == [first]
    (lost,) = game.log.of_kind("lost_at_sea")
    assert lost.data["unit"] == second


def test_the_french_turn_11_award_counts_areas_held_at_any_moment_of_their_nation_turn() -> None:
    """M-V4 block C, turn 11: Turin 3, Genoa 3 and Alessandria 2, each held at some moment
    of the French nation-turn: 8 VP."""
    game = position({"French": {"Turin": 2}}, active="French", turn=11)
    unit = min(u.id for u in game.state.units.values())
    game.apply(Move("French", (unit,), ("Turin", "Alessandria", "Genoa")))
    game.apply(EndMovement("French"))
    while game.decision is not None and game.state.active == "French":
        game.apply(game.legal_actions()[0])
    vp = [e for e in game.log.of_kind("vp") if e.data["power"] == "French"]
    assert vp and vp[-1].data["points"] == 8


def test_scoring_an_area_is_valued_by_its_first_matching_award() -> None:
    """M-V4 block F (the Piedmontese, turn 6): Turin 4, Siena 3, Ravenna 2 (on the line),
    Perugia 1 (south of it); holding Turin and Perugia scores 5."""
    power = RULES.power("Piedmontese")
    assert power is not None
    awards = [r for r in power.scoring if 6 in r.turns and not r.during_nation_turn]
    values = [area_value(RULES, awards, z, 6) for z in ("Turin", "Siena", "Ravenna", "Perugia")]
    assert values == [4, 3, 2, 1]
    pos = builder("Piedmontese", turn=6)
    pos.put("Piedmontese", "infantry", "Turin")
    pos.put("Piedmontese", "infantry", "Perugia")
    ctx = Context(pos.state, Randomness(0), EventLog())
    score_power(RULES, ctx, pos.world, "Piedmontese", awards)
    assert pos.state.vp["Piedmontese"] == 5
    (event,) = ctx.log.of_kind("vp")
    assert event.data["areas"] == ["Turin", "Perugia"]
