"""Reading a board's files into its locations, links and metadata (``docs/geodata-format.md``).

:func:`read_board` checks the files (every problem at once, :mod:`italia_kit.geo.validate`),
derives the links of the polygons, if any, and holds a committed adjacency table beside the
GeoJSON to what the polygons give.

>>> from pathlib import Path
>>> data = Path(__file__).resolve().parents[2] / "tests" / "data"
>>> zones, links, meta = read_board(None, data / "boxes.board.yaml")
>>> len(zones), len(links), meta.name
(9, 8, 'boxes')
"""

from __future__ import annotations

import functools
from pathlib import Path

from italia_kit.geo.adjacency import Link, derive_adjacency, read_adjacency_csv
from italia_kit.geo.errors import BoardDataError
from italia_kit.geo.validate import BoardMeta, check_adjacency_table, read_board_files
from italia_kit.geo.zone import Zone

__all__ = ["read_board"]


def read_board(
    geojson: str | Path | None, meta: str | Path
) -> tuple[list[Zone], tuple[Link, ...], BoardMeta]:
    """The locations, the links and the metadata of a board; raises :class:`BoardDataError`
    listing every problem. ``geojson`` None: the file the board file's ``polygons`` names,
    if any. When a ``<stem>.adjacency.csv`` lies beside the GeoJSON, it must equal the links
    derived from the polygons (and the declared links between two of them), so that a stale
    committed table cannot go unnoticed.
    """
    meta = Path(meta)
    zones, board_meta = read_board_files(geojson, meta)
    if geojson is None and board_meta.polygons:
        geojson = meta.parent / board_meta.polygons
    if geojson is None or not board_meta.derive_links:
        return zones, board_meta.links, board_meta
    geojson = Path(geojson)
    links = _derived_links(geojson.read_bytes(), tuple(zones), board_meta)
    table = geojson.with_name(geojson.name.removesuffix(".geojson") + ".adjacency.csv")
    if table.exists():
        try:
            committed = read_adjacency_csv(table)
        except ValueError as err:  # a malformed table is bad board data like any other
            raise BoardDataError([f"{table.name}: {err}"]) from err
        # The table is the polygons' adjacency: a line to a box is reviewed in the YAML.
        mapped = {z.name for z in zones if z.geometry is not None}
        between = [k for k in links if k.a in mapped and k.b in mapped]
        problems = check_adjacency_table(committed, between, table.name)
        if problems:
            raise BoardDataError(problems)
    return zones, links, board_meta


@functools.lru_cache(maxsize=8)
def _derived_links(
    geojson_bytes: bytes, zones: tuple[Zone, ...], meta: BoardMeta
) -> tuple[Link, ...]:
    """The links of the polygons (the slow part of a load), remembered per file content.

    The file's bytes are part of the key because Zone equality ignores the polygons.
    """
    polygons = [z for z in zones if z.geometry is not None]
    return tuple(
        derive_adjacency(
            {z.name: z.geometry for z in polygons},
            {z.name: z.kind for z in polygons},
            meta.min_border_km or 0.0,
            water=meta.vocabulary.water_kinds,
            borders=meta.vocabulary.borders,
            declared=meta.links,
            corners=[(p.a, p.b) for p in meta.corners],
        )
    )
