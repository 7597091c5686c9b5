"""Expenditure cases of the Renaissance-Italy game (E.<group>.<n>): loans and transfers,
famine relief and pacification, bribes and counter-bribes, rebellions, assassinations,
excommunication, plague and famine; the situation and the expected outcome in each
docstring, the clause checked where it is reported.
"""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError
from italia_kit.games.renaissance.disasters import struck_provinces
from italia_kit.games.renaissance.rules import SeasonOrders
from italia_kit.games.renaissance.season import income_of, tables

from .renaissance_season import MAP, Season

OVERSPEND = {"overspend": True}  # the text's reading of overspending (budget.py)

# -- 1 the Borrowing Phase ---------------------------------------------------------------


def test_E_1_1_a_one_year_loan_at_twenty_percent() -> None:
    """Borrow 10: 10 d now, 12 d due in the same season next year (Borrowing Phase)."""
    s = Season("", treasury={"Milan": 0}).play(Milan=["Borrow 10"])
    assert s.state.treasury["Milan"] == 10
    assert s.state.loans == [("Milan", 10, 2, 4)]


def test_E_1_2_a_two_year_loan_at_fifty_percent() -> None:
    """Borrow 10 2 years: 15 d due two years on."""
    s = Season("").play(Milan=["Borrow 10 2 years"])
    assert s.state.loans == [("Milan", 10, 5, 7)]


def test_E_1_3_interest_is_rounded_up() -> None:
    """Borrow 7 for a year: 20% of 7 is 1.4, 2 d of interest."""
    s = Season("").play(Milan=["Borrow 7"])
    assert s.state.loans[0][2] == 2


def test_E_1_4_no_more_than_25_ducats_outstanding() -> None:
    """With 20 d owed, Borrow 10 fails (up to 25 ducats from The Bank)."""
    s = Season("", loans=[("Milan", 20, 4, 4)]).play(Milan=["Borrow 10"])
    assert s.state.treasury["Milan"] == 0 and s.said("at most 25")


def test_E_1_5_two_loans_within_the_limit() -> None:
    """Borrow 15 and Borrow 10 in one sheet: 25 outstanding, both granted."""
    s = Season("").play(Milan=["Borrow 15", "Borrow 10"])
    assert s.state.treasury["Milan"] == 25 and s.state.debt("Milan") == 25


def test_E_1_6_early_repayment_pays_the_interest_first() -> None:
    """Pay Bank 3 on a loan of 10 + 2: the interest (2) first, then 1 of principal."""
    s = Season("", treasury={"Milan": 5}, loans=[("Milan", 10, 2, 4)]).play(Milan=["Pay Bank 3"])
    assert s.state.loans == [("Milan", 9, 0, 4)] and s.state.treasury["Milan"] == 2


def test_E_1_7_the_bank_collects_a_loan_when_due() -> None:
    """A loan of 10 + 2 due this season, 20 d in the treasury: 12 d collected (d)."""
    s = Season("", treasury={"Milan": 20}, loans=[("Milan", 10, 2, 1)]).play()
    assert s.state.treasury["Milan"] == 8 and s.state.loans == []


def test_E_1_8_a_default_is_an_assassination() -> None:
    """A loan due that the treasury cannot pay: the bank takes it all, the power may borrow
    no more, and its orders become holds (ASSASSINATIONS (a))."""
    s = Season("Milan: A Pavia", treasury={"Milan": 5}, loans=[("Milan", 10, 2, 1)])
    s.play(dice=[6, 6, 6], Milan=["A Pavia -> Piancenza"])
    assert s.state.treasury["Milan"] == 0 and "Milan" in s.state.banned
    assert s.unit("Milan", "A Pavia") is not None and s.unit("Milan", "A Pavia").province == "Pavia"  # type: ignore[union-attr]


def test_E_1_9_a_defaulter_may_not_borrow_again() -> None:
    """Borrow 5 by a power that defaulted: refused by the bank."""
    s = Season("", banned=["Milan"]).play(Milan=["Borrow 5"])
    assert s.state.treasury["Milan"] == 0 and s.said("defaulted")


