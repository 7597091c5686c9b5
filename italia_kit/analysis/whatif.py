"""What-if runs of any registered game: a base game and named variants, N seeded games each.

A :class:`Variant` is a named set of options of the game's spec: a what-if diff of the
game's data (``changes``, passed as its ``variant`` option: Italia's scenario diff of
``docs/scenario-format.md``) and any other options. :func:`run_whatif` plays ``games``
games of the base and of every variant and returns a :class:`WhatIfResult`: a tidy
DataFrame of the game's metric rows (:attr:`GameSpec.metrics <italia_kit.games.GameSpec>`;
Italia: one row per nation and turn with the victory points earned that turn and in all,
zones and cities held at the end of it), the final score of every seat
(``GameSpec.returns``), summary statistics per variant and seat (mean, spread, quantiles,
win rate with a Wilson confidence interval) and plots. Game ``i`` has the same seeds in
every variant and whatever the number of workers
(:func:`italia_kit.analysis.runner.game_seeds`).

>>> from italia_kit import games
>>> path = games.load("italia1").variants["hannibal_plus_2_elephants"]
>>> elephants = Variant.load(path)
>>> elephants.name, elephants.changes[0]["nation"]
('hannibal_plus_2_elephants', 'Carthaginians')
>>> result = run_whatif(
...     "italia1", [elephants], games=1, seed=1, workers=1, progress=False, skip_failed=True
... )
>>> sorted(result.frame.columns)  # doctest: +NORMALIZE_WHITESPACE
['cities', 'colour', 'game', 'nation', 'seed', 'turn', 'variant', 'vp', 'vp_total', 'zones']
>>> list(result.summary().index.names), result.variants
(['variant', 'colour'], ['base', 'hannibal_plus_2_elephants'])
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from italia_kit.analysis.result import RUN_COLUMNS, WhatIfResult, wilson_interval
from italia_kit.analysis.runner import (
    GameRecord,
    GameTask,
    PlayerFactory,
    game_seeds,
    options_json,
    play_game_of,
    run_tasks,
)
from italia_kit.core import Game
from italia_kit.games.registry import load
from italia_kit.games.spec import GameSpec
from italia_kit.players import player_kinds

__all__ = [
    "BASE",
    "RUN_COLUMNS",
    "Variant",
    "VariantError",
    "WhatIfResult",
    "as_variant",
    "replay_game",
    "run_whatif",
    "wilson_interval",
]


class VariantError(ValueError):
    """A variant file or mapping that cannot be read; ``problems`` lists what is wrong."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class Variant:
    """A named what-if of a game: ``changes`` to its data (the game's ``variant`` option
    takes them; Italia's ``set``/``append``/``remove``) and other ``options`` of its spec.

    >>> richer = Variant("richer", [{"nation": "Celts", "set": "start_gold", "value": 5}])
    >>> richer.spec_options()["variant"][0]["variant"]
    'richer'
    >>> richer.spec("italia1").seats
    ('red', 'yellow', 'blue')
    """

    name: str
    changes: tuple[Mapping[str, Any], ...] = ()
    title: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise VariantError([f"variant: the name must be a non-empty text, got {self.name!r}"])
        object.__setattr__(self, "changes", tuple(self.changes))
        object.__setattr__(self, "options", dict(self.options))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, default_name: str = "what-if") -> Variant:
        """A variant from the mapping of a variant file (``variant``, ``title``, ``changes``)."""
        if not isinstance(data, Mapping):
            raise VariantError([f"variant: expected a mapping, got {type(data).__name__}"])
        unknown = sorted(set(data) - {"variant", "title", "changes"})
        if unknown:
            raise VariantError([f"variant: unknown key {unknown[0]!r} (variant, title, changes)"])
        changes = data.get("changes")
        if not isinstance(changes, list):
            raise VariantError([f"variant {default_name!r}: 'changes' must be a list of changes"])
        name = data.get("variant") or default_name
        title = data.get("title")
        return cls(str(name), tuple(changes), None if title is None else str(title))

    @classmethod
    def load(cls, path: str | Path) -> Variant:
        """A variant file; its name is its ``variant`` key, or else the file's stem."""
        path = Path(path)
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except OSError as err:
            raise VariantError([f"{path}: cannot read the variant: {err.strerror or err}"]) from err
        except yaml.YAMLError as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise VariantError([f"{path}: not YAML: {first}"]) from err
        try:
            return cls.from_dict(data, default_name=path.stem)
        except VariantError as err:
            raise VariantError([f"{path}: {p}" for p in err.problems]) from None

    def to_dict(self) -> dict[str, Any]:
        """The variant as the mapping of a variant file."""
        out: dict[str, Any] = {"variant": self.name}
        if self.title is not None:
            out["title"] = self.title
        out["changes"] = [dict(c) for c in self.changes]
        return out

    def spec_options(self, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The options of the variant's spec: ``base``'s, this variant's, and its changes
        after any variant already in ``base`` (a variant of a variant)."""
        out = {**(base or {}), **self.options}
        if self.changes:
            earlier = out.get("variant")
            items = [] if earlier is None else list(_as_list(earlier))
            out["variant"] = [*items, self.to_dict()]
        return out

    def spec(self, game: str, **options: Any) -> GameSpec:
        """The game's spec with this variant (checked by the game: a bad change raises)."""
        return load(game, **self.spec_options(options))


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


#: The base game itself, as a variant with no changes.
BASE = Variant("base")


def as_variant(item: Variant | str | Path | Mapping[str, Any], spec: GameSpec) -> Variant:
    """A variant as given: a :class:`Variant`, the name of one the game ships
    (``GameSpec.variants``), a variant file, or its mapping."""
    if isinstance(item, Variant):
        return item
    if isinstance(item, str) and item in spec.variants:
        shipped = spec.variants[item]
        return (
            Variant.from_dict(shipped, default_name=item)
            if isinstance(shipped, Mapping)
            else Variant.load(shipped)
        )
    if isinstance(item, str | Path):
        return Variant.load(item)
    return Variant.from_dict(item)


def _base_spec(base: str | GameSpec, options: Mapping[str, Any] | None) -> GameSpec:
    if isinstance(base, GameSpec):
        return load(base.id, **{**base.options, **(options or {})}) if options else base
    return load(base, **(options or {}))


def run_whatif(
    base: str | GameSpec = "italia1",
    variants: Sequence[Variant | str | Path | Mapping[str, Any]] = (),
    *,
    games: int = 100,
    seed: int = 0,
    players: str | PlayerFactory = "random",
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    include_base: bool = True,
    skip_failed: bool = False,
    options: Mapping[str, Any] | None = None,
) -> WhatIfResult:
    """Play ``games`` seeded games of the base game and of each variant.

    ``base``: a registered game's id (``italia1``, ``italia2`` ...) or its spec;
    ``options``: options of its spec for every game of the run. ``variants``:
    :class:`Variant` objects, names of the game's shipped variants, variant files, or their
    mappings; each is checked by the game before any game starts (a bad variant raises at
    once: Italia's ``ScenarioError``). ``players``: a kind of player of the game
    (``"random"``, ``"passive"``, ``"rollout"`` or one of its bots: Italia's ``"greedy"``),
    or ``factory(seat, seed) -> Player`` called once per seat and game (it must pickle to
    reach worker processes: a function or class defined at module level). ``workers``:
    local processes (default every core; ``1`` plays in this process); ``client``: a
    ``dask.distributed.Client`` to run on its cluster instead. ``progress``: the tqdm
    progress bar. ``skip_failed``: a game that raises is left out and listed in
    :attr:`WhatIfResult.failures` instead of stopping the run with
    :class:`~italia_kit.analysis.runner.GameFailed` (which names the game's variant, index
    and seeds).
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    spec = _base_spec(base, options)
    if isinstance(players, str) and players not in player_kinds(spec):
        known = ", ".join(sorted(player_kinds(spec)))
        raise ValueError(f"unknown players {players!r} for {spec.id}: {known} or a factory")
    chosen = ([BASE] if include_base else []) + [as_variant(v, spec) for v in variants]
    names = [v.name for v in chosen]
    if not chosen:
        raise ValueError("nothing to run: no variants and include_base=False")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"two variants are called {duplicates[0]!r}")
    # every variant's spec, checked here, once, before any worker sees it; a task carries
    # the game by id and its options as JSON (workers may be on other machines)
    specs = [v.spec(spec.id, **spec.options) for v in chosen]
    tasks = [
        GameTask(
            k,
            variant.name,
            spec.id,
            options_json(variant_spec.options),
            i,
            *game_seeds(seed, i),
            players=players,
            skip_failed=skip_failed,
        )
        for k, (variant, variant_spec) in enumerate(zip(chosen, specs, strict=True))
        for i in range(games)
    ]
    if not isinstance(players, str) and client is None and workers != 1:
        try:
            pickle.dumps(players)
        except Exception as err:
            raise ValueError(
                f"the players factory {players!r} cannot be sent to worker processes ({err}): "
                "define it at module level, or run with workers=1"
            ) from None
    records = run_tasks(tasks, workers=workers, client=client, progress=progress)
    return result_of(records, spec, chosen, seed)


def replay_game(
    base: str | GameSpec = "italia1",
    variant: Variant | str | Path | Mapping[str, Any] | None = None,
    *,
    seed: int,
    game: int,
    players: str | PlayerFactory = "random",
    options: Mapping[str, Any] | None = None,
) -> Game[Any]:
    """Game ``game`` of a run seeded ``seed`` again, in this process, as a game object with
    its whole log (to step through, or to see why it failed: a failure raises here too)."""
    spec = _base_spec(base, options)
    if variant is not None:
        spec = as_variant(variant, spec).spec(spec.id, **spec.options)
    dice, player_seed = game_seeds(seed, game)
    carried = options_json(spec.options)
    task = GameTask(0, "replay", spec.id, carried, game, dice, player_seed, players=players)
    return play_game_of(task, spec)


def result_of(
    records: Sequence[GameRecord], spec: GameSpec, chosen: Sequence[Variant], seed: int
) -> WhatIfResult:
    """The :class:`WhatIfResult` of a run's records (in the order of the tasks)."""
    import pandas as pd

    seat = spec.seat_label
    rows: list[tuple[Any, ...]] = []
    scores: list[tuple[Any, ...]] = []
    tables: dict[str, list[tuple[Any, ...]]] = {name: [] for name in spec.tables}
    game_rows: list[tuple[Any, ...]] = []
    failed: list[tuple[Any, ...]] = []
    for r in records:
        if r.error:
            failed.append((r.variant, r.game, r.seed, r.error))
            continue
        head = (r.variant, r.game, r.seed)
        rows += [head + row for row in r.rows]
        scores += [(*head, s, score) for s, score in r.returns]
        for name, table in zip(spec.tables, r.tables, strict=True):
            tables[name] += [(r.variant, r.game, *row) for row in table]
        game_rows.append((r.variant, r.game, r.seed, r.actions, r.seconds))
    frame = pd.DataFrame.from_records(rows, columns=[*RUN_COLUMNS, *spec.metric_columns])
    frame = frame.astype({"game": "int64", "seed": "int64", **spec.metric_types})
    score_frame = pd.DataFrame.from_records(scores, columns=[*RUN_COLUMNS, seat, "score"])
    score_frame = score_frame.astype({"game": "int64", "seed": "int64", "score": "float64"})
    extra = {
        name: pd.DataFrame.from_records(
            tables[name], columns=["variant", "game", *spec.tables[name][0]]
        )
        for name in spec.tables
    }
    games = pd.DataFrame.from_records(
        game_rows, columns=["variant", "game", "seed", "actions", "seconds"]
    )
    failures = pd.DataFrame.from_records(failed, columns=["variant", "game", "seed", "error"])
    return WhatIfResult(
        frame=frame,
        scores=score_frame,
        games=games,
        failures=failures,
        variants=[v.name for v in chosen],
        seats=list(spec.seats),
        base=spec.id,
        seed=seed,
        titles={v.name: v.title or v.name for v in chosen},
        tables=extra,
        options=dict(spec.options),
        seat_label=seat,
        score_label=spec.score_label,
        score_unit=spec.score_unit,
    )
