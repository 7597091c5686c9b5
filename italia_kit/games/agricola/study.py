"""The strategy study of *Agricola, Master of Britain* (issue 17): which way of governing
Britain wins, over thousands of seeded games.

Each row of the study is a policy for the Roman seat (``spec.bots``: ``aggressive``
battles, ``settle`` (garrison and settle), ``negotiate`` first, ``greedy``, ``cautious``,
``careful`` (settle with 30 playouts a battle);
the generic ``random``; the rollout ``advisor`` on a smaller sample) on a set-up: the
base game or a what-if on the data (``variants/``: ``one_legion_fewer``,
``calgacus_at_setup``). The games run through the generic what-if runner
(:func:`italia_kit.analysis.runner.run_tasks`, local processes, ``workers=2``): game ``i``
of every row has the same seeds (common random numbers), whatever the number of workers.

:meth:`Study.summary` gives per row the win rate with its Wilson 95% interval, how the
games ended (a lost battle, a missed threshold, an empty treasury, a lost legion,
Calgacus) and the mean VP at the end; :meth:`Study.vp_by_turn` the VP at each turn's
9.7 check (mean and quantiles, over the games still playing) against the threshold;
:meth:`Study.plot_win_rates` and :meth:`Study.plot_vp_by_turn` draw them.

>>> study = run_study(2, policies=("random", "greedy"), whatifs=(), workers=1)
>>> list(study.summary().index), int(study.summary().loc["greedy", "games"])
(['random', 'greedy'], 2)

From a shell (``--games`` a row; the advisor's own count with ``--advisor-games``)::

    python -m italia_kit.games.agricola.study --games 2000 --advisor-games 50 --workers 2
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from italia_kit.analysis.result import WhatIfResult, wilson_interval
from italia_kit.analysis.runner import GameTask, game_seeds, options_json, run_tasks
from italia_kit.analysis.whatif import Variant, result_of
from italia_kit.games.agricola.tables import THRESHOLDS
from italia_kit.games.registry import load

if TYPE_CHECKING:
    import pandas as pd

    from italia_kit.core import Player
    from italia_kit.figure import KitFigure

#: the policies of the study, the careless first
POLICIES = ("random", "aggressive", "settle", "negotiate", "greedy", "cautious", "careful")
#: the what-ifs on the data, each played by :data:`WHATIF_POLICY`
WHATIFS = ("one_legion_fewer", "calgacus_at_setup")
WHATIF_POLICY = "settle"
#: how a game ended, by the words of its result (10.0's triggers)
ENDINGS = {
    "won": "won",
    "Military Disaster": "lost a battle",
    "short of": "missed a threshold",
    "Treasury": "empty treasury",
    "no Legionary": "lost a legion",
    "Calgacus": "Calgacus on the map",
}


@dataclass(frozen=True)
class Advisor:
    """The generic rollout player as the Roman seat (flat Monte Carlo over the legal
    actions, random playouts of ``depth`` actions, ``rollouts`` per action): a factory
    ``(seat, seed) -> Player`` that pickles, for the runner's worker processes."""

    rollouts: int = 2
    depth: int = 20

    def __call__(self, seat: str, seed: int) -> Player:
        from italia_kit.players import RolloutPlayer

        return RolloutPlayer("agricola", seed=seed, rollouts=self.rollouts, depth=self.depth)


@dataclass(frozen=True)
class Row:
    """One row of the study: ``policy`` on ``setup`` (``base`` or a shipped variant)."""

    name: str
    policy: str
    setup: str
    games: int


