"""A board's own vocabulary: its location kinds, terrains, link kinds, unit types, attributes.

Each board file declares the words it uses (``docs/geodata-format.md``), and its locations
and links are checked against them; the zone model itself knows no game's words. Reading a
vocabulary collects every problem instead of stopping at the first.

>>> problems: list[str] = []
>>> vocab = read_vocabulary({
...     "units": ["army", "fleet"],
...     "kinds": {"land": {"units": ["army"]}, "sea": {"units": ["fleet"], "water": True}},
...     "links": {"road": {"units": ["army"], "line": "double"}},
...     "attributes": {"city": {"type": "bool", "default": False}},
... }, "x.board.yaml", problems)
>>> problems
[]
>>> vocab.kinds["sea"].water, vocab.link_kinds["road"].line, vocab.attributes["city"].default
(True, 'double', False)
>>> vocab.check_term("kind", "lake")
"'lake' is not one of land, sea"
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = [
    "ATTRIBUTE_TYPES",
    "BORDER_SORTS",
    "LINE_STYLES",
    "AttrValue",
    "AttributeSpec",
    "FrozenMap",
    "KindSpec",
    "LinkKindSpec",
    "Term",
    "Vocabulary",
    "read_vocabulary",
]

#: A value of a declared attribute; None for an optional attribute left unset.
AttrValue = bool | int | float | str | tuple[float, float] | None
#: The types an attribute may declare; ``location`` is the name of a location of the board,
#: ``point`` a position (lon/lat on a board with polygons, x/y on a board of boxes).
ATTRIBUTE_TYPES = ("bool", "int", "float", "str", "location", "point")
#: How a link of a kind is drawn between two boxes.
LINE_STYLES = ("single", "double", "dashed")
#: The sorts of shared border a polygon board derives, each given a link kind by ``borders``.
BORDER_SORTS = ("land", "coast", "sea")

_VOCABULARY_KEYS = (
    "units",
    "kinds",
    "terrains",
    "regions",
    "links",
    "borders",
    "attributes",
    "link_attributes",
)
_KIND_KEYS = ("units", "terrains", "water")
_LINK_KIND_KEYS = ("units", "line")
_ATTRIBUTE_KEYS = ("type", "default")

V = TypeVar("V")


class Term(str):
    """A word of a board's vocabulary (a location kind, a terrain, a link kind).

    It is a ``str``, so it compares, hashes and prints as the word; ``value`` and ``name``
    answer as the enums it replaces did, for code written against them.

    >>> kind = Term("borderland")
    >>> kind == "borderland", kind.value, kind.name
    (True, 'borderland', 'BORDERLAND')
    """

    __slots__ = ()

    @property
    def value(self) -> str:
        """The word as a plain str."""
        return str(self)

    @property
    def name(self) -> str:
        """The word in capitals, as an enum member's name (``double-line`` -> DOUBLE_LINE)."""
        return "_".join(self.replace("-", " ").split()).upper()


class FrozenMap(Mapping[str, V]):
    """A read-only, hashable mapping: attributes and vocabularies are parts of frozen values.

    >>> FrozenMap({"road": True}) == {"road": True}, hash(FrozenMap()) == hash(FrozenMap())
    (True, True)
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, V] | Iterable[tuple[str, V]] = ()) -> None:
        self._data: dict[str, V] = dict(data)

    def __getitem__(self, key: str) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __repr__(self) -> str:
        return repr(self._data)


def _is_number(value: object) -> bool:
    # bool is an int subclass; `true` must not pass for a number.
    return isinstance(value, int | float) and not isinstance(value, bool)


def suggest(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known``, or ''."""
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


@dataclass(frozen=True)
class AttributeSpec:
    """One declared attribute: its name, its type and, if it may be left out, its default.

    >>> spec = AttributeSpec("road", "bool", False, has_default=True)
    >>> spec.check(True), spec.check("yes")
    ((True, None), (None, "'yes' is not true or false"))
    """

    name: str
    type: str
    default: AttrValue = None
    has_default: bool = False

    def check(self, value: object) -> tuple[AttrValue, str | None]:
        """The value as the declared type and None, or None and what is wrong with it.

        A ``location`` is checked here to be a name only; the board checks that it exists.
        """
        if value is None and self.has_default and self.default is None:
            return None, None
        if self.type == "bool":
            if isinstance(value, bool):
                return value, None
            return None, f"{value!r} is not true or false"
        if self.type == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return value, None
            return None, f"{value!r} is not a whole number"
        if self.type == "float":
            if _is_number(value) and math.isfinite(value):  # type: ignore[arg-type]
                return float(value), None  # type: ignore[arg-type]
            return None, f"{value!r} is not a number"
        if self.type == "point":
            if (
                isinstance(value, list | tuple)
                and len(value) == 2
                and all(_is_number(v) and math.isfinite(v) for v in value)
            ):
                return (float(value[0]), float(value[1])), None
            return None, f"{value!r} is not a pair of numbers"
        if isinstance(value, str) and value.strip():
            return value, None
        return (
            None,
            f"{value!r} is not {'a location name' if self.type == 'location' else 'a string'}",
        )


