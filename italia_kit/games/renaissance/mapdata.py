"""The Renaissance-Italy board as the game reads it: fast tables made once from the kit's
board (``italia_kit.geo.load_board("renaissance")``, geodata/RENAISSANCE.md).

The board says which spaces exist and which unit type may cross which link; this module
gives the words their meaning for play (Map): a *province* is a land space, a *sea area* a
water one; a fleet in Croatia or Provence stands on one of its two coasts; a city is
fortified, a port, or major (its income); a strait link may be crossed only with the
permission of whoever holds the fleet in the space that controls it (Map: Piombino,
Messina); Venice is one space for its province and its city (Map: Venice).

Fortresses (njudge's advanced rule) are off by default, as in njudge: a fortress is then a
province without a city (renaissance-facts 2.2); ``fortresses=True`` makes them fortified
cities of no income.

>>> m = game_map()
>>> m.resolve("EGOL"), m.resolve("wts"), m.resolve("ancona")
('Eastern Gulf of Lyons', 'Western Tyrrhenian Sea', 'Ancona')
>>> sorted(m.army_adj["Croatia"])
['Bosnia', 'Carniola', 'Dalmatia', 'Istria', 'Slavonia']
>>> m.fleet_adj["Croatia (South Coast)"]
('Dalmatia', 'Istria')
>>> m.strait("Eastern Tyrrhenian Sea", "Pisa")
'Piombino'
"""

from __future__ import annotations

import csv
import difflib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["AUTONOMOUS", "POWERS", "City", "Map", "UnknownPlaceError", "game_map"]

#: The eight powers of 1454, in the order seats are asked.
POWERS = ("Austria", "France", "Florence", "Milan", "Naples", "Papacy", "Turks", "Venice")
#: The owner of autonomous garrisons (no seat).
AUTONOMOUS = "autonomous"
VENICE = "Venice"
ALIASES = Path(__file__).resolve().parent / "data" / "aliases.csv"


class UnknownPlaceError(ValueError):
    """A province or sea area the map does not have; the message suggests the closest."""


@dataclass(frozen=True, slots=True)
class City:
    """A province's city: ``fortified`` (a garrison may stand in it), ``port`` (a fleet may
    be built, convert or besiege there) and ``income`` (1, or a major city's number)."""

    fortified: bool
    port: bool
    income: int

    @property
    def major(self) -> bool:
        return self.income > 1


