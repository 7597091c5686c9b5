"""PLAYER ELIMINATION as njudge plays it (E.9.<n>, continuing the expenditure cases; the
option ``elimination``, ``elimination.py``): at the end of a campaign a power that controls
no city of its home countries is eliminated, its units removed, its provinces and cities
unowned, its seat out of the sealed decisions. The situation and the expected outcome in
each docstring; the readings the text leaves open are ``reconstructed`` in
``elimination.py``'s docstring.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from italia_kit import cli, games
from italia_kit.core import Game, IllegalActionError, game_from_json, game_to_json
from italia_kit.games.renaissance.elimination import RULE
from italia_kit.games.renaissance.greedy import GreedyPlayer
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.report import campaign_report
from italia_kit.games.renaissance.rules import Adjustments, SeasonOrders
from italia_kit.games.renaissance.state import season_tag

from .renaissance_season import MAP, Season

PAPAL_CITIES = ("Ancona", "Bologna", "Perugia", "Rome")
MILANESE_CITIES = ("Cremona", "Milan", "Pavia")
PLAY_ON = {"elimination": "play-on"}


def _owners(**owners: str) -> dict[str, dict[str, str]]:
    """The ``cities`` and ``control`` of 1454, with the provinces and cities given as
    ``province=power`` changed (an ungarrisoned city goes with its province)."""
    control = dict(MAP.owner_1454)
    control.update(owners)
    return {"cities": {c: o for c, o in control.items() if c in MAP.cities}, "control": control}


def _rome_falls(**options: object) -> Season:
    """The Papacy holds Rome alone of its cities (Ancona, Bologna and Perugia are
    Naples'), with an army in Spoleto and a garrison in Siena (not a home city); a
    Neapolitan army takes the ungarrisoned Rome in Spring 1454."""
    owners = _owners(Ancona="Naples", Bologna="Naples", Perugia="Naples")
    s = Season(
        "Naples: A Tivoli; Papacy: A Spoleto, G Siena",
        treasury={"Papacy": 14},
        options=dict(options),
        **owners,
    )
    return s.play(Naples=["A Tivoli -> Rome"])


def test_E_9_1_a_power_without_a_home_city_at_the_end_of_a_campaign_is_eliminated() -> None:
    """Rome falls (``_rome_falls``): at the end of Spring the Papacy controls no city of its
    home country (Siena is none of its home's), so it is eliminated: its army and garrison
    are removed, Spoleto and Siena revert to unowned status, and it leaves the seats."""
    s = _rome_falls()
    state = s.state
    assert state.eliminated == {"Papacy": 1}
    assert "Papacy" not in state.seats and not state.units_of("Papacy")
    assert "Papacy" not in state.control.values() and "Papacy" not in state.cities.values()
    assert "Spoleto" not in state.control and "Siena" not in state.cities
    assert s.said(
        "PLAYER ELIMINATION: the Papacy controls no city of its home countries at the end of"
        " Spring 1454: it is eliminated; 2 units removed"
    )
    assert s.said("PLAYER ELIMINATION: Papal A Spoleto is removed.")
    event = next(e for e in s.game.log if e.kind == "power_eliminated")
    assert event.rule == RULE and event.data["power"] == "Papacy"
    assert sorted(event.data["cities"]) == ["Siena"]


def test_E_9_2_an_eliminated_seat_owes_nothing_and_its_sheet_is_refused() -> None:
    """After E.9.1 the Summer's decision owes no sheet of the Papacy; a sheet it submits
    is refused naming PLAYER ELIMINATION, and nothing changes."""
    s = _rome_falls()
    game = s.game
    assert "Papacy" not in game.pending_seats and game.legal_actions("Papacy") == []
    before = game_to_json(game)
    sheet = SeasonOrders("Papacy", "Summer 1454", ())
    with pytest.raises(IllegalActionError, match="eliminated in Spring 1454") as err:
        game.submit("Papacy", sheet)
    assert err.value.rule == RULE
    with pytest.raises(IllegalActionError, match="gives no more orders"):
        game.apply(sheet)
    assert game_to_json(game) == before


def test_E_9_3_one_home_city_is_enough() -> None:
    """The Papacy holds Perugia alone of its home cities: at the end of the campaign it
    is not eliminated (njudge: 'controls no cities in his home country')."""
    owners = _owners(Ancona="Naples", Bologna="Naples", Rome="Naples")
    s = Season("Papacy: A Spoleto", **owners).play()
    assert s.state.eliminated == {} and "Papacy" in s.state.seats
    assert s.unit("Papacy", "A Spoleto") is not None


def test_E_9_4_a_home_country_taken_over_before_the_campaign_counts() -> None:
    """Milan has lost its own cities to Venice but held every Papal city when the
    campaign began (it had taken over the Papal home country): it holds on; the Papacy,
    without a city, is eliminated."""
    owners = _owners(
        **dict.fromkeys(PAPAL_CITIES, "Milan"), **dict.fromkeys(MILANESE_CITIES, "Venice")
    )
    s = Season("Milan: A Rome; Papacy: A Spoleto", **owners).play()
    assert s.state.eliminated == {"Papacy": 1}
    assert "Milan" in s.state.seats and s.unit("Milan", "A Rome") is not None


def test_E_9_5_warning_a_home_country_taken_this_season_does_not_count() -> None:
    """njudge's WARNING: Milan holds Ancona, Bologna and Perugia and none of its own
    cities; it takes Rome (completing the Papal home country) in the same season: it is
    eliminated all the same, and so is the Papacy."""
    owners = _owners(
        Ancona="Milan",
        Bologna="Milan",
        Perugia="Milan",
        **dict.fromkeys(MILANESE_CITIES, "Venice"),
    )
    s = Season("Milan: A Tivoli", **owners).play(Milan=["A Tivoli -> Rome"])
    assert s.said("Milanese A Tivoli -> Rome: advanced")
    assert set(s.state.eliminated) == {"Milan", "Papacy"}
    assert "Rome" not in s.state.cities and "Ancona" not in s.state.cities


def test_E_9_6_an_autonomous_garrison_affects_control() -> None:
    """'Autonomous garrisons affect control': Milan's last home city holds an autonomous
    garrison (Pavia and Cremona are Venice's): the city is nobody's, Milan is
    eliminated."""
    owners = _owners(Pavia="Venice", Cremona="Venice")
    s = Season("autonomous: G Milan; Milan: A Como", **owners).play()
    assert "Milan" in s.state.eliminated
    assert s.unit("autonomous", "G Milan") is not None  # the autonomous garrison stays


def test_E_9_7_a_rebellion_does_not_affect_control() -> None:
    """'Rebellions do not': Milan's last home city, Milan, is in rebellion against it
    (Pavia and Cremona are Venice's): Milan still controls it and is not eliminated."""
    owners = _owners(Pavia="Venice", Cremona="Venice")
    s = Season("Milan: A Como", rebellions={"Milan": "Milan"}, **owners).play()
    assert s.state.eliminated == {} and s.state.cities["Milan"] == "Milan"


def test_E_9_8_its_provinces_revert_unless_another_power_garrisons_the_city() -> None:
    """CONTROL 3 '(or are eliminated)': the Papacy, eliminated, controlled Urbino and
    Spoleto; Urbino has no city and reverts to unowned; its army in Siena stood beside a
    Florentine garrison in Siena's city, so the province of Siena becomes Florence's."""
    owners = _owners(**dict.fromkeys(PAPAL_CITIES, "Naples"), Siena="Papacy", Urbino="Papacy")
    s = Season("Papacy: A Siena; Florence: G Siena", **owners).play()
    state = s.state
    assert "Papacy" in state.eliminated
    assert "Urbino" not in state.control and "Spoleto" not in state.control
    assert state.control["Siena"] == "Florence" and state.cities["Siena"] == "Florence"


def test_E_9_9_the_treasury_is_lost_and_the_bank_writes_off_the_loans() -> None:
    """Reconstructed: the eliminated Papacy's 14 d are lost and its bank loan (10 d
    principal, 2 d interest) written off; the event is the Papacy's alone."""
    owners = _owners(Ancona="Naples", Bologna="Naples", Perugia="Naples")
    s = Season(
        "Naples: A Tivoli",
        treasury={"Papacy": 14},
        loans=[("Papacy", 10, 2, 4)],
        **owners,
    ).play(Naples=["A Tivoli -> Rome"])
    assert s.state.treasury["Papacy"] == 0 and s.state.loans == []
    event = next(e for e in s.game.log if e.kind == "treasury_lost")
    assert event.text == (
        "PLAYER ELIMINATION: the Papacy's treasury of 14 d is lost; the bank writes off the 12 d"
        " it owed."
    )
    assert event.data["visible_to"] == ["Papacy"]
    assert "treasury of 14 d" in campaign_report(s.game)


def test_E_9_10_its_sieges_and_the_rebellions_against_it_end() -> None:
    """The Papacy, eliminated, was besieging the autonomous garrison of Siena (first
    season) and Urbino was in rebellion against it: the siege lapses and the rebellion
    ends; a Neapolitan siege of its garrison in Lucca lapses with the garrison."""
    owners = _owners(**dict.fromkeys(PAPAL_CITIES, "Naples"), Urbino="Papacy")
    s = Season(
        "Papacy: A Siena, G Lucca; autonomous: G Siena; Naples: A Lucca",
        rebellions={"Urbino": "Papacy"},
        **owners,
    )
    s.play(Papacy=["A Siena B"], Naples=["A Lucca B"])
    assert "Papacy" in s.state.eliminated
    assert s.state.sieges == {} and s.state.rebellions == {}
    event = next(e for e in s.game.log if e.kind == "power_eliminated")
    assert event.data["sieges"] == ["Lucca", "Siena"] and event.data["rebellions"] == ["Urbino"]


def test_E_9_11_the_eliminated_papacy_s_excommunication_expires_with_it() -> None:
    """EXCOMMUNICATION, njudge's reading: Milan is excommunicated to Summer; Rome falls in
    Spring and the Papacy is eliminated at the end of the campaign: the excommunication
    expires then, and Venice's Summer payment to Milan goes through."""
    owners = _owners(Ancona="Naples", Bologna="Naples", Perugia="Naples")
    s = Season("Naples: A Tivoli", treasury={"Venice": 10}, excommunicated={"Milan": 2}, **owners)
    s.play(Naples=["A Tivoli -> Rome"])
    assert s.state.excommunicated == {}
    assert s.said(
        "EXCOMMUNICATION: the Papacy is eliminated: the excommunication of Milan expires."
    )
    s.play(Venice=["Pay Milan 5"])
    assert s.state.treasury["Milan"] == 5


def test_E_9_12_an_order_naming_an_eliminated_power_is_refused() -> None:
    """After E.9.1, Venice's sheet paying the Papacy, Milan's assassination of its leader
    and the Turks' crusade against it are each refused naming PLAYER ELIMINATION."""
    s = _rome_falls()
    game = s.game
    for seat, line in (
        ("Venice", "Pay Papacy 3"),
        ("Milan", "Assassinate Papacy 30"),
        ("Turks", "Crusade Papacy"),
    ):
        with pytest.raises(IllegalActionError, match="Papacy was eliminated") as err:
            game.submit(seat, SeasonOrders(seat, "Summer 1454", (line,)))
        assert err.value.rule == RULE


def test_E_9_13_the_earlier_reading_is_the_option_play_on() -> None:
    """``elimination="play-on"``: Rome falls as in E.9.1, but the Papacy's units stay, it
    keeps its seat and owes its Summer sheet."""
    s = _rome_falls(**PLAY_ON)
    assert s.state.eliminated == {} and "Papacy" in s.state.seats
    assert s.unit("Papacy", "A Spoleto") is not None
    assert "Papacy" in s.game.pending_seats and not s.said(RULE)


def test_E_9_14_a_power_that_stands_still_is_eliminated_too() -> None:
    """The Papacy is no seat (it stands still): it is eliminated all the same, its units
    removed; the seats are unchanged."""
    owners = _owners(Ancona="Naples", Bologna="Naples", Perugia="Naples")
    s = Season("Naples: A Tivoli; Papacy: A Spoleto", seats=("Naples", "Venice"), **owners)
    s.play(Naples=["A Tivoli -> Rome"])
    assert s.state.eliminated == {"Papacy": 1} and s.state.seats == ("Naples", "Venice")
    assert s.unit("Papacy", "A Spoleto") is None
    assert not s.said("it leaves the table")


def test_E_9_15_with_no_seat_left_the_game_ends_without_a_winner() -> None:
    """The Papacy, the one seat at the table, holds no city of its home country at the
    end of the campaign: it is eliminated and the game is over without a winner."""
    owners = _owners(**dict.fromkeys(PAPAL_CITIES, "Naples"))
    s = Season("Papacy: A Spoleto", seats=("Papacy",), **owners).play()
    assert s.game.is_over and s.state.winner is None and s.state.seats == ()
    assert s.said("no power is left at the table: the game ends after Spring 1454")


def test_E_9_16_the_eliminated_seat_is_not_asked_in_phase_a() -> None:
    """Florence eliminated in an Autumn: the next Spring's Phase A asks the others only,
    and it collects no income."""
    owners = _owners(Florence="Milan", Pisa="Milan", Arezzo="Milan")
    s = Season("Florence: A Romagna", turn=3, treasury={"Florence": 5}, **owners).play()
    assert "Florence" in s.state.eliminated and s.state.step == "adjust"
    assert "Florence" not in s.game.pending_seats
    assert not any(e.kind == "income" and e.data.get("power") == "Florence" for e in s.game.log)
    with pytest.raises(IllegalActionError, match="eliminated in Autumn 1454"):
        s.game.submit("Florence", Adjustments("Florence", "Spring 1455", ()))


# -- whole games ---------------------------------------------------------------------------


def _whole_game(seed: int, **options: object) -> Game[object]:
    """Four years of the eight powers, greedy against random spending (alternating)."""
    spec = games.load("renaissance", years=4, **options)
    game = spec.new_game(seed=seed)
    players = {
        s: GreedyPlayer(seed) if i % 2 else RandomOrdersPlayer(seed * 8 + i, spending=True)
        for i, s in enumerate(spec.seats)
    }
    while not game.is_over:
        for seat in game.pending_seats:
            game.submit(seat, players[seat].choose(game, seat))
    return game


def test_E_9_17_whole_games_with_eliminations_end_well() -> None:
    """Seeded four-year games (greedy against random spending, seeds 5, 6, 12 and 18):
    Austria, Florence and Milan are eliminated in them, one in the last season; every
    game ends; an eliminated power never submits again, holds
    nothing, and its what-if rows go on with no cities and no units; the summary says
    when it left; save and load, and a jump back before it, reproduce the game."""
    spec = games.load("renaissance", years=4)
    seen = 0
    for seed in (5, 6, 12, 18):
        game = _whole_game(seed)
        state = game.state
        assert game.is_over
        for power, turn in state.eliminated.items():
            seen += 1
            assert not state.units_of(power) and power not in state.cities.values()
            late = [e for e in game.log if e.kind == "sheet" and e.actor == power and e.turn > turn]
            assert late == []
            rows = [r for r in spec.metrics(game) if r["power"] == power and r["turn"] > turn]
            assert all(r["cities"] == 0 and r["units"] == 0 for r in rows)
            assert rows or turn == state.turn  # (none after the last season)
            assert f"eliminated in {season_tag(turn)}" in spec.summary(game)
        again = game_from_json(game_to_json(game))
        assert again.log.to_records() == game.log.to_records()
        assert again.state.to_json() == state.to_json()
        if state.eliminated:  # a jump back before the elimination, the same sheets again
            fork = game.fork()
            fork.jump(len(game.actions) // 4)
            for action in game.actions[len(fork.actions) :]:
                fork.apply(action)
            assert fork.log.to_records() == game.log.to_records()
    assert seen == 4


def test_E_9_18_play_on_games_do_not_change() -> None:
    """With ``elimination="play-on"`` the game of seed 6 (where Florence falls) plays as
    before this rule: nobody is eliminated and its final state has no record of it."""
    assert "Florence" in _whole_game(6).state.eliminated
    game = _whole_game(6, **PLAY_ON)
    assert game.state.eliminated == {} and "eliminated" not in game.state.to_json()
    assert not any(e.rule == RULE for e in game.log)


ROME_AND_ALL = """season: Spring 1454
[position]
Naples: A Tivoli, A Spoleto, A Urbino, A Romagna
Milan: A Milan
[Naples]
A Tivoli -> Rome
A Spoleto -> Perugia
A Urbino -> Ancona
A Romagna -> Bologna
"""


def test_E_9_19_the_campaign_report_of_an_order_file_says_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``italia-kit orders FILE``: four Neapolitan armies take the four ungarrisoned Papal
    cities in one Spring; the Campaign Report's Events say the Papacy is eliminated and
    its last line names it; with ``--play-on`` nothing is said."""
    path = tmp_path / "orders.txt"
    path.write_text(ROME_AND_ALL, encoding="utf-8")
    assert cli.main(["orders", str(path)]) == 0
    report = capsys.readouterr().out
    assert "PLAYER ELIMINATION: the Papacy controls no city of its home countries" in report
    assert report.rstrip().endswith("Eliminated: Papacy (Spring 1454)")
    assert cli.main(["orders", str(path), "--play-on"]) == 0
    assert "PLAYER ELIMINATION" not in capsys.readouterr().out


def test_E_9_20_the_option_names_its_readings() -> None:
    """``elimination`` is ``njudge`` (the default) or ``play-on``; anything else is
    refused naming the option and both readings."""
    assert games.load("renaissance").rules().njudge_elimination  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="option 'elimination' must be one of njudge, play-on"):
        games.load("renaissance", elimination="sudden death")
