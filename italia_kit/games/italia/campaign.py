"""Campaigns (12.3): a leader's stack moves and fights again and again, one gold a move,
with reaction moves (12.3.2) and blocking (12.3.4) between its moves and its battles.

``state.campaign`` holds the campaign: its ``leader``, the ``stage`` (``decide``, ``block``,
``reaction``, ``over``), the reaction ``queue``, the units that have ``reacted``, the zones
they came from (``reacted_from``: the campaigner may not retreat there) and the zone
blocked last (``last_blocked``).
"""

from __future__ import annotations

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
from italia_kit.games.italia.battle_sides import check_fight
from italia_kit.games.italia.campaign_base import (
    campaign_card,
    campaign_leader,
    gold_available,
    leader_unit,
    new_record,
)
from italia_kit.games.italia.reactions import (
    check_reaction,
    next_reactor,
    react,
    reaction_moves,
    start_reactions,
)
from italia_kit.games.italia.special import hannibal_revolt_possible
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.victory import eliminate
from italia_kit.games.italia.world import World

__all__ = [
    "campaign_card",
    "campaign_leader",
    "check_reaction",
    "gold_available",
    "leader_unit",
    "new_record",
]


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
        out.extend(reaction_moves(world, state, nation))
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
            world.rulebook.turn_ten_passed(ctx, world, nation)  # 13.4: one may pass
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
        react(ctx, world, nation, action.units, action.to)
    elif isinstance(action, EndReaction):
        campaign["queue"].pop(0)
        next_reactor(ctx, world)


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
    start_reactions(ctx, world)


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
    start_reactions(ctx, world)


def after_combat(ctx: Context[ItaliaState], world: World) -> bool:
    """Back to the campaigner's choice after the battles; True if the campaign is over."""
    state = ctx.state
    campaign = state.campaign
    assert campaign is not None
    if state.turn_ten is not None:  # 13.4: one move each, in turn
        world.rulebook.turn_ten_moved(ctx, world)
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
    world.rulebook.clear_borderlands(ctx, world)  # 9.2: nobody waits in the borderlands any longer
    left = state.campaign_gold.pop(nation, 0)
    if left:  # 12.3.1: gold not spent stays on the wealth track
        state.gold[nation] = min(10, state.gold.get(nation, 0) + left)
    ctx.emit(
        "campaign_end",
        "12.3",
        f"12.3: the {nation}' campaign ends: {why}; {state.gold.get(nation, 0)} gold left.",
    )


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
