"""Where the names and the unit stacks of a geographic board go, so that none covers another.

A map of 48 zones at the zoom it opens with has little room: a stack hung beside its zone's
anchor covers the neighbour's name, or another stack. :class:`LabelLayout` places every
zone name and every stack label itself, in screen pixels at the map's first zoom (Web
Mercator, as Leaflet draws): each box goes to the point of its own zone nearest to where the
board file wants it (``label_at``, ``stack_at``) at which the box stays inside the zone and
overlaps no box placed before it; where no such point exists (a large stack in a small
zone), to the point inside the zone where it overlaps least. Zooming in only spreads the
boxes apart, so what does not overlap at the first zoom never does.

The sizes of the boxes are measured with the DejaVu Sans metrics matplotlib ships (the
font the map's CSS asks for; its condensed cut, used for the stacks where the browser has
it, is narrower, so the estimate errs on the safe side).

>>> 30 < text_width("Rome", 11, bold=True) < 40  # four letters of 11 px bold
True
>>> text_width("Rome", 11, bold=True) > text_width("Rome", 11)
True
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon

from italia_kit.widgets.presenter import GeoBoard, LocationView

__all__ = ["LabelLayout", "Placed", "label_size", "stack_size", "text_width"]

LatLng = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels
Point = tuple[float, float]

#: Pixels kept free between two boxes.
GAP = 2.0
#: The raster a zone is tested on, in pixels (candidate centres are every other cell).
CELL = 2.0
#: How far from where the board wants it a box may go, in pixels.
REACH = 110.0
#: How many of a name's best places are tried with the zone's stack beside it.
PAIRS = 16
#: Rounds of laying out again the zones whose boxes overlap others'.
REPAIRS = 3
#: A pair of boxes costing less than this fits and overlaps nothing (the cost is then
#: the pixels each lies from where the board wants it).
FREE = 2 * REACH
#: What a stack seeming to belong to another zone (centred over it) costs: as much as
#: 20 px^2 of overlap, more than any place inside its own zone or off the board.
ELSEWHERE = 20_000.0
#: About how many candidate centres a zone has at most.
MAX_POINTS = 700

# the CSS of style.CSS, in pixels: zone names 11 px bold (line 1.1), stacks 10.5 px
# (line 1.25) with a 5 px colour strip, 2 + 3 px padding and a 1 px border
NAME_PX, NAME_LINE = 11.0, 1.1
STACK_PX, STACK_LINE = 10.5, 1.25
STACK_EXTRA = 5 + 2 + 3 + 2
MARK_PX = 10.0  # a city or ruin square and its margin


@lru_cache(maxsize=4)
def _font(bold: bool, italic: bool) -> object:
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    props = font_manager.FontProperties(
        family="DejaVu Sans",
        weight="bold" if bold else "normal",
        style="italic" if italic else "normal",
    )
    return FT2Font(font_manager.findfont(props, fallback_to_default=True))


@lru_cache(maxsize=4096)
def text_width(text: str, px: float, *, bold: bool = False, italic: bool = False) -> float:
    """The width in pixels of ``text`` set in DejaVu Sans at ``px`` pixels."""
    font = _font(bold, italic)
    font.set_size(px, 72)  # type: ignore[attr-defined]
    font.set_text(text, 0.0)  # type: ignore[attr-defined]
    width, _height = font.get_width_height()  # type: ignore[attr-defined]
    return float(width) / 64.0


_TAG = re.compile(r"<[^>]+>")


def _plain(fragment: str) -> str:
    return html.unescape(_TAG.sub("", fragment))


def label_size(label: str) -> tuple[float, float]:
    """The box of a zone name's HTML (``ik-label``; ``ik-sea`` is set upright-italic)."""
    italic = "ik-sea" in label
    width = text_width(_plain(label), NAME_PX, bold=not italic, italic=italic)
    width += MARK_PX * (label.count("ik-city") + label.count("ik-ruin"))
    return width + 2.0, NAME_PX * NAME_LINE + 1.0


