"""The dice of a land battle or raid (10.2, 10.3, 10.6, 10.7, 10.8.2, 10.9) and their hits
(10.2, 10.4, 14.2): the numbers and modifiers are the rulebook's (``world.rulebook``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.italia import cities
from italia_kit.games.italia.battle_sides import (
    ELEPHANT,
    TYPE_CLASS,
    classes_of,
    fighters,
    sides_among,
    target_class,
)
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.combat_end import lone_leaders, move_out
from italia_kit.games.italia.hits import rampages
from italia_kit.games.italia.naval import supremacy
from italia_kit.games.italia.naval_battle import naval_round
from italia_kit.games.italia.retreat import retreat_zones
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import count, of_nation
from italia_kit.games.italia.units import SPECS
from italia_kit.games.italia.victory import eliminate

if TYPE_CHECKING:
    from italia_kit.games.italia.world import World


# -- the dice (10.2) -----------------------------------------------------------------------
def roll_round(
    ctx: Context[ItaliaState],
    world: World,
    sides: dict[str, list[Unit]] | None = None,
    only: dict[str, str] | None = None,
) -> None:
    """One round of dice (10.2, 10.7; naval: 10.8), then the hits; ``sides``: as for
    :func:`lone_leaders`; ``only``: the one target class of each side that declared no
    targets, if the caller has it (:func:`~italia_kit.games.italia.combat.next_targets`)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.actor_override = None
    if battle.naval:
        naval_round(ctx, world, sides)
        return
    zone = battle.zone
    raid = battle.raid
    rule = "10.7" if raid else "10.2"
    sup = (
        None
        if raid
        # 10.9: fleets that retreated from a naval battle in this combat phase do not count
        else supremacy(world, state, zone, battle.attacker, battle.defender, state.naval_retreats)
    )
    rulebook = world.rulebook  # the numbers and modifiers of the dice (10.2)
    hit, dice, die = rulebook.hits, rulebook.dice, rulebook.die_sides
    # a variant's hit numbers by battle (Rulebook.hit_number_in); Italia's are by type
    by_battle = not rulebook.fixed_hit_number_in()
    italia_modifiers = rulebook.fixed_modifiers()
    hits_on: dict[str, dict[str, int]] = {}
    trampled: dict[str, int] = {}
    # nothing changes in the zone until every die is rolled (hits are applied after both
    # sides rolled): each side's fighters, leaders and the city are looked up once, and
    # the zone's units are read from the index without a copy
    terrain = world.terrain(zone)
    rough = terrain in ("mountain", "swamp")
    city = state.has_city(zone)
    here = state.where.get(zone, [])
    units_of = sides_among(battle, here) if sides is None else sides
    landed_targets = battle.round == 1 and bool(battle.landed)  # see :func:`target_class`
    # each side's leaders ashore, both counted in one pass over the zone
    n_leaders_of = {battle.attacker: 0, battle.defender: 0}
    for u in here:
        if u.is_leader and u.carrier is None and u.nation in n_leaders_of:
            n_leaders_of[u.nation] += 1
    for side in (battle.attacker, battle.defender):
        units = units_of[side]
        if not units:
            continue
        attacker = side == battle.attacker
        enemy = battle.defender if attacker else battle.attacker
        raider = raid and attacker
        aims = battle.targets.get("attacker" if attacker else "defender")
        aim = ""  # without declared targets every die aims at the enemy's one class (10.4)
        if aims is None and not raider:
            if only is not None:
                aim = only[side]
            else:
                found = classes_of(battle, units_of[enemy])
                aim = found[0] if found else ""
        n_leaders = n_leaders_of[side]
        # by whether the target landed (10.8.2): the rest is the same for all
        plain = rulebook.land_modifier(
            attacker=attacker,
            rough=rough,
            city=city,
            leaders=n_leaders,
            supremacy=sup == side,
            raid=raid,
        )
        landing = plain
        if not attacker and landed_targets:  # only the defender aims at landed units
            landing = rulebook.land_modifier(
                attacker=False,
                rough=rough,
                city=city,
                leaders=n_leaders,
                supremacy=sup == side,
                landing=True,
                raid=raid,
            )
        # 10.2: one die a unit (the rulebook's dice), each unit's dice in turn
        per_unit = [dice(u.type) for u in units]
        shooters = units if sum(per_unit) == len(units) else _by_die(units, per_unit)
        rolls = ctx.roll(
            len(shooters),
            rule,
            f"the {side} roll for {count(len(units), 'unit')} in {zone}",
            die,
            side=side,
            units=[u.id for u in units],
        )
        tally: dict[str, int] = {}  # hits by target class, in the order first hit
        numbers = (
            [
                rulebook.hit_number_in(world, state, zone, u, attacking=attacker, raider=raider)
                for u in shooters
            ]
            if by_battle
            else None
        )
        for k, (unit, roll) in enumerate(zip(shooters, rolls, strict=True)):
            target = "city" if raider else aim if aims is None else aims[str(unit.id)]
            mod = landing if not attacker and target.endswith(":landed") else plain
            number = None if numbers is None else numbers[k]
            if hit(roll, unit.type, mod, raider=raider, number=number):
                tally[target] = tally.get(target, 0) + 1
                # :func:`rampages`, asked only of an elephant: most units are not
                if unit.type is ELEPHANT and rampages(roll, ELEPHANT) and not raid:
                    trampled[enemy] = trampled.get(enemy, 0) + 1
        hits_on[enemy] = tally
        total = sum(tally.values())
        # Italia's modifiers spelled out; a variant with modifiers of its own
        # (Rulebook.land_modifier) says none that its rules do not give
        mod_text = (
            modifier_text(battle, side, sup, n_leaders, terrain, city)
            if italia_modifiers or plain or landing
            else ""
        )
        ctx.emit(
            "hits",
            rule,
            f"{rule}: the {side} score {total} hit{'' if total == 1 else 's'}{mod_text}.",
            side=side,
            hits=dict(tally),
        )
    if raid:
        cities.resolve_raid(ctx, world, hits_on.get(battle.defender, {}))
        for cls, n in hits_on.get(battle.attacker, {}).items():
            apply_hits(ctx, world, battle.attacker, cls, n, units_of[battle.attacker])
        cities.after_raid(ctx, world)
        return
    for side, tally in hits_on.items():
        for cls, n in tally.items():
            apply_hits(ctx, world, side, cls, n, units_of[side])
    battle.rampage = [side for side, n in trampled.items() for _ in range(n)]
    after_losses(ctx, world)


