"""The arithmetic of a round of combat (13.1, 13.11, 13.2), shared by the engine's battles
and by the exact odds, so that the two cannot disagree.

>>> ratio_bonus(2, 1), ratio_bonus(3, 2), ratio_bonus(7, 5), ratio_bonus(5, 5)
(2, 2, 0, 0)
>>> round_half_up(5, 2), round_half_up(7, 5), round_half_up(9, 4)
(3, 1, 2)
>>> resolve(9, 8, 4, 4, 3, 3)
('a', 1)
>>> resolve(7, 7, 5, 4, 1, 2)
('a', 0)
>>> resolve(7, 7, 4, 4, 1, 2, tie_break="more_units") is None
True
"""

from __future__ import annotations

__all__ = [
    "STRIKE_MARGIN",
    "TIE_BREAKS",
    "ratio_bonus",
    "resolve",
    "round_half_up",
]

#: 13.11: a round won by this margin or more is a strike.
STRIKE_MARGIN = 7
#: The readings of 13.1's tie-break "spiega il più alto numero di forza": the side with more
#: pieces in the battle (default), or the side whose dice (unmodified) rolled higher.
TIE_BREAKS = ("more_units", "higher_dice")


def round_half_up(num: int, den: int) -> int:
    """``num / den`` rounded as 13.1 says: a fraction of 0 to 0.4 down, 0.5 and more up."""
    whole, rest = divmod(num, den)
    return whole + (1 if 2 * rest >= den else 0)


def ratio_bonus(mine: int, theirs: int) -> int:
    """13.1: +1 for each step of numerical superiority, 2:1 giving +2, 3:1 giving +3, the
    ratio rounded (13.1). A ratio that rounds to 1 (equal forces, 7 against 5) gives none."""
    if theirs <= 0 or mine <= theirs:
        return 0
    r = round_half_up(mine, theirs)
    return r if r >= 2 else 0


def resolve(
    a_score: int,
    d_score: int,
    a_units: int,
    d_units: int,
    a_dice: int,
    d_dice: int,
    *,
    tie_break: str = "more_units",
) -> tuple[str, int] | None:
    """Who wins a round, ``("a" | "d", margin)``, or None when nobody does (13.1).

    ``a_score``/``d_score`` are the modified scores, ``a_dice``/``d_dice`` the unmodified
    dice totals (for the ``higher_dice`` reading of the tie-break)."""
    if a_score != d_score:
        return ("a", a_score - d_score) if a_score > d_score else ("d", d_score - a_score)
    if tie_break == "higher_dice":
        if a_dice != d_dice:
            return ("a", 0) if a_dice > d_dice else ("d", 0)
        return None
    if a_units != d_units:
        return ("a", 0) if a_units > d_units else ("d", 0)
    return None
