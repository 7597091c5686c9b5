"""Renaissance Italy's sealed sheets as lines a person chooses from (the classroom's list of a
human seat's legal actions, the presenter's ``action_text``).

A sheet is one action: its orders are shown in the rule text's own notation, as the sheet
holds them (:func:`.notation.format_order` printed them), shortened for a list: the units
that hold are gathered after the other orders ("hold: A Rome, G Perugia"), a sheet where
every unit holds says so ("all 3 units hold"), and sea areas go by the map's
abbreviations ("F Romagna S UAS"), which the notation reads back
(:meth:`.mapdata.Map.resolve`). Each ends with its phase.

>>> from italia_kit.games.renaissance.rules import SeasonOrders
>>> orders = SeasonOrders(
...     "Papacy", "Spring 1455", ("F Romagna S Upper Adriatic Sea", "A Rome H", "G Perugia H")
... )
>>> sentence(None, orders)
'Papacy, Spring 1455 orders: F Romagna S UAS; hold: A Rome, G Perugia (Phase C)'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from italia_kit.core import Action
from italia_kit.games.renaissance.mapdata import game_map
from italia_kit.games.renaissance.rules import Adjustments, SeasonOrders

__all__ = ["NOTE_CHARS", "sentence", "shorten"]

#: how much of a sheet's note to the other players a list shows
NOTE_CHARS = 40

_HOLD = re.compile(r"^(?P<head>[AFG] .+?) H$")


@lru_cache(maxsize=1)
def _seas() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each sea area's full name (longest first: "Eastern Gulf of Lyons" before a shorter
    name inside it) and its abbreviation in capitals."""
    m = game_map()
    names = sorted(m.seas, key=len, reverse=True)
    return tuple((re.compile(rf"\b{re.escape(s)}\b"), m.abbr[s].upper()) for s in names)


def shorten(line: str) -> str:
    """One order line with its sea areas abbreviated.

    >>> shorten("A Savoy -> Eastern Gulf of Lyons -> Western Tyrrhenian Sea -> Palermo")
    'A Savoy -> EGL -> WTS -> Palermo'
    """
    for pattern, abbr in _seas():
        line = pattern.sub(abbr, line)
    return line


def _orders(state: Any, seat: str, lines: tuple[str, ...]) -> str:
    holds: list[str] = []
    others: list[str] = []
    for line in lines:
        hold = _HOLD.match(line)
        if hold:
            holds.append(shorten(hold["head"]))
        else:
            others.append(shorten(line))
    units = len(state.units_of(seat)) if state is not None else -1
    if not others and len(holds) == units:
        return (
            f"all {units} units hold" if units > 1 else "every unit holds" if units else "no units"
        )
    parts = others + ([f"hold: {', '.join(holds)}"] if holds else [])
    return "; ".join(parts) if parts else "no orders (every unit holds)"


def _note(note: str) -> str:
    if not note:
        return ""
    short = note if len(note) <= NOTE_CHARS else note[: NOTE_CHARS - 1].rstrip() + "…"
    return f' with the note "{short}"'


def sentence(state: Any, action: Action) -> str:
    """``action`` (a sheet) as a line: "POWER, SEASON orders: ... (Phase C)". ``state`` (a
    ``RenaissanceState``, or None) tells whether a sheet of holds covers every unit."""
    match action:
        case SeasonOrders(seat=seat, season=season, lines=lines, note=note):
            said = _orders(state, seat, lines)
            return f"{seat}, {season} orders: {said}{_note(note)} (Phase C)"
        case Adjustments(seat=seat, season=season, lines=lines):
            said = "; ".join(lines) if lines else "maintain every unit, build nothing"
            return f"{seat}, {season} adjustments: {said} (Phase A)"
    return str(action)
