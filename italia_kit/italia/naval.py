"""Naval supremacy (10.9) and the sums naval combat needs (10.8)."""

from __future__ import annotations

from collections.abc import Collection

from .state import ItaliaState
from .world import World


def fleets_beside(
    world: World, state: ItaliaState, zone: str, nation: str, exclude: Collection[int] = ()
) -> int:
    """A nation's fleets in all the seas adjacent to a land zone (10.9)."""
    seas = set(world.board.seas_beside(zone))
    return sum(
        1
        for u in state.units.values()
        if u.nation == nation and u.is_fleet and u.zone in seas and u.id not in exclude
    )


def supremacy(
    world: World, state: ItaliaState, zone: str, a: str, b: str, exclude: Collection[int] = ()
) -> str | None:
    """Which of the two nations in a land battle has naval supremacy, if either (10.9).

    At least one fleet in an adjacent sea and at least twice the enemy's fleets across all
    adjacent seas; only the two nations in the battle count, and fleets that retreated
    this round (``exclude``) do not.
    """
    fa = fleets_beside(world, state, zone, a, exclude)
    fb = fleets_beside(world, state, zone, b, exclude)
    if fa >= 1 and fa >= 2 * fb:
        return a
    if fb >= 1 and fb >= 2 * fa:
        return b
    return None


def supremacy_map(world: World, state: ItaliaState, nation: str) -> dict[str, list[str]]:
    """For each land zone: the nations over which ``nation`` would have supremacy (10.9)."""
    others = sorted({u.nation for u in state.units.values() if u.nation != nation})
    out: dict[str, list[str]] = {}
    for z in world.board.zones:
        if z.is_sea or not world.board.seas_beside(z.name):
            continue
        over = [o for o in others if supremacy(world, state, z.name, nation, o) == nation]
        if over:
            out[z.name] = over
    return out


def fleet_modifier(state: ItaliaState, fleet_id: int) -> int:
    """+1 per unit a fleet carries, +2 per friendly leader aboard another fleet (10.8)."""
    fleet = state.units[fleet_id]
    cargo = state.cargo(fleet_id)
    bonus = sum(1 for u in cargo if not u.is_leader)
    for u in state.units.values():
        if (
            u.is_leader
            and u.nation == fleet.nation
            and u.zone == fleet.zone
            and u.carrier is not None
            and u.carrier != fleet_id
        ):
            bonus += 2
    return bonus
