"""The history behind each turn of Italia I and II, for the history lessons.

The game prints no years for its turns: the sources date only its span (facts S4, S5). Each
scenario's history file (``scenarios/history/<id>.yaml``) gives every game turn its years,
reconstructed from the leaders the scenario brings in that turn, and the historical events
it stands for, each with the writer who tells it. :func:`load_history` reads and checks it;
:func:`game_story` says in sentences what happened in one turn of a game, so a lesson can
put the history and the game side by side.

>>> history = load_history("italia1")
>>> history.turn(6).title
'Hannibal'
>>> history.turn(6).years
'c. 218-201 BC'
>>> "Hannibal" in history.turn(6).leaders
True
>>> load_history("italia3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
italia_kit.games.italia.history.HistoryError: no history file for scenario 'italia3' ...
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from italia_kit.core import Event, Game
from italia_kit.games.italia.scenarios.errors import or_list

__all__ = [
    "STORY_KINDS",
    "HistoricalEvent",
    "History",
    "HistoryError",
    "TurnHistory",
    "game_story",
    "load_history",
]


class HistoryError(ValueError):
    """A history file that is missing or malformed; the message names the field."""


@dataclass(frozen=True)
class HistoricalEvent:
    """Something that happened, when, and who tells it."""

    year: str
    text: str
    source: str


@dataclass(frozen=True)
class TurnHistory:
    """One game turn as history: its years, the leaders it brings, what it stands for."""

    turn: int
    years: str
    title: str
    dating: str  # the provenance of ``years``: 'facts S4' or 'reconstructed: why'
    leaders: tuple[str, ...]
    events: tuple[HistoricalEvent, ...]
    question: str

    @property
    def heading(self) -> str:
        """``Turn 6 (c. 218-201 BC): Hannibal``: the heading a lesson gives the turn."""
        return f"Turn {self.turn} ({self.years}): {self.title}"

    def to_markdown(self) -> str:
        """The turn as a lesson's markdown: heading, events with sources, the question."""
        lines = [f"## {self.heading}", ""]
        lines += [f"- **{e.year}**: {e.text} *({e.source})*" for e in self.events]
        lines += ["", f"*Dating: {self.dating}.*", "", f"**For the class:** {self.question}"]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        items = "".join(
            f"<li><b>{html.escape(e.year)}</b>: {html.escape(e.text)} "
            f"<i>({html.escape(e.source)})</i></li>"
            for e in self.events
        )
        return (
            f"<div class='ik-history'><h4>{html.escape(self.heading)}</h4><ul>{items}</ul>"
            f"<p><i>Dating: {html.escape(self.dating)}.</i></p></div>"
        )


@dataclass(frozen=True)
class History:
    """A scenario's turns as history, in order."""

    scenario: str
    source_note: str
    turns: tuple[TurnHistory, ...]

    def turn(self, number: int) -> TurnHistory:
        """The history of game turn ``number``; ``KeyError`` names the turns there are."""
        for t in self.turns:
            if t.turn == number:
                return t
        raise KeyError(f"{self.scenario} has no turn {number} (turns 1-{len(self.turns)})")

    def to_frame(self) -> Any:
        """One row per historical event: turn, years of the turn, year, event, source."""
        import pandas as pd

        rows = [
            {
                "turn": t.turn,
                "turn years": t.years,
                "year": e.year,
                "event": e.text,
                "source": e.source,
            }
            for t in self.turns
            for e in t.events
        ]
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{t.turn}</td><td>{html.escape(t.years)}</td>"
            f"<td>{html.escape(t.title)}</td></tr>"
            for t in self.turns
        )
        return (
            f"<table><thead><tr><th>turn</th><th>years</th><th>what it stands for</th></tr>"
            f"</thead><tbody>{rows}</tbody></table>"
        )


KNOWN = ("italia1", "italia2")


