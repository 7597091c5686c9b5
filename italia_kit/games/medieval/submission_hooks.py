"""Submission on the Italia engine (rule text S11-S18): what
:class:`~.rulebook.MedievalRulebook` answers at Italia's ``submission_due`` ("offer": asked
before any combat round, S14), ``submit``, and its own decision, the withdrawal after it.

- S11, S12: who may receive and who may submit (the powers' ``receives_submission``,
  ``may_submit``); S17: not to a power of the same player; S13: at most three areas, and
  under attack by the receiver (Italia offers it to the defender of the receiver's battle).
- S18: a power may submit to several powers: ``state.extras["submissions"]`` is a list.
- S15: "All attacking units must retreat into the area from which they came, or continue
  moving using unused movement points into a friendly area" (one choice for the attacking
  side, as the medieval engine read it: back, or one area the power holds that every
  attacker can still reach).
- S16: "if a submitting unit entered from the arrival chart then the defender retreats":
  attackers that appeared, came from a box or have not moved: the submitter's units
  retreat to an adjacent land area empty or their own; with none they stay under the
  truce (reading 18 of ``docs/games/medieval.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from italia_kit.core import Action, Context, Decision, IllegalActionError
from italia_kit.games.italia.battle_sides import defender_in
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.arrival_hooks import appeared_here, own_areas
from italia_kit.games.medieval.words import area, army

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_SUBMIT = "rule text: submission"
#: the pending withdrawal's key in ``state.extras``
PENDING = "withdrawal"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """S15, S16: after a submission the side that must leave the area goes to ``zone``
    ("" : the attackers each back where they came from, or the fleeing side stays when it
    has nowhere to go)."""

    kind: ClassVar[str] = "withdraw"
    nation: str = ""
    zone: str = ""


def may_submit(
    rules: MedievalRulebook, world: World, state: ItaliaState, subject: str, master: str
) -> str | None:
    """Why ``subject`` may not submit to ``master`` now (S11-S13, S17), or None."""
    d, a = rules.power(subject), rules.power(master)
    if d is None or not d.may_submit:
        return f"the {subject} are not among the powers that may submit"
    if a is None or not a.receives_submission:
        return f"the {master} are not among the powers that may receive submissions"
    if d.faction == a.faction:
        return f"the {master} are controlled by the same player ({d.faction})"
    # land areas: an arrival box is no area (reading 13; the referee's finding R5)
    areas = len(own_areas(world, state, subject))
    if areas > 3:
        return f"the {subject} hold {areas} areas: a power must be reduced to at most three"
    return None


def _from_chart(world: World, state: ItaliaState, unit: Unit) -> bool:
    """Did ``unit`` enter its area from the arrival chart (appeared, or came from a box)?"""
    if appeared_here(state, unit):
        return True
    rec = state.moves.get(unit.id)
    if rec is None or len(rec.path) < 2:
        return True
    return world.board.zone(rec.path[-2]).kind == "box"


def submit(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    subject: str,
    master: str,
    why: str,
) -> None:
    """S13-S16, S18: the submission is recorded; the battle ends before any round; the
    attackers (or, S16, the defenders) are asked where they go."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    zone = battle.zone
    if why.endswith(f" in {zone}"):  # Italia's words name a sea or the Alps bare
        why = why[: -len(zone)] + area(zone)
    state.extras.setdefault("submissions", []).append(
        {"submitter": subject, "receiver": master, "submitter_scored": False,
         "receiver_scored": False}
    )  # fmt: skip
    ctx.emit(
        "submission",
        R_SUBMIT,
        f"{R_SUBMIT}: the {subject} submit to the {master} ({why}): both score at half value "
        f"at their next territorial scoring, and neither may attack the other until both "
        f"have scored.",
        submitter=subject,
        receiver=master,
        zone=zone,
    )
    state.battle = None
    state.actor_override = None
    # S21: the receiver's other battles against the submitter are off (no attacks between
    # them until both have scored)
    state.combat_due = [z for z in state.combat_due if defender_in(world, state, master, z)]
    attackers = [u for u in state.units_in(zone, master) if u.carrier is None]
    flee = any(_from_chart(world, state, u) for u in attackers)
    state.extras[PENDING] = {"nation": subject if flee else master, "zone": zone, "flee": flee}


