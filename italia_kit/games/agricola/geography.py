"""The map as the rules use it: box numbers, regions, movement lines and the double-line
bonus of 5.1, built once from the kit board ``agricola`` (``geodata/agricola.board.yaml``).

The board says which boxes are linked and which links are double; what that means for play
is here. Two readings of "adjacent":

* **adjacent** (:data:`ADJACENT`): joined by a movement line, single or double. It is what
  Negotiation (6.0), the Garrison's Agricola effect (5.2), raids (7.1, 9.1) and Internecine
  War use, since they say only "adjacent".
* **adjacent for movement** (:data:`REACH`, 5.1): adjacent, or both boxes on the double-line
  network (the three camps and the four blue boxes, "all adjacent to one another"), or one
  on it and the other a tribal box joined to a Legionary Camp by a single line ("also
  adjacent to all the Double Movement Line Boxes", and "vice-versa"). Legion movement,
  Peacekeeping, Attach and Reorganize (6.0: "Double Movement Line bonus applies") use it.

>>> BOX["Iceni"] in REACH[BOX["Silures"]] and BOX["Silures"] in REACH[BOX["Iceni"]]
True
>>> BOX["Iceni"] in ADJACENT[BOX["Silures"]], BOX["Cornovvi"] in REACH[BOX["Silures"]]
(False, False)
>>> [NAMES[b] for b in sorted(REACH[BOX["Deceangli"]])]
['Ordovices']
"""

from __future__ import annotations

import functools

from italia_kit.geo import Board, load_board

REGIONS = ("Blue", "Tan", "Green", "Red")


@functools.cache
def board() -> Board:
    """The kit board of the game (loaded once per process)."""
    return load_board("agricola")


def _tables() -> tuple[
    tuple[str, ...], tuple[str, ...], tuple[frozenset[int], ...], tuple[frozenset[int], ...]
]:
    b = board()
    names = tuple(z.name for z in b)
    region = tuple(z.region for z in b)
    index = {n: i for i, n in enumerate(names)}
    adjacent: list[set[int]] = [set() for _ in names]
    double: list[set[int]] = [set() for _ in names]
    for link in b.links:
        i, j = index[link.a], index[link.b]
        adjacent[i].add(j)
        adjacent[j].add(i)
        if link.kind == "double":
            double[i].add(j)
            double[j].add(i)
    camps = {i for i, z in enumerate(b) if z.kind == "camp"}
    # the double-line network that holds the camps
    network = set(camps)
    todo = list(camps)
    while todo:
        here = todo.pop()
        for there in double[here] - network:
            network.add(there)
            todo.append(there)
    # tribal boxes joined to a camp by a single line
    feeders = {
        i
        for i in range(len(names))
        if i not in network and any(j in camps and j not in double[i] for j in adjacent[i])
    }
    reach: list[set[int]] = [set(a) for a in adjacent]
    for i in network:
        reach[i] |= (network | feeders) - {i}
    for i in feeders:
        reach[i] |= network
    return (
        names,
        region,
        tuple(frozenset(a) for a in adjacent),
        tuple(frozenset(r) for r in reach),
    )


NAMES, REGION_OF, ADJACENT, REACH = _tables()
BOX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
N_BOXES = len(NAMES)
CAMPS: tuple[int, ...] = tuple(i for i, r in enumerate(REGION_OF) if r == "Camps")
TRIBAL_BOXES: tuple[int, ...] = tuple(i for i, r in enumerate(REGION_OF) if r != "Camps")
#: the tribal boxes of each region
IN_REGION: dict[str, tuple[int, ...]] = {
    r: tuple(i for i in TRIBAL_BOXES if REGION_OF[i] == r) for r in REGIONS
}


def check_board() -> list[str]:
    """What about the board does not suit these rules (none, for the shipped board)."""
    from italia_kit.games.agricola.tables import COUNTERS, LEGION_CAMPS

    problems = [
        f"no tribal box for the tribe {c.tribe!r}"
        for c in COUNTERS
        if c.sort == "tribal" and c.tribe not in BOX
    ]
    problems += [f"no camp {camp!r}" for camp in LEGION_CAMPS.values() if camp not in BOX]
    if len(NAMES) != 19:
        problems.append(f"the map has {len(NAMES)} boxes, not 19 (2.1)")
    return problems