@dataclass
class Study:
    """The games of a study (:func:`run_study`): the runner's :class:`WhatIfResult`, whose
    ``variant`` column is the row's name, and the rows."""

    result: WhatIfResult
    rows: list[Row]
    seconds: float
    workers: int
    seed: int
    titles: dict[str, str] = field(default_factory=dict)

    @property
    def frame(self) -> pd.DataFrame:
        return self.result.frame

    def endings(self) -> pd.DataFrame:
        """One row per game: its row, how it ended (:data:`ENDINGS`), the turn it ended
        in and its VP then."""
        frame = self.result.frame
        last = frame.groupby(["variant", "game"], sort=False).tail(1).copy()
        last["ending"] = [_ending(text) for text in last["result"]]
        return last[["variant", "game", "turn", "vp", "won", "ending"]].reset_index(drop=True)

    def summary(self, confidence: float = 0.95) -> pd.DataFrame:
        """Per row: policy, set-up, games, wins, the win rate and its Wilson interval, the
        games that reached Turn 8, how the others ended, the mean VP at the end."""
        import pandas as pd

        ends = self.endings()
        out = []
        for row in self.rows:
            mine = ends[ends["variant"] == row.name]
            n = len(mine)
            wins = int(mine["won"].sum())
            lo, hi = wilson_interval(wins, n, confidence)
            counts = mine["ending"].value_counts()
            out.append(
                {
                    "row": row.name,
                    "policy": row.policy,
                    "setup": row.setup,
                    "games": n,
                    "wins": wins,
                    "win_rate": wins / n if n else math.nan,
                    "win_lo": lo,
                    "win_hi": hi,
                    "reached_turn_8": int((mine["turn"] >= 8).sum()),
                    **{
                        name: int(counts.get(name, 0)) for name in ENDINGS.values() if name != "won"
                    },
                    "mean_vp": float(mine["vp"].mean()) if n else math.nan,
                }
            )
        return pd.DataFrame(out).set_index("row")

    def vp_by_turn(self, quantiles: Sequence[float] = (0.1, 0.5, 0.9)) -> pd.DataFrame:
        """Per row and Game Turn: the games that reached the turn's 9.7 check, their VP
        there (mean and quantiles ``q10`` ...) and the turn's threshold."""
        import pandas as pd

        frame = self.result.frame
        scored = frame[frame["threshold"] > 0]
        out = []
        for (name, turn_key), group in scored.groupby(["variant", "turn"], sort=False):
            turn = int(str(turn_key))
            vp = group["vp"].astype(float)
            row: dict[str, Any] = {
                "row": name,
                "turn": turn,
                "games": len(group),
                "mean": vp.mean(),
            }
            for q in quantiles:
                row[f"q{round(q * 100):02d}"] = vp.quantile(q)
            row["threshold"] = THRESHOLDS[turn - 1]
            out.append(row)
        order = {r.name: k for k, r in enumerate(self.rows)}
        table = pd.DataFrame(out)
        if table.empty:
            return table
        table = table.sort_values(
            ["row", "turn"], key=lambda s: s.map(order) if s.name == "row" else s
        )
        return table.set_index(["row", "turn"])

    def plot_win_rates(self, confidence: float = 0.95) -> KitFigure:
        """The win rate of each row, with its Wilson interval as the error bar."""
        from italia_kit.figure import new_figure

        table = self.summary(confidence)
        fig = new_figure((max(6.0, 1.1 * len(table) + 2), 4.0))
        ax = fig.subplots()
        x = range(len(table))
        rate = table["win_rate"].to_numpy(dtype=float)
        err = [rate - table["win_lo"].to_numpy(dtype=float), table["win_hi"] - rate]
        colours = ["#b0413e" if s == "base" else "#5b7fa6" for s in table["setup"]]
        ax.bar(x, rate, 0.7, color=colours, edgecolor="black", lw=0.6)
        ax.errorbar(x, rate, yerr=err, fmt="none", ecolor="black", capsize=3, lw=1)
        labels = [
            f"{self.titles.get(r, r)}\n({n} games)"
            for r, n in zip(table.index, table["games"], strict=True)
        ]
        ax.set_xticks(list(x), labels, fontsize="small")
        ax.set_ylim(0, max(0.1, float(table["win_hi"].max()) * 1.15))
        ax.set_ylabel(f"games won ({confidence:.0%} Wilson interval)")
        ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
        ax.grid(axis="y", alpha=0.3)
        ax.set_title("Agricola, Master of Britain: who governs Britain well (10.0: 75 VP)")
        return fig

    def plot_vp_by_turn(self, rows: Sequence[str] | None = None) -> KitFigure:
        """The VP at each turn's 9.7 check (median and the 10-90% band of the games still
        playing) of each row, against the turn track's thresholds."""
        from italia_kit.figure import new_figure

        table = self.vp_by_turn()
        names = list(rows) if rows is not None else [r.name for r in self.rows if r.setup == "base"]
        fig = new_figure((8.0, 4.5))
        ax = fig.subplots()
        turns = list(range(1, len(THRESHOLDS) + 1))
        ax.step(turns, THRESHOLDS, where="mid", color="black", lw=2, label="threshold (9.7)")
        for name in names:
            if table.empty or name not in table.index.get_level_values("row"):
                continue
            mine = table.loc[name]
            line = ax.plot(mine.index, mine["q50"], marker="o", label=self.titles.get(name, name))
            ax.fill_between(
                mine.index, mine["q10"], mine["q90"], alpha=0.15, color=line[0].get_color()
            )
        ax.set_xlabel("Game Turn")
        ax.set_ylabel("VP at Housekeeping (9.7)")
        ax.set_xticks(turns)
        ax.grid(alpha=0.3)
        ax.legend(fontsize="small", loc="upper left")
        ax.set_title("VP by turn: median and 10-90% of the games still governing")
        return fig

    def to_markdown(self) -> str:
        """The summary as a Markdown table (the docs' tables are made so)."""
        table = self.summary()
        head = "| row | games | won (Wilson 95%) | reached Turn 8 | lost a battle | mean VP |"
        lines = [head, "|---|---|---|---|---|---|"]
        for name, r in table.iterrows():
            lines.append(
                f"| {name} | {r['games']} | {r['win_rate']:.1%} ({r['win_lo']:.1%}-"
                f"{r['win_hi']:.1%}) | {r['reached_turn_8']} | {r['lost a battle']} | "
                f"{r['mean_vp']:.1f} |"
            )
        return "\n".join(lines)


