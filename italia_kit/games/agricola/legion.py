"""Legion Actions (5.0-5.2): Suppress, Garrison, Peacekeeping, Battle, and Passing.

:func:`check` refuses an action its limitation forbids, naming the section, before anything
changes; :func:`options` lists the legal ones; :func:`perform` carries one out, with its Cup
Adjustments and Hostile Tribe Reactions (queued, :mod:`.reactions`).

Readings (docs/games/agricola.md): legions stacked together may act together (5.0) for a
Battle or Peacekeeping, the actions whose resolution a second legion changes; Suppress and
Garrison are one legion's. A Garrison needs a box without a Garrison or Settlement and a
free Garrison counter (a one-aquila counter in the Force Pool, or the one-aquila unit the
legion gives up: "piece-limited", 9.6). Peacekeeping's second move with Agricola obeys the
first move's limitation.
"""

from __future__ import annotations

from itertools import combinations

from italia_kit.core import IllegalActionError
from italia_kit.games.agricola.actions import (
    BATTLE,
    GARRISON,
    LEGION_ORDERS,
    PEACEKEEPING,
    SUPPRESS,
    LegionAction,
)
from italia_kit.games.agricola.battle import start_battle
from italia_kit.games.agricola.geography import ADJACENT, CAMPS, NAMES, REACH, REGION_OF
from italia_kit.games.agricola.mechanics import (
    IS_ONE_AQUILA,
    NAME,
    RESISTANCE,
    Ctx,
    agricola_box,
    aquilae,
    check_legions,
    cup_adjust,
    eliminate_top,
    free_one_aquila,
    leader_in_box,
    leader_in_region,
    legionaries,
    region_bonus,
    score,
    to_force_pool,
)
from italia_kit.games.agricola.reactions import queue_reactions
from italia_kit.games.agricola.state import FRIENDLY, HOSTILE, UNFRIENDLY, AgricolaState
from italia_kit.games.agricola.tables import LEGIONS


def _region(box: int) -> str:
    """5.2 Peacekeeping: "Camps count as being in the Blue Region"."""
    region = REGION_OF[box]
    return "Blue" if region == "Camps" else region


def check(state: AgricolaState, action: LegionAction) -> None:
    """Raise :class:`IllegalActionError` (the section that forbids it) unless legal."""
    legions = action.legions
    if not legions or len(set(legions)) != len(legions) or any(k not in (0, 1, 2) for k in legions):
        raise IllegalActionError(
            "5.0", f"legions {legions!r}: name one to three different legions (0-2)"
        )
    if action.order not in LEGION_ORDERS:
        raise IllegalActionError(
            "5.2", f"{action.order!r} is not a Legion Action ({', '.join(LEGION_ORDERS)})"
        )
    home = state.legion_box[legions[0]]
    if any(state.legion_box[k] != home for k in legions):
        raise IllegalActionError("5.0", "legions act together only when stacked in one box")
    if len(legions) > 1 and action.order not in (BATTLE, PEACEKEEPING):
        raise IllegalActionError(
            "5.0",
            f"a {action.order} is one legion's action (reading "
            "of 5.0: only Battle and Peacekeeping gain from several)",
        )
    if len(legions) > state.actions_left:
        raise IllegalActionError(
            "5.0", f"{len(legions)} Legion Actions needed, {state.actions_left} left"
        )
    to = action.to
    if to != -1 and to not in REACH[home]:
        raise IllegalActionError("5.1", f"box {to} is not adjacent to {NAMES[home]} for movement")
    box = home if to == -1 else to
    stack = state.stacks[box]
    if action.order == SUPPRESS:
        if box in CAMPS or not 1 <= len(stack) <= 2:
            raise IllegalActionError(
                "5.2",
                f"Suppress needs one or two Tribal Units in the box; {NAMES[box]} has {len(stack)}",
            )
        if leader_in_box(state, box) >= 0:
            raise IllegalActionError(
                "5.2", f"Suppress is impossible with a Tribal Leader in {NAMES[box]} itself"
            )
    elif action.order == GARRISON:
        _check_garrison(state, action, box)
    elif action.order == PEACEKEEPING:
        if to == -1:
            raise IllegalActionError("5.2", "Peacekeeping must move to an adjacent box")
        _check_peaceful(state, to)
        if action.extra != -1:
            if agricola_box(state) != home or state.agricola not in legions:
                raise IllegalActionError(
                    "5.2", "only with Agricola may Peacekeeping move a second time"
                )
            if action.extra not in REACH[to]:
                raise IllegalActionError(
                    "5.1", f"box {action.extra} is not adjacent to {NAMES[to]} for movement"
                )
            _check_peaceful(state, action.extra)
    elif len(stack) < 2 or box in CAMPS:
        raise IllegalActionError(
            "5.2",
            f"a Battle needs two or more Tribal Units in the box; {NAMES[box]} has {len(stack)}",
        )


