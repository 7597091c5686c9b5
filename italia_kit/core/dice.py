"""Seeded dice: the name the kit's games and saves have always used for the random source.

A game's random source is :class:`~italia_kit.core.randomness.Randomness` (dice of any size,
bags, decks); ``Dice`` is that same class. ``Dice(seed)`` rolls Italia's d10 from the same
splitmix64 counter as ever (the 0 counts as 10, 2.6), so seeded games replay unchanged.

>>> d = Dice(seed=7)
>>> rolls = d.roll(3)
>>> all(1 <= r <= 10 for r in rolls), Dice(seed=7).roll(3) == rolls
(True, True)
>>> d.script([10, 1]); d.roll(2)
[10, 1]
"""

from __future__ import annotations

from italia_kit.core.randomness import Randomness, splitmix64

__all__ = ["Dice", "splitmix64"]

Dice = Randomness
