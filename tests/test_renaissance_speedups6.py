"""The sixth pass of the Renaissance-Italy game's shortcuts (issue 16's benchmark target).

Each shortcut of this pass is played here beside the long way it replaces, as in
``test_renaissance_speedups.py`` to ``test_renaissance_speedups5.py``, at every season of
seeded games.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game
from italia_kit.games.renaissance import movement
from italia_kit.games.renaissance import rules as rules_module
from italia_kit.games.renaissance.adjudicator import Resolver
from italia_kit.games.renaissance.movement import (
    Movement,
    Outcome,
    Row,
    outcome_of,
    outcome_text,
    resolve_movement,
)
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import position_of
from italia_kit.games.renaissance.rules import RenaissanceRules
from italia_kit.games.renaissance.units import ADJECTIVES


def _play(seed: int, years: int = 2, spending: bool = False) -> Game[Any]:
    spec = games.load("renaissance", years=years)
    game: Game[Any] = spec.new_game(seed=seed)
    players = {s: RandomOrdersPlayer(seed * 8 + i, spending) for i, s in enumerate(spec.seats)}
    while not game.is_over:
        for seat in spec.seats:
            game.submit(seat, players[seat].choose(game, seat))
    return game


def _long_outcome(res: Resolver, uid: int, result: str, clause: str, detail: str) -> Outcome:
    """The outcome as the named tuple was made before: the order said with the power's
    adjective and ``format_order``, the line by ``outcome_text``."""
    unit = res.units[uid]
    order = res.orders.get(uid) or res.order_of(uid)
    said = f"{ADJECTIVES.get(unit.power, unit.power)} {format_order(order)}"
    return Outcome(
        uid, unit.label, said, result, clause, detail, outcome_text(said, result, clause, detail)
    )


@pytest.mark.parametrize(("seed", "spending"), [(1, False), (2, True), (5, False)])
def test_rows_make_the_outcomes_of_the_named_tuples(
    monkeypatch: pytest.MonkeyPatch, seed: int, spending: bool
) -> None:
    """An outcome made as a plain row (movement.Row) is, made into an Outcome, the one the
    named tuple held (order said, line); the Campaign Report's outcome events are the
    outcomes' lines and clauses, one a unit in the order of the ids, every season."""
    made = Counter[str]()
    short_make = movement._make

    def both(res: Resolver, uid: int, result: str, clause: str, detail: str = "") -> Row:
        row = short_make(res, uid, result, clause, detail)
        assert outcome_of(row) == _long_outcome(res, uid, result, clause, detail)
        made[clause] += 1
        return row

    resolved: list[Movement] = []

    def keep(*args: Any, **kwargs: Any) -> Movement:
        result = resolve_movement(*args, **kwargs)
        resolved.append(result)
        return result

    monkeypatch.setattr(movement, "_make", both)
    monkeypatch.setattr("italia_kit.games.renaissance.rules.resolve_movement", keep)
    game = _play(seed, spending=spending)
    reported = [e for e in game.log if e.kind == "outcome"]
    expected = [
        (uid, result.outcomes[uid].clause, result.outcomes[uid].text, result.outcomes[uid].result)
        for result in resolved
        for uid in sorted(result.rows)
    ]
    got = [(e.data["unit"], e.rule, e.text, e.data["result"]) for e in reported]
    assert got == expected
    assert len(resolved) >= 6 and len(made) >= 4  # seasons resolved, kinds of outcome
    for result in resolved:  # the rows and the outcomes made of them, unit for unit
        assert result.outcomes == {uid: outcome_of(row) for uid, row in result.rows.items()}
        assert result.outcomes is result.outcomes  # made once


@pytest.mark.parametrize(("seed", "spending"), [(3, False), (4, True)])
def test_the_index_handed_along_is_the_one_looked_up(
    monkeypatch: pytest.MonkeyPatch, seed: int, spending: bool
) -> None:
    """The units' index handed along (the player's draw to ``checked_sheet``, the last
    submission's look-up to the resolution, the resolution's to ``resolve_movement``) is
    ``position_of`` of the units where it is used, at every submission of seeded games
    (spending players too: their expenses are drawn between the draw and the sheet)."""
    handed = Counter[str]()
    short_checked = RenaissanceRules.checked_sheet
    short_resolve = RenaissanceRules._resolve

    def checked(self: RenaissanceRules, state: Any, *args: Any, **kwargs: Any) -> Any:
        position = kwargs.get("position")
        if position is not None:
            assert position is position_of(state.units)
            handed["checked_sheet"] += 1
        return short_checked(self, state, *args, **kwargs)

    def resolve(self: RenaissanceRules, ctx: Any, here: Any = None) -> None:
        if here is not None:
            assert here is position_of(ctx.state.units)
            handed["_resolve"] += 1
        short_resolve(self, ctx, here)

    def movement_of(m: Any, units: Any, orders: Any, **kwargs: Any) -> Movement:
        position = kwargs.get("position")
        if position is not None:
            assert position is position_of(units)
            handed["resolve_movement"] += 1
        return resolve_movement(m, units, orders, **kwargs)

    monkeypatch.setattr(RenaissanceRules, "checked_sheet", checked)
    monkeypatch.setattr(RenaissanceRules, "_resolve", resolve)
    monkeypatch.setattr(rules_module, "resolve_movement", movement_of)
    watched = _play(seed, spending=spending)
    monkeypatch.undo()
    # (the watching changes nothing: the same game, event for event)
    assert [e.text for e in _play(seed, spending=spending).log] == [e.text for e in watched.log]
    seasons = sum(1 for e in watched.log if e.kind == "movement")
    assert handed["_resolve"] == handed["resolve_movement"] == seasons >= 6
    assert handed["checked_sheet"] >= 8 * seasons
