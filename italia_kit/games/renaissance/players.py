"""The Renaissance-Italy game's own random player: a fresh random order for every unit.

The generic random player picks one of the sheets the rules offer (``sheets.menu``); this
one draws a new sheet from its stream (``Game.stream``) each season, any legal order for
every unit, and maintains everything in Phase A (building one unit where it can).

A sheet's draws are the stream's words (``core.streams.Bits``, a block of
:data:`SHEET_WORDS` at a time, each block one noted draw), so undo and forks rewind them
with the game. (A generator seeded for each sheet instead, from one draw of the stream,
cost a season of eight sheets some 0.3 M instructions: the seeding of a Mersenne Twister
and its first 624 words.)
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Bits, Game
from italia_kit.games.renaissance.position import position_of
from italia_kit.games.renaissance.rules import Adjustments, RenaissanceRules, SeasonOrders
from italia_kit.games.renaissance.sheets import adjustment_menu, random_orders
from italia_kit.games.renaissance.spending import random_expenses

__all__ = ["SHEET_WORDS", "RandomOrdersPlayer"]

#: The words a sheet's draws take from the stream a block at a time (``Bits``): a sheet
#: of orders takes some ten (a unit's kind of order and its target, drawn again when
#: nothing comes of it), rarely more than 16.
SHEET_WORDS = 16


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
        # the sheet's draws are the stream's words, so undo and forks rewind them
        rng = Bits(stream, SHEET_WORDS)
        # the units' index looked up once for the draw and the checked sheet's memory
        # (nothing between them changes the units; a look-up is some 5,000 instructions)
        here = position_of(state.units)
        orders = random_orders(state, rules.map, seat, rng, here=here)
        # orders checked as they were drawn: the rules need not read them again (only
        # the expenses' lines, which the rules check as any sheet's)
        spent = random_expenses(state, rules.map, seat, rng) if self.spending else ()
        lines = rules.checked_sheet(state, seat, orders, spent, position=here)
        return SeasonOrders(seat, state.tag, lines)