def test_E_1_10_a_power_pays_another() -> None:
    """Pay Venice 5: 5 d move from Milan to Venice (b)."""
    s = Season("", treasury={"Milan": 8, "Venice": 1}).play(Milan=["Pay Venice 5"])
    assert (s.state.treasury["Milan"], s.state.treasury["Venice"]) == (3, 6)


def test_E_1_11_a_power_in_debt_may_not_pay_another() -> None:
    """'A player in debt to The Bank may not loan money to another player.'"""
    s = Season("", treasury={"Milan": 8}, loans=[("Milan", 5, 1, 4)]).play(Milan=["Pay Venice 5"])
    assert s.state.treasury["Venice"] == 0


def test_E_1_12_a_loan_pays_for_the_same_sheet_s_expenses() -> None:
    """Borrow 12 and Disband Venice A Padua 12 with an empty treasury: the loan comes first
    (the Borrowing Phase), the bribe is paid and carried out."""
    s = Season("Venice: A Padua").play(Milan=["Borrow 12", "Disband Venice A Padua 12"])
    assert s.unit("Venice", "A Padua") is None


def test_E_1_13_the_last_expenditures_fail_when_the_treasury_falls_short() -> None:
    """With the text's reading (overspend=True): 10 d and two bribes of 6: the first is
    paid, the last fails (EXPENDITURE ORDERS)."""
    s = Season("autonomous: G Siena, G Lucca", treasury={"Milan": 10}, options=OVERSPEND)
    s.play(Milan=["Disband AG Siena 6", "Disband AG Lucca 6"])
    assert s.unit("autonomous", "G Siena") is None and s.unit("autonomous", "G Lucca") is not None
    assert s.state.treasury["Milan"] == 4


def test_E_1_14_a_transfer_beyond_the_treasury_fails() -> None:
    """With the text's reading (overspend=True): Pay Venice 9 with 5 d: it fails at
    resolution, nothing moves."""
    s = Season("", treasury={"Milan": 5}, options=OVERSPEND).play(Milan=["Pay Venice 9"])
    assert s.state.treasury["Milan"] == 5 and s.said("falls short")


# -- 2 excommunication ---------------------------------------------------------------------


def test_E_2_1_an_excommunicated_power_receives_no_ducats() -> None:
    """The Papacy excommunicates Milan; Venice's Pay Milan 5 fails (EXCOMMUNICATION)."""
    s = Season("", treasury={"Venice": 10}).play(
        Papacy=["Excommunicate Milan"], Venice=["Pay Milan 5"]
    )
    assert s.state.treasury["Milan"] == 0 and s.said("excommunicated")


def test_E_2_2_only_the_papacy_and_the_turks_excommunicate() -> None:
    """Excommunicate Milan in Venice's sheet is refused, naming EXCOMMUNICATION."""
    s = Season("")
    with pytest.raises(IllegalActionError, match="EXCOMMUNICATION"):
        s.game.submit("Venice", SeasonOrders("Venice", "Spring 1454", ("Excommunicate Milan",)))


def test_E_2_3_once_a_game() -> None:
    """A second excommunication by the Papacy does nothing."""
    s = Season("", excommunications=["Papacy"]).play(Papacy=["Excommunicate Venice"])
    assert "Venice" not in s.state.excommunicated


# -- 3 famine relief and pacification ------------------------------------------------------


def test_E_3_1_famine_relief_ends_the_famine() -> None:
    """Famine Relief Milan 3: Milan leaves the famine list; the army there survives."""
    s = Season("Milan: A Milan", treasury={"Milan": 3}, famine=["Milan"]).play(
        Milan=["Famine Relief Milan 3"]
    )
    assert s.state.famine == [] and s.unit("Milan", "A Milan") is not None


def test_E_3_2_an_unrelieved_famine_starves_its_units() -> None:
    """No relief: the army in famined Milan is removed after Spring's movement (FAMINE)."""
    s = Season("Milan: A Milan", famine=["Milan"]).play()
    assert s.unit("Milan", "A Milan") is None


def test_E_3_3_pacify_ends_a_rebellion() -> None:
    """Pacify Pavia 12 ends the rebellion there (REBELLIONS (c))."""
    s = Season("", treasury={"Milan": 12}, rebellions={"Pavia": "Milan"}).play(
        Milan=["Pacify Pavia 12"]
    )
    assert s.state.rebellions == {}


# -- 4 bribes and counter-bribes ------------------------------------------------------------


