"""The seventh pass's shortcuts in the Renaissance-Italy resolution (issue 16's benchmark).

Each is played beside the long way it replaces, at every resolution of seeded games (the
spending players' too, whose bribes, assassinations and loans change the units).
"""

from __future__ import annotations

from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game
from italia_kit.games.renaissance import rules as rules_module
from italia_kit.games.renaissance.adjudicator import Resolver
from italia_kit.games.renaissance.mapdata import game_map
from italia_kit.games.renaissance.movement import orders_for, resolve_movement
from italia_kit.games.renaissance.orders import Besiege
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import Position, position_of
from italia_kit.games.renaissance.units import Unit


def _play(seed: int, years: int = 2, spending: bool = False) -> Game[Any]:
    spec = games.load("renaissance", years=years)
    game: Game[Any] = spec.new_game(seed=seed)
    players = {s: RandomOrdersPlayer(seed * 8 + i, spending) for i, s in enumerate(spec.seats)}
    while not game.is_over:
        for seat in game.pending_seats:
            game.submit(seat, players[seat].choose(game, seat))
    return game


@pytest.mark.parametrize(("seed", "spending"), [(1, False), (2, True), (3, True), (5, False)])
def test_the_resolvers_occupants_are_a_fresh_index_of_its_units(
    monkeypatch: pytest.MonkeyPatch, seed: int, spending: bool
) -> None:
    """The resolver reads its occupants from the board's index (position.py) instead of
    making area -> uid again: at every resolution it is the index made afresh of the units
    resolved (after bribes, assassinations and plague too), unit for unit."""
    made = 0
    post_init = Resolver.__post_init__

    def checked(self: Resolver) -> None:
        nonlocal made
        post_init(self)
        fresh = {unit.area: uid for uid, unit in self.units.items()}
        assert {area: unit.uid for area, unit in self.occupied.items()} == fresh
        assert all(self.units[unit.uid] == unit for unit in self.occupied.values())
        made += 1

    monkeypatch.setattr(Resolver, "__post_init__", checked)
    _play(seed, spending=spending)
    assert made >= 6


def test_occupants_of_equal_units_in_other_objects_resolve_alike() -> None:
    """A dict of equal units in other objects finds the index of the first (position.py):
    its occupants answer for them, and the resolution is the same outcome for outcome."""
    m = game_map()
    units = {
        1: Unit(1, "France", "A", "Savoy"),
        2: Unit(2, "Florence", "A", "Genoa"),
        3: Unit(3, "France", "F", "Eastern Gulf of Lyons"),
    }
    orders = orders_for(units, "France", ["A Savoy -> Genoa", "F EGOL S Genoa"], m)
    first = resolve_movement(m, units, orders)
    copies = {uid: Unit(u.uid, u.power, u.type, u.province) for uid, u in units.items()}
    assert all(copies[uid] is not units[uid] for uid in units)
    assert position_of(copies) is position_of(units)
    again = resolve_movement(m, copies, orders)
    assert again.rows == first.rows
    assert again.units == first.units
    assert first.outcomes[2].result == "dislodged"


def test_the_index_follows_the_units_changed_in_place() -> None:
    """The plain dict of the index (``Position.areas``) is the proxy's: a new set of units
    makes a new index, never the old one's occupants."""
    units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    here = position_of(units)
    assert dict(here.by_area) == here.areas
    units[2] = Unit(2, "Milan", "A", "Genoa")
    there = position_of(units)
    assert there is not here
    assert "Pavia" not in there.areas and there.areas["Genoa"].uid == 2


@pytest.mark.parametrize(("seed", "spending"), [(1, False), (4, False), (2, True), (3, True)])
def test_the_index_kept_through_the_expenditure_is_the_units_index(
    monkeypatch: pytest.MonkeyPatch, seed: int, spending: bool
) -> None:
    """Without expenses, assassinations or a plague striking, ``_resolve`` keeps the index
    looked up before the expenditure: at every resolution the index the movement gets is
    ``position_of`` of the units it resolves (after bribes, defaults and plague too)."""
    resolved = 0
    kept = 0
    real = rules_module.resolve_movement

    def checked(m: Any, units: Any, orders: Any, **kw: Any) -> Any:
        nonlocal resolved
        position: Position = kw["position"]
        assert position.key == tuple(units.values())
        assert position is position_of(units)
        resolved += 1
        return real(m, units, orders, **kw)

    real_position_of = rules_module.position_of

    def resolve(self: Any, ctx: Any, here: Any = None) -> None:
        nonlocal kept
        calls = []

        def noted(units: Any) -> Position:
            calls.append(units)
            return real_position_of(units)

        monkeypatch.setattr(rules_module, "position_of", noted)
        try:
            resolve_real(self, ctx, here)
        finally:
            monkeypatch.setattr(rules_module, "position_of", real_position_of)
        if here is not None and not calls:
            kept += 1

    resolve_real = rules_module.RenaissanceRules._resolve
    monkeypatch.setattr(rules_module, "resolve_movement", checked)
    monkeypatch.setattr(rules_module.RenaissanceRules, "_resolve", resolve)
    _play(seed, spending=spending)
    assert resolved >= 6
    if not spending:  # (the spending players spend every season: never taken there)
        assert kept >= 1  # the shortcut was taken, and checked above


@pytest.mark.parametrize(("seed", "spending"), [(1, False), (2, True), (6, False)])
def test_the_resolvers_set_up_by_exact_type_is_the_checked_one(
    monkeypatch: pytest.MonkeyPatch, seed: int, spending: bool
) -> None:
    """The resolver's set-up sorts the orders by their exact type and tests no verdict of
    an order checked already: at every resolution its moves, supports, sieges, swaps and
    impossible orders are those of a resolver that checks every order again, and the
    besiegers are the units given a possible Besiege."""
    made = 0
    post_init = Resolver.__post_init__

    def checked(self: Resolver) -> None:
        nonlocal made
        given = dict(self.orders)
        post_init(self)
        if not self.checked:
            return
        again = Resolver(self.board, self.units, dict(given), checked=frozenset())
        assert again.moves == self.moves
        assert again.into == self.into
        assert again.supports == self.supports
        assert again.besieging == self.besieging
        assert again.swaps == self.swaps
        assert again.impossible == self.impossible
        assert again.orders == self.orders
        sieging = [u for u in self.acting if type(self.orders[u]) is Besiege]
        assert self.besieging == [u for u in self.units if u in sieging]
        made += 1

    monkeypatch.setattr(Resolver, "__post_init__", checked)
    _play(seed, spending=spending)
    assert made >= 3
