"""11.0 Victory: control points at the end of scoring turns, events during play, the pad."""

from __future__ import annotations

import math

from italia_kit.games.italia import Position
from italia_kit.games.italia.scenarios import Nation
from italia_kit.games.italia.scoring import by_colour, score_pad


def end_of_turn(scenario: str, turn: int, last: str) -> Position:
    """A position in which ``last`` is finishing the turn: the game scores when it starts."""
    return Position(scenario, turn=turn, nation=last, phase="combat")


def test_11_0_example_1_etruscans_on_turn_5() -> None:
    """Pavia, Ravenna, Etruria, Corfinium; cities in Etruria, Pavia, Corfinium: 9 points."""
    pos = end_of_turn("italia1", 5, "Romans")
    for zone in ("Pavia", "Ravenna", "Etruria", "Corfinium"):
        pos.put("Etruscans", "infantry", zone)
    pos.city("Etruria", "Pavia", "Corfinium")
    game = pos.game()
    etruscan = [e for e in game.log.of_kind("victory_points") if e.data["nation"] == "Etruscans"]
    assert [e.data["points"] for e in etruscan] == [9.0] and etruscan[0].rule == "11.0"


def test_11_0_example_2_berbers_on_turn_2() -> None:
    """Numidia and Africa with a city in Africa: 2 for the zones + 4 for the city."""
    pos = end_of_turn("italia2", 2, "Arabs")
    pos.put("Berbers", "infantry", "Numidia")
    pos.put("Berbers", "infantry", "Africa")
    pos.city("Africa")
    game = pos.game()
    berber = [e for e in game.log.of_kind("victory_points") if e.data["nation"] == "Berbers"]
    assert berber and berber[0].data["points"] == 6.0


def test_11_0_ruins_score_nothing() -> None:
    pos = end_of_turn("italia1", 5, "Romans")
    pos.put("Etruscans", "infantry", "Etruria")
    pos.city("Etruria", ruin=True)
    game = pos.game()
    assert not [e for e in game.log.of_kind("victory_points") if e.data["nation"] == "Etruscans"]


def test_11_0_region_points_less_one_per_foreign_zone_never_below_zero() -> None:
    from italia_kit.games.italia.scenarios import ScoreRule
    from italia_kit.games.italia.scoring import holders, rule_points

    pos = Position("italia1")
    rule = ScoreRule(
        turns=(7,), kind="region", region="South", points=3, minus_per_foreign_zone=True
    )
    pos.put("Romans", "legion", "Apulia")
    pos.put("Samnites", "infantry", "Samnium")
    held = holders(pos.state, pos.world)
    assert rule_points(pos.world, pos.state, "Romans", rule, held)[0] == 2
    for zone in ("Lucania", "Calabria", "Bruttium", "Neapolis"):
        pos.put("Greeks", "infantry", zone)
    held = holders(pos.state, pos.world)
    assert rule_points(pos.world, pos.state, "Romans", rule, held)[0] == 0  # never below 0
    pos.subject("Greeks", "Romans")
    pos.subject("Samnites", "Romans")
    held = holders(pos.state, pos.world)
    assert rule_points(pos.world, pos.state, "Romans", rule, held)[0] == 3  # subjects count


def test_11_0_the_score_pad_by_nation_colour_and_turn() -> None:
    pos = end_of_turn("italia1", 5, "Romans")
    for zone in ("Pavia", "Ravenna", "Etruria", "Corfinium"):
        pos.put("Etruscans", "infantry", zone)
    pos.city("Etruria", "Pavia", "Corfinium")
    game = pos.game()
    pad = score_pad(game.log, game.rules.world)
    assert pad.at["Etruscans", 5] == 9.0 and pad.at["Etruscans", "colour"] == "blue"
    assert math.isnan(pad.at["Cimbri", 1])  # shaded: the Cimbri cannot score on turn 1
    colours = by_colour(pad)
    assert colours.loc["blue", 10] >= 9.0


def test_11_0_elimination_points_read_from_the_table_are_the_cards() -> None:
    """:func:`~italia_kit.games.italia.victory.elimination_points` keeps what each card pays by
    victim: asked again (from the table) it says what the card's rules say, for every
    scorer, victim type, nation and leader, attacker or not."""
    from italia_kit.games.italia.state import Unit
    from italia_kit.games.italia.units import UnitType
    from italia_kit.games.italia.victory import elimination_points
    from italia_kit.games.italia.world import World

    for scenario in ("italia1", "italia2"):
        world = World(scenario)
        names = sorted({leader for n in world.scenario.nations for leader in _leaders(n)})
        for scorer in world.scenario.nations:
            for victim_nation in world.scenario.nations:
                for unit_type in UnitType:
                    for name in [None, *names] if unit_type is UnitType.LEADER else [None]:
                        victim = Unit(1, victim_nation.name, unit_type, "Roma", name=name)
                        for attacked in (False, True):
                            want = 0.0
                            for rule in scorer.elimination_vp:
                                if rule.matches(unit_type.value, victim_nation.name, name):
                                    paid = not attacked or rule.own_attackers_count
                                    want = rule.points if paid else 0.0
                                    break
                            for _ in range(2):  # read from the card, then from the table
                                got = elimination_points(
                                    world, scorer.name, victim, attacked_scorer=attacked
                                )
                                assert got == want, (scorer.name, victim, attacked)


def _leaders(nation: Nation) -> list[str]:
    """The leaders a card's VP rules name (the others score as any leader)."""
    return [name for rule in nation.elimination_vp for name in rule.leaders]
