"""Movement (rule text, first paragraph; Britannia (public summary) where the text is silent).

* "All armies have three movement points, four with a leader." Reading (reconstructed): an
  army has four when a leader of its power stands in its area as the movement phase begins;
  the leader himself has four.
* "It costs one extra movement point to enter mountain terrain. Units need not stop on
  entering mountain terrain. Marsh affects combat but does not affect movement." Mantua's
  fortress is clear or marsh (``World.terrain``): neither changes a move's cost.
* "It costs two movement points for a power with boats to move into a sea zone (or from one
  sea zone to another). Powers without boats may not move into sea zones." Landing from a sea
  costs what entering the land area costs.
* Entering an area held by a power one may attack is allowed (the battle follows); leaving an
  area where such a power still stands is an overrun: allowed only while the units left
  behind are at least twice the enemy's or a full stack ("Other units may move out of the
  area as long as either a 2:1 ratio has been achieved or the attacking stack is of maximum
  legal size", rule text; Britannia (public summary): overrun at 2:1). Units that appeared
  in an occupied area must attack it and may not leave.
* Arrival boxes are entered only by arriving (reconstructed); armies left at sea when the
  movement phase ends are lost (reconstructed: boats carry armies only within a move).
"""

from __future__ import annotations

from italia_kit.core import Action, Context, IllegalActionError
from italia_kit.games.medieval.actions import EndMovement, Move
from italia_kit.games.medieval.state import MedievalState, Unit
from italia_kit.games.medieval.world import World

R_MP = "rule text: movement points"
R_TERRAIN = "rule text: mountain terrain"
R_SEA = "rule text: boats"
R_OVERRUN = "rule text: reinforcements (2:1 or a full stack); Britannia (public summary): overrun"
R_ATTACK = "rule text: submission (no attacks until both have scored)"
R_CHART = "M-A turn entries (may not attack)"

ARMY_MP, LEADER_MP = 3, 4


def start_movement(ctx: Context[MedievalState], world: World) -> None:
    """Give every unit of the active power its movement points for this phase."""
    state = ctx.state
    power = state.active
    led = {u.zone for u in state.units.values() if u.power == power and u.is_leader}
    for u in state.units.values():
        if u.power == power:
            u.mp = LEADER_MP if (u.is_leader or u.zone in led) else ARMY_MP
            u.came_from = None
    state.phase_name = "movement"
    ctx.emit(
        "movement",
        R_MP,
        f"{R_MP}: the {power} move: 3 movement points per army, 4 with a leader.",
        power=power,
    )


def cost(world: World, state: MedievalState, unit: Unit, to: str) -> int:
    """Movement points to enter ``to``; raises if the unit may not enter it at all."""
    if to in world.seas:
        if not world.has_boats(unit.power, state.turn):
            raise IllegalActionError(
                R_SEA, f"the {unit.power} have no boats on turn {state.turn}: no sea zones"
            )
        return 2
    if to in world.boxes:
        raise IllegalActionError(R_MP, f"{to} is an arrival box: armies only arrive from it")
    return 2 if world.terrain(to, state.turn) == "mountain" else 1


def enemies(world: World, state: MedievalState, power: str, zone: str) -> int:
    """The strength in ``zone`` of the powers ``power`` fights: their armies, a power with
    only a leader there counting one (at sea nobody fights)."""
    if zone not in world.land:
        return 0
    counts: dict[str, int] = {}
    for u in state.units.values():
        if u.zone == zone and u.power != power:
            counts[u.power] = counts.get(u.power, 0) + (u.kind == "army")
    return sum(max(n, 1) for p, n in counts.items() if world.hostile(state, power, p))


def may_leave(world: World, state: MedievalState, unit: Unit) -> str | None:
    """Why ``unit`` may not leave its area now, or None."""
    foes = enemies(world, state, unit.power, unit.zone)
    if not foes:
        return None
    if unit.appeared:
        return f"{unit.label()} appeared in {unit.zone} and must attack it (rule text)"
    staying = sum(
        1
        for u in state.units.values()
        if u.zone == unit.zone and u.power == unit.power and u.id != unit.id and not u.is_leader
    )
    if staying >= 2 * foes or staying >= world.scenario.stack_limit:
        return None
    return (
        f"{unit.label()} may leave {unit.zone} only if 2:1 or a full stack stays behind "
        f"({staying} against {foes})"
    )


def check_entry(world: World, state: MedievalState, power: str, to: str) -> None:
    """Refuse entering an area held by a power one may not attack (and not move through)."""
    if to not in world.land:
        return
    for other in sorted(state.powers_in(to) - {power}):
        no_attack, through = world.restricted(state, power, other)
        if no_attack and not through:
            sub = any(s["submitter"] == power and s["receiver"] == other for s in state.submissions)
            rule = R_ATTACK if sub else R_CHART
            raise IllegalActionError(
                rule, f"the {power} may not attack the {other} in {to} on turn {state.turn}"
            )


def check_move(world: World, state: MedievalState, action: Move) -> Unit:
    unit = state.units.get(action.unit)
    if unit is None or unit.power != action.power:
        raise IllegalActionError(R_MP, f"the {action.power} have no unit #{action.unit}")
    if action.to not in world.neighbours(unit.zone):
        raise IllegalActionError(R_MP, f"{action.to} is not next to {unit.zone}")
    need = cost(world, state, unit, action.to)
    if need > unit.mp:
        raise IllegalActionError(
            R_MP,
            f"{unit.label()} has {unit.mp} movement points left; entering {action.to} costs {need}",
        )
    why = may_leave(world, state, unit)
    if why:
        raise IllegalActionError(R_OVERRUN, why)
    check_entry(world, state, unit.power, action.to)
    return unit


