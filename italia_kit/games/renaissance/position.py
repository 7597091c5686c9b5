"""The units of one position, indexed once: by area, by power, by (power, type, province).

A season's eight players, the eight sheets' checks and the adjudicator all ask the same
questions of the same units (who is in this area, which units does this power have, which
of its units is the army in Rome). :func:`position_of` answers them from one index made the
first time a set of units is seen and kept while the units stay the same: the key is the
tuple of the units in the dict's order, so a dict changed in place (a unit added, removed
or replaced) is never answered from an old index, and a copy of the dict finds it again.
A unit is a value (a frozen dataclass, compared field by field), so equal units in other
objects find the same index, which answers for them as for its own. Speed only: nothing
here is state.

>>> from italia_kit.games.renaissance.units import Unit
>>> units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
>>> here = position_of(units)
>>> here.by_area["Pavia"].uid, [u.uid for u in here.of_power("Venice")]
(2, [1])
>>> position_of(dict(units)) is here
True
>>> units[3] = Unit(3, "Milan", "F", "Genoa")
>>> position_of(units) is here
False
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from types import MappingProxyType

from italia_kit.games.renaissance.checks import Board
from italia_kit.games.renaissance.mapdata import Map
from italia_kit.games.renaissance.units import Unit

__all__ = ["Position", "position_of"]


class Position:
    """The index of one set of units (see the module docstring); read-only."""

    __slots__ = ("_board", "_by_ref", "_of_power", "areas", "by_area", "key")

    def __init__(self, key: tuple[Unit, ...]) -> None:
        self.key = key
        # (Plain loops, not the zip/map, sort-by-(power, id) and groupby pipelines they
        # replaced: callgrind counts 141k instructions for those on a board of 40 units,
        # half of it the sort's tuple keys and comparisons, and 68k for these.)
        #: area -> the unit in it, the plain dict (read-only by convention: the resolver
        #: reads it as its occupants, where a look-up through the proxy costs a call)
        self.areas: dict[str, Unit] = {u.area: u for u in key}
        #: area -> the unit in it (``RenaissanceState.by_area``)
        self.by_area: Mapping[str, Unit] = MappingProxyType(self.areas)
        # each power's units in the order of the ids: the dict's order, which is the ids'
        # order in every state the game makes (units are added with a new, higher id, and
        # the resolution sorts them); a dict in another order is sorted a power
        of_power: dict[str, list[Unit]] = {}
        last = -1
        in_order = True
        for unit in key:
            mine = of_power.get(unit.power)
            if mine is None:
                of_power[unit.power] = [unit]
            else:
                mine.append(unit)
            if unit.uid <= last:
                in_order = False
            last = unit.uid
        self._of_power = {
            power: tuple(units if in_order else sorted(units, key=_UID))
            for power, units in of_power.items()
        }
        self._by_ref: Mapping[tuple[str, str, str], Unit] | None = None
        self._board: Board | None = None

    @property
    def ids(self) -> tuple[int, ...]:
        """The ids of the units of the index (of its own unit objects), in its order."""
        return tuple(map(id, self.key))

    @property
    def by_ref(self) -> Mapping[tuple[str, str, str], Unit]:
        """(power, type, province) -> the unit an order names (MILITARY ORDERS (b)); made
        when first asked (sheets read from text, sheets mapped onto changed units)."""
        if self._by_ref is None:
            key = self.key
            self._by_ref = MappingProxyType(dict(zip(map(_REF, key), key, strict=True)))
        return self._by_ref

    def board(
        self, m: Map, rebellions: Mapping[str, str], sieges: Mapping[str, tuple[int, int]]
    ) -> Board:
        """The board of these units with no strait permissions, with ``rebellions`` and
        ``sieges`` (the state's own dicts: the board holds them, not copies, so the same
        dicts answer for the same board, changed in place or not); made once for the
        eight sheets a season draws."""
        board = self._board
        if (
            board is None
            or board.map is not m
            or board.rebellions is not rebellions
            or board.sieges is not sieges
        ):
            board = self._board = Board(m, self.by_area, frozenset(), rebellions, sieges)
        return board

    def of_power(self, power: str) -> tuple[Unit, ...]:
        """``power``'s units in the order of their ids (a sheet's order)."""
        return self._of_power.get(power, ())


# the keys of the index, read in C
_UID = attrgetter("uid")
_REF = attrgetter("power", "type", "province")

# the last few positions seen: a season's players, checks and adjudicator share one; the
# runner's undo, forks and the season after it need a few more
_RECENT: list[Position] = []
_KEEP = 8


def position_of(units: Mapping[int, Unit]) -> Position:
    """The index of ``units`` (made once for the same units, see the module docstring)."""
    # the tuple of the units, compared in C: the same objects are equal at once (the
    # comparison's identity test), without a call of Unit.__eq__; only a position of as
    # many units that differs asks __eq__ of its first differing unit. (Keying on the
    # units' ids instead cost a season twice as much: id() is audited, and makes an int.)
    key = tuple(units.values())
    if _RECENT and _RECENT[0].key == key:  # most asks: the position last asked about
        return _RECENT[0]
    n = len(key)
    for i, known in enumerate(_RECENT):
        if len(known.key) == n and known.key == key:
            if i:
                _RECENT.insert(0, _RECENT.pop(i))
            return known
    made = Position(key)
    _RECENT.insert(0, made)
    del _RECENT[_KEEP:]
    return made
