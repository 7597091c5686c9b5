"""One Phase C of the Renaissance-Italy game set up by hand, for the expenditure cases.

``Season("Milan: A Pavia; Venice: A Padua", treasury={"Milan": 30})`` makes a Spring 1454
position at its Phase C with those units (``A* X`` elite, ``A+ X`` militia, as in
``renaissance_case``), every province controlled as in 1454 unless ``control`` says;
``play(Milan=["Borrow 10", "A Pavia H"])`` submits every power's sheet (empty for the
others) and resolves the season; ``texts`` are the events' sentences; ``options`` are the
game's (``overspend``, ``storms`` ...).
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game
from italia_kit.games.renaissance.mapdata import POWERS, game_map
from italia_kit.games.renaissance.rules import RenaissanceRules, SeasonOrders
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit

from .renaissance_case import Case

MAP = game_map()


class Season:
    def __init__(
        self,
        position: str,
        *,
        treasury: dict[str, int] | None = None,
        turn: int = 1,
        options: dict[str, Any] | None = None,
        **fields: Any,
    ) -> None:
        case = Case(position) if position else None
        units = dict(case.units) if case else {}
        self.names = dict(case.names) if case else {}
        state = RenaissanceState(
            POWERS,
            5,
            units,
            dict(MAP.owner_1454),
            {c: o for c, o in MAP.owner_1454.items() if c in MAP.cities},
            {p: 0 for p in POWERS},
            turn=turn,
            step="orders",
            next_uid=len(units) + 1,
        )
        state.treasury.update(treasury or {})
        for key, value in fields.items():
            setattr(state, key, value)
        self.game: Game[RenaissanceState] = Game(RenaissanceRules(options or {}), state, seed=1)
        self.start = len(self.game.log)

    def play(self, dice: list[int] | None = None, **sheets: list[str]) -> Season:
        game = self.game
        if dice:
            game.script_dice(dice)
        game.submit_all(  # the seats still at the table (PLAYER ELIMINATION)
            {p: SeasonOrders(p, game.state.tag, tuple(sheets.get(p, ()))) for p in game.state.seats}
        )
        return self

    @property
    def state(self) -> RenaissanceState:
        return self.game.state

    @property
    def texts(self) -> list[str]:
        return [e.text for e in self.game.log[self.start :]]

    def said(self, words: str) -> bool:
        return any(words in t for t in self.texts)

    def unit(self, power: str, unit: str) -> Unit | None:
        kind, _, place = unit.partition(" ")
        uid = self.names[(power, f"{kind} {MAP.top(MAP.resolve(place))}")]
        return self.state.units.get(uid)
