"""Naval battles (10.8): the fleets' dice, the losses their owners choose, cargo sunk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.italia.battle_sides import both_sides, fighters
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.combat_end import finish_battle
from italia_kit.games.italia.naval import fleet_modifiers
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.victory import eliminate

if TYPE_CHECKING:
    from italia_kit.games.italia.world import World


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
    state.actor_override = None
    naval_round(ctx, world, sides)


# -- naval combat (10.8) ---------------------------------------------------------------------
def naval_round(
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
    hit = world.rulebook.hits  # 10.8: fleets hit on 9 or 10
    for side in (battle.attacker, battle.defender):
        fleets = sides[side]
        if not fleets:
            continue
        rolls = ctx.roll(
            len(fleets), "10.8", f"the {side} roll for {len(fleets)} fleets in {battle.zone}"
        )
        n = sum(hit(r, fleet, m) for r, m in zip(rolls, of_side[side], strict=True))
        losses[battle.enemy(side)] = n
        ctx.emit("hits", "10.8", f"10.8: the {side} score {n} hit{'s' if n != 1 else ''}.")
    battle.pending_hits = {k: v for k, v in losses.items() if v}
    next_naval_losses(ctx, world)


def next_naval_losses(ctx: Context[ItaliaState], world: World) -> None:
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
    next_naval_losses(ctx, world)
