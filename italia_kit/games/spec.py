"""What a game declares about itself (after OpenSpiel's ``GameType``) and what it offers the
generic layers: seats, a new game, its board, metrics, bots, a map presenter, CLI commands.

A game package builds one :class:`GameSpec` per id and set of options; the registry
(:mod:`italia_kit.games.registry`) finds the factories. Everything a spec holds is a
callable or plain data, so the generic layers never import a game's modules themselves.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from italia_kit.core import Game, Player, Rules

__all__ = [
    "Chance",
    "Dynamics",
    "GameKind",
    "GameSpec",
    "Information",
    "MetricRow",
]


class Dynamics(enum.Enum):
    """Who decides when: one seat at a time, or several seats at once (sealed orders)."""

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


class Chance(enum.Enum):
    """Whether the game rolls dice, draws from bags or shuffles decks."""

    DETERMINISTIC = "deterministic"
    STOCHASTIC = "stochastic"


class Information(enum.Enum):
    """Whether every seat sees the whole state, or some of it is hidden from some seats."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@dataclass(frozen=True, slots=True)
class GameKind:
    """What kind of game this is, as OpenSpiel's ``GameType`` says it.

    >>> GameKind(Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.PERFECT, 3, 3)
    GameKind(sequential, stochastic, perfect information, 3 seats)
    """

    dynamics: Dynamics
    chance: Chance
    information: Information
    min_seats: int
    max_seats: int

    def __repr__(self) -> str:
        seats = (
            str(self.min_seats)
            if self.min_seats == self.max_seats
            else f"{self.min_seats}-{self.max_seats}"
        )
        return (
            f"GameKind({self.dynamics.value}, {self.chance.value}, "
            f"{self.information.value} information, {seats} seats)"
        )


#: One row of a what-if run: ``seat``, ``turn`` and the game's metric columns.
MetricRow = Mapping[str, Any]


def _no_metrics(game: Game[Any]) -> Iterable[MetricRow]:
    return ()


@dataclass(frozen=True)
class GameSpec:
    """One registered game with its options fixed.

    ``new_game(seed)`` starts a game; ``rules()`` gives the rules a save of it replays with;
    ``seat_of(game, actor)`` names the seat that decides for an actor (a nation of Italia
    belongs to a colour, 3.0); ``metrics(game)`` gives a finished game's rows for a what-if
    run; ``bots`` the game's own players by name (besides the generic random, passive and
    rollout ones); ``presenter`` (a ``"module:callable"`` path, imported only by the map
    view) draws its board; ``commands`` names the modules of its extra CLI commands.
    """

    id: str
    title: str
    kind: GameKind
    seats: tuple[str, ...]
    new_game: Callable[..., Game[Any]]
    rules: Callable[[], Rules[Any]]
    seat_of: Callable[[Game[Any], str], str]
    options: Mapping[str, Any] = field(default_factory=dict)
    board: Callable[[], Any] | None = None
    metrics: Callable[[Game[Any]], Iterable[MetricRow]] = _no_metrics
    metric_columns: tuple[str, ...] = ()
    bots: Mapping[str, Callable[[int], Player]] = field(default_factory=dict)
    presenter: str | None = None
    commands: tuple[str, ...] = ()
    description: str = ""

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"GameSpec({self.id!r}{options}: {self.title})"
