"""Cities in war: looting (10.6), rebuilding ruins (10.6.1) and raids (10.7)."""

from __future__ import annotations

from collections.abc import Mapping

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.italia.battle_sides import fighters, leaders, opponents
from italia_kit.games.italia.retreat import fitting
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.victory import eliminate, score
from italia_kit.games.italia.world import World

LOOT_GOLD = 4  # 10.6, 10.7


def loot_options(world: World, nation: str) -> tuple[str, ...]:
    """What the nation's card lets it take from a looted city (10.6)."""
    kind = world.nation(nation).loot
    if kind == "choice":
        return ("gold", "vp")
    return (kind,)


def _take_loot(ctx: Context[ItaliaState], world: World, nation: str, zone: str, take: str) -> None:
    state = ctx.state
    if take == "gold":
        master = state.masters.get(nation)
        if master:  # 12.5.2: half the gold from looting goes to the master
            mine = (LOOT_GOLD + 1) // 2
            state.gold[master] = min(10, state.gold.get(master, 0) + LOOT_GOLD - mine)
        else:
            mine = LOOT_GOLD
        state.gold[nation] = min(10, state.gold.get(nation, 0) + mine)
        ctx.emit(
            "loot",
            "10.6",
            f"10.6: the {nation} loot the city of {zone} for {mine} gold "
            f"({state.gold[nation]} now).",
            zone=zone,
            gold=mine,
        )
    elif take == "vp":
        score(ctx, nation, world.nation(nation).loot_vp, "10.6", f"looting the city of {zone}")


def ruin(ctx: Context[ItaliaState], zone: str, rule: str, why: str) -> None:
    ctx.state.cities[zone] = False
    ctx.state.looted.append(zone)
    ctx.emit("ruined", rule, f"{rule}: the city of {zone} is {why} and lies in ruins.", zone=zone)


# -- raids (10.7) ----------------------------------------------------------------------------
def resolve_raid(ctx: Context[ItaliaState], world: World, city_hits: Mapping[str, int]) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.raided.append(battle.zone)
    if sum(city_hits.values()) == 0:
        ctx.emit("raid_failed", "10.7", f"10.7: the raid on {battle.zone} fails.")
        battle.stage = "raid_retreat"
        return
    ruin(ctx, battle.zone, "10.7", f"raided by the {battle.attacker}")
    options = loot_options(world, battle.attacker)
    if len(options) > 1:
        battle.stage = "loot"
        return
    _take_loot(ctx, world, battle.attacker, battle.zone, options[0])
    battle.stage = "raid_rebuild"


def after_raid(ctx: Context[ItaliaState], world: World) -> None:
    """The decisions that follow a raid's single round: loot choice, the defender's
    rebuilding, the raiders' retreat (10.7)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if battle.stage == "loot":
        state.actor_override = battle.attacker
        return
    if battle.stage == "raid_rebuild":
        defenders = fighters(state, battle, battle.defender)
        if defenders and not state.has_city(battle.zone):
            state.actor_override = battle.defender
            return
        battle.stage = "raid_retreat"
    _raid_retreat(ctx, world)


def _raid_retreat(ctx: Context[ItaliaState], world: World) -> None:
    """10.7: the raiders must retreat; those that cannot are eliminated."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    battle.stage = "raid_retreat"
    raiders = fighters(state, battle, battle.attacker) + leaders(state, battle, battle.attacker)
    # looked up once for all
    options = world.rulebook.retreat_refuges(world, state, battle, battle.attacker)
    stuck = [u for u in raiders if not fitting(options, [u])]
    for u in stuck:
        eliminate(
            ctx,
            world,
            u,
            by=battle.defender,
            rule="10.7",
            why="after the raid it had nowhere to retreat",
            attacked_scorer=True,
        )
    if len(stuck) == len(raiders):  # every raider was eliminated: none is left to retreat
        world.rulebook.finish_battle(ctx, world)
        return
    state.actor_override = battle.attacker