def _by_die(units: list[Unit], per_unit: list[int]) -> list[Unit]:
    """Each unit as many times as it rolls dice (a variant's :meth:`~.rulebook.Rulebook.dice`)."""
    return [u for u, n in zip(units, per_unit, strict=True) for _ in range(n)]


def modifier_text(
    battle: Battle, side: str, sup: str | None, n: int, terrain: str, city: bool
) -> str:
    """The modifiers of a side's dice, spelled out; ``n``: its leaders in the zone;
    ``terrain`` and ``city``: the battle zone's terrain and whether a city stands there."""
    if battle.raid:
        return " (a raid: no modifiers)"
    parts = []
    if side == battle.attacker:
        if terrain in ("mountain", "swamp"):
            parts.append(f"-1 for the {terrain} (10.3)")
        if city:
            parts.append("-2 for the city (10.6)")
    if n:
        parts.append(f"+{2 * n} for {n} leader{'s' if n > 1 else ''} (10.2)")
    if sup == side:
        parts.append("+1 for naval supremacy (10.9)")
    if side == battle.defender and battle.round == 1 and battle.landed:
        parts.append("+2 against units landing or crossing a strait (10.8.2)")
    return f" ({', '.join(parts)})" if parts else ""


def apply_hits(
    ctx: Context[ItaliaState], world: World, side: str, cls: str, n: int, mine: list[Unit]
) -> None:
    """Hits on one target class; surplus hits are lost (10.4). Two-hit units are flipped
    first, all of them, before any is eliminated (10.2, 14.2).

    ``mine``: the side's :func:`fighters` when the dice were rolled; the hits on its other
    classes took none of the units of this one.
    """
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if battle.round == 1 and battle.landed:
        pool = [u for u in mine if target_class(battle, u) == cls]
    else:  # no unit is marked ``:landed`` (see :func:`target_class`)
        pool = [u for u in mine if TYPE_CLASS[u.type] == cls]
    for _ in range(n):
        fresh = [u for u in pool if SPECS[u.type].hits_to_kill > 1 and u.hits == 0]
        if fresh:
            fresh[0].hits = 1
            ctx.emit(
                "flipped",
                "10.2",
                f"10.2: {fresh[0].label()} takes a hit and is flipped; it fights on.",
                unit=fresh[0].id,
            )
            continue
        if not pool:
            ctx.emit("hit_lost", "10.4", f"10.4: a hit on the {cls} is lost: none is left.")
            continue
        victim = pool.pop(0)
        eliminate(
            ctx,
            world,
            victim,
            by=battle.enemy(side),
            rule="10.2",
            why=f"hit in the battle of {battle.zone}",
            attacked_scorer=side == battle.attacker,
        )


def after_losses(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if battle.rampage:
        side = battle.rampage[0]
        if fighters(state, battle, side):
            battle.stage = "rampage"
            state.actor_override = side
            return
        battle.rampage.clear()
    if lone_leaders(ctx, world) is None:
        return
    battle.stage = "retreat_attacker"
    state.actor_override = battle.attacker


def elephant_victim(
    ctx: Context[ItaliaState], world: World, nation: str, unit_id: int, zone: str
) -> None:
    """10.2: the trampled side picks the unit that must retreat; without a retreat it is
    removed and the elephant's side scores it."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    unit = state.units.get(unit_id)
    if unit is None or unit not in fighters(state, battle, nation):
        raise IllegalActionError(
            "10.2", f"unit #{unit_id} is not {of_nation('unit', nation)} in the battle"
        )
    options = retreat_zones(world, state, battle, nation, [unit])
    if zone:
        zone = world.zone_name(zone)
        if zone not in options:
            raise IllegalActionError(
                "10.5", f"{unit.label()} cannot retreat to {zone} (possible: {options or 'none'})"
            )
        move_out(ctx, world, [unit], zone, "10.2", "an elephant drives it from the field")
    else:
        if options:
            raise IllegalActionError(
                "10.2", f"{unit.label()} can retreat (to {', '.join(options)}): it must"
            )
        eliminate(
            ctx,
            world,
            unit,
            by=battle.enemy(nation),
            rule="10.2",
            why="an elephant drove it off and it had nowhere to retreat",
            # as apply_hits: the victim attacked the scorer if its side is the attacker
            attacked_scorer=nation == battle.attacker,
        )
    battle.rampage.pop(0)
    after_losses(ctx, world)
