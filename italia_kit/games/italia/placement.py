"""Phase 2: placing bought units (7.1) and reinforcements (7.2), and leaders leaving (7.2)."""

from __future__ import annotations

from typing import Any

from italia_kit.core import Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import article, units
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World


def start_placement(ctx: Context[ItaliaState], world: World) -> None:
    """The automatic steps at the start of phase 2.

    Leaders that arrived on an earlier turn leave (7.2); units a master bought with tribute
    join the units to place (6.4); bought cities are built (6.2); this turn's reinforcements
    are brought in (7.2): those with a zone at once, the others wait for a zone to be chosen.
    "Bought units are placed first, then reinforcements" (7.0): if units were bought, the
    reinforcements wait in ``state.arriving`` until they are placed (:func:`bring_arriving`).
    """
    state = ctx.state
    nation = state.active
    world.rulebook.leaders_leave(ctx, world, "placement")
    state.to_place.extend(state.held_for.pop(nation, []))
    for entry in [t for t in state.to_place if t.startswith("city:")]:
        zone = entry[5:]
        state.to_place.remove(entry)
        state.cities[zone] = True
        ctx.emit("city_built", "6.2", f"6.2: the {nation} build a city in {zone}.", zone=zone)
    due = world.rulebook.reinforcements_due(world, state, nation, "placement")
    if state.phase_name == "placement" and any(not t.startswith("city:") for t in state.to_place):
        # 7.0: "Bought units are placed first, then reinforcements": these wait until the
        # bought units are down, so that none goes where only a reinforcement stands
        state.arriving.extend(due)
        return
    for group in due:
        bring_reinforcements(ctx, world, nation, group)


def leaders_leave_at_placement(ctx: Context[ItaliaState], world: World) -> None:
    """7.2: "Each leader remains in play for a single turn. It is removed from the game at
    the start of phase 2 of that nation's following turn": the active nation's leaders that
    arrived on an earlier turn leave."""
    state = ctx.state
    nation = state.active
    for leader in [u for u in state.units_of(nation) if u.is_leader and u.arrived < state.turn]:
        state.remove_unit(leader)
        ctx.emit(
            "leader_leaves",
            "7.2",
            f"7.2: {leader.label()} leaves the game: a leader stays in play for one turn.",
            unit=leader.id,
        )


def bring_arriving(ctx: Context[ItaliaState], world: World) -> None:
    """7.0: the bought units are placed: the reinforcements that waited for them arrive."""
    state = ctx.state
    if state.to_place or not state.arriving:
        return
    groups, state.arriving = state.arriving, []
    for group in groups:
        bring_reinforcements(ctx, world, state.active, group)


def reinforcements_due(
    world: World, state: ItaliaState, nation: str, when: str
) -> list[dict[str, Any]]:
    """This turn's reinforcement groups of a nation, as plain dicts (7.2)."""
    out: list[dict[str, Any]] = []
    for r in world.nation(nation).reinforcements:  # in the card's order
        if r.turn != state.turn or r.when != when:
            continue
        for g in r.units:
            out.append(
                {
                    "unit": g.unit,
                    "count": g.count,
                    "zone": g.zone,
                    "name": g.name,
                    "region": g.region,
                    "or_adjacent": g.or_adjacent,
                    "provenance": r.provenance,
                }
            )
    # units arriving at sea board the fleets arriving with them (9.6): fleets first
    out.sort(key=lambda g: g["unit"] != UnitType.FLEET.value)
    return out


def unit_cap(world: World, state: ItaliaState, nation: str, unit: str) -> int | None:
    """7.2: the most units of a type a nation may have now (e.g. 14 Roman legions)."""
    caps = [m for (t, u, m) in world.nation(nation).unit_caps if u == unit and t <= state.turn]
    return min(caps) if caps else None


