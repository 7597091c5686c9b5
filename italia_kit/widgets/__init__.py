"""Views for JupyterLab and Voila: the map of a game, the turn stepper, the battle
calculator, the score pad, the naval-supremacy layer and the what-if panel.

Views only: every rule is decided by the engine (``italia_kit.games.italia``) or the analysis
package (``italia_kit.analysis``); a widget asks and draws the answer. Each widget also works
from plain Python (methods that do what the buttons do), so tests and notebooks drive it
without a browser.
"""

from italia_kit.widgets.mapview import MapView, RefreshStats, ZoneView, nation_stack_text
from italia_kit.widgets.stepper import TurnStepper
from italia_kit.widgets.style import ZoneStyle, player_fill, player_ink, portray_zone
from italia_kit.widgets.whatif import WhatIfPanel

__all__ = [
    "MapView",
    "RefreshStats",
    "TurnStepper",
    "WhatIfPanel",
    "ZoneStyle",
    "ZoneView",
    "nation_stack_text",
    "player_fill",
    "player_ink",
    "portray_zone",
]
