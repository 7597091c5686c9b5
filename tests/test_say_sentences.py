"""The sentences of Roma, Agricola, Medieval Italia and Renaissance (each game's ``say``),
word for word where random games seldom go: a strike at sea (Roma 13.11), losses shared
among allies (13.13), a raid's loss (Agricola 7.1), an ambush (8.3), a Garrison with
Agricola's elimination (5.2), a battle's retreat and a submission (Medieval Italia), and a
Renaissance sheet shortened for a list that still reads back as the same orders."""

from __future__ import annotations

import random

from italia_kit import games
from italia_kit.games.agricola import actions as ag
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.say import sentence as agricola_says
from italia_kit.games.agricola.setup import new_game as new_agricola
from italia_kit.games.agricola.tables import ONE_AQUILA
from italia_kit.games.italia import actions as md
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.medieval.say import sentence as medieval_says
from italia_kit.games.medieval.spec import new_game as new_medieval
from italia_kit.games.medieval.submission_hooks import PENDING, Withdraw
from italia_kit.games.renaissance.notation import parse_line
from italia_kit.games.renaissance.rules import Adjustments, SeasonOrders
from italia_kit.games.renaissance.say import sentence as renaissance_says
from italia_kit.games.renaissance.say import shorten
from italia_kit.games.roma import actions as ro
from italia_kit.games.roma.board import roma_map
from italia_kit.games.roma.say import sentence as roma_says


def test_roma_13_11_strike_and_13_13_shared_losses_read_as_the_rulebook_says() -> None:
    assert roma_says(None, ro.Strike("ITALIA", True)) == (
        "ITALIA: sink 2 ships of the loser's choice (13.11)"
    )
    assert roma_says(None, ro.Strike("ITALIA", False, "GRECIA")) == (
        "ITALIA: pick a loaded ship of GRECIA to sink, with what it carries (13.11)"
    )
    assert roma_says(None, ro.ShareLosses("ITALIA", ("GRECIA", "ITALIA", "ITALIA"))) == (
        "ITALIA: propose the losses: GRECIA 1 piece, ITALIA 2 pieces (13.13)"
    )
    assert roma_says(None, ro.AgreeLosses("GRECIA", False)) == (
        "GRECIA: refuse the proposal: the losses fall in proportion to the fleets (13.13)"
    )


def test_roma_places_are_named_with_their_printed_number_or_letter_7_1_cards_by_name() -> None:
    m = roma_map()
    sea = m.letter["Mare Sardoum"]
    assert roma_says(None, ro.Join("GRECIA", "Mare Sardoum")) == (
        f"GRECIA: take no part and leave for {sea} Mare Sardoum (12.3)"
    )
    assert roma_says(None, ro.Discard("ITALIA", ("CMT", "CMT", "SIC"))) == (
        "ITALIA: discard 2 Land Military Advantage cards and 1 Assassin card, "
        "then draw back to 3 (7.1)"
    )
    home = ro.ReturnToPort("LUGDUNENSIS", "Mare Sardoum", "Massilia")
    assert roma_says(None, home) == (
        f"LUGDUNENSIS: bring the ships in {sea} Mare Sardoum home to "
        f"{m.number['Massilia']} Massilia (End of Turn)"
    )


def test_agricola_7_1_raid_loss_8_3_ambush_and_5_2_garrison_name_legions_and_counters() -> None:
    state = new_agricola(seed=1).state
    first = ONE_AQUILA[0]
    assert agricola_says(state, ag.RaidLoss(first)) == (
        "Rome: lose 1-aquila 1 of II Augusta to the raid (7.1)"
    )
    ambush = agricola_says(state, ag.AmbushLegion(1))
    assert ambush == "Rome: fight the ambush with IX Hispana (8.3)"
    garrison = ag.LegionAction((2,), BOX["Deceangli"], ag.GARRISON, 2, BOX["Ordovices"])
    assert agricola_says(state, garrison) == (
        "Rome: Garrison the Deceangli with XX Valeria Victrix, moving from Deva Victrix, "
        "giving up a 2-aquila unit; Agricola eliminates the top-most Tribal Unit of the "
        "Ordovices (5.2)"
    )
    assert agricola_says(state, ag.Recruit((0, 0, 2))) == (
        "Rome: spend 8 VP on 3 one-aquila units (2 to II Augusta, 1 to XX Valeria Victrix) (9.7)"
    )


