"""Campaigns (12.3): a leader's stack moves and fights again and again, one gold a move,
with reaction moves (12.3.2) and blocking (12.3.4) between its moves and its battles.

``state.campaign`` holds the campaign: its ``leader``, the ``stage`` (``decide``, ``block``,
``reaction``, ``over``), the reaction ``queue``, the units that have ``reacted``, the zones
they came from (``reacted_from``: the campaigner may not retreat there) and the zone
blocked last (``last_blocked``).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from italia_kit.core import Action, Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia.actions import (
    Block,
    CampaignMove,
    DeclareRaid,
    EndCampaign,
    EndReaction,
    ReactionMove,
    Revolt,
)
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import article
from italia_kit.games.italia.victory import eliminate
from italia_kit.games.italia.world import World


def campaign_card(world: World, state: ItaliaState, nation: str) -> Any:
    """This turn's campaign reinforcement of a nation, if any (12.3, the nation card)."""
    for r in world.nation(nation).reinforcements:
        if r.turn == state.turn and r.campaign:
            return r
    return None


def campaign_leader(world: World, state: ItaliaState, nation: str) -> Unit | None:
    card = campaign_card(world, state, nation)
    if card is None:
        return None
    names = set(card.leaders)
    leaders = [u for u in state.units_of(nation) if u.is_leader]
    named = [u for u in leaders if u.name in names]
    fresh = [u for u in leaders if u.arrived == state.turn]
    pick = named or fresh or leaders
    return pick[0] if pick else None


def start(ctx: Context[ItaliaState], world: World) -> bool:
    """Begin the campaign phase (phase 5) if the card gives one; True if it began."""
    state = ctx.state
    nation = state.active
    if state.campaign is not None:
        return False
    card = campaign_card(world, state, nation)
    leader = campaign_leader(world, state, nation)
    if card is None or leader is None:
        return False
    state.campaign_gold[nation] = state.campaign_gold.get(nation, 0) + card.gold
    state.campaign = new_record(leader.id)
    state.phase_name = "campaign"
    ctx.emit(
        "campaign",
        "12.3",
        f"12.3: {leader.label()} leads a campaign for the {nation} with "
        f"{state.campaign_gold[nation]} campaign gold and {state.gold.get(nation, 0)} in reserve: "
        f"each move costs 1 gold.",
        nation=nation,
        leader=leader.id,
    )
    return True


def new_record(leader: int) -> dict[str, Any]:
    """The state of a fresh campaign led by unit ``leader`` (see the module docstring)."""
    return {
        "leader": leader,
        "stage": "decide",
        "moves": 0,
        "queue": [],
        "reacted": [],
        "reacted_from": [],
        "blocked": [],
        "last_blocked": "",
        "raid": "",
    }


def gold_available(state: ItaliaState, nation: str) -> int:
    return state.campaign_gold.get(nation, 0) + state.gold.get(nation, 0)


def leader_unit(state: ItaliaState) -> Unit | None:
    if state.campaign is None:
        return None
    return state.units.get(int(state.campaign["leader"]))


def legal_actions(world: World, state: ItaliaState) -> list[Action]:
    campaign = state.campaign
    assert campaign is not None
    nation = state.actor
    stage = campaign["stage"]
    out: list[Action] = []
    if stage == "decide":
        if gold_available(state, nation) >= 1 and leader_unit(state) is not None:
            out.append(CampaignMove(nation))
        if _may_end(world, state) or gold_available(state, nation) < 1:
            out.append(EndCampaign(nation))
    elif stage == "block":
        out.append(Block(nation, "", 0))
        leader = leader_unit(state)
        if leader is not None and raid_may_be_announced(world, state):
            out.append(DeclareRaid(nation, leader.zone))
        if leader is not None and gold_available(state, nation) >= 1:
            own = [u for u in state.units_of(nation) if not u.is_leader and u.carrier is None]
            for zone in _blockable(world, state, leader.zone, nation):
                if own:
                    out.append(Block(nation, zone, own[0].id))
    elif stage == "reaction":
        out.append(EndReaction(nation))
        out.extend(_reactions(world, state, nation))
        if hannibal_revolt_possible(world, state, nation):
            out.append(Revolt(nation))
    return out