class Map:
    """The game's view of the board (see the module docstring)."""

    def __init__(self, fortresses: bool = False) -> None:
        from italia_kit.geo import load_board

        board = load_board("renaissance")
        self.fortresses = fortresses
        self.provinces: tuple[str, ...] = ()
        self.seas: frozenset[str] = frozenset()
        self.abbr: dict[str, str] = {}
        self.cities: dict[str, City] = {}
        self.home: dict[str, str] = {}
        self.owner_1454: dict[str, str] = {}
        self.coasts: dict[str, tuple[str, ...]] = {}
        self.coast_of: dict[str, str] = {}  # "Croatia (North Coast)" -> "Croatia"
        names: list[str] = []
        seas: set[str] = set()
        for zone in board.locations:
            parent = board.parent_of(zone.name)
            if parent is not None:
                self.coast_of[zone.name] = parent
                continue
            names.append(zone.name)
            attrs = zone.attributes
            self.abbr[zone.name] = str(attrs["abbr"])
            if zone.kind == "sea":
                seas.add(zone.name)
                continue
            if attrs.get("home_power"):
                self.home[zone.name] = str(attrs["home_power"])
            owner = attrs.get("owner_1454")
            if owner and owner != "neutral":
                self.owner_1454[zone.name] = str(owner)
            city = _city(str(attrs.get("city_type") or "no city"), attrs.get("city_income"))
            if city is not None and (fortresses or "fortress" not in str(attrs["city_type"])):
                self.cities[zone.name] = city
        self.provinces = tuple(sorted(names))
        self.seas = frozenset(seas)
        for coast, parent in sorted(self.coast_of.items()):
            self.coasts[parent] = (*self.coasts.get(parent, ()), coast)
        army: dict[str, set[str]] = {p: set() for p in self.provinces}
        fleet: dict[str, set[str]] = {p: set() for p in (*self.provinces, *self.coast_of)}
        self._straits: dict[frozenset[str], str] = {}
        for link in board.links:
            kinds = board.vocabulary.link_kinds[link.kind].units or ()
            a, b = link.a, link.b
            if "army" in kinds:
                army[self.top(a)].add(self.top(b))
                army[self.top(b)].add(self.top(a))
            if "fleet" in kinds:
                fleet[a].add(b)
                fleet[b].add(a)
            controlled = link.attributes.get("controlled_from")
            if controlled:
                self._straits[frozenset((self.top(a), self.top(b)))] = str(controlled)
        self.army_adj: dict[str, tuple[str, ...]] = {p: tuple(sorted(v)) for p, v in army.items()}
        self.fleet_adj: dict[str, tuple[str, ...]] = {
            p: tuple(sorted(v)) for p, v in fleet.items() if v or p not in self.coasts
        }
        # a fleet's support or a transport reaches a province whichever coast it touches
        self.fleet_reach: dict[str, frozenset[str]] = {
            p: frozenset(self.top(x) for x in v) for p, v in self.fleet_adj.items()
        }
        self._names = self._name_table()

    # -- names -------------------------------------------------------------------------
    def _name_table(self) -> dict[str, str]:
        table: dict[str, str] = {}
        aliases: dict[str, list[str]] = {}
        with ALIASES.open(encoding="utf-8", newline="") as src:
            lines = (line for line in src if not line.startswith("#"))
            for row in csv.DictReader(lines):
                aliases[row["abbr"]] = row["aliases"].split()
        for name in self.provinces:
            words = name.replace("(", "").replace(")", "").split()
            keys = {name, self.abbr[name], "".join(w[0] for w in words)}
            keys.update(aliases.get(self.abbr[name], ()))
            for key in keys:
                table.setdefault(key.lower(), name)
        for coast, parent in self.coast_of.items():
            short = "nc" if "North" in coast else "sc"
            for key in (coast, f"{parent}/{short}", f"{self.abbr[parent]}/{short}"):
                table[key.lower()] = coast
            for key in (f"{parent} ({short})", f"{self.abbr[parent]} ({short})"):
                table[key.lower()] = coast
        return table

    def resolve(self, text: str) -> str:
        """The province, sea area or coast a name, abbreviation or alias means (any case);
        :class:`UnknownPlaceError` suggests the closest name."""
        key = " ".join(text.strip().lower().split())
        found = self._names.get(key)
        if found is not None:
            return found
        if len(key) >= 4:
            starts = {n for k, n in self._names.items() if k.startswith(key)}
            if len(starts) == 1:
                return starts.pop()
        # the board's own names first: an alias such as 'slavo' should not shadow 'savoy'
        names = {n.lower(): n for n in self.provinces}
        close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.6)
        if not close:
            names = self._names
            close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.6)
        hint = f" (did you mean {names[close[0]]}?)" if close else ""
        raise UnknownPlaceError(f"unknown province or sea area {text.strip()!r}{hint}")

    # -- geography ---------------------------------------------------------------------
    def top(self, location: str) -> str:
        """The province of a coast, or the location itself."""
        return self.coast_of.get(location, location)

    def is_sea(self, place: str) -> bool:
        return place in self.seas

    def is_coastal(self, province: str) -> bool:
        return (
            province in self.seas
            or bool(self.fleet_reach.get(province))
            or (province in self.coasts)
        )

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet may stand in ``province``: its coasts, or the province itself."""
        if province in self.coasts:
            return self.coasts[province]
        return (province,) if self.fleet_adj.get(province) else ()

    def strait(self, a: str, b: str) -> str | None:
        """The province whose fleet controls the link between ``a`` and ``b`` (Map:
        Piombino, Messina), or None."""
        return self._straits.get(frozenset((self.top(a), self.top(b))))

    def fleet_targets(self, location: str, to: str) -> tuple[str, ...]:
        """The locations of province ``to`` a fleet at ``location`` may advance to."""
        adj = self.fleet_adj.get(location, ())
        return tuple(x for x in adj if self.top(x) == to)


def _city(kind: str, income: object) -> City | None:
    if kind in ("no city", "sea"):
        return None
    value = int(income) if isinstance(income, int) else 0
    return City(
        fortified=kind.startswith("fortified") or "fortress" in kind,
        port="port" in kind,
        income=value,
    )


@cache
def game_map(fortresses: bool = False) -> Map:
    """The map, built once per reading of fortresses."""
    return Map(fortresses)
