"""The classroom app: a game picker and a player per seat over a turn stepper with map and
log (``notebooks/app.ipynb``).

The picker lists the registered games that have a map presenter
(:func:`italia_kit.games.available`, ``GameSpec.presenter``); picking one starts a new game
of it and builds map and stepper again. Beside it, one choice per seat (Italia: per colour)
of who plays it: ``human`` (the teacher, from the list of its actions beside the map), the
game's own bots (Italia's ``greedy``, the default: a plausible game) or ``random``. The app
fits one screen of 1366x768: the map takes the height the window leaves. Served by Voila
(``make app``); the same call works in any notebook::

    from italia_kit.widgets.app import classroom_app
    classroom_app()
"""

from __future__ import annotations

from typing import Any

import ipywidgets

from italia_kit import games
from italia_kit.core import Player
from italia_kit.widgets.seats import default_bot, make_player, player_choices
from italia_kit.widgets.stepper import TurnStepper

__all__ = ["FIT_SCREEN", "ClassroomApp", "classroom_app", "games_with_maps", "mark_seats_out"]

#: The map's height in the app: what the window leaves under the controls (a 768 px screen
#: shows the whole app), between a readable minimum and the 860 px of a large screen.
FIT_SCREEN = "clamp(380px, calc(100vh - 310px), 860px)"


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
    """A game picker (``picker``, a dropdown of :func:`games_with_maps`) and a dropdown per
    seat of who plays it (``seat_pickers``), over the :class:`TurnStepper` of a new game of
    the game picked (``stepper``).

    ``player`` plays every seat instead (the seat dropdowns then start at it only if it is
    one of theirs); by default each seat gets the game's greedy bot if it has one.
    """

    def __init__(
        self,
        game_id: str = "italia1",
        *,
        seed: int = 0,
        player: Player | None = None,
        tiles: bool = False,
        map_height: str = FIT_SCREEN,
    ) -> None:
        self.seed = seed
        self._player = player
        self._tiles = tiles
        self._map_height = map_height
        self.choices = games_with_maps()
        self.picker = ipywidgets.Dropdown(
            options=[(title, gid) for gid, title in self.choices.items()],
            description="game",
            style={"description_width": "40px"},
            layout=ipywidgets.Layout(width="480px"),
        )
        self.seat_pickers: dict[str, ipywidgets.Dropdown] = {}
        self.seats_box = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.stepper_game_id = self._known(game_id)
        self.stepper = self._stepper(self.stepper_game_id)
        self.picker.value = self.stepper_game_id
        self.picker.observe(self._picked, names="value")
        self._top = ipywidgets.HBox(
            [self.picker, self.seats_box],
            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self._widget = ipywidgets.VBox(
            [self._top, self.stepper.widget], layout=ipywidgets.Layout(width="100%")
        )
        self._widget.add_class("ik-app")

    def play_seat(self, seat: str, who: str) -> None:
        """Let ``who`` (``human``, a bot of the game, ``random``) play ``seat`` from now on,
        as choosing it in the seat's dropdown does."""
        picker = self.seat_pickers.get(seat)
        if picker is None:
            raise ValueError(f"no seat {seat!r}; the seats: {', '.join(self.seat_pickers)}")
        if who not in picker.options:
            raise ValueError(f"no player {who!r} for {seat}; choose one of {picker.options}")
        picker.value = who  # the observer tells the stepper

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
        spec = games.load(game_id)
        game = spec.new_game(seed=self.seed)
        first = default_bot(spec)
        players = {seat: make_player(spec, first, self.seed) for seat in spec.seats}
        if self._player is not None:
            players = {}
        stepper = TurnStepper(
            game,
            self._player,
            players=players,
            seed=self.seed,
            tiles=self._tiles,
            map_height=self._map_height,
        )
        for old in self.seat_pickers.values():
            old.close()
        self.seat_pickers = {}
        for seat in spec.seats:
            picker = ipywidgets.Dropdown(
                options=player_choices(spec),
                value=first,
                description=seat,
                style={"description_width": "initial"},
                layout=ipywidgets.Layout(width="auto", margin="0 6px 0 6px"),
            )
            picker.observe(self._seat_changed(spec, seat), names="value")
            self.seat_pickers[seat] = picker
        self.seats_box.children = tuple(self.seat_pickers.values())
        # a seat that leaves the game (Renaissance's elimination) is marked in its picker,
        # and back again if an undo brings it back: after every refresh of the map
        pickers = self.seat_pickers
        stepper.mapview.on_refresh(lambda: mark_seats_out(stepper, pickers))
        mark_seats_out(stepper, pickers)
        return stepper

    def _seat_changed(self, spec: games.GameSpec, seat: str) -> Any:
        def changed(change: dict[str, Any]) -> None:
            self.stepper.set_player(seat, make_player(spec, str(change["new"]), self.seed))

        return changed

    def _picked(self, change: dict[str, Any]) -> None:
        game_id = str(change["new"])
        if game_id == self.stepper_game_id:
            return
        old = self.stepper
        self.stepper = self._stepper(game_id)
        self.stepper_game_id = game_id
        self._widget.children = (self._top, self.stepper.widget)  # the seats of the new game
        _close(old.widget)  # a long lesson switches often: free the kernel's copies


def mark_seats_out(stepper: TurnStepper, pickers: dict[str, ipywidgets.Dropdown]) -> None:
    """Grey out the picker of each seat out of the stepper's game, saying when and why in
    its label and tooltip (the presenter's
    :meth:`~italia_kit.widgets.presenter.MapPresenter.seats_out`); a seat back in the game
    (after an undo) gets its picker back."""
    out = stepper.presenter.seats_out(stepper.game)
    for seat, picker in pickers.items():
        note = out.get(seat)
        description = f"{seat} (out)" if note else seat  # short: the seats share a line
        if picker.description != description:
            picker.description = description
            picker.disabled = note is not None
            picker.tooltip = f"{seat}, out of the game: {note}" if note else None


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
    map_height: str = FIT_SCREEN,
) -> ClassroomApp:
    """The classroom app opened on a game of ``scenario`` (a registered game's id) at the
    start of turn 1.

    ``seed`` seeds the dice and the players (the game's greedy bot for every seat unless a
    ``player`` is given); ``tiles=True`` adds an online base map under a geographic board.
    """
    return ClassroomApp(scenario, seed=seed, player=player, tiles=tiles, map_height=map_height)