@dataclass(frozen=True)
class KindSpec:
    """A location kind: the unit types that may stand there (None: any), its terrains (None:
    any declared one) and whether it is water (seas, lakes: what coasts and fleets are about).
    """

    name: Term
    units: frozenset[str] | None = None
    terrains: frozenset[str] | None = None
    water: bool = False

    def admits(self, unit: str) -> bool:
        """True when a unit of type ``unit`` may stand in a location of this kind."""
        return self.units is None or unit in self.units


@dataclass(frozen=True)
class LinkKindSpec:
    """A link kind: the unit types that may use it (None: any) and how it is drawn."""

    name: Term
    units: frozenset[str] | None = None
    line: str = "single"

    def admits(self, unit: str) -> bool:
        """True when a unit of type ``unit`` may move along a link of this kind."""
        return self.units is None or unit in self.units


@dataclass(frozen=True)
class Vocabulary:
    """The words one board uses; every field is as the board file declares it.

    ``borders`` names the link kind of each sort of shared border (``land``: two land
    locations, ``coast``: land and water, ``sea``: two waters) for boards with polygons.
    """

    units: tuple[str, ...] = ()
    kinds: FrozenMap[KindSpec] = field(default_factory=FrozenMap)
    terrains: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    link_kinds: FrozenMap[LinkKindSpec] = field(default_factory=FrozenMap)
    borders: FrozenMap[str] = field(default_factory=FrozenMap)
    attributes: FrozenMap[AttributeSpec] = field(default_factory=FrozenMap)
    link_attributes: FrozenMap[AttributeSpec] = field(default_factory=FrozenMap)

    def check_term(self, what: str, value: str) -> str | None:
        """What is wrong with ``value`` as a ``kind``, ``terrain``, ``region`` or ``link
        kind``, or None when the vocabulary has it."""
        known = {
            "kind": tuple(self.kinds),
            "terrain": self.terrains,
            "region": self.regions,
            "link kind": tuple(self.link_kinds),
        }[what]
        if value in known:
            return None
        return f"{value!r} is not one of {', '.join(known)}"

    @property
    def water_kinds(self) -> frozenset[str]:
        """The location kinds declared ``water: true``."""
        return frozenset(k for k, spec in self.kinds.items() if spec.water)


class _Reader:
    """Reads the ``vocabulary`` mapping; every problem goes to ``problems``."""

    def __init__(self, file: str, problems: list[str]) -> None:
        self.file = file
        self.problems = problems

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{self.file}: vocabulary: {where}: {what}")

    def keys(self, where: str, raw: Mapping[Any, Any], allowed: tuple[str, ...]) -> None:
        for key in raw:
            if key not in allowed:
                hint = suggest(str(key), allowed) or f" (expected one of {', '.join(allowed)})"
                self.fail(where, f"field {key!r}: unknown key{hint}")

    def words(self, where: str, raw: object) -> tuple[str, ...]:
        """A list of distinct words (strings without stray spaces)."""
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.fail(where, f"{raw!r} is not a list")
            return ()
        out: list[str] = []
        for item in raw:
            if not isinstance(item, str) or not item or " ".join(item.split()) != item:
                self.fail(where, f"{item!r} is not a word")
            elif item in out:
                self.fail(where, f"{item!r} is listed twice")
            else:
                out.append(item)
        return tuple(out)

    def subset(
        self, where: str, raw: object, known: tuple[str, ...], what: str
    ) -> frozenset[str] | None:
        if raw is None:
            return None
        words = self.words(where, raw)
        for word in words:
            if word not in known:
                self.fail(where, f"unknown {what} {word!r}{suggest(word, known)}")
        return frozenset(w for w in words if w in known)

    def table(self, where: str, raw: object) -> dict[str, dict[str, Any]]:
        """A mapping of words to their declarations (an empty declaration may be null)."""
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            self.fail(where, f"{raw!r} is not a mapping")
            return {}
        out: dict[str, dict[str, Any]] = {}
        for key, value in raw.items():
            if not isinstance(key, str) or not key or " ".join(key.split()) != key:
                self.fail(where, f"{key!r} is not a word")
            elif value is not None and not isinstance(value, dict):
                self.fail(f"{where} {key!r}", f"{value!r} is not a mapping")
            else:
                out[key] = value or {}
        return out

    def attributes(
        self, where: str, raw: object, reserved: tuple[str, ...]
    ) -> FrozenMap[AttributeSpec]:
        specs: dict[str, AttributeSpec] = {}
        for name, decl in self.table(where, raw).items():
            here = f"{where} {name!r}"
            self.keys(here, decl, _ATTRIBUTE_KEYS)
            if name in reserved:
                self.fail(here, f"{name!r} is a field of every location, not an attribute")
                continue
            kind = decl.get("type")
            if kind not in ATTRIBUTE_TYPES:
                self.fail(
                    here, f"field 'type': {kind!r} is not one of {', '.join(ATTRIBUTE_TYPES)}"
                )
                continue
            spec = AttributeSpec(name, kind)
            if "default" in decl:
                default, problem = (
                    spec.check(decl["default"]) if decl["default"] is not None else (None, None)
                )
                if problem:
                    self.fail(here, f"field 'default': {problem}")
                spec = AttributeSpec(name, kind, default, has_default=True)
            specs[name] = spec
        return FrozenMap(specs)


