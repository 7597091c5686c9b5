"""Pictures of boards of boxes and lines: each box a rectangle at its position with its name,
a line between linked boxes, drawn as its link kind says (single, double, dashed).

A board without polygons gets a diagram of its own (:func:`render_boxes`, x to the right and
y downwards, as measured on a scan); on a board with polygons, its boxes (off-map tracks,
sub-locations with a position) are drawn on the map by :func:`draw_boxes`.

>>> from pathlib import Path
>>> from italia_kit.geo import Board
>>> data = Path(__file__).resolve().parents[2] / "tests" / "data"
>>> fig = render_boxes(Board.from_file(data / "boxes.board.yaml"), title="boxes")
>>> [int(v) for v in fig.get_size_inches() * fig.dpi]
[1600, 1800]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    from italia_kit.geo.adjacency import Link
    from italia_kit.geo.board import Board
    from italia_kit.geo.zone import Zone

__all__ = ["box_bounds", "box_size", "draw_boxes", "drawn", "render_boxes"]

_LINE_COLOURS = ("#333333", "#1f5fa8", "#8c2d19", "#2d7a2d", "#7a3d8c", "#8c7a19")
_HIGHLIGHT = "#d62728"
_SUB_SCALE = 0.55  # a sub-location's box, against its parent's, when it has no size


def _auto_size(board: Board) -> tuple[float, float]:
    """A box size for boxes without one: about two thirds of the closest two boxes' gap, so
    that neighbouring boxes never overlap."""
    points = [z.position for z in board if z.geometry is None and z.parent is None]
    gaps = [math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :] if p != q]
    gap = min(gaps) if gaps else 1.0
    return gap * 0.68, gap * 0.4


def box_size(board: Board, zone: Zone) -> tuple[float, float]:
    """The width and height of a box: its own ``size``, else a size that fits the board."""
    if zone.size is not None:
        return zone.size
    width, height = _auto_size(board)
    if zone.parent is not None:
        return width * _SUB_SCALE, height * _SUB_SCALE
    return width, height


def box_bounds(board: Board, zone: Zone) -> tuple[float, float, float, float]:
    """The box's (left, bottom, right, top), in board units."""
    (x, y), (w, h) = zone.position, box_size(board, zone)
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


def drawn(board: Board, zone: Zone) -> bool:
    """Is ``zone`` drawn as a box? Not a polygon, nor a sub-location at its parent's place."""
    if zone.geometry is not None:
        return False
    return zone.parent is None or zone.position != board[zone.parent].position


def _draw_line(ax: Axes, link: Link, board: Board, colour: str, offset: float) -> None:
    (x1, y1), (x2, y2) = board[link.a].position, board[link.b].position
    style = board.vocabulary.link_kinds[link.kind].line
    if style == "double":
        # Two parallel strokes, one either side of the centre line.
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length * offset, (x2 - x1) / length * offset
        for sign in (1, -1):
            xs = [x1 + sign * nx, x2 + sign * nx]
            ys = [y1 + sign * ny, y2 + sign * ny]
            ax.plot(xs, ys, color=colour, lw=1.1, zorder=3, solid_capstyle="butt")
        return
    dashes = "--" if style == "dashed" else "-"
    ax.plot([x1, x2], [y1, y2], color=colour, lw=1.4, ls=dashes, zorder=3)


def _lines(board: Board, every: bool) -> Iterable[Link]:
    """The links to draw as lines: ``every`` one on a board of boxes; on a map, those that
    touch a box drawn (the zones' shared borders show the others)."""
    for link in board.links:
        if every or any(drawn(board, board[end]) for end in (link.a, link.b)):
            yield link