def test_E_4_1_disband_an_autonomous_garrison() -> None:
    """Disband AG Lucca 6: the garrison is removed (5)."""
    s = Season("autonomous: G Lucca", treasury={"France": 6}).play(France=["Disband AG Lucca 6"])
    assert s.unit("autonomous", "G Lucca") is None


def test_E_4_1b_an_autonomous_garrison_in_a_major_city_costs_double() -> None:
    """Disband AG Genoa 6 fails: Genoa is a major city, 12 are needed (BRIBES (g))."""
    s = Season("autonomous: G Genoa", treasury={"France": 6}).play(France=["Disband AG Genoa 6"])
    assert s.unit("autonomous", "G Genoa") is not None and s.said("12 needed")


def test_E_4_2_buy_an_autonomous_garrison() -> None:
    """Buy AG Lucca 9: the garrison becomes France's (6)."""
    s = Season("autonomous: G Lucca", treasury={"France": 9}).play(France=["Buy AG Lucca 9"])
    unit = s.unit("autonomous", "G Lucca")
    assert unit is not None and unit.power == "France"


def test_E_4_3_a_committed_garrison_turned_autonomous() -> None:
    """Bribe Venice G Padua - AG 9: the Venetian garrison becomes autonomous (7)."""
    s = Season("Venice: G Padua", treasury={"Milan": 9}).play(Milan=["Bribe Venice G Padua - AG 9"])
    unit = s.unit("Venice", "G Padua")
    assert unit is not None and unit.power == "autonomous"


def test_E_4_4_disband_a_committed_garrison() -> None:
    """Disband Venice G Padua 12 (8)."""
    s = Season("Venice: G Padua", treasury={"Milan": 12}).play(Milan=["Disband Venice G Padua 12"])
    assert s.unit("Venice", "G Padua") is None


def test_E_4_5_disband_an_army() -> None:
    """Disband Venice A Padua 12 (9)."""
    s = Season("Venice: A Padua", treasury={"Milan": 12}).play(Milan=["Disband Venice A Padua 12"])
    assert s.unit("Venice", "A Padua") is None


def test_E_4_6_a_bought_army_carries_out_its_new_owner_s_orders() -> None:
    """Bribe A Padua 18 and A Padua -> Vicenza in Milan's sheet: the army is Milan's and
    advances (BRIBES (f)); Venice's own order for it is void."""
    s = Season("Venice: A Padua", treasury={"Milan": 18})
    s.play(Milan=["Bribe A Padua 18", "A Padua -> Vicenza"], Venice=["A Padua -> Treviso"])
    unit = s.unit("Venice", "A Padua")
    assert unit is not None and (unit.power, unit.province) == ("Milan", "Vicenza")


def test_E_4_7_a_counter_bribe_is_subtracted() -> None:
    """Bribe A Padua 18 against C-B A Padua 3: 15 left, too few; the bribe fails (BRIBES (a))."""
    s = Season("Venice: A Padua", treasury={"Milan": 18, "Venice": 3})
    s.play(Milan=["Bribe A Padua 18"], Venice=["C-B A Padua 3"])
    assert s.unit("Venice", "A Padua").power == "Venice"  # type: ignore[union-attr]
    assert s.said("BRIBES (a)") and s.state.treasury["Milan"] == 0


def test_E_4_8_a_larger_bribe_offsets_the_counter_bribe() -> None:
    """Bribe A Padua 21 against C-B 3: 18 left, enough (BRIBES (e))."""
    s = Season("Venice: A Padua", treasury={"Milan": 21, "Venice": 3})
    s.play(Milan=["Bribe A Padua 21"], Venice=["C-B A Padua 3"])
    assert s.unit("Venice", "A Padua").power == "Milan"  # type: ignore[union-attr]


def test_E_4_9_the_largest_bribe_wins() -> None:
    """Milan offers 21, Florence 18 for the same army: Milan's succeeds, Florence's is
    wasted (BRIBES (d))."""
    s = Season("Venice: A Padua", treasury={"Milan": 21, "Florence": 18})
    s.play(Milan=["Bribe A Padua 21"], Florence=["Bribe A Padua 18"])
    assert s.unit("Venice", "A Padua").power == "Milan"  # type: ignore[union-attr]
    assert s.state.treasury["Florence"] == 0


