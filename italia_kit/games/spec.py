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
    "MetricTable",
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


#: An extra table of a what-if run: its columns, and ``rows(game)`` of a finished game.
MetricTable = tuple[tuple[str, ...], Callable[[Game[Any]], Iterable[MetricRow]]]


def _no_metrics(game: Game[Any]) -> Iterable[MetricRow]:
    return ()


@dataclass(frozen=True)
class GameSpec:
    """One registered game with its options fixed.

    ``new_game(seed)`` starts a game; ``rules()`` gives the rules a save of it replays with;
    ``seat_of(game, actor)`` names the seat that decides for an actor (a nation of Italia
    belongs to a colour, 3.0); ``returns(game)`` scores a game for every seat (the result of
    a finished game; of an unfinished one the best estimate the game has, Italia's victory
    points so far), which the rollout player and the what-if summaries rank by;
    ``bots`` the game's own players by name (besides the generic random, passive and
    rollout ones); ``presenter`` (a ``"module:callable"`` path, imported only by the map
    view) draws its board; ``commands`` names the modules of its extra CLI commands
    (each defines ``COMMAND`` or ``COMMANDS``); ``summary(game)`` is the text ``play`` and
    ``replay`` print.

    What-if runs (:mod:`italia_kit.analysis`): ``record(seed)`` starts a game that notes
    along the way what its metrics need (default: ``new_game``); ``metrics(game)`` gives the
    finished game's rows, with the columns ``metric_columns`` (pandas dtypes in
    ``metric_types``); ``tables`` adds other tables by name (Italia: ``zones``, who held each
    land zone at the end); ``variants`` names the shipped what-if variants, which the
    ``variant`` option takes; ``seat_label`` and ``score_label``/``score_unit`` name the
    seats and the score in tables and plots (Italia: colour, victory points, VP).
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
    returns: Callable[[Game[Any]], Mapping[str, float]] | None = None
    record: Callable[[int], Game[Any]] | None = None
    metric_types: Mapping[str, str] = field(default_factory=dict)
    tables: Mapping[str, MetricTable] = field(default_factory=dict)
    variants: Mapping[str, Any] = field(default_factory=dict)
    summary: Callable[[Game[Any]], str] | None = None
    seat_label: str = "seat"
    score_label: str = "score"
    score_unit: str = ""
    #: a score at or above which a seat has won, for games whose seats win by a bar rather
    #: than by beating each other (a solitaire game has no rival to beat); None: the best
    #: score wins (what-if win rates, :meth:`WhatIfResult.wins`)
    win_score: float | None = None

    def scores(self, game: Game[Any]) -> dict[str, float]:
        """``returns(game)`` for every seat, in seat order; a game without ``returns`` is
        refused naming the field (the rollout player and the what-if summaries need it)."""
        if self.returns is None:
            raise ValueError(f"game {self.id!r} gives no scores (GameSpec.returns is not set)")
        got = self.returns(game)
        return {seat: float(got[seat]) for seat in self.seats}

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"GameSpec({self.id!r}{options}: {self.title})"
