"""Starting a game: from a scenario's set-up (4.0), or from a position a tutorial builds."""

from __future__ import annotations

from collections.abc import Iterable

from italia_kit.core import Game
from italia_kit.games.italia.placement import add_unit_at
from italia_kit.games.italia.position_display import PositionDisplay
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.scenarios import Scenario
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

ItaliaGame = Game[ItaliaState]


def new_game(
    scenario: str | Scenario = "italia1", *, seed: int = 0, checkpoint_every: int = 32
) -> ItaliaGame:
    """A game at the start of turn 1 with the scenario's set-up (4.0, help card 1).

    ``checkpoint_every``: how often the runner keeps a copy of the state for undo and jumps
    (:class:`~italia_kit.core.Game`).

    >>> game = new_game("italia1", seed=1)
    >>> game.decision.actor
    'Celts'
    """
    world = World(scenario)
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


class Position(PositionDisplay):
    """A position built by hand: units in zones, cities, gold, and who is to play.

    >>> pos = Position("italia1", nation="Romans", phase="movement")
    >>> legions = pos.put("Romans", "legion", "Lucania", 5)
    >>> pos.can_attack("Romans", "Calabria", 5).allowed
    False
    """

    def __init__(
        self,
        scenario: str | Scenario = "italia1",
        *,
        turn: int = 1,
        nation: str | None = None,
        phase: str = "income",
    ) -> None:
        self.world = World(scenario)
        order = list(self.world.order)
        self.state = ItaliaState(
            self.world.scenario.id, turn=turn, nation_order=order, phase_name=phase
        )
        first = nation or order[0]
        self.state.nation_index = order.index(self.world.nation(first).name)

    def put(
        self, nation: str, unit: str, zone: str, count: int = 1, *, name: str | None = None
    ) -> list[int]:
        """Put ``count`` units into a zone; return their ids."""
        utype = UnitType.parse(unit)
        zone = self.world.zone_name(zone)
        nation = self.world.nation(nation).name
        return [self.state.add_unit(nation, utype, zone, name=name).id for _ in range(count)]

    def aboard(self, fleet: int, nation: str, unit: str, count: int = 1) -> list[int]:
        """Put units aboard a fleet (9.6)."""
        sea = self.state.units[fleet].zone
        utype = UnitType.parse(unit)
        return [self.state.add_unit(nation, utype, sea, carrier=fleet).id for _ in range(count)]

    def city(self, *zones: str, ruin: bool = False) -> None:
        for zone in zones:
            self.state.cities[self.world.zone_name(zone)] = not ruin

    def gold(self, nation: str, amount: int) -> None:
        self.state.gold[self.world.nation(nation).name] = amount

    def capital(self, nation: str, zone: str) -> None:
        self.state.capitals[self.world.nation(nation).name] = self.world.zone_name(zone)

    def subject(self, nation: str, master: str) -> None:
        self.state.masters[nation] = master

    def can_attack(self, nation: str, zone: str, units: int, *, leader: bool = False) -> object:
        from italia_kit.games.italia.stacking import can_attack

        return can_attack(self.world, self.state, nation, zone, units, leader=leader)

    def game(self, *, seed: int = 0, script: Iterable[int] = ()) -> ItaliaGame:
        game = Game(ItaliaRules(self.world), self.state.clone(), seed=seed)
        if script:
            game.script_dice(list(script))
        return game
