"""What a game tells the generic views about how it looks: the :class:`MapPresenter`.

The map view (:class:`~italia_kit.widgets.mapview.MapView`) and the turn stepper know no
game. A game's presenter tells them

- the board to draw, once: a :class:`GeoBoard` of :class:`Area` polygons in lon/lat (drawn
  on a geographic map), or a :class:`BoxBoard` of :class:`Box` es joined by :class:`Line` s
  (drawn on a plain board without map tiles);
- what every location shows now (:meth:`MapPresenter.snapshot`): a frozen
  :class:`LocationView` (style, label, stack, tooltip, a warning), and which locations
  changed since an earlier snapshot (:meth:`MapPresenter.changed`), so that a refresh
  re-sends only those;
- the lines of a location's click details, the legend, and for the stepper the moment of
  the game (turn, whose turn, phase), a phase's name in the rulebook and a mover's colour;
- the seats that have left the game (:meth:`MapPresenter.seats_out`: Renaissance's
  eliminated powers), each with when and why in the rules' words, which the stepper's
  header and the classroom app's seat list show;
- optionally a :class:`GamePanel` of its own that the stepper shows under the map
  (:meth:`MapPresenter.panel`: Agricola's battle on its Tactical Display), refreshed after
  every step like the map.

A game names its presenter in its spec (``GameSpec.presenter``, ``"module:callable"``,
called with the game); :func:`presenter_for` finds it through the registry. A presenter is
a view: it asks the game's engine and describes the answer, it decides no rule.
:class:`BasePresenter` gives the defaults a simple game needs.

>>> view = LocationView(ZoneStyle("#e03a3a"), "<b>Rome</b>", (StackLine("red", "2 leg"),), "2 leg")
>>> view.tooltip, LocationView(ZoneStyle("#fff"), "", alert="too many").tooltip
('2 leg', 'too many')
"""

from __future__ import annotations

import abc
import importlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

from italia_kit.core import Action, Game
from italia_kit.core.save import ref_of
from italia_kit.widgets.style import ZoneStyle

if TYPE_CHECKING:
    from italia_kit.geo import Board as GeoData
    from italia_kit.geo import Zone

__all__ = [
    "Area",
    "BasePresenter",
    "Board",
    "Box",
    "BoxBoard",
    "GamePanel",
    "GeoBoard",
    "Line",
    "LocationView",
    "MapPresenter",
    "Moment",
    "NoPresenterError",
    "StackLine",
    "area_of",
    "box_board_of",
    "load_presenter",
    "presenter_for",
]

LonLat = tuple[float, float]
Ring = tuple[LonLat, ...]


# -- the board, drawn once ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Area:
    """A location drawn as polygons on a geographic map.

    ``polygons`` are ``(outer ring, hole, ...)`` tuples of ``(lon, lat)`` points (a ring is
    not closed: its last point is not its first); the name is written at ``label_at`` and
    the stack hangs from ``stack_at`` on ``stack_side`` (``ik-right``, ``ik-left``,
    ``ik-above``, ``ik-below``: the CSS classes of :data:`~italia_kit.widgets.style.CSS`).
    """

    name: str
    polygons: tuple[tuple[Ring, ...], ...]
    label_at: LonLat
    stack_at: LonLat
    stack_side: str = "ik-right"


@dataclass(frozen=True, slots=True)
class GeoBoard:
    """A board of areas on a geographic map.

    ``zoom`` and ``center`` (lat, lon) frame it until the browser tells the map's size; then
    the map shows as much of the board as fits at a zoom its labels stay readable
    (:mod:`~italia_kit.widgets.framing`), centred on ``center`` when that is not the whole
    board. ``fit=False`` keeps ``center`` and ``zoom`` as they are (a board that must open
    on one part of itself). ``readable_from`` raises the readable zoom the layout finds for
    the opening's stacks to what a game's later, larger stacks need (measured by the game).
    """

    areas: tuple[Area, ...]
    center: tuple[float, float]
    zoom: float
    min_zoom: float = 4
    max_zoom: float = 10
    fit: bool = True
    readable_from: float | None = None


@dataclass(frozen=True, slots=True)
class Box:
    """A location drawn as a rectangle: ``x``, ``y`` its top left corner, ``w``, ``h`` its
    size, in board units (``y`` grows downwards, as on a page)."""

    name: str
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True, slots=True)
class Line:
    """A connection drawn between two boxes; ``double`` draws it as two parallel lines (a
    board's second kind of connection: a strait, a road, a river)."""

    a: str
    b: str
    double: bool = False


@dataclass(frozen=True, slots=True)
class BoxBoard:
    """A board without geography: boxes joined by lines, drawn on a plain background."""

    boxes: tuple[Box, ...]
    lines: tuple[Line, ...] = ()

    def bounds(self) -> tuple[float, float, float, float]:
        """``(min x, min y, max x, max y)`` of the boxes."""
        return (
            min(b.x for b in self.boxes),
            min(b.y for b in self.boxes),
            max(b.x + b.w for b in self.boxes),
            max(b.y + b.h for b in self.boxes),
        )


Board = GeoBoard | BoxBoard


