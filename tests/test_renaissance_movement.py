"""DATC-style cases of the Renaissance-Italy movement adjudicator: one test per subtlety,
the case id in the name (R.<group>.<n>), the situation and the expected outcome in the
docstring, the clause of the rule text that decides it checked too.

Groups: 1 advance and bounce, 2 support, 3 support broken, 4 swaps, 5 transport,
6 straits, 7 coasts, 8 Venice and the Lagoon, 9 conversion, 10 sieges, 11 retreats,
12 the units of strength 2, 13 rebels, 14 paradoxes and circles, 15 impossible orders.
"""

from __future__ import annotations

import pytest

from .renaissance_case import Case

# -- 1 advance and bounce ---------------------------------------------------------------


def test_R_1_1_advance_into_an_empty_province() -> None:
    """A Modena -> Bologna, Bologna empty: the advance succeeds (Advance (a))."""
    c = Case("Papacy: A Modena").resolve(Papacy=["A Modena -> Bologna"])
    assert c.at("Papacy", "A Modena") == "A Bologna"
    assert c.clause("Papacy", "A Modena") == "Advance (a)"


def test_R_1_2_advance_into_an_occupied_province_bounces() -> None:
    """French A Savoy -> Genoa against a Florentine army holding Genoa: equal strength, the
    attack fails and the holder stays (CONFLICTS (c), the text's own example)."""
    c = Case("France: A Savoy; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa H"]
    )
    assert c.at("France", "A Savoy") == "A Savoy"
    assert c.at("Florence", "A Genoa") == "A Genoa"
    assert c.clause("France", "A Savoy") == "CONFLICTS (c)"


def test_R_1_3_a_unit_without_orders_holds() -> None:
    """Florentine A Genoa has no order: it holds (Hold: the default) and bounces an
    unsupported attack."""
    c = Case("France: A Savoy; Florence: A Genoa").resolve(France=["A Savoy -> Genoa"])
    assert c.at("Florence", "A Genoa") == "A Genoa"
    assert c.outcome("Florence", "A Genoa").result == "holds"


def test_R_1_4_two_equal_advances_into_an_empty_province_stand_off() -> None:
    """A Parma and A Genoa both advance into Modena: a stand-off, neither moves
    (CONFLICTS (a))."""
    c = Case("Milan: A Parma; France: A Genoa").resolve(
        Milan=["A Parma -> Modena"], France=["A Genoa -> Modena"]
    )
    assert c.at("Milan", "A Parma") == "A Parma" and c.at("France", "A Genoa") == "A Genoa"
    assert c.clause("Milan", "A Parma") == "CONFLICTS (a)"
    assert c.result is not None and "Modena" in c.result.standoffs


def test_R_1_5_three_advances_into_one_province_stand_off() -> None:
    """Three single armies into Fornova: all fail (Advance (c))."""
    c = Case("Milan: A Parma; France: A Genoa; Venice: A Pavia").resolve(
        Milan=["A Parma -> Fornova"], France=["A Genoa -> Fornova"], Venice=["A Pavia -> Fornova"]
    )
    assert [
        c.at(p, u) for p, u in (("Milan", "A Parma"), ("France", "A Genoa"), ("Venice", "A Pavia"))
    ] == [
        "A Parma",
        "A Genoa",
        "A Pavia",
    ]


def test_R_1_6_the_stronger_of_two_advances_wins() -> None:
    """A Parma -> Modena supported by A Mantua beats a lone A Genoa -> Modena
    (Advance (c))."""
    c = Case("Milan: A Parma, A Mantua; France: A Genoa").resolve(
        Milan=["A Parma -> Modena", "A Mantua S Modena"], France=["A Genoa -> Modena"]
    )
    assert c.at("Milan", "A Parma") == "A Modena"
    assert c.clause("France", "A Genoa") == "Advance (c)"


def test_R_1_7_advance_into_a_province_being_left_succeeds() -> None:
    """A Savoy -> Genoa while A Genoa -> Modena: Genoa is left, the attack succeeds
    (CONFLICTS (e))."""
    c = Case("France: A Savoy; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa -> Modena"]
    )
    assert c.at("France", "A Savoy") == "A Genoa" and c.at("Florence", "A Genoa") == "A Modena"
    assert c.clause("France", "A Savoy") == "CONFLICTS (e)"


def test_R_1_8_advance_into_a_province_whose_unit_fails_to_leave_bounces() -> None:
    """A Savoy -> Genoa while A Genoa -> Modena bounces off A Modena: Genoa stays
    occupied and the French attack fails (Advance (a), (b))."""
    c = Case("France: A Savoy; Florence: A Genoa; Papacy: A Modena").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa -> Modena"]
    )
    assert c.at("France", "A Savoy") == "A Savoy" and c.at("Florence", "A Genoa") == "A Genoa"
    assert c.clause("France", "A Savoy") == "Advance (a)"


def test_R_1_9_a_supported_attack_dislodges_the_holder() -> None:
    """A Savoy -> Genoa with F EGOL S Genoa against A Genoa alone: 2 beats 1, the
    Florentine army is dislodged (the text's example under CONFLICTS)."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"]
    )
    assert c.at("France", "A Savoy") == "A Genoa"
    assert c.outcome("Florence", "A Genoa").result == "dislodged"


def test_R_1_10_a_power_does_not_dislodge_its_own_unit() -> None:
    """A Savoy -> Genoa supported by F EGOL into a Genoa held by a French army: the
    attack fails (reconstructed: no power dislodges its own unit)."""
    c = Case("France: A Savoy, F EGOL, A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa", "A Genoa H"]
    )
    assert c.at("France", "A Savoy") == "A Savoy" and c.at("France", "A Genoa") == "A Genoa"
    assert "own" in c.outcome("France", "A Savoy").detail


def test_R_1_11_a_bounced_unit_holds_and_can_be_dislodged() -> None:
    """A Modena -> Genoa bounces off A Genoa; a supported A Parma -> Modena then
    dislodges it (If an Advance fails the advancing unit executes a Hold)."""
    c = Case("Papacy: A Modena; Florence: A Genoa; Milan: A Parma, A Mantua").resolve(
        Papacy=["A Modena -> Genoa"], Milan=["A Parma -> Modena", "A Mantua S Modena"]
    )
    assert c.at("Milan", "A Parma") == "A Modena"
    assert c.outcome("Papacy", "A Modena").result == "dislodged"


def test_R_1_12_a_bounced_unit_receives_no_hold_support() -> None:
    """A Modena -> Genoa fails; A Lucca S Modena (a hold support for the Papacy) does
    not count for a unit that tried to leave: the supported Milanese attack wins 2 to 1."""
    c = Case("Papacy: A Modena, A Lucca; Florence: A Genoa; Milan: A Parma, A Mantua").resolve(
        Papacy=["A Modena -> Genoa", "A Lucca S Modena"],
        Milan=["A Parma -> Modena", "A Mantua S Modena"],
    )
    assert c.at("Milan", "A Parma") == "A Modena"


def test_R_1_13_a_stand_off_keeps_the_area_empty_for_a_third() -> None:
    """Two single attacks on empty Modena stand off; Modena stays empty."""
    c = Case("Milan: A Parma; France: A Genoa").resolve(
        Milan=["A Parma -> Modena"], France=["A Genoa -> Modena"]
    )
    assert c.result is not None
    assert all(u.province != "Modena" for u in c.result.units.values())


def test_R_1_14_a_stand_off_does_not_dislodge_the_holder() -> None:
    """Two equal supported attacks into Modena held by A Modena: neither wins, A Modena
    stays (Advance (c) before Advance (a))."""
    c = Case("Milan: A Parma, A Mantua; France: A Genoa, F EGOL; Papacy: A Modena").resolve(
        Milan=["A Parma -> Modena", "A Mantua S Modena"],
        France=["A Genoa -> Modena", "F EGOL S Modena"],
    )
    assert c.at("Papacy", "A Modena") == "A Modena"


def test_R_1_15_a_hold_supported_beats_a_supported_attack_of_equal_strength() -> None:
    """A Savoy -> Genoa with F EGOL S Genoa against A Genoa held with A Modena S Genoa:
    2 against 2, stand-off (the text's example)."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa, A Modena").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=["A Modena S Genoa"]
    )
    assert c.at("Florence", "A Genoa") == "A Genoa" and c.at("France", "A Savoy") == "A Savoy"


