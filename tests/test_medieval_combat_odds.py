"""Issue 19: the odds of a medieval battle on the Italia engine (``combat_odds``), the
greedy player's "what are the odds of this attack": exact odds of Britannia's battle
fought out with the d6 and the variant's hit numbers, through Italia's
``Rulebook.land_odds`` for the greedy player's view (whose default stays Italia's odds)."""

from __future__ import annotations

from fractions import Fraction

from italia_kit.games.italia import Position
from italia_kit.games.italia.actions import Fight, StandFast
from italia_kit.games.italia.odds import Battle, Side, exact_odds
from italia_kit.games.italia.position import View
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.medieval import combat_odds
from italia_kit.games.medieval.combat_odds import attack_odds, battle_odds

from .test_medieval_combat import RULES, attack, position


def test_one_army_against_one_on_clear_ground() -> None:
    """Each hits on 5-6 (1/3): a round ends it unless both miss (4/9); both hit (1/9)
    destroys both: 2/5 each way, 1/5 both, 3/5 of an army lost each on average."""
    odds = battle_odds((5,), (5,), exact=True)
    assert (odds.attacker_wins, odds.defender_wins, odds.both_destroyed) == (
        Fraction(2, 5),
        Fraction(2, 5),
        Fraction(1, 5),
    )
    assert odds.attacker_losses == odds.defender_losses == Fraction(3, 5)


def test_the_outcomes_add_up_and_the_float_odds_are_the_fractions() -> None:
    for attack_numbers, defence in (((4, 5, 6), (5, 5)), ((6, 6, 6), (5,)), ((5,) * 5, (5,) * 4)):
        exact = battle_odds(attack_numbers, defence, exact=True)
        assert exact.attacker_wins + exact.defender_wins + exact.both_destroyed == 1
        approx = battle_odds(attack_numbers, defence)
        assert abs(approx.attacker_wins - float(exact.attacker_wins)) < 1e-12


def test_difficult_terrain_and_superior_armies_change_the_odds_as_the_dice_do() -> None:
    """Britannia (public summary): attackers on a 6 do worse than on a 5; superior armies
    on a 4 better; the order the numbers are given in does not matter."""
    clear = battle_odds((5, 5, 5), (5, 5)).attacker_wins
    marsh = battle_odds((6, 6, 6), (5, 5)).attacker_wins
    superior = battle_odds((4, 4, 4), (5, 5)).attacker_wins
    assert marsh < clear < superior
    assert battle_odds((6, 4, 5), (5,)) == battle_odds((4, 5, 6), (5,))


def test_a_side_without_armies_cannot_win() -> None:
    assert battle_odds((), (5,)).defender_wins == 1.0
    assert battle_odds((5,), ()).attacker_wins == 1.0


def test_attack_odds_read_the_board_the_turn_and_the_armies_joining() -> None:
    """Three Byzantines before Ravenna's marsh (6s) against two Ostrogoths: the odds of
    the attack; with a fourth joining, better; the same in clear Bologna, better still;
    an army marked as having appeared elsewhere joins as one that walks in (a 6)."""
    pos = position()
    mine = pos.put("Byzantines", "infantry", "Bologna", 4)
    pos.put("Ostrogoths", "infantry", "Ravenna", 2)
    pos.put("Ostrogoths", "infantry", "Florence", 2)
    world, state = pos.world, pos.state
    three = [state.units[i] for i in mine[:3]]
    four = [state.units[i] for i in mine]
    into_marsh = attack_odds(RULES, world, state, "Byzantines", "Ravenna", three)
    assert into_marsh == battle_odds((6, 6, 6), (5, 5))
    more = attack_odds(RULES, world, state, "Byzantines", "Ravenna", four)
    assert more.attacker_wins > into_marsh.attacker_wins
    clear = attack_odds(RULES, world, state, "Byzantines", "Florence", three)
    assert clear.attacker_wins > into_marsh.attacker_wins
    state.units[mine[0]].extras = {"appeared": True}
    assert attack_odds(RULES, world, state, "Byzantines", "Ravenna", three) == into_marsh
    assert state.units[mine[0]].extras == {"appeared": True}  # the unit itself unchanged


def test_the_odds_match_the_engines_battles_fought_out() -> None:
    """Two Byzantines attack two Ostrogoths in Bologna, both sides always standing: over
    200 seeded battles on the engine the attacker holds the field about as often as the
    odds say (within four standard deviations)."""
    expected = battle_odds((5, 5), (5, 5)).attacker_wins
    wins, battles = 0, 200
    for seed in range(battles):
        game, _, _ = attack("Bologna", "Ravenna", 2, 2, seed=seed)
        game.apply(Fight("Byzantines", "Bologna"))
        while game.state.battle is not None:
            decision = game.decision
            assert decision is not None
            game.apply(StandFast(decision.actor))
        wins += game.log.of_kind("battle_end")[-1].data["holder"] == "Byzantines"
    sigma = (expected * (1 - expected) / battles) ** 0.5
    assert abs(wins / battles - expected) < 4 * sigma


# -- Rulebook.land_odds: the greedy player's view ------------------------------------------------
def test_land_odds_italia_are_italias_exact_odds() -> None:
    """Default: Italia's exact odds of the units' types in the zone's terrain; Italia's
    view does not ask it (``fixed_land_odds``)."""
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    attackers = [pos.state.units[i] for i in pos.put("Carthaginians", "infantry", "Samnium", 3)]
    defenders = [pos.state.units[i] for i in pos.put("Samnites", "infantry", "Apulia", 2)]
    rules = Rulebook()
    got = rules.land_odds(pos.world, pos.state, attackers, defenders, "Apulia")
    odds = exact_odds(Battle(Side({"infantry": 3}), Side({"infantry": 2})))
    assert got[:2] == (odds.attacker_wins, odds.defender_wins)
    assert rules.fixed_land_odds() and not RULES.fixed_land_odds()


def test_land_odds_the_variants_are_what_the_greedy_players_view_judges() -> None:
    """The view's chances of an attack, and of a defence, are the variant's odds."""
    game, mine, theirs = attack("Ravenna", "Bologna", 3, 2)
    world, state = game.rules.world, game.state
    ours = [state.units[i] for i in mine]
    enemies = [state.units[i] for i in theirs]
    odds = battle_odds((6, 6, 6), (5, 5))
    chances = View(world, state, "Byzantines").chances(ours, enemies, "Ravenna")
    assert (chances.win, chances.lose) == (odds.attacker_wins, odds.defender_wins)
    assert chances.my_losses == odds.attacker_losses
    defence = View(world, state, "Ostrogoths").chances(enemies, ours, "Ravenna", attacking=False)
    assert (defence.win, defence.lose) == (odds.defender_wins, odds.attacker_wins)
    assert combat_odds.land_odds(RULES, world, state, ours, enemies, "Ravenna")[0] == chances.win