# -- what a location shows now ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StackLine:
    """One line of a location's stack marker: ``text`` on a strip of ``colour`` (a player
    colour of the palette, or a ``#rrggbb`` fill), after ``who`` in bold if it is given
    (several owners share the location: name them)."""

    colour: str
    text: str
    who: str = ""


@dataclass(frozen=True, slots=True)
class LocationView:
    """What the map shows of one location; two snapshots compare these to find what changed.

    ``label`` is the HTML of the permanent label; ``stack`` the lines of the stack marker
    (none: no marker); ``text`` the stack as plain text; ``alert`` a warning the location is
    highlighted for (the hover text and a line of the details), ``alert_short`` its line in
    the stack marker.
    """

    style: ZoneStyle
    label: str
    stack: tuple[StackLine, ...] = ()
    text: str = ""
    alert: str | None = None
    alert_short: str | None = None

    @property
    def tooltip(self) -> str:
        """The hover text of the location's stack."""
        return self.alert or self.text


class Moment(NamedTuple):
    """Where a game stands, as the stepper's buttons count it: the turn, whose turn it is
    (the mover: Italia's nation playing) and the phase."""

    turn: int
    mover: str
    phase: str


# -- the protocol -------------------------------------------------------------------------------
class GamePanel(Protocol):
    """A game's own view under the map (Agricola's battles on the Tactical Display): a
    widget the stepper places under the map and refreshes after each step. A view, like the
    presenter that made it: it shows the game, it decides no rule and changes nothing."""

    @property
    def widget(self) -> Any:
        """The ipywidgets widget to show."""
        ...

    def refresh(self, game: Game[Any]) -> None:
        """Show ``game`` as it is now (after a step, an undo or a jump)."""
        ...


@runtime_checkable
class MapPresenter(Protocol):
    """How one game's board looks; the map view and the stepper ask nothing else.

    ``mover_noun`` names whose turn it is on the stepper's button (``next nation``).
    """

    mover_noun: str

    def board(self) -> Board:
        """The shapes to draw: asked once, when the map is built."""
        ...

    def location(self, name: str) -> str:
        """The location's own name for a name a person typed (any case); raise
        ``KeyError`` or ``ValueError`` naming the known ones for an unknown name."""
        ...

    def snapshot(self, game: Game[Any]) -> Mapping[str, LocationView]:
        """What every location of :meth:`board` shows in ``game`` now."""
        ...

    def changed(
        self, before: Mapping[str, LocationView], now: Mapping[str, LocationView]
    ) -> Iterable[str]:
        """The locations whose view differs between two snapshots (all, if ``before`` is
        empty): the map re-sends only these."""
        ...

    def describe(self, game: Game[Any], name: str) -> list[str]:
        """A location's details, one plain sentence a line; the first line is the title."""
        ...

    def legend(self, game: Game[Any]) -> str:
        """The legend under the map, as HTML."""
        ...

    def moment(self, state: Any) -> Moment:
        """Turn, mover and phase of a state (asked after every action the stepper plays)."""
        ...

    def phase_label(self, phase: str) -> str:
        """A phase as the rulebook names it."""
        ...

    def colour_of(self, game: Game[Any], mover: str) -> str:
        """The player colour of a mover for the stepper's header ("" for none)."""
        ...

    def last_turn(self, game: Game[Any]) -> int | None:
        """The last turn of the game, if it has one (the stepper's *jump to turn*)."""
        ...

    def action_text(self, game: Game[Any], action: Action) -> str:
        """A legal action as a sentence (the list a seat played by hand chooses from)."""
        ...

    def action_locations(self, game: Game[Any], action: Action) -> tuple[str, ...]:
        """The locations an action concerns (the map outlines them when it is chosen)."""
        ...

    def panel(self, game: Game[Any]) -> GamePanel | None:
        """A view of the game's own for the stepper to show under the map, or None."""
        ...

    def seats_out(self, game: Game[Any]) -> Mapping[str, str]:
        """The seats that have left ``game`` (eliminated), each with a short note of when
        and by which rule (``eliminated in Autumn 1456 (PLAYER ELIMINATION)``); empty while
        every seat plays on."""
        ...


