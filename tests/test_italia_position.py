"""Position: a tutorial author's questions (issue 14), each answered by the rules' own code,
and every bad input refused naming the field or the rule, with the position unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from italia_kit.core import IllegalActionError, InvalidActionError
from italia_kit.games.italia import Position


def snapshot(pos: Position) -> str:
    return json.dumps(pos.state.to_json(), sort_keys=True)


def refused_rule(pos: Position, attempt: Callable[[], object], rule: str) -> IllegalActionError:
    before = snapshot(pos)
    with pytest.raises(IllegalActionError) as err:
        attempt()
    assert err.value.rule == rule, f"refused under {err.value.rule}, expected {rule}"
    assert snapshot(pos) == before
    return err.value


def refused_field(pos: Position, attempt: Callable[[], object], field: str) -> None:
    before = snapshot(pos)
    with pytest.raises(InvalidActionError, match=f"field '{field}'"):
        attempt()
    assert snapshot(pos) == before


# -- the questions ------------------------------------------------------------------------
def test_combat_due_enters_the_combat_phase_with_the_engines_battles() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Lucania", 2)
    pos.put("Samnites", "infantry", "Lucania")
    pos.put("Samnites", "infantry", "Samnium")  # no Roman there: no battle
    assert pos.combat_due() == ["Lucania"]
    assert pos.state.phase_name == "combat"
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "battle"
    assert "Lucania" in game.decision.prompt


def test_major_invasion_is_marked_and_lifts_the_attack_limit() -> None:
    pos = Position("italia2", turn=7, nation="Arabs", phase="movement")
    before = pos.can_attack("Arabs", "Apulia", 4)
    pos.major_invasion()
    assert pos.state.major
    after = pos.can_attack("Arabs", "Apulia", 4)
    assert after.limit == before.limit + 1  # 12.2: one more unit
    pos.major_invasion(False)
    assert not pos.state.major


def test_supremacy_with_its_explanation() -> None:
    """The 10.9 example: 2 Carthaginian fleets beside Africa against 1 Roman."""
    pos = Position("italia1", nation="Romans")
    pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
    pos.put("Romans", "fleet", "Mare Sardoum")
    pos.put("Carthaginians", "infantry", "Africa")
    answer = pos.supremacy("Romans", "Africa")  # the one other nation there
    assert answer.holder == "Carthaginians" and bool(answer)
    assert (answer.fleets, answer.enemy_fleets) == (1, 2)
    assert "10.9" in answer.text and "Carthaginians" in str(answer)
    pos.put("Romans", "fleet", "Mare Sardoum")
    assert pos.supremacy("romans", "africa", "carthaginians").holder is None


def test_price_of_units_and_cities() -> None:
    pos = Position("italia2")
    assert pos.price("Western Romans", "legion") == 6  # 6.2 exception
    assert pos.price("Western Romans", "foederati") == 3
    assert pos.price("Byzantium", "cavalry") == 6
    assert pos.price("Vandals", "fleet") == 4
    assert pos.price("Vandals", "city", "Samnium") == 8  # a mountain zone


def test_hit_number_with_terrain_city_leaders_and_supremacy() -> None:
    pos = Position("italia1", nation="Romans")
    assert pos.hit_number("Romans", "legion", "Lucania", attacking=True).needs == 6
    assert pos.hit_number("Romans", "legion", "Samnium", attacking=True).needs == 7  # 10.3
    assert pos.hit_number("Samnites", "infantry", "Samnium", attacking=False).needs == 7
    pos.city("Samnium")
    n = pos.hit_number("Romans", "consular legion", "Samnium", attacking=True)
    assert (n.base, n.modifier, n.needs) == (5, -3, 8)
    assert "city -2" in n.text
    pos.put("Romans", "leader", "Lucania")
    assert pos.hit_number("Romans", "legion", "Lucania", attacking=True).needs == 4
    pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
    pos.put("Carthaginians", "infantry", "Africa")
    sup = pos.hit_number("Carthaginians", "infantry", "Africa", attacking=False, against="Romans")
    assert sup.needs == 6 and "naval supremacy +1" in sup.text
    assert pos.hit_number("Carthaginians", "fleet", "Mare Libycum", attacking=True).needs == 9
    # a 10 always hits (10.2): never worse than 10
    pos.city("Calabria")
    assert pos.hit_number("Carthaginians", "infantry", "Calabria", attacking=True).needs == 9


def test_10_2_hit_number_names_modifiers_that_cancel_out() -> None:
    """10.2, 10.6: a city's -2 and a leader's +2 add up to nothing, and the sentence still
    names both (lesson 06, Fabius at Pisae); the unit reads as words."""
    pos = Position("italia1", turn=2, nation="Romans")
    pos.put("Romans", "leader", "Pisae", name="Fabius")
    pos.put("Etruscans", "infantry", "Pisae", 4)
    pos.city("Pisae")
    n = pos.hit_number("Romans", "consular_legion", "Pisae", attacking=True)
    assert (n.modifier, n.needs) == (0, 5)
    assert n.text == (
        "10.2: a consular legion of the Romans hits on 5; +0 (city -2, leaders +2): 5-10."
    )


def test_10_2_hit_number_sentence_names_the_nation_by_its_name_not_as_an_adjective() -> None:
    """10.2: the classroom's "a Carthaginians elephant" reads "an elephant of the
    Carthaginians": the article agrees with the unit, the nation keeps its plural name."""
    pos = Position("italia1", turn=5, nation="Carthaginians")
    text = pos.hit_number("Carthaginians", "elephant", "Africa", attacking=False).text
    assert text == "10.2: an elephant of the Carthaginians hits on 5: 5-10."
    pos.put("Etruscans", "infantry", "Etruria")
    assert pos.hit_number("Etruscans", "infantry", "Etruria", attacking=False).text.startswith(
        "10.2: an infantry of the Etruscans hits on"
    )


