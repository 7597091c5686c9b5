"""The registry of games: ids to factories, found through the ``italia_kit.games`` entry
point group, so that a game from another package plugs in exactly as the kit's own do.

A factory is ``factory(**options) -> GameSpec``. The kit's games are listed in
``pyproject.toml``; :data:`BUILTIN` repeats them for a checkout run without installing.

>>> "italia1" in available()
True
>>> load("italia1").seats
('red', 'yellow', 'blue')
>>> try:
...     load("itala1")
... except UnknownGameError as err:
...     print(err)  # doctest: +ELLIPSIS
unknown game 'itala1' (did you mean 'italia1'?); known games: agricola, italia1, ...
"""

from __future__ import annotations

import difflib
import importlib
import threading
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any

from italia_kit.games.spec import GameSpec

__all__ = [
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "GameFactory",
    "UnknownGameError",
    "available",
    "load",
    "register",
    "unregister",
]

#: The entry point group games register in (``[project.entry-points."italia_kit.games"]``).
ENTRY_POINT_GROUP = "italia_kit.games"

#: ``factory(**options) -> GameSpec``
GameFactory = Callable[..., GameSpec]

#: The kit's own games, as ``"module:callable"`` (the same as its entry points).
BUILTIN: Mapping[str, str] = {
    "agricola": "italia_kit.games.agricola.spec:agricola",
    "italia1": "italia_kit.games.italia.spec:italia1",
    "italia2": "italia_kit.games.italia.spec:italia2",
    "medieval": "italia_kit.games.medieval.spec:medieval",
    "renaissance": "italia_kit.games.renaissance.spec:renaissance",
    "roma": "italia_kit.games.roma.spec:roma",
}

_lock = threading.Lock()
_factories: dict[str, GameFactory | str] = {}
_discovered = False


class UnknownGameError(KeyError, ValueError):
    """An id no registered game has: the message lists the known ones and the closest."""

    def __str__(self) -> str:
        return str(self.args[0])


def _discover() -> None:
    global _discovered
    with _lock:
        if _discovered:
            return
        found: dict[str, GameFactory | str] = dict(BUILTIN)
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            found[ep.name] = ep.value
        for name, target in found.items():
            _factories.setdefault(name, target)
        _discovered = True


def register(game_id: str, factory: GameFactory | str, *, replace: bool = False) -> None:
    """Make ``game_id`` loadable: ``factory(**options) -> GameSpec``, or its
    ``"module:callable"`` path. Tests register their toy games this way."""
    _discover()
    with _lock:
        if game_id in _factories and not replace:
            raise ValueError(f"a game is already registered as {game_id!r}")
        _factories[game_id] = factory


def unregister(game_id: str) -> None:
    """Forget a game registered with :func:`register` (tests clean up with it)."""
    _discover()
    with _lock:
        _factories.pop(game_id, None)


def available() -> list[str]:
    """The ids of every registered game, sorted."""
    _discover()
    return sorted(_factories)


def _resolve(target: GameFactory | str) -> GameFactory:
    if not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    factory: GameFactory = getattr(importlib.import_module(module), name)
    return factory


def load(game_id: str, **options: Any) -> GameSpec:
    """The spec of game ``game_id`` with ``options``; :class:`UnknownGameError` lists the
    known ids and suggests the closest, and a factory refuses options it does not know."""
    _discover()
    key = game_id.strip().lower() if isinstance(game_id, str) else game_id
    target = _factories.get(key)
    if target is None:
        known = available()
        close = difflib.get_close_matches(str(game_id), known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownGameError(
            f"unknown game {game_id!r}{hint}; known games: {', '.join(known) or 'none'}"
        )
    return _resolve(target)(**options)