def _check_peaceful(state: AgricolaState, box: int) -> None:
    if state.stacks[box]:
        raise IllegalActionError(
            "5.2",
            f"Peacekeeping needs a box with no Tribal Units; "
            f"{NAMES[box]} has {len(state.stacks[box])}",
        )
    if leader_in_region(state, _region(box)) >= 0:
        raise IllegalActionError(
            "5.2", f"Peacekeeping is impossible with a Tribal Leader in the {_region(box)} Region"
        )


def _check_garrison(state: AgricolaState, action: LegionAction, box: int) -> None:
    legion = action.legions[0]
    if box in CAMPS or state.stacks[box]:
        raise IllegalActionError("5.2", "a Garrison needs a Tribal Box with zero Tribal Units")
    if leader_in_region(state, REGION_OF[box]) >= 0:
        raise IllegalActionError(
            "5.2", f"no Garrison with a Tribal Leader in the {REGION_OF[box]} Region"
        )
    if state.garrison[box] >= 0 or state.settlement[box] >= 0:
        raise IllegalActionError("5.2", f"{NAMES[box]} holds a Garrison or Settlement already")
    levels = {aquilae(state, c) for c in legionaries(state, legion)}
    if action.unit not in levels:
        raise IllegalActionError(
            "5.2", f"{LEGIONS[legion]} has no {action.unit}-aquila Legionary Battle Unit to give up"
        )
    if action.unit != 1 and free_one_aquila(state) < 0:
        raise IllegalActionError("5.2", "no Garrison counter is free (piece-limited)")
    if action.extra != -1:
        if agricola_box(state) != state.legion_box[legion] or state.agricola != legion:
            raise IllegalActionError("5.2", "only Agricola's legion eliminates a neighbour")
        if action.extra not in ADJACENT[box] or REGION_OF[action.extra] != REGION_OF[box]:
            raise IllegalActionError(
                "5.2", "Agricola eliminates in an adjacent box of the same Region"
            )
        if not state.stacks[action.extra]:
            raise IllegalActionError("5.2", f"{NAMES[action.extra]} has no Tribal Unit")


#: per box, for :func:`options`: its movement neighbours and neighbours (sorted), whether it
#: is a camp, its region and its region for Peacekeeping (camps count as Blue)
_REACH = tuple(tuple(sorted(r)) for r in REACH)
_ADJACENT = tuple(tuple(sorted(a)) for a in ADJACENT)
_CAMP = tuple(b in CAMPS for b in range(len(REACH)))
_PEACE_REGION = tuple("Blue" if r == "Camps" else r for r in REGION_OF)
_MADE: dict[tuple[tuple[int, ...], int, str, int, int], LegionAction] = {}


def _action(
    legions: tuple[int, ...], to: int, order: str, unit: int = 0, extra: int = -1
) -> LegionAction:
    """The one LegionAction of these fields (made once: the bots list them at every step)."""
    key = (legions, to, order, unit, extra)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = LegionAction(legions, to, order, unit, extra)
    return found