def test_E_4_10_a_tie_for_the_largest_bribe_fails_all() -> None:
    """Milan and Florence both offer 18: every bribe on the unit fails (BRIBES (d))."""
    s = Season("Venice: A Padua", treasury={"Milan": 18, "Florence": 18})
    s.play(Milan=["Bribe A Padua 18"], Florence=["Bribe A Padua 18"])
    assert s.unit("Venice", "A Padua").power == "Venice"  # type: ignore[union-attr]
    assert s.said("BRIBES (d)")


def test_E_4_11_garrisons_in_major_cities_cost_double() -> None:
    """Disband Milan G Milan 12 fails (Milan is a major city: 24 needed, BRIBES (g))."""
    s = Season("Milan: G Milan", treasury={"Venice": 12}).play(Venice=["Disband Milan G Milan 12"])
    assert s.unit("Milan", "G Milan") is not None


def test_E_4_12_twenty_four_disbands_a_garrison_in_a_major_city() -> None:
    """Disband Milan G Milan 24 succeeds."""
    s = Season("Milan: G Milan", treasury={"Venice": 24}).play(Venice=["Disband Milan G Milan 24"])
    assert s.unit("Milan", "G Milan") is None


def test_E_4_13_a_militia_garrison_in_milan_costs_four_times() -> None:
    """'A Citizen's Militia garrison in Milan would cost 12x2x2 to Disband': 45 fails, 48
    succeeds (BRIBES (g), SPECIAL UNITS)."""
    low = Season("Milan: G+ Milan", treasury={"Venice": 45}).play(
        Venice=["Disband Milan G Milan 45"]
    )
    high = Season("Milan: G+ Milan", treasury={"Venice": 48}).play(
        Venice=["Disband Milan G Milan 48"]
    )
    assert low.unit("Milan", "G Milan") is not None and high.unit("Milan", "G Milan") is None


def test_E_4_14_elite_mercenaries_cost_the_normal_amount() -> None:
    """Disband Venice A* Padua 12: Elite Mercenaries are bribed at the normal cost."""
    s = Season("Venice: A* Padua", treasury={"Milan": 12}).play(Milan=["Disband Venice A Padua 12"])
    assert s.unit("Venice", "A Padua") is None


def test_E_4_15_elite_professionals_cost_double() -> None:
    """Disband Austria A! Austria 12 fails: professionals cost twice the normal amount."""
    s = Season("Austria: A! Austria", treasury={"Milan": 12}).play(
        Milan=["Disband Austria A Austria 12"]
    )
    assert s.unit("Austria", "A Austria") is not None


def test_E_4_16_a_besieged_garrison_cannot_be_bribed() -> None:
    """Buy AG Genoa 9 while France besieges Genoa: it fails (Besiege)."""
    s = Season(
        "autonomous: G Genoa; France: A Genoa", treasury={"Milan": 9}, sieges={"Genoa": (2, 1)}
    )
    s.play(Milan=["Buy AG Genoa 9"])
    assert (
        s.unit("autonomous", "G Genoa") is None or s.unit("autonomous", "G Genoa").power != "Milan"
    )  # type: ignore[union-attr]
    assert s.said("besieged garrison cannot be bribed")


def test_E_4_17_a_bribe_below_its_minimum_is_refused() -> None:
    """Bribe A Padua 15 (the minimum is 18): refused at submission (BRIBES (e))."""
    s = Season("Venice: A Padua")
    with pytest.raises(IllegalActionError, match=r"BRIBES \(e\)"):
        s.game.submit("Milan", SeasonOrders("Milan", "Spring 1454", ("Bribe A Padua 15",)))


def test_E_4_18_a_bribe_in_other_than_multiples_of_three_is_refused() -> None:
    """Bribe A Padua 19: refused (BRIBES (e))."""
    s = Season("Venice: A Padua")
    with pytest.raises(IllegalActionError, match=r"BRIBES \(e\)"):
        s.game.submit("Milan", SeasonOrders("Milan", "Spring 1454", ("Bribe A Padua 19",)))


