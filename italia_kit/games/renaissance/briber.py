"""A bribe-heavy player (the ``briber`` bot): the greedy player's military orders, and its
money spent on one prize, the garrison of a rival's capital, bought outright.

Lesson 20's what-if: 'how often does a bribe-heavy Milan take Venice?'. BRIBES lets any
power buy any unit it can pay for, wherever it stands (EXPENDITURE ORDERS 10: 'a specified
unit changes allegiance to you'), so Milan need not reach the Lagoon: it saves its ducats
and, as soon as the treasury plus a bank loan reach the price, buys the Venetian garrison
of Venice. The price is the minimum (18, doubled for a garrison in a major city, BRIBES
(g), and again for a Citizen's Militia or Elite Professionals) plus ``margin`` ducats
against a counter-bribe (BRIBES (a), (e); the greedy player counter-bribes its garrisons
in major cities with 3). It borrows only the ducats it lacks (Borrowing Phase: up to 25 of
principal), never spends next Spring's upkeep, builds nothing and spends nothing else
while it saves: every ducat waits for the prize. With no garrison of another power in the
city (bought, or never there), it plays as the greedy player does.
"""

from __future__ import annotations

from italia_kit.games.renaissance.expenditure import BANK_LIMIT, bribe_minimum
from italia_kit.games.renaissance.greedy import GreedyPlayer
from italia_kit.games.renaissance.mapdata import AUTONOMOUS
from italia_kit.games.renaissance.rules import RenaissanceRules
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit, city_area

__all__ = ["BriberPlayer"]


class BriberPlayer(GreedyPlayer):
    """See the module docstring: ``target`` the city whose garrison it buys."""

    def __init__(self, seed: int = 0, target: str = "Venice", margin: int = 3) -> None:
        super().__init__(seed)
        self.target = target
        self.margin = margin

    def __repr__(self) -> str:
        return f"BriberPlayer(seed={self.seed}, target={self.target!r})"

    def _prize(self, state: RenaissanceState, seat: str) -> Unit | None:
        """The rival garrison of the target city, or None."""
        garrison = state.by_area().get(city_area(self.target))
        if garrison is None or garrison.power in (seat, AUTONOMOUS) or garrison.type != "G":
            return None
        return garrison

    def adjustments(
        self, state: RenaissanceState, rules: RenaissanceRules, seat: str
    ) -> tuple[str, ...]:
        if self._prize(state, seat) is not None:
            return ()  # saving: no new units (every unit is maintained)
        return super().adjustments(state, rules, seat)

    def expenses(
        self, state: RenaissanceState, rules: RenaissanceRules, seat: str, spare: int | None = None
    ) -> list[str]:
        garrison = self._prize(state, seat)
        if garrison is None:
            return super().expenses(state, rules, seat, spare)
        if self.target in state.sieges:
            return []  # a besieged garrison cannot be bribed (Besiege): wait
        price = bribe_minimum(rules.map, garrison, "buy") + self.margin
        above_upkeep = state.treasury[seat] - self.reserve(state, seat)
        if spare is None:
            spare = above_upkeep
        treasury = state.treasury[seat] - (above_upkeep - spare)  # less the famine relief
        room = 0 if seat in state.banned else BANK_LIMIT - state.debt(seat)
        lacking = max(0, price - max(spare, 0))
        if lacking > room or price > treasury + lacking:
            return []  # not yet: save every ducat for the prize
        lines = [f"Borrow {lacking}"] if lacking else []
        return [*lines, f"Bribe G {self.target} {price}"]
