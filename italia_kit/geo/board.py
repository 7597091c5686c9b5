"""The board: a game's locations and the typed links between them, loaded from its files.

The board knows geography only (which locations exist, what they are in the board's own
vocabulary, which are linked and for which unit types); the rules that use it live with
each game. Names are looked up ignoring case and spacing, and a wrong name fails loudly with
the closest names offered.

>>> board = load_board("italia")
>>> board["  rome "].name
'Rome'
>>> "Mare Tyrrhenum" in board.seas_beside("Rome")
True
>>> board.neighbours("Messana", unit="army")
['Agrigentum', 'Rhegium', 'Syracusae']
>>> board.zone("Roma")
Traceback (most recent call last):
...
italia_kit.geo.errors.UnknownZoneError: unknown zone 'Roma': did you mean 'Rome'?
"""

from __future__ import annotations

import difflib
import functools
import importlib.resources
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from italia_kit.geo.adjacency import Link
from italia_kit.geo.errors import (
    UnknownBoardError,
    UnknownRegionError,
    UnknownZoneError,
)
from italia_kit.geo.files import read_board
from italia_kit.geo.validate import BoardMeta, ZonePair
from italia_kit.geo.vocabulary import KindSpec, Vocabulary
from italia_kit.geo.zone import Zone

if TYPE_CHECKING:
    import geopandas as gpd
    import pandas as pd

__all__ = ["Board", "ZoneRef", "load_board"]

#: A zone given by name (any case and spacing) or as the Zone itself.
ZoneRef = str | Zone


def _key(name: str) -> str:
    """The lookup key of a name: `` Mare  tyrrhenum`` and ``Mare Tyrrhenum`` are one zone."""
    return " ".join(name.split()).casefold()


def _suggest(name: str, names: Mapping[str, str]) -> list[str]:
    """Up to three of ``names`` (lookup key -> name) close to ``name``: similar spellings
    first, then names containing it."""
    key = _key(name)
    # 0.7 keeps 'Roma' -> 'Rome' but drops 'Verona'; containment finds 'Mare Tyrrhenum'
    # from 'tyrrhenum', which similarity alone scores too low.
    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.7)
    if len(key) >= 4:
        close += [k for k in names if key in k and k not in close]
    return [names[k] for k in close[:3]]


