"""Battles: submission before the first round, dice, hits, retreats, VP for kills.

* Britannia (public summary): "each army in a battle rolls one d6; every 5 or 6 kills one
  enemy unit; rounds repeat until one side is destroyed or withdraws" (B-GROG); a defender in
  difficult terrain is hit only on a 6, even by superior units (B-DSA, B-FFG); superior units
  (the Byzantines of turn 1, M-A) hit on 4-6 (B-FFG's Romans).
* Rule text: "superior units have no defensive advantage, they are as easy to hit as normal
  units": a die's hit number depends on who rolls it and where, never on its target.
* Rule text: "Defensive terrain does not affect units which appear in the area they attack,
  but it does affect other units entering the area to assist."
* Rule text, submission: before any combat round; at most three areas; under attack by the
  receiver; not to a power of the same player; the attackers go back where they came from or
  on, with their unused points, into a friendly area; the defender retreats instead when an
  attacking unit entered from the arrival chart (see ``docs/games/medieval.md``, reading 4).
* Leaders do not roll; a leader dies with the last army of his side in the battle
  (reconstructed). After each round the attacker, then the defender, may retreat to an
  adjacent land area that is empty or its own (Britannia (public summary): retreats).
"""

from __future__ import annotations

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.medieval.state import MedievalState, Unit
from italia_kit.games.medieval.world import World

R_DICE = "Britannia (public summary): one die per army, 5-6 hits"
R_TERRAIN = "Britannia (public summary): difficult terrain; rule text: appearing units"
R_SUBMIT = "rule text: submission"
R_RETREAT = "Britannia (public summary): retreats"
R_KILL = "M-V4: victory points for armies destroyed and leaders killed"


def hit_number(world: World, state: MedievalState, unit: Unit, attacking: bool, zone: str) -> int:
    """The lowest die that hits for ``unit`` (the Italia engine's combat hook)."""
    if attacking and world.difficult(zone, state.turn) and not unit.appeared:
        return 6
    return 4 if unit.superior else 5


def may_submit(world: World, state: MedievalState, defender: str, attacker: str) -> str | None:
    """Why ``defender`` may not submit to ``attacker`` now, or None (rule text)."""
    d, a = world.power(defender), world.power(attacker)
    if not d.may_submit:
        return f"the {defender} are not among the powers that may submit"
    if not a.receives_submission:
        return f"the {attacker} are not among the powers that may receive submissions"
    if d.faction == a.faction:
        return f"the {attacker} are controlled by the same player ({d.faction})"
    areas = len(world.occupied(state, defender))
    if areas > 3:
        return f"the {defender} hold {areas} areas: a power must be reduced to at most three"
    return None


def sides(state: MedievalState, zone: str, power: str) -> tuple[list[Unit], list[Unit]]:
    units = sorted(state.units_in(zone, power), key=lambda u: u.id)
    return [u for u in units if not u.is_leader], [u for u in units if u.is_leader]


def start_next_battle(ctx: Context[MedievalState], world: World) -> bool:
    """Open the next battle still to fight; False when none is left."""
    state = ctx.state
    attacker = state.active
    while state.battles:
        zone, defender = state.battles.pop(0)
        if not state.units_in(zone, attacker) or not state.units_in(zone, defender):
            continue
        if not world.hostile(state, attacker, defender):
            continue
        state.battle = {
            "zone": zone,
            "attacker": attacker,
            "defender": defender,
            "round": 0,
            "stage": "open",
        }
        ctx.emit(
            "battle",
            R_DICE,
            f"Battle in {zone}: the {attacker} attack the {defender}.",
            zone=zone,
            attacker=attacker,
            defender=defender,
        )
        if may_submit(world, state, defender, attacker) is None:
            state.battle["stage"] = "submit"
        else:
            state.battle["stage"] = "round"
        return True
    state.battle = None
    return False


