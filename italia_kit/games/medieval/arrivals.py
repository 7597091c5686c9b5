"""What comes into play at the start of a nation-turn: population increase, city-state
minima, the arrivals chart (and the Spoletians' take-over of turn 1).

* Britannia (public summary) (B-2ED 4.1, 10.0): population increases with the areas held;
  the arithmetic was not found (facts 1.11), so it is reconstructed: 2 points per area held,
  1 per difficult area (mountain, marsh), a new army per ``population_step`` (6) points,
  each placed in an area the power holds.
* Rule text: "Each listed power receives reinforcements to bring its strength up to two, if
  it is below this at the start of its nation-turn", at the listed places.
* Rule text: "If any of these powers has a strength of zero and receives a reinforcement
  (whether through the city-state minima rules or the arrivals chart) place its population
  increase marker in the "1.5" box."
* Rule text: "Reinforcements appearing in land areas do so at the start of that nation-turn.
  If the controlling player has a choice of location then the decision is made when they
  arrive." An arrival in an area held by another nation must attack it (``movement``).
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.medieval.scenario import Reinforcement, UnitGroup
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World

R_POP = "Britannia (public summary): population increase (arithmetic reconstructed)"
R_MINIMA = "rule text: city-state minima"
R_BOX = 'rule text: the "1.5" box'
R_ARRIVE = "rule text: reinforcements arrive at the start of the nation-turn"
R_SPOLETO = "M-A turn 1: the Spoletians replace 4 Beneventan armies"
MINIMUM = 2
RESTART = 1.5


def minima_powers(world: World) -> frozenset[str]:
    """The eleven powers the rule text lists, with their places."""
    return frozenset(p.name for p in world.scenario.powers if p.minima_places)


def from_zero(ctx: Context[MedievalState], world: World, power: str) -> None:
    """Rule text: a listed power at strength zero that gets a unit restarts at 1.5."""
    state = ctx.state
    if power in minima_powers(world) and world.strength(state, power) == 0:
        state.population[power] = RESTART
        ctx.emit(
            "population",
            R_BOX,
            f"{R_BOX}: the {power} are at strength zero and receive armies: their population "
            f'marker goes to the "1.5" box.',
            power=power,
            value=RESTART,
        )


def population_increase(ctx: Context[MedievalState], world: World) -> None:
    state = ctx.state
    power = state.active
    held = world.controlled(state, power)
    if not held:
        return
    points = sum(1 if world.difficult(z, state.turn) else 2 for z in held)
    step = world.scenario.population_step
    total = state.population.get(power, 0.0) + points
    new = int(total // step)
    state.population[power] = total - new * step
    ctx.emit(
        "population",
        R_POP,
        f"{R_POP}: the {power} hold {len(held)} area(s), +{points} points: "
        f"{new} new arm{'y' if new == 1 else 'ies'}, {total - new * step:g} on the track.",
        power=power,
        points=points,
        armies=new,
    )
    if new:
        state.pending.append(
            {"power": power, "count": new, "kind": "army", "options": held, "each": True,
             "rule": R_POP}
        )  # fmt: skip


def city_state_minima(ctx: Context[MedievalState], world: World) -> None:
    state = ctx.state
    power = state.active
    if power not in world.scenario.minima.get(state.turn, ()):
        return
    strength = world.strength(state, power)
    if strength >= MINIMUM:
        return
    from_zero(ctx, world, power)
    places = list(world.power(power).minima_places)
    ctx.emit(
        "minima",
        R_MINIMA,
        f"{R_MINIMA}: the {power} have strength {strength}: {MINIMUM - strength} arm"
        f"{'y arrives' if MINIMUM - strength == 1 else 'ies arrive'} at {' or '.join(places)}.",
        power=power,
    )
    state.pending.append(
        {"power": power, "count": MINIMUM - strength, "kind": "army", "options": places,
         "rule": R_MINIMA}
    )  # fmt: skip


def _group_pending(world: World, state: MedievalState, power: str, card: Reinforcement,
                   g: UnitGroup) -> dict[str, Any]:  # fmt: skip
    options = list(g.zones)
    if g.or_own:
        options += [z for z in world.occupied(state, power) if z not in options]
    if not options:  # a leader with nowhere named and no area yet: with the power's units
        options = sorted({u.zone for u in state.units_of(power)}) or list(g.zones)
    return {
        "power": power, "count": g.count, "kind": g.unit, "name": g.name, "options": options,
        "raider": g.raider, "superior": card.superior, "leaves": g.leaves, "rule": R_ARRIVE,
    }  # fmt: skip


def arrivals(ctx: Context[MedievalState], world: World, impulse: int) -> None:
    """Queue this turn's arrivals of the active power for ``impulse`` (1, or 2 for the
    groups that come when the second impulse of a major invasion starts)."""
    state = ctx.state
    power = state.active
    for card in world.power(power).reinforcements:
        if card.turn != state.turn:
            continue
        for g in card.units:
            second = g.arrives == "second_phase"
            if second != (impulse == 2):
                continue
            pending = _group_pending(world, state, power, card, g)
            if not pending["options"]:
                # a leader named for "a Frankish area" when the power has none (reconstructed)
                ctx.emit(
                    "no_arrival",
                    R_ARRIVE,
                    f"{R_ARRIVE}: {g.name or 'the armies'} of the {power} have no area to "
                    f"arrive in and do not come (reconstructed).",
                    power=power,
                )
                continue
            if g.unit == "army":
                from_zero(ctx, world, power)
            state.pending.append(pending)
        if impulse == 1 and card.replace is not None:
            replace_armies(ctx, world, power, card)


def replace_armies(ctx: Context[MedievalState], world: World, power: str,
                   card: Reinforcement) -> None:  # fmt: skip
    """M-A turn 1: "no army in Benevento may be replaced; an army may not be replaced while
    an unreplaced army (outside Benevento) stands closer to Spoleto; and the replacements must
    take every army in all but at most one area." Taking whole areas nearest first meets all
    three, so no choice is left but ties, broken by board order (reconstructed)."""
    rep = card.replace
    assert rep is not None
    state = ctx.state
    dist = world.distances(rep.nearest_to)
    areas = [z for z in world.occupied(state, rep.nation) if z not in rep.not_in]
    areas.sort(key=lambda z: (dist.get(z, 99), world.land_order.index(z)))
    left = rep.count
    for zone in areas:
        for u in sorted(state.armies_in(zone, rep.nation), key=lambda u: u.id):
            if left == 0:
                break
            u.power = power
            left -= 1
            ctx.emit(
                "replaced",
                R_SPOLETO,
                f"{R_SPOLETO}: the {rep.nation} army #{u.id} in {zone} becomes Spoletian.",
                unit=u.id,
                zone=zone,
            )


def remove_at_turn_start(ctx: Context[MedievalState], world: World) -> None:
    """M-A turn 2: "Avars: remove 2 armies at the start of the turn"."""
    state = ctx.state
    for p in world.scenario.powers:
        for card in p.reinforcements:
            if card.turn == state.turn and card.remove:
                armies = sorted(
                    (u for u in state.units_of(p.name) if not u.is_leader), key=lambda u: -u.id
                )
                for u in armies[: card.remove]:
                    del state.units[u.id]
                    ctx.emit(
                        "removed",
                        "M-A: removals at the start of the turn",
                        f"{card.provenance}: {u.label()} is removed.",
                        unit=u.id,
                    )


def _the(powers: list[str]) -> str:
    """Powers named in a sentence: "the Lombards", "the Lombards and the Franks"."""
    named = [f"the {p}" for p in powers]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def place(ctx: Context[MedievalState], world: World, power: str, zone: str) -> None:
    """Put the first pending group (or one army of it, for population) in ``zone``."""
    state = ctx.state
    if not state.pending or state.phase_name != "place":
        raise IllegalActionError(R_ARRIVE, "nothing is waiting to be placed")
    p = state.pending[0]
    if p["power"] != power:
        raise IllegalActionError(R_ARRIVE, f"the {p['power']} place now, not the {power}")
    if zone not in p["options"]:
        raise IllegalActionError(
            p["rule"], f"{p['kind']}s of the {power} arrive at {' or '.join(p['options'])}"
        )
    n = 1 if p.get("each") else int(p["count"])
    for _ in range(n):
        state.add_unit(
            power, p["kind"], zone, name=p.get("name"), raider=bool(p.get("raider")),
            superior=bool(p.get("superior")), arrived=state.turn, leaves=p.get("leaves"),
            home=zone if p.get("raider") else None, appeared=zone in world.land,
        )  # fmt: skip
    others = sorted(state.powers_in(zone) - {power}) if zone in world.land else []
    # "they must be attacked" (rule text), unless a truce or the chart forbids the attack
    # ("neither may attack the other", rule text: submission; M-A turn 1): then they share
    foes = [o for o in others if world.hostile(state, power, o)]
    spared = [o for o in others if o not in foes]
    what = p.get("name") or f"{n} arm{'y' if n == 1 else 'ies'}"
    text = f"{p['rule']}: {what} of the {power} arrive{'s' if n == 1 else ''} in {zone}"
    if foes:
        text += f", held by {_the(foes)}: they must attack"
        if spared:
            text += f"; {_the(spared)} there they may not attack now"
    elif spared:
        text += f", shared with {_the(spared)}, whom they may not attack now"
    ctx.emit("arrive", p["rule"], text + ".", power=power, zone=zone, count=n)
    if p.get("each") and int(p["count"]) > 1:
        p["count"] = int(p["count"]) - 1
    else:
        state.pending.pop(0)
