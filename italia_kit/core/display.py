"""Rich display in a notebook: small HTML tables for the kit's objects (``_repr_html_``).

Views only: the functions here lay out what an object already knows (its events, its
decision, its numbers) and escape every text (:func:`html.escape`); no rule is decided
here. Jupyter shows an object's ``_repr_html_`` as ``text/html``; its ``__repr__`` stays
the short ``text/plain`` beside it.

>>> html_table(("rule", "text"), [("6.1", "gold <4>")])[-67:]
'<tbody><tr><td>6.1</td><td>gold &lt;4&gt;</td></tr></tbody></table>'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from italia_kit.core.events import Event

if TYPE_CHECKING:
    from italia_kit.core.game import Game

__all__ = [
    "LAST_EVENTS",
    "event_table",
    "fields_table",
    "game_html",
    "game_title",
    "html_table",
    "section",
]

#: How many of the last events a game or a log shows.
LAST_EVENTS = 8

#: The columns of an event table.
EVENT_COLUMNS = ("seq", "turn", "actor", "phase", "rule", "text")


def _cell(value: object, tag: str) -> str:
    return f"<{tag}>{html.escape(str(value))}</{tag}>"


def html_table(
    header: Sequence[object], rows: Iterable[Sequence[object]], *, caption: str | None = None
) -> str:
    """An HTML table of ``rows`` under ``header``, every cell escaped.

    >>> html_table(["a"], [], caption="none <yet>")  # doctest: +ELLIPSIS
    '<table class="italia-kit"><caption>none &lt;yet&gt;</caption>...'
    """
    head = "".join(_cell(h, "th") for h in header)
    body = "".join("<tr>" + "".join(_cell(c, "td") for c in row) + "</tr>" for row in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        f'<table class="italia-kit">{cap}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def fields_table(fields: Iterable[tuple[object, object]]) -> str:
    """A table of (name, value) rows, one field a row, the names as row headers.

    >>> fields_table([("turn", 3)])
    '<table class="italia-kit"><tbody><tr><th>turn</th><td>3</td></tr></tbody></table>'
    """
    rows = "".join(f"<tr>{_cell(k, 'th')}{_cell(v, 'td')}</tr>" for k, v in fields)
    return f'<table class="italia-kit"><tbody>{rows}</tbody></table>'


def section(title: str, *parts: str) -> str:
    """A titled block of already-escaped ``parts`` (the title is escaped)."""
    return f"<div><strong>{html.escape(title)}</strong>{''.join(parts)}</div>"


def event_table(
    events: Sequence[Event], *, last: int = LAST_EVENTS, total: int | None = None
) -> str:
    """The last ``last`` of ``events`` as a table, each with its rule; the caption says how
    many there are in all (``total``, default ``len(events)``).

    >>> e = Event(0, 1, "Celts", "income", "income", "6.1", "6.1: the Celts collect 4 gold.")
    >>> "<td>6.1</td>" in event_table([e]), "1 event" in event_table([e])
    (True, True)
    """
    total = len(events) if total is None else total
    shown = list(events[-last:]) if last > 0 else []
    noun = "event" if total == 1 else "events"
    caption = f"{total} {noun}" + (f", the last {len(shown)}" if len(shown) < total else "")
    rows = [tuple(getattr(e, c) for c in EVENT_COLUMNS) for e in shown]
    return html_table(EVENT_COLUMNS, rows, caption=caption)


@lru_cache(maxsize=64)
def game_title(game_id: str) -> str:
    """The title of a registered game (its :class:`~italia_kit.games.GameSpec`), or the id
    itself for a game the registry does not know.

    >>> game_title("italia1")  # doctest: +ELLIPSIS
    'Italia I (330 BC ...'
    >>> game_title("no-such-game")
    'no-such-game'
    """
    try:
        from italia_kit.games import load

        return load(game_id).title
    except Exception:  # an unregistered game, or one whose spec does not load
        return game_id


def _decision_fields(game: Game[Any]) -> list[tuple[str, str]]:
    decision = game.decision
    if decision is None:
        return [("decision", "none: the game is over")]
    fields = [("decision", f"{decision.kind} (rule {decision.rule})")]
    if decision.is_sealed:
        fields.append(("sealed orders owed by", ", ".join(decision.owing) or "-"))
        if decision.submitted:
            fields.append(("submitted", ", ".join(decision.submitted)))
    else:
        fields.append(("to decide", decision.actor))
    fields.append(("prompt", decision.prompt))
    return fields


def game_html(game: Game[Any]) -> str:
    """A game at a glance: its id and title (the registered game's, ``rules.ref.game``,
    else ``rules.game_id``), turn, phase, the pending decision (or the seats still owing
    sealed orders), and its last events with their rules."""
    from italia_kit.core.save import ref_of

    game_id = str(getattr(game.rules, "game_id", "?"))
    registered = ref_of(game.rules).game if hasattr(game.rules, "game_id") else game_id
    state = game.state
    fields: list[tuple[str, object]] = [
        ("turn", state.turn),
        ("phase", state.phase),
        *_decision_fields(game),
        ("actions", len(game.actions)),
    ]
    log = game.log
    recent = log.since(max(0, len(log) - LAST_EVENTS))
    title = f"{game_id}: {game_title(registered)}"
    return section(title, fields_table(fields), event_table(recent, total=len(log)))
