"""A position built by hand, for tests, tutorials and the notebook: given armies and leaders
in given areas, a game at the start of a power's movement phase (or of its placements).

>>> game = position({"Lombards": {"Friuli": 3}, "Byzantines": {"Istria": 1}}, active="Lombards")
>>> game.decision.kind, game.state.units[1].mp
('move', 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from italia_kit.core import Context, EventLog, Game, Randomness
from italia_kit.games.medieval import movement
from italia_kit.games.medieval.rules import MedievalRules
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World


def position(
    armies: Mapping[str, Mapping[str, int]],
    *,
    active: str,
    turn: int = 1,
    leaders: Sequence[tuple[str, str, str]] = (),
    superior: Sequence[str] = (),
    appeared: Sequence[tuple[str, str]] = (),
    submissions: Sequence[tuple[str, str, bool, bool]] = (),
    major: bool = False,
    seed: int = 0,
    world: World | None = None,
) -> Game[MedievalState]:
    """A game on ``turn`` where the ``active`` power is about to move.

    ``armies``: power -> area -> number of armies; ``leaders``: (power, area, name);
    ``superior``: powers whose armies are superior (M-A turn 1); ``appeared``: (power, area)
    whose armies there appeared this nation-turn (rule text: reinforcements);
    ``submissions``: (submitter, receiver, submitter has scored, receiver has scored);
    ``major``: the power is in the first impulse of a major invasion.
    """
    world = world if world is not None else World()
    state = MedievalState(
        turn=turn, active=world.power(active).name, phase_name="movement", major=major
    )
    state.index = world.order.index(state.active)
    for power, zones in armies.items():
        name = world.power(power).name
        for zone, count in zones.items():
            for _ in range(count):
                state.add_unit(
                    name, "army", zone, superior=name in superior, appeared=(name, zone) in appeared
                )
    for power, zone, leader in leaders:
        state.add_unit(world.power(power).name, "leader", zone, name=leader)
    for submitter, receiver, s_done, r_done in submissions:
        state.submissions.append(
            {"submitter": submitter, "receiver": receiver, "submitter_scored": s_done,
             "receiver_scored": r_done}
        )  # fmt: skip
    dice, log = Randomness(seed=seed), EventLog()
    movement.start_movement(Context(state, dice, log), world)
    return Game(MedievalRules(world), state, dice=dice, log=log, advance=False)


def at_nation_turn(
    armies: Mapping[str, Mapping[str, int]],
    *,
    power: str,
    turn: int,
    seed: int = 0,
    world: World | None = None,
) -> Game[MedievalState]:
    """A game at the start of ``power``'s nation-turn on ``turn`` (its population increase,
    minima and arrivals happen as the game is made), with ``armies`` on the board.

    >>> game = at_nation_turn({}, power="Florentines", turn=2)
    >>> game.decision.kind, [a.zone for a in game.legal_actions()]
    ('place', ['Florence', 'Pisa', 'Siena'])
    """
    world = world if world is not None else World()
    state = MedievalState(turn=turn, phase_name="next")
    state.index = world.order.index(world.power(power).name)
    for name, zones in armies.items():
        for zone, count in zones.items():
            for _ in range(count):
                state.add_unit(world.power(name).name, "army", zone)
    return Game(MedievalRules(world), state, seed=seed)
