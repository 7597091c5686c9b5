"""Whole games of Medieval Italia through the registry, on the Italia engine: random and
greedy players, the command line (play, replay, whatif), save and replay (issue 19, "Play,
classroom, analysis")."""

from __future__ import annotations

import json
from pathlib import Path

from italia_kit import cli, games
from italia_kit.core import BySeat, RandomPlayer, load_game, play, save_game
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.state import ItaliaState


def test_play_1_a_greedy_faction_against_random_ones_plays_13_turns() -> None:
    spec = games.load("medieval")
    game = spec.new_game(seed=5)
    assert isinstance(game.state, ItaliaState) and isinstance(game.rules, ItaliaRules)
    players = {seat: RandomPlayer(5) for seat in spec.seats}
    players["Four"] = spec.bots["greedy"](5)
    play(game, BySeat(players, spec.seat_of))
    assert game.state.over and game.state.turn == 13
    scores = spec.returns(game) if spec.returns else {}
    assert set(scores) == set(spec.seats) and scores["Four"] > 0


def test_play_2_the_command_line_plays_a_seeded_game_and_saves_it(
    tmp_path: Path, capsys: object
) -> None:
    out = tmp_path / "m.json"
    assert cli.main(["play", "--game", "medieval", "--seed", "4", "--save", str(out)]) == 0
    text = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "Medieval Italia, turn 13 of 13 (over)" in text
    assert "medieval" in json.dumps(json.loads(out.read_text())["game"])
    again = load_game(out)
    assert again.state.over and len(again.log) > 1000


def test_play_3_save_and_load_mid_game_replays_the_same_log(tmp_path: Path) -> None:
    game = games.load("medieval").new_game(seed=8)
    player = RandomPlayer(8)
    for _ in range(300):
        game.apply(player.choose(game))
    path = tmp_path / "mid.json"
    save_game(game, path)
    again = load_game(path)
    assert [e.text for e in again.log] == [e.text for e in game.log]


def test_play_4_the_greedy_player_lands_its_armies_rather_than_lose_them_at_sea() -> None:
    """Boats (rule text; reconstructed: "boats carry armies only within a move"): an army
    still at sea when the movement ends is lost, so the greedy player lands every army that
    arrives at sea (the Byzantines with Narses on turn 1, the Arabs in the Ionian on turn 2)
    and never sails with too few points left to land. Over two seeded greedy games through
    turn 3, nobody is lost at sea but armies a submission sent back to the sea (S15)."""
    from italia_kit.players import play_out, players_from_spec

    spec = games.load("medieval")
    for seed in (1, 2):
        game = spec.new_game(seed=seed)
        players, _ = players_from_spec("greedy", spec, seed=seed)
        while not game.is_over and game.state.turn <= 3:
            play_out(spec, game, players, max_actions=1)
        # S15 (reading 5): attackers from the sea who received a submission go back where
        # they came from, the sea, when no held area is in reach: the rules lose those, not
        # the player (each is a withdraw event into a sea before it is lost)
        sent_back = {
            e.data["unit"]
            for e in game.log.of_kind("withdraw")
            if game.rules.world.is_sea(e.data["zone"])
        }
        lost = [e.text for e in game.log.of_kind("lost_at_sea") if e.data["unit"] not in sent_back]
        # the move's path in its data (its sentence says "from the Ionian to ...")
        landed = [e.text for e in game.log.of_kind("move") if e.data["path"][0] == "Ionian"]
        assert lost == [], lost
        assert landed, "armies arrived at sea and landed"


def test_play_5_replay_prints_the_saved_games_summary(tmp_path: Path, capsys: object) -> None:
    """``italia-kit replay`` of a saved medieval game prints the same summary as ``play``."""
    out = tmp_path / "r.json"
    assert cli.main(["play", "--game", "medieval", "--seed", "6", "--save", str(out)]) == 0
    played = capsys.readouterr().out  # type: ignore[attr-defined]
    assert cli.main(["replay", str(out)]) == 0
    replayed = capsys.readouterr().out  # type: ignore[attr-defined]
    summary = played[played.index("Medieval Italia, turn 13") :].split("saved to")[0].strip()
    assert summary and summary in replayed


def test_play_6_whatif_runs_the_shipped_variant_with_greedy_players(tmp_path: Path) -> None:
    """``italia-kit whatif --game medieval`` plays the base and ``lombards_plus_5`` with
    the greedy bot, one row per faction and game."""
    import pandas as pd

    csv = tmp_path / "w.csv"
    argv = ["whatif", "--game", "medieval", "--games", "1", "--workers", "1", "--no-progress",
            "--players", "greedy", "--variant", "lombards_plus_5", "--out", str(csv)]  # fmt: skip
    assert cli.main(argv) == 0
    frame = pd.read_csv(csv)
    assert set(frame["seat"]) == {"One", "Two", "Three", "Four"} and len(frame) == 8
    assert (frame["turn"] == 13).all() and (frame["vp"] >= 0).all()


def test_play_7_a_scripted_faction_plays_its_script_then_the_greedy_bot(tmp_path: Path) -> None:
    """``--players One=scripted:FILE+greedy``: the Romans' first decision (their minima,
    S23) is the script's, in the codec's JSON; the rest is the greedy player's; a script
    step the rules refuse is refused naming its rule."""
    import pytest

    from italia_kit.core import IllegalActionError
    from italia_kit.players import play_out, players_from_spec

    script = tmp_path / "romans.json"
    script.write_text(json.dumps([{"kind": "place", "nation": "Romans", "unit": "infantry",
                                   "zone": "Brindisi"}]))  # fmt: skip
    spec = games.load("medieval")
    game = spec.new_game(seed=3)
    players, _ = players_from_spec(f"One=scripted:{script}+greedy", spec, seed=3)
    play_out(spec, game, players, max_actions=1)
    (placed,) = game.log.of_kind("place")
    assert placed.data["zone"] == "Brindisi" and game.state.stack_count("Brindisi", "Romans") == 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"kind": "place", "nation": "Romans", "unit": "infantry",
                                "zone": "Venice"}]))  # fmt: skip
    again = spec.new_game(seed=3)
    refusing, _ = players_from_spec(f"One=scripted:{bad}", spec, seed=3)
    with pytest.raises(IllegalActionError):
        play_out(spec, again, refusing, max_actions=1)
    assert not again.log.of_kind("place")
