"""The end of a victorious battle (8.6, 8.7, 8.8): promotion, the survivors back in their
Holding Boxes, the Cup Adjustments, Mons Graupius's aftermath, the Dead Pool, the tribe of
the box eliminated, its leader, and the reactions a Battle Action triggers."""

from __future__ import annotations

from italia_kit.games.agricola.geography import NAMES, REGION_OF
from italia_kit.games.agricola.mechanics import (
    IS_LEGIONARY,
    IS_ONE_AQUILA,
    NAME,
    Ctx,
    aquilae,
    check_legions,
    cup_adjust,
    free_two_three,
    leader_in_box,
    put_shown,
    to_force_pool,
)
from italia_kit.games.agricola.reactions import queue_reactions
from italia_kit.games.agricola.romanization import resolve_dead_pool
from italia_kit.games.agricola.state import FRIENDLY, HOSTILE, UNFRIENDLY, AgricolaState, Battle
from italia_kit.games.agricola.tables import CALGACUS, LEADERS, LEGIONS


def promotion_choices(state: AgricolaState, legion: int) -> list[int]:
    """8.6: the units of ``legion`` that may be promoted: on the display (survivors), that
    rolled, one-aquila (if a two-aquila counter is free) or two-aquila."""
    battle = state.battle
    assert battle is not None
    spare = free_two_three(state) >= 0
    out = []
    for square, unit in enumerate(battle.roman):
        if unit < 0 or battle.owner[square] != legion or not IS_LEGIONARY[unit]:
            continue
        if unit not in battle.rolled:
            continue
        level = aquilae(state, unit)
        if level == 2 or (level == 1 and spare):
            out.append(unit)
    return out


def promotion(ctx: Ctx, battle: Battle) -> None:
    state = ctx.state
    for legion in battle.legions:
        if legion in battle.promoted:
            continue
        if promotion_choices(state, legion):
            state.step, state.ask = "promote", [legion]
            return
        battle.promoted.append(legion)
    _return_survivors(ctx, battle)
    battle.stage = "reorganize"


def promote(ctx: Ctx, unit: int | None) -> None:
    """8.6: promote ``unit`` (None: this legion promotes no one)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    legion = state.ask[0]
    state.step, state.ask = "", []
    battle.promoted.append(legion)
    if unit is None:
        return
    square = battle.roman.index(unit)
    if IS_ONE_AQUILA[unit]:
        better = free_two_three(state)
        state.force.remove(better)
        battle.roman[square] = better
        battle.rolled.append(better)
        to_force_pool(state, unit)
    else:
        state.three.append(unit)
        better = unit
    ctx.emit(
        "promote",
        "8.6",
        f"8.6: {NAME[unit]} of {LEGIONS[legion]} is promoted to {aquilae(state, better)} aquilae.",
        unit=unit,
        legion=legion,
        now=better,
    )


def _return_survivors(ctx: Ctx, battle: Battle) -> None:
    state = ctx.state
    for square, unit in enumerate(battle.roman):
        if unit >= 0:
            state.holding[battle.owner[square]].append(unit)
            battle.roman[square] = -1
            battle.owner[square] = -1


def finish(ctx: Ctx) -> None:
    """8.6 after a victory: Cup Adjustments, the Dead Pool, the tribe eliminated, reactions."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    cup_adjust(ctx, battle.lost_legionaries, UNFRIENDLY, HOSTILE, "8.6")
    cup_adjust(ctx, len(battle.legions), FRIENDLY, UNFRIENDLY, "8.6")
    box = battle.box
    calgacus = LEADERS.index(CALGACUS)
    if battle.mons_graupius:
        state.mons_graupius = True
        state.leader_box[calgacus] = -1
        state.dead.append(CALGACUS)
        ctx.emit(
            "mons_graupius",
            "8.8",
            "8.8: Calgacus is defeated at Mons Graupius; the red tribes leave the map.",
            box=box,
        )
        for b, stack in enumerate(state.stacks):
            if REGION_OF[b] == "Red" and b != box:
                while stack:
                    put_shown(ctx, stack.pop(), UNFRIENDLY, "8.8", "Mons Graupius")
    resolve_dead_pool(ctx, "8.6")
    stack = state.stacks[box]
    while stack:
        counter = stack.pop()
        state.dead.append(counter)
    ctx.emit("eliminate", "8.6", f"8.6: the tribe in {NAMES[box]} is eliminated.", box=box)
    leader = leader_in_box(state, box)
    if leader >= 0:
        state.leader_box[LEADERS.index(leader)] = -1
        if battle.ambush:
            put_shown(ctx, leader, UNFRIENDLY, "8.7", f"{NAME[leader]} escapes the ambush")
        else:
            state.dead.append(leader)
            ctx.emit("leader_lost", "8.6", f"8.6: {NAME[leader]} is eliminated.", leader=leader)
    state.battle = None
    state.ask = []
    state.phase = battle.after
    if not battle.ambush:
        queue_reactions(state, 2 * len(battle.legions))
    check_legions(ctx)
