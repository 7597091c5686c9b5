"""The third pass of the Renaissance-Italy game's shortcuts changes no game (issue 16).

Each shortcut of this pass is played here beside the long way it replaces: the events of a
run made in C (``Context.emit_columns``), control and cities set in one update
(``season.update_control``), and the others named in each test's docstring.
"""

from __future__ import annotations

import random
from typing import Any

from italia_kit import games
from italia_kit.core import EventLog, Game
from italia_kit.core.game import Context
from italia_kit.core.randomness import Randomness
from italia_kit.core.streams import Stream
from italia_kit.games.renaissance.adjudicator import hold_order
from italia_kit.games.renaissance.checks import Board, check_order
from italia_kit.games.renaissance.draws import KINDS, transports
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, Map, game_map
from italia_kit.games.renaissance.movement import resolve_movement
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.options import options_for
from italia_kit.games.renaissance.orders import Advance, Besiege, Hold, MilitaryOrder
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import position_of
from italia_kit.games.renaissance.season import update_control
from italia_kit.games.renaissance.sheets import board_of, random_order, random_orders
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit

MAP = game_map()


def _states(seeds: range, years: int = 1) -> list[RenaissanceState]:
    """Copies of the states of seeded random games at every Phase C, and at the end."""
    spec = games.load("renaissance", years=years)
    found = []
    for seed in seeds:
        game: Game[Any] = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        while not game.is_over:
            if game.state.step == "orders":
                found.append(game.state.clone())
            for seat in spec.seats:
                game.submit(seat, players[seat].choose(game, seat))
        found.append(game.state.clone())
    return found


def test_emit_columns_makes_the_events_emit_as_makes() -> None:
    """Performance: ``emit_columns`` numbers and fills a run of events as ``emit_as`` one
    by one does, each with its own data, on the plain log and on one that overrides
    ``append``."""

    class Noting(EventLog):
        __slots__ = ("seen",)

        def __init__(self) -> None:
            super().__init__()
            self.seen: list[int] = []

        def append(self, event: Any) -> None:
            self.seen.append(event.seq)
            super().append(event)

    state = games.load("renaissance", years=1).new_game(seed=1).state
    rules = [f"rule {i}" for i in range(4)]
    texts = [f"line {i}" for i in range(4)]
    for log_type in (EventLog, Noting):
        one, run = log_type(), log_type()
        for log in (one, run):
            Context(state, Randomness(seed=0), log).emit("x", "r", "first")
        a = Context(state, Randomness(seed=0), one)
        for i, (rule, text) in enumerate(zip(rules, texts, strict=True)):
            a.emit_as("", "outcome", rule, text, unit=i)
        data = [{"unit": i} for i in range(4)]
        Context(state, Randomness(seed=0), run).emit_columns("", "outcome", rules, texts, data)
        assert list(one) == list(run) and [e.seq for e in run] == list(range(5))
        assert [e.data for e in run][1:] == data and run[1].data is data[0]
        if isinstance(run, Noting):
            assert run.seen == list(range(5))


def _control_one_by_one(state: RenaissanceState, m: Map, taken: dict[str, str]) -> None:
    """``update_control`` as it was written before this pass: every city set one by one."""
    garrisons: dict[str, str] = {}
    for unit in state.units.values():
        if unit.type == "G":
            garrisons[unit.province] = unit.power
        elif unit.province not in m.seas and unit.power != AUTONOMOUS:
            state.control[unit.province] = unit.power
    for province in m.cities:
        holder = garrisons.get(province)
        if holder == AUTONOMOUS:
            state.cities.pop(province, None)
        elif holder is not None:
            state.cities[province] = holder
        elif province in state.control:
            state.cities[province] = state.control[province]
    for province, power in taken.items():
        state.cities[province] = power
        state.rebellions.pop(province, None)


def test_update_control_sets_what_setting_each_city_sets() -> None:
    """Control; Besiege: control and cities after ``update_control`` are those (and in
    that order of keys) that setting every city one by one gives, on the positions of
    seeded games, with a city taken by siege, an autonomous garrison in a city held by a
    power, an autonomous army and a city new to the cities."""
    states = _states(range(3))
    last = states[-1].clone()
    # an autonomous garrison where a power's city was, and an army in an unheld city
    held = next(p for p, power in last.cities.items() if power != AUTONOMOUS)
    free = next(p for p in MAP.cities if p not in last.cities and p not in last.control)
    rebel = next(p for p in MAP.army_adj if p not in (held, free) and p in last.control)
    last.units = {
        **{u.uid: u for u in last.units.values() if u.province not in (held, free, rebel)},
        900: Unit(900, AUTONOMOUS, "G", held),
        901: Unit(901, "Milan", "A", free),
        902: Unit(902, AUTONOMOUS, "A", rebel),  # controls nothing
    }
    states.append(last)
    for state in states:
        taken = {next(iter(MAP.cities)): "Venice"}
        short, long = state.clone(), state.clone()
        update_control(short, MAP, taken)
        _control_one_by_one(long, MAP, taken)
        assert list(short.cities.items()) == list(long.cities.items())
        assert list(short.control.items()) == list(long.control.items())
        assert short.rebellions == long.rebellions


