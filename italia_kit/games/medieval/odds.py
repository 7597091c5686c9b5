"""A simple local battle-odds function for Medieval Italia's greedy player.

**A stand-in, marked as such**: the variant's own battle odds (its combat sequence, one
round then retreats, attacker first) are the ``med-combat`` branch's to add; until they are
merged, :func:`win_chance` answers from the simplest model of Britannia's battle (public
summary): every round each army of each side rolls one d6, each hit kills one army of the
other side, and the rounds go on until one side is gone. Retreats and leaders are left out
(a leader rolls no die, reading 8 of ``docs/games/medieval.md``).

The answer is exact for that model (a small dynamic programme over the armies left on each
side), cached per process: it depends on its arguments alone, never on a game.

>>> win_chance(3, 1, attacker_hits_on=5, defender_hits_on=5) > 0.8
True
>>> win_chance(1, 3, attacker_hits_on=5, defender_hits_on=5) < 0.2
True
>>> win_chance(0, 2, attacker_hits_on=5, defender_hits_on=5)
0.0
"""

from __future__ import annotations

from functools import cache
from math import comb

__all__ = ["DIE", "hit_probability", "win_chance"]

#: Britannia (public summary): a six-sided die
DIE = 6
#: the most armies a side is counted with (more changes the odds too little to matter, and
#: keeps the table small)
CAP = 12


def hit_probability(hits_on: int) -> float:
    """The chance that one d6 hits on ``hits_on`` or more (5: two faces in six)."""
    return max(0, DIE - hits_on + 1) / DIE if hits_on <= DIE else 0.0


@cache
def _hits(dice: int, p: float) -> tuple[float, ...]:
    """The chance of each number of hits from ``dice`` dice hitting with chance ``p``."""
    return tuple(comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1))


@cache
def _holds(attackers: int, defenders: int, pa: float, pd: float) -> float:
    """The chance the attackers are left alone in the area (the defenders all dead and at
    least one attacker alive), both sides rolling every round until one is gone."""
    if defenders == 0:
        return 1.0 if attackers > 0 else 0.0
    if attackers == 0:
        return 0.0
    by_a, by_d = _hits(attackers, pa), _hits(defenders, pd)
    # a round in which nobody is hit changes nothing: the chance of the rest is the same
    nothing = by_a[0] * by_d[0]
    if nothing >= 1.0:
        return 0.0
    total = 0.0
    for ka, pka in enumerate(by_a):
        for kd, pkd in enumerate(by_d):
            if ka == 0 and kd == 0:
                continue
            total += pka * pkd * _holds(max(0, attackers - kd), max(0, defenders - ka), pa, pd)
    return total / (1.0 - nothing)


def win_chance(
    attackers: int, defenders: int, *, attacker_hits_on: int, defender_hits_on: int
) -> float:
    """The chance that ``attackers`` armies take an area from ``defenders`` armies, each
    side hitting on its number (see the module: a stand-in until the variant's own odds)."""
    a, d = min(max(attackers, 0), CAP), min(max(defenders, 0), CAP)
    return _holds(a, d, hit_probability(attacker_hits_on), hit_probability(defender_hits_on))
