"""What-if runs: a base scenario and named variants, N seeded whole games each.

A :class:`Variant` is a small diff of the scenario (the format of
``docs/scenario-format.md``, applied with :func:`italia_kit.games.italia.scenarios.with_variant`);
:func:`run_whatif` plays ``games`` games of the base and of every variant and returns a
:class:`WhatIfResult`: a tidy DataFrame with one row per variant, game, nation and turn
(victory points earned that turn and in all, zones and cities held at the end of the turn),
summary statistics per variant and colour (mean, spread, quantiles, win rate with a Wilson
confidence interval) and plots. Game ``i`` has the same seeds in every variant and whatever
the number of workers (:func:`italia_kit.analysis.runner.game_seeds`).

>>> elephants = Variant.load(VARIANTS / "hannibal_plus_2_elephants.yaml")
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

import json
import math
import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import yaml

from italia_kit.analysis.runner import (
    GameRecord,
    GameTask,
    PlayerFactory,
    game_seeds,
    play_recorded,
    run_tasks,
    task_players,
)
from italia_kit.games.italia.scenarios import (
    SHIPPED,
    Scenario,
    ScenarioError,
    load_scenario,
    scenario_to_dicts,
    with_variant,
)

if TYPE_CHECKING:
    from italia_kit.games.italia import ItaliaGame

__all__ = [
    "BASE",
    "VARIANTS",
    "Variant",
    "WhatIfResult",
    "replay_game",
    "run_whatif",
    "wilson_interval",
]

#: The example variant files that ship with the kit.
VARIANTS = Path(__file__).resolve().parents[1] / "games" / "italia" / "scenarios" / "variants"

#: The columns of :attr:`WhatIfResult.frame`, in order.
COLUMNS = (
    "variant",
    "game",
    "seed",
    "nation",
    "colour",
    "turn",
    "vp",
    "vp_total",
    "zones",
    "cities",
)


@dataclass(frozen=True)
class Variant:
    """A named what-if: a list of changes to a scenario (``set``/``append``/``remove``)."""

    name: str
    changes: tuple[Mapping[str, Any], ...] = ()
    title: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ScenarioError([f"variant: the name must be a non-empty text, got {self.name!r}"])
        object.__setattr__(self, "changes", tuple(self.changes))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, default_name: str = "what-if") -> Variant:
        """A variant from the mapping of a variant file (``variant``, ``title``, ``changes``)."""
        if not isinstance(data, Mapping):
            raise ScenarioError([f"variant: expected a mapping, got {type(data).__name__}"])
        unknown = sorted(set(data) - {"variant", "title", "changes"})
        if unknown:
            raise ScenarioError([f"variant: unknown key {unknown[0]!r} (variant, title, changes)"])
        changes = data.get("changes")
        if not isinstance(changes, list):
            raise ScenarioError([f"variant {default_name!r}: 'changes' must be a list of changes"])
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
            raise ScenarioError(
                [f"{path}: cannot read the variant: {err.strerror or err}"]
            ) from err
        except yaml.YAMLError as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise ScenarioError([f"{path}: not YAML: {first}"]) from err
        try:
            return cls.from_dict(data, default_name=path.stem)
        except ScenarioError as err:
            raise ScenarioError([f"{path}: {p}" for p in err.problems]) from None

    def to_dict(self) -> dict[str, Any]:
        """The variant as the mapping of a variant file."""
        out: dict[str, Any] = {"variant": self.name}
        if self.title is not None:
            out["title"] = self.title
        out["changes"] = [dict(c) for c in self.changes]
        return out

    def apply(self, scenario: Scenario) -> Scenario:
        """The scenario with this variant's changes (checked; raises ScenarioError)."""
        if not self.changes:
            return scenario
        return with_variant(scenario, self.to_dict())


