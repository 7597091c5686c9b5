"""Overspending: may a sheet spend more than its power has? Two readings, an option.

The text: 'You may overspend in the expectation of loans, gifts etc, however, if these
fail to be ordered your last expenditure(s) will fail to take place if your Treasury falls
short' (EXPENDITURE ORDERS). Issue 16 asks instead that 'an unaffordable expense ... is
refused with the clause or the field named; the season is untouched'.

* Default (``overspend=False``, the issue's reading): a sheet whose ducats out (``Pay
  Bank``, as far as there is a debt to pay; ``Pay (Power)``; every expense's cost) exceed
  the treasury plus the ``Borrow`` lines of the same sheet is refused when it is submitted,
  naming the clause and the first line that cannot be paid; nothing changes. Money that
  other powers may send is not counted (it is exactly the 'expectation of loans, gifts'
  the issue's reading does not allow), nor the bank's collection of a loan due this
  season, which is no line of the sheet: a due loan may still leave the last expenses
  short at resolution, and they fail as the text says.
* ``overspend=True`` (the text's reading): every sheet is accepted; at resolution the
  expenses are charged in sheet order and the last ones fail when the treasury falls short
  (``expenditure.resolve_expenditure``).

>>> from italia_kit.games.renaissance.expenses import Borrow, FamineRelief, Pay
>>> # 1 + 3 borrowed: the payment to Venice (the Borrowing Phase) first, then the relief
>>> shortfall([Borrow(3), FamineRelief("Milan"), Pay("Venice", 2)], treasury=1, debt=0)
'Famine Relief Milan 3'
>>> shortfall([Borrow(3), FamineRelief("Milan")], treasury=1, debt=0) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from italia_kit.core import IllegalActionError
from italia_kit.games.renaissance.expenditure import cost_of
from italia_kit.games.renaissance.expenses import Borrow, Expense, Pay, PayBank, format_expense
from italia_kit.games.renaissance.names import possessive
from italia_kit.games.renaissance.state import RenaissanceState

__all__ = ["RULE", "check_budget", "shortfall"]

RULE = "EXPENDITURE ORDERS"


def _out(order: Expense, debt: int) -> int:
    """The ducats a line takes out of the treasury (a repayment only as far as owed)."""
    if isinstance(order, PayBank):
        return min(order.amount, debt)
    if isinstance(order, Pay):
        return order.amount
    return cost_of(order)


def shortfall(expenses: Sequence[Expense], treasury: int, debt: int) -> str | None:
    """The first line (in the order the Phase C resolves them: the Borrowing Phase's
    repayments and payments, then the sheet's expenses) that the treasury plus the sheet's
    borrowing cannot pay, or None. ``debt``: what the power owes the bank, interest
    included."""
    money = treasury + sum(e.amount for e in expenses if isinstance(e, Borrow))
    ordered: list[Expense] = [e for e in expenses if isinstance(e, PayBank)]
    ordered += [e for e in expenses if isinstance(e, Pay)]
    ordered += [e for e in expenses if not isinstance(e, PayBank | Pay | Borrow)]
    for order in ordered:
        out = _out(order, debt)
        if isinstance(order, PayBank):
            debt -= out
        if out > money:
            return format_expense(order)
        money -= out
    return None


def check_budget(state: RenaissanceState, power: str, expenses: Sequence[Expense]) -> None:
    """Refuse ``power``'s sheet if it spends more than it has (the default reading, see the
    module docstring); :class:`IllegalActionError` names the clause and the line."""
    if not expenses:  # nothing spent: nothing short (most sheets)
        return
    owed = sum(principal + interest for who, principal, interest, _ in state.loans if who == power)
    line = shortfall(expenses, state.treasury[power], owed)
    if line is None:
        return
    borrowed = sum(e.amount for e in expenses if isinstance(e, Borrow))
    raise IllegalActionError(
        RULE,
        f"{line!r} cannot be paid: {possessive(power)} treasury holds {state.treasury[power]} d"
        f" and the sheet borrows {borrowed} d (a sheet may not spend more; the option"
        " overspend=True allows it, as the text does 'in the expectation of loans, gifts etc')",
    )
