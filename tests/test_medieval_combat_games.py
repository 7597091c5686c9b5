"""Issue 19: whole seeded random games of Medieval Italia on the Italia engine with every
battle checked after each action against Britannia's battle (``combat_hooks``):

- a battle waits only for the submission offered before it or a retreat-or-stand, and a
  retreat is asked only while both sides have armies; the decision cites the variant;
- the listed retreats move the whole side to an adjacent land area empty or its own;
- every round rolls one d6 per army (leaders roll none) and counts as hits the dice that
  reach each army's number (4, 5 or 6; a defender's never 6); losses never exceed hits;
- a leader dies only when his side has no army left in the battle;
- when a battle ends one side is gone from the area (destroyed or retreated);
- no event from a battle's start to its end (or to the submission before its first round)
  cites an Italia section.
"""

from __future__ import annotations

import random
import re
from typing import Any

from italia_kit.core import Action, Context
from italia_kit.games.italia.actions import Retreat
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.setup import new_game as new_italia_game
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.combat_hooks import R_LEADER
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import MedievalRulebook

GAMES = 4
ITALIA_SECTION = re.compile(r"^\d+(\.\d+)*$")
STAGES = {"submit_first", "retreat_attacker", "retreat_defender"}


def armies(state: ItaliaState, zone: str, nation: str) -> list[int]:
    return [u.id for u in state.where.get(zone, ()) if u.nation == nation and not u.is_leader]


def check_pending(game: ItaliaGame, world: World, actions: list[Action]) -> None:
    """The battle being fought, if any, as it waits for a decision."""
    state = game.state
    battle = state.battle
    if battle is None:
        return
    assert battle.stage in STAGES, battle.stage
    decision = game.decision
    assert decision is not None and not ITALIA_SECTION.match(decision.rule), decision
    if battle.stage == "submit_first":
        return
    zone = battle.zone
    assert armies(state, zone, battle.attacker) and armies(state, zone, battle.defender)
    side = battle.attacker if battle.stage == "retreat_attacker" else battle.defender
    whole = sorted(u.id for u in state.where[zone] if u.nation == side and u.carrier is None)
    for action in actions:
        if isinstance(action, Retreat):
            assert sorted(action.units) == whole, (action, whole)  # armies, then leaders
            assert action.zone in world.neighbours(zone) and world.is_land(action.zone)
            assert world.board.zone(action.zone).kind == "land"
            assert {u.nation for u in state.where.get(action.zone, ())} <= {side}


class BattleWatch:
    """Reads the events of each action as they come, across the actions of a battle."""

    def __init__(self, rules: MedievalRulebook) -> None:
        self.rules = rules
        self.battle: dict[str, Any] | None = None  # the "battle" event's data
        self.hits: dict[str, int] = {}  # the last round's hits, by side
        self.battles = 0
        self.rounds = 0

    def read(self, game: ItaliaGame, start: int) -> None:
        state = game.state
        for event in list(game.log)[start:]:
            if event.kind == "battle":
                self.battle = dict(event.data)
                self.battles += 1
            if self.battle is None:
                continue
            assert not ITALIA_SECTION.match(event.rule), (event.kind, event.rule, event.text)
            zone = self.battle["zone"]
            if event.kind == "round":
                self.rounds += 1
                self.hits = {}
            elif event.kind == "roll":
                assert event.data["sides"] == 6
            elif event.kind == "hits":
                side, needs, rolls = event.data["side"], event.data["needs"], event.data["rolls"]
                assert set(needs) <= {4, 5, 6} and len(needs) == len(rolls)
                if side == self.battle["defender"]:
                    assert 6 not in needs, event.text
                elif 6 in needs:
                    assert self.rules.terrain_on(zone, state.turn) in ("mountain", "marsh")
                assert event.data["hits"] == sum(r >= n for r, n in zip(rolls, needs, strict=True))
                self.hits[side] = event.data["hits"]
            elif event.kind == "eliminated" and event.rule == R_LEADER:
                assert not armies(state, zone, event.data["nation"])
            elif event.kind == "eliminated":
                killer = event.data["by"]
                self.hits[killer] -= 1
                assert self.hits[killer] >= 0, "more losses than hits"
            elif event.kind == "submission":
                self.battle = None  # before any round (S14); the withdrawal follows (S15, S16)
            elif event.kind == "battle_end":
                self.battle = None


class CheckedRules(MedievalRulebook):
    """The variant's rules (as ``rulebook.new_game`` plays them), checking each battle as
    it closes (before Italia's return to the combat phase, and before anything later in the
    same action moves a unit)."""

    closed = 0

    def close_battle(self, ctx: Context[ItaliaState], world: World) -> None:
        state = ctx.state
        battle = state.battle
        assert battle is not None
        here = {u.nation for u in state.where.get(battle.zone, ()) if u.carrier is None}
        assert not {battle.attacker, battle.defender} <= here, battle
        (end,) = ctx.log.since(len(ctx.log) - 1)
        assert end.kind == "battle_end" and end.data["holder"] in (here | {None})
        self.closed += 1
        super().close_battle(ctx, world)


def test_random_whole_games_fight_every_battle_by_britannias_rules() -> None:
    rules = CheckedRules()
    watch = BattleWatch(rules)
    for seed in range(GAMES):
        game = new_italia_game(
            italia_scenario(rules.medieval), seed=seed, rulebook=rules, board=medieval_board()
        )
        world = game.rules.world
        rng = random.Random(seed)
        while game.decision is not None:
            actions = game.legal_actions()
            check_pending(game, world, actions)
            start = len(game.log)
            game.apply(rng.choice(actions))
            watch.read(game, start)
        assert game.state.over and watch.battle is None
    assert watch.battles > 100 and watch.rounds >= watch.battles
    assert rules.closed > 0.8 * watch.battles  # the rest ended in a submission (S14)
