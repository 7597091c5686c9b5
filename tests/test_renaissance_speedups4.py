"""The fourth pass of the Renaissance-Italy game's shortcuts, the players' side (issue 16).

Each shortcut of this pass is played here beside the long way it replaces, as in
``test_renaissance_speedups.py`` and ``test_renaissance_speedups3.py``.
"""

from __future__ import annotations

from italia_kit import games
from italia_kit.games.renaissance.checks import Board, Impossible, check_order
from italia_kit.games.renaissance.draws import (
    ON_BOARD,
    ONE,
    PICK,
    carried,
    possible_on_board,
    table_of,
    transports,
)
from italia_kit.games.renaissance.mapdata import Map, game_map
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.options import DYNAMIC, order_text
from italia_kit.games.renaissance.orders import Advance, Besiege, Convert, MilitaryOrder, UnitRef
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import Position, position_of
from italia_kit.games.renaissance.season import LIMITS, Build, may_build
from italia_kit.games.renaissance.sheets import MENU_SIZE, adjustment_menu, board_of
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit


def _index(units: dict[int, Unit]) -> tuple[object, ...]:
    """What a position answers, as values: by area, by power, by (power, type, province)."""
    here = Position(tuple(units.values()))
    powers = sorted({u.power for u in units.values()})
    return (
        dict(here.by_area),
        {p: here.of_power(p) for p in powers},
        dict(here.by_ref),
    )


def test_position_found_again_for_equal_units_in_other_objects() -> None:
    """A unit is a value: a dict of equal units made anew (a save read back, a unit moved
    back where it was) finds the index of the first dict, which answers as an index made
    of its own units would."""
    units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    here = position_of(units)
    again = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    assert again[2] is not units[2]
    assert position_of(again) is here
    assert _index(again) == _index(units)


def test_position_made_again_when_a_unit_differs_or_the_order_does() -> None:
    """Another unit (another province, another owner), one unit fewer, or the same units
    in another order of the dict (a sheet's order follows it) make another index."""
    units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    here = position_of(units)
    for other in (
        {1: units[1], 2: Unit(2, "Milan", "A", "Milan")},
        {1: units[1], 2: units[2].owned_by("Venice")},
        {1: units[1]},
        {2: units[2], 1: units[1]},
    ):
        found = position_of(other)
        assert found is not here
        assert found.key == tuple(other.values())
        assert _index(other) == (
            dict(found.by_area),
            {p: found.of_power(p) for p in sorted({u.power for u in other.values()})},
            dict(found.by_ref),
        )
    assert position_of(units) is here  # still known


def _adjustment_menu_long(state: RenaissanceState, m: Map, seat: str) -> list[tuple[str, ...]]:
    """``sheets.adjustment_menu`` as it was: every build of every home city asked of
    ``may_build``."""
    out: list[tuple[str, ...]] = [()]
    upkeep = sum(u.cost for u in state.units_of(seat))
    if state.treasury[seat] - upkeep < 3 or len(state.units_of(seat)) >= 26:
        return out
    areas = {u.area for u in state.units.values()}
    for province in sorted(p for p, h in m.home.items() if h == seat):
        if state.control.get(province) != seat or province not in m.cities:
            continue
        for kind in LIMITS:
            build = Build("build", kind, province)
            if may_build(state, m, seat, build, areas) is None:
                out.append((f"Build {kind} {province}",))
    return out[: MENU_SIZE + 1]


def test_adjustment_menu_asks_may_build_only_where_it_may_say_yes() -> None:
    """Build New Units (a)-(c), REBELLIONS (h), FAMINE: the Phase A menu made with
    ``may_build``'s look-up refusals asked first is the menu of every build asked of
    ``may_build``, at every Spring of seeded games, rich treasuries included (more
    builds offered than the menu holds), in rebellion and in famine."""
    spec = games.load("renaissance", years=3)
    m = game_map()
    asked = offered = 0
    for seed in range(4):
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        while not game.is_over:
            state = game.state
            if state.step == "adjust":
                variants = [state]
                rich = state.clone()
                rich.treasury = dict.fromkeys(rich.treasury, 200)
                variants.append(rich)
                troubled = rich.clone()
                homes = sorted(p for p in m.home if p in m.cities)
                troubled.famine = homes[::3]
                troubled.rebellions = {p: m.home[p] for p in homes[1::4]}
                variants.append(troubled)
                for variant in variants:
                    for seat in spec.seats:
                        menu = adjustment_menu(variant, m, seat)
                        assert menu == _adjustment_menu_long(variant, m, seat), (seed, seat)
                        asked += 1
                        offered += len(menu) - 1
            for seat in spec.seats:
                game.submit(seat, players[seat].choose(game, seat))
    assert asked > 100 and offered > 100


