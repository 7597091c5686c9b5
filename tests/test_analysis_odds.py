"""Exact battle odds (issue 7): hand-computed cases as fractions, the rulebook's combat
examples, invariants, and agreement with the Monte Carlo of the same rules."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from italia_kit.games.italia.odds import Battle, Odds, Side, exact_odds, simulate
from italia_kit.games.italia.odds import odds as odds_module
from italia_kit.games.italia.odds.battle import DEFAULT_CASUALTY_ORDER, Force
from italia_kit.games.italia.units import UnitType as U


def exact(attacker: str, defender: str, **circumstances: object) -> Odds[F]:
    return exact_odds(Battle.parse(attacker, defender, **circumstances), exact=True)


def three(odds: Odds[F]) -> tuple[F, F, F]:
    return odds.attacker_wins, odds.defender_wins, odds.both_eliminated


def settle(a_only: F, d_only: F, both: F) -> tuple[F, F, F]:
    """One-unit duels: a round ends the battle unless both miss, so each end is its share
    of the rounds that end it (the self-loop divided out)."""
    ends = a_only + d_only + both
    return a_only / ends, d_only / ends, both / ends


def duel(p: F, q: F) -> tuple[F, F, F]:
    """One one-hit unit (hits with p) against another (hits with q)."""
    return settle(p * (1 - q), (1 - p) * q, p * q)


def attacker_force(battle: Battle) -> Force:
    return battle.forces()[0]


# -- hand-computed small battles ----------------------------------------------------------------


def test_10_2_one_infantry_against_one_in_clear_terrain() -> None:
    """Each round both hit with 4/10: 6/25 each side alone, 4/25 both, 9/25 again; so 3/8,
    3/8 and 1/4."""
    assert duel(F(4, 10), F(4, 10)) == (F(3, 8), F(3, 8), F(1, 4))
    assert three(exact("infantry", "infantry")) == (F(3, 8), F(3, 8), F(1, 4))


def test_10_6_legion_attacks_infantry_in_a_city() -> None:
    """A legion hits on 6, -2 against a city: 8-10, 3/10; the infantry 4/10."""
    assert three(exact("legion", "infantry", city=True)) == (F(9, 29), F(14, 29), F(6, 29))
    assert duel(F(3, 10), F(4, 10)) == (F(9, 29), F(14, 29), F(6, 29))


def test_10_3_infantry_attacks_into_mountains() -> None:
    """-1 for the attacker (8-10, 3/10): the same numbers as the legion against a city."""
    assert three(exact("infantry", "infantry", terrain="mountain")) == duel(F(3, 10), F(4, 10))
    assert three(exact("infantry", "infantry", terrain="swamp")) == duel(F(3, 10), F(4, 10))


def test_10_9_naval_supremacy_adds_one_to_that_side() -> None:
    """Legion 6-10 (1/2) against infantry with supremacy, 6-10 (1/2): 1/3 each."""
    assert three(exact("legion", "infantry", supremacy="defender")) == (F(1, 3),) * 3
    assert three(exact("infantry", "infantry", supremacy="attacker")) == duel(F(5, 10), F(4, 10))


def test_10_2_consular_legion_takes_two_hits() -> None:
    """A consular legion (6/10) against infantry (4/10). Unhurt: it wins whenever it hits
    (15/25 a round), is flipped with 4/25, both miss 6/25: 15/19 and 4/19. Flipped: a duel,
    9/19, 4/19, 6/19. Together 321/361, 16/361, 24/361."""
    odds = exact("consular_legion", "infantry")
    assert three(odds) == (F(321, 361), F(16, 361), F(24, 361))
    assert F(15, 19) + F(4, 19) * F(9, 19) == F(321, 361)
    assert {o.attacker for o in odds.outcomes if o.result == "attacker_wins"} == {
        ((U.CONSULAR_LEGION, 1),)
    }


def test_10_2_one_always_misses_and_ten_always_hits() -> None:
    """Five leaders (+10) minus city and swamp (-3) still miss on a 1 (9/10); a -3 infantry
    still hits on a 10 (1/10)."""
    strong = exact("infantry, 5 leader", "infantry", city=True, terrain="swamp")
    assert three(strong) == duel(F(9, 10), F(4, 10)) == (F(27, 47), F(2, 47), F(18, 47))
    weak = exact("infantry", "infantry", city=True, terrain="swamp")
    assert three(weak) == duel(F(1, 10), F(4, 10)) == (F(3, 23), F(18, 23), F(2, 23))


def test_10_8_2_landing_bonus_only_in_the_first_round() -> None:
    """Round 1: defender 5-10 (6/10): attacker alone 16/100, defender alone 36/100, both
    24/100, nobody 24/100, after which it is the plain duel (3/8, 3/8, 1/4)."""
    odds = exact("infantry", "infantry", naval_invasion=True)
    rest = duel(F(4, 10), F(4, 10))
    assert F(16, 100) + F(24, 100) * rest[0] == F(1, 4)
    assert three(odds) == (F(1, 4), F(9, 20), F(3, 10))


def test_10_2_elephant_drives_off_a_second_unit() -> None:
    """An elephant (5-10: 4/10 a plain hit, 9-10 a hit and a rampage 2/10) against two
    infantry (at least one hit 64/100). Rampage: both infantry gone; a plain hit leaves a
    duel at 6/10 against 4/10 (9/19, 4/19, 6/19)."""
    odds = exact("elephant", "2 infantry")
    stay = F(4, 10) * F(36, 100)
    win = (F(2, 10) * F(36, 100) + F(4, 10) * F(36, 100) * F(9, 19)) / (1 - stay)
    both = (F(2, 10) * F(64, 100) + F(4, 10) * F(36, 100) * F(6, 19)) / (1 - stay)
    assert three(odds) == (win, 1 - win - both, both) == (F(333, 2033), F(1288, 2033), F(412, 2033))
    assert odds.expected_losses["defender"] > 0


def test_10_2_without_elephants_no_unit_is_driven_off() -> None:
    assert three(exact("consular_legion", "2 infantry")) != three(exact("elephant", "2 infantry"))


def test_10_7_a_raid_succeeds_with_one_hit_of_7_10() -> None:
    """n raiders, each 4/10, no modifiers at all: 1 - (6/10)^n; the defenders are never hit."""
    for n in range(1, 6):
        odds = exact(f"{n} legion, 2 leader", "3 infantry, 1 elephant", raid=True, city=True)
        assert odds.attacker_wins == 1 - F(6, 10) ** n
        assert odds.defender_wins == F(6, 10) ** n and odds.both_eliminated == 0
        assert all(o.defender == ((U.INFANTRY, 3), (U.ELEPHANT, 1)) for o in odds.outcomes)
    assert exact("3 infantry", "", raid=True).attacker_wins == F(98, 125)


def test_14_2_two_hit_units_are_all_flipped_before_one_dies() -> None:
    """Two cavalry: hits 1 and 2 flip them, the third eliminates the first, the fourth the
    second (14.2)."""
    force = attacker_force(Battle.parse("2 cavalry", "infantry"))
    assert [force.take(force.initial, h, 0) for h in range(5)] == [
        ((2, 0),),
        ((1, 1),),
        ((0, 2),),
        ((0, 1),),
        ((0, 0),),
    ]


def test_10_2_hits_go_down_the_casualty_order_and_rampages_take_whole_units() -> None:
    side = Side.parse("2 infantry, consular_legion", casualty_order=(U.CONSULAR_LEGION,))
    force = attacker_force(Battle(side, Side.parse("infantry")))
    assert [b.unit for b in force.blocks] == [U.CONSULAR_LEGION, U.INFANTRY]
    assert force.take(force.initial, 1, 0) == ((0, 1), (2, 0))
    assert force.take(force.initial, 3, 0) == ((0, 0), (1, 0))
    # a rampage drives off the flipped consular legion, not a fresh infantry
    assert force.take(force.initial, 1, 1) == ((0, 0), (2, 0))
    assert force.take(force.initial, 0, 1) == ((0, 0), (2, 0))


def test_default_casualty_order_loses_the_weakest_first() -> None:
    assert DEFAULT_CASUALTY_ORDER[:3] == (U.INFANTRY, U.FOEDERATI, U.LEGION)
    assert DEFAULT_CASUALTY_ORDER[-2:] == (U.CONSULAR_LEGION, U.CAVALRY)
    odds = exact("legion, infantry", "2 infantry")
    assert ((U.LEGION, 1),) in {o.attacker for o in odds.outcomes}
    assert ((U.INFANTRY, 1),) not in {o.attacker for o in odds.outcomes}


def test_10_8_fleets_hit_on_9_and_carried_units_add_one() -> None:
    naval = {"naval": True}
    assert three(exact("fleet", "fleet", **naval)) == duel(F(2, 10), F(2, 10))
    carried = Battle(Side.parse("fleet", embarked=(3,)), Side.parse("fleet"), naval=True)
    assert three(exact_odds(carried, exact=True)) == duel(F(5, 10), F(2, 10))


def test_10_8_a_leader_helps_the_other_fleets_only() -> None:
    """The leader sails on the fleet lost last: the first fleet hits on 7-10 (+2), his own
    on 9-10; when the first sinks nobody is helped."""
    battle = Battle(Side.parse("2 fleet, leader"), Side.parse("fleet"), naval=True)
    force = attacker_force(battle)
    assert force.leader_on == (0, 1)
    assert force.dice(force.initial, True) == ((1, 2, 0), (1, 4, 0))
    assert force.dice(((0, 0), (1, 0)), False) == ((1, 2, 0),)


# -- retreats (10.5) ------------------------------------------------------------------------------


def test_10_5_a_side_retreats_when_down_to_its_threshold() -> None:
    """A legion (1/2) against two infantry that leave when one is left: the legion hits and
    both infantry miss (1/2 x 36/100) before the legion is hit (64/100) or both miss (18/100
    again): 9/41, which counts as the attacker's win."""
    battle = Battle(Side.parse("legion"), Side.parse("2 infantry", retreat_at=1))
    odds = exact_odds(battle, exact=True)
    assert odds.defender_retreats == odds.attacker_wins == F(9, 41)
    assert odds.defender_wins == F(32, 41) and odds.attacker_retreats == 0


