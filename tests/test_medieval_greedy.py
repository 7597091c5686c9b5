"""The greedy player of Medieval Italia on the Italia engine, its battles judged by the
variant's own odds (``games/medieval/combat_odds.py``)."""

from __future__ import annotations

import pytest

from italia_kit.games.italia.actions import EndMovement, Fight, Move, Retreat, StandFast, Submit
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval.combat_odds import land_odds
from italia_kit.games.medieval.greedy import GreedyPlayer, _Judge
from italia_kit.games.medieval.rulebook import MedievalRulebook
from italia_kit.games.medieval.spec import new_game
from italia_kit.games.medieval.tutorial import position


def test_greedy_0_it_judges_a_battle_by_the_variants_odds() -> None:
    """The chance it holds an area is the variant's battle odds (``combat_odds.land_odds``,
    Britannia's battle fought out): three Lombards attacking a Milanese in Milan, and the
    Milanese's side of it."""
    game = position({"Lombards": {"Milan": 3}, "Milanese": {"Milan": 1}}, active="Lombards")
    world, state = game.rules.world, game.state
    rules = world.rulebook
    assert isinstance(rules, MedievalRulebook)
    attackers, defenders = state.units_in("Milan", "Lombards"), state.units_in("Milan", "Milanese")
    wins, loses, _, _ = land_odds(rules, world, state, attackers, defenders, "Milan")
    judge = _Judge(GreedyPlayer(1), world, state)
    assert judge.holding_chance("Milan", attacking=True) == pytest.approx(wins)
    assert wins > 0.8 and loses < 0.1


def test_greedy_1_a_seeded_greedy_game_is_the_same_game_again() -> None:
    """Ties go to the game's stream: two greedy games of one seed through turn 2 have the
    same log."""

    def played() -> list[str]:
        game = new_game(seed=7)
        bot = GreedyPlayer(7)
        while not game.is_over and game.state.turn <= 2:
            game.apply(bot.choose(game))
        return [e.text for e in game.log]

    assert played() == played()


def test_greedy_2_it_never_empties_an_area_it_holds_and_takes_an_empty_one() -> None:
    """With one army in Milan and three in Brescia, a step out of Milan scores below ending
    the movement; the best step takes an empty area from Brescia."""
    game = position({"Lombards": {"Milan": 1, "Brescia": 3}}, active="Lombards", turn=4)
    bot = GreedyPlayer(1)
    choice = bot.choose(game)
    assert isinstance(choice, Move) and choice.path[0] == "Brescia"
    assert not game.state.units_in(choice.path[-1])


def _after_a_round_of_misses(lombards: int, milanese: int) -> tuple[ItaliaGame, GreedyPlayer]:
    """Lombards from Brescia attack the Milanese in Milan; the first round's dice all miss,
    so the attacker is asked whether to retreat (Britannia (public summary): retreats)."""
    game = position(
        {"Lombards": {"Brescia": lombards}, "Milanese": {"Milan": milanese}}, active="Lombards"
    )
    troops = tuple(sorted(u.id for u in game.state.units_in("Brescia", "Lombards")))
    game.apply(Move("Lombards", troops, ("Brescia", "Milan")))
    game.apply(EndMovement("Lombards"))
    game.script_dice([1] * (lombards + milanese))
    game.apply(Fight("Lombards", "Milan"))
    assert game.decision is not None and game.decision.kind == "retreat"
    assert game.decision.actor == "Lombards"
    return game, GreedyPlayer(2)


def test_greedy_3_a_strong_stack_stands_and_a_lone_army_among_enemies_retreats() -> None:
    """Battles by the odds: three Lombards against one Milanese stand fast; one Lombard
    against three retreats."""
    strong, bot = _after_a_round_of_misses(3, 1)
    assert isinstance(bot.choose(strong), StandFast)
    weak, bot = _after_a_round_of_misses(1, 3)
    choice = bot.choose(weak)
    (army,) = [u.id for u in weak.state.units_in("Milan", "Lombards")]
    assert isinstance(choice, Retreat) and choice.units == (army,)


def test_greedy_4_it_submits_when_the_odds_are_hopeless_and_not_otherwise() -> None:
    """S11-S14: the Spoletians (one army) attacked by three Lombards submit; attacked by
    one, they fight."""
    for attackers, accepts in ((3, True), (1, False)):
        game = position(
            {"Lombards": {"Perugia": attackers}, "Spoletians": {"Spoleto": 1}},
            active="Lombards",
            turn=2,
        )
        troops = tuple(sorted(u.id for u in game.state.units_in("Perugia", "Lombards")))
        game.apply(Move("Lombards", troops, ("Perugia", "Spoleto")))
        game.apply(EndMovement("Lombards"))
        game.apply(Fight("Lombards", "Spoleto"))
        assert game.decision is not None and game.decision.kind == "submit"
        assert GreedyPlayer(1).choose(game) == Submit("Spoletians", accepts)
