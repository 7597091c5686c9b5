"""10.0 Combat: the rulebook's combat examples with scripted dice, and one test per rule
subtlety of 10.1-10.7 (DATC style: the situation and the expected result in each test)."""

from __future__ import annotations

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight, Loot, Rebuild, Retreat, StandFast, Targets

from .italia_helpers import refused


def attack(pos: Position, nation: str, frm: str, to: str, n: int | None = None, **kw: object):  # type: ignore[no-untyped-def]
    """Move the nation's units from ``frm`` into ``to`` and end movement: combat is due."""
    game = pos.game(**kw)  # type: ignore[arg-type]
    ids = tuple(u.id for u in game.state.units_in(frm, nation))[:n]
    game.apply(Move(nation, ids, (frm, to)))
    game.apply(EndMovement(nation))
    return game


def test_10_example_1_celts_attack_verona() -> None:
    """2 Celts attack 2 Illyrians in Verona: 3, 4 against 2, 9; then 7 against 10, 10."""
    pos = Position("italia1", nation="Celts", phase="movement")
    pos.put("Celts", "infantry", "Mediolanum", 2)
    pos.put("Illyrians", "infantry", "Verona", 2)
    game = attack(pos, "Celts", "Mediolanum", "Verona")
    assert game.state.combat_due == ["Verona"]
    game.script_dice([3, 4, 2, 9])
    game.apply(Fight("Celts", "Verona"))
    assert game.state.stack_count("Verona", "Celts") == 1
    assert game.state.stack_count("Verona", "Illyrians") == 2
    game.apply(StandFast("Celts"))
    game.script_dice([7, 10, 10])  # round 2 is rolled as soon as both sides stand fast
    game.apply(StandFast("Illyrians"))
    assert game.state.stack_count("Verona", "Celts") == 0
    assert game.state.stack_count("Verona", "Illyrians") == 1
    end = game.log.of_kind("battle_end")[-1]
    assert "the Illyrians hold Verona" in end.text and end.rule == "10.0"


def test_10_example_2_a_legion_at_picenum_and_the_etruscan_retreat() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Umbria")
    pos.put("Etruscans", "infantry", "Picenum", 2)
    for zone in ("Pisae", "Florentia", "Etruria", "Pavia"):  # too strong to submit (12.5.1)
        pos.put("Etruscans", "infantry", zone)
    game = attack(pos, "Romans", "Umbria", "Picenum")
    game.script_dice([6, 5, 5])
    game.apply(Fight("Romans", "Picenum"))
    assert game.state.stack_count("Picenum", "Etruscans") == 1  # a legion hits on 6 (10.2)
    game.apply(StandFast("Romans"))
    (last,) = [u.id for u in game.state.units_in("Picenum", "Etruscans")]
    refused(game, lambda: game.apply(Retreat("Etruscans", (last,), "Umbria")), "10.5", "came from")
    game.apply(Retreat("Etruscans", (last,), "Ravenna"))
    assert game.state.battle is None and game.state.nations_in("Picenum") == {"Romans"}


def test_10_example_3_samnite_raid_on_the_greek_city_of_apulia() -> None:
    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Lucania", 3)
    greeks = pos.put("Greeks", "infantry", "Apulia", 2)
    pos.city("Apulia")
    game = attack(pos, "Samnites", "Lucania", "Apulia")
    game.script_dice([4, 8, 9, 5, 7])  # raiders first, then the defenders
    game.apply(Fight("Samnites", "Apulia", raid=True))
    assert game.state.cities["Apulia"] is False  # ruined (10.7)
    assert game.state.stack_count("Apulia", "Samnites") == 2  # the Greeks' 7 hit once
    assert game.state.vp.get("Samnites", 0) == 2  # the Samnites score their loot (10.6)
    assert game.decision is not None and game.decision.actor == "Greeks"
    assert game.decision.rule == "10.7"
    game.apply(Rebuild("Greeks", greeks[0]))  # at once, during another nation's turn
    assert game.state.cities["Apulia"] is True
    raiders = tuple(u.id for u in game.state.units_in("Apulia", "Samnites"))
    refused(game, lambda: game.apply(StandFast("Samnites")), "10.1")
    game.apply(Retreat("Samnites", raiders, "Lucania"))
    assert game.state.battle is None and game.state.nations_in("Apulia") == {"Greeks"}


