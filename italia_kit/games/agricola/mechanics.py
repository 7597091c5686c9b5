"""What several rules share: who is where, cup adjustments, eliminations, spending, losing.

A cup adjustment ("1 Unfriendly - Hostile", 4.0) is a blind draw: its event is hidden from
the Roman seat (``hidden_from``) and its text names no counter. A draw the rules make you
examine (a Hostile Tribe Reaction, 7.0; an Auxiliary, 9.5; the Battle Cup, 8.2) is shown.
"""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.agricola.geography import IN_REGION, NAMES, REGION_OF
from italia_kit.games.agricola.state import CUPS, ROME, AgricolaState
from italia_kit.games.agricola.tables import (
    COUNTERS,
    LEADERS,
    LEGIONARY_FACTORS,
    LEGIONS,
    TREASURY_MAX,
)

Ctx = Context[AgricolaState]
HIDDEN = [ROME]

IS_LEGIONARY = tuple(c.sort in ("one_aquila", "two_three") for c in COUNTERS)
IS_ONE_AQUILA = tuple(c.sort == "one_aquila" for c in COUNTERS)
IS_TRIBAL = tuple(c.sort == "tribal" for c in COUNTERS)
IS_LEADER = tuple(c.sort == "leader" for c in COUNTERS)
RESISTANCE = tuple(c.resistance for c in COUNTERS)
REGION_OF_COUNTER = tuple(c.region for c in COUNTERS)
BONUS = tuple(c.bonus for c in COUNTERS)
NAME = tuple(c.name for c in COUNTERS)


def name_of(counter: int) -> str:
    return NAME[counter]


# -- where things are ------------------------------------------------------------------------


def legions_in(state: AgricolaState, box: int) -> list[int]:
    return [k for k in range(3) if state.legion_box[k] == box]


def agricola_box(state: AgricolaState) -> int:
    return state.legion_box[state.agricola] if state.agricola >= 0 else -1


def leader_in_region(state: AgricolaState, region: str) -> int:
    """The Tribal Leader on the map in ``region`` (2.6), or -1."""
    for k, leader in enumerate(LEADERS):
        box = state.leader_box[k]
        if box >= 0 and REGION_OF[box] == region:
            return leader
    return -1


def leader_in_box(state: AgricolaState, box: int) -> int:
    for k, leader in enumerate(LEADERS):
        if state.leader_box[k] == box:
            return leader
    return -1


def region_bonus(state: AgricolaState, region: str) -> int:
    """The Leadership Bonus of the leader in the region (0 without one)."""
    leader = leader_in_region(state, region)
    return BONUS[leader] if leader >= 0 else 0


def tribal_units_in_region(state: AgricolaState, region: str) -> int:
    return sum(len(state.stacks[b]) for b in IN_REGION.get(region, ()))


def tribal_units_on_map(state: AgricolaState) -> int:
    return sum(len(s) for s in state.stacks)


def roman_presence(state: AgricolaState, region: str) -> bool:
    """9.3: a Legion, a Garrison or a Settlement in the region."""
    boxes = IN_REGION.get(region, ())
    return any(
        state.garrison[b] >= 0 or state.settlement[b] >= 0 or b in state.legion_box for b in boxes
    )


def settlement_bonus(state: AgricolaState, box: int) -> int:
    """ "+2" or "+3" for the box's Settlement, 0 without one."""
    counter = state.settlement[box]
    if counter < 0:
        return 0
    return 3 if counter in state.plus3 else 2


def aquilae(state: AgricolaState, counter: int) -> int:
    if IS_ONE_AQUILA[counter]:
        return 1
    return 3 if counter in state.three else 2


def factors(state: AgricolaState, counter: int) -> tuple[int, int]:
    """Attack and Defence of a Roman Battle Unit (a legionary or an Auxiliary)."""
    if IS_LEGIONARY[counter]:
        return LEGIONARY_FACTORS[aquilae(state, counter)]
    aux = COUNTERS[counter].aux
    assert aux is not None, f"{NAME[counter]} has no Auxiliary side (2.4)"
    return aux


def legionaries(state: AgricolaState, legion: int) -> list[int]:
    return [c for c in state.holding[legion] if IS_LEGIONARY[c]]


def auxiliaries(state: AgricolaState, legion: int) -> list[int]:
    return [c for c in state.holding[legion] if not IS_LEGIONARY[c]]


def aux_room(state: AgricolaState, legion: int) -> bool:
    """9.5, 6.0: room for one more Auxiliary (two per Legionary Battle Unit)."""
    holding = state.holding[legion]
    legs = sum(1 for c in holding if IS_LEGIONARY[c])
    return len(holding) - legs < 2 * legs


def free_one_aquila(state: AgricolaState) -> int:
    """A one-aquila/Garrison counter in the Force Pool, or -1 (piece-limited, 9.6)."""
    return next((c for c in state.force if IS_ONE_AQUILA[c]), -1)


def free_two_three(state: AgricolaState) -> int:
    return next((c for c in state.force if COUNTERS[c].sort == "two_three"), -1)


# -- changes ---------------------------------------------------------------------------------


