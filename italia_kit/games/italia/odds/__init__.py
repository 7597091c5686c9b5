"""Italia's battle odds: exact odds of a battle (10.0-10.4), a vectorised Monte Carlo of the
same rules, and the ``italia-kit odds`` command.

>>> from italia_kit.games.italia.odds import Battle, exact_odds
>>> odds = exact_odds(Battle.parse("legion", "infantry", city=True), exact=True)
>>> odds.attacker_wins, odds.defender_wins, odds.both_eliminated
(Fraction(9, 29), Fraction(14, 29), Fraction(6, 29))
"""

from italia_kit.games.italia.odds.battle import DEFAULT_CASUALTY_ORDER, Battle, Side
from italia_kit.games.italia.odds.montecarlo import SimResult, simulate
from italia_kit.games.italia.odds.odds import RESULTS, Odds, Outcome, exact_odds

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
