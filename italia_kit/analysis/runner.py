"""Whole games in batches, of any registered game: one seeded game per task, run here, in
local processes or on Dask.

A :class:`GameTask` is small plain data (the game's id and its spec's options as JSON, the
game's index and seeds, the players); :func:`play_task` plays it and returns a
:class:`GameRecord` of plain tuples: the game's metric rows (:attr:`GameSpec.metrics
<italia_kit.games.GameSpec>`, in the order of ``metric_columns``), its other tables
(``GameSpec.tables``) and the score of every seat at the end (``GameSpec.returns``).
:func:`run_tasks` runs a list of tasks in this process (``workers=1``), in a pool of local
processes (the default: every core), or on a ``dask.distributed`` client, with a tqdm
progress bar, and returns the records in the order of the tasks whatever order they
finished in.

Each game's seeds derive from the run's seed and the game's index alone
(:func:`game_seeds`), so a result does not depend on how many workers ran it.

>>> game_seeds(1, 0) == game_seeds(1, 0), game_seeds(1, 0) != game_seeds(1, 1)
(True, True)
>>> record = play_task(GameTask(0, "base", "italia1", "", 0, *game_seeds(1, 0)))
>>> record.rows[0][:3], len(record.rows), [seat for seat, _ in record.returns]
(('Celts', 'yellow', 1), 120, ['red', 'yellow', 'blue'])
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from italia_kit.core import Game, Player
from italia_kit.games.registry import load
from italia_kit.games.spec import GameSpec
from italia_kit.players import play_out, player_kinds

__all__ = [
    "MAX_ACTIONS",
    "GameFailed",
    "GameRecord",
    "GameTask",
    "PlayerFactory",
    "default_workers",
    "game_seeds",
    "options_json",
    "play_game_of",
    "play_task",
    "run_tasks",
    "spec_of_task",
    "task_players",
]

#: ``factory(seat, seed) -> Player``: one player per seat, seeded for the game.
PlayerFactory = Callable[[str, int], Player]

#: A game of a batch that has not ended after this many actions failed.
MAX_ACTIONS = 100_000


class GameFailed(RuntimeError):
    """A game of a batch raised: the message names its variant, index and seeds, so that
    ``replay_game`` can play it again alone."""


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


def options_json(options: Mapping[str, Any]) -> str:
    """A spec's options as a task carries them: JSON, ``""`` for none."""
    return json.dumps(dict(options), sort_keys=True, default=str) if options else ""


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: all a worker needs, as small plain data."""

    variant_index: int
    variant: str
    game_id: str  # the registered game (italia_kit.games)
    options: str  # its spec's options as JSON ("" = none): a variant among them
    game: int
    seed: int  # the dice
    player_seed: int  # the players: seat k gets SeedSequence(player_seed, spawn_key=(k,))
    players: str | PlayerFactory = "random"  # a kind of player_kinds(spec), or a factory
    skip_failed: bool = False  # a game that raises comes back as a record with ``error``


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a game leaves behind, as plain tuples (cheap to send back from a worker).

    ``rows``: the game's metric rows, each in the order of ``GameSpec.metric_columns``;
    ``tables``: the rows of each of ``GameSpec.tables``, in its order; ``returns``:
    ``(seat, score)`` for every seat at the end (none if the game has no ``returns``);
    ``actions``: the decisions taken; ``seconds``: the time the game took; ``error``: why
    the game failed (``skip_failed`` tasks only; then nothing else is kept).
    """

    variant_index: int
    variant: str
    game: int
    seed: int
    rows: tuple[tuple[Any, ...], ...]
    tables: tuple[tuple[tuple[Any, ...], ...], ...]
    returns: tuple[tuple[str, float], ...]
    actions: int
    seconds: float
    error: str = ""


# -- the worker side ------------------------------------------------------------------------

_SPECS: dict[tuple[str, str], GameSpec] = {}


def spec_of_task(task: GameTask) -> GameSpec:
    """The task's game with its options, loaded once per worker process and variant."""
    key = (task.game_id, task.options)
    found = _SPECS.get(key)
    if found is None:
        options = json.loads(task.options) if task.options else {}
        found = _SPECS[key] = load(task.game_id, **options)
    return found


def task_players(task: GameTask, spec: GameSpec) -> dict[str, Player]:
    """One player per seat, each seeded from the task's player seed and its seat's index."""
    import numpy as np

    if isinstance(task.players, str):
        kind = player_kinds(spec)[task.players]
        factory: PlayerFactory = lambda seat, seed: kind(seed)  # noqa: E731
    else:
        factory = task.players
    out = {}
    for k, seat in enumerate(spec.seats):
        seq = np.random.SeedSequence(task.player_seed, spawn_key=(k,))
        out[seat] = factory(seat, int(seq.generate_state(1, np.uint32)[0]))
    return out


def play_game_of(task: GameTask, spec: GameSpec | None = None) -> Game[Any]:
    """The task's game, played to its end here (``GameSpec.record`` starts it, so that it
    notes what its metrics need); ``RuntimeError`` if it does not end in
    :data:`MAX_ACTIONS` actions."""
    spec = spec or spec_of_task(task)
    players = task_players(task, spec)
    game = (spec.record or spec.new_game)(task.seed)
    play_out(spec, game, players, max_actions=MAX_ACTIONS)
    if not game.is_over:
        raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
    return game


def _record(spec: GameSpec, game: Game[Any]) -> tuple[Any, Any, Any]:
    columns = spec.metric_columns
    rows = tuple(tuple(row[c] for c in columns) for row in spec.metrics(game))
    tables = tuple(
        tuple(tuple(row[c] for c in cols) for row in make(game))
        for cols, make in spec.tables.values()
    )
    returns = tuple(spec.scores(game).items()) if spec.returns is not None else ()
    return rows, tables, returns


def play_task(task: GameTask) -> GameRecord:
    """Play one game of a batch (in whichever process) and return its small record."""
    began = time.perf_counter()
    where = (
        f"variant {task.variant!r}, game {task.game} (seed {task.seed}, "
        f"player seed {task.player_seed})"
    )
    try:
        spec = spec_of_task(task)
    except Exception as err:
        raise GameFailed(f"{where}: {type(err).__name__}: {err}") from err
    try:
        game = play_game_of(task, spec)
        rows, tables, returns = _record(spec, game)
    except Exception as err:
        message = f"{where}: {type(err).__name__}: {err}"
        if not task.skip_failed:
            raise GameFailed(message) from err
        seconds = time.perf_counter() - began
        return GameRecord(
            task.variant_index, task.variant, task.game, task.seed, (), (), (), 0, seconds, message
        )
    return GameRecord(
        task.variant_index,
        task.variant,
        task.game,
        task.seed,
        rows,
        tables,
        returns,
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
    keys = [f"whatif-{t.game_id}-{run}-{t.variant_index}-{t.game}" for t in tasks]
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