def _eliminate(ctx: Context[MedievalState], world: World, unit: Unit, killer: str) -> None:
    state = ctx.state
    del state.units[unit.id]
    ctx.emit(
        "eliminated",
        R_DICE,
        f"{unit.label()} is eliminated in {unit.zone}.",
        unit=unit.id,
        power=unit.power,
        zone=unit.zone,
    )
    for rule in world.power(killer).elimination_vp:
        if rule.turns and state.turn not in rule.turns:
            continue
        if rule.leaders:
            if unit.name not in rule.leaders:
                continue
        elif unit.is_leader or (rule.nations and unit.power not in rule.nations):
            continue
        state.vp[killer] = state.vp.get(killer, 0.0) + rule.points
        ctx.emit(
            "vp",
            R_KILL,
            f"{R_KILL}: the {killer} score {rule.points:g} for {unit.label()} ({rule.provenance}).",
            power=killer,
            points=rule.points,
        )
        return


def resolve_round(ctx: Context[MedievalState], world: World) -> None:
    """Both sides roll at once; hits are taken together (Britannia (public summary))."""
    state = ctx.state
    b = state.battle
    assert b is not None
    zone, att, dfn = b["zone"], b["attacker"], b["defender"]
    b["round"] += 1
    a_armies, a_leaders = sides(state, zone, att)
    d_armies, d_leaders = sides(state, zone, dfn)
    hits = {att: 0, dfn: 0}
    for armies, attacking, power in ((a_armies, True, att), (d_armies, False, dfn)):
        if not armies:
            continue
        rolls = ctx.roll(len(armies), R_DICE, f"the {power} roll in {zone}", power=power)
        needs = [hit_number(world, state, u, attacking, zone) for u in armies]
        hits[power] = sum(1 for r, n in zip(rolls, needs, strict=True) if r >= n)
        ctx.emit(
            "hits",
            R_TERRAIN if attacking and 6 in needs else R_DICE,
            f"The {power} need {'/'.join(str(n) for n in sorted(set(needs)))}+ and score "
            f"{hits[power]} hit(s).",
            power=power,
            hits=hits[power],
            needs=needs,
        )
    for victims, leaders, killer in ((d_armies, d_leaders, att), (a_armies, a_leaders, dfn)):
        lost = victims[::-1][: hits[killer]]
        for u in lost:
            _eliminate(ctx, world, u, killer)
        if len(lost) == len(victims):
            for leader in leaders:
                _eliminate(ctx, world, leader, killer)
    if not state.units_in(zone, att) or not state.units_in(zone, dfn):
        winner = att if state.units_in(zone, att) else dfn if state.units_in(zone, dfn) else None
        ctx.emit(
            "battle_end",
            R_DICE,
            f"The battle in {zone} ends"
            + (f": the {winner} hold the field." if winner else " with both sides destroyed."),
            zone=zone,
            winner=winner,
        )
        state.battle = None
    else:
        b["stage"] = "attacker"


def retreat_options(world: World, state: MedievalState, power: str, zone: str) -> list[str]:
    """Adjacent land areas that are empty or hold only ``power``'s units."""
    out = []
    for n in world.neighbours(zone):
        if n in world.land and state.powers_in(n) <= {power}:
            out.append(n)
    return out


def withdraw_options(world: World, state: MedievalState) -> list[str]:
    """After a submission: "" (each attacking unit back where it came from) or a friendly
    area every attacking unit can still reach with its unused movement points."""
    b = state.battle
    assert b is not None
    zone, att = b["zone"], b["attacker"]
    units = state.units_in(zone, att)
    out = [""]
    held = set(world.controlled(state, att))
    for n in world.neighbours(zone):
        if n in held:
            need = 2 if world.terrain(n, state.turn) == "mountain" else 1
            if all(u.mp >= need for u in units):
                out.append(n)
    return out


