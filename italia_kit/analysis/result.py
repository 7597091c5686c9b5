"""The result of a what-if run (:func:`italia_kit.analysis.run_whatif`): tidy DataFrames,
summary statistics per variant and seat, and plots.

>>> [round(x, 4) for x in wilson_interval(8, 10)]
[0.4902, 0.9433]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:  # pandas and matplotlib are imported when a table or a plot is made
    import pandas as pd

    from italia_kit.figure import KitFigure
    from italia_kit.geo import Board

__all__ = ["RUN_COLUMNS", "WhatIfResult", "wilson_interval"]

#: The columns the runner puts before a game's own metric columns in the frame.
RUN_COLUMNS = ("variant", "game", "seed")


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

    ``frame``: the game's metric rows, columns :data:`RUN_COLUMNS` then the game's
    ``metric_columns`` (Italia: one row per (variant, game, nation, turn): ``vp`` earned
    that turn, ``vp_total`` up to the end of it, ``zones`` and ``cities`` held at its end).
    ``scores``: the final score of every seat per (variant, game) (``GameSpec.returns``;
    the seat column is named by ``seat_label``: Italia's ``colour``). ``tables``: the
    game's other tables by name, each with ``variant`` and ``game`` first (Italia's
    ``zones``: who held each land zone at the end, also :attr:`zones`). ``games``: one row
    per (variant, game): seed, decisions taken, seconds. ``failures``: the games left out
    by ``skip_failed`` (variant, game, seed, error); the statistics count the other games.
    """

    frame: pd.DataFrame
    scores: pd.DataFrame
    games: pd.DataFrame
    failures: pd.DataFrame
    variants: list[str]
    seats: list[str]
    base: str
    seed: int
    titles: dict[str, str] = field(default_factory=dict)
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    seat_label: str = "seat"
    score_label: str = "score"
    score_unit: str = ""

    @property
    def colours(self) -> list[str]:
        """The seats (Italia's player colours, 3.0)."""
        return self.seats

    @property
    def zones(self) -> pd.DataFrame:
        """The ``zones`` table (variant, game, zone, its holder and their seat at the end);
        empty for a game without one."""
        import pandas as pd

        found = self.tables.get("zones")
        if found is None:
            return pd.DataFrame(columns=["variant", "game", "zone", self.seat_label])
        return found

    def board(self) -> Board:
        """The board of the run's game (``GameSpec.board``), for the zone maps."""
        from italia_kit.games import load

        spec = load(self.base, **self.options)
        if spec.board is None:
            raise ValueError(f"game {self.base!r} has no board (GameSpec.board is not set)")
        board: Board = spec.board()
        return board

    # -- tables ---------------------------------------------------------------------------

    def final_scores(self) -> pd.DataFrame:
        """Final scores: one row per (variant, game), one column per seat."""
        import pandas as pd

        table = self.scores.pivot_table(
            index=["variant", "game"], columns=self.seat_label, values="score", aggfunc="sum"
        )
        table = table.reindex(columns=self.seats)
        order = pd.Categorical(table.index.get_level_values("variant"), self.variants)
        table = table.iloc[sorted(range(len(table)), key=lambda i: (order.codes[i], i))]
        table.columns.name = self.seat_label
        return table

    def final_vp(self) -> pd.DataFrame:
        """Final victory points (Italia's scores): :meth:`final_scores`."""
        return self.final_scores()

    def wins(self) -> pd.DataFrame:
        """Win shares per (variant, game) and seat: 1 for the seat with the best score,
        ``1/k`` each for a ``k``-way tie (Italia 11.0)."""
        final = self.final_scores()
        best = final.max(axis=1)
        top = final.eq(best, axis=0).astype(float)
        return top.div(top.sum(axis=1), axis=0)

    def summary(
        self,
        *,
        below: float | Mapping[str, float] | None = None,
        quantiles: Sequence[float] = (0.05, 0.25, 0.5, 0.75, 0.95),
        confidence: float = 0.95,
    ) -> pd.DataFrame:
        """Per variant and seat: games, mean and std of the final score, its quantiles
        (``q05`` ...), the win rate with its Wilson interval (``win_lo``, ``win_hi``); with
        ``below`` (one number, or one per seat) also how often the seat ends below it
        (``below``, ``below_lo``, ``below_hi``: "how often does red fall below 30 VP")."""
        import pandas as pd

        final = self.final_scores()
        wins = self.wins()
        seat_label = self.seat_label
        rows = []
        for variant in self.variants:
            if variant not in final.index.get_level_values("variant"):
                continue
            vp, won = final.loc[variant], wins.loc[variant]
            n = len(vp)
            for seat in self.seats:
                values = vp[seat]
                row: dict[str, Any] = {
                    "variant": variant,
                    seat_label: seat,
                    "games": n,
                    "mean": values.mean(),
                    "std": values.std(ddof=1) if n > 1 else math.nan,
                }
                for q in quantiles:
                    row[f"q{round(q * 100):02d}"] = values.quantile(q)
                share = float(won[seat].sum())
                lo, hi = wilson_interval(share, n, confidence)
                row.update(win_rate=share / n if n else math.nan, win_lo=lo, win_hi=hi)
                if below is not None:
                    limit = below[seat] if isinstance(below, Mapping) else below
                    under = int((values < limit).sum())
                    lo, hi = wilson_interval(under, n, confidence)
                    row.update(below_vp=limit, below=under / n, below_lo=lo, below_hi=hi)
                rows.append(row)
        columns = ["variant", seat_label, "games", "mean", "std"]
        columns += [f"q{round(q * 100):02d}" for q in quantiles]
        columns += ["win_rate", "win_lo", "win_hi"]
        if below is not None:
            columns += ["below_vp", "below", "below_lo", "below_hi"]
        return pd.DataFrame(rows, columns=columns).set_index(["variant", seat_label])

    def probability_below(self, seat: str, vp: float, confidence: float = 0.95) -> pd.DataFrame:
        """How often ``seat`` ends with a score below ``vp``, per variant, with the Wilson
        interval: columns ``games``, ``below``, ``lo``, ``hi``."""
        if seat not in self.seats:
            raise KeyError(f"no {self.seat_label} {seat!r} in this run ({', '.join(self.seats)})")
        table = self.summary(below=vp, quantiles=(), confidence=confidence)
        mine = table[table.index.get_level_values(self.seat_label) == seat]
        table = mine.droplevel(self.seat_label)[["games", "below", "below_lo", "below_hi"]]
        return table.rename(columns={"below_lo": "lo", "below_hi": "hi"})

    def zone_control(self) -> pd.DataFrame:
        """How often each zone ended in each seat's hands (the ``zones`` table): one row per
        (variant, zone), one column per seat, shares of the games (a zone nobody held
        counts for no seat)."""
        import pandas as pd

        games = self.games.groupby("variant").size()
        by = ["variant", "zone", self.seat_label]
        counts = self.zones.groupby(by).size().unstack(self.seat_label)
        counts = counts.reindex(columns=self.seats).fillna(0)
        shares = counts.div(games.reindex(counts.index.get_level_values("variant")).values, axis=0)
        keys = pd.Categorical(shares.index.get_level_values("variant"), self.variants).codes
        shares = shares.iloc[sorted(range(len(shares)), key=lambda i: (keys[i], i))]
        shares.columns.name = self.seat_label
        return shares

    def to_csv(self, path: str | Path) -> None:
        """Write the tidy frame (:attr:`frame`) as CSV."""
        self.frame.to_csv(path, index=False)

    # -- display --------------------------------------------------------------------------

    def __repr__(self) -> str:
        """Short: the game, the variants and how many games each (not the frames)."""
        counts: dict[Any, int] = (
            {k: int(n) for k, n in self.games.groupby("variant").size().items()}
            if len(self.games)
            else {}
        )
        each = ", ".join(
            f"{v} ({n} game{'s' if n != 1 else ''})"
            for v in self.variants
            for n in [int(counts.get(v, 0))]
        )
        failed = f", {len(self.failures)} failed" if len(self.failures) else ""
        return f"<WhatIfResult {self.base}, seed {self.seed}: {each}{failed}>"

    def _repr_html_(self) -> str:
        """The notebook's view: per variant and seat the games, the mean score, its 5-95%
        range and median, and the win rate with its 95% Wilson interval."""
        from italia_kit.core.display import game_title, html_table, section

        unit = f" {self.score_unit}" if self.score_unit else ""
        header = (
            "variant",
            self.seat_label,
            "games",
            f"mean {self.score_label}",
            "median",
            "5-95%",
            "win rate",
            "95% interval",
        )
        rows = []
        if len(self.scores):
            table = self.summary(quantiles=(0.05, 0.5, 0.95))
            for key, row in table.iterrows():
                variant, seat = cast("tuple[str, str]", key)
                rows.append(
                    (
                        self.titles.get(variant, variant),
                        seat,
                        int(row["games"]),
                        f"{row['mean']:.1f}{unit}",
                        f"{row['q50']:g}",
                        f"{row['q05']:g}-{row['q95']:g}",
                        f"{row['win_rate']:.0%}",
                        f"{row['win_lo']:.0%}-{row['win_hi']:.0%}",
                    )
                )
        caption = repr(self)[1:-1]
        title = f"What if: {self.base} ({game_title(self.base)})"
        return section(title, html_table(header, rows, caption=caption))

    # -- plots (matplotlib, imported when first drawn) -------------------------------------

    def plot_vp(self, **kwargs: Any) -> KitFigure:
        """Final scores per seat and variant: see :func:`plots.plot_vp`."""
        from italia_kit.analysis.plots import plot_vp

        return plot_vp(self, **kwargs)

    def plot_win_rates(self, **kwargs: Any) -> KitFigure:
        """Win rates with their confidence intervals: see :func:`plots.plot_win_rates`."""
        from italia_kit.analysis.plots import plot_win_rates

        return plot_win_rates(self, **kwargs)

    def plot_zone_control(self, **kwargs: Any) -> KitFigure:
        """Maps of how often each zone ended in each seat's hands: see
        :func:`plots.plot_zone_control`."""
        from italia_kit.analysis.plots import plot_zone_control

        return plot_zone_control(self, **kwargs)