#: The base scenario itself, as a variant with no changes.
BASE = Variant("base")


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``.

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    p = min(max(successes / n, 0.0), 1.0)
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo = 0.0 if p == 0 else max(0.0, centre - half)
    hi = 1.0 if p == 1 else min(1.0, centre + half)
    return lo, hi


@dataclass
class WhatIfResult:
    """The games of a what-if run.

    ``frame``: one row per (variant, game, nation, turn), columns :data:`COLUMNS` (``vp``
    earned that turn, ``vp_total`` up to the end of that turn, ``zones`` and ``cities``
    held at the end of it). ``zones``: one row per (variant, game, land zone held at the
    end), with the nation and colour holding it. ``games``: one row per (variant, game):
    seed, decisions taken, seconds. ``failures``: the games left out by ``skip_failed``
    (variant, game, seed, error); the statistics count the other games only.
    """

    frame: Any
    zones: Any
    games: Any
    failures: Any
    variants: list[str]
    colours: list[str]
    base: str
    seed: int
    titles: dict[str, str] = field(default_factory=dict)

    # -- tables ---------------------------------------------------------------------------

    def final_vp(self) -> Any:
        """Final victory points: one row per (variant, game), one column per colour."""
        import pandas as pd

        last = self.frame["turn"].max()
        end = self.frame[self.frame["turn"] == last]
        table = end.pivot_table(
            index=["variant", "game"], columns="colour", values="vp_total", aggfunc="sum"
        )
        table = table.reindex(columns=self.colours)
        order = pd.Categorical(table.index.get_level_values("variant"), self.variants)
        table = table.iloc[sorted(range(len(table)), key=lambda i: (order.codes[i], i))]
        table.columns.name = "colour"
        return table

    def wins(self) -> Any:
        """Win shares per (variant, game) and colour: 1 for the colour with the most
        victory points, ``1/k`` each for a ``k``-way tie (11.0)."""
        final = self.final_vp()
        best = final.max(axis=1)
        top = final.eq(best, axis=0).astype(float)
        return top.div(top.sum(axis=1), axis=0)

    def summary(
        self,
        *,
        below: float | Mapping[str, float] | None = None,
        quantiles: Sequence[float] = (0.05, 0.25, 0.5, 0.75, 0.95),
        confidence: float = 0.95,
    ) -> Any:
        """Per variant and colour: games, mean and std of the final victory points, their
        quantiles (``q05`` ...), the win rate with its Wilson interval (``win_lo``,
        ``win_hi``); with ``below`` (one number, or one per colour) also how often the
        colour ends below it (``below``, ``below_lo``, ``below_hi``: "how often does red
        fall below 30 VP")."""
        import pandas as pd

        final = self.final_vp()
        wins = self.wins()
        rows = []
        for variant in self.variants:
            if variant not in final.index.get_level_values("variant"):
                continue
            vp, won = final.loc[variant], wins.loc[variant]
            n = len(vp)
            for colour in self.colours:
                values = vp[colour]
                row: dict[str, Any] = {
                    "variant": variant,
                    "colour": colour,
                    "games": n,
                    "mean": values.mean(),
                    "std": values.std(ddof=1) if n > 1 else math.nan,
                }
                for q in quantiles:
                    row[f"q{round(q * 100):02d}"] = values.quantile(q)
                share = float(won[colour].sum())
                lo, hi = wilson_interval(share, n, confidence)
                row.update(win_rate=share / n if n else math.nan, win_lo=lo, win_hi=hi)
                if below is not None:
                    limit = below[colour] if isinstance(below, Mapping) else below
                    under = int((values < limit).sum())
                    lo, hi = wilson_interval(under, n, confidence)
                    row.update(below_vp=limit, below=under / n, below_lo=lo, below_hi=hi)
                rows.append(row)
        columns = ["variant", "colour", "games", "mean", "std"]
        columns += [f"q{round(q * 100):02d}" for q in quantiles]
        columns += ["win_rate", "win_lo", "win_hi"]
        if below is not None:
            columns += ["below_vp", "below", "below_lo", "below_hi"]
        return pd.DataFrame(rows, columns=columns).set_index(["variant", "colour"])

    def probability_below(self, colour: str, vp: float, confidence: float = 0.95) -> Any:
        """How often ``colour`` ends with fewer than ``vp`` victory points, per variant,
        with the Wilson interval: columns ``games``, ``below``, ``lo``, ``hi``."""
        if colour not in self.colours:
            raise KeyError(f"no colour {colour!r} in this run ({', '.join(self.colours)})")
        table = self.summary(below=vp, quantiles=(), confidence=confidence)
        table = table.xs(colour, level="colour")[["games", "below", "below_lo", "below_hi"]]
        return table.rename(columns={"below_lo": "lo", "below_hi": "hi"})

    def zone_control(self) -> Any:
        """How often each land zone ended in each colour's hands: one row per (variant,
        zone), one column per colour, shares of the games (a zone nobody held counts for
        no colour)."""
        import pandas as pd

        games = self.games.groupby("variant").size()
        counts = self.zones.groupby(["variant", "zone", "colour"]).size().unstack("colour")
        counts = counts.reindex(columns=self.colours).fillna(0)
        shares = counts.div(games.reindex(counts.index.get_level_values("variant")).values, axis=0)
        keys = pd.Categorical(shares.index.get_level_values("variant"), self.variants).codes
        shares = shares.iloc[sorted(range(len(shares)), key=lambda i: (keys[i], i))]
        shares.columns.name = "colour"
        return shares

    def to_csv(self, path: str | Path) -> None:
        """Write the tidy frame (:attr:`frame`) as CSV."""
        self.frame.to_csv(path, index=False)

    # -- plots (matplotlib, imported when first drawn) -------------------------------------

    def plot_vp(self, **kwargs: Any) -> Any:
        """Final victory points per colour and variant: see :func:`plots.plot_vp`."""
        from italia_kit.analysis.plots import plot_vp

        return plot_vp(self, **kwargs)

    def plot_win_rates(self, **kwargs: Any) -> Any:
        """Win rates with their confidence intervals: see :func:`plots.plot_win_rates`."""
        from italia_kit.analysis.plots import plot_win_rates

        return plot_win_rates(self, **kwargs)

    def plot_zone_control(self, **kwargs: Any) -> Any:
        """Maps of how often each zone ended in each colour's hands: see
        :func:`plots.plot_zone_control`."""
        from italia_kit.analysis.plots import plot_zone_control

        return plot_zone_control(self, **kwargs)


