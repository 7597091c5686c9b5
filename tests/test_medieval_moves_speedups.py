"""Medieval Italia's shortcuts in its movement phase change no game (issue 19,
Performance, branch ``med-moves2``).

Each shortcut keeps something from one look to the next instead of reading it again; these
tests play whole seeded random games and compare, after every action, what the short way
answers with what the long way it replaces reads afresh. ``bench/medieval_italia_golden.py``
and ``bench/medieval_logs.py`` hold the whole games' logs unchanged.
"""

from __future__ import annotations

import pytest

from italia_kit.core import Game, RandomPlayer
from italia_kit.games.italia import new_game as new_italia_game
from italia_kit.games.italia.actions import Move
from italia_kit.games.italia.move_list import legal_moves
from italia_kit.games.italia.move_sides import Sides
from italia_kit.games.italia.move_steps import affordable, group_at, group_steps, land_moves
from italia_kit.games.italia.movement import invasion_counts
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.rulebook import new_game

from .medieval_helpers import after_each_action, at_each_decision, medieval_game


@pytest.mark.parametrize("seed", [2, 7])
def test_s21_s22_restricted_from_its_table_of_pairs_as_from_the_submissions(seed: int) -> None:
    """S21, S22 and the chart's entries (M-A turn 1): after every action of a whole random
    game, ``restricted`` (a table by pair kept while the pending submissions and the turn
    are unchanged) answers for every pair of powers what the chart and the submissions
    read afresh (``restricted_now``) answer; and some submission was pending meanwhile."""
    game, world, rules = medieval_game(seed)
    powers = [p.name for p in rules.medieval.powers]
    checked = pending = 0
    for state in after_each_action(game, seed):
        for nation in powers:
            for other in powers:
                if other != nation:
                    short = rules.restricted(world, state, nation, other)
                    assert short == rules.restricted_now(state, nation, other)
        pending += bool(state.extras.get("submissions"))
        checked += 1
    assert checked > 500  # a whole 13-turn game, not a stub
    assert pending > 0  # the table was read while submissions were pending


def _zones_long_way(
    world: World, state: ItaliaState, nation: str
) -> tuple[set[str], set[str], set[str]]:
    """9.0, 12.5.2 and a variant's walls: the zones with other nations' pieces ashore of
    enemies, of allies (who may be passed) and of walls (neither attacked nor passed), each
    piece's nation asked by the rulebook's ``restricted`` (the pass before ``med-moves2``
    asked the relations of the nations ashore once and told each piece apart in one loop)."""
    foes: set[str] = set()
    friends: set[str] = set()
    walled: set[str] = set()
    for u in state.units.values():
        if u.nation != nation and u.carrier is None:
            no_attack, through = world.rulebook.restricted(world, state, nation, u.nation)
            (friends if no_attack and through else walled if no_attack else foes).add(u.zone)
    return foes, friends, walled


@pytest.mark.parametrize("game_of", ["medieval", "italia1"])
def test_9_0_12_5_2_a_phases_zones_of_enemies_and_allies_as_each_piece_tells_them(
    game_of: str,
) -> None:
    """9.0, 12.5.2, S21, S22: at every movement decision of a whole random game the move
    list's zones of enemies and of allies, and its closed zones (walls; Rome on Italia I's
    last turn), read once a phase in one pass per kind of piece, are those each piece's
    nation gives, asked of the rulebook piece by piece."""
    seed = 4
    game: Game[ItaliaState] = (
        new_game(seed=seed) if game_of == "medieval" else new_italia_game(game_of, seed=seed)
    )
    world = game.rules.world
    player = RandomPlayer(seed)
    seen = {"decisions": 0, "allies or walls": 0}
    while not game.is_over:
        game.legal_actions()
        state = game.state
        sides = state.listing
        if state.phase_name == "movement" and isinstance(sides, Sides):
            foes, friends, walled = _zones_long_way(world, state, state.actor)
            assert (sides.foes, sides.friends) == (foes, friends)
            assert sides.closed - {"Rome"} == walled - {"Rome"}
            assert walled <= sides.closed
            assert sides.own == sorted(state.units_of(state.actor), key=lambda u: u.id)
            seen["decisions"] += 1
            seen["allies or walls"] += bool(friends or walled)
        game.apply(player.choose(game))
    assert seen["decisions"] > 300 and seen["allies or walls"] > 0, seen


