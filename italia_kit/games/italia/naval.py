"""Naval supremacy (10.9) and the sums naval combat needs (10.8)."""

from __future__ import annotations

from collections.abc import Collection

from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World


def fleets_beside(
    world: World, state: ItaliaState, zone: str, nation: str, exclude: Collection[int] = ()
) -> int:
    """A nation's fleets in all the seas adjacent to a land zone (10.9)."""
    seas = set(world.seas_beside(zone))
    return sum(
        1
        for u in state.units.values()
        if u.nation == nation and u.is_fleet and u.zone in seas and u.id not in exclude
    )


def _fleets_beside_both(
    world: World, state: ItaliaState, zone: str, a: str, b: str, exclude: Collection[int]
) -> tuple[int, int]:
    """:func:`fleets_beside` for two nations, looking at each adjacent sea once."""
    fa = fb = 0
    where = state.where
    for sea in world.seas_beside(zone):  # each sea once
        for u in where.get(sea, ()):
            if u.is_fleet and u.id not in exclude:
                if u.nation == a:
                    fa += 1
                elif u.nation == b:
                    fb += 1
    return fa, fb


def supremacy(
    world: World, state: ItaliaState, zone: str, a: str, b: str, exclude: Collection[int] = ()
) -> str | None:
    """Which of the two nations in a land battle has naval supremacy, if either (10.9).

    At least one fleet in an adjacent sea and at least twice the enemy's fleets across all
    adjacent seas; only the two nations in the battle count, and fleets that retreated
    this round (``exclude``) do not.
    """
    fa, fb = _fleets_beside_both(world, state, zone, a, b, exclude)
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
        if z.is_sea or not world.seas_beside(z.name):
            continue
        over = [o for o in others if supremacy(world, state, z.name, nation, o) == nation]
        if over:
            out[z.name] = over
    return out


def fleet_modifiers(state: ItaliaState, fleets: list[Unit]) -> list[int]:
    """:func:`fleet_modifier` of each of ``fleets``, from one look at the units: a naval
    round needs the modifier of every fleet in the battle. A test holds the two equal."""
    ids = {f.id for f in fleets}
    cargo: dict[int, int] = dict.fromkeys(ids, 0)  # land units aboard each fleet
    aboard: list[Unit] = []  # leaders aboard any fleet in the seas of ``fleets``
    # units aboard a fleet are in its sea (9.6): only the seas of ``fleets`` are looked at
    for sea in {f.zone for f in fleets}:
        for u in state.where.get(sea, ()):
            if u.carrier is None:
                continue
            if u.is_leader:
                aboard.append(u)
            elif u.carrier in ids:
                cargo[u.carrier] += 1
    if not aboard:  # most often: no leader at sea
        return [cargo[f.id] for f in fleets]
    return [
        cargo[f.id]
        + 2
        * sum(1 for u in aboard if u.nation == f.nation and u.zone == f.zone and u.carrier != f.id)
        for f in fleets
    ]


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
