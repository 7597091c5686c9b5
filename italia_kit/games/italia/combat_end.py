"""The end of a round and of a battle (10.0-10.6): lone leaders (10.2), retreats (10.5),
the next round or the end (10.1, 12.5.1), restoring, looting, rebuilding (10.6) and the
stacking check after the battle (8.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from italia_kit.core import Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia import cities
from italia_kit.games.italia.battle_sides import both_sides, fighters, leaders, sides_among
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import retreat_zones
from italia_kit.games.italia.special import (
    major_battle,
    settle_conversion,
)
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import of_nation
from italia_kit.games.italia.victory import eliminate

if TYPE_CHECKING:
    from italia_kit.games.italia.world import World


def lone_leaders(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> dict[str, list[Unit]] | None:
    """10.2: a leader alone facing enemy units without a leader is removed without a fight.

    Returns the :func:`both_sides` of the battle if it goes on (both sides still have
    units that fight), else None. ``sides``: the caller's :func:`both_sides`, if nothing
    has changed in the battle zone since it was looked up.
    """
    state = ctx.state
    battle = state.battle
    assert battle is not None
    # taking a side's leaders (below) leaves every side's fighters as they were: they are
    # looked up once
    if sides is None:
        sides = both_sides(state, battle)
    attacker, defender = battle.attacker, battle.defender
    if sides[attacker] and sides[defender]:
        return sides  # both sides fight on: no leader is alone
    armed = {attacker: bool(sides[attacker]), defender: bool(sides[defender])}
    for side in (attacker, defender):
        enemy = battle.enemy(side)
        if (
            not armed[side]
            and armed[enemy]
            and leaders(state, battle, side)
            and not leaders(state, battle, enemy)
        ):
            take_leaders(
                ctx,
                world,
                side,
                "10.2",
                "a leader alone facing enemy units is removed without a fight",
            )
    finish_battle(ctx, world, sides)
    return None


def take_leaders(ctx: Context[ItaliaState], world: World, side: str, rule: str, why: str) -> None:
    """Remove a side's leaders from the battle zone; the other side may score them."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    for leader in leaders(state, battle, side):
        eliminate(
            ctx,
            world,
            leader,
            by=battle.enemy(side),
            rule=rule,
            why=why,
            attacked_scorer=side == battle.attacker,
        )


# -- retreats (10.5) -----------------------------------------------------------------------
def retreat(
    ctx: Context[ItaliaState], world: World, nation: str, ids: tuple[int, ...], zone: str
) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if ctx.listed:  # listed as legal here (Context.listed): no need to check it again
        units = [state.units[i] for i in ids]
    else:
        zone = world.zone_name(zone)
        units = check_retreat(world, state, battle, nation, ids, zone)
    empty = world.is_land(zone) and not any(u.carrier is None for u in state.where.get(zone, ()))
    move_out(ctx, world, units, zone, "10.5", "retreat")
    if battle.naval:
        battle.retreated_fleets.extend(u.id for u in units)
        state.naval_retreats.extend(u.id for u in units)  # 10.9
    if empty and cities.offer_loot_after_retreat(ctx, world, nation, units, zone):
        return  # the side decides on the loot first, then the retreat goes on (after_retreat)
    after_retreat(ctx, world, nation, zone)


