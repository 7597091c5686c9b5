"""Reading and checking a board's two files (format: ``docs/geodata-format.md``).

Every check runs to the end and collects its problems, so that one load reports everything
that is wrong with the files; :func:`read_board_files` raises one :class:`BoardDataError`
listing them all. Each problem names the file, the zone and the field::

    italia.geojson: zone 'Verona': field 'terrain': 'hills' is not one of clear, mountain,
    swamp, sea

>>> import json, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "x.geojson").write_text(json.dumps({"type": "FeatureCollection",
...     "features": [{"type": "Feature", "geometry": None, "properties": {"name": "Verona"}}]}))
>>> _ = (folder / "x.board.yaml").write_text("name: x\\nmin_border_km: -1\\n")
>>> try:
...     read_board_files(folder / "x.geojson", folder / "x.board.yaml")
... except BoardDataError as err:
...     print(err.problems[0]); print(err.problems[-1])
x.geojson: zone 'Verona': field 'kind': missing
x.board.yaml: field 'min_border_km': -1 is negative
"""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from shapely.geometry import Point, shape
from shapely.validation import explain_validity

from italia_kit.geo.adjacency import Link
from italia_kit.geo.errors import BoardDataError
from italia_kit.geo.zone import LonLat, Terrain, Zone, ZoneKind

__all__ = [
    "PROVENANCE_FIELDS",
    "BoardDataError",
    "BoardMeta",
    "ZonePair",
    "check_adjacency_table",
    "check_pairs",
    "read_board_files",
    "read_meta",
    "read_zones",
]

#: The fields whose origin every zone must state in its ``provenance`` object.
PROVENANCE_FIELDS = ("name", "kind", "region", "terrain", "city_allowed", "geometry")

_META_KEYS = ("name", "title", "min_border_km", "straits", "corners")
_PAIR_KEYS = ("zones", "provenance")


@dataclass(frozen=True)
class ZonePair:
    """Two zones named together in the metadata (a strait or a corner) and the source."""

    a: str
    b: str
    provenance: str


@dataclass(frozen=True)
class BoardMeta:
    """The contents of a ``*.board.yaml``: the board's name and the adjacency exceptions."""

    name: str
    title: str
    min_border_km: float
    straits: tuple[ZonePair, ...] = ()
    corners: tuple[ZonePair, ...] = ()


def _enum_values(enum_type: type[ZoneKind] | type[Terrain]) -> str:
    return ", ".join(member.value for member in enum_type)


