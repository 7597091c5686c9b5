"""Reading and checking a board's files (format: ``docs/geodata-format.md``).

A board is a ``*.board.yaml`` (its name, its vocabulary, its boxes, its declared links
and corners) and, for a board with polygons, a GeoJSON of zones. Every check runs to the end
and collects its problems, so that one load reports everything that is wrong with the files;
:func:`read_board_files` raises one :class:`BoardDataError` listing them all. Each problem
names the file, the location and the field.

>>> import json, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "x.geojson").write_text(json.dumps({"type": "FeatureCollection",
...     "features": [{"type": "Feature", "geometry": None, "properties": {"name": "Verona"}}]}))
>>> _ = (folder / "x.board.yaml").write_text(
...     "name: x\\nmin_border_km: -1\\nvocabulary: {kinds: {land: null}}\\n")
>>> try:
...     read_board_files(folder / "x.geojson", folder / "x.board.yaml")
... except BoardDataError as err:
...     print(*(problem[:72] for problem in err.problems), sep="\\n")
x.board.yaml: field 'min_border_km': -1 is negative
x.geojson: location 'Verona': field 'kind': missing
x.geojson: location 'Verona': field 'label_point': missing
x.geojson: location 'Verona': field 'geometry': missing
x.board.yaml: vocabulary: field 'borders': missing (a board with polygon
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from italia_kit.geo.adjacency import Link, pair
from italia_kit.geo.errors import BoardDataError
from italia_kit.geo.locations import BoxEntry, Feature, LocationData
from italia_kit.geo.vocabulary import (
    AttributeSpec,
    FrozenMap,
    Term,
    Vocabulary,
    read_vocabulary,
    suggest,
)
from italia_kit.geo.zone import Zone

__all__ = [
    "BoardDataError",
    "BoardMeta",
    "ZonePair",
    "check_adjacency_table",
    "read_board_files",
    "read_meta",
    "read_zones",
]

_META_KEYS = (
    "name",
    "title",
    "polygons",
    "derive_links",
    "min_border_km",
    "require_provenance",
    "vocabulary",
    "locations",
    "links",
    "corners",
    "colours",
)
_LINK_FIELDS = ("between", "kind", "provenance")


@dataclass(frozen=True)
class ZonePair:
    """Two locations named together in the board file (a corner) and the source."""

    a: str
    b: str
    provenance: str


@dataclass(frozen=True)
class BoardMeta:
    """The contents of a ``*.board.yaml`` but its locations: name, vocabulary, links, corners.

    ``polygons`` is the GeoJSON file the board names (beside it), if any; ``min_border_km``
    the shortest shared border that links two zones (boards with polygons only). With
    ``derive_links`` false the polygons are only drawn: every link is declared (a game whose
    map gives its links, as Machiavelli's does).
    """

    name: str
    title: str
    vocabulary: Vocabulary
    min_border_km: float | None = None
    links: tuple[Link, ...] = ()
    corners: tuple[ZonePair, ...] = ()
    polygons: str | None = None
    require_provenance: bool = False
    derive_links: bool = True
    colours: FrozenMap[str] = field(default_factory=FrozenMap)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _load_json(path: Path) -> tuple[Any, list[str]]:
    try:
        return json.loads(path.read_text(encoding="utf-8")), []
    except OSError as err:
        return None, [f"{path.name}: cannot be read ({err.strerror or err})"]
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        return None, [f"{path.name}: not valid JSON ({err})"]


def _load_yaml(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as err:
        return None, [f"{path.name}: cannot be read ({err.strerror or err})"]
    except (yaml.YAMLError, UnicodeDecodeError) as err:
        return None, [f"{path.name}: not valid YAML ({' '.join(str(err).split())})"]
    if not isinstance(data, dict):
        return None, [f"{path.name}: not a YAML mapping of {', '.join(_META_KEYS)}"]
    return data, []


def read_zones(
    path: str | Path, vocabulary: Vocabulary, require_provenance: bool = False
) -> tuple[list[LocationData], set[str], list[str]]:
    """The zones of a GeoJSON board file, the names of all its features, and every problem.

    A zone with any problem is left out of the first list, but its name is in the second,
    so that the board file's links to it are not reported again as unknown.
    """
    path = Path(path)
    data, problems = _load_json(path)
    if problems:
        return [], set(), problems
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        kind = data.get("type") if isinstance(data, dict) else type(data).__name__
        return [], set(), [f"{path.name}: not a GeoJSON FeatureCollection (type is {kind!r})"]
    features = data.get("features")
    if not isinstance(features, list) or not features:
        return [], set(), [f"{path.name}: field 'features': no zones (need a non-empty list)"]
    zones, named = [], set()
    for index, raw in enumerate(features):
        feature = Feature(path.name, index, raw)
        zone = feature.read(vocabulary, require_provenance)
        problems.extend(feature.problems)
        if feature.name is not None:
            named.add(feature.name)
        if zone is not None:
            zones.append(zone)
    return zones, named, problems


def _read_boxes(
    raw: object, file: str, vocabulary: Vocabulary, require_provenance: bool, lonlat: bool
) -> tuple[list[LocationData], set[str], list[str]]:
    """The ``locations`` of the board file, as :func:`read_zones` reads features."""
    if raw is None:
        return [], set(), []
    if not isinstance(raw, list):
        return [], set(), [f"{file}: field 'locations': {raw!r} is not a list"]
    boxes, named, problems = [], set(), []
    for index, entry in enumerate(raw):
        box = BoxEntry(file, index, entry)
        data = box.read(vocabulary, require_provenance, lonlat)
        problems.extend(box.problems)
        if box.name is not None:
            named.add(box.name)
        if data is not None:
            boxes.append(data)
    return boxes, named, problems


def _between(entry: dict[str, Any], where: str, problems: list[str]) -> tuple[str, str] | None:
    ends = entry.get("between")
    if not (
        isinstance(ends, list)
        and len(ends) == 2
        and all(isinstance(e, str) and e for e in ends)
        and ends[0] != ends[1]
    ):
        problems.append(f"{where}: field 'between': {ends!r} is not two different locations")
        return None
    return ends[0], ends[1]


def _entries(raw: object, field: str, file: str, problems: list[str]) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.append(f"{file}: field {field!r}: {raw!r} is not a list")
        return []
    out = []
    for index, entry in enumerate(raw):
        if isinstance(entry, dict):
            out.append(entry)
        else:
            problems.append(f"{file}: {field}[{index}]: {entry!r} is not a mapping")
    return out


def _where(file: str, what: str, entry: dict[str, Any], index: int) -> str:
    ends = entry.get("between")
    if isinstance(ends, list) and all(isinstance(e, str) for e in ends):
        return f"{file}: {what} " + "-".join(repr(e) for e in ends)
    return f"{file}: {what}s[{index}]"


def _source(entry: dict[str, Any], where: str, required: bool, problems: list[str]) -> str:
    source = entry.get("provenance")
    if source is None and not required:
        return ""
    if not isinstance(source, str) or not source.strip():
        problems.append(f"{where}: field 'provenance': missing")
        return ""
    return source


def _links(
    raw: object, file: str, vocabulary: Vocabulary, required: bool, problems: list[str]
) -> tuple[Link, ...]:
    """The declared links, checked for their own fields (their ends are checked later)."""
    links = []
    for index, entry in enumerate(_entries(raw, "links", file, problems)):
        where = _where(file, "link", entry, index)
        known = (*_LINK_FIELDS, *vocabulary.link_attributes)
        for key in entry:
            if key not in known:
                hint = suggest(str(key), known) or " (the vocabulary declares no such attribute)"
                problems.append(f"{where}: field {key!r}: unknown field{hint}")
        before = len(problems)
        ends = _between(entry, where, problems)
        kind = entry.get("kind")
        if not isinstance(kind, str):
            problems.append(f"{where}: field 'kind': {'missing' if kind is None else repr(kind)}")
        elif (problem := vocabulary.check_term("link kind", kind)) is not None:
            problems.append(f"{where}: field 'kind': {problem}")
        values = _values(entry, vocabulary.link_attributes, where, problems)
        source = _source(entry, where, required, problems)
        if ends is not None and len(problems) == before:
            a, b = pair(*ends)
            links.append(Link(a, b, str(kind), 0.0, FrozenMap(values), source))
    return tuple(links)


def _values(
    entry: dict[str, Any], specs: Mapping[str, AttributeSpec], where: str, problems: list[str]
) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        if name not in entry:
            if spec.has_default:
                values[name] = spec.default
            else:
                problems.append(f"{where}: field {name!r}: missing")
            continue
        value, problem = spec.check(entry[name])
        if problem:
            problems.append(f"{where}: field {name!r}: {problem}")
        else:
            values[name] = value
    return values


def _corners(raw: object, file: str, problems: list[str]) -> tuple[ZonePair, ...]:
    corners = []
    for index, entry in enumerate(_entries(raw, "corners", file, problems)):
        where = _where(file, "corner", entry, index)
        for key in entry:
            if key not in ("between", "provenance"):
                problems.append(
                    f"{where}: field {key!r}: unknown key (expected between, provenance)"
                )
        source = _source(entry, where, True, problems)
        ends = _between(entry, where, problems)
        if ends is not None:
            corners.append(ZonePair(ends[0], ends[1], source))
    return tuple(corners)


def _colours(raw: object, file: str, problems: list[str]) -> FrozenMap[str]:
    """The fills of the board's pictures, by region, kind or location name."""
    if raw is None:
        return FrozenMap()
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
    ):
        problems.append(f"{file}: field 'colours': {raw!r} is not a mapping of names to colours")
        return FrozenMap()
    return FrozenMap(raw)


