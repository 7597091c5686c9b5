"""What-if runs of the Renaissance-Italy game (W.<n>): the spec's metrics through the
generic runner (``italia_kit.analysis.run_whatif``), the ``treasury`` option as a variant,
and the bribe-heavy ``briber`` bot of lesson 20. The situation and the expected outcome in
each docstring.
"""

from __future__ import annotations

from typing import Any

import pytest

from italia_kit import games
from italia_kit.analysis import run_whatif
from italia_kit.analysis.whatif import Variant
from italia_kit.core import Game
from italia_kit.games import GameSpec
from italia_kit.games.renaissance.briber import BriberPlayer
from italia_kit.games.renaissance.expenses import is_expense
from italia_kit.games.renaissance.rules import Adjustments, SeasonOrders
from italia_kit.games.renaissance.whatif import METRIC_COLUMNS, KindsBySeat
from italia_kit.players import play_out

SMALL = {"years": 1, "powers": ["Milan", "Venice"]}


def _played(seed: int, **options: Any) -> tuple[GameSpec, Game[Any]]:
    """A recorded game of SMALL, the briber Milan against a greedy Venice."""
    spec = games.load("renaissance", **{**SMALL, **options})
    assert spec.record is not None
    game = spec.record(seed)
    play_out(spec, game, {s: KindsBySeat()(s, seed) for s in spec.seats})
    return spec, game


def _sheet(player: BriberPlayer, game: Game[Any], seat: str) -> tuple[str, ...]:
    action = player.choose(game, seat)
    assert isinstance(action, Adjustments | SeasonOrders)
    return action.lines


def test_W_1_the_runner_plays_seeded_games_and_tabulates_the_metrics() -> None:
    """Two games each of the 1454 treasury and of a 60-ducat Milan, the briber against a
    greedy Venice: one row per power and season (3 seasons x 2 powers x 2 games per
    variant), the columns of whatif.METRIC_COLUMNS, the score the cities held."""
    rich = Variant("war chest 60", options={"treasury": {"Milan": 60}})
    result = run_whatif(
        "renaissance", [rich], games=2, seed=5, players=KindsBySeat(), workers=1,
        progress=False, options=SMALL,
    )  # fmt: skip
    frame = result.frame
    assert list(frame.columns) == ["variant", "game", "seed", *METRIC_COLUMNS]
    assert len(frame) == 2 * 2 * 3 * 2 and frame["holds_venice"].dtype == bool
    milan = frame[frame.power == "Milan"]
    spring = milan[milan.turn == 1].groupby("variant").holds_venice.all()
    assert bool(spring["war chest 60"]) and not bool(spring["base"])
    assert list(result.summary().index.names) == ["variant", "power"]


def test_W_2_the_briber_buys_the_garrison_of_venice_when_it_can_pay() -> None:
    """Milan with 60 d: in Spring 1454's Phase C it bribes the Venetian garrison of Venice
    for 18 x 2 (a major city, BRIBES (g)) + 3 = 39 d and holds the city (EXPENDITURE
    ORDERS 10); the sheet offered 39 d in bribes, one bribe won."""
    spec, game = _played(2, treasury={"Milan": 60})
    sheets = [e.data["lines"] for e in game.log if e.kind == "sheet" and e.actor == "Milan"]
    assert any("Bribe G Venice 39" in lines for lines in sheets)
    rows = [r for r in spec.metrics(game) if r["power"] == "Milan"]
    assert rows[0]["holds_venice"] and rows[0]["bribe_ducats"] == 39 and rows[0]["bribes_won"] == 1


def test_W_3_the_briber_saves_while_it_cannot_pay() -> None:
    """Milan with 1454's 6 d: the briber builds nothing and spends nothing (every ducat
    waits for the prize); its sheets have no expenditure line."""
    spec = games.load("renaissance", **SMALL)
    game = spec.new_game(seed=1)
    player = BriberPlayer(1)
    assert _sheet(player, game, "Milan") == ()  # Phase A: no builds
    game.submit_all({s: player.choose(game, s) for s in spec.seats})
    assert not [line for line in _sheet(player, game, "Milan") if is_expense(line)]


def test_W_4_the_briber_borrows_only_what_it_lacks() -> None:
    """Milan with 40 d and 1454's upkeep: the prize costs 39; it borrows the ducats above
    its spare (Borrowing Phase), never the whole 25."""
    spec = games.load("renaissance", **SMALL, treasury={"Milan": 40})
    game = spec.new_game(seed=1)
    player = BriberPlayer(1)
    game.submit_all({s: player.choose(game, s) for s in spec.seats})
    lines = _sheet(player, game, "Milan")
    reserve = BriberPlayer.reserve(game.state, "Milan")
    lacking = 39 - (game.state.treasury["Milan"] - reserve)
    assert lines[-1] == "Bribe G Venice 39"
    assert (f"Borrow {lacking}" in lines) == (lacking > 0)


def test_W_5_the_treasury_option_is_checked() -> None:
    """treasury maps powers to whole numbers of ducats: a bad power or amount names the
    option."""
    for bad in ({"Genoa": 5}, {"Milan": -1}, {"Milan": 2.5}, ["Milan"]):
        with pytest.raises(ValueError, match="'treasury'"):
            games.load("renaissance", treasury=bad)
    game = games.load("renaissance", treasury={"Milan": 40}).new_game(seed=0)
    assert game.state.treasury["Milan"] >= 40
