"""The fifth pass of the Renaissance-Italy game's shortcuts (issue 16's benchmark target).

Each shortcut of this pass is played here beside the long way it replaces, as in
``test_renaissance_speedups.py`` to ``test_renaissance_speedups4_resolution.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import groupby
from operator import attrgetter

import pytest

from italia_kit import games
from italia_kit.core import IllegalActionError
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.options import order_texts
from italia_kit.games.renaissance.orders import Hold, MilitaryOrder, UnitRef
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import Position
from italia_kit.games.renaissance.rules import RenaissanceRules, Sheet
from italia_kit.games.renaissance.sheets import random_orders
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit


def _long_index(key: tuple[Unit, ...]) -> tuple[dict[str, Unit], dict[str, tuple[Unit, ...]]]:
    """The index as the earlier pipelines made it: by area from ``zip``, each power's
    units from one sort by (power, id) and one group a power."""
    by_area = dict(zip(map(attrgetter("area"), key), key, strict=True))
    ordered = sorted(key, key=attrgetter("power", "uid"))
    of_power = {p: tuple(us) for p, us in groupby(ordered, attrgetter("power"))}
    return by_area, of_power


def _same_index(key: tuple[Unit, ...]) -> None:
    here = Position(key)
    by_area, of_power = _long_index(key)
    assert dict(here.by_area) == by_area
    assert list(here.by_area) == list(by_area)  # the same order of the areas too
    for power, units in of_power.items():
        mine = here.of_power(power)
        assert mine == units
        assert all(a is b for a, b in zip(mine, units, strict=True))  # its very objects
    assert here.of_power("nobody") == ()


def test_position_index_by_loops_is_the_sorted_index_at_every_step() -> None:
    """At every submission of seeded games (Phase A and C, random spending players
    too), the index made by one pass over the units answers as the sorted and grouped
    one; and so it does for the same units in a shuffled dict order (each power's units
    still in the order of their ids: sorted a power)."""
    shuffler = random.Random(3)
    for seed, spending in ((1, False), (2, True), (3, False)):
        spec = games.load("renaissance", years=2)
        game = spec.new_game(seed=seed)
        players = {
            s: RandomOrdersPlayer(seed * 8 + i, spending=spending) for i, s in enumerate(spec.seats)
        }
        steps = 0
        while not game.is_over:
            for seat in spec.seats:
                key = tuple(game.state.units.values())
                _same_index(key)
                shuffled = list(key)
                shuffler.shuffle(shuffled)
                _same_index(tuple(shuffled))
                game.submit(seat, players[seat].choose(game, seat))
                steps += 1
        assert steps > 40


def _owned_long_way(state: RenaissanceState, seat: str, orders: dict[int, MilitaryOrder]) -> bool:
    """MILITARY ORDERS (b) as the earlier pipelines asked it of a whole sheet."""
    found = list(map(state.units.get, orders))
    return (
        all(found)
        and all(map(seat.__eq__, map(attrgetter("power"), found)))
        and list(map(attrgetter("type", "province"), found))
        == list(map(attrgetter("type", "province"), map(attrgetter("unit"), orders.values())))
    )


def _variants(
    state: RenaissanceState, seat: str, orders: dict[int, MilitaryOrder]
) -> list[dict[int, MilitaryOrder]]:
    """The sheet, and sheets spoilt one way each: an order for another power's unit (as
    it stands, and naming that unit), for a unit id not on the board, and naming another
    type or province."""
    out = [orders]
    if not orders:
        return out
    uid, order = next(iter(orders.items()))
    foreign = next((u for u in state.units.values() if u.power != seat), None)
    if foreign is not None:  # its order as it stands, and one naming it rightly
        out.append({**orders, foreign.uid: order})
        out.append({**orders, foreign.uid: Hold(UnitRef(foreign.type, foreign.province))})
    out.append({**orders, 10_000: order})
    ref = order.unit
    for spoilt in (UnitRef("F" if ref.type != "F" else "A", ref.province), UnitRef(ref.type, "X")):
        out.append({**orders, uid: replace(order, unit=spoilt)})
    return out


def test_checked_sheet_by_a_loop_refuses_and_prints_as_the_pipelines_did() -> None:
    """At every Phase C submission of seeded games, for every seat's random orders and
    for the same sheet spoilt (another power's unit, no such unit, another type or
    province): ``checked_sheet`` refuses (MILITARY ORDERS (b)) exactly the sheets the
    earlier pipeline refused, prints each order as ``format_order`` does, and remembers
    the sheet the named tuple's own constructor makes."""
    asked = refused = 0
    for seed in (4, 5):
        spec = games.load("renaissance", years=2)
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        while not game.is_over:
            for seat in spec.seats:
                state = game.state
                rules = game.rules
                assert isinstance(rules, RenaissanceRules)
                if state.step == "orders":
                    drawn = random_orders(state, rules.map, seat, random.Random(seed + asked))
                    for orders in _variants(state, seat, drawn):
                        asked += 1
                        if not _owned_long_way(state, seat, orders):
                            refused += 1
                            with pytest.raises(IllegalActionError, match=r"MILITARY ORDERS \(b\)"):
                                rules.checked_sheet(state, seat, orders)
                            continue
                        lines = rules.checked_sheet(state, seat, orders)
                        assert list(lines) == [format_order(o) for o in orders.values()]
                        assert order_texts(orders.values()) == list(lines)
                        on = (dict(state.rebellions), dict(state.sieges))
                        made = Sheet(dict(orders), set(), [], on, complete=True)
                        assert rules._sheets[seat, lines][1] == made
                        assert type(rules._sheets[seat, lines][1]) is Sheet
                game.submit(seat, players[seat].choose(game, seat))
    assert asked > 200 and 0 < refused < asked
