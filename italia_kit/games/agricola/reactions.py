"""Hostile Tribe Reactions (7.0-7.4): the tribes act by the rules alone.

A reaction draws one counter from the Hostile Cup and looks at it: a Tribal Unit goes to its
box by the priorities of 7.1 (a Legion there eliminates it, a Settlement or a Garrison rolls
against it, a crowded box fights a neighbour in Internecine War, 7.3, or raids a Legion when
a leader holds the region), a Tribal Leader to the box his roll names (7.2), perhaps
ambushing a Legion (8.7). An empty Hostile Cup ends the turn (7.4). The only choice the
Roman player has is which Legionary Battle Unit a raid takes (7.1).
"""

from __future__ import annotations

from italia_kit.games.agricola.geography import ADJACENT, BOX, NAMES, REGION_OF
from italia_kit.games.agricola.mechanics import (
    IS_LEADER,
    IS_LEGIONARY,
    NAME,
    RESISTANCE,
    Ctx,
    agricola_box,
    check_legions,
    cup_adjust,
    draw_shown,
    eliminate_counter,
    leader_in_region,
    legions_in,
    put_shown,
    region_bonus,
    score,
    settlement_bonus,
    tribal_units_in_region,
)
from italia_kit.games.agricola.state import FRIENDLY, HOSTILE, UNFRIENDLY, AgricolaState
from italia_kit.games.agricola.tables import (
    CALGACUS,
    COUNTERS,
    INTERNECINE,
    LEADER_PLACEMENT,
    LEADERS,
)

TRIBE_BOX = tuple(BOX[c.tribe] if c.sort == "tribal" else -1 for c in COUNTERS)


def queue_reactions(state: AgricolaState, n: int) -> None:
    """Queue ``n`` reactions to resolve next (5.0: after the action's Cup Adjustments)."""
    if n > 0:
        state.queue.insert(0, ("htr", n))


def next_reaction(ctx: Ctx, *, filling: bool = False) -> None:
    """One Hostile Tribe Reaction (7.0). ``filling``: 9.8's refill, where an empty cup is
    9.8's business, not 7.4's."""
    state = ctx.state
    if not state.cups[HOSTILE]:
        if not filling:
            empty_hostile_cup(ctx)
        return
    counter = draw_shown(ctx, HOSTILE, "7.0", "Hostile Tribe Reaction")
    if IS_LEADER[counter]:
        place_leader(ctx, counter)
    else:
        place_unit(ctx, counter)


def place_unit(ctx: Ctx, counter: int) -> None:
    """7.1: a Tribal Unit drawn, by the first priority that applies."""
    state = ctx.state
    box = TRIBE_BOX[counter]
    region = REGION_OF[box]
    stack = state.stacks[box]
    where = NAMES[box]
    name = NAME[counter]
    if box in state.legion_box:
        state.dead.append(counter)
        ctx.emit(
            "reaction",
            "7.1",
            f"7.1: {name} meets a Legion in {where}: eliminated.",
            counter=counter,
            box=box,
            case="legion",
        )
        return
    settled = settlement_bonus(state, box)
    held = state.garrison[box] >= 0
    if settled or held:
        (roll,) = ctx.roll(
            1, "7.1", f"{name} against the {'Settlement' if settled else 'Garrison'}"
        )
        total = roll - tribal_units_in_region(state, region) - region_bonus(state, region) + settled
        if total > RESISTANCE[counter]:
            state.dead.append(counter)
            ctx.emit(
                "reaction",
                "7.1",
                f"7.1: {name} is turned away in {where} "
                f"({total} > {RESISTANCE[counter]}): eliminated.",
                counter=counter,
                box=box,
                case="settlement" if settled else "garrison",
                total=total,
            )
            return
        stack.append(counter)
        if settled:
            ctx.emit(
                "reaction",
                "7.1",
                f"7.1: {name} settles beside the Settlement in {where} "
                f"({total} <= {RESISTANCE[counter]}).",
                counter=counter,
                box=box,
                case="settlement",
                total=total,
            )
            return
        garrison = state.garrison[box]
        state.garrison[box] = -1
        state.dead.append(garrison)
        ctx.emit(
            "reaction",
            "7.1",
            f"7.1: {name} overruns the Garrison in {where} "
            f"({total} <= {RESISTANCE[counter]}): the Garrison is eliminated and another "
            "reaction follows.",
            counter=counter,
            box=box,
            case="garrison",
            total=total,
        )
        queue_reactions(state, 1)
        return
    if len(stack) >= 2:
        stack.append(counter)
        if leader_in_region(state, region) < 0:
            ctx.emit(
                "reaction",
                "7.1",
                f"7.1: {name} joins {len(stack) - 1} in {where}: Internecine War (7.3).",
                counter=counter,
                box=box,
                case="crowded",
            )
            internecine_war(ctx, counter)
        else:
            ctx.emit(
                "reaction",
                "7.1",
                f"7.1: {name} joins {len(stack) - 1} in {where} under their leader: a raid.",
                counter=counter,
                box=box,
                case="raid",
            )
            raid(ctx, box)
        return
    stack.append(counter)
    ctx.emit(
        "reaction",
        "7.1",
        f"7.1: {name} placed in {where}.",
        counter=counter,
        box=box,
        case="placed",
    )