def stack_size(view: LocationView) -> tuple[float, float]:
    """The box of a location's stack marker (``ik-stack``), (0, 0) without one."""
    if not view.stack:
        return 0.0, 0.0
    widths = [
        text_width(line.who + " ", STACK_PX, bold=True) * bool(line.who)
        + text_width(line.text, STACK_PX)
        for line in view.stack
    ]
    lines = len(view.stack)
    if view.alert_short:
        widths.append(text_width("⚠ " + view.alert_short, STACK_PX, bold=True))
        lines += 1
    border = 4.0 if view.alert else 2.0
    return max(widths) + STACK_EXTRA + border, lines * STACK_PX * STACK_LINE + border


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a layout put a location's name and stack (their centres, as lat/lng)."""

    label: LatLng
    stack: LatLng


class _Zone:
    """One zone rasterised at :data:`CELL` pixels: which cells are inside it, as a summed
    area table, so that how much of any box lies outside is a few array lookups."""

    def __init__(
        self,
        shape: MultiPolygon | Polygon,
        want: tuple[tuple[float, float], ...],
        others: shapely.Geometry | None = None,
    ):
        minx, miny, maxx, maxy = shape.bounds
        self.x0, self.y0 = minx - REACH, miny - REACH  # room for boxes spilling over
        nx = int((maxx - minx + 2 * REACH) / CELL) + 1
        ny = int((maxy - miny + 2 * REACH) / CELL) + 1
        xs = self.x0 + (np.arange(nx) + 0.5) * CELL
        ys = self.y0 + (np.arange(ny) + 0.5) * CELL
        gx, gy = np.meshgrid(xs, ys)
        inside: np.ndarray = np.asarray(shapely.contains_xy(shape, gx, gy), dtype=bool)
        self.table = np.zeros((ny + 1, nx + 1), dtype=np.int32)
        self.table[1:, 1:] = inside.cumsum(0).cumsum(1)
        # candidate centres: every other cell inside, near where the board wants the boxes
        near = np.zeros_like(inside)
        for wx, wy in want:
            near |= np.hypot(gx - wx, gy - wy) <= REACH
        keep: np.ndarray = inside & near
        if not keep.any():
            keep = inside
        # every other cell, or sparser in a large zone: a few hundred candidates at most
        stride = max(2, int(math.sqrt(keep.sum() / MAX_POINTS)) + 1)
        sparse = np.zeros_like(keep)
        sparse[::stride, ::stride] = True
        if (keep & sparse).any():
            keep &= sparse
        # and, sparser, the cells near the wanted points outside the zone: a stack too large
        # for its zone, or for the room its neighbours leave, goes beside it rather than
        # over another box: off the board (the open sea) if it can, over a neighbour zone,
        # which it would seem to belong to, only at the cost of ELSEWHERE; the cost of every
        # cell it has outside keeps it inside whenever it fits there
        beside = near & ~inside
        step = max(3, int(math.sqrt(beside.sum() / (MAX_POINTS / 2))) + 1)
        sparse_beside = np.zeros_like(beside)
        sparse_beside[::step, ::step] = True
        beside &= sparse_beside
        self.points = np.column_stack(
            [np.concatenate([gx[keep], gx[beside]]), np.concatenate([gy[keep], gy[beside]])]
        )  # a zone's own candidates first, then those beside it
        #: the first ``inside`` points are the zone's own (a name, which says which zone it
        #: is, stays on them), the others beside it (for a stack)
        self.inside = int(keep.sum())
        if not self.inside:  # a zone thinner than a cell at this zoom: where the board wants
            self.points = np.array(want, dtype=float)
            self.inside = len(self.points)
        #: what a stack centred at each point costs for seeming to be another zone's
        self.elsewhere = np.zeros(len(self.points))
        if others is not None and len(self.points) > self.inside:
            rest = self.points[self.inside :]
            over = shapely.contains_xy(others, rest[:, 0], rest[:, 1])
            self.elsewhere[self.inside :] = np.where(over, ELSEWHERE, 0.0)
        self.bounds = (xs[0] - CELL, ys[0] - CELL, xs[-1] + CELL, ys[-1] + CELL)

    def outside(self, points: np.ndarray, w: float, h: float) -> np.ndarray:
        """For boxes of w x h centred at ``points``: how many of their cells are outside."""
        ny, nx = self.table.shape[0] - 1, self.table.shape[1] - 1
        i0 = np.clip(((points[:, 0] - w / 2 - self.x0) / CELL).round().astype(int), 0, nx)
        i1 = np.clip(((points[:, 0] + w / 2 - self.x0) / CELL).round().astype(int), 0, nx)
        j0 = np.clip(((points[:, 1] - h / 2 - self.y0) / CELL).round().astype(int), 0, ny)
        j1 = np.clip(((points[:, 1] + h / 2 - self.y0) / CELL).round().astype(int), 0, ny)
        t = self.table
        inside = t[j1, i1] - t[j0, i1] - t[j1, i0] + t[j0, i0]
        return np.asarray((i1 - i0) * (j1 - j0) - inside, dtype=float)


