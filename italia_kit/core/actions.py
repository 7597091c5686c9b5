"""Actions: small frozen values with one JSON form, as python-chess's ``Move``.

A game declares its action classes as frozen dataclasses deriving from :class:`Action` with a
unique ``kind``; fields hold JSON-able values (str, int, bool, None, tuples of those).
:class:`ActionCodec` turns them into JSON and back, refusing malformed input with
:class:`~italia_kit.core.errors.InvalidActionError`.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from italia_kit.core.errors import InvalidActionError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action. Subclasses set ``kind`` and add fields."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = _jsonify(value)
        return out


def _jsonify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonify(v) for v in value]
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class ScriptDice(Action):
    """Force the next dice results (tests, rulebook examples, what-if replays).

    Handled by the game itself, not by a game's rules, and recorded like any other action
    so that replays and saves reproduce scripted battles.
    """

    kind: ClassVar[str] = "script_dice"
    results: tuple[int, ...] = ()


class ActionCodec:
    """Decodes actions of a set of classes from their JSON form."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._classes: dict[str, type[Action]] = {}
        all_classes: list[type[Action]] = [*classes, ScriptDice]
        for cls in all_classes:
            if cls.kind in self._classes and self._classes[cls.kind] is not cls:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self._classes[cls.kind] = cls
        self._hints = {kind: typing.get_type_hints(cls) for kind, cls in self._classes.items()}

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted(self._classes))

    def from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise InvalidActionError(f"an action must be a JSON object, got {data!r}")
        kind = data.get("kind")
        cls = self._classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InvalidActionError(
                f"unknown action kind {kind!r}; known kinds: {', '.join(self.kinds)}"
            )
        hints = self._hints[cls.kind]
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING:
                    continue
                raise InvalidActionError(f"action {kind!r}: field {f.name!r} is missing")
            kwargs[f.name] = _coerce(data[f.name], hints[f.name], f"{kind}.{f.name}")
        extra = set(data) - {"kind"} - {f.name for f in dataclasses.fields(cls)}
        if extra:
            raise InvalidActionError(f"action {kind!r}: unknown fields {sorted(extra)!r}")
        return cls(**kwargs)


def _coerce(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise InvalidActionError(f"{where}: expected a list, got {value!r}")
        if args and args[-1] is not Ellipsis:  # a fixed-length tuple such as (int, str)
            if len(value) != len(args):
                raise InvalidActionError(f"{where}: expected {len(args)} items, got {value!r}")
            return tuple(_coerce(v, a, where) for v, a in zip(value, args, strict=True))
        inner = args[0] if args else Any
        return tuple(_coerce(v, inner, where) for v in value)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(value, arg, where)
            except InvalidActionError:
                continue
        raise InvalidActionError(f"{where}: {value!r} does not fit {hint}")
    if hint is Any:
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise InvalidActionError(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidActionError(f"{where}: expected an integer, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise InvalidActionError(f"{where}: expected a string, got {value!r}")
        return value
    return value
