"""Phase 3: movement (9.0-9.7), invasions (9.3), straits (9.4) and naval transport (9.5, 9.6).

A move is checked step by step before anything changes; the checks name the rule broken.
"""

from __future__ import annotations

import itertools

from italia_kit.core import Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia.move_hooks import (
    check_leaving,
    check_sailing,
    enemies_stop,
    walled_by,
)
from italia_kit.games.italia.special import hannibal_march
from italia_kit.games.italia.stacking import stacking_limit
from italia_kit.games.italia.state import ItaliaState, MoveRecord, Unit
from italia_kit.games.italia.units import SPECS
from italia_kit.games.italia.world import World

LEADER_ALONE = 3  # 9.1


def record(state: ItaliaState, unit: Unit) -> MoveRecord:
    rec = state.moves.get(unit.id)
    if rec is None:
        rec = state.moves[unit.id] = MoveRecord(path=[unit.zone])
    return rec


def _units(world: World, state: ItaliaState, nation: str, ids: tuple[int, ...]) -> list[Unit]:
    if not ids:
        raise InvalidActionError("a move needs at least one unit")
    if len(set(ids)) != len(ids):
        raise InvalidActionError(f"a unit is listed twice in {list(ids)}")
    out = []
    for i in ids:
        u = state.units.get(i)
        if u is None:
            raise InvalidActionError(f"there is no unit #{i}")
        if u.nation != nation:
            raise IllegalActionError(
                "5.0", f"{u.label()} belongs to the {u.nation}, not the {nation}"
            )
        out.append(u)
    return out


