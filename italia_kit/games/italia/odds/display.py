"""How battle odds show in a notebook: a summary table (``_repr_html_``) and a short repr.

Shared by the exact :class:`~italia_kit.games.italia.odds.Odds` and the Monte Carlo's
:class:`~italia_kit.games.italia.odds.SimResult`; the numbers are theirs, this only lays
them out.

>>> from italia_kit.games.italia.odds import Battle, exact_odds
>>> odds = exact_odds(Battle.parse("infantry", "infantry"))
>>> odds  # doctest: +NORMALIZE_WHITESPACE
<Odds 1 infantry attack 1 infantry (clear): attacker wins 37.50%, defender wins 37.50%,
 both eliminated 25.00%>
>>> "<td>37.50%</td>" in odds._repr_html_()
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from italia_kit.core.display import fields_table, html_table, section

__all__ = ["SHOWN_OUTCOMES", "odds_html", "odds_repr", "percent", "result_label"]

#: How many outcomes (the most likely first) the table shows.
SHOWN_OUTCOMES = 8


def percent(p: float | Fraction) -> str:
    """``"37.50%"``; ``"<0.01%"`` for a chance that is not nil but rounds to it.

    >>> percent(Fraction(3, 8)), percent(1e-9), percent(0)
    ('37.50%', '<0.01%', '0.00%')
    """
    return "<0.01%" if 0 < p < 0.00005 else f"{float(p):.2%}"


def result_label(result: str, raid: bool) -> str:
    """An outcome's result in words (a raid succeeds or fails, 10.7)."""
    if raid:
        return "raid succeeds" if result == "attacker_wins" else "raid fails"
    return result.replace("_", " ")


def _chances(odds: Any) -> list[tuple[str, Any]]:
    raid = odds.battle.raid
    rows = [
        ("raid succeeds" if raid else "attacker wins", odds.attacker_wins),
        ("raid fails" if raid else "defender wins", odds.defender_wins),
    ]
    if not raid:
        rows.append(("both eliminated", odds.both_eliminated))
    return rows


def odds_repr(odds: Any) -> str:
    """One line: the battle and its chances (``Odds`` or ``SimResult``)."""
    name = type(odds).__name__
    chances = ", ".join(f"{label} {percent(p)}" for label, p in _chances(odds))
    extra = f", {odds.n} battles, seed {odds.seed}, {odds.policy}" if hasattr(odds, "n") else ""
    return f"<{name} {odds.battle.describe()}: {chances}{extra}>"


def odds_html(odds: Any) -> str:
    """The chances (with the retreats within them and, for a simulation, the standard
    error), the expected losses and the most likely outcomes as tables."""
    simulated = hasattr(odds, "stderr")
    fields: list[tuple[str, str]] = []
    for label, p in _chances(odds):
        text = percent(p)
        if simulated:
            text += f" ± {float(odds.stderr(float(p))):.2%}"
        elif isinstance(p, Fraction):
            text += f" ({p})"
        fields.append((label, text))
    if odds.defender_retreats:
        fields.append(("of which the defender retreats", percent(odds.defender_retreats)))
    if odds.attacker_retreats:
        fields.append(("of which the attacker retreats", percent(odds.attacker_retreats)))
    losses = odds.expected_losses
    for side in ("attacker", "defender"):
        fields.append((f"expected {side} losses", f"{float(losses[side]):.2f}"))
    if simulated:
        fields.append(("simulated", f"{odds.n} battles, seed {odds.seed}, policy {odds.policy}"))
    from italia_kit.games.italia.odds.odds import survivors_text

    shown = odds.outcomes[:SHOWN_OUTCOMES]
    rows = [
        (
            survivors_text(o.attacker),
            survivors_text(o.defender),
            result_label(o.result, odds.battle.raid),
            percent(o.probability),
        )
        for o in shown
    ]
    total = len(odds.outcomes)
    caption = f"{total} outcomes" + (
        f", the {len(shown)} most likely" if len(shown) < total else ""
    )
    outcomes = html_table(
        ("attacker left", "defender left", "result", "probability"), rows, caption=caption
    )
    return section(odds.battle.describe(), fields_table(fields), outcomes)