def bring_reinforcements(
    ctx: Context[ItaliaState], world: World, nation: str, group: dict[str, Any]
) -> None:
    """7.2: free units; stacking ignored; never beyond the nation's cap for the type."""
    state = ctx.state
    unit = UnitType(group["unit"])
    count = int(group["count"])
    cap = unit_cap(world, state, nation, unit.value)
    capped = False
    if cap is not None:
        have = sum(1 for u in state.units_of(nation) if u.type is unit)
        allowed = max(0, min(count, cap - have))
        if allowed < count:
            capped = True
            ctx.emit(
                "reinforcement_capped",
                "7.2",
                f"7.2: the {nation} may have at most {units(cap, unit.value)} and have {have}: "
                f"{allowed} of {count} arrive.",
                nation=nation,
                unit=unit.value,
                arriving=allowed,
            )
        count = allowed
    zone = group["zone"]
    near = zone if group.get("or_adjacent") and zone is not None else None
    if near is not None:
        zone = None  # "in or adjacent to" a zone (7.2): the player chooses which
    if (zone is None or capped) and nation != state.active:
        # arriving outside the nation's own placement phase (before the first nation or
        # after the last, 7.2): the capital if held, else the first zone it holds
        pending = {
            "region": group.get("region"),
            "or_adjacent": group.get("or_adjacent"),
            "near": near,
        }
        if group.get("choices"):
            pending["choices"] = list(group["choices"])
        options = world.rulebook.arrival_zones(
            world, state, nation, {"unit": unit.value, **pending}
        )
        capital = state.capitals.get(nation) or world.nation(nation).capital
        zone = capital if capital in options else (options[0] if options else None)
        if zone is None:
            return
        capped = False
    if zone is None or capped:
        # 7.2: no zone given (or the cap applies): the player chooses the zone
        waiting = {
            "unit": unit.value,
            "name": group.get("name"),
            "region": group.get("region"),
            "or_adjacent": bool(group.get("or_adjacent")),
            "near": near,
        }
        if group.get("choices"):  # a variant's places to choose from as they arrive
            waiting["choices"] = list(group["choices"])
        for key in VARIANT_KEYS:  # a variant's facts of the group, kept while it waits
            if group.get(key) is not None:
                waiting[key] = group[key]
        for _ in range(count):
            state.reinforcements.append(dict(waiting))
        return
    name = group.get("name")
    pieces = [add_unit_at(world, state, nation, unit, zone, name=name) for _ in range(count)]
    world.rulebook.reinforcement_arrives(ctx, world, nation, group, zone, pieces)


#: the keys of a variant's reinforcement group that its waiting units keep
#: (``state.reinforcements``): ``together``, a key its :meth:`~.rulebook.Rulebook.placed_with`
#: reads to place the group in one decision, and ``rule``, the rule its events cite
VARIANT_KEYS = ("together", "rule")


def announce_reinforcement(
    ctx: Context[ItaliaState], nation: str, group: dict[str, Any], zone: str, pieces: list[Unit]
) -> None:
    """7.2: the event of reinforcements arriving in the zone their card names."""
    count = len(pieces)
    unit = UnitType(group["unit"]).value
    label = group.get("name") or f"{count} {unit.replace('_', ' ')}"
    ctx.emit(
        "reinforcement",
        "7.2",
        f"7.2: reinforcements: {label} arrive{'s' if count == 1 else ''} in {zone} for the "
        f"{nation}, free and regardless of stacking.",
        nation=nation,
        unit=unit,
        count=count,
        zone=zone,
    )


def announce_placed(ctx: Context[ItaliaState], nation: str, zone: str, pieces: list[Unit]) -> None:
    """7.2: the event of each reinforcement placed where the player chose."""
    for piece in pieces:
        ctx.emit(
            "place",
            "7.2",
            f"7.2: the {nation} place a reinforcement {piece.label()} in {zone}.",
            nation=nation,
            unit=piece.id,
            zone=zone,
        )


