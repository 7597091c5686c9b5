"""6.0 Income and buying new units: 6.1 income, 6.2 prices and tokens, 6.3 consular
legions, 6.4 income of subjugated nations."""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError, InvalidActionError
from italia_kit.games.italia import Buy, Position
from italia_kit.games.italia.economy import check_buy, legal_buys
from italia_kit.games.italia.rules import _Purchases
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

from .italia_helpers import random_decisions, refused


def test_6_1_example_etruscan_income() -> None:
    """Units in Pisae, Pavia, Ravenna and Etruria, cities in two: 4 + 2 = 6 gold, 2 + 6 = 8."""
    pos = Position("italia1", nation="Etruscans")
    for zone in ("Pisae", "Pavia", "Ravenna", "Etruria"):
        pos.put("Etruscans", "infantry", zone)
    pos.city("Pisae", "Etruria")
    pos.gold("Etruscans", 2)
    game = pos.game()
    assert game.state.gold["Etruscans"] == 8
    income = game.log.of_kind("income")[-1]
    assert income.rule == "6.1" and income.data["income"] == 6
    assert "4 zones, 2 cities" in income.text


def test_6_1_a_leader_controls_a_zone_but_a_ruin_pays_nothing() -> None:
    pos = Position("italia1", nation="Celts")
    pos.put("Celts", "infantry", "Mediolanum")
    pos.put("Celts", "leader", "Verona", name="Brennus")
    pos.city("Verona", ruin=True)
    game = pos.game()
    assert game.log.of_kind("income")[-1].data["income"] == 2


def test_6_1_the_wealth_track_stops_at_10() -> None:
    pos = Position("italia1", nation="Celts")
    for zone in ("Mediolanum", "Verona", "Pavia"):
        pos.put("Celts", "infantry", zone)
    pos.gold("Celts", 9)
    game = pos.game()
    assert game.state.gold["Celts"] == 10
    assert "lost" in game.log.of_kind("income")[-1].text


def test_6_2_prices_of_units_and_cities_by_terrain() -> None:
    pos = Position("italia1", nation="Romans")
    pos.put("Romans", "legion", "Rome")
    pos.put("Romans", "legion", "Samnium")  # mountain
    pos.put("Romans", "legion", "Neapolis")
    pos.gold("Romans", 7)  # + 3 income = 10
    game = pos.game()
    assert game.state.gold["Romans"] == 10
    game.apply(Buy("Romans", "legion"))  # 4
    assert game.state.gold["Romans"] == 6
    refused(game, lambda: game.apply(Buy("Romans", "city", "Samnium")), "6.2", "costs 8 gold")
    game.apply(Buy("Romans", "city", "Neapolis"))  # 6: a clear zone
    assert game.state.gold["Romans"] == 0
    assert game.decision is not None and game.decision.kind == "place"  # nothing left to buy


def test_6_2_standard_city_costs_6_and_western_roman_prices() -> None:
    pos = Position("italia1", nation="Romans")
    pos.put("Romans", "legion", "Rome")
    pos.put("Romans", "legion", "Neapolis")
    pos.gold("Romans", 8)
    game = pos.game()
    game.apply(Buy("Romans", "city", "Neapolis"))
    assert game.state.gold["Romans"] == 10 - 6
    pos2 = Position("italia2", nation="Western Romans")
    pos2.put("Western Romans", "legion", "Rome")
    pos2.put("Western Romans", "legion", "Ravenna")
    pos2.gold("Western Romans", 8)
    game2 = pos2.game()
    game2.apply(Buy("Western Romans", "foederati"))
    game2.apply(Buy("Western Romans", "legion"))
    assert game2.state.gold["Western Romans"] == 10 - 3 - 6


def test_6_2_leaders_cannot_be_bought_and_tokens_run_out() -> None:
    pos = Position("italia1", nation="Celts")
    pos.put("Celts", "infantry", "Mediolanum")
    pos.gold("Celts", 9)
    game = pos.game()
    refused(game, lambda: game.apply(Buy("Celts", "leader")), "6.2", "leaders")
    refused(game, lambda: game.apply(Buy("Celts", "legion")), "6.2", "no legion tokens")


def test_6_3_example_roman_consular_legion() -> None:
    """Rome, Umbria, Corfinium, Apulia, Samnium with 3 cities: one consular legion, not two."""
    pos = Position("italia1", nation="Romans")
    for zone in ("Rome", "Umbria", "Corfinium", "Apulia", "Samnium"):
        pos.put("Romans", "legion", zone)
    pos.city("Rome", "Corfinium", "Apulia")
    pos.gold("Romans", 10)
    game = pos.game()
    game.apply(Buy("Romans", "consular_legion"))
    refused(game, lambda: game.apply(Buy("Romans", "consular_legion")), "6.3", "at most 1")


