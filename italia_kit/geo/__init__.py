"""The game-agnostic zone model: zones, the links between them, and pictures of the map.

A board is two data files (``docs/geodata-format.md``); :func:`load_board` loads a shipped
one and :meth:`Board.from_files` any other.

>>> from italia_kit.geo import load_board
>>> board = load_board("italia")
>>> board["Ravenna"].terrain
<Terrain.SWAMP: 'swamp'>
>>> board.is_coastal("Rome")
True
"""

from __future__ import annotations

from italia_kit.geo.adjacency import Link
from italia_kit.geo.board import LINK_KINDS, Board, ZoneRef, load_board
from italia_kit.geo.errors import (
    BoardDataError,
    UnknownBoardError,
    UnknownRegionError,
    UnknownZoneError,
)
from italia_kit.geo.validate import BoardMeta, ZonePair
from italia_kit.geo.zone import LonLat, Terrain, Zone, ZoneKind

__all__ = [
    "LINK_KINDS",
    "Board",
    "BoardDataError",
    "BoardMeta",
    "Link",
    "LonLat",
    "Terrain",
    "UnknownBoardError",
    "UnknownRegionError",
    "UnknownZoneError",
    "Zone",
    "ZoneKind",
    "ZonePair",
    "ZoneRef",
    "load_board",
]