def submit(ctx: Context[MedievalState], world: World, defender: str, to: str) -> None:
    state = ctx.state
    b = state.battle
    if b is None or b.get("stage") != "submit" or b["defender"] != defender:
        raise IllegalActionError(R_SUBMIT, "no battle is about to begin against this power")
    if to != b["attacker"]:
        raise IllegalActionError(
            R_SUBMIT,
            f"the {defender} may submit only to the power attacking them ({b['attacker']})",
        )
    why = may_submit(world, state, defender, to)
    if why:
        raise IllegalActionError(R_SUBMIT, why)
    state.submissions.append(
        {"submitter": defender, "receiver": to, "submitter_scored": False, "receiver_scored": False}
    )
    ctx.emit(
        "submission",
        R_SUBMIT,
        f"{R_SUBMIT}: the {defender} submit to the {to} before the battle in {b['zone']}: both "
        f"score at half value at their next territorial scoring, and neither may attack the "
        f"other until both have scored.",
        submitter=defender,
        receiver=to,
    )
    attackers = state.units_in(b["zone"], to)
    from_chart = any(
        u.appeared or u.came_from is None or u.came_from in world.boxes for u in attackers
    )
    b["stage"] = "flee" if from_chart else "withdraw"


def retreat(ctx: Context[MedievalState], world: World, power: str, to: str) -> None:
    """A Retreat action in any battle stage that allows one (checked here)."""
    state = ctx.state
    b = state.battle
    if b is None:
        raise IllegalActionError(R_RETREAT, "no battle is being fought")
    zone, stage = b["zone"], b["stage"]
    if stage == "withdraw" and power == b["attacker"]:
        options = withdraw_options(world, state)
        if to not in options:
            raise IllegalActionError(
                R_SUBMIT,
                f"after a submission the {power} go back or into a friendly area "
                f"they can still reach ({', '.join(o or 'back' for o in options)})",
            )
        for u in sorted(state.units_in(zone, power), key=lambda u: u.id):
            dest = to or u.came_from or zone
            if to:
                u.mp -= 2 if world.terrain(to, state.turn) == "mountain" else 1
            u.came_from, u.zone = zone, dest
        ctx.emit(
            "withdraw",
            R_SUBMIT,
            f"{R_SUBMIT}: the {power} leave {zone} "
            + (f"for {to}." if to else "back to where they came from."),
            zone=zone,
            to=to,
        )
        state.battle = None
        return
    ok = (stage == "attacker" and power == b["attacker"]) or (
        stage in ("defender", "flee") and power == b["defender"]
    )
    if not ok:
        raise IllegalActionError(R_RETREAT, f"the {power} may not retreat now")
    options = retreat_options(world, state, power, zone)
    if to not in options:
        raise IllegalActionError(
            R_RETREAT, f"the {power} may retreat from {zone} to: {', '.join(options) or 'nowhere'}"
        )
    for u in state.units_in(zone, power):
        u.came_from, u.zone = zone, to
        u.appeared = False
    ctx.emit(
        "retreat",
        R_SUBMIT if stage == "flee" else R_RETREAT,
        f"The {power} retreat from {zone} to {to}.",
        zone=zone,
        to=to,
        power=power,
    )
    state.battle = None


def fight(ctx: Context[MedievalState], world: World, power: str) -> None:
    state = ctx.state
    b = state.battle
    if b is None:
        raise IllegalActionError(R_DICE, "no battle is being fought")
    stage = b["stage"]
    if stage == "submit" and power == b["defender"]:
        ctx.emit("no_submission", R_SUBMIT, f"The {power} do not submit: they fight.")
        b["stage"] = "round"
    elif stage == "attacker" and power == b["attacker"]:
        b["stage"] = "defender"
    elif stage == "defender" and power == b["defender"]:
        b["stage"] = "round"
    elif stage == "flee" and power == b["defender"]:
        # nowhere to go: the two stay side by side under the truce (reconstructed)
        if retreat_options(world, state, power, b["zone"]):
            raise IllegalActionError(R_SUBMIT, f"the {power} submitted and must retreat")
        ctx.emit(
            "stay", R_SUBMIT, f"The {power} have nowhere to retreat and stay, under the truce."
        )
        state.battle = None
    else:
        raise IllegalActionError(R_DICE, f"the {power} have no battle decision now")
