"""Plague and famine (PLAGUE, FAMINE; the tables in data/machiavelli_tables.yaml).

A disaster rolls its severity first: no disaster, the row only, the column only, or both;
then 2d6 for the row and 2d6 for the column of its table, and every named province in the
chosen row and/or column is struck. The text gives no severity table; the data file lists
three readings: ``njudge_code`` (the default: it is the reading of the map's own source,
njudge's code), ``original_rules_per_njudge_tech_note`` and ``condottieri_and_sharcashmo_bot``
(the game's ``severity`` option).
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Context
from italia_kit.games.renaissance.mapdata import Map
from italia_kit.games.renaissance.season import tables
from italia_kit.games.renaissance.state import RenaissanceState

__all__ = ["READINGS", "severity", "strike", "struck_provinces"]

READINGS = (
    "njudge_code",
    "original_rules_per_njudge_tech_note",
    "condottieri_and_sharcashmo_bot",
)


def severity(reading: str, roll: int) -> str:
    """``none``, ``row``, ``column`` or ``both`` for a severity ``roll`` in ``reading``.

    >>> severity("njudge_code", 6), severity("original_rules_per_njudge_tech_note", 6)
    ('row', 'column')
    >>> severity("condottieri_and_sharcashmo_bot", 6)
    'both'
    """
    table = tables()["severity_roll"][reading]
    words = {"no disaster": "none", "row only": "row", "column only": "column"}
    for key, value in table.items():
        if key == "roll":
            continue
        text = str(key)
        if "-" in text:
            low, high = (int(x) for x in text.split("-"))
            hit = low <= roll <= high
        else:
            hit = roll in {int(x) for x in text.split(",")}
        if hit:
            return words.get(str(value), "both")
    raise ValueError(f"severity roll {roll} is not in the {reading} reading")


def struck_provinces(
    m: Map, table: dict[int, dict[int, str]], how: str, row: int, column: int
) -> list[str]:
    """The provinces a disaster strikes (every named one of the row and/or the column)."""
    names: list[str] = []
    if how in ("row", "both"):
        names += list(table.get(row, {}).values())
    if how in ("column", "both"):
        names += [cells[column] for cells in table.values() if column in cells]
    return sorted({m.top(m.resolve(n)) for n in names})


def strike(ctx: Context[RenaissanceState], m: Map, which: str, reading: str) -> list[str]:
    """Roll ``which`` disaster (``plague`` or ``famine``) and return the provinces hit."""
    sides = 6
    dice = 1 if reading == "condottieri_and_sharcashmo_bot" else 2
    rule = which.upper()
    rolled = ctx.roll(dice, rule, f"the {which}'s severity ({reading})", sides=sides)
    how = severity(reading, sum(rolled))
    if how == "none":
        ctx.emit("disaster", rule, f"{rule}: no {which} this year.")
        return []
    row = sum(ctx.roll(2, rule, f"the {which} table's row", sides=sides))
    column = sum(ctx.roll(2, rule, f"the {which} table's column", sides=sides))
    table: dict[Any, Any] = tables()[which]
    hit = struck_provinces(m, table, how, row, column)
    where = ", ".join(hit) or "no province"
    ctx.emit("disaster", rule, f"{rule}: {how} {row}/{column} strikes {where}.", provinces=hit)
    return hit
