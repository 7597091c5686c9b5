"""Issue 17's analysis of *Agricola*: the battle odds cached by matchup (odds.py), the
scripted governor (scripted.py) and the strategy study (study.py) at a tiny size."""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError, PassivePlayer, play
from italia_kit.games.agricola import new_game, odds
from italia_kit.games.agricola.actions import (
    BATTLE,
    PEACEKEEPING,
    SUPPRESS,
    LegionAction,
    Negotiate,
    Pass,
)
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.greedy import GreedyPlayer
from italia_kit.games.agricola.scripted import ScriptedGovernor, ScriptError, parse
from italia_kit.games.agricola.study import ENDINGS, Advisor, main, run_study
from italia_kit.games.agricola.tables import THRESHOLDS

from .agricola_helpers import II, IX, XX, blank, game, leader, put, units


def battle_position() -> tuple[object, LegionAction]:
    state = blank()
    put(state, "Silures", *units("Silures")[:3])
    return state, LegionAction((II,), BOX["Silures"], BATTLE)


def test_8_0_battle_odds_are_a_function_of_the_matchup_not_of_the_cache() -> None:
    state, action = battle_position()
    odds._OUTCOMES.clear()
    first = odds.chance_of_victory(state, action, 12)  # type: ignore[arg-type]
    assert odds.cache_size() == 1 and 0.0 <= first <= 1.0
    odds._OUTCOMES.clear()
    assert odds.chance_of_victory(state, action, 12) == first  # type: ignore[arg-type]
    # what the battle does not read (the treasury, the VP, the turn) is no part of it
    other, _ = battle_position()
    other.treasury, other.vp, other.turn = 3, 20, 5  # type: ignore[attr-defined]
    assert odds.matchup(other, action) == odds.matchup(state, action)  # type: ignore[arg-type]
    assert odds.chance_of_victory(other, action, 12) == first  # type: ignore[arg-type]
    assert odds.cache_size() == 1


def test_8_1_8_2_a_leader_in_the_box_or_a_stronger_tribe_is_another_matchup() -> None:
    state, action = battle_position()
    led, _ = battle_position()
    put(led, "Silures", leader("Tan"))  # type: ignore[arg-type]
    key = odds.matchup(state, action)  # type: ignore[arg-type]
    assert odds.matchup(led, action) != key  # type: ignore[arg-type]
    # the playouts leave the state untouched
    before = state.to_json()  # type: ignore[attr-defined]
    odds.chance_of_victory(state, action, 5)  # type: ignore[arg-type]
    assert state.to_json() == before  # type: ignore[attr-defined]


def test_8_0_the_nerve_stops_the_playouts_early_below_it() -> None:
    state, action = battle_position()
    full = odds.chance_of_victory(state, action, 20)  # type: ignore[arg-type]
    early = odds.chance_of_victory(state, action, 20, nerve=1.0)  # type: ignore[arg-type]
    assert early <= full and (early == 1.0) == (full == 1.0)


# -- the scripted governor -------------------------------------------------------------


def test_scripted_governor_plays_sentences_and_the_tactics_play_the_rest() -> None:
    g = new_game(7)
    script = ["place Agricola with XX Valeria Victrix", "pass"]
    governor = ScriptedGovernor(script, then=PassivePlayer())
    play(g, governor, max_actions=2000)
    placed = [e for e in g.log if e.kind == "setup" and e.rule == "3.0" and "joins" in e.text]
    assert placed[0].data["legion"] == XX and governor.played == 2
    passes = [e for e in g.log if e.kind == "legion_action" and e.data["order"] == "pass"]
    assert passes and passes[0].turn == 1  # the scripted pass, then the passive player's


def test_5_2_a_scripted_suppress_with_three_tribal_units_is_refused_naming_5_2() -> None:
    state = blank()
    put(state, "Silures", *units("Silures")[:3])
    g = game(state)
    before = (g.state_json(), len(g.log))
    governor = ScriptedGovernor(["suppress II Augusta in Silures"])
    with pytest.raises(IllegalActionError) as err:
        governor.choose(g)
    assert err.value.rule == "5.2" and "script item 1" in err.value.reason
    assert (g.state_json(), len(g.log)) == before and governor.played == 0


def test_6_0_a_scripted_negotiation_of_8_coins_is_refused_naming_6_0() -> None:
    state = blank()
    put(state, "Dubunni", units("Dubunni")[0])
    state.legion_box[II] = BOX["Dubunni"]
    g = game(state)
    assert parse("negotiate with the Dubunni for 8 coins", g.state) == Negotiate(BOX["Dubunni"], 8)
    with pytest.raises(IllegalActionError) as err:
        ScriptedGovernor(["negotiate with the Dubunni for 8 coins"]).choose(g)
    assert err.value.rule == "6.0"


