"""A greedy player for Medieval Italia on the Italia engine: one step of look-ahead on what
the power scores, and battles judged by their odds.

* Placing: the option worth most on the power's own award table, empty areas first, never
  onto a full stack (three armies, Britannia (public summary)).
* Moving: the step into an area it does not hold that is worth most on its next award
  table (0.5 for an area its tables do not name, 1 when it has no award left) and that it
  can take (empty, or where its stack would outnumber the defenders), never over the
  stacking limit; never emptying an area it holds; armies at sea, in an arrival box or over
  the limit always move on, an army at sea lands anywhere in reach rather than stay there
  (it would be lost) or sail on while land is in reach, and never sails with too few points
  left to land. No such step: the movement ends.
* Battles: the next battle is the one it is likeliest to win; it stands while its chance
  of holding the area is at least ``attack_odds`` (the attacker) or ``retreat_odds`` (the
  defender), else it retreats with every army it can; it submits (S11-S17) when its chance
  as the defender is below ``submit_odds``; after a submission the attackers go back where
  they came from (S15), or on into an area held when back is the sea (where they would be
  lost), the fleeing defender leaves for an area (S16).

The odds are the variant's own (:func:`.combat_odds.land_odds`: Britannia's battle fought
out with the rulebook's hit numbers, S5, S6, S10, S29; a draw, both sides destroyed, holds
the area for neither). Ties go to the game's player stream (``Game.stream``), so undo and
forks replay it.

>>> from italia_kit.games.medieval.rulebook import new_game
>>> game = new_game(seed=1)
>>> GreedyPlayer(seed=1).choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.italia.actions import (
    EndMovement,
    Fight,
    Move,
    Place,
    Retreat,
    StandFast,
    Submit,
)
from italia_kit.games.italia.battle_sides import defender_in
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.combat_odds import land_odds
from italia_kit.games.medieval.rulebook import AREA_LIMIT, MedievalRulebook
from italia_kit.games.medieval.scoring_hooks import area_value
from italia_kit.games.medieval.standing import medieval_world, rulebook_of
from italia_kit.games.medieval.submission_hooks import Withdraw, pending

__all__ = ["GreedyPlayer"]


class GreedyPlayer:
    """Chooses as described above, for whichever power must decide."""

    def __init__(
        self,
        seed: int = 0,
        *,
        attack_odds: float = 0.5,
        retreat_odds: float = 0.3,
        submit_odds: float = 0.25,
    ) -> None:
        self.seed = seed
        self.attack_odds = attack_odds
        self.retreat_odds = retreat_odds
        self.submit_odds = submit_odds

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed})"

    def choose(self, game: Game[Any]) -> Action:
        world = medieval_world(game)
        judge = _Judge(self, world, game.state)
        actions = game.legal_actions()
        stream = game.stream("medieval-greedy", self.seed)
        scored = [(judge.score(a), i) for i, a in enumerate(actions)]
        best = max(s for s, _ in scored)
        return actions[stream.choice([i for s, i in scored if s == best])]


class _Judge:
    """The scores of one decision's actions (the state is read, never changed)."""

    def __init__(self, player: GreedyPlayer, world: World, state: ItaliaState) -> None:
        self.player, self.world, self.state = player, world, state
        self.rules: MedievalRulebook = rulebook_of(world)

    # -- values --------------------------------------------------------------------------
    def value(self, power: str, zone: str) -> float:
        """The area's points on the power's next territorial award table."""
        medieval = self.rules.power(power)
        last = self.world.scenario.last_turn
        for turn in range(self.state.turn, last + 1):
            awards = [
                r
                for r in (medieval.scoring if medieval is not None else ())
                if turn in r.turns and not r.during_nation_turn
            ]
            if awards:
                return area_value(self.rules, awards, zone, turn) or 0.5
        return 1.0

    def armies(self, zone: str, power: str) -> int:
        return sum(1 for u in self.state.units_in(zone, power) if not u.is_leader)

    def others(self, zone: str, power: str) -> set[str]:
        return {u.nation for u in self.state.units_in(zone)} - {power}

    # -- the actions ---------------------------------------------------------------------
    def score(self, action: Action) -> float:
        match action:
            case Place():
                return self.place(action)
            case Move():
                return self.move(action)
            case EndMovement():
                return 0.0
            case Fight(zone=zone):
                return self.holding_chance(zone, attacking=True)
            case StandFast():
                return self.stand_fast(action.nation)
            case Retreat(units=units):
                return 0.01 * len(units)  # with every army it can
            case Submit(accept=accept):
                return self.submit(accept)
            case Withdraw(zone=zone):
                return self.withdraw(zone)
        return 0.0  # removals, targets: any will do

    def place(self, a: Place) -> float:
        world, power, zone = self.world, a.nation, a.zone
        empty = not self.others(zone, power)
        crowd = world.is_land(zone) and self.armies(zone, power) >= AREA_LIMIT
        return self.value(power, zone) + (2 if empty else 0) - (3 if crowd else 0)

    def move(self, a: Move) -> float:
        world, state = self.world, self.state
        units = [state.units[i] for i in a.units if i in state.units]
        if not units or len(a.path) < 2:
            return -1.0
        power, frm, to = a.nation, a.path[0], a.path[-1]
        stranded = world.is_sea(frm) or world.board.zone(frm).kind == "box"
        stranded = stranded or self.armies(frm, power) > AREA_LIMIT
        moving = {u.id for u in units}
        if not stranded and world.is_land(frm):
            left = [u for u in state.units_in(frm, power) if u.id not in moving]
            if not left:
                return -1.0  # never empty an area it holds
        at_sea = world.is_sea(frm)
        if world.is_sea(to):
            if min(self.points_left(u, frm, to) for u in units) < 1:
                return -1.0  # no point left to land: lost at sea
            return (0.3 if at_sea else 0.5) if stranded else -0.5
        score = self.land(power, to, len([u for u in units if not u.is_leader]), stranded)
        # an army still at sea when the movement ends is lost: any landing beats that
        return max(score, 0.6) if at_sea else score

    def points_left(self, unit: Unit, frm: str, to: str) -> int:
        """The unit's movement points left after the step (S2, S3, S7)."""
        rec = self.state.moves.get(unit.id)
        used = rec.steps if rec is not None else 0
        allowance = self.rules.movement_allowance(
            self.state, unit, rec.leader if rec is not None else None
        )
        return allowance - used - self.rules.step_cost(self.world, self.state, unit, frm, to)

    def land(self, power: str, to: str, count: int, stranded: bool) -> float:
        others = self.others(to, power)
        mine_there = self.armies(to, power)
        if not others and mine_there:
            return 0.1 if stranded else -0.5
        theirs = sum(self.armies(to, p) for p in others)
        mine = mine_there + count
        if mine > AREA_LIMIT and self.world.board.zone(to).kind != "box":
            return -0.5
        if theirs and mine <= theirs:
            return 0.2 if stranded else -0.5
        return self.value(power, to) + (1.0 if stranded else 0.0)

    # -- battles -------------------------------------------------------------------------
    def holding_chance(self, zone: str, *, attacking: bool) -> float:
        """The chance the side deciding holds ``zone`` at the end of its battle there,
        fought out (the variant's battle odds, :func:`.combat_odds.land_odds`)."""
        state, world = self.state, self.world
        battle = state.battle
        me = state.actor
        if battle is not None and battle.zone == zone:
            attacker, defender = battle.attacker, battle.defender
        else:  # a battle not yet begun: the active power attacks the main defender there
            attacker = me
            defender = defender_in(world, state, me, zone) or ""
        atk = [u for u in state.units_in(zone, attacker) if not u.is_leader]
        dfn = [u for u in state.units_in(zone, defender) if not u.is_leader]
        if not atk or not dfn:
            return 1.0 if (atk if me == attacker else dfn) else 0.0
        wins, loses, _, _ = land_odds(self.rules, world, state, atk, dfn, zone)
        return wins if me == attacker else loses

    def stand_fast(self, nation: str) -> float:
        battle = self.state.battle
        if battle is None:
            return 0.0
        attacking = nation == battle.attacker
        chance = self.holding_chance(battle.zone, attacking=attacking)
        bar = self.player.attack_odds if attacking else self.player.retreat_odds
        return 1.0 if chance >= bar else -1.0

    def submit(self, accept: bool) -> float:
        battle = self.state.battle
        if battle is None:
            return 0.0
        chance = self.holding_chance(battle.zone, attacking=False)
        wants = chance < self.player.submit_odds
        return 1.0 if accept == wants else -1.0

    def withdraw(self, zone: str) -> float:
        p = pending(self.state)
        if p is None:
            return 0.0
        if p["flee"]:  # S16: leave for an area (staying shares it under the truce)
            return 0.5 + 0.01 * self.value(p["nation"], zone) if zone else 0.0
        if zone:  # S15: on into an area it holds
            return 0.3
        # S15: back where each came from, unless that is the sea (lost as the nation-turn
        # ends, reading 2): then on into an area held, if the points allow one
        back_to_sea = any(
            self.world.is_sea(rec.path[-2])
            for u in self.state.units_in(p["zone"], p["nation"])
            if (rec := self.state.moves.get(u.id)) is not None and len(rec.path) >= 2
        )
        return 0.0 if back_to_sea else 0.5
