"""What a what-if run records of a game of Italia (wired into its spec, ``spec.py``).

Per nation and game turn: the victory points earned in the turn and up to its end, and the
land zones and cities the nation held at the end of the turn (:data:`METRIC_COLUMNS`);
at the end of the game, who held each land zone (the ``zones`` table). "The end of a turn"
is the ``turn_end`` event (5.0): after the last nation and its reinforcements, at the
position the turn's scoring counts (11.0). :func:`record` starts a game whose log notes
who holds what at each ``turn_end`` (:class:`TurnEndLog`); :func:`metrics` of a game
started otherwise replays it once to find out.

>>> from italia_kit import games
>>> from italia_kit.core import RandomPlayer
>>> from italia_kit.players import play_out
>>> spec = games.load("italia1")
>>> game = spec.record(3)
>>> play_out(spec, game, RandomPlayer(3)) > 0, game.is_over
(True, True)
>>> rows = list(spec.metrics(game))
>>> len(rows), sorted(rows[0]) == sorted(METRIC_COLUMNS)
(120, True)
>>> rows == list(metrics(game.fork()))  # a game not recorded is replayed: the same rows
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from italia_kit.core import EventLog, Game, replay_into
from italia_kit.core.events import Event
from italia_kit.games.italia.scenarios import Scenario
from italia_kit.games.italia.scoring import holders
from italia_kit.games.italia.setup import ItaliaGame, new_game, world_of
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World

__all__ = [
    "COLUMNS",
    "METRIC_COLUMNS",
    "METRIC_TYPES",
    "ZONE_COLUMNS",
    "Snapshot",
    "TurnEndLog",
    "metrics",
    "play_recorded",
    "record",
    "snapshots",
    "zone_rows",
]

#: The columns of a game's rows in a what-if frame (the runner puts variant, game and seed
#: first: :data:`COLUMNS`).
METRIC_COLUMNS = ("nation", "colour", "turn", "vp", "vp_total", "zones", "cities")
METRIC_TYPES = {
    "turn": "int64",
    "vp": "float64",
    "vp_total": "float64",
    "zones": "int64",
    "cities": "int64",
}
#: The columns of ``WhatIfResult.frame`` for Italia, in order.
COLUMNS = ("variant", "game", "seed", *METRIC_COLUMNS)
#: The columns of the ``zones`` table (the runner puts variant and game first).
ZONE_COLUMNS = ("zone", "nation", "colour")

#: Who holds each land zone at the end of a turn, and the zones with a city standing.
Snapshot = tuple[dict[str, str], frozenset[str]]


class TurnEndLog(EventLog):
    """The game's event log, which also notes who holds what when each game turn ends."""

    __slots__ = ("game", "snapshots", "world")

    def __init__(self, events: list[Event], world: World) -> None:
        super().__init__(events)
        self.world = world
        self.game: Game[ItaliaState] | None = None
        self.snapshots: dict[int, Snapshot] = {}

    def watch(self, game: Game[ItaliaState]) -> None:
        """Note the positions of ``game`` (the game whose events this log receives)."""
        self.game = game

    def append(self, event: Event) -> None:
        super().append(event)
        if event.kind == "turn_end" and self.game is not None:
            # the game's state now (a refused action may have rebuilt it since the start)
            self.note(event.turn, self.game.state)

    def note(self, turn: int, state: ItaliaState) -> None:
        cities = frozenset(z for z, standing in state.cities.items() if standing)
        self.snapshots[turn] = (holders(state, self.world), cities)


def record(scenario: Scenario, seed: int) -> ItaliaGame:
    """A new game of ``scenario`` (the same as ``new_game(scenario, seed=seed)``: same rules,
    state and dice) whose log notes who holds what at the end of every game turn. It keeps
    no undo checkpoints: a batch never goes back."""
    start = new_game(scenario, seed=seed)
    log = TurnEndLog(list(start.log), world_of(start))
    game: ItaliaGame = Game(
        start.rules, start.state, dice=start.dice, log=log, advance=False, checkpoint_every=1 << 62
    )
    log.game = game
    return game


def snapshots(game: Game[Any]) -> dict[int, Snapshot]:
    """``{turn: ({zone: nation}, cities)}`` at the end of every game turn played; a game not
    started by :func:`record` is replayed (without players: quick) to find them."""
    log = game.log
    if not isinstance(log, TurnEndLog):
        log = TurnEndLog([], world_of(game))
        replay_into(game, log, watch=log.watch)
    found = dict(log.snapshots)
    turn = game.state.turn
    if game.is_over and turn not in found:
        # 13.4: a turn 10 played as a chain of campaigns ends without a turn_end event;
        # the position at the end of the game is the one its last scoring saw
        log.note(turn, game.state)
        found[turn] = log.snapshots[turn]
    return found


def metrics(game: Game[Any]) -> Iterator[dict[str, Any]]:
    """The rows of a finished game: every nation (in the scenario's order) and turn."""
    world = world_of(game)
    scenario = world.scenario
    earned: dict[tuple[str, int], float] = {}
    for event in game.log:
        if event.kind == "victory_points":
            key = (str(event.data["nation"]), event.turn)
            earned[key] = earned.get(key, 0.0) + float(event.data["points"])
    counts: dict[int, tuple[Counter[str], Counter[str]]] = {}
    for turn, (held, standing) in snapshots(game).items():
        counts[turn] = (
            Counter(held.values()),
            Counter(n for z, n in held.items() if z in standing),
        )
    empty: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    for nation in scenario.nations:
        name, total = nation.name, 0.0
        for turn in range(1, scenario.last_turn + 1):
            zones, cities = counts.get(turn, empty)
            vp = earned.get((name, turn), 0.0)
            total += vp
            yield {
                "nation": name,
                "colour": nation.colour,
                "turn": turn,
                "vp": vp,
                "vp_total": total,
                "zones": zones[name],
                "cities": cities[name],
            }


def zone_rows(game: Game[Any]) -> Iterator[dict[str, Any]]:
    """Who held each land zone at the end of the game's last turn, by zone name."""
    scenario = world_of(game).scenario
    colour_of = {n.name: n.colour for n in scenario.nations}
    found = snapshots(game)
    final = found[scenario.last_turn][0] if scenario.last_turn in found else {}
    for zone, nation in sorted(final.items()):
        yield {"zone": zone, "nation": nation, "colour": colour_of[nation]}


def play_recorded(
    scenario: Scenario, *, seed: int, players: Any, max_actions: int = 100_000
) -> tuple[ItaliaGame, dict[int, Snapshot]]:
    """Play a recorded game to the end as :func:`italia_kit.games.italia.play_game` does
    (same seed, same players: the same game) and return it with its :func:`snapshots`."""
    from italia_kit.games.italia.match import play_to_end

    game = record(scenario, seed)
    play_to_end(game, players=players, max_actions=max_actions)
    return game, snapshots(game)