def test_10_5_example_samnites_in_apulia_can_only_send_one_to_lucania() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Corfinium", 4)
    pos.put("Samnites", "infantry", "Apulia", 3)
    pos.put("Samnites", "infantry", "Samnium", 3)
    pos.put("Samnites", "infantry", "Lucania", 3)
    pos.put("Samnites", "infantry", "Etruria")
    pos.put("Samnites", "infantry", "Pisae")  # five zones: too strong to submit (12.5.1)
    pos.put("Greeks", "infantry", "Calabria")
    game = attack(pos, "Romans", "Corfinium", "Apulia")
    game.script_dice([6, 1, 1, 1, 1, 1, 1])
    game.apply(Fight("Romans", "Apulia"))
    game.apply(StandFast("Romans"))
    two = tuple(u.id for u in game.state.units_in("Apulia", "Samnites"))
    assert len(two) == 2
    refused(game, lambda: game.apply(Retreat("Samnites", two, "Lucania")), "10.5")
    refused(
        game, lambda: game.apply(Retreat("Samnites", two[:1], "Corfinium")), "10.5", "came from"
    )
    refused(game, lambda: game.apply(Retreat("Samnites", two[:1], "Samnium")), "10.5")
    refused(game, lambda: game.apply(Retreat("Samnites", two[:1], "Calabria")), "10.5")
    game.apply(Retreat("Samnites", two[:1], "Lucania"))
    assert game.state.stack_count("Lucania", "Samnites") == 4  # one over: 8.6


def test_10_5_the_attacker_may_retreat_where_it_did_not_come_from() -> None:
    """Example: from Venetia to Ravenna, then retreat into the empty Picenum."""
    pos = Position("italia1", nation="Celts", phase="movement")
    pos.put("Celts", "infantry", "Venetia", 2)
    pos.put("Etruscans", "infantry", "Ravenna", 2)
    game = attack(pos, "Celts", "Venetia", "Ravenna")
    game.script_dice([1, 1, 1, 1])
    game.apply(Fight("Celts", "Ravenna"))
    ids = tuple(u.id for u in game.state.units_in("Ravenna", "Celts"))
    game.apply(Retreat("Celts", ids, "Picenum"))
    assert {game.state.units[i].zone for i in ids} == {"Picenum"}


def test_10_5_never_into_the_borderlands() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Verona", 2)
    pos.put("Celts", "infantry", "Mediolanum", 2)
    for zone in ("Liguria", "Tridentum", "Venetia", "Pisae", "Etruria"):  # no submission
        pos.put("Celts", "infantry", zone)
    game = attack(pos, "Romans", "Verona", "Mediolanum")
    game.script_dice([1, 1, 1, 1])
    game.apply(Fight("Romans", "Mediolanum"))
    game.apply(StandFast("Romans"))
    celts = tuple(u.id for u in game.state.units_in("Mediolanum", "Celts"))
    refused(game, lambda: game.apply(Retreat("Celts", celts, "Helvetia")), "10.5")


def test_10_4_targets_must_be_present_and_surplus_hits_are_lost() -> None:
    """Example 10.4: 2 legions and a consular legion in Corfinium; the Epirotes aim."""
    pos = Position("italia1", nation="Epirotes", phase="movement")
    pos.put("Romans", "legion", "Corfinium", 2)
    pos.put("Romans", "consular_legion", "Corfinium")
    attackers = pos.put("Epirotes", "infantry", "Samnium", 3) + pos.put(
        "Epirotes", "elephant", "Samnium"
    )
    game = attack(pos, "Epirotes", "Samnium", "Corfinium")
    game.apply(Fight("Epirotes", "Corfinium"))
    assert game.decision is not None and game.decision.kind == "targets"
    bad = tuple((u, "fleet") for u in attackers)
    refused(game, lambda: game.apply(Targets("Epirotes", bad)), "10.4", "not in the battle")
    aims = (
        (attackers[3], "legion"),
        (attackers[0], "legion"),
        (attackers[1], "legion"),
        (attackers[2], "consular_legion"),
    )
    game.apply(Targets("Epirotes", aims))
    # three hits on the two legions: the extra one is lost (10.4); the defender rolls 3 dice
    game.script_dice([8, 10, 1, 8, 1, 1, 1])  # 3 hits on the legions, the consul missed
    game.apply(
        Targets(
            "Romans", tuple((u.id, "infantry") for u in game.state.units_in("Corfinium", "Romans"))
        )
    )
    assert game.log.of_kind("hit_lost")
    assert [u.type.value for u in game.state.units_in("Corfinium", "Romans")] == ["consular_legion"]


