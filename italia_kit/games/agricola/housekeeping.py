"""The Housekeeping Phase (9.1-9.8), in order, at the end of every Game Turn.

The steps are queued as ``("hk", n)``; 9.5, 9.6 and 9.7 wait for the Roman player's choices
(buy Auxiliaries, Public Works, buy VP and recruit), the others run alone. 9.7 ends with the
VP threshold of the turn and, in Turn 8, the verdict; 9.8 readies the next turn and refills
the map to eight Tribal Units.
"""

from __future__ import annotations

from italia_kit.core import IllegalActionError
from italia_kit.games.agricola.geography import ADJACENT, CAMPS, IN_REGION, NAMES, REGIONS
from italia_kit.games.agricola.mechanics import (
    IS_LEGIONARY,
    NAME,
    Ctx,
    aquilae,
    aux_room,
    cup_adjust,
    draw_shown,
    eliminate_top,
    free_one_aquila,
    leader_in_box,
    legions_in,
    lose,
    put_shown,
    score,
    spend,
    tribal_units_in_region,
    tribal_units_on_map,
)
from italia_kit.games.agricola.romanization import resolve_dead_pool
from italia_kit.games.agricola.state import CUPS, FRIENDLY, HOSTILE, UNFRIENDLY, AgricolaState
from italia_kit.games.agricola.tables import (
    CALGACUS,
    COUNTERS,
    INCOME_MAX,
    LEADERS,
    LEGIONS,
    THRESHOLDS,
    TREASURY_MAX,
    TURNS,
    WIN_VP,
)

#: 9.7: VP spent on recruits, by how many one-aquila units
RECRUIT_COST = {1: 3, 2: 5, 3: 8}
PUBLIC_WORKS_COST = 2
VP_PRICE = 3


def start(ctx: Ctx) -> None:
    state = ctx.state
    state.phase = "housekeeping"
    state.queue.extend(("hk", k) for k in range(1, 9))
    ctx.emit("housekeeping", "9.0", f"9.0: Housekeeping Phase of Game Turn {state.turn}.")


def step(ctx: Ctx, n: int) -> None:
    """Run Housekeeping step ``n`` (1-8), or open its decision."""
    state = ctx.state
    state.done = []
    if n == 1:
        raids(ctx)
    elif n == 2:
        de_escalation(ctx)
    elif n == 3:
        resolve_dead_pool(ctx, "9.3")
    elif n == 4:
        state.treasury = min(TREASURY_MAX, state.treasury + state.income)
        ctx.emit(
            "income",
            "9.4",
            f"9.4: Income {state.income}: the Treasury is {state.treasury}.",
            income=state.income,
            treasury=state.treasury,
        )
    elif n == 5:
        if can_buy_auxiliary(state):
            state.step = "buy_auxiliary"
    elif n == 6:
        if public_works_boxes(state):
            state.step = "public_works"
    elif n == 7:
        victory_points(ctx)
        state.step = "spend_vp"
    else:
        next_turn(ctx)


def raids(ctx: Ctx) -> None:
    """9.1: crowded boxes raid adjacent Settlements and Legionary Camps left unguarded."""
    state = ctx.state
    for box in range(len(state.stacks)):
        units = len(state.stacks[box])
        if not (units >= 3 or (units == 2 and leader_in_box(state, box) >= 0)):
            continue
        for near in sorted(ADJACENT[box]):
            target = state.settlement[near] >= 0 or near in CAMPS
            guarded = bool(legions_in(state, near)) or state.garrison[near] >= 0
            if target and not guarded:
                spend(ctx, 2, "9.1", f"the {NAMES[box]} raid {NAMES[near]}")
                if state.result:
                    return


def de_escalation(ctx: Ctx) -> None:
    """9.2: leaders but Calgacus go to the Unfriendly Cup; then the top-most unit of every box
    in a region with a "+3" Settlement, elsewhere of every box holding three or more."""
    state = ctx.state
    for k, leader in enumerate(LEADERS):
        if state.leader_box[k] >= 0 and leader != CALGACUS:
            state.leader_box[k] = -1
            put_shown(ctx, leader, UNFRIENDLY, "9.2", f"{NAME[leader]} leaves the map")
    for region in REGIONS:
        boxes = IN_REGION[region]
        plus3 = any(state.settlement[b] >= 0 and state.settlement[b] in state.plus3 for b in boxes)
        for box in boxes:
            if plus3 or len(state.stacks[box]) >= 3:
                eliminate_top(ctx, box, "9.2", "Tribal De-escalation")


def can_buy_auxiliary(state: AgricolaState) -> bool:
    """9.5: a coin, the Income Level not reached, a Friendly Cup to draw from and a legion
    with room."""
    return (
        state.treasury >= 1
        and len(state.done) < state.income
        and bool(state.cups[FRIENDLY])
        and any(aux_room(state, k) for k in range(3))
    )


