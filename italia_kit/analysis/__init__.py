"""Analysis: exact battle odds and a vectorised Monte Carlo of the same rules (issue 7).

>>> from italia_kit.analysis import Battle, exact_odds
>>> odds = exact_odds(Battle.parse("legion", "infantry", city=True), exact=True)
>>> odds.attacker_wins, odds.defender_wins, odds.both_eliminated
(Fraction(9, 29), Fraction(14, 29), Fraction(6, 29))
"""

from .battle import DEFAULT_CASUALTY_ORDER, Battle, Side
from .montecarlo import SimResult, simulate
from .odds import RESULTS, Odds, Outcome, exact_odds

__all__ = [
    "DEFAULT_CASUALTY_ORDER",
    "RESULTS",
    "Battle",
    "Odds",
    "Outcome",
    "Side",
    "SimResult",
    "exact_odds",
    "simulate",
]