def raid_targets(state: AgricolaState, box: int) -> list[int]:
    """7.1: the Legionary Battle Units a raid from ``box`` may take: of the Legions in the
    adjacent boxes, but those in Agricola's box (he protects them)."""
    protected = agricola_box(state)
    units: list[int] = []
    for near in sorted(ADJACENT[box]):
        if near == protected:
            continue
        for legion in legions_in(state, near):
            units += [c for c in state.holding[legion] if IS_LEGIONARY[c]]
    return units


def raid(ctx: Ctx, box: int) -> None:
    """7.1: at most one Legion raided; the Roman player picks the unit lost."""
    state = ctx.state
    units = raid_targets(state, box)
    if not units:
        ctx.emit("raid", "7.1", f"7.1: no Legion to raid next to {NAMES[box]}.", box=box)
        return
    if len(units) == 1:
        raid_loss(ctx, units[0])
        return
    state.step, state.ask = "raid_loss", units


def raid_loss(ctx: Ctx, unit: int) -> None:
    state = ctx.state
    for legion in range(3):
        if unit in state.holding[legion]:
            state.holding[legion].remove(unit)
            state.dead.append(unit)
            ctx.emit(
                "raid",
                "7.1",
                f"7.1: the raid eliminates {NAME[unit]} of legion {legion}.",
                unit=unit,
                legion=legion,
            )
            check_legions(ctx)
            return
    raise AssertionError(f"raid: {NAME[unit]} is in no Holding Box")


def internecine_war(ctx: Ctx, counter: int) -> None:
    """7.3: attack the primary target if possible, else the secondary; then the Cup
    Adjustments, attack or none."""
    state = ctx.state
    tribe = COUNTERS[counter].tribe
    for target in INTERNECINE.get(tribe, ()):
        box = BOX[target]
        stack = state.stacks[box]
        if not stack or state.garrison[box] >= 0 or state.settlement[box] >= 0:
            continue
        if box in state.legion_box:
            continue
        weakest = min(stack, key=lambda c: (RESISTANCE[c], -stack.index(c)))
        eliminate_counter(ctx, box, weakest, "7.3", f"the {tribe} fall on the {target}")
        break
    else:
        ctx.emit("internecine", "7.3", f"7.3: the {tribe} find no one to attack.", tribe=tribe)
    cup_adjust(ctx, 1, FRIENDLY, UNFRIENDLY, "7.3")
    cup_adjust(ctx, 2, UNFRIENDLY, HOSTILE, "7.3")


def place_leader(ctx: Ctx, leader: int) -> None:
    """7.2: roll for the leader's box, then its priorities."""
    state = ctx.state
    (roll,) = ctx.roll(1, "7.2", f"{NAME[leader]}'s Leader Placement")
    box = BOX[LEADER_PLACEMENT[leader][roll]]
    where = NAMES[box]
    has_legion = box in state.legion_box
    has_tribe = bool(state.stacks[box])
    if has_legion and not has_tribe:
        put_shown(ctx, leader, UNFRIENDLY, "7.2", f"{NAME[leader]} finds a Legion alone in {where}")
    elif not has_tribe:
        put_shown(ctx, leader, HOSTILE, "7.2", f"{NAME[leader]} finds {where} empty")
    else:
        state.leader_box[LEADERS.index(leader)] = box
        ctx.emit(
            "leader",
            "7.2",
            f"7.2: {NAME[leader]} takes the lead in {where}.",
            leader=leader,
            box=box,
            roll=roll,
        )
        if has_legion:
            # 7.2: resolve the remaining reactions, then the ambush (8.7)
            at = 1 if state.queue and state.queue[0][0] == "htr" else 0
            state.queue.insert(at, ("ambush", box))


def empty_hostile_cup(ctx: Ctx) -> None:
    """7.4: the Game Turn ends at once; 1 VP per unused Legion Action; 8 Unfriendly -
    Hostile."""
    state = ctx.state
    ctx.emit("empty_cup", "7.4", "7.4: the Hostile Cup is empty: the Game Turn ends.")
    if state.actions_left:
        score(ctx, state.actions_left, "7.4", f"{state.actions_left} unused Legion Action(s)")
    state.actions_left = 0
    state.queue = [q for q in state.queue if q[0] not in ("htr", "ambush")]
    cup_adjust(ctx, 8, UNFRIENDLY, HOSTILE, "7.4")


def calgacus_on_map(state: AgricolaState) -> bool:
    return state.leader_box[LEADERS.index(CALGACUS)] >= 0