# -- 2 support ---------------------------------------------------------------------------


def test_R_2_1_support_for_another_power_must_name_it() -> None:
    """A Mantua S Modena (unnamed: for Mantua's own power, Venice) does not help a
    Milanese advance; the two Milan-Papal attacks stand off (Support (b))."""
    c = Case("Venice: A Mantua; Milan: A Parma; Papacy: A Bologna").resolve(
        Venice=["A Mantua S Modena"], Milan=["A Parma -> Modena"], Papacy=["A Bologna -> Modena"]
    )
    assert c.at("Milan", "A Parma") == "A Parma"


def test_R_2_2_support_for_another_power_named_counts() -> None:
    """A Mantua S Milanese Modena helps Milan's A Parma -> Modena beat the Papal attack
    (Support (b))."""
    c = Case("Venice: A Mantua; Milan: A Parma; Papacy: A Bologna").resolve(
        Venice=["A Mantua S Milan Modena"],
        Milan=["A Parma -> Modena"],
        Papacy=["A Bologna -> Modena"],
    )
    assert c.at("Milan", "A Parma") == "A Modena"
    assert c.clause("Venice", "A Mantua") == "Support (b)"


def test_R_2_3_support_of_a_hold() -> None:
    """A Modena S Genoa keeps the Florentine A Genoa against a supported French attack
    (Support: 'support a unit to Hold its position')."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa, A Modena").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=["A Modena S Genoa", "A Genoa H"]
    )
    assert c.at("Florence", "A Genoa") == "A Genoa"


def test_R_2_4_support_into_an_area_the_supporter_cannot_reach_is_void() -> None:
    """A Parma S Genoa: Parma is not next to Genoa; the order is impossible, the unit
    holds and gives no support (Support (c))."""
    c = Case("Milan: A Parma, A Fornova; Florence: A Genoa").resolve(
        Milan=["A Parma S Genoa", "A Fornova -> Genoa"]
    )
    assert c.clause("Milan", "A Parma") == "Support (c)"
    assert c.at("Milan", "A Fornova") == "A Fornova"


def test_R_2_5_a_fleet_supports_into_a_coastal_province() -> None:
    """F EGOL S Genoa: a fleet supports an army into a coastal province it could enter."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"]
    )
    assert c.clause("France", "F EGOL") == "Support"


def test_R_2_6_a_fleet_cannot_support_inland() -> None:
    """F EGOL S Pontremoli: a fleet cannot enter Pontremoli, so it cannot support there
    (Support (c))."""
    c = Case("France: F EGOL, A Genoa").resolve(
        France=["F EGOL S Pontremoli", "A Genoa -> Pontremoli"]
    )
    assert c.clause("France", "F EGOL") == "Support (c)"


def test_R_2_7_a_supporting_unit_receives_no_support() -> None:
    """A Genoa S Savoy is attacked by A Modena supported by A Pontremoli; A Fornova
    S Genoa would help a hold but 'you cannot support another support order' (Support
    (a)): the supporter is dislodged."""
    c = Case("France: A Genoa, A Savoy, A Fornova; Papacy: A Modena, A Pontremoli").resolve(
        France=["A Genoa S Savoy", "A Fornova S Genoa"],
        Papacy=["A Modena -> Genoa", "A Pontremoli S Genoa"],
    )
    assert c.outcome("France", "A Genoa").result == "dislodged"
    assert c.at("Papacy", "A Modena") == "A Genoa"


def test_R_2_8_several_powers_support_one_operation() -> None:
    """Milan's A Parma -> Modena supported by Venetian A Mantua and Florentine A Lucca
    beats A Modena held with one support (Support (b): several units, several players)."""
    c = Case(
        "Milan: A Parma; Venice: A Mantua; Florence: A Lucca; Papacy: A Modena, A Bologna"
    ).resolve(
        Milan=["A Parma -> Modena"],
        Venice=["A Mantua S Milan Modena"],
        Florence=["A Lucca S Milan Modena"],
        Papacy=["A Bologna S Modena"],
    )
    assert c.at("Milan", "A Parma") == "A Modena"


def test_R_2_9_a_support_helps_every_operation_of_that_power_into_the_area() -> None:
    """Support names a power and an area, not a unit: A Mantua S Modena supports Milan's
    advance into Modena whichever Milanese unit makes it (reconstructed)."""
    c = Case("Milan: A Parma, A Mantua; Papacy: A Bologna").resolve(
        Milan=["A Parma -> Modena", "A Mantua S Modena"], Papacy=["A Bologna -> Modena"]
    )
    assert c.at("Milan", "A Parma") == "A Modena"


def test_R_2_10_a_support_for_a_power_with_no_operation_there_does_nothing() -> None:
    """A Mantua S Milan Modena when no Milanese unit acts into Modena: the Papal
    A Bologna -> Modena still succeeds and the support is reported given."""
    c = Case("Venice: A Mantua; Papacy: A Bologna").resolve(
        Venice=["A Mantua S Milan Modena"], Papacy=["A Bologna -> Modena"]
    )
    assert c.at("Papacy", "A Bologna") == "A Modena"


def test_R_2_11_support_of_the_dislodged_power_does_not_drive_out_its_own_unit() -> None:
    """Papal A Lucca S Milan Modena does not help Milan dislodge the Papal A Modena: 1
    against 1, the attack fails (reconstructed, as Diplomacy)."""
    c = Case("Milan: A Parma; Papacy: A Modena, A Lucca").resolve(
        Milan=["A Parma -> Modena"], Papacy=["A Lucca S Milan Modena"]
    )
    assert c.at("Papacy", "A Modena") == "A Modena"