def _may_end(world: World, state: ItaliaState) -> bool:
    leader = leader_unit(state)
    if leader is None:
        return True
    return not any(
        world.allied(state, leader.nation, u.nation)
        for u in world.occupants(state, leader.zone, leader.nation)
    )


def _enemies_in(world: World, state: ItaliaState, zone: str, nation: str) -> list[str]:
    """12.3.4: the nations in ``zone`` whose units a block of ``nation`` stops: its
    enemies, not itself nor its allies (a master, its subjects, 12.5.2), sorted."""
    others = {u.nation for u in state.where.get(zone, ()) if u.nation != nation}
    return sorted(n for n in others if not world.allied(state, nation, n))


def _blockable(world: World, state: ItaliaState, zone: str, nation: str) -> list[str]:
    campaign = state.campaign
    assert campaign is not None
    out = []
    for nb in world.board.neighbours(zone):
        if nb == campaign["last_blocked"]:
            continue
        if _enemies_in(world, state, nb, nation):
            out.append(nb)
    return out


def apply(ctx: Context[ItaliaState], world: World, action: Action) -> None:
    state = ctx.state
    campaign = state.campaign
    nation = getattr(action, "nation", "")
    if campaign is None or state.phase_name != "campaign":
        raise IllegalActionError("12.3", f"{action.kind} is possible only during a campaign")
    stage = campaign["stage"]
    if isinstance(action, CampaignMove | EndCampaign) and stage != "decide":
        raise IllegalActionError("12.3", f"the campaign awaits {stage}, not {action.kind}")
    if isinstance(action, DeclareRaid):
        if stage != "block":
            raise IllegalActionError("12.3.3", "a raid is announced before any reaction move")
        leader = leader_unit(state)
        zone = world.zone_name(action.zone)
        if campaign["raid"]:
            raise IllegalActionError("12.3.3", f"a raid on {campaign['raid']} is announced")
        if leader is None or zone != leader.zone or not _raid_possible(world, state, zone, nation):
            raise IllegalActionError(
                "12.3.3", f"a campaign raid strikes an enemy city in the leader's zone, not {zone}"
            )
        campaign["raid"] = zone
        ctx.emit(
            "raid_announced",
            "12.3.3",
            f"12.3.3: the {nation} announce a raid on {zone}: the others may make only "
            f"waiting moves there.",
            zone=zone,
        )
        return
    if isinstance(action, Block) and stage != "block":
        raise IllegalActionError("12.3.4", "blocking comes right after the leader has moved")
    if isinstance(action, ReactionMove | EndReaction) and stage != "reaction":
        raise IllegalActionError("12.3.2", "reaction moves come after a campaign move")
    if isinstance(action, CampaignMove):
        _campaign_move(ctx, world, nation)
    elif isinstance(action, EndCampaign):
        if state.turn_ten is not None:
            from italia_kit.games.italia.turn_ten import passed

            passed(ctx, world, nation)  # 13.4: it is possible to pass
            return
        if not _may_end(world, state) and gold_available(state, nation) >= 1:
            # with no gold left the campaign ends wherever it stands (12.3.1)
            raise IllegalActionError(
                "12.3.1", "the last move of a campaign may not end in a subject's zone"
            )
        end(ctx, world, "the campaigner stops")
    elif isinstance(action, Block):
        _block(ctx, world, nation, action.zone, action.unit)
    elif isinstance(action, ReactionMove):
        _react(ctx, world, nation, action.units, action.to)
    elif isinstance(action, EndReaction):
        campaign["queue"].pop(0)
        _next_reactor(ctx, world)


