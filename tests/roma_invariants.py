"""Invariants of a Roma position (used by tests/test_roma_invariants.py): pieces within their
limits and counts (The Map, Components), hands of at most 3 cards (4.2), VP never negative
and conserved by payments, the deck plus hands plus discards always 110 cards (4.1)."""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game
from italia_kit.games.roma.board import MAX_LEGIONS, roma_map
from italia_kit.games.roma.common import (
    DECK,
    LEGIONS_EACH,
    SHIPS_EACH,
    in_transit,
    port_limit,
)
from italia_kit.games.roma.state import RomaState

M = roma_map()


def problems(game: Game[Any]) -> list[str]:
    state: RomaState = game.state
    out: list[str] = []
    pops = state.populations
    for t, here in state.legions.items():
        if t not in M.number:
            out.append(f"legions at sea zone {t}")
        if sum(here.values()) > MAX_LEGIONS:
            out.append(f"{t}: {sum(here.values())} legions")
        if any(n <= 0 for n in here.values()):
            out.append(f"{t}: empty legion entry")
    for place, here in state.ships.items():
        if place in M.number:
            if not M.is_port(place):
                out.append(f"ships inland at {place}")
            if sum(here.values()) > port_limit(state, place):
                out.append(f"{place}: {sum(here.values())} ships over the port limit")
    for place, here in state.cargo.items():
        for p, k in here.items():
            if k > 4 * state.ships_of(place, p):
                out.append(f"{place}: {p} carries {k} legions on {state.ships_of(place, p)} ships")
    for p in pops:
        legions = sum(v.get(p, 0) for v in state.legions.values())
        legions += sum(v.get(p, 0) for v in state.cargo.values())
        ships = sum(v.get(p, 0) for v in state.ships.values())
        for holder in (state.battle, state.voyage):
            if holder is not None:
                legions += in_transit(holder, p, "legion")
                ships += in_transit(holder, p, "ship")
        if legions > LEGIONS_EACH or ships > SHIPS_EACH:
            out.append(f"{p}: {legions} legions, {ships} ships")
        if len(state.hands.get(p, [])) > 3:
            out.append(f"{p} holds {len(state.hands[p])} cards")
        if state.vp[p] < 0:
            out.append(f"{p} has {state.vp[p]} VP")
        if list(game.dice.hand("cards", p)) != state.hands.get(p, []):
            out.append(f"{p}: the hand mirror differs from the deck")
    if sum(state.vp.values()) != 10 * len(pops):
        out.append(f"VP total {sum(state.vp.values())}")
    deck = game.dice.deck("cards")
    total = len(deck.pile) + len(deck.discards) + sum(len(h) for h in deck.hands.values())
    if total != len(DECK) or len(DECK) != 110:
        out.append(f"{total} cards")
    return out