def test_medieval_battle_choices_name_the_area_and_the_submission_rule() -> None:
    """On the Italia engine: the offer of a submission (S14), the retreats of a battle
    (Britannia's) and the withdrawals after a submission (S15, S16)."""
    game = new_medieval(seed=1)
    state = game.state
    state.battle = Battle(zone="Alps", attacker="Lombards", defender="Franks", stage="submit")
    assert medieval_says(state, md.Submit("Franks", True)) == (
        "Franks: submit to the Lombards in Alps (submission)"
    )
    assert medieval_says(state, md.Submit("Franks", False)) == (
        "Franks: refuse to submit and fight in Alps (submission)"
    )
    assert medieval_says(state, md.StandFast("Franks")) == (
        "Franks: stand and fight in Alps (Britannia: retreats)"
    )
    state.extras[PENDING] = {"nation": "Lombards", "zone": "Alps", "flee": False}
    assert medieval_says(state, Withdraw("Lombards", "")) == (
        "Lombards: send the units in Alps back where each came from (submission)"
    )
    assert medieval_says(state, Withdraw("Lombards", "Friuli")) == (
        "Lombards: send the units in Alps on to Friuli (submission)"
    )
    state.extras[PENDING] = {"nation": "Franks", "zone": "Alps", "flee": True}
    assert medieval_says(state, Withdraw("Franks", "")) == (
        "Franks: stay in Alps under the truce (submission)"
    )


def test_medieval_a_placement_names_its_group_and_the_rule_it_arrives_under() -> None:
    """S27: the Pisans' two armies of turn 2 are one decision and one sentence; a
    population increase's army cites Britannia's population rule."""
    from italia_kit.games.medieval.tutorial import at_nation_turn

    pisans = at_nation_turn({}, power="Pisans", turn=2)
    assert medieval_says(pisans.state, md.Place("Pisans", "infantry", "Pisa")) == (
        "Pisans: place 2 armies in Pisa (reinforcements arrive at the start of the nation-turn)"
    )
    held = {z: 1 for z in ("Milan", "Novara", "Brescia", "Parma", "Alessandria", "Turin")}
    milanese = at_nation_turn({"Milanese": held}, power="Milanese", turn=4)
    assert medieval_says(milanese.state, md.Place("Milanese", "infantry", "Milan")) == (
        "Milanese: place an army in Milan (Britannia: population increase)"
    )


def test_renaissance_sheets_shortened_for_a_list_read_back_as_the_same_orders() -> None:
    """Phase C: every line of the sheets a few seasons offer, its sea areas abbreviated,
    parses to the order the full line gives (the notation's own reader)."""
    spec = games.load("renaissance")
    game = spec.new_game(seed=2)
    rules = game.rules
    m = rules.map  # type: ignore[attr-defined]
    rng = random.Random(2)
    lines = 0
    while not game.is_over and len(game.actions) < 40:
        for action in game.legal_actions():
            if isinstance(action, SeasonOrders):
                for line in action.lines:
                    assert parse_line(shorten(line), m) == parse_line(line, m), line
                    lines += 1
        game.apply(rng.choice(game.legal_actions()))
    assert lines > 50
    sheet = SeasonOrders("Venice", "Spring 1454", ("F Venice -> Upper Adriatic Sea", "A Venice H"))
    assert renaissance_says(None, sheet) == (
        "Venice, Spring 1454 orders: F Venice -> UAS; hold: A Venice (Phase C)"
    )
    assert renaissance_says(None, Adjustments("Venice", "Spring 1454", ())) == (
        "Venice, Spring 1454 adjustments: maintain every unit, build nothing (Phase A)"
    )