def _campaign_move(ctx: Context[ItaliaState], world: World, nation: str) -> None:
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    if leader_unit(state) is None:
        raise IllegalActionError("12.3.1", "the campaign ended with its leader")
    if gold_available(state, nation) < 1:
        raise IllegalActionError("12.3.1", f"a campaign move costs 1 gold; the {nation} have none")
    if state.campaign_gold.get(nation, 0) > 0:
        state.campaign_gold[nation] -= 1
        source = "campaign gold"
    else:
        state.gold[nation] -= 1
        source = "the reserve"
    campaign["moves"] += 1
    campaign["reacted"] = []
    campaign["reacted_from"] = []
    campaign["blocked"] = []
    campaign["raid"] = ""
    state.phase_name = "movement"
    state.moves.clear()
    state.invaded.clear()
    # 10.7: a city raided in an earlier phase may be raided again ("this is possible during
    # a major invasion or a campaign"); not twice in one combat phase
    state.raided.clear()
    ctx.emit(
        "campaign_move",
        "12.3.1",
        f"12.3.1: campaign move {campaign['moves']} of the {nation}, paid with 1 gold from "
        f"{source}; only the leader's stack may move.",
    )


def after_movement(ctx: Context[ItaliaState], world: World) -> None:
    """After a campaign move: announcing a raid (12.3.3) and blocking (12.3.4), then
    reaction moves (12.3.2)."""
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    state.phase_name = "campaign"
    leader = leader_unit(state)
    if leader is not None and (
        (
            gold_available(state, state.active) >= 1
            and _blockable(world, state, leader.zone, state.active)
        )
        # 12.3.3: "Any raid must be announced before any reaction move": asked here even
        # where nothing can be blocked
        or _raid_possible(world, state, leader.zone, state.active)
    ):
        campaign["stage"] = "block"
        return
    _start_reactions(ctx, world)


def _block(ctx: Context[ItaliaState], world: World, nation: str, zone: str, unit_id: int) -> None:
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    if zone:
        zone = world.zone_name(zone)
        leader = leader_unit(state)
        assert leader is not None
        if zone == campaign["last_blocked"]:
            raise IllegalActionError(
                "12.3.4", f"{zone} was blocked by the last campaign move: not twice in a row"
            )
        if zone not in _blockable(world, state, leader.zone, nation):
            raise IllegalActionError(
                "12.3.4",
                f"no enemy units to block next to the leader in {zone} (allies are not blocked)",
            )
        unit = state.units.get(unit_id)
        if unit is None or unit.nation != nation or unit.is_leader:
            raise IllegalActionError("12.3.4", "blocking costs one of the campaigner's own units")
        if gold_available(state, nation) < 1:
            raise IllegalActionError("12.3.4", "blocking costs 1 gold")
        if state.campaign_gold.get(nation, 0) > 0:
            state.campaign_gold[nation] -= 1
        else:
            state.gold[nation] -= 1
        blocked = _enemies_in(world, state, zone, nation)
        eliminate(  # the blocked nation may score the unit given up (12.3.4)
            ctx,
            world,
            unit,
            by=blocked[0] if blocked else None,
            rule="12.3.4",
            why=f"given up to block {zone}",
        )
        campaign["blocked"] = [zone]
        campaign["last_blocked"] = zone
        ctx.emit(
            "block",
            "12.3.4",
            f"12.3.4: the {nation} pay 1 gold and give up {unit.label()} to block {zone}: "
            f"the units there may not react.",
            zone=zone,
            unit=unit.id,
        )
    else:
        campaign["last_blocked"] = ""
    _start_reactions(ctx, world)


def _start_reactions(ctx: Context[ItaliaState], world: World) -> None:
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
            from italia_kit.games.italia.turn_ten import ORDER

            campaign["queue"] = [n for n in campaign["queue"] if n in ORDER]
    _next_reactor(ctx, world)


