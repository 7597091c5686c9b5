"""Views for JupyterLab and Voila: the map of a game and the turn stepper.

Views only: every rule is decided by the engine (``italia_kit.italia``); a widget asks it
and draws the answer. Each widget also works from plain Python (methods that do what the
buttons do), so tests and notebooks drive it without a browser.
"""

from .mapview import MapView, RefreshStats, ZoneView, nation_stack_text
from .stepper import TurnStepper
from .style import ZoneStyle, player_fill, player_ink, portray_zone

__all__ = [
    "MapView",
    "RefreshStats",
    "TurnStepper",
    "ZoneStyle",
    "ZoneView",
    "nation_stack_text",
    "player_fill",
    "player_ink",
    "portray_zone",
]