def lose(ctx: Ctx, rule: str, why: str) -> None:
    """10.0: the game ends in defeat."""
    state = ctx.state
    if state.result:
        return
    state.result = f"lost: {why} ({rule})"
    state.phase, state.step, state.ask = "over", "", []
    ctx.emit("lost", rule, f"{rule}: the game is lost: {why}.", why=why)


def check_legions(ctx: Ctx) -> None:
    """10.0: a legion with no Legionary Battle Units loses the game."""
    state = ctx.state
    for k in range(3):
        if not any(IS_LEGIONARY[c] for c in state.holding[k]):
            if state.battle is not None and k in state.battle.legions:
                continue  # its units are on the Tactical Display
            lose(ctx, "10.0", f"{LEGIONS[k]} has no Legionary Battle Units")
            return


def spend(ctx: Ctx, coins: int, rule: str, why: str) -> None:
    """Pay from the Treasury; at zero the game is lost (2.9, 10.0)."""
    state = ctx.state
    state.treasury = max(0, state.treasury - coins)
    ctx.emit(
        "treasury",
        rule,
        f"{rule}: {why}: -{coins} coin(s), treasury {state.treasury}.",
        coins=-coins,
        treasury=state.treasury,
    )
    if state.treasury <= 0:
        lose(ctx, "10.0", "the Treasury reached zero")


def earn(ctx: Ctx, coins: int, rule: str, why: str) -> None:
    state = ctx.state
    state.treasury = min(TREASURY_MAX, state.treasury + coins)
    ctx.emit(
        "treasury",
        rule,
        f"{rule}: {why}: +{coins}, treasury {state.treasury}.",
        coins=coins,
        treasury=state.treasury,
    )


def cup_adjust(ctx: Ctx, n: int, source: int, target: int, rule: str) -> int:
    """``n`` blind draws from one cup into another (4.0); as many as the source holds.
    Returns how many moved. One event, hidden from the Roman seat."""
    if n <= 0:
        return 0
    state = ctx.state
    dice = ctx.dice
    src, dst = CUPS[source], CUPS[target]
    from_cup, to_cup = state.cups[source], state.cups[target]
    moved = min(n, len(from_cup))
    items = dice.draw(src, moved) if moved else []
    for item in items:
        from_cup.remove(int(item))
    if items:
        dice.put(dst, items)
        to_cup.extend(int(i) for i in items)
    ctx.emit(
        "cup",
        rule,
        f"{rule}: {n} {src} - {dst}: {moved} counter(s) moved blind "
        f"({src} {len(from_cup)}, {dst} {len(to_cup)}).",
        source=src,
        target=dst,
        asked=n,
        moved=moved,
        items=[int(i) for i in items],
        hidden_from=HIDDEN,
    )
    return moved


def draw_shown(ctx: Ctx, cup: int, rule: str, why: str) -> int:
    """Draw one counter and look at it (7.0, 8.2, 9.5); -1 if the cup is empty."""
    state = ctx.state
    if not state.cups[cup]:
        return -1
    (item,) = ctx.dice.draw(CUPS[cup], 1)
    counter = int(item)
    state.cups[cup].remove(counter)
    ctx.emit(
        "draw",
        rule,
        f"{rule}: {why}: {NAME[counter]} from the {CUPS[cup]} Cup.",
        cup=CUPS[cup],
        counter=counter,
    )
    return counter


def put_shown(ctx: Ctx, counter: int, cup: int, rule: str, why: str) -> None:
    """Put a known counter into a cup (the Roman player sees which)."""
    ctx.dice.put(CUPS[cup], [counter])
    ctx.state.cups[cup].append(counter)
    ctx.emit(
        "put",
        rule,
        f"{rule}: {why}: {NAME[counter]} into the {CUPS[cup]} Cup.",
        cup=CUPS[cup],
        counter=counter,
    )


def eliminate_top(ctx: Ctx, box: int, rule: str, why: str) -> int:
    """Eliminate the top-most Tribal Unit of a box into the Dead Pool (2.9); -1 if none."""
    stack = ctx.state.stacks[box]
    if not stack:
        return -1
    counter = stack[-1]
    eliminate_counter(ctx, box, counter, rule, why)
    return counter


def eliminate_counter(ctx: Ctx, box: int, counter: int, rule: str, why: str) -> None:
    """Eliminate ``counter`` of ``box`` into the Dead Pool (2.9)."""
    ctx.state.stacks[box].remove(counter)
    ctx.state.dead.append(counter)
    ctx.emit(
        "eliminate",
        rule,
        f"{rule}: {why}: {NAME[counter]} eliminated in {NAMES[box]}.",
        box=box,
        counter=counter,
    )


def score(ctx: Ctx, vp: int, rule: str, why: str) -> None:
    from italia_kit.games.agricola.tables import VP_MAX

    state = ctx.state
    state.vp = max(0, min(VP_MAX, state.vp + vp))
    ctx.emit("vp", rule, f"{rule}: {why}: {vp:+d} VP, {state.vp} VP.", vp=vp, total=state.vp)


def to_force_pool(state: AgricolaState, counter: int) -> None:
    """A legionary counter back in the Force Pool, on its lower side."""
    if counter in state.three:
        state.three.remove(counter)
    state.force.append(counter)
