"""A board as tables: its locations as a GeoDataFrame, its links as a DataFrame.

The columns follow the board's own vocabulary: one per attribute it declares, so that the
same code tabulates Italia's city permission and another game's victory points.

>>> from italia_kit.geo import load_board
>>> frame = board_frame(load_board("italia"))
>>> list(frame.columns)  # doctest: +NORMALIZE_WHITESPACE
['name', 'kind', 'region', 'terrain', 'parent', 'city_allowed', 'coastal', 'neighbours',
 'geometry']
>>> list(link_frame(load_board("italia")).columns)
['zone_a', 'zone_b', 'kind', 'border_km']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import geopandas as gpd
    import pandas as pd

    from italia_kit.geo.board import Board

__all__ = ["board_frame", "link_frame"]


def board_frame(board: Board) -> gpd.GeoDataFrame:
    """The locations as a geopandas GeoDataFrame, one row per location, indexed by name.

    Columns: name, kind, region, terrain, parent (empty at the top), one per declared
    attribute, coastal, neighbours (comma-joined), geometry: the polygon, or for a box the
    point at its centre. A board with polygons is in EPSG:4326; a board of boxes has no CRS.
    """
    import geopandas as gpd
    from shapely.geometry import Point

    zones = board.zones
    names = [z.name for z in zones]
    data: dict[str, list[Any]] = {
        "name": names,
        "kind": [str(z.kind) for z in zones],
        "region": [z.region for z in zones],
        "terrain": [str(z.terrain) for z in zones],
        "parent": [z.parent or "" for z in zones],
    }
    for attribute in board.vocabulary.attributes:
        data[attribute] = [z.attributes.get(attribute) for z in zones]
    data["coastal"] = [board.is_coastal(z) for z in zones]
    data["neighbours"] = [", ".join(board.neighbours(z)) for z in zones]
    geometry = [z.geometry if z.geometry is not None else Point(z.position) for z in zones]
    polygons = any(z.geometry is not None for z in zones)
    # The index carries the names but no label: an index level also called "name" would
    # make `frame.groupby("name")` ambiguous.
    return gpd.GeoDataFrame(
        data, geometry=geometry, crs="EPSG:4326" if polygons else None, index=names
    )


def link_frame(board: Board) -> pd.DataFrame:
    """The links as a pandas DataFrame: zone_a, zone_b, kind, border_km and one column per
    declared link attribute, sorted by (zone_a, zone_b)."""
    import pandas as pd

    attributes = list(board.vocabulary.link_attributes)
    rows = [
        (k.a, k.b, str(k.kind), k.border_km, *(k.attributes.get(a) for a in attributes))
        for k in board.links
    ]
    return pd.DataFrame(rows, columns=["zone_a", "zone_b", "kind", "border_km", *attributes])
