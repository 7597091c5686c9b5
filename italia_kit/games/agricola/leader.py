"""Free Leader Actions (6.0): Attach, Reorganize Legions, Negotiation.

They cost no Legion Action and cause no reactions; only a failed Negotiation adjusts the
cups. Reorganize is also what follows a victory for the legions that fought (8.6).
"""

from __future__ import annotations

from italia_kit.core import IllegalActionError
from italia_kit.games.agricola.actions import Attach, Negotiate, Reorganize
from italia_kit.games.agricola.geography import ADJACENT, NAMES, REACH, REGION_OF
from italia_kit.games.agricola.mechanics import (
    IS_LEGIONARY,
    NAME,
    RESISTANCE,
    Ctx,
    agricola_box,
    cup_adjust,
    leader_in_region,
    put_shown,
    spend,
)
from italia_kit.games.agricola.state import FRIENDLY, HOSTILE, UNFRIENDLY, AgricolaState
from italia_kit.games.agricola.tables import LEGIONS

MAX_BRIBE = 7


def _near(state: AgricolaState, legion: int, box: int) -> bool:
    other = state.legion_box[legion]
    return other == box or other in REACH[box]


def check_attach(state: AgricolaState, action: Attach) -> None:
    if action.legion not in (0, 1, 2) or action.legion == state.agricola:
        raise IllegalActionError("6.0", f"Attach: legion {action.legion} is not another legion")
    if not _near(state, action.legion, agricola_box(state)):
        raise IllegalActionError(
            "6.0",
            f"Attach: {LEGIONS[action.legion]} is neither in Agricola's box nor adjacent to it",
        )


def attach(ctx: Ctx, action: Attach) -> None:
    ctx.state.agricola = action.legion
    ctx.emit(
        "attach",
        "6.0",
        f"6.0: Agricola attaches to {LEGIONS[action.legion]}.",
        legion=action.legion,
    )


def affected_legions(state: AgricolaState) -> list[int]:
    """6.0: Agricola's legion and those in his box or adjacent to it (5.1's bonus)."""
    box = agricola_box(state)
    return [k for k in range(3) if k == state.agricola or _near(state, k, box)]


def limits_broken(holding: list[list[int]], involved: list[int]) -> str:
    """6.0's limits on the involved legions ("" if kept): two Auxiliaries per Legionary
    Battle Unit at most, and no legion with three times the Legionary Battle Units of
    another."""
    legs = [sum(1 for c in h if IS_LEGIONARY[c]) for h in holding]
    for k in involved:
        if len(holding[k]) - legs[k] > 2 * legs[k]:
            return f"{LEGIONS[k]} would have more than two Auxiliaries per Legionary unit"
        for other in range(3):
            if other != k and (legs[k] >= 3 * legs[other] or legs[other] >= 3 * legs[k]):
                return (
                    f"{LEGIONS[k]} and {LEGIONS[other]} would have {legs[k]} and "
                    f"{legs[other]} Legionary units (three times as many)"
                )
    return ""


def moved(
    state: AgricolaState, moves: tuple[tuple[int, int], ...], involved: list[int], rule: str
) -> list[list[int]]:
    """The Holding Boxes after ``moves``; refused unless each move is a unit of an involved
    legion going to another involved legion and the limits hold."""
    holding = [list(h) for h in state.holding]
    if not moves:
        raise IllegalActionError(rule, "Reorganize: no unit is moved")
    for unit, legion in moves:
        source = next((k for k in range(3) if unit in holding[k]), -1)
        if source not in involved or legion not in involved or legion == source:
            raise IllegalActionError(
                rule,
                f"Reorganize: unit {unit} cannot go from legion "
                f"{source} to legion {legion} (legions here: {involved})",
            )
        holding[source].remove(unit)
        holding[legion].append(unit)
    broken = limits_broken(holding, involved)
    if broken:
        raise IllegalActionError(rule, f"Reorganize: {broken}")
    return holding