def _overlap(points: np.ndarray, w: float, h: float, boxes: list[Box]) -> np.ndarray:
    """The area w x h boxes centred at ``points`` share with ``boxes``."""
    if not boxes:
        return np.zeros(len(points))
    placed = np.array(boxes)
    x0 = points[:, :1] - w / 2
    y0 = points[:, 1:] - h / 2
    ox = np.clip(np.minimum(x0 + w, placed[:, 2]) - np.maximum(x0, placed[:, 0]), 0, None)
    oy = np.clip(np.minimum(y0 + h, placed[:, 3]) - np.maximum(y0, placed[:, 1]), 0, None)
    return np.asarray((ox * oy).sum(axis=1))


def _padded(size: tuple[float, float]) -> tuple[float, float]:
    return size[0] + GAP, size[1] + GAP


def _hits(box: Box, boxes: list[Box]) -> bool:
    """Whether ``box`` overlaps one of ``boxes`` as :func:`_overlapping` counts it (boxes
    with their gap around them: touching is fine)."""
    if not boxes:
        return False
    arr = np.array(boxes)
    ox = np.minimum(arr[:, 2], box[2]) - np.maximum(arr[:, 0], box[0])
    oy = np.minimum(arr[:, 3], box[3]) - np.maximum(arr[:, 1], box[1])
    return bool(((ox > GAP) & (oy > GAP)).any())


def _box(x: float, y: float, w: float, h: float) -> Box:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


