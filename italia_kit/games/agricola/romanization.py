"""Romanization (9.3): where the Dead Pool's Tribal Units go, region by region. The end of a
battle resolves the Dead Pool the same way (8.6).

* no Tribal Units in the region and a "+3" Settlement there: the Friendly Cup;
* Tribal Units in the region and no Roman Presence (a Legion, a Garrison or a Settlement):
  the Hostile Cup;
* otherwise the Unfriendly Cup, but Blue units go to the Friendly Cup.

Tribal Leaders stay in the Dead Pool (they score, 9.7). Eliminated Legionary Battle Units
and Garrisons go back to the Force Pool (2.2, 8.6: "Eliminated Units ... until the end of
the Game Turn or Battle").
"""

from __future__ import annotations

from italia_kit.games.agricola.geography import IN_REGION
from italia_kit.games.agricola.mechanics import (
    IS_LEGIONARY,
    IS_TRIBAL,
    REGION_OF_COUNTER,
    Ctx,
    roman_presence,
    to_force_pool,
    tribal_units_in_region,
)
from italia_kit.games.agricola.state import (
    BATTLE,
    CUPS,
    FRIENDLY,
    HOSTILE,
    UNFRIENDLY,
    AgricolaState,
)
from italia_kit.games.agricola.tables import COUNTERS


def cup_for_region(state: AgricolaState, region: str) -> int:
    """9.3's priorities for the Tribal Units of ``region`` in the Dead Pool."""
    tribes = tribal_units_in_region(state, region) > 0
    plus3 = any(
        state.settlement[b] in state.plus3 for b in IN_REGION[region] if state.settlement[b] >= 0
    )
    if not tribes and plus3:
        return FRIENDLY
    if tribes and not roman_presence(state, region):
        return HOSTILE
    return FRIENDLY if region == "Blue" else UNFRIENDLY


def resolve_dead_pool(ctx: Ctx, rule: str) -> None:
    """Empty the Dead Pool but for the Tribal Leaders (9.3; 8.6)."""
    state = ctx.state
    dead = state.dead
    if not dead:
        return
    keep: list[int] = []
    by_cup: dict[int, list[int]] = {}
    battle_units: list[int] = []
    for counter in dead:
        sort = COUNTERS[counter].sort
        if IS_TRIBAL[counter]:
            region = REGION_OF_COUNTER[counter]
            by_cup.setdefault(cup_for_region(state, region), []).append(counter)
        elif IS_LEGIONARY[counter]:
            to_force_pool(state, counter)
        elif sort == "battle":
            battle_units.append(counter)
        else:  # a leader
            keep.append(counter)
    state.dead = keep
    if battle_units:
        by_cup.setdefault(BATTLE, []).extend(battle_units)
    for cup in sorted(by_cup):
        items = by_cup[cup]
        ctx.dice.put(CUPS[cup], items)
        state.cups[cup].extend(items)
        names = ", ".join(COUNTERS[c].name for c in items)
        ctx.emit(
            "romanization",
            rule,
            f"{rule}: into the {CUPS[cup]} Cup: {names}.",
            cup=CUPS[cup],
            counters=items,
        )