@pytest.mark.parametrize("game_of", ["medieval", "italia1"])
def test_9_0_9_4_a_units_steps_kept_for_good_are_the_moves_made_one_by_one(game_of: str) -> None:
    """9.0, 9.4: after a whole random game, every unit's one-step moves the world keeps
    (``World.land_moves``: sharing one ``units`` value, the world's paths, and one value
    for both kinds of steps where no strait leaves the zone) are the moves made one by one
    for each step of the board, every step, then those without a strait."""
    seed = 5
    game: Game[ItaliaState] = (
        new_game(seed=seed) if game_of == "medieval" else new_italia_game(game_of, seed=seed)
    )
    world = game.rules.world
    player = RandomPlayer(seed)
    while not game.is_over:
        game.apply(player.choose(game))
    kept = 0
    for nation, by_unit in world.land_moves.items():
        for uid, by_zone in by_unit.items():
            for zone, (every, overland) in by_zone.items():
                steps = world.land_steps(zone)
                assert every[0] == tuple(to for to, _ in steps)
                assert every[1] == tuple(Move(nation, (uid,), (zone, to)) for to in every[0])
                assert every[2] == tuple(world.attack_limit(to) for to in every[0])
                assert overland[0] == tuple(to for to, strait in steps if not strait)
                assert overland[1] == tuple(Move(nation, (uid,), (zone, to)) for to in overland[0])
                assert overland[2] == tuple(world.attack_limit(to) for to in overland[0])
                kept += 1
    assert kept > 300


@pytest.mark.parametrize("seed", [1, 6])
def test_s7_s8_a_power_without_boats_has_no_army_that_sails_alone(seed: int) -> None:
    """S7, S8: after every action of a whole random game, for every power, the move list's
    one question a phase (``nation_sails``: the power has boats this turn) says no only
    when none of its armies may sail alone (``sails_alone`` asked of each)."""
    game, world, rules = medieval_game(seed)
    powers = [p.name for p in rules.medieval.powers]
    seen = {"boats": 0, "none": 0}
    for state in after_each_action(game, seed):
        for power in powers:
            armies = [u for u in state.units_of(power) if not u.is_fleet]
            some = any(rules.sails_alone(world, state, u) for u in armies)
            if rules.nation_sails(world, state, power):
                seen["boats"] += some
            else:
                assert not some
                seen["none"] += bool(armies)
    assert seen["boats"] > 100 and seen["none"] > 1000, seen


@pytest.mark.parametrize("seed", [3, 8])
def test_s2_s30_the_list_made_again_after_a_move_is_the_list_made_whole(seed: int) -> None:
    """S2-S8, S28, S30 and 8.3's counts: at every movement decision of a whole random game
    the list made again from the last one (``move_list._again``: the second looks of the
    units that did not move kept where the new counts refuse their kind of piece what the
    old ones did; no list made whole after an overrun) is the list made whole."""
    game = new_game(seed=seed)
    world = game.rules.world
    player = RandomPlayer(seed)
    seen = {"again": 0, "overrun": 0}
    while not game.is_over:
        state = game.state
        sides = state.listing
        again = (
            state.phase_name == "movement"
            and isinstance(sides, Sides)
            and sides.parts is not None
            and bool(sides.relocated)
        )
        actions = game.legal_actions()
        if again:
            assert isinstance(state.listing, Sides)
            seen["again"] += 1
            seen["overrun"] += bool(state.invaded)
            state.listing.parts = None  # made whole
            assert legal_moves(world, state, state.actor) == actions[:-1]
        game.apply(player.choose(game))
    assert seen["again"] > 400 and seen["overrun"] > 20, seen


@pytest.mark.parametrize("game_of", ["medieval", "italia1"])
def test_s2_9_0_a_units_allowance_alone_read_once_a_phase_is_the_one_asked(game_of: str) -> None:
    """S2 (three points, four for a leader), 9.0, 9.1, 12.2: at every movement decision of
    a whole random game, the allowance alone the move list reads by kind of piece once a
    phase (``Sides.limits``: Italia's table with the card's bonus, a variant's
    ``allowances_alone``) is ``movement_allowance`` asked of each of the nation's units
    with no group leader."""
    seed = 9
    game: Game[ItaliaState] = (
        new_game(seed=seed) if game_of == "medieval" else new_italia_game(game_of, seed=seed)
    )
    world = game.rules.world
    player = RandomPlayer(seed)
    asked = 0
    while not game.is_over:
        game.legal_actions()
        state = game.state
        sides = state.listing
        if state.phase_name == "movement" and isinstance(sides, Sides):
            limits = sides.limits
            assert limits is not None
            for u in sides.own:
                assert limits[u.type] == world.rulebook.movement_allowance(state, u, None)
                asked += 1
        game.apply(player.choose(game))
    assert asked > 2000


@pytest.mark.parametrize("seed", [0, 10])
def test_s2_s3_s7_a_groups_steps_from_the_cost_table_as_asked_of_each_army(seed: int) -> None:
    """S2, S3, S7 (and 9.1: a leader's whole area moves together): at every movement
    decision of a whole random game, where each group may step, read from the variant's
    table of costs by area entered against the least any of its units has left, is where
    ``step_cost`` asked of each unit and step lets them all go (the long way)."""
    game, world, rulebook = medieval_game(seed)
    groups = dearer = 0
    for state in at_each_decision(game, seed):
        sides = state.listing
        if state.phase_name == "movement" and isinstance(sides, Sides) and sides.parts:
            occ = sides.parts.occ
            for zone in sides.parts.free_leaders:
                group = group_at(state, state.actor, zone)
                if len(group) < 2:
                    continue
                short = group_steps(world, state, occ, state.actor, group, zone, False)
                rulebook.step_costs = lambda *_: None  # type: ignore[method-assign]
                try:
                    long = group_steps(world, state, occ, state.actor, group, zone, False)
                finally:
                    del rulebook.step_costs
                assert short == long
                groups += 1
                dearer += len(short) < len(world.land_steps(zone))
    assert groups > 30 and dearer > 5, (groups, dearer)


