"""Analysis: what-if runs of whole games on local processes or a Dask cluster.

A game's own analysis add-ons live in its package (Italia's battle odds:
``italia_kit.games.italia.odds``).
"""

from italia_kit.analysis.runner import GameFailed, game_seeds
from italia_kit.analysis.whatif import (
    VARIANTS,
    Variant,
    WhatIfResult,
    replay_game,
    run_whatif,
    wilson_interval,
)

__all__ = [
    "VARIANTS",
    "GameFailed",
    "Variant",
    "WhatIfResult",
    "game_seeds",
    "replay_game",
    "run_whatif",
    "wilson_interval",
]