def after_retreat(ctx: Context[ItaliaState], world: World, nation: str, zone: str) -> None:
    """What follows a retreat of some of ``nation``'s units to ``zone`` (10.5): after a raid
    the rest must retreat too (10.7); a side with no fighters left takes its leaders along
    and the round ends."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if battle.stage == "raid_retreat":
        cities._raid_retreat(ctx, world)  # those left with nowhere to go are eliminated (10.7)
        return
    if not fighters(state, battle, nation):
        # leaders left behind go with the army they lead (they cannot hold a zone alone)
        for leader in leaders(state, battle, nation):
            move_out(ctx, world, [leader], zone, "10.5", "retreat with the army")
        end_round(ctx, world)


def check_retreat(
    world: World, state: ItaliaState, battle: Battle, nation: str, ids: tuple[int, ...], zone: str
) -> list[Unit]:
    """The units of a retreat of ``ids`` to ``zone`` (a canonical name), if it is legal (10.5)."""
    mine = {u.id: u for u in fighters(state, battle, nation) + leaders(state, battle, nation)}
    units = []
    for i in ids:
        if i not in mine:
            raise InvalidActionError(
                f"unit #{i} is not {of_nation('unit', nation)} in the battle of {battle.zone}"
            )
        units.append(mine[i])
    if not units:
        raise InvalidActionError("a retreat needs at least one unit")
    options = retreat_zones(world, state, battle, nation, units)
    if zone not in options:
        why = why_not_retreat(world, state, battle, nation, zone)
        raise IllegalActionError("10.5", f"the {nation} cannot retreat to {zone}: {why}")
    return units


def why_not_retreat(
    world: World, state: ItaliaState, battle: Battle, nation: str, zone: str
) -> str:
    if not world.board.is_adjacent(battle.zone, zone):
        return f"it is not adjacent to {battle.zone}"
    if world.is_borderland(zone):
        return "units never retreat into the borderlands (9.2, 10.5)"
    if zone in world.closed(state):
        return "during turn 10 no nation may control Rome (13.1)"
    if nation == battle.defender and zone in battle.came_from:
        return "the attackers came from there"
    if any(u.nation != nation for u in state.units_in(zone) if u.carrier is None):
        return "another nation is there (only a campaign's stack may join its subjects, 12.3.1)"
    return "the retreat allowance of 8.6 would be exceeded (or there is no room aboard)"


def move_out(
    ctx: Context[ItaliaState], world: World, units: list[Unit], zone: str, rule: str, why: str
) -> None:
    state = ctx.state
    to_sea = world.is_sea(zone)
    for u in units:
        carrier = u.carrier
        if to_sea and not u.is_fleet:
            fleet = next(
                f
                for f in state.units_in(zone, u.nation)
                if f.is_fleet
                and (u.is_leader or sum(not c.is_leader for c in state.cargo(f.id)) < 2)
            )
            carrier = fleet.id
        if u.is_fleet:
            for c in state.cargo(u.id):
                state.relocate(c, zone)
        state.relocate(u, zone, carrier)
        if u.hits and not u.is_fleet:
            pass  # restored only at the end of the battle it survived (10.2)
    names = ", ".join(u.label() for u in units)
    ctx.emit(
        "retreat", rule, f"{rule}: {names} {why} to {zone}.", units=[u.id for u in units], zone=zone
    )


def stand_fast(ctx: Context[ItaliaState], world: World, nation: str) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if battle.stage == "raid_retreat":
        raise IllegalActionError("10.7", "after a raid the attacker must retreat")
    world.rulebook.stood(ctx, world, nation)  # a variant may tell the stand (10.5)
    if battle.stage == "retreat_attacker":
        battle.stage = "retreat_defender"
        state.actor_override = battle.defender
        if not fighters(state, battle, battle.defender):
            end_round(ctx, world)
        return
    end_round(ctx, world)


def end_round(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    sides = both_sides(state, battle)
    attackers, defenders = bool(sides[battle.attacker]), bool(sides[battle.defender])
    if battle.stage == "retreat_attacker" and attackers:
        battle.stage = "retreat_defender"
        state.actor_override = battle.defender
        if defenders:
            return
    if not attackers or not defenders:
        finish_battle(ctx, world, sides)
        return
    if (
        not battle.naval
        and battle.stage != "submit"
        and world.rulebook.submission_due(world, state, battle.defender, battle.attacker) == "may"
    ):
        battle.stage = "submit"  # 10.1, 12.5.1: after a round with both sides left
        state.actor_override = battle.defender
        return
    world.rulebook.next_round(ctx, world)


# -- the end of a battle ------------------------------------------------------------------------
def finish_battle(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> None:
    """Two-hit units restored (10.2), then looting (10.6), rebuilding (10.6.1) and the
    stacking check (8.3) in the battle zone. ``sides``: as for :func:`lone_leaders`."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    here = state.where.get(battle.zone, ())
    for u in here:
        if u.hits:
            u.hits = 0
            ctx.emit("restored", "10.2", f"10.2: {u.label()} survived and is restored.", unit=u.id)
    if sides is None:
        sides = sides_among(battle, here)  # restoring units moved none of them
    # the first side with units left, the attacker first
    holder = battle.attacker if sides[battle.attacker] else None
    if holder is None and sides[battle.defender]:
        holder = battle.defender
    if holder is None and not battle.naval:
        # only leaders are left on either side: the attacker's stay (reconstructed: the
        # rulebook does not say; 8.3 wants one nation in the zone after combat)
        holder = next(
            (s for s in (battle.attacker, battle.defender) if leaders(state, battle, s)), None
        )
    if holder is not None and not battle.naval and not battle.raid:
        # 8.3: after combat only one nation is left in the zone; a leader whose army is
        # gone is taken with the field (10.2: a leader cannot hold a zone against units)
        take_leaders(
            ctx,
            world,
            battle.enemy(holder),
            "8.3",
            "its army is gone and the enemy holds the field",
        )
    outcome = f"the {holder} hold {battle.zone}" if holder else f"{battle.zone} is left empty"
    ctx.emit(
        "battle_end",
        "10.0",
        f"10.0: the battle of {battle.zone} is over: {outcome}.",
        zone=battle.zone,
        holder=holder,
    )
    if battle.naval:
        close(ctx, world)
        return
    settle_conversion(ctx, world, battle)
    major_battle(ctx, world, battle, holder)
    cities.after_battle(ctx, world, holder)


def close(ctx: Context[ItaliaState], world: World) -> None:
    """The battle is over: back to the combat phase; the stacking check of 8.3 follows."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.battle = None
    state.actor_override = None
    if not battle.naval:
        state.note_city_holders((battle.zone,))  # 10.6: whose city it is now
        active = state.active
        # the nations ashore in the zone (:meth:`~.state.ItaliaState.nations_in`)
        present = {u.nation for u in state.where.get(battle.zone, ()) if u.carrier is None}
        holder = active if active in present else min(present, default=None)
        others = {n for n in present if n != active and not world.allied(state, active, n)}
        if holder == active and others and battle.defender not in others:
            state.combat_due.append(battle.zone)  # a third nation is still there
        elif holder is not None and not (state.major and not state.second_phase):
            # 12.2: no stacking check after the first combat phase of a major invasion;
            # 8.4, 12.3.1: none in the zone of a campaigning leader
            leader = state.units.get(int(state.campaign["leader"])) if state.campaign else None
            if leader is None or leader.zone != battle.zone:
                world.rulebook.find_surplus_in(ctx, world, battle.zone, holder)