def _transports_long(unit: Unit, board: Board) -> list[MilitaryOrder]:
    """``draws.transports`` as it was: the advances made again at every ask."""
    m = board.map
    ref = UnitRef(unit.type, unit.province)
    found: list[MilitaryOrder] = []
    for loc in m.fleet_locations(unit.province):
        for sea in m.fleet_adj.get(loc, ()):
            fleet = board.by_area.get(m.top(sea))
            if fleet is None or fleet.type != "F" or fleet.power != unit.power:
                continue
            for land in sorted(m.fleet_reach.get(fleet.location, ())):
                if land != unit.province and not m.is_sea(land):
                    found.append(Advance(ref, land, (m.top(sea),)))
    return found


def test_transported_advances_made_once_are_the_advances_and_checks_of_the_board() -> None:
    """Advance, Transport, Map: Venice: the advances over a fleet of the army's own made
    once per place (``draws.carried``) are those made again on every board, in their
    order, with their texts; each verdict taken without the board is ``check_order``'s
    on the board (into Venice left to the board), for every army of seeded games with a
    Venetian garrison and without."""
    spec = games.load("renaissance", years=3)
    m = game_map()
    seen = dynamic = 0
    for seed in range(6):
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        while not game.is_over:
            state = game.state
            board = board_of(state, m)
            for unit in state.units.values():
                long = _transports_long(unit, board)
                assert transports(unit, board) == long
                for order, ready in carried(unit, board):
                    assert order_text(order) == format_order(order)
                    verdict = check_order(order, unit, board)
                    seen += 1
                    if ready is DYNAMIC:
                        dynamic += 1
                    elif ready is None:
                        assert isinstance(verdict, Impossible)
                    else:
                        assert ready is order and verdict is None
            for seat in spec.seats:
                game.submit(seat, players[seat].choose(game, seat))
    assert seen > 500 and dynamic > 0


def test_besiege_and_convert_asked_of_the_board_only_as_check_order_answers() -> None:
    """Besiege, Convert, REBELLIONS (i), Map: Venice: for every unit of seeded games, on
    their boards and on the same boards with rebellions against every power's provinces
    and sieges of every city, each Besiege and Convert of the unit's draw table is
    possible (``possible_on_board`` for ON_BOARD, always for the order itself, never for
    None) exactly where ``check_order`` allows it."""
    spec = games.load("renaissance", years=3)
    m = game_map()
    asked = allowed = 0
    for seed in range(4):
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        while not game.is_over:
            state = game.state
            here = position_of(state.units)
            owners = {u.province: u.power for u in state.units.values()}
            boards = [
                board_of(state, m),
                Board(m, here.by_area, frozenset(), owners, {}),
                Board(m, here.by_area, frozenset(), {}, dict.fromkeys(m.cities, (0, 1))),
            ]
            for board in boards:
                for unit in state.units.values():
                    table = table_of(m, unit.type, unit.province, unit.coast)
                    for what, item in table.steps:
                        readies = item if what == PICK else (item,) if what == ONE else ()
                        for order, ready in readies:
                            if not isinstance(order, Besiege | Convert):
                                continue
                            if ready is ON_BOARD:
                                possible = possible_on_board(order, unit, board)
                            else:
                                assert ready is None or ready is order
                                possible = ready is order
                            assert possible == (check_order(order, unit, board) is None)
                            asked += 1
                            allowed += possible
            for seat in spec.seats:
                game.submit(seat, players[seat].choose(game, seat))
    assert asked > 1000 and 0 < allowed < asked
