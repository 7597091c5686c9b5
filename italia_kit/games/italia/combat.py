"""Phase 4: land battles (10.0-10.6), raids (10.7) and naval battles (10.8), round by round.

A battle is a small state machine kept in ``state.battle`` (:class:`~.battle_state.Battle`);
each stage waits for one decision of one side, and the dice are rolled between stages. The
steps live in four modules: who is in the battle (:mod:`.battle_sides`), its start, targets
and rounds (this module), the dice and their hits (:mod:`.combat_dice`), naval battles
(:mod:`.naval_battle`), retreats and the end of a battle (:mod:`.combat_end`); this module
also names them all, as the rules and the tests call them (``combat.retreat``, ...).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.italia.battle_sides import (
    both_sides,
    can_raid,
    check_fight,
    classes,
    classes_of,
    defender_in,
    fighters,
    leaders,
    leaders_among,
    opponents,
    sides_among,
)
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.combat_dice import apply_hits, elephant_victim, roll_round
from italia_kit.games.italia.combat_end import (
    after_retreat,
    check_retreat,
    close,
    end_round,
    finish_battle,
    lone_leaders,
    retreat,
    stand_fast,
)
from italia_kit.games.italia.naval_battle import sink_fleets, start_naval_battle
from italia_kit.games.italia.special import (
    conversion_targets,
    convert,
    foederati_defection,
    sides_at_start,
)
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import count
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.victory import eliminate

if TYPE_CHECKING:
    from italia_kit.games.italia.world import World

__all__ = [  # the steps of a battle as the rules and the tests name them (``combat.retreat``)
    "after_retreat",
    "answer_conversion",
    "answer_submission",
    "apply_hits",
    "both_sides",
    "can_raid",
    "check_fight",
    "check_retreat",
    "check_targets",
    "classes",
    "close",
    "default_aims",
    "elephant_fear",
    "elephant_victim",
    "end_round",
    "fighters",
    "finish_battle",
    "leaders",
    "next_round",
    "next_targets",
    "opponents",
    "retreat",
    "roll_round",
    "set_targets",
    "sink_fleets",
    "stand_fast",
    "start_battle",
    "start_naval_battle",
]


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
    defender = defender_in(world, state, nation, zone)
    assert defender is not None
    state.combat_due.remove(zone)
    rulebook = world.rulebook
    due = None if raid else rulebook.submission_due(world, state, defender, nation)
    if due == "must":
        # 12.5.1: a nation that must submit does so before any combat
        rulebook.submit(ctx, world, defender, nation, f"attacked in {zone}, it must")
        return
    battle = Battle(zone=zone, attacker=nation, defender=defender, raid=raid)
    here = state.where.get(zone, ())  # read without a copy: nothing moves until the emit
    sides = sides_among(battle, here)
    mine = sides[nation]
    for u in mine + leaders_among(here, nation):
        rec = state.moves.get(u.id)
        if rec and len(rec.path) >= 2 and rec.path[-1] == zone:
            battle.came_from.append(rec.path[-2])
            if rec.by_sea or rec.strait:
                battle.landed.append(u.id)
    battle.came_from = sorted(set(battle.came_from))
    battle.defender_had_city = state.has_city(zone)
    state.battle = battle
    what = "raid the city of" if raid else "attack"
    rule = rulebook.cite("10.7" if raid else "10.1")  # a variant's battles cite its own
    ctx.emit(
        "battle",
        rule,
        f"{rule}: the {nation} {what} {rulebook.place_words(zone)}, held by the {defender}: "
        f"{rulebook.battle_forces(battle, sides, here)}.",  # a variant says its leaders
        zone=zone,
        attacker=nation,
        defender=defender,
        raid=raid,
    )
    if due == "offer":
        # a variant's submission before any combat round: the defender is asked first
        battle.stage = "submit_first"
        state.actor_override = defender
        return
    rulebook.open_battle(ctx, world, sides)


def open_battle(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> None:
    """10.1: the declared battle begins: the Romans' fear of elephants (13.3), the
    foederati's defection (14.4), lone leaders (10.2), then the targets of round 1 (10.4).
    ``sides``: as for :func:`lone_leaders` (None: read again)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    raid = battle.raid
    if sides is None:
        sides = both_sides(state, battle)
    if not raid and not battle.naval:
        deserted = elephant_fear(ctx, world)
        defected = foederati_defection(ctx, world)
        if deserted or defected:
            sides = both_sides(state, battle)  # units left and came: look again
        battle.sizes = sides_at_start(state, battle)
    going_on = lone_leaders(ctx, world, sides)
    if going_on is not None:
        next_targets(ctx, world, going_on)


# -- targets (10.4) ------------------------------------------------------------------------
def next_targets(
    ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
) -> None:
    """Ask each side for targets, attacker first, unless only one choice exists; before
    that, the Patrimonium may convert a unit (14.3). ``sides``: as for :func:`lone_leaders`."""
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
    roll_round(ctx, world, sides, only)


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
    # a class as words: "the consular legion", "the infantry (landed)"
    names = {c: c.replace(":landed", " (landed)").replace("_", " ") for c in counts}
    ctx.emit(
        "targets",
        "10.4",
        f"10.4: the {nation} aim "
        + ", ".join(f"{count(n, 'die', 'dice')} at the {names[c]}" for c, n in counts.items())
        + ".",
    )
    if battle.stage == "targets_attacker":
        enemy_classes = classes(state, battle, battle.defender)
        if len(classes(state, battle, battle.attacker)) > 1:
            battle.stage = "targets_defender"
            state.actor_override = battle.defender
            return
        del enemy_classes
    roll_round(ctx, world)


def next_round(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    battle.round += 1
    battle.retreated_fleets.clear()
    ctx.emit("round", "10.1", f"10.1: round {battle.round} of the battle of {battle.zone}.")
    if battle.naval:
        roll_round(ctx, world)
    else:
        next_targets(ctx, world)


def answer_submission(ctx: Context[ItaliaState], world: World, nation: str, accept: bool) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    first = battle.stage == "submit_first"  # asked before any round (a variant's "offer")
    if accept:
        when = "before any combat" if first else f"after round {battle.round}"
        world.rulebook.submit(ctx, world, nation, battle.attacker, f"{when} in {battle.zone}")
        return
    if first:
        rule = world.rulebook.cite("12.5.1")  # a variant's submission cites its own rule
        ctx.emit("fight_on", rule, f"{rule}: the {nation} do not submit and fight.")
        state.actor_override = None
        world.rulebook.open_battle(ctx, world)
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
    next_targets(ctx, world)
