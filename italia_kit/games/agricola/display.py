"""The Tactical Display (8.0): its squares and which touch which, read from its own board.

The display is a small kit board of boxes and declared links,
``geodata/agricola-tactical.board.yaml`` (``load_board("agricola-tactical")``): each square
a box with its position, its row (the board's region) and its ``square`` number; each link a
Roman front square facing an enemy front square. The layout is in no source
(``agricola-facts`` 1.7: the fan port has 13 tribe spaces and 13 Roman ones, 1-6 a front row
and 7-13 a reserve); the board file keeps the kit's reading, marked ``reconstructed``: the
two front rows face each other in a brick pattern, so that a Roman front square touches the
two enemy front squares before it (8.4, "two Enemy Battle Units adjacent") and an enemy front
square the one or two Roman squares before it (8.5's Isolation: "adjacent to one or two of
your Units"). Behind each front row is its reserve, which touches no enemy.

* Enemy squares by number: 1-7 the front row, numbered from the centre outwards (columns
  3, 2, 4, 1, 5, 0, 6), 8-13 the back row; the enemy deploys 1, 2, 3 ... (8.2), so its
  line grows from the centre.
* Roman squares 0-5 the front row, left to right (between enemy columns c and c+1), 6-12
  the back row.

The rules use indices: an enemy square's is its number - 1, a Roman square's its number.

>>> [n + 1 for n in ENEMY_NEAR[0]], [n + 1 for n in ENEMY_NEAR[3]]
([6, 4], [1, 3])
>>> ROMAN_NEAR[0], ROMAN_NEAR[5], ROMAN_NEAR[9]
((2, 3), (0,), ())
>>> ENEMY_COLUMN
(3, 2, 4, 1, 5, 0, 6)
"""

from __future__ import annotations

import functools

from italia_kit.games.agricola.state import ENEMY_SQUARES, ROMAN_FRONT, ROMAN_SQUARES
from italia_kit.geo import Board, load_board

#: the board's name (``geodata/agricola-tactical.board.yaml``)
BOARD = "agricola-tactical"
#: its rows (the board's regions), top to bottom as drawn
ROWS = ("Enemy back", "Enemy front", "Roman front", "Roman back")


@functools.cache
def tactical_board() -> Board:
    """The Tactical Display as a kit board (loaded once per process)."""
    return load_board(BOARD)


def enemy_square(number: int) -> str:
    """The board's name of enemy square ``number`` (1-13, 8.2)."""
    return f"Enemy {number}"


def roman_square(index: int) -> str:
    """The board's name of Roman square ``index`` (0-5 the front row, 6-12 the back)."""
    return f"Roman {index}"


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Which enemy squares (indices) each Roman square touches, left to right, and the
    column (left to right, from 0) of each enemy front square, read from the board."""
    board = tactical_board()
    enemy = [board.zone(enemy_square(n + 1)) for n in range(ENEMY_SQUARES)]
    roman = [board.zone(roman_square(f)) for f in range(ROMAN_SQUARES)]
    front_x = sorted(z.position[0] for z in enemy if z.region == "Enemy front")
    columns = tuple(front_x.index(z.position[0]) for z in enemy if z.region == "Enemy front")
    near = []
    for zone in roman:
        touching = [enemy_square(n + 1) for n in range(ENEMY_SQUARES)]
        linked = sorted(
            (board.zone(name).position[0], int(name.split()[1]) - 1)
            for name in touching
            if name in board.neighbours(zone.name)
        )
        near.append(tuple(index for _, index in linked))
    return tuple(near), columns


#: the enemy squares (indices) each Roman square touches, the left one first
ENEMY_NEAR: tuple[tuple[int, ...], ...]
#: the column of each enemy front square, by index (number - 1)
ENEMY_COLUMN: tuple[int, ...]
ENEMY_NEAR, ENEMY_COLUMN = _tables()
#: the Roman squares each enemy square touches
ROMAN_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(ROMAN_SQUARES) if e in ENEMY_NEAR[f]) for e in range(ENEMY_SQUARES)
)
FRONT = tuple(range(ROMAN_FRONT))
BACK = tuple(range(ROMAN_FRONT, ROMAN_SQUARES))


def check_display() -> list[str]:
    """What about the display's board does not suit the rules (none, for the shipped one):
    the square counts of ``state`` and that only the front rows touch (8.3, 8.4)."""
    board = tactical_board()
    problems = []
    rows = {row: [z.name for z in board if z.region == row] for row in ROWS}
    wanted = {
        "Enemy front": len(ENEMY_COLUMN),
        "Enemy back": ENEMY_SQUARES - len(ENEMY_COLUMN),
        "Roman front": ROMAN_FRONT,
        "Roman back": ROMAN_SQUARES - ROMAN_FRONT,
    }
    for row, count in wanted.items():
        if len(rows[row]) != count:
            problems.append(f"the row {row!r} has {len(rows[row])} squares, not {count}")
    for link in board.links:
        ends = {board.zone(link.a).region, board.zone(link.b).region}
        if ends != {"Enemy front", "Roman front"}:
            problems.append(f"{link.a} - {link.b}: only the two front rows touch (8.3)")
    return problems