def test_6_3_a_second_consular_legion_needs_four_cities() -> None:
    pos = Position("italia1", nation="Romans")
    for zone in ("Rome", "Umbria", "Corfinium", "Apulia", "Samnium"):
        pos.put("Romans", "legion", zone)
    pos.put("Romans", "consular_legion", "Rome")
    pos.city("Rome", "Corfinium", "Apulia", "Neapolis")  # Neapolis not controlled
    pos.gold("Romans", 10)
    game = pos.game()
    refused(game, lambda: game.apply(Buy("Romans", "consular_legion")), "6.3")
    pos.city("Umbria")
    assert Buy("Romans", "consular_legion") in pos.game().legal_actions()


def test_6_4_example_subjugated_celts_pay_the_romans() -> None:
    """Celts collect 5, keep 3, give 2 to the Romans, who had 9 and must buy at once."""
    pos = Position("italia1", nation="Celts")
    for zone in ("Mediolanum", "Verona", "Pavia"):
        pos.put("Celts", "infantry", zone)
    pos.city("Mediolanum", "Verona")
    pos.subject("Celts", "Romans")
    pos.put("Romans", "legion", "Rome")
    pos.gold("Romans", 9)
    game = pos.game()
    assert game.state.gold["Celts"] == 3
    assert game.decision is not None and game.decision.actor == "Romans"
    assert game.decision.rule == "6.4"
    assert all(not (isinstance(a, Buy) and a.unit == "city") for a in game.legal_actions())
    game.apply(Buy("Romans", "legion"))
    assert game.state.gold["Romans"] == 7
    assert game.state.held_for["Romans"] == ["legion"]
    # back to the Celts, who with 3 gold can buy nothing and go on to placement
    assert game.decision.actor == "Celts" and game.decision.kind == "place"


def _checked_buys(
    world: World, state: ItaliaState, nation: str, *, forced: bool
) -> list[tuple[str, str | None]]:
    """The purchases, each asked of check_buy (the slow way the fast list replaces)."""
    candidates: list[tuple[str, str | None]] = [(t.value, None) for t in UnitType]
    if not forced:
        candidates += [("city", z) for z in world.controlled_zones(state, nation)]
    out = []
    for unit, zone in candidates:
        try:
            check_buy(world, state, nation, unit, zone, forced=forced)
        except (IllegalActionError, InvalidActionError):
            continue
        out.append((unit, zone))
    return out


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_the_fast_purchase_list_equals_the_checked_one(scenario: str) -> None:
    """Listing purchases asks :func:`legal_buys` instead of check_buy. In random games, at
    every position of phases 1 and 2 (units bought and waiting) and every 8th otherwise, for
    every nation, with its gold as it is and at 10 (every price within reach), forced (6.4)
    or not, the two lists are the same, in the same order."""
    compared = 0
    for game, world, _ in random_decisions(scenario, range(2)):
        buying = game.state.phase_name in ("purchase", "tribute", "placement")
        if buying or len(game.actions) % 8 == 0:
            rich = game.state.clone()
            rich.gold = dict.fromkeys(world.order, 10)
            for state in (game.state, rich):
                for nation in world.order:
                    for forced in (False, True):
                        fast = legal_buys(world, state, nation, forced=forced)
                        slow = _checked_buys(world, state, nation, forced=forced)
                        assert fast == slow, (state.turn, nation, forced, fast, slow)
                        compared += bool(fast)
    assert compared > 1000


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_the_purchases_advance_keeps_are_the_ones_listed(scenario: str) -> None:
    """``advance`` keeps the purchases it found for the listing of the same position
    (``state.listing``): at every purchase decision of random games the list made with
    them equals the list made afresh (a clone keeps nothing), in the same order."""
    kept = 0
    for game, _, actions in random_decisions(scenario, range(3)):
        state = game.state
        if state.phase_name == "purchase":
            kept += isinstance(state.listing, _Purchases)
            assert actions == game.rules.legal_actions(state.clone())
    assert kept > 20


def test_purchases_kept_by_advance_notice_gold_changed_by_hand() -> None:
    """A position changed by hand after ``advance`` is listed afresh: gold taken away
    leaves nothing to buy."""
    for game, _, actions in random_decisions("italia1", range(1)):
        if any(isinstance(a, Buy) for a in actions):
            assert isinstance(game.state.listing, _Purchases)
            game.state.gold[game.state.actor] = 0
            assert not any(isinstance(a, Buy) for a in game.legal_actions())
            return
    raise AssertionError("no purchase in the game")
