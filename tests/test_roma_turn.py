"""Roma's set-up (4.1-4.3), turn (5.1-5.2), recruitment and cards (7.1-7.2), victory points,
the end of the turn and of the game: one test per rule subtlety, numbered by section."""

from __future__ import annotations

import json

import pytest

from italia_kit import games
from italia_kit.core import IllegalActionError, RandomPlayer, game_from_json, game_to_json
from italia_kit.games.roma.actions import (
    Discard,
    Done,
    PlaceTent,
    PlaceUnit,
    PlayCharisma,
    Reinforce,
)
from italia_kit.games.roma.rules import RomaRules
from italia_kit.games.roma.spec import check_options
from italia_kit.games.roma.turn import recruits

from .roma_helpers import M, position


def test_4_1_options_10_or_15_turns_and_2_to_6_players() -> None:
    assert games.load("roma", turns=15).new_game(seed=1).state.turns == 15
    with pytest.raises(ValueError, match=r"'turns' \(4.1\)"):
        check_options({"turns": 12})
    with pytest.raises(ValueError, match=r"'players' \(4.2\)"):
        check_options({"players": 7})
    with pytest.raises(ValueError, match="unknown option 'seats'"):
        check_options({"seats": 2})


def test_4_2_populations_by_player_count_and_the_starting_kit() -> None:
    for n, last in (
        (2, "CARTAGINE"),
        (3, "GRECIA"),
        (4, "EGITTO"),
        (5, "LUGDUNENSIS"),
        (6, "SIRIA"),
    ):
        spec = games.load("roma", players=n)
        assert len(spec.seats) == n and spec.seats[-1] == last
    game = games.load("roma", players=3).new_game(seed=4)
    state = game.state
    assert state.vp == {p: 10 for p in state.populations}
    assert all(len(h) == 3 for h in state.hands.values())
    assert game.decision is not None and game.decision.rule == "4.3"


def test_4_3_tents_in_a_chain_from_the_capital_and_pieces_in_capital_or_provinces() -> None:
    game = games.load("roma", players=2).new_game(seed=2)
    placer = game.state.active
    capital = M.capital_of[placer]
    with pytest.raises(IllegalActionError) as err:
        game.apply(PlaceTent(placer, "Creta"))
    assert err.value.rule == "4.3"
    legal = {a.territory for a in game.legal_actions() if isinstance(a, PlaceTent)}
    assert legal == set(M.land[capital]) - M.capitals
    first = sorted(legal)[0]
    game.apply(PlaceTent(placer, first))
    legal2 = {a.territory for a in game.legal_actions() if isinstance(a, PlaceTent)}
    assert set(M.land[first]) - M.capitals - {first} <= legal2 | set(game.state.tents)
    while game.state.phase == "setup_tent":
        game.apply(game.legal_actions()[0])
    places = {a.territory for a in game.legal_actions() if isinstance(a, PlaceUnit)}
    assert places <= {capital, *game.state.tents}
    ships = [a for a in game.legal_actions() if isinstance(a, PlaceUnit) and a.unit == "ship"]
    assert all(M.is_port(a.territory) for a in ships)


def test_4_3_a_population_hemmed_in_places_its_tent_on_the_nearest_free_territory() -> None:
    """4.3 says a Province marker goes next to the capital or to a Province of its own; it
    does not say what happens when others took those first (EGITTO's marker in Tripolitania,
    seed 11's set-up: CARTAGINE's chain Byzacium, Numidia, Mauretania is then closed).
    Reading: the free territories fewest moves away by land or sea, not any territory at
    all (seed 11 put Carthage's fourth Province in Gallia Cisalpina)."""
    from italia_kit.games.roma.turn import tent_places

    state = games.load("roma").new_game(seed=11).state.clone()
    state.tents.clear()
    state.tents.update(
        Tripolitania="EGITTO", Byzacium="CARTAGINE", Numidia="CARTAGINE", Mauretania="CARTAGINE"
    )
    nearest = set(tent_places(state, "CARTAGINE"))
    assert {"Sicilia", "Sardinia et Corsica", "Cyrenaica"} <= nearest  # two moves away
    assert "Gallia Cisalpina" not in nearest and "Creta" not in nearest
    assert not nearest & set(state.tents) and not nearest & M.capitals


def test_5_1_population_cards_decide_who_plays_each_population_once_a_turn() -> None:
    game = games.load("roma", players=3).new_game(seed=5)
    player = RandomPlayer(1)
    while game.state.turn == 1 and not game.is_over:
        game.apply(player.choose(game))
    turn_one = [e.data["population"] for e in game.log if e.kind == "turn_of" and e.turn == 1]
    assert sorted(turn_one) == sorted(game.state.populations)