def read_meta(path: str | Path) -> tuple[BoardMeta | None, Any, list[str]]:
    """The board file's metadata, its raw ``locations`` and every problem found in it.

    The locations and the ends of the links are checked by :func:`read_board_files`, which
    knows the zones of the GeoJSON too.
    """
    path = Path(path)
    file = path.name
    data, problems = _load_yaml(path)
    if data is None:
        return None, None, problems
    for key in data:
        if key not in _META_KEYS:
            hint = suggest(str(key), _META_KEYS) or f" (expected one of {', '.join(_META_KEYS)})"
            problems.append(f"{file}: field {key!r}: unknown key{hint}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{file}: field 'name': {'missing' if name is None else repr(name)}")
    title = data.get("title", name)
    if not isinstance(title, str):
        problems.append(f"{file}: field 'title': {title!r} is not a string")
    polygons = data.get("polygons")
    if polygons is not None and not (isinstance(polygons, str) and polygons.strip()):
        problems.append(f"{file}: field 'polygons': {polygons!r} is not a file name")
    km: Any = data.get("min_border_km")
    if km is not None and (not _is_number(km) or not math.isfinite(km)):
        problems.append(f"{file}: field 'min_border_km': {km!r} is not a number")
        km = None
    elif km is not None and km < 0:
        problems.append(f"{file}: field 'min_border_km': {km!r} is negative")
    required = data.get("require_provenance", False)
    if not isinstance(required, bool):
        problems.append(f"{file}: field 'require_provenance': {required!r} is not true or false")
        required = False
    derive = data.get("derive_links", True)
    if not isinstance(derive, bool):
        problems.append(f"{file}: field 'derive_links': {derive!r} is not true or false")
        derive = True
    vocabulary = read_vocabulary(data.get("vocabulary"), file, problems)
    colours = _colours(data.get("colours"), file, problems)
    links = _links(data.get("links"), file, vocabulary, required, problems)
    corners = _corners(data.get("corners"), file, problems)
    meta = BoardMeta(
        str(name),
        str(title),
        vocabulary,
        None if km is None else float(km),
        links,
        corners,
        polygons if isinstance(polygons, str) else None,
        required,
        derive,
        colours,
    )
    return meta, data.get("locations"), problems


