"""Overspending (E.1.<n>, continuing the Borrowing Phase cases): the issue's reading, the
default, refuses a sheet that spends more than the treasury plus its own borrowing, naming
the clause and the line, with nothing changed; the text's reading (``overspend=True``)
accepts it and lets its last expenses fail (``budget.py``). The situation and the expected
outcome in each docstring.
"""

from __future__ import annotations

import pytest

from italia_kit import games
from italia_kit.core import IllegalActionError
from italia_kit.games.renaissance.rules import SeasonOrders

from .renaissance_season import Season

OVERSPEND = {"overspend": True}


def _submit(s: Season, power: str, *lines: str) -> None:
    s.game.submit(power, SeasonOrders(power, s.state.tag, lines))


def test_E_1_15_a_sheet_beyond_the_treasury_is_refused_and_nothing_changes() -> None:
    """10 d and two bribes of 6 (the issue's reading): the sheet is refused naming
    EXPENDITURE ORDERS and the second bribe, the line that cannot be paid; the treasury,
    the sealed sheets and the log are as before."""
    s = Season("autonomous: G Siena, G Lucca", treasury={"Milan": 10})
    before = s.state.to_json()
    with pytest.raises(IllegalActionError, match=r"EXPENDITURE ORDERS.*'Disband AG Lucca 6'"):
        _submit(s, "Milan", "Disband AG Siena 6", "Disband AG Lucca 6")
    assert s.state.to_json() == before and len(s.game.log) == s.start


def test_E_1_16_the_same_sheet_s_loan_counts() -> None:
    """5 d, Borrow 6 and a bribe of 12: 11 d cannot pay 12, refused naming the bribe;
    Borrow 7 instead: 12 d, accepted and carried out."""
    s = Season("Venice: A Padua", treasury={"Milan": 5})
    with pytest.raises(IllegalActionError, match="'Disband Venice A Padua 12'"):
        _submit(s, "Milan", "Borrow 6", "Disband Venice A Padua 12")
    s.play(Milan=["Borrow 7", "Disband Venice A Padua 12"])
    assert s.unit("Venice", "A Padua") is None and s.state.treasury["Milan"] == 0


def test_E_1_17_a_transfer_beyond_the_treasury_is_refused() -> None:
    """Pay Venice 9 with 5 d: refused, naming the Pay line (a payment is money out too)."""
    s = Season("", treasury={"Milan": 5})
    with pytest.raises(IllegalActionError, match="'Pay Venice 9' cannot be paid"):
        _submit(s, "Milan", "Pay Venice 9")


def test_E_1_18_a_gift_expected_from_another_power_does_not_count() -> None:
    """Venice's sheet pays Milan 12, but Milan's own sheet of 12 d of bribes with 0 d is
    refused: 'in the expectation of loans, gifts' is the text's reading, not the default."""
    s = Season("autonomous: G Siena", treasury={"Venice": 20})
    _submit(s, "Venice", "Pay Milan 12")
    with pytest.raises(IllegalActionError, match="EXPENDITURE ORDERS"):
        _submit(s, "Milan", "Disband AG Siena 6")


def test_E_1_19_a_repayment_counts_only_as_far_as_the_debt() -> None:
    """12 d, a debt of 10 + 2: Pay Bank 30 takes 12 at most; with a counter-bribe of 3 the
    sheet needs 15 and is refused; Pay Bank 30 alone is accepted and clears the debt."""
    s = Season("Milan: A Pavia", treasury={"Milan": 12}, loans=[("Milan", 10, 2, 4)])
    with pytest.raises(IllegalActionError, match="'C-B A Pavia 3'"):
        _submit(s, "Milan", "Pay Bank 30", "C-B A Pavia 3")
    s.play(Milan=["Pay Bank 30"])
    assert s.state.loans == [] and s.state.treasury["Milan"] == 0


def test_E_1_20_the_text_s_reading_accepts_the_sheet_and_the_last_expense_fails() -> None:
    """overspend=True: 10 d and two bribes of 6 are accepted; the first is paid, the second
    fails at its turn ('your last expenditure(s) will fail')."""
    s = Season("autonomous: G Siena, G Lucca", treasury={"Milan": 10}, options=OVERSPEND)
    s.play(Milan=["Disband AG Siena 6", "Disband AG Lucca 6"])
    assert s.unit("autonomous", "G Siena") is None and s.unit("autonomous", "G Lucca") is not None
    assert s.said("the treasury falls short")


def test_E_1_21_the_text_s_reading_lets_a_gift_pay_the_expense() -> None:
    """overspend=True: Venice pays Milan 6 (b); Milan's bribe of 6 with 0 d of its own is
    paid from the gift, as the text's 'in the expectation of loans, gifts' allows."""
    s = Season("autonomous: G Siena", treasury={"Venice": 20}, options=OVERSPEND)
    s.play(Venice=["Pay Milan 6"], Milan=["Disband AG Siena 6"])
    assert s.unit("autonomous", "G Siena") is None and s.state.treasury["Milan"] == 0


def test_E_1_22_the_option_is_checked_and_default_games_refuse() -> None:
    """The spec's option: overspend must be true or false; a default game's rules refuse,
    an overspend=True game's accept."""
    with pytest.raises(ValueError, match="'overspend'"):
        games.load("renaissance", overspend="yes")
    assert games.load("renaissance").rules().options.get("overspend", False) is False
    assert games.load("renaissance", overspend=True).rules().options["overspend"] is True
