"""The combat widgets from plain Python: the battle calculator (10.0-10.9) and the map's
naval-supremacy layer (10.9). What they show must be what the analysis package and the
engine say."""

from __future__ import annotations

import pytest

from italia_kit.games.italia import EndMovement, Move, Position, UnitType
from italia_kit.games.italia.odds import Battle, Side, exact_odds
from italia_kit.games.italia.widgets import (
    BattleCalculator,
    hide_supremacy,
    show_supremacy,
    supremacy_of,
)
from italia_kit.games.italia.widgets.calculator import pct
from italia_kit.widgets import MapView
from italia_kit.widgets import style as st

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_calculator_shows_the_exact_odds_and_a_monte_carlo_check() -> None:
    calc = BattleCalculator(samples=2000)
    calc.set_attacker({"legion": 3, "consular_legion": 1, "leaders": 1})
    calc.set_defender("2 infantry")
    calc.set_circumstances(terrain="mountain")
    odds = calc.compute()
    expected = exact_odds(
        Battle.parse("3 legion, 1 consular_legion, leader", "2 infantry", terrain="mountain")
    )
    assert odds == expected
    assert calc.battle == expected.battle
    sim = calc.simulation
    assert sim is not None and sim.n == 2000
    assert abs(sim.attacker_wins - odds.attacker_wins) <= 4 * sim.stderr(odds.attacker_wins) + 1e-9
    # the chart is a real picture and the table gives both numbers
    assert bytes(calc.chart.value).startswith(PNG)
    assert calc.figure is not None and len(calc.figure.axes) == 2
    assert pct(odds.attacker_wins) in calc.summary.value
    assert "Monte Carlo (2,000 battles)" in calc.summary.value
    assert len(calc.outcome_table()) == len(odds.outcomes)


def test_every_circumstance_of_the_form_reaches_the_battle() -> None:
    calc = BattleCalculator("2 infantry", "1 legion", samples=500)
    for terrain, city, supremacy, landing in [
        ("swamp", True, "attacker", False),
        ("clear", False, "defender", True),
    ]:
        calc.set_circumstances(
            terrain=terrain, city=city, supremacy=supremacy, naval_invasion=landing
        )
        battle = Battle(
            Side.parse("2 infantry"),
            Side.parse("legion"),
            terrain=terrain,  # type: ignore[arg-type]
            city=city,
            supremacy=supremacy,  # type: ignore[arg-type]
            naval_invasion=landing,
        )
        assert calc.battle == battle
        assert calc.odds == exact_odds(battle)  # auto: every change recomputes
    calc.set_circumstances(supremacy=None, naval_invasion=False)
    assert calc.battle.supremacy is None


def test_the_buttons_and_boxes_work_like_the_methods() -> None:
    calc = BattleCalculator(samples=500)
    assert calc.odds is None and "no units" in calc.status.value  # an empty form says why
    calc.counts["attacker"]["infantry"].value = 3
    calc.counts["defender"]["infantry"].value = 2
    calc.city.value = True
    calc.raid.value = True
    # 10.7: a raid succeeds with one hit of 7-10, nobody gets any modifier
    assert calc.odds is not None and calc.odds.attacker_wins == pytest.approx(1 - 0.6**3)
    assert "raid succeeds" in calc.summary.value
    calc.auto = False
    calc.raid.value = False
    assert calc.odds.battle.raid, "without auto the form waits for the button"
    calc.compute_button.click()
    assert not calc.odds.battle.raid


def test_a_retreat_threshold_and_bad_input() -> None:
    calc = BattleCalculator("legion", {"infantry": 2, "retreat_at": 1}, samples=500)
    assert calc.battle.defender.retreat_at == 1
    assert calc.odds is not None and calc.odds.defender_retreats > 0
    assert "defender&#x27;s retreat" in calc.summary.value or "defender's retreat" in (
        calc.summary.value
    )
    calc.counts["attacker"]["fleet"].value = 1  # fleets in a land battle (10.8)
    assert calc.odds is None and "10.8" in calc.status.value
    with pytest.raises(ValueError, match=r"10\.8"):
        calc.compute()