def test_R_2_12_a_garrison_supports_into_its_own_province() -> None:
    """G Genoa S Genoa supports the Florentine army in Genoa to hold against a supported
    French attack (Support: 'support a garrison to Convert into a province' - a garrison
    supports into the province it could convert into)."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa, G Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=["G Genoa S Genoa"]
    )
    assert c.at("Florence", "A Genoa") == "A Genoa"


def test_R_2_13_a_garrison_cannot_support_into_a_neighbour() -> None:
    """G Genoa S Savoy is impossible (Support (c))."""
    c = Case("Florence: G Genoa").resolve(Florence=["G Genoa S Savoy"])
    assert c.clause("Florence", "G Genoa") == "Support (c)"


def test_R_2_14_support_of_a_besieging_unit_by_a_fleet() -> None:
    """F EGOL S Genoa supports an army besieging Genoa: a hold support, though a fleet
    could not besiege a non-port city itself (Support (d))."""
    c = Case(
        "France: A Genoa, F EGOL; autonomous: G Genoa; Florence: A Modena, A Pontremoli"
    ).resolve(
        France=["A Genoa B", "F EGOL S Genoa"],
        Florence=["A Modena -> Genoa", "A Pontremoli S Genoa"],
    )
    assert c.at("France", "A Genoa") == "A Genoa"


# -- 3 support broken ---------------------------------------------------------------------


def test_R_3_1_an_attack_on_the_supporter_breaks_the_support() -> None:
    """The text's example: A Parma -> Modena fails but cuts A Modena S Genoa, so the
    supported French attack dislodges A Genoa (CONFLICTS (d))."""
    c = Case("France: A Savoy, F EGOL, A Parma; Florence: A Genoa, A Modena").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa", "A Parma -> Modena"],
        Florence=["A Modena S Genoa"],
    )
    assert c.clause("Florence", "A Modena") == "CONFLICTS (d)"
    assert c.at("France", "A Savoy") == "A Genoa"


def test_R_3_2_an_attack_from_the_supported_area_does_not_break_the_support() -> None:
    """Papal A Modena S French Genoa (for French A Montferrat -> Genoa) is attacked by the
    Florentine A Genoa, from Genoa itself: the attack comes from the area the support is
    directed into, so the support stands (CONFLICTS (d)); the Florentine army's own move
    bounces off Modena and the supported French attack (2 to 1) dislodges it."""
    c = Case("Florence: A Genoa; Papacy: A Modena; France: A Montferrat").resolve(
        Florence=["A Genoa -> Modena"],
        Papacy=["A Modena S French Genoa"],
        France=["A Montferrat -> Genoa"],
    )
    assert c.outcome("Papacy", "A Modena").result == "supports"
    assert c.at("France", "A Montferrat") == "A Genoa"


def test_R_3_3_an_attack_of_the_supporter_s_own_power_does_not_break_it() -> None:
    """A Lucca -> Modena (Papal) against Papal A Modena S Genoa: own attack, no cut."""
    c = Case("Papacy: A Lucca, A Modena, A Savoy; Florence: A Genoa").resolve(
        Papacy=["A Lucca -> Modena", "A Modena S Genoa", "A Savoy -> Genoa"]
    )
    assert c.at("Papacy", "A Savoy") == "A Genoa"


def test_R_3_4_a_weaker_attack_does_not_break_an_elite_unit_s_support() -> None:
    """A strength-1 army attacks an Elite Mercenaries unit (strength 2) that supports: not
    'an equal force', the support stands (CONFLICTS (d), reconstructed on unit strength)."""
    c = Case("France: A Savoy, A* Modena; Florence: A Genoa; Milan: A Parma").resolve(
        France=["A Savoy -> Genoa", "A Modena S Genoa"], Milan=["A Parma -> Modena"]
    )
    assert c.at("France", "A Savoy") == "A Genoa"


def test_R_3_5_a_dislodged_supporter_gives_no_support() -> None:
    """A Modena S Genoa is dislodged from Genoa itself (the attack from the supported area
    does not cut, but dislodging does): no support."""
    c = Case("Florence: A Genoa, F EGOL; Papacy: A Modena; Milan: A Savoy").resolve(
        Florence=["A Genoa -> Modena", "F EGOL S Modena"],
        Papacy=["A Modena S Milan Genoa"],
        Milan=["A Savoy -> Genoa"],
    )
    assert c.outcome("Papacy", "A Modena").result == "dislodged"
    assert c.at("Florence", "A Genoa") == "A Modena" and c.at("Milan", "A Savoy") == "A Genoa"


def test_R_3_6_a_cut_support_of_a_hold() -> None:
    """A Fornova S Genoa (hold) is attacked by A Parma: broken, and the supported French
    attack dislodges A Genoa."""
    c = Case("France: A Savoy, A Montferrat, A Parma; Florence: A Genoa, A Fornova").resolve(
        France=["A Savoy -> Genoa", "A Montferrat S Genoa", "A Parma -> Fornova"],
        Florence=["A Fornova S Genoa"],
    )
    assert c.at("France", "A Savoy") == "A Genoa"


def test_R_3_7_a_failed_transported_attack_does_not_break_support() -> None:
    """An army transported by a fleet that has no Transport order does not arrive and
    cuts nothing (Transport (c))."""
    c = Case("France: A Savoy, F EGOL; Florence: A Pisa, A Lucca; Papacy: A Modena").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL H"],
        Florence=["A Lucca S Modena"],
        Papacy=["A Modena H"],
    )
    assert c.clause("Florence", "A Lucca") == "Support"


def test_R_3_8_a_transported_attack_breaks_support() -> None:
    """A Savoy -> EGOL -> Lucca arrives at Lucca's border and cuts A Lucca S Modena."""
    c = Case("France: A Savoy, F EGOL; Florence: A Lucca").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL T"], Florence=["A Lucca S Modena"]
    )
    assert c.clause("Florence", "A Lucca") == "CONFLICTS (d)"


# -- 4 swaps ------------------------------------------------------------------------------


def test_R_4_1_two_units_cannot_swap() -> None:
    """A Genoa -> Savoy and A Savoy -> Genoa: equal forces swapping fail (CONFLICTS (b))."""
    c = Case("France: A Savoy; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa -> Savoy"]
    )
    assert c.at("France", "A Savoy") == "A Savoy" and c.at("Florence", "A Genoa") == "A Genoa"
    assert c.clause("France", "A Savoy") == "CONFLICTS (b)"


def test_R_4_2_own_units_cannot_swap_either() -> None:
    """French A Genoa -> Savoy and A Savoy -> Genoa: they cannot pass each other
    (Advance (b))."""
    c = Case("France: A Savoy, A Genoa").resolve(France=["A Savoy -> Genoa", "A Genoa -> Savoy"])
    assert c.at("France", "A Savoy") == "A Savoy"


def test_R_4_3_a_stronger_swap_dislodges() -> None:
    """A Savoy -> Genoa supported by F EGOL against A Genoa -> Savoy: 2 beats 1, the
    Florentine army is dislodged and does not reach Savoy."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=["A Genoa -> Savoy"]
    )
    assert c.at("France", "A Savoy") == "A Genoa"
    assert c.outcome("Florence", "A Genoa").result in ("dislodged", "eliminated")


def test_R_4_4_a_swap_by_different_routes_succeeds() -> None:
    """A Genoa -> Savoy by land while A Savoy -> EGOL -> Genoa by sea: different routes,
    both succeed (CONFLICTS (b))."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> EGOL -> Genoa", "F EGOL T"], Florence=["A Genoa -> Savoy"]
    )
    assert c.at("France", "A Savoy") == "A Genoa" and c.at("Florence", "A Genoa") == "A Savoy"


def test_R_4_5_a_swap_and_a_third_attack() -> None:
    """A Genoa <-> A Savoy swap, and A Montferrat -> Savoy: the swap bounces, Montferrat's
    attack on a Savoy that stays bounces too."""
    c = Case("France: A Savoy; Florence: A Genoa; Milan: A Montferrat").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa -> Savoy"], Milan=["A Montferrat -> Savoy"]
    )
    assert (
        c.at("Milan", "A Montferrat") == "A Montferrat" and c.at("France", "A Savoy") == "A Savoy"
    )


