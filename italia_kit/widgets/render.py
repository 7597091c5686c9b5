"""Drawing a presenter's board with ipyleaflet: the map, the shapes, the labels and stacks.

A geographic board (:class:`~italia_kit.widgets.presenter.GeoBoard`) is drawn in lat/lon,
optionally over OpenStreetMap tiles. A board of boxes and lines
(:class:`~italia_kit.widgets.presenter.BoxBoard`) is drawn on ipyleaflet's non-geographic
``Simple`` projection, where one board unit is one pixel at zoom 0: boxes are rectangles,
lines polylines, and there are never tiles, so nothing reaches the internet either way (the
widget's JavaScript ships with ipyleaflet; no CDN).

Both kinds give the map view the same thing per location (:class:`Shape`): the outline to
draw and the two points its name and its stack hang from, so the view itself does not care
which kind of board it shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import ipyleaflet
import ipywidgets

from italia_kit.widgets import style as st
from italia_kit.widgets.presenter import Board, Box, BoxBoard, GeoBoard, LocationView

__all__ = ["Shape", "box_zoom_range", "connections", "divicon", "new_map", "shapes", "stack_html"]

LatLng = tuple[float, float]

#: About how wide a board of boxes opens, in pixels, until the browser tells the map's size
#: (then :mod:`~italia_kit.widgets.framing` fits it).
BOX_BOARD_PIXELS = 900
#: Where in a box its name is centred, as a part of its height from the top.
NAME_AT = 0.22
#: Where in a box its stack hangs from, as a part of its height from the top.
STACK_AT = 0.4


@dataclass(frozen=True, slots=True)
class Shape:
    """One location as the map draws it: Leaflet polygons (``[[outer ring, holes...], ...]``
    of ``(lat, lng)``), the point of its name and the point and side of its stack."""

    locations: list[list[list[LatLng]]]
    label_at: LatLng
    stack_at: LatLng
    side: str


def new_map(
    board: Board,
    *,
    tiles: bool,
    center: tuple[float, float] | None,
    zoom: float | None,
    height: str,
) -> ipyleaflet.Map:
    """An empty map framed for ``board`` (``center`` and ``zoom`` override the frame)."""
    if isinstance(board, GeoBoard):
        frame_center, frame_zoom = board.center, board.zoom
        low, high, crs = board.min_zoom, board.max_zoom, ipyleaflet.projections.EPSG3857
    else:
        if tiles:
            raise ValueError("a board of boxes has no geography to put map tiles under")
        minx, miny, maxx, maxy = board.bounds()
        frame_center = (-(miny + maxy) / 2, (minx + maxx) / 2)
        frame_zoom = _box_zoom(board)
        (low, high), crs = box_zoom_range(board), ipyleaflet.projections.Simple
    view = ipyleaflet.Map(
        layers=(),
        crs=crs,
        center=center if center is not None else frame_center,
        zoom=zoom if zoom is not None else frame_zoom,
        zoom_snap=0.25,
        zoom_delta=0.5,
        min_zoom=low,
        max_zoom=high,
        scroll_wheel_zoom=False,  # until a click into the map (MapView)
        keyboard=False,  # a focusable map scrolls the page on click, moving what was clicked
        attribution_control=tiles,
        layout=ipywidgets.Layout(height=height, width="100%"),
    )
    view.add_class("ik-map")
    if isinstance(board, BoxBoard):
        view.add_class("ik-boxes")
    if tiles:
        base = ipyleaflet.basemap_to_tiles(ipyleaflet.basemaps.OpenStreetMap.Mapnik)
        base.base = True
        view.add(base)
    return view


def _box_zoom(board: BoxBoard) -> float:
    minx, _miny, maxx, _maxy = board.bounds()
    fit = math.log2(BOX_BOARD_PIXELS / max(maxx - minx, 1e-9))
    return math.floor(fit * 4) / 4  # the map's zoom snap


def box_zoom_range(board: BoxBoard) -> tuple[float, float]:
    """The zooms a map of a board of boxes allows: around the zoom it opens with."""
    opening = _box_zoom(board)
    return opening - 3, opening + 4


def shapes(board: Board) -> dict[str, Shape]:
    """Every location's :class:`Shape`, in the board's order."""
    if isinstance(board, GeoBoard):
        return {
            a.name: Shape(
                [[[(lat, lon) for lon, lat in ring] for ring in poly] for poly in a.polygons],
                (a.label_at[1], a.label_at[0]),
                (a.stack_at[1], a.stack_at[0]),
                a.stack_side,
            )
            for a in board.areas
        }
    out = {}
    for b in board.boxes:
        # y grows downwards on the board, latitude upwards on the map
        corners = [(-b.y, b.x), (-b.y, b.x + b.w), (-(b.y + b.h), b.x + b.w), (-(b.y + b.h), b.x)]
        cx = b.x + b.w / 2
        # the name near the top edge, the stack hanging below the middle
        out[b.name] = Shape(
            [[corners]], (-(b.y + NAME_AT * b.h), cx), (-(b.y + STACK_AT * b.h), cx), "ik-below"
        )
    return out


def connections(board: Board) -> list[ipyleaflet.Polyline]:
    """The lines between the boxes, each cut at the two boxes' edges (a double line is two
    polylines side by side); none for a geographic board, whose areas touch."""
    if not isinstance(board, BoxBoard):
        return []
    boxes = {b.name: b for b in board.boxes}
    gap = 0.08 * min(min(b.w, b.h) for b in board.boxes)  # between the strokes of a double
    out = []
    for line in board.lines:
        a, b = boxes[line.a], boxes[line.b]
        (ax, ay), (bx, by) = a.centre, b.centre
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        t0, t1 = _exit(a, dx, dy), 1 - _exit(b, -dx, -dy)
        start, end = (ax + t0 * dx, ay + t0 * dy), (ax + t1 * dx, ay + t1 * dy)
        nx, ny = -dy / length, dx / length  # the unit normal, for the two strokes
        offsets = (-gap / 2, gap / 2) if line.double else (0.0,)
        for k, off in enumerate(offsets):
            out.append(
                ipyleaflet.Polyline(
                    locations=[
                        (-(start[1] + off * ny), start[0] + off * nx),
                        (-(end[1] + off * ny), end[0] + off * nx),
                    ],
                    color=st.OUTLINE,
                    weight=2,
                    opacity=0.9,
                    fill=False,
                    pointer_events="none",
                    name=f"line {line.a} - {line.b}" + (f" ({k + 1} of 2)" if line.double else ""),
                )
            )
    return out


def _exit(box: Box, dx: float, dy: float) -> float:
    """The fraction of the way (dx, dy) from a box's centre at which it leaves the box."""
    tx = (box.w / 2) / abs(dx) if dx else math.inf
    ty = (box.h / 2) / abs(dy) if dy else math.inf
    return min(tx, ty, 0.5)