class Board:
    """The locations of one game's map and the typed links between them.

    Build it with :meth:`Board.from_file` or :meth:`Board.from_files` (any game) or
    :func:`load_board` (shipped boards). Methods that take a location accept its name in any
    case and spacing, or the Zone itself; methods that return locations return their names,
    sorted, so results print and compare well. ``unit=`` (a unit type of the vocabulary)
    keeps the links that unit type may use, to locations it may stand in.
    """

    def __init__(self, zones: Iterable[Zone], links: Iterable[Link], meta: BoardMeta) -> None:
        self.meta = meta
        self.vocabulary: Vocabulary = meta.vocabulary
        self._zones = tuple(zones)
        self._by_key = {_key(z.name): z for z in self._zones}
        # exact names first: the rules engine asks for zones hundreds of thousands of times
        self._by_name = {z.name: z for z in self._zones}
        self._neighbour_cache: dict[tuple[str, frozenset[str], str | None], list[str]] = {}
        if len(self._by_key) != len(self._zones):
            raise ValueError("two locations have the same name (ignoring case and spacing)")
        kinds = self.vocabulary.link_kinds
        self._links = tuple(sorted(links, key=lambda link: (link.a, link.b)))
        self._adjacent: dict[str, dict[str, Link]] = {z.name: {} for z in self._zones}
        for link in self._links:
            if link.a not in self._adjacent or link.b not in self._adjacent:
                raise ValueError(f"link {link.a!r}-{link.b!r} names a location not on the board")
            if link.kind not in kinds:
                raise ValueError(f"link {link.a!r}-{link.b!r} has unknown kind {link.kind!r}")
            self._adjacent[link.a][link.b] = link
            self._adjacent[link.b][link.a] = link
        self._children: dict[str, list[str]] = {z.name: [] for z in self._zones}
        for zone in self._zones:
            if zone.parent is not None:
                if zone.parent not in self._children:
                    raise ValueError(f"{zone.name!r} lies in {zone.parent!r}, not on the board")
                self._children[zone.parent].append(zone.name)
        # Regions in the order the file first mentions them, as a map author reads them; a
        # board without regions has none (its locations' region is '').
        self._regions: dict[str, list[str]] = {}
        for zone in self._zones:
            if zone.region:
                self._regions.setdefault(zone.region, []).append(zone.name)

    @classmethod
    def from_file(cls, meta: str | Path) -> Board:
        """Load any game's board from its ``*.board.yaml`` (``docs/geodata-format.md``); the
        GeoJSON of its polygons, if it has some, is the one its ``polygons`` field names."""
        return cls.from_files(None, meta)

    @classmethod
    def from_files(cls, geojson: str | Path | None, meta: str | Path) -> Board:
        """Load any game's board from its GeoJSON and ``*.board.yaml`` (``docs/geodata-format.md``).

        Every problem in the files is reported at once in one :class:`BoardDataError`; a
        committed adjacency table beside the GeoJSON must match the polygons
        (:func:`~italia_kit.geo.files.read_board`). ``geojson`` None: the file the board
        file's ``polygons`` names, if any.
        """
        return cls(*read_board(geojson, meta))

    # -- zones by name ---------------------------------------------------------------------

    def zone(self, name: ZoneRef) -> Zone:
        """The zone called ``name`` (case and spacing ignored); raises UnknownZoneError.

        >>> load_board("italia").zone("mare  HADRIATICUM").name
        'Mare Hadriaticum'
        """
        if isinstance(name, Zone):
            name = name.name
        exact = self._by_name.get(name) if isinstance(name, str) else None
        if exact is not None:
            return exact
        if not isinstance(name, str):
            raise TypeError(f"a zone name is a str, not {type(name).__name__}")
        found = self._by_key.get(_key(name))
        if found is None:
            raise UnknownZoneError(
                name, _suggest(name, {k: z.name for k, z in self._by_key.items()})
            )
        return found

    @functools.cached_property
    def _region_names(self) -> dict[str, str]:
        return {_key(r): r for r in self._regions}

    def __getitem__(self, name: ZoneRef) -> Zone:
        return self.zone(name)

    def __contains__(self, name: object) -> bool:
        if isinstance(name, Zone):
            return self._by_key.get(_key(name.name)) == name
        return isinstance(name, str) and _key(name) in self._by_key

    def __iter__(self) -> Iterator[Zone]:
        return iter(self._zones)

    def __len__(self) -> int:
        return len(self._zones)

    def __repr__(self) -> str:
        return f"<Board {self.meta.name!r}: {len(self)} zones, {len(self._links)} links>"

    @property
    def name(self) -> str:
        """The board's short name (``italia``)."""
        return self.meta.name

    @property
    def zones(self) -> tuple[Zone, ...]:
        """All zones, in the order of the GeoJSON file."""
        return self._zones

    @property
    def names(self) -> tuple[str, ...]:
        """All zone names, in the order of the GeoJSON file."""
        return tuple(z.name for z in self._zones)

    @property
    def locations(self) -> tuple[Zone, ...]:
        """All locations (the same as :attr:`zones`): the GeoJSON's in its order, then the
        board file's."""
        return self._zones

    def location(self, name: ZoneRef) -> Zone:
        """The location called ``name``: :meth:`zone` under its generic name."""
        return self.zone(name)

    @property
    def links(self) -> tuple[Link, ...]:
        """Every link, sorted by (a, b); ``a < b`` in each."""
        return self._links

    @property
    def declared_links(self) -> tuple[Link, ...]:
        """The links the board file declares (rather than derives from shared borders), in
        file order: Italia's straits, every line of a board of boxes."""
        return self.meta.links

    @property
    def corners(self) -> tuple[ZonePair, ...]:
        """The corners of the board file: pairs that touch at a point only, never linked."""
        return self.meta.corners

    @property
    def regions(self) -> tuple[str, ...]:
        """The region names, in the order the files first mention them."""
        return tuple(self._regions)

    def zones_in_region(self, region: str) -> tuple[str, ...]:
        """The names of the zones in ``region`` (case ignored), in file order.

        >>> len(load_board("italia").zones_in_region("south"))
        7
        """
        found = self._region_names.get(_key(region))
        if found is None:
            raise UnknownRegionError(region, _suggest(region, self._region_names))
        return tuple(self._regions[found])

    # -- the vocabulary and sub-locations -------------------------------------------------------

    def kind_of(self, zone: ZoneRef) -> KindSpec:
        """The declaration of the location's kind: its unit types, terrains, water.

        >>> sorted(load_board("italia").kind_of("Mare Siculum").units or ())
        ['fleet']
        """
        return self.vocabulary.kinds[self.zone(zone).kind]

    def admits(self, zone: ZoneRef, unit: str) -> bool:
        """True when a unit of type ``unit`` may stand in ``zone`` (its kind says so)."""
        return self.kind_of(zone).admits(self._unit(unit))

    def parent_of(self, zone: ZoneRef) -> str | None:
        """The location ``zone`` lies in (a coast's province), or None at the top."""
        return self.zone(zone).parent

    def sub_locations(self, zone: ZoneRef) -> list[str]:
        """The locations that lie in ``zone`` (its coasts, its city), sorted."""
        return sorted(self._children[self.zone(zone).name])

    def top_of(self, zone: ZoneRef) -> str:
        """The top-level location of ``zone``: its parent, or itself. Two units on one
        province's two coasts are in the same province."""
        found = self.zone(zone)
        return found.parent or found.name

    def _unit(self, unit: str) -> str:
        if unit not in self.vocabulary.units:
            known = ", ".join(self.vocabulary.units) or "none declared"
            raise ValueError(f"unknown unit type {unit!r}: not one of {known}")
        return unit

    def _kind_set(self, kinds: Iterable[str] | str | None) -> frozenset[str]:
        declared = self.vocabulary.link_kinds
        if kinds is None:
            return frozenset(declared)
        # A bare string is one kind; iterating it would give its letters.
        chosen = frozenset([kinds] if isinstance(kinds, str) else kinds)
        unknown = sorted(chosen - set(declared))
        if unknown:
            raise ValueError(f"unknown link kind {unknown[0]!r}: not one of {', '.join(declared)}")
        return chosen

    def _usable(self, link: Link, to: str, unit: str) -> bool:
        """May a unit of type ``unit`` move along ``link`` into ``to``?"""
        vocab = self.vocabulary
        return vocab.link_kinds[link.kind].admits(unit) and vocab.kinds[
            self._by_name[to].kind
        ].admits(unit)

    # -- adjacency ----------------------------------------------------------------------------

    def neighbours(
        self, zone: ZoneRef, kinds: Iterable[str] | str | None = None, *, unit: str | None = None
    ) -> list[str]:
        """Names of the locations linked to ``zone`` by a link of one of ``kinds`` (default:
        all); with ``unit``, only those a unit of that type may move to along its link.

        >>> italia = load_board("italia")
        >>> italia.neighbours("Messana", kinds="strait")
        ['Rhegium']
        >>> italia.neighbours("Mare Siculum", unit="fleet")
        ['Mare Internum', 'Mare Ionium', 'Mare Libycum', 'Mare Tyrrhenum']
        """
        wanted = self._kind_set(kinds)
        name = self.zone(zone).name
        key = (name, wanted, unit)
        cached = self._neighbour_cache.get(key)
        if cached is None:
            if unit is not None:
                self._unit(unit)
            cached = sorted(
                other
                for other, link in self._adjacent[name].items()
                if link.kind in wanted and (unit is None or self._usable(link, other, unit))
            )
            self._neighbour_cache[key] = cached
        return list(cached)

    def _border_kinds(self, *sorts: str) -> tuple[str, ...] | None:
        """The link kinds of some sorts of shared border; None (any kind) on a board that
        derives no borders, where every link is a declared line."""
        borders = self.vocabulary.borders
        return tuple(borders[s] for s in sorts) if borders else None

    def land_neighbours(self, zone: ZoneRef) -> list[str]:
        """Land locations sharing a border with ``zone`` (declared crossings such as Italia's
        straits excluded; for a sea: its coasts)."""
        near = self.neighbours(zone, self._border_kinds("land", "coast"))
        return [n for n in near if self._by_name[n].is_land]

    def sea_neighbours(self, zone: ZoneRef) -> list[str]:
        """Waters sharing a border with ``zone`` (for a land zone: the seas it touches)."""
        near = self.neighbours(zone, self._border_kinds("coast", "sea"))
        return [n for n in near if self._by_name[n].is_sea]

    def link(self, a: ZoneRef, b: ZoneRef) -> Link | None:
        """The link between two locations, or None when they are not linked."""
        if isinstance(a, str) and isinstance(b, str) and a in self._adjacent:
            found = self._adjacent[a].get(b)
            if found is not None or b in self._by_name:
                return found
        return self._adjacent[self.zone(a).name].get(self.zone(b).name)

    def links_of(self, zone: ZoneRef) -> list[Link]:
        """Every link of ``zone``, sorted by the name at its other end."""
        name = self.zone(zone).name
        return [self._adjacent[name][n] for n in sorted(self._adjacent[name])]

    def is_adjacent(self, a: ZoneRef, b: ZoneRef) -> bool:
        """True when a link of any kind joins ``a`` and ``b``."""
        return self.link(a, b) is not None

    def is_coastal(self, zone: ZoneRef) -> bool:
        """True for a land zone that touches a sea (9.6: it can embark); False for seas."""
        found = self.zone(zone)
        return found.is_land and bool(self.sea_neighbours(found))

    def seas_beside(self, land_zone: ZoneRef) -> list[str]:
        """The seas a land zone touches, sorted; raises ValueError for a sea."""
        found = self.zone(land_zone)
        if found.is_sea:
            raise ValueError(f"{found.name!r} is a sea, not a land zone")
        return self.sea_neighbours(found)

    def coasts_of(self, sea: ZoneRef) -> list[str]:
        """The land zones along a sea, sorted; raises ValueError for a land zone."""
        found = self.zone(sea)
        if not found.is_sea:
            raise ValueError(f"{found.name!r} is a land zone, not a sea")
        return self.land_neighbours(found)

    def shortest_path(
        self,
        a: ZoneRef,
        b: ZoneRef,
        *,
        kinds: Iterable[str] | str | None = None,
        unit: str | None = None,
        avoid: Iterable[ZoneRef] = (),
    ) -> list[str] | None:
        """The fewest-steps path from ``a`` to ``b`` along links of ``kinds`` (default: all)
        that a unit of type ``unit`` may use (default: any), or None.

        The path includes both ends; locations in ``avoid`` are never entered (the start may
        be one). Breadth-first over sorted neighbours, so the answer is the same on every run.

        >>> load_board("italia").shortest_path("Messana", "Bruttium", unit="army")
        ['Messana', 'Rhegium', 'Bruttium']
        """
        start, goal = self.zone(a).name, self.zone(b).name
        blocked = {self.zone(z).name for z in avoid}
        if start == goal:
            return [start]
        if goal in blocked:
            return None
        came_from: dict[str, str] = {start: start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, kinds, unit=unit):
                if there in came_from or there in blocked:
                    continue
                came_from[there] = here
                if there == goal:
                    path = [goal]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1]
                queue.append(there)
        return None

    def distance(
        self,
        a: ZoneRef,
        b: ZoneRef,
        *,
        kinds: Iterable[str] | str | None = None,
        unit: str | None = None,
        avoid: Iterable[ZoneRef] = (),
    ) -> int | None:
        """The number of steps of :meth:`shortest_path`, or None when ``b`` is unreachable."""
        path = self.shortest_path(a, b, kinds=kinds, unit=unit, avoid=avoid)
        return None if path is None else len(path) - 1

    # -- tables and pictures --------------------------------------------------------------------

    def to_geodataframe(self) -> gpd.GeoDataFrame:
        """The locations as a geopandas GeoDataFrame, one row per location, indexed by name.

        Columns: name, kind, region, terrain, parent, one per declared attribute, coastal,
        neighbours (comma-joined), geometry (a box's centre for a location without polygon).
        """
        from italia_kit.geo.tables import board_frame

        return board_frame(self)

    def adjacency_frame(self) -> pd.DataFrame:
        """The links as a pandas DataFrame: zone_a, zone_b, kind, border_km and one column
        per declared link attribute (sorted by zone_a, zone_b)."""
        from italia_kit.geo.tables import link_frame

        return link_frame(self)

    def _repr_svg_(self) -> str:
        """The board as SVG text, for Jupyter's rich display."""
        from italia_kit.geo.render import board_svg

        return board_svg(self)

    def _repr_png_(self) -> bytes:
        """The board as PNG bytes, for Jupyter's rich display."""
        from italia_kit.geo.render import board_png

        return board_png(self)


def _data_dirs() -> list[Path]:
    """Where shipped boards live: the repository's geodata/, then the wheel's _geodata/."""
    dirs = [Path(__file__).resolve().parents[2] / "geodata"]
    packaged = importlib.resources.files("italia_kit") / "_geodata"
    if isinstance(packaged, Path):
        dirs.append(packaged)
    return dirs


def load_board(name: str = "italia") -> Board:
    """The shipped board called ``name`` (case ignored), loaded once per process.

    >>> load_board("italia") is load_board()
    True
    >>> len(load_board("italia"))
    48
    """
    return _load_board(name.strip().lower())


@functools.cache
def _load_board(name: str) -> Board:
    # Cached under the normalised name, so load_board() and load_board("Italia") share one.
    known: list[str] = []
    for folder in _data_dirs():
        meta = folder / f"{name}.board.yaml"
        if meta.is_file():
            return Board.from_file(meta)
        known += [p.name.removesuffix(".board.yaml") for p in folder.glob("*.board.yaml")]
    raise UnknownBoardError(name, difflib.get_close_matches(name, sorted(set(known)), n=3))
