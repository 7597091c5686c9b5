"""What several of Roma's rule modules ask: the board, the supply of pieces, ports and their
limits, control and conquest (13.22), the cards in hand.

Every function takes the :class:`~italia_kit.games.roma.state.RomaState` (and the Context
when it emits events); none decides a rule of its own area.
"""

from __future__ import annotations

import functools
from typing import Any

from italia_kit.core import Context
from italia_kit.games.roma.board import MAX_LEGIONS, PORT_LIMITS, RomaMap, roma_map
from italia_kit.games.roma.state import RomaState

__all__ = [
    "CARDS",
    "DECK",
    "LEGIONS_EACH",
    "SHIPS_EACH",
    "conquer",
    "friendly_ports",
    "hand_count",
    "port_limit",
    "port_room",
    "supply",
]

#: The action cards (Components): Charisma, Assassin, Naval and Land Military Advantage,
#: Military Engineering, Diplomat; the Diplomat's short name is the kit's own.
CARDS = {"C": 18, "SIC": 18, "CMN": 19, "CMT": 19, "CIN": 18, "DIP": 18}
#: The deck of 110 cards (4.1), in a fixed order before its shuffle.
DECK: tuple[str, ...] = tuple(card for card, n in CARDS.items() for _ in range(n))
#: The pieces of each colour (Components: 60 legions and 36 ships in 6 colours).
LEGIONS_EACH = 10
SHIPS_EACH = 6

M: RomaMap = roma_map()


def hand_count(state: RomaState, pop: str, card: str) -> int:
    return state.hands.get(pop, []).count(card)


def supply(state: RomaState, pop: str, unit: str) -> int:
    """Pieces of ``pop`` not on the map (nor in a battle or a fleet under way)."""
    if unit == "legion":
        used = sum(v.get(pop, 0) for v in state.legions.values())
        used += sum(v.get(pop, 0) for v in state.cargo.values())
        total = LEGIONS_EACH
    else:
        used = sum(v.get(pop, 0) for v in state.ships.values())
        total = SHIPS_EACH
    for holder in (state.battle, state.voyage):
        if holder is not None:
            used += in_transit(holder, pop, unit)
    return total - used


def in_transit(holder: dict[str, Any], pop: str, unit: str) -> int:
    """Pieces of ``pop`` held by a battle or a voyage."""
    if "a" in holder:  # a battle
        sea = holder["kind"] == "sea"
        if unit == "legion":
            n = 0 if sea else int(holder["a"].get(pop, 0) + holder["d"].get(pop, 0))
            return n + int(holder["a_cargo"].get(pop, 0) + holder["d_cargo"].get(pop, 0))
        return int(holder["a"].get(pop, 0) + holder["d"].get(pop, 0)) if sea else 0
    if holder["pop"] != pop:
        return 0
    return int(holder["legions"] if unit == "legion" else holder["ships"])


def port_limit(state: RomaState, territory: str) -> int:
    """The Map: a capital holds 6 ships, a Province 3, another territory 1."""
    if territory in M.capitals:
        return PORT_LIMITS["capital"]
    if territory in state.tents:
        return PORT_LIMITS["province"]
    return PORT_LIMITS["territory"]


def port_room(state: RomaState, territory: str) -> int:
    return port_limit(state, territory) - state.total_ships(territory)


def is_friendly_port(state: RomaState, territory: str, pop: str) -> bool:
    """A port ``pop``'s ships may use: coastal, controlled by ``pop`` or an ally (8.31), and
    not conquered this turn (End of Turn: not yet a port)."""
    owner = state.control.get(territory)
    return (
        owner is not None
        and M.is_port(territory)
        and state.allied(owner, pop)
        and territory not in state.conquered
    )


@functools.cache
def ports_by_distance(sea: str) -> tuple[tuple[int, int, str], ...]:
    """Every port of the board that a fleet in ``sea`` can reach, as (sea zones to cross,
    number, territory), nearest first (the board never changes: computed once a sea zone)."""
    dist = M.sea_distances(sea)
    out = []
    for t in M.territories:
        if not M.is_port(t):
            continue
        d = min(dist.get(s, 999) for s in M.coast[t])
        if d < 999:
            out.append((d, M.number[t], t))
    return tuple(sorted(out))


def friendly_ports(state: RomaState, sea: str, pops: list[str], ships: int) -> list[str]:
    """The nearest ports friendly to every population of ``pops`` with room for ``ships``,
    seen from the sea zone ``sea`` (13.12, End of Turn), all equally near, by number."""
    found: list[str] = []
    nearest = -1
    for d, _, t in ports_by_distance(sea):
        if found and d > nearest:
            break
        if all(is_friendly_port(state, t, p) for p in pops) and port_room(state, t) >= ships:
            nearest = d
            found.append(t)
    return found


def hostile_legions(state: RomaState, territory: str, pop: str) -> list[str]:
    """Populations with legions in ``territory`` that are not ``pop`` nor its allies."""
    here = state.legions.get(territory, {})
    return [p for p in here if not state.allied(p, pop)]


def conquer(ctx: Context[RomaState], territory: str, pop: str, rule: str) -> None:
    """``pop`` takes ``territory`` (its legions are there): control passes, the ships in its
    port pass to the conqueror one for one or, if it has none left, are destroyed (13.22);
    a coastal territory taken this turn is not yet a port (End of Turn)."""
    state = ctx.state
    before = state.control.get(territory)
    state.control[territory] = pop
    if M.is_port(territory) and territory not in state.conquered:
        state.conquered.append(territory)
    ctx.emit(
        "conquest",
        rule,
        f"{rule}: {pop} takes {territory} ({M.number[territory]})"
        + (f" from {before}." if before and before != pop else "."),
        territory=territory,
        population=pop,
        previous=before,
    )
    for other, n in sorted(state.ships.get(territory, {}).items()):
        if state.allied(other, pop):
            continue
        state.add(state.ships, territory, other, -n)
        lost_cargo = state.cargo_of(territory, other)
        if lost_cargo:
            state.add(state.cargo, territory, other, -lost_cargo)
        swapped = min(n, supply(state, pop, "ship"))
        if swapped:
            state.add(state.ships, territory, pop, swapped)
        ctx.emit(
            "ships_captured",
            "13.22",
            f"13.22: {n} ship(s) of {other} in {territory}: {swapped} pass to {pop}, "
            f"{n - swapped} destroyed.",
            territory=territory,
            population=other,
            captured=swapped,
            destroyed=n - swapped,
        )


def legion_room(state: RomaState, territory: str) -> int:
    """The Map: at most 10 legions a territory."""
    return MAX_LEGIONS - state.total_legions(territory)
