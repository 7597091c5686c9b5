"""The event log: the game's story as data.

Every change of state is an :class:`Event` naming the rule it applied and saying in one plain
sentence what happened. The log is a list a DataFrame can take (:meth:`EventLog.to_frame`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

JSONValue = Any  # the payload of an event: JSON-able values only


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


class EventLog:
    """An append-only list of events that can be cut back (for undo)."""

    __slots__ = ("_events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self._events: list[Event] = list(events or [])

    def append(self, event: Event) -> None:
        self._events.append(event)

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

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self._events if e.kind == kind]

    def to_records(self) -> list[dict[str, JSONValue]]:
        return [e.to_record() for e in self._events]

    def to_frame(self) -> Any:
        """The log as a pandas DataFrame (pandas imported only when asked)."""
        import pandas as pd

        return pd.DataFrame(self.to_records())

    def texts(self, last: int | None = None) -> list[str]:
        events = self._events if last is None else self._events[-last:]
        return [e.text for e in events]
