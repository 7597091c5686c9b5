"""Storms (E.8.<n>): njudge's storm table, played after the Autumn movement when the option
``storms`` is on (off by default: the rule text has no storms); every fleet in a struck sea
area sinks (``disasters.py``). The situation and the expected outcome in each docstring.
The dice are scripted: the storm's severity (2d6, or 1d6 in the Condottieri reading), its
row and column (2d6 each), then next year's famine (a severity of 2: none).
"""

from __future__ import annotations

import pytest

from italia_kit import games
from italia_kit.games.renaissance.disasters import struck_provinces
from italia_kit.games.renaissance.season import tables

from .renaissance_season import MAP, Season

STORMS = {"storms": True}
NO_FAMINE = [1, 1]  # next year's famine: severity 2, no disaster


def test_E_8_1_the_storm_table_names_sea_areas() -> None:
    """Row 10 alone: the Ionian Sea and the Western Mediterranean; column 12 alone: the
    Upper Adriatic and the Eastern Tyrrhenian; the Lagoon is on no row."""
    table = tables()["storms_sea_areas"]
    assert struck_provinces(MAP, table, "row", 10, 2) == ["Ionian Sea", "Western Mediterranean"]
    assert struck_provinces(MAP, table, "column", 2, 12) == [
        "Eastern Tyrrhenian Sea",
        "Upper Adriatic Sea",
    ]
    every = {n for cells in table.values() for n in cells.values()}
    assert "Lagoon" not in {MAP.resolve(n) for n in every} and len(every) == 10


def test_E_8_2_a_storm_sinks_the_fleets_in_the_struck_seas() -> None:
    """Autumn, storms on, severity 12 (row and column, njudge), row 2 column 12: the
    Upper Adriatic and the Eastern Tyrrhenian are struck; the Venetian fleet in the Upper
    Adriatic and the Neapolitan one in the Eastern Tyrrhenian sink (STORMS (njudge)); the
    fleet in the Lagoon and the armies stay."""
    s = Season("Venice: F UAS, F Lagoon, A Padua; Naples: F ETS", turn=3, options=STORMS).play(
        dice=[6, 6, 1, 1, 6, 6, *NO_FAMINE]
    )
    assert s.unit("Venice", "F UAS") is None and s.unit("Naples", "F ETS") is None
    assert s.unit("Venice", "F Lagoon") is not None and s.unit("Venice", "A Padua") is not None
    assert s.said("STORMS (njudge): both 2/12 strikes Eastern Tyrrhenian Sea, Upper Adriatic Sea")
    assert s.said("STORMS (njudge): Venetian F Upper Adriatic Sea sinks")
    assert s.said("STORMS (njudge): Neapolitan F Eastern Tyrrhenian Sea sinks")


def test_E_8_3_no_storms_by_default() -> None:
    """The same Autumn without the option: no storm is rolled (the first dice go to the
    famine: severity 2, none) and every fleet stays."""
    s = Season("Venice: F UAS; Naples: F ETS", turn=3).play(dice=[*NO_FAMINE])
    assert s.unit("Venice", "F UAS") is not None and s.unit("Naples", "F ETS") is not None
    assert not s.said("STORMS")


def test_E_8_4_storms_come_only_after_the_autumn_movement() -> None:
    """Spring with storms on: no storm is rolled (njudge: 'only after fall turn')."""
    s = Season("Venice: F UAS", turn=1, options=STORMS).play()
    assert s.unit("Venice", "F UAS") is not None and not s.said("STORMS")


def test_E_8_5_a_calm_year() -> None:
    """Autumn, storms on, severity 3: no storm this year; the fleets stay."""
    s = Season("Venice: F UAS", turn=3, options=STORMS).play(dice=[1, 2, *NO_FAMINE])
    assert s.said("STORMS (njudge): no storm this year") and s.unit("Venice", "F UAS")


def test_E_8_6_a_fleet_that_sailed_into_the_storm_sinks() -> None:
    """Autumn: a Venetian fleet advances from the Lagoon into the Upper Adriatic; the storm
    (row 2 only, njudge severity 4) strikes after the movement: the fleet sinks there."""
    s = Season("Venice: F Lagoon", turn=3, options=STORMS)
    s.play(dice=[2, 2, 1, 1, 3, 3, *NO_FAMINE], Venice=["F Lagoon -> UAS"])
    assert s.said("Venetian F Upper Adriatic Sea sinks") and not s.state.units_of("Venice")


def test_E_8_7_the_severity_option_reads_the_storm_roll_too() -> None:
    """condottieri_and_sharcashmo_bot: one die; a 1 is no storm (the fleet stays)."""
    options = {**STORMS, "severity": "condottieri_and_sharcashmo_bot"}
    s = Season("Venice: F UAS", turn=3, options=options).play(dice=[1, 1])
    assert s.said("no storm this year") and s.unit("Venice", "F UAS") is not None


def test_E_8_8_the_option_is_checked() -> None:
    """storms must be true or false."""
    with pytest.raises(ValueError, match="'storms'"):
        games.load("renaissance", storms=1)
    assert games.load("renaissance", storms=True).rules().options["storms"] is True


def test_E_8_9_whole_games_with_storms_and_the_text_s_overspending() -> None:
    """Twelve seeded one-year games of random spending with storms=True and overspend=True
    reach their end; after each Autumn no fleet is left in a sea area the storm struck, and
    no treasury is below zero."""
    from italia_kit.core import play
    from italia_kit.games.renaissance.players import RandomOrdersPlayer

    spec = games.load("renaissance", years=1, storms=True, overspend=True)
    struck_any = False
    for seed in range(12):
        game = spec.new_game(seed=seed)
        play(
            game,
            {s: RandomOrdersPlayer(seed * 10 + i, spending=True) for i, s in enumerate(spec.seats)},
        )
        assert game.is_over and min(game.state.treasury.values()) >= 0
        storms = [e for e in game.log if e.kind == "disaster" and e.rule == "STORMS (njudge)"]
        assert len(storms) == 1  # one Autumn
        struck = set(storms[0].data.get("provinces") or ())
        struck_any |= bool(struck)
        assert not [u for u in game.state.units.values() if u.type == "F" and u.province in struck]
    assert struck_any