def test_score_in_zones_cities_and_eliminations() -> None:
    """11.0 example 1: the Etruscans on turn 5; plus points already scored in play."""
    pos = Position("italia1", turn=5, nation="Romans")
    for zone in ("Pavia", "Ravenna", "Etruria", "Corfinium"):
        pos.put("Etruscans", "infantry", zone)
    pos.city("Etruria", "Pavia", "Corfinium")
    pos.state.vp["Etruscans"] = 2.0
    answer = pos.score("Etruscans")
    assert answer.zones + answer.cities == 9.0  # as the game scores it (test_italia_11)
    assert answer.eliminations == 2.0 and answer.total == 11.0
    assert any("cities" in line for line in answer.lines)
    assert Position("italia1", turn=1).score("Etruscans").total == 0.0


def test_subject_normalises_the_names() -> None:
    pos = Position("italia1")
    pos.subject("celts", "romans")
    assert pos.state.masters == {"Celts": "Romans"}


def test_put_at_sea_boards_a_fleet() -> None:
    pos = Position("italia1", nation="Romans")
    (fleet,) = pos.put("Romans", "fleet", "Mare Tyrrhenum")
    legions = pos.put("Romans", "legion", "Mare Tyrrhenum", 2)
    assert all(pos.state.units[i].carrier == fleet for i in legions)


# -- the bad inputs -----------------------------------------------------------------------
def test_subject_unknown_name_names_the_field() -> None:
    pos = Position("italia1")
    refused_field(pos, lambda: pos.subject("Gauls", "Romans"), "nation")
    refused_field(pos, lambda: pos.subject("Celts", "Persians"), "master")


def test_subject_not_allowed_by_the_card() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.subject("Carthaginians", "Romans"), "12.5")


def test_put_a_unit_the_card_does_not_have() -> None:
    pos = Position("italia1")
    err = refused_rule(pos, lambda: pos.put("Romans", "infantry", "Rome"), "2.3")
    assert "infantry" in err.reason
    refused_rule(pos, lambda: pos.put("Celts", "elephant", "Pavia", 2), "2.3")


def test_put_no_more_units_than_the_game_box_has_counters() -> None:
    """6.2: "A nation can only buy up to the number of tokens available in the game box":
    the card's token limits (Carthaginian elephants: 4) bound a position too, put ashore or
    aboard; leaders are not bought, and a tutorial may put two."""
    pos = Position("italia1")
    pos.put("Carthaginians", "elephant", "Africa", 3)
    err = refused_rule(pos, lambda: pos.put("Carthaginians", "elephant", "Africa", 2), "6.2")
    assert "4 elephant counters" in err.reason and "1 more at most" in err.reason
    pos.put("Carthaginians", "elephant", "Africa")  # the fourth: the box's last
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Libycum")
    refused_rule(pos, lambda: pos.aboard(fleet, "Carthaginians", "elephant"), "6.2")
    pos.put("Celts", "leader", "Pavia", 2)  # leaders are named, not counted (not bought)


def test_phase_and_turn_are_checked() -> None:
    """The phase is one the state takes (``state.PHASES``), the turn one of the scenario's."""
    from italia_kit.games.italia.state import PHASES

    for phase in PHASES:
        assert Position("italia1", phase=phase).state.phase_name == phase
    with pytest.raises(InvalidActionError, match="field 'phase'"):
        Position("italia1", phase="moving")
    for turn in (0, 11, True, "3"):
        with pytest.raises(InvalidActionError, match="field 'turn'"):
            Position("italia1", turn=turn)  # type: ignore[arg-type]
    assert Position("italia2", turn=10).state.turn == 10


def test_city_belonged_to_names_the_field() -> None:
    pos = Position("italia1")
    refused_field(pos, lambda: pos.city("Lucania", belonged_to="Persians"), "belonged_to")


def test_put_a_legion_at_sea_without_a_fleet() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.put("Romans", "legion", "Mare Tyrrhenum"), "9.6")
    pos.put("Romans", "fleet", "Mare Tyrrhenum")
    refused_rule(pos, lambda: pos.put("Romans", "legion", "Mare Tyrrhenum", 3), "9.6")


def test_put_a_fleet_on_land() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.put("Romans", "fleet", "Rome"), "9.5")


