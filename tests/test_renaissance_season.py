"""Phase A of the Renaissance-Italy game: builds (Build New Units (a)-(c), SPECIAL UNITS),
maintenance, income and its variable rolls, autonomous garrisons; and victory."""

from __future__ import annotations

from italia_kit import games
from italia_kit.games.renaissance.mapdata import POWERS, game_map
from italia_kit.games.renaissance.rules import Adjustments
from italia_kit.games.renaissance.season import Build, income_of, may_build, winner
from italia_kit.games.renaissance.state import RenaissanceState

MAP = game_map()


def start() -> RenaissanceState:
    return RenaissanceState.start(MAP, POWERS, 3)


def test_S_1_builds_only_in_controlled_home_cities() -> None:
    """Milan builds in Pavia (home, controlled, a city), not in Parma (no city) nor in
    Venetian Padua (Build New Units (b))."""
    state = start()
    assert may_build(state, MAP, "Milan", Build("build", "G", "Pavia")) is None
    assert may_build(state, MAP, "Milan", Build("build", "A", "Parma")) is not None
    assert may_build(state, MAP, "Milan", Build("build", "A", "Padua")) is not None


def test_S_2_one_new_unit_a_place() -> None:
    """An army stands in Milan: a new army there is refused, a garrison in its city is not
    (Build New Units (c))."""
    state = start()
    assert "(c)" in str(may_build(state, MAP, "Milan", Build("build", "A", "Milan")))
    assert may_build(state, MAP, "Milan", Build("build", "G", "Milan")) is None


def test_S_3_fleets_only_in_ports() -> None:
    """A fleet in Pavia (a city, but no port) is refused (Build New Units (b))."""
    state = start()
    assert "port" in str(may_build(state, MAP, "Milan", Build("build", "F", "Pavia")))


def test_S_4_the_special_units_and_who_raises_them() -> None:
    """The Turks may not hire Elite Mercenaries; Milan may raise a Citizen's Militia, but
    not Elite Professionals (SPECIAL UNITS)."""
    state = start()
    assert may_build(state, MAP, "Turks", Build("build", "G", "Durazzo", "mercenaries"))
    assert may_build(state, MAP, "Milan", Build("build", "G", "Pavia", "militia")) is None
    assert may_build(state, MAP, "Milan", Build("build", "G", "Pavia", "professionals"))


def test_S_5_a_conquered_home_country_is_a_build_site() -> None:
    """Milan holds every city of the Papacy: it may build in Rome (Build New Units (b):
    'any subsequently conquered Home Country')."""
    state = start()
    for city in MAP.cities:
        if MAP.home.get(city) == "Papacy":
            state.cities[city] = "Milan"
            state.control[city] = "Milan"
    state.units = {u: x for u, x in state.units.items() if x.province != "Rome"}
    assert may_build(state, MAP, "Milan", Build("build", "A", "Rome")) is None


def test_S_6_unpaid_units_disband() -> None:
    """Austria has 3 ducats at maintenance: one of its three units is paid, the unpaid ones
    disband (Maintain Units: 'any unit not maintained will be disbanded')."""
    game = games.load("renaissance", years=1).new_game(seed=1)
    game.state.treasury["Austria"] = 3
    before = len(game.state.units_of("Austria"))
    orders = {p: Adjustments(p, "Spring 1454", ()) for p in POWERS}
    game.submit_all(orders)
    assert len(game.state.units_of("Austria")) == 1 < before
    assert game.state.treasury["Austria"] == 0


def test_S_7_income_counts_provinces_cities_and_seas() -> None:
    """Venice in 1454: its provinces, its cities (Venice 3) and no sea without a fleet."""
    state = start()
    provinces = sum(1 for o in state.control.values() if o == "Venice")
    cities = sum(MAP.cities[c].income for c, o in state.cities.items() if o == "Venice")
    assert income_of(state, MAP, "Venice") == provinces + cities


def test_S_8_autonomous_garrisons_appear_in_empty_uncontrolled_fortified_cities() -> None:
    """Turin (fortified, nobody's) gets an autonomous garrison in the first Spring; Croatia
    (unfortified) does not (Phase A)."""
    game = games.load("renaissance", years=1).new_game(seed=1)
    where = {u.province for u in game.state.units.values() if u.power == "autonomous"}
    assert "Turin" in where and "Croatia" not in where


def test_S_9_fifteen_cities_and_two_home_countries_win() -> None:
    """Milan holds its own and the Papacy's cities and enough others for 15: it wins."""
    state = start()
    targets = [c for c in MAP.cities if MAP.home.get(c) in ("Milan", "Papacy")]
    others = [c for c in sorted(MAP.cities) if c not in targets]
    for city in targets + others[: max(0, 15 - len(targets))]:
        state.cities[city] = "Milan"
    assert winner(state, MAP) == "Milan"
