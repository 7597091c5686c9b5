"""Analysis: what-if runs of whole games of any registered game, on local processes or a
Dask cluster.

A game's own analysis add-ons live in its package (Italia's battle odds:
``italia_kit.games.italia.odds``; what Italia's what-if runs record:
``italia_kit.games.italia.whatif``).
"""

from italia_kit.analysis.result import WhatIfResult, wilson_interval
from italia_kit.analysis.runner import GameFailed, game_seeds
from italia_kit.analysis.whatif import Variant, VariantError, replay_game, run_whatif

__all__ = [
    "GameFailed",
    "Variant",
    "VariantError",
    "WhatIfResult",
    "game_seeds",
    "replay_game",
    "run_whatif",
    "wilson_interval",
]
