"""How the factions and powers of a Medieval Italia game stand, read from the Italia
engine's state (:class:`~italia_kit.games.italia.state.ItaliaState`): what the spec's
scores, summary and what-if rows, the presenter and the greedy player ask.

A power is an Italia nation whose colour is its faction (``italia_cards``); its victory
points are ``state.vp``; an area is held by its sole occupant (reading 13 of
``docs/games/medieval.md``, ``scoring_hooks.controlled``).

>>> from italia_kit.games.medieval.rulebook import new_game
>>> game = new_game(seed=1)
>>> faction_scores(game)
{'One': 0.0, 'Two': 0.0, 'Three': 0.0, 'Four': 0.0}
>>> faction_of(game, "Lombards"), armies(game.rules.world, game.state, "Romans")
('Four', 5)
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.rulebook import MedievalRulebook
from italia_kit.games.medieval.scoring_hooks import controlled

__all__ = [
    "METRIC_COLUMNS",
    "armies",
    "faction_of",
    "faction_scores",
    "medieval_world",
    "metrics",
    "rulebook_of",
    "summary",
]

#: the columns of a what-if run's rows (one row per faction and finished game)
METRIC_COLUMNS = ("seat", "turn", "vp", "powers", "areas", "armies")


def medieval_world(game: Game[Any]) -> World:
    """The Italia world of a Medieval Italia game (TypeError for any other game)."""
    rules = game.rules
    if not isinstance(rules, ItaliaRules) or not isinstance(rules.world.rulebook, MedievalRulebook):
        raise TypeError(f"not a game of Medieval Italia: {rules!r}")
    return rules.world


def rulebook_of(world: World) -> MedievalRulebook:
    """The world's medieval rulebook (it holds the medieval scenario)."""
    rulebook = world.rulebook
    if not isinstance(rulebook, MedievalRulebook):
        raise TypeError(f"not a Medieval Italia world: {rulebook!r}")
    return rulebook


def faction_of(game: Game[Any], power: str) -> str:
    """The faction (seat) that plays ``power``: its colour on the Italia card."""
    return medieval_world(game).scenario.colour_of(power)


def armies(world: World, state: ItaliaState, power: str) -> int:
    """The armies of ``power`` on the board (its leaders not counted)."""
    return sum(1 for u in state.units_of(power) if not u.is_leader)


def faction_scores(game: Game[Any]) -> dict[str, float]:
    """Every faction's victory points, the sum of its powers' (so far, for an unfinished
    game)."""
    scenario = medieval_world(game).scenario
    vp = game.state.vp
    return {f: sum(vp.get(p, 0.0) for p in powers) for f, powers in scenario.players.items()}


def metrics(game: Game[Any]) -> list[dict[str, Any]]:
    """A what-if run's rows: per faction, its VP, powers still on the board, areas held and
    armies."""
    world = medieval_world(game)
    state: ItaliaState = game.state
    rows = []
    for faction, powers in world.scenario.players.items():
        rows.append(
            {
                "seat": faction,
                "turn": state.turn,
                "vp": sum(state.vp.get(p, 0.0) for p in powers),
                "powers": sum(1 for p in powers if any(True for _ in state.units_of(p))),
                "areas": sum(len(controlled(world, state, p)) for p in powers),
                "armies": sum(armies(world, state, p) for p in powers),
            }
        )
    return rows


def summary(game: Game[Any]) -> str:
    """What ``italia-kit play`` and ``replay`` print: the turn, then each faction's VP with
    its three best powers."""
    world = medieval_world(game)
    state: ItaliaState = game.state
    scores = faction_scores(game)
    over = " (over)" if state.over else ""
    lines = [f"Medieval Italia, turn {state.turn} of {world.scenario.last_turn}{over}"]
    for faction, powers in world.scenario.players.items():
        best = sorted(powers, key=lambda p: -state.vp.get(p, 0.0))[:3]
        detail = ", ".join(f"{p} {state.vp.get(p, 0.0):g}" for p in best)
        lines.append(f"  {faction}: {scores[faction]:g} VP ({detail})")
    return "\n".join(lines)
