"""Losses in a battle (13.1, 13.11, 13.13): which pieces go, and who decides.

A side of one population loses its own pieces; ships sink empty ones first (the loser's
choice, 13.1: an empty ship is always the cheaper loss), and with a sunk ship goes what it
carries. A side of several allies (13.13) shares its losses "by agreement among the allies";
"if they cannot agree, losses are calculated in proportion to the size of the respective
fleets". The kit plays that in the text's order:

1. the side's leader (the ally with the most pieces) proposes a split (``ShareLosses``);
2. each other ally the proposal takes pieces from agrees or refuses (``AgreeLosses``; an ally
   that loses nothing under it has nothing to refuse);
3. one refusal and the split is :func:`proportional`.

>>> proportional({"ITALIA": 3, "GRECIA": 1}, 2, "GRECIA")
{'ITALIA': 2}
>>> proportional({"ITALIA": 2, "GRECIA": 2}, 1, "GRECIA")
{'GRECIA': 1}
>>> proportional({"ITALIA": 4, "GRECIA": 2, "EGITTO": 2}, 2, "ITALIA")
{'ITALIA': 1, 'EGITTO': 1}
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

__all__ = ["proportional", "sink", "splits"]


def proportional(units: dict[str, int], n: int, main: str) -> dict[str, int]:
    """13.13's fallback: ``n`` losses apportioned to the allies in proportion to their pieces
    (largest remainders; equal remainders: the larger fleet loses, then the side's leader, then
    the population whose name sorts first).

    The proportions are those of the fleets as they stand when the losses fall: a battle of
    several rounds applies the rule again each round. 13.13 does not say how a fraction of a
    ship is rounded; largest remainders is the usual way to share whole pieces in proportion
    (reconstructed).
    """
    total = sum(units.values())
    n = min(n, total)
    if n <= 0:
        return {}
    share = {p: n * k // total for p, k in units.items()}
    left = n - sum(share.values())
    order = sorted(units, key=lambda p: (-(n * units[p] % total), -units[p], p != main, p))
    for p in order[:left]:
        share[p] += 1
    return {p: k for p, k in share.items() if k}


def splits(units: dict[str, int], n: int) -> list[tuple[str, ...]]:
    """Every way ``n`` losses can fall on the allies ``units`` (13.13), as the sorted names of
    the populations that lose a piece, one name a loss."""
    n = min(n, sum(units.values()))
    out = []
    for combo in combinations_with_replacement(sorted(units), n):
        counts = Counter(combo)
        if all(counts[p] <= units[p] for p in counts):
            out.append(combo)
    return out


def sink(b: dict[str, Any], side: str, pop: str, k: int, *, winner_picks: bool) -> None:
    """``k`` pieces of ``pop`` on ``side`` lost. At sea each sunk ship takes its cargo down: the
    loser sinks its empty ships first (13.1), the winner who picks after a strike (13.11)
    sinks a loaded one, 4 legions with it."""
    units, cargo = b[side], b[f"{side}_cargo"]
    k = min(k, units.get(pop, 0))
    for _ in range(k):
        units[pop] -= 1
        if b["kind"] == "sea" and cargo.get(pop):
            if winner_picks:
                cargo[pop] -= min(4, cargo[pop])
            cargo[pop] = min(cargo[pop], 4 * units[pop])
            if not cargo[pop]:
                del cargo[pop]
    if not units.get(pop):
        units.pop(pop, None)
