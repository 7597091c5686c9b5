"""Plots of a what-if run (matplotlib, imported when a plot is drawn).

Each function takes a :class:`~italia_kit.analysis.whatif.WhatIfResult` and returns a
matplotlib ``Figure``, a :class:`~italia_kit.figure.KitFigure` (no pyplot state: it shows
as a PNG in a notebook cell without ``%matplotlib inline``, and ``fig.savefig`` writes it):

- :func:`plot_vp`: final victory points per colour, one box per variant, every game a dot;
- :func:`plot_win_rates`: win rate per variant and colour with the Wilson interval;
- :func:`plot_zone_control`: one map per colour, each land zone shaded by how often it
  ended the game in that colour's hands (the board's GeoDataFrame).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from italia_kit.palette import BORDERLAND_FILL, PLAYER_FILL, PLAYER_INK, SEA_FILL

if TYPE_CHECKING:
    from italia_kit.analysis.whatif import WhatIfResult
    from italia_kit.figure import KitFigure
    from italia_kit.geo import Board

__all__ = ["PLAYER_COLOURS", "plot_vp", "plot_win_rates", "plot_zone_control"]

#: The player colours as drawn, the same as the map's (italia_kit.palette).
PLAYER_COLOURS: dict[str, str] = PLAYER_FILL
_INK: dict[str, str] = PLAYER_INK
_SEA = SEA_FILL
_OTHER = BORDERLAND_FILL


def _fill(colour: str) -> str:
    return PLAYER_COLOURS.get(colour, _OTHER)


def _figure(figsize: tuple[float, float]) -> KitFigure:
    from italia_kit.figure import new_figure

    return new_figure(figsize)


def plot_vp(
    result: WhatIfResult,
    *,
    colours: Sequence[str] | None = None,
    figsize: tuple[float, float] | None = None,
    seed: int = 0,
) -> KitFigure:
    """Final victory points: one panel per colour, one box per variant (median, quartiles,
    whiskers at 1.5 IQR) with each game as a jittered dot and the mean as a diamond."""
    import numpy as np

    final = result.final_scores()
    colours = list(colours or result.colours)
    variants = [v for v in result.variants if v in final.index.get_level_values("variant")]
    width = max(3.0, 1.0 + 0.9 * len(variants))
    fig = _figure(figsize or (width * len(colours), 4.0))
    axes = fig.subplots(1, len(colours), sharey=True, squeeze=False)[0]
    jitter = np.random.default_rng(seed)
    for ax, colour in zip(axes, colours, strict=True):
        data = [np.asarray(final.loc[v, colour], dtype=float) for v in variants]
        ax.boxplot(
            data,
            positions=range(len(variants)),
            widths=0.55,
            patch_artist=True,
            showfliers=False,
            boxprops={"facecolor": _fill(colour), "alpha": 0.55},
            medianprops={"color": _INK.get(colour, "black")},
        )
        for x, values in enumerate(data):
            xs = x + jitter.uniform(-0.18, 0.18, len(values))
            ax.scatter(xs, values, s=9, color=_INK.get(colour, "black"), alpha=0.5, lw=0)
            ax.scatter([x], [values.mean()], marker="D", s=28, color="black", zorder=3)
        ax.set_xticks(range(len(variants)), [result.titles.get(v, v) for v in variants])
        ax.tick_params(axis="x", labelrotation=20)
        ax.set_title(colour)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel(f"final {result.score_label}")
    fig.suptitle(f"Final {result.score_label} ({result.base}, {len(final)} games)")
    return fig


def plot_win_rates(
    result: WhatIfResult,
    *,
    confidence: float = 0.95,
    figsize: tuple[float, float] | None = None,
) -> KitFigure:
    """Win rate per variant (groups) and colour (bars), with the Wilson interval as error
    bars; a tie shares the win."""
    import numpy as np

    table = result.summary(quantiles=(), confidence=confidence)
    variants = [v for v in result.variants if v in table.index.get_level_values("variant")]
    colours = result.colours
    fig = _figure(figsize or (max(5.0, 1.6 * len(variants) + 2), 4.0))
    ax = fig.subplots()
    step = 0.8 / len(colours)
    for k, colour in enumerate(colours):
        rows = table.xs(colour, level=result.seat_label).reindex(variants)
        x = np.arange(len(variants)) + (k - (len(colours) - 1) / 2) * step
        rate = rows["win_rate"].to_numpy(dtype=float)
        err = np.vstack(
            [
                rate - rows["win_lo"].to_numpy(dtype=float),
                rows["win_hi"].to_numpy(dtype=float) - rate,
            ]
        )
        ink = _INK.get(colour, "black")
        ax.bar(x, rate, step * 0.95, color=_fill(colour), edgecolor=ink, label=colour)
        ax.errorbar(x, rate, yerr=err, fmt="none", ecolor="black", capsize=3, lw=1)
    ax.set_xticks(range(len(variants)), [result.titles.get(v, v) for v in variants])
    ax.set_ylim(0, 1)
    ax.set_ylabel(f"win rate ({confidence:.0%} Wilson interval)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    games = int(table["games"].iloc[0]) if len(table) else 0
    ax.set_title(f"Win rates ({result.base}, {games} games a variant)")
    return fig


def plot_zone_control(
    result: WhatIfResult,
    *,
    variant: str | None = None,
    colours: Sequence[str] | None = None,
    board: Board | None = None,
    figsize: tuple[float, float] | None = None,
) -> KitFigure:
    """One map per colour: each land zone shaded from white (never) to the colour (every
    game) by the share of games of ``variant`` (default: the first, the base) it ended in
    that colour's hands; seas pale blue. ``board``: a :class:`~italia_kit.geo.Board`
    (default: the board of the run's game, ``GameSpec.board``)."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import LinearSegmentedColormap, Normalize

    variant = variant or result.variants[0]
    if variant not in result.variants:
        raise KeyError(f"no variant {variant!r} in this run ({', '.join(result.variants)})")
    colours = list(colours or result.colours)
    import pandas as pd

    shares = result.zone_control()
    if variant in shares.index.get_level_values("variant"):
        shares = shares[shares.index.get_level_values("variant") == variant].droplevel("variant")
    else:  # no game of the variant finished
        shares = pd.DataFrame(columns=colours, dtype=float)
    frame = (board or result.board()).to_geodataframe()
    land = frame[frame["kind"] != "sea"]
    sea = frame[frame["kind"] == "sea"]
    fig = _figure(figsize or (4.2 * len(colours), 5.2))
    axes = fig.subplots(1, len(colours), squeeze=False)[0]
    norm = Normalize(0.0, 1.0)
    for ax, colour in zip(axes, colours, strict=True):
        cmap = LinearSegmentedColormap.from_list(
            colour, ["#ffffff", _fill(colour), _INK.get(colour, "#000000")]
        )
        share = land.index.to_series().map(shares[colour] if colour in shares.columns else {})
        sea.plot(ax=ax, color=_SEA, edgecolor="#9dbfd8", linewidth=0.3)
        land.assign(share=share.fillna(0.0).to_numpy()).plot(
            ax=ax, column="share", cmap=cmap, norm=norm, edgecolor="#474747", linewidth=0.3
        )
        ax.set_axis_off()
        ax.set_title(colour)
        fig.colorbar(
            ScalarMappable(norm, cmap), ax=ax, shrink=0.6, label="share of games held at the end"
        )
    fig.suptitle(f"Who held each zone at the end: {result.titles.get(variant, variant)}")
    return fig
