"""The fifth pass of the Renaissance-Italy game's shortcuts (issue 16's benchmark target).

Each shortcut of this pass is played here beside the long way it replaces, as in
``test_renaissance_speedups.py`` to ``test_renaissance_speedups4_resolution.py``.
"""

from __future__ import annotations

import random
from itertools import groupby
from operator import attrgetter

from italia_kit import games
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import Position
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
