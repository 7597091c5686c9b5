"""The powers' names in the Renaissance texts (``names.py``): the Turks are plural and take
the article (``the Turks pay``, ``the Turks' orders``), the Papacy takes the article
(``the Papacy pays``, ``the Papacy's orders``), the six others read bare (``Milan pays``);
event data (power ids) is unchanged. Checked in the helpers, in one season a text, and over
whole seeded games, their Campaign Reports and summaries."""

from __future__ import annotations

import re
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game, IllegalActionError, play
from italia_kit.games.renaissance.greedy import GreedyPlayer
from italia_kit.games.renaissance.mapdata import POWERS
from italia_kit.games.renaissance.names import (
    agree,
    it,
    its,
    name,
    possessive,
    subject,
    them,
    verb,
)
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.report import campaign_report, summary_text
from italia_kit.games.renaissance.rules import SeasonOrders

from .renaissance_season import Season

#: what must never be written: "Turks's", "Turks has", "Turks pays" (a singular verb after
#: the plural), a bare "Turks"/"Papacy" in a sentence (without its article)
_SINGULAR = re.compile(r"\bTurks's|\bTurks (?:has|is|was|does|[a-z]+[^s\W]s)\b|\bTurks [a-z]+es\b")
_BARE = re.compile(r"(?<![Tt]he )\b(?:Turks|Papacy)\b")
#: labels, not sentences: "  Milan: A Pavia H; Pay Turks 3" (the report's orders), the
#: summary's table, "Treasuries: ... Turks 2 d", "Eliminated: Papacy (...)"
_LABEL = re.compile(rf"^\s*(?:{'|'.join(POWERS)})(?::|\s{{2,}})|^(?:Treasuries|Eliminated): ")
#: an order sheet's lines are notation ("Pay Turks 3"): only what comes before is a sentence
_SHEET = re.compile(r"(?<=orders: ).*")


def bad(line: str) -> list[str]:
    """What is wrong with ``line``'s naming of the Turks or the Papacy (empty: nothing)."""
    if _LABEL.search(line):
        return []
    line = _SHEET.sub("", line)
    return [m.group(0) for m in (*_SINGULAR.finditer(line), *_BARE.finditer(line))]


def test_bad_catches_the_old_texts() -> None:
    """The test's own check: the old texts are caught, the new ones and labels pass."""
    for old in (
        "Turks's orders: A Albania H",
        "Borrowing Phase: Turks pays Venice 3 d.",
        "EXPENDITURE ORDERS 2: Turks relieves the famine in Durazzo.",
        "MILITARY ORDERS (b): Turks has no unit 4",
        "Borrowing Phase: Milan pays Papacy 3 d.",
        "Collect Income: Papacy collects 13 + 4 variable = 17 d, treasury 21 d.",
    ):
        assert bad(old), old
    for new in (
        "The Turks' orders: A Albania H",
        "Borrowing Phase: the Turks pay Venice 3 d.",
        "EXPENDITURE ORDERS 2: the Turks relieve the famine in Durazzo.",
        "MILITARY ORDERS (b): the Turks have no unit 4",
        "  Turks: A Albania H; F Durazzo H",
        "  Papacy     6 cities,  5 units,  10 d",
        "Treasuries: Austria 7 d, Papacy 24 d, Turks 16 d, Venice 46 d",
        "BRIBES: Milan's bribe: Turkish A Ragusa goes over to Milan.",
        "  Milan: G Cremona H; Pay Turks 3",
        "The Papacy's orders: Pay Turks 3; Crusade Papacy",
    ):
        assert not bad(new), new


# the helpers


@pytest.mark.parametrize(
    ("power", "pays", "start", "owner"),
    [
        ("Milan", "Milan pays", "Milan pays", "Milan's"),
        ("Venice", "Venice pays", "Venice pays", "Venice's"),
        ("Papacy", "the Papacy pays", "The Papacy pays", "the Papacy's"),
        ("Turks", "the Turks pay", "The Turks pay", "the Turks'"),
    ],
)
def test_subject_and_possessive(power: str, pays: str, start: str, owner: str) -> None:
    assert subject(power, "pays") == pays
    assert subject(power, "pays", start=True) == start
    assert possessive(power) == owner
    assert possessive(power, start=True) == owner[0].upper() + owner[1:]


def test_every_power_has_a_name() -> None:
    """Six bare, two with the article; only the Turks (and autonomous garrisons) plural."""
    assert [name(p) for p in POWERS] == [
        "Austria", "France", "Florence", "Milan", "Naples", "the Papacy", "the Turks", "Venice",
    ]  # fmt: skip
    assert [p for p in POWERS if agree(p, "has") == "have"] == ["Turks"]
    assert name("autonomous") == "the autonomous garrisons"


@pytest.mark.parametrize(
    ("singular", "plural"),
    [
        ("pays", "pay"), ("has", "have"), ("is", "are"), ("was", "were"),
        ("relieves", "relieve"), ("pacifies", "pacify"), ("defaults", "default"),
        ("borrows", "borrow"), ("repays", "repay"), ("cannot", "cannot"), ("may", "may"),
        ("collects", "collect"), ("submits", "submit"), ("controls", "control"),
        ("wins", "win"), ("owes", "owe"), ("gives", "give"), ("leaves", "leave"),
        ("defaulted", "defaulted"), ("is in debt", "are in debt"),
    ],
)  # fmt: skip
def test_verb(singular: str, plural: str) -> None:
    assert verb(singular) == plural
    assert agree("Turks", singular) == plural
    assert agree("Papacy", singular) == agree("Milan", singular) == singular


def test_pronouns() -> None:
    assert (its("Turks"), it("Turks"), them("Turks")) == ("their", "they", "them")
    assert (its("Papacy"), it("Papacy"), them("Papacy")) == ("its", "it", "it")
    assert it("Turks", start=True) == "They"


