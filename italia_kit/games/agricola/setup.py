"""Set-up (3.0) and a new game.

The cups are the game's bags (``game.dice``), so every draw is seeded and logged. The
set-up's draws run when the game is made; the Roman player then places Agricola and
assigns the four Auxiliaries drawn from the Friendly Cup (3.0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from italia_kit.core import Game, Randomness
from italia_kit.games.agricola.geography import BOX, NAMES
from italia_kit.games.agricola.mechanics import NAME, Ctx, draw_shown, put_shown
from italia_kit.games.agricola.reactions import TRIBE_BOX
from italia_kit.games.agricola.state import (
    BATTLE,
    CUPS,
    FRIENDLY,
    HOSTILE,
    UNFRIENDLY,
    AgricolaState,
)
from italia_kit.games.agricola.tables import (
    BATTLE_UNITS,
    COUNTERS,
    DIE,
    LEADER_OF_REGION,
    LEADER_PLACEMENT,
    LEADERS,
    LEGION_CAMPS,
    LEGIONS,
    ONE_AQUILA,
    SETTLEMENTS,
    TWO_THREE,
    data,
)

SETUP = data()["setup"]


def _units(region: str) -> list[int]:
    return [c.id for c in COUNTERS if c.sort == "tribal" and c.region == region]


def _fill(ctx: Ctx, cup: int, counters: list[int], why: str) -> None:
    ctx.dice.put(CUPS[cup], counters)
    ctx.state.cups[cup].extend(counters)
    ctx.emit(
        "setup",
        "3.0",
        f"3.0: {why}: {len(counters)} counter(s) into the {CUPS[cup]} Cup.",
        cup=CUPS[cup],
        counters=counters,
    )


def _place_drawn(ctx: Ctx, counter: int) -> None:
    """3.0: a drawn unit goes to its box (no Internecine War); a drawn leader by 7.2."""
    state = ctx.state
    if COUNTERS[counter].sort == "leader":
        (roll,) = ctx.roll(1, "3.0", f"{NAME[counter]}'s Leader Placement (7.2)")
        box = BOX[LEADER_PLACEMENT[counter][roll]]
        if state.stacks[box]:
            state.leader_box[LEADERS.index(counter)] = box
            ctx.emit(
                "leader",
                "3.0",
                f"3.0: {NAME[counter]} placed in {NAMES[box]}.",
                leader=counter,
                box=box,
            )
        else:
            put_shown(ctx, counter, HOSTILE, "7.2", f"{NAME[counter]} finds {NAMES[box]} empty")
        return
    box = TRIBE_BOX[counter]
    state.stacks[box].append(counter)
    ctx.emit(
        "setup", "3.0", f"3.0: {NAME[counter]} placed in {NAMES[box]}.", counter=counter, box=box
    )


def set_up(ctx: Ctx, setup: Mapping[str, Any] | None = None) -> None:
    """The draws of 3.0, in order (``setup``: the data file's, or a variant's,
    :mod:`.variants`); then Agricola's placement is the player's."""
    SETUP = data()["setup"] if setup is None else setup
    state = ctx.state
    _fill(ctx, HOSTILE, _units("Tan"), "the tan Tribal Units")
    needed = dict(SETUP["tan_minimum"])
    while any(state.stacks[BOX[t]].__len__() < n for t, n in needed.items()):
        counter = draw_shown(ctx, HOSTILE, "3.0", "tan set-up")
        _place_drawn(ctx, counter)
    _fill(ctx, HOSTILE, [LEADER_OF_REGION["Tan"]], "the tan Tribal Leader")
    _fill(ctx, HOSTILE, _units("Green"), "the green Tribal Units")
    green = 0
    while green < SETUP["green_placed"] and state.cups[HOSTILE]:
        counter = draw_shown(ctx, HOSTILE, "3.0", "green set-up")
        _place_drawn(ctx, counter)
        green += COUNTERS[counter].region == "Green" and COUNTERS[counter].sort == "tribal"
    _fill(ctx, HOSTILE, [LEADER_OF_REGION["Green"]], "the green Tribal Leader")
    red = [*_units("Red"), LEADER_OF_REGION["Red"]]
    if SETUP.get("calgacus_at_setup"):
        red = _calgacus_leads(ctx, red)
    _fill(ctx, UNFRIENDLY, red, "the red units, Calgacus")
    _fill(ctx, FRIENDLY, _units("Blue"), "the blue Tribal Units")
    _fill(ctx, BATTLE, list(BATTLE_UNITS), "the gray Tribal Battle Units")
    ones, others = list(ONE_AQUILA), list(TWO_THREE)
    for k, legion in enumerate(LEGIONS):
        state.legion_box[k] = BOX[LEGION_CAMPS[legion]]
        for level in SETUP["holding_boxes"][legion]:
            if level == 1:
                state.holding[k].append(ones.pop(0))
            else:
                unit = others.pop(0)
                if level == 3:
                    state.three.append(unit)
                state.holding[k].append(unit)
    state.force = ones + others + list(SETTLEMENTS)
    state.actions_left = int(SETUP["actions_first_turn"])
    state.income = int(SETUP["income"])
    state.treasury = int(SETUP["treasury"])
    state.vp = 0
    ctx.emit(
        "setup",
        "3.0",
        "3.0: the legions are in their camps; Actions 3, Income 3, Treasury 4, 0 VP.",
    )
    state.step = "place_agricola"
    state.queue.insert(0, ("setup_aux", int(SETUP["friendly_draws"])))


def _calgacus_leads(ctx: Ctx, red: list[int]) -> list[int]:
    """The variant ``calgacus_at_setup``: Calgacus rolls his box (7.2) and leads that whole
    tribe from the start; the red counters left for the Unfriendly Cup."""
    calgacus = LEADER_OF_REGION["Red"]
    (roll,) = ctx.roll(1, "3.0", "Calgacus's Leader Placement (variant)")
    box = BOX[LEADER_PLACEMENT[calgacus][roll]]
    tribe = [c for c in red if COUNTERS[c].tribe == NAMES[box]]
    ctx.state.stacks[box].extend(tribe)
    ctx.state.leader_box[LEADERS.index(calgacus)] = box
    ctx.emit(
        "leader",
        "3.0",
        f"3.0 (variant): Calgacus leads the {NAMES[box]} from the start.",
        leader=calgacus,
        box=box,
        counters=tribe,
    )
    return [c for c in red if c not in tribe and c != calgacus]


def new_randomness(seed: int) -> Randomness:
    rnd = Randomness(seed=seed, sides=DIE)
    for name in CUPS:
        rnd.new_bag(name)
    return rnd


def new_game(
    seed: int = 0, *, checkpoint_every: int = 32, variant: Any = None
) -> Game[AgricolaState]:
    """A new game, set up to the Roman player's first choice (where Agricola goes);
    ``variant``: what-ifs on the set-up (:mod:`.variants`)."""
    from italia_kit.games.agricola.rules import AgricolaRules
    from italia_kit.games.agricola.variants import variant_list

    state = AgricolaState()
    state.queue.append(("setup", 0))
    return Game(
        AgricolaRules(variant_list(variant)),
        state,
        dice=new_randomness(seed),
        checkpoint_every=checkpoint_every,
    )
