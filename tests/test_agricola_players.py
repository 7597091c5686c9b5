"""Agricola's players and command line: the greedy governor (its named policies), the
turn-by-turn summary of ``italia-kit play``, the spec's score and metrics."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from italia_kit import games
from italia_kit.core import RandomPlayer, play
from italia_kit.games.agricola import new_game
from italia_kit.games.agricola.actions import PEACEKEEPING, LegionAction
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.greedy import GreedyPlayer, raid_risk

from .agricola_helpers import II, blank, put, units

ROOT = Path(__file__).resolve().parents[1]


def test_the_greedy_governor_plays_to_the_end_and_the_same_seed_plays_the_same() -> None:
    one, two = new_game(3), new_game(3)
    play(one, GreedyPlayer(3), max_actions=20_000)
    play(two, GreedyPlayer(3), max_actions=20_000)
    assert one.is_over and one.log.to_records() == two.log.to_records()


def test_the_greedy_governor_lasts_longer_than_the_random_one() -> None:
    greedy = random_ = 0
    for seed in range(2):
        g = new_game(seed)
        play(g, GreedyPlayer(seed), max_actions=20_000)
        greedy += g.state.turn
        r = new_game(seed)
        play(r, RandomPlayer(seed), max_actions=20_000)
        random_ += r.state.turn
    assert greedy > random_


def test_raid_risk_counts_the_camps_a_move_leaves_open() -> None:
    state = blank(treasury=2)
    put(state, "Silures", *units("Silures")[:2])
    leave = LegionAction((II,), BOX["Dubunni"], PEACEKEEPING)
    stay = LegionAction((II,), -1, PEACEKEEPING)
    assert raid_risk(state, stay) == 0
    assert raid_risk(state, leave) == 6.0  # Isca Augusta open, and only 2 coins to pay
    state.treasury = 5
    assert raid_risk(state, leave) == 0.25


def test_the_spec_names_its_policies_scores_and_metrics() -> None:
    spec = games.load("agricola")
    assert set(spec.bots) == {"greedy", "aggressive", "cautious", "settle", "negotiate", "careful"}
    g = spec.new_game(seed=2)
    play(g, spec.bots["greedy"](2), max_actions=20_000)
    rows = list(spec.metrics(g))
    assert [r["turn"] for r in rows] == list(range(1, g.state.turn + 1))
    assert rows[-1]["won"] == (g.state.result == "won") and rows[-1]["vp"] == g.state.vp
    assert 0.0 <= spec.scores(g)["rome"] <= 1.0


def test_play_prints_a_turn_by_turn_summary_and_how_the_game_ended() -> None:
    """Seed 3: the greedy governor reaches Turn 8 (seed 7 loses its first battle since the
    battle odds are cached by matchup, so it prints no threshold line)."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "italia_kit.cli",
            "play",
            "--game",
            "agricola",
            "--seed",
            "3",
            "--players",
            "rome=greedy",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    ).stdout
    assert "Turn 1:" in out and "VP vs" in out and "Result: " in out