def add_unit_at(
    world: World,
    state: ItaliaState,
    nation: str,
    unit: UnitType,
    zone: str,
    *,
    name: str | None = None,
) -> Unit:
    """Put a unit on the board (and return it); a land unit arriving at sea boards a fleet
    of its nation there with room (2 units a fleet, leaders free: 9.6)."""
    carrier = None
    if world.is_sea(zone) and unit is not UnitType.FLEET:
        fleets = sorted((u for u in state.units_in(zone, nation) if u.is_fleet), key=lambda u: u.id)
        for fleet in fleets:
            load = sum(1 for c in state.cargo(fleet.id) if not c.is_leader)
            if unit is UnitType.LEADER or load < 2:
                carrier = fleet.id
                break
        if carrier is None and world.rulebook.fixed_sailing():
            raise ValueError(
                f"no {nation} fleet in {zone} has room for {article(unit.value)} (9.6): "
                "the scenario must bring fleets with units arriving at sea"
            )
        if carrier is None:
            # a variant's land unit arriving at sea by itself (its boats): asked of the
            # piece it would be, before any change
            piece = Unit(0, nation, unit, zone, None, name, 0, state.turn)
            if not world.rulebook.sails_alone(world, state, piece):
                raise ValueError(f"the {nation}' {unit.value} may not be at sea alone in {zone}")
    return state.add_unit(nation, unit, zone, name=name, carrier=carrier)


def legal_zones(
    world: World,
    state: ItaliaState,
    nation: str,
    entry: str,
    *,
    free: bool,
    pending: dict[str, Any] | None = None,
    controlled: list[str] | None = None,
) -> list[str]:
    """Where a bought unit (``free=False``) or a reinforcement (``free=True``) may go.

    A reinforcement may be limited to a region ("any zone of North Africa that Carthage
    controls", 7.2 example), or to a region and the zones beside it, or (a variant's) to
    the zones its group names as ``choices``. ``controlled``: the
    zones the nation controls, if the caller has them already (``world.controlled_zones``).
    """
    choices = pending.get("choices") if pending else None
    if free and choices:
        # a variant's reinforcement names its places, one chosen as it arrives (Italia's
        # cards name one zone, a region or "in or adjacent to" a zone)
        return list(choices)
    zones = world.controlled_zones(state, nation) if controlled is None else controlled
    unit = UnitType(entry)
    near = pending.get("near") if pending else None
    if free and near:
        # 7.2 "in or adjacent to" a zone: fleets to a sea beside it, land units into it or
        # a land zone beside it that no other nation holds
        around = [near, *world.board.neighbours(near)]
        if unit is UnitType.FLEET:
            return sorted(z for z in around if world.is_sea(z))
        return [
            z
            for z in around
            if world.is_land(z) and (z == near or not world.occupants(state, z, nation))
        ]
    region = pending.get("region") if pending else None
    if free and region:
        area = set(world.board.zones_in_region(region))
        if pending and pending.get("or_adjacent"):
            area |= {n for z in list(area) for n in world.board.neighbours(z)}
        held = [z for z in zones if z in area]
        if unit is UnitType.FLEET:
            seas = {s for z in held for s in world.seas_beside(z)}
            return sorted(seas or {z for z in area if world.is_sea(z)})
        if held:
            return held
        empty = sorted(
            z for z in area if world.is_land(z) and not world.occupants(state, z, nation)
        )
        if empty:
            return empty
        # nowhere in the region: any zone the nation controls, else a borderland (7.2)
    if unit is UnitType.FLEET:
        seas = {s for z in zones for s in world.seas_beside(z)}
        return sorted(seas)
    if free:
        if zones:
            return zones
        return sorted(world.borderland_zones)  # 7.2
    if len(zones) == 1:
        return zones  # 7.1 exception: a nation with a single zone
    return [z for z in zones if z not in state.placed_zones]


def check_place(world: World, state: ItaliaState, nation: str, unit: str, zone: str) -> str:
    """Check a placement (7.1, 7.2, 8.2); return the canonical zone name."""
    zone = world.zone_name(zone)
    try:
        entry = UnitType.parse(unit).value
    except InvalidActionError:
        raise
    if state.to_place:
        if entry not in state.to_place:
            raise IllegalActionError(
                "7.1", f"the {nation} bought no {entry.replace('_', ' ')} to place"
            )
        free = False
        pending = None
    else:
        pending = next((r for r in state.reinforcements if r["unit"] == entry), None)
        if pending is None:
            raise IllegalActionError("7.2", f"the {nation} have no {entry} waiting to be placed")
        free = True
    if free and pending is not None:
        if zone in world.rulebook.arrival_zones(world, state, nation, pending):
            return zone
    elif zone in legal_zones(world, state, nation, entry, free=free, pending=pending):
        return zone
    if UnitType(entry) is UnitType.FLEET:
        raise IllegalActionError(
            "7.1", f"a fleet goes into a sea beside a zone the {nation} control, not {zone}"
        )
    if free:
        raise IllegalActionError("7.2", f"reinforcements go into a zone the {nation} control")
    if zone in state.placed_zones:
        raise IllegalActionError(
            "7.1", f"{zone} already received a new unit: only one new unit per zone (8.2)"
        )
    if world.is_sea(zone):
        raise IllegalActionError("7.1", f"land units cannot be placed at sea ({zone})")
    raise IllegalActionError(
        "7.1", f"the {nation} do not control {zone}: new units go only into controlled zones"
    )