def test_E_4_19_a_counter_bribe_on_one_s_own_unit() -> None:
    """Counter-bribes can be ordered for one's own units (BRIBES (c)): Venice's C-B 6 makes
    Milan's 21 too few."""
    s = Season("Venice: A Padua", treasury={"Milan": 21, "Venice": 6})
    s.play(Milan=["Bribe A Padua 21"], Venice=["C-B A Padua 6"])
    assert s.unit("Venice", "A Padua").power == "Venice"  # type: ignore[union-attr]


def test_E_4_20_a_bribe_naming_the_wrong_owner_fails() -> None:
    """Disband Florence A Padua 12 where the army is Venetian: wasted."""
    s = Season("Venice: A Padua", treasury={"Milan": 12}).play(
        Milan=["Disband Florence A Padua 12"]
    )
    assert s.unit("Venice", "A Padua") is not None and s.state.treasury["Milan"] == 0


# -- 5 rebellions ---------------------------------------------------------------------------


def test_E_5_1_a_conquered_province_rebels_for_nine() -> None:
    """Milan controls Venetian Padua; Venice pays Padua Rebel 9: Padua rebels against
    Milan (EXPENDITURE ORDERS 11)."""
    s = Season("", treasury={"Venice": 9}, control={**MAP.owner_1454, "Padua": "Milan"})
    s.play(Venice=["Padua Rebel 9"])
    assert s.state.rebellions == {"Padua": "Milan"}


def test_E_5_2_a_home_province_needs_fifteen() -> None:
    """Venice's Pavia Rebel 9 against Milan's home province fails; 15 succeeds (12)."""
    low = Season("", treasury={"Venice": 9}).play(Venice=["Pavia Rebel 9"])
    high = Season("", treasury={"Venice": 15}).play(Venice=["Pavia Rebel 15"])
    assert low.state.rebellions == {} and high.state.rebellions == {"Pavia": "Milan"}


def test_E_5_3_a_rebelling_province_pays_no_income() -> None:
    """Pavia in rebellion: Milan's income loses its province and its ungarrisoned city
    (REBELLIONS (b))."""
    calm = Season("")
    rebel = Season("", rebellions={"Pavia": "Milan"})
    assert income_of(calm.state, MAP, "Milan") - income_of(rebel.state, MAP, "Milan") == 2


def test_E_5_4_a_hold_puts_the_rebellion_down() -> None:
    """Milan's A Pavia H in rebel Pavia puts the rebellion down (REBELLIONS (d))."""
    s = Season("Milan: A Pavia", rebellions={"Pavia": "Milan"}).play(Milan=["A Pavia H"])
    assert s.state.rebellions == {}


def test_E_5_5_another_power_entering_liberates_the_province() -> None:
    """A Venetian army entering rebel Pavia (with the rebels' support) liberates it
    (REBELLIONS (f), (g))."""
    s = Season("Venice: A Montferrat; Milan: A Pavia", rebellions={"Pavia": "Milan"})
    s.play(Venice=["A Montferrat -> Pavia"])
    assert s.state.rebellions == {} and s.state.control["Pavia"] == "Venice"


def test_E_5_6_no_rebellion_in_an_occupied_venice() -> None:
    """Milan controls Venice, a Milanese fleet sits there: Venice Rebel 15 fails
    (REBELLIONS (j))."""
    s = Season(
        "Milan: F Venice", treasury={"Florence": 15}, control={**MAP.owner_1454, "Venice": "Milan"}
    )
    s.play(Florence=["Venice Rebel 15"])
    assert s.state.rebellions == {} and s.said("REBELLIONS (j)")


# -- 6 assassinations -----------------------------------------------------------------------


def test_E_6_1_an_assassination_turns_the_victim_s_orders_to_holds() -> None:
    """Assassinate Milan 30 without bodyguards: Milan's A Pavia -> Piancenza is a Hold
    (ASSASSINATIONS (a)); the rebellion rolls are 6 (none rebels)."""
    s = Season("Milan: A Pavia", treasury={"Venice": 30})
    s.play(dice=[6] * 8, Venice=["Assassinate Milan 30"], Milan=["A Pavia -> Piancenza"])
    assert s.unit("Milan", "A Pavia").province == "Pavia"  # type: ignore[union-attr]
    assert s.said("assassinated")


