"""Whole games in batches: one seeded game per task, run here, in local processes or on Dask.

A :class:`GameTask` is small plain data (the scenario by id or raw data, the variant's
changes as JSON, the game's index and seeds, the players); :func:`play_task` plays it and
returns a :class:`GameRecord` of plain tuples: per nation and turn the victory points earned
and the zones and cities held at the end of the turn, and who held each land zone at the
end. :func:`run_tasks` runs a list of tasks in this process (``workers=1``), in a pool of
local processes (the default: every core), or on a ``dask.distributed`` client, with a tqdm
progress bar, and returns the records in the order of the tasks whatever order they
finished in.

Each game's seeds derive from the run's seed and the game's index alone
(:func:`game_seeds`), so a result does not depend on how many workers ran it.

>>> game_seeds(1, 0) == game_seeds(1, 0), game_seeds(1, 0) != game_seeds(1, 1)
(True, True)
>>> record = play_task(GameTask(0, "base", ("id", "italia1"), "", 0, *game_seeds(1, 0)))
>>> record.turns[0][:2], len(record.turns)
(('Celts', 1), 120)
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from italia_kit.core import Game, PassivePlayer, Player, RandomPlayer
from italia_kit.core.events import Event, EventLog
from italia_kit.games.italia.scenarios import (
    Scenario,
    load_scenario,
    scenario_from_dicts,
    with_variant,
)

if TYPE_CHECKING:  # the engine is imported when a game is played (no import cycles)
    from italia_kit.games.italia import ItaliaGame, World
    from italia_kit.games.italia.state import ItaliaState

__all__ = [
    "PLAYERS",
    "GameFailed",
    "GameRecord",
    "GameTask",
    "PlayerFactory",
    "default_workers",
    "game_seeds",
    "play_recorded",
    "play_task",
    "run_tasks",
    "task_players",
]

#: ``factory(colour, seed) -> Player``: one player per colour, seeded for the game.
PlayerFactory = Callable[[str, int], Player]


def _random(colour: str, seed: int) -> Player:
    return RandomPlayer(seed)


def _passive(colour: str, seed: int) -> Player:
    return PassivePlayer()


#: The players a run can name instead of passing a factory.
PLAYERS: dict[str, PlayerFactory] = {"random": _random, "passive": _passive}

#: Who holds each land zone at the end of a turn, and the zones with a city standing.
Snapshot = tuple[dict[str, str], frozenset[str]]

#: The scenario as a task carries it: ``("id", name_or_path)`` or ``("dicts", head, nations)``.
ScenarioRef = tuple[Any, ...]


class GameFailed(RuntimeError):
    """A game of a batch raised: the message names its variant, index and seeds, so that
    ``play_recorded`` can replay it alone."""


def game_seeds(seed: int, game: int) -> tuple[int, int]:
    """The dice seed and the players' seed of game ``game`` of a run seeded ``seed``.

    Both come from ``numpy.random.SeedSequence(seed, spawn_key=(game,))`` (the seed
    sequence ``SeedSequence(seed).spawn`` would give the game), never from the worker or
    the order in which games finish. Game ``i`` of every variant gets the same seeds
    (common random numbers), which makes the differences between variants less noisy.
    """
    import numpy as np

    words = np.random.SeedSequence(seed, spawn_key=(game,)).generate_state(2, np.uint32)
    return int(words[0]), int(words[1])


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: all a worker needs, as small plain data."""

    variant_index: int
    variant: str
    scenario: ScenarioRef
    changes: str  # the variant's changes as JSON ("" = the base scenario)
    game: int
    seed: int  # the dice
    player_seed: int  # the players: colour k gets SeedSequence(player_seed, spawn_key=(k,))
    players: str | PlayerFactory = "random"
    skip_failed: bool = False  # a game that raises comes back as a record with ``error``


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a game leaves behind, as plain tuples (cheap to send back from a worker).

    ``turns``: ``(nation, turn, vp_earned, zones, cities)`` for every nation and turn, in the
    scenario's nation order; ``zones``: ``(zone, nation)`` for every land zone held at the
    end; ``actions``: the decisions taken; ``seconds``: the time the game took;
    ``error``: why the game failed (``skip_failed`` tasks only; then nothing else is kept).
    """

    variant_index: int
    variant: str
    game: int
    seed: int
    turns: tuple[tuple[str, int, float, int, int], ...]
    zones: tuple[tuple[str, str], ...]
    actions: int
    seconds: float
    error: str = ""


class _TurnEndLog(EventLog):
    """The game's event log, which also notes who holds what when each game turn ends
    (the ``turn_end`` event, 5.0: after the last nation and its reinforcements, just
    before the turn's scoring looks at the same position, 11.0)."""

    __slots__ = ("snapshots", "state", "world")

    def __init__(self, events: list[Event], world: World) -> None:
        super().__init__(events)
        self.world = world
        self.state: ItaliaState | None = None
        self.snapshots: dict[int, Snapshot] = {}

    def append(self, event: Event) -> None:
        super().append(event)
        if event.kind == "turn_end" and self.state is not None:
            self.note(event.turn, self.state)

    def note(self, turn: int, state: ItaliaState) -> None:
        from italia_kit.games.italia.scoring import holders

        cities = frozenset(z for z, standing in state.cities.items() if standing)
        self.snapshots[turn] = (holders(state, self.world), cities)


def play_recorded(
    scenario: Scenario,
    *,
    seed: int,
    players: Player | Mapping[str, Player],
    max_actions: int = 100_000,
) -> tuple[ItaliaGame, dict[int, Snapshot]]:
    """Play a game to the end as :func:`italia_kit.games.italia.play_game` does (same seed, same
    players: the same game), and return it with the holders of the land zones at the end of
    every game turn and the zones with a city standing: ``{turn: ({zone: nation}, cities)}``."""
    from italia_kit.games.italia import new_game, world_of
    from italia_kit.games.italia.match import play_to_end

    start = new_game(scenario, seed=seed)
    world = world_of(start)
    log = _TurnEndLog(list(start.log), world)
    # the same rules, state and dice, with the noting log; no undo checkpoints are needed
    game: Game[ItaliaState] = Game(
        start.rules,
        start.state,
        dice=start.dice,
        log=log,
        advance=False,
        checkpoint_every=1 << 62,
    )
    log.state = game.state

    def follow(g: Game[ItaliaState]) -> None:
        log.state = g.state  # (the same object unless a refused action rebuilt it)

    play_to_end(game, players=players, max_actions=max_actions, on_action=follow)
    if game.state.turn not in log.snapshots:
        # 13.4: a turn 10 played as a chain of campaigns ends without a turn_end event;
        # the position at the end of the game is the one its last scoring saw
        log.note(game.state.turn, game.state)
    return game, log.snapshots


# -- the worker side ------------------------------------------------------------------------

_SCENARIOS: dict[tuple[str, str], Scenario] = {}


def _scenario(task: GameTask) -> Scenario:
    """The task's scenario, built once per worker process and variant."""
    key = (json.dumps(task.scenario, sort_keys=True, default=str), task.changes)
    found = _SCENARIOS.get(key)
    if found is None:
        kind, *data = task.scenario
        base = load_scenario(data[0]) if kind == "id" else scenario_from_dicts(*data)
        if task.changes:
            changes = {"variant": task.variant, "changes": json.loads(task.changes)}
            base = with_variant(base, changes)
        found = _SCENARIOS[key] = base
    return found


def task_players(task: GameTask, colours: Sequence[str]) -> dict[str, Player]:
    """One player per colour, each seeded from the task's player seed and its colour."""
    import numpy as np

    factory = PLAYERS[task.players] if isinstance(task.players, str) else task.players
    out = {}
    for k, colour in enumerate(colours):
        seq = np.random.SeedSequence(task.player_seed, spawn_key=(k,))
        out[colour] = factory(colour, int(seq.generate_state(1, np.uint32)[0]))
    return out


def play_task(task: GameTask) -> GameRecord:
    """Play one game of a batch (in whichever process) and return its small record."""
    began = time.perf_counter()
    where = (
        f"variant {task.variant!r}, game {task.game} (seed {task.seed}, "
        f"player seed {task.player_seed})"
    )
    try:
        scenario = _scenario(task)
        players = task_players(task, list(scenario.players))
    except Exception as err:
        raise GameFailed(f"{where}: {type(err).__name__}: {err}") from err
    try:
        game, snapshots = play_recorded(scenario, seed=task.seed, players=players)
    except Exception as err:
        message = f"{where}: {type(err).__name__}: {err}"
        if not task.skip_failed:
            raise GameFailed(message) from err
        seconds = time.perf_counter() - began
        return GameRecord(
            task.variant_index, task.variant, task.game, task.seed, (), (), 0, seconds, message
        )
    earned: dict[tuple[str, int], float] = {}
    for event in game.log:
        if event.kind == "victory_points":
            key = (str(event.data["nation"]), event.turn)
            earned[key] = earned.get(key, 0.0) + float(event.data["points"])
    turns = []
    counts: dict[int, tuple[Counter[str], Counter[str]]] = {}
    for turn, (held, standing) in snapshots.items():
        counts[turn] = (
            Counter(held.values()),
            Counter(n for z, n in held.items() if z in standing),
        )
    empty: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    for nation in scenario.nations:
        name = nation.name
        for turn in range(1, scenario.last_turn + 1):
            zones, cities = counts.get(turn, empty)
            turns.append((name, turn, earned.get((name, turn), 0.0), zones[name], cities[name]))
    final = snapshots[scenario.last_turn][0] if scenario.last_turn in snapshots else {}
    return GameRecord(
        task.variant_index,
        task.variant,
        task.game,
        task.seed,
        tuple(turns),
        tuple(sorted(final.items())),
        len(game.actions),
        time.perf_counter() - began,
    )


# -- running a batch ------------------------------------------------------------------------


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    desc: str = "what-if",
) -> list[GameRecord]:
    """Play every task and return the records in the order of ``tasks``.

    ``client`` (a ``dask.distributed.Client``) runs them on its cluster; otherwise
    ``workers`` local processes (default: every core), or this process when ``workers=1``.
    The progress bar (``tqdm.auto``: a text bar in a terminal, a widget in a notebook)
    counts finished games; ``progress=False`` turns it off.
    """
    from tqdm.auto import tqdm

    bar = tqdm(total=len(tasks), desc=desc, unit="game", disable=not progress, leave=True)
    try:
        if client is not None:
            done = _run_dask(tasks, client, bar.update)
        else:
            n = default_workers() if workers is None else workers
            if n < 1:
                raise ValueError(f"workers must be at least 1, got {n}")
            n = min(n, max(1, len(tasks)))
            done = _run_local(tasks, n, bar.update)
    finally:
        bar.close()
    return sorted(done, key=lambda r: (r.variant_index, r.game))


def _run_local(
    tasks: Sequence[GameTask], workers: int, tick: Callable[[], Any]
) -> list[GameRecord]:
    if workers == 1:
        out = []
        for task in tasks:
            out.append(play_task(task))
            tick()
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_task, task) for task in tasks]
        try:
            return [f.result() for f in _as_finished(futures, tick)]
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def _as_finished(
    futures: list[Future[GameRecord]], tick: Callable[[], Any]
) -> Iterator[Future[GameRecord]]:
    pending = set(futures)
    while pending:
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for f in done:
            f.result()  # raises the first failure at once
            tick()
            yield f


def _run_dask(tasks: Sequence[GameTask], client: Any, tick: Callable[[], Any]) -> list[GameRecord]:
    from distributed import as_completed

    run = uuid.uuid4().hex[:8]
    keys = [f"italia-whatif-{run}-{t.variant_index}-{t.game}" for t in tasks]
    futures = client.map(play_task, list(tasks), key=keys)
    out = []
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            out.append(future.result())
            tick()
    except BaseException:
        client.cancel(futures)
        raise
    return out
