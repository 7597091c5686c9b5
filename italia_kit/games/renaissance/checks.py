"""Which military orders can be carried out at all (MILITARY ORDERS, Advance, Support,
Transport, Besiege, Convert; Map). An order that cannot is a Hold (Hold: 'the default
order ... if the given order is impossible to carry out'), and the Campaign Report says
which clause made it impossible.

The checks look at the position at the start of the season only; what other units do is
the adjudicator's (``adjudicator.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from italia_kit.games.renaissance.mapdata import VENICE, Map
from italia_kit.games.renaissance.names import name
from italia_kit.games.renaissance.orders import (
    Advance,
    Besiege,
    Convert,
    Hold,
    MilitaryOrder,
    Support,
    Transport,
)
from italia_kit.games.renaissance.units import Unit, city_area

__all__ = ["Board", "Impossible", "check_order", "siege_target"]

LAGOON = "Lagoon"


@dataclass(frozen=True, slots=True)
class Impossible:
    """Why an order cannot be carried out: the ``clause`` and one sentence."""

    clause: str
    reason: str


@dataclass(frozen=True, slots=True)
class Board:
    """The position an order is checked against: the map, the units by area, the strait
    permissions ``(granting power, strait province, permitted power)``, the provinces in
    rebellion (province -> the power it is directed against) and the cities under siege
    (province -> besieging unit's uid, seasons)."""

    map: Map
    by_area: Mapping[str, Unit]
    permits: Collection[tuple[str, str, str]] = ()
    rebellions: Mapping[str, str] = field(default_factory=dict)
    sieges: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    def garrison(self, province: str) -> Unit | None:
        unit = self.by_area.get(city_area(province))
        return unit if unit is not None and unit.type == "G" else None

    def strait_closed(self, power: str, a: str, b: str) -> str | None:
        """The controlling province if ``power``'s fleet may not cross from ``a`` to
        ``b``: another power's fleet holds it and did not permit ``power`` (Map)."""
        controller = self.map.strait(a, b)
        if controller is None:
            return None
        holder = self.by_area.get(controller)
        if holder is None or holder.type != "F" or holder.power == power:
            return None
        if (holder.power, controller, power) in self.permits:
            return None
        return controller


def siege_target(unit: Unit) -> str:
    """The province whose city a unit besieges: its own, or Venice from the Lagoon."""
    return VENICE if unit.province == LAGOON else unit.province


def check_order(order: MilitaryOrder, unit: Unit, board: Board) -> Impossible | Advance | None:
    """None if ``order`` can be tried; an :class:`Impossible`; or, for a fleet's advance
    into a province of two coasts whose coast is plain, the advance with its coast."""
    if isinstance(order, Hold):
        return None
    if unit.type == "G" and isinstance(order, Advance | Transport | Besiege):
        return Impossible("MILITARY ORDERS (c)", "a garrison may only Convert, Hold or Support")
    if isinstance(order, Advance):
        return _advance(order, unit, board)
    if isinstance(order, Support):
        return _support(order, unit, board)
    if isinstance(order, Transport):
        if unit.type != "F":
            return Impossible("MILITARY ORDERS (c)", "only a fleet may Transport")
        return None
    if isinstance(order, Besiege):
        return _besiege(unit, board)
    return _convert(order, unit, board)


def _advance(order: Advance, unit: Unit, board: Board) -> Impossible | Advance | None:
    m = board.map
    to = m.top(order.to)
    if to == unit.province:
        return Impossible("Advance", "a unit cannot advance into the area it is in")
    if to == VENICE:
        held = board.by_area.get(VENICE)
        if held is not None and held.type == "G":
            return Impossible("Map: Venice", "a garrison holds Venice: only one unit may be there")
    if unit.type == "F":
        if order.via:
            return Impossible("Advance", "only an army may be transported")
        targets = m.fleet_targets(unit.location, to)
        if order.to != to:  # a coast named
            targets = tuple(t for t in targets if t == order.to)
        if not targets:
            return Impossible("Advance", f"a fleet in {unit.location} cannot reach {order.to}")
        if len(targets) > 1:
            return Impossible("Map: Croatia and Provence", f"name the coast of {to}")
        closed = board.strait_closed(unit.power, unit.location, to)
        if closed:
            return Impossible(
                "Map: " + closed, f"the strait is held from {closed} without permission"
            )
        return Advance(order.unit, targets[0]) if targets[0] != order.to else None
    if m.is_sea(to):
        return Impossible("Advance", "an army cannot advance into a sea area")
    if not order.via:
        if to not in m.army_adj[unit.province]:
            return Impossible("Advance", f"{to} is not next to {unit.province} for an army")
        return None
    places = (unit.province, *order.via, to)
    for here, there in pairwise(places):
        reach = {x for loc in m.fleet_locations(here) for x in m.fleet_reach.get(loc, ())}
        if m.is_sea(here):
            reach = set(m.fleet_reach[here])
        if there not in reach:
            return Impossible("Advance", f"the transport cannot go from {here} to {there}")
    for place in order.via:
        if not (m.is_sea(place) or m.fleet_locations(place)):
            return Impossible("Advance", f"{place} is neither a sea area nor a coastal province")
    return None


def _support(order: Support, unit: Unit, board: Board) -> Impossible | None:
    m = board.map
    into = order.into
    if unit.type == "G":
        if into != unit.province or unit.province == VENICE:
            return Impossible("Support (c)", "a garrison supports only into its own province")
        return None
    if unit.type == "A":
        reach: Collection[str] = m.army_adj[unit.province]
    else:
        reach = m.fleet_reach.get(unit.location, frozenset())
    if into not in reach:
        return Impossible(
            "Support (c)", f"{unit.location} could not advance into {into} without transport"
        )
    if unit.type == "F" and board.strait_closed(unit.power, unit.location, into):
        return Impossible("Map: strait", "a support through a held strait needs permission")
    return None


def _besiege(unit: Unit, board: Board) -> Impossible | None:
    m = board.map
    target = siege_target(unit)
    city = m.cities.get(target)
    if city is None or not city.fortified:
        return Impossible("Besiege", f"{target} has no fortified city")
    garrison = board.garrison(target)
    if garrison is None or garrison.power == unit.power:
        return Impossible("Besiege", f"no enemy or autonomous garrison holds {target}")
    if target == VENICE and unit.type != "F":
        return Impossible("Map: Venice", "only a fleet (in the Lagoon) may besiege Venice")
    if unit.type == "F" and not city.port:
        return Impossible("Besiege", "a fleet may only besiege a port city")
    return None


def _convert(order: Convert, unit: Unit, board: Board) -> Impossible | None:
    m = board.map
    city = m.cities.get(unit.province)
    if order.to == unit.type:
        return Impossible("Convert", f"the unit is a {unit.type} already")
    if city is None or not city.fortified:
        return Impossible("Convert", f"{unit.province} has no fortified city")
    if "F" in (order.to, unit.type) and not city.port:
        return Impossible("Convert", "a fleet converts only in a port city")
    if unit.type != "G" and order.to != "G":
        return Impossible("Convert", "an army and a fleet convert through a garrison only")
    if board.rebellions.get(unit.province) == unit.power:
        return Impossible("REBELLIONS (i)", f"{unit.province} rebels against {name(unit.power)}")
    if unit.type == "G":
        if unit.province in board.sieges:
            return Impossible("Besiege", "a besieged garrison cannot convert (reconstructed)")
        return None
    garrison = board.garrison(unit.province)
    if garrison is not None and garrison.power != unit.power:
        return Impossible("Convert", f"another power's garrison holds the city of {unit.province}")
    return None