def _suggest(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _is_number(value: object) -> bool:
    # bool is an int subclass; `true` must not pass for a coordinate.
    return isinstance(value, int | float) and not isinstance(value, bool)


class _Feature:
    """Checks one GeoJSON feature; ``problems`` collects what is wrong with it."""

    def __init__(self, file: str, index: int, feature: object) -> None:
        self.file = file
        self.problems: list[str] = []
        self.feature = feature if isinstance(feature, dict) else {}
        props = self.feature.get("properties")
        self.props: dict[str, Any] = props if isinstance(props, dict) else {}
        name = self.props.get("name")
        self.name = name if isinstance(name, str) and name.strip() else None
        self.where = f"zone {self.name!r}" if self.name else f"feature #{index + 1}"
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            self.problems.append(f"{file}: {self.where}: not a GeoJSON Feature")
        elif not isinstance(props, dict):
            self.problems.append(f"{file}: {self.where}: field 'properties': missing")

    def fail(self, field: str, what: str) -> None:
        self.problems.append(f"{self.file}: {self.where}: field {field!r}: {what}")

    def get(self, field: str, kind: type | tuple[type, ...], kind_name: str) -> Any:
        """The property's value if it is there and of the right type, else None (noted)."""
        if field not in self.props:
            self.fail(field, "missing")
            return None
        value = self.props[field]
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            self.fail(field, f"{value!r} is not {kind_name}")
            return None
        return value

    def text(self, field: str) -> str | None:
        value: str | None = self.get(field, str, "a string")
        if value is not None and " ".join(value.split()) != value:
            # Lookup ignores case and spacing, so stray spaces would make two spellings.
            self.fail(field, f"{value!r} has leading, trailing or doubled spaces")
            return None
        if value == "":
            self.fail(field, "is empty")
            return None
        return value

    def choice(self, field: str, enum_type: type[ZoneKind] | type[Terrain]) -> Any:
        value = self.get(field, str, "a string")
        if value is None:
            return None
        try:
            return enum_type(value)
        except ValueError:
            self.fail(field, f"{value!r} is not one of {_enum_values(enum_type)}")
            return None

    def point(self, field: str) -> LonLat | None:
        value = self.get(field, list, "a [lon, lat] pair")
        if value is None:
            return None
        if len(value) != 2 or not all(_is_number(v) and math.isfinite(v) for v in value):
            self.fail(field, f"{value!r} is not a [lon, lat] pair of numbers")
            return None
        lon, lat = float(value[0]), float(value[1])
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            self.fail(field, f"{value!r} is not a lon/lat position")
            return None
        return lon, lat

    def provenance(self) -> dict[str, str]:
        value = self.get("provenance", dict, "an object")
        if value is None:
            return {}
        for field in PROVENANCE_FIELDS:
            source = value.get(field)
            if not isinstance(source, str) or not source.strip():
                self.fail("provenance", f"no source given for {field!r}")
        return {str(k): str(v) for k, v in value.items()}

    def geometry(self) -> Any:
        raw = self.feature.get("geometry")
        if not isinstance(raw, dict):
            self.fail("geometry", "missing")
            return None
        if raw.get("type") not in ("Polygon", "MultiPolygon"):
            self.fail("geometry", f"type {raw.get('type')!r} is not Polygon or MultiPolygon")
            return None
        try:
            geom = shape(raw)
        except Exception as err:  # shapely raises several types for malformed rings
            self.fail("geometry", f"unreadable coordinates ({err})")
            return None
        if geom.is_empty:
            self.fail("geometry", "is empty")
            return None
        if not geom.is_valid:
            self.fail("geometry", f"invalid polygon: {explain_validity(geom)}")
            return None
        west, south, east, north = geom.bounds
        if west < -180 or east > 180 or south < -90 or north > 90:
            self.fail("geometry", "coordinates are not lon/lat degrees (EPSG:4326)")
            return None
        return geom

    def zone(self) -> Zone | None:
        """The zone, or None when any field is wrong (the problems say which)."""
        kind = self.choice("kind", ZoneKind)
        region = self.text("region")
        terrain = self.choice("terrain", Terrain)
        city_allowed = self.get("city_allowed", bool, "true or false")
        label_point = self.point("label_point")
        anchor_point = self.point("anchor_point")
        provenance = self.provenance()
        geometry = self.geometry()
        name = self.text("name")
        if (
            kind is not None
            and terrain is not None
            and (kind is ZoneKind.SEA) != (terrain is Terrain.SEA)
        ):
            self.fail("terrain", f"{terrain.value!r} does not fit kind {kind.value!r}")
        if kind is ZoneKind.SEA and city_allowed is True:
            self.fail("city_allowed", "true for a sea zone")
        if geometry is not None:
            for field, point in (("label_point", label_point), ("anchor_point", anchor_point)):
                if point is not None and not geometry.contains(Point(point)):
                    self.fail(field, f"{list(point)} is outside the zone")
        if self.problems:
            return None
        assert name and kind and region and terrain and label_point and anchor_point
        return Zone(
            name=name,
            kind=kind,
            region=region,
            terrain=terrain,
            city_allowed=bool(city_allowed),
            label_point=label_point,
            anchor_point=anchor_point,
            provenance=provenance,
            geometry=geometry,
        )


def _load_json(path: Path) -> tuple[Any, list[str]]:
    try:
        return json.loads(path.read_text(encoding="utf-8")), []
    except OSError as err:
        return None, [f"{path.name}: cannot be read ({err.strerror or err})"]
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        return None, [f"{path.name}: not valid JSON ({err})"]


def read_zones(path: str | Path) -> tuple[list[Zone], list[str]]:
    """The zones of a GeoJSON board file and every problem found in it.

    A zone with any problem is left out of the list; its problems are in the second value.
    """
    zones, _, problems = _read_zones(Path(path))
    return zones, problems


def _read_zones(path: Path) -> tuple[list[Zone], set[str], list[str]]:
    """The good zones, the names of all features (good or not) and the problems."""
    data, problems = _load_json(path)
    if problems:
        return [], set(), problems
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        kind = data.get("type") if isinstance(data, dict) else type(data).__name__
        return [], set(), [f"{path.name}: not a GeoJSON FeatureCollection (type is {kind!r})"]
    features = data.get("features")
    if not isinstance(features, list) or not features:
        return [], set(), [f"{path.name}: field 'features': no zones (need a non-empty list)"]

    zones: list[Zone] = []
    first_seen: dict[str, str] = {}
    for index, raw in enumerate(features):
        feature = _Feature(path.name, index, raw)
        zone = feature.zone()
        if feature.name is not None:
            key = feature.name.casefold()
            if key in first_seen:
                feature.fail("name", f"duplicate of zone {first_seen[key]!r}")
            else:
                first_seen[key] = feature.name
        problems.extend(feature.problems)
        if zone is not None and not feature.problems:
            zones.append(zone)
    return zones, set(first_seen.values()), problems


def _pairs(raw: object, field: str, file: str, problems: list[str]) -> tuple[ZonePair, ...]:
    """The ``straits`` or ``corners`` list of the metadata, checked entry by entry."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(f"{file}: field {field!r}: {raw!r} is not a list")
        return ()
    pairs = []
    singular = field.rstrip("s")
    for index, entry in enumerate(raw):
        where = f"{file}: {field}[{index}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: {entry!r} is not a mapping with 'zones' and 'provenance'")
            continue
        zones = entry.get("zones")
        if isinstance(zones, list) and all(isinstance(z, str) for z in zones):
            where = f"{file}: {singular} " + "-".join(repr(z) for z in zones)
        for key in entry:
            if key not in _PAIR_KEYS:
                problems.append(f"{where}: field {key!r}: unknown key (expected zones, provenance)")
        source = entry.get("provenance")
        if not isinstance(source, str) or not source.strip():
            problems.append(f"{where}: field 'provenance': missing")
        if not (
            isinstance(zones, list)
            and len(zones) == 2
            and all(isinstance(z, str) for z in zones)
            and zones[0] != zones[1]
        ):
            problems.append(f"{where}: field 'zones': {zones!r} is not two different zone names")
            continue
        pairs.append(ZonePair(zones[0], zones[1], source if isinstance(source, str) else ""))
    return tuple(pairs)


def read_meta(path: str | Path) -> tuple[BoardMeta | None, list[str]]:
    """The metadata of a ``*.board.yaml`` and every problem found in it (zones unchecked)."""
    path = Path(path)
    file = path.name
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as err:
        return None, [f"{file}: cannot be read ({err.strerror or err})"]
    except (yaml.YAMLError, UnicodeDecodeError) as err:
        return None, [f"{file}: not valid YAML ({' '.join(str(err).split())})"]
    if not isinstance(data, dict):
        return None, [f"{file}: not a YAML mapping of {', '.join(_META_KEYS)}"]

    problems: list[str] = []
    for key in data:
        if key not in _META_KEYS:
            hint = _suggest(str(key), _META_KEYS) or f" (expected one of {', '.join(_META_KEYS)})"
            problems.append(f"{file}: field {key!r}: unknown key{hint}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{file}: field 'name': {'missing' if name is None else repr(name)}")
    title = data.get("title", name)
    if not isinstance(title, str):
        problems.append(f"{file}: field 'title': {title!r} is not a string")
    min_border_km: Any = data.get("min_border_km")
    if min_border_km is None:
        problems.append(f"{file}: field 'min_border_km': missing")
    elif not _is_number(min_border_km) or not math.isfinite(min_border_km):
        problems.append(f"{file}: field 'min_border_km': {min_border_km!r} is not a number")
    elif min_border_km < 0:
        problems.append(f"{file}: field 'min_border_km': {min_border_km!r} is negative")
    straits = _pairs(data.get("straits"), "straits", file, problems)
    corners = _pairs(data.get("corners"), "corners", file, problems)
    if problems or not _is_number(min_border_km):
        return None, problems
    meta = BoardMeta(str(name), str(title), float(min_border_km), straits, corners)
    return meta, []


def check_pairs(
    meta: BoardMeta, zones: Sequence[Zone], file: str, also_named: Iterable[str] = ()
) -> list[str]:
    """Problems of the metadata against the zones: unknown names, straits off land.

    ``also_named`` are zones that exist but were refused for problems of their own: they
    are not reported again as unknown here.
    """
    by_name: Mapping[str, Zone] = {z.name: z for z in zones}
    known = set(by_name) | set(also_named)
    problems = []
    for field, pairs in (("strait", meta.straits), ("corner", meta.corners)):
        for pair in pairs:
            where = f"{file}: {field} {pair.a!r}-{pair.b!r}: field 'zones'"
            unknown = [n for n in (pair.a, pair.b) if n not in known]
            for name in unknown:
                problems.append(f"{where}: unknown zone {name!r}{_suggest(name, known)}")
            if field == "strait" and all(n in by_name for n in (pair.a, pair.b)):
                for name in (pair.a, pair.b):
                    if not by_name[name].is_land:
                        # 9.4: straits are crossed by land units walking, sea to sea is no strait.
                        problems.append(
                            f"{where}: {name!r} is a sea; a strait joins two land zones"
                        )
    return problems


def read_board_files(geojson: str | Path, meta: str | Path) -> tuple[list[Zone], BoardMeta]:
    """The zones and metadata of a board; raises :class:`BoardDataError` listing all problems."""
    zones, named, problems = _read_zones(Path(geojson))
    board_meta, meta_problems = read_meta(meta)
    problems += meta_problems
    if board_meta is not None and named:
        # Zones refused for their own problems still count as named, so that one bad polygon
        # does not also report every strait that mentions its zone.
        problems += check_pairs(board_meta, zones, Path(meta).name, named)
    if problems or board_meta is None:
        raise BoardDataError(problems)
    return zones, board_meta


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