def _next_reactor(ctx: Context[ItaliaState], world: World) -> None:
    from italia_kit.games.italia.sequence import find_combat

    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    if campaign["queue"]:
        state.actor_override = campaign["queue"][0]
        return
    state.actor_override = None
    campaign["stage"] = "decide"
    if state.turn_ten is not None:
        from italia_kit.games.italia.turn_ten import legions_go_over

        legions_go_over(ctx, world)  # 13.4: after the campaign and reaction moves
    state.phase_name = "combat"
    find_combat(ctx, world)


def _reactions(world: World, state: ItaliaState, nation: str, *, fast: bool = True) -> list[Action]:
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
    blocked zone, moving to a zone next to it (what :func:`_reactions` tries), with what
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
            raise InvalidActionError(f"unit #{i} is not {article(nation)} unit")
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


def _react(
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


def after_combat(ctx: Context[ItaliaState], world: World) -> bool:
    """Back to the campaigner's choice after the battles; True if the campaign is over."""
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    if state.turn_ten is not None:  # 13.4: one move each, in turn
        from italia_kit.games.italia.turn_ten import moved

        moved(ctx, world)
        return False
    if campaign["stage"] == "over":
        return True
    if leader_unit(state) is None:
        end(ctx, world, "its leader is dead (12.3.1)")
        return True
    state.phase_name = "campaign"
    campaign["stage"] = "decide"
    return False


def end(ctx: Context[ItaliaState], world: World, why: str) -> None:
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    campaign["stage"] = "over"
    nation = state.active
    from italia_kit.games.italia.sequence import clear_borderlands

    clear_borderlands(ctx, world)  # 9.2: nobody waits in the borderlands any longer
    left = state.campaign_gold.pop(nation, 0)
    if left:  # 12.3.1: gold not spent stays on the wealth track
        state.gold[nation] = min(10, state.gold.get(nation, 0) + left)
    ctx.emit(
        "campaign_end",
        "12.3",
        f"12.3: the {nation}' campaign ends: {why}; {state.gold.get(nation, 0)} gold left.",
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


def raid_may_be_announced(world: World, state: ItaliaState) -> bool:
    """12.3.3: after a campaign move, before the reaction moves, whether the campaigner
    may still announce a raid in the leader's zone (one a campaign move)."""
    campaign = state.campaign
    leader = leader_unit(state)
    if campaign is None or leader is None or campaign.get("raid"):
        return False
    return _raid_possible(world, state, leader.zone, state.active)


def _raid_possible(world: World, state: ItaliaState, zone: str, nation: str) -> bool:
    """12.3.3, 10.7: an enemy-held city stands in the leader's zone, not raided in this
    campaign phase."""
    from italia_kit.games.italia.combat import check_fight

    others = [
        u for u in world.occupants(state, zone, nation) if not world.allied(state, nation, u.nation)
    ]
    if not others:
        return False
    saved = list(state.combat_due)
    state.combat_due.append(zone)  # ask the battle rules whether a raid there is allowed
    try:
        check_fight(world, state, nation, zone, True)
    except (IllegalActionError, InvalidActionError):
        return False
    finally:
        state.combat_due[:] = saved
    return True


HANNIBAL_REBELS = ("Celts", "Etruscans", "Samnites")


def hannibal_revolt_possible(world: World, state: ItaliaState, nation: str) -> bool:
    """13.2: during Hannibal's campaign the Celts, Etruscans and Samnites may rise against
    Rome when Hannibal is in or next to a zone holding their units."""
    if world.variant != "italia1" or nation not in HANNIBAL_REBELS:
        return False
    if state.masters.get(nation) != "Romans" or state.active != "Carthaginians":
        return False
    leader = leader_unit(state)
    if leader is None or not (leader.name or "").startswith("Hannibal"):
        return False
    near = {leader.zone, *world.board.neighbours(leader.zone)}
    return any(u.zone in near for u in state.units_of(nation))
