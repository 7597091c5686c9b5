"""Territorial victory points (M-V4's awards, the scenario's ``scoring``) and submission's
half values.

* Britannia (public summary) (B-SOG 4.5): area points are awarded at the end of the turn;
  each power scores on the turns its awards name.
* Rule text: "During the submittee's next territorial victory phase ... score victory points
  at half value for areas controlled by the submitting power. During the submitter's next
  territorial victory phase score victory points for areas it controls at half value only.
  Until both these phases have occurred, neither power may attack the other."
* M-V4 (French, turn 11): "at any moment of the French nation-turn": the areas held at any
  moment of that nation-turn count, scored as it ends (``during_nation_turn``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from italia_kit.core import Context
from italia_kit.games.medieval.scenario import ScoreRule
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World

R_AREAS = "Britannia (public summary): area points at the end of the turn (M-V4 awards)"
R_HALF = "rule text: submission (half value)"


def area_value(world: World, rules: Sequence[ScoreRule], zone: str, turn: int) -> float:
    """An area's points under ``rules``: its first ``zone`` rule, else a matching
    ``terrain`` rule, else the ``other`` rule, else nothing."""
    for r in rules:
        if r.kind == "zone" and zone in r.zones:
            return r.points
    for r in rules:
        if r.kind == "terrain" and world.terrain(zone, turn) == r.terrain:
            return r.points
    for r in rules:
        if r.kind == "other":
            return r.points
    return 0.0


def rules_for(world: World, power: str, turn: int, during: bool) -> list[ScoreRule]:
    return [
        r for r in world.power(power).scoring if turn in r.turns and r.during_nation_turn == during
    ]


def score_power(
    ctx: Context[MedievalState],
    world: World,
    power: str,
    rules: Sequence[ScoreRule],
    held: Iterable[str],
) -> None:
    """One territorial victory phase of ``power`` (the Italia engine's scoring hook)."""
    state = ctx.state
    turn = state.turn
    held = list(held)
    own = sum(area_value(world, rules, z, turn) for z in held)
    text = f"{R_AREAS}: the {power} hold {len(held)} area(s) worth {own:g}"
    total = own
    for s in state.submissions:
        if s["submitter"] == power and not s["submitter_scored"]:
            total -= own / 2
            s["submitter_scored"] = True
            text += f"; they submitted to the {s['receiver']}: half value ({R_HALF})"
            break
    for s in state.submissions:
        if s["receiver"] == power and not s["receiver_scored"]:
            theirs = world.controlled(state, s["submitter"])
            extra = sum(area_value(world, rules, z, turn) for z in theirs) / 2
            total += extra
            s["receiver_scored"] = True
            text += f"; +{extra:g} for the {s['submitter']}' areas at half value ({R_HALF})"
    for s in state.submissions:
        if s["submitter"] == power and not s["submitter_scored"]:
            s["submitter_scored"] = True  # a second submission of the same power: one phase
    ended = [s for s in state.submissions if s["submitter_scored"] and s["receiver_scored"]]
    state.submissions = [s for s in state.submissions if s not in ended]
    state.vp[power] = state.vp.get(power, 0.0) + total
    ctx.emit("vp", R_AREAS, f"{text}: {total:g} VP.", power=power, points=total, areas=held)
    for s in ended:
        ctx.emit(
            "truce_ends",
            R_HALF,
            f"{R_HALF}: the {s['submitter']} and the {s['receiver']} have both scored: "
            f"they may attack each other again.",
            submitter=s["submitter"],
            receiver=s["receiver"],
        )


def score_turn(ctx: Context[MedievalState], world: World) -> None:
    """The end-of-turn territorial victory phases, in turn order."""
    state = ctx.state
    for power in world.order:
        rules = rules_for(world, power, state.turn, during=False)
        if rules:
            score_power(ctx, world, power, rules, world.controlled(state, power))


def faction_scores(world: World, state: MedievalState) -> dict[str, float]:
    """Every faction's VP: the sum of its powers' (Britannia (public summary))."""
    out = {f: 0.0 for f in world.scenario.players}
    for power, vp in state.vp.items():
        out[world.faction(power)] += vp
    return out
