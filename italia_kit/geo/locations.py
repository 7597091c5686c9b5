"""Reading one location against the board's vocabulary: a GeoJSON feature or a box entry.

A location is read field by field and every problem is noted, naming the file, the
location and the field, so that one load reports all that is wrong::

    italia.geojson: location 'Verona': field 'terrain': 'hills' is not one of clear,
    mountain, swamp, sea

A GeoJSON feature is a zone with a polygon, a label point and an anchor point (lon/lat);
an entry of the board file's ``locations`` is a box at a ``position``, or a sub-location
(``in:`` another location) that may borrow its parent's position.

>>> from italia_kit.geo.vocabulary import read_vocabulary
>>> vocab = read_vocabulary({"kinds": {"box": None}, "attributes": {"vp": {"type": "int"}}},
...                         "x.board.yaml", [])
>>> entry = BoxEntry("x.board.yaml", 0, {"name": "Eboracum", "kind": "fort", "vp": "2"})
>>> _ = entry.read(vocab, require_provenance=False, lonlat=False)
>>> for problem in entry.problems:
...     print(problem[:75])
x.board.yaml: location 'Eboracum': field 'kind': 'fort' is not one of box
x.board.yaml: location 'Eboracum': field 'vp': '2' is not a whole number
x.board.yaml: location 'Eboracum': field 'position': missing (a location wi
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from italia_kit.geo.vocabulary import AttrValue, Vocabulary, suggest
from italia_kit.geo.zone import Point

__all__ = ["BoxEntry", "Feature", "LocationData"]


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass
class LocationData:
    """What was read of one location; the board turns it into a Zone once all are read."""

    name: str
    kind: str
    region: str
    terrain: str
    attributes: dict[str, AttrValue]
    provenance: dict[str, str]
    water: bool
    geometry: Any = None
    label_point: Point | None = None
    anchor_point: Point | None = None
    parent: str | None = None
    size: tuple[float, float] | None = None


class _Location:
    """The checks every location shares; ``problems`` collects what is wrong with it."""

    #: the fields this sort of location may have besides the declared attributes
    fields: tuple[str, ...] = ()
    #: what the provenance must cover besides the words and attributes
    drawn_by = "geometry"

    def __init__(self, file: str, index: int, props: dict[str, Any], label: str) -> None:
        self.file = file
        self.problems: list[str] = []
        self.props = props
        name = props.get("name")
        self.name = name if isinstance(name, str) and name.strip() else None
        self.where = f"location {self.name!r}" if self.name else f"{label} #{index + 1}"

    def fail(self, field: str, what: str) -> None:
        self.problems.append(f"{self.file}: {self.where}: field {field!r}: {what}")

    def text(self, field: str, required: bool = True) -> str | None:
        if field not in self.props:
            if required:
                self.fail(field, "missing")
            return None
        value = self.props[field]
        if not isinstance(value, str):
            self.fail(field, f"{value!r} is not a string")
            return None
        if value == "":
            self.fail(field, "is empty")
            return None
        if " ".join(value.split()) != value:
            # Lookup ignores case and spacing, so stray spaces would make two spellings.
            self.fail(field, f"{value!r} has leading, trailing or doubled spaces")
            return None
        return value

    def word(self, field: str, vocab: Vocabulary, what: str, required: bool) -> str | None:
        """A word the vocabulary must know (``what``: kind, terrain, region)."""
        value = self.text(field, required)
        if value is None:
            return None
        problem = vocab.check_term(what, value)
        if problem:
            self.fail(field, problem)
            return None
        return value

    def point(self, field: str, lonlat: bool, required: bool = True) -> Point | None:
        if field not in self.props:
            if required:
                self.fail(field, "missing")
            return None
        value = self.props[field]
        pair = "[lon, lat]" if lonlat else "[x, y]"
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(_is_number(v) and math.isfinite(v) for v in value)
        ):
            self.fail(field, f"{value!r} is not a {pair} pair of numbers")
            return None
        x, y = float(value[0]), float(value[1])
        if lonlat and not (-180 <= x <= 180 and -90 <= y <= 90):
            self.fail(field, f"{value!r} is not a lon/lat position")
            return None
        return x, y

    def attributes(self, vocab: Vocabulary) -> dict[str, AttrValue]:
        values: dict[str, AttrValue] = {}
        for name, spec in vocab.attributes.items():
            if name not in self.props:
                if spec.has_default:
                    values[name] = spec.default
                else:
                    self.fail(name, "missing")
                continue
            value, problem = spec.check(self.props[name])
            if problem:
                self.fail(name, problem)
            else:
                values[name] = value
        return values

    def unknown_fields(self, vocab: Vocabulary) -> None:
        known = (*self.fields, *vocab.attributes)
        for key in self.props:
            if key not in known:
                hint = suggest(str(key), known) or " (the vocabulary declares no such attribute)"
                self.fail(str(key), f"unknown field{hint}")

    def provenance(self, required: bool, covers: list[str]) -> dict[str, str]:
        if "provenance" not in self.props:
            if required:
                self.fail("provenance", "missing")
            return {}
        value = self.props["provenance"]
        if not isinstance(value, dict):
            self.fail("provenance", f"{value!r} is not an object")
            return {}
        if required:
            for field in covers:
                source = value.get(field)
                if not isinstance(source, str) or not source.strip():
                    self.fail("provenance", f"no source given for {field!r}")
        return {str(k): str(v) for k, v in value.items()}

    def words(self, vocab: Vocabulary) -> tuple[str | None, str | None, str | None]:
        """The kind, the region and the terrain, each checked against the vocabulary."""
        kind = self.word("kind", vocab, "kind", required=True)
        if vocab.regions:
            region = self.word("region", vocab, "region", required=True)
        else:
            region = self.text("region", required=False) or ""
        terrain: str | None = ""
        # A kind declared with `terrains: []` has none (a city inside a province).
        no_terrain = kind is not None and vocab.kinds[kind].terrains == frozenset()
        if vocab.terrains and not no_terrain:
            terrain = self.word("terrain", vocab, "terrain", required=True)
        elif "terrain" in self.props:
            whose = f"kind {kind!r}" if no_terrain else "the vocabulary"
            self.fail("terrain", f"{whose} declares no terrains")
        return kind, region, terrain

    def fits(self, vocab: Vocabulary, kind: str | None, terrain: str | None) -> None:
        """The terrain is one the kind allows (Italia: seas are of terrain sea, only)."""
        if kind is None or not terrain:
            return
        allowed = vocab.kinds[kind].terrains
        if allowed is not None and terrain not in allowed:
            choices = ", ".join(t for t in vocab.terrains if t in allowed)
            self.fail("terrain", f"{terrain!r} does not fit kind {kind!r} (expected {choices})")

    def covers(self, vocab: Vocabulary) -> list[str]:
        """The fields whose source a board that requires provenance wants stated."""
        fields = ["name", "kind"]
        fields += ["region"] if vocab.regions or "region" in self.props else []
        fields += ["terrain"] if vocab.terrains and "terrain" in self.props else []
        return [*fields, *vocab.attributes, self.drawn_by]


class Feature(_Location):
    """One GeoJSON feature: a zone with a polygon."""

    fields = ("name", "kind", "region", "terrain", "label_point", "anchor_point", "provenance")

    def __init__(self, file: str, index: int, feature: object) -> None:
        self.feature = feature if isinstance(feature, dict) else {}
        props = self.feature.get("properties")
        super().__init__(file, index, props if isinstance(props, dict) else {}, "feature")
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            self.problems.append(f"{file}: {self.where}: not a GeoJSON Feature")
        elif not isinstance(props, dict):
            self.problems.append(f"{file}: {self.where}: field 'properties': missing")

    def geometry(self) -> BaseGeometry | None:
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

    def read(self, vocab: Vocabulary, require_provenance: bool) -> LocationData | None:
        """The zone's data, or None when any field is wrong (the problems say which)."""
        kind, region, terrain = self.words(vocab)
        attributes = self.attributes(vocab)
        label_point = self.point("label_point", lonlat=True)
        # Where pieces stand; without one of its own, the zone's name marks the place.
        anchor_point = self.point("anchor_point", lonlat=True, required=False) or label_point
        provenance = self.provenance(require_provenance, self.covers(vocab))
        geometry = self.geometry()
        name = self.text("name")
        self.unknown_fields(vocab)
        self.fits(vocab, kind, terrain)
        if geometry is not None:
            for field, point in (("label_point", label_point), ("anchor_point", anchor_point)):
                if field not in self.props:
                    continue  # the anchor is the label point, checked already
                if point is not None and not geometry.contains(ShapelyPoint(point)):
                    self.fail(field, f"{list(point)} is outside the zone")
        if self.problems:
            return None
        assert name and kind and region is not None and terrain is not None
        return LocationData(
            name, kind, region, terrain, attributes, provenance, vocab.kinds[kind].water,
            geometry=geometry, label_point=label_point, anchor_point=anchor_point,
        )  # fmt: skip