# -- whose a city is (10.5, 10.6) ---------------------------------------------------------------
def offer_loot_after_retreat(
    ctx: Context[ItaliaState], world: World, nation: str, units: list[Unit], zone: str
) -> bool:
    """10.5: "It is possible to loot a city after retreating into an empty zone that has
    one" - if the city "belonged to another player" (10.6: its last holder is of another
    colour) and was not looted in this nation's turn. ``units`` (some of them not leaders:
    leaders cannot hold a zone) have just retreated into ``zone``, empty before. Returns
    True when the loot is offered (the battle waits on :func:`loot`), after noting the
    retreating side as the city's holder either way."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if not state.has_city(zone) or all(u.is_leader for u in units):
        return False
    before = state.city_holders.get(zone)
    state.city_holders[zone] = nation
    if before is None or zone in state.looted or not opponents(world, nation, before):
        return False
    ctx.emit(
        "loot_possible",
        "10.5",
        f"10.5: the {nation} retreated into the empty zone of {zone}, whose city belonged to "
        f"the {before} (another player): they may loot it.",
        zone=zone,
        holder=before,
    )
    battle.loot_zone, battle.resume = zone, battle.stage
    battle.stage = "loot_after_retreat"
    state.actor_override = nation
    return True


# -- looting and rebuilding after a battle (10.6, 10.6.1) ---------------------------------------
def after_battle(ctx: Context[ItaliaState], world: World, holder: str | None) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if battle.raid:
        world.rulebook.close_battle(ctx, world)
        return
    if (
        holder == battle.attacker
        and battle.defender_had_city
        and state.has_city(battle.zone)
        and battle.stage != "rebuild"
        and opponents(world, battle.attacker, battle.defender)  # 10.6: another player's
    ):
        battle.stage = "loot"
        state.actor_override = battle.attacker
        return
    _offer_rebuild(ctx, world, holder)


def _offer_rebuild(ctx: Context[ItaliaState], world: World, holder: str | None) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    zone = battle.zone
    ruin_here = zone in state.cities and not state.cities[zone]
    if (
        holder
        and ruin_here
        and zone not in state.looted
        and any(u.counts_for_stacking for u in state.units_in(zone, holder))
    ):
        battle.stage = "rebuild"
        state.actor_override = holder
        return
    world.rulebook.close_battle(ctx, world)


def loot(ctx: Context[ItaliaState], world: World, nation: str, take: str) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    options = (*loot_options(world, nation), "none")
    if take not in options:
        raise IllegalActionError(
            "10.6", f"the {nation} may take {' or '.join(options)} from a looted city, not {take!r}"
        )
    if battle.stage == "loot_after_retreat":  # 10.5: the city of the zone retreated into
        zone = battle.loot_zone
        if take != "none":
            ruin(ctx, zone, "10.6", f"looted by the {nation}")
            _take_loot(ctx, world, nation, zone, take)
        else:
            ctx.emit("no_loot", "10.6", f"10.6: the {nation} spare the city of {zone}.")
        battle.stage, battle.loot_zone, battle.resume = battle.resume, "", ""
        world.rulebook.after_retreat(ctx, world, nation, zone)
        return
    if battle.raid:
        _take_loot(ctx, world, nation, battle.zone, take if take != "none" else options[0])
        battle.stage = "raid_rebuild"
        after_raid(ctx, world)
        return
    if take != "none":
        ruin(ctx, battle.zone, "10.6", f"looted by the {nation}")
        _take_loot(ctx, world, nation, battle.zone, take)
    else:
        ctx.emit("no_loot", "10.6", f"10.6: the {nation} spare the city of {battle.zone}.")
    battle.stage = "rebuild"
    _offer_rebuild(ctx, world, nation)


def rebuild(ctx: Context[ItaliaState], world: World, nation: str, unit_id: int) -> None:
    """Remove one unit (not a leader) of the zone's holder to rebuild its ruin."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    zone = battle.zone
    if unit_id:
        unit = state.units.get(unit_id)
        if (
            unit is None
            or unit.zone != zone
            or unit.nation != nation
            or not unit.counts_for_stacking
        ):
            raise IllegalActionError(
                "10.6.1", f"rebuilding takes one {nation} unit (not a leader) in {zone}"
            )
        state.remove_unit(unit)
        state.cities[zone] = True
        rule = "10.7" if battle.raid else "10.6.1"
        ctx.emit(
            "rebuilt",
            rule,
            f"{rule}: the {nation} give up {unit.label()} to rebuild the city of {zone}.",
            zone=zone,
            unit=unit.id,
        )
    if battle.raid:
        battle.stage = "raid_retreat"
        _raid_retreat(ctx, world)
        return
    world.rulebook.close_battle(ctx, world)


# -- rebuilding at the end of a combat phase (10.6.1) ------------------------------------------
def ruins_to_rebuild(world: World, state: ItaliaState, nation: str) -> list[str]:
    """10.6.1: "A ruin may be rebuilt by any nation that controls its zone": the ruins in
    zones where ``nation`` has a unit that may be given up (not a leader), but those
    looted or raided in this nation's turn (10.6.1, 10.7); offered at the end of each of
    its combat phases (10.6.1: "at the end of combat ... or at the end of each combat
    phase in the case of a major invasion or a campaign")."""
    out: list[str] = []
    for zone, standing in state.cities.items():
        if standing or zone in state.looted:
            continue
        if any(
            u.nation == nation and u.counts_for_stacking and u.carrier is None
            for u in state.where.get(zone, ())
        ):
            out.append(zone)
    return sorted(out)


def rebuild_ruin(ctx: Context[ItaliaState], world: World, nation: str, unit_id: int) -> None:
    """10.6.1: give up ``unit_id`` (not a leader) to rebuild the ruin in its zone."""
    state = ctx.state
    unit = state.units.get(unit_id)
    zones = ruins_to_rebuild(world, state, nation)
    if unit is None or unit.nation != nation or unit.zone not in zones:
        raise IllegalActionError(
            "10.6.1",
            f"rebuilding takes one {nation} unit (not a leader) in a ruin's zone they control"
            + (f" ({', '.join(zones)})" if zones else ""),
        )
    if not unit.counts_for_stacking or unit.carrier is not None:
        raise IllegalActionError("10.6.1", f"{unit.label()} cannot be given up to rebuild")
    state.remove_unit(unit)
    state.cities[unit.zone] = True
    ctx.emit(
        "rebuilt",
        "10.6.1",
        f"10.6.1: the {nation} give up {unit.label()} to rebuild the city of {unit.zone}.",
        zone=unit.zone,
        unit=unit.id,
    )
