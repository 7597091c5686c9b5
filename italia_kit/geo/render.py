"""Pictures of a board drawn with matplotlib: no tiles, no internet, the zones' own polygons.

A board with polygons is drawn as a map (this module); a board of boxes and lines as a
diagram (:mod:`italia_kit.geo.render_boxes`); the boxes of a board that has both are drawn on
its map. matplotlib is imported inside the functions, so importing the zone model stays fast
and a rules-only user never pays for it.

>>> from italia_kit.geo import load_board
>>> fig = render_board(load_board("italia"), highlight=["Rome"], title="Rome")
>>> [int(v) for v in fig.get_size_inches() * fig.dpi]
[1600, 1800]
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from italia_kit.geo.zone import Zone

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.path import Path as MplPath
    from matplotlib.text import Text
    from shapely.geometry.base import BaseGeometry

    from italia_kit.geo.board import Board

__all__ = ["board_png", "board_svg", "render_board", "zone_colour"]

# Pale fills so that black names stay readable on every zone. A board file names its own
# fills (`colours`, by region, kind or location: Italia's are its printed outlines); other
# regions take the _OTHER_REGIONS in turn.
_OTHER_REGIONS = ("#f3e3c3", "#d8e8d0", "#e8d8e8", "#f0f0c8", "#d8e0f0", "#f0d8d0")
_SEA = "#d4e8f7"
_MOUNTAIN_TINT = "#7a5a32"  # blended into a mountain zone's fill to shade it
_HIGHLIGHT = "#d62728"
_STRAIT = "#b22222"
_STRAIT_MIN_DEG = 0.7  # shortest strait arrow drawn, in degrees
# Drawing conventions for words many boards share: a mountain terrain is shaded and dotted, a
# borderland kind striped. A board without these words is drawn without them.
_MOUNTAIN, _BORDERLAND = "mountain", "borderland"


def _blend(colour: str, other: str, amount: float) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    a, b = to_rgb(colour), to_rgb(other)
    return (
        a[0] + (b[0] - a[0]) * amount,
        a[1] + (b[1] - a[1]) * amount,
        a[2] + (b[2] - a[2]) * amount,
    )


def zone_colour(
    zone: Zone, regions: tuple[str, ...] = (), colours: Mapping[str, str] | None = None
) -> str | tuple[float, float, float]:
    """The fill of a zone: ``colours`` by zone name, then by region, then by kind, then the
    defaults (seas pale blue, other regions a pale colour each).

    >>> from shapely.geometry import box
    >>> sea = Zone("Mare", "sea", "Sea", "sea", {}, (0, 0), (0, 0), {}, box(0, 0, 1, 1),
    ...            water=True)
    >>> zone_colour(sea)
    '#d4e8f7'
    """
    colours = colours or {}
    if zone.name in colours:
        return colours[zone.name]
    if zone.region in colours:
        base = colours[zone.region]
    elif zone.kind in colours:
        base = colours[zone.kind]
    elif zone.is_sea:
        return _SEA
    else:
        index = regions.index(zone.region) if zone.region in regions else 0
        base = _OTHER_REGIONS[index % len(_OTHER_REGIONS)]
    if zone.terrain == _MOUNTAIN and zone.kind != _BORDERLAND:
        return _blend(base, _MOUNTAIN_TINT, 0.22)
    return base


def _path(geometry: BaseGeometry, simplify: float) -> MplPath:
    """A matplotlib Path of a (Multi)Polygon, holes included."""
    from matplotlib.path import Path as MplPath
    from shapely.geometry.polygon import orient

    if simplify > 0:
        geometry = geometry.simplify(simplify, preserve_topology=True)
    polygons = getattr(geometry, "geoms", [geometry])
    parts = []
    for polygon in polygons:
        # Exterior counter-clockwise, holes clockwise: the non-zero fill rule leaves holes open.
        polygon = orient(polygon, 1.0)
        for ring in (polygon.exterior, *polygon.interiors):
            coords = list(ring.coords)
            codes = [MplPath.MOVETO] + [MplPath.LINETO] * (len(coords) - 2) + [MplPath.CLOSEPOLY]
            parts.append(MplPath(coords, codes))
    return MplPath.make_compound_path(*parts)


def _draw_zones(
    ax: Axes,
    board: Board,
    colours: Mapping[str, str] | None,
    highlight: set[str],
    simplify: float,
    dots: bool,
) -> None:
    from matplotlib.patches import PathPatch

    for zone in board.zones:
        if zone.geometry is None:
            continue  # a box: render_boxes draws it
        path = _path(zone.geometry, simplify)
        fill = zone_colour(zone, board.regions, colours)
        ax.add_patch(PathPatch(path, facecolor=fill, edgecolor="#555555", lw=0.5, zorder=1))
        # Hatching over the fill: grey stripes mark a borderland, brown dots a mountain.
        if zone.kind == _BORDERLAND:
            hatch, ink = "////", (0.35, 0.35, 0.35, 0.45)
        elif zone.terrain == _MOUNTAIN and dots:
            hatch, ink = "..", (0.4, 0.27, 0.1, 0.35)
        else:
            hatch = ""
        if hatch:
            ax.add_patch(
                PathPatch(path, facecolor="none", edgecolor=ink, hatch=hatch, lw=0, zorder=2)
            )
        if zone.name in highlight:
            ax.add_patch(PathPatch(path, facecolor="none", edgecolor=_HIGHLIGHT, lw=2.2, zorder=5))


def _draw_crossings(ax: Axes, board: Board) -> None:
    """The declared links between two polygons (Italia's straits) as red double arrows;
    links that touch a box are drawn as lines by render_boxes."""
    from matplotlib import patheffects
    from matplotlib.patches import FancyArrowPatch
    from shapely.ops import nearest_points

    if not board.meta.derive_links:
        return  # every link is declared: the shared borders show them
    for strait in board.declared_links:
        one, two = board[strait.a], board[strait.b]
        if one.geometry is None or two.geometry is None:
            continue
        p, q = nearest_points(one.geometry, two.geometry)
        (x1, y1), (x2, y2) = (p.x, p.y), (q.x, q.y)
        mx, my, dx, dy = (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1
        if math.hypot(dx, dy) < _STRAIT_MIN_DEG:
            # Across a narrow gap (Messana-Rhegium is a few km) the nearest points give no
            # meaningful direction: point from zone to zone instead, centred on the gap.
            (ax_, ay_), (bx_, by_) = one.anchor_point, two.anchor_point
            dx, dy = bx_ - ax_, by_ - ay_
        length = math.hypot(dx, dy)
        half = max(length, _STRAIT_MIN_DEG) / 2
        ux, uy = dx / length, dy / length
        ax.add_patch(
            FancyArrowPatch(
                (mx - ux * half, my - uy * half),
                (mx + ux * half, my + uy * half),
                arrowstyle="<|-|>,head_length=0.5,head_width=0.25",
                mutation_scale=10,
                color=_STRAIT,
                linewidth=1.3,
                shrinkA=0,
                shrinkB=0,
                path_effects=[patheffects.withStroke(linewidth=2.8, foreground="white")],
                zorder=6,
            )
        )


def _draw_corners(ax: Axes, board: Board) -> None:
    from shapely.ops import nearest_points

    for corner in board.corners:
        one, two = board[corner.a].geometry, board[corner.b].geometry
        if one is None or two is None:
            continue
        p, q = nearest_points(one, two)
        ax.plot(
            [(p.x + q.x) / 2],
            [(p.y + q.y) / 2],
            marker="X",
            color="black",
            markersize=5,
            markeredgecolor="white",
            markeredgewidth=0.6,
            zorder=6,
        )


def _draw_labels(ax: Axes, board: Board, fontsize: float, halo: bool) -> list[Text]:
    from matplotlib import patheffects

    # A white halo reads best, but path effects turn every glyph into a path; an SVG meant
    # to stay small (and searchable) gets a pale box behind plain text instead.
    style: dict[str, Any] = (
        {"path_effects": [patheffects.withStroke(linewidth=fontsize * 0.45, foreground="white")]}
        if halo
        else {"bbox": {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.7}}
    )
    return [
        ax.text(
            *zone.label_point,
            zone.name,
            fontsize=fontsize * (0.95 if zone.is_sea else 1.0),
            fontstyle="italic" if zone.is_sea else "normal",
            color="#1f4e79" if zone.is_sea else "#111111",
            ha="center",
            va="center",
            zorder=7,
            **style,
        )
        for zone in board.zones
        if zone.geometry is not None
    ]


def _separate_labels(fig: Figure, ax: Axes, texts: list[Text], rounds: int = 80) -> None:
    """Nudge overlapping names apart, along the axis where they overlap least.

    Label points come from the data and small neighbours (Neapolis, Samnium) can put two
    names on top of each other; a few pixels of shift keeps both readable.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    pad = 1.5  # pixels of clear space kept between two names
    for _ in range(rounds):
        boxes = [t.get_window_extent(renderer).padded(pad) for t in texts]
        shifts = [[0.0, 0.0] for _ in texts]
        for i, bi in enumerate(boxes):
            for j in range(i + 1, len(boxes)):
                bj = boxes[j]
                if not bi.overlaps(bj):
                    continue
                over_x = min(bi.x1 - bj.x0, bj.x1 - bi.x0)
                over_y = min(bi.y1 - bj.y0, bj.y1 - bi.y0)
                axis, over = (0, over_x) if over_x < over_y else (1, over_y)
                centre_i = (bi.x0 + bi.x1, bi.y0 + bi.y1)[axis]
                centre_j = (bj.x0 + bj.x1, bj.y0 + bj.y1)[axis]
                sign = 1.0 if centre_i >= centre_j else -1.0
                shifts[i][axis] += sign * (over / 2 + 0.5)
                shifts[j][axis] -= sign * (over / 2 + 0.5)
        if not any(dx or dy for dx, dy in shifts):
            return
        for text, (dx, dy) in zip(texts, shifts, strict=True):
            if dx or dy:
                x, y = ax.transData.transform(text.get_position())
                text.set_position(tuple(ax.transData.inverted().transform((x + dx, y + dy))))


def _region_sample(board: Board, region: str) -> Zone:
    """A zone showing the region's plain colour (a mountain zone's fill is shaded)."""
    members = [z for z in board.zones if z.region == region]
    plain = [z for z in members if z.kind == _BORDERLAND or z.terrain != _MOUNTAIN]
    return (plain or members)[0]


def _legend(
    fig: Figure,
    ax: Axes,
    board: Board,
    colours: Mapping[str, str] | None,
    fontsize: float,
    dots: bool,
) -> None:
    """A key of regions and symbols, in the page margin when there is room, else on the map."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    def swatch(fill: Any, hatch: str | None, label: str) -> Patch:
        return Patch(facecolor=fill, edgecolor="#555555", lw=0.5, hatch=hatch, label=label)

    handles: list[Any] = []
    for region in board.regions:
        sample = _region_sample(board, region)
        fill = zone_colour(sample, board.regions, colours)
        handles.append(swatch(fill, "////" if sample.kind == _BORDERLAND else None, region))
    if any(z.terrain == _MOUNTAIN and z.kind != _BORDERLAND for z in board.zones):
        fill = _blend("#ffffff", _MOUNTAIN_TINT, 0.22)
        handles.append(swatch(fill, ".." if dots else None, "mountain"))
    crossings = sorted({str(k.kind) for k in board.declared_links if board.meta.derive_links})
    for kind in crossings:
        arrow = r"$\leftrightarrow$"
        size = fontsize * 1.6
        handles.append(Line2D([], [], color=_STRAIT, marker=arrow, markersize=size, lw=0))
        handles[-1].set_label(kind)
    if board.corners:
        handles.append(Line2D([], [], color="black", marker="X", markersize=5, lw=0))
        handles[-1].set_label("corner: no passage")
    if not handles:
        return  # nothing to explain: no regions, mountains, crossings or corners

    # Try the map against the left edge: a tall map (Italia) leaves the key a margin of its own.
    ax.set_anchor("W")
    ax.apply_aspect()
    box = ax.get_position()
    margin_px = (1 - box.x1) * fig.get_figwidth() * fig.dpi
    if margin_px < 16 * fontsize * fig.dpi / 72:
        ax.set_anchor("C")
        ax.apply_aspect()
        ax.legend(handles=handles, loc="lower right", fontsize=fontsize, framealpha=0.85)
    else:
        anchor = (box.x1 + 0.005, box.y0)
        fig.legend(
            handles=handles,
            loc="lower left",
            bbox_to_anchor=anchor,
            fontsize=fontsize,
            frameon=False,
        )


def render_board(
    board: Board,
    path: str | Path | None = None,
    *,
    colours: Mapping[str, str] | None = None,
    highlight: Iterable[str] = (),
    title: str | None = None,
    figsize: tuple[float, float] = (8.0, 9.0),
    dpi: float = 200,
    fontsize: float = 6.0,
    simplify: float = 0.0,
    compact: bool = False,
) -> Figure:
    """Draw the board and return the matplotlib Figure; also save it to ``path`` if given.

    Zones are filled by region (seas pale blue, borderlands grey-striped, mountains shaded
    and dotted), straits are red double arrows, four-zone corners a black cross, and each
    name sits at the zone's label point. ``colours`` maps zone names or regions to fills;
    ``highlight`` zones get a red outline. ``simplify`` (degrees) thins the coastlines, for
    small pictures; ``compact=True`` keeps an SVG small: names on pale boxes instead of
    white halos (a halo turns each glyph into a path) and mountains shaded without dots
    (a dot hatch is thousands of circles).
    """
    from italia_kit.figure import KitFigure
    from italia_kit.geo.render_boxes import draw_boxes, render_boxes

    marked = {board.zone(name).name for name in highlight}
    colours = {**board.meta.colours, **(colours or {})}  # the caller's first, then the file's
    if all(z.geometry is None for z in board.zones):
        fig = render_boxes(
            board,
            colours=colours,
            highlight=marked,
            title=title,
            figsize=figsize,
            dpi=dpi,
            fontsize=fontsize,
        )
        if path is not None:
            fig.savefig(path, dpi=dpi)
        return fig
    fig = KitFigure(figsize=figsize, dpi=dpi)  # shows itself in a notebook cell
    ax = fig.add_axes((0.03, 0.01, 0.96, 0.94 if title else 0.98))
    _draw_zones(ax, board, colours, marked, simplify, dots=not compact)
    _draw_crossings(ax, board)
    _draw_corners(ax, board)
    texts = _draw_labels(ax, board, fontsize, halo=not compact)
    texts += draw_boxes(ax, board, colours, marked, fontsize)

    west, south, east, north = _bounds(board)
    pad = 0.01 * max(east - west, north - south)
    ax.set_xlim(west - pad, east + pad)
    ax.set_ylim(south - pad, north + pad)
    # Degrees of longitude shrink towards the poles; this keeps the shapes true at mid-map.
    ax.set_aspect(1 / math.cos(math.radians((south + north) / 2)))
    ax.set_axis_off()
    _legend(fig, ax, board, colours, fontsize, dots=not compact)
    _separate_labels(fig, ax, texts)
    fig.patch.set_facecolor("white")
    if title:
        box = ax.get_position()
        fig.suptitle(title, fontsize=fontsize * 2, x=(box.x0 + box.x1) / 2, y=0.985)
    if path is not None:
        fig.savefig(path, dpi=dpi)
    return fig


def _bounds(board: Board) -> tuple[float, float, float, float]:
    from italia_kit.geo.render_boxes import box_bounds

    boxes = [z.geometry.bounds if z.geometry is not None else box_bounds(board, z) for z in board]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def board_svg(board: Board) -> str:
    """The board as SVG text of modest size: thinned coastlines, text kept as text."""
    from matplotlib import rc_context

    fig = render_board(
        board,
        figsize=(6.0, 6.75),
        dpi=72,
        fontsize=5.0,
        simplify=0.02,
        compact=True,
        title=board.meta.title,
    )
    out = io.StringIO()
    with rc_context({"svg.fonttype": "none"}):
        fig.savefig(out, format="svg")
    return out.getvalue()


def board_png(board: Board) -> bytes:
    """The board as PNG bytes, about 600x675 pixels."""
    fig = render_board(
        board, figsize=(6.0, 6.75), dpi=100, fontsize=5.0, simplify=0.01, title=board.meta.title
    )
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()
