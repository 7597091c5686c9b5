"""The classroom app: a game picker over a turn stepper with map and log
(``notebooks/app.ipynb``).

The picker lists the registered games that have a map presenter
(:func:`italia_kit.games.available`, ``GameSpec.presenter``); picking one starts a new game
of it and builds map and stepper again. Served by Voila (``make app``); the same call works
in any notebook::

    from italia_kit.widgets.app import classroom_app
    classroom_app()
"""

from __future__ import annotations

from typing import Any

import ipywidgets

from italia_kit import games
from italia_kit.core import Player, RandomPlayer
from italia_kit.widgets.stepper import TurnStepper

__all__ = ["ClassroomApp", "classroom_app", "games_with_maps"]


def games_with_maps() -> dict[str, str]:
    """The registered games whose spec names a map presenter: id to title, sorted by id."""
    out = {}
    for game_id in games.available():
        try:
            spec = games.load(game_id)
        except Exception:  # a game that cannot load is not offered, and does not stop the app
            continue
        if spec.presenter is not None:
            out[game_id] = spec.title
    return out


class ClassroomApp:
    """A game picker (``picker``, a dropdown of :func:`games_with_maps`) over the
    :class:`TurnStepper` of a new game of the game picked (``stepper``)."""

    def __init__(
        self,
        game_id: str = "italia1",
        *,
        seed: int = 0,
        player: Player | None = None,
        tiles: bool = False,
        map_height: str = "860px",
    ) -> None:
        self.seed = seed
        self._player = player
        self._tiles = tiles
        self._map_height = map_height
        self.choices = games_with_maps()
        self.picker = ipywidgets.Dropdown(
            options=[(title, gid) for gid, title in self.choices.items()],
            description="game",
            layout=ipywidgets.Layout(width="560px"),
        )
        self.stepper_game_id = self._known(game_id)
        self.stepper = self._stepper(self.stepper_game_id)
        self.picker.value = self.stepper_game_id
        self.picker.observe(self._picked, names="value")
        self._widget = ipywidgets.VBox(
            [self.picker, self.stepper.widget], layout=ipywidgets.Layout(width="100%")
        )

    def pick(self, game_id: str) -> TurnStepper:
        """Start a new game of ``game_id`` (as choosing it in the picker does); return its
        stepper."""
        self.picker.value = self._known(game_id)  # the observer rebuilds
        return self.stepper

    @property
    def game_id(self) -> str:
        """The id of the game shown."""
        return self.stepper_game_id

    @property
    def widget(self) -> ipywidgets.VBox:
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._widget._repr_mimebundle_(**kwargs)

    def _known(self, game_id: str) -> str:
        key = game_id.strip().lower()
        if key not in self.choices:
            raise ValueError(
                f"no game {game_id!r} with a map; the games with one: {', '.join(self.choices)}"
            )
        return key

    def _stepper(self, game_id: str) -> TurnStepper:
        game = games.load(game_id).new_game(seed=self.seed)
        chooser = self._player if self._player is not None else RandomPlayer(seed=self.seed)
        return TurnStepper(game, chooser, tiles=self._tiles, map_height=self._map_height)

    def _picked(self, change: dict[str, Any]) -> None:
        game_id = str(change["new"])
        if game_id == self.stepper_game_id:
            return
        old = self.stepper
        self.stepper = self._stepper(game_id)
        self.stepper_game_id = game_id
        self._widget.children = (self.picker, self.stepper.widget)
        _close(old.widget)  # a long lesson switches often: free the kernel's copies


def _close(widget: ipywidgets.Widget) -> None:
    """Close a widget and everything in it (boxes' children, a map's layers and icons)."""
    for child in getattr(widget, "children", ()):
        _close(child)
    for name in ("layers", "controls"):
        for layer in getattr(widget, name, ()):
            _close(layer)
    for name in ("icon", "widget"):
        inner = getattr(widget, name, None)
        if isinstance(inner, ipywidgets.Widget):
            _close(inner)
    widget.close()


def classroom_app(
    scenario: str = "italia1",
    *,
    seed: int = 0,
    player: Player | None = None,
    tiles: bool = False,
    map_height: str = "860px",
) -> ClassroomApp:
    """The classroom app opened on a game of ``scenario`` (a registered game's id) at the
    start of turn 1.

    ``seed`` seeds the dice and, unless a ``player`` is given, the random player who makes
    the decisions; ``tiles=True`` adds an online base map under a geographic board.
    """
    return ClassroomApp(scenario, seed=seed, player=player, tiles=tiles, map_height=map_height)