def _as_variant(item: Variant | str | Path | Mapping[str, Any]) -> Variant:
    if isinstance(item, Variant):
        return item
    if isinstance(item, str | Path):
        return Variant.load(item)
    return Variant.from_dict(item)


def run_whatif(
    base: str | Path | Scenario = "italia1",
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
) -> WhatIfResult:
    """Play ``games`` seeded games of the base scenario and of each variant.

    ``base``: a shipped scenario id, a scenario directory, or a Scenario. ``variants``:
    :class:`Variant` objects, variant files, or their mappings; each is applied to the base
    and checked before any game starts (a bad variant raises ScenarioError at once).
    ``players``: ``"random"`` or ``"passive"``, or ``factory(colour, seed) -> Player``
    called once per colour and game (it must pickle to reach worker processes: a function
    or class defined at module level). ``workers``: local processes (default every core;
    ``1`` plays in this process); ``client``: a ``dask.distributed.Client`` to run on its
    cluster instead. ``progress``: the tqdm progress bar. ``skip_failed``: a game that
    raises is left out and listed in :attr:`WhatIfResult.failures` instead of stopping the
    run with :class:`~italia_kit.analysis.runner.GameFailed` (which names the game's
    variant, index and seeds).
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if isinstance(players, str) and players not in ("random", "passive"):
        raise ValueError(f"unknown players {players!r}: 'random', 'passive' or a factory")
    scenario = base if isinstance(base, Scenario) else load_scenario(base)
    # the shipped games travel by id, anything else as raw data (workers may be elsewhere)
    shipped = isinstance(base, str) and base.strip().lower() in SHIPPED
    ref = ("id", scenario.id) if shipped else ("dicts", *scenario_to_dicts(scenario))
    chosen = ([BASE] if include_base else []) + [_as_variant(v) for v in variants]
    names = [v.name for v in chosen]
    if not chosen:
        raise ValueError("nothing to run: no variants and include_base=False")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"two variants are called {duplicates[0]!r}")
    for variant in chosen:
        variant.apply(scenario)  # check it here, once, before any worker sees it
    tasks = [
        GameTask(
            k,
            variant.name,
            ref,
            json.dumps(list(variant.changes)) if variant.changes else "",
            i,
            *game_seeds(seed, i),
            players=players,
            skip_failed=skip_failed,
        )
        for k, variant in enumerate(chosen)
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
    return _result(records, scenario, chosen, str(scenario.id), seed)


def replay_game(
    base: str | Path | Scenario = "italia1",
    variant: Variant | str | Path | Mapping[str, Any] | None = None,
    *,
    seed: int,
    game: int,
    players: str | PlayerFactory = "random",
) -> ItaliaGame:
    """Game ``game`` of a run seeded ``seed`` again, in this process, as a game object with
    its whole log (to step through, or to see why it failed: a failure raises here too)."""
    scenario = base if isinstance(base, Scenario) else load_scenario(base)
    if variant is not None:
        scenario = _as_variant(variant).apply(scenario)
    dice, player_seed = game_seeds(seed, game)
    task = GameTask(0, "replay", ("id", "italia1"), "", game, dice, player_seed, players)
    return play_recorded(scenario, seed=dice, players=task_players(task, list(scenario.players)))[0]


def _result(
    records: Sequence[GameRecord],
    scenario: Scenario,
    chosen: Sequence[Variant],
    base: str,
    seed: int,
) -> WhatIfResult:
    import pandas as pd

    colour_of = {n.name: n.colour for n in scenario.nations}
    rows: list[tuple[Any, ...]] = []
    zone_rows: list[tuple[Any, ...]] = []
    game_rows: list[tuple[Any, ...]] = []
    failed: list[tuple[Any, ...]] = []
    for r in records:
        if r.error:
            failed.append((r.variant, r.game, r.seed, r.error))
            continue
        totals: dict[str, float] = {}
        for nation, turn, vp, held, cities in r.turns:
            totals[nation] = totals.get(nation, 0.0) + vp
            colour = colour_of[nation]
            rows.append(
                (r.variant, r.game, r.seed, nation, colour, turn, vp, totals[nation], held, cities)
            )
        zone_rows += [(r.variant, r.game, z, n, colour_of[n]) for z, n in r.zones]
        game_rows.append((r.variant, r.game, r.seed, r.actions, r.seconds))
    frame = pd.DataFrame.from_records(rows, columns=list(COLUMNS))
    frame = frame.astype(
        {
            "game": "int64",
            "seed": "int64",
            "turn": "int64",
            "vp": "float64",
            "vp_total": "float64",
            "zones": "int64",
            "cities": "int64",
        }
    )
    zones = pd.DataFrame.from_records(
        zone_rows, columns=["variant", "game", "zone", "nation", "colour"]
    )
    games = pd.DataFrame.from_records(
        game_rows, columns=["variant", "game", "seed", "actions", "seconds"]
    )
    failures = pd.DataFrame.from_records(failed, columns=["variant", "game", "seed", "error"])
    return WhatIfResult(
        frame=frame,
        zones=zones,
        games=games,
        failures=failures,
        variants=[v.name for v in chosen],
        colours=list(scenario.players),
        base=base,
        seed=seed,
        titles={v.name: v.title or v.name for v in chosen},
    )
