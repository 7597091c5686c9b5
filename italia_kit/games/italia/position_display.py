"""How a hand-built :class:`~italia_kit.games.italia.tutorial.Position` shows in a notebook:
who is to play, then the units by zone as a table (a mixin, kept apart from the set-up).

>>> from italia_kit.games.italia.tutorial import Position
>>> pos = Position("italia1", nation="Romans", phase="movement")
>>> _ = pos.put("Romans", "legion", "Lucania", 2)
>>> pos
<Position italia1, turn 1, movement: Romans to play, 2 units in 1 zone>
>>> "<td>Lucania</td>" in pos._repr_html_()
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from italia_kit.core.display import fields_table, html_table, section

if TYPE_CHECKING:
    from italia_kit.games.italia.state import ItaliaState
    from italia_kit.games.italia.world import World

__all__ = ["PositionDisplay"]

_CITY: dict[bool | None, str] = {True: "city", False: "ruined city", None: "-"}


class PositionDisplay:
    """``__repr__`` and ``_repr_html_`` for a class with a ``world`` and a ``state``."""

    world: World
    state: ItaliaState

    def _to_play(self) -> str:
        return self.state.actor or "-"

    def __repr__(self) -> str:
        state = self.state
        zones = len({u.zone for u in state.units.values()})
        units = len(state.units)
        return (
            f"<Position {state.scenario}, turn {state.turn}, {state.phase}: "
            f"{self._to_play()} to play, {units} unit{'s' if units != 1 else ''} "
            f"in {zones} zone{'s' if zones != 1 else ''}>"
        )

    def _repr_html_(self) -> str:
        """Who is to play, gold, then one row per zone: its units by nation and type (a
        unit aboard a fleet says so), and whether the zone has a city."""
        state = self.state
        by_zone: dict[str, Counter[str]] = {}
        for unit in state.units.values():
            kind = unit.type.value.replace("_", " ")
            aboard = " (aboard)" if unit.carrier is not None else ""
            label = f"{unit.nation} {unit.name or kind}{aboard}"
            by_zone.setdefault(unit.zone, Counter())[label] += 1
        rows = [
            (
                zone,
                ", ".join(f"{n} {label}" if n > 1 else label for label, n in counts.items()),
                _CITY[state.cities.get(zone)],
            )
            for zone, counts in sorted(by_zone.items())
        ]
        gold = ", ".join(f"{n}: {g}" for n, g in state.gold.items() if g) or "-"
        fields = [
            ("turn", state.turn),
            ("phase", state.phase),
            ("to play", self._to_play()),
            ("gold", gold),
        ]
        units = html_table(("zone", "units", "city"), rows, caption=f"{len(state.units)} units")
        return section(f"Position: {state.scenario}", fields_table(fields), units)
