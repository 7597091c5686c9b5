"""The Tactical Display (8.0): its squares and which touch which.

The squares are in no source (``agricola-facts`` 1.7): the fan port has 13 tribe spaces and
13 Roman ones, 1-6 a front row and 7-13 a reserve. The kit's reading, kept in the data file
as ``reconstructed``: the two front rows face each other in a brick pattern, so that a
Roman front square touches the two enemy front squares before it (8.4, "two Enemy Battle
Units adjacent") and an enemy front square the one or two Roman squares before it (8.5's
Isolation: "adjacent to one or two of your Units"). Behind each front row is its reserve,
which touches no enemy.

* Enemy squares by number: 1-7 the front row, numbered from the centre outwards (columns
  3, 2, 4, 1, 5, 0, 6), 8-13 the back row; the enemy deploys 1, 2, 3 ... (8.2), so its
  line grows from the centre.
* Roman squares 0-5 the front row, left to right (between enemy columns c and c+1), 6-12
  the back row.

>>> [n + 1 for n in ENEMY_NEAR[0]], [n + 1 for n in ENEMY_NEAR[3]]
([6, 4], [1, 3])
>>> ROMAN_NEAR[0], ROMAN_NEAR[5], ROMAN_NEAR[9]
((2, 3), (0,), ())
"""

from __future__ import annotations

from italia_kit.games.agricola.state import ENEMY_SQUARES, ROMAN_FRONT, ROMAN_SQUARES

#: the column of each enemy front square, by index (number - 1)
ENEMY_COLUMN = (3, 2, 4, 1, 5, 0, 6)
_AT_COLUMN = {c: n for n, c in enumerate(ENEMY_COLUMN)}

#: the enemy squares (indices) each Roman square touches
ENEMY_NEAR: tuple[tuple[int, ...], ...] = tuple(
    (_AT_COLUMN[f], _AT_COLUMN[f + 1]) if f < ROMAN_FRONT else () for f in range(ROMAN_SQUARES)
)
#: the Roman squares each enemy square touches
ROMAN_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(ROMAN_FRONT) if e in ENEMY_NEAR[f]) for e in range(ENEMY_SQUARES)
)
FRONT = tuple(range(ROMAN_FRONT))
BACK = tuple(range(ROMAN_FRONT, ROMAN_SQUARES))