def test_5_2_a_scripted_garrison_with_a_leader_in_the_region_is_refused() -> None:
    state = blank()
    put(state, "Demetae", units("Demetae")[0], leader("Tan"))
    with pytest.raises(IllegalActionError) as err:
        ScriptedGovernor(["garrison II in Silures giving 1 aquila"]).choose(game(state))
    assert err.value.rule == "5.2"


def test_5_1_sentences_name_legions_boxes_and_staying_put() -> None:
    state = blank()
    assert parse("battle II and IX in Silures", state) == LegionAction(
        (II, IX), BOX["Silures"], BATTLE
    )
    # IX is in Eboracum already: it stays (to=-1)
    assert parse("suppress IX Hispana at Eboracum", state) == LegionAction((IX,), -1, SUPPRESS)
    # "then": Peacekeeping with Agricola (with II) moves on to a second box
    assert parse("peacekeeping II to Iceni then Catuvellani", state) == LegionAction(
        (II,), BOX["Iceni"], PEACEKEEPING, 0, BOX["Catuvellani"]
    )
    # "Victrix" of Deva Victrix is the camp's, not XX Valeria Victrix's
    assert parse("peacekeeping IX to Deva Victrix", state).legions == (IX,)  # type: ignore[attr-defined]
    assert parse("pass", state) == Pass()


def test_a_script_item_that_is_no_action_or_a_spent_script_is_an_error() -> None:
    g = game(blank())
    with pytest.raises(ScriptError, match="script item 1"):
        ScriptedGovernor(["charge the Caledonii"]).choose(g)
    with pytest.raises(ValueError, match="no more actions"):
        ScriptedGovernor([]).choose(g)
    with pytest.raises(ValueError, match="no decision"):
        ScriptedGovernor([], steps=("dance",))


# -- the strategy study ----------------------------------------------------------------


def test_study_at_a_tiny_size_gives_real_win_rates_endings_and_vp_by_turn() -> None:
    study = run_study(3, policies=("random", "greedy"), whatifs=("one_legion_fewer",), workers=1)
    table = study.summary()
    assert list(table.index) == ["random", "greedy", "settle+one_legion_fewer"]
    ends = study.endings()
    for name, row in table.iterrows():
        mine = ends[ends["variant"] == name]
        assert row["games"] == 3 == len(mine)
        assert row["wins"] == int(mine["won"].sum())
        assert row["win_lo"] <= row["win_rate"] <= row["win_hi"]
        assert row["mean_vp"] == pytest.approx(mine["vp"].mean())
        counted = sum(int(row[e]) for e in ENDINGS.values() if e != "won") + row["wins"]
        assert counted == 3  # every game ended one of 10.0's ways
    # the same seeds in every row: the greedy games differ from the random ones
    assert study.frame[study.frame["variant"] == "greedy"]["vp"].max() > 0
    by_turn = study.vp_by_turn()
    for (name, turn), row in by_turn.iterrows():
        assert row["threshold"] == THRESHOLDS[turn - 1]
        assert row["q10"] <= row["q50"] <= row["q90"]
        scored = study.frame[
            (study.frame["variant"] == name)
            & (study.frame["turn"] == turn)
            & (study.frame["threshold"] > 0)
        ]
        assert row["games"] == len(scored)
    assert len(study.plot_win_rates().axes) == 1
    assert len(study.plot_vp_by_turn().axes) == 1
    assert "| greedy | 3 |" in study.to_markdown()


def test_study_refuses_an_unknown_policy() -> None:
    with pytest.raises(ValueError, match="unknown policy 'reckless'"):
        run_study(1, policies=("reckless",), whatifs=(), workers=1)


def test_8_0_a_greedy_game_plays_the_same_whatever_the_process_played_before() -> None:
    """The odds cache changes the speed, never a choice: seed 5 with an empty cache and
    after another game has filled it."""

    def log_of(seed: int) -> list[str]:
        g = new_game(seed)
        play(g, GreedyPlayer(seed), max_actions=20_000)
        return [e.text for e in g.log]

    odds._OUTCOMES.clear()
    cold = log_of(5)
    odds._OUTCOMES.clear()
    log_of(6)
    assert log_of(5) == cold


def test_study_plays_the_rollout_advisor_on_its_own_count_and_prints_from_a_shell(
    capsys: pytest.CaptureFixture[str],
) -> None:
    study = run_study(
        1, policies=("random",), whatifs=(), advisor_games=1, advisor=Advisor(1, 2), workers=1
    )
    table = study.summary()
    assert list(table.index) == ["random", "advisor"] and table.loc["advisor", "games"] == 1
    main(["--games", "2", "--policies", "random", "--whatifs", "", "--workers", "1"])
    out = capsys.readouterr().out
    assert "2 games in" in out and "| random | 2 |" in out
