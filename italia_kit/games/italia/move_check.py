"""The movement phase's legal actions the slow way: every candidate one step asked of the
raising checks of :mod:`.movement`. It is the reference :func:`.move_list.legal_moves` is
tested against (same list, same order, at every movement decision of random games).
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, IllegalActionError, InvalidActionError
from italia_kit.games.italia import movement
from italia_kit.games.italia.actions import Disembark, Embark, Move
from italia_kit.games.italia.special import hannibal_march
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World


def checked_moves(w: World, state: ItaliaState, nation: str) -> list[Action]:
    """:func:`.move_list.legal_moves` the slow way, asking the raising checks of :mod:`.movement`
    about every candidate: the reference the fast list is tested against."""
    out: list[Action] = []
    candidates: list[tuple[tuple[int, ...], str]] = []
    by_zone: dict[str, list[int]] = {}
    for u in sorted(state.units_of(nation), key=lambda u: u.id):
        rec = state.moves.get(u.id)
        if rec is not None and rec.stopped:
            continue
        if u.carrier is not None:
            for zone in w.board.neighbours(u.zone):
                if w.is_land(zone) and _ok(
                    movement.check_disembark, w, state, nation, (u.id,), zone
                ):
                    out.append(Disembark(nation, (u.id,), zone))
            continue
        candidates.append(((u.id,), u.zone))
        if not u.is_fleet:
            by_zone.setdefault(u.zone, []).append(u.id)
    for zone, group in by_zone.items():
        if len(group) > 1 and any(state.units[i].is_leader for i in group):
            candidates.append((tuple(group), zone))
        fresh = tuple(i for i in group if i not in state.moves or not state.moves[i].steps)
        if fresh and state.campaign is None and hannibal_march(w, state, nation, (zone, "Alps")):
            out.append(Move(nation, fresh, (zone, "Alps")))
    campaign_leader = int(state.campaign["leader"]) if state.campaign else None
    for ids, zone in candidates:
        if len(ids) == 1:
            unit = state.units[ids[0]]
            rec = state.moves.get(unit.id)
            if rec is not None and rec.steps >= movement.allowance(state, unit, rec.leader):
                continue  # no movement left this phase (9.0): nothing to check
        at_sea = state.units[ids[0]].is_fleet
        if campaign_leader is not None and campaign_leader not in ids:
            carried = at_sea and any(c.id == campaign_leader for c in state.cargo(ids[0]))
            if not carried:
                continue  # 12.3.1: in a campaign nothing moves without the leader
        for nb in w.board.neighbours(zone):
            if w.is_sea(nb) != at_sea:
                continue  # land units stay ashore, fleets at sea (9.5); checked again below
            if _ok(movement.check_move, w, state, nation, ids, (zone, nb)):
                out.append(Move(nation, ids, (zone, nb)))
    for fleet in (u for u in state.units_of(nation) if u.is_fleet):
        for land in w.board.neighbours(fleet.zone):
            if not w.is_land(land):
                continue
            for u in state.units_in(land, nation):
                if _ok(movement.check_embark, w, state, nation, fleet.id, (u.id,)):
                    out.append(Embark(nation, fleet.id, (u.id,)))
    return out


def _ok(check: Any, *args: Any, **kwargs: Any) -> bool:
    try:
        check(*args, **kwargs)
    except (IllegalActionError, InvalidActionError):
        return False
    return True