def options(state: AgricolaState) -> list[LegionAction]:
    """Every legal Legion Action (Garrison: each aquila level given up; Agricola's extra).

    The limitations of :func:`check`, spelt out for speed (the bots list them at every
    step); ``tests/test_agricola_5_legion.py`` holds the two to the same answers."""
    out: list[LegionAction] = []
    if state.actions_left < 1:
        return out
    stacks = state.stacks
    counts = [len(s) for s in stacks]
    led = {REGION_OF[b] for b in state.leader_box if b >= 0}
    leader_boxes = {b for b in state.leader_box if b >= 0}
    peaceful = [not counts[b] and _PEACE_REGION[b] not in led for b in range(len(counts))]
    spare_garrison = free_one_aquila(state) >= 0
    garrison, settlement = state.garrison, state.settlement
    for k in range(3):
        home = state.legion_box[k]
        single = (k,)
        agricola = state.agricola == k
        levels = sorted({aquilae(state, c) for c in legionaries(state, k)})
        if not spare_garrison:
            levels = [v for v in levels if v == 1]
        for to in (-1, *_REACH[home]):
            box = home if to == -1 else to
            units = counts[box]
            if _CAMP[box]:
                if to != -1 and peaceful[box]:
                    out.append(_action(single, to, PEACEKEEPING))
                    if agricola:
                        out += [
                            _action(single, to, PEACEKEEPING, 0, b)
                            for b in _REACH[to]
                            if peaceful[b]
                        ]
                continue
            if units >= 2:
                out.append(_action(single, to, BATTLE))
                if units == 2 and box not in leader_boxes:
                    out.append(_action(single, to, SUPPRESS))
            elif units == 1:
                if box not in leader_boxes:
                    out.append(_action(single, to, SUPPRESS))
            else:
                region = REGION_OF[box]
                if region not in led and garrison[box] < 0 and settlement[box] < 0:
                    for level in levels:
                        out.append(_action(single, to, GARRISON, level))
                        if agricola:
                            out += [
                                _action(single, to, GARRISON, level, b)
                                for b in _ADJACENT[box]
                                if REGION_OF[b] == region and counts[b]
                            ]
                if to != -1 and peaceful[box]:
                    out.append(_action(single, to, PEACEKEEPING))
                    if agricola:
                        out += [
                            _action(single, to, PEACEKEEPING, 0, b)
                            for b in _REACH[to]
                            if peaceful[b]
                        ]
    boxes = state.legion_box
    if boxes[0] == boxes[1] or boxes[1] == boxes[2] or boxes[0] == boxes[2]:
        for size in (2, 3):
            for group in combinations(range(3), size):
                if len({boxes[k] for k in group}) != 1 or size > state.actions_left:
                    continue
                home = boxes[group[0]]
                for to in (-1, *_REACH[home]):
                    box = home if to == -1 else to
                    if not _CAMP[box] and counts[box] >= 2:
                        out.append(_action(group, to, BATTLE))
    return out


def legal(state: AgricolaState, action: LegionAction) -> bool:
    """Is ``action`` legal (:func:`check` without the exception)?"""
    try:
        check(state, action)
    except IllegalActionError:
        return False
    return True