def test_position_index_is_the_comprehensions_it_replaces() -> None:
    """Performance: a position's index made in C (by area, by power in the order of the
    ids, by power, type and province) is what one comprehension a question made."""
    for state in _states(range(2)):
        units = list(state.units.values())
        here = position_of(state.units)
        assert dict(here.by_area) == {u.area: u for u in units}
        assert list(here.by_area) == [u.area for u in units]
        for power in {u.power for u in units}:
            mine = sorted((u for u in units if u.power == power), key=lambda u: u.uid)
            assert here.of_power(power) == tuple(mine)
        assert dict(here.by_ref) == {(u.power, u.type, u.province): u for u in units}


def test_stream_randint_draws_as_random_randint() -> None:
    """Performance: ``Stream.randint`` spells ``random.Random.randint`` out; it draws the
    same numbers, notes the same draws, and rewinds to draw them again."""
    actions: list[int] = []
    stream = Stream("random", 9, actions)
    theirs = random.Random(9)
    bounds = [(0, 2**31), (1, 6), (0, 0), (-3, 3), (5, 2**40), (0, 1)] * 20
    ours = [stream.randint(a, b) for a, b in bounds]
    assert ours == [theirs.randint(a, b) for a, b in bounds]
    actions.append(0)
    again = [stream.randint(a, b) for a, b in bounds]
    stream.rewind(1)
    assert [stream.randint(a, b) for a, b in bounds] == again


def _random_order_by_kinds(unit: Unit, board: Board, rng: random.Random) -> MilitaryOrder:
    """The random order as it was drawn before the tables (``draws.py``): a kind by
    ``rng.choice``, then its target, each order checked on the board."""
    opts = options_for(board.map, unit.type, unit.province, unit.coast)
    kinds = KINDS[unit.type]
    for _ in range(4):
        kind = rng.choice(kinds)
        order: MilitaryOrder
        if kind in ("advance", "support"):
            if unit.type == "G":
                order = opts.own_support
            elif not opts.adjacent:
                continue
            else:
                seq = opts.advances if kind == "advance" else opts.supports
                order = rng.choice(seq).order
        elif kind == "hold":
            return opts.hold
        elif kind == "convert":
            order = rng.choice(opts.converts) if unit.type == "G" else opts.converts[0]
        elif kind == "besiege":
            order = opts.besiege
        elif kind == "transport":
            order = opts.transport
        else:
            moves = transports(unit, board)
            if not moves:
                continue
            order = rng.choice(moves)
        verdict = check_order(order, unit, board)
        if isinstance(verdict, Advance):
            return verdict
        if verdict is None:
            return order
    return opts.hold


def test_draw_tables_draw_the_orders_the_kinds_drew() -> None:
    """Hold, Advance, Support, Besiege, Convert, Transport: the random order drawn from
    a unit's table (the verdicts taken without the board where the board plays no part)
    is the order drawing a kind and checking it gave, draw for draw, on the positions of
    seeded games, for every unit."""
    seen = 0
    for state in _states(range(3)):
        board = board_of(state, MAP)
        for seed in range(3):
            ours, theirs = random.Random(seed), random.Random(seed)
            for unit in state.units.values():
                mine = random_order(unit, board, ours)
                assert format_order(mine) == format_order(
                    _random_order_by_kinds(unit, board, theirs)
                )
                seen += not isinstance(mine, Hold)
            assert ours.getstate() == theirs.getstate()
    assert seen > 500


def test_units_without_orders_resolve_as_units_given_their_hold() -> None:
    """MILITARY ORDERS 4, Hold: the resolver looks only at the units with an order other
    than Hold, and gives a unit without one its Hold when asked (``Resolver.order_of``);
    the season resolved so is the season with every such unit given its Hold, outcome
    for outcome, on the positions of seeded games with random orders for some powers."""
    for state in _states(range(2)):
        for seed, powers in enumerate((("Milan", "Venice"), state.seats)):
            orders: dict[int, MilitaryOrder] = {}
            for power in powers:
                orders.update(random_orders(state, MAP, power, random.Random(seed)))
            every = {uid: orders.get(uid) or hold_order(u) for uid, u in state.units.items()}
            kwargs: dict[str, Any] = {"rebellions": state.rebellions, "sieges": state.sieges}
            short = resolve_movement(MAP, state.units, orders, **kwargs)
            long = resolve_movement(MAP, state.units, every, **kwargs)
            assert short.outcomes == long.outcomes
            assert short.units == long.units and short.sieges == long.sieges
            assert short.taken == long.taken and short.standoffs == long.standoffs


def test_a_unit_removed_makes_no_checked_order_impossible_but_a_besiege() -> None:
    """PLAGUE, Besiege: at resolution a sheet checked on the season's units keeps its
    check when units were only removed (``RenaissanceRules._resolve``), because a unit
    gone makes no order impossible but a Besiege of its garrison: on the positions of
    seeded games, every other possible order of every power stays possible with any
    one unit removed, and some Besiege does not."""
    seen = besieges_broken = 0
    for state in _states(range(2)):
        board = board_of(state, MAP)
        orders: dict[int, MilitaryOrder] = {}
        for seat in state.seats:
            orders.update(random_orders(state, MAP, seat, random.Random(len(orders)), board))
        for gone in state.units.values():
            left = {u.area: u for u in state.units.values() if u is not gone}
            fewer = Board(MAP, left, frozenset(), state.rebellions, state.sieges)
            for uid, order in orders.items():
                unit = state.units[uid]
                if unit is gone:
                    continue
                verdict = check_order(order, unit, fewer)
                if isinstance(order, Besiege):
                    besieges_broken += verdict is not None
                else:
                    assert verdict is None, (order, gone)
                    seen += 1
    assert seen > 10_000 and besieges_broken
