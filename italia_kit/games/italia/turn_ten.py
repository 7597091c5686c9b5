"""Turn 10 of Italia I (13.4): the civil war as a chain of campaigns.

No income, no purchases, no normal turns: the Optimates, the Populares and the Romans
campaign one move at a time, in that order and round again, until no one has gold left
or all three pass in a row. Roman legions beside Marius or Sulla may go over to them.
"""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.italia import campaign
from italia_kit.games.italia.special import TURN_TEN_NATIONS
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.submission import withdraw
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

ORDER = TURN_TEN_NATIONS  # 13.4
SULLA, MARIUS = "Sulla", "Marius"


def applies(world: World, state: ItaliaState) -> bool:
    return world.variant == "italia1" and state.turn == world.scenario.last_turn


def start(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    ctx.emit(
        "turn_ten",
        "13.4",
        "13.4: turn 10 is a chain of campaigns: the Optimates, the Populares and the Romans "
        "move in turn; no gold is earned and nothing is bought.",
    )
    for nation in sorted(state.nations_in("Rome")):
        ctx.emit(
            "rome_cleared", "13.1", f"13.1: on turn 10 no nation may hold Rome: the {nation} leave."
        )
        withdraw(ctx, world, nation, "Rome")
    for nation in ORDER:
        card = campaign.campaign_card(world, state, nation)
        if card is not None:
            state.campaign_gold[nation] = state.campaign_gold.get(nation, 0) + card.gold
    state.turn_ten = {"index": -1, "passes": 0}
    rotate(ctx, world)


def _can_campaign(world: World, state: ItaliaState, nation: str) -> bool:
    leader = campaign.campaign_leader(world, state, nation)
    return leader is not None and campaign.gold_available(state, nation) >= 1


def rotate(ctx: Context[ItaliaState], world: World) -> None:
    """The next of the three in order campaigns; the game ends when none can or all pass."""
    state = ctx.state
    t10 = state.turn_ten
    assert t10 is not None
    if t10["passes"] >= len(ORDER) or not any(_can_campaign(world, state, n) for n in ORDER):
        finish(ctx, world)
        return
    for _ in range(len(ORDER)):
        t10["index"] = (t10["index"] + 1) % len(ORDER)
        nation = ORDER[t10["index"]]
        if _can_campaign(world, state, nation):
            break
        t10["passes"] += 1  # a nation that cannot move passes
    else:
        finish(ctx, world)
        return
    if t10["passes"] >= len(ORDER):
        finish(ctx, world)
        return
    state.nation_index = state.nation_order.index(nation)
    state.campaign = None
    state.moves.clear()
    leader = campaign.campaign_leader(world, state, nation)
    assert leader is not None
    state.campaign = campaign.new_record(leader.id)
    state.phase_name = "campaign"
    ctx.emit(
        "nation_turn",
        "13.4",
        f"13.4: the {nation} campaign ({state.campaign_gold.get(nation, 0)} campaign gold).",
        nation=nation,
    )


def passed(ctx: Context[ItaliaState], world: World, nation: str) -> None:
    state = ctx.state
    assert state.turn_ten is not None
    state.turn_ten["passes"] += 1
    ctx.emit("pass", "13.4", f"13.4: the {nation} pass.", nation=nation)
    rotate(ctx, world)


def moved(ctx: Context[ItaliaState], world: World) -> None:
    """After a campaign move of turn 10 and its battles: the next nation's turn."""
    state = ctx.state
    assert state.turn_ten is not None
    state.turn_ten["passes"] = 0
    rotate(ctx, world)


def legions_go_over(ctx: Context[ItaliaState], world: World) -> None:
    """13.4: a Roman legion with Sulla joins him on 7-10, with Marius on 9-10 (9-10 and 10
    when a Roman consular legion is there); consular legions never switch; the Optimates
    (Sulla) roll first."""
    state = ctx.state
    for leader_name, nation, need, need_consul in (
        (SULLA, "Optimates", 7, 9),
        (MARIUS, "Populares", 9, 10),
    ):
        leader = next(
            (u for u in state.units_of(nation) if u.is_leader and u.name == leader_name), None
        )
        if leader is None or leader.carrier is not None:
            continue
        romans = state.units_in(leader.zone, "Romans")
        legions = [u for u in romans if u.type is UnitType.LEGION and u.carrier is None]
        if not legions:
            continue
        consul = any(u.type is UnitType.CONSULAR_LEGION for u in romans)
        threshold = need_consul if consul else need
        rolls = ctx.roll(
            len(legions),
            "13.4",
            f"Roman legions with {leader_name} in {leader.zone} go over on {threshold}-10",
        )
        for unit, roll in zip(legions, rolls, strict=True):
            if roll < threshold:
                continue
            state.remove_unit(unit)
            new = state.add_unit(nation, UnitType.LEGION, leader.zone)
            ctx.emit(
                "goes_over",
                "13.4",
                f"13.4: {unit.label()} goes over to {leader_name}: it is now {new.label()}.",
                unit=unit.id,
                new=new.id,
            )


def finish(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    state.campaign = None
    state.turn_ten = None
    state.actor_override = None
    ctx.emit("turn_end", "5.0", f"5.0: turn {state.turn} ends.", turn=state.turn)
    world.rulebook.score_turn(ctx, world)
    state.over = True
    state.phase_name = "end"
    ctx.emit("game_end", "13.4", "13.4: turn 10 is over, and with it the game (11.0).")