def draw_boxes(
    ax: Axes,
    board: Board,
    colours: Mapping[str, str] | None,
    highlight: set[str],
    fontsize: float,
    *,
    all_links: bool = False,
) -> list[Text]:
    """Draw the board's boxes and the lines that touch them (every line with ``all_links``);
    returns the names drawn, so that the caller can keep them apart."""
    from matplotlib.patches import FancyBboxPatch

    from italia_kit.geo.render import zone_colour

    kinds = list(board.vocabulary.link_kinds)
    height = _auto_size(board)[1]
    for link in _lines(board, all_links):
        colour = _LINE_COLOURS[kinds.index(link.kind) % len(_LINE_COLOURS)]
        _draw_line(ax, link, board, colour, offset=height * 0.07)
    texts = []
    for zone in board:
        if not drawn(board, zone):
            continue
        left, bottom, right, top = box_bounds(board, zone)
        marked = zone.name in highlight
        ax.add_patch(
            FancyBboxPatch(
                (left, bottom),
                right - left,
                top - bottom,
                boxstyle=f"round,pad=0,rounding_size={(top - bottom) * 0.12}",
                facecolor=zone_colour(zone, board.regions, colours),
                edgecolor=_HIGHLIGHT if marked else "#444444",
                lw=2.2 if marked else 0.8,
                zorder=4 if zone.parent is None else 5,
            )
        )
        texts.append(
            ax.text(
                *zone.position,
                zone.name,
                fontsize=fontsize * (0.8 if zone.parent else 1.0),
                fontstyle="italic" if zone.is_sea else "normal",
                ha="center",
                va="center",
                zorder=7,
            )
        )
    return texts


def _legend(ax: Axes, board: Board, fontsize: float) -> None:
    from matplotlib.lines import Line2D

    kinds = list(board.vocabulary.link_kinds)
    used = {str(link.kind) for link in board.links}
    handles: list[Any] = []
    for kind in kinds:
        if kind not in used:
            continue
        spec = board.vocabulary.link_kinds[kind]
        colour = _LINE_COLOURS[kinds.index(kind) % len(_LINE_COLOURS)]
        units = f" ({', '.join(sorted(spec.units))} only)" if spec.units is not None else ""
        style = {"double": (0, (1, 0)), "dashed": "--"}.get(spec.line, "-")
        width = 3.2 if spec.line == "double" else 1.4
        handles.append(Line2D([], [], color=colour, lw=width, ls=style, label=kind + units))
    if handles:
        ax.legend(handles=handles, loc="lower right", fontsize=fontsize, framealpha=0.85)


def render_boxes(
    board: Board,
    *,
    colours: Mapping[str, str] | None = None,
    highlight: Iterable[str] = (),
    title: str | None = None,
    figsize: tuple[float, float] = (8.0, 9.0),
    dpi: float = 200,
    fontsize: float = 6.0,
) -> Figure:
    """Draw a board of boxes and lines and return the matplotlib Figure.

    Boxes are filled by region (``colours`` maps names or regions to fills), water in pale
    blue; ``highlight`` boxes get a red outline; the legend names each link kind drawn, with
    the unit types it is for.
    """
    from italia_kit.figure import KitFigure

    marked = {board.zone(name).name for name in highlight}
    colours = {**board.meta.colours, **(colours or {})}  # the caller's first, then the file's
    fig = KitFigure(figsize=figsize, dpi=dpi)  # shows itself in a notebook cell
    ax = fig.add_axes((0.03, 0.01, 0.94, 0.92 if title else 0.98))
    texts = draw_boxes(ax, board, colours, marked, fontsize, all_links=True)
    del texts  # boxes are placed by hand; their names need no nudging
    bounds = [box_bounds(board, z) for z in board]
    west, south = min(b[0] for b in bounds), min(b[1] for b in bounds)
    east, north = max(b[2] for b in bounds), max(b[3] for b in bounds)
    pad = 0.04 * max(east - west, north - south)
    ax.set_xlim(west - pad, east + pad)
    ax.set_ylim(north + pad, south - pad)  # y grows downwards, as on a scan
    ax.set_aspect("equal")
    ax.set_axis_off()
    _legend(ax, board, fontsize)
    fig.patch.set_facecolor("white")
    if title:
        fig.suptitle(title, fontsize=fontsize * 2, y=0.985)
    return fig
