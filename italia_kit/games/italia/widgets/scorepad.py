"""ScorePad: the victory points of a game by nation, player colour and turn (2.5, 11.0).

The pad is the engine's (:func:`italia_kit.games.italia.scoring.score_pad`, read off the event
log): one row per nation with its player colour, one column per game turn, a shaded box
where the nation cannot score that turn (it neither plays nor scores then). The widget shows
it as a table (a pandas Styler: shaded boxes grey, the turn being played outlined, the
scoring turns starred), the points per player colour under it, and a line chart of each
colour's cumulative points. :meth:`ScorePad.refresh` reads the log again;
:meth:`ScorePad.follow` refreshes the pad after every step of a :class:`TurnStepper`.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

import ipywidgets
from matplotlib.figure import Figure

from italia_kit.games.italia import ItaliaGame, world_of
from italia_kit.games.italia.scoring import by_colour, score_pad
from italia_kit.games.italia.widgets.calculator import figure_png
from italia_kit.widgets import style as st

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler

    from italia_kit.widgets.stepper import TurnStepper

__all__ = ["ScorePad"]

SHADED = "#a3a3a3"  # a box the nation cannot score in (11.0; the pad's grey boxes)
NOW = "#fff3b0"  # the column of the turn being played
_PADS = itertools.count(1)  # each pad's table has its own CSS ids (several pads on a page)


class ScorePad:
    """The score pad of ``game``: a table by nation and turn and a chart by player colour."""

    def __init__(self, game: ItaliaGame) -> None:
        self.game = game
        self.world = world_of(game)
        self.title = ipywidgets.HTML()
        self.table_view = ipywidgets.HTML()
        self.chart = ipywidgets.Image(
            format="png", layout=ipywidgets.Layout(max_width="100%", height="auto")
        )
        self.figure: Figure | None = None
        self.uuid = f"ik-scorepad-{next(_PADS)}"
        self._shown: tuple[Any, ...] | None = None
        self._widget = ipywidgets.VBox(
            [ipywidgets.HTML(st.CSS), self.title, self.table_view, self.chart],
            layout=ipywidgets.Layout(width="100%"),
        )
        self.refresh()

    # -- plain-Python queries ------------------------------------------------------------------
    @property
    def turns(self) -> list[int]:
        """The game turns (1 to the scenario's last)."""
        return list(range(1, int(self.world.scenario.last_turn) + 1))

    @property
    def scoring_turns(self) -> list[int]:
        """The turns at whose end some nation scores control (11.0), from the scenario."""
        nations = self.world.scenario.nations
        return [t for t in self.turns if any(n.scoring_on(t) for n in nations)]

    @property
    def played_to(self) -> int:
        """The last turn the pad has reached: the turn being played, or the last one."""
        return self.turns[-1] if self.game.is_over else int(self.game.state.turn)

    def table(self) -> pd.DataFrame:
        """The pad: points by nation (rows) and turn (columns), ``colour`` and ``total``;
        NaN where the nation cannot score that turn (a shaded box)."""
        pad: pd.DataFrame = score_pad(self.game.log, self.world)
        return pad

    def by_colour(self) -> pd.DataFrame:
        """Points per player colour and turn (a player totals its nations, 11.0), with a
        ``total`` column."""
        pad = self.table()
        per_turn: pd.DataFrame = pad.groupby("colour")[self.turns].sum()
        per_turn = per_turn.reindex(list(self.world.scenario.players))
        per_turn["total"] = per_turn[self.turns].sum(axis=1)
        return per_turn

    def cumulative(self) -> pd.DataFrame:
        """Cumulative points per colour up to :attr:`played_to` (what the chart draws)."""
        cum: pd.DataFrame = by_colour(self.table())
        cum = cum.reindex(list(self.world.scenario.players))
        return cum[[t for t in self.turns if t <= self.played_to]]

    def styler(self) -> Styler:
        """The pad as a pandas Styler: shaded (grey) boxes, the current turn highlighted,
        the scoring turns starred, each nation named in its player colour."""
        pad = self.table()
        now = self.played_to if not self.game.is_over else None
        scoring = set(self.scoring_turns)
        turns = self.turns

        def number(v: Any) -> str:
            if isinstance(v, str):
                return v
            return "" if v != v else f"{float(v):g}"

        def boxes(row: pd.Series) -> list[str]:
            out = []
            for col, v in row.items():
                css = []
                if isinstance(col, int) and isinstance(v, float) and math.isnan(v):
                    css.append(f"background-color:{SHADED}")
                elif col == now:
                    css.append(f"background-color:{NOW}")
                if col == "colour":
                    css.append(
                        f"background-color:{st.player_fill(str(v))};color:{st.player_ink(str(v))}"
                    )
                if col == "total":
                    css.append("font-weight:700")
                out.append(";".join(css))
            return out

        def heading(col: object) -> str:
            if isinstance(col, int):
                return f"{col} ★" if col in scoring else str(col)
            return str(col)

        colours = {str(n): str(c) for n, c in pad["colour"].items()}

        def nation_colour(idx: pd.Series) -> list[str]:
            return [f"color:{st.player_ink(colours[str(n)])}" for n in idx]

        # future turns are empty, not zero
        shown = pad.copy()
        if now is not None:
            for t in turns:
                if t > now:
                    shown[t] = [math.nan if v != v else "" for v in shown[t]]
        styler = shown.style.set_uuid(self.uuid)
        styler = styler.format(number, subset=[*turns, "total"])
        styler = styler.apply(boxes, axis=1)
        styler = styler.format_index(heading, axis=1)
        styler = styler.apply_index(nation_colour, axis=0)
        styler = styler.hide(axis="index", names=True)
        styler = styler.set_table_styles(
            [
                {"selector": "", "props": "border-collapse:collapse;font-size:12px"},
                {"selector": "td, th", "props": "border:1px solid #c8c8c8;padding:1px 6px"},
                {"selector": "td", "props": "text-align:right;min-width:2.2em"},
                {"selector": "th.row_heading", "props": "text-align:left"},
            ]
        )
        return styler

    def figure_of(self) -> Figure:
        """The chart: each player colour's cumulative points by turn, scoring turns shaded."""
        cum = self.cumulative()
        fig = Figure(figsize=(7.5, 3.2), layout="constrained")
        ax = fig.subplots()
        for t in self.scoring_turns:
            ax.axvspan(t - 0.5, t + 0.5, color="#f1ead2", zorder=0)
        for colour, row in cum.iterrows():
            ax.plot(
                list(row.index),
                list(row.values),
                marker="o",
                linewidth=2.2,
                color=st.player_fill(str(colour)),
                markeredgecolor=st.player_ink(str(colour)),
                label=f"{colour}: {row.values[-1]:g}" if len(row) else str(colour),
            )
        ax.set_xlim(0.5, self.turns[-1] + 0.5)
        ax.set_xticks(self.turns)
        ax.set_xlabel("turn (shaded: scoring turns, 11.0)")
        ax.set_ylabel("victory points, cumulative")
        ax.set_ylim(bottom=0)
        ax.grid(axis="y", color="#e0e0e0")
        ax.legend(loc="upper left", fontsize=9, frameon=False)
        ax.set_title(f"{self.world.scenario.id}: victory points by player colour", fontsize=10)
        return fig

    # -- drawing -------------------------------------------------------------------------------
    def refresh(self) -> bool:
        """Read the log again and redraw if anything changed; True if it did."""
        pad = self.table()
        key = (self.played_to, self.game.is_over, pad.to_json())
        if key == self._shown:
            return False
        self._shown = key
        state = self.game.state
        where = "the game is over" if self.game.is_over else f"turn {state.turn}, {state.active}"
        totals = self.by_colour()["total"]
        lead = " · ".join(
            f"{st.swatch(str(c))}<b>{st.esc(str(c))}</b> {v:g}" for c, v in totals.items()
        )
        self.title.value = (
            f'<div class="ik-header"><b>Score pad</b> ({st.esc(where)}) &nbsp; {lead}</div>'
        )
        self.table_view.value = (
            f"{self.styler().to_html()}"
            '<div class="ik-legend">grey: the nation cannot score that turn; ★: a scoring turn '
            "(11.0); yellow: the turn being played</div>"
        )
        self.figure = self.figure_of()
        self.chart.value = figure_png(self.figure)
        self.chart.layout.width = f"{self.figure.get_figwidth() * 100:.0f}px"
        return True

    def follow(self, stepper: TurnStepper) -> ScorePad:
        """Refresh after every step of ``stepper`` (it refreshes its map after each step);
        return the pad. The pad shows the stepper's game from now on."""
        self.game = stepper.game
        self.world = world_of(stepper.game)
        stepper.mapview.on_refresh(self.refresh)
        self.refresh()
        return self

    @property
    def widget(self) -> ipywidgets.VBox:
        """Title, table and chart, ready to display."""
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._widget._repr_mimebundle_(**kwargs)
