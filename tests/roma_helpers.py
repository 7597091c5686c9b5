"""Positions of Roma built by hand for the rule tests: a state in a given phase, with the
pieces, control and cards given, and a deck whose hands agree with it."""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game, Randomness
from italia_kit.games.roma.board import roma_map
from italia_kit.games.roma.common import DECK
from italia_kit.games.roma.rules import DEFAULT_OPTIONS, RomaRules
from italia_kit.games.roma.state import RomaState

M = roma_map()


def position(
    phase: str = "land",
    active: str = "ITALIA",
    *,
    players: int = 2,
    legions: dict[str, dict[str, int]] | None = None,
    ships: dict[str, dict[str, int]] | None = None,
    cargo: dict[str, dict[str, int]] | None = None,
    control: dict[str, str] | None = None,
    tents: dict[str, str] | None = None,
    hands: dict[str, list[str]] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> Game[RomaState]:
    """A game at ``phase`` of ``active``'s turn. The population cards of the others are still
    in the cup (so the turn goes on after ``active``); capitals are controlled by their
    populations unless ``control`` says otherwise."""
    full = {**DEFAULT_OPTIONS, "players": players, **(options or {})}
    pops = tuple(p.name for p in M.populations[:players])
    rnd = Randomness(seed=1, sides=6)
    deck = rnd.new_deck("cards", DECK)
    given = {p: list((hands or {}).get(p, [])) for p in pops}
    for p, cards in given.items():
        for card in cards:
            deck.pile.remove(card)
        deck.hands[p] = list(cards)
    rnd.new_bag("population", [p for p in pops if p != active])
    held = {M.capital_of[p]: p for p in pops}
    held.update(tents or {})
    held.update(control or {})
    state = RomaState(
        turns=full["turns"],
        populations=pops,
        options=full,
        phase=phase,
        active=active,
        drawn=[active],
        vp={p: 10 for p in pops},
        hands=given,
        tents=dict(tents or {}),
        control=held,
        legions={k: dict(v) for k, v in (legions or {}).items()},
        ships={k: dict(v) for k, v in (ships or {}).items()},
        cargo={k: dict(v) for k, v in (cargo or {}).items()},
    )
    for key, value in fields.items():
        setattr(state, key, value)
    return Game(RomaRules(full), state, dice=rnd, advance=False)


def kinds(game: Game[Any]) -> list[str]:
    return [e.kind for e in game.log]