def test_R_4_6_a_supported_swap_loser_still_stands_off_elsewhere() -> None:
    """A Genoa -> Savoy is beaten head-on by a supported A Savoy -> Genoa; it gives no
    stand-off in Savoy, so A Montferrat -> Savoy succeeds into the vacated Savoy."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa; Milan: A Montferrat").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"],
        Florence=["A Genoa -> Savoy"],
        Milan=["A Montferrat -> Savoy"],
    )
    assert c.at("Milan", "A Montferrat") == "A Savoy"


def test_R_4_7_a_fleet_and_an_army_swapping_along_a_coast() -> None:
    """F Genoa -> Savoy and A Savoy -> Genoa (the coast is one route): they fail."""
    c = Case("Florence: F Genoa; France: A Savoy").resolve(
        Florence=["F Genoa -> Savoy"], France=["A Savoy -> Genoa"]
    )
    assert c.at("Florence", "F Genoa") == "F Genoa"


# -- 5 transport --------------------------------------------------------------------------


def test_R_5_1_the_text_s_transport_chain() -> None:
    """A Savoy -> EGOL -> WTS -> Palermo with fleets transporting in both seas: the army
    lands in Palermo (Advance; the text's own example)."""
    c = Case("France: A Savoy, F EGOL, F WTS").resolve(
        France=["A Savoy ->EGOL->WTS-> Palermo", "F EGOL T", "F WTS T"]
    )
    assert c.at("France", "A Savoy") == "A Palermo"


def test_R_5_2_a_missing_fleet_breaks_the_chain() -> None:
    """A Savoy -> EGOL -> WTS -> Palermo with no fleet in WTS: the army holds in Savoy
    (Transport (c))."""
    c = Case("France: A Savoy, F EGOL").resolve(
        France=["A Savoy -> EGOL -> WTS -> Palermo", "F EGOL T"]
    )
    assert c.at("France", "A Savoy") == "A Savoy"
    assert c.clause("France", "A Savoy") == "Transport (c)"


def test_R_5_3_a_fleet_that_does_not_transport_breaks_it() -> None:
    """F EGOL holds instead of transporting: the army holds (Transport (c))."""
    c = Case("France: A Savoy, F EGOL").resolve(France=["A Savoy -> EGOL -> Genoa", "F EGOL H"])
    assert c.clause("France", "A Savoy") == "Transport (c)"


def test_R_5_4_a_dislodged_transporting_fleet_breaks_it() -> None:
    """F EGOL transports but is dislodged by F WGL supported by F WTS: the army holds
    (Advance (d))."""
    c = Case("France: A Savoy, F EGOL; Turks: F WGL, F WTS").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL T"], Turks=["F WGL -> EGOL", "F WTS S EGOL"]
    )
    assert c.at("France", "A Savoy") == "A Savoy"
    assert c.clause("France", "A Savoy") == "Advance (d)"


def test_R_5_5_an_attacked_transporting_fleet_that_holds_keeps_the_chain() -> None:
    """F EGOL is attacked by a lone F WGL: it holds (CONFLICTS (c)) and the army lands."""
    c = Case("France: A Savoy, F EGOL; Turks: F WGL").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL T"], Turks=["F WGL -> EGOL"]
    )
    assert c.at("France", "A Savoy") == "A Lucca"
    assert c.clause("Turks", "F WGL") == "CONFLICTS (c)"


def test_R_5_6_a_fleet_transports_another_power_s_army_only_if_named() -> None:
    """Florentine F EGOL T (its own power) cannot carry a French army (Transport: 'only
    needs to note the unit being transported if it belongs to another power')."""
    c = Case("France: A Savoy; Florence: F EGOL").resolve(
        France=["A Savoy -> EGOL -> Lucca"], Florence=["F EGOL T"]
    )
    assert c.at("France", "A Savoy") == "A Savoy"


def test_R_5_7_a_fleet_transports_another_power_s_army_when_named() -> None:
    """Florentine F EGOL T French A carries the French army to Lucca."""
    c = Case("France: A Savoy; Florence: F EGOL").resolve(
        France=["A Savoy -> EGOL -> Lucca"], Florence=["F EGOL T French A"]
    )
    assert c.at("France", "A Savoy") == "A Lucca"


def test_R_5_8_transport_through_a_coastal_province() -> None:
    """A fleet in a coastal province transports: A Savoy -> Genoa(fleet) -> Modena
    ('sea areas and/or coastal provinces')."""
    c = Case("France: A Savoy, F Genoa").resolve(France=["A Savoy -> Genoa -> Modena", "F Genoa T"])
    assert c.at("France", "A Savoy") == "A Modena"


def test_R_5_9_each_hop_must_be_a_fleet_link() -> None:
    """A Savoy -> EGOL -> Ionian Sea -> Otranto: EGOL does not touch the Ionian; the
    order is impossible and the army holds (Advance)."""
    c = Case("France: A Savoy, F EGOL, F Ionian Sea").resolve(
        France=["A Savoy -> EGOL -> Ionian Sea -> Otranto", "F EGOL T", "F Ionian Sea T"]
    )
    assert c.clause("France", "A Savoy") == "Advance"


def test_R_5_10_a_transported_army_bounces_like_any_other() -> None:
    """A Savoy -> EGOL -> Lucca against a Florentine army holding Lucca: it bounces and
    stays in Savoy."""
    c = Case("France: A Savoy, F EGOL; Florence: A Lucca").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL T"]
    )
    assert c.at("France", "A Savoy") == "A Savoy" and c.at("Florence", "A Lucca") == "A Lucca"


def test_R_5_11_a_transported_army_with_support_dislodges() -> None:
    """A Savoy -> EGOL -> Lucca supported by A Pisa: 2 against 1, the Papal army in Lucca
    is dislodged."""
    c = Case("France: A Savoy, F EGOL, A Pisa; Papacy: A Lucca").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL T", "A Pisa S Lucca"]
    )
    assert c.at("France", "A Savoy") == "A Lucca"


def test_R_5_12_the_transport_does_not_name_the_route() -> None:
    """A fleet's Transport order notes neither start nor target (Transport (a)): one
    F EGOL T serves an army landing in the French army's own target."""
    c = Case("France: A Genoa, F EGOL").resolve(France=["A Genoa -> EGOL -> Savoy", "F EGOL T"])
    assert c.at("France", "A Genoa") == "A Savoy"


def test_R_5_13_an_army_cannot_advance_into_a_sea() -> None:
    """A Savoy -> EGOL: an army advances only into provinces (Advance)."""
    c = Case("France: A Savoy").resolve(France=["A Savoy -> EGOL"])
    assert c.at("France", "A Savoy") == "A Savoy" and c.clause("France", "A Savoy") == "Advance"


def test_R_5_14_a_fleet_cannot_be_transported() -> None:
    """F Genoa -> EGOL -> Lucca: only an army is transported."""
    c = Case("France: F Genoa, F EGOL").resolve(France=["F Genoa -> EGOL -> Lucca", "F EGOL T"])
    assert c.clause("France", "F Genoa") == "Advance"


def test_R_5_15_a_long_chain_of_three_fleets() -> None:
    """A Marseilles -> WGL -> WTS -> ETS -> Tivoli with three transporting fleets."""
    c = Case("France: A Marseilles, F WGL, F WTS, F ETS").resolve(
        France=["A Marseilles -> WGL -> WTS -> ETS -> Tivoli", "F WGL T", "F WTS T", "F ETS T"]
    )
    assert c.at("France", "A Marseilles") == "A Tivoli"


# -- 6 straits -----------------------------------------------------------------------------


def test_R_6_1_a_strait_held_by_another_power_closes() -> None:
    """Turkish F ETS -> Pisa while a Florentine fleet holds Piombino, no permission: the
    advance is impossible, the fleet holds (Map: Piombino)."""
    c = Case("Turks: F ETS; Florence: F Piombino").resolve(Turks=["F ETS -> Pisa"])
    assert c.at("Turks", "F ETS") == "F Eastern Tyrrhenian Sea"
    assert c.clause("Turks", "F ETS") == "Map: Piombino"


def test_R_6_2_a_strait_opens_with_the_holder_s_permission() -> None:
    """The same with 'Permit Turks Piombino' in Florence's orders: the fleet enters Pisa."""
    c = Case("Turks: F ETS; Florence: F Piombino").resolve_with(
        {"permits": {("Florence", "Piombino", "Turks")}}, Turks=["F ETS -> Pisa"]
    )
    assert c.at("Turks", "F ETS") == "F Pisa"