def test_10_2_a_consular_legion_takes_two_hits_and_is_restored() -> None:
    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Lucania", 2)
    (consul,) = pos.put("Romans", "consular_legion", "Neapolis")
    game = attack(pos, "Samnites", "Lucania", "Neapolis")
    game.script_dice([7, 1, 5])  # one hit on the consul; the consul kills one Samnite
    game.apply(Fight("Samnites", "Neapolis"))
    assert game.state.units[consul].hits == 1
    game.apply(
        Retreat(
            "Samnites", tuple(u.id for u in game.state.units_in("Neapolis", "Samnites")), "Lucania"
        )
    )
    assert game.state.units[consul].hits == 0  # restored (10.2)


def test_10_2_a_lone_leader_is_removed_without_a_fight() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Rome", 2)
    pos.put("Carthaginians", "leader", "Neapolis", name="Hannibal Barkas")
    game = attack(pos, "Romans", "Rome", "Neapolis")
    rolls = len(game.log.of_kind("roll"))
    game.apply(Fight("Romans", "Neapolis"))
    assert not [u for u in game.state.units_in("Neapolis") if u.nation == "Carthaginians"]
    assert len(game.log.of_kind("roll")) == rolls  # no dice were rolled
    assert game.log.of_kind("eliminated")[-1].rule == "10.2"


def test_10_2_an_elephant_on_a_natural_nine_drives_a_second_unit_off() -> None:
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    pos.put("Carthaginians", "elephant", "Lucania")
    pos.put("Greeks", "infantry", "Bruttium", 3)
    game = attack(pos, "Carthaginians", "Lucania", "Bruttium")
    game.script_dice([9, 1, 1, 1])
    game.apply(Fight("Carthaginians", "Bruttium"))
    assert game.decision is not None and game.decision.kind == "elephant"
    assert game.decision.actor == "Greeks"
    survivor = game.legal_actions()[0]
    game.apply(survivor)
    assert game.state.stack_count("Bruttium", "Greeks") == 1


def test_10_2_two_leaders_add_four_and_a_city_in_a_swamp_takes_three() -> None:
    pos = Position("italia1", nation="Celts", phase="movement")
    pos.put("Celts", "infantry", "Venetia")
    pos.put("Celts", "leader", "Venetia", name="Brennus")
    pos.put("Celts", "leader", "Venetia", name="Viridomarus")
    pos.put("Etruscans", "infantry", "Ravenna")
    pos.city("Ravenna")
    game = attack(pos, "Celts", "Venetia", "Ravenna")
    game.script_dice([4, 1])  # 4 + 4 (two leaders) - 1 (swamp) - 2 (city) = 5: a miss
    game.apply(Fight("Celts", "Ravenna"))
    hits = game.log.of_kind("hits")[0]
    assert (
        hits.data["hits"] == {}
        and "+4 for 2 leaders" in hits.text
        and "-2 for the city" in hits.text
    )


def test_10_6_looting_a_conquered_city_and_no_rebuilding_the_same_turn() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Rome", 3)
    pos.put("Carthaginians", "infantry", "Neapolis")
    pos.city("Neapolis")
    game = attack(pos, "Romans", "Rome", "Neapolis")
    game.script_dice([10, 1])
    game.apply(Fight("Romans", "Neapolis"))
    assert game.decision is not None and game.decision.kind == "loot"
    gold = game.state.gold.get("Romans", 0)
    game.apply(Loot("Romans", "gold"))
    assert game.state.gold["Romans"] == min(10, gold + 4)
    assert game.state.cities["Neapolis"] is False
    assert game.state.battle is None  # no rebuilding a city looted this turn (10.6.1)


