"""Where units may retreat after a round of combat (10.5, 8.6, 14.2)."""

from __future__ import annotations

from .battle_state import Battle
from .stacking import stacking_limit
from .state import ItaliaState, Unit
from .units import UnitType
from .world import World


def retreat_zones(
    world: World, state: ItaliaState, battle: Battle, nation: str, units: list[Unit]
) -> list[str]:
    """The zones ``units`` may retreat to, together.

    Land units: an adjacent zone that is empty or held by their own nation only, never a
    borderland (unless the nation may stay there), never (for the defender) a zone the
    attackers came from, within the retreat allowance of 8.6; or an adjacent sea onto
    their own fleets with room (10.5). Fleets: an adjacent sea (10.8). A cavalry unit that
    has been hit cannot retreat (14.2).
    """
    if any(u.type is UnitType.CAVALRY and u.hits for u in units):
        return []
    info = world.nation(nation)
    out: list[str] = []
    troops = sum(1 for u in units if u.counts_for_stacking)
    for zone in world.board.neighbours(battle.zone):
        if battle.naval:
            if world.is_sea(zone):
                out.append(zone)
            continue
        if nation == battle.defender and zone in battle.came_from:
            continue
        reacted_from = state.campaign.get("reacted_from", []) if state.campaign else []
        if nation == battle.attacker and zone in reacted_from:
            continue  # 12.3.2.3: not where a reaction move came from
        if world.is_sea(zone):
            if _room_aboard(state, nation, zone, units):
                out.append(zone)
            continue
        if world.is_borderland(zone) and zone not in info.may_stay_in_borderlands:
            continue
        if any(u.nation != nation for u in state.units_in(zone) if u.carrier is None):
            continue
        limit = stacking_limit(world, state, zone, nation, retreat=True)
        if limit is not None and state.stack_count(zone, nation) + troops > limit.value:
            continue
        out.append(zone)
    return sorted(out)


def _room_aboard(state: ItaliaState, nation: str, sea: str, units: list[Unit]) -> bool:
    fleets = [f for f in state.units_in(sea, nation) if f.is_fleet]
    room = sum(2 - sum(1 for c in state.cargo(f.id) if not c.is_leader) for f in fleets)
    troops = sum(1 for u in units if not u.is_leader)
    return bool(fleets) and troops <= room
