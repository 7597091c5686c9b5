"""The battle view: one step of a battle drawn on the Tactical Display (8.0), with matplotlib.

The squares stand where the display's board puts them (``geodata/agricola-tactical.board.yaml``,
:mod:`.display`): the enemy's reserve (8-13) and front (1-7) rows above, the Roman front
(0-5) and back (6-12) rows below, a thin line between each Roman front square and the two
enemy squares it faces. In each square its counter: an Enemy Battle Unit as Attack-Defence
(a red border while it is red-bordered at Mons Graupius, 8.8), a Roman unit as its legion,
its aquilae (or "aux.") and its factors. An empty Roman front square facing an enemy is a
Hole In The Line (8.5, dashed); a square whose unit fell in this step is crossed, an
Isolated enemy's named (8.5). Above, the step's sentence and whose round it is; below, an
arrow the way the round goes (8.4 left to right, 8.5 right to left) and the round's dice:
the natural roll, the factor added, what it had to beat and what came of it.

>>> from italia_kit.games.agricola.battle_record import BattleRecord
>>> fig = draw_step(BattleRecord(0, 1, "Silures", ("II Augusta",), False, False, True,
...                              False, "", ()), None)
>>> fig.texts[0].get_text()
'Battle in Silures (turn 1, II Augusta)'
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from italia_kit.figure import KitFigure
from italia_kit.games.agricola.battle_record import BattleRecord, BattleStep
from italia_kit.games.agricola.display import ROWS, roman_square, tactical_board
from italia_kit.geo.render_boxes import box_bounds

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["draw_step", "step_png"]

ENEMY_INK = "#5a4632"
ROMAN_INK = "#8b1a1a"
RED_BORDER = "#e0201b"
HOLE = "#d9822b"
LOST = "#7f7f7f"
ISOLATED = "#6a3d9a"
ROW_NAMES = {
    "Enemy back": "enemy reserve\n(8-13)",
    "Enemy front": "enemy front\n(1-7)",
    "Roman front": "Roman front\n(0-5)",
    "Roman back": "Roman back\n(6-12)",
}
#: a counter's side, against its square's
COUNTER = 0.74


def _square(ax: Axes, name: str, fill: str, number: str) -> tuple[float, float, float, float]:
    from matplotlib.patches import Rectangle

    board = tactical_board()
    left, bottom, right, top = box_bounds(board, board.zone(name))
    ax.add_patch(
        Rectangle((left, bottom), right - left, top - bottom, facecolor=fill, edgecolor="#888888")
    )
    # y runs down on the board (as on a scan): "top" is the larger y, drawn lower
    ax.text(left + 4, bottom + 4, number, fontsize=7, color="#555555", ha="left", va="top")
    return left, bottom, right, top


def _counter(
    ax: Axes,
    bounds: tuple[float, float, float, float],
    fill: str,
    lines: list[str],
    *,
    edge: str = "white",
    width: float = 1.0,
) -> None:
    from matplotlib.patches import Rectangle

    left, bottom, right, top = bounds
    side = (right - left) * COUNTER
    cx, cy = (left + right) / 2, (bottom + top) / 2 + 5
    ax.add_patch(
        Rectangle(
            (cx - side / 2, cy - side / 2),
            side,
            side,
            facecolor=fill,
            edgecolor=edge,
            linewidth=width,
            zorder=3,
        )
    )
    ax.text(
        cx,
        cy,
        "\n".join(lines),
        fontsize=8,
        color="white",
        ha="center",
        va="center",
        zorder=4,
        linespacing=1.15,
        fontweight="bold",
    )


def _cross(ax: Axes, bounds: tuple[float, float, float, float], colour: str, why: str) -> None:
    left, bottom, right, top = bounds
    pad = 16
    for (x0, y0), (x1, y1) in (
        ((left + pad, bottom + pad), (right - pad, top - pad)),
        ((left + pad, top - pad), (right - pad, bottom + pad)),
    ):
        ax.plot([x0, x1], [y0, y1], color=colour, linewidth=2, zorder=3)
    ax.text(
        (left + right) / 2,
        top - 4,
        why,
        fontsize=6.5,
        color=colour,
        ha="center",
        va="bottom",
        zorder=5,
        bbox={"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none"},
    )


def _hole(ax: Axes, bounds: tuple[float, float, float, float], *, crossed: bool) -> None:
    """A Hole In The Line (8.5): dashed; crossed too if its unit fell in this step."""
    from matplotlib.patches import Rectangle

    left, bottom, right, top = bounds
    inset = 13
    ax.add_patch(
        Rectangle(
            (left + inset, bottom + inset),
            right - left - 2 * inset,
            top - bottom - 2 * inset,
            fill=False,
            edgecolor=HOLE,
            linestyle="--",
            linewidth=1.6,
            zorder=2,
        )
    )
    if crossed:
        _cross(ax, bounds, LOST, "lost: now a hole")
        return
    ax.text((left + right) / 2, (bottom + top) / 2, "hole", fontsize=8, color=HOLE, ha="center")


def _die(ax: Axes, bounds: tuple[float, float, float, float], naturals: list[int]) -> None:
    """The natural rolls a Roman square made in this step, as small dice in its corner."""
    _, bottom, right, _ = bounds
    for k, natural in enumerate(naturals):
        ax.text(
            right - 4 - 15 * k,
            bottom + 4,
            str(natural),
            fontsize=7,
            ha="right",
            va="top",
            zorder=5,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "#333333"},
        )


def _links(ax: Axes) -> None:
    board = tactical_board()
    for link in board.links:
        a, b = board.zone(link.a), board.zone(link.b)
        enemy, roman = (a, b) if a.kind == "enemy" else (b, a)
        _, _, _, enemy_low = box_bounds(board, enemy)
        _, roman_high, _, _ = box_bounds(board, roman)
        ax.plot(
            [enemy.position[0], roman.position[0]],
            [enemy_low, roman_high],
            color="#b0b0b0",
            linewidth=0.8,
            zorder=1,
        )


def _board(ax: Axes, step: BattleStep | None) -> None:
    board = tactical_board()
    colours = board.meta.colours
    _links(ax)
    enemies = {u.square: u for u in step.enemies} if step else {}
    romans = {u.square: u for u in step.romans} if step else {}
    holes = set(step.holes) if step else set()
    for zone in board:
        number = int(str(zone.attributes["square"]))
        bounds = _square(ax, zone.name, colours.get(zone.region or "", "#eeeeee"), str(number))
        if zone.kind == "enemy":
            unit = enemies.get(number)
            if unit is not None:
                _counter(
                    ax,
                    bounds,
                    ENEMY_INK,
                    [unit.label],
                    edge=RED_BORDER if unit.red else "white",
                    width=3.5 if unit.red else 1.0,
                )
            elif step and number in step.isolated:
                _cross(ax, bounds, ISOLATED, "Isolated")
            elif step and number in step.lost_enemies:
                _cross(ax, bounds, LOST, "eliminated")
            continue
        roman = romans.get(number)
        if roman is not None:
            sort = f"{roman.aquilae} aq." if roman.kind == "legionary" else "aux."
            _counter(ax, bounds, ROMAN_INK, [roman.legion, sort, f"{roman.attack}-{roman.defence}"])
        if number in holes:
            _hole(ax, bounds, crossed=bool(step and number in step.lost_romans))
        elif step and number in step.lost_romans:
            _cross(ax, bounds, LOST, "lost")
        if step is not None:
            _die(ax, bounds, [r.natural for r in step.rolls if r.square == number])
    for row in ROWS:
        ys = [z.position[1] for z in board if z.region == row]
        xs = [box_bounds(board, z)[0] for z in board if z.region == row]
        ax.text(
            min(xs) - 12,
            ys[0],
            ROW_NAMES[row],
            fontsize=8,
            ha="right",
            va="center",
            color=ROMAN_INK if row.startswith("Roman") else ENEMY_INK,
        )


def _direction(ax: Axes, step: BattleStep | None) -> None:
    if step is None or step.kind not in ("attack", "defence"):
        return
    board = tactical_board()
    front = [board.zone(roman_square(f)) for f in range(6)]
    left = min(box_bounds(board, z)[0] for z in front)
    right = max(box_bounds(board, z)[2] for z in front)
    low = max(box_bounds(board, z)[3] for z in board if z.region == "Roman back") + 22
    start, end = (left, right) if step.kind == "attack" else (right, left)
    ax.annotate(
        "",
        xy=(end, low),
        xytext=(start, low),
        arrowprops={"arrowstyle": "-|>", "color": "#333333", "linewidth": 1.4},
    )
    words = "8.4: each engaged unit attacks, left to right"
    if step.kind == "defence":
        words = "8.5: each engaged unit defends, right to left, against all it faces"
    ax.text((left + right) / 2, low + 8, words, fontsize=8, ha="center", va="top")


def _dice(ax: Axes, record: BattleRecord, step: BattleStep | None) -> None:
    ax.set_axis_off()
    lines: list[str] = []
    if step is not None and step.rolls:
        lines.append("the dice of the round (roll + factor against the number to beat):")
        lines += [f"  {roll.text()}" for roll in step.rolls]
    elif step is not None:
        lines.append("what happened:")
        lines += [f"  {text}" for text in step.events[:7]]
        if len(step.events) > 7:
            lines.append(f"  ... and {len(step.events) - 7} more events")
    facts = [
        f"Initiative: {'Rome' if record.initiative else 'the enemy'} (8.1)",
        "Tactical Advantage: Agricola is in the box (8.4)"
        if record.tactical_advantage
        else "no Tactical Advantage: the stronger adjacent enemy is attacked (8.4)",
    ]
    if step is not None:
        facts.append(f"Battle Cup: {step.battle_cup} counters")
    facts.append("counters: Attack-Defence; a white die: the roll a square made")
    lines += ["", "  |  ".join(facts[:2])]
    if record.mons_graupius:
        lines.append("Mons Graupius: red-bordered units flip before they fall (8.8)")
    lines.append("  |  ".join(facts[2:]))
    shown = [line if len(line) <= 150 else line[:146] + " ..." for line in lines]
    ax.text(0.0, 1.0, "\n".join(shown), fontsize=8, family="monospace", va="top", ha="left")


def draw_step(record: BattleRecord, step: int | None) -> KitFigure:
    """Step ``step`` of ``record`` (None: the empty display) as a figure."""
    chosen = record.steps[step] if step is not None else None
    # fixed axes, not the constrained layout: a stepper draws a figure per click
    fig = KitFigure(figsize=(10.0, 7.0))
    fig.patch.set_facecolor("white")
    board_ax = fig.add_axes((0.01, 0.235, 0.98, 0.655))
    dice_ax = fig.add_axes((0.02, 0.01, 0.96, 0.215))
    board_ax.set_axis_off()
    board_ax.set_aspect("equal")
    board = tactical_board()
    lefts = [box_bounds(board, z)[0] for z in board]
    rights = [box_bounds(board, z)[2] for z in board]
    tops = [box_bounds(board, z)[1] for z in board]
    bottoms = [box_bounds(board, z)[3] for z in board]
    board_ax.set_xlim(min(lefts) - 150, max(rights) + 10)
    board_ax.set_ylim(max(bottoms) + 48, min(tops) - 6)  # y down, as on the board
    _board(board_ax, chosen)
    _direction(board_ax, chosen)
    fig.text(0.02, 0.985, record.title, fontsize=11, fontweight="bold", va="top")
    if chosen is not None:
        header = f"step {chosen.index + 1} of {len(record.steps)}: {chosen.whose}"
        fig.text(
            0.02, 0.95, header + "\n" + textwrap.fill(chosen.sentence, 125), fontsize=9, va="top"
        )
    _dice(dice_ax, record, chosen)
    return fig


def step_png(record: BattleRecord, step: int | None, *, dpi: float = 80) -> bytes:
    """The figure of :func:`draw_step` as PNG bytes (what the stepper shows)."""
    import io

    buffer = io.BytesIO()
    draw_step(record, step).savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
