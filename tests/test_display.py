"""Notebook-native display (issue 20): the kit's objects show as HTML tables and its
figures as PNG, in a real kernel (nbclient + ipykernel) without ``%matplotlib inline``;
their plain reprs stay one short line; every text is escaped."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from italia_kit.core import Event, EventLog
from italia_kit.core.display import event_table, game_html
from italia_kit.games.italia import new_game
from italia_kit.games.italia.odds import Battle, exact_odds, simulate
from italia_kit.games.italia.tutorial import Position

from .toybid import Bid, bid_spec

ROOT = Path(__file__).resolve().parents[1]


def test_a_game_shows_its_id_title_turn_phase_decision_and_last_events() -> None:
    game = new_game("italia1", seed=1)
    page = game._repr_html_()
    assert "italia1: Italia I" in page
    assert "<th>phase</th><td>purchase</td>" in page and "<th>to decide</th><td>Celts</td>" in page
    assert "<th>rule</th>" in page and "<td>6.1</td>" in page
    assert repr(game) == "<Game italia1, turn 1, purchase: Celts to decide (buy), 0 actions>"


def test_a_variant_game_is_titled_by_its_registered_game() -> None:
    from italia_kit import games

    game = games.load("italia1", variant="hannibal_plus_2_elephants").new_game(seed=1)
    title = games.load("italia1").title
    assert f"italia1+hannibal_plus_2_elephants: {title}" in game._repr_html_()
    assert repr(game).startswith("<Game italia1+hannibal_plus_2_elephants, turn 1")


def test_a_game_shows_only_its_last_eight_events() -> None:
    game = new_game("italia1", seed=1)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    assert len(game.log) > 8
    page = game._repr_html_()
    assert page.count("<tr><td>") == 8
    assert f"{len(game.log)} events, the last 8" in page


def test_a_sealed_decision_shows_the_seats_still_owing() -> None:
    game = bid_spec().new_game(seed=1)
    game.submit("A", Bid("A", 2))
    page = game_html(game)
    owing = ", ".join(game.pending_seats)
    assert f"<th>sealed orders owed by</th><td>{owing}</td>" in page
    assert "<th>submitted</th><td>A</td>" in page
    assert "to decide" not in page


def test_an_over_game_says_so() -> None:
    game = bid_spec(seats=2, rounds=1).new_game(seed=1)
    game.submit("A", Bid("A", 3))
    game.submit("B", Bid("B", 5))
    assert "none: the game is over" in game._repr_html_()
    assert repr(game).endswith(": over, 2 actions>")


def test_every_text_is_escaped() -> None:
    log = EventLog([Event(0, 1, "<b>A</b>", "bid", "bid", "R&1", "<script>x</script>")])
    page = log._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert "&lt;b&gt;A&lt;/b&gt;" in page and "R&amp;1" in page


def test_an_event_log_shows_its_last_events_and_still_makes_a_frame() -> None:
    log = EventLog([Event(i, 1, "A", "p", "k", "1.0", f"event {i}") for i in range(20)])
    page = log._repr_html_()
    assert "event 19" in page and "event 11" not in page and "20 events, the last 8" in page
    assert repr(log) == "<EventLog: 20 events, last: event 19>"
    assert repr(EventLog()) == "<EventLog: empty>" and "0 events" in event_table([])
    assert len(log.to_frame()) == 20


def test_battle_odds_and_a_simulation_show_a_summary_table() -> None:
    odds = exact_odds(Battle.parse("infantry", "infantry"), exact=True)
    page = odds._repr_html_()
    assert "<th>attacker wins</th><td>37.50% (3/8)</td>" in page
    assert "<th>expected defender losses</th><td>0.62</td>" in page
    assert "<th>attacker left</th>" in page
    assert "\n" not in repr(odds) and repr(odds).startswith("<Odds 1 infantry attack")
    sim = simulate(Battle.parse("infantry", "infantry"), 1000, seed=1)
    page = sim._repr_html_()
    assert "±" in page and "1000 battles, seed 1, policy order" in page
    assert repr(sim).endswith("1000 battles, seed 1, order>")


def test_a_raid_says_succeeds_and_fails() -> None:
    odds = exact_odds(Battle.parse("legion", "", city=True, raid=True))
    page = odds._repr_html_()
    assert "<th>raid succeeds</th>" in page and "both eliminated" not in page


def test_a_position_shows_its_units_by_zone() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Lucania", 2)
    pos.put("Samnites", "infantry", "Samnium")
    pos.city("Samnium")
    page = pos._repr_html_()
    assert "<tr><td>Lucania</td><td>2 Romans legion</td><td>-</td></tr>" in page
    assert "<tr><td>Samnium</td><td>Samnites infantry</td><td>city</td></tr>" in page
    assert repr(pos) == "<Position italia1, turn 1, movement: Romans to play, 3 units in 2 zones>"


def test_a_what_if_result_shows_its_summary_with_intervals() -> None:
    from italia_kit.analysis import run_whatif

    result = run_whatif("italia1", [], games=1, seed=1, workers=1, progress=False)
    page = result._repr_html_()
    assert "<th>95% interval</th>" in page and "<th>5-95%</th>" in page
    assert page.count("<tr><td>base</td>") == len(result.seats)
    assert repr(result) == "<WhatIfResult italia1, seed 1: base (1 game)>"


def test_the_kits_figures_have_a_png_of_their_own() -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from italia_kit.figure import KitFigure, new_figure

    fig = new_figure((2.0, 1.0))
    assert isinstance(fig, KitFigure) and isinstance(fig, Figure)
    assert fig._repr_png_().startswith(b"\x89PNG")


# -- in a real kernel -------------------------------------------------------------------------

CELLS = {
    "game": (
        "from italia_kit.games.italia import new_game\ngame = new_game('italia1', seed=1)\ngame"
    ),
    "log": "game.log",
    "odds": (
        "from italia_kit.games.italia.odds import Battle, exact_odds\n"
        "exact_odds(Battle.parse('legion', 'infantry', city=True))"
    ),
    "whatif": (
        "from italia_kit.analysis import run_whatif\n"
        "result = run_whatif('italia1', [], games=1, seed=1, workers=1, progress=False)\n"
        "result"
    ),
    "figure": "result.plot_vp()",
    "position": (
        "from italia_kit.games.italia.tutorial import Position\n"
        "pos = Position('italia1')\n_ = pos.put('Romans', 'legion', 'Lucania')\npos"
    ),
}


def _outputs(cells: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in cells.values()])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("MPLBACKEND", None)  # what a fresh kernel has: no backend chosen
    client = NotebookClient(nb, timeout=300, kernel_name="python3")
    client.execute(env=env, cwd=str(ROOT))
    return {name: cell.outputs for name, cell in zip(cells, nb.cells, strict=True)}


def test_a_notebook_shows_tables_as_html_and_figures_as_png_without_a_magic() -> None:
    outputs = _outputs(CELLS)
    for name in ("game", "log", "odds", "whatif", "position"):
        (result,) = [o for o in outputs[name] if o["output_type"] == "execute_result"]
        assert set(result["data"]) == {"text/html", "text/plain"}, name
        assert result["data"]["text/html"].startswith("<div><strong>") or name == "log"
    (figure,) = [o for o in outputs["figure"] if o["output_type"] == "execute_result"]
    assert "image/png" in figure["data"], figure["data"].get("text/plain")
    assert not [o for o in outputs["figure"] if o["output_type"] == "display_data"]
