"""Roma's views: the map presenter (imported by views only, never by the engine)."""

from italia_kit.games.roma.widgets.presenter import RomaPresenter

__all__ = ["RomaPresenter"]