def test_a_naval_battle_with_cargo() -> None:
    calc = BattleCalculator(Side({"fleet": 2}, embarked=(2, 0)), "2 fleet", naval=True, samples=500)
    battle = Battle(Side({"fleet": 2}, embarked=(2, 0)), Side.parse("2 fleet"), naval=True)
    assert calc.odds == exact_odds(battle)
    calc.counts["attacker"]["fleet"].value = 3  # a hand edit forgets the cargo list
    assert calc.battle.attacker.embarked == ()
    assert calc.odds == exact_odds(Battle.parse("3 fleet", "2 fleet", naval=True))
    with pytest.raises(ValueError, match="up to 40 units"):
        calc.set_defender("41 fleet")


def test_the_supremacy_layer_hatches_where_a_nation_with_fleets_has_it() -> None:
    """10.9 example: 2 Carthaginian fleets in Mare Libycum, 1 Roman fleet in Mare Sardoum."""
    pos = Position("italia1", nation="Romans")
    pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
    pos.put("Romans", "fleet", "Mare Sardoum")
    pos.put("Greeks", "fleet", "Mare Sardoum", 3)
    game = pos.game()
    view = MapView(game)
    before = len(view.map.layers)
    layer = show_supremacy(view, "Carthaginians")
    assert supremacy_of(view) is layer and len(view.map.layers) == before + 1
    assert "Africa" in layer.zones and "Byzacena" in layer.zones
    assert "Mare Libycum" in layer.view.seas
    ink = st.player_ink(game.rules.world.scenario.colour_of("Carthaginians"))  # type: ignore[attr-defined]
    hatching = [x for x in layer.group.layers if x.name == "supremacy hatching Africa"]
    assert len(hatching) == 1 and hatching[0].color == ink and len(hatching[0].locations) > 3
    assert "Carthaginians" in layer.caption.value and layer.control in view.map.controls

    battle = show_supremacy(view, zone="Africa", between=("Romans", "Carthaginians"))
    assert supremacy_of(view) is battle and len(view.map.layers) == before + 1  # replaced
    assert battle.zones == ["Africa"]
    assert "The Carthaginians have naval supremacy" in battle.describe()[1]
    # the layer follows the game: four Roman fleets turn it round (10.9 example)
    for _ in range(3):
        game.state.add_unit("Romans", UnitType.FLEET, "Mare Sardoum")
    view.refresh()
    assert "The Romans have naval supremacy" in battle.describe()[1]

    hide_supremacy(view)
    assert supremacy_of(view) is None and len(view.map.layers) == before
    assert battle.control not in view.map.controls


def test_a_nation_without_fleets_has_supremacy_nowhere() -> None:
    view = MapView(Position("italia1").game())
    layer = show_supremacy(view, "Celts")
    assert layer.zones == [] and "nowhere" in layer.describe()[1]
    with pytest.raises(ValueError, match="sea"):
        show_supremacy(view, zone="Mare Libycum")


def test_the_supremacy_layer_of_a_battle_finds_the_two_nations() -> None:
    """The 10.9 battle: a Roman legion attacks Africa; 2 Carthaginian fleets lie beside it."""
    pos = Position("italia1", nation="Romans", phase="movement")
    (legion,) = pos.put("Romans", "legion", "Byzacena")
    pos.put("Carthaginians", "infantry", "Africa")
    pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
    game = pos.game()
    game.apply(Move("Romans", (legion,), ("Byzacena", "Africa")))
    game.apply(EndMovement("Romans"))
    view = MapView(game)
    layer = show_supremacy(view, zone="Africa")
    assert layer.describe()[0].startswith("Africa (Mare Libycum, Mare Sardoum beside): the Romans")
    assert "The Carthaginians have naval supremacy" in layer.describe()[1]
    colour = game.rules.world.scenario.colour_of("Carthaginians")  # type: ignore[attr-defined]
    assert layer.view.hatched == (("Africa", colour),)
    view.redraw()
    assert view.map.layers[-1] is layer.group  # still on top of the zones