class LabelLayout:
    """The names and stacks of a :class:`GeoBoard` laid out at ``zoom``."""

    def __init__(self, board: GeoBoard, zoom: float) -> None:
        self.zoom = zoom
        self._scale = 256.0 * 2.0**zoom
        self.shapes: dict[str, MultiPolygon | Polygon] = {}
        self._want: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
        self._zones: dict[str, _Zone] = {}
        self._cache: dict[tuple[object, ...], tuple[Point | None, Point | None]] = {}
        for area in board.areas:
            polys = [
                Polygon(
                    [self.pixel(lon, lat) for lon, lat in poly[0]],
                    [[self.pixel(lon, lat) for lon, lat in hole] for hole in poly[1:]],
                )
                for poly in area.polygons
            ]
            self.shapes[area.name] = polys[0] if len(polys) == 1 else MultiPolygon(polys)
            self._want[area.name] = (self.pixel(*area.label_at), self.pixel(*area.stack_at))
        # the order zones are laid out in: the smallest (least room) first
        self._order = sorted(self.shapes, key=lambda n: self.shapes[n].area)
        #: the zones whose boxes still overlapped others' after the last :meth:`place`, or
        #: whose stack went beside the zone though it would fit inside (none: every name
        #: and stack is readable at this zoom, each in its zone or as near as it fits)
        self.crowded: tuple[str, ...] = ()
        self._board_shape: shapely.Geometry | None = None  # all zones as one (_others)

    # -- projection ------------------------------------------------------------------------
    def pixel(self, lon: float, lat: float) -> tuple[float, float]:
        """Web Mercator pixels at the layout's zoom (y grows downwards)."""
        s = self._scale
        phi = math.radians(lat)
        return s * (lon + 180.0) / 360.0, s * (1.0 - math.asinh(math.tan(phi)) / math.pi) / 2.0

    def latlng(self, x: float, y: float) -> LatLng:
        """The inverse of :meth:`pixel`, as Leaflet's (lat, lng)."""
        s = self._scale
        lon = x / s * 360.0 - 180.0
        lat = math.degrees(math.atan(math.sinh(math.pi * (1.0 - 2.0 * y / s))))
        return lat, lon

    def zone(self, name: str) -> _Zone:
        found = self._zones.get(name)
        if found is None:  # rasterised when first needed
            found = self._zones[name] = _Zone(
                self.shapes[name], self._want[name], self._others(name)
            )
        return found

    def _others(self, name: str) -> shapely.Geometry | None:
        """Where ``name``'s stack beside it would seem another zone's: the board's zones as
        one shape, made once per layout (the points it is asked about lie outside ``name``
        itself, so the zone's own part of it does not matter)."""
        if self._board_shape is None and self.shapes:
            self._board_shape = shapely.union_all(list(self.shapes.values()))
            shapely.prepare(self._board_shape)
        return self._board_shape

    # -- the layout ---------------------------------------------------------------------------
    def place(
        self,
        labels: Mapping[str, tuple[float, float]],
        stacks: Mapping[str, tuple[float, float]],
        *,
        repairs: int = REPAIRS,
    ) -> dict[str, Placed]:
        """Centres for every name (``labels``: location to box size) and every stack
        (``stacks``: location to box size; a location without a stack is left out).

        Zone by zone, the smallest first: the name and the stack together, each as near as
        may be to where the board wants it, inside the zone, overlapping nothing placed.
        Then the zones whose boxes still overlap others' are laid out again against all the
        others, trying more places (a few rounds at most), and if some still do, a few rounds
        more in which their stacks may go beside their zones (off the board, or, at a cost,
        over a neighbour). ``repairs`` is how many rounds of each (:meth:`thin` needs none:
        it leaves out the names that still overlap).
        """
        sizes = {
            name: (labels.get(name), stacks.get(name) if stacks.get(name, (0, 0))[0] > 0 else None)
            for name in self._order
        }
        at: dict[str, tuple[Point | None, Point | None]] = {}
        own: dict[str, list[Box]] = {}
        for name in self._order:
            others = [b for boxes in own.values() for b in boxes]
            at[name], own[name] = self._pair(name, *sizes[name], others, PAIRS)
        for _round in range(repairs):
            crowded = _overlapping(own)
            if not crowded:
                break
            for name in crowded:
                others = [b for n, boxes in own.items() if n != name for b in boxes]
                at[name], own[name] = self._pair(name, *sizes[name], others, PAIRS * 4)
        for _round in range(repairs):  # still crowded: a stack may go beside its zone
            crowded = _overlapping(own)
            if not crowded:
                break
            for name in crowded:
                others = [b for n, boxes in own.items() if n != name for b in boxes]
                at[name], own[name] = self._pair(name, *sizes[name], others, PAIRS * 4, beside=True)
        self.crowded = tuple(dict.fromkeys([*_overlapping(own), *self._pushed_out(at, sizes)]))
        out = {}
        for name in self._order:
            label_want, stack_want = self._want[name]
            at_label, at_stack = at[name]
            out[name] = Placed(
                self.latlng(*(at_label or label_want)), self.latlng(*(at_stack or stack_want))
            )
        return out

    def thin(
        self,
        labels: Mapping[str, tuple[float, float]],
        stacks: Mapping[str, tuple[float, float]],
        priority: Sequence[str],
    ) -> tuple[dict[str, Placed], tuple[str, ...]]:
        """The layout of a zoom too far out for every name. Every name and stack is laid out
        as :meth:`place` lays them out, without its repairs; every stack is kept (units are
        never hidden: stacks overlapping there are laid out again against the other stacks
        alone, as the repairs do); then the names are taken in
        the order of ``priority``, each kept where that layout put it if it overlaps no box
        kept before it, else at its best place in its zone against the boxes kept, else
        left out. Returns the centres (a name left out keeps where the board wants it) and
        the names left out, in the board's order.

        After it, :attr:`crowded` names the zones whose boxes kept still overlap (only
        stacks can).
        """
        placed = self.place(labels, stacks, repairs=1)  # the repairs cost most, far out
        shown_stacks = [n for n in self._order if stacks.get(n, (0.0, 0.0))[0] > 0]
        kept = {n: [self._pixel_box(placed[n].stack, stacks[n])] for n in shown_stacks}
        for _round in range(REPAIRS):  # stacks pushed onto each other by names: stacks alone
            crowded = _overlapping(kept)
            if not crowded:
                break
            for name in crowded:
                others = [b for n, boxes in kept.items() if n != name for b in boxes]
                (_, at), kept[name] = self._pair(
                    name, None, stacks[name], others, PAIRS * 4, beside=True
                )
                assert at is not None  # a stack is always placed somewhere
                placed[name] = Placed(placed[name].label, self.latlng(*at))
        crowded = _overlapping(kept)
        boxes = [b for found in kept.values() for b in found]
        shown: set[str] = set()
        for name in dict.fromkeys(priority):
            size = labels.get(name)
            if size is None or name not in self.shapes:
                continue
            box = self._pixel_box(placed[name].label, size)
            if _hits(box, boxes):
                (at, _), mine = self._pair(name, size, None, boxes, PAIRS)
                if at is None or _hits(mine[0], boxes):
                    continue
                placed[name] = Placed(self.latlng(*at), placed[name].stack)
                box = mine[0]
            boxes.append(box)
            shown.add(name)
        self.crowded = tuple(crowded)
        hidden = tuple(n for n in self.shapes if n in labels and n not in shown)
        return placed, hidden

    def _pixel_box(self, where: LatLng, size: tuple[float, float]) -> Box:
        """The box (with its gap) of a ``size`` centred at ``where`` (lat, lng)."""
        return _box(*self.pixel(where[1], where[0]), *_padded(size))

    def _pushed_out(
        self,
        at: Mapping[str, tuple[Point | None, Point | None]],
        sizes: Mapping[str, tuple[tuple[float, float] | None, tuple[float, float] | None]],
    ) -> list[str]:
        """The zones whose stack is centred outside the zone although the zone, empty,
        would hold at least half of it (as a stack hung inside it may spill over its edge):
        crowded out by its neighbours, not too large for its zone."""
        out = []
        for name, (_label_at, stack_at) in at.items():
            stack = sizes[name][1]
            if stack_at is None or stack is None:
                continue
            if shapely.contains_xy(self.shapes[name], *stack_at):
                continue
            zone = self.zone(name)
            own_points = zone.points[: zone.inside]
            w, h = stack[0] + GAP, stack[1] + GAP
            if zone.outside(own_points, w, h).min() * CELL * CELL <= w * h / 2:
                out.append(name)
        return out

    def _pair(
        self,
        name: str,
        label: tuple[float, float] | None,
        stack: tuple[float, float] | None,
        boxes: list[Box],
        pairs: int,
        beside: bool = False,
    ) -> tuple[tuple[Point | None, Point | None], list[Box]]:
        """A zone's name and stack placed against ``boxes``, and their boxes (remembered for
        the same sizes and the same boxes nearby)."""
        zone = self.zone(name)
        label_want, stack_want = self._want[name]
        bx0, by0, bx1, by1 = zone.bounds
        near = [b for b in boxes if b[0] < bx1 and bx0 < b[2] and b[1] < by1 and by0 < b[3]]
        key = (name, label, stack, tuple(near), pairs, beside)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._pair_in(
                zone, label, stack, near, label_want, stack_want, pairs, beside
            )
        mine = [
            _box(*where, size[0] + GAP, size[1] + GAP)
            for size, where in zip((label, stack), found, strict=True)
            if size is not None and where is not None
        ]
        return found, mine

    def _pair_in(
        self,
        zone: _Zone,
        label: tuple[float, float] | None,
        stack: tuple[float, float] | None,
        boxes: list[Box],
        label_want: Point,
        stack_want: Point,
        pairs: int,
        beside: bool,
    ) -> tuple[Point | None, Point | None]:
        """:meth:`_pair`'s search: the name's ``pairs`` best places, each with the stack's
        best place beside it (the first pair overlapping nothing wins)."""
        points = zone.points
        boxes = list(boxes)

        def costs(
            size: tuple[float, float], want: Point, extra: list[Box]
        ) -> tuple[np.ndarray, float, float]:
            w, h = size[0] + GAP, size[1] + GAP
            dist = np.hypot(points[:, 0] - want[0], points[:, 1] - want[1])
            cost = (
                _overlap(points, w, h, boxes + extra) * 1000.0
                + zone.outside(points, w, h) * CELL * CELL * 20.0
                + zone.elsewhere
                + dist
            )
            if not beside:  # (a name never goes beside its zone)
                cost[zone.inside :] = np.inf
            return cost, w, h

        at_label = at_stack = None
        if label is not None:
            cost, w, h = costs(label, label_want, [])
            cost[zone.inside :] = np.inf  # a name stays in its own zone
            if stack is None:
                best = int(np.argmin(cost))
            else:  # try the names' best places, each with the stack's best place beside it
                total = np.full(len(points), np.inf)
                tried = np.argsort(cost)[:pairs]
                stack_of: dict[int, int] = {}
                for k in tried:
                    x, y = points[k]
                    s_cost, _sw, _sh = costs(stack, stack_want, [_box(x, y, w, h)])
                    j = int(np.argmin(s_cost))
                    total[k] = cost[k] + s_cost[j]
                    stack_of[int(k)] = j
                    if total[k] < FREE:  # both fit, overlapping nothing: near enough
                        break
                best = int(np.argmin(total))
                j = stack_of[best]
                sw, sh = stack[0] + GAP, stack[1] + GAP
                at_stack = (float(points[j, 0]), float(points[j, 1]))
                boxes.append(_box(*at_stack, sw, sh))
            at_label = (float(points[best, 0]), float(points[best, 1]))
            boxes.append(_box(*at_label, w, h))
        elif stack is not None:
            cost, sw, sh = costs(stack, stack_want, [])
            j = int(np.argmin(cost))
            at_stack = (float(points[j, 0]), float(points[j, 1]))
            boxes.append(_box(*at_stack, sw, sh))
        return at_label, at_stack


def _overlapping(own: Mapping[str, list[Box]]) -> list[str]:
    """The zones one of whose boxes overlaps a box of another zone or its own other box."""
    flat = [(name, box) for name, boxes in own.items() for box in boxes]
    if len(flat) < 2:
        return []
    arr = np.array([b for _, b in flat])
    ox = np.minimum(arr[:, None, 2], arr[None, :, 2]) - np.maximum(arr[:, None, 0], arr[None, :, 0])
    oy = np.minimum(arr[:, None, 3], arr[None, :, 3]) - np.maximum(arr[:, None, 1], arr[None, :, 1])
    hit = (ox > GAP) & (oy > GAP)  # boxes carry a gap of GAP around them: touching is fine
    np.fill_diagonal(hit, False)
    rows = np.nonzero(hit.any(axis=1))[0]
    return list(dict.fromkeys(flat[i][0] for i in rows))


def boxes_overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether two boxes ``(x0, y0, x1, y1)`` overlap (touching is not overlapping)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
