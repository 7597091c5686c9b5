"""Invariants after every season of 200 seeded random Renaissance-Italy games (one year
each, every seat played by the game's random player: a random legal order for every unit):
unit limits (Build New Units (a)), one unit per area and Venice's one unit (CONFLICTS;
Map: Venice), garrisons only in fortified cities and fleets only where fleets go, no
treasury below zero, every unit where its order and its outcome's clause say, and an
eliminated power (PLAYER ELIMINATION, njudge) gone from the board and the table.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game, play
from italia_kit.games.renaissance.expenses import is_expense
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, game_map
from italia_kit.games.renaissance.notation import parse_line
from italia_kit.games.renaissance.orders import Advance
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.season import LIMITS

MAP = game_map()
SPEC = games.load("renaissance", years=1)
STAYS = {"holds", "bounced", "stand-off", "supports", "support broken", "transports", "besieges"}


def check_position(game: Game[Any]) -> None:
    state = game.state
    units = list(state.units.values())
    areas = Counter(u.area for u in units)
    assert max(areas.values()) == 1, f"two units in one area: {areas.most_common(1)}"
    for power in SPEC.seats:
        counts = Counter(u.type for u in units if u.power == power)
        assert all(counts[t] <= n for t, n in LIMITS.items()), (power, counts)
        assert state.treasury[power] >= 0, power
        assert sum(u.special is not None for u in units if u.power == power) <= 1
    for unit in units:
        if unit.type == "G":
            city = MAP.cities.get(unit.province)
            assert city is not None and city.fortified, unit
        elif unit.type == "F":
            assert MAP.is_sea(unit.province) or MAP.fleet_locations(unit.province), unit
        else:
            assert not MAP.is_sea(unit.province), unit
        if unit.power == AUTONOMOUS:
            assert unit.type == "G"
    for power in state.eliminated:  # PLAYER ELIMINATION: nothing left, out of the table
        assert power not in state.seats and not state.units_of(power), power
        assert power not in state.control.values() and power not in state.cities.values()
        assert state.treasury[power] == 0 and not state.debt(power), power


def check_outcomes(
    before: dict[int, Any], game: Game[Any], turn: int, sheets: dict[str, Any]
) -> None:
    """Every unit ends where its order and outcome say."""
    after = game.state.units
    removed = {  # PLAYER ELIMINATION at the season's end: its units go whatever their orders
        e.data["unit"]
        for e in game.log
        if e.turn == turn and e.kind == "eliminated" and e.rule == "PLAYER ELIMINATION"
    }
    orders = {}
    for power, lines in sheets.items():
        for line in lines:
            if is_expense(line):
                continue
            parsed = parse_line(line, MAP)
            for uid, unit in before.items():
                if unit.power == power and (unit.type, unit.province) == (
                    parsed.unit.type,  # type: ignore[union-attr]
                    parsed.unit.province,  # type: ignore[union-attr]
                ):
                    orders[uid] = parsed
    for event in game.log:
        if event.turn != turn or event.kind != "outcome":
            continue
        uid, result = event.data["unit"], event.data["result"]
        unit, now = before[uid], after.get(uid)
        if uid in removed:
            assert now is None, event.text
            continue
        if now is not None and now.power != unit.power:
            continue  # bribed: it obeyed its buyer's order (BRIBES (f))
        if result == "eliminated":
            assert now is None, event.text
        elif result in STAYS:
            assert now is not None and (now.province, now.type) == (unit.province, unit.type), (
                event.text
            )
        elif result == "advanced":
            order = orders[uid]
            assert isinstance(order, Advance) and now is not None, event.text
            assert now.province == MAP.top(order.to), event.text
        elif result == "converted":
            assert now is not None and now.province == unit.province and now.type != unit.type
        elif result == "dislodged":
            assert now is not None and (now.province != unit.province or now.type == "G")


@pytest.mark.parametrize("block", range(4))
def test_200_random_games_keep_the_invariants_after_every_season(block: int) -> None:
    for seed in range(block * 50, block * 50 + 50):
        game = SPEC.new_game(seed=seed)
        players = {
            s: RandomOrdersPlayer(seed * 8 + i, spending=True) for i, s in enumerate(SPEC.seats)
        }
        check_position(game)
        while not game.is_over:
            turn, before = game.state.turn, dict(game.state.units)
            step = game.state.step
            for seat in game.pending_seats:  # an eliminated seat owes nothing
                game.submit(seat, players[seat].choose(game, seat))
            if step == "orders":
                sheets = {
                    e.actor: e.data["lines"]
                    for e in game.log
                    if e.kind == "sheet" and e.turn == turn and "Phase C" in e.rule
                }
                check_outcomes(before, game, turn, sheets)
            check_position(game)
        assert game.state.turn == 3


def test_a_whole_game_is_reproduced_from_its_seed() -> None:
    """Two games of two years with the same seed and players give the same log."""
    logs = []
    for _ in range(2):
        game = games.load("renaissance", years=2).new_game(seed=11)
        play(game, {s: RandomOrdersPlayer(i) for i, s in enumerate(SPEC.seats)})
        logs.append(game.log.to_records())
    assert logs[0] == logs[1]
