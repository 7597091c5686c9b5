"""Typed reading of raw YAML values that notes every problem instead of stopping at the first.

A :class:`Reader` belongs to one file (and, once known, one nation). Each method checks one
raw value and returns it typed; on a problem it records a message naming the file, the
nation and the field, and returns a harmless stand-in so that checking can go on. The
caller raises :class:`~italia_kit.games.italia.scenarios.errors.ScenarioError` once
everything is read.

>>> problems: list[str] = []
>>> r = Reader("italia1/celts.yaml", problems, last_turn=10)
>>> r.nation = "Celts"
>>> r.zone("Verone", "setup[2].zone")
''
>>> for part in problems[0].split(": "):
...     print(part)
italia1/celts.yaml
nation 'Celts'
field 'setup[2].zone'
unknown zone 'Verone' (did you mean 'Verona'?)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from italia_kit.games.italia.scenarios.errors import or_list
from italia_kit.games.italia.scenarios.zones import ITALIA_WORDS, ZoneWords

__all__ = ["Reader", "suggest"]

_EMPTY: Mapping[str, Any] = {}


def suggest(name: str, options: Iterable[str]) -> str:
    """`` (did you mean 'X'?)`` for the closest of ``options`` to ``name``, or ``''``."""
    by_key = {o.casefold(): o for o in options}
    close = difflib.get_close_matches(name.casefold(), list(by_key), n=3, cutoff=0.7)
    return f" (did you mean {or_list([by_key[c] for c in close])}?)" if close else ""


class Reader:
    """Checks and converts the raw values of one scenario file, collecting problems."""

    def __init__(
        self, file: str, problems: list[str], last_turn: int = 10, words: ZoneWords = ITALIA_WORDS
    ) -> None:
        self.file = file
        self.words = words  # the zone and region names the files may use (Italia's)
        self.nation: str | None = None
        self.problems = problems
        self.last_turn = last_turn
        self._missing: set[str] = set()  # fields reported missing: no second message for them

    def fail(self, field: str, message: str) -> None:
        """Record one problem: ``file: nation 'X': field 'f': message``."""
        if field in self._missing:
            return
        parts = [self.file]
        if self.nation is not None:
            parts.append(f"nation {self.nation!r}")
        if field:
            parts.append(f"field {field!r}")
        self.problems.append(": ".join([*parts, message]))

    # -- shapes ---------------------------------------------------------------------------

    def mapping(
        self, value: Any, field: str, allowed: Sequence[str], required: Sequence[str] = ()
    ) -> Mapping[str, Any]:
        """A mapping with only ``allowed`` keys and every ``required`` one."""
        if not isinstance(value, Mapping):
            self.fail(field, f"expected a mapping, got {_kind(value)}")
            return _EMPTY
        for key in value:
            if key not in allowed:
                self.fail(
                    _join(field, str(key)), f"unknown key {key!r}{suggest(str(key), allowed)}"
                )
        for key in required:
            if key not in value:
                self.fail(_join(field, key), "missing")
                self._missing.add(_join(field, key))
        return value

    def sequence(self, value: Any, field: str) -> list[Any]:
        """A list (None reads as the empty list)."""
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(field, f"expected a list, got {_kind(value)}")
            return []
        return value

    # -- scalars --------------------------------------------------------------------------

    def integer(self, value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
        """An int (not a bool) within ``lo..hi``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, f"expected a whole number, got {value!r}")
            return lo if lo is not None else 0
        if lo is not None and value < lo:
            self.fail(field, f"must be at least {lo}, got {value}")
        elif hi is not None and value > hi:
            self.fail(field, f"must be at most {hi}, got {value}")
        return value

    def number(self, value: Any, field: str, lo: float = 0.0) -> float:
        """A number (int or float, ``1/2`` written ``0.5``) of at least ``lo``."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(field, f"expected a number, got {value!r}")
            return lo
        if value < lo:
            self.fail(field, f"must be at least {lo:g}, got {value:g}")
        return float(value)

    def boolean(self, value: Any, field: str) -> bool:
        if not isinstance(value, bool):
            self.fail(field, f"expected true or false, got {value!r}")
            return False
        return value

    def text(self, value: Any, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(field, f"expected a non-empty text, got {value!r}")
            return ""
        return value

    def optional_text(self, value: Any, field: str) -> str | None:
        return None if value is None else self.text(value, field)

    def choice(self, value: Any, field: str, options: Sequence[str], what: str) -> str:
        """One of ``options``; ``what`` names the kind of value in the message."""
        if value not in options:
            shown = repr(value) if not isinstance(value, str) else f"{value!r}"
            hint = suggest(value, options) if isinstance(value, str) else ""
            self.fail(field, f"unknown {what} {shown}{hint}; expected one of {', '.join(options)}")
            return options[0]
        return str(value)

    def name_in(self, value: Any, field: str, known: Iterable[str], what: str) -> str:
        """A name that must be one of ``known`` (nations, leaders)."""
        name = self.text(value, field)
        known = list(known)
        if name and name not in known:
            self.fail(field, f"unknown {what} {name!r}{suggest(name, known)}")
        return name

    # -- game values ----------------------------------------------------------------------

    def zone(self, value: Any, field: str) -> str:
        """A zone name as the rulebook spells it."""
        name = self.text(value, field)
        if name and name not in self.words.zones:
            self.fail(field, f"unknown zone {name!r}{suggest(name, self.words.zones)}")
            return ""
        return name

    def land_zone(self, value: Any, field: str) -> str:
        name = self.zone(value, field)
        if name in self.words.seas:
            self.fail(field, f"{name!r} is a sea, expected a land zone")
        return name

    def region(self, value: Any, field: str) -> str:
        name = self.text(value, field)
        if name and name not in self.words.regions:
            self.fail(field, f"unknown region {name!r}{suggest(name, self.words.regions)}")
            return ""
        return name

    def turn(self, value: Any, field: str) -> int:
        """A game turn, 1 to the scenario's last turn."""
        if isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= self.last_turn:
                self.fail(field, f"turn {value} is outside the game's turns 1..{self.last_turn}")
            return value
        return self.integer(value, field, 1, self.last_turn)

    def turns(self, value: Any, field: str) -> tuple[int, ...]:
        """Turns as a list (``[4, 5, 6]``), a span (``"4-9"``) or one number; sorted, unique."""
        if isinstance(value, str):
            return self._span(value, field)
        if isinstance(value, int) and not isinstance(value, bool):
            return (self.turn(value, field),)
        items = self.sequence(value, field)
        turns = [self.turn(item, f"{field}[{i}]") for i, item in enumerate(items)]
        if len(set(turns)) != len(turns):
            self.fail(field, f"a turn is listed twice: {turns}")
        return tuple(sorted(set(turns)))

    def _span(self, value: str, field: str) -> tuple[int, ...]:
        first, _, last = value.partition("-")
        try:
            lo, hi = int(first), int(last or first)
        except ValueError:
            self.fail(field, f"expected turns like [1, 2] or '4-9', got {value!r}")
            return ()
        if lo > hi:
            self.fail(field, f"the span {value!r} runs backwards")
        for turn in (lo, hi):
            self.turn(turn, field)
        return tuple(range(max(lo, 1), min(hi, self.last_turn) + 1))


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _kind(value: Any) -> str:
    return "nothing" if value is None else f"{type(value).__name__} {value!r}"