def _ending(result: str) -> str:
    for words, name in ENDINGS.items():
        if words in result:
            return name
    return result or "unfinished"


def study_rows(
    games: int,
    policies: Sequence[str] = POLICIES,
    whatifs: Sequence[str] = WHATIFS,
    whatif_policy: str = WHATIF_POLICY,
    whatif_games: int | None = None,
    advisor_games: int = 0,
) -> list[Row]:
    """The rows of a study: each policy on the base game, the what-ifs (``whatif_games``
    each, by default ``games``; 0: none), the advisor.

    >>> [r.name for r in study_rows(10, ("greedy",), ("one_legion_fewer",), whatif_games=0)]
    ['greedy']
    """
    rows = [Row(policy, policy, "base", games) for policy in policies]
    per_whatif = games if whatif_games is None else whatif_games
    if per_whatif:
        rows += [
            Row(f"{whatif_policy}+{name}", whatif_policy, name, per_whatif) for name in whatifs
        ]
    if advisor_games:
        rows.append(Row("advisor", "advisor", "base", advisor_games))
    return rows


def run_study(
    games: int = 2000,
    *,
    policies: Sequence[str] = POLICIES,
    whatifs: Sequence[str] = WHATIFS,
    whatif_policy: str = WHATIF_POLICY,
    whatif_games: int | None = None,
    advisor_games: int = 0,
    advisor: Advisor | None = None,
    seed: int = 0,
    workers: int = 2,
    progress: bool = False,
    options: dict[str, Any] | None = None,
) -> Study:
    """Play the study: ``games`` seeded games of each policy on the base game (and
    ``options`` of the spec: ``variant`` for a tuned data set), ``whatif_games`` (default
    ``games``) of ``whatif_policy`` on each what-if, ``advisor_games`` of the rollout
    advisor; ``workers`` local processes (1: here)."""
    spec = load("agricola", **(options or {}))
    known = set(spec.bots) | {"random", "passive"}
    unknown = [p for p in [*policies, whatif_policy] if p not in known]
    if unknown:
        raise ValueError(
            f"agricola study: unknown policy {unknown[0]!r} ({', '.join(sorted(known))})"
        )
    rows = study_rows(games, policies, whatifs, whatif_policy, whatif_games, advisor_games)
    advisor = advisor or Advisor()
    tasks: list[GameTask] = []
    for k, row in enumerate(rows):
        setup = spec.options if row.setup == "base" else _shipped(row.setup, spec.options)
        load("agricola", **setup)  # a bad what-if is refused here, before any game starts
        players: Any = advisor if row.policy == "advisor" else row.policy
        tasks += [
            GameTask(
                k,
                row.name,
                "agricola",
                options_json(setup),
                i,
                *game_seeds(seed, i),
                players=players,
            )
            for i in range(row.games)
        ]
    began = time.perf_counter()
    records = run_tasks(tasks, workers=workers, progress=progress, desc="agricola study")
    seconds = time.perf_counter() - began
    result = result_of(records, spec, [Variant(r.name) for r in rows], seed)
    titles = {r.name: r.name if r.setup == "base" else f"{r.policy}\n{r.setup}" for r in rows}
    return Study(result, rows, seconds, workers, seed, titles)


def _shipped(name: str, base: Mapping[str, Any]) -> dict[str, Any]:
    """The spec options that add the shipped what-if ``name`` after ``base``'s variants."""
    earlier = base.get("variant")  # a tuned data set first, then the what-if
    items = (
        []
        if earlier is None
        else (list(earlier) if isinstance(earlier, list | tuple) else [earlier])
    )
    return {**base, "variant": [*items, name]}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The Agricola strategy study (issue 17).")
    parser.add_argument("--games", type=int, default=2000, help="games a policy")
    parser.add_argument("--whatif-games", type=int, default=None)
    parser.add_argument("--advisor-games", type=int, default=0)
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--whatifs", default=",".join(WHATIFS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plots", default="", help="a file stem: STEM-win-rates.png ...")
    args = parser.parse_args(argv)
    study = run_study(
        args.games,
        policies=[p for p in args.policies.split(",") if p],
        whatifs=[w for w in args.whatifs.split(",") if w],
        whatif_games=args.whatif_games,
        advisor_games=args.advisor_games,
        seed=args.seed,
        workers=args.workers,
        progress=True,
    )
    games = sum(r.games for r in study.rows)
    print(
        f"{games} games in {study.seconds:.1f} s on {study.workers} workers "
        f"({games / study.seconds:.1f} games/s)"
    )
    print(study.to_markdown())
    print(study.vp_by_turn().round(1).to_string())
    if args.plots:
        study.plot_win_rates().savefig(f"{args.plots}-win-rates.png", bbox_inches="tight")
        study.plot_vp_by_turn().savefig(f"{args.plots}-vp-by-turn.png", bbox_inches="tight")


if __name__ == "__main__":
    main()
