"""Medieval Italia as a registered game (``medieval``): seats are the four factions.

>>> from italia_kit import games
>>> spec = games.load("medieval")
>>> spec.seats
('One', 'Two', 'Three', 'Four')
>>> game = spec.new_game(seed=1)
>>> game.decision.actor, spec.seat_of(game, game.decision.actor)
('Romans', 'One')
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game, Player
from italia_kit.games.medieval.rules import MedievalRules, initial_state
from italia_kit.games.medieval.scenario import Scenario, load_scenario
from italia_kit.games.medieval.scoring import faction_scores
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.variant import shipped_variants, variant_mappings, with_variant
from italia_kit.games.medieval.world import World
from italia_kit.games.spec import Chance, Dynamics, GameKind, GameSpec, Information

MedievalGame = Game[MedievalState]

METRIC_COLUMNS = ("seat", "turn", "vp", "powers", "areas", "armies")


def new_game(
    *, seed: int = 0, checkpoint_every: int = 32, scenario: Scenario | None = None
) -> MedievalGame:
    """A game at the start of turn 1 with the set-up of M-A (of ``scenario``, a what-if
    variant's, if given)."""
    world = World(scenario)
    return Game(
        MedievalRules(world), initial_state(world), seed=seed, checkpoint_every=checkpoint_every
    )


def world_of(game: Game[Any]) -> World:
    rules = game.rules
    if not isinstance(rules, MedievalRules):
        raise TypeError(f"not a game of Medieval Italia: {rules!r}")
    return rules.world


def returns(game: Game[Any]) -> dict[str, float]:
    """Every faction's victory points (so far, for an unfinished game)."""
    return faction_scores(world_of(game), game.state)


def metrics(game: Game[Any]) -> list[dict[str, Any]]:
    world, state = world_of(game), game.state
    out = []
    for faction, powers in world.scenario.players.items():
        out.append(
            {
                "seat": faction,
                "turn": state.turn,
                "vp": sum(state.vp.get(p, 0.0) for p in powers),
                "powers": sum(1 for p in powers if state.units_of(p)),
                "areas": sum(len(world.controlled(state, p)) for p in powers),
                "armies": sum(world.strength(state, p) for p in powers),
            }
        )
    return out


def summary(game: Game[Any]) -> str:
    world, state = world_of(game), game.state
    scores = faction_scores(world, state)
    lines = [f"Medieval Italia, turn {state.turn} of {world.scenario.last_turn}"
             + (" (over)" if state.over else "")]  # fmt: skip
    for faction, powers in world.scenario.players.items():
        best = sorted(powers, key=lambda p: -state.vp.get(p, 0.0))[:3]
        detail = ", ".join(f"{p} {state.vp.get(p, 0.0):g}" for p in best)
        lines.append(f"  {faction}: {scores[faction]:g} VP ({detail})")
    return "\n".join(lines)


def medieval(**options: Any) -> GameSpec:
    """Medieval Italia 535-1865: 27 powers for four factions, 13 turns. One option,
    ``variant``: a what-if diff of the scenario (a shipped variant's name, a file, a
    mapping, or a list of those), as Italia's (``docs/scenario-format.md``)."""
    unknown = sorted(set(options) - {"variant"})
    if unknown:
        raise ValueError(f"medieval: unknown option {unknown[0]!r} (options: variant)")
    changes = variant_mappings(options.get("variant"))
    scenario = with_variant(changes) if changes else load_scenario()
    world = World(scenario)
    seats = tuple(world.scenario.players)

    def start(seed: int = 0, **kwargs: Any) -> MedievalGame:
        return new_game(seed=seed, scenario=scenario, **kwargs)

    def seat_of(game: Game[Any], actor: str) -> str:
        return world.faction(actor)

    def greedy(seed: int) -> Player:
        from italia_kit.games.medieval.greedy import GreedyPlayer

        return GreedyPlayer(seed)

    def board() -> Any:
        from italia_kit.geo import load_board

        return load_board("medieval")

    return GameSpec(
        id="medieval",
        title="Medieval Italia 535-1865 (Bofinger's Britannia-family variant), 4 players",
        kind=GameKind(Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.PERFECT, 4, 4),
        seats=seats,
        new_game=start,
        rules=lambda: MedievalRules(World(scenario)),
        options={"variant": changes} if changes else {},
        variants=shipped_variants(),
        seat_of=seat_of,
        board=board,
        bots={"greedy": greedy},
        presenter="italia_kit.games.medieval.widgets.presenter:MedievalPresenter",
        description="Thirteen centuries of invasions of Italy with Britannia's rules.",
        returns=returns,
        summary=summary,
        metrics=metrics,
        metric_columns=METRIC_COLUMNS,
        seat_label="faction",
        score_label="victory points",
        score_unit="VP",
    )