class BasePresenter(abc.ABC):
    """Defaults for a presenter: the generic moment (``state.turn``, ``state.actor``,
    ``state.phase``), phases named as the state names them, no colours, no last turn, no
    seat ever out of the game, and snapshots compared location by location. A game gives
    its :meth:`board` and overrides what it knows better."""

    mover_noun = "player"

    def location(self, name: str) -> str:
        names = {n.lower(): n for n in _board_names(self.board())}
        found = names.get(name.strip().lower())
        if found is None:
            raise KeyError(f"no location {name!r}; known: {', '.join(sorted(names.values()))}")
        return found

    @abc.abstractmethod
    def board(self) -> Board:
        """The board to draw, asked once: areas in lon/lat, or boxes and lines."""

    def changed(
        self, before: Mapping[str, LocationView], now: Mapping[str, LocationView]
    ) -> Iterable[str]:
        return [name for name, view in now.items() if before.get(name) != view]

    def legend(self, game: Game[Any]) -> str:
        return ""

    def moment(self, state: Any) -> Moment:
        return Moment(state.turn, state.actor, state.phase)

    def phase_label(self, phase: str) -> str:
        return phase

    def colour_of(self, game: Game[Any], mover: str) -> str:
        return ""

    def last_turn(self, game: Game[Any]) -> int | None:
        return None

    def action_text(self, game: Game[Any], action: Action) -> str:
        return str(action)

    def panel(self, game: Game[Any]) -> GamePanel | None:
        return None

    def seats_out(self, game: Game[Any]) -> Mapping[str, str]:
        return {}

    def action_locations(self, game: Game[Any], action: Action) -> tuple[str, ...]:
        """The board's locations among the action's fields (texts, or tuples of texts)."""
        names = set(_board_names(self.board()))
        found: list[str] = []
        for name in getattr(action, "__dataclass_fields__", {}):
            value = getattr(action, name)
            values = value if isinstance(value, tuple) else (value,)
            found += [v for v in values if isinstance(v, str) and v in names]
        return tuple(dict.fromkeys(found))


def _board_names(board: Board) -> list[str]:
    if isinstance(board, GeoBoard):
        return [a.name for a in board.areas]
    return [b.name for b in board.boxes]


# -- helpers for presenters of geographic boards --------------------------------------------------
def area_of(zone: Zone) -> Area:
    """A zone of a geographic board (:mod:`italia_kit.geo`) as an :class:`Area`: its
    polygons rounded to 4 decimals (10 m: far below a pixel), its label and anchor points.

    The geodata puts the anchor beside the label (``docs/geodata-format.md``); a stack label
    is wider than that gap, so it hangs from the anchor away from the name.
    """
    geom = zone.geometry
    polygons = list(geom.geoms) if geom.geom_type == "MultiPolygon" else [geom]
    shapes = tuple(
        tuple(
            tuple((round(x, 4), round(y, 4)) for x, y in ring.coords[:-1])
            for ring in (poly.exterior, *poly.interiors)
        )
        for poly in polygons
    )
    (lx, ly), (ax, ay) = zone.label_point, zone.anchor_point
    dx = (ax - lx) * math.cos(math.radians(ly))
    dy = ay - ly
    if abs(dx) >= abs(dy):
        side = "ik-right" if dx >= 0 else "ik-left"
    else:
        side = "ik-above" if dy > 0 else "ik-below"
    return Area(zone.name, shapes, zone.label_point, zone.anchor_point, side)


def box_board_of(board: GeoData) -> BoxBoard:
    """A board of boxes of the zone model (:mod:`italia_kit.geo`, ``docs/geodata-format.md``)
    as a :class:`BoxBoard`: each box at its position and size, a line per link, doubled for
    a link kind declared ``line: double``. A sub-location drawn at its parent's place (a city
    inside a province) is no box of its own; its links are drawn from the parent.
    """
    from italia_kit.geo.render_boxes import box_bounds, drawn

    boxes = []
    for zone in board:
        if drawn(board, zone):
            left, top, right, bottom = box_bounds(board, zone)  # y grows downwards here
            boxes.append(Box(zone.name, left, top, right - left, bottom - top))
    shown = {b.name for b in boxes}

    def end(name: str) -> str:
        return name if name in shown else board.top_of(name)

    kinds = board.vocabulary.link_kinds
    lines = [
        Line(end(k.a), end(k.b), double=kinds[k.kind].line == "double")
        for k in board.links
        if end(k.a) != end(k.b)
    ]
    return BoxBoard(tuple(boxes), tuple(lines))


# -- finding a game's presenter -------------------------------------------------------------------
class NoPresenterError(LookupError):
    """A game whose spec names no map presenter (or that no registered spec describes)."""

    def __str__(self) -> str:
        return str(self.args[0])


def presenter_for(game: Game[Any]) -> MapPresenter:
    """The presenter of ``game``, as its registered spec names it (``GameSpec.presenter``):
    looked up by the id its rules give (``rules.ref.game``, else ``rules.game_id``)."""
    from italia_kit import games  # the registry; its games load only when asked for

    ref = ref_of(game.rules)
    tried: list[str] = []
    for game_id, options in ((ref.game, ref.options), (game.rules.game_id, {})):
        if game_id in tried:
            continue
        tried.append(game_id)
        try:
            spec = games.load(game_id, **options)
        except games.UnknownGameError:
            continue
        if spec.presenter is None:
            raise NoPresenterError(f"the game {game_id!r} names no map presenter in its spec")
        return load_presenter(spec.presenter, game)
    raise NoPresenterError(
        f"no registered game {' or '.join(map(repr, tried))} (rules "
        f"{type(game.rules).__name__}) to find a map presenter for; give one with "
        "MapView(game, presenter=...)"
    )


def load_presenter(path: str, game: Game[Any]) -> MapPresenter:
    """Import ``"module:callable"`` and call it with the game."""
    module, _, name = path.partition(":")
    factory = getattr(importlib.import_module(module), name)
    presenter: MapPresenter = factory(game)
    return presenter
