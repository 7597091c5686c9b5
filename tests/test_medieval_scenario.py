"""The Medieval Italia scenario data (italia_kit/games/medieval/scenarios/medieval/).

Turns 1-2 and the start of turn 3 as the sources give them (facts 1.4, 1.5), the Faction
Four awards as M-V4 gives them (facts 1.6), the rest reconstructed and marked so.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.medieval import names
from italia_kit.games.medieval.scenario import SHIPPED, load_scenario
from italia_kit.geo import load_board


def test_scenario_1_thirteen_turns_four_factions_every_power_once() -> None:
    s = load_scenario()
    assert s.last_turn == 13 and len(s.turn_labels) == 13
    assert s.turn_labels[1] == "535-751" and s.turn_labels[2] == "756-900"
    assert sorted(s.players) == ["Four", "One", "Three", "Two"]
    members = [m for ms in s.players.values() for m in ms]
    assert sorted(members) == sorted(p.name for p in s.powers)
    assert [p.order for p in s.powers] == list(range(1, 28))


def test_scenario_2_the_set_up_as_the_chart_gives_it() -> None:
    s = load_scenario()
    setup = {p.name: [g.zones[0] for g in p.setup] for p in s.powers if p.setup}
    assert setup["Romans"] == ["Rome", "Ravenna", "Milan", "Naples", "Brindisi"]
    assert setup["Byzantines"] == ["Istria"]
    assert setup["Franks"] == ["Novara", "Turin", "Aosta"]
    assert setup["Vandals"] == ["Palermo", "Messina", "Ragusa"]
    assert len(setup["Ostrogoths"]) == 15


def test_scenario_3_turn_1_and_2_arrivals_as_stated() -> None:
    s = load_scenario()
    byz = s.power("Byzantines").reinforcements[0]
    assert byz.turn == 1 and byz.major_invasion and byz.superior
    assert [(g.count, g.zones) for g in byz.units if g.unit == "army"] == [
        (4, ("Adriatic",)), (4, ("Tyrrhenian",)), (4, ("Ionian",)),
    ]  # fmt: skip
    lom = s.power("Lombards").reinforcements[0]
    assert lom.major_invasion and lom.units[0].count == 15 and lom.units[0].zones == ("Austria",)
    assert s.power("Beneventans").reinforcements[0].units[0].count == 15
    avars = s.power("Avars").reinforcements
    assert avars[0].units[0].raider and avars[1].remove == 2
    franks2 = s.power("Franks").reinforcements[1]
    assert franks2.major_invasion
    assert [g.name for g in franks2.units if g.unit == "leader"] == ["Pepin", "Charlemagne"]
    assert s.power("Florentines").reinforcements[0].units[0].zones == ("Florence", "Pisa", "Siena")
    assert s.boats[1] == ("Byzantines",) and s.boats[2] == ("Byzantines", "Arabs")
    assert s.minima[2] == ("Lombards", "Beneventans", "Spoletians")
    assert s.minima[3][:4] == ("Beneventans", "Spoletians", "Venetians", "Neapolitans")


def test_scenario_4_the_submission_lists_and_minima_places_of_the_rule_text() -> None:
    s = load_scenario()
    receivers = {p.name for p in s.powers if p.receives_submission}
    assert receivers == {
        "Beneventans", "Lombards", "Franks", "Germans", "Normans", "Spaniards", "French",
        "Milanese",
    }  # fmt: skip
    submitters = {p.name for p in s.powers if p.may_submit}
    assert submitters == {
        "Spoletians", "Genovese", "Papacy", "Lombards", "Neapolitans", "Milanese", "Condottieri",
        "Avars", "Magyars", "Florentines", "Beneventans", "Franks", "Piedmontese", "Pisans",
        "Venetians", "Normans",
    }  # fmt: skip
    places = {p.name: p.minima_places for p in s.powers if p.minima_places}
    assert places == {
        "Neapolitans": ("Naples",), "Piedmontese": ("Turin", "Aosta"), "Genovese": ("Genoa",),
        "Pisans": ("Pisa",), "Papacy": ("Rome",), "Milanese": ("Milan",),
        "Venetians": ("Venice",), "Florentines": ("Florence",), "Spoletians": ("Spoleto",),
        "Beneventans": ("Gaeta",), "Lombards": ("Friuli", "Mantua"),
    }  # fmt: skip


def test_scenario_5_faction_four_awards_from_m_v4() -> None:
    s = load_scenario()
    lom = s.power("Lombards").scoring
    assert [(r.zones, r.points) for r in lom] == [
        (("Milan",), 3),
        (("Alessandria", "Friuli"), 2),
        ((), 1.5),
    ]
    assert all(r.turns == (1, 4, 7, 10, 13) for r in lom)
    assert {p.name for p in s.powers if p.faction == "Four"} == {
        "Ostrogoths", "Lombards", "Neapolitans", "Milanese", "French", "Piedmontese",
    }  # fmt: skip


def test_scenario_6_every_value_is_marked_with_its_source() -> None:
    s = load_scenario()
    for p in s.powers:
        entries = [*p.setup, *p.reinforcements, *p.scoring, *p.elimination_vp]
        entries += [g for r in p.reinforcements for g in r.units]
        assert all(e.provenance for e in entries), p.name
        assert "default" in p.provenance or p.provenance
    # turns 4-13 are reconstructed: every later arrival says so
    for p in s.powers:
        for r in p.reinforcements:
            if r.turn >= 4:
                assert "reconstructed" in r.provenance, (p.name, r.turn)


def test_scenario_7_area_names_are_the_boards() -> None:
    board = load_board("medieval")
    assert {z.name for z in board.zones} == names.ALL


def test_scenario_8_bad_data_lists_every_problem(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(SHIPPED / "medieval", folder)
    text = (folder / "lombards.yaml").read_text(encoding="utf-8")
    text = text.replace("zone: Austria", "zone: Austira").replace("faction: Four", "faction: Two")
    (folder / "lombards.yaml").write_text(text.replace("turns: 1-13", "turnz: 1-13"), "utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(folder)
    problems = "\n".join(err.value.problems)
    assert "unknown area 'Austira' (did you mean 'Austria'?)" in problems
    assert "'turnz': unknown key (did you mean 'turns'?)" in problems
    assert "field 'faction': 'Two' disagrees with 'players'" in problems
    assert len(err.value.problems) >= 4
