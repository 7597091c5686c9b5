"""What a teacher sees of an eliminated Renaissance power (PLAYER ELIMINATION, issue 16):
the legend's standing strikes it through with the season it fell and the rule, the
stepper's header names it out of the game and its mover is the powers left, the app's seat
picker is greyed out, its home provinces say it fell; an undo brings it all back.

The position is E.9.1's (``tests/test_renaissance_elimination.py``): Rome falls to a
Neapolitan army in Spring 1454, and the Papacy, holding no other city of its home country,
is eliminated at the end of the campaign.
"""

from __future__ import annotations

import re

import ipywidgets

from italia_kit.games.renaissance.elimination import RULE
from italia_kit.games.renaissance.rules import SeasonOrders
from italia_kit.games.renaissance.widgets.presenter import RenaissancePresenter
from italia_kit.widgets.app import mark_seats_out
from italia_kit.widgets.stepper import TurnStepper

from .renaissance_season import MAP, Season

FELL = f"eliminated in Spring 1454 ({RULE})"


def _rome_about_to_fall() -> Season:
    """E.9.1's position before its sheets: the Papacy holds Rome alone of its cities (its
    other home cities are Naples'), an army in Spoleto and a garrison in Siena; a
    Neapolitan army stands in Tivoli."""
    control = dict(MAP.owner_1454)
    control.update(Ancona="Naples", Bologna="Naples", Perugia="Naples")
    return Season(
        "Naples: A Tivoli; Papacy: A Spoleto, G Siena",
        treasury={"Papacy": 14},
        cities={c: o for c, o in control.items() if c in MAP.cities},
        control=control,
    )


def _sheets(season: Season) -> dict[str, SeasonOrders]:
    game = season.game
    lines = {"Naples": ("A Tivoli -> Rome",)}
    return {p: SeasonOrders(p, game.state.tag, lines.get(p, ())) for p in game.state.seats}


def _play_campaign(season: Season, stepper: TurnStepper) -> None:
    """Every sheet submitted, the last through the stepper (one step, which *back* undoes)."""
    sheets = _sheets(season)
    *first, last = sheets
    for seat in first:
        season.game.submit(seat, sheets[seat])
    stepper.apply(sheets[last])


def _power_entry(legend: str, power: str) -> str:
    """The legend's entry of one power (its span), as HTML."""
    found = re.search(rf'<span class="ik-power[^"]*" data-power="{power}".*?</span>\w*', legend)
    assert found is not None, f"{power} is not in the legend: {legend}"
    start = found.start()
    end = legend.find(" &nbsp;· ", start)
    return legend[start : end if end >= 0 else len(legend)]


def test_M_16_1_before_the_fall_every_power_stands_in_the_legend() -> None:
    """Spring 1454, before the sheets: no power is out; the legend gives each its cities
    and units, the mover is every power."""
    season = _rome_about_to_fall()
    game = season.game
    presenter = RenaissancePresenter(game)
    legend = presenter.legend(game)
    assert "eliminated" not in legend and "<s>" not in legend
    assert "<b>Papacy</b> 1 city, 2 units" in _power_entry(legend, "Papacy")
    assert presenter.seats_out(game) == {}
    assert presenter.moment(game.state).mover == "all powers"


def test_M_16_2_the_eliminated_power_is_struck_through_with_the_season_and_the_rule() -> None:
    """After the campaign: the Papacy's entry is struck through and says when it fell and
    by which rule, as the event does; every other power's counts are the state's."""
    season = _rome_about_to_fall()
    game = season.game
    game.submit_all(_sheets(season))
    state = game.state
    assert state.eliminated == {"Papacy": 1}
    presenter = RenaissancePresenter(game)
    legend = presenter.legend(game)
    papacy = _power_entry(legend, "Papacy")
    assert "ik-power-out" in papacy and "<s>Papacy</s>" in papacy and FELL in papacy
    assert "unit" not in papacy  # no counts for a power out of the game
    naples = _power_entry(legend, "Naples")
    # Naples: its 1454 cities with Ancona, Bologna and Perugia, and Rome taken; one army
    assert sum(owner == "Naples" for owner in state.cities.values()) == 8
    assert len(state.units_of("Naples")) == 1
    assert "<b>Naples</b> 8 cities, 1 unit<" in naples and "eliminated" not in naples
    assert presenter.seats_out(game) == {"Papacy": FELL}
    event = next(e for e in game.log if e.kind == "power_eliminated")
    assert event.rule == RULE and f"at the end of {event.phase.split(' orders')[0]}" in event.text


def test_M_16_3_the_mover_and_the_home_provinces_say_it() -> None:
    season = _rome_about_to_fall()
    game = season.game
    game.submit_all(_sheets(season))
    presenter = RenaissancePresenter(game)
    assert presenter.moment(game.state).mover == "all powers but Papacy"
    title = presenter.describe(game, "Rome")[0]
    assert title == f"Rome: province, home of Papacy (eliminated in Spring 1454, {RULE})"
    assert presenter.describe(game, "Milan")[0] == "Milan: province, home of Milan"


def test_M_16_4_the_stepper_header_and_log_name_the_rule_and_back_undoes_it() -> None:
    """The stepper that plays the campaign: its header names the Papacy out of the game
    with the season and the rule, its log line of the elimination starts with the rule in
    bold; *back* brings the Papacy back everywhere."""
    season = _rome_about_to_fall()
    game = season.game
    stepper = TurnStepper(game)
    assert "Out of the game" not in stepper.header_text()
    _play_campaign(season, stepper)
    assert game.state.eliminated == {"Papacy": 1}
    said = f"Out of the game: Papacy, {FELL}."
    assert stepper.header_text().endswith(said)
    assert 'class="ik-out"' in stepper.header.value and "Papacy, eliminated in Spring 1454" in (
        stepper.header.value
    )
    assert "all powers but Papacy" in stepper.header.value
    assert f"<b>{RULE}</b>: the Papacy controls no city of its home countries" in (
        stepper.log_view.value
    )
    assert "<s>Papacy</s>" in stepper.mapview.legend.value  # the map's legend followed
    stepper.back()
    assert not game.state.eliminated
    assert "Out of the game" not in stepper.header_text()
    assert "<s>" not in stepper.mapview.legend.value


def test_M_16_5_the_apps_seat_picker_of_an_eliminated_power_is_greyed_out() -> None:
    """The classroom app's seat pickers follow the map (``mark_seats_out`` after each
    refresh): the Papacy's is disabled and labelled out, its tooltip says when and why;
    after an undo it plays again."""
    season = _rome_about_to_fall()
    game = season.game
    stepper = TurnStepper(game)
    pickers = {
        p: ipywidgets.Dropdown(options=("greedy", "random"), description=p)
        for p in game.state.seats
    }
    stepper.mapview.on_refresh(lambda: mark_seats_out(stepper, pickers))
    mark_seats_out(stepper, pickers)
    assert not any(p.disabled for p in pickers.values())
    _play_campaign(season, stepper)
    papacy = pickers["Papacy"]
    assert papacy.disabled and papacy.description == "Papacy (out)"
    assert papacy.tooltip == f"Papacy, out of the game: {FELL}"
    assert [s for s, p in pickers.items() if p.disabled] == ["Papacy"]
    stepper.back()
    assert not papacy.disabled and papacy.description == "Papacy" and papacy.tooltip is None
