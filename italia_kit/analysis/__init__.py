"""Analysis: exact battle odds, a vectorised Monte Carlo of the same rules, and what-if runs
of whole games on local processes or a Dask cluster (issue 7).

>>> from italia_kit.analysis import Battle, exact_odds
>>> odds = exact_odds(Battle.parse("legion", "infantry", city=True), exact=True)
>>> odds.attacker_wins, odds.defender_wins, odds.both_eliminated
(Fraction(9, 29), Fraction(14, 29), Fraction(6, 29))
"""

from .battle import DEFAULT_CASUALTY_ORDER, Battle, Side
from .montecarlo import SimResult, simulate
from .odds import RESULTS, Odds, Outcome, exact_odds
from .runner import GameFailed, game_seeds
from .whatif import VARIANTS, Variant, WhatIfResult, replay_game, run_whatif, wilson_interval

__all__ = [
    "DEFAULT_CASUALTY_ORDER",
    "RESULTS",
    "VARIANTS",
    "Battle",
    "GameFailed",
    "Odds",
    "Outcome",
    "Side",
    "SimResult",
    "Variant",
    "WhatIfResult",
    "exact_odds",
    "game_seeds",
    "replay_game",
    "run_whatif",
    "simulate",
    "wilson_interval",
]