#: The fields every location has; an attribute may not take one of these names.
LOCATION_FIELDS = (
    "name",
    "kind",
    "region",
    "terrain",
    "in",
    "position",
    "size",
    "label_point",
    "anchor_point",
    "provenance",
)


def read_vocabulary(raw: object, file: str, problems: list[str]) -> Vocabulary:
    """The vocabulary of a board file's ``vocabulary`` mapping; problems go to ``problems``.

    What is wrong is reported and left out, so that the locations can still be checked
    against the rest (one load reports everything).
    """
    r = _Reader(file, problems)
    if raw is None:
        problems.append(f"{file}: field 'vocabulary': missing")
        return Vocabulary()
    if not isinstance(raw, dict):
        problems.append(f"{file}: field 'vocabulary': {raw!r} is not a mapping")
        return Vocabulary()
    r.keys("", raw, _VOCABULARY_KEYS)
    units = r.words("units", raw.get("units"))
    terrains = r.words("terrains", raw.get("terrains"))
    regions = r.words("regions", raw.get("regions"))
    kinds: dict[str, KindSpec] = {}
    for name, decl in r.table("kinds", raw.get("kinds")).items():
        here = f"kinds {name!r}"
        r.keys(here, decl, _KIND_KEYS)
        water = decl.get("water", False)
        if not isinstance(water, bool):
            r.fail(here, f"field 'water': {water!r} is not true or false")
        kinds[name] = KindSpec(
            Term(name),
            r.subset(f"{here}: field 'units'", decl.get("units"), units, "unit type"),
            r.subset(f"{here}: field 'terrains'", decl.get("terrains"), terrains, "terrain"),
            water is True,
        )
    if not kinds:
        r.fail("field 'kinds'", "no location kinds declared")
    link_kinds: dict[str, LinkKindSpec] = {}
    for name, decl in r.table("links", raw.get("links")).items():
        here = f"links {name!r}"
        r.keys(here, decl, _LINK_KIND_KEYS)
        line = decl.get("line", "single")
        if line not in LINE_STYLES:
            r.fail(here, f"field 'line': {line!r} is not one of {', '.join(LINE_STYLES)}")
            line = "single"
        units_of = r.subset(f"{here}: field 'units'", decl.get("units"), units, "unit type")
        link_kinds[name] = LinkKindSpec(Term(name), units_of, line)
    borders: dict[str, str] = {}
    raw_borders = raw.get("borders")
    if raw_borders is not None and not isinstance(raw_borders, dict):
        r.fail("field 'borders'", f"{raw_borders!r} is not a mapping")
    elif raw_borders:
        r.keys("borders", raw_borders, BORDER_SORTS)
        for sort in BORDER_SORTS:
            kind = raw_borders.get(sort)
            if kind is None:
                r.fail("borders", f"field {sort!r}: missing")
            elif kind not in link_kinds:
                r.fail(
                    "borders",
                    f"field {sort!r}: unknown link kind {kind!r}{suggest(str(kind), link_kinds)}",
                )
            else:
                borders[sort] = kind
    return Vocabulary(
        units=units,
        kinds=FrozenMap(kinds),
        terrains=terrains,
        regions=regions,
        link_kinds=FrozenMap(link_kinds),
        borders=FrozenMap(borders),
        attributes=r.attributes("attributes", raw.get("attributes"), LOCATION_FIELDS),
        link_attributes=r.attributes(
            "link_attributes", raw.get("link_attributes"), ("between", "kind", "provenance")
        ),
    )
