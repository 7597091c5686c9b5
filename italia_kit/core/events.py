"""The event log: the game's story as data.

Every change of state is an :class:`Event` naming the rule it applied and saying in one plain
sentence what happened. The log is a list a DataFrame can take (:meth:`EventLog.to_frame`).

Some events are not for every seat's eyes: a card drawn, a sealed bid. Their data says so
with one of two keys, a list of seats: :data:`HIDDEN_FROM` (every seat but these may see
it) or :data:`VISIBLE_TO` (only these may). :meth:`EventLog.for_seat` is the log as one
seat may read it, such events replaced by a redacted copy that keeps only that something
happened (its number, turn, actor, phase, kind and rule).

>>> log = EventLog()
>>> log.append(Event(0, 1, "A", "bid", "bid", "B2", "B2: A bids 3.", {VISIBLE_TO: ["A"]}))
>>> [e.text for e in log.for_seat("A")], [e.text for e in log.for_seat("B")]
(['B2: A bids 3.'], ['B2: bid by A (hidden).'])
>>> log.for_seat("B", redact=False), len(log.for_seat(None))
([], 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # pandas is imported only when a frame is asked for
    import pandas as pd

JSONValue = Any  # the payload of an event: JSON-able values only

#: The actor of an event no single seat caused (the adjudication of sealed orders, the
#: end of a round), and of a decision owed by several seats at once.
NO_ACTOR = ""
#: Data key: the seats an event is hidden from (every other seat sees it).
HIDDEN_FROM = "hidden_from"
#: Data key: the only seats that see an event.
VISIBLE_TO = "visible_to"


class Event(NamedTuple):
    """One thing that happened: an immutable value (a named tuple, because a game makes
    thousands of them and a tuple is the cheapest immutable record to make).

    >>> Event(seq=0, turn=1, actor="Celts", phase="income", kind="income", rule="6.1",
    ...       text="6.1: the Celts collect 4 gold (4 zones, 0 cities).").rule
    '6.1'
    """

    seq: int
    turn: int
    actor: str
    phase: str
    kind: str
    rule: str
    text: str
    data: Mapping[str, JSONValue] = MappingProxyType({})

    def to_record(self) -> dict[str, JSONValue]:
        """A flat dict (one row of a DataFrame)."""
        return {
            "seq": self.seq,
            "turn": self.turn,
            "actor": self.actor,
            "phase": self.phase,
            "kind": self.kind,
            "rule": self.rule,
            "text": self.text,
            "data": dict(self.data),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, JSONValue]) -> Event:
        return cls(
            seq=int(record["seq"]),
            turn=int(record["turn"]),
            actor=str(record["actor"]),
            phase=str(record["phase"]),
            kind=str(record["kind"]),
            rule=str(record["rule"]),
            text=str(record["text"]),
            data=dict(record.get("data", {})),
        )

    def __str__(self) -> str:
        return self.text

    def seen_by(self, seat: str | None) -> bool:
        """May ``seat`` see this event (:data:`HIDDEN_FROM`, :data:`VISIBLE_TO`)? ``None``
        is the referee, who sees everything."""
        data = self.data
        if seat is None or not data:
            return True
        hidden = data.get(HIDDEN_FROM)
        if hidden is not None and seat in hidden:
            return False
        visible = data.get(VISIBLE_TO)
        return visible is None or seat in visible

    def redacted(self) -> Event:
        """This event as a seat it is hidden from reads it: that it happened, not what."""
        who = f" by {self.actor}" if self.actor else ""
        text = f"{self.rule}: {self.kind}{who} (hidden)."
        return self._replace(text=text, data=MappingProxyType({"redacted": True}))


class EventLog:
    """An append-only list of events that can be cut back (for undo)."""

    __slots__ = ("_events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self._events: list[Event] = list(events or [])

    def append(self, event: Event) -> None:
        self._events.append(event)

    def extend(self, events: Iterable[Event]) -> None:
        """:meth:`append` each of ``events`` (one call for a run of them; a log that
        overrides ``append`` still sees each event)."""
        if type(self).append is EventLog.append:
            self._events.extend(events)
        else:
            for event in events:
                self.append(event)

    def truncate(self, length: int) -> None:
        del self._events[length:]

    def since(self, start: int) -> list[Event]:
        """The events from position ``start`` on (those one action made, say)."""
        return self._events[start:]

    def copy(self) -> EventLog:
        return EventLog(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and self._events == other._events

    def __hash__(self) -> int:  # pragma: no cover - logs are mutable, never dict keys
        raise TypeError("EventLog is unhashable")

    def for_seat(self, seat: str | None, *, redact: bool = True) -> list[Event]:
        """The events ``seat`` may read (``None``: all of them). Events hidden from it are
        redacted (:meth:`Event.redacted`), or left out if ``redact`` is false."""
        if seat is None:
            return list(self._events)
        out = []
        for event in self._events:
            if event.seen_by(seat):
                out.append(event)
            elif redact:
                out.append(event.redacted())
        return out

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self._events if e.kind == kind]

    def to_records(self) -> list[dict[str, JSONValue]]:
        return [e.to_record() for e in self._events]

    def to_frame(self) -> pd.DataFrame:
        """The log as a pandas DataFrame (pandas imported only when asked)."""
        import pandas as pd

        return pd.DataFrame(self.to_records())

    def __repr__(self) -> str:
        """Short: how many events, and the last one's text.

        >>> log = EventLog([Event(0, 1, "A", "bid", "bid", "B2", "B2: A bids 3.")])
        >>> log
        <EventLog: 1 event, last: B2: A bids 3.>
        """
        n = len(self._events)
        if not n:
            return "<EventLog: empty>"
        return f"<EventLog: {n} event{'s' if n != 1 else ''}, last: {self._events[-1].text}>"

    def _repr_html_(self) -> str:
        """The notebook's view: the last events as a table, each with its rule."""
        from italia_kit.core.display import event_table

        return event_table(self._events)

    def texts(self, last: int | None = None) -> list[str]:
        events = self._events if last is None else self._events[-last:]
        return [e.text for e in events]
