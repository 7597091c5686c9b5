"""The special rules of Italia I (13) and Italia II (14) that act inside a battle or a move:
Hannibal's march from Africa (13.2), major battles (13.2, 13.4), Roman Foederati going over
(14.1)."""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.victory import eliminate, score
from italia_kit.games.italia.world import World

#: VP for a won major battle (13.2, 13.4); the cards' values were not found: these are the
#: reconstructed values written in the nations' files (``special``), kept here in one place.
MAJOR_BATTLE_VP = {"Carthaginians": 2.0, "Optimates": 3.0, "Populares": 3.0}
#: the leader who wins Carthage's major battles (13.2)
HANNIBAL = "Hannibal"
MAJOR_BATTLE_FOES = {"Carthaginians": "Romans", "Optimates": "Populares", "Populares": "Optimates"}
#: the nations of turn 10 of Italia I, in their order (13.4): the others are neutral
TURN_TEN_NATIONS = ("Optimates", "Populares", "Romans")


def hannibal_march(world: World, state: ItaliaState, nation: str, path: tuple[str, ...]) -> bool:
    """13.2: on Hannibal's turn the Carthaginians may move units from the African zones
    into the Alps, as their whole move, without stacking limit."""
    if world.variant != "italia1" or nation != "Carthaginians" or len(path) != 2:
        return False
    if path[1] != "Alps" or path[0] not in world.board.zones_in_region("Africa"):
        return False
    return any(
        r.turn == state.turn and r.campaign and "Hannibal" in " ".join(r.leaders)
        for r in world.nation(nation).reinforcements
    )


def sides_at_start(state: ItaliaState, battle: Battle) -> dict[str, int]:
    """Units each side fights with, allies of the attacker counting for it (13.2)."""
    count = {battle.attacker: 0, battle.defender: 0}
    masters = state.masters
    for u in state.where.get(battle.zone, ()):  # read without a copy: nothing moves here
        if u.is_leader or u.carrier is not None:
            continue
        side = u.nation
        if masters and masters.get(side) in count:
            side = masters[side]
        if side in count:
            count[side] += 1
    return count


def major_battle(
    ctx: Context[ItaliaState], world: World, battle: Battle, holder: str | None
) -> None:
    """13.2, 13.4: a battle with at least 3 units a side, won (the enemy eliminated or gone)
    by Hannibal's Carthaginians against Rome, or between Optimates and Populares.

    Only a battle Hannibal fights scores for Carthage (13.2): he is in the zone when it
    is won (a battle he fell in scores nothing; the Optimates and Populares need no
    leader, 13.4)."""
    if world.variant != "italia1" or holder is None or battle.raid or battle.naval:
        return
    loser = battle.enemy(holder)
    if MAJOR_BATTLE_FOES.get(holder) != loser:
        return
    if holder == "Carthaginians" and not any(
        u.is_leader and u.name == HANNIBAL and u.nation == holder
        for u in ctx.state.where.get(battle.zone, ())
    ):
        return  # 13.2: "Hannibal may fight major battles": Hannibal holds the field
    sizes = battle.sizes
    if sizes.get(battle.attacker, 0) >= 3 and sizes.get(battle.defender, 0) >= 3:
        score(
            ctx,
            holder,
            MAJOR_BATTLE_VP[holder],
            "13.2" if holder == "Carthaginians" else "13.4",
            f"winning the major battle of {battle.zone}",
        )


def foederati_defection(ctx: Context[ItaliaState], world: World) -> bool:
    """14.1: at the start of the first round each Roman Foederati unit facing independent
    Foederati or Ostrogoths rolls: 6-10 (9-10 against Ostrogoths alone) it goes over and is
    replaced by an infantry unit of the enemy, if one is available.

    Returns whether any unit went over.
    """
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if world.variant != "italia2" or "Western Romans" not in (battle.attacker, battle.defender):
        return False
    enemy = battle.enemy("Western Romans")
    if enemy not in ("Foederati", "Ostrogoths"):
        return False
    defectors = [
        u
        for u in state.units_in(battle.zone, "Western Romans")
        if u.type is UnitType.FOEDERATI and u.carrier is None
    ]
    if not defectors:
        return False
    need = 9 if enemy == "Ostrogoths" else 6
    rolls = ctx.roll(
        len(defectors), "14.1", f"the Roman Foederati facing the {enemy} go over on {need}-10"
    )
    limit = world.nation(enemy).token_limits.get("infantry", 0)
    went_over = False
    for unit, roll in zip(defectors, rolls, strict=True):
        if roll < need:
            continue
        went_over = True
        in_play = sum(1 for u in state.units_of(enemy) if u.type is UnitType.INFANTRY)
        eliminate(ctx, world, unit, by=None, rule="14.1", why=f"it goes over to the {enemy}")
        if in_play < limit:
            new = state.add_unit(enemy, UnitType.INFANTRY, battle.zone)
            ctx.emit(
                "defection",
                "14.1",
                f"14.1: {new.label()} takes its place in the battle of {battle.zone}.",
                unit=new.id,
            )
    return went_over