def reorganize(ctx: Ctx, action: Reorganize, involved: list[int], rule: str) -> None:
    state = ctx.state
    state.holding = moved(state, action.moves, involved, rule)
    text = "; ".join(f"{NAME[u]} to {LEGIONS[k]}" for u, k in action.moves)
    ctx.emit(
        "reorganize", rule, f"{rule}: reorganized: {text}.", moves=[list(m) for m in action.moves]
    )


def reorganize_options(state: AgricolaState, involved: list[int], rule: str) -> list[Reorganize]:
    """The single transfers that keep the limits (what :func:`moved` accepts, counted
    directly: the bots list them at every step)."""
    out: list[Reorganize] = []
    if len(involved) < 2:
        return out
    holding = state.holding
    legs = [sum(1 for c in h if IS_LEGIONARY[c]) for h in holding]
    aux = [len(h) - n for h, n in zip(holding, legs, strict=True)]

    def fine(legs_after: list[int], aux_after: list[int]) -> bool:
        for k in involved:
            if aux_after[k] > 2 * legs_after[k]:
                return False
            for other in range(3):
                if other != k and (
                    legs_after[k] >= 3 * legs_after[other] or legs_after[other] >= 3 * legs_after[k]
                ):
                    return False
        return True

    for source in involved:
        for target in involved:
            if target == source:
                continue
            after_legs, after_aux = list(legs), list(aux)
            after_legs[source] -= 1
            after_legs[target] += 1
            legionary_ok = fine(after_legs, aux)
            after_aux[source] -= 1
            after_aux[target] += 1
            auxiliary_ok = fine(legs, after_aux)
            for unit in holding[source]:
                if legionary_ok if IS_LEGIONARY[unit] else auxiliary_ok:
                    out.append(Reorganize(((unit, target),)))
    return out


def negotiation_boxes(state: AgricolaState) -> list[int]:
    """6.0: Agricola's box or an adjacent one of the same Region, with a Tribal Unit and no
    Tribal Leader in the Region."""
    here = agricola_box(state)
    boxes = [here, *(b for b in sorted(ADJACENT[here]) if REGION_OF[b] == REGION_OF[here])]
    return [b for b in boxes if state.stacks[b] and leader_in_region(state, REGION_OF[b]) < 0]


def check_negotiate(state: AgricolaState, action: Negotiate) -> None:
    if not 1 <= action.coins <= MAX_BRIBE:
        raise IllegalActionError(
            "6.0", f"Negotiation spends between one and seven Coins, not {action.coins}"
        )
    if action.coins > state.treasury:
        raise IllegalActionError(
            "6.0", f"Negotiation: {action.coins} Coins asked, the Treasury holds {state.treasury}"
        )
    if action.box not in negotiation_boxes(state):
        raise IllegalActionError(
            "6.0",
            "Negotiation needs a Tribal Unit in Agricola's box or "
            "an adjacent box of the same Region, with no Tribal Leader "
            "in the Region",
        )


def negotiate(ctx: Ctx, action: Negotiate) -> None:
    state = ctx.state
    box = action.box
    top = state.stacks[box][-1]
    spend(ctx, action.coins, "6.0", f"Negotiation with {NAME[top]}")
    if state.result:
        return
    (roll,) = ctx.roll(1, "6.0", f"Negotiation with {NAME[top]}")
    if roll + action.coins > RESISTANCE[top]:
        state.stacks[box].pop()
        put_shown(ctx, top, FRIENDLY, "6.0", f"Negotiation succeeds in {NAMES[box]}")
    else:
        ctx.emit(
            "negotiation",
            "6.0",
            f"6.0: the {NAME[top]} are insulted ({roll} + {action.coins} <= {RESISTANCE[top]}).",
            box=box,
            success=False,
        )
        cup_adjust(ctx, 1, UNFRIENDLY, HOSTILE, "6.0")