def test_7_2_recruits_capitals_and_every_three_territories_provinces_counting_or_not() -> None:
    control = {
        "Etruria": "ITALIA",
        "Umbria": "ITALIA",
        "Samnium": "ITALIA",
        "Campania": "ITALIA",
        "Carthago": "ITALIA",
    }
    tents = {"Etruria": "ITALIA", "Umbria": "ITALIA"}
    game = position("recruit", control=control, tents=tents)
    # Roma and Carthago (captured) are capitals; 4 other territories -> 1
    assert recruits(game.state, "ITALIA") == 2 + 1
    other = position("recruit", control=control, tents=tents, options={"provinces_count": False})
    assert recruits(other.state, "ITALIA") == 2 + 0


def test_7_2_charisma_gives_two_and_reinforcements_go_only_to_own_places() -> None:
    game = position("recruit", pool=1, hands={"ITALIA": ["C", "DIP"]}, tents={"Etruria": "ITALIA"})
    game.apply(PlayCharisma("ITALIA"))
    assert game.state.pool == 3 and game.state.hands["ITALIA"] == ["DIP"]
    with pytest.raises(IllegalActionError) as err:
        game.apply(Reinforce("ITALIA", "Campania", "legion"))
    assert err.value.rule == "7.2"
    game.apply(Reinforce("ITALIA", "Etruria", "legion"))
    assert game.state.legions["Etruria"] == {"ITALIA": 1}


def test_the_map_an_eleventh_legion_is_refused() -> None:
    game = position("recruit", pool=1, legions={"Roma": {"ITALIA": 10}})
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Reinforce("ITALIA", "Roma", "legion"))
    assert err.value.rule == "The Map" and game.state_json() == before


def test_7_1_discard_then_draw_to_three_hidden_from_the_others() -> None:
    game = position("cards", hands={"ITALIA": ["SIC", "CIN"]})
    with pytest.raises(IllegalActionError) as err:
        game.apply(Discard("ITALIA", ("C",)))
    assert err.value.rule == "7.1"
    game.apply(Discard("ITALIA", ("SIC",)))
    hand = game.state.hands["ITALIA"]
    assert len(hand) == 3 and hand[0] == "CIN"
    assert game.observe("CARTAGINE")["hands"]["ITALIA"] == 3
    assert game.observe("ITALIA")["hands"]["ITALIA"] == hand
    deal = [e for e in game.events_for("CARTAGINE") if e.kind == "deal"]
    assert deal and dict(deal[-1].data) == {"redacted": True}


def test_4_2_note_a_fourth_card_is_refused() -> None:
    game = position("cards", hands={"ITALIA": ["SIC", "CIN", "C"]})
    data = game.state_json()
    data["hands"]["ITALIA"].append("DIP")
    with pytest.raises(IllegalActionError) as err:
        RomaRules().state_from_json(data)
    assert err.value.rule == "4.2"


def test_vp_collection_the_victim_pays_one_a_province_two_a_capital_while_it_has_vp() -> None:
    game = position(
        "combat",
        legions={"Carthago": {"ITALIA": 2}, "Numidia": {"ITALIA": 1}, "Byzacium": {"ITALIA": 1}},
        tents={"Numidia": "CARTAGINE", "Byzacium": "CARTAGINE"},
        control={"Carthago": "ITALIA", "Numidia": "ITALIA", "Byzacium": "ITALIA"},
        vp={"ITALIA": 16, "CARTAGINE": 3},
    )
    game.apply(Done("ITALIA"))
    assert game.state.vp == {"ITALIA": 19, "CARTAGINE": 0}
    paid = [e for e in game.log if e.kind == "vp"]
    assert paid[0].data["vp"] == 3 and "owes 4" in paid[0].text


def test_end_of_turn_ships_return_to_the_nearest_allied_port_not_to_a_new_conquest() -> None:
    game = position(
        "combat",
        ships={"Mare Tyrrhenum": {"ITALIA": 2}},
        cargo={"Mare Tyrrhenum": {"ITALIA": 3}},
        control={"Campania": "ITALIA"},
        conquered=["Campania"],
    )
    game.state.drawn = ["CARTAGINE", "ITALIA"]
    game.dice.bag("population").items.clear()  # ITALIA plays last this turn
    game.apply(Done("ITALIA"))
    state = game.state
    assert state.ships.get("Roma") == {"ITALIA": 2} and "Campania" not in state.ships
    assert state.legions["Roma"] == {"ITALIA": 3}
    assert state.turn == 2 and state.conquered == []


def test_end_of_the_game_after_the_last_turn_most_vp_wins() -> None:
    game = position("combat", turn=10, vp={"ITALIA": 12, "CARTAGINE": 8})
    game.dice.bag("population").items.clear()
    game.apply(Done("ITALIA"))
    assert game.is_over and game.log[-1].data["winners"] == ["ITALIA"]
    assert games.load("roma", players=2).scores(game) == {"ITALIA": 12.0, "CARTAGINE": 8.0}


def test_a_save_of_a_random_game_loads_with_its_options() -> None:
    spec = games.load("roma", players=3, interdiction="targets_hinder")
    game = spec.new_game(seed=3)
    player = RandomPlayer(3)
    for _ in range(200):
        game.apply(player.choose(game))
    loaded = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert loaded.state_json() == game.state_json()
    assert loaded.state.options["interdiction"] == "targets_hinder"
