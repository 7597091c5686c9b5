"""Reaction moves (12.3.2): after each campaign move the other nations near the leader may
each move units one zone, to join the battle or to wait; then the battles are found."""

from __future__ import annotations

from operator import attrgetter

from italia_kit.core import Action, Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia.actions import (
    ReactionMove,
)
from italia_kit.games.italia.campaign_base import leader_unit
from italia_kit.games.italia.special import TURN_TEN_NATIONS
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import of_nation
from italia_kit.games.italia.world import World


def start_reactions(ctx: Context[ItaliaState], world: World) -> None:
    """12.3.2: every other nation with units in or next to the leader's zone, in order."""
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    leader = leader_unit(state)
    campaign["stage"] = "reaction"
    if leader is None:
        campaign["queue"] = []
    else:
        near = {leader.zone, *world.board.neighbours(leader.zone)}
        present = {u.nation for u in state.units.values() if u.zone in near}
        campaign["queue"] = [n for n in state.nation_order if n in present and n != state.active]
        if state.turn_ten is not None:  # 13.4: the other nations are neutral
            campaign["queue"] = [n for n in campaign["queue"] if n in TURN_TEN_NATIONS]
    next_reactor(ctx, world)


def next_reactor(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    if campaign["queue"]:
        state.actor_override = campaign["queue"][0]
        return
    state.actor_override = None
    campaign["stage"] = "decide"
    if state.turn_ten is not None:
        world.rulebook.turn_ten_legions_go_over(ctx, world)  # 13.4: after the moves
    state.phase_name = "combat"
    world.rulebook.find_combat(ctx, world)


def reaction_moves(
    world: World, state: ItaliaState, nation: str, *, fast: bool = True
) -> list[Action]:
    """Each unit's one-zone reaction moves (12.3.2).

    ``fast``: judged by :class:`_ReactionCheck` (the rules of ``check_reaction`` for one
    unit, without raising); ``fast=False`` asks ``check_reaction`` for each, and a test
    holds the two lists equal.
    """
    out: list[Action] = []
    campaign = state.campaign
    assert campaign is not None
    reacted = set(campaign["reacted"])
    check = _ReactionCheck(world, state, nation)
    # 12.3.4: a block stops the enemy units in the zone, not the campaigner's allies'
    blocked = [] if world.allied(state, state.active, nation) else campaign["blocked"]
    cache = world.action_cache  # actions are values: each is made once per world, reused
    # where a unit may react to depends on its zone and its kind (fleet, leader, other)
    # alone (_ReactionCheck.targets): found once for the units of a stack alike
    found: dict[tuple[str, bool, bool], list[str]] = {}
    for u in sorted([u for u in state.units.values() if u.nation == nation], key=_unit_id):
        if u.id in reacted or u.zone in blocked:
            continue
        if fast:
            kind = (u.zone, u.is_fleet, u.is_leader)
            tos = found.get(kind)
            if tos is None:
                tos = found[kind] = check.targets(u)
        else:
            tos = [to for to in world.neighbours(u.zone) if _reacts(world, state, nation, u, to)]
        for to in tos:
            key = ("react", nation, u.id, to)
            action = cache.get(key)
            if action is None:
                action = cache[key] = ReactionMove(nation, (u.id,), to)
            out.append(action)
    return out


def _reacts(world: World, state: ItaliaState, nation: str, unit: Unit, to: str) -> bool:
    """May ``unit`` make the reaction move to ``to``, as :func:`check_reaction` judges?"""
    try:
        check_reaction(world, state, nation, (unit.id,), to)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


class _ReactionCheck:
    """:func:`check_reaction` for one unit of ``nation`` that has not reacted, outside a
    blocked zone, moving to a zone next to it (what :func:`reaction_moves` tries), with what
    the units next to one zone share (its nations, the room aboard fleets) found once."""

    def __init__(self, world: World, state: ItaliaState, nation: str) -> None:
        self.world = world
        self.state = state
        self.nation = nation
        self.campaigner = state.active
        leader = leader_unit(state)
        self.leader_zone = leader.zone if leader is not None else None
        campaign = state.campaign
        self.raided = campaign.get("raid", "") if campaign is not None else ""
        self.closed = world.closed(state)  # 13.1: nobody enters Rome on turn 10
        # 9.2: no reaction move ends in a borderland the reacting nation may not stay in
        info = world.nation(nation)
        self.closed |= {z for z in world.borderland_zones if z not in info.may_stay_in_borderlands}
        self.present: dict[str, set[str]] = {}  # zone -> nations ashore or afloat there
        self.room: dict[str, int | None] = {}  # sea -> places aboard, None: no fleet

    def targets(self, unit: Unit) -> list[str]:
        """The zones next to ``unit`` it may react to, in board order."""
        state, nation, campaigner = self.state, self.nation, self.campaigner
        is_sea, present, room = self.world.is_sea, self.present, self.room
        fleet, need = unit.is_fleet, (0 if unit.is_leader else 1)
        out = []
        for to in self.world.neighbours(unit.zone):
            if is_sea(to):
                if not fleet:
                    # 12.3.2.3: to sea, aboard the nation's own fleets with room (2 units
                    # each, 9.6)
                    if to not in room:
                        fleets = [f for f in state.units_in(to, nation) if f.is_fleet]
                        room[to] = (
                            sum(
                                2 - sum(1 for c in state.cargo(f.id) if not c.is_leader)
                                for f in fleets
                            )
                            if fleets
                            else None
                        )
                    places = room[to]
                    if places is not None and need <= places:
                        out.append(to)
                    continue
            elif fleet or to in self.closed:
                continue  # fleets never go ashore (9.5); 13.1
            here = present.get(to)
            if here is None:
                here = present[to] = {
                    u.nation for u in state.units_in(to) if u.carrier is None or u.is_fleet
                }
            if to == self.leader_zone:  # a move to combat (12.3.2.1)
                if self.raided == to and to not in state.invaded:
                    continue  # 12.3.3: only waiting moves into a raided zone
                if nation in here and len(here | {nation}) <= 2:  # 12.3.2.3: two nations
                    out.append(to)
            # a waiting move: no combat may result (12.3.2.2)
            elif here <= {nation, campaigner} and not (campaigner in here and nation not in here):
                out.append(to)
        return out


def check_reaction(
    world: World, state: ItaliaState, nation: str, ids: tuple[int, ...], to: str
) -> tuple[list[Unit], str]:
    campaign = state.campaign
    assert campaign is not None
    leader = leader_unit(state)
    to = world.zone_name(to)
    units = []
    for i in ids:
        u = state.units.get(i)
        if u is None or u.nation != nation:
            raise InvalidActionError(f"unit #{i} is not {of_nation('unit', nation)}")
        units.append(u)
    if not units:
        raise InvalidActionError("a reaction move needs at least one unit")
    frm = {u.zone for u in units}
    if len(frm) != 1:
        raise IllegalActionError("12.3.2.3", "units reacting together start in one zone")
    start = frm.pop()
    for u in units:
        if u.id in campaign["reacted"]:
            raise IllegalActionError("12.3.2.3", f"{u.label()} has made its reaction move")
        if start in campaign["blocked"] and not world.allied(state, state.active, nation):
            raise IllegalActionError("12.3.4", f"the units in {start} are blocked")
    link = world.board.link(start, to)
    if link is None:
        raise IllegalActionError(
            "12.3.2.3", f"a reaction move goes one zone: {to} is not next to {start}"
        )
    fleets = all(u.is_fleet for u in units)
    if any(u.is_fleet for u in units) and not fleets:
        raise IllegalActionError("12.3.2.3", "fleets and land units react apart")
    if fleets and not world.is_sea(to):
        raise IllegalActionError("12.3.2.3", "fleets never go ashore (9.5)")
    if not fleets and world.is_sea(to):
        # 12.3.2.3: to sea, aboard the nation's own fleets with room (2 units each, 9.6)
        if not _room_aboard(state, nation, to, units):
            raise IllegalActionError("12.3.2.3", f"no {nation} fleet in {to} has room for them")
        return units, to
    if to in world.closed(state):
        raise IllegalActionError("13.1", f"during turn 10 no nation may control {to}")
    if world.is_borderland(to) and to not in world.nation(nation).may_stay_in_borderlands:
        raise IllegalActionError(
            "9.2", f"the {nation} may not stay in the borderland {to}: no reaction move there"
        )
    here = {u.nation for u in state.units_in(to) if u.carrier is None or u.is_fleet}
    campaigner = state.active
    if leader is not None and to == leader.zone:
        if campaign.get("raid") == to and to not in state.invaded:
            # 12.3.3: only waiting moves, unless the campaigner invaded the raided zone
            raise IllegalActionError(
                "12.3.3", f"a raid was announced on {to}: only waiting moves are allowed"
            )
        if nation not in here:
            raise IllegalActionError(
                "12.3.2.1", f"to move to combat the {nation} need a unit already in {to}"
            )
        if len(here | {nation}) > 2:
            raise IllegalActionError("12.3.2.3", "never more than two nations in a zone")
        return units, to
    # a waiting move: no combat may result (12.3.2.2)
    if not here <= {nation, campaigner} or (campaigner in here and nation not in here):
        raise IllegalActionError(
            "12.3.2.2", f"a waiting move goes where no combat results; {to} holds {sorted(here)}"
        )
    return units, to


def react(
    ctx: Context[ItaliaState], world: World, nation: str, ids: tuple[int, ...], to: str
) -> None:
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    units, to = check_reaction(world, state, nation, ids, to)
    start = units[0].zone
    for u in units:
        cargo = state.cargo(u.id) if u.is_fleet else []
        if world.is_sea(to) and not u.is_fleet:
            state.relocate(u, to, _fleet_with_room(state, nation, to, u))
        elif not u.is_fleet:
            state.relocate(u, to, None)  # landing from a fleet
        else:
            state.relocate(u, to)
        for c in cargo:
            state.relocate(c, to)
        campaign["reacted"].append(u.id)
    if start not in campaign["reacted_from"]:
        campaign["reacted_from"].append(start)
    leader = leader_unit(state)
    kind = "to combat" if leader is not None and to == leader.zone else "waiting"
    ctx.emit(
        "reaction",
        "12.3.2",
        f"12.3.2: reaction move ({kind}): the {nation} move {', '.join(u.label() for u in units)} "
        f"from {start} to {to}.",
        nation=nation,
        units=list(ids),
        to=to,
    )


def _room_aboard(state: ItaliaState, nation: str, sea: str, units: list[Unit]) -> bool:
    fleets = [f for f in state.units_in(sea, nation) if f.is_fleet]
    room = sum(2 - sum(1 for c in state.cargo(f.id) if not c.is_leader) for f in fleets)
    return bool(fleets) and sum(1 for u in units if not u.is_leader) <= room


def _fleet_with_room(state: ItaliaState, nation: str, sea: str, unit: Unit) -> int:
    for fleet in sorted(state.units_in(sea, nation), key=lambda f: f.id):
        if fleet.is_fleet and (
            unit.is_leader or sum(1 for c in state.cargo(fleet.id) if not c.is_leader) < 2
        ):
            return fleet.id
    raise IllegalActionError("12.3.2.3", f"no {nation} fleet in {sea} has room")


#: a unit's id, to sort by (a C callable)
_unit_id = attrgetter("id")