def test_10_5_the_attacker_decides_first() -> None:
    battle = Battle(Side.parse("2 infantry", retreat_at=1), Side.parse("2 infantry", retreat_at=1))
    odds = exact_odds(battle, exact=True)
    one = ((U.INFANTRY, 1),)
    rows = {(o.attacker, o.defender): o.result for o in odds.outcomes}
    assert rows[one, one] == "attacker_retreats"
    assert odds.defender_wins == odds.attacker_retreats + sum(
        o.probability for o in odds.outcomes if o.result == "defender_wins"
    )


def test_10_5_a_side_already_at_its_threshold_fights_one_round() -> None:
    battle = Battle(Side.parse("3 infantry", retreat_at=5), Side.parse("2 infantry"))
    odds = exact_odds(battle, exact=True)
    # it leaves after round 1 unless it has already won or died
    assert odds.attacker_retreats == 1 - odds.attacker_wins - odds.both_eliminated - sum(
        o.probability for o in odds.outcomes if o.result == "defender_wins"
    )
    assert odds.attacker_retreats > F(1, 2)


# -- the rulebook's combat examples (after 10.9) -------------------------------------------------


def test_10_example_1_celts_attack_verona() -> None:
    """2 Celtic infantry against 2 Illyrian infantry: even odds. The example's course (the
    Celts miss twice and lose one; then hit once and lose the last) is one way to the
    outcome "no Celts, one Illyrian"."""
    odds = exact("2 infantry", "2 infantry")
    assert odds.attacker_wins == odds.defender_wins
    course = F(36, 100) * F(48, 100) * F(4, 10) * F(64, 100)
    outcome = next(
        o for o in odds.outcomes if o.attacker == () and o.defender == ((U.INFANTRY, 1),)
    )
    assert outcome.result == "defender_wins" and outcome.probability > course


