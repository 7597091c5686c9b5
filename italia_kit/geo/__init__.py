"""The game-agnostic board model: locations, the typed links between them, pictures of the map.

A board is a ``*.board.yaml`` that declares its own vocabulary (location kinds, terrains, link
kinds, unit types, attributes), optionally with a GeoJSON of zone polygons
(``docs/geodata-format.md``); :func:`load_board` loads a shipped one and
:meth:`Board.from_file` any other. What the words mean for play belongs to each game.

>>> from italia_kit.geo import load_board
>>> board = load_board("italia")
>>> board["Ravenna"].terrain
'swamp'
>>> board.is_coastal("Rome"), board["Rome"].attributes["city_allowed"]
(True, True)
"""

from __future__ import annotations

from italia_kit.geo.adjacency import Link
from italia_kit.geo.board import Board, ZoneRef, load_board
from italia_kit.geo.errors import (
    BoardDataError,
    UnknownBoardError,
    UnknownRegionError,
    UnknownZoneError,
)
from italia_kit.geo.validate import BoardMeta, ZonePair
from italia_kit.geo.vocabulary import (
    AttributeSpec,
    AttrValue,
    KindSpec,
    LinkKindSpec,
    Term,
    Vocabulary,
)
from italia_kit.geo.zone import Location, LonLat, Point, Zone

__all__ = [
    "AttrValue",
    "AttributeSpec",
    "Board",
    "BoardDataError",
    "BoardMeta",
    "KindSpec",
    "Link",
    "LinkKindSpec",
    "Location",
    "LonLat",
    "Point",
    "Term",
    "UnknownBoardError",
    "UnknownRegionError",
    "UnknownZoneError",
    "Vocabulary",
    "Zone",
    "ZonePair",
    "ZoneRef",
    "load_board",
]
