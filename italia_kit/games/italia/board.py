"""Italia's reading of its board: what the words of ``geodata/italia.board.yaml`` mean in play.

The zone model (:mod:`italia_kit.geo`) holds Italia's kinds, terrains and attributes as
words the board file declares; the rules give them their meaning here: how many units a zone
holds by its terrain (8.0), where a city may stand (2.2.1.9), what a borderland is (2.1, 9.2),
and that a strait joins two land zones (9.4).

>>> from italia_kit.geo import load_board
>>> board = load_board("italia")
>>> [base_stacking_limit(board[z]) for z in ("Rome", "Umbria", "Alps", "Mare Siculum")]
[3, 2, 2, None]
>>> city_allowed(board["Corsica"]), is_borderland(board["Alps"])
(False, True)
>>> board_problems(board)
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from italia_kit.geo import Board, BoardDataError, Zone

if TYPE_CHECKING:
    import geopandas as gpd

__all__ = [
    "BORDERLAND",
    "BORDERLAND_STACKING",
    "CITY_ALLOWED",
    "LAND",
    "SEA",
    "STACKING_BY_TERRAIN",
    "STRAIT",
    "base_stacking_limit",
    "board_problems",
    "check_board",
    "city_allowed",
    "is_borderland",
    "zone_frame",
]

#: Italia's zone kinds (2.1), as its board file declares them.
LAND, BORDERLAND, SEA = "land", "borderland", "sea"
#: The link kind of a strait (9.4): crossed by land units, and only as a whole move.
STRAIT = "strait"
#: The zone attribute that says whether a city may stand there (2.2.1.9).
CITY_ALLOWED = "city_allowed"

# Rule 8.0: "Any standard or swamp zone can hold 3 units, and any mountain zone (and the
# borderlands) can hold 2 units." Seas hold any number of fleets, hence no entry.
STACKING_BY_TERRAIN = {"clear": 3, "swamp": 3, "mountain": 2}
BORDERLAND_STACKING = 2

# What the rules here and in the other modules of the package read from the board file.
_KINDS = (LAND, BORDERLAND, SEA)
_TERRAINS = ("clear", "mountain", "swamp", "sea")
_LINK_KINDS = ("land", "coast", "sea", STRAIT)


def is_borderland(zone: Zone) -> bool:
    """True for the borderlands outside Italy and Africa (2.1, 9.2)."""
    return zone.kind == BORDERLAND


def base_stacking_limit(zone: Zone) -> int | None:
    """Units the zone holds before capitals, leaders and attacks (8.0); None = unlimited."""
    if zone.is_sea:
        return None
    if is_borderland(zone):
        return BORDERLAND_STACKING
    # .get: the board file lets a land zone be clear, mountain or swamp only; stay total.
    return STACKING_BY_TERRAIN.get(zone.terrain)


def city_allowed(zone: Zone) -> bool:
    """2.2.1.9: may a city stand in ``zone``? (Not in Corsica, Olbia, Carales, the borderlands,
    seas: the board file says so zone by zone.)"""
    return zone.attributes.get(CITY_ALLOWED) is True


def board_problems(board: Board) -> list[str]:
    """What makes ``board`` unfit for Italia's rules: words missing from its vocabulary, a
    strait that does not join two land zones (9.4), a city allowed at sea (2.2.1.9)."""
    vocab = board.vocabulary
    where = f"board {board.name!r}"
    problems = [
        f"{where}: vocabulary: {what} {word!r} missing (Italia's rules need it)"
        for what, words, known in (
            ("kind", _KINDS, vocab.kinds),
            ("terrain", _TERRAINS, vocab.terrains),
            ("link kind", _LINK_KINDS, vocab.link_kinds),
        )
        for word in words
        if word not in known
    ]
    spec = vocab.attributes.get(CITY_ALLOWED)
    if spec is None or spec.type != "bool":
        problems.append(f"{where}: vocabulary: attribute {CITY_ALLOWED!r} missing or not bool")
    for link in board.links:
        if link.kind == STRAIT:
            for name in (link.a, link.b):
                if not board[name].is_land:
                    # 9.4: straits are crossed by land units walking; sea to sea is no strait.
                    problems.append(
                        f"{where}: strait {link.a!r}-{link.b!r}: {name!r} is a sea; "
                        "a strait joins two land zones (9.4)"
                    )
    for zone in board:
        if zone.is_sea and city_allowed(zone):
            problems.append(f"{where}: zone {zone.name!r}: {CITY_ALLOWED} true for a sea zone")
    return problems


def check_board(board: Board) -> None:
    """Raise :class:`~italia_kit.geo.BoardDataError` listing :func:`board_problems`, if any."""
    problems = board_problems(board)
    if problems:
        raise BoardDataError(problems)


def zone_frame(board: Board) -> gpd.GeoDataFrame:
    """The board's GeoDataFrame (:meth:`~italia_kit.geo.Board.to_geodataframe`) with Italia's
    ``stacking_limit`` (8.0; nullable int, empty for seas) after ``city_allowed``."""
    import pandas as pd

    frame = board.to_geodataframe()
    limits = pd.Series([base_stacking_limit(z) for z in board], index=frame.index, dtype="Int64")
    frame.insert(list(frame.columns).index(CITY_ALLOWED) + 1, "stacking_limit", limits)
    return frame