def divicon(html: str) -> ipyleaflet.DivIcon:
    """A 0x0 icon: the HTML centres itself on the point (CSS in ``style.CSS``)."""
    return ipyleaflet.DivIcon(html=html, icon_size=(0, 0), icon_anchor=(0, 0))


def stack_html(view: LocationView, side: str, name: str = "") -> str:
    """The HTML of a location's stack marker ("" when it has no stack): one line per
    owner on a strip of their colour, the warning under them, the details in the title;
    ``data-loc`` names the location (a browser test finds its zone by it)."""
    if not view.stack:
        return ""
    lines = []
    for line in view.stack:
        who = f"<b>{st.esc(line.who)}</b> " if line.who else ""
        lines.append(
            f'<div class="ik-line" style="border-left-color:{st.player_fill(line.colour)}">'
            f"{who}{st.esc(line.text)}</div>"
        )
    if view.alert_short:
        lines.append(f'<div class="ik-warn">⚠ {st.esc(view.alert_short)}</div>')
    title = view.alert if view.alert else f"{view.text} (click for details)"
    cls = f"ik-stack {side} ik-over" if view.alert else f"ik-stack {side}"
    loc = f' data-loc="{st.esc(name)}"' if name else ""
    return f'<div class="{cls}"{loc} title="{st.esc(title)}">{"".join(lines)}</div>'