# one season a text


def test_the_turks_pay_borrow_and_relieve() -> None:
    s = Season("Turks: A Albania", treasury={"Turks": 30}, famine=["Albania"]).play(
        Turks=["Pay Venice 3", "Borrow 6", "Famine Relief Albania 3"]
    )
    assert s.said("Borrowing Phase: the Turks pay Venice 3 d.")
    assert s.said("Borrowing Phase: the Turks borrow 6 d for 1 year(s) at 20%.")
    assert s.said("EXPENDITURE ORDERS 2: the Turks relieve the famine in Albania.")
    assert s.said("The Turks' orders: ")
    assert s.said("the Turks submit their sheet (sealed)")
    transfer = next(e for e in s.game.log if e.kind == "transfer")
    assert transfer.data["visible_to"] == ["Turks", "Venice"]  # the data keeps the ids


def test_the_papacy_pays_and_is_paid() -> None:
    s = Season("", treasury={"Papacy": 10, "Milan": 10}).play(
        Papacy=["Pay Milan 3"], Milan=["Pay Papacy 3"]
    )
    assert s.said("Borrowing Phase: the Papacy pays Milan 3 d.")
    assert s.said("Borrowing Phase: Milan pays the Papacy 3 d.")
    assert s.said("The Papacy's orders: none (every unit holds)")


def test_the_turks_in_debt_default_and_crusade() -> None:
    s = Season("", treasury={"Turks": 2}, loans=[("Turks", 10, 2, 1)]).play(
        Turks=["Crusade Venice"]
    )
    assert s.said("EXCOMMUNICATION: the Turks proclaim a crusade against Venice.")
    assert s.said(
        "Borrowing Phase: the Turks default on 12 d: the bank takes their 2 d and has them"
        " assassinated."
    )
    s = Season("", treasury={"Turks": 9}, loans=[("Turks", 5, 1, 4)]).play(Turks=["Pay Venice 3"])
    assert s.said("Borrowing Phase: the Turks are in debt to the bank and may not pay Venice.")


def test_the_papacy_excommunicates_once() -> None:
    s = Season("", excommunications=["Papacy"]).play(Papacy=["Excommunicate Venice"])
    assert s.said("EXCOMMUNICATION: the Papacy has used its excommunication already.")
    s = Season("", excommunications=["Turks"]).play(Turks=["Crusade Venice"])
    assert s.said("EXCOMMUNICATION: the Turks have used their crusade already.")


def test_a_bribe_goes_over_to_the_turks() -> None:
    s = Season("Venice: A Padua", treasury={"Turks": 30}).play(Turks=["Bribe A Padua 18"])
    assert s.said("BRIBES: the Turks' bribe: Venetian A Padua goes over to the Turks.")
    s = Season("Venice: G Padua", treasury={"Turks": 9}).play(Turks=["Bribe Venice G Padua - AG 9"])
    assert s.said("BRIBES: the Turks' bribe: Venetian G Padua becomes autonomous.")


def test_the_errors_name_the_turks() -> None:
    s = Season("Turks: A Albania")
    with pytest.raises(IllegalActionError, match="the Turks have no A in Rome to order"):
        s.game.submit("Turks", SeasonOrders("Turks", "Spring 1454", ("A Rome H",)))
    with pytest.raises(IllegalActionError, match="only the Turks may proclaim a crusade, not the"):
        s.game.submit("Papacy", SeasonOrders("Papacy", "Spring 1454", ("Crusade Milan",)))


def test_the_runner_refuses_a_second_sheet_in_the_rules_words() -> None:
    """The runner's refusal of a seat that has submitted already (``Game._check_seat``)
    is the rules' own (``RenaissanceRules.refusal``): the Turks have submitted their
    sheet, the Papacy has submitted its; the game is untouched."""
    s = Season("")
    for power, words in (("Turks", "the Turks have"), ("Papacy", "the Papacy has")):
        s.game.submit(power, SeasonOrders(power, "Spring 1454", ()))
        before = s.game.state_json()
        own = "their" if power == "Turks" else "its"
        with pytest.raises(IllegalActionError, match=f"{words} already submitted {own} sheet"):
            s.game.submit(power, SeasonOrders(power, "Spring 1454", ()))
        assert s.game.state_json() == before


# whole games


def _played(seed: int, greedy: bool) -> Game[Any]:
    spec = games.load("renaissance", years=3)
    game = spec.new_game(seed=seed)
    players: dict[str, Any] = {
        s: GreedyPlayer(seed) if greedy and i % 2 else RandomOrdersPlayer(seed * 8 + i, True)
        for i, s in enumerate(spec.seats)
    }
    play(game, players)
    return game


@pytest.mark.parametrize(("seed", "greedy"), [(0, False), (1, True), (2, False)])
def test_a_whole_game_names_the_turks_and_the_papacy(seed: int, greedy: bool) -> None:
    """Three years of random spending (greedy in every other seat for seed 1): no event
    text, Campaign Report or summary line names the Turks or the Papacy wrongly."""
    game = _played(seed, greedy)
    wrong = {e.text: bad(e.text) for e in game.log if bad(e.text)}
    assert not wrong
    turns = sorted({e.turn for e in game.log if e.kind == "movement"})
    assert len(turns) == 9
    for turn in turns:
        report = campaign_report(game, turn)
        assert not [line for line in report.splitlines() if bad(line)], report
    assert not [line for line in summary_text(game).splitlines() if bad(line)]
    texts = [e.text for e in game.log]
    assert any("the Turks submit their sheet" in t for t in texts)
    assert any(t.startswith("The Papacy's orders: ") for t in texts)
    assert any("Collect Income: the Turks collect " in t for t in texts)
