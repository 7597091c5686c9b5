"""The campaign of a nation's turn (12.3): its card, its leader, its gold, and the record
kept in ``state.campaign`` (see :mod:`.campaign`)."""

from __future__ import annotations

from typing import Any

from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World


def campaign_card(world: World, state: ItaliaState, nation: str) -> Any:
    """This turn's campaign reinforcement of a nation, if any (12.3, the nation card)."""
    for r in world.nation(nation).reinforcements:
        if r.turn == state.turn and r.campaign:
            return r
    return None


def campaign_leader(world: World, state: ItaliaState, nation: str) -> Unit | None:
    card = campaign_card(world, state, nation)
    if card is None:
        return None
    names = set(card.leaders)
    leaders = [u for u in state.units_of(nation) if u.is_leader]
    named = [u for u in leaders if u.name in names]
    fresh = [u for u in leaders if u.arrived == state.turn]
    pick = named or fresh or leaders
    return pick[0] if pick else None


def new_record(leader: int) -> dict[str, Any]:
    """The state of a fresh campaign led by unit ``leader`` (see the module docstring)."""
    return {
        "leader": leader,
        "stage": "decide",
        "moves": 0,
        "queue": [],
        "reacted": [],
        "reacted_from": [],
        "blocked": [],
        "last_blocked": "",
        "raid": "",
    }


def gold_available(state: ItaliaState, nation: str) -> int:
    return state.campaign_gold.get(nation, 0) + state.gold.get(nation, 0)


def leader_unit(state: ItaliaState) -> Unit | None:
    if state.campaign is None:
        return None
    return state.units.get(int(state.campaign["leader"]))
