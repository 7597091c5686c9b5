"""Issue 19: the checks of the medieval package's old engine's rule tests that
``tests/test_medieval_rulebook.py`` does not already make, played on the Italia engine
(the game id ``medieval`` since the switch), with positions built by the tutorial builder
(``games/medieval/tutorial.py``). Numbered S1..S30 as in ``docs/games/medieval.md``; the
sentences tested there (S2-S16, S18-S30 and the chart's take-over and removals) are not
repeated here.

Refusals cite the variant's sentences (``MedievalRulebook.allowance_refusal``,
``wall_refusal``, ``leave_refusal``); a strict ``xfail`` marks what the engine does not do
yet.
"""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError
from italia_kit.games.italia.actions import EndMovement, Fight, Move, Submit
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval.rulebook import MedievalRulebook
from italia_kit.games.medieval.submission_hooks import R_SUBMIT
from italia_kit.games.medieval.tutorial import at_nation_turn, position

from .italia_helpers import refused

RULES = MedievalRulebook()


def _unit(game: ItaliaGame, power: str, zone: str, n: int = 0) -> int:
    return sorted(u.id for u in game.state.units_in(zone, power))[n]


def _step(game: ItaliaGame, power: str, unit: int, to: str) -> Move:
    return Move(power, (unit,), (game.state.units[unit].zone, to))


def _attack(game: ItaliaGame, power: str, frm: str, to: str) -> None:
    """``power`` moves one army from ``frm`` into ``to``, ends its movement and fights."""
    game.apply(_step(game, power, _unit(game, power, frm), to))
    game.apply(EndMovement(power))
    if game.decision is not None and game.decision.kind == "battle":
        game.apply(Fight(power, to))


# -- S17, S21: submission in play ---------------------------------------------------------------
def test_s17_no_submission_to_a_power_of_the_same_player() -> None:
    """S17: the Neapolitans and the Lombards are both Faction Four's (reconstructed): the
    Lombards' attack on Naples is fought with no offer, and a submission is refused, the
    state untouched."""
    assert RULES.power("Neapolitans").faction == RULES.power("Lombards").faction  # type: ignore[union-attr]
    game = position(
        {"Lombards": {"Gaeta": 2}, "Neapolitans": {"Naples": 1}},
        active="Lombards",
        turn=4,
        seed=1,
    )
    _attack(game, "Lombards", "Gaeta", "Naples")
    assert game.decision is None or game.decision.kind != "submit"
    assert game.log.of_kind("roll")  # the battle is fought
    with pytest.raises(IllegalActionError):
        game.apply(Submit("Neapolitans", True))


def test_s21_no_attacks_between_them_until_both_have_scored() -> None:
    """S21: the Papacy, which submitted to the Lombards (it has scored, they have not),
    may not enter the Lombards' Spoleto: no such step is listed and one is refused, the
    state untouched; once the truce is over (no submission pending) it may."""
    armies = {"Papacy": {"Perugia": 2}, "Lombards": {"Spoleto": 1}}
    game = position(
        armies, active="Papacy", turn=3, submissions=[("Papacy", "Lombards", True, False)]
    )
    papal = _unit(game, "Papacy", "Perugia")
    step = _step(game, "Papacy", papal, "Spoleto")
    assert step not in game.legal_actions()
    refused(game, lambda: game.apply(step), R_SUBMIT, "Lombards")
    after = position(armies, active="Papacy", turn=3)
    after.apply(_step(after, "Papacy", _unit(after, "Papacy", "Perugia"), "Spoleto"))
    assert after.state.stack_count("Spoleto", "Papacy") == 1


def test_s21_the_refusal_cites_the_submission() -> None:
    """S21: the step into a truce's area is refused under "rule text: submission"
    (``MedievalRulebook.wall_refusal``), the state untouched."""
    game = position(
        {"Papacy": {"Perugia": 2}, "Lombards": {"Spoleto": 1}},
        active="Papacy",
        turn=3,
        submissions=[("Papacy", "Lombards", True, False)],
    )
    step = _step(game, "Papacy", _unit(game, "Papacy", "Perugia"), "Spoleto")
    refused(game, lambda: game.apply(step), R_SUBMIT)