def buy_auxiliary(ctx: Ctx) -> None:
    """9.5: draw blind until a unit that can serve; leaders and red units go back."""
    state = ctx.state
    if not can_buy_auxiliary(state):
        raise IllegalActionError(
            "9.5",
            "no Auxiliary can be bought now (Treasury, Income "
            "Level, an empty Friendly Cup or no room in any legion)",
        )
    while True:
        counter = draw_shown(ctx, FRIENDLY, "9.5", "New Auxiliary")
        if counter < 0:
            ctx.emit("auxiliary", "9.5", "9.5: the Friendly Cup is empty: no coin is spent.")
            state.step = ""
            return
        unit = COUNTERS[counter]
        if unit.sort == "leader" or unit.aux is None:
            cup = HOSTILE if unit.region == "Red" else UNFRIENDLY
            put_shown(ctx, counter, cup, "9.5", f"{unit.name} will not serve")
            continue
        break
    state.done.append(counter)
    state.force.append(counter)  # its Auxiliary side waits in the Force Pool until assigned
    spend(ctx, 1, "9.5", f"New Auxiliary {unit.name}")
    if state.result:
        return
    state.step, state.ask = "assign_auxiliary", [counter]


def assign_auxiliary(ctx: Ctx, legion: int) -> None:
    state = ctx.state
    counter = state.ask[0]
    if legion not in (0, 1, 2) or not aux_room(state, legion):
        raise IllegalActionError(
            "9.5",
            f"legion {legion} has no room for another Auxiliary (two per Legionary Battle Unit)",
        )
    state.force.remove(counter)
    state.holding[legion].append(counter)
    ctx.emit(
        "auxiliary",
        "9.5",
        f"9.5: {NAME[counter]} joins {LEGIONS[legion]}.",
        counter=counter,
        legion=legion,
    )
    state.ask = []
    state.step = ""


def public_works_boxes(state: AgricolaState) -> list[int]:
    """9.6: boxes where 2 coins build: a Garrison (a Settlement counter free), a "+2"
    Settlement; once per box and phase."""
    if state.treasury < PUBLIC_WORKS_COST:
        return []
    free = any(COUNTERS[c].sort == "settlement" for c in state.force)
    out = []
    for box in range(len(state.garrison)):
        if box in state.done:
            continue
        settled = state.settlement[box]
        if (state.garrison[box] >= 0 and free) or (settled >= 0 and settled not in state.plus3):
            out.append(box)
    return out


def public_works(ctx: Ctx, box: int) -> None:
    state = ctx.state
    if box not in public_works_boxes(state):
        raise IllegalActionError(
            "9.6",
            f"no Public Works possible in box {box} (a Garrison "
            "or a '+2' Settlement not built on this phase, 2 coins, a "
            "free Settlement)",
        )
    state.done.append(box)
    if state.garrison[box] >= 0:
        settlement = next(c for c in state.force if COUNTERS[c].sort == "settlement")
        state.force.remove(settlement)
        state.force.append(state.garrison[box])
        state.garrison[box] = -1
        state.settlement[box] = settlement
        text = "a '+2' Settlement replaces the Garrison"
    else:
        state.plus3.append(state.settlement[box])
        state.income = min(INCOME_MAX, state.income + 2)
        text = f"the Settlement becomes '+3'; Income {state.income}"
    ctx.emit("public_works", "9.6", f"9.6: in {NAMES[box]} {text}.", box=box)
    spend(ctx, PUBLIC_WORKS_COST, "9.6", "Public Works")


def victory_points(ctx: Ctx) -> None:
    """9.7's scoring (and, in Turn 8, the penalty for the tribes left)."""
    state = ctx.state
    plus3 = len(state.plus3)
    empty = sum(1 for r in REGIONS if tribal_units_in_region(state, r) == 0)
    veterans = sum(
        1 for h in state.holding for c in h if IS_LEGIONARY[c] and aquilae(state, c) == 3
    )
    leaders = sum(1 for c in state.dead if COUNTERS[c].sort == "leader")
    total = plus3 + empty + veterans + leaders
    score(
        ctx,
        total,
        "9.7",
        f"{plus3} '+3' Settlement(s), {empty} empty Region(s), "
        f"{veterans} three-aquila unit(s), {leaders} leader(s) in the Dead Pool",
    )
    if state.turn == TURNS:
        left = tribal_units_on_map(state)
        score(ctx, -left, "9.7", f"Turn {TURNS}: {left} Tribal Unit(s) still on the map")


