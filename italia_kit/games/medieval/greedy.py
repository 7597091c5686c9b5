"""A greedy player for Medieval Italia: one step of look-ahead on what the power scores.

* Placing: the option worth most on the power's own award table, empty areas first.
* Moving: the move into an area it does not hold that is worth most on its next award table
  (1 for an area its tables do not name) and that it can take (empty, or where its stack
  would outnumber the defenders), never over the stacking limit; never emptying an area it
  holds; armies at sea, in an arrival box or over the limit always move on, and an army at
  sea lands anywhere in reach rather than stay there (it would be lost) or sail on while
  land is in reach, and never sails with too few points left to land. No such move: the
  movement ends.
* Battles: submit when outnumbered more than two to one; fight on while not outnumbered
  (the attacker) or not outnumbered two to one (the defender); otherwise retreat.
Ties go to the game's player stream (``Game.stream``), so undo and forks replay it.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.medieval.actions import EndMovement, Fight, Move, Place, Retreat, Submit
from italia_kit.games.medieval.movement import cost
from italia_kit.games.medieval.scoring import area_value
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World


class GreedyPlayer:
    """Chooses as described above, for whichever power must decide."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed})"

    def choose(self, game: Game[Any]) -> Action:
        from italia_kit.games.medieval.spec import world_of

        world, state = world_of(game), game.state
        actions = game.legal_actions()
        stream = game.stream("medieval-greedy", self.seed)
        scored = [(self._score(world, state, a), i) for i, a in enumerate(actions)]
        best = max(s for s, _ in scored)
        return actions[stream.choice([i for s, i in scored if s == best])]

    def _value(self, world: World, state: MedievalState, power: str, zone: str) -> float:
        for turn in range(state.turn, world.scenario.last_turn + 1):
            rules = world.score_rules(power, turn, False)
            if rules:
                return area_value(world, rules, zone, turn) or 0.5
        return 1.0

    def _score(self, world: World, state: MedievalState, action: Action) -> float:
        if isinstance(action, Place):
            empty = not (state.powers_in(action.zone) - {action.power})
            crowd = len(state.armies_in(action.zone, action.power)) >= world.scenario.stack_limit
            value = self._value(world, state, action.power, action.zone) + (2 if empty else 0)
            return value - (3 if crowd and action.zone in world.land else 0)
        if isinstance(action, EndMovement):
            return 0.0
        if isinstance(action, Move):
            return self._move_score(world, state, action)
        b = state.battle
        if b is None:
            return 0.0
        zone = b["zone"]
        mine = len(state.armies_in(zone, getattr(action, "power", "")))
        other = b["defender"] if action.power == b["attacker"] else b["attacker"]  # type: ignore[attr-defined]
        theirs = len(state.armies_in(zone, other))
        if isinstance(action, Submit):
            return 1.0 if theirs > 2 * mine else -1.0
        if isinstance(action, Fight):
            attacker = action.power == b["attacker"]
            return 1.0 if (mine >= theirs if attacker else 2 * mine >= theirs) else -1.0
        if isinstance(action, Retreat):
            return 0.0 if action.to or b["stage"] != "withdraw" else 0.5
        return 0.0

    def _move_score(self, world: World, state: MedievalState, move: Move) -> float:
        unit = state.units[move.unit]
        frm, to = unit.zone, move.to
        limit = world.scenario.stack_limit
        # armies at sea, in a box or over the stacking limit must move on (overpopulation)
        stranded = frm in world.seas or frm in world.boxes
        stranded = stranded or len(state.armies_in(frm, unit.power)) > limit
        if not stranded and frm in world.land:
            left = sum(1 for u in state.units_in(frm, unit.power) if u.id != unit.id)
            if left == 0:
                return -1.0
        at_sea = frm in world.seas
        if to in world.seas:
            if unit.mp - cost(world, state, unit, to) < 1:  # no point left to land: lost
                return -1.0
            # from a box or a crowded area the sea is a way on; from the sea, another sea
            # only when no land is in reach (the points it costs may not leave enough)
            return (0.3 if at_sea else 0.5) if stranded else -0.5
        score = self._land_score(world, state, move, stranded)
        # an army still at sea when the movement ends is lost: any landing beats that
        return max(score, 0.6) if at_sea else score

    def _land_score(self, world: World, state: MedievalState, move: Move, stranded: bool) -> float:
        unit, to, limit = state.units[move.unit], move.to, world.scenario.stack_limit
        others = state.powers_in(to) - {unit.power}
        if not others and unit.power in state.powers_in(to):
            return 0.1 if stranded else -0.5
        theirs = sum(len(state.armies_in(to, p)) for p in others)
        mine = len(state.armies_in(to, unit.power)) + 1
        if mine > limit:
            return -0.5
        if theirs and mine <= theirs:
            return 0.2 if stranded else -0.5
        return self._value(world, state, unit.power, to) + (1.0 if stranded else 0.0)
