"""Chance as events: what a rule calls to draw counters, shuffle and deal cards, so that each
draw is an event of the log, as :meth:`~italia_kit.core.game.Context.roll` makes each roll.

:class:`ChanceEvents` is mixed into the :class:`~italia_kit.core.game.Context`. A draw that
some seats may not see says so in its event's data: ``hidden_from``
(:data:`~italia_kit.core.events.HIDDEN_FROM`) lists those seats. The counters or cards
drawn are in the data all the same (``items``, ``cards``): the log is the whole story, and
the log as one seat reads it (:meth:`EventLog.for_seat
<italia_kit.core.events.EventLog.for_seat>`) redacts the event for the seats listed. Its
text says only what every seat sees ("drew 2 counters from the cup") all the same, so that
a log printed whole, in class, gives no counter away.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from italia_kit.core.events import HIDDEN_FROM, Event
from italia_kit.core.randomness import Item, Randomness

__all__ = ["ChanceEvents"]


def _shown(items: list[Item]) -> str:
    return ", ".join(map(str, items)) or "nothing"


def _counted(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


class ChanceEvents:
    """Draws, shuffles and deals that emit their events (mixed into the Context).

    >>> from italia_kit.core.events import EventLog
    >>> from italia_kit.core.game import Context
    >>> class At:
    ...     turn, actor, phase = 1, "A", "draw"
    >>> r = Randomness(seed=1)
    >>> _ = r.new_bag("cup", ["gold", "lead"])
    >>> ctx = Context(At(), r, EventLog())
    >>> items = ctx.draw("cup", "C1", "A draws", hidden_from=["B"])
    >>> event = ctx.log[-1]
    >>> event.text, event.data["hidden_from"], event.data["items"] == items
    ('C1: A draws: drew 1 counter from the cup (1 left).', ['B'], True)
    """

    __slots__ = ()

    dice: Randomness

    if TYPE_CHECKING:  # the Context this is mixed into records the events

        def emit(self, kind: str, rule: str, text: str, **data: Any) -> Event: ...

    def draw(
        self,
        bag: str,
        rule: str,
        why: str,
        n: int = 1,
        *,
        hidden_from: Iterable[str] = (),
        **data: Any,
    ) -> list[Item]:
        """Draw ``n`` counters from ``bag`` and record the draw (a ``draw`` event)."""
        items = self.dice.draw(bag, n)
        left = self.dice.bag_size(bag)
        hidden = list(hidden_from)
        what = _counted(n, "counter") if hidden else _shown(items)
        text = f"{rule}: {why}: drew {what} from the {bag} ({left} left)."
        if hidden:
            data[HIDDEN_FROM] = hidden
        self.emit("draw", rule, text, bag=bag, items=items, left=left, **data)
        return items

    def put(
        self,
        bag: str,
        items: Iterable[Item],
        rule: str,
        why: str,
        *,
        hidden_from: Iterable[str] = (),
        **data: Any,
    ) -> None:
        """Put counters into ``bag`` and record it (a ``put`` event)."""
        added = list(items)
        self.dice.put(bag, added)
        hidden = list(hidden_from)
        what = _counted(len(added), "counter") if hidden else _shown(added)
        text = f"{rule}: {why}: put {what} into the {bag} ({self.dice.bag_size(bag)} in it)."
        if hidden:
            data[HIDDEN_FROM] = hidden
        self.emit("put", rule, text, bag=bag, items=added, **data)

    def shuffle(self, deck: str, rule: str, why: str, **data: Any) -> None:
        """Shuffle the draw pile of ``deck`` and record it (a ``shuffle`` event)."""
        self.dice.shuffle(deck)
        size = len(self.dice.deck(deck).pile)
        text = f"{rule}: {why}: the {deck} is shuffled ({_counted(size, 'card')})."
        self.emit("shuffle", rule, text, deck=deck, size=size, **data)

    def deal(
        self,
        deck: str,
        seat: str,
        rule: str,
        why: str,
        n: int = 1,
        *,
        hidden_from: Iterable[str] = (),
        **data: Any,
    ) -> list[Item]:
        """Deal ``n`` cards of ``deck`` into ``seat``'s hand and record it (a ``deal``
        event, after a ``shuffle`` event with ``reshuffle`` true if the pile ran out and the
        discards made a new one)."""
        cards, reshuffled = self.dice.deal(deck, seat, n)
        pile = self.dice.deck(deck).pile
        if reshuffled:
            self.emit(
                "shuffle",
                rule,
                f"{rule}: the {deck} ran out: its discards are shuffled into a new pile.",
                deck=deck,
                size=reshuffled,
                reshuffle=True,
            )
        hidden = list(hidden_from)
        what = _counted(n, "card") if hidden else _shown(cards)
        text = f"{rule}: {why}: {seat} is dealt {what} from the {deck} ({len(pile)} left)."
        if hidden:
            data[HIDDEN_FROM] = hidden
        self.emit("deal", rule, text, deck=deck, seat=seat, cards=cards, left=len(pile), **data)
        return cards

    def discard(
        self, deck: str, seat: str, cards: Iterable[Item], rule: str, why: str, **data: Any
    ) -> None:
        """Move ``cards`` from ``seat``'s hand to the discards of ``deck`` (a ``discard``
        event: a discard is shown to every seat)."""
        dropped = list(cards)
        self.dice.discard(deck, seat, dropped)
        text = f"{rule}: {why}: {seat} discards {_shown(dropped)}."
        self.emit("discard", rule, text, deck=deck, seat=seat, cards=dropped, **data)