class BoxEntry(_Location):
    """One entry of the board file's ``locations``: a box, or a sub-location of another."""

    fields = ("name", "kind", "region", "terrain", "in", "position", "size", "provenance")
    drawn_by = "position"

    def __init__(self, file: str, index: int, entry: object) -> None:
        super().__init__(file, index, entry if isinstance(entry, dict) else {}, "locations")
        if not isinstance(entry, dict):
            self.problems.append(f"{file}: {self.where}: {entry!r} is not a mapping")

    def size(self) -> tuple[float, float] | None:
        if "size" not in self.props:
            return None
        value = self.props["size"]
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(_is_number(v) and math.isfinite(v) and v > 0 for v in value)
        ):
            self.fail("size", f"{value!r} is not a [width, height] pair of positive numbers")
            return None
        return float(value[0]), float(value[1])

    def read(
        self, vocab: Vocabulary, require_provenance: bool, lonlat: bool
    ) -> LocationData | None:
        """The location's data, or None when any field is wrong (the problems say which).

        ``lonlat``: the board has polygons, so positions are lon/lat degrees.
        """
        if not self.props:
            return None
        kind, region, terrain = self.words(vocab)
        attributes = self.attributes(vocab)
        parent = self.text("in", required=False)
        position = self.point("position", lonlat, required=False)
        if "position" not in self.props and parent is None:
            self.fail("position", "missing (a location without a polygon is a box at its position)")
        size = self.size()
        provenance = self.provenance(require_provenance, self.covers(vocab))
        name = self.text("name")
        self.unknown_fields(vocab)
        self.fits(vocab, kind, terrain)
        if self.problems:
            return None
        assert name and kind and region is not None and terrain is not None
        return LocationData(
            name, kind, region, terrain, attributes, provenance, vocab.kinds[kind].water,
            label_point=position, anchor_point=position, parent=parent, size=size,
        )  # fmt: skip
