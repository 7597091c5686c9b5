"""The Italia invariants, for Medieval Italia, after every action of 200 seeded random games
(to the end of turn 2, the turns the sources give whole; 10 more games to the end of turn 13):
units conserved (every piece that comes or goes is an event), every piece on a location of
the board, no army left at sea by a power whose nation-turn is over, stacking where the rules
check it (at most ``stack_limit`` armies of a power per area when its nation-turn ends), VP
never falling, submissions only between powers of different players, and the game ending
after turn 13 with a score for each faction.
"""

from __future__ import annotations

from collections import Counter

from italia_kit.core import Game, RandomPlayer
from italia_kit.games.medieval.spec import new_game, returns, world_of
from italia_kit.games.medieval.state import MedievalState
from italia_kit.geo import load_board

SEEDS = range(200)
#: the turns the sources give whole (facts 1.5): the set-up, turns 1 and 2,
#: where every rule of the variant is used; a whole game costs about four of these
SOURCED_TURNS = 2
WHOLE_GAMES = range(200, 210)
GONE = {"eliminated", "removed", "lost_at_sea", "overpopulation", "leader_leaves"}


def _check_game(game: Game[MedievalState], seed: int, last_turn: int) -> None:
    world = world_of(game)
    locations = {z.name for z in load_board("medieval").zones}
    limit = world.scenario.stack_limit
    state = game.state
    units = len(state.units)
    seen = len(game.log)
    vp = dict(state.vp)
    active = state.active
    player = RandomPlayer(seed)
    while not game.is_over and game.state.turn <= last_turn:
        game.apply(player.choose(game))
        state = game.state
        # cheap checks after every action; the others when a nation-turn ends
        for e in game.log.since(seen):
            if e.kind == "arrive":
                units += int(e.data["count"])
            elif e.kind in GONE:
                units -= 1
        seen = len(game.log)
        assert len(state.units) == units, (seed, len(game.actions))
        for power, points in vp.items():
            assert state.vp.get(power, 0.0) >= points, (seed, power)
        vp = dict(state.vp)
        if state.active != active and active:
            for u in state.units.values():
                assert u.zone in locations, (seed, u)
                if u.zone in world.seas:
                    assert u.power == state.active, (seed, u, "left at sea")
            per_area = Counter(
                u.zone
                for u in state.units.values()
                if u.power == active and u.kind == "army" and u.zone in world.land
            )
            assert max(per_area.values(), default=0) <= limit, (seed, active, per_area)
            active = state.active
            for s in state.submissions:
                assert world.faction(s["submitter"]) != world.faction(s["receiver"]), (seed, s)
    if last_turn >= world.scenario.last_turn:
        assert state.turn == world.scenario.last_turn and state.over
        assert set(returns(game)) == {"One", "Two", "Three", "Four"}


def test_invariants_after_every_action_of_200_seeded_random_games() -> None:
    kinds: Counter[str] = Counter()
    for seed in SEEDS:
        game = new_game(seed=seed)
        _check_game(game, seed, SOURCED_TURNS)
        kinds.update(e.kind for e in game.log)
    # the games use every part of the rules
    for kind in ("battle", "submission", "withdraw", "retreat", "minima", "population",
                 "replaced", "second_impulse", "raider_withdraws", "truce_ends"):  # fmt: skip
        assert kinds[kind] > 0, kind


def test_invariants_after_every_action_of_whole_games() -> None:
    for seed in WHOLE_GAMES:
        _check_game(new_game(seed=seed), seed, 13)