def _check_references(
    meta: BoardMeta, locations: list[LocationData], named: Iterable[str], file: str
) -> list[str]:
    """What the board file names that is not on the board: parents, link ends, corners, and
    attributes of type ``location``. ``named`` are the locations refused for problems of their
    own: they exist, and are not reported again as unknown here."""
    by_name = {loc.name: loc for loc in locations}
    known = set(by_name) | set(named)
    problems = []

    def unknown(where: str, field: str, name: object) -> None:
        if isinstance(name, str) and name not in known:
            problems.append(
                f"{where}: field {field!r}: unknown location {name!r}{suggest(name, known)}"
            )

    location_attrs = [n for n, s in meta.vocabulary.attributes.items() if s.type == "location"]
    for loc in locations:
        where = f"{file}: location {loc.name!r}"
        if loc.parent is not None:
            unknown(where, "in", loc.parent)
            up = by_name.get(loc.parent)
            if loc.parent == loc.name:
                problems.append(f"{where}: field 'in': a location cannot lie in itself")
            elif up is not None and up.parent is not None:
                problems.append(
                    f"{where}: field 'in': {up.name!r} lies in {up.parent!r} itself; "
                    "sub-locations are one level deep"
                )
        for attr in location_attrs:
            unknown(where, attr, loc.attributes.get(attr))
    link_attrs = [n for n, s in meta.vocabulary.link_attributes.items() if s.type == "location"]
    for link in meta.links:
        where = f"{file}: link {link.a!r}-{link.b!r}"
        for end in (link.a, link.b):
            unknown(where, "between", end)
        ends = [by_name.get(link.a), by_name.get(link.b)]
        for one, two in (ends, ends[::-1]):
            if one is not None and two is not None and one.parent == two.name:
                problems.append(f"{where}: field 'between': {one.name!r} lies in {two.name!r}")
        for attr in link_attrs:
            unknown(where, attr, link.attributes.get(attr))
    for corner in meta.corners:
        for end in (corner.a, corner.b):
            unknown(f"{file}: corner {corner.a!r}-{corner.b!r}", "between", end)
    vocab = meta.vocabulary
    words = known | set(vocab.kinds) | set(vocab.regions) | {loc.region for loc in locations}
    for name in meta.colours:
        if name not in words:
            problems.append(
                f"{file}: field 'colours': {name!r} is not a region, kind or location"
                + suggest(name, words)
            )
    return problems


