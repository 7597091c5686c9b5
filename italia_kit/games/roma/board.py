"""Roma's board as the rules read it: the reconstructed map of ``geodata/roma.board.yaml``
turned into plain tables (territories 1-40, sea zones A-T, land borders with their mountain
flag, the sea zones each port opens on) and the six populations of ``populations.json``.

Geo knows the words only (``land``, ``sea``, ``mountain``, ``coast``); what they mean for
play is said here: a territory beside a sea zone is a port (The Map), a ``mountain`` border
makes the attacker roll one die (13.2), a capital is a coastal territory named by a
population (4.2-4.3).

>>> m = roma_map()
>>> len(m.territories), len(m.seas)
(40, 20)
>>> m.number["Roma"], m.capital_of["ITALIA"], m.is_port("Roma")
(11, 'Roma', True)
>>> m.is_mountain("Aquitania", "Hispania Citerior")
True
"""

from __future__ import annotations

import functools
import json
from collections import deque
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from italia_kit.geo import load_board

__all__ = ["Population", "RomaMap", "load_populations", "roma_map"]

#: Legions a territory may hold (The Map).
MAX_LEGIONS = 10
#: Ships a port may hold: a capital, a province, another controlled territory (The Map).
PORT_LIMITS = {"capital": 6, "province": 3, "territory": 1}


@dataclass(frozen=True, slots=True)
class Population:
    """One population: its name (as the rulebook spells it), capital and colour."""

    name: str
    capital: str
    colour: str
    provenance: tuple[tuple[str, str], ...] = ()


def load_populations(data: dict[str, Any] | None = None) -> tuple[Population, ...]:
    """The populations of ``populations.json`` (or of ``data`` in its shape), in the order
    of rule 4.2; a malformed entry is a ``ValueError`` naming the field."""
    if data is None:
        text = resources.files("italia_kit.games.roma").joinpath("populations.json").read_text()
        data = json.loads(text)
    out = []
    for i, entry in enumerate(data.get("populations", [])):
        for key in ("name", "capital", "colour"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise ValueError(f"populations.json: population {i}: field {key!r} missing")
        prov = entry.get("provenance", {})
        out.append(
            Population(
                entry["name"],
                entry["capital"],
                entry["colour"],
                tuple(sorted((str(k), str(v)) for k, v in prov.items())),
            )
        )
    if len(out) != 6:
        raise ValueError(f"populations.json: 6 populations expected (4.2), found {len(out)}")
    return tuple(out)


@dataclass(frozen=True)
class RomaMap:
    """The board's tables. Territories and seas are names; ``number`` and ``letter`` give the
    printed codes. ``land[t]`` are the land neighbours of ``t``, ``mountain`` the pairs across
    a mountain range, ``coast[t]`` the sea zones beside a territory, ``sea[s]`` the sea
    zones beside a sea zone, ``shores[s]`` the territories beside it."""

    territories: tuple[str, ...]
    seas: tuple[str, ...]
    number: dict[str, int]
    letter: dict[str, str]
    land: dict[str, tuple[str, ...]]
    mountain: frozenset[frozenset[str]]
    coast: dict[str, tuple[str, ...]]
    sea: dict[str, tuple[str, ...]]
    shores: dict[str, tuple[str, ...]]
    populations: tuple[Population, ...]
    capital_of: dict[str, str]
    _distances: dict[str, dict[str, int]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def capitals(self) -> frozenset[str]:
        return frozenset(self.capital_of.values())

    def is_port(self, territory: str) -> bool:
        """A territory beside a sea zone (ships may lie there, The Map)."""
        return bool(self.coast.get(territory))

    def is_mountain(self, a: str, b: str) -> bool:
        """Whether the border between ``a`` and ``b`` crosses a mountain range (13.2)."""
        return frozenset((a, b)) in self.mountain

    def code(self, place: str) -> str:
        """The printed number or letter of a territory or sea zone."""
        return str(self.number[place]) if place in self.number else self.letter[place]

    def sea_distances(self, start: str) -> dict[str, int]:
        """Sea zones reachable from the sea zone ``start`` and how many moves away (do not
        change the dict: it is computed once)."""
        found = self._distances.get(start)
        if found is not None:
            return found
        dist = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in self.sea[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
        self._distances[start] = dist
        return dist

    def home_chain(self, population: str, taken: frozenset[str] = frozenset()) -> set[str]:
        """Territories a population's Province markers could reach in a chain from its
        capital (4.3), avoiding the capitals and ``taken``."""
        capital = self.capital_of[population]
        blocked = self.capitals | taken
        seen: set[str] = set()
        todo = deque([capital])
        while todo:
            here = todo.popleft()
            for nxt in self.land[here]:
                if nxt not in seen and nxt not in blocked:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen


@functools.cache
def roma_map() -> RomaMap:
    """The shipped board and populations as tables (built once per process)."""
    return build_map(load_populations())


def build_map(populations: tuple[Population, ...]) -> RomaMap:
    """The tables of the shipped board with the given populations; a capital that is not a
    coastal territory of the board is a ``ValueError`` (The Map, 4.3)."""
    board = load_board("roma")
    territories = tuple(z.name for z in board.zones if z.kind == "land")
    seas = tuple(z.name for z in board.zones if z.kind == "sea")
    codes = {z.name: str(z.attributes["code"]) for z in board.zones}
    land: dict[str, list[str]] = {t: [] for t in territories}
    coast: dict[str, list[str]] = {t: [] for t in territories}
    sea: dict[str, list[str]] = {s: [] for s in seas}
    shores: dict[str, list[str]] = {s: [] for s in seas}
    mountain: set[frozenset[str]] = set()
    is_sea = set(seas)
    for link in board.links:
        a, b, kind = link.a, link.b, str(link.kind)
        if a in is_sea and b in is_sea:
            sea[a].append(b)
            sea[b].append(a)
        elif a in is_sea or b in is_sea:
            s, t = (a, b) if a in is_sea else (b, a)
            shores[s].append(t)
            coast[t].append(s)
        else:
            land[a].append(b)
            land[b].append(a)
            if kind == "mountain":
                mountain.add(frozenset((a, b)))
    capital_of = {p.name: p.capital for p in populations}
    for p in populations:
        if p.capital not in land:
            raise ValueError(f"population {p.name}: capital {p.capital!r} is no territory")
        if not coast[p.capital]:
            raise ValueError(f"population {p.name}: capital {p.capital!r} is not on the coast")

    def num(t: str) -> int:
        return int(codes[t])

    return RomaMap(
        territories=tuple(sorted(territories, key=num)),
        seas=tuple(sorted(seas, key=lambda s: codes[s])),
        number={t: num(t) for t in territories},
        letter={s: codes[s] for s in seas},
        land={t: tuple(sorted(v, key=num)) for t, v in land.items()},
        mountain=frozenset(mountain),
        coast={t: tuple(sorted(v, key=lambda s: codes[s])) for t, v in coast.items()},
        sea={s: tuple(sorted(v, key=lambda x: codes[x])) for s, v in sea.items()},
        shores={s: tuple(sorted(v, key=num)) for s, v in shores.items()},
        populations=populations,
        capital_of=capital_of,
    )
