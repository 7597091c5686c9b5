"""The board: a game's zones and the links between them, loaded from its two data files.

The board knows geography only (which zones exist, what they are, which touch); the rules
that use it live elsewhere. Names are looked up ignoring case and spacing, and a wrong name
fails loudly with the closest names offered.

>>> board = load_board("italia")
>>> board["  rome "].name
'Rome'
>>> "Mare Tyrrhenum" in board.seas_beside("Rome")
True
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
from typing import TYPE_CHECKING, Any

from italia_kit.geo.adjacency import LINK_KINDS, Link, derive_adjacency, read_adjacency_csv
from italia_kit.geo.errors import (
    BoardDataError,
    UnknownBoardError,
    UnknownRegionError,
    UnknownZoneError,
)
from italia_kit.geo.validate import BoardMeta, ZonePair, check_adjacency_table, read_board_files
from italia_kit.geo.zone import Zone

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["LINK_KINDS", "Board", "ZoneRef", "load_board"]

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


def _kind_set(kinds: Iterable[str] | str | None) -> frozenset[str]:
    if kinds is None:
        return frozenset(LINK_KINDS)
    # A bare string is one kind; iterating it would give its letters.
    chosen = frozenset([kinds] if isinstance(kinds, str) else kinds)
    unknown = sorted(chosen - set(LINK_KINDS))
    if unknown:
        raise ValueError(f"unknown link kind {unknown[0]!r}: not one of {', '.join(LINK_KINDS)}")
    return chosen


class Board:
    """The zones of one game's map and the links between them.

    Build it with :meth:`Board.from_files` (any game) or :func:`load_board` (shipped boards).
    Methods that take a zone accept its name in any case and spacing, or the Zone itself;
    methods that return zones return their names, sorted, so results print and compare well.
    """

    def __init__(self, zones: Iterable[Zone], links: Iterable[Link], meta: BoardMeta) -> None:
        self.meta = meta
        self._zones = tuple(zones)
        self._by_key = {_key(z.name): z for z in self._zones}
        # exact names first: the rules engine asks for zones hundreds of thousands of times
        self._by_name = {z.name: z for z in self._zones}
        self._neighbour_cache: dict[tuple[str, frozenset[str]], list[str]] = {}
        if len(self._by_key) != len(self._zones):
            raise ValueError("two zones have the same name (ignoring case and spacing)")
        self._links = tuple(sorted(links, key=lambda link: (link.a, link.b)))
        self._adjacent: dict[str, dict[str, Link]] = {z.name: {} for z in self._zones}
        for link in self._links:
            if link.a not in self._adjacent or link.b not in self._adjacent:
                raise ValueError(f"link {link.a!r}-{link.b!r} names a zone not on the board")
            if link.kind not in LINK_KINDS:
                raise ValueError(f"link {link.a!r}-{link.b!r} has unknown kind {link.kind!r}")
            self._adjacent[link.a][link.b] = link
            self._adjacent[link.b][link.a] = link
        # Regions in the order the file first mentions them, as a map author reads them.
        self._regions: dict[str, list[str]] = {}
        for zone in self._zones:
            self._regions.setdefault(zone.region, []).append(zone.name)

    @classmethod
    def from_files(cls, geojson: str | Path, meta: str | Path) -> Board:
        """Load any game's board from its GeoJSON and ``*.board.yaml`` (``docs/geodata-format.md``).

        Every problem in the files is reported at once in one :class:`BoardDataError`. When a
        ``<stem>.adjacency.csv`` lies beside the GeoJSON, it must equal the adjacency derived
        from the polygons, so that a stale committed table cannot go unnoticed.
        """
        geojson, meta = Path(geojson), Path(meta)
        zones, board_meta = read_board_files(geojson, meta)
        links = _derived_links(geojson.read_bytes(), tuple(zones), board_meta)
        table = geojson.with_name(geojson.name.removesuffix(".geojson") + ".adjacency.csv")
        if table.exists():
            try:
                committed = read_adjacency_csv(table)
            except ValueError as err:  # a malformed table is bad board data like any other
                raise BoardDataError([f"{table.name}: {err}"]) from err
            problems = check_adjacency_table(committed, links, table.name)
            if problems:
                raise BoardDataError(problems)
        return cls(zones, links, board_meta)

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
    def links(self) -> tuple[Link, ...]:
        """Every link, sorted by (a, b); ``a < b`` in each."""
        return self._links

    @property
    def straits(self) -> tuple[ZonePair, ...]:
        """The straits of the metadata (9.4), with their provenance."""
        return self.meta.straits

    @property
    def corners(self) -> tuple[ZonePair, ...]:
        """The four-zone corners of the metadata: pairs never adjacent (9.0)."""
        return self.meta.corners

    @property
    def regions(self) -> tuple[str, ...]:
        """The region names, in the order the GeoJSON first mentions them."""
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

    # -- adjacency ----------------------------------------------------------------------------

    def neighbours(self, zone: ZoneRef, kinds: Iterable[str] | str | None = None) -> list[str]:
        """Names of the zones linked to ``zone`` by a link of one of ``kinds`` (default: all).

        >>> load_board("italia").neighbours("Messana", kinds="strait")
        ['Rhegium']
        """
        wanted = _kind_set(kinds)
        name = self.zone(zone).name
        key = (name, frozenset(wanted))
        cached = self._neighbour_cache.get(key)
        if cached is None:
            links = self._adjacent[name]
            cached = sorted(other for other, link in links.items() if link.kind in wanted)
            self._neighbour_cache[key] = cached
        return list(cached)

    def land_neighbours(self, zone: ZoneRef) -> list[str]:
        """Land zones sharing a border with ``zone`` (straits excluded; for a sea: its coasts)."""
        return [n for n in self.neighbours(zone, ("land", "coast")) if self.zone(n).is_land]

    def sea_neighbours(self, zone: ZoneRef) -> list[str]:
        """Seas sharing a border with ``zone`` (for a land zone: the seas it touches)."""
        return [n for n in self.neighbours(zone, ("coast", "sea")) if self.zone(n).is_sea]

    def strait_neighbours(self, zone: ZoneRef) -> list[str]:
        """Land zones reached from ``zone`` across a strait (9.4)."""
        return self.neighbours(zone, "strait")

    def link(self, a: ZoneRef, b: ZoneRef) -> Link | None:
        """The link between two zones, or None when they are not adjacent."""
        if isinstance(a, str) and isinstance(b, str) and a in self._adjacent:
            found = self._adjacent[a].get(b)
            if found is not None or b in self._by_name:
                return found
        return self._adjacent[self.zone(a).name].get(self.zone(b).name)

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
        kinds: Iterable[str] | str = ("land", "strait"),
        avoid: Iterable[ZoneRef] = (),
    ) -> list[str] | None:
        """The fewest-steps path from ``a`` to ``b`` using links of ``kinds``, or None.

        The path includes both ends; zones in ``avoid`` are never entered (the start may be
        one). Breadth-first over sorted neighbours, so the answer is the same on every run.

        >>> load_board("italia").shortest_path("Messana", "Rhegium")
        ['Messana', 'Rhegium']
        """
        wanted = _kind_set(kinds)
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
            for there in sorted(self._adjacent[here]):
                if (
                    there in came_from
                    or there in blocked
                    or self._adjacent[here][there].kind not in wanted
                ):
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
        kinds: Iterable[str] | str = ("land", "strait"),
        avoid: Iterable[ZoneRef] = (),
    ) -> int | None:
        """The number of steps of :meth:`shortest_path`, or None when ``b`` is unreachable."""
        path = self.shortest_path(a, b, kinds=kinds, avoid=avoid)
        return None if path is None else len(path) - 1

    # -- tables and pictures --------------------------------------------------------------------

    def to_geodataframe(self) -> Any:
        """The zones as a geopandas GeoDataFrame in EPSG:4326, one row per zone, indexed by name.

        Columns: name, kind, region, terrain, city_allowed, stacking_limit (nullable int,
        empty for seas), coastal, neighbours (comma-joined), geometry.
        """
        import geopandas as gpd
        import pandas as pd

        names = list(self.names)
        data = {
            "name": names,
            "kind": [z.kind.value for z in self._zones],
            "region": [z.region for z in self._zones],
            "terrain": [z.terrain.value for z in self._zones],
            "city_allowed": [z.city_allowed for z in self._zones],
            "stacking_limit": pd.array([z.base_stacking_limit for z in self._zones], "Int64"),
            "coastal": [self.is_coastal(z) for z in self._zones],
            "neighbours": [", ".join(self.neighbours(z)) for z in self._zones],
        }
        # The index carries the names but no label: an index level also called "name" would
        # make `frame.groupby("name")` ambiguous.
        return gpd.GeoDataFrame(
            data, geometry=[z.geometry for z in self._zones], crs="EPSG:4326", index=names
        )

    def adjacency_frame(self) -> pd.DataFrame:
        """The links as a pandas DataFrame: zone_a, zone_b, kind, border_km (sorted)."""
        import pandas as pd

        return pd.DataFrame(
            [(k.a, k.b, k.kind, k.border_km) for k in self._links],
            columns=["zone_a", "zone_b", "kind", "border_km"],
        )

    def _repr_svg_(self) -> str:
        """The board as SVG text, for Jupyter's rich display."""
        from italia_kit.geo.render import board_svg

        return board_svg(self)

    def _repr_png_(self) -> bytes:
        """The board as PNG bytes, for Jupyter's rich display."""
        from italia_kit.geo.render import board_png

        return board_png(self)


@functools.lru_cache(maxsize=8)
def _derived_links(
    geojson_bytes: bytes, zones: tuple[Zone, ...], meta: BoardMeta
) -> tuple[Link, ...]:
    """The adjacency of the polygons (the slow part of a load), remembered per file content.

    The file's bytes are part of the key because Zone equality ignores the polygons.
    """
    return tuple(
        derive_adjacency(
            {z.name: z.geometry for z in zones},
            {z.name: z.kind.value for z in zones},
            meta.min_border_km,
            straits=[(p.a, p.b) for p in meta.straits],
            corners=[(p.a, p.b) for p in meta.corners],
        )
    )


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
        geojson, meta = folder / f"{name}.geojson", folder / f"{name}.board.yaml"
        if geojson.is_file() and meta.is_file():
            return Board.from_files(geojson, meta)
        known += [p.name.removesuffix(".board.yaml") for p in folder.glob("*.board.yaml")]
    raise UnknownBoardError(name, difflib.get_close_matches(name, sorted(set(known)), n=3))
