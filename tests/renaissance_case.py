"""A position of the Renaissance-Italy game written as text, for the DATC-style cases.

``Case("France: A Savoy, F EGOL; Florence: A Genoa")`` places the units (``A* X`` is an
Elite Mercenaries unit of strength 2, ``A+ X`` a Citizen's Militia, ``F Croatia/nc`` a
fleet on a coast); ``resolve(France=[...], Florence=[...])`` adjudicates the orders;
``outcome("France", "A Savoy")`` is that unit's outcome and ``at("France", "A Savoy")``
where it ended (``"A Genoa"``, ``"G Genoa"``, or None if eliminated).
"""

from __future__ import annotations

from typing import Any

from italia_kit.games.renaissance.mapdata import game_map
from italia_kit.games.renaissance.movement import (
    Movement,
    Outcome,
    orders_for,
    resolve_movement,
)
from italia_kit.games.renaissance.units import Unit

MAP = game_map()
_SPECIAL = {"*": "mercenaries", "+": "militia", "!": "professionals"}


class Case:
    def __init__(self, position: str) -> None:
        self.units: dict[int, Unit] = {}
        self.names: dict[tuple[str, str], int] = {}
        for part in position.split(";"):
            power, _, listed = part.partition(":")
            for item in listed.split(","):
                kind, _, place = item.strip().partition(" ")
                special = _SPECIAL.get(kind[1:]) if len(kind) > 1 else None
                where = MAP.resolve(place)
                top = MAP.top(where)
                uid = len(self.units) + 1
                coast = where if where != top else None
                if kind[0] == "F" and coast is None and top in MAP.coasts:
                    raise ValueError(f"name the coast of {top}")
                unit = Unit(uid, power.strip(), kind[0], top, coast, special)
                self.units[uid] = unit
                self.names[(power.strip(), f"{kind[0]} {top}")] = uid
        self.result: Movement | None = None

    def resolve(self, **orders: list[str]) -> Case:
        return self.resolve_with({}, **orders)

    def resolve_with(self, options: dict[str, Any], **orders: list[str]) -> Case:
        given = {}
        for power, lines in orders.items():
            given.update(orders_for(self.units, power, lines, MAP))
        self.result = resolve_movement(MAP, self.units, given, **options)
        return self

    def uid(self, power: str, unit: str) -> int:
        kind, _, place = unit.partition(" ")
        return self.names[(power, f"{kind} {MAP.top(MAP.resolve(place))}")]

    def outcome(self, power: str, unit: str) -> Outcome:
        assert self.result is not None
        return self.result.outcomes[self.uid(power, unit)]

    def at(self, power: str, unit: str) -> str | None:
        assert self.result is not None
        after = self.result.units.get(self.uid(power, unit))
        return None if after is None else f"{after.type} {after.location}"

    def clause(self, power: str, unit: str) -> str:
        return self.outcome(power, unit).clause
