"""Land movement and embarkation (11.1-11.2), naval moves (12.1), landings (12.5) and land
attacks (11.1, 13.2): what the active population may do, and the checks that refuse the rest
naming the section.

A legion moves once a turn (``state.moved`` counts, by territory, the legions there that have
moved, landed or fought); a ship sails once (``state.sailed``). Entering an empty territory
the population does not hold, by land or from the sea, takes it (13.22).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.roma.actions import Attack, Embark, Land, March, RomaAction, Sail
from italia_kit.games.roma.battle import start_battle
from italia_kit.games.roma.common import M, conquer, hostile_legions, legion_room
from italia_kit.games.roma.state import RomaState

__all__ = [
    "apply_attack",
    "apply_embark",
    "apply_land",
    "apply_march",
    "apply_sail",
    "attack_actions",
    "check_attack",
    "check_embark",
    "check_land",
    "check_march",
    "check_sail",
    "embark_actions",
    "land_actions",
    "march_actions",
    "sail_actions",
]


def unmoved(state: RomaState, territory: str, pop: str) -> int:
    return state.legions_of(territory, pop) - state.moved.get(territory, 0)


def _own(state: RomaState, pop: str) -> list[str]:
    """The territories where ``pop`` has legions, by number."""
    return sorted((t for t, here in state.legions.items() if pop in here), key=M.number.__getitem__)


def _may_enter(state: RomaState, pop: str, territory: str) -> bool:
    """8.2: a territory held by a population ``pop`` may not attack is closed to it."""
    owner = state.control.get(territory)
    return owner is None or state.allied(owner, pop) or state.may_attack(pop, owner)


# -- 11.1 land movement ----------------------------------------------------------------------


def check_march(state: RomaState, a: March) -> None:
    pop = a.population
    if a.to not in M.land.get(a.frm, ()):
        raise IllegalActionError("11.1", f"{a.to} is not a land neighbour of {a.frm}")
    if a.n < 1 or unmoved(state, a.frm, pop) < a.n:
        raise IllegalActionError(
            "11.1",
            f"{pop} has {max(unmoved(state, a.frm, pop), 0)} legions in {a.frm} "
            f"that may still move, not {a.n}",
        )
    if hostile_legions(state, a.to, pop):
        raise IllegalActionError(
            "11.1", f"{a.to} holds enemy legions: moving there is an attack (combat phase, 13.2)"
        )
    if legion_room(state, a.to) < a.n:
        raise IllegalActionError(
            "The Map",
            f"{a.to} would hold more than 10 legions ({state.total_legions(a.to)} "
            f"there, {a.n} more)",
        )
    if not _may_enter(state, pop, a.to):
        raise IllegalActionError(
            "8.2", f"{pop} may not take {a.to} from {state.control.get(a.to)}: a pact binds it"
        )


def march_actions(state: RomaState) -> Iterator[RomaAction]:
    pop = state.active
    for t in _own(state, pop):
        avail = unmoved(state, t, pop)
        if avail <= 0:
            continue
        for u in M.land[t]:
            if hostile_legions(state, u, pop) or not _may_enter(state, pop, u):
                continue
            for n in range(1, min(avail, legion_room(state, u)) + 1):
                yield March(pop, t, u, n)


def apply_march(ctx: Context[RomaState], a: March) -> None:
    state = ctx.state
    pop = a.population
    state.add(state.legions, a.frm, pop, -a.n)
    state.add(state.legions, a.to, pop, a.n)
    state.moved[a.to] = state.moved.get(a.to, 0) + a.n
    ctx.emit(
        "march",
        "11.1",
        f"11.1: {a.n} legion(s) of {pop} march from {a.frm} to {a.to}.",
        frm=a.frm,
        to=a.to,
        n=a.n,
    )
    if not state.allied(state.control.get(a.to, ""), pop):
        conquer(ctx, a.to, pop, "11.1")


# -- 11.2 embarkation ------------------------------------------------------------------------


def _capacity(state: RomaState, place: str, pop: str) -> int:
    return 4 * state.ships_of(place, pop) - state.cargo_of(place, pop)


def check_embark(state: RomaState, a: Embark) -> None:
    pop, t = a.population, a.territory
    if a.n < 1 or unmoved(state, t, pop) < a.n:
        raise IllegalActionError("11.2", f"{pop} has not {a.n} legions in {t} that may embark")
    if _capacity(state, t, pop) < a.n:
        raise IllegalActionError(
            "11.2",
            f"{pop}'s {state.ships_of(t, pop)} ship(s) in {t} carry 4 legions each: "
            f"room for {max(_capacity(state, t, pop), 0)}, not {a.n}",
        )


def embark_actions(state: RomaState) -> Iterator[RomaAction]:
    pop = state.active
    for t, here in state.ships.items():
        if t in M.letter or not here.get(pop):
            continue
        room = min(unmoved(state, t, pop), _capacity(state, t, pop))
        yield from (Embark(pop, t, n) for n in range(1, room + 1))


def apply_embark(ctx: Context[RomaState], a: Embark) -> None:
    state = ctx.state
    state.add(state.legions, a.territory, a.population, -a.n)
    state.add(state.cargo, a.territory, a.population, a.n)
    ctx.emit(
        "embark",
        "11.2",
        f"11.2: {a.n} legion(s) of {a.population} embark in {a.territory}.",
        territory=a.territory,
        n=a.n,
    )


# -- 12.1 naval movement ---------------------------------------------------------------------


@functools.cache
def _paths(frm: str) -> tuple[tuple[str, ...], ...]:
    """12.1: the moves of up to 2 sea zones from ``frm`` (leaving a port costs one)."""
    first = M.coast[frm] if frm in M.number else M.sea[frm]
    out: list[tuple[str, ...]] = []
    for s in first:
        out.append((s,))
        out.extend((s, s2) for s2 in M.sea[s] if s2 != frm)
    return tuple(out)


def _cargo_range(state: RomaState, frm: str, pop: str, n: int) -> tuple[int, int]:
    cargo = state.cargo_of(frm, pop)
    left_behind = state.ships_of(frm, pop) - n
    return max(0, cargo - 4 * left_behind), min(cargo, 4 * n)


def _end_allowed(state: RomaState, pop: str, sea: str) -> bool:
    """8.2, 12.2: a fleet may not end its move where it would have to attack a population
    it may not attack."""
    return all(state.allied(p, pop) or state.may_attack(pop, p) for p in state.ships.get(sea, {}))


def check_sail(state: RomaState, a: Sail) -> None:
    pop = a.population
    if a.path not in _paths(a.frm):
        raise IllegalActionError(
            "12.1", f"{a.path} is no move of up to 2 sea zones from {a.frm} (leaving port: 1)"
        )
    free = state.ships_of(a.frm, pop) - state.sailed.get(a.frm, 0)
    if a.ships < 1 or free < a.ships:
        raise IllegalActionError("12.1", f"{pop} has {max(free, 0)} ships in {a.frm} to move")
    low, high = _cargo_range(state, a.frm, pop, a.ships)
    if not low <= a.legions <= high:
        raise IllegalActionError(
            "11.2",
            f"{a.ships} ship(s) carry 4 legions each: {low} to {high} of the "
            f"{state.cargo_of(a.frm, pop)} aboard in {a.frm}, not {a.legions}",
        )
    if not _end_allowed(state, pop, a.path[-1]):
        raise IllegalActionError("8.2", f"{pop} may not attack the ships in {a.path[-1]} (pact)")


def sail_actions(state: RomaState) -> Iterator[RomaAction]:
    pop = state.active
    for place in sorted(state.ships):
        free = state.ships_of(place, pop) - state.sailed.get(place, 0)
        if free <= 0:
            continue
        paths = [p for p in _paths(place) if _end_allowed(state, pop, p[-1])]
        for n in range(1, free + 1):
            low, high = _cargo_range(state, place, pop, n)
            for path in paths:
                yield Sail(pop, place, path, n, low)
                if high != low:
                    yield Sail(pop, place, path, n, high)


def apply_sail(ctx: Context[RomaState], a: Sail) -> None:
    state = ctx.state
    pop = a.population
    state.add(state.ships, a.frm, pop, -a.ships)
    if a.legions:
        state.add(state.cargo, a.frm, pop, -a.legions)
    state.voyage = {
        "pop": pop,
        "frm": a.frm,
        "at": a.frm,
        "path": list(a.path),
        "ships": a.ships,
        "legions": a.legions,
        "stage": "enter",
    }
    ctx.emit(
        "set_sail",
        "12.1",
        f"12.1: {a.ships} ship(s) of {pop} sail from {a.frm} by {', '.join(a.path)}"
        + (f" with {a.legions} legion(s)." if a.legions else "."),
        frm=a.frm,
        path=list(a.path),
        ships=a.ships,
        legions=a.legions,
    )


# -- 12.5 landings ---------------------------------------------------------------------------


def _attackable(state: RomaState, pop: str, territory: str) -> bool:
    """13.2: every population there is an enemy ``pop`` may attack (no ally among them)."""
    here = state.legions.get(territory, {})
    return bool(here) and all(not state.allied(p, pop) and state.may_attack(pop, p) for p in here)


def check_land(state: RomaState, a: Land) -> None:
    pop, t = a.population, a.territory
    if a.sea not in M.letter or t not in M.shores[a.sea]:
        raise IllegalActionError("12.5", f"{t} is not a coast of {a.sea}")
    if a.n < 1 or state.cargo_of(a.sea, pop) < a.n:
        raise IllegalActionError(
            "12.5",
            f"{pop}'s ships in {a.sea} carry {state.cargo_of(a.sea, pop)} legions, not {a.n}",
        )
    if hostile_legions(state, t, pop):
        if not _attackable(state, pop, t):
            raise IllegalActionError("8.2", f"{pop} may not invade {t}: an ally or a pact")
        return
    if legion_room(state, t) < a.n:
        raise IllegalActionError("The Map", f"{t} would hold more than 10 legions")
    if not _may_enter(state, pop, t):
        raise IllegalActionError("8.2", f"{pop} may not take {t}: a pact binds it")


def land_actions(state: RomaState) -> Iterator[RomaAction]:
    pop = state.active
    for sea in M.seas:
        k = state.cargo_of(sea, pop)
        if not k:
            continue
        for t in M.shores[sea]:
            if hostile_legions(state, t, pop):
                if _attackable(state, pop, t):
                    yield from (Land(pop, sea, t, n) for n in range(1, k + 1))
            elif _may_enter(state, pop, t):
                yield from (
                    Land(pop, sea, t, n) for n in range(1, min(k, legion_room(state, t)) + 1)
                )


def _one_die(ctx: Context[RomaState], pop: str, why: str) -> bool:
    """10.1, 13.2: across a mountain or landing, the attacker rolls one die unless it spends
    one of the Military Engineering cards it declared."""
    state = ctx.state
    if state.engineering > 0:
        state.engineering -= 1
        state.hands[pop].remove("CIN")
        ctx.discard("cards", pop, ["CIN"], "10.1", f"{pop} uses Military Engineering ({why})")
        return False
    return True


def apply_land(ctx: Context[RomaState], a: Land) -> None:
    state = ctx.state
    pop, t = a.population, a.territory
    state.add(state.cargo, a.sea, pop, -a.n)
    if hostile_legions(state, t, pop):
        defenders = dict(state.legions[t])
        del state.legions[t]
        one = _one_die(ctx, pop, f"landing in {t}")
        start_battle(
            ctx,
            "land",
            t,
            "invasion",
            {pop: a.n},
            defenders,
            one_die=one,
            origin=a.sea,
            rule="12.5",
        )
        return
    state.add(state.legions, t, pop, a.n)
    state.moved[t] = state.moved.get(t, 0) + a.n
    ctx.emit(
        "land",
        "12.5",
        f"12.5: {a.n} legion(s) of {pop} land in {t} from {a.sea}.",
        sea=a.sea,
        territory=t,
        n=a.n,
    )
    if not state.allied(state.control.get(t, ""), pop):
        conquer(ctx, t, pop, "12.5")


# -- 13.2 attacks ----------------------------------------------------------------------------


def check_attack(state: RomaState, a: Attack) -> None:
    pop = a.population
    if a.to not in M.land.get(a.frm, ()):
        raise IllegalActionError("13.2", f"{a.to} is not a land neighbour of {a.frm}")
    if a.n < 1 or unmoved(state, a.frm, pop) < a.n:
        raise IllegalActionError("11.1", f"{pop} has not {a.n} legions in {a.frm} free to attack")
    here = state.legions.get(a.to, {})
    if not hostile_legions(state, a.to, pop):
        raise IllegalActionError("13.2", f"{a.to} holds no enemy legions to attack")
    for p in here:
        if state.allied(p, pop):
            raise IllegalActionError("8.31", f"{a.to} holds legions of {pop}'s ally {p}")
        if not state.may_attack(pop, p):
            raise IllegalActionError(
                "8.2",
                f"{pop} may not attack {p} during this turn: {p} played a Diplomat "
                f"towards it (non-aggression pact)",
            )


def attack_actions(state: RomaState) -> Iterator[RomaAction]:
    pop = state.active
    for t in _own(state, pop):
        avail = unmoved(state, t, pop)
        if avail <= 0:
            continue
        for u in M.land[t]:
            if _attackable(state, pop, u):
                yield from (Attack(pop, t, u, n) for n in range(1, avail + 1))


def apply_attack(ctx: Context[RomaState], a: Attack) -> None:
    state = ctx.state
    pop = a.population
    state.add(state.legions, a.frm, pop, -a.n)
    defenders = dict(state.legions[a.to])
    del state.legions[a.to]
    one = M.is_mountain(a.frm, a.to) and _one_die(ctx, pop, f"across the mountains to {a.to}")
    start_battle(
        ctx, "land", a.to, "attack", {pop: a.n}, defenders, one_die=one, origin=a.frm, rule="13.2"
    )