def load_history(scenario_id: str) -> History:
    """Read and check the history file of a shipped scenario (``italia1``, ``italia2``)."""
    key = scenario_id.strip().lower()
    if key not in KNOWN:
        raise HistoryError(
            f"no history file for scenario {scenario_id!r} (known: {or_list(KNOWN)})"
        )
    path = resources.files("italia_kit.games.italia.scenarios") / "history" / f"{key}.yaml"
    return history_from_data(yaml.safe_load(path.read_text(encoding="utf-8")), f"{key}.yaml")


def history_from_data(raw: object, where: str = "history") -> History:
    """Build a :class:`History` from parsed YAML; a :class:`HistoryError` names the field."""
    data = _mapping(raw, where)
    turns_raw = data.get("turns")
    if not isinstance(turns_raw, list) or not turns_raw:
        raise HistoryError(f"{where}: field 'turns': expected a list of turns")
    turns = tuple(_turn(t, f"{where}: turns[{i}]") for i, t in enumerate(turns_raw))
    numbers = [t.turn for t in turns]
    if numbers != list(range(1, len(turns) + 1)):
        raise HistoryError(
            f"{where}: field 'turns': expected turns 1, 2, ... in order, got {numbers}"
        )
    return History(_text(data, "scenario", where), _text(data, "source_note", where), turns)


def _turn(raw: object, where: str) -> TurnHistory:
    data = _mapping(raw, where)
    number = data.get("turn")
    if not isinstance(number, int) or isinstance(number, bool):
        raise HistoryError(f"{where}: field 'turn': expected a whole number, got {number!r}")
    leaders = data.get("leaders", [])
    if not isinstance(leaders, list) or not all(isinstance(x, str) for x in leaders):
        raise HistoryError(f"{where}: field 'leaders': expected a list of names")
    events_raw = data.get("events")
    if not isinstance(events_raw, list) or not events_raw:
        raise HistoryError(f"{where}: field 'events': expected a list of events")
    events = tuple(
        HistoricalEvent(
            *(
                _text(_mapping(e, f"{where}.events[{i}]"), k, f"{where}.events[{i}]")
                for k in ("year", "text", "source")
            )
        )
        for i, e in enumerate(events_raw)
    )
    return TurnHistory(
        turn=number,
        years=_text(data, "years", where),
        title=_text(data, "title", where),
        dating=_text(data, "dating", where),
        leaders=tuple(leaders),
        events=events,
        question=_text(data, "question", where),
    )


def _mapping(raw: object, where: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise HistoryError(f"{where}: expected a mapping, got {type(raw).__name__}")
    return raw


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise HistoryError(f"{where}: field {key!r}: expected text, got {value!r}")
    return value


#: The event kinds a lesson retells (the rest are the dice and the bookkeeping).
STORY_KINDS = frozenset(
    {
        "reinforcement",
        "major_invasion",
        "campaign",
        "battle_end",
        "submission",
        "revolt",
        "loot",
        "city_built",
        "ruined",
        "capital",
        "scoring",
        "turn_ten",
        "game_end",
    }
)


def game_story(game: Game[Any], turn: int, kinds: Iterable[str] = STORY_KINDS) -> list[str]:
    """What happened in game turn ``turn`` of ``game``, as the engine's own sentences.

    Only the events a history lesson retells: arrivals, invasions, campaigns, battles won,
    submissions and revolts, cities built, looted and ruined, the scoring. Each sentence
    starts with the rule it applies.
    """
    wanted = frozenset(kinds)
    return _texts(e for e in game.log if e.turn == turn and e.kind in wanted)


def _texts(events: Iterable[Event]) -> list[str]:
    seen: list[str] = []
    for e in events:
        if not seen or seen[-1] != e.text:  # a battle's repeated lines are told once
            seen.append(e.text)
    return seen


def leaders_by_turn(nations: Sequence[Any]) -> dict[int, set[str]]:
    """The named leaders each turn of a scenario brings (its nations' reinforcements)."""
    out: dict[int, set[str]] = {}
    for nation in nations:
        for reinforcement in nation.reinforcements:
            for unit in reinforcement.units:
                name = getattr(unit, "name", None)
                if name:
                    out.setdefault(reinforcement.turn, set()).add(str(name))
    return out
