"""The sequence of play: game turns, nation-turns and their steps (the Italia engine's
"sequence of a nation's turn" hook, here Britannia's).

A game turn: removals at its start (M-A turn 2), then each power in the scenario's order
that plays this turn (it has units, arrivals or minima due), then the territorial victory
phases (``scoring.score_turn``). A nation-turn (Britannia (public summary), B-2ED 4.1-4.6):

1. population increase; city-state minima; arrivals (rule text: "at the start of that
   nation-turn"), placed where the player chooses;
2. movement; 3. battles; with a major invasion, movement and battles a second time
   (Britannia (public summary), B-GROG), the leaders of the first impulse leaving and those
   of the second arriving between them (M-A turn 2: Pepin, Charlemagne);
4. raider withdrawal (raiders return to the box they came from); armies left at sea are
   lost; overpopulation: at most ``stack_limit`` armies of the power per area (reconstructed
   arithmetic); leaders leave (a leader is in play for one nation-turn, reconstructed).
"""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.medieval import arrivals, movement, scoring
from italia_kit.games.medieval.state import MedievalState, Unit
from italia_kit.games.medieval.world import World

R_SEQUENCE = "Britannia (public summary): sequence of play"
R_MAJOR = "Britannia (public summary): major invasions move and fight twice"
R_RAIDERS = "Britannia (public summary): raider withdrawal"
R_OVERPOP = "Britannia (public summary): overpopulation (3 per area, reconstructed)"


def plays_now(world: World, state: MedievalState, power: str) -> bool:
    p = world.power(power)
    if state.turn not in p.turns:
        return False
    if any(r.turn == state.turn for r in p.reinforcements):
        return True
    if power in world.scenario.minima.get(state.turn, ()):
        return True
    return any(u.power == power for u in state.units.values())


def begin_game_turn(ctx: Context[MedievalState], world: World) -> None:
    state = ctx.state
    label = world.scenario.turn_labels.get(state.turn, "")
    ctx.emit("turn", R_SEQUENCE, f"Turn {state.turn} ({label}) begins.", turn=state.turn)
    arrivals.remove_at_turn_start(ctx, world)


def begin_nation_turn(ctx: Context[MedievalState], world: World) -> None:
    """From ``state.index`` on, start the next power that plays; end the game turn when
    none is left."""
    state = ctx.state
    while state.index < len(world.order) and not plays_now(world, state, world.order[state.index]):
        state.index += 1
    if state.index >= len(world.order):
        end_game_turn(ctx, world)
        return
    power = world.order[state.index]
    state.active = power
    state.impulse = 1
    state.major = any(r.major_invasion for r in world.power(power).reinforcements
                      if r.turn == state.turn)  # fmt: skip
    state.held_during = []
    for u in state.units.values():
        if u.power == power:
            u.appeared = False
    ctx.emit(
        "nation_turn",
        R_SEQUENCE,
        f"Turn {state.turn}: the {power} ({world.faction(power)}) play"
        + (": a major invasion, two impulses." if state.major else "."),
        power=power,
        major=state.major,
    )
    arrivals.population_increase(ctx, world)
    arrivals.city_state_minima(ctx, world)
    arrivals.arrivals(ctx, world, 1)
    state.phase_name = "place"


def end_impulse(ctx: Context[MedievalState], world: World) -> None:
    """The battles are over: a second impulse, or the end of the nation-turn."""
    state = ctx.state
    if state.major and state.impulse == 1:
        state.impulse = 2
        for u in sorted(state.units_of(state.active), key=lambda u: u.id):
            if u.leaves == "first_phase":
                del state.units[u.id]
                ctx.emit("leader_leaves", "M-A turn 2", f"{u.label()} leaves after the first "
                         "impulse.", unit=u.id)  # fmt: skip
        ctx.emit("second_impulse", R_MAJOR, f"{R_MAJOR}: the {state.active} move and fight again.")
        arrivals.arrivals(ctx, world, 2)
        state.phase_name = "place"
        return
    end_nation_turn(ctx, world)


def end_nation_turn(ctx: Context[MedievalState], world: World) -> None:
    state = ctx.state
    power = state.active
    limit = world.scenario.stack_limit
    for u in sorted(state.units_of(power), key=lambda u: u.id):
        if u.raider and u.home and u.zone != u.home:
            ctx.emit("raider_withdraws", R_RAIDERS, f"{R_RAIDERS}: {u.label()} returns from "
                     f"{u.zone} to {u.home}.", unit=u.id)  # fmt: skip
            u.zone = u.home
        elif u.zone in world.seas:
            del state.units[u.id]
            ctx.emit("lost_at_sea", movement.R_SEA, f"{u.label()} ends the nation-turn at sea "
                     "and is lost (reconstructed).", unit=u.id)  # fmt: skip
    by_zone: dict[str, list[Unit]] = {}
    for u in state.units.values():  # in id order
        if u.power == power and u.kind == "army" and u.zone in world.land:
            by_zone.setdefault(u.zone, []).append(u)
    for zone in world.land_order:
        for u in by_zone.get(zone, [])[limit:]:
            del state.units[u.id]
            ctx.emit("overpopulation", R_OVERPOP, f"{R_OVERPOP}: {u.label()} in {zone} is "
                     f"removed: more than {limit} armies.", unit=u.id)  # fmt: skip
    for u in sorted(state.units_of(power), key=lambda u: u.id):
        if u.is_leader:
            del state.units[u.id]
            ctx.emit("leader_leaves", "reconstructed: a leader serves one nation-turn",
                     f"{u.label()} leaves the game.", unit=u.id)  # fmt: skip
    rules = scoring.rules_for(world, power, state.turn, during=True)
    if rules:
        scoring.score_power(ctx, world, power, rules, state.held_during)
    state.index += 1
    state.phase_name = "next"


def end_game_turn(ctx: Context[MedievalState], world: World) -> None:
    state = ctx.state
    scoring.score_turn(ctx, world)
    ctx.emit("turn_end", R_SEQUENCE, f"Turn {state.turn} ends.", turn=state.turn)
    if state.turn >= world.scenario.last_turn:
        state.over = True
        state.phase_name = "end"
        totals = scoring.faction_scores(world, state)
        ctx.emit(
            "game_end",
            R_SEQUENCE,
            "The game ends: " + ", ".join(f"{f} {v:g}" for f, v in totals.items()) + " VP.",
            scores=totals,
        )
        return
    state.turn += 1
    state.index = 0
    state.phase_name = "next"
    begin_game_turn(ctx, world)


def note_held(world: World, state: MedievalState) -> None:
    """For awards "at any moment of the nation-turn" (M-V4): remember the areas held now."""
    if scoring.rules_for(world, state.active, state.turn, during=True):
        for z in world.controlled(state, state.active):
            if z not in state.held_during:
                state.held_during.append(z)