def test_R_6_3_one_s_own_fleet_does_not_close_the_strait() -> None:
    """A Florentine fleet in Piombino lets Florentine fleets through."""
    c = Case("Florence: F ETS, F Piombino").resolve(Florence=["F ETS -> Pisa"])
    assert c.at("Florence", "F ETS") == "F Pisa"


def test_R_6_4_an_army_in_the_strait_s_province_does_not_close_it() -> None:
    """Only a fleet controls a strait (Map: 'a fleet in Piombino')."""
    c = Case("Turks: F ETS; Florence: A Piombino").resolve(Turks=["F ETS -> Pisa"])
    assert c.at("Turks", "F ETS") == "F Pisa"


def test_R_6_5_the_messina_strait() -> None:
    """Venetian F Ionian Sea -> Gulf of Naples with a Neapolitan fleet in Messina: closed
    (Map: Messina)."""
    c = Case("Venice: F Ionian Sea; Naples: F Messina").resolve(Venice=["F Ionian Sea -> GON"])
    assert c.clause("Venice", "F Ionian Sea") == "Map: Messina"


def test_R_6_6_a_support_through_a_held_strait_is_impossible() -> None:
    """Turkish F ETS S Pisa with a Florentine fleet in Piombino: impossible."""
    c = Case("Turks: F ETS; Florence: F Piombino").resolve(Turks=["F ETS S Pisa"])
    assert c.outcome("Turks", "F ETS").result == "holds"


def test_R_6_7_other_links_of_the_sea_stay_open() -> None:
    """Turkish F ETS -> Siena is no strait crossing: it succeeds."""
    c = Case("Turks: F ETS; Florence: F Piombino").resolve(Turks=["F ETS -> Siena"])
    assert c.at("Turks", "F ETS") == "F Siena"


# -- 7 coasts ------------------------------------------------------------------------------


def test_R_7_1_a_fleet_into_provence_must_name_the_coast_if_two_are_reachable() -> None:
    """F WGL -> Provence: both coasts touch the Western Gulf of Lyons; the order is
    impossible (Map: Croatia and Provence)."""
    c = Case("France: F WGL").resolve(France=["F WGL -> Provence"])
    assert c.clause("France", "F WGL") == "Map: Croatia and Provence"


def test_R_7_2_a_named_coast_is_taken() -> None:
    """F WGL -> Provence/nc reaches the north coast."""
    c = Case("France: F WGL").resolve(France=["F WGL -> Provence/nc"])
    assert c.at("France", "F WGL") == "F Provence (North Coast)"


def test_R_7_3_a_single_reachable_coast_is_implied() -> None:
    """F EGOL -> Provence: only the south coast touches the Eastern Gulf; it is taken."""
    c = Case("France: F EGOL").resolve(France=["F EGOL -> Provence"])
    assert c.at("France", "F EGOL") == "F Provence (South Coast)"


def test_R_7_4_a_fleet_on_one_coast_cannot_reach_the_other_s_neighbours() -> None:
    """F Provence (North Coast) -> Savoy: Savoy is reached from the south coast only."""
    c = Case("France: F Provence/nc").resolve(France=["F Provence/nc -> Savoy"])
    assert c.at("France", "F Provence") == "F Provence (North Coast)"


def test_R_7_5_croatia_s_south_coast_only_via_dalmatia_and_istria() -> None:
    """F UAS -> Croatia reaches only the north coast ('the South coast of Croatia is
    accessible only via Dalmatia')."""
    c = Case("Venice: F UAS").resolve(Venice=["F UAS -> Croatia"])
    assert c.at("Venice", "F UAS") == "F Croatia (North Coast)"


def test_R_7_6_dalmatia_reaches_croatia_s_south_coast() -> None:
    """F Dalmatia -> Croatia: the south coast."""
    c = Case("Venice: F Dalmatia").resolve(Venice=["F Dalmatia -> Croatia"])
    assert c.at("Venice", "F Dalmatia") == "F Croatia (South Coast)"


def test_R_7_7_an_army_in_croatia_has_no_coast() -> None:
    """A Bosnia -> Croatia: an army enters the province."""
    c = Case("Turks: A Bosnia").resolve(Turks=["A Bosnia -> Croatia"])
    assert c.at("Turks", "A Bosnia") == "A Croatia"


def test_R_7_8_the_dalmatia_istria_land_bridge() -> None:
    """A Dalmatia -> Istria: armies cross the land bridge (Map: Dalmatia and Istria)."""
    c = Case("Venice: A Dalmatia").resolve(Venice=["A Dalmatia -> Istria"])
    assert c.at("Venice", "A Dalmatia") == "A Istria"


def test_R_7_9_a_fleet_on_one_coast_blocks_the_whole_province() -> None:
    """F Provence (South Coast) holds; F WGL -> Provence/nc bounces: one unit a province."""
    c = Case("France: F Provence/sc; Turks: F WGL").resolve(Turks=["F WGL -> Provence/nc"])
    assert c.at("Turks", "F WGL") == "F Western Gulf of Lyons"


# -- 8 Venice and the Lagoon -------------------------------------------------------------


def test_R_8_1_an_army_reaches_venice_only_by_transport() -> None:
    """A Padua -> Venice: not adjacent for an army (Map: Venice, an island)."""
    c = Case("Milan: A Padua").resolve(Milan=["A Padua -> Venice"])
    assert c.clause("Milan", "A Padua") == "Advance"


def test_R_8_2_an_army_transported_through_the_lagoon_lands_in_venice() -> None:
    """A Padua -> Lagoon -> Venice with F Lagoon T: it lands."""
    c = Case("Milan: A Padua, F Lagoon").resolve(
        Milan=["A Padua -> Lagoon -> Venice", "F Lagoon T"]
    )
    assert c.at("Milan", "A Padua") == "A Venice"


def test_R_8_3_no_advance_into_venice_held_by_a_garrison() -> None:
    """A garrison in Venice: only one unit may be there, a fleet from the Lagoon cannot
    enter (Map: Venice)."""
    c = Case("Milan: F Lagoon; Venice: G Venice").resolve(Milan=["F Lagoon -> Venice"])
    assert c.clause("Milan", "F Lagoon") == "Map: Venice"


def test_R_8_4_only_a_fleet_besieges_venice() -> None:
    """F Lagoon B Venice begins a siege of the Venetian garrison (Map: Venice)."""
    c = Case("Milan: F Lagoon; Venice: G Venice").resolve(Milan=["F Lagoon B Venice"])
    assert c.outcome("Milan", "F Lagoon").result == "besieges"
    assert c.result is not None and c.result.sieges["Venice"][1] == 1


def test_R_8_5_a_fleet_in_venice_converts_in_place() -> None:
    """F Venice C-> G: Venice's province and city are one space; the fleet becomes its
    garrison in place."""
    c = Case("Venice: F Venice").resolve(Venice=["F Venice C-> G"])
    assert c.at("Venice", "F Venice") == "G Venice"


def test_R_8_6_a_fleet_in_venice_can_be_dislodged() -> None:
    """Venetian F Venice attacked by F Lagoon supported by... nothing else touches Venice,
    so a single attack bounces."""
    c = Case("Venice: F Venice; Milan: F Lagoon").resolve(Milan=["F Lagoon -> Venice"])
    assert c.at("Venice", "F Venice") == "F Venice"


def test_R_8_7_the_lagoon_is_an_ordinary_sea() -> None:
    """F UAS -> Lagoon."""
    c = Case("Venice: F UAS").resolve(Venice=["F UAS -> Lagoon"])
    assert c.at("Venice", "F UAS") == "F Lagoon"