def test_10_example_2_a_legion_against_two_etruscans_who_retreat() -> None:
    """The legion hits, the Etruscans miss, the survivor retreats: 9/41 (see 10.5 above)."""
    battle = Battle(Side.parse("legion"), Side.parse("2 infantry", retreat_at=1))
    outcome = exact_odds(battle, exact=True).outcomes
    row = next(o for o in outcome if o.result == "defender_retreats")
    assert (row.attacker, row.defender, row.probability) == (
        ((U.LEGION, 1),),
        ((U.INFANTRY, 1),),
        F(9, 41),
    )


def test_10_example_3_samnite_raid_on_apulia() -> None:
    """Three Samnites raid a city held by two Greek infantry: 1 - (6/10)^3 = 98/125; the
    example's outcome (one Samnite lost, raid successful) has 98/125 x 48/100."""
    odds = exact("3 infantry", "2 infantry", raid=True, city=True)
    assert odds.attacker_wins == F(98, 125)
    row = next(
        o for o in odds.outcomes if o.attacker == ((U.INFANTRY, 2),) and o.result == "attacker_wins"
    )
    assert row.probability == F(98, 125) * F(48, 100)


# -- invariants -----------------------------------------------------------------------------------

LAND = [U.INFANTRY, U.LEGION, U.CONSULAR_LEGION, U.CAVALRY, U.ELEPHANT]
armies = st.dictionaries(st.sampled_from(LAND), st.integers(1, 2), min_size=1, max_size=2)


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    def side() -> Side:
        return Side(
            draw(armies),
            leaders=draw(st.integers(0, 1)),
            retreat_at=draw(st.none() | st.integers(0, 2)),
        )

    return Battle(
        side(),
        side(),
        terrain=draw(st.sampled_from(["clear", "mountain", "swamp"])),
        city=draw(st.booleans()),
        supremacy=draw(st.sampled_from([None, "attacker", "defender"])),
        naval_invasion=draw(st.booleans()),
        raid=draw(st.booleans()),
    )