def apply_move(ctx: Context[MedievalState], world: World, action: Move) -> None:
    state = ctx.state
    # a move just listed by legal_moves is known to be legal (Context.listed)
    unit = state.units[action.unit] if ctx.listed else check_move(world, state, action)
    need = cost(world, state, unit, action.to)
    unit.came_from, unit.zone = unit.zone, action.to
    unit.mp -= need
    unit.appeared = False
    ctx.emit(
        "move",
        R_TERRAIN if need == 2 and action.to in world.land else R_MP,
        f"{unit.label()} moves from {unit.came_from} to {action.to} ({need} MP, {unit.mp} left).",
        unit=unit.id,
        frm=unit.came_from,
        to=action.to,
        cost=need,
    )


def occupancy(state: MedievalState) -> dict[str, dict[str, int]]:
    """Per area, per power, its armies there (leaders count as 0 but name the power): one
    pass over the units, for listing."""
    out: dict[str, dict[str, int]] = {}
    get = out.get
    for u in state.units.values():
        zone, power = u.zone, u.power
        by_power = get(zone)
        if by_power is None:
            by_power = out[zone] = {power: 0}
        elif power not in by_power:
            by_power[power] = 0
        if u.kind == "army":
            by_power[power] += 1
    return out


def _entry_ok(world: World, state: MedievalState, power: str, to: str,
              occ: dict[str, dict[str, int]], barred: dict[str, bool]) -> bool:  # fmt: skip
    """:func:`check_entry` on the occupancy table, as a yes or no (``barred``: per other
    power, may ``power`` not enter its areas, filled as asked)."""
    for other in occ.get(to, ()):
        if other != power:
            no = barred.get(other)
            if no is None:
                no_attack, through = world.restricted(state, power, other)
                no = barred[other] = no_attack and not through
            if no:
                return False
    return True


def _unit_steps(
    world: World, power: str, uid: int, zone: str
) -> tuple[tuple[str, int, bool, Move], ...]:
    """A unit's steps out of ``zone`` with their Move values, made once per world."""
    key = (power, uid, zone)
    found = world.unit_steps.get(key)
    if found is None:
        found = world.unit_steps[key] = tuple(
            (to, need, sea, Move(power, uid, to)) for to, need, sea in world.steps[zone]
        )
    return found


def legal_moves(world: World, state: MedievalState) -> list[Action]:
    """Every legal Move of the active power, then EndMovement (the checks of
    :func:`check_move`, made once per area rather than once per unit)."""
    power = state.active
    out: list[Action] = []
    boats = world.has_boats(power, state.turn)
    occ = occupancy(state)
    limit = world.scenario.stack_limit
    land = world.land
    hostile: dict[str, bool] = {}
    barred: dict[str, bool] = {}
    entry_ok: dict[str, bool] = {}
    foes_in: dict[str, int] = {}
    for u in state.units.values():  # in id order: units are added with rising ids
        if u.power != power or u.mp <= 0:
            continue
        here = u.zone
        if here in land:
            foes = foes_in.get(here)
            if foes is None:
                foes = 0
                for other, n in occ[here].items():
                    if other != power:
                        h = hostile.get(other)
                        if h is None:
                            h = hostile[other] = world.hostile(state, power, other)
                        if h:
                            foes += max(n, 1)
                foes_in[here] = foes
            if foes:
                if u.appeared:
                    continue
                staying = occ[here][power] - (u.kind == "army")
                if staying < 2 * foes and staying < limit:
                    continue
        mp = u.mp
        for to, need, sea, move in _unit_steps(world, power, u.id, here):
            if need > mp:
                continue
            if sea:
                if boats:
                    out.append(move)
                continue
            ok = entry_ok.get(to)
            if ok is None:
                ok = entry_ok[to] = _entry_ok(world, state, power, to, occ, barred)
            if ok:
                out.append(move)
    out.append(EndMovement(power))
    return out


def end_movement(ctx: Context[MedievalState], world: World) -> None:
    """Armies still at sea are lost (reconstructed); the battles of this impulse are listed."""
    state = ctx.state
    power = state.active
    for u in sorted(state.units_of(power), key=lambda u: u.id):
        if u.zone in world.seas:
            del state.units[u.id]
            ctx.emit(
                "lost_at_sea",
                R_SEA,
                f"{u.label()} is still at sea when the movement ends and is lost "
                f"(reconstructed: boats carry armies only within a move).",
                unit=u.id,
            )
    battles: list[list[str]] = []
    occ = occupancy(state)
    for zone in world.land_order:
        here = occ.get(zone)
        if not here or power not in here or len(here) < 2:
            continue
        for other in world.order:
            if other != power and other in here and world.hostile(state, power, other):
                battles.append([zone, other])
    state.battles = battles
    state.phase_name = "battle"
    ctx.emit(
        "battles",
        "Britannia (public summary): battles",
        f"The {power} fight {len(battles)} battle(s)"
        + (": " + ", ".join(f"{z} against the {o}" for z, o in battles) if battles else "."),
        battles=[list(b) for b in battles],  # a copy: the battle phase pops state.battles
    )
