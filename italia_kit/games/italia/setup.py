"""Starting a game from a scenario's set-up (4.0); the game's board and scenario.

A position built by hand for a tutorial is :class:`~italia_kit.games.italia.tutorial.Position`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from italia_kit.core import (
    Game,
)
from italia_kit.games.italia.placement import add_unit_at
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.scenarios import Scenario
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World
from italia_kit.geo import Board

if TYPE_CHECKING:
    from italia_kit.games.italia.rulebook import Rulebook

ItaliaGame = Game[ItaliaState]


def new_game(
    scenario: str | Scenario = "italia1",
    *,
    seed: int = 0,
    checkpoint_every: int = 32,
    rulebook: Rulebook | None = None,
    board: Board | None = None,
) -> ItaliaGame:
    """A game at the start of turn 1 with the scenario's set-up (4.0, help card 1).

    ``checkpoint_every``: how often the runner keeps a copy of the state for undo and jumps
    (:class:`~italia_kit.core.Game`); ``rulebook``: a variant's rules (Italia's if None,
    ``docs/games/italia-variants.md``); ``board``: a variant's board (Italia's if None).

    >>> game = new_game("italia1", seed=1)
    >>> game.decision.actor
    'Celts'
    """
    world = World(scenario, board=board, rulebook=rulebook)
    state = ItaliaState(world.scenario.id, nation_order=list(world.order))
    for nation in world.scenario.nations:
        state.gold[nation.name] = nation.start_gold
        if nation.capital:
            state.capitals[nation.name] = nation.capital
        # fleets first, so that units set up at sea go aboard them (9.6)
        for group in sorted(nation.setup, key=lambda g: g.unit != UnitType.FLEET.value):
            if group.zone is None:
                continue
            for _ in range(group.count):
                add_unit_at(
                    world, state, nation.name, UnitType(group.unit), group.zone, name=group.name
                )
    for city in world.scenario.cities:
        state.cities[city.zone] = True
    return Game(ItaliaRules(world), state, seed=seed, checkpoint_every=checkpoint_every)


def world_of(game: ItaliaGame) -> World:
    """The board and scenario a game is played on."""
    rules = game.rules
    if not isinstance(rules, ItaliaRules):
        raise TypeError(f"not a game of Italia: {rules!r}")
    return rules.world
