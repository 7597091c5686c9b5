"""Where units may retreat after a round of combat (10.5, 8.6, 14.2)."""

from __future__ import annotations

from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.stacking import limit_value
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

#: a zone a side may retreat to, whether it is a sea (the units go aboard), and the room
#: left there: troops the stacking limit still allows ashore (8.6), or land units the
#: side's fleets can still take aboard at sea (10.5); None: no limit
Refuge = tuple[str, bool, int | None]


def retreat_zones(
    world: World, state: ItaliaState, battle: Battle, nation: str, units: list[Unit]
) -> list[str]:
    """The zones ``units`` may retreat to, together.

    Land units: an adjacent zone that is empty or held by their own nation only, never a
    borderland (unless the nation may stay there), never (for the defender) a zone the
    attackers came from, never Rome on turn 10 of Italia I (13.1), within the retreat
    allowance of 8.6 - in a campaign, the leader's stack may also retreat into a zone of
    its nation's subjects (12.3.1); or an adjacent sea onto their own fleets with room
    (10.5). Fleets: an adjacent sea (10.8). A cavalry unit that has been hit cannot
    retreat (14.2).
    """
    return fitting(world.rulebook.retreat_refuges(world, state, battle, nation), units)


def refuges(world: World, state: ItaliaState, battle: Battle, nation: str) -> list[Refuge]:
    """The zones a side could retreat to with room enough for some units, sorted by name:
    the part of :func:`retreat_zones` that does not depend on which units go, worked out
    once when the retreats of several groups of the same side are listed."""
    if battle.naval:  # the adjacent seas, in the order of the board's (sorted) neighbours
        return [(zone, True, None) for zone in world.sea_exits(battle.zone)]
    out: list[Refuge] = []
    neighbours = world.neighbours(battle.zone)  # sorted by name: so is ``out``
    info = world.nation(nation)
    campaign = state.campaign
    if nation == battle.defender:
        barred = battle.came_from  # not where the attackers came from (10.5)
    else:  # 12.3.2.3: not where a reaction move came from
        barred = campaign.get("reacted_from", []) if campaign else []
    # 12.3.1: a campaign leader and his troops "may even retreat into" zones of their
    # nation's subjects (the leader in the battle: his stack is retreating)
    subjects: frozenset[str] = _NONE
    if campaign is not None and nation == state.active and state.masters:
        leader = state.units.get(int(campaign["leader"]))
        if leader is not None and leader.zone == battle.zone:
            subjects = frozenset(s for s, m in state.masters.items() if m == nation)
    where = state.where
    closed = world.closed(state)  # 13.1: not into Rome on turn 10
    for zone in neighbours:
        if zone in barred or zone in closed:
            continue
        here = where.get(zone, ())
        if world.is_sea(zone):
            fleets = {f.id for f in here if f.nation == nation and f.is_fleet}
            if fleets:
                # two land units a fleet (9.6), less those already aboard (of any nation)
                aboard = sum(1 for u in here if u.carrier in fleets and not u.is_leader)
                out.append((zone, True, 2 * len(fleets) - aboard))
            continue
        if world.is_borderland(zone) and zone not in info.may_stay_in_borderlands:
            continue
        troops = 0  # the nation's stack count there (8.0), if it is alone ashore
        for u in here:
            if u.carrier is None:
                if u.nation != nation:
                    if u.nation in subjects:
                        continue  # 12.3.1: a subject's zone
                    break  # another nation holds it
                troops += u.counts_for_stacking
        else:
            limit = limit_value(world, state, zone, nation, retreat=True)
            out.append((zone, False, None if limit is None else limit - troops))
    return out


_NONE: frozenset[str] = frozenset()


def fitting(options: list[Refuge], units: list[Unit]) -> list[str]:
    """The zones of :func:`refuges` that ``units`` may retreat to together."""
    troops = 0  # ashore (8.0, 8.6)
    aboard = 0  # at sea, two a fleet (9.6)
    for u in units:  # one pass: asked for every group and every unit that may retreat
        if u.type is UnitType.CAVALRY and u.hits:
            return []  # 14.2: a cavalry unit that has been hit cannot retreat
        troops += u.counts_for_stacking
        aboard += not u.is_leader
    return [
        zone for zone, sea, room in options if room is None or (aboard if sea else troops) <= room
    ]
