"""Naval movement and interdiction (12.1-12.4), the return to port at the end of the turn
(each fleet's owner choosing among the nearest allied ports).

A fleet under way (``state.voyage``) enters its sea zones one at a time. In each, every
population whose ships are there, that is not the mover's ally and may attack it (8.2), is
asked whether to interdict (12.3): a d6, modified, succeeds on 6 or more and starts a naval
battle (12.4). A fleet that wins, or is not stopped, goes on; at the end of its move it fights
every enemy fleet in the zone (12.2).

The interdiction modifiers are printed "Number of ships attempting the interdiction: -1" and
"Number of ships that must be intercepted: -1", both marked "+", which the translator flags.
Two readings (option ``interdiction``):

* ``both_help`` (default): +1 for each interdicting ship beyond the first and +1 for each
  intercepted ship beyond the first (one ship against one needs a 6; big fleets are easier to
  find and to catch);
* ``targets_hinder``: +1 for each interdicting ship beyond the first, -1 for each intercepted
  ship beyond the first (a big fleet pushes through).

>>> interdiction_modifier(3, 1), interdiction_modifier(1, 4)
(2, 3)
>>> interdiction_modifier(1, 4, "targets_hinder")
-3
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Context
from italia_kit.games.roma.battle import start_battle
from italia_kit.games.roma.common import M, friendly_ports, legion_room, port_room
from italia_kit.games.roma.state import RomaState

__all__ = [
    "INTERDICTION_READINGS",
    "go_ashore",
    "interdict",
    "interdiction_modifier",
    "join",
    "return_options",
    "return_ships",
    "return_step",
    "start_return",
    "voyage_step",
]

INTERDICTION_READINGS = ("both_help", "targets_hinder")


def interdiction_modifier(interdicting: int, intercepted: int, reading: str = "both_help") -> int:
    """12.3: the modifier to the interdiction die (see the module's readings)."""
    if reading == "targets_hinder":
        return (interdicting - 1) - (intercepted - 1)
    return (interdicting - 1) + (intercepted - 1)


def interdictors(state: RomaState, sea: str, mover: str) -> list[str]:
    """Who may interdict ``mover``'s fleet entering ``sea`` (12.3), in seat order."""
    here = state.ships.get(sea, {})
    return [
        p
        for p in state.populations
        if here.get(p, 0) and not state.allied(p, mover) and state.may_attack(p, mover)
    ]


def voyage_step(ctx: Context[RomaState]) -> bool:
    """Move the fleet under way on (12.1, 12.4); True if something changed."""
    state = ctx.state
    v = state.voyage
    assert v is not None
    pop = v["pop"]
    if v["ships"] == 0 or (v["stage"] == "interdict" and not v["path"]):
        state.voyage = None
        if v["ships"]:
            at = v["at"]
            state.add(state.ships, at, pop, v["ships"])
            if v["legions"]:
                state.add(state.cargo, at, pop, v["legions"])
            state.sailed[at] = state.sailed.get(at, 0) + v["ships"]
            ctx.emit(
                "arrive",
                "12.1",
                f"12.1: {v['ships']} ship(s) of {pop} end their move in {at}.",
                place=at,
                population=pop,
            )
            if any(not state.allied(p, pop) for p in state.ships.get(at, {})):
                state.queue.append({"task": "sea_battle", "sea": at, "attacker": pop})
        return True
    if v["stage"] == "interdict":
        v["stage"] = "enter"
        return True
    # enter the next sea zone
    sea = v["path"].pop(0)
    v["at"] = sea
    v["stage"] = "interdict"
    ctx.emit(
        "sail",
        "12.1",
        f"12.1: {v['ships']} ship(s) of {pop} enter {sea} ({M.letter[sea]}).",
        sea=sea,
        population=pop,
        ships=v["ships"],
    )
    for p in interdictors(state, sea, pop):
        state.queue.append({"task": "interdict", "who": p, "sea": sea, "target": pop})
    return True


def interdict(ctx: Context[RomaState], who: str, sea: str, target: str, attempt: bool) -> None:
    """12.3: ``who`` tries (or not) to stop ``target``'s fleet in ``sea``: the fleet under way
    or, after an alliance is broken (8.31), the former ally's ships there."""
    state = ctx.state
    if not attempt:
        ctx.emit_as(who, "no_interdiction", "12.3", f"12.3: {who} lets {target} pass in {sea}.")
        return
    v = state.voyage
    under_way = v is not None and v["pop"] == target and v["at"] == sea
    targets = v["ships"] if under_way and v is not None else state.ships_of(sea, target)
    mine = state.ships_of(sea, who)
    reading = str(state.options.get("interdiction", "both_help"))
    mod = interdiction_modifier(mine, targets, reading)
    (die,) = ctx.roll(1, "12.3", f"{who} tries to interdict {target} in {sea}", sides=6)
    ok = die + mod >= 6
    ctx.emit_as(
        who,
        "interdiction",
        "12.3",
        f"12.3: {who} ({mine} ships) against {target} ({targets}): {die}"
        f"{mod:+d} = {die + mod}, " + ("interdiction succeeds." if ok else "it fails."),
        die=die,
        modifier=mod,
        success=ok,
    )
    if not ok:
        return
    # 12.3 note: the interceptor's allies there fight with it or leave the zone; they are
    # asked first, then the battle is fought (12.4)
    allies = [
        p
        for p in state.populations
        if p != who
        and state.ships_of(sea, p)
        and state.allied(p, who)
        and not state.allied(p, target)
        and state.may_attack(p, target)
    ]
    asks = [{"task": "join", "who": p, "sea": sea, "leader": who} for p in allies]
    battle: dict[str, Any] = {
        "task": "interdiction_battle",
        "who": who,
        "sea": sea,
        "target": target,
        "joined": [],
        "under_way": under_way,
    }
    state.queue[0:0] = [*asks, battle]


def join(ctx: Context[RomaState], ally: str, leave_to: str) -> None:
    """12.3 note: ``ally`` takes part in the interdiction (``leave_to`` empty) or, not taking
    part, is forced out of the sea zone into ``leave_to``, an adjacent one."""
    state = ctx.state
    task = state.queue.pop(0)
    sea = task["sea"]
    battle = next(t for t in state.queue if t["task"] == "interdiction_battle")
    if not leave_to:
        battle["joined"].append(ally)
        ctx.emit_as(ally, "join", "12.3", f"12.3: {ally} joins {task['leader']}'s interdiction.")
        return
    n, cargo = state.ships_of(sea, ally), state.cargo_of(sea, ally)
    state.move_fleet(ally, sea, leave_to, n, cargo)
    ctx.emit_as(
        ally,
        "leave",
        "12.3",
        f"12.3: {ally} takes no part in the interdiction: its {n} ship(s) leave {sea} for "
        f"{leave_to}.",
        sea=sea,
        to=leave_to,
    )


def interdiction_battle(ctx: Context[RomaState], task: dict[str, Any]) -> None:
    """12.4: the intercepted fleet fights the interceptor and the allies who joined it."""
    state = ctx.state
    sea, who, target = str(task["sea"]), str(task["who"]), str(task["target"])
    joined = [str(p) for p in task["joined"]]
    d: dict[str, int] = {}
    d_cargo: dict[str, int] = {}
    for p in [who, *joined]:
        n, k = state.ships_of(sea, p), state.cargo_of(sea, p)
        if not n:
            continue
        d[p] = n
        state.add(state.ships, sea, p, -n)
        if k:
            d_cargo[p] = k
            state.add(state.cargo, sea, p, -k)
    v = state.voyage
    if task["under_way"] and v is not None:
        a = {target: v["ships"]}
        a_cargo = {target: v["legions"]} if v["legions"] else {}
        v["ships"], v["legions"] = 0, 0  # the battle holds the fleet; finish() gives it back
        cause = "interdiction"
    else:
        n, k = state.ships_of(sea, target), state.cargo_of(sea, target)
        a = {target: n}
        a_cargo = {target: k} if k else {}
        state.add(state.ships, sea, target, -n)
        if k:
            state.add(state.cargo, sea, target, -k)
        cause = "sea"
    if not d or not a[target]:
        for p, n in d.items():  # nobody left to fight: the pieces stay where they were
            state.add(state.ships, sea, p, n)
            if d_cargo.get(p):
                state.add(state.cargo, sea, p, d_cargo[p])
        if cause == "interdiction" and v is not None:
            v["ships"], v["legions"] = a[target], a_cargo.get(target, 0)
        elif a[target]:
            state.add(state.ships, sea, target, a[target])
            if a_cargo:
                state.add(state.cargo, sea, target, a_cargo[target])
        return
    start_battle(ctx, "sea", sea, cause, a, d, a_cargo=a_cargo, d_cargo=d_cargo, rule="12.4")


def start_return(state: RomaState) -> None:
    """End of Turn: every fleet at sea owes its way back to port, one decision of its owner
    for each sea zone (in the board's order of the sea zones, then seat order)."""
    for sea in M.seas:
        for pop in state.populations:
            if state.ships_of(sea, pop):
                state.queue.append({"task": "return", "who": pop, "sea": sea})


def return_options(state: RomaState, pop: str, sea: str) -> list[str]:
    """End of Turn: the ports ``pop``'s ships in ``sea`` may go to now: the nearest allied
    ports with room for one ship at least, not conquered this turn. Equally near, the owner
    chooses (option ``return_port``: ``choice``) or the lowest number is taken
    (``lowest_number``)."""
    options = friendly_ports(state, sea, [pop], 1)
    if options and state.options.get("return_port") == "lowest_number":
        return options[:1]
    return options


def return_ships(ctx: Context[RomaState], pop: str, sea: str, port: str) -> None:
    """End of Turn: as many of ``pop``'s ships in ``sea`` as ``port`` has room for go there,
    with the legions aboard (4 a ship, the loaded ships first)."""
    state = ctx.state
    n, cargo = state.ships_of(sea, pop), state.cargo_of(sea, pop)
    k = min(n, port_room(state, port))
    aboard = min(cargo, 4 * k)
    state.move_fleet(pop, sea, port, k, aboard)
    ctx.emit_as(
        pop,
        "return",
        "End of Turn",
        f"End of Turn: {k} ship(s) of {pop} return from {sea} to {port}"
        + (f" with {aboard} legion(s) aboard." if aboard else "."),
        sea=sea,
        port=port,
        ships=k,
    )


def return_step(ctx: Context[RomaState], task: dict[str, Any]) -> bool:
    """End of Turn: carry a fleet's return on while nobody has a choice to make: no ship
    left (the task is done), no port with room (the ships are lost), or one port only.
    False when the owner must choose among equally near ports."""
    state = ctx.state
    pop, sea = str(task["who"]), str(task["sea"])
    if not state.ships_of(sea, pop):
        state.queue.pop(0)
        return True
    options = return_options(state, pop, sea)
    if not options:
        left, cargo = state.ships_of(sea, pop), state.cargo_of(sea, pop)
        state.add(state.ships, sea, pop, -left)
        if cargo:
            state.add(state.cargo, sea, pop, -cargo)
        ctx.emit_as(
            pop,
            "lost_at_sea",
            "End of Turn",
            f"End of Turn: {pop} loses {left} ship(s) and {cargo} legion(s) in {sea}: "
            "no allied port has room.",
            sea=sea,
            ships=left,
            legions=cargo,
        )
        state.queue.pop(0)
        return True
    if len(options) == 1:
        return_ships(ctx, pop, sea, options[0])
        return True
    return False


def go_ashore(ctx: Context[RomaState]) -> None:
    """End of Turn: the legions aboard any ship in port go ashore up to the 10-legion limit;
    those that find no room are lost."""
    state = ctx.state
    for port in list(state.cargo):
        for pop, k in sorted(state.cargo[port].items()):
            ashore = min(k, legion_room(state, port))
            state.add(state.cargo, port, pop, -k)
            if ashore:
                state.add(state.legions, port, pop, ashore)
            ctx.emit_as(
                pop,
                "ashore",
                "End of Turn",
                f"End of Turn: {ashore} legion(s) of {pop} go ashore in {port}"
                + (f"; {k - ashore} find no room and are lost." if k > ashore else "."),
                port=port,
                legions=ashore,
            )
