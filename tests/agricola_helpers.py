"""Positions for the Agricola rule tests: a blank board, a Context or a Game on it.

:func:`blank` is 3.0's legions and markers with no tribe on the map: every Tribal Unit and
leader in the Unfriendly Cup, the Tribal Battle Units in the Battle Cup, the rest in the
Force Pool. A test then puts what it needs where it needs it (:func:`put`) and scripts the
die (``dice=``), so that each rule is seen on its own.
"""

from __future__ import annotations

from italia_kit.core import Context, EventLog, Game
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.rules import AgricolaRules
from italia_kit.games.agricola.setup import new_randomness
from italia_kit.games.agricola.state import (
    BATTLE,
    CUPS,
    UNFRIENDLY,
    AgricolaState,
)
from italia_kit.games.agricola.tables import (
    BATTLE_UNITS,
    COUNTERS,
    LEADERS,
    ONE_AQUILA,
    SETTLEMENTS,
    TWO_THREE,
)

II, IX, XX = 0, 1, 2


def units(tribe: str) -> list[int]:
    return [c.id for c in COUNTERS if c.tribe == tribe]


def leader(region: str) -> int:
    return next(c for c in LEADERS if COUNTERS[c].region == region)


def blank(**changes: object) -> AgricolaState:
    state = AgricolaState()
    state.phase, state.step = "turn", ""
    state.turn, state.actions_left, state.treasury, state.income = 1, 5, 10, 3
    state.agricola = II
    state.legion_box = [BOX["Isca Augusta"], BOX["Eboracum"], BOX["Deva Victrix"]]
    ones, others = list(ONE_AQUILA), list(TWO_THREE)
    state.holding = [
        [ones.pop(0), ones.pop(0), ones.pop(0)],
        [ones.pop(0), others.pop(0), others.pop(0)],
        [others.pop(0), others.pop(0), others.pop(0)],
    ]
    state.three = [state.holding[XX][2]]
    state.force = ones + others + list(SETTLEMENTS)
    state.cups[UNFRIENDLY] = [c.id for c in COUNTERS if c.sort in ("tribal", "leader")]
    state.cups[BATTLE] = list(BATTLE_UNITS)
    for key, value in changes.items():
        setattr(state, key, value)
    return state


def take(state: AgricolaState, counter: int) -> None:
    """Take a counter out of wherever it is (a cup, the Force Pool, a box)."""
    for cup in state.cups:
        if counter in cup:
            cup.remove(counter)
            return
    for stack in state.stacks:
        if counter in stack:
            stack.remove(counter)
            return
    for holding in state.holding:
        if counter in holding:
            holding.remove(counter)
            return
    for pool in (state.force, state.dead):
        if counter in pool:
            pool.remove(counter)
            return
    if counter in LEADERS:
        state.leader_box[LEADERS.index(counter)] = -1
        return
    raise AssertionError(f"counter {counter} is nowhere")


def put(state: AgricolaState, box: str, *counters: int) -> None:
    """Put Tribal Units on a box's stack (the last on top), or a leader in the box."""
    for counter in counters:
        take(state, counter)
        if counter in LEADERS:
            state.leader_box[LEADERS.index(counter)] = BOX[box]
        else:
            state.stacks[BOX[box]].append(counter)


def into_cup(state: AgricolaState, cup: int, *counters: int) -> None:
    for counter in counters:
        take(state, counter)
        state.cups[cup].append(counter)


def context(state: AgricolaState, dice: tuple[int, ...] = ()) -> Context[AgricolaState]:
    """A Context on ``state`` with bags that hold the state's cups, the die scripted."""
    rnd = new_randomness(0)
    for k, name in enumerate(CUPS):
        rnd.put(name, state.cups[k])
    if dice:
        rnd.script(dice)
    return Context(state, rnd, EventLog())


def game(state: AgricolaState, dice: tuple[int, ...] = ()) -> Game[AgricolaState]:
    """A Game from ``state``, advanced to its first decision."""
    ctx = context(state, dice)
    return Game(AgricolaRules(), state, dice=ctx.dice)


def kinds(ctx_or_game: Context[AgricolaState] | Game[AgricolaState]) -> list[str]:
    return [e.kind for e in ctx_or_game.log]