def pending(state: ItaliaState) -> dict[str, Any] | None:
    found: dict[str, Any] | None = state.extras.get(PENDING)
    return found


def decision(state: ItaliaState) -> Decision | None:
    p: dict[str, Any] | None = state.extras.get(PENDING)  # (pending's, asked every action)
    if p is None:
        return None
    what = (
        "retreat: they submitted to attackers from the arrival chart"
        if p["flee"]
        else ("go back where you came from, or on into an area you hold")
    )
    return Decision(p["nation"], "withdraw", R_SUBMIT, f"{what} ({p['zone']})")


def options(rules: MedievalRulebook, world: World, state: ItaliaState) -> list[str]:
    """The places of the pending withdrawal ("" as in :class:`Withdraw`), sorted."""
    p = pending(state)
    if p is None:
        return []
    nation, zone = p["nation"], p["zone"]
    units = [u for u in state.units_in(zone, nation) if u.carrier is None]
    out: list[str] = []
    for n in world.neighbours(zone):
        if not world.is_land(n) or world.board.zone(n).kind == "box":
            continue
        others = {u.nation for u in state.units_in(n) if u.carrier is None} - {nation}
        if p["flee"]:
            if not others:
                out.append(n)  # Britannia (public summary): empty or their own
            continue
        held = not others and state.stack_count(n, nation) > 0
        if held and all(_points_left(rules, world, state, u, zone, n) for u in units):
            out.append(n)
    if not p["flee"] or not out:
        out.insert(0, "")
    return out


def _points_left(
    rules: MedievalRulebook, world: World, state: ItaliaState, unit: Unit, frm: str, to: str
) -> bool:
    rec = state.moves.get(unit.id)
    used = rec.steps if rec is not None else 0
    allowance = rules.movement_allowance(state, unit, rec.leader if rec is not None else None)
    return used + rules.step_cost(world, state, unit, frm, to) <= allowance


def apply_withdraw(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World, action: Withdraw
) -> None:
    state = ctx.state
    p = pending(state)
    if p is None or action.nation != p["nation"]:
        raise IllegalActionError(R_SUBMIT, f"the {action.nation} have no withdrawal to make")
    places = options(rules, world, state)
    if action.zone not in places:
        shown = ", ".join(z or ("stay" if p["flee"] else "back") for z in places)
        raise IllegalActionError(R_SUBMIT, f"the {action.nation} may go to: {shown}")
    zone = p["zone"]
    del state.extras[PENDING]
    units = sorted(
        (u for u in state.units_in(zone, action.nation) if u.carrier is None), key=lambda u: u.id
    )
    if p["flee"] and not action.zone:
        text = f"{R_SUBMIT}: the {action.nation} have nowhere to retreat and stay in {zone}"
        ctx.emit("stay", R_SUBMIT, f"{text}, under the truce.", nation=action.nation, zone=zone)
        return
    for u in units:
        rec = state.moves.get(u.id)
        to = action.zone or (rec.path[-2] if rec is not None and len(rec.path) >= 2 else zone)
        if action.zone and rec is not None:
            rec.steps += rules.step_cost(world, state, u, zone, to)
        if rec is not None:
            # a step of its path: a later withdrawal goes back to ``zone`` (the referee's
            # finding R6: it went "back" to where it stood)
            rec.path.append(to)
        state.relocate(u, to)
        ctx.emit(
            "withdraw",
            R_SUBMIT,
            f"{R_SUBMIT}: {army(u)} leaves {area(zone)} for {area(to)}.",
            unit=u.id,
            zone=to,
        )
