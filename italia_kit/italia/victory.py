"""Victory points scored during play (11.0): eliminations and looting.

Scoring turns (zones, cities, regions) come with the rest of section 11.
"""

from __future__ import annotations

from ..core import Context
from .state import ItaliaState, Unit
from .world import World


def elimination_points(world: World, scorer: str, victim: Unit, *, attacked_scorer: bool) -> float:
    """VP ``scorer`` earns for eliminating ``victim`` (11.0, the nation's card).

    A nation does not score for units that attacked it unless its card says so (11.0).
    """
    for rule in world.nation(scorer).elimination_vp:
        if rule.matches(victim.type.value, victim.nation, victim.name):
            if attacked_scorer and not rule.own_attackers_count:
                return 0.0
            return rule.points
    return 0.0


def score(ctx: Context[ItaliaState], nation: str, points: float, rule: str, why: str) -> None:
    if not points:
        return
    state = ctx.state
    master = state.masters.get(nation)
    if master:  # 12.5.2: a subjugated nation keeps half, rounded up; the rest is lost
        import math

        points = float(math.ceil(points / 2))
        why += f", halved as subjects of the {master} (12.5.2)"
    state.vp[nation] = state.vp.get(nation, 0.0) + points
    ctx.emit(
        "victory_points",
        rule,
        f"{rule}: the {nation} score {points:g} VP for {why} ({state.vp[nation]:g} in all).",
        nation=nation,
        points=points,
    )


def eliminate(
    ctx: Context[ItaliaState],
    world: World,
    unit: Unit,
    *,
    by: str | None,
    rule: str,
    why: str,
    attacked_scorer: bool = False,
) -> None:
    """Remove a unit from play; a sunk fleet takes its cargo with it (10.8, 11.0)."""
    state = ctx.state
    label = unit.label()
    if unit.is_fleet:  # only fleets carry units (9.6)
        for cargo in state.cargo(unit.id):
            eliminate(
                ctx,
                world,
                cargo,
                by=by,
                rule="10.8",
                why=f"it went down with {label}",
                attacked_scorer=attacked_scorer,
            )
    state.remove_unit(unit)
    state.moves.pop(unit.id, None)
    ctx.emit(
        "eliminated",
        rule,
        f"{rule}: {label} is eliminated: {why}.",
        unit=unit.id,
        nation=unit.nation,
        type=unit.type.value,
        zone=unit.zone,
        by=by,
    )
    if by is not None and by != unit.nation:
        points = elimination_points(world, by, unit, attacked_scorer=attacked_scorer)
        if points:  # nothing scored, nothing said (:func:`score`)
            score(ctx, by, points, "11.0", f"eliminating {label}")
