"""Submission (12.5), its consequences (12.5.2) and revolts (12.6)."""

from __future__ import annotations

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.italia.special import hannibal_revolt_possible
from italia_kit.games.italia.stacking import stacking_limit
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.victory import eliminate
from italia_kit.games.italia.world import World


def submission_due(world: World, state: ItaliaState, subject: str, master: str) -> str | None:
    """``"must"``, ``"may"`` or None: may ``subject``, attacked by ``master``, submit to it?

    By the number of zones the subject controls, against the thresholds on its card (12.5.1).
    """
    if state.masters.get(subject) == master:
        return None
    rules = [rule for rule in world.nation(subject).submission if rule.master == master]
    if not rules:
        return None  # most nations have no threshold for most attackers: no zones to count
    zones = len(world.controlled_zones(state, subject))
    for rule in rules:
        verdict = rule.applies(zones, state.turn)
        if verdict:
            return verdict
    return None


def submit(ctx: Context[ItaliaState], world: World, subject: str, master: str, why: str) -> None:
    """12.5.2: the master's units leave the subject's zones; the battle, if any, ends."""
    state = ctx.state
    old = state.masters.get(subject)
    state.masters[subject] = master
    ctx.emit(
        "submission",
        "12.5",
        f"12.5: the {subject} submit to the {master} ({why})"
        + (f", leaving the {old}." if old else ".")
        # 12.5.2: the other half of income and loot goes to the master; of the VP it is lost
        + " Half their income and loot go to their master,"
        + " half their victory points are lost (12.5.2).",
        subject=subject,
        master=master,
    )
    state.battle = None
    state.actor_override = None
    subject_zones = set(world.controlled_zones(state, subject))
    for zone in sorted(subject_zones):
        staying = [u for u in state.units_in(zone, master) if u.carrier is None]
        if staying:
            withdraw(ctx, world, master, zone)
    state.combat_due = [
        z
        for z in state.combat_due
        if z not in subject_zones or state.nations_in(z) - {subject, master}
    ]


def withdraw(ctx: Context[ItaliaState], world: World, nation: str, zone: str) -> None:
    """Move a nation's units out of a zone to an adjacent zone it holds or an empty one
    (within the retreat allowance; never Rome on turn 10 of Italia I, 13.1); those with
    nowhere to go are eliminated (12.5.2, 13.1)."""
    state = ctx.state
    units = [u for u in state.units_in(zone, nation) if u.carrier is None]
    options = []
    closed = world.closed(state)  # 13.1: not into Rome on turn 10
    for nb in world.board.neighbours(zone):
        if not world.is_land(nb) or world.is_borderland(nb) or nb in closed:
            continue
        if any(u.nation != nation for u in state.units_in(nb) if u.carrier is None):
            continue
        options.append(nb)
    options.sort(key=lambda z: (not world.controls(state, nation, z), z))
    for u in units:
        target = None
        for nb in options:
            limit = stacking_limit(world, state, nb, nation, retreat=True)
            room = (
                limit is None
                or state.stack_count(nb, nation) + int(u.counts_for_stacking) <= limit.value
            )
            if room:
                target = nb
                break
        if target is None:
            eliminate(
                ctx, world, u, by=None, rule="12.5.2", why=f"it had nowhere to go from {zone}"
            )
            continue
        state.relocate(u, target)
        ctx.emit(
            "withdraw",
            "12.5.2",
            f"12.5.2: {u.label()} leaves {zone} for {target}.",
            unit=u.id,
            zone=target,
        )


def revolt(ctx: Context[ItaliaState], world: World, nation: str) -> None:
    """12.6: on the turns its card names, a subject declares itself free."""
    state = ctx.state
    master = state.masters.get(nation)
    if master is None:
        raise IllegalActionError("12.6", f"the {nation} are not subject to anyone")
    if state.phase_name == "campaign":
        if not hannibal_revolt_possible(world, state, nation):
            raise IllegalActionError(
                "13.2", f"the {nation} may revolt now only with Hannibal in or next to their zones"
            )
    elif state.turn not in world.nation(nation).revolts:
        turns = ", ".join(map(str, world.nation(nation).revolts)) or "no turn"
        raise IllegalActionError("12.6", f"the {nation} may revolt only on turn(s) {turns}")
    del state.masters[nation]
    ctx.emit(
        "revolt",
        "12.6",
        f"12.6: the {nation} revolt against the {master} and take back their submission token.",
        nation=nation,
        master=master,
    )
