"""MapView: the board of any registered game as an ipyleaflet map that follows the game.

What to draw comes from the game's presenter (:mod:`italia_kit.widgets.presenter`): every
location is one vector shape (a polygon of a geographic board, or a box of a board of boxes
and lines) styled as the presenter says, with a permanent label and a stack marker at its
anchor point. No rule is decided here, nor in the presenter: both draw the engine's answers.

:meth:`MapView.refresh` asks the presenter which locations changed since the last snapshot
and re-sends only the shapes and markers whose look changed. Everything a person can do
with the mouse has a plain-Python method (:meth:`~MapView.click`), so tests and notebooks
drive it. Layers a game adds on top (Italia's naval supremacy) are :class:`Overlay` s that
follow every refresh.

*Whole board* (beside *reset view*) shows the whole board at once, at the zoom it fits the
map, however far out that is (Italia's peninsula on a 1366x768 screen): every stack stays,
and the names that would overlap a stack or another name are left out, those of locations
with units first, then the larger zones' (:meth:`MapView.overview`). Any zoom below the
first view's, reached with the wheel too, is thinned the same way; back at the first zoom
every name returns.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import ipyleaflet
import ipywidgets

from italia_kit.core import Game
from italia_kit.widgets import framing, render
from italia_kit.widgets import style as st
from italia_kit.widgets.layout import Placed, label_size, stack_size
from italia_kit.widgets.presenter import GeoBoard, LocationView, MapPresenter, presenter_for

__all__ = ["MapView", "Overlay", "RefreshStats", "ZoneView"]

#: Below this many pixels a side, the map is hidden or not laid out yet: nothing to fit.
MIN_PIXELS = 40

#: The name this module gave a location's view before boards had locations other than zones.
ZoneView = LocationView


@dataclass(frozen=True, slots=True)
class RefreshStats:
    """What one refresh re-sent: shapes restyled, labels and stacks redrawn."""

    styles: int
    labels: int
    stacks: int
    seconds: float
    moved: int = 0  # names and stacks the layout moved (LabelLayout)

    @property
    def layers(self) -> int:
        return self.styles + self.labels + self.stacks


class Overlay(Protocol):
    """A layer group a game puts on top of the map (Italia's naval supremacy, 10.9)."""

    group: ipyleaflet.LayerGroup

    def attach(self, view: MapView) -> None:
        """Put the layer (and its controls) on the view's map."""
        ...

    def detach(self, view: MapView) -> None:
        """Take it off the map again and close its widgets."""
        ...

    def follow(self, game: Game[Any]) -> object:
        """Redraw after the game changed (called by every refresh)."""
        ...


class MapView:
    """The board of a game on an ipyleaflet map, drawn as the game's presenter says.

    The presenter is the one the game's registered spec names (``GameSpec.presenter``)
    unless one is given. ``tiles=True`` adds an OpenStreetMap tile layer under a
    geographic board (it needs the internet; the shapes themselves are the map, so it is off
    by default). ``center``, ``zoom`` and ``height`` frame the map (a tutorial about the
    south zooms in) and are kept as given. Left out, the map opens on the presenter's frame
    and, once the browser tells its size in pixels, shows as much of the board as fits at a
    zoom its labels stay readable (:meth:`fit_to`, :mod:`~italia_kit.widgets.framing`); the
    reset-view button goes back to that view.
    """

    def __init__(
        self,
        game: Game[Any],
        presenter: MapPresenter | None = None,
        *,
        tiles: bool = False,
        center: tuple[float, float] | None = None,
        zoom: float | None = None,
        height: str = "860px",
    ) -> None:
        self._game = game
        self.presenter: MapPresenter = presenter if presenter is not None else presenter_for(game)
        self.board = self.presenter.board()
        self.map = render.new_map(self.board, tiles=tiles, center=center, zoom=zoom, height=height)
        self.details = ipywidgets.HTML(
            '<div class="ik-details"><i>Click a location for its details.</i></div>'
        )
        self.legend = ipywidgets.HTML(self.presenter.legend(game))
        self._css = ipywidgets.HTML(st.CSS)
        self._click_hooks: list[Callable[[str], None]] = []
        self._refresh_hooks: list[Callable[[], object]] = []
        self.overlays: dict[str, Overlay] = {}
        self._shapes = render.shapes(self.board)  # computed once: a redraw reuses them
        # names and stacks placed so that none covers another, at the first zoom
        self._layout = (
            framing.readability(self.board).layout(float(self.map.zoom))
            if isinstance(self.board, GeoBoard)
            else None
        )
        # the view is fitted to the map's size unless the caller or the board framed it
        self.fitting = center is None and zoom is None
        if isinstance(self.board, GeoBoard) and not self.board.fit:
            self.fitting = False
        self.frame: framing.Frame | None = None  # the view fit_to chose last
        self._placed: dict[str, Placed] = {}
        self._hidden_set: set[str] = set()
        self._views: dict[str, LocationView] = {}
        self._stack_html: dict[str, str] = {}
        self._polygons: dict[str, ipyleaflet.Polygon] = {}
        self._labels: dict[str, ipyleaflet.Marker] = {}
        self._stacks: dict[str, ipyleaflet.Marker] = {}
        self._groups: list[ipyleaflet.LayerGroup] = []
        self.last_refresh = RefreshStats(0, 0, 0, 0.0)
        self.selected: str | None = None
        self.marked: tuple[str, ...] = ()  # outlined for an action being chosen
        self._drawn: dict[str, st.ZoneStyle] = {}  # the style each shape is drawn with now
        self.home = (tuple(self.map.center), float(self.map.zoom))
        self.reset_button = ipywidgets.Button(
            description="reset view",
            tooltip="back to the whole board at the first zoom",
            layout=ipywidgets.Layout(width="auto", height="28px"),
        )
        self.reset_button.add_class("ik-reset")
        self.reset_button.on_click(lambda _b: self.reset_view())
        self.overview_button = ipywidgets.Button(
            description="whole board",
            tooltip="the whole board at once: names left out where they would overlap",
            layout=ipywidgets.Layout(width="auto", height="28px"),
        )
        self.overview_button.add_class("ik-overview")
        self.overview_button.on_click(lambda _b: self.overview())
        buttons = ipywidgets.HBox([self.reset_button, self.overview_button])
        self.map.add(ipyleaflet.WidgetControl(widget=buttons, position="topleft"))
        #: the map's size in pixels, as the browser last told it (None until it does)
        self.size: tuple[int, int] | None = None
        #: the names left out at the zoom shown (below the first view's zoom: :meth:`overview`)
        self.hidden_names: tuple[str, ...] = ()
        self._thin_zoom: float | None = None  # the zoom the names are thinned for, if any
        # the wheel scrolls the page until the map is clicked, and again once the mouse
        # leaves it (or a button of the stepper is pressed): a page scrolled past the map
        # does not zoom it
        self.map.on_interaction(self._interaction)
        self._last_move = 0.0  # when the mouse last moved over the map (time.monotonic)
        self._build()
        # the browser reports the map's pixels after drawing it, and again after each move
        self.map.observe(self._resized, names=["pixel_bounds"])
        self.map.observe(self._zoomed, names=["zoom"])

    # -- the game shown --------------------------------------------------------------------
    @property
    def game(self) -> Game[Any]:
        return self._game

    def show(self, game: Game[Any]) -> RefreshStats:
        """Show another game on the same board and refresh."""
        self._game = game
        return self.refresh()

    @property
    def state(self) -> Any:
        return self._game.state

    @property
    def locations(self) -> list[str]:
        """The names of the board's locations, in the board's order."""
        return list(self._shapes)

    # -- plain-Python queries (what the map shows) -----------------------------------------
    def view_of(self, name: str) -> LocationView:
        """What a location shows now (as the presenter's last snapshot said)."""
        return self._views[self._name(name)]

    def zone_style(self, name: str) -> st.ZoneStyle:
        """The style the location is drawn with now."""
        return self.view_of(name).style

    def stack_text(self, name: str) -> str:
        """The units in a location as the map labels them: "Celts: 3 inf, Brennus"."""
        return self.view_of(name).text

    def highlighted(self) -> list[str]:
        """The locations highlighted with a warning (Italia: over the stacking limit), sorted."""
        return sorted(z for z, v in self._views.items() if v.alert)

    def tooltip(self, name: str) -> str:
        """The hover text of a location's stack (the warning, if it has one)."""
        return self.view_of(name).tooltip

    def polygon(self, name: str) -> ipyleaflet.Polygon:
        """The map layer of a location (for tests and for panels that add to the map)."""
        return self._polygons[self._name(name)]

    def stack_marker(self, name: str) -> ipyleaflet.Marker:
        return self._stacks[self._name(name)]

    def layer_data(self) -> dict[str, tuple[dict[str, object], str, str]]:
        """Per location, what the map's layers hold now: shape style, label and stack HTML."""
        keys = ("fill_color", "fill_opacity", "color", "weight", "opacity", "dash_array")
        return {
            name: (
                {k: getattr(poly, k) for k in keys},
                str(self._labels[name].icon.html),
                str(self._stacks[name].icon.html),
            )
            for name, poly in self._polygons.items()
        }

    # -- the view --------------------------------------------------------------------------------
    def reset_view(self) -> None:
        """Back to the frame the map opened with (the reset-view button)."""
        center, zoom = self.home
        self.map.zoom = zoom
        self.map.center = list(center)
        self._arrange(zoom)  # every name back (the zoom observer does it if the zoom moved)
        self.wheel_zoom(False)

    def fit_to(self, width: float, height: float) -> framing.Frame:
        """Frame the board for a map of ``width`` x ``height`` pixels, as the map does when
        the browser tells its size: the whole board at the highest zoom it fits, but never
        below the zoom at which every name and stack is readable (then centred on the
        presenter's centre); the names and stacks are laid out again at that zoom, and the
        reset-view button comes back to this view."""
        views = self._views
        frame = framing.frame_board(
            self.board,
            width,
            height,
            {n: label_size(v.label) for n, v in views.items()},
            {n: stack_size(v) for n, v in views.items() if v.stack},
        )
        self.frame = frame
        self.size = (int(width), int(height))
        if isinstance(self.board, GeoBoard) and (
            self._layout is None or self._layout.zoom != frame.zoom
        ):
            self._layout = framing.readability(self.board).layout(frame.zoom)
            self._placed = {}
            self._lay_out()
        self.home = (frame.center, frame.zoom)
        self.reset_view()
        return frame

    def _resized(self, change: dict[str, Any]) -> None:
        """The browser told the map's pixel bounds: fit the board when the size is new and
        the view is still the one the map opened with (a view the reader moved stays)."""
        try:
            (left, top), (right, bottom) = change["new"]
            width, height = float(right) - float(left), float(bottom) - float(top)
        except (TypeError, ValueError):  # not yet a pair of corners
            return
        if width < MIN_PIXELS or height < MIN_PIXELS:  # hidden, or not laid out yet
            return
        self.size = (int(width), int(height))
        if not self.fitting:
            return
        if self.frame is not None and self.frame.size == (int(width), int(height)):
            return
        if self.frame is not None and not self._at_home():
            return
        self.fit_to(width, height)

    def overview(self, width: float | None = None, height: float | None = None) -> framing.Frame:
        """Show the whole board on a map of ``width`` x ``height`` pixels (by default the
        size the browser told last) at the zoom it fits (:func:`~.framing.overview_frame`),
        the names thinned where they would overlap (the *whole board* button)."""
        if width is None or height is None:
            if self.size is None:
                raise ValueError(
                    "the map's size is not known yet (the browser has not drawn it): give"
                    " overview(width, height)"
                )
            width, height = self.size
        frame = framing.overview_frame(self.board, width, height)
        self.map.zoom = frame.zoom
        self.map.center = list(frame.center)
        self._arrange(frame.zoom)  # the zoom observer did it unless the zoom was the same
        return frame

    def _zoomed(self, change: dict[str, Any]) -> None:
        try:
            zoom = float(change["new"])
        except (TypeError, ValueError):
            return
        self._arrange(zoom)

    def _arrange(self, zoom: float) -> None:
        """Lay the names out for ``zoom``: the first view's layout at its zoom and above
        (zooming in only spreads the boxes apart), the names thinned below it."""
        if self._layout is None:
            return
        thin = zoom if zoom < self._layout.zoom - 1e-9 else None
        if thin != self._thin_zoom:
            self._thin_zoom = thin
            self._lay_out()

    def _label_html(self, name: str) -> str:
        return "" if name in self._hidden_set else self._views[name].label

    def _at_home(self) -> bool:
        (lat, lng), zoom = self.home
        here_lat, here_lng = self.map.center
        pixel = 360.0 / (256.0 * 2.0 ** float(zoom))  # degrees of longitude a pixel spans
        near = abs(here_lat - lat) + abs(here_lng - lng) < 4 * pixel  # Leaflet rounds a bit
        return bool(near and abs(float(self.map.zoom) - zoom) < 1e-6)

    def wheel_zoom(self, on: bool) -> None:
        """Let the mouse wheel zoom the map (after a click into it) or scroll the page."""
        if self.map.scroll_wheel_zoom != on:
            self.map.scroll_wheel_zoom = on

    def mark(self, names: tuple[str, ...] | list[str]) -> None:
        """Outline ``names`` (the locations of an action being chosen); ``()`` clears."""
        marked = tuple(self._name(n) for n in names)
        old, self.marked = self.marked, marked
        for name in {*old, *marked}:
            self._restyle(name)

    def style_of(self, name: str) -> st.ZoneStyle:
        """The style a location is drawn with now: the presenter's, outlined when it is the
        location clicked or one of those marked."""
        name = self._name(name)
        style = self._views[name].style
        if name in self.marked:
            return st.outlined(style, st.MARKED, 5)
        if name == self.selected:
            return st.outlined(style, st.SELECTED, 4)
        return style

    # -- clicks ------------------------------------------------------------------------------
    def click(self, name: str) -> str:
        """Select a location as a click would: outline it, show its details in the pane;
        return the HTML."""
        name = self._name(name)
        old, self.selected = self.selected, name
        for changed in {old, name} - {None}:
            assert changed is not None
            self._restyle(changed)
        self._show_details(name)
        for hook in self._click_hooks:
            hook(name)
        return str(self.details.value)

    def _show_details(self, name: str) -> None:
        lines = self.describe(name)
        body = "".join(f"<li>{st.esc(line)}</li>" for line in lines[1:])
        self.details.value = (
            f'<div class="ik-details"><b>{st.esc(lines[0])}</b><ul style="margin:2px 0;'
            f'padding-left:18px">{body}</ul></div>'
        )

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(location)`` whenever a location is clicked (after the details)."""
        self._click_hooks.append(callback)

    def describe(self, name: str) -> list[str]:
        """The details of a location, one plain sentence a line (the first is the title)."""
        return self.presenter.describe(self._game, self._name(name))

    # -- layers on top ------------------------------------------------------------------------
    def add_overlay(self, name: str, overlay: Overlay) -> Overlay:
        """Put ``overlay`` on the map under ``name`` (replacing one shown under that name);
        it follows the game at every refresh."""
        self.remove_overlay(name)
        overlay.attach(self)
        self.overlays[name] = overlay
        return overlay

    def remove_overlay(self, name: str) -> None:
        """Take the overlay shown under ``name`` off the map (nothing if there is none)."""
        overlay = self.overlays.pop(name, None)
        if overlay is not None:
            overlay.detach(self)

    def on_refresh(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` after every refresh (a score pad follows a stepper this way)."""
        self._refresh_hooks.append(callback)

    # -- drawing -----------------------------------------------------------------------------
    def refresh(self) -> RefreshStats:
        """Redraw after the game changed: re-send only the locations whose look changed."""
        start = time.perf_counter()
        views = dict(self.presenter.snapshot(self._game))
        styles = labels = stacks = 0
        changed = list(self.presenter.changed(self._views, views))
        side = "ik-center" if self._layout is not None else ""
        for name in changed:
            view, old = views[name], self._views.get(name)
            if old is None or old.style != view.style:
                self._views[name] = view
                styles += self._restyle(name)
            if old is None or old.label != view.label:
                self._set_icon(self._labels[name], "" if name in self._hidden_set else view.label)
                labels += 1
            if old is None or _stack_part(old) != _stack_part(view):
                html = render.stack_html(view, side or self._shapes[name].side, name)
                if old is None or html != self._stack_html[name]:
                    self._set_icon(self._stacks[name], html)
                    self._stack_html[name] = html
                    stacks += 1
        self._views = views
        moved = self._lay_out() if labels or stacks else 0
        # a legend may say how the game stands (Medieval Italia's factions' VP): re-sent only
        # when its text changed
        legend = self.presenter.legend(self._game)
        if legend != self.legend.value:
            self.legend.value = legend
        if self.selected is not None:
            self._show_details(self.selected)
        for overlay in self.overlays.values():
            overlay.follow(self._game)
        seconds = time.perf_counter() - start
        self.last_refresh = RefreshStats(styles, labels, stacks, seconds, moved)
        for hook in self._refresh_hooks:
            hook()
        return self.last_refresh

    def redraw(self) -> RefreshStats:
        """Throw every layer away and draw the map again (what :meth:`refresh` avoids)."""
        for group in self._groups:
            self.map.remove(group)
            for layer in group.layers:
                icon = getattr(layer, "icon", None)
                if icon is not None:
                    icon.close()
                layer.close()
            group.close()
        self._views = {}
        self._stack_html = {}
        self._drawn = {}
        self._placed = {}
        self._build()
        for overlay in self.overlays.values():  # back on top of the shapes drawn again
            self.map.remove(overlay.group)
            self.map.add(overlay.group)
        return self.last_refresh

    @property
    def widget(self) -> ipywidgets.VBox:
        """The map with its legend and the details pane, ready to display."""
        return ipywidgets.VBox(
            [self._css, self.map, self.legend, self.details],
            layout=ipywidgets.Layout(width="100%"),
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- internals ---------------------------------------------------------------------------
    def _name(self, name: str) -> str:
        return self.presenter.location(name)

    def _build(self) -> None:
        for name, shape in self._shapes.items():
            poly = ipyleaflet.Polygon(locations=shape.locations, name=name, fill=True, stroke=True)
            poly.on_click(partial(self._clicked, name))
            poly.on_mouseout(self._left_shape)
            self._polygons[name] = poly
            self._labels[name] = ipyleaflet.Marker(
                location=shape.label_at, icon=render.divicon(""), draggable=False, keyboard=False
            )
            stack = ipyleaflet.Marker(
                location=shape.stack_at,
                icon=render.divicon(""),
                draggable=False,
                keyboard=False,
                z_index_offset=1000,
                rise_on_hover=True,
            )
            stack.on_click(partial(self._clicked, name))
            self._stacks[name] = stack
        self._groups = []
        lines = render.connections(self.board)
        if lines:  # under the boxes: a line ends at a box's edge
            self._groups.append(ipyleaflet.LayerGroup(name="lines", layers=tuple(lines)))
        self._groups += [
            ipyleaflet.LayerGroup(name="zones", layers=tuple(self._polygons.values())),
            ipyleaflet.LayerGroup(name="zone names", layers=tuple(self._labels.values())),
            ipyleaflet.LayerGroup(name="units", layers=tuple(self._stacks.values())),
        ]
        for group in self._groups:
            self.map.add(group)
        self.refresh()

    def _clicked(self, name: str, **_event: Any) -> None:
        self.click(name)

    def _interaction(self, **event: Any) -> None:
        kind = event.get("type")
        if kind == "click":
            self.wheel_zoom(True)
        elif kind == "mouseout":
            self.wheel_zoom(False)
        elif kind in ("mousemove", "mouseover"):
            self._last_move = time.monotonic()

    def _left_shape(self, **_event: Any) -> None:
        """The mouse left a shape: unless it moves on over the map soon, it left the map
        (Leaflet tells only the shape, not the map, when the mouse leaves across a shape)."""
        if not self.map.scroll_wheel_zoom:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): nobody moves a mouse
            return
        left = time.monotonic()

        def check() -> None:
            if self._last_move <= left:
                self.wheel_zoom(False)

        loop.call_later(0.4, check)

    def _lay_out(self) -> int:
        """Place every name and stack again (:mod:`.layout`); move the markers whose place
        changed; return how many moved."""
        if self._layout is None:
            return 0
        views = self._views
        labels = {n: label_size(v.label) for n, v in views.items()}
        stacks = {n: stack_size(v) for n, v in views.items() if v.stack}
        hidden: tuple[str, ...] = ()
        if self._thin_zoom is None or not isinstance(self.board, GeoBoard):
            placed = self._layout.place(labels, stacks)
        else:
            readability = framing.readability(self.board)
            placed, hidden = readability.thinned(self._thin_zoom, labels, stacks)
        if hidden != self.hidden_names:
            was, self.hidden_names = set(self.hidden_names), hidden
            self._hidden_set = set(hidden)
            for name in was ^ self._hidden_set:
                self._set_icon(self._labels[name], self._label_html(name))
        moved = 0
        for name, where in placed.items():
            before = self._placed.get(name)
            if before is None or before.label != where.label:
                self._labels[name].location = where.label
                moved += 1
            if (before is None or before.stack != where.stack) and views[name].stack:
                self._stacks[name].location = where.stack
                moved += 1
        self._placed.update(placed)
        return moved

    def placed(self, name: str) -> Placed | None:
        """Where the layout put a location's name and stack (None on a board of boxes)."""
        return self._placed.get(self._name(name))

    def _restyle(self, name: str) -> int:
        """Draw a location's shape with :meth:`style_of` if that changed; 1 if it did."""
        if name not in self._views:
            return 0
        style = self.style_of(name)
        if self._drawn.get(name) == style:
            return 0
        poly = self._polygons[name]
        with poly.hold_sync():
            for key, value in style.to_leaflet().items():
                setattr(poly, key, value)
        self._drawn[name] = style
        return 1

    @staticmethod
    def _set_icon(marker: ipyleaflet.Marker, html: str) -> None:
        old = marker.icon
        marker.icon = render.divicon(html)
        if old is not None:
            old.close()


def _stack_part(view: LocationView) -> tuple[object, ...]:
    return (view.stack, view.text, view.alert, view.alert_short)