def test_10_7_no_second_raid_and_no_raid_without_a_city() -> None:
    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Lucania", 2)
    pos.put("Greeks", "infantry", "Apulia")
    game = attack(pos, "Samnites", "Lucania", "Apulia")
    refused(
        game, lambda: game.apply(Fight("Samnites", "Apulia", raid=True)), "10.7", "needs a city"
    )
    pos.city("Apulia")
    pos.state.raided.append("Apulia")  # raided earlier in this combat phase
    game = attack(pos, "Samnites", "Lucania", "Apulia")
    refused(
        game, lambda: game.apply(Fight("Samnites", "Apulia", raid=True)), "10.7", "already raided"
    )
    game.apply(Fight("Samnites", "Apulia"))  # but it may be attacked to be conquered


def test_10_9_example_supremacy_over_africa() -> None:
    """2 Carthaginian fleets in Mare Libycum, 1 Roman in Mare Sardoum: Carthage has it;
    with 2 or 3 Roman fleets nobody; with 4 the Romans; a Greek fleet changes nothing."""
    from italia_kit.games.italia.naval import supremacy

    pos = Position("italia1", nation="Romans")
    pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
    pos.put("Greeks", "fleet", "Mare Sardoum", 3)
    roman = pos.put("Romans", "fleet", "Mare Sardoum")
    w, s = pos.world, pos.state
    assert supremacy(w, s, "Africa", "Romans", "Carthaginians") == "Carthaginians"
    roman += pos.put("Romans", "fleet", "Mare Sardoum")
    assert supremacy(w, s, "Africa", "Romans", "Carthaginians") is None
    roman += pos.put("Romans", "fleet", "Mare Sardoum", 2)
    assert supremacy(w, s, "Africa", "Romans", "Carthaginians") == "Romans"
    # fleets that have just retreated do not count
    assert supremacy(w, s, "Africa", "Romans", "Carthaginians", exclude=roman[:3]) == (
        "Carthaginians"
    )


def test_10_9_supremacy_adds_one_in_the_battle() -> None:
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Byzacena")
    pos.put("Carthaginians", "infantry", "Africa")
    pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
    game = attack(pos, "Romans", "Byzacena", "Africa")
    game.script_dice([1, 6])  # 6 + 1: the Carthaginian infantry hits
    game.apply(Fight("Romans", "Africa"))
    hits = next(e for e in game.log.of_kind("hits") if e.data["side"] == "Carthaginians")
    assert hits.data["hits"] == {"legion": 1} and "naval supremacy (10.9)" in hits.text


def test_10_8_naval_combat_the_loser_chooses_and_cargo_sinks() -> None:
    from italia_kit.games.italia.actions import NavalAttack, SinkFleets

    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "fleet", "Mare Tyrrhenum", 2)
    cart = pos.put("Carthaginians", "fleet", "Mare Sardoum", 2)
    troops = pos.aboard(cart[1], "Carthaginians", "infantry", 2)
    game = pos.game()
    romans = tuple(u.id for u in game.state.units_of("Romans"))
    game.apply(Move("Romans", romans, ("Mare Tyrrhenum", "Mare Sardoum")))
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "naval"
    refused(game, lambda: game.apply(Fight("Romans", "Africa")), "10.8", "before any land")
    game.script_dice([10, 1, 1, 1])
    game.apply(NavalAttack("Romans", "Mare Sardoum", "Carthaginians"))
    assert game.decision.kind == "losses" and game.decision.actor == "Carthaginians"
    game.apply(SinkFleets("Carthaginians", (cart[1],)))  # the loser picks the laden one
    assert all(t not in game.state.units for t in troops)  # its cargo went down (10.8)


def test_10_8_2_defenders_get_two_against_a_landing_in_round_one() -> None:
    from italia_kit.games.italia import Disembark, Embark

    pos = Position("italia1", nation="Carthaginians", phase="movement")
    (fleet,) = pos.put("Carthaginians", "fleet", "Mare Sardoum")
    troops = pos.put("Carthaginians", "infantry", "Africa", 2)
    pos.put("Greeks", "infantry", "Lilybaeum")
    game = pos.game()
    game.apply(Embark("Carthaginians", fleet, tuple(troops)))
    game.apply(Disembark("Carthaginians", tuple(troops), "Lilybaeum"))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([1, 1, 5])  # 5 + 2 = 7: the Greek hits a landed unit
    game.apply(Fight("Carthaginians", "Lilybaeum"))
    hits = next(e for e in game.log.of_kind("hits") if e.data["side"] == "Greeks")
    assert hits.data["hits"] == {"infantry:landed": 1} and "10.8.2" in hits.text
