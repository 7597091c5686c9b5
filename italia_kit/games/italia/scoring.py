"""Victory (11.0): scoring at the end of the scoring turns, and the score pad.

Points for eliminations, looting and major battles arrive as events during play
(``victory.score``); this module adds the control points and reads the pad off the log.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

from italia_kit.core import Context, EventLog
from italia_kit.games.italia.scenarios import Nation, ScoreRule
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.text import count
from italia_kit.games.italia.victory import score
from italia_kit.games.italia.world import World


def holders(state: ItaliaState, world: World) -> dict[str, str]:
    """Land zone -> the nation holding it (units ashore; 6.1, 11.0)."""
    out: dict[str, str] = {}
    for u in state.units.values():
        if u.carrier is None and world.is_land(u.zone):
            out.setdefault(u.zone, u.nation)
    return out


def rule_points(
    world: World, state: ItaliaState, nation: str, rule: ScoreRule, held: dict[str, str]
) -> tuple[float, str]:
    """The points one score rule gives a nation now, and how they were counted (11.0)."""
    area = rule.area()
    zones = world.land_zones if area is None else area
    own = [z for z in zones if held.get(z) == nation]
    if rule.kind in ("zone", "city"):
        if rule.kind == "city" or rule.needs_city:
            own = [z for z in own if state.has_city(z)]
        what = count(len(own), "city", "cities") if rule.kind == "city" else count(len(own), "zone")
        return rule.points * len(own), f"{what} x {rule.points:g}"
    friends = {nation} | {s for s, m in state.masters.items() if m == nation}
    foreign = [
        z
        for z in zones
        if z in held and held[z] not in friends and state.masters.get(held[z]) != nation
    ]
    mine = [z for z in zones if held.get(z) in friends]
    where = rule.region or ", ".join(rule.zones)
    if rule.minus_per_foreign_zone:
        pts = max(0.0, rule.points - len(foreign))
        return pts, f"{where}: {rule.points:g} less {len(foreign)} zones held by others"
    if mine and not foreign:
        return rule.points, f"all of {where}"
    return 0.0, f"not all of {where}"


def score_turn(ctx: Context[ItaliaState], world: World) -> None:
    """11.0: control points at the end of a scoring turn, before transformations."""
    state = ctx.state
    # the scoring turns (11.0); a card may add its own (example 11.0-2: Berbers, turn 2)
    scoring = [n for n in world.scenario.nations if n.scoring_on(state.turn)]
    if not scoring:
        return
    held = holders(state, world)
    ctx.emit("scoring", "11.0", f"11.0: end of turn {state.turn}: the nations score control.")
    for nation in scoring:
        world.rulebook.score_nation(ctx, world, nation, held)


def score_nation(
    ctx: Context[ItaliaState], world: World, nation: Nation, held: dict[str, str]
) -> None:
    """11.0: one nation's control points of this scoring turn, by its card's score rules
    (``held``: :func:`holders`); a subject's are halved as they are scored (12.5.2)."""
    total = 0.0
    parts = []
    for rule in nation.scoring_on(ctx.state.turn):
        pts, how = rule_points(world, ctx.state, nation.name, rule, held)
        total += pts
        if pts:
            parts.append(f"{how} = {pts:g}")
    if total:
        score(ctx, nation.name, total, "11.0", f"control ({'; '.join(parts)})")


def score_pad(log: EventLog, world: World) -> pd.DataFrame:
    """The score pad (2.5, 11.0): victory points by nation and turn, with the colour; a box
    is shaded (NaN) where the nation cannot score that turn (it neither plays nor scores)."""
    import pandas as pd

    last = world.scenario.last_turn
    earned: dict[tuple[str, int], float] = {}
    for e in log:
        if e.kind == "victory_points":
            key = (str(e.data["nation"]), e.turn)
            earned[key] = earned.get(key, 0.0) + float(e.data["points"])
    rows: list[dict[Any, Any]] = []
    for nation in world.scenario.nations:
        row: dict[Any, Any] = {"nation": nation.name, "colour": nation.colour}
        for t in range(1, last + 1):
            can = t in nation.turns or bool(nation.scoring_on(t)) or (nation.name, t) in earned
            row[t] = earned.get((nation.name, t), 0.0) if can else math.nan
        row["total"] = sum(v for k, v in row.items() if isinstance(k, int) and v == v)
        rows.append(row)
    return pd.DataFrame(rows).set_index("nation")


def by_colour(pad: pd.DataFrame) -> pd.DataFrame:
    """The pad summed per player colour: points per turn and cumulative (11.0: a player
    totals the points of all its nations)."""
    turns = [c for c in pad.columns if isinstance(c, int)]
    return pad.groupby("colour")[turns].sum().cumsum(axis=1)