def _invasion_counts_long_way(
    world: World, state: ItaliaState, nation: str, zone: str
) -> tuple[int, int]:
    """9.3 as ``check_invasion`` counted before ``med-moves2``: a list of the enemies that
    count for stacking, each piece's nation asked, and a list of the nation's units there
    that count and have moved."""
    enemies = [
        u
        for u in state.units_in(zone)
        if u.nation != nation
        and u.carrier is None
        and u.counts_for_stacking
        and not world.allied(state, nation, u.nation)
    ]
    moved_in = [
        u
        for u in state.units_in(zone, nation)
        if u.counts_for_stacking and u.carrier is None and u.id in state.moves
    ]
    return len(enemies), len(moved_in)


@pytest.mark.parametrize("game_of", ["medieval", "italia1"])
def test_9_3_s30_invasion_counts_in_one_look_as_in_two_lists(game_of: str) -> None:
    """9.3 (S30's overrun on the medieval board): after every move of a whole random game,
    the defenders and the movers ``check_invasion`` counts in the zone entered, in one look
    asking each other nation once, are those of the two lists it made before."""
    seed = 12
    game: Game[ItaliaState] = (
        new_game(seed=seed) if game_of == "medieval" else new_italia_game(game_of, seed=seed)
    )
    world = game.rules.world
    player = RandomPlayer(seed)
    looked = among_enemies = 0
    while not game.is_over:
        action = player.choose(game)
        game.apply(action)
        if isinstance(action, Move):
            state = game.state
            zone = action.path[-1]
            counts = invasion_counts(world, state, action.nation, zone)
            assert counts == _invasion_counts_long_way(world, state, action.nation, zone)
            looked += 1
            among_enemies += counts[0] > 0
    assert looked > 300 and among_enemies > 30, (looked, among_enemies)


@pytest.mark.parametrize("seed", [4, 13])
def test_s3_s7_a_step_is_looked_at_only_where_the_dearest_costs_more_than_is_left(
    seed: int,
) -> None:
    """S3 (a mountain costs two), S7 (a sea two), the boxes (never entered): at every
    movement decision of a whole random game, for each army and leader of the power and
    each number of points it may have left, where the move list's table says the dearest
    step from its area costs no more, ``affordable`` keeps every step (so it is not
    asked), and the table is the dearest of the steps' costs."""
    game, world, _ = medieval_game(seed)
    skipped = asked = 0
    for state in at_each_decision(game, seed):
        sides = state.listing
        if state.phase_name == "movement" and isinstance(sides, Sides):
            costs, dearest = sides.costs, sides.dearest
            assert costs is not None and dearest is not None
            for u in sides.own:
                if u.carrier is not None or u.is_fleet:
                    continue
                for moved, option in enumerate(land_moves(world, u.nation, u.id, u.zone)):
                    assert dearest[u.zone][moved] == max([costs[z] for z in option[0]], default=0)
                    for left in range(1, 5):
                        kept = affordable(world, state, u, u.zone, option, left, costs)
                        if dearest[u.zone][moved] <= left:
                            assert kept is option
                            skipped += 1
                        else:
                            assert len(kept[0]) < len(option[0])
                            asked += 1
    assert skipped > 1000 and asked > 1000, (skipped, asked)


@pytest.mark.parametrize("seed", [5, 14])
def test_s30_enemy_strength_in_one_look_as_from_the_occupants(seed: int) -> None:
    """S30 (the enemies' strength that holds units in an area): after every action of a
    whole random game, for every power and every area where it stands among others,
    ``enemy_strength`` (one look at the area's pieces) is the strength read from
    ``World.occupants`` (the other powers' pieces ashore there) as before."""
    game, world, rules = medieval_game(seed)
    compared = strong = 0
    for state in after_each_action(game, seed):
        for zone, here in state.where.items():
            for nation in {u.nation for u in here}:
                counts: dict[str, int] = {}
                for u in world.occupants(state, zone, nation):
                    counts[u.nation] = counts.get(u.nation, 0) + (not u.is_leader)
                long_way = sum(
                    max(n, 1)
                    for other, n in counts.items()
                    if not rules.restricted(world, state, nation, other)[0]
                )
                assert rules.enemy_strength(world, state, nation, zone) == long_way
                compared += 1
                strong += long_way > 0
    assert compared > 10_000 and strong > 1000, (compared, strong)
