"""The players (issue 6): the greedy bot's choices in hand-built positions, whole games with
any mix of players per colour, reproducibility, and the registry of player kinds."""

from __future__ import annotations

import statistics

import pytest

from italia_kit import games
from italia_kit.core import IllegalActionError, game_to_json
from italia_kit.games.italia import ItaliaGame, Move, Position, final_scores, new_game, play_game
from italia_kit.games.italia.actions import Buy, EndMovement, Fight, Retreat, StandFast
from italia_kit.games.italia.greedy import GreedyPlayer
from italia_kit.games.italia.position import View, geometry
from italia_kit.games.italia.scenarios import load_scenario
from italia_kit.players import (
    PLAYER_KINDS,
    PassivePlayer,
    RandomPlayer,
    ScriptedPlayer,
    make_player,
    player_kinds,
    players_from_spec,
)

# -- the greedy player in hand-built positions -----------------------------------------------


def romans_before(enemies: int, legions: int) -> Position:
    """Turn 2, the Romans' movement: legions in Rome, Carthaginian infantry in Etruria."""
    pos = Position("italia1", turn=2, nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Rome", legions)
    pos.put("Carthaginians", "infantry", "Etruria", enemies)
    return pos


def attack_scores(game: ItaliaGame) -> tuple[list[float], float]:
    """The greedy scores of the moves into Etruria, and of ending the movement phase."""
    actions = game.legal_actions()
    scores = dict(zip(actions, GreedyPlayer(1).scores(game, actions), strict=True))
    into = [s for a, s in scores.items() if isinstance(a, Move) and a.path[-1] == "Etruria"]
    return into, scores[EndMovement("Romans")]


def test_greedy_attacks_when_the_odds_are_good() -> None:
    """Three legions beside one infantry: stepping in pays (the others can follow)."""
    into, end = attack_scores(romans_before(enemies=1, legions=3).game(seed=1))
    assert into and min(into) > end == 0


def test_greedy_does_not_attack_against_the_odds() -> None:
    """One legion against four infantry: it never steps into Etruria."""
    game = romans_before(enemies=4, legions=1).game(seed=1)
    into, end = attack_scores(game)
    assert into and max(into) < end
    bot = GreedyPlayer(1)
    for _ in range(10):
        action = bot.choose(game)
        game.apply(action)
        if isinstance(action, EndMovement):
            break
    assert game.state.units_in("Etruria", "Romans") == []


def test_greedy_retreats_when_a_battle_turns_bad() -> None:
    """10.5: after a round that costs two of its three legions and kills nothing, the
    attacker's odds are bad and it retreats rather than stand fast."""
    pos = romans_before(enemies=3, legions=3)
    game = pos.game(seed=1)
    ids = [u.id for u in game.state.units_in("Rome", "Romans")]
    for unit in ids:
        game.apply(Move("Romans", (unit,), ("Rome", "Etruria")))
    game.apply(EndMovement("Romans"))
    game.script_dice([1, 1, 1, 10, 10, 1])  # the legions miss; two infantry hit
    game.apply(Fight("Romans", "Etruria"))
    assert game.decision is not None and game.decision.kind == "retreat", game.log.texts(5)
    actions = game.legal_actions()
    assert any(isinstance(a, StandFast) for a in actions)
    action = GreedyPlayer(1).choose(game)
    assert isinstance(action, Retreat) and len(action.units) == 1  # the legion left


def test_greedy_stands_fast_when_winning() -> None:
    pos = romans_before(enemies=3, legions=3)
    game = pos.game(seed=1)
    for unit in [u.id for u in game.state.units_in("Rome", "Romans")]:
        game.apply(Move("Romans", (unit,), ("Rome", "Etruria")))
    game.apply(EndMovement("Romans"))
    game.script_dice([10, 10, 1, 1, 1, 1])  # two infantry die, no legion does
    game.apply(Fight("Romans", "Etruria"))
    if game.decision is not None and game.decision.kind == "retreat":
        assert isinstance(GreedyPlayer(1).choose(game), StandFast)


def test_greedy_buys_what_it_can_place() -> None:
    """6.2: with gold to spend, it buys a unit rather than end the purchase."""
    pos = Position("italia1", turn=2, nation="Romans", phase="purchase")
    pos.put("Romans", "legion", "Rome", 2)
    pos.gold("Romans", 8)
    game = pos.game(seed=1)
    action = GreedyPlayer(1).choose(game)
    assert isinstance(action, Buy), action
    game.apply(action)  # it is legal


def test_zone_worth_follows_the_score_rules() -> None:
    """11.0: the Romans' cities score on turns 3, 5, 7 and 9, so a city zone is worth more
    to them on turn 2 than on turn 8, and more than a zone without a city."""
    game = new_game("italia1", seed=1)
    world = game.rules.world
    early = View(world, game.state, "Romans")
    assert early.worth("Rome") > early.worth("Umbria") > 0
    late_state = game.state.clone()
    late_state.turn = 8
    late = View(world, late_state, "Romans")
    assert late.worth("Rome") < early.worth("Rome")
    assert early.worth("Helvetia") == 0  # a borderland scores nothing
    assert geometry(world) is geometry(world)


def test_the_greedy_bot_sees_battle_odds() -> None:
    game = new_game("italia1", seed=1)
    view = View(game.rules.world, game.state, "Romans")
    legions = [u for u in game.state.units.values() if u.nation == "Romans"]
    enemy = [u for u in game.state.units.values() if u.nation == "Celts" and not u.is_fleet]
    strong = view.chances(legions, enemy[:1], "Etruria")
    weak = view.chances(legions[:1], enemy, "Etruria")
    assert strong.win > 0.5 > weak.win
    assert strong.my_losses >= 0 and strong.their_losses >= 0


# -- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_a_greedy_game_runs_to_the_end_reproducibly(scenario: str) -> None:
    first = play_game(scenario, seed=5, players=GreedyPlayer(5))
    again = play_game(scenario, seed=5, players=GreedyPlayer(5))
    assert first.is_over and first.log.of_kind("game_end")
    assert game_to_json(first) == game_to_json(again)
    assert set(final_scores(first)) == set(load_scenario(scenario).players)


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_any_mix_of_players_per_colour(scenario: str) -> None:
    colours = list(load_scenario(scenario).players)
    kinds = [GreedyPlayer(1), RandomPlayer(2), PassivePlayer(), RandomPlayer(4)]
    players = dict(zip(colours, kinds, strict=False))
    game = play_game(scenario, seed=3, players=players)
    assert game.is_over
    deciders = {game.rules.world.scenario.colour_of(a.nation) for a in game.actions}  # type: ignore[attr-defined]
    assert deciders == set(colours)


def test_a_scripted_player_replays_a_greedy_game() -> None:
    game = play_game("italia2", seed=2, players={"red": GreedyPlayer(2), **_random_rest()})
    replay = play_game("italia2", seed=2, players=ScriptedPlayer(game.actions))
    assert replay.state_json() == game.state_json()
    with pytest.raises(ValueError, match="no more actions"):
        ScriptedPlayer([]).choose(new_game("italia2"))


def _random_rest() -> dict[str, RandomPlayer]:
    return {c: RandomPlayer(i) for i, c in enumerate(("blue", "yellow", "green"))}


def test_greedy_scores_more_than_random() -> None:
    """Red (the Romans and their allies) with the greedy bot against random play, over a
    few seeds, against red played at random in the same games."""
    greedy, random_ = [], []
    for seed in range(3):
        others = {"yellow": RandomPlayer(seed + 10), "blue": RandomPlayer(seed + 20)}
        with_bot = play_game("italia1", seed=seed, players={"red": GreedyPlayer(seed), **others})
        without = play_game("italia1", seed=seed, players={"red": RandomPlayer(seed), **others})
        greedy.append(final_scores(with_bot)["red"])
        random_.append(final_scores(without)["red"])
    assert statistics.mean(greedy) > statistics.mean(random_) + 10, (greedy, random_)


def test_every_greedy_choice_is_legal() -> None:
    game = new_game("italia2", seed=9)
    bot = GreedyPlayer(9)
    for _ in range(300):
        if game.is_over:
            break
        action = bot.choose(game)
        assert action in game.legal_actions()
        game.apply(action)


# -- the registry ---------------------------------------------------------------------------------


def test_player_kinds_by_name() -> None:
    assert set(PLAYER_KINDS) == {"random", "passive", "rollout"}
    assert set(player_kinds("italia1")) == {"greedy", "random", "passive", "rollout"}
    assert isinstance(make_player(" Greedy ", 2, game="italia1"), GreedyPlayer)
    assert isinstance(make_player("random", 2), RandomPlayer)
    with pytest.raises(ValueError, match=r"unknown player kind 'chess'.*greedy, passive"):
        make_player("chess", game="italia2")
    with pytest.raises(ValueError, match=r"unknown player kind 'greedy' \(known: passive"):
        make_player("greedy")  # a game's bot needs the game
    with pytest.raises(ValueError, match="needs the game"):
        make_player("rollout")


def test_players_from_a_spec() -> None:
    spec = games.load("italia1")
    one, kinds = players_from_spec("greedy", spec, seed=4)
    assert isinstance(one, GreedyPlayer) and set(kinds.values()) == {"greedy"}
    per, kinds = players_from_spec("red=greedy, blue=passive", "italia1", seed=4)
    assert isinstance(per, dict)
    assert kinds == {"red": "greedy", "yellow": "random", "blue": "passive"}
    assert isinstance(per["red"], GreedyPlayer) and per["red"].seed == 400
    for bad, message in (
        ("purple=greedy", r"unknown colour 'purple' in italia1 \(colours: red, yellow, blue\)"),
        ("red=chess", "unknown player kind 'chess'"),
        ("red", "unknown player kind 'red'"),
        ("red=", "not colour=kind"),
        ("", "empty"),
    ):
        with pytest.raises(ValueError, match=message):
            players_from_spec(bad, spec)


def test_an_illegal_action_from_a_player_is_refused() -> None:
    game = new_game("italia1", seed=1)
    with pytest.raises(IllegalActionError):
        game.apply(EndMovement(game.decision.actor))  # type: ignore[union-attr]
