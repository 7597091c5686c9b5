"""Phase 4: land battles (10.0-10.6), raids (10.7) and naval battles (10.8), round by round.

A battle is a small state machine kept in ``state.battle`` (:class:`~.battle_state.Battle`);
each stage waits for one decision of one side, and the dice are rolled between stages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from italia_kit.core import Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia import cities
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.hits import hits, land_modifier, rampages
from italia_kit.games.italia.naval import fleet_modifiers, supremacy
from italia_kit.games.italia.retreat import retreat_zones
from italia_kit.games.italia.sequence import find_surplus_in
from italia_kit.games.italia.special import (
    conversion_targets,
    convert,
    foederati_defection,
    major_battle,
    settle_conversion,
    sides_at_start,
)
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.submission import submission_due, submit
from italia_kit.games.italia.text import count
from italia_kit.games.italia.units import SPECS, UnitType
from italia_kit.games.italia.victory import eliminate
from italia_kit.games.italia.world import World


# -- who is in the battle -------------------------------------------------------------------
def fighters(state: ItaliaState, battle: Battle, nation: str) -> list[Unit]:
    """The units of a side that roll dice: not leaders; ashore on land, fleets at sea; by
    id (the zone index, ``state.where``, keeps every zone's units in id order)."""
    # read from the index without a copy: asked at nearly every step of a battle
    here = state.where.get(battle.zone, ())
    if battle.naval:
        return [u for u in here if u.nation == nation and u.is_fleet]
    return [u for u in here if u.nation == nation and u.carrier is None and not u.is_leader]


def both_sides(state: ItaliaState, battle: Battle) -> dict[str, list[Unit]]:
    """The :func:`fighters` of the attacker and of the defender, from one look at the zone
    (most steps of a battle ask about both sides)."""
    return _sides_among(battle, state.where.get(battle.zone, ()))


def _sides_among(battle: Battle, here: Sequence[Unit]) -> dict[str, list[Unit]]:
    """:func:`both_sides` from the units in the battle zone, ``here`` (in one pass)."""
    attacker, defender = battle.attacker, battle.defender
    ours: list[Unit] = []
    theirs: list[Unit] = []
    naval = battle.naval
    for u in here:
        if u.is_fleet if naval else (u.carrier is None and not u.is_leader):
            if u.nation == attacker:
                ours.append(u)
            elif u.nation == defender:
                theirs.append(u)
    return {attacker: ours, defender: theirs}


def leaders(state: ItaliaState, battle: Battle, nation: str) -> list[Unit]:
    return _leaders_among(state.where.get(battle.zone, ()), nation)


def _leaders_among(here: Sequence[Unit], nation: str) -> list[Unit]:
    """:func:`leaders` from the units in the battle zone, ``here``."""
    return [u for u in here if u.is_leader and u.nation == nation and u.carrier is None]


def target_class(battle: Battle, unit: Unit) -> str:
    """A unit's target class: its type, marked ``:landed`` in round 1 if it came by sea or
    strait, so the defender can aim the +2 of 10.8.2 at it."""
    if battle.round == 1 and unit.id in battle.landed:
        return f"{unit.type.value}:landed"
    return _CLASS[unit.type]


#: each unit type's target class when it did not land: its value (an enum's ``value`` is a
#: property, slower to read than a dict)
_CLASS = {t: t.value for t in UnitType}
#: read for every die that hits (an enum's member is slower to reach than a global)
_ELEPHANT = UnitType.ELEPHANT


def classes(state: ItaliaState, battle: Battle, nation: str) -> list[str]:
    return classes_of(battle, fighters(state, battle, nation))


def classes_of(battle: Battle, units: list[Unit]) -> list[str]:
    """The target classes among ``units`` (a side's :func:`fighters`), sorted."""
    if battle.round != 1 or not battle.landed:  # no unit is marked ``:landed``
        return sorted({_CLASS[u.type] for u in units})
    return sorted({target_class(battle, u) for u in units})


# -- starting a battle ----------------------------------------------------------------------
def check_fight(world: World, state: ItaliaState, nation: str, zone: str, raid: bool) -> str:
    zone = world.zone_name(zone)
    if zone not in state.combat_due:
        due = ", ".join(state.combat_due) or "nowhere"
        raise IllegalActionError("10.0", f"no battle is due in {zone} (due: {due})")
    if raid:
        defender = _defender(world, state, nation, zone)
        if not state.has_city(zone):
            raise IllegalActionError("10.7", f"a raid needs a city; {zone} has none standing")
        if defender is None or defender == nation:
            raise IllegalActionError("10.7", "a raid can only strike a city held by an opponent")
        if not opponents(world, nation, defender):
            raise IllegalActionError(
                "10.7",
                f"a raid can only be conducted against cities controlled by opponents: the "
                f"{defender} belong to the {nation}' own player",
            )
        if zone in state.raided:
            raise IllegalActionError(
                "10.7", f"the city of {zone} was already raided in this combat phase"
            )
        if not any(
            not u.is_leader for u in world.occupants(state, zone, nation) if u.nation == defender
        ):
            raise IllegalActionError(
                "10.7", f"only leaders hold {zone}: there is no battle to raid, attack it"
            )
        if not any(not u.is_leader and u.carrier is None for u in state.units_in(zone, nation)):
            raise IllegalActionError("10.7", "leaders alone cannot raid: the raiders roll the dice")
    return zone


def can_raid(world: World, state: ItaliaState, nation: str, zone: str) -> bool:
    """Whether :func:`check_fight` would accept a raid on ``zone`` (a canonical zone name),
    without building the error it would raise: legal actions ask this of every zone where
    combat is due. A test holds the two in agreement."""
    if zone not in state.combat_due or not state.has_city(zone) or zone in state.raided:
        return False
    defender = _defender(world, state, nation, zone)
    if defender is None or defender == nation or not opponents(world, nation, defender):
        return False
    return any(
        not u.is_leader for u in world.occupants(state, zone, nation) if u.nation == defender
    ) and any(not u.is_leader and u.carrier is None for u in state.units_in(zone, nation))


def opponents(world: World, nation: str, other: str) -> bool:
    """Whether two nations belong to different players (colours, 3.0): only an opponent's
    city may be raided (10.7: "cities controlled by opponents") or looted (10.6: "a city
    that belonged to another player")."""
    return world.nation(nation).colour != world.nation(other).colour


def _defender(world: World, state: ItaliaState, nation: str, zone: str) -> str | None:
    """The enemy nation with most units ashore in ``zone`` (the first seen, by unit id, of
    those with as many: ``Counter.most_common`` would pick the same)."""
    others: dict[str, int] = {}  # units ashore of each other nation, the first seen first
    for u in state.where.get(zone, ()):
        if u.carrier is None and u.nation != nation:
            others[u.nation] = others.get(u.nation, 0) + 1
    for ally in [n for n in others if world.allied(state, nation, n)]:
        del others[ally]  # asked once a nation, not once a unit
    return max(others, key=others.__getitem__) if others else None


def start_battle(
    ctx: Context[ItaliaState], world: World, nation: str, zone: str, raid: bool
) -> None:
    state = ctx.state
    if not ctx.listed:  # listed as legal here (Context.listed): it was checked then
        zone = check_fight(world, state, nation, zone, raid)
        announced = state.campaign.get("raid") if state.campaign is not None else None
        if (
            announced == zone
            and not raid
            and can_raid(world, state, nation, zone)  # if it can no longer be made: a battle
        ):
            raise IllegalActionError("12.3.3", f"a raid on {zone} was announced: it is a raid")
        if raid and announced is not None and announced != zone:
            raise IllegalActionError(
                "12.3.3",
                f"in a campaign any raid must be announced before any reaction move; "
                f"{announced or 'no raid'} was announced, not {zone}",
            )
    defender = _defender(world, state, nation, zone)
    assert defender is not None
    state.combat_due.remove(zone)
    if not raid and submission_due(world, state, defender, nation) == "must":
        # 12.5.1: a nation that must submit does so before any combat
        submit(ctx, world, defender, nation, f"attacked in {zone}, it must")
        return
    battle = Battle(zone=zone, attacker=nation, defender=defender, raid=raid)
    here = state.where.get(zone, ())  # read without a copy: nothing moves until the emit
    sides = _sides_among(battle, here)
    mine = sides[nation]
    for u in mine + _leaders_among(here, nation):
        rec = state.moves.get(u.id)
        if rec and len(rec.path) >= 2 and rec.path[-1] == zone:
            battle.came_from.append(rec.path[-2])
            if rec.by_sea or rec.strait:
                battle.landed.append(u.id)
    battle.came_from = sorted(set(battle.came_from))
    battle.defender_had_city = state.has_city(zone)
    state.battle = battle
    what = "raid the city of" if raid else "attack"
    ctx.emit(
        "battle",
        "10.7" if raid else "10.1",
        f"{'10.7' if raid else '10.1'}: the {nation} {what} {zone}, held by the {defender}: "
        f"{count(len(mine), 'unit')} against "
        f"{len(sides[defender])}.",
        zone=zone,
        attacker=nation,
        defender=defender,
        raid=raid,
    )
    if not raid and not battle.naval:
        deserted = elephant_fear(ctx, world)
        defected = foederati_defection(ctx, world)
        if deserted or defected:
            sides = both_sides(state, battle)  # units left and came: look again
        battle.sizes = sides_at_start(state, battle)
    going_on = _lone_leaders(ctx, world, sides)
    if going_on is not None:
        _next_targets(ctx, world, going_on)


def start_naval_battle(
    ctx: Context[ItaliaState], world: World, nation: str, sea: str, target: str
) -> None:
    state = ctx.state
    battle = Battle(zone=sea, attacker=nation, defender=target, naval=True)
    state.battle = battle
    sides = both_sides(state, battle)
    ctx.emit(
        "battle",
        "10.8",
        f"10.8: naval combat in {sea}: {len(sides[nation])} {nation} fleets "
        f"against {len(sides[target])} {target} fleets.",
        zone=sea,
        attacker=nation,
        defender=target,
        naval=True,
    )
    _roll_round(ctx, world, sides)


def _lone_leaders(
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
            _take_leaders(
                ctx,
                world,
                side,
                "10.2",
                "a leader alone facing enemy units is removed without a fight",
            )
    finish_battle(ctx, world, sides)
    return None


def _take_leaders(ctx: Context[ItaliaState], world: World, side: str, rule: str, why: str) -> None:
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


# -- targets (10.4) ------------------------------------------------------------------------
def _next_targets(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> None:
    """Ask each side for targets, attacker first, unless only one choice exists; before
    that, the Patrimonium may convert a unit (14.3). ``sides``: as for :func:`_lone_leaders`."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if conversion_targets(world, state, battle):
        battle.stage = "convert"
        state.actor_override = "Patrimonium"
        return
    battle.targets = {}
    if sides is None:
        sides = both_sides(state, battle)
    only: dict[str, str] = {}  # the one class each side can aim at ("" if none is left)
    for side, stage in (
        (battle.attacker, "targets_attacker"),
        (battle.defender, "targets_defender"),
    ):
        if battle.raid and side == battle.attacker:
            continue  # the raiders' dice strike the city (10.7)
        enemy_classes = classes_of(battle, sides[battle.enemy(side)])
        if len(enemy_classes) > 1:
            battle.stage = stage
            state.actor_override = side
            return
        only[side] = enemy_classes[0] if enemy_classes else ""
    _roll_round(ctx, world, sides, only)


def default_aims(units: list[Unit], target: str) -> dict[str, str]:
    """Every unit of a side (its :func:`fighters`) aims at the one ``target`` class."""
    return {str(u.id): target for u in units}


def check_targets(
    state: ItaliaState, battle: Battle, nation: str, aims: tuple[tuple[int, str], ...]
) -> dict[str, str]:
    mine = {u.id for u in fighters(state, battle, nation)}
    present = set(classes(state, battle, battle.enemy(nation)))
    given = dict(aims)
    if set(given) != mine:
        raise IllegalActionError(
            "10.4", f"name a target for each of the {nation}' {len(mine)} units, and no others"
        )
    for unit, cls in given.items():
        if cls not in present:
            raise IllegalActionError(
                "10.4",
                f"unit #{unit} aims at {cls!r}, which is not in the battle ({sorted(present)})",
            )
    return {str(k): v for k, v in given.items()}


def set_targets(
    ctx: Context[ItaliaState], world: World, nation: str, aims: tuple[tuple[int, str], ...]
) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    battle.targets[battle.side(nation)] = check_targets(state, battle, nation, aims)
    counts = Counter(battle.targets[battle.side(nation)].values())
    ctx.emit(
        "targets",
        "10.4",
        f"10.4: the {nation} aim "
        + ", ".join(
            f"{count(n, 'die', 'dice')} at the {c.replace(':landed', ' (landed)')}"
            for c, n in counts.items()
        )
        + ".",
    )
    if battle.stage == "targets_attacker":
        enemy_classes = classes(state, battle, battle.defender)
        if len(classes(state, battle, battle.attacker)) > 1:
            battle.stage = "targets_defender"
            state.actor_override = battle.defender
            return
        del enemy_classes
    _roll_round(ctx, world)


# -- the dice (10.2) -----------------------------------------------------------------------
def _roll_round(
    ctx: Context[ItaliaState],
    world: World,
    sides: dict[str, list[Unit]] | None = None,
    only: dict[str, str] | None = None,
) -> None:
    """One round of dice (10.2, 10.7; naval: 10.8), then the hits; ``sides``: as for
    :func:`_lone_leaders`; ``only``: the one target class of each side that declared no
    targets, if the caller has it (:func:`_next_targets`)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.actor_override = None
    if battle.naval:
        _naval_round(ctx, world, sides)
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
    hits_on: dict[str, dict[str, int]] = {}
    trampled: dict[str, int] = {}
    # nothing changes in the zone until every die is rolled (hits are applied after both
    # sides rolled): each side's fighters, leaders and the city are looked up once, and
    # the zone's units are read from the index without a copy
    terrain = world.terrain(zone)
    rough = terrain in ("mountain", "swamp")
    city = state.has_city(zone)
    here = state.where.get(zone, [])
    units_of = _sides_among(battle, here) if sides is None else sides
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
        plain = land_modifier(
            attacker=attacker,
            rough=rough,
            city=city,
            leaders=n_leaders,
            supremacy=sup == side,
            raid=raid,
        )
        landing = plain
        if not attacker and landed_targets:  # only the defender aims at landed units
            landing = land_modifier(
                attacker=False,
                rough=rough,
                city=city,
                leaders=n_leaders,
                supremacy=sup == side,
                landing=True,
                raid=raid,
            )
        rolls = ctx.roll(
            len(units),
            rule,
            f"the {side} roll for {count(len(units), 'unit')} in {zone}",
            side=side,
            units=[u.id for u in units],
        )
        tally: dict[str, int] = {}  # hits by target class, in the order first hit
        for unit, roll in zip(units, rolls, strict=True):
            target = "city" if raider else aim if aims is None else aims[str(unit.id)]
            mod = landing if not attacker and target.endswith(":landed") else plain
            if hits(roll, unit.type, mod, raider=raider):
                tally[target] = tally.get(target, 0) + 1
                # :func:`rampages`, asked only of an elephant: most units are not
                if unit.type is _ELEPHANT and rampages(roll, _ELEPHANT) and not raid:
                    trampled[enemy] = trampled.get(enemy, 0) + 1
        hits_on[enemy] = tally
        total = sum(tally.values())
        mod_text = _modifier_text(battle, side, sup, n_leaders, terrain, city)
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
            _apply_hits(ctx, world, battle.attacker, cls, n, units_of[battle.attacker])
        cities.after_raid(ctx, world)
        return
    for side, tally in hits_on.items():
        for cls, n in tally.items():
            _apply_hits(ctx, world, side, cls, n, units_of[side])
    battle.rampage = [side for side, n in trampled.items() for _ in range(n)]
    _after_losses(ctx, world)


def _modifier_text(
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


def _apply_hits(
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
        pool = [u for u in mine if _CLASS[u.type] == cls]
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


def _after_losses(ctx: Context[ItaliaState], world: World) -> None:
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
    if _lone_leaders(ctx, world) is None:
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
        raise IllegalActionError("10.2", f"unit #{unit_id} is not a {nation} unit in the battle")
    options = retreat_zones(world, state, battle, nation, [unit])
    if zone:
        zone = world.zone_name(zone)
        if zone not in options:
            raise IllegalActionError(
                "10.5", f"{unit.label()} cannot retreat to {zone} (possible: {options or 'none'})"
            )
        _move_out(ctx, world, [unit], zone, "10.2", "an elephant drives it from the field")
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
            # as _apply_hits: the victim attacked the scorer if its side is the attacker
            attacked_scorer=nation == battle.attacker,
        )
    battle.rampage.pop(0)
    _after_losses(ctx, world)


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
        units = _check_retreat(world, state, battle, nation, ids, zone)
    empty = world.is_land(zone) and not any(u.carrier is None for u in state.where.get(zone, ()))
    _move_out(ctx, world, units, zone, "10.5", "retreat")
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
            _move_out(ctx, world, [leader], zone, "10.5", "retreat with the army")
        _end_round(ctx, world)


def _check_retreat(
    world: World, state: ItaliaState, battle: Battle, nation: str, ids: tuple[int, ...], zone: str
) -> list[Unit]:
    """The units of a retreat of ``ids`` to ``zone`` (a canonical name), if it is legal (10.5)."""
    mine = {u.id: u for u in fighters(state, battle, nation) + leaders(state, battle, nation)}
    units = []
    for i in ids:
        if i not in mine:
            raise InvalidActionError(
                f"unit #{i} is not a {nation} unit in the battle of {battle.zone}"
            )
        units.append(mine[i])
    if not units:
        raise InvalidActionError("a retreat needs at least one unit")
    options = retreat_zones(world, state, battle, nation, units)
    if zone not in options:
        why = _why_not_retreat(world, state, battle, nation, zone)
        raise IllegalActionError("10.5", f"the {nation} cannot retreat to {zone}: {why}")
    return units


def _why_not_retreat(
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


def _move_out(
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
    if battle.stage == "retreat_attacker":
        battle.stage = "retreat_defender"
        state.actor_override = battle.defender
        if not fighters(state, battle, battle.defender):
            _end_round(ctx, world)
        return
    _end_round(ctx, world)


def _end_round(ctx: Context[ItaliaState], world: World) -> None:
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
        and submission_due(world, state, battle.defender, battle.attacker) == "may"
    ):
        battle.stage = "submit"  # 10.1, 12.5.1: after a round with both sides left
        state.actor_override = battle.defender
        return
    next_round(ctx, world)


def next_round(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    battle.round += 1
    battle.retreated_fleets.clear()
    ctx.emit("round", "10.1", f"10.1: round {battle.round} of the battle of {battle.zone}.")
    if battle.naval:
        _roll_round(ctx, world)
    else:
        _next_targets(ctx, world)


# -- naval combat (10.8) ---------------------------------------------------------------------
def _naval_round(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    losses: dict[str, int] = {}
    # the dice change nothing until both sides have rolled: every fleet's modifier is
    # worked out at once
    if sides is None:
        sides = both_sides(state, battle)
    attackers = sides[battle.attacker]
    modifiers = fleet_modifiers(state, attackers + sides[battle.defender])
    of_side = {  # each side's fleets' modifiers, in the order of its fleets
        battle.attacker: modifiers[: len(attackers)],
        battle.defender: modifiers[len(attackers) :],
    }
    fleet = UnitType.FLEET
    for side in (battle.attacker, battle.defender):
        fleets = sides[side]
        if not fleets:
            continue
        rolls = ctx.roll(
            len(fleets), "10.8", f"the {side} roll for {len(fleets)} fleets in {battle.zone}"
        )
        n = sum(hits(r, fleet, m) for r, m in zip(rolls, of_side[side], strict=True))
        losses[battle.enemy(side)] = n
        ctx.emit("hits", "10.8", f"10.8: the {side} score {n} hit{'s' if n != 1 else ''}.")
    battle.pending_hits = {k: v for k, v in losses.items() if v}
    _next_naval_losses(ctx, world)


def _next_naval_losses(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    for side, n in list(battle.pending_hits.items()):
        fleets = fighters(state, battle, side)
        if n >= len(fleets):
            for f in fleets:
                eliminate(
                    ctx,
                    world,
                    f,
                    by=battle.enemy(side),
                    rule="10.8",
                    why=f"sunk in {battle.zone}",
                    attacked_scorer=side == battle.attacker,
                )
            del battle.pending_hits[side]
            continue
        battle.stage = "losses"
        state.actor_override = side
        return
    battle.stage = "retreat_attacker"
    state.actor_override = battle.attacker
    sides = both_sides(state, battle)
    if not all(sides.values()):
        finish_battle(ctx, world, sides)


def sink_fleets(ctx: Context[ItaliaState], world: World, nation: str, ids: tuple[int, ...]) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    n = battle.pending_hits.get(nation, 0)
    mine = {f.id: f for f in fighters(state, battle, nation)}
    if len(set(ids)) != n or not set(ids) <= set(mine):
        raise IllegalActionError(
            "10.8", f"the {nation} must choose {n} of their fleets in {battle.zone} to lose"
        )
    for i in ids:
        eliminate(
            ctx,
            world,
            mine[i],
            by=battle.enemy(nation),
            rule="10.8",
            why=f"sunk in {battle.zone} (its owner chose it)",
            attacked_scorer=nation == battle.attacker,
        )
    del battle.pending_hits[nation]
    _next_naval_losses(ctx, world)


# -- the end of a battle ------------------------------------------------------------------------
def finish_battle(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> None:
    """Two-hit units restored (10.2), then looting (10.6), rebuilding (10.6.1) and the
    stacking check (8.3) in the battle zone. ``sides``: as for :func:`_lone_leaders`."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    here = state.where.get(battle.zone, ())
    for u in here:
        if u.hits:
            u.hits = 0
            ctx.emit("restored", "10.2", f"10.2: {u.label()} survived and is restored.", unit=u.id)
    if sides is None:
        sides = _sides_among(battle, here)  # restoring units moved none of them
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
        _take_leaders(
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
        _close(ctx, world)
        return
    settle_conversion(ctx, world, battle)
    major_battle(ctx, world, battle, holder)
    cities.after_battle(ctx, world, holder)


def _close(ctx: Context[ItaliaState], world: World) -> None:
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
                find_surplus_in(ctx, world, battle.zone, holder)


def answer_submission(ctx: Context[ItaliaState], world: World, nation: str, accept: bool) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if accept:
        submit(ctx, world, nation, battle.attacker, f"after round {battle.round} in {battle.zone}")
        return
    ctx.emit("fight_on", "12.5.1", f"12.5.1: the {nation} do not submit and fight on.")
    next_round(ctx, world)


def elephant_fear(ctx: Context[ItaliaState], world: World) -> bool:
    """13.3 (Italia I): the first time Romans face elephants each Roman unit (not leaders,
    not consular legions) deserts on 8-10; the second and third time on 10; then never.

    Returns whether any Roman unit deserted.
    """
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if world.variant != "italia1" or "Romans" not in (battle.attacker, battle.defender):
        return False
    enemy = battle.enemy("Romans")
    if not any(u.type is UnitType.ELEPHANT for u in fighters(state, battle, enemy)):
        return False
    state.elephant_battles += 1
    if state.elephant_battles > 3:
        return False
    desert_on = 8 if state.elephant_battles == 1 else 10
    romans = [
        u for u in fighters(state, battle, "Romans") if u.type is not UnitType.CONSULAR_LEGION
    ]
    if not romans:
        return False
    rolls = ctx.roll(
        len(romans),
        "13.3",
        f"the Romans face elephants (time {state.elephant_battles}): each unit deserts on "
        f"{desert_on}-10",
    )
    deserted = False
    for unit, roll in zip(romans, rolls, strict=True):
        if roll >= desert_on:
            eliminate(
                ctx,
                world,
                unit,
                by=enemy,
                rule="13.3",
                why="frightened by the elephants, it deserts",
                attacked_scorer=battle.attacker == "Romans",
            )
            deserted = True
    return deserted


def answer_conversion(ctx: Context[ItaliaState], world: World, unit_id: int) -> None:
    convert(ctx, world, unit_id)
    _next_targets(ctx, world)
