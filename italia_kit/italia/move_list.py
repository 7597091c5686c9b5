"""Listing the legal actions of a movement phase fast (9.0-9.6, 12.3.1, 12.5.2, 13.1, 13.2).

A random game asks for this list some 650 times, so it is built from one pass over the
pieces (:class:`Occupancy`) and predicates that read it, instead of asking the raising
checks of :mod:`.movement` about every candidate. The predicates state the same rules as
``check_move``, ``check_embark`` and ``check_disembark`` for the one-step moves listed
here; ``tests/test_italia_properties.py`` holds the two lists equal at every movement
decision of random games.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, IllegalActionError, InvalidActionError
from . import movement
from .actions import Disembark, Embark, Move
from .movement import allowance
from .special import hannibal_march
from .state import ItaliaState, Unit
from .units import SPECS, UnitType
from .world import World

FLEET_LOAD = 2  # 9.6: a fleet carries at most two units a turn (leaders free)
LEADER, FLEET = UnitType.LEADER, UnitType.FLEET
ROME = frozenset({"Rome"})


class Sides:
    """The other nations' pieces as one nation's movement phase sees them: they do not move
    while it moves, so this is read once per phase and kept in ``state.listing``.

    Any action but a move, an embarkation or a landing drops it (``rules.apply``); the
    token notices a piece added or removed all the same.
    """

    __slots__ = ("foes", "friends", "own", "token")

    def __init__(self, state: ItaliaState, nation: str, token: tuple[object, ...]) -> None:
        masters = state.masters
        self.token = token
        self.own: list[Unit] = []  # the nation's pieces, in id order
        self.foes: set[str] = set()  # zones with pieces ashore of nations not allied (9.0)
        self.friends: set[str] = set()  # zones with pieces ashore of allies (12.5.2)
        allied: dict[str, bool] = {}
        for u in state.units.values():
            other = u.nation
            if other == nation:
                self.own.append(u)
            elif u.carrier is None:
                ally = allied.get(other)
                if ally is None:
                    ally = allied[other] = (
                        masters.get(nation) == other or masters.get(other) == nation
                    )
                (self.friends if ally else self.foes).add(u.zone)
        self.own.sort(key=_unit_id)

    @classmethod
    def of(cls, state: ItaliaState, nation: str) -> Sides:
        phase = (state.turn, state.phase_name, state.second_phase)
        token = (nation, *phase, state.next_id, len(state.units))
        sides = state.listing
        if not isinstance(sides, Sides) or sides.token != token:
            sides = state.listing = cls(state, nation, token)
        return sides


class Occupancy:
    """Who stands where, as one nation sees it, read once per listing."""

    __slots__ = (
        "allies_only",
        "ashore",
        "cargo",
        "closed",
        "count",
        "foes",
        "friends",
        "guarded",
        "leaders",
        "own",
    )

    def __init__(self, world: World, state: ItaliaState, nation: str) -> None:
        sides = Sides.of(state, nation)
        ashore: dict[str, list[Unit]] = {}  # own units not aboard a fleet, by zone
        count: dict[str, int] = {}  # own units counted for stacking, ashore (8.0)
        leaders: set[str] = set()  # zones with an own leader ashore
        cargo: dict[int, int] = {}  # troops (not leaders) aboard each fleet (9.6)
        for u in sides.own:
            carrier, zone = u.carrier, u.zone
            if carrier is not None:
                if u.type is not LEADER:
                    cargo[carrier] = cargo.get(carrier, 0) + 1
                continue
            if zone in ashore:
                ashore[zone].append(u)
            else:
                ashore[zone] = [u]
            if u.type is LEADER:
                leaders.add(zone)
            else:  # every unit but a leader counts (8.0)
                count[zone] = count.get(zone, 0) + 1
        self.own, self.ashore, self.count, self.leaders = sides.own, ashore, count, leaders
        self.foes, self.friends, self.cargo = sides.foes, sides.friends, cargo
        # 12.5.2: a move may not end among allies only (a campaigning leader's may, 12.3.1)
        self.allies_only = sides.friends - sides.foes
        # 8.3: entering these zones is an attack, limited, until they are invaded (9.3)
        self.guarded = sides.foes.difference(state.invaded)
        # 13.1: nobody enters Rome on turn 10 of Italia I
        last = world.variant == "italia1" and state.turn >= world.scenario.last_turn
        self.closed = ROME if last else frozenset()


def _unit_id(u: Unit) -> int:
    return u.id


def legal_moves(world: World, state: ItaliaState, nation: str) -> list[Action]:
    """The one-step moves of each unit and of each leader's whole zone, the march to the
    Alps (13.2), embarking and landing (9.6), in a fixed order."""
    occ = Occupancy(world, state, nation)
    out: list[Action] = []
    moves = state.moves
    candidates: list[tuple[tuple[int, ...], str]] = []
    by_zone: dict[str, list[int]] = {}
    fleets: list[Unit] = []
    cache = world.action_cache  # actions are values: each is made once per world, reused
    for u in occ.own:
        rec = moves.get(u.id)
        if u.type is FLEET:
            fleets.append(u)
        if rec is not None and rec.stopped:
            continue
        if u.carrier is not None:
            for zone in world.land_exits(u.zone):
                if _may_land(world, state, occ, nation, u, zone):
                    key: tuple[object, ...] = ("disembark", nation, u.id, zone)
                    if (action := cache.get(key)) is None:
                        action = cache[key] = Disembark(nation, (u.id,), zone)
                    out.append(action)
            continue
        candidates.append(((u.id,), u.zone))
        if u.type is not FLEET:
            by_zone.setdefault(u.zone, []).append(u.id)
    units = state.units
    campaign = state.campaign
    for zone, group in by_zone.items():
        if len(group) > 1 and any(units[i].type is LEADER for i in group):
            candidates.append((tuple(group), zone))
        if campaign is None and hannibal_march(world, state, nation, (zone, "Alps")):
            fresh = tuple(i for i in group if i not in moves or not moves[i].steps)
            if fresh:
                out.append(Move(nation, fresh, (zone, "Alps")))
    campaign_leader = int(campaign["leader"]) if campaign else None
    for ids, zone in candidates:
        first = units[ids[0]]
        if (
            campaign_leader is not None
            and campaign_leader not in ids
            and not (first.is_fleet and any(c.id == campaign_leader for c in state.cargo(first.id)))
        ):
            continue  # 12.3.1: in a campaign nothing moves without the leader (or his fleet)
        if len(ids) == 1:
            targets = _lone_steps(world, state, occ, nation, first)
        else:
            targets = _group_steps(world, state, occ, nation, [units[i] for i in ids], zone)
        for to in targets:
            key = ("move", nation, ids, zone, to)
            if (action := cache.get(key)) is None:
                action = cache[key] = Move(nation, ids, (zone, to))
            out.append(action)
    for fleet in fleets:
        for land in world.land_exits(fleet.zone):
            for u in occ.ashore.get(land, ()):
                if _may_board(state, occ, fleet, u):
                    key = ("embark", nation, fleet.id, u.id)
                    if (action := cache.get(key)) is None:
                        action = cache[key] = Embark(nation, fleet.id, (u.id,))
                    out.append(action)
    return out


def _lone_steps(
    world: World, state: ItaliaState, occ: Occupancy, nation: str, unit: Unit
) -> list[str]:
    """Where one unit alone may move one zone (``check_move``'s rules for one step)."""
    rec = state.moves.get(unit.id)
    used = rec.steps if rec is not None else 0
    campaign = state.campaign
    if campaign is not None and campaign["stage"] == "decide":
        leader = int(campaign["leader"])
        if unit.id != leader and not (
            unit.is_fleet and any(c.id == leader for c in state.cargo(unit.id))
        ):
            return []
    if unit.is_fleet:
        if used + 1 > SPECS[unit.type].movement:
            return []
        return list(world.sea_exits(unit.zone))
    if used + 1 > allowance(state, unit, unit.id if unit.is_leader else None):
        return []
    campaigning = campaign is not None and unit.is_leader
    troops = 1 if SPECS[unit.type].counts_for_stacking else 0
    extra = 1 if state.major else 0
    is_leader = unit.is_leader
    closed, allies_only, guarded = occ.closed, occ.allies_only, occ.guarded
    out = []
    for to, strait in world.land_steps(unit.zone):
        if (strait and used) or to in closed:
            continue  # 9.4: a strait is the whole move; 13.1
        if not campaigning:
            if to in allies_only:
                continue  # 12.5.2
            if to in guarded:
                limit = world.attack_limit(to) + extra
                if is_leader or to in occ.leaders:
                    limit += 1
                if occ.count.get(to, 0) + troops > limit:
                    continue  # 8.3: at most so many may attack
        out.append(to)
    return out


def _group_steps(
    world: World,
    state: ItaliaState,
    occ: Occupancy,
    nation: str,
    group: list[Unit],
    zone: str,
) -> list[str]:
    """Where a leader's whole zone may move one zone together (``check_move``'s rules)."""
    moves = state.moves
    campaign = state.campaign
    if (
        campaign is not None
        and campaign["stage"] == "decide"
        and int(campaign["leader"]) not in {u.id for u in group}
    ):
        return []  # 12.3.1
    leader = next(u.id for u in group if u.is_leader)
    troops = [u for u in group if not u.is_leader]
    for u in group:
        used = moves[u.id].steps if u.id in moves else 0
        limit = allowance(state, u, leader)
        if u.is_leader and troops:
            limit = max(limit, *(allowance(state, t, leader) for t in troops))
        if used + 1 > limit:
            return []  # 9.0/9.1: someone in the group has no movement left
    moved = any(u.id in moves and moves[u.id].steps for u in group)
    campaigning = campaign is not None  # the group has a leader (12.3.1)
    extra = 1 if state.major else 0
    out = []
    for to, strait in world.land_steps(zone):
        if hannibal_march(world, state, nation, (zone, to)):
            if not moved:  # 13.2: the march is the units' whole move, and needs no link
                out.append(to)
            continue
        if (strait and moved) or to in occ.closed:
            continue  # 9.4; 13.1
        if not campaigning:
            if to in occ.allies_only:
                continue  # 12.5.2
            if to in occ.guarded:
                limit = world.attack_limit(to) + 1 + extra  # a leader goes along (8.3)
                if occ.count.get(to, 0) + len(troops) > limit:
                    continue
        out.append(to)
    return out


def _may_land(
    world: World, state: ItaliaState, occ: Occupancy, nation: str, unit: Unit, zone: str
) -> bool:
    """``check_disembark`` for one unit landing in ``zone`` (9.6, 12.5.2, 8.3)."""
    rec = state.moves.get(unit.id)
    if rec is not None and rec.fleet_used not in (None, unit.carrier):
        return False  # 9.6: one fleet a turn
    if zone in occ.allies_only:
        return False  # 12.5.2
    if zone in occ.guarded:
        leader = unit.is_leader or zone in occ.leaders
        limit = world.attack_limit(zone) + (1 if leader else 0) + (1 if state.major else 0)
        troops = 0 if unit.is_leader else 1
        if occ.count.get(zone, 0) + troops > limit:
            return False
    return True


def _may_board(state: ItaliaState, occ: Occupancy, fleet: Unit, unit: Unit) -> bool:
    """``check_embark`` for one unit boarding ``fleet`` from a coast beside it (9.6)."""
    if unit.is_fleet:
        return False
    rec = state.moves.get(unit.id)
    if rec is not None and (rec.steps or rec.stopped or rec.fleet_used is not None):
        return False  # embark where the phase began, once a turn
    frec = state.moves.get(fleet.id)
    carried = frec.carried if frec is not None else 0
    troops = 0 if unit.is_leader else 1
    return max(carried, occ.cargo.get(fleet.id, 0)) + troops <= FLEET_LOAD


# -- the reference ------------------------------------------------------------------------
def checked_moves(w: World, state: ItaliaState, nation: str) -> list[Action]:
    """:func:`legal_moves` the slow way, asking the raising checks of :mod:`.movement`
    about every candidate: the reference the fast list is tested against."""
    out: list[Action] = []
    candidates: list[tuple[tuple[int, ...], str]] = []
    by_zone: dict[str, list[int]] = {}
    for u in sorted(state.units_of(nation), key=lambda u: u.id):
        rec = state.moves.get(u.id)
        if rec is not None and rec.stopped:
            continue
        if u.carrier is not None:
            for zone in w.board.neighbours(u.zone):
                if w.is_land(zone) and _ok(
                    movement.check_disembark, w, state, nation, (u.id,), zone
                ):
                    out.append(Disembark(nation, (u.id,), zone))
            continue
        candidates.append(((u.id,), u.zone))
        if not u.is_fleet:
            by_zone.setdefault(u.zone, []).append(u.id)
    for zone, group in by_zone.items():
        if len(group) > 1 and any(state.units[i].is_leader for i in group):
            candidates.append((tuple(group), zone))
        fresh = tuple(i for i in group if i not in state.moves or not state.moves[i].steps)
        if fresh and state.campaign is None and hannibal_march(w, state, nation, (zone, "Alps")):
            out.append(Move(nation, fresh, (zone, "Alps")))
    campaign_leader = int(state.campaign["leader"]) if state.campaign else None
    for ids, zone in candidates:
        if len(ids) == 1:
            unit = state.units[ids[0]]
            rec = state.moves.get(unit.id)
            if rec is not None and rec.steps >= movement.allowance(state, unit, rec.leader):
                continue  # no movement left this phase (9.0): nothing to check
        at_sea = state.units[ids[0]].is_fleet
        if campaign_leader is not None and campaign_leader not in ids:
            carried = at_sea and any(c.id == campaign_leader for c in state.cargo(ids[0]))
            if not carried:
                continue  # 12.3.1: in a campaign nothing moves without the leader
        for nb in w.board.neighbours(zone):
            if w.is_sea(nb) != at_sea:
                continue  # land units stay ashore, fleets at sea (9.5); checked again below
            if _ok(movement.check_move, w, state, nation, ids, (zone, nb)):
                out.append(Move(nation, ids, (zone, nb)))
    for fleet in (u for u in state.units_of(nation) if u.is_fleet):
        for land in w.board.neighbours(fleet.zone):
            if not w.is_land(land):
                continue
            for u in state.units_in(land, nation):
                if _ok(movement.check_embark, w, state, nation, fleet.id, (u.id,)):
                    out.append(Embark(nation, fleet.id, (u.id,)))
    return out


def _ok(check: Any, *args: Any, **kwargs: Any) -> bool:
    try:
        check(*args, **kwargs)
    except (IllegalActionError, InvalidActionError):
        return False
    return True
