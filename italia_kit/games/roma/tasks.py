"""The queue of tasks owed before play goes on (``state.queue``): what an alliance's break
brings (8.31: battles, interdictions), a battle at the end of a fleet's move (12.2), an
interdiction's battle (12.4), and the steps between the decisions the queue holds (12.3's
interdictions and joins, the End of Turn's returns to port) that nobody needs to take.
"""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.roma import battle as bt
from italia_kit.games.roma import naval
from italia_kit.games.roma.common import M
from italia_kit.games.roma.state import RomaState

__all__ = ["task_step"]


def task_step(ctx: Context[RomaState]) -> bool:
    """Carry the first task of the queue on, if nobody owes a decision for it; True if
    something changed."""
    state = ctx.state
    task = state.queue[0]
    kind = task["task"]
    if kind == "break_battle":
        state.queue.pop(0)
        place, me, other = task["place"], task.get("breaker", state.active), task["against"]
        here = state.legions.get(place, {})
        if here.get(me) and here.get(other):
            a = {p: n for p, n in here.items() if state.allied(p, me)}
            d = {p: n for p, n in here.items() if not state.allied(p, me)}
            del state.legions[place]
            bt.start_battle(ctx, "land", place, "break", a, d, rule="8.31")
        return True
    if kind == "break_seas":
        state.queue.pop(0)
        me, other = task.get("breaker", state.active), task["against"]
        asks = []
        for sea in M.seas:
            if state.ships_of(sea, me) and state.ships_of(sea, other):
                for who, target in ((me, other), (other, me)):
                    asks.append(
                        {"task": "interdict", "who": who, "sea": sea, "target": target}
                        | {"standing": True}
                    )
        state.queue[0:0] = asks
        return True
    if kind == "sea_battle":
        sea, mover = task["sea"], task["attacker"]
        here = state.ships.get(sea, {})
        enemies = [
            p for p in sorted(here) if not state.allied(p, mover) and state.may_attack(mover, p)
        ]
        if not here.get(mover) or not enemies:
            state.queue.pop(0)
            return True
        foe = enemies[0]
        a = {p: n for p, n in here.items() if state.allied(p, mover)}
        d = {p: n for p, n in here.items() if state.allied(p, foe) and not state.allied(p, mover)}
        a_cargo = {p: state.cargo_of(sea, p) for p in a if state.cargo_of(sea, p)}
        d_cargo = {p: state.cargo_of(sea, p) for p in d if state.cargo_of(sea, p)}
        for side, cargo in ((a, a_cargo), (d, d_cargo)):
            for p, n in side.items():
                state.add(state.ships, sea, p, -n)
                if cargo.get(p):
                    state.add(state.cargo, sea, p, -cargo[p])
        bt.start_battle(ctx, "sea", sea, "sea", a, d, a_cargo=a_cargo, d_cargo=d_cargo, rule="12.2")
        return True
    if kind == "interdiction_battle":
        state.queue.pop(0)
        naval.interdiction_battle(ctx, task)
        return True
    if kind == "return":
        return naval.return_step(ctx, task)
    if kind == "join":
        if not state.ships_of(task["sea"], task["who"]):
            state.queue.pop(0)
            return True
        return False
    if kind == "interdict":
        sea, who, target = task["sea"], task["who"], task["target"]
        v = state.voyage
        live = (
            state.ships_of(sea, who)
            and state.may_attack(who, target)
            and (
                (v is not None and v["pop"] == target and v["at"] == sea and v["ships"])
                or ((v is None or task.get("standing")) and state.ships_of(sea, target))
            )
        )
        if not live:
            state.queue.pop(0)
            return True
    return False
