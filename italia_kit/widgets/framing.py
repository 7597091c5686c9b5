"""The first view of a board: as much of it as fits the map, at a zoom its labels stay readable.

A presenter's :class:`~italia_kit.widgets.presenter.GeoBoard` names a centre and a zoom, but
how much of the board they show depends on the map's size in pixels, which only the browser
knows (a classroom screen of 1366x768 leaves a map 458 px tall, a 1600x1200 one 860 px). So
the map view asks the browser for the size and frames the board by one rule for every game:

- the **fit zoom** is the highest zoom at which the whole board (its bounds, with a margin of
  :data:`MARGIN` pixels) fits the map, on the map's zoom snap;
- the **readable zoom** is the lowest zoom at which the label layout
  (:class:`~italia_kit.widgets.layout.LabelLayout`) places every name and stack without one
  overlapping another; it does not depend on the map's size, so it is computed once per
  board and per set of label sizes (:class:`Readability`, cached);
- the first view is the fit zoom, but never below the readable zoom (nor outside the board's
  ``min_zoom``..``max_zoom``). At the fit zoom it is centred on the board's bounds; when the
  readable zoom is what limits it, only part of the board shows, and it is centred where the
  presenter's ``center`` says (the part a game wants seen first).

A board of boxes (:class:`~italia_kit.widgets.presenter.BoxBoard`) has no layout to ask: its
names and stacks sit at fixed places in their boxes, so its readable zoom is the lowest at
which every box is wide and tall enough for them (:func:`box_readable_zoom`).

>>> fit_zoom((0.0, 0.0, 100.0, 50.0), 816, 216)  # 800 x 200 usable: x8 wide, x4 tall
2.0
>>> choose_frame((0.0, 0.0, 100.0, 50.0), 816, 216, readable=3.0, zoom_range=(0, 8),
...              centre=(-25.0, 50.0), preferred=(-10.0, 20.0)).zoom
3.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from italia_kit.widgets import render
from italia_kit.widgets.layout import GAP, LabelLayout, Placed
from italia_kit.widgets.presenter import Area, Board, BoxBoard, GeoBoard

__all__ = [
    "MARGIN",
    "SNAP",
    "Frame",
    "Readability",
    "board_extent",
    "box_readable_zoom",
    "choose_frame",
    "fit_zoom",
    "frame_board",
    "name_priority",
    "overview_frame",
    "readability",
]

LatLng = tuple[float, float]
Extent = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels at zoom 0
Sizes = Mapping[str, tuple[float, float]]

#: Pixels kept free around the whole board when it is fitted (a name at the very edge).
MARGIN = 8.0
#: The map's zoom snap (``render.new_map``): every zoom chosen is a multiple of it.
SNAP = 0.25
#: How many boards' layouts are kept (one per game shown; a what-if shows two).
BOARDS_KEPT = 8


@dataclass(frozen=True, slots=True)
class Frame:
    """The first view chosen for a map of ``size`` pixels: its ``center`` (lat, lng) and
    ``zoom``, the two zooms it was chosen from and which limit won (``"fit"``, ``"readable"``,
    ``"min"`` or ``"max"``, the board's zoom range)."""

    center: LatLng
    zoom: float
    fit_zoom: float
    readable_zoom: float
    limit: str
    size: tuple[int, int]

    @property
    def whole_board(self) -> bool:
        """Whether the whole board is in view (the fit zoom was not raised)."""
        return self.zoom <= self.fit_zoom


def _snap_down(zoom: float) -> float:
    return math.floor(zoom / SNAP + 1e-9) * SNAP


def _snap_up(zoom: float) -> float:
    return math.ceil(zoom / SNAP - 1e-9) * SNAP


def _mercator(lon: float, lat: float) -> tuple[float, float]:
    """Web Mercator pixels at zoom 0 (y grows downwards), as Leaflet's EPSG3857."""
    phi = math.radians(max(-85.0, min(85.0, lat)))
    return 256.0 * (lon + 180.0) / 360.0, 256.0 * (1.0 - math.asinh(math.tan(phi)) / math.pi) / 2


def _unmercator(x: float, y: float) -> LatLng:
    lon = x / 256.0 * 360.0 - 180.0
    lat = math.degrees(math.atan(math.sinh(math.pi * (1.0 - 2.0 * y / 256.0))))
    return lat, lon


def board_extent(board: Board) -> Extent:
    """The board's bounds in pixels at zoom 0: Web Mercator for a geographic board, board
    units for a board of boxes (``Simple``: one unit is one pixel at zoom 0)."""
    if isinstance(board, BoxBoard):
        return board.bounds()
    points = [
        _mercator(lon, lat)
        for area in board.areas
        for polygon in area.polygons
        for lon, lat in polygon[0]  # the outer ring bounds the holes
    ]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def extent_centre(board: Board, extent: Extent) -> LatLng:
    """The middle of ``extent`` as the map's (lat, lng)."""
    x, y = (extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2
    if isinstance(board, BoxBoard):
        return -y, x  # render.shapes: y grows downwards on the board, upwards on the map
    return _unmercator(x, y)


def fit_zoom(extent: Extent, width: float, height: float) -> float:
    """The highest zoom on the snap at which ``extent`` (pixels at zoom 0) fits a map of
    ``width`` x ``height`` pixels with :data:`MARGIN` around it."""
    wide = max(extent[2] - extent[0], 1e-9)
    tall = max(extent[3] - extent[1], 1e-9)
    room_x, room_y = max(width - 2 * MARGIN, 1.0), max(height - 2 * MARGIN, 1.0)
    return _snap_down(math.log2(min(room_x / wide, room_y / tall)))


def choose_frame(
    extent: Extent,
    width: float,
    height: float,
    *,
    readable: float,
    zoom_range: tuple[float, float],
    centre: LatLng,
    preferred: LatLng,
) -> Frame:
    """The rule of this module, on numbers: the fit zoom raised to ``readable``, kept in
    ``zoom_range``; centred on ``centre`` (the board's bounds) while the whole board shows,
    on ``preferred`` (the presenter's centre) when it does not."""
    fit = fit_zoom(extent, width, height)
    low, high = zoom_range
    zoom, limit = (fit, "fit") if fit >= readable else (readable, "readable")
    if zoom > high:
        zoom, limit = high, "max"
    if zoom < low:
        zoom, limit = low, "min"
    where = centre if zoom <= fit else preferred
    return Frame(where, zoom, fit, readable, limit, (int(width), int(height)))


def box_readable_zoom(board: BoxBoard, labels: Sizes, stacks: Sizes) -> float:
    """The lowest zoom on the snap at which every box holds its name and its stack where
    :func:`~italia_kit.widgets.render.shapes` puts them: as wide as the wider of the two,
    the stack hanging from :data:`~italia_kit.widgets.render.STACK_AT` of the box's height
    down to its bottom edge, the name centred at :data:`~italia_kit.widgets.render.NAME_AT`
    above it.

    >>> from italia_kit.widgets.presenter import Box
    >>> board = BoxBoard((Box("A", 0, 0, 10, 10),))
    >>> box_readable_zoom(board, {"A": (38.0, 13.0)}, {})  # 40 px wide: x4
    2.0
    """
    need = -math.inf
    for box in board.boxes:
        label_w, label_h = labels.get(box.name, (0.0, 0.0))
        stack_w, stack_h = stacks.get(box.name, (0.0, 0.0))
        scales = [
            (max(label_w, stack_w) + GAP) / box.w,
            (stack_h + GAP) / ((1.0 - render.STACK_AT) * box.h),
            (label_h / 2 + GAP) / (render.NAME_AT * box.h),
        ]
        need = max(need, math.log2(max(max(scales), 1e-9)))
    return _snap_up(need) if need > -math.inf else 0.0


class Readability:
    """The label layouts of one geographic board, at the zooms asked, and at which zooms they
    place every name and stack without overlap (for the label sizes asked)."""

    def __init__(self, board: GeoBoard) -> None:
        self.board = board
        self._layouts: dict[float, LabelLayout] = {}
        self._readable: dict[tuple[object, float], bool] = {}
        self._lowest: dict[tuple[object, float], float] = {}
        self._thinned: dict[tuple[object, float], tuple[dict[str, Placed], tuple[str, ...]]] = {}

    def layout(self, zoom: float) -> LabelLayout:
        """The board's :class:`LabelLayout` at ``zoom`` (made once)."""
        found = self._layouts.get(zoom)
        if found is None:
            found = self._layouts[zoom] = LabelLayout(self.board, zoom)
        return found

    def thinned(
        self, zoom: float, labels: Sizes, stacks: Sizes
    ) -> tuple[dict[str, Placed], tuple[str, ...]]:
        """The layout at ``zoom`` with names left out where they would overlap
        (:meth:`~italia_kit.widgets.layout.LabelLayout.thin`, :func:`name_priority`'s order):
        the centres and the names left out, kept per zoom and label sizes."""
        key = (_sizes_key(labels, stacks), zoom)
        found = self._thinned.get(key)
        if found is None:
            layout = self.layout(zoom)
            found = self._thinned[key] = layout.thin(
                labels, stacks, name_priority(layout, labels, stacks)
            )
        return found

    def readable_at(self, zoom: float, labels: Sizes, stacks: Sizes) -> bool:
        """Whether the layout at ``zoom`` places every box overlapping no other."""
        key = (_sizes_key(labels, stacks), zoom)
        found = self._readable.get(key)
        if found is None:
            layout = self.layout(zoom)
            layout.place(labels, stacks)
            found = self._readable[key] = not layout.crowded
        return found

    def lowest(self, labels: Sizes, stacks: Sizes, *, at_least: float) -> float:
        """The lowest zoom on the snap, from ``at_least`` up to the board's ``max_zoom``, at
        which the labels are readable (``max_zoom`` if they are at none).

        A gallop up from ``at_least`` (1, 2, 4, ... snaps), then a bisection of the last
        step: a layout that fits at one zoom nearly always fits at every higher one
        (zooming in only spreads the boxes apart), and the readable zoom is usually near
        the fit zoom, so a few layouts, mostly at the cheaper low zooms, decide it.
        """
        start = max(_snap_up(at_least), _snap_up(self.board.min_zoom))
        top = _snap_down(self.board.max_zoom)
        key = (_sizes_key(labels, stacks), start)
        found = self._lowest.get(key)
        if found is not None:
            return found
        low, high = round(start / SNAP), round(top / SNAP)  # in steps of the snap
        if low >= high or self.readable_at(low * SNAP, labels, stacks):
            found = min(low, high) * SNAP
        else:  # crowded at low: gallop until readable (or the top), then bisect the step
            step = 1
            while low + step < high and not self.readable_at((low + step) * SNAP, labels, stacks):
                low, step = low + step, step * 2
            high = min(low + step, high)
            while high - low > 1:
                middle = (low + high) // 2
                if self.readable_at(middle * SNAP, labels, stacks):
                    high = middle
                else:
                    low = middle
            found = high * SNAP
        self._lowest[key] = found
        return found


def name_priority(layout: LabelLayout, labels: Sizes, stacks: Sizes) -> list[str]:
    """The order in which names are kept at an overview zoom: the locations with units
    first (a stack is read with its location's name), then the others; in each group the
    larger zones first (their names are read from farthest out).

    >>> board = GeoBoard((_square("Big", 0, 2), _square("Small", 3, 1), _square("Army", 5, 1)),
    ...                  (0.0, 0.0), 5)
    >>> name_priority(LabelLayout(board, 5), {"Big": (9, 9), "Small": (9, 9), "Army": (9, 9)},
    ...               {"Army": (20, 12)})
    ['Army', 'Big', 'Small']
    """

    def key(name: str) -> tuple[bool, float, str]:
        has_units = stacks.get(name, (0.0, 0.0))[0] > 0
        return (not has_units, -float(layout.shapes[name].area), name)

    return sorted((n for n in labels if n in layout.shapes), key=key)


def _square(name: str, lon: float, side: float) -> Area:
    """A square zone (for the doctests)."""
    ring = ((lon, 0.0), (lon + side, 0.0), (lon + side, side), (lon, side))
    return Area(name, ((ring,),), (lon + side / 2, side / 2), (lon + side / 2, side / 2))


def _sizes_key(labels: Sizes, stacks: Sizes) -> object:
    return (tuple(sorted(labels.items())), tuple(sorted(stacks.items())))


_BOARDS: dict[GeoBoard, Readability] = {}


def readability(board: GeoBoard) -> Readability:
    """The board's :class:`Readability`, shared by every map of the board in this process
    (the :data:`BOARDS_KEPT` boards shown last are kept)."""
    found = _BOARDS.pop(board, None)  # popped and put back: the dict keeps the newest last
    if found is None:
        found = Readability(board)
    _BOARDS[board] = found
    while len(_BOARDS) > BOARDS_KEPT:
        del _BOARDS[next(iter(_BOARDS))]
    return found


def zoom_range(board: Board) -> tuple[float, float]:
    """The zooms the map of ``board`` allows (as :func:`~italia_kit.widgets.render.new_map`
    sets them)."""
    if isinstance(board, GeoBoard):
        return board.min_zoom, board.max_zoom
    return render.box_zoom_range(board)


def frame_board(board: Board, width: float, height: float, labels: Sizes, stacks: Sizes) -> Frame:
    """The first view of ``board`` on a map of ``width`` x ``height`` pixels, for names and
    stacks of the given box sizes (:func:`~italia_kit.widgets.layout.label_size`, ...)."""
    extent = board_extent(board)
    centre = extent_centre(board, extent)
    low, high = zoom_range(board)
    if isinstance(board, BoxBoard):
        readable = box_readable_zoom(board, labels, stacks)
        preferred = centre
    else:
        fit = fit_zoom(extent, width, height)
        floor = board.readable_from if board.readable_from is not None else low
        readable = readability(board).lowest(labels, stacks, at_least=max(fit, low, floor))
        preferred = board.center
    return choose_frame(
        extent,
        width,
        height,
        readable=readable,
        zoom_range=(low, high),
        centre=centre,
        preferred=preferred,
    )


def overview_frame(board: Board, width: float, height: float) -> Frame:
    """The whole board on a map of ``width`` x ``height`` pixels: the fit zoom (kept in the
    board's zoom range), centred on the board's bounds, whatever its labels need (the map
    view then thins its names: :meth:`Readability.thinned`).

    >>> from italia_kit.widgets.presenter import Box
    >>> frame = overview_frame(BoxBoard((Box("A", 0, 0, 100, 50),)), 816, 216)
    >>> frame.zoom, frame.limit, frame.whole_board
    (2.0, 'fit', True)
    """
    extent = board_extent(board)
    low, high = zoom_range(board)
    fit = fit_zoom(extent, width, height)
    zoom, limit = fit, "fit"
    if zoom > high:
        zoom, limit = _snap_down(high), "max"
    if zoom < low:
        zoom, limit = _snap_up(low), "min"
    return Frame(extent_centre(board, extent), zoom, fit, zoom, limit, (int(width), int(height)))