@settings(max_examples=40, deadline=None)
@given(battles())
def test_probabilities_sum_to_one(battle: Battle) -> None:
    odds = exact_odds(battle, exact=True)
    assert sum(three(odds)) == 1
    assert sum(o.probability for o in odds.outcomes) == 1
    assert odds.attacker_retreats <= odds.defender_wins
    assert odds.defender_retreats <= odds.attacker_wins
    floats = exact_odds(battle)
    assert floats.attacker_wins == pytest.approx(float(odds.attacker_wins), abs=1e-12)
    assert floats.expected_losses["attacker"] == pytest.approx(
        float(odds.expected_losses["attacker"]), abs=1e-12
    )


def test_the_numpy_and_the_dictionary_solvers_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    battle = Battle.parse(
        "4 legion, 2 consular_legion, elephant", "5 infantry, 2 cavalry, elephant"
    )
    monkeypatch.setattr(odds_module, "_NUMPY_FROM", 10**9)
    odds_module._odds.cache_clear()
    by_dicts = exact_odds(battle)
    monkeypatch.setattr(odds_module, "_NUMPY_FROM", 0)
    odds_module._odds.cache_clear()
    by_numpy = exact_odds(battle)
    assert sum(o.probability for o in by_numpy.outcomes) == pytest.approx(1, abs=1e-12)
    for name in ("attacker_wins", "defender_wins", "both_eliminated"):
        assert getattr(by_numpy, name) == pytest.approx(getattr(by_dicts, name), abs=1e-12)
    assert [o.probability for o in by_numpy.outcomes] == pytest.approx(
        [o.probability for o in by_dicts.outcomes], abs=1e-12
    )


