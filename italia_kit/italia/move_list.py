"""Listing the legal actions of a movement phase fast (9.0-9.6, 12.3.1, 12.5.2, 13.1, 13.2).

A random game asks for this list some 650 times, so it is built from one pass over the
nation's pieces and predicates that read what the pass counted, instead of asking the
raising checks of :mod:`.movement` about every candidate. A unit's steps alone are made
once per world (``World.land_moves``, ``World.sea_moves``) and taken whole unless one of
them enters a zone of allies, of enemies or Rome, the only steps that need a second look.
The predicates state the same rules as ``check_move``, ``check_embark`` and
``check_disembark`` for the one-step moves listed here; ``tests/test_italia_properties.py``
holds the two lists equal at every movement decision of random games.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from ..core import Action
from .actions import Disembark, Embark, Move
from .move_steps import (
    FLEET,
    FLEET_MOVES,
    LEADER,
    MOVEMENT,
    ROME,
    Occupancy,
    boardings,
    group_at,
    may_land,
    moves_together,
    sea_moves,
    second_look,
    steps_alone,
)
from .special import hannibal_march
from .state import ItaliaState, Unit
from .world import LandSteps, World


class Sides:
    """The other nations' pieces as one nation's movement phase sees them: they do not move
    while it moves, so this is read once per phase and kept in ``state.listing``.

    Any action but a move, an embarkation or a landing drops it (``rules.apply``); the
    token notices a piece added or removed all the same. It also keeps the last list made,
    in :class:`Parts`, for the next list to change where one unit stepped alone.
    """

    __slots__ = (
        "allies_only",
        "barred",
        "closed",
        "foes",
        "friends",
        "guarded",
        "invaded",
        "land_memo",
        "march",
        "own",
        "parts",
        "relocated",
        "sea_memo",
        "token",
    )

    def __init__(
        self, world: World, state: ItaliaState, nation: str, token: tuple[object, ...]
    ) -> None:
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
        # 12.5.2: a move may not end among allies only (a campaigning leader's may, 12.3.1)
        self.allies_only = self.friends - self.foes
        # 13.1: nobody enters Rome on turn 10 of Italia I
        last = world.variant == "italia1" and state.turn >= world.scenario.last_turn
        self.closed = ROME if last else frozenset()
        # 13.2: whether the Carthaginians may march from Africa to the Alps this turn (it
        # depends on the turn alone, not on the zone); every zone is asked then
        africa = world.board.zones_in_region("Africa")
        self.march = bool(africa) and hannibal_march(world, state, nation, (africa[0], "Alps"))
        self.invaded = -1  # how many zones were invaded (9.3) when guarded was read
        self.guarded: set[str] = set()
        self.barred: set[str] = set()
        # the nation's one-step moves, kept by the world (World.land_moves, World.sea_moves)
        self.land_memo = world.land_moves.setdefault(nation, {})
        self.sea_memo = world.sea_moves.setdefault(nation, {})
        # the last list in parts, and the pieces ItaliaState.relocate has moved since
        self.parts: Parts | None = None
        self.relocated: list[Unit] = []

    def watch(self, state: ItaliaState) -> None:
        """Read again, if an invasion took a zone since, where entering is an attack (8.3:
        limited until invaded, 9.3) and where a step needs a second look at all. Zones
        invaded in a phase are only added to, so their number tells."""
        self.invaded = len(state.invaded)
        self.guarded = self.foes.difference(state.invaded)
        self.barred = self.allies_only | self.guarded | self.closed

    @classmethod
    def of(cls, world: World, state: ItaliaState, nation: str) -> Sides:
        token = (
            nation,
            state.turn,
            state.phase_name,
            state.second_phase,
            state.next_id,
            len(state.units),
        )
        sides = state.listing
        if not isinstance(sides, Sides) or sides.token != token:
            sides = state.listing = cls(world, state, nation, token)
        if len(state.invaded) != sides.invaded:
            sides.watch(state)
        return sides


class Parts:
    """The last list :func:`legal_moves` made, in the parts one unit's step may change, with
    what they were made from: the next list, after one land unit (not a leader) stepped
    alone between zones where it attacks nobody, or an empty fleet sailed, is made again
    from them (:func:`_again`)."""

    __slots__ = (
        "alone",
        "boarders",
        "boarding",
        "cargo",
        "fleets",
        "free_leaders",
        "groups",
        "invaded",
        "landings",
        "occ",
        "slot",
    )

    def __init__(
        self,
        invaded: int,
        occ: Occupancy,
        landings: list[Action],
        alone: list[Sequence[Action]],
        slot: dict[int, tuple[int, str]],
        free_leaders: set[str],
        groups: list[tuple[int, str, list[Action]]],
        fleets: list[Unit],
        cargo: dict[int, int],
        boarders: dict[str, list[Unit]],
        boarding: list[Action],
    ) -> None:
        self.invaded = invaded  # len(state.invaded) then: an invasion changes what is guarded
        self.occ = occ  # its counts change only where a unit enters or leaves a guarded zone
        self.landings = landings  # 9.6: read the occupancy of guarded zones, and the cargo
        self.alone = alone  # each unit's steps alone, in id order
        # a land unit's (not a leader's) place in alone and its zone, if it had one
        self.slot = slot
        self.free_leaders = free_leaders  # 9.1: zones where a leader may still move
        self.groups = groups  # 9.1: (first id, zone, its moves), in the order of first ids
        self.fleets = fleets  # 9.6: what the embarkations were made from
        self.cargo = cargo
        self.boarders = boarders
        self.boarding = boarding  # 9.6: the embarkations


def _unit_id(u: Unit) -> int:
    return u.id


def legal_moves(world: World, state: ItaliaState, nation: str) -> list[Action]:
    """The one-step moves of each unit and of each leader's whole zone, the march to the
    Alps (13.2), embarking and landing (9.6), in a fixed order.

    One pass over the nation's pieces counts them by zone and lists each unit's own steps
    where no step needs a second look (most of them); the steps into zones of allies,
    enemies or Rome are looked at after it, when the counts are known. After most moves
    the last list is only changed where the unit that moved is (:func:`_again`)."""
    sides = Sides.of(world, state, nation)
    again = _again(world, state, nation, sides)
    sides.relocated.clear()
    if again is not None:
        return again
    moves = state.moves
    campaign = state.campaign
    campaign_leader = int(campaign["leader"]) if campaign else None
    guarded, closed = sides.guarded, sides.closed
    barred = sides.barred  # where a step needs a second look
    bonus = 1 if state.extra_move and not state.second_phase else 0  # allowance(), 12.2
    land_memo, sea_memo = sides.land_memo, sides.sea_memo
    # own units counted for stacking (8.0) and own leaders, ashore, where they may be
    # attacked: 8.3 counts them in no other zone
    count: dict[str, int] = {}
    leaders: set[str] = set()
    cargo: dict[int, int] = {}  # troops (not leaders) aboard each fleet (9.6)
    fleets: list[Unit] = []  # the nation's fleets, moved or not (embarking, 9.6)
    aboard: list[Unit] = []  # aboard a fleet, not stopped (landing, 9.6)
    free_leaders: set[str] = set()  # zones where a leader may still move (9.1)
    # 9.6: units ashore that may still board a fleet (not a fleet, not moved, stopped or
    # carried yet this turn), by zone, in id order
    boarders: dict[str, list[Unit]] = {}
    alone: list[Sequence[Action]] = []  # each unit's steps alone, in id order
    held: list[tuple[int, Unit, LandSteps]] = []  # (its place in alone, unit, its steps)
    slot: dict[int, tuple[int, str]] = {}  # for Parts
    for u in sides.own:  # in id order: the order of the list
        uid, zone, kind, carrier = u.id, u.zone, u.type, u.carrier
        rec = moves.get(uid)
        if carrier is not None:
            if kind is not LEADER:
                cargo[carrier] = cargo.get(carrier, 0) + 1
            if rec is None or not rec.stopped:
                aboard.append(u)
            continue
        if zone in guarded:
            if kind is LEADER:
                leaders.add(zone)
            else:  # every unit but a leader counts (8.0)
                count[zone] = count.get(zone, 0) + 1
        if kind is FLEET:
            fleets.append(u)
            if rec is not None and (rec.stopped or rec.steps >= FLEET_MOVES):
                continue  # 9.5: two sea zones a turn
            if (
                campaign_leader is not None
                and uid != campaign_leader
                and not any(c.id == campaign_leader for c in state.cargo(uid))
            ):
                continue  # 12.3.1: in a campaign only the leader's fleet moves
            if (by_sea := sea_memo.get(uid)) is None:
                by_sea = sea_memo[uid] = {}
            if (seaward := by_sea.get(zone)) is None:
                seaward = by_sea[zone] = sea_moves(world, nation, uid, zone)
            slot[uid] = (len(alone), zone)
            alone.append(seaward)
            continue
        if rec is None:
            used = 0
        elif rec.stopped:
            continue
        else:
            used = rec.steps
        if kind is LEADER:
            free_leaders.add(zone)
        if not used and (rec is None or rec.fleet_used is None):
            if zone in boarders:
                boarders[zone].append(u)
            else:
                boarders[zone] = [u]
        if campaign_leader is not None and uid != campaign_leader:
            continue  # 12.3.1: in a campaign nothing moves without the leader
        # 9.0/9.1: alone, a unit has its own allowance (+1 with the card's bonus, 12.2);
        # allowance() gives just that for a group of one
        if used >= MOVEMENT[kind] + bonus:
            continue
        option = steps_alone(world, nation, land_memo, uid, zone, used)
        if kind is not LEADER:
            slot[uid] = (len(alone), zone)
        if not barred.isdisjoint(option[0]):
            held.append((len(alone), u, option))
        alone.append(option[1])
    occ = Occupancy(count, leaders, sides.allies_only, guarded, closed)  # read from now on
    extra = 1 if state.major else 0  # 12.2: a major invasion attacks with one more
    for i, u, option in held:  # into zones of allies, enemies, Rome
        alone[i] = second_look(occ, barred, extra, campaign is not None, u, option)
    out: list[Action] = []
    cache = world.action_cache  # actions are values: each is made once per world, reused
    for u in aboard:  # 9.6: landing
        rec = moves.get(u.id)
        for zone in world.land_exits(u.zone):
            if may_land(world, state, occ, rec, u, zone):
                key: tuple[object, ...] = ("disembark", nation, u.id, zone)
                if (action := cache.get(key)) is None:
                    action = cache[key] = Disembark(nation, (u.id,), zone)
                out.append(action)
    hannibal = sides.march  # hannibal_march may hold somewhere (13.2)
    # 9.1: a leader's whole zone moves together: the units there that may still move, in
    # id order; the groups in the order of their first units
    groups: list[tuple[int, str, list[Action]]] = []
    if campaign is None and hannibal:  # every zone is asked about the march (13.2)
        by_zone: dict[str, list[Unit]] = {}
        for u in sides.own:
            rec = moves.get(u.id)
            if u.carrier is None and u.type is not FLEET and (rec is None or not rec.stopped):
                by_zone.setdefault(u.zone, []).append(u)
        for zone, group in by_zone.items():
            if len(group) > 1 and any(u.type is LEADER for u in group):
                moved = moves_together(world, state, occ, nation, group, zone, hannibal)
                groups.append((group[0].id, zone, moved))
            if hannibal_march(world, state, nation, (zone, "Alps")):
                fresh = tuple(u.id for u in group if u.id not in moves or not moves[u.id].steps)
                if fresh:
                    out.append(Move(nation, fresh, (zone, "Alps")))
    elif free_leaders:  # only where a leader stands (the zone index is in id order)
        for zone in free_leaders:
            group = group_at(state, nation, zone)
            if len(group) > 1 and (
                campaign_leader is None or any(u.id == campaign_leader for u in group)
            ):  # 12.3.1
                moved = moves_together(world, state, occ, nation, group, zone, hannibal)
                groups.append((group[0].id, zone, moved))
        if len(groups) > 1:
            groups.sort(key=_first)
    landings = out[:] if campaign is None and not hannibal else []
    out.extend(chain.from_iterable(alone))
    for group_moves in groups:
        out.extend(group_moves[2])
    boarding = boardings(world, state, nation, fleets, boarders, cargo)
    out.extend(boarding)
    if campaign is None and not hannibal:  # the common case _again makes again
        sides.parts = Parts(
            len(state.invaded),
            occ,
            landings,
            alone,
            slot,
            free_leaders,
            groups,
            fleets,
            cargo,
            boarders,
            boarding,
        )
    else:
        sides.parts = None
    return out


def _again(world: World, state: ItaliaState, nation: str, sides: Sides) -> list[Action] | None:
    """The list again after one land unit, not a leader, stepped alone from a zone to
    another, neither guarded (8.3), or a fleet sailed with nobody aboard (9.5), with no
    invasion (9.3), campaign (12.3) or march (13.2) under way: None for anything else, to
    make it whole.

    Such a step changes the unit's own steps; a land unit's also the groups (9.1) where it
    was and where it went, and whether it may board a fleet (9.6: not once it has moved);
    a fleet's the units that may board it. It changes no count 8.3 reads (those are kept
    for guarded zones only), nor anything the other units' steps or the landings read."""
    parts = sides.parts
    moved = sides.relocated
    if parts is None or len(moved) != 1 or state.campaign is not None:
        return None
    u = moved[0]
    before = parts.slot.get(u.id)
    if before is None or u.carrier is not None or parts.invaded != len(state.invaded):
        return None
    i, was = before
    zone = u.zone
    rec = state.moves.get(u.id)
    alone = parts.alone
    if u.type is FLEET:  # no cargo: a fleet that carries is relocated with it
        if rec is not None and (rec.stopped or rec.steps >= FLEET_MOVES):
            alone[i] = ()  # 9.5: two sea zones a turn
        else:
            if (by_sea := sides.sea_memo.get(u.id)) is None:
                by_sea = sides.sea_memo[u.id] = {}
            if (seaward := by_sea.get(zone)) is None:
                seaward = by_sea[zone] = sea_moves(world, nation, u.id, zone)
            alone[i] = seaward
        parts.slot[u.id] = (i, zone)
        parts.boarding = boardings(world, state, nation, parts.fleets, parts.boarders, parts.cargo)
        return _assembled(parts)
    guarded = sides.guarded
    if zone in guarded or was in guarded:
        return None
    used = rec.steps if rec is not None else 0
    bonus = 1 if state.extra_move and not state.second_phase else 0  # allowance(), 12.2
    if (rec is not None and rec.stopped) or used >= MOVEMENT[u.type] + bonus:
        alone[i] = ()
    else:
        option = steps_alone(world, nation, sides.land_memo, u.id, zone, used)
        if sides.barred.isdisjoint(option[0]):
            alone[i] = option[1]
        else:
            extra = 1 if state.major else 0
            alone[i] = second_look(parts.occ, sides.barred, extra, False, u, option)
    parts.slot[u.id] = (i, zone)
    free_leaders = parts.free_leaders  # no leader moved
    if was in free_leaders or zone in free_leaders:  # 9.1: the groups of both zones again
        kept = [g for g in parts.groups if g[1] != was and g[1] != zone]
        for where in (was, zone):
            if where in free_leaders:
                group = group_at(state, nation, where)
                if len(group) > 1:
                    moves = moves_together(world, state, parts.occ, nation, group, where, False)
                    kept.append((group[0].id, where, moves))
        if len(kept) > 1:
            kept.sort(key=_first)
        parts.groups = kept
    boarders = parts.boarders.get(was)
    if boarders is not None and u in boarders:  # 9.6: it moved, so it boards no fleet
        boarders.remove(u)
        key = (u.id,)
        parts.boarding = [
            a for a in parts.boarding if not (isinstance(a, Embark) and a.units == key)
        ]
    return _assembled(parts)


def _assembled(parts: Parts) -> list[Action]:
    """The list from its parts, in :func:`legal_moves`' order."""
    out = parts.landings[:]
    out.extend(chain.from_iterable(parts.alone))
    for group in parts.groups:
        out.extend(group[2])
    out.extend(parts.boarding)
    return out


def _first(group: tuple[int, str, list[Action]]) -> int:
    return group[0]