def _duplicates(locations: list[LocationData], file_of: Mapping[str, str]) -> list[str]:
    seen: dict[str, str] = {}
    problems = []
    for loc in locations:
        key = " ".join(loc.name.split()).casefold()
        if key in seen:
            problems.append(
                f"{file_of[loc.name]}: location {loc.name!r}: field 'name': "
                f"duplicate of location {seen[key]!r}"
            )
        else:
            seen[key] = loc.name
    return problems


def _zone(loc: LocationData, parent: LocationData | None) -> Zone:
    # A sub-location without a position of its own is drawn at its parent's.
    home = parent if loc.anchor_point is None and parent is not None else loc
    assert home.anchor_point is not None and home.label_point is not None
    return Zone(
        name=loc.name,
        kind=Term(loc.kind),
        region=loc.region,
        terrain=Term(loc.terrain),
        attributes=loc.attributes,
        label_point=home.label_point,
        anchor_point=home.anchor_point,
        provenance=loc.provenance,
        geometry=loc.geometry,
        parent=loc.parent,
        size=loc.size,
        water=loc.water,
    )


def read_board_files(geojson: str | Path | None, meta: str | Path) -> tuple[list[Zone], BoardMeta]:
    """The locations and metadata of a board; raises :class:`BoardDataError` listing all
    problems. ``geojson`` None: the GeoJSON the board file names (``polygons``), if any."""
    meta = Path(meta)
    board_meta, raw_boxes, problems = read_meta(meta)
    if geojson is None and board_meta is not None and board_meta.polygons:
        geojson = meta.parent / board_meta.polygons
    vocabulary = board_meta.vocabulary if board_meta is not None else Vocabulary()
    required = board_meta is not None and board_meta.require_provenance
    zones: list[LocationData] = []
    named: set[str] = set()
    if geojson is not None:
        geojson = Path(geojson)
        zones, named, zone_problems = read_zones(geojson, vocabulary, required)
        problems += zone_problems
        told = any("field 'min_border_km'" in p for p in problems)  # given, but wrong
        derive = board_meta is not None and board_meta.derive_links
        if derive and board_meta is not None and board_meta.min_border_km is None and not told:
            problems.append(f"{meta.name}: field 'min_border_km': missing")
        if derive and not vocabulary.borders and vocabulary.kinds:
            problems.append(
                f"{meta.name}: vocabulary: field 'borders': missing (a board with polygons "
                "gives the link kind of each sort of shared border: land, coast, sea)"
            )
    boxes, box_names, box_problems = _read_boxes(
        raw_boxes, meta.name, vocabulary, required, lonlat=geojson is not None
    )
    problems += box_problems
    locations = zones + boxes
    file_of = {z.name: geojson.name for z in zones if geojson is not None}
    file_of.update({b.name: meta.name for b in boxes})
    problems += _duplicates(locations, file_of)
    if board_meta is not None:
        problems += _check_references(board_meta, locations, named | box_names, meta.name)
    if not locations and not problems:
        problems.append(f"{meta.name}: field 'locations': no locations (and no polygons)")
    if problems or board_meta is None:
        raise BoardDataError(problems)
    by_name = {loc.name: loc for loc in locations}
    parents = [by_name.get(loc.parent) if loc.parent else None for loc in locations]
    return [_zone(loc, up) for loc, up in zip(locations, parents, strict=True)], board_meta


def check_adjacency_table(
    committed: Iterable[Link], derived: Iterable[Link], file: str
) -> list[str]:
    """What differs between a committed adjacency table (``file``) and the derived links."""
    have = {(k.a, k.b): k for k in committed}
    want = {(k.a, k.b): k for k in derived}
    problems = []
    for a, b in sorted(have.keys() | want.keys()):
        where = f"{file}: link {a!r}-{b!r}"
        got, expected = have.get((a, b)), want.get((a, b))
        if got is None:
            assert expected is not None
            problems.append(
                f"{where}: missing; the polygons give a {expected.kind} border of "
                f"{expected.border_km:.1f} km"
            )
        elif expected is None:
            problems.append(f"{where}: listed as {got.kind}, but the polygons give no link")
        elif got.kind != expected.kind:
            problems.append(f"{where}: field 'kind': {got.kind!r}, derived {expected.kind!r}")
        elif abs(got.border_km - expected.border_km) > _KM_TOLERANCE:
            problems.append(
                f"{where}: field 'border_km': {got.border_km}, derived {expected.border_km:.2f}"
            )
    return problems


# The table stores border lengths to 0.1 km for review; a difference within that is rounding.
_KM_TOLERANCE = 0.1
