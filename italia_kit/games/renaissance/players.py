"""The Renaissance-Italy game's own random player: a fresh random order for every unit.

The generic random player picks one of the sheets the rules offer (``sheets.menu``); this
one draws a new sheet from its stream (``Game.stream``) each season, any legal order for
every unit, and maintains everything in Phase A (building one unit where it can).
"""

from __future__ import annotations

import _random
import random
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.renaissance.position import position_of
from italia_kit.games.renaissance.rules import Adjustments, RenaissanceRules, SeasonOrders
from italia_kit.games.renaissance.sheets import adjustment_menu, random_orders
from italia_kit.games.renaissance.spending import random_expenses

__all__ = ["RandomOrdersPlayer", "seeded"]


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for an int ``seed``, made without its two Python-level
    calls (``__init__`` and ``seed``, as much as the rest of a sheet's seeding): a
    ``random.Random`` whose C generator is seeded as ``Random.seed`` seeds it for an int
    (``super().seed(a)``), and no Gaussian kept.

    >>> a, b = seeded(7), random.Random(7)
    >>> [a.getrandbits(9) for _ in range(4)] == [b.getrandbits(9) for _ in range(4)]
    True
    >>> a.getstate() == b.getstate()
    True
    """
    rng = _new_random(random.Random)
    _seed_generator(rng, seed)
    vars(rng)["gauss_next"] = None  # as Random.seed leaves it (not in the stubs)
    return rng


_new_random = random.Random.__new__
_seed_generator = _random.Random.seed


class RandomOrdersPlayer:
    """See the module docstring; ``seed`` seeds its stream; with ``spending`` it adds
    random affordable expenses to its sheets (``spending.random_expenses``)."""

    def __init__(self, seed: int = 0, spending: bool = False) -> None:
        self.seed = seed
        self.spending = spending

    def __repr__(self) -> str:
        return f"RandomOrdersPlayer(seed={self.seed}, spending={self.spending})"

    def choose(self, game: Game[Any], seat: str | None = None) -> Action:
        state = game.state
        if game.is_over:  # (the pending decision is asked only when no seat is given)
            raise ValueError("no legal action: the game is over")
        seat = seat or game.pending_seats[0]
        stream = game.stream("renaissance-random", self.seed)
        rules = game.rules
        if not isinstance(rules, RenaissanceRules):
            raise ValueError(f"{self!r} plays the renaissance game, not {rules.game_id!r}")
        if state.step == "adjust":
            sheets = adjustment_menu(state, rules.map, seat)
            return Adjustments(seat, state.tag, stream.choice(sheets))
        # one draw of the stream seeds the sheet, so undo and forks rewind it as one choice
        rng = seeded(stream.randint(0, 2**31))
        # the units' index looked up once for the draw and the checked sheet's memory
        # (nothing between them changes the units; a look-up is some 5,000 instructions)
        here = position_of(state.units)
        orders = random_orders(state, rules.map, seat, rng, here=here)
        # orders checked as they were drawn: the rules need not read them again (only
        # the expenses' lines, which the rules check as any sheet's)
        spent = random_expenses(state, rules.map, seat, rng) if self.spending else ()
        lines = rules.checked_sheet(state, seat, orders, spent, position=here)
        return SeasonOrders(seat, state.tag, lines)