def place(ctx: Context[ItaliaState], world: World, nation: str, unit: str, zone: str) -> None:
    state = ctx.state
    if ctx.listed:  # listed as legal here (Context.listed): a unit's name, a zone's name
        entry = unit
    else:
        zone = check_place(world, state, nation, unit, zone)
        entry = UnitType.parse(unit).value
    utype = UnitType(entry)
    if state.to_place:
        state.to_place.remove(entry)
        piece = state.add_unit(nation, utype, zone)
        if utype is not UnitType.FLEET:
            state.placed_zones.append(zone)
    else:
        pending = next(r for r in state.reinforcements if r["unit"] == entry)
        group = [pending, *world.rulebook.placed_with(world, state, pending)]
        for waiting in group:
            state.reinforcements.remove(waiting)
        pieces = [state.add_unit(nation, utype, zone, name=w.get("name")) for w in group]
        world.rulebook.reinforcement_placed(ctx, world, nation, pending, zone, pieces)
        drop_unplaceable(ctx, world)
        return
    ctx.emit(
        "place",
        "7.1",
        f"7.1: the {nation} place a new {piece.label()} in {zone}.",
        nation=nation,
        unit=piece.id,
        zone=zone,
    )
    drop_unplaceable(ctx, world)  # the zones left may not take every unit still waiting


def drop_unplaceable(ctx: Context[ItaliaState], world: World) -> None:
    """Units waiting to be placed that no zone can take now, so that placement never
    leaves a decision without a legal action (7.1, 7.2), looked at as placement begins and
    after each unit placed.

    A bought unit (7.1: only into a controlled zone, one new unit a zone) whose zones are
    all taken or gone (a zone held only by a leader who left at the start of phase 2, 7.2;
    a master's tribute buys, 6.4, beyond its zones) is not lost: it waits "in front of the
    player" (6.4) and comes with the nation's units to place on its next turn. A
    reinforcement no zone can take (fleets with no coast held) does not arrive (7.2)."""
    state = ctx.state
    nation = state.active
    if not state.reinforcements and not state.to_place and not state.arriving:
        return
    # no unit moves here: the zones held are worked out once for all the units waiting
    held = world.controlled_zones(state, nation)
    for entry in list(state.to_place):
        if not legal_zones(world, state, nation, entry, free=False, controlled=held):
            state.to_place.remove(entry)
            state.held_for.setdefault(nation, []).append(entry)
            ctx.emit(
                "unit_waits",
                "7.1",
                f"7.1: no zone can take the {nation}' new {entry.replace('_', ' ')} now (one "
                f"new unit a controlled zone); it waits in front of the player (6.4) for "
                f"their next turn.",
                nation=nation,
                unit=entry,
            )
    if not state.to_place and state.arriving:
        bring_arriving(ctx, world)  # 7.0: the reinforcements come after the bought units
        held = world.controlled_zones(state, nation)
    for pending in list(state.reinforcements):
        if world.rulebook.fixed_arrivals():
            zones = legal_zones(
                world, state, nation, pending["unit"], free=True, pending=pending, controlled=held
            )
        else:
            zones = world.rulebook.arrival_zones(world, state, nation, pending)
        if not zones:
            state.reinforcements.remove(pending)
            what = pending.get("name") or pending["unit"].replace("_", " ")
            ctx.emit(
                "unit_lost",
                "7.2",
                f"7.2: no zone can take the {nation}' reinforcement ({what}); it does not arrive.",
                nation=nation,
                unit=pending["unit"],
            )