def allowance(state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
    """9.0/9.1: the zones a unit may move this phase if it now moves with ``group_leader``;
    +1 in the first movement phase of a major invasion whose card gives it (12.2)."""
    base = SPECS[unit.type].movement + (1 if state.extra_move and not state.second_phase else 0)
    if unit.is_leader or unit.is_fleet:
        return base
    rec = state.moves.get(unit.id)
    first_leader = group_leader if rec is None or rec.steps == 0 else rec.leader
    stayed = rec is None or rec.steps == 0 or not rec.without_leader
    with_leader = first_leader is not None and stayed and group_leader == first_leader
    return base + 1 if with_leader else base


def _corner_or_gap(world: World, a: str, b: str) -> IllegalActionError:
    corners = {frozenset((c.a, c.b)) for c in world.board.corners}
    if frozenset((a, b)) in corners:
        return IllegalActionError(
            "9.0", f"{a} and {b} meet only at a corner: units cannot pass through it"
        )
    return IllegalActionError("9.0", f"{b} is not adjacent to {a}")


def check_move(
    world: World, state: ItaliaState, nation: str, ids: tuple[int, ...], path: tuple[str, ...]
) -> tuple[list[Unit], tuple[str, ...]]:
    """Check a move; return the units and the canonical path. Raises before any change."""
    units = _units(world, state, nation, ids)
    if len(path) < 2:
        raise InvalidActionError("a move's path needs the start zone and at least one more")
    path = tuple(world.zone_name(z) for z in path)
    start = path[0]
    for u in units:
        if u.zone != start or u.carrier is not None:
            where = f"aboard fleet #{u.carrier}" if u.carrier is not None else f"in {u.zone}"
            raise IllegalActionError("9.0", f"{u.label()} is {where}, not in {start}")
        rec = state.moves.get(u.id)
        if rec is not None and rec.stopped:
            raise IllegalActionError(
                "9.0", f"{u.label()} has stopped for this movement phase and cannot move again"
            )
    if state.campaign is not None and state.campaign["stage"] == "decide":
        leader = int(state.campaign["leader"])
        carried = any(leader in {c.id for c in state.cargo(u.id)} for u in units if u.is_fleet)
        if leader not in ids and not carried:
            raise IllegalActionError(
                "12.3.1", "during a campaign no unit moves without the campaign leader"
            )
    check_leaving(world, state, units)
    fleets = [u for u in units if u.is_fleet]
    if fleets and len(fleets) != len(units):
        raise IllegalActionError(
            "9.5", "fleets move at sea and land units on land: move them apart"
        )
    if fleets:
        _check_fleet_path(world, state, fleets, path)
    else:
        _check_land_path(world, state, nation, units, path)
    return units, path


def _check_fleet_path(
    world: World, state: ItaliaState, fleets: list[Unit], path: tuple[str, ...]
) -> None:
    for a, b in itertools.pairwise(path):
        if not world.is_sea(b):
            raise IllegalActionError("9.5", f"fleets never move onto land ({b})")
        link = world.board.link(a, b)
        if link is None:
            raise _corner_or_gap(world, a, b)
    steps = len(path) - 1
    for f in fleets:
        used = state.moves[f.id].steps if f.id in state.moves else 0
        if used + steps > SPECS[f.type].movement:
            raise IllegalActionError(
                "9.5",
                f"a fleet moves 2 sea zones a turn; {f.label()} has moved {used} and asks {steps}",
            )


def _check_land_path(
    world: World, state: ItaliaState, nation: str, units: list[Unit], path: tuple[str, ...]
) -> None:
    leaders = [u for u in units if u.is_leader]
    leader = leaders[0].id if leaders else None
    troops = [u for u in units if not u.is_leader]
    steps = len(path) - 1
    fixed = world.rulebook.fixed_step_cost()  # 9.0: one a zone, unless a variant says
    for u in units:
        used = state.moves[u.id].steps if u.id in state.moves else 0
        cost = steps if fixed else path_cost(world, state, u, path)
        limit = world.rulebook.movement_allowance(state, u, leader)
        if u.is_leader and troops:
            # 9.1: a leader goes as far as the troops he leads, if they have come every
            # step of the phase with him; a leader who moved alone has his 3 zones
            limit = max(
                [
                    limit,
                    *(
                        world.rulebook.movement_allowance(state, t, leader)
                        for t in troops
                        if _steps(state, t) == used
                    ),
                ]
            )
        if used + cost > limit:
            raise IllegalActionError(*world.rulebook.allowance_refusal(u, limit, used, cost))
    if hannibal_march(world, state, nation, path):
        if any(u.id in state.moves and state.moves[u.id].steps for u in units):
            raise IllegalActionError("13.2", "the march to the Alps is the units' whole move")
        return
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        last = i == steps - 1
        walled = None if world.fixed_relations else walled_by(world, state, nation, b)
        if walled is not None:
            raise IllegalActionError(*world.rulebook.wall_refusal(state, nation, walled, b))
        if world.is_sea(b):
            check_sailing(world, state, units, b)
        link = world.board.link(a, b)
        if link is None:
            raise _corner_or_gap(world, a, b)
        if link.kind == "strait":
            moved = any(u.id in state.moves and state.moves[u.id].steps for u in units)
            if moved or steps != 1:
                raise IllegalActionError(
                    "9.4", f"crossing the strait {a}-{b} takes a whole movement phase"
                )
        if last:
            break
        # entering b and going on: what would stop the group there?
        if world.fixed_terrain_stops:
            if world.is_mountain(b) and leader is None and not _own_city(world, state, nation, b):
                raise IllegalActionError(
                    "9.0",
                    f"units must stop on entering the mountain zone {b} (without a leader, 9.1)",
                )
        elif (why := world.rulebook.stops_on_entering(world, state, nation, b, leader)) is not None:
            raise IllegalActionError(why[0], f"units must stop on entering {b}: {why[1]}")
        enemies = _enemies(world, state, nation, b)
        if enemies and b not in state.invaded and enemies_stop(world, state, nation, b):
            raise IllegalActionError(
                "9.0", f"units must stop on entering {b}, occupied by the {enemies[0].nation}"
            )
    end = path[-1]
    if end == "Rome" and world.variant == "italia1" and state.turn >= world.scenario.last_turn:
        raise IllegalActionError("13.1", "during turn 10 no nation may control Rome")
    campaigning = state.campaign is not None and bool(leaders)
    if (
        _allies(world, state, nation, end)
        and not _enemies(world, state, nation, end)
        and not campaigning  # 12.3.1: a campaign move may end in a subject's zone
    ):
        raise IllegalActionError(
            "12.5.2", f"allies may pass through {end} but may not end their move there"
        )
    if world.is_land(end) and _enemies(world, state, nation, end) and not campaigning:
        # 12.3.1: no limit in the zone of a campaigning leader; 8.3 holds in an invaded
        # zone too: 9.3 lets units in and through, not more attackers than 8.3 allows
        _check_attack_limit(world, state, nation, end, troops, bool(leaders))


def path_cost(world: World, state: ItaliaState, unit: Unit, path: tuple[str, ...]) -> int:
    """What moving ``unit`` along ``path`` spends of its allowance: the rulebook's
    :meth:`~.rulebook.Rulebook.step_cost` of each step (one a zone in Italia, 9.0)."""
    cost = world.rulebook.step_cost
    return sum(cost(world, state, unit, a, b) for a, b in itertools.pairwise(path))


def _steps(state: ItaliaState, unit: Unit) -> int:
    """The zones ``unit`` has moved this phase."""
    rec = state.moves.get(unit.id)
    return rec.steps if rec is not None else 0


def own_city(world: World, state: ItaliaState, nation: str, zone: str) -> bool:
    """9.7: a city (not a ruin) in a zone the nation controls."""
    return _own_city(world, state, nation, zone)


def _own_city(world: World, state: ItaliaState, nation: str, zone: str) -> bool:
    """9.7: a city (not a ruin) in a zone the nation controls."""
    return state.has_city(zone) and world.controls(state, nation, zone)


def _enemies(world: World, state: ItaliaState, nation: str, zone: str) -> list[Unit]:
    return [
        u for u in world.occupants(state, zone, nation) if not world.allied(state, nation, u.nation)
    ]


def _allies(world: World, state: ItaliaState, nation: str, zone: str) -> list[Unit]:
    return [
        u for u in world.occupants(state, zone, nation) if world.allied(state, nation, u.nation)
    ]


def _check_attack_limit(
    world: World, state: ItaliaState, nation: str, zone: str, troops: list[Unit], leader: bool
) -> None:
    """8.3: at most one unit more than the zone's limit may attack (+1 with a leader)."""
    already = state.stack_count(zone, nation)
    leader = leader or any(u.is_leader for u in state.units_in(zone, nation))
    limit = stacking_limit(
        world, state, zone, nation, attacking=True, leader=leader, major_invasion=state.major
    )
    assert limit is not None
    total = already + len(troops)
    if total > limit.value:
        raise IllegalActionError(
            "8.3",
            f"the {nation} may attack {zone} with at most {limit.value} units "
            f"({limit.explain()}); this move would bring {total}",
        )


def apply_move(
    ctx: Context[ItaliaState],
    world: World,
    nation: str,
    ids: tuple[int, ...],
    path: tuple[str, ...],
) -> None:
    state = ctx.state
    if ctx.listed:  # the rules listed this very move as legal here (Context.listed)
        units = [state.units[i] for i in ids]
    else:
        units, path = check_move(world, state, nation, ids, path)
    # the group's leader (9.1); most moves are one unit's, looked at without a generator
    if len(units) == 1:
        leader = units[0].id if units[0].is_leader else None
    else:
        leader = next((u.id for u in units if u.is_leader), None)
    steps = len(path) - 1
    fixed = units[0].is_fleet or world.rulebook.fixed_step_cost()  # 9.0: one a zone
    # a variant's step costs by zone entered (Rulebook.step_costs): the path's cost is the
    # same for every unit moving along it, read once (a listed move is one step)
    costs = None if fixed else world.rulebook.step_costs(world, state, nation)
    if costs is None:
        spent = steps
    elif steps == 1:
        spent = costs[path[1]]
    else:
        spent = sum(costs[z] for z in path[1:])
    end = path[-1]
    fleets = units[0].is_fleet  # a move is all fleets or all land units (9.5)
    moves = state.moves
    for u in units:
        rec = moves.get(u.id)  # record(state, u), spelt out: one look per unit moved
        if rec is None:
            rec = moves[u.id] = MoveRecord(0, False, None, False, [u.zone])
        if not u.is_leader and not u.is_fleet:
            if rec.steps == 0:
                rec.leader = leader
            elif leader is None or rec.leader != leader:
                rec.without_leader = True
        rec.steps += spent if fixed or costs is not None else path_cost(world, state, u, path)
        rec.path.extend(path[1:])
        if u.is_fleet:
            for c in state.cargo(u.id):  # before the fleet moves: it is found in its sea
                state.relocate(c, end)
        state.relocate(u, end)
    # 9.0: enemies ashore at the end, in a zone not invaded: the land units stop there, and
    # they may invade it (9.3); one look at the zone, without lists
    hostile = False
    # (a land unit ends at sea only sailing alone, a variant's: no invasion there)
    if not fleets and end not in state.invaded and world.is_land(end):
        for u in state.where[end]:
            if (
                u.nation != nation
                and u.carrier is None
                and not world.allied(state, nation, u.nation)
            ):
                hostile = True
                break
    stop_reason = ""
    # hannibal_march(...) asks a one-step move into the Alps: most moves are not
    if end == "Alps" and hannibal_march(world, state, nation, path):
        stop_reason = "the march from Africa to the Alps is their whole move (13.2)"
        for u in units:
            moves[u.id].stopped = True
    elif not fleets:
        # a legal move crosses a strait only as its one step (9.4)
        strait = world.board.link(path[0], end) if steps == 1 else None
        if strait is not None and strait.kind == "strait":
            stop_reason = f"crossing a strait takes the whole phase ({world.rulebook.cite('9.4')})"
            for u in units:
                moves[u.id].strait = True
        elif hostile and enemies_stop(world, state, nation, end):
            stop_reason = f"{end} is occupied (9.0)"
        elif world.fixed_terrain_stops:
            if (
                world.is_mountain(end)
                and leader is None
                and not _own_city(world, state, nation, end)
            ):
                stop_reason = f"{end} is a mountain zone (9.0)"
        elif (
            why := world.rulebook.stops_on_entering(world, state, nation, end, leader)
        ) is not None:
            stop_reason = f"{why[1]} ({why[0]})"
        if stop_reason:
            for u in units:
                moves[u.id].stopped = True
    # 9.0's sentence, or a variant's
    rule, text = world.rulebook.move_event(world, nation, units, path, stop_reason)
    ctx.emit("move", rule, text, nation=nation, units=list(ids), path=list(path))
    if hostile:  # check_invasion(...) finds nothing to invade in a zone without enemies
        check_invasion(ctx, world, nation, end)


def check_invasion(ctx: Context[ItaliaState], world: World, nation: str, zone: str) -> None:
    """9.3: twice the defenders (as many against a city) invade the zone."""
    state = ctx.state
    if zone in state.invaded:
        return  # already invaded this phase
    enemies, moved_in = invasion_counts(world, state, nation, zone)
    if not enemies:
        return
    city = state.has_city(zone)
    needed = enemies if city else 2 * enemies
    if moved_in >= needed:
        state.invaded.append(zone)
        rule, text = world.rulebook.invasion_text(
            world, state, nation, zone, moved_in, enemies, city=city
        )
        ctx.emit("invasion", rule, text, nation=nation, zone=zone)


def invasion_counts(world: World, state: ItaliaState, nation: str, zone: str) -> tuple[int, int]:
    """9.3: the enemies of ``nation`` ashore in ``zone`` that count for stacking (8.0), and
    its own units there that count and have moved this phase, in one look at the zone,
    each other nation there asked once whether it is an ally (a move among enemies asks
    this: some 370 times a Medieval game)."""
    enemies = moved_in = 0
    moves = state.moves
    allied: dict[str, bool] = {}  # by other nation
    for u in state.where.get(zone, ()):
        if u.carrier is not None or not u.counts_for_stacking:
            continue
        other = u.nation
        if other == nation:
            if u.id in moves:
                moved_in += 1
            continue
        ally = allied.get(other)
        if ally is None:
            ally = allied[other] = world.allied(state, nation, other)
        if not ally:
            enemies += 1
    return enemies, moved_in


def invasion_text(
    nation: str, zone: str, attackers: int, defenders: int, *, city: bool
) -> tuple[str, str]:
    """9.3: the rule and sentence of an invasion (twice the defenders, as many in their
    city): more units may now move into and through the zone."""
    why = "as many as the defenders in their city" if city else "twice the defenders"
    return (
        "9.3",
        f"9.3: the {nation} invade {zone} with {attackers} units against {defenders} "
        f"({why}); more units may now move into and through {zone}.",
    )


# -- naval transport (9.6) ---------------------------------------------------------------------
def campaign_lead(state: ItaliaState) -> Unit | None:
    """The leader of a campaign move under way (12.3.1: "no unit of the nation may move
    without a leader"), if one is: then units board only with him or his fleet, and land
    only with him or after him where he landed from their fleet (:func:`landed_with`)."""
    campaign = state.campaign
    if campaign is None or campaign["stage"] != "decide":
        return None
    return state.units.get(int(campaign["leader"]))


def landed_with(state: ItaliaState, lead: Unit, unit: Unit, zone: str) -> bool:
    """12.3.1: whether ``unit`` (aboard a fleet) lands in ``zone`` after the campaign
    leader, who landed there from the same fleet in this campaign move."""
    rec = state.moves.get(lead.id)
    return (
        rec is not None
        and rec.by_sea
        and rec.fleet_used == unit.carrier
        and lead.carrier is None
        and lead.zone == zone
    )


def check_embark(
    world: World, state: ItaliaState, nation: str, fleet_id: int, ids: tuple[int, ...]
) -> tuple[Unit, list[Unit]]:
    (fleet,) = _units(world, state, nation, (fleet_id,))
    if not fleet.is_fleet:
        raise IllegalActionError("9.6", f"{fleet.label()} is not a fleet")
    units = _units(world, state, nation, ids)
    check_leaving(world, state, units)
    frec = state.moves.get(fleet.id)
    carried = frec.carried if frec else 0
    troops = [u for u in units if not u.is_leader]
    for u in units:
        if u.is_fleet or u.carrier is not None:
            raise IllegalActionError("9.6", f"{u.label()} cannot board a fleet")
        if not world.board.is_adjacent(u.zone, fleet.zone) or not world.is_land(u.zone):
            raise IllegalActionError(
                "9.6", f"{u.label()} in {u.zone} is not on a coast beside {fleet.zone}"
            )
        rec = state.moves.get(u.id)
        if rec is not None and rec.steps:
            raise IllegalActionError(
                "9.6", f"{u.label()} has moved overland: units embark where they begin the phase"
            )
        if rec is not None and rec.stopped:
            raise IllegalActionError("9.6", f"{u.label()} has stopped for this phase")
        if rec is not None and rec.fleet_used is not None:
            raise IllegalActionError("9.6", f"{u.label()} has used a fleet this turn already")
    lead = campaign_lead(state)
    if lead is not None and lead.id not in ids and lead.carrier != fleet.id:
        raise IllegalActionError(
            "12.3.1",
            f"during a campaign no unit moves without the leader: {lead.label()} boards "
            f"first, and the others join his fleet",
        )
    aboard = sum(1 for c in state.cargo(fleet.id) if not c.is_leader)
    if max(carried, aboard) + len(troops) > 2:
        raise IllegalActionError(
            "9.6",
            f"a fleet carries at most 2 units a turn (leaders free); {fleet.label()} has "
            f"{max(carried, aboard)} and would take {len(troops)} more",
        )
    return fleet, units


def apply_embark(
    ctx: Context[ItaliaState], world: World, nation: str, fleet_id: int, ids: tuple[int, ...]
) -> None:
    state = ctx.state
    if ctx.listed:  # listed as legal here (Context.listed)
        fleet, units = state.units[fleet_id], [state.units[i] for i in ids]
    else:
        fleet, units = check_embark(world, state, nation, fleet_id, ids)
    frec = record(state, fleet)
    frec.carried += sum(1 for u in units if not u.is_leader)
    origin = units[0].zone
    for u in units:
        rec = record(state, u)
        rec.fleet_used = fleet.id
        rec.path.append(fleet.zone)
        state.relocate(u, fleet.zone, fleet.id)
    ctx.emit(
        "embark",
        "9.6",
        f"9.6: {', '.join(u.label() for u in units)} board {fleet.label()} from {origin} "
        f"in {fleet.zone}.",
        nation=nation,
        fleet=fleet.id,
        units=list(ids),
    )


def check_disembark(
    world: World, state: ItaliaState, nation: str, ids: tuple[int, ...], zone: str
) -> tuple[list[Unit], str]:
    units = _units(world, state, nation, ids)
    zone = world.zone_name(zone)
    seas = {u.zone for u in units}
    for u in units:
        if u.carrier is None:
            raise IllegalActionError("9.6", f"{u.label()} is not aboard a fleet")
    if len(seas) != 1:
        raise IllegalActionError("9.6", "units land together only from one sea")
    check_leaving(world, state, units)
    sea = seas.pop()
    if not world.is_land(zone) or not world.board.is_adjacent(sea, zone):
        raise IllegalActionError("9.6", f"units disembark on a coast beside {sea}; {zone} is not")
    for u in units:
        rec = state.moves.get(u.id)
        if rec is not None and rec.fleet_used not in (None, u.carrier):
            raise IllegalActionError("9.6", f"{u.label()} has used another fleet this turn")
    lead = campaign_lead(state)
    if (
        lead is not None
        and lead.id not in ids
        and not all(landed_with(state, lead, u, zone) for u in units)
    ):
        raise IllegalActionError(
            "12.3.1",
            f"during a campaign no unit moves without the leader: units land with "
            f"{lead.label()}, or after him from his fleet where he landed",
        )
    if zone in world.closed(state):
        raise IllegalActionError("13.1", f"during turn 10 no nation may control {zone}")
    if _allies(world, state, nation, zone) and not _enemies(world, state, nation, zone):
        raise IllegalActionError("12.5.2", f"allies may not end their move in {zone}")
    if _enemies(world, state, nation, zone):  # 8.3, invaded or not (9.3)
        troops = [u for u in units if not u.is_leader]
        _check_attack_limit(world, state, nation, zone, troops, any(u.is_leader for u in units))
    return units, zone


def apply_disembark(
    ctx: Context[ItaliaState], world: World, nation: str, ids: tuple[int, ...], zone: str
) -> None:
    state = ctx.state
    if ctx.listed:  # listed as legal here (Context.listed)
        units = [state.units[i] for i in ids]
    else:
        units, zone = check_disembark(world, state, nation, ids, zone)
    sea = units[0].zone
    for u in units:
        rec = record(state, u)
        rec.fleet_used = u.carrier
        rec.stopped = True  # 9.6: no move after landing
        rec.by_sea = True
        rec.path.append(zone)
        state.relocate(u, zone, None)
    ctx.emit(
        "disembark",
        "9.6",
        f"9.6: {', '.join(u.label() for u in units)} land from {sea} in {zone} and may not "
        f"move again this turn.",
        nation=nation,
        units=list(ids),
        zone=zone,
    )
    check_invasion(ctx, world, nation, zone)