def test_R_8_8_an_army_leaves_venice_by_transport() -> None:
    """A Venice -> Lagoon -> Padua with F Lagoon T."""
    c = Case("Venice: A Venice, F Lagoon").resolve(
        Venice=["A Venice -> Lagoon -> Padua", "F Lagoon T"]
    )
    assert c.at("Venice", "A Venice") == "A Padua"


# -- 9 conversion ---------------------------------------------------------------------------


def test_R_9_1_an_army_converts_to_a_garrison() -> None:
    """A Pavia C-> G: Pavia has a fortified city; the army becomes its garrison."""
    c = Case("Milan: A Pavia").resolve(Milan=["A Pavia C-> G"])
    assert c.at("Milan", "A Pavia") == "G Pavia"


def test_R_9_2_a_fleet_converts_only_in_a_port() -> None:
    """F Ancona C-> G succeeds (port); F Lucca C-> G is impossible (Convert)."""
    c = Case("Papacy: F Ancona; Florence: F Lucca").resolve(
        Papacy=["F Ancona C-> G"], Florence=["F Lucca C-> G"]
    )
    assert c.at("Papacy", "F Ancona") == "G Ancona"
    assert c.at("Florence", "F Lucca") == "F Lucca" and c.clause("Florence", "F Lucca") == "Convert"


def test_R_9_3_no_conversion_without_a_fortified_city() -> None:
    """A Parma C-> G: no city (Convert)."""
    c = Case("Milan: A Parma").resolve(Milan=["A Parma C-> G"])
    assert c.clause("Milan", "A Parma") == "Convert"


def test_R_9_4_an_army_does_not_become_a_fleet_directly() -> None:
    """A Genoa C-> F: only through a garrison (Convert)."""
    c = Case("Florence: A Genoa").resolve(Florence=["A Genoa C-> F"])
    assert c.clause("Florence", "A Genoa") == "Convert"


def test_R_9_5_a_garrison_converts_into_an_empty_province() -> None:
    """G Genoa C-> F: the garrison becomes a fleet in Genoa."""
    c = Case("Florence: G Genoa").resolve(Florence=["G Genoa C-> F"])
    assert c.at("Florence", "G Genoa") == "F Genoa"


def test_R_9_6_an_advance_into_a_province_whose_unit_converts_succeeds() -> None:
    """A Savoy -> Genoa while A Genoa C-> G: the province is left for the city
    (CONFLICTS (e)); the garrison stays in the city."""
    c = Case("France: A Savoy; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa C-> G"]
    )
    assert c.at("France", "A Savoy") == "A Genoa" and c.at("Florence", "A Genoa") == "G Genoa"


def test_R_9_7_a_garrison_converting_against_an_equal_attack_bounces() -> None:
    """G Genoa C-> A while A Savoy -> Genoa: equal, neither gets the province (Advance
    (c); renaissance-facts 2.5)."""
    c = Case("France: A Savoy; Florence: G Genoa").resolve(
        France=["A Savoy -> Genoa"], Florence=["G Genoa C-> A"]
    )
    assert c.at("Florence", "G Genoa") == "G Genoa" and c.at("France", "A Savoy") == "A Savoy"


def test_R_9_8_a_supported_garrison_conversion_wins() -> None:
    """G Genoa C-> A supported by A Modena S Genoa beats A Savoy -> Genoa (Support:
    'support a garrison to Convert into a province')."""
    c = Case("France: A Savoy; Florence: G Genoa, A Modena").resolve(
        France=["A Savoy -> Genoa"], Florence=["G Genoa C-> A", "A Modena S Genoa"]
    )
    assert c.at("Florence", "G Genoa") == "A Genoa"


def test_R_9_9_a_garrison_converts_into_a_province_being_left() -> None:
    """G Genoa C-> A while the French A Genoa advances to Modena: the garrison may convert
    into a province a military unit is leaving (Convert)."""
    c = Case("France: A Genoa; Florence: G Genoa").resolve(
        France=["A Genoa -> Modena"], Florence=["G Genoa C-> A"]
    )
    assert c.at("Florence", "G Genoa") == "A Genoa"


def test_R_9_10_a_garrison_cannot_convert_into_an_army_that_stays() -> None:
    """G Genoa C-> A while its own A Genoa holds: self-conflict, the conversion fails."""
    c = Case("Florence: G Genoa, A Genoa").resolve(Florence=["G Genoa C-> A", "A Genoa H"])
    assert c.at("Florence", "G Genoa") == "G Genoa"


def test_R_9_11_an_army_cannot_convert_into_a_city_held_by_another_power() -> None:
    """A Genoa C-> G with an autonomous garrison in Genoa: impossible (Convert)."""
    c = Case("France: A Genoa; autonomous: G Genoa").resolve(France=["A Genoa C-> G"])
    assert c.clause("France", "A Genoa") == "Convert"


def test_R_9_12_a_unit_and_its_garrison_cannot_swap() -> None:
    """A Genoa C-> G and G Genoa C-> A of one power: they cannot pass each other."""
    c = Case("Florence: A Genoa, G Genoa").resolve(Florence=["A Genoa C-> G", "G Genoa C-> A"])
    assert c.at("Florence", "A Genoa") == "A Genoa" and c.at("Florence", "G Genoa") == "G Genoa"


def test_R_9_13_a_converting_unit_is_not_dislodged() -> None:
    """A Genoa C-> G attacked by a supported A Savoy: it is converting, so it is not
    retreated (RETREATS: 'unless at the same time it is ... Converting')."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=["A Genoa C-> G"]
    )
    assert c.at("Florence", "A Genoa") == "G Genoa" and c.at("France", "A Savoy") == "A Genoa"


def test_R_9_14_no_conversion_in_one_s_own_rebelling_city() -> None:
    """A Pavia C-> G while Pavia rebels against Milan: impossible (REBELLIONS (i))."""
    c = Case("Milan: A Pavia").resolve_with(
        {"rebellions": {"Pavia": "Milan"}}, Milan=["A Pavia C-> G"]
    )
    assert c.clause("Milan", "A Pavia") == "REBELLIONS (i)"


# -- 10 sieges ---------------------------------------------------------------------------


def test_R_10_1_a_first_besiege_begins_the_siege() -> None:
    """A Genoa B against the autonomous garrison: the siege is on, the garrison stays."""
    c = Case("France: A Genoa; autonomous: G Genoa").resolve(France=["A Genoa B"])
    assert c.result is not None and c.result.sieges == {"Genoa": (1, 1)}
    assert c.at("autonomous", "G Genoa") == "G Genoa"


def test_R_10_2_the_second_consecutive_besiege_takes_the_city() -> None:
    """The same order in the next season with the siege on: the garrison is destroyed and
    the city is the besieger's (Besiege)."""
    c = Case("France: A Genoa; autonomous: G Genoa").resolve_with(
        {"sieges": {"Genoa": (1, 1)}}, France=["A Genoa B"]
    )
    assert c.at("autonomous", "G Genoa") is None
    assert c.result is not None and c.result.taken == {"Genoa": "France"}


def test_R_10_3_a_dislodged_besieger_breaks_the_siege() -> None:
    """A Genoa B is dislodged by a supported attack: no siege goes on."""
    c = Case("France: A Genoa; autonomous: G Genoa; Milan: A Fornova, A Montferrat").resolve(
        France=["A Genoa B"], Milan=["A Fornova -> Genoa", "A Montferrat S Genoa"]
    )
    assert c.result is not None and c.result.sieges == {}


def test_R_10_4_a_fleet_besieges_only_a_port() -> None:
    """F Lucca B (Lucca is no port): impossible (Besiege)."""
    c = Case("France: F Lucca; autonomous: G Lucca").resolve(France=["F Lucca B"])
    assert c.clause("France", "F Lucca") == "Besiege"