def test_ten_against_ten_two_hit_units_sums_to_one() -> None:
    odds = exact_odds(Battle.parse("6 legion, 4 consular_legion", "5 infantry, 5 cavalry"))
    assert sum((odds.attacker_wins, odds.defender_wins, odds.both_eliminated)) == pytest.approx(1)
    assert sum(o.probability for o in odds.outcomes) == pytest.approx(1)


def test_expected_losses_follow_the_outcomes() -> None:
    odds = exact("2 legion, elephant", "3 infantry, consular_legion", terrain="mountain")
    lost = sum(o.probability * (3 - sum(n for _, n in o.attacker)) for o in odds.outcomes)
    assert odds.expected_losses["attacker"] == lost


def test_odds_are_memoised_and_tabulated() -> None:
    battle = Battle.parse("3 legion, leader", "2 infantry")
    assert exact_odds(battle) is exact_odds(battle)
    frame = exact_odds(battle).to_frame()
    assert list(frame.columns[:3]) == ["result", "attacker", "defender"]
    assert {"attacker_legion", "defender_infantry", "probability"} <= set(frame.columns)
    assert frame["probability"].sum() == pytest.approx(1)


def test_an_empty_defender_loses_at_once() -> None:
    odds = exact("legion", "")
    assert three(odds) == (1, 0, 0)
    assert odds.outcomes[0].attacker == ((U.LEGION, 1),)


# -- sides and battles as values -------------------------------------------------------------


def test_side_parse_reads_counts_plurals_and_leaders() -> None:
    side = Side.parse("3 legion, 1 consular legions, leader, 2 Leaders")
    assert dict(side.units) == {U.LEGION: 3, U.CONSULAR_LEGION: 1}
    assert side.leaders == 3 and side.size == 4
    assert Side.parse(str(side)) == side
    assert eval(repr(side), {"Side": Side}) == side
    assert Side({"legion": 2, "Legions": 1, "leader": 1}) == Side({U.LEGION: 3}, leaders=1)
    assert hash(Side({"legion": 3})) == hash(Side.parse("3 legion"))


@pytest.mark.parametrize("text", ["3 legoin", "2 infantry, knights", "x legion"])
def test_side_parse_names_an_unknown_word(text: str) -> None:
    with pytest.raises(ValueError, match="unknown unit") as err:
        Side.parse(text)
    assert repr(text.split(", ")[-1].lstrip("0123456789 ")) in str(err.value)


@pytest.mark.parametrize(
    ("attacker", "defender", "circumstances", "match"),
    [
        ("2 fleet", "infantry", {}, "fleets fight only fleets"),
        ("fleet", "legion", {"naval": True}, "only fleets fight at sea"),
        ("fleet", "fleet", {"naval": True, "city": True}, "no terrain, city"),
        ("leader", "infantry", {}, "no units that fight"),
        ("legion", "infantry", {"terrain": "forest"}, "terrain 'forest'"),
        ("legion", "infantry", {"supremacy": "nobody"}, "supremacy 'nobody'"),
    ],
)
def test_battles_refuse_what_the_rules_do_not_allow(
    attacker: str, defender: str, circumstances: dict[str, object], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        Battle.parse(attacker, defender, **circumstances)


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="legion"):
        Side({"legion": -1})
    with pytest.raises(ValueError, match="retreat_at"):
        Side({"legion": 1}, retreat_at=-1)


# -- agreement with the Monte Carlo ----------------------------------------------------------------

AGAINST_SIMULATION = [
    Battle.parse(
        "2 legion, consular_legion, elephant, leader", "2 infantry, legion", terrain="mountain"
    ),
    Battle.parse(
        "infantry, 2 legion, consular_legion", "2 infantry, elephant, 2 cavalry", city=True
    ),
    Battle.parse("3 elephant, 2 infantry", "2 consular_legion, 3 legion", naval_invasion=True),
    Battle(
        Side.parse("4 infantry, 2 cavalry", retreat_at=2),
        Side.parse("3 legion, 2 elephant", retreat_at=1),
    ),
    Battle.parse("3 infantry, elephant", "2 infantry, elephant", raid=True, city=True),
    Battle(
        Side.parse("3 fleet, 2 leader", embarked=(0, 2, 1)),
        Side.parse("4 fleet", embarked=(1, 1, 0, 0)),
        naval=True,
    ),
    Battle.parse("10 infantry", "10 infantry", supremacy="attacker"),
    Battle.parse("12 cavalry, 2 leader", "9 consular_legion, 2 elephant", terrain="swamp"),
    Battle(Side.parse("2 fleet"), Side.parse("3 fleet, 2 leader", retreat_at=1), naval=True),
    Battle.parse("2 elephant", "", raid=True),
]