def buy_vp(ctx: Ctx) -> None:
    state = ctx.state
    if state.treasury < VP_PRICE:
        raise IllegalActionError(
            "9.7", f"1 VP costs {VP_PRICE} Coins; the Treasury holds {state.treasury}"
        )
    score(ctx, 1, "9.7", f"{VP_PRICE} Coins spent")
    spend(ctx, VP_PRICE, "9.7", "1 VP bought")


def recruit_camps(state: AgricolaState) -> list[int]:
    """9.7: the legions that occupy a Legionary Camp."""
    return [k for k in range(3) if state.legion_box[k] in CAMPS]


def check_recruit(state: AgricolaState, legions: tuple[int, ...]) -> None:
    n = len(legions)
    if n not in RECRUIT_COST:
        raise IllegalActionError("9.7", "recruit one, two or three units")
    if state.vp < RECRUIT_COST[n]:
        raise IllegalActionError(
            "9.7", f"{n} unit(s) cost {RECRUIT_COST[n]} VP; you have {state.vp}"
        )
    camps = recruit_camps(state)
    if any(k not in camps for k in legions):
        raise IllegalActionError("9.7", "recruits join only legions in a Legionary Camp")
    spare = sum(1 for c in state.force if COUNTERS[c].sort == "one_aquila")
    if spare < n:
        raise IllegalActionError("9.7", f"only {spare} one-aquila unit(s) in the Force Pool")
    legs = [sum(1 for c in h if IS_LEGIONARY[c]) for h in state.holding]
    for k in legions:
        legs[k] += 1
    for k in set(legions):
        if any(other != k and legs[k] >= 3 * legs[other] for other in range(3)):
            raise IllegalActionError(
                "9.7", f"{LEGIONS[k]} would have three times the Legionary units of another legion"
            )


def recruit(ctx: Ctx, legions: tuple[int, ...]) -> None:
    state = ctx.state
    check_recruit(state, legions)
    score(ctx, -RECRUIT_COST[len(legions)], "9.7", f"{len(legions)} new unit(s) recruited")
    for k in legions:
        unit = free_one_aquila(state)
        state.force.remove(unit)
        state.holding[k].append(unit)
        ctx.emit("recruit", "9.7", f"9.7: {NAME[unit]} joins {LEGIONS[k]}.", unit=unit, legion=k)
    state.done.append(len(legions))


def threshold(ctx: Ctx) -> None:
    """9.7: the turn's VP threshold; in the last turn, the verdict (and 10.0's 75 VP)."""
    state = ctx.state
    needed = THRESHOLDS[state.turn - 1]
    ctx.emit(
        "threshold",
        "9.7",
        f"9.7: {state.vp} VP against the threshold of {needed}.",
        vp=state.vp,
        threshold=needed,
        cups={name: len(cup) for name, cup in zip(CUPS, state.cups, strict=True)},
    )
    if state.vp < needed:
        lose(ctx, "9.7", f"{state.vp} VP, short of Turn {state.turn}'s threshold of {needed}")
        return
    if state.turn == TURNS:
        if state.leader_box[LEADERS.index(CALGACUS)] >= 0:
            lose(ctx, "10.0", f"Calgacus is still on the map at the end of Turn {TURNS}")
        elif state.vp < WIN_VP:
            lose(ctx, "10.0", f"{state.vp} VP, short of {WIN_VP}")
        else:
            state.result = "won"
            state.phase, state.step = "over", ""
            ctx.emit(
                "won",
                "10.0",
                f"10.0: Britain is governed: {state.vp} VP, Calgacus gone. The game is won.",
                vp=state.vp,
            )


def next_turn(ctx: Ctx) -> None:
    """9.8 (Turns 1-7): the next turn, 5 Legion Actions, the cups, the refill to eight."""
    state = ctx.state
    state.turn += 1
    state.actions_left = 5
    ctx.emit("turn", "9.8", f"9.8: Game Turn {state.turn} begins.", turn=state.turn)
    cup_adjust(ctx, 1, FRIENDLY, UNFRIENDLY, "9.8")
    cup_adjust(ctx, 4, UNFRIENDLY, HOSTILE, "9.8")
    state.queue.insert(0, ("fill", 0))


def fill(ctx: Ctx) -> None:
    """9.8: reactions until eight Tribal Units are on the map; an emptied Hostile Cup takes
    2 Unfriendly - Hostile first (when both are empty, the refill stops)."""
    state = ctx.state
    if tribal_units_on_map(state) >= 8:
        state.phase = "turn"
        return
    if not state.cups[HOSTILE]:
        if not state.cups[UNFRIENDLY]:
            ctx.emit("fill", "9.8", "9.8: the Hostile and Unfriendly Cups are empty.")
            state.phase = "turn"
            return
        cup_adjust(ctx, 2, UNFRIENDLY, HOSTILE, "9.8")
    state.queue[0:0] = [("fill_htr", 1), ("fill", 0)]