def test_R_10_5_no_siege_of_one_s_own_garrison() -> None:
    """A Genoa B with a French garrison in Genoa: impossible."""
    c = Case("France: A Genoa, G Genoa").resolve(France=["A Genoa B"])
    assert c.clause("France", "A Genoa") == "Besiege"


def test_R_10_6_another_order_breaks_the_siege() -> None:
    """The besieger holds in the second season: the siege must start all over again."""
    c = Case("France: A Genoa; autonomous: G Genoa").resolve_with(
        {"sieges": {"Genoa": (1, 1)}}, France=["A Genoa H"]
    )
    assert (
        c.result is not None
        and c.result.sieges == {}
        and c.at("autonomous", "G Genoa") == "G Genoa"
    )


def test_R_10_7_an_attacked_besieger_that_holds_keeps_the_siege() -> None:
    """A lone attack on the besieger bounces (CONFLICTS (c)); the siege goes on."""
    c = Case("France: A Genoa; autonomous: G Genoa; Milan: A Fornova").resolve(
        France=["A Genoa B"], Milan=["A Fornova -> Genoa"]
    )
    assert c.result is not None and "Genoa" in c.result.sieges


def test_R_10_8_a_besieged_garrison_cannot_convert() -> None:
    """G Genoa C-> A while besieged: impossible (reconstructed from njudge, Besiege)."""
    c = Case("France: A Genoa; Florence: G Genoa").resolve_with(
        {"sieges": {"Genoa": (1, 1)}}, Florence=["G Genoa C-> A"], France=["A Genoa B"]
    )
    assert c.clause("Florence", "G Genoa") == "Besiege"


# -- 11 retreats --------------------------------------------------------------------------


def test_R_11_1_a_dislodged_unit_retreats() -> None:
    """A Genoa dislodged from Savoy retreats to a free neighbour (RETREATS (a))."""
    c = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"]
    )
    assert c.clause("Florence", "A Genoa") == "RETREATS (a)"
    assert c.at("Florence", "A Genoa") not in ("A Savoy", "A Genoa", None)


def test_R_11_2_never_to_the_attack_s_origin() -> None:
    """A Capua (no city) dislodged by A Spoleto with A Tivoli's support; Aquila and
    Naples are full, Spoleto is where the attack came from: eliminated (RETREATS (b),
    (d))."""
    c = Case("Papacy: A Spoleto, A Tivoli; Florence: A Capua, A Aquila, A Naples").resolve(
        Papacy=["A Spoleto -> Capua", "A Tivoli S Capua"]
    )
    assert c.at("Florence", "A Capua") is None
    assert c.clause("Florence", "A Capua") == "RETREATS (d)"


def test_R_11_3_never_into_an_attacked_place() -> None:
    """A Capua dislodged; stand-offs in Aquila and in Naples: it may retreat into
    neither, nor to Spoleto, and is eliminated (RETREATS (a))."""
    c = Case(
        "Papacy: A Spoleto, A Tivoli; "
        "Florence: A Capua; "
        "Milan: A Bari, A Salerno; "
        "Venice: A Ancona, F GON"
    ).resolve(
        Papacy=["A Spoleto -> Capua", "A Tivoli S Capua"],
        Milan=["A Bari -> Aquila", "A Salerno -> Naples"],
        Venice=["A Ancona -> Aquila", "F GON -> Naples"],
    )
    assert c.at("Florence", "A Capua") is None


def test_R_11_4_convert_when_nothing_else_is_left() -> None:
    """A Genoa has no retreat but its empty fortified city: it converts to a garrison
    (RETREATS (c))."""
    c = Case(
        "France: A Savoy, F EGOL; "
        "Florence: A Genoa, A Fornova, A Modena, A Montferrat, A Pontremoli"
    ).resolve(France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=[])
    assert c.at("Florence", "A Genoa") == "G Genoa"
    assert c.clause("Florence", "A Genoa") == "RETREATS (c)"


def test_R_11_5_the_referee_avoids_an_elimination() -> None:
    """A Capua (free: Aquila, Tivoli) and A Salerno (free: Aquila only) are both
    dislodged. Taking the first free place in order would send Capua to Aquila and
    eliminate Salerno's army; the kit sends Capua to Tivoli and Salerno to Aquila
    (RETREATS (e): 'trying to avoid unit eliminations')."""
    c = Case(
        "Florence: A Capua, A Salerno; Papacy: A Spoleto, A Naples; Milan: A Bari, A Otranto"
    ).resolve(
        Papacy=["A Spoleto -> Capua", "A Naples S Capua"],
        Milan=["A Bari -> Salerno", "A Otranto S Salerno"],
    )
    assert c.at("Florence", "A Capua") == "A Tivoli"
    assert c.at("Florence", "A Salerno") == "A Aquila"


def test_R_11_6_two_retreats_that_clash_unavoidably() -> None:
    """A Capua and A Salerno are both dislodged and Aquila is the only free place for
    either: they clash unavoidably, the first in the order of the units retreats there and
    the other is eliminated (RETREATS (e): 'if some units clash unavoidably they are
    eliminated')."""
    c = Case(
        "Florence: A Capua, A Salerno; "
        "Papacy: A Spoleto, A Tivoli, A Naples; "
        "Milan: A Bari, A Otranto"
    ).resolve(
        Papacy=["A Spoleto -> Capua", "A Tivoli S Capua"],
        Milan=["A Bari -> Salerno", "A Otranto S Salerno"],
    )
    assert c.at("Florence", "A Capua") == "A Aquila"
    assert c.at("Florence", "A Salerno") is None
    assert c.clause("Florence", "A Salerno") == "RETREATS (d)"


def test_R_11_7_a_retreat_never_into_one_s_own_rebelling_province() -> None:
    """The dislodged Milanese army may not retreat into Milanese Pavia in rebellion
    (REBELLIONS (i))."""
    c = Case("Milan: A Piancenza; Venice: A Cremona, A Parma, A Milan, A Fornova").resolve_with(
        {"rebellions": {"Pavia": "Milan"}}, Venice=["A Cremona -> Piancenza", "A Parma S Piancenza"]
    )
    assert c.at("Milan", "A Piancenza") is None


def test_R_11_8_a_fleet_retreats_by_sea() -> None:
    """F EGOL dislodged retreats to a free sea or coast, never to the attack's origin."""
    c = Case("France: F EGOL; Turks: F WGL, F WTS").resolve(Turks=["F WGL -> EGOL", "F WTS S EGOL"])
    where = c.at("France", "F EGOL")
    assert where is not None and where not in ("F Western Gulf of Lyons", "F Eastern Gulf of Lyons")


def test_R_11_9_retreats_are_deterministic() -> None:
    """The same position gives the same retreats (RETREATS (e): the kit's rule)."""
    one = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"]
    )
    two = Case("France: A Savoy, F EGOL; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"]
    )
    assert one.at("Florence", "A Genoa") == two.at("Florence", "A Genoa")


# -- 12 units of strength 2 ---------------------------------------------------------------


def test_R_12_1_an_elite_unit_dislodges_a_plain_one_alone() -> None:
    """A* Savoy (Elite Mercenaries, strength 2) -> Genoa against A Genoa: 2 beats 1."""
    c = Case("France: A* Savoy; Florence: A Genoa").resolve(France=["A Savoy -> Genoa"])
    assert c.at("France", "A Savoy") == "A Genoa"


def test_R_12_2_two_elite_units_stand_off() -> None:
    """Two elite armies into empty Modena: 2 against 2, a stand-off."""
    c = Case("Milan: A* Parma; France: A! Genoa").resolve(
        Milan=["A Parma -> Modena"], France=["A Genoa -> Modena"]
    )
    assert c.at("Milan", "A Parma") == "A Parma"