@pytest.mark.parametrize("battle", AGAINST_SIMULATION, ids=lambda b: b.describe())
def test_exact_odds_agree_with_the_simulation(battle: Battle) -> None:
    """Every outcome category, every outcome row and the expected losses within 4 standard
    errors of 20,000 simulated battles (fixed seed)."""
    odds = exact_odds(battle)
    sim = simulate(battle, 20_000, seed=2024)
    names = (
        "attacker_wins",
        "defender_wins",
        "both_eliminated",
        "attacker_retreats",
        "defender_retreats",
    )
    for name in names:
        p = getattr(odds, name)
        assert abs(getattr(sim, name) - p) <= 4 * sim.stderr(p) + 1e-12, name
    found = {(o.attacker, o.defender, o.result): o.probability for o in sim.outcomes}
    for o in odds.outcomes:
        assert abs(found.pop((o.attacker, o.defender, o.result), 0) - o.probability) <= (
            4 * sim.stderr(o.probability) + 1e-12
        )
    assert not found  # the simulation found no outcome the exact method calls impossible
    for side, force in zip(("attacker", "defender"), battle.forces(), strict=True):
        index = 0 if side == "attacker" else 1
        losses = [
            (force.size - sum(n for _, n in (o.attacker, o.defender)[index]), o.probability)
            for o in odds.outcomes
        ]
        mean = sum(x * p for x, p in losses)
        spread = sum((x - mean) ** 2 * p for x, p in losses) ** 0.5
        assert mean == pytest.approx(odds.expected_losses[side], abs=1e-9)
        assert abs(sim.expected_losses[side] - mean) <= 4 * spread / sim.n**0.5 + 1e-12


def test_simulation_is_seeded() -> None:
    battle = AGAINST_SIMULATION[0]
    one, two = simulate(battle, 3_000, seed=5), simulate(battle, 3_000, seed=5)
    assert one.outcomes == two.outcomes and one.dice == two.dice
    assert simulate(battle, 3_000, seed=6).outcomes != one.outcomes
    assert sum(o.probability for o in one.outcomes) == pytest.approx(1)


def test_declared_targets_against_one_type_change_nothing() -> None:
    """With one type on each side every die aims at it: declaring is the casualty order."""
    battle = Battle.parse("3 elephant", "4 infantry")
    assert simulate(battle, 5_000, seed=1, policy="declared").outcomes == (
        simulate(battle, 5_000, seed=1).outcomes
    )


def test_random_aims_waste_hits_across_types() -> None:
    """Dice aimed at random types lose the surplus hits on a type (10.4); against two types
    of equal strength that can only cost the attacker, whom the exact odds (no hit wasted)
    favour by many standard errors."""
    battle = Battle.parse("4 legion", "2 infantry, 2 foederati")
    best = exact_odds(battle).attacker_wins
    for policy in ("declared", "random"):
        aimed = simulate(battle, 20_000, seed=3, policy=policy)
        assert sum(o.probability for o in aimed.outcomes) == pytest.approx(1)
        assert aimed.to_dict()["policy"] == policy
    aimed = simulate(battle, 20_000, seed=3, policy="random")
    assert aimed.attacker_wins < best - 4 * aimed.stderr(best)


def test_simulate_refuses_bad_arguments() -> None:
    battle = AGAINST_SIMULATION[0]
    with pytest.raises(ValueError, match="policy"):
        simulate(battle, 10, seed=1, policy="clever")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one"):
        simulate(battle, 0, seed=1)
