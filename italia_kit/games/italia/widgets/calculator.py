"""BattleCalculator: "what are my chances in this battle?" as a form, a table and a chart.

Pick both sides (units by type, leaders, when a side retreats), the terrain, a city, naval
supremacy, a landing, a raid or a sea fight; the calculator asks
:func:`italia_kit.games.italia.odds.exact_odds` for the exact odds and
:func:`italia_kit.games.italia.odds.simulate` for a Monte Carlo check of the same battle (5000
battles by default), and shows both: the chances as a table, every outcome as a bar chart
(exact bars, Monte Carlo dots with two standard errors). No rule is decided here: the
battle is an :class:`~italia_kit.games.italia.odds.Battle` and the odds are the analysis package's.

Every control has a method, so a notebook or a test drives it::

    calc = BattleCalculator()
    calc.set_attacker({"legion": 3, "leader": 1})
    calc.set_defender("2 infantry")
    calc.set_circumstances(terrain="mountain", city=True)
    odds = calc.compute()
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import ipywidgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from italia_kit.games.italia.odds import (
    Battle,
    Odds,
    Outcome,
    Side,
    SimResult,
    exact_odds,
    simulate,
)
from italia_kit.games.italia.odds.battle import TERRAINS, Survivors
from italia_kit.games.italia.units import UnitType
from italia_kit.widgets import style as st

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BattleCalculator", "figure_png"]

SideName = Literal["attacker", "defender"]
SIDES: tuple[SideName, SideName] = ("attacker", "defender")

#: The unit types the form offers, in the order of the rulebook's table (10.2).
UNIT_TYPES: tuple[UnitType, ...] = (
    UnitType.INFANTRY,
    UnitType.FOEDERATI,
    UnitType.LEGION,
    UnitType.CONSULAR_LEGION,
    UnitType.CAVALRY,
    UnitType.ELEPHANT,
    UnitType.FLEET,
)

#: Colours of the ways a battle ends (the chart and the table).
RESULT_COLOURS: dict[str, str] = {
    "attacker_wins": "#2f6db3",
    "defender_retreats": "#7ea6d8",
    "both_eliminated": "#8c8c8c",
    "attacker_retreats": "#e39a94",
    "defender_wins": "#b3322f",
}
RESULT_LABELS: dict[str, str] = {
    "attacker_wins": "attacker wins",
    "defender_retreats": "defender retreats",
    "both_eliminated": "both eliminated",
    "attacker_retreats": "attacker retreats",
    "defender_wins": "defender wins",
}

#: The most units of one type the form takes.
MAX_UNITS = 40

#: How many outcomes the chart shows (the most likely; the rest are summed in a last bar).
CHART_OUTCOMES = 12


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """A matplotlib figure as PNG bytes (the Agg canvas: no pyplot, no display needed)."""
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def pct(p: float) -> str:
    """A probability as a percentage that never rounds a possible outcome to 0 or 100.

    >>> pct(0.25), pct(0.99951), pct(0.0004), pct(0.0)
    ('25.0%', '99.95%', '<0.1%', '0%')
    """
    if p <= 0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return f"{100 * p:.2f}%"
    return f"{100 * p:.1f}%"


def _survivors_short(survivors: Survivors) -> str:
    if not survivors:
        return "—"
    return ", ".join(f"{n} {st.UNIT_ABBREVIATIONS.get(str(t), str(t))}" for t, n in survivors)


def outcome_label(outcome: Outcome[Any]) -> str:
    """``"2 leg | —"``: who is left on each side (attacker first)."""
    return f"{_survivors_short(outcome.attacker)} | {_survivors_short(outcome.defender)}"


def _as_side(value: Side | Mapping[str, int] | Mapping[UnitType, int] | str) -> Side:
    if isinstance(value, Side):
        return value
    if isinstance(value, str):
        return Side.parse(value)
    units: dict[str | UnitType, int] = {}
    leaders = 0
    retreat_at: int | None = None
    for key, n in value.items():
        name = str(key)
        if name in ("leader", "leaders"):
            leaders += int(n)
        elif name == "retreat_at":
            retreat_at = None if n is None else int(n)
        else:
            units[UnitType.parse(name)] = int(n)
    return Side(units, leaders=leaders, retreat_at=retreat_at)


def _checkbox(description: str) -> ipywidgets.Checkbox:
    return ipywidgets.Checkbox(
        value=False, description=description, indent=False, layout=ipywidgets.Layout(width="auto")
    )


class BattleCalculator:
    """A form for one battle, its exact odds and a Monte Carlo check.

    ``attacker`` and ``defender`` are anything :meth:`set_attacker` takes; the keywords are
    the circumstances of :class:`~italia_kit.games.italia.odds.Battle`. ``samples`` battles are
    simulated from ``seed``. With ``auto`` (the default) every change of the form
    recomputes; otherwise the *compute* button (or :meth:`compute`) does.
    """

    def __init__(
        self,
        attacker: Side | Mapping[str, int] | str | None = None,
        defender: Side | Mapping[str, int] | str | None = None,
        *,
        terrain: str = "clear",
        city: bool = False,
        supremacy: str | None = None,
        naval_invasion: bool = False,
        raid: bool = False,
        naval: bool = False,
        samples: int = 5000,
        seed: int = 0,
        auto: bool = True,
    ) -> None:
        self.samples = samples
        self.seed = seed
        self.auto = auto
        self.odds: Odds[float] | None = None
        self.simulation: SimResult | None = None
        self.figure: Figure | None = None
        self._quiet = True
        self._extra: dict[str, tuple[tuple[UnitType, ...] | None, tuple[int, ...]]] = {
            side: (None, ()) for side in SIDES
        }

        small = ipywidgets.Layout(width="190px")
        label = {"description_width": "110px"}
        self.counts: dict[str, dict[str, ipywidgets.BoundedIntText]] = {}
        for side in SIDES:
            boxes = {
                t.value: ipywidgets.BoundedIntText(
                    value=0,
                    min=0,
                    max=MAX_UNITS,
                    description=t.value.replace("_", " "),
                    layout=small,
                    style=label,
                )
                for t in UNIT_TYPES
            }
            boxes["leaders"] = ipywidgets.BoundedIntText(
                value=0, min=0, max=4, description="leaders", layout=small, style=label
            )
            boxes["retreat_at"] = ipywidgets.BoundedIntText(
                value=0,
                min=0,
                max=MAX_UNITS,
                description="retreat at",
                tooltip="after a round the side retreats when down to this many units or "
                "fewer (10.5); 0: it fights to the end",
                layout=small,
                style=label,
            )
            self.counts[side] = boxes
        self.terrain = ipywidgets.Dropdown(
            options=list(TERRAINS),
            value="clear",
            description="terrain (10.3)",
            style={"description_width": "initial"},
        )
        self.city = _checkbox("city (10.6: -2 for attackers)")
        self.supremacy = ipywidgets.Dropdown(
            options=[
                ("nobody", "none"),
                ("the attacker", "attacker"),
                ("the defender", "defender"),
            ],
            value="none",
            description="naval supremacy (10.9)",
            style={"description_width": "initial"},
        )
        self.naval_invasion = _checkbox("naval invasion or strait (10.8.2)")
        self.raid = _checkbox("raid (10.7)")
        self.naval = _checkbox("fleets at sea (10.8)")
        self.compute_button = ipywidgets.Button(
            description="compute", icon="calculator", button_style="primary"
        )
        self.compute_button.on_click(lambda _b: self._recompute())
        self.status = ipywidgets.HTML()
        self.summary = ipywidgets.HTML()
        self.chart = ipywidgets.Image(
            format="png", layout=ipywidgets.Layout(max_width="100%", height="auto")
        )
        for side in SIDES:  # first: a hand edit forgets the cargo before the recomputation
            for key, box in self.counts[side].items():
                if key not in ("leaders", "retreat_at"):
                    box.observe(self._counts_edited(side), names="value")
        for widget in self._controls():
            widget.observe(self._changed, names="value")

        if attacker is not None:
            self.set_attacker(attacker)
        if defender is not None:
            self.set_defender(defender)
        self.set_circumstances(
            terrain=terrain,
            city=city,
            supremacy=supremacy,
            naval_invasion=naval_invasion,
            raid=raid,
            naval=naval,
        )
        self._quiet = False
        self._widget = self._layout()
        if self.auto:
            self._recompute()

    # -- what the form does, from Python -------------------------------------------------------
    def set_attacker(self, side: Side | Mapping[str, int] | Mapping[UnitType, int] | str) -> None:
        """The attacker: a :class:`Side`, a text (``"3 legion, leader"``) or counts by type
        (``{"legion": 3, "leaders": 1, "retreat_at": 1}``)."""
        self._set_side("attacker", side)

    def set_defender(self, side: Side | Mapping[str, int] | Mapping[UnitType, int] | str) -> None:
        """The defender, in any form :meth:`set_attacker` takes."""
        self._set_side("defender", side)

    def set_circumstances(
        self,
        *,
        terrain: str | None = None,
        city: bool | None = None,
        supremacy: str | None = "keep",
        naval_invasion: bool | None = None,
        raid: bool | None = None,
        naval: bool | None = None,
    ) -> None:
        """Change the circumstances given (the others stay); ``supremacy`` is ``None``,
        ``"attacker"`` or ``"defender"``."""
        with self._batch():
            if terrain is not None:
                self.terrain.value = terrain
            if city is not None:
                self.city.value = city
            if supremacy != "keep":
                self.supremacy.value = supremacy or "none"
            if naval_invasion is not None:
                self.naval_invasion.value = naval_invasion
            if raid is not None:
                self.raid.value = raid
            if naval is not None:
                self.naval.value = naval

    def side(self, which: SideName) -> Side:
        """One side as the form describes it now."""
        boxes = self.counts[which]
        order, embarked = self._extra[which]
        retreat = int(boxes["retreat_at"].value)
        return Side(
            {t: int(boxes[t.value].value) for t in UNIT_TYPES},
            leaders=int(boxes["leaders"].value),
            casualty_order=order,
            retreat_at=retreat or None,
            embarked=embarked,
        )

    @property
    def battle(self) -> Battle:
        """The battle the form describes (a ``ValueError`` says what is wrong with it)."""
        supremacy = self.supremacy.value
        return Battle(
            self.side("attacker"),
            self.side("defender"),
            terrain=self.terrain.value,
            city=bool(self.city.value),
            supremacy=None if supremacy == "none" else supremacy,
            naval_invasion=bool(self.naval_invasion.value),
            raid=bool(self.raid.value),
            naval=bool(self.naval.value),
        )

    def compute(self) -> Odds[float]:
        """The exact odds of the battle on the form; also runs the Monte Carlo check and
        redraws the table and the chart. Raises ``ValueError`` for a battle that cannot be."""
        battle = self.battle
        odds = exact_odds(battle)
        sim = simulate(battle, self.samples, seed=self.seed)
        self.odds, self.simulation = odds, sim
        self.summary.value = self.summary_html(odds, sim)
        self.figure = self.make_figure(odds, sim)
        self.chart.value = figure_png(self.figure)
        self.chart.layout.width = f"{self.figure.get_figwidth() * 100:.0f}px"
        self.status.value = ""
        return odds

    def outcome_table(self) -> pd.DataFrame:
        """The outcomes of the last computation as a DataFrame (exact probabilities)."""
        if self.odds is None:
            self.compute()
        assert self.odds is not None
        return self.odds.to_frame()

    # -- display ---------------------------------------------------------------------------
    @property
    def widget(self) -> ipywidgets.VBox:
        """The form, the summary table and the chart, ready to display."""
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._widget._repr_mimebundle_(**kwargs)

    @staticmethod
    def summary_html(odds: Odds[float], sim: SimResult) -> str:
        """The chances, exact and simulated, with the Monte Carlo's two standard errors."""
        raid = odds.battle.raid
        rows: list[tuple[str, str, float, float, bool]] = [
            (
                "raid succeeds (10.7)" if raid else "attacker wins",
                "attacker_wins",
                odds.attacker_wins,
                sim.attacker_wins,
                True,
            ),
            (
                "… by the defender's retreat",
                "defender_retreats",
                odds.defender_retreats,
                sim.defender_retreats,
                False,
            ),
            ("both eliminated", "both_eliminated", odds.both_eliminated, sim.both_eliminated, True),
            (
                "raid fails" if raid else "defender wins",
                "defender_wins",
                odds.defender_wins,
                sim.defender_wins,
                True,
            ),
            (
                "… by the attacker's retreat",
                "attacker_retreats",
                odds.attacker_retreats,
                sim.attacker_retreats,
                False,
            ),
        ]
        cells = []
        for label, key, p, q, main in rows:
            if not main and p == 0 and q == 0:
                continue
            swatch = st.swatch_fill(RESULT_COLOURS[key])
            weight = "font-weight:700" if main else "color:#555;padding-left:14px"
            cells.append(
                f'<tr><td style="{weight}">{swatch}{st.esc(label)}</td>'
                f'<td style="text-align:right;{weight}">{pct(p)}</td>'
                f'<td style="text-align:right">{pct(q)}</td>'
                f'<td style="text-align:right;color:#777">± {pct(2 * sim.stderr(p))}</td></tr>'
            )
        for side in SIDES:
            cells.append(
                f"<tr><td>{side}'s expected losses</td>"
                f'<td style="text-align:right">{odds.expected_losses[side]:.2f}</td>'
                f'<td style="text-align:right">{sim.expected_losses[side]:.2f}</td><td></td></tr>'
            )
        head = (
            '<tr style="border-bottom:1px solid #999"><th style="text-align:left">'
            f"{st.esc(odds.battle.describe())}</th><th>exact</th>"
            f"<th>Monte Carlo ({sim.n:,} battles)</th><th>2 s.e.</th></tr>"
        )
        return (
            '<table class="ik-legend" style="border-collapse:collapse;font-size:12px">'
            f"{head}{''.join(cells)}</table>"
        )

    @staticmethod
    def make_figure(odds: Odds[float], sim: SimResult) -> Figure:
        """The chart: the three chances, and the most likely outcomes by survivors; bars are
        exact, black dots the Monte Carlo frequencies with two standard errors."""
        fig = Figure(figsize=(10, 3.9), layout="constrained")
        left, right = fig.subplots(1, 2, width_ratios=(1, 2.3))
        fig.suptitle(
            f"{odds.battle.describe()}: bars exact, dots Monte Carlo ({sim.n:,} battles, ± 2 s.e.)",
            fontsize=10,
        )
        # the chances that sum to 1
        keys = ("attacker_wins", "both_eliminated", "defender_wins")
        exact = [float(getattr(odds, k)) for k in keys]
        simulated = [float(getattr(sim, k)) for k in keys]
        names = [RESULT_LABELS[k].replace(" ", "\n") for k in keys]
        if odds.battle.raid:
            names = ["raid\nsucceeds", "both\neliminated", "raid\nfails"]
        left.bar(names, exact, color=[RESULT_COLOURS[k] for k in keys])
        left.errorbar(
            names,
            simulated,
            yerr=[2 * sim.stderr(p) for p in exact],
            fmt="o",
            color="black",
            markersize=4,
            capsize=3,
        )
        for i, (p, q) in enumerate(zip(exact, simulated, strict=True)):
            top = max(p, q + 2 * sim.stderr(p))
            left.text(i, top + 0.02, pct(p), ha="center", va="bottom", fontsize=9)
        left.set_ylim(0, 1.12)
        left.set_ylabel("probability")
        left.set_title("who holds the zone", fontsize=10)
        left.tick_params(axis="x", labelsize=8)

        # the outcomes by survivors, most likely first
        shown = list(odds.outcomes[:CHART_OUTCOMES])
        freq = {(o.attacker, o.defender, o.result): float(o.probability) for o in sim.outcomes}
        labels = [outcome_label(o) for o in shown]
        probs = [float(o.probability) for o in shown]
        colours = [RESULT_COLOURS[o.result] for o in shown]
        dots = [freq.get((o.attacker, o.defender, o.result), 0.0) for o in shown]
        rest = sum(float(o.probability) for o in odds.outcomes[CHART_OUTCOMES:])
        if rest > 0:
            labels.append(f"{len(odds.outcomes) - CHART_OUTCOMES} other outcomes")
            probs.append(rest)
            colours.append("#d0d0d0")
            dots.append(sum(freq.values()) - sum(dots))
        ys = list(range(len(labels)))
        right.barh(ys, probs, color=colours)
        right.errorbar(
            dots,
            ys,
            xerr=[2 * sim.stderr(p) for p in probs],
            fmt="o",
            color="black",
            markersize=3.5,
            capsize=2,
        )
        right.set_yticks(ys, labels, fontsize=8)
        right.invert_yaxis()
        right.set_xlabel("probability")
        ends = [max(p, q + 2 * sim.stderr(p)) for p, q in zip(probs, dots, strict=True)]
        right.set_xlim(0, max(ends) * 1.2 + 1e-9)
        right.set_title("outcomes: attacker's survivors | defender's survivors", fontsize=10)
        for y, p, end in zip(ys, probs, ends, strict=True):
            right.text(end, y, f"  {pct(p)}", va="center", fontsize=8)
        return fig

    # -- internals -------------------------------------------------------------------------
    def _set_side(self, which: SideName, value: Any) -> None:
        side = _as_side(value)
        too_many = [f"{n} {t}" for t, n in side.counts if n > MAX_UNITS]
        if too_many or side.leaders > 4 or (side.retreat_at or 0) > MAX_UNITS:
            raise ValueError(
                f"the calculator takes up to {MAX_UNITS} units of a type and 4 leaders: {side}"
            )
        with self._batch():
            boxes = self.counts[which]
            for t in UNIT_TYPES:
                boxes[t.value].value = int(side.units.get(t, 0))
            boxes["leaders"].value = side.leaders
            boxes["retreat_at"].value = side.retreat_at or 0
            self._extra[which] = (side.casualty_order, side.embarked)

    def _controls(self) -> list[ipywidgets.Widget]:
        boxes = [box for side in SIDES for box in self.counts[side].values()]
        return [
            *boxes,
            self.terrain,
            self.city,
            self.supremacy,
            self.naval_invasion,
            self.raid,
            self.naval,
        ]

    def _counts_edited(self, which: str) -> Any:
        def edited(_change: Any) -> None:
            if not self._quiet:  # a hand edit: forget a set_* call's casualty order and cargo
                self._extra[which] = (None, ())

        return edited

    def _batch(self) -> _Quiet:
        return _Quiet(self)

    def _changed(self, _change: Any) -> None:
        if not self._quiet and self.auto:
            self._recompute()

    def _recompute(self) -> None:
        try:
            self.compute()
        except ValueError as exc:
            self.odds = self.simulation = None
            self.status.value = f'<span style="color:#b00020">{st.esc(str(exc))}</span>'
            self.summary.value = ""

    def _layout(self) -> ipywidgets.VBox:
        def column(which: SideName) -> ipywidgets.VBox:
            title = ipywidgets.HTML(f"<b>{which}</b>")
            return ipywidgets.VBox([title, *self.counts[which].values()])

        where = ipywidgets.VBox(
            [
                ipywidgets.HTML("<b>circumstances</b>"),
                self.terrain,
                self.city,
                self.supremacy,
                self.naval_invasion,
                self.raid,
                self.naval,
                self.compute_button,
            ]
        )
        form = ipywidgets.HBox(
            [column("attacker"), column("defender"), where],
            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        return ipywidgets.VBox(
            [ipywidgets.HTML(st.CSS), form, self.status, self.summary, self.chart],
            layout=ipywidgets.Layout(width="100%"),
        )


class _Quiet:
    """Within the block the form does not recompute; once, at the end, it does (if auto)."""

    def __init__(self, calc: BattleCalculator) -> None:
        self.calc = calc
        self.was = calc._quiet

    def __enter__(self) -> None:
        self.calc._quiet = True

    def __exit__(self, *_exc: object) -> None:
        self.calc._quiet = self.was
        if not self.was and self.calc.auto:
            self.calc._recompute()