def test_R_12_3_a_militia_has_strength_one() -> None:
    """A+ Savoy (Citizen's Militia, strength 1) -> Genoa against A Genoa: bounces."""
    c = Case("France: A+ Savoy; Florence: A Genoa").resolve(France=["A Savoy -> Genoa"])
    assert c.at("France", "A Savoy") == "A Savoy"


def test_R_12_4_an_elite_support_adds_two() -> None:
    """A Savoy -> Genoa supported by an elite F* EGOL (2) beats A Genoa with one hold
    support (3 against 2; reconstructed: a support adds its supporter's strength)."""
    c = Case("France: A Savoy, F* EGOL; Florence: A Genoa, A Modena").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"], Florence=["A Modena S Genoa"]
    )
    assert c.at("France", "A Savoy") == "A Genoa"


def test_R_12_5_an_elite_holder_needs_three() -> None:
    """A Savoy -> Genoa with one support (2) against an elite A* Genoa (2): bounces."""
    c = Case("France: A Savoy, F EGOL; Florence: A* Genoa").resolve(
        France=["A Savoy -> Genoa", "F EGOL S Genoa"]
    )
    assert c.at("Florence", "A Genoa") == "A Genoa"


def test_R_12_6_an_elite_attack_cuts_an_elite_support() -> None:
    """An elite attack (2) on an elite supporter (2) is an equal force: cut (CONFLICTS (d))."""
    c = Case("France: A Savoy, A* Modena; Florence: A Genoa; Milan: A* Parma").resolve(
        France=["A Savoy -> Genoa", "A Modena S Genoa"], Milan=["A Parma -> Modena"]
    )
    assert c.clause("France", "A Modena") == "CONFLICTS (d)"


# -- 13 rebels ----------------------------------------------------------------------------


def test_R_13_1_rebels_support_a_unit_entering_their_province() -> None:
    """Pavia rebels against Milan; Venetian A Montferrat -> Pavia against the Milanese
    A Pavia: the rebels' support makes it 2 to 1 (REBELLIONS (g))."""
    c = Case("Venice: A Montferrat; Milan: A Pavia").resolve_with(
        {"rebellions": {"Pavia": "Milan"}}, Venice=["A Montferrat -> Pavia"]
    )
    assert c.at("Venice", "A Montferrat") == "A Pavia"


def test_R_13_2_no_rebel_support_if_two_powers_enter() -> None:
    """Venetian and French armies both advance into rebel Pavia: neither gets the rebels
    (REBELLIONS (g)); a stand-off."""
    c = Case("Venice: A Montferrat; France: A Turin").resolve_with(
        {"rebellions": {"Pavia": "Milan"}},
        Venice=["A Montferrat -> Pavia"],
        France=["A Turin -> Pavia"],
    )
    assert (
        c.at("Venice", "A Montferrat") == "A Montferrat" and c.at("France", "A Turin") == "A Turin"
    )


def test_R_13_3_rebels_do_not_support_the_power_they_rebel_against() -> None:
    """Milan's own A Piancenza -> Pavia against a Venetian army there: no rebel help."""
    c = Case("Milan: A Piancenza; Venice: A Pavia").resolve_with(
        {"rebellions": {"Pavia": "Milan"}}, Milan=["A Piancenza -> Pavia"]
    )
    assert c.at("Venice", "A Pavia") == "A Pavia"


# -- 14 paradoxes and circles ---------------------------------------------------------------


def test_R_14_1_a_circle_of_three_advances_succeeds() -> None:
    """A Genoa -> Savoy, A Savoy -> Montferrat, A Montferrat -> Genoa: circular movement,
    all succeed (backup rule)."""
    c = Case("France: A Savoy; Florence: A Genoa; Milan: A Montferrat").resolve(
        France=["A Savoy -> Montferrat"],
        Florence=["A Genoa -> Savoy"],
        Milan=["A Montferrat -> Genoa"],
    )
    assert (
        c.at("France", "A Savoy"),
        c.at("Florence", "A Genoa"),
        c.at("Milan", "A Montferrat"),
    ) == (
        "A Montferrat",
        "A Savoy",
        "A Genoa",
    )


def test_R_14_2_a_circle_with_a_fourth_attack_fails() -> None:
    """The same circle with A Turin -> Savoy too: Savoy is contested, the circle breaks."""
    c = Case("France: A Savoy; Florence: A Genoa; Milan: A Montferrat; Austria: A Turin").resolve(
        France=["A Savoy -> Montferrat"],
        Florence=["A Genoa -> Savoy"],
        Milan=["A Montferrat -> Genoa"],
        Austria=["A Turin -> Savoy"],
    )
    assert c.at("Florence", "A Genoa") == "A Genoa"


def test_R_14_3_a_transport_paradox_is_settled_by_szykman_s_rule() -> None:
    """A Savoy -> EGOL -> Lucca; F EGOL T; the Florentine F WTS -> EGOL supported by
    F Lucca, whose support the transported army would cut: the paradox is settled against
    the transported army, which holds; the fleet is dislodged."""
    c = Case("France: A Savoy, F EGOL; Florence: F WTS, F Lucca").resolve(
        France=["A Savoy -> EGOL -> Lucca", "F EGOL T"],
        Florence=["F WTS -> EGOL", "F Lucca S EGOL"],
    )
    assert c.at("France", "A Savoy") == "A Savoy"
    assert c.outcome("France", "F EGOL").result in ("dislodged", "eliminated")


def test_R_14_4_two_units_bouncing_each_other_out_of_a_circle() -> None:
    """A Genoa -> Savoy and A Savoy -> Genoa is a swap, not a circle: both fail."""
    c = Case("France: A Savoy; Florence: A Genoa").resolve(
        France=["A Savoy -> Genoa"], Florence=["A Genoa -> Savoy"]
    )
    assert c.outcome("France", "A Savoy").result == "bounced"


# -- 15 impossible orders --------------------------------------------------------------------


def test_R_15_1_a_garrison_cannot_advance() -> None:
    """G Genoa -> Savoy: a garrison may only Convert, Hold or Support (MILITARY ORDERS (c))."""
    c = Case("Florence: G Genoa").resolve(Florence=["G Genoa -> Savoy"])
    assert c.clause("Florence", "G Genoa") == "MILITARY ORDERS (c)"


def test_R_15_2_an_army_cannot_transport() -> None:
    """A Genoa T: only a fleet transports."""
    c = Case("Florence: A Genoa").resolve(Florence=["A Genoa T"])
    assert c.clause("Florence", "A Genoa") == "MILITARY ORDERS (c)"


def test_R_15_3_an_advance_to_a_non_neighbour_holds() -> None:
    """A Genoa -> Milan: not adjacent; the army holds (Hold: an impossible order)."""
    c = Case("Florence: A Genoa").resolve(Florence=["A Genoa -> Milan"])
    assert c.outcome("Florence", "A Genoa").result == "holds"


def test_R_15_4_an_order_for_a_unit_not_there_is_refused() -> None:
    """An order for a unit the power does not have there is refused, naming the clause."""
    from italia_kit.core import IllegalActionError

    with pytest.raises(IllegalActionError, match="MILITARY ORDERS"):
        Case("Florence: A Genoa").resolve(Florence=["A Savoy -> Genoa"])


def test_R_15_5_two_orders_for_one_unit_are_refused() -> None:
    """'Each unit may be given one order' (MILITARY ORDERS (b))."""
    from italia_kit.core import IllegalActionError

    with pytest.raises(IllegalActionError, match=r"MILITARY ORDERS \(b\)"):
        Case("Florence: A Genoa").resolve(Florence=["A Genoa H", "A Genoa -> Savoy"])
