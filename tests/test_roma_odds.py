"""Roma's exact battle odds (italia_kit/games/roma/odds.py): a Markov chain over both sides'
strengths, checked against the dice by brute force and against a Monte Carlo of the engine's
own battle code (13.1, 13.11, 13.2); ``italia-kit odds --game roma``."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest

from italia_kit.cli import main
from italia_kit.games.roma.combat import STRIKE_MARGIN, ratio_bonus, resolve
from italia_kit.games.roma.odds import RomaBattle, _round, exact_odds, monte_carlo


def _brute_round(a: int, d: int, ac: int, dc: int, one_die: bool, tie: str) -> list[int]:
    counts = [0] * 5
    for a_dice in itertools.product(range(1, 7), repeat=1 if one_die else 2):
        for d_dice in itertools.product(range(1, 7), repeat=2):
            sa = sum(a_dice) + ac + ratio_bonus(a, d)
            sd = sum(d_dice) + dc + ratio_bonus(d, a)
            won = resolve(sa, sd, a, d, sum(a_dice), sum(d_dice), tie_break=tie)
            if won is None:
                counts[2] += 1
            elif won[0] == "a":
                counts[0 if won[1] >= STRIKE_MARGIN else 1] += 1
            else:
                counts[4 if won[1] >= STRIKE_MARGIN else 3] += 1
    return counts


@pytest.mark.parametrize("tie", ["more_units", "higher_dice"])
def test_13_1_each_round_agrees_with_every_throw_of_the_dice(tie: str) -> None:
    for a, d, ac, dc, one in [
        (1, 1, 0, 0, False),
        (3, 2, 1, 0, False),
        (2, 5, 0, 2, True),
        (10, 3, 3, 1, False),
        (4, 4, 0, 0, True),
        (6, 2, 0, 3, False),
    ]:
        *counts, total = _round(a, d, ac, dc, one, tie)
        assert counts == _brute_round(a, d, ac, dc, one, tie) and total == 6 ** (3 if one else 4)


def test_exact_odds_are_a_distribution_and_fair_when_even() -> None:
    odds = exact_odds(RomaBattle(4, 3, attacker_cards=1, one_die=True), exact=True)
    assert sum(odds.outcomes.values()) == 1
    assert all(isinstance(p, Fraction) for p in odds.outcomes.values())
    assert exact_odds(RomaBattle(5, 5), exact=True).attacker_wins == Fraction(1, 2)
    assert exact_odds(RomaBattle(1, 1, tie_break="higher_dice"), exact=True).attacker_wins == (
        Fraction(1, 2)
    )


def test_13_2_one_die_and_numbers_move_the_odds_the_right_way() -> None:
    even = exact_odds(RomaBattle(6, 6)).attacker_wins
    assert exact_odds(RomaBattle(6, 6, one_die=True)).attacker_wins < even
    assert exact_odds(RomaBattle(6, 6, attacker_cards=1)).attacker_wins > even
    assert exact_odds(RomaBattle(7, 6)).attacker_wins > even


@pytest.mark.parametrize(
    "battle",
    [
        RomaBattle(3, 2),
        RomaBattle(4, 4, one_die=True, attacker_cards=1),
        RomaBattle(3, 3, naval=True, defender_cards=2),
    ],
    ids=["3v2", "4v4-one-die-card", "naval-3v3-cards"],
)
def test_exact_odds_agree_with_a_monte_carlo_of_the_engines_battles(battle: RomaBattle) -> None:
    n = 1500
    exact = exact_odds(battle)
    played = monte_carlo(battle, n, seed=7)
    p = float(exact.attacker_wins)
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(played.attacker_wins - p) < 4 * sigma + 1e-9
    for key, q in exact.outcomes.items():
        assert abs(played.outcomes.get(key, 0.0) - q) < 4 * math.sqrt(q * (1 - q) / n) + 0.01


def test_bad_battles_are_refused_naming_the_rule() -> None:
    with pytest.raises(ValueError, match=r"13\.1"):
        RomaBattle(0, 3)
    with pytest.raises(ValueError, match=r"4\.2"):
        RomaBattle(3, 3, attacker_cards=4)
    with pytest.raises(ValueError, match=r"13\.2"):
        RomaBattle(3, 3, naval=True, one_die=True)


def test_the_odds_command_for_roma(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--game", "roma", "--attacker", "10", "--defender", "10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["attacker_wins"] == pytest.approx(0.5) and data["battle"]["attacker"] == 10
    assert main(["odds", "--game", "roma", "--attacker", "0", "--defender", "1"]) == 2
    assert "13.1" in capsys.readouterr().err
    # Italia's odds stay the default odds
    assert main(["odds", "--attacker", "infantry", "--defender", "infantry"]) == 0
    assert "infantry" in capsys.readouterr().out
