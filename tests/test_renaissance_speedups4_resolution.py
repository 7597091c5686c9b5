"""The fourth pass of the Renaissance-Italy game's shortcuts changes no game (issue 16).

Each shortcut of this pass (``ren-resolve``) is played beside the long way it replaces: a
unit's strength kept as a field (the SPECIAL UNITS table read once a unit), the
disasters' struck provinces read once per roll (PLAGUE, FAMINE), and the outcomes of the
units holding unattacked taken from the table of outcomes already made (Hold).
"""

from __future__ import annotations

from typing import Any

from italia_kit import games
from italia_kit.core import Game
from italia_kit.games.renaissance import movement
from italia_kit.games.renaissance.disasters import DISASTERS, _struck, struck_provinces
from italia_kit.games.renaissance.mapdata import game_map
from italia_kit.games.renaissance.movement import resolve_movement
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.season import tables
from italia_kit.games.renaissance.units import SPECIALS, Unit

MAP = game_map()


def test_strength_field_is_the_special_units_table() -> None:
    """SPECIAL UNITS: a unit's kept strength is 1, or its special kind's, however the unit
    was made (built, moved, converted, bought)."""
    for special in (None, *SPECIALS):
        unit = Unit(1, "Milan", "A", "Pavia", None, special)
        expected = 1 if special is None else SPECIALS[special]["strength"]
        assert unit.strength == expected
        assert unit.moved("Milan").strength == expected
        assert unit.moved("Pavia", None, "G").strength == expected
        assert unit.owned_by("Venice").strength == expected


def test_struck_provinces_read_once_are_those_read_each_time() -> None:
    """PLAGUE, FAMINE, storms: the cached provinces struck for every severity, row and
    column are the table's, and each strike hands out a list of its own."""
    for key, _ in DISASTERS.values():
        table = tables()[key]
        for how in ("row", "column", "both"):
            for row in range(2, 13):
                for column in range(2, 13):
                    long = struck_provinces(MAP, table, how, row, column)
                    assert list(_struck(MAP, key, how, row, column)) == long


def _outcomes(seed: int) -> list[tuple[Any, ...]]:
    """Every outcome event of a seeded 2-year game, as (turn, text, data)."""
    spec = games.load("renaissance", years=2)
    game: Game[Any] = spec.new_game(seed=seed)
    players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
    while not game.is_over:
        for seat in spec.seats:
            game.submit(seat, players[seat].choose(game, seat))
    return [(e.turn, e.rule, e.text, dict(e.data)) for e in game.log if e.kind == "outcome"]


def test_quiet_outcomes_from_the_table_are_those_made_afresh(monkeypatch: Any) -> None:
    """Hold (MILITARY ORDERS 4): the outcome of a unit holding unattacked taken from the
    table of outcomes made earlier is the one made afresh for it, outcome for outcome over
    whole games (the table emptied before every season the long way)."""
    short = {seed: _outcomes(seed) for seed in (3, 4)}

    def fresh(*args: Any, **kwargs: Any) -> movement.Movement:
        movement._HELD.clear()
        return resolve_movement(*args, **kwargs)

    monkeypatch.setattr("italia_kit.games.renaissance.rules.resolve_movement", fresh)
    for seed, events in short.items():
        assert _outcomes(seed) == events
        assert events  # (every season reports its units)
