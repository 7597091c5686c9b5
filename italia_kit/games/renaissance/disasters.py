"""Plague, famine and storms (PLAGUE, FAMINE; the tables in data/machiavelli_tables.yaml).

A disaster rolls its severity first: no disaster, the row only, the column only, or both;
then 2d6 for the row and 2d6 for the column of its table, and every named province in the
chosen row and/or column is struck. The text gives no severity table; the data file lists
three readings: ``njudge_code`` (the default: it is the reading of the map's own source,
njudge's code), ``original_rules_per_njudge_tech_note`` and ``condottieri_and_sharcashmo_bot``
(the game's ``severity`` option).

Storms (option ``storms``, off by default): the rule text has no storms, but the map's own
source has, and the data file carries its table (``storms_sea_areas``). They are played as
njudge plays them (njudge ``ma_famplag.c``, 'Added Storms', and ``rules.machiavelli``'s
sequence of play, 1.2 j): after the Autumn movement, before next year's famine is rolled,
the same severity roll and the same row/column draw on the storm table, and every fleet in
a struck sea area is eliminated (only fleets are at sea; the Lagoon is on no row of the
table, so it is never struck). The severity reading is the ``severity`` option's, as
njudge rolls all three disasters alike.
"""

from __future__ import annotations

from functools import cache

from italia_kit.core import Context
from italia_kit.games.renaissance.mapdata import Map
from italia_kit.games.renaissance.season import tables
from italia_kit.games.renaissance.state import RenaissanceState

__all__ = ["DISASTERS", "READINGS", "severity", "strike", "struck_provinces"]

READINGS = (
    "njudge_code",
    "original_rules_per_njudge_tech_note",
    "condottieri_and_sharcashmo_bot",
)
#: each disaster: its table in the data file, and the rule its events cite
DISASTERS = {
    "plague": ("plague", "PLAGUE"),
    "famine": ("famine", "FAMINE"),
    "storm": ("storms_sea_areas", "STORMS (njudge)"),
}


@cache  # (the tables are constant data: the same roll reads the same row)
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


@cache
def _struck(m: Map, key: str, how: str, row: int, column: int) -> tuple[str, ...]:
    """:func:`struck_provinces` on the data file's table ``key``, read once for each
    (severity, row, column): the tables are constant data."""
    return tuple(struck_provinces(m, tables()[key], how, row, column))


def strike(ctx: Context[RenaissanceState], m: Map, which: str, reading: str) -> list[str]:
    """Roll ``which`` disaster (``plague``, ``famine`` or ``storm``) and return the
    provinces (for a storm: the sea areas) hit."""
    sides = 6
    dice = 1 if reading == "condottieri_and_sharcashmo_bot" else 2
    key, rule = DISASTERS[which]
    rolled = ctx.roll(dice, rule, f"the {which}'s severity ({reading})", sides=sides)
    how = severity(reading, sum(rolled))
    if how == "none":
        ctx.emit("disaster", rule, f"{rule}: no {which} this year.")
        return []
    row = sum(ctx.roll(2, rule, f"the {which} table's row", sides=sides))
    column = sum(ctx.roll(2, rule, f"the {which} table's column", sides=sides))
    hit = list(_struck(m, key, how, row, column))  # (a new list: the state may keep it)
    where = ", ".join(hit) or "no province"
    ctx.emit("disaster", rule, f"{rule}: {how} {row}/{column} strikes {where}.", provinces=hit)
    return hit