def test_E_6_2_bodyguards_must_be_beaten_by_thirty() -> None:
    """Bodyguard Milan 3 against Assassinate Milan 30: it fails; 33 succeeds."""
    fails = Season("", treasury={"Venice": 30, "Milan": 3}).play(
        Venice=["Assassinate Milan 30"], Milan=["Bodyguard Milan 3"]
    )
    works = Season("", treasury={"Venice": 33, "Milan": 3}).play(
        dice=[6] * 8, Venice=["Assassinate Milan 33"], Milan=["Bodyguard Milan 3"]
    )
    assert fails.said("attempt on Milan's leader fails") and works.said(
        "Milan's leader is assassinated"
    )


def test_E_6_3_every_attempt_is_charged() -> None:
    """Venice 33 and Florence 30 against Milan: the highest is carried out, both pay."""
    s = Season("", treasury={"Venice": 33, "Florence": 30}).play(
        dice=[6] * 8, Venice=["Assassinate Milan 33"], Florence=["Assassinate Milan 30"]
    )
    assert s.state.treasury["Venice"] == 0 and s.state.treasury["Florence"] == 0


def test_E_6_4_the_victim_s_besieged_garrison_is_eliminated() -> None:
    """Milan's garrison in Genoa besieged by France: Milan's leader dies, the garrison is
    eliminated (ASSASSINATIONS (b))."""
    s = Season("Milan: G Genoa; France: A Genoa", treasury={"Venice": 30}, sieges={"Genoa": (2, 1)})
    s.play(dice=[6] * 8, Venice=["Assassinate Milan 30"], France=["A Genoa B"])
    assert s.unit("Milan", "G Genoa") is None


def test_E_6_5_the_victim_s_sieges_are_broken() -> None:
    """France besieges Genoa and France's leader dies: the siege ends (ASSASSINATIONS (a))."""
    s = Season(
        "autonomous: G Genoa; France: A Genoa", treasury={"Venice": 30}, sieges={"Genoa": (2, 1)}
    )
    s.play(dice=[6] * 8, Venice=["Assassinate France 30"], France=["A Genoa B"])
    assert "Genoa" not in s.state.sieges and s.unit("autonomous", "G Genoa") is not None


def test_E_6_6_a_home_province_without_a_unit_rebels_on_one_or_two() -> None:
    """Milan's leader dies; the d6 for each of its provinces: a 2 makes an empty home
    province rebel (ASSASSINATIONS (c))."""
    provinces = sorted(p for p, o in MAP.owner_1454.items() if o == "Milan")
    s = Season("", treasury={"Venice": 30}).play(
        dice=[2] + [6] * (len(provinces) - 1), Venice=["Assassinate Milan 30"]
    )
    assert s.state.rebellions == {provinces[0]: "Milan"}


def test_E_6_7_a_home_province_with_a_unit_rebels_only_on_one() -> None:
    """The same roll of 2 where a Milanese army stands: no rebellion."""
    provinces = sorted(p for p, o in MAP.owner_1454.items() if o == "Milan")
    s = Season(f"Milan: A {provinces[0]}", treasury={"Venice": 30})
    s.play(dice=[2] + [6] * (len(provinces) - 1), Venice=["Assassinate Milan 30"])
    assert s.state.rebellions == {}


# -- 7 plague and famine -----------------------------------------------------------------


def test_E_7_1_the_row_and_the_column_of_a_table() -> None:
    """Plague, both row 7 and column 4: every named province of row 7 and of column 4."""
    hit = struck_provinces(MAP, tables()["plague"], "both", 7, 4)
    assert {"Genoa", "Milan", "Palermo", "Naples", "Ancona", "Turin"} <= set(hit)


def test_E_7_2_plague_strikes_in_summer() -> None:
    """Summer, severity 8 (row and column, njudge), row 7 column 4: the army in Genoa
    dies (PLAGUE)."""
    s = Season("France: A Genoa", turn=2).play(dice=[4, 4, 3, 4, 2, 2])
    assert s.unit("France", "A Genoa") is None and s.said("PLAGUE")


def test_E_7_3_autumn_rolls_next_year_s_famine() -> None:
    """Autumn, severity 5 (the column only), column 4: next year's famine provinces."""
    s = Season("", turn=3).play(dice=[2, 3, 1, 1, 2, 2])
    expected = struck_provinces(MAP, tables()["famine"], "column", 2, 4)
    assert s.state.famine == expected and expected
