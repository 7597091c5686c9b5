"""What a what-if run records of a Renaissance-Italy game (wired into its spec, ``spec.py``).

One row per seat and season (:data:`METRIC_COLUMNS`): the cities and units it held at the
end of the season, whether it held the city of Venice, the ducats its sheet offered in
bribes (EXPENDITURE ORDERS 5-10) and how many of its bribes succeeded. "The end of a
season" is the position when the next season's first event is emitted (nothing has
changed hands yet then: Phase A's first steps add autonomous garrisons to cities nobody
holds and collect income), or the final position for the last season. :func:`record`
starts a game whose log notes that position (:class:`SeasonLog`); :func:`metrics` of a game
started otherwise replays it once to find out.

:class:`KindsBySeat` is a player factory for :func:`italia_kit.analysis.run_whatif` that
gives chosen seats their own kind of player (lesson 20: a bribe-heavy Milan among greedy
powers); it pickles, so worker processes can use it.

>>> from italia_kit import games
>>> from italia_kit.players import play_out
>>> spec = games.load("renaissance", years=1, powers=["Milan", "Venice"])
>>> game = spec.record(3)
>>> play_out(spec, game, {s: KindsBySeat()(s, 3) for s in spec.seats}) > 0
True
>>> rows = list(spec.metrics(game))
>>> len(rows), sorted(rows[0]) == sorted(METRIC_COLUMNS)
(6, True)
>>> rows == list(metrics(game.fork()))  # a game not recorded is replayed: the same rows
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from italia_kit.core import EventLog, Game, Player, replay_into
from italia_kit.core.events import Event
from italia_kit.games.renaissance.expenses import Bribe, is_expense, parse_expense
from italia_kit.games.renaissance.mapdata import VENICE, game_map
from italia_kit.games.renaissance.state import RenaissanceState, season_tag

__all__ = ["METRIC_COLUMNS", "METRIC_TYPES", "KindsBySeat", "SeasonLog", "metrics", "record"]

METRIC_COLUMNS = (
    "power",
    "turn",
    "season",
    "cities",
    "units",
    "holds_venice",
    "bribe_ducats",
    "bribes_won",
)
METRIC_TYPES = {
    "turn": "int64",
    "cities": "int64",
    "units": "int64",
    "holds_venice": "bool",
    "bribe_ducats": "int64",
    "bribes_won": "int64",
}

#: who holds each city, and how many units each power has
Snapshot = tuple[dict[str, str], dict[str, int]]


def _snapshot(state: RenaissanceState) -> Snapshot:
    units: dict[str, int] = {}
    for unit in state.units.values():
        units[unit.power] = units.get(unit.power, 0) + 1
    return dict(state.cities), units


class SeasonLog(EventLog):
    """The game's event log, which also notes who holds what when each season ends."""

    __slots__ = ("game", "seen", "snapshots")

    def __init__(self, events: list[Event]) -> None:
        super().__init__(events)
        self.game: Game[RenaissanceState] | None = None
        self.snapshots: dict[int, Snapshot] = {}
        self.seen = max((e.turn for e in events), default=1)

    def watch(self, game: Game[RenaissanceState]) -> None:
        """Note the positions of ``game`` (the game whose events this log receives)."""
        self.game = game

    def append(self, event: Event) -> None:
        if event.turn > self.seen and self.game is not None:
            # the first event of a new season: the position the last one ended with
            self.snapshots[self.seen] = _snapshot(self.game.state)
            self.seen = event.turn
        super().append(event)


def record(start: Game[RenaissanceState]) -> Game[RenaissanceState]:
    """``start`` (a new game) again with a :class:`SeasonLog`: the same rules, state and
    dice; no undo checkpoints (a batch never goes back)."""
    log = SeasonLog(list(start.log))
    game: Game[RenaissanceState] = Game(
        start.rules, start.state, dice=start.dice, log=log, advance=False, checkpoint_every=1 << 62
    )
    log.game = game
    return game


def _snapshots(game: Game[Any]) -> dict[int, Snapshot]:
    log = game.log
    if not isinstance(log, SeasonLog):  # replay it (without players: quick)
        log = SeasonLog([])
        replay_into(game, log, watch=log.watch)
    found = dict(log.snapshots)
    found[game.state.turn] = _snapshot(game.state)
    return found


def metrics(game: Game[Any]) -> Iterator[dict[str, Any]]:
    """The rows of a finished game: every seat (in seat order) and season played."""
    state: RenaissanceState = game.state
    m = game_map()
    offered: dict[tuple[str, int], int] = {}
    won: dict[tuple[str, int], int] = {}
    for event in game.log:
        if event.kind == "sheet" and event.phase.endswith("orders"):
            lines = event.data.get("lines", ())
            ducats = 0
            for line in lines if isinstance(lines, list | tuple) else ():
                text = str(line)
                if is_expense(text):
                    order = parse_expense(text, m)
                    ducats += order.amount if isinstance(order, Bribe) else 0
            key = (event.actor, event.turn)
            offered[key] = offered.get(key, 0) + ducats
        elif event.kind == "bribed":
            power = event.text.partition("'s bribe")[0].rsplit(": ", 1)[-1]
            won[power, event.turn] = won.get((power, event.turn), 0) + 1
    for turn, (cities, units) in sorted(_snapshots(game).items()):
        for power in state.seats:
            yield {
                "power": power,
                "turn": turn,
                "season": season_tag(turn),
                "cities": sum(owner == power for owner in cities.values()),
                "units": units.get(power, 0),
                "holds_venice": cities.get(VENICE) == power,
                "bribe_ducats": offered.get((power, turn), 0),
                "bribes_won": won.get((power, turn), 0),
            }


@dataclass(frozen=True)
class KindsBySeat:
    """``factory(seat, seed)`` for :func:`italia_kit.analysis.run_whatif`: the kind of
    player ``kinds`` names for the seat (default: Milan the ``briber``), else ``default``.

    >>> KindsBySeat()("Milan", 1), KindsBySeat()("Venice", 1)
    (BriberPlayer(seed=1, target='Venice'), GreedyPlayer(seed=1))
    """

    kinds: tuple[tuple[str, str], ...] = (("Milan", "briber"),)
    default: str = "greedy"

    @classmethod
    def of(cls, kinds: Mapping[str, str], default: str = "greedy") -> KindsBySeat:
        return cls(tuple(sorted(kinds.items())), default)

    def __call__(self, seat: str, seed: int) -> Player:
        from italia_kit.players import make_player

        return make_player(dict(self.kinds).get(seat, self.default), seed, game="renaissance")