def test_put_bad_names_and_count() -> None:
    pos = Position("italia1")
    refused_field(pos, lambda: pos.put("Romans", "hoplite", "Rome"), "unit")
    refused_field(pos, lambda: pos.put("Romans", "legion", "Atlantis"), "zone")
    refused_field(pos, lambda: pos.put("Persians", "legion", "Rome"), "nation")
    refused_field(pos, lambda: pos.put("Romans", "legion", "Rome", 0), "count")


def test_aboard_unknown_fleet_id() -> None:
    pos = Position("italia1")
    refused_field(pos, lambda: pos.aboard(99, "Romans", "legion"), "fleet")
    (legion,) = pos.put("Romans", "legion", "Rome")
    refused_field(pos, lambda: pos.aboard(legion, "Romans", "legion"), "fleet")


def test_aboard_a_full_or_foreign_fleet() -> None:
    pos = Position("italia1")
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Libycum")
    refused_rule(pos, lambda: pos.aboard(fleet, "Romans", "legion"), "9.6")
    refused_rule(pos, lambda: pos.aboard(fleet, "Carthaginians", "infantry", 3), "9.6")
    refused_rule(pos, lambda: pos.aboard(fleet, "Carthaginians", "fleet"), "9.6")


def test_can_attack_a_sea_zone() -> None:
    pos = Position("italia1", nation="Romans")
    refused_rule(pos, lambda: pos.can_attack("Romans", "Mare Tyrrhenum", 2), "10.8")
    refused_field(pos, lambda: pos.can_attack("Romans", "Atlantis", 2), "zone")


def test_capital_bad_zone() -> None:
    pos = Position("italia2")
    refused_rule(pos, lambda: pos.capital("Vandals", "Mare Libycum"), "8.1")
    refused_field(pos, lambda: pos.capital("Vandals", "Atlantis"), "zone")
    one = Position("italia1")
    refused_rule(one, lambda: one.capital("Romans", "Etruria"), "13.1")


def test_gold_out_of_range() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.gold("Celts", 11), "6.1")
    refused_field(pos, lambda: pos.gold("Celts", -1), "amount")
    refused_field(pos, lambda: pos.gold("Gauls", 4), "nation")


def test_city_where_none_may_stand() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.city("Rome", "Mare Tyrrhenum"), "2.2.1.9")
    refused_field(pos, lambda: pos.city("Rome", "Atlantis"), "zone")


def test_combat_due_with_no_battle() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Lucania")
    refused_rule(pos, pos.combat_due, "10.0")


def test_major_invasion_not_on_the_card() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    refused_rule(pos, pos.major_invasion, "12.2")


def test_supremacy_bad_input() -> None:
    pos = Position("italia1", nation="Romans")
    refused_rule(pos, lambda: pos.supremacy("Romans", "Mare Libycum", "Carthaginians"), "10.9")
    refused_field(pos, lambda: pos.supremacy("Romans", "Africa"), "against")
    refused_field(pos, lambda: pos.supremacy("Romans", "Africa", "Persians"), "against")


def test_price_bad_input() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.price("Romans", "leader"), "6.2")
    refused_rule(pos, lambda: pos.price("Celts", "elephant"), "2.3")
    refused_field(pos, lambda: pos.price("Celts", "city"), "zone")
    refused_field(pos, lambda: pos.price("Celts", "chariot"), "unit")


def test_hit_number_bad_input() -> None:
    pos = Position("italia1")
    refused_rule(pos, lambda: pos.hit_number("Romans", "leader", "Rome", attacking=True), "10.2")
    refused_rule(
        pos, lambda: pos.hit_number("Romans", "legion", "Mare Tyrrhenum", attacking=True), "10.8"
    )
    refused_rule(pos, lambda: pos.hit_number("Romans", "fleet", "Rome", attacking=True), "10.8")
    refused_rule(pos, lambda: pos.hit_number("Celts", "elephant", "Pavia", attacking=True), "2.3")


def test_score_unknown_nation() -> None:
    pos = Position("italia1")
    refused_field(pos, lambda: pos.score("Persians"), "nation")


def test_docs_position_examples() -> None:
    """The examples in docs/position.md run and print what it says (as the README's)."""
    import doctest
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "docs" / "position.md"
    text = "\n".join("" if ln.startswith("```") else ln for ln in path.read_text().splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "position.md", str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 8 and result.failed == 0


def test_10_1_10_7_the_battle_prompt_offers_a_raid_only_where_one_is_listed() -> None:
    """10.7: a raid needs an opponent's city; the prompt names one only where the actions
    list it (lesson 05's Verona has none, lesson 04's Apulia has one)."""
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Verona", 2)
    pos.put("Celts", "infantry", "Verona")
    pos.combat_due()
    assert pos.game().decision.prompt == "choose the next battle (Verona): attack"
    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Apulia", 3)
    pos.put("Greeks", "infantry", "Apulia", 2)
    pos.city("Apulia")
    pos.combat_due()
    game = pos.game()
    assert (
        game.decision.prompt
        == "choose the next battle (Apulia): attack, or raid the city of Apulia"
    )
    assert any(getattr(a, "raid", False) for a in game.legal_actions())