PATRIMONIUM = "Patrimonium"
CONVERSIONS = 2  # 14.3: twice per game


def conversion_targets(world: World, state: ItaliaState, battle: Battle) -> list[int]:
    """14.3: the enemy units the Patrimonium may convert now: another player's units (not
    its own colour), not cavalry, not leaders; once per battle, twice per game."""
    if world.variant != "italia2" or battle.naval or battle.raid:
        return []
    if PATRIMONIUM not in (battle.attacker, battle.defender):
        return []
    if state.conversions >= CONVERSIONS or battle.converted or battle.convert_asked == battle.round:
        return []
    enemy = battle.enemy(PATRIMONIUM)
    if world.scenario.colour_of(enemy) == world.scenario.colour_of(PATRIMONIUM):
        return []
    return [
        u.id
        for u in state.units_in(battle.zone, enemy)
        if u.carrier is None and not u.is_leader and u.type is not UnitType.CAVALRY
    ]


def convert(ctx: Context[ItaliaState], world: World, unit_id: int) -> None:
    """14.3: the converted unit fights this round for the Patrimonium."""
    from italia_kit.core import IllegalActionError

    state = ctx.state
    battle = state.battle
    assert battle is not None
    options = conversion_targets(world, state, battle)
    battle.convert_asked = battle.round
    if not unit_id:
        return
    if unit_id not in options:
        raise IllegalActionError(
            "14.3", f"unit #{unit_id} cannot be converted (not cavalry, not a leader, not red)"
        )
    unit = state.units[unit_id]
    old = unit.label()
    unit.nation = PATRIMONIUM
    battle.converted = unit_id
    state.conversions += 1
    ctx.emit(
        "converted",
        "14.3",
        f"14.3: the Patrimonium converts {old} ({state.conversions} of {CONVERSIONS}); it now "
        f"fights for the Patrimonium.",
        unit=unit_id,
    )


def settle_conversion(ctx: Context[ItaliaState], world: World, battle: Battle) -> None:
    """14.3: a converted unit that survives stays a Patrimonium unit if a token of its type
    is available; otherwise it is removed."""
    state = ctx.state
    unit = state.units.get(battle.converted) if battle.converted else None
    if unit is None:
        return
    limit = world.nation(PATRIMONIUM).token_limits.get(unit.type.value, 0)
    count = sum(1 for u in state.units_of(PATRIMONIUM) if u.type is unit.type)
    if count > limit:
        state.remove_unit(unit)
        ctx.emit(
            "conversion_lost",
            "14.3",
            f"14.3: no Patrimonium {unit.type.value} token is left: the converted unit is removed.",
            unit=unit.id,
        )


HANNIBAL_REBELS = ("Celts", "Etruscans", "Samnites")


def hannibal_revolt_possible(world: World, state: ItaliaState, nation: str) -> bool:
    """13.2: during Hannibal's campaign the Celts, Etruscans and Samnites may rise against
    Rome when Hannibal is in or next to a zone holding their units."""
    if world.variant != "italia1" or nation not in HANNIBAL_REBELS:
        return False
    if state.masters.get(nation) != "Romans" or state.active != "Carthaginians":
        return False
    campaign = state.campaign
    leader = state.units.get(int(campaign["leader"])) if campaign is not None else None
    if leader is None or not (leader.name or "").startswith("Hannibal"):
        return False
    near = {leader.zone, *world.board.neighbours(leader.zone)}
    return any(u.zone in near for u in state.units_of(nation))
