"""Views for JupyterLab and Voila: the map of a game, the turn stepper, the classroom app
and the what-if panel; a game's own views live with it (Italia's in
``italia_kit.games.italia.widgets``).

Views only: every rule is decided by a game's engine or the analysis package
(``italia_kit.analysis``); a widget asks and draws the answer. These widgets know no game:
a game's presenter (:class:`MapPresenter`, named in its registered spec) says how its board
looks. Each widget also works from plain Python (methods that do what the buttons do), so
tests and notebooks drive it without a browser.
"""

from italia_kit.widgets.mapview import MapView, Overlay, RefreshStats, ZoneView
from italia_kit.widgets.presenter import (
    Area,
    BasePresenter,
    Box,
    BoxBoard,
    GeoBoard,
    Line,
    LocationView,
    MapPresenter,
    Moment,
    NoPresenterError,
    StackLine,
    presenter_for,
)
from italia_kit.widgets.stepper import TurnStepper
from italia_kit.widgets.style import ZoneStyle, player_fill, player_ink, portray_zone
from italia_kit.widgets.whatif import WhatIfPanel

__all__ = [
    "Area",
    "BasePresenter",
    "Box",
    "BoxBoard",
    "GeoBoard",
    "Line",
    "LocationView",
    "MapPresenter",
    "MapView",
    "Moment",
    "NoPresenterError",
    "Overlay",
    "RefreshStats",
    "StackLine",
    "TurnStepper",
    "WhatIfPanel",
    "ZoneStyle",
    "ZoneView",
    "player_fill",
    "player_ink",
    "portray_zone",
    "presenter_for",
]