# -- bad input ------------------------------------------------------------------------------------
def test_bad_input_a_move_over_its_movement_points_is_refused() -> None:
    """S2, S3: an army that has spent two of its three points (Brescia - Milan - Novara)
    may not enter the mountain of Aosta (two more): refused, the state untouched."""
    game = position({"Lombards": {"Brescia": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Brescia")
    game.apply(Move("Lombards", (u,), ("Brescia", "Milan", "Novara")))
    refused(
        game,
        lambda: game.apply(_step(game, "Lombards", u, "Aosta")),
        "rule text: movement points",
        "spent 2 and this move costs 2",
    )


def test_bad_input_a_move_over_its_points_cites_the_movement_points() -> None:
    """S2: the refusal names the variant's movement points (``allowance_refusal``)."""
    game = position({"Lombards": {"Brescia": 1}}, active="Lombards")
    u = _unit(game, "Lombards", "Brescia")
    game.apply(Move("Lombards", (u,), ("Brescia", "Milan", "Novara")))
    refused(
        game, lambda: game.apply(_step(game, "Lombards", u, "Aosta")), "rule text: movement points"
    )


def test_bad_input_another_powers_unit_a_non_neighbour_or_out_of_turn_is_refused() -> None:
    """Moving another power's army, a step to an area not adjacent, a move by a power whose
    nation-turn it is not, a battle in the movement phase: each refused naming its rule
    (Italia's 5.0 sequence, 9.0 movement), the state untouched."""
    game = position({"Lombards": {"Brescia": 1}, "Franks": {"Turin": 1}}, active="Lombards")
    frank, lombard = _unit(game, "Franks", "Turin"), _unit(game, "Lombards", "Brescia")
    refused(game, lambda: game.apply(Move("Lombards", (frank,), ("Turin", "Aosta"))), "5.0")
    refused(game, lambda: game.apply(Move("Lombards", (lombard,), ("Brescia", "Rome"))), "9.0")
    refused(game, lambda: game.apply(Move("Franks", (frank,), ("Turin", "Aosta"))), "5.0")
    refused(game, lambda: game.apply(Fight("Lombards", "Brescia")), "5.0")


# -- the arrival chart's turn entries (M-A turn 1) ------------------------------------------------
def test_chart_1_the_romans_may_not_attack_the_ostrogoths_on_turn_1() -> None:
    """M-A turn 1: the Romans may not attack the Ostrogoths: no step into Siena is listed,
    one is refused naming it; on turn 2 they may."""
    game = position({"Romans": {"Rome": 1}, "Ostrogoths": {"Siena": 1}}, active="Romans")
    step = _step(game, "Romans", _unit(game, "Romans", "Rome"), "Siena")
    assert step not in game.legal_actions()
    refused(game, lambda: game.apply(step), "M-A turn 1", "may neither attack the Ostrogoths")
    later = position({"Romans": {"Rome": 1}, "Ostrogoths": {"Siena": 1}}, active="Romans", turn=2)
    later.apply(_step(later, "Romans", _unit(later, "Romans", "Rome"), "Siena"))
    assert later.state.stack_count("Siena", "Romans") == 1


def test_chart_2_the_byzantines_move_through_the_romans_without_a_battle() -> None:
    """M-A turn 1: the Byzantines may move through the Romans: two superior armies land in
    Naples from the Tyrrhenian and go on to Benevento; no battle follows."""
    game = position(
        {"Byzantines": {"Tyrrhenian": 2}, "Romans": {"Naples": 1}},
        active="Byzantines",
        superior=["Byzantines"],
    )
    for u in sorted(x.id for x in game.state.units_in("Tyrrhenian", "Byzantines")):
        game.apply(Move("Byzantines", (u,), ("Tyrrhenian", "Naples", "Benevento")))
    game.apply(EndMovement("Byzantines"))
    assert not game.log.of_kind("battle")
    assert game.state.stack_count("Benevento", "Byzantines") == 2


def test_arrival_with_nowhere_to_go_does_not_come() -> None:
    """Reading 17: Charlemagne arrives "not necessarily where Pepin was" (M-A turn 2), so
    in a Frankish area; at the start of a Frankish nation-turn with no Frankish area on the
    board he does not come (nor the four armies of the Ligurian: the Franks have no boats,
    S8), and the game goes on."""
    game = at_nation_turn({"Lombards": {"Milan": 1}}, power="Franks", turn=2)
    while game.decision is not None and game.decision.kind == "place":
        game.apply(game.legal_actions()[0])
    assert "Charlemagne" not in {u.name for u in game.state.units.values()}
    assert game.decision is not None and game.decision.kind == "move"


def test_arrival_with_nowhere_to_go_is_told() -> None:
    """Reading 17: a chart group with nowhere to arrive does not come, and the log says so
    (``no_arrival``), as the old engine told it: M-A turn 2's four Frankish armies for "the
    Ligurian or a Frankish area", with no Frankish area on the board and no boats (S8)."""
    game = at_nation_turn({"Lombards": {"Milan": 1}}, power="Franks", turn=2)
    told = game.log.of_kind("no_arrival")
    assert [e.data["group"] for e in told] == ["4 armies"]
    assert all(e.rule.startswith("reconstructed: reading 17") for e in told)
    assert "4 armies of the Franks have nowhere to arrive: they do not come." in told[0].text
