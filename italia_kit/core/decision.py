"""What the game is waiting for: who must decide now, and what kind of decision it is.

Most decisions are owed by one seat (``actor``). A *sealed* decision is owed by several
seats at once, as Diplomacy's orders or a sealed-bid auction: each owing seat submits its
orders (one :class:`Order` naming the seat) without seeing the others', and when the last
one is in the rules resolve them together.

>>> d = Decision.sealed(("A", "B", "C"), "bid", "B2", "bid secretly", submitted=("B",))
>>> d.owing, d.is_sealed, d.actor == NO_ACTOR
(('A', 'C'), True, True)
>>> print(d)
A, C must decide (bid, rule B2): bid secretly
>>> Decision("Celts", "buy", "6.2", "buy units").owing
('Celts',)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from italia_kit.core.actions import Action
from italia_kit.core.events import NO_ACTOR

__all__ = ["NO_ACTOR", "Decision", "Order"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending decision.

    ``actor`` is who decides (a nation in Italia), ``kind`` what is decided (``buy``,
    ``place``, ``move``, ``targets``, ``retreat``, ``submit`` ...), ``rule`` the section that
    asks for it and ``prompt`` one sentence for a person.

    A sealed decision (:meth:`sealed`) has no single actor (``actor`` is
    :data:`NO_ACTOR`): ``seats`` are the seats that still owe their orders, in the order
    the runner asks them, and ``submitted`` those whose orders are in already (who has
    submitted is public; what they submitted is not).
    """

    actor: str
    kind: str
    rule: str
    prompt: str
    seats: tuple[str, ...] = ()
    submitted: tuple[str, ...] = ()

    @classmethod
    def sealed(
        cls,
        seats: Iterable[str],
        kind: str,
        rule: str,
        prompt: str,
        *,
        submitted: Iterable[str] = (),
    ) -> Decision:
        """A decision owed by several seats at once; ``seats`` are those still owing."""
        done = tuple(submitted)
        owing = tuple(s for s in seats if s not in done)
        if not owing:
            raise ValueError("a sealed decision needs at least one seat still owing orders")
        return cls(NO_ACTOR, kind, rule, prompt, owing, done)

    @property
    def is_sealed(self) -> bool:
        return bool(self.seats)

    @property
    def owing(self) -> tuple[str, ...]:
        """The seats that may act now: ``seats`` if sealed, else the ``actor`` alone."""
        return self.seats or (self.actor,)

    def __str__(self) -> str:
        who = ", ".join(self.seats) if self.seats else self.actor
        return f"{who} must decide ({self.kind}, rule {self.rule}): {self.prompt}"


@dataclass(frozen=True, slots=True)
class Order(Action):
    """An action that names the seat it is by: what a seat submits to a sealed decision.

    A game derives its sealed actions from it (a bid, or a tuple of orders as one action);
    the runner reads ``seat`` to refuse a seat that owes nothing or has submitted already,
    and to list one seat's actions (:meth:`~italia_kit.core.game.Game.legal_actions`).
    """

    kind: ClassVar[str] = "order"
    seat: str = ""
