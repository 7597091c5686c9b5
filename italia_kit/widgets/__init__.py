"""Views for JupyterLab and Voila: the map of a game, the turn stepper, the battle
calculator, the score pad, the naval-supremacy layer and the what-if panel.

Views only: every rule is decided by the engine (``italia_kit.italia``) or the analysis
package (``italia_kit.analysis``); a widget asks and draws the answer. Each widget also works
from plain Python (methods that do what the buttons do), so tests and notebooks drive it
without a browser.
"""

from .calculator import BattleCalculator
from .mapview import MapView, RefreshStats, ZoneView, nation_stack_text
from .scorepad import ScorePad
from .stepper import TurnStepper
from .style import ZoneStyle, player_fill, player_ink, portray_zone
from .supremacy import SupremacyLayer
from .whatif import WhatIfPanel

__all__ = [
    "BattleCalculator",
    "MapView",
    "RefreshStats",
    "ScorePad",
    "SupremacyLayer",
    "TurnStepper",
    "WhatIfPanel",
    "ZoneStyle",
    "ZoneView",
    "nation_stack_text",
    "player_fill",
    "player_ink",
    "portray_zone",
]