def perform(ctx: Ctx, action: LegionAction) -> None:
    """5.0: move, act, adjust the cups, queue the reactions; one Legion Action per legion."""
    state = ctx.state
    legions = list(action.legions)
    n = len(legions)
    state.actions_left -= n
    ctx.emit(
        "legion_action",
        "5.0",
        f"5.0: {', '.join(LEGIONS[k] for k in legions)}: "
        f"{action.order} ({state.actions_left} Legion Action(s) left).",
        order=action.order,
        legions=legions,
    )
    if action.to != -1:
        names = ", ".join(LEGIONS[k] for k in legions)
        _move(ctx, legions, action.to, "5.1", f"{names} move to {NAMES[action.to]}")
    box = state.legion_box[legions[0]]
    agricola = state.agricola in legions
    if action.order == SUPPRESS:
        _suppress(ctx, box, agricola)
        cup_adjust(ctx, 1, UNFRIENDLY, HOSTILE, "5.2")
        queue_reactions(state, 2)
    elif action.order == GARRISON:
        _garrison(ctx, legions[0], box, action)
        cup_adjust(ctx, 1, UNFRIENDLY, FRIENDLY, "5.2")
        queue_reactions(state, 1)
    elif action.order == PEACEKEEPING:
        if action.extra != -1:
            where = NAMES[action.extra]
            _move(ctx, legions, action.extra, "5.2", f"with Agricola they move on to {where}")
        ctx.emit("peacekeeping", "5.2", "5.2: Peacekeeping.", legions=legions)
        cup_adjust(ctx, n, HOSTILE, UNFRIENDLY, "5.2")
        queue_reactions(state, n)
    else:
        start_battle(ctx, box, legions, ambush=False)


def _suppress(ctx: Ctx, box: int, agricola: bool) -> None:
    state = ctx.state
    top = state.stacks[box][-1]
    resistance = RESISTANCE[top] + region_bonus(state, REGION_OF[box])
    (roll,) = ctx.roll(1, "5.2", f"Suppress {NAME[top]} (Resistance {resistance})")
    if roll <= resistance:
        ctx.emit(
            "suppress",
            "5.2",
            f"5.2: the Suppress fails ({roll} <= {resistance}).",
            box=box,
            roll=roll,
            success=False,
        )
        return
    eliminate_top(ctx, box, "5.2", "Suppress")
    if agricola:
        eliminate_top(ctx, box, "5.2", "Suppress with Agricola")


def _garrison(ctx: Ctx, legion: int, box: int, action: LegionAction) -> None:
    state = ctx.state
    unit = next(c for c in legionaries(state, legion) if aquilae(state, c) == action.unit)
    state.holding[legion].remove(unit)
    if IS_ONE_AQUILA[unit]:
        garrison = unit  # the counter flips to its Garrison side (2.7)
    else:
        to_force_pool(state, unit)
        garrison = free_one_aquila(state)
        state.force.remove(garrison)
    state.garrison[box] = garrison
    ctx.emit(
        "garrison",
        "5.2",
        f"5.2: {LEGIONS[legion]} garrisons {NAMES[box]} with {NAME[unit]}.",
        legion=legion,
        box=box,
        unit=unit,
        garrison=garrison,
    )
    if action.extra != -1:
        eliminate_top(ctx, action.extra, "5.2", "Agricola's Garrison")
    check_legions(ctx)


def pass_turn(ctx: Ctx) -> None:
    """5.2 Passing: 1 VP per Action forgone (this one too); 1 Unfriendly - Hostile, then 1
    Friendly - Unfriendly per Action remaining; 1 reaction in all."""
    state = ctx.state
    left = state.actions_left
    state.actions_left = 0
    ctx.emit(
        "legion_action",
        "5.2",
        f"5.2: Rome passes ({left} Legion Action(s) forgone).",
        order="pass",
        legions=[],
    )
    score(ctx, left, "5.2", f"Passing forgoes {left} Legion Action(s)")
    cup_adjust(ctx, 1, UNFRIENDLY, HOSTILE, "5.2")
    cup_adjust(ctx, left, FRIENDLY, UNFRIENDLY, "5.2")
    queue_reactions(state, 1)


def _move(ctx: Ctx, legions: list[int], box: int, rule: str, text: str) -> None:
    """The legions go to ``box`` (5.1's move, or 5.2's move on with Agricola)."""
    for legion in legions:
        ctx.state.legion_box[legion] = box
    ctx.emit("move", rule, f"{rule}: {text}.", legions=legions, box=box)
