"""Issue 19, stage 2: M-V4's awards for kills and "at any moment of the nation-turn", and
the raiders' return home, played by the Italia engine under
:class:`~italia_kit.games.medieval.rulebook.MedievalRulebook` (``medieval/awards.py``,
``medieval/raiders.py``); each situation was also played on the medieval package's old
engine (``battle.R_KILL``, ``sequence.note_held`` and raider withdrawal) until its deletion,
and the new engine must give what the old engine gave, kept here as literals (the kill
awards of every power, victim and turn in ``tests/data/medieval_kill_awards.csv``)."""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import pytest

from italia_kit.core import Context, EventLog, Randomness
from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.victory import eliminate
from italia_kit.games.medieval import awards, raiders
from italia_kit.games.medieval.awards import R_KILL
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import MedievalRulebook

RULES = MedievalRulebook()
#: the old engine's kill awards, read from it once before its deletion (issue 19)
OLD_KILL_AWARDS = Path(__file__).parent / "data" / "medieval_kill_awards.csv"
#: areas far from Milan where a defender holds an army (four areas: no submission, S13)
FAR = ("Bari", "Brindisi", "Calabria")


@cache
def card() -> ItaliaScenario:
    return italia_scenario(RULES.medieval)


def moving(power: str, turn: int) -> Position:
    """``power``'s movement phase of ``turn`` on the Italia engine."""
    return Position(
        card(), nation=power, turn=turn, phase="movement", rulebook=RULES, board=medieval_board()
    )


def nation_turn(power: str, turn: int) -> Position:
    """``power``'s nation-turn of ``turn`` from its start."""
    return Position(
        card(), nation=power, turn=turn, phase="income", rulebook=RULES, board=medieval_board()
    )


def kill_events(game: ItaliaGame) -> list[tuple[str, float]]:
    return [(e.data["power"], e.data["points"]) for e in game.log.of_kind("vp") if e.rule == R_KILL]


def battle(
    attacker: str,
    defender: str,
    *,
    turn: int,
    attackers: int,
    defenders: int,
    leader: str | None = None,
    dice: list[int],
) -> ItaliaGame:
    """``attackers`` armies of ``attacker`` walk from Brescia into Milan, held by
    ``defenders`` armies of ``defender`` (with ``leader``), and fight a round on ``dice``
    (the attacker's first, as Italia's and the medieval engine's rounds roll). The
    defender also holds three southern areas, so that no submission is offered (S13)."""
    pos = moving(attacker, turn)
    troops = tuple(pos.put(attacker, "infantry", "Brescia", attackers))
    pos.put(defender, "infantry", "Milan", defenders)
    for zone in FAR:
        pos.put(defender, "infantry", zone)
    if leader is not None:
        pos.put(defender, "leader", "Milan", name=leader)
    game = pos.game()
    game.apply(Move(attacker, troops, ("Brescia", "Milan")))
    game.apply(EndMovement(attacker))
    game.script_dice(dice)
    game.apply(Fight(attacker, "Milan"))
    return game


# -- kills (M-V4) ---------------------------------------------------------------------------
def test_m_v4_a_each_byzantine_army_destroyed_2_and_kill_narses_3() -> None:
    """M-V4 block A (the Ostrogoths, turn 1): two Byzantine armies destroyed score 2 each
    and Narses, removed with the last of them, 3: 7 VP, one event per kill after the unit's
    elimination: 7 VP for the Ostrogoths alone, as the old engine gave."""
    game = battle(
        "Ostrogoths", "Byzantines", turn=1, attackers=3, defenders=2, leader="Narses",
        dice=[6, 6, 1, 1, 1],
    )  # fmt: skip
    assert sorted(kill_events(game)) == [("Ostrogoths", 2.0)] * 2 + [("Ostrogoths", 3.0)]
    assert game.state.vp["Ostrogoths"] == 7
    kinds = [e.kind for e in game.log if e.kind == "eliminated" or e.rule == R_KILL]
    assert kinds == ["eliminated", "vp"] * 3
    assert game.state.vp == {"Ostrogoths": 7}  # as the old engine gave


def test_m_v4_b_kill_pepin_3_frankish_armies_score_the_lombards_nothing() -> None:
    """M-V4 block B (the Lombards): "Kill Pepin 3"; their entries name leaders only, so
    the Frankish armies destroyed with him score nothing: 3 VP, as the old engine gave."""
    game = battle(
        "Lombards", "Franks", turn=2, attackers=3, defenders=1, leader="Pepin", dice=[6, 1, 1, 1]
    )
    assert kill_events(game) == [("Lombards", 3.0)]
    assert game.state.vp == {"Lombards": 3}  # as the old engine gave


@pytest.mark.parametrize(("turn", "points"), [(2, 1.0), (3, 0.0)])
def test_m_a_turn_2_asterisk_the_franks_score_lombard_armies_on_turn_2_only(
    turn: int, points: float
) -> None:
    """Reading 14: M-A's "Franks*" of turn 2 is an award for kills on turn 2 (1 for a
    Lombard army, reconstructed): on turn 3 the same kill scores nothing, as the old
    engine gave (``points``)."""
    game = battle("Franks", "Lombards", turn=turn, attackers=2, defenders=1, dice=[6, 1, 1])
    assert game.state.vp.get("Franks", 0.0) == points


def test_m_v4_every_kill_counts_the_defender_scores_the_attacker_it_destroys() -> None:
    """M-V4 names no exception for attackers (Italia's 11.0 pays nothing for a unit that
    attacked the scorer): the Ostrogoths, attacked by Byzantines, score 2 for each
    Byzantine army they destroy: 4 VP, as the old engine gave."""
    game = battle(
        "Byzantines", "Ostrogoths", turn=1, attackers=2, defenders=3, dice=[1, 1, 6, 6, 1]
    )
    assert kill_events(game) == [("Ostrogoths", 2.0)] * 2
    assert game.state.vp == {"Ostrogoths": 4}  # as the old engine gave


def test_m_v4_a_kill_scores_whatever_eliminates_the_unit_not_only_a_battle_round() -> None:
    """The award is asked by Italia's ``victory.eliminate``, through which every
    elimination by an enemy passes: a Byzantine army eliminated by the Ostrogoths outside
    any battle stage (as a combat sequence of the variant's own would) scores 2; one
    removed by nobody (a surplus, the sea) scores nothing."""
    pos = moving("Ostrogoths", 1)
    first, second = pos.put("Byzantines", "infantry", "Istria", 2)
    state = pos.state
    ctx = Context(state, Randomness(0), EventLog())
    world = pos.world
    eliminate(ctx, world, state.units[first], by="Ostrogoths", rule="test", why="a test")
    eliminate(ctx, world, state.units[second], by=None, rule="test", why="a test")
    assert state.vp == {"Ostrogoths": 2.0}
    (award,) = ctx.log.of_kind("vp")
    assert award.data["unit"] == first and award.data["award"] == "kill"


def test_m_v4_kills_are_not_territorial_a_submitter_scores_them_in_full() -> None:
    """S19, S20 halve territorial victory phases only: the Lombards, who have submitted
    to the Franks, still score Charlemagne's 4 in full."""
    pos = moving("Lombards", 2)
    (charlemagne,) = pos.put("Franks", "leader", "Milan", name="Charlemagne")
    pos.state.extras["submissions"] = [
        {"submitter": "Lombards", "receiver": "Papacy", "submitter_scored": False,
         "receiver_scored": False}
    ]  # fmt: skip
    ctx = Context(pos.state, Randomness(0), EventLog())
    eliminate(ctx, pos.world, pos.state.units[charlemagne], by="Lombards", rule="t", why="t")
    assert pos.state.vp == {"Lombards": 4.0}


def old_kill_awards() -> dict[tuple[int, str, str, str | None], float]:
    """(turn, killer, victim, leader or None) -> points, for every kill the old engine's
    ``battle._eliminate`` scored above 0 (the file's comment lines start with ``#``)."""
    with OLD_KILL_AWARDS.open(newline="") as lines:
        rows = csv.DictReader(line for line in lines if not line.startswith("#"))
        return {
            (int(r["turn"]), r["killer"], r["victim"], r["leader"] or None): float(r["points"])
            for r in rows
        }


def test_m_v4_kill_awards_equal_the_old_engines_for_every_power_victim_and_turn() -> None:
    """For every power as killer, every power's army and every named leader as victim, on
    every turn, the Italia engine's award is the one the old engine gave
    (``battle._eliminate``, read once before its deletion: ``medieval_kill_awards.csv``)."""
    expected = old_kill_awards()
    powers = [p.name for p in RULES.medieval.powers]
    leaders = sorted(
        {g.name for p in RULES.medieval.powers for r in p.reinforcements for g in r.units if g.name}
        | {n for p in RULES.medieval.powers for e in p.elimination_vp for n in e.leaders}
    )
    compared = scored = 0
    for turn in range(1, RULES.medieval.last_turn + 1):
        for killer in powers:
            for victim in powers:
                if victim == killer:
                    continue
                for name in (None, *leaders):
                    award = awards.kill_award(RULES, turn, killer, victim, name)
                    new = award.points if award is not None else 0.0
                    key = (turn, killer, victim, name)
                    assert new == expected.get(key, 0.0), key
                    compared += 1
                    scored += new > 0
    assert compared > 50_000 and scored == len(expected) > 1_000


# -- "at any moment of the nation-turn" (M-V4 block C) ---------------------------------------------
def test_m_v4_c_french_turn_11_areas_held_at_any_moment_of_their_nation_turn() -> None:
    """M-V4 block C, reading 12: the French move an army Turin - Alessandria - Genoa and
    keep one in Turin: Turin 3, Genoa 3 and Alessandria 2 (held as the army passed) are
    scored as their nation-turn ends: 8 VP, as the old engine gave."""
    pos = moving("French", 11)
    army, _ = pos.put("French", "infantry", "Turin", 2)
    game = pos.game()
    game.apply(Move("French", (army,), ("Turin", "Alessandria", "Genoa")))
    game.apply(EndMovement("French"))
    (vp,) = [e for e in game.log.of_kind("vp") if e.data["power"] == "French"]
    assert vp.rule == awards.R_ANY_MOMENT and vp.data["points"] == 8
    assert vp.data["areas"] == ["Turin", "Alessandria", "Genoa"]  # board order
    assert game.state.active != "French" and awards.HELD not in game.state.extras
    assert game.state.vp["French"] == 8  # as the old engine gave


def test_m_v4_c_an_area_passed_through_among_enemies_or_taken_in_battle() -> None:
    """Reading 12: an area the army only passed while a Milanese army stood there was
    never held; Milan, taken in battle (the Milanese destroyed), was held once the battle
    was won: Turin 3 (left empty) and Milan 3, not Novara."""
    pos = moving("French", 11)
    (army,) = pos.put("French", "infantry", "Turin", 1)
    strike = tuple(pos.put("French", "infantry", "Brescia", 2))
    pos.put("Milanese", "infantry", "Novara", 1)
    pos.put("Milanese", "infantry", "Milan", 1)
    game = pos.game()
    game.apply(Move("French", (army,), ("Turin", "Novara", "Milan")))
    game.apply(Move("French", strike, ("Brescia", "Milan")))
    game.apply(EndMovement("French"))
    game.script_dice([6, 1, 1, 1])
    while game.decision is not None and game.state.active == "French":
        battles = [a for a in game.legal_actions() if isinstance(a, Fight)]
        game.apply(battles[0] if battles else game.legal_actions()[0])
    (vp,) = [e for e in game.log.of_kind("vp") if e.data["power"] == "French"]
    assert "Novara" not in vp.data["areas"]
    assert {"Turin", "Milan"} <= set(vp.data["areas"])


def test_m_v4_c_an_area_won_in_the_first_impulse_and_left_in_the_second_still_counts() -> None:
    """Reading 12 in a major invasion (Britannia (public summary): it moves and fights
    twice): Milan, won from the Milanese in the first impulse and left by every French army
    in the second, was held at a moment of the nation-turn and is scored (3), with Brescia
    (2) where they went; the medieval engine noted areas after every battle round."""
    pos = moving("French", 11)
    pos.major_invasion()
    strike = tuple(pos.put("French", "infantry", "Novara", 2))
    pos.put("Milanese", "infantry", "Milan", 1)
    for zone in FAR:  # four Milanese areas: no submission is offered (S13)
        pos.put("Milanese", "infantry", zone)
    game = pos.game()
    game.apply(Move("French", strike, ("Novara", "Milan")))
    game.apply(EndMovement("French"))
    game.script_dice([6, 1, 1])
    game.apply(Fight("French", "Milan"))
    assert game.state.second_phase and game.state.stack_count("Milan", "French") == 2
    game.apply(Move("French", strike, ("Milan", "Brescia")))
    game.apply(EndMovement("French"))
    (vp,) = [e for e in game.log.of_kind("vp") if e.data["power"] == "French"]
    assert {"Novara", "Milan", "Brescia"} <= set(vp.data["areas"])
    assert vp.data["points"] == 2 + 3 + 2  # Novara and Brescia "others" 2, Milan 3


def test_m_v4_c_the_end_of_the_turn_does_not_score_the_any_moment_award_again() -> None:
    """The award "at any moment" is scored once, as the nation-turn ends; the end of turn
    11's territorial phases leave it out (``during_nation_turn``)."""
    pos = moving("French", 11)
    pos.put("French", "infantry", "Turin", 1)
    state, world = pos.state, pos.world
    ctx = Context(state, Randomness(0), EventLog())
    RULES.score_turn(ctx, world)
    assert not [e for e in ctx.log.of_kind("vp") if e.data["power"] == "French"]


def test_m_v4_c_other_powers_and_turns_keep_no_areas_held() -> None:
    """Only a power with an award "at any moment" this turn notes its areas (the French on
    turn 11): the Lombards' nation-turn keeps nothing in the state."""
    pos = moving("Lombards", 11)
    (army,) = pos.put("Lombards", "infantry", "Milan")
    game = pos.game()
    game.apply(Move("Lombards", (army,), ("Milan", "Brescia")))
    assert awards.HELD not in game.state.extras
    game.apply(EndMovement("Lombards"))
    assert awards.HELD not in game.state.extras


# -- raiders (M-A turn 1; Britannia's raider withdrawal) -----------------------------------------
def test_raiders_m_a_turn_1_the_avars_six_raiders_arrive_in_austria_their_home() -> None:
    """M-A turn 1: "Avars: 6 raiders from Austria": as their movement begins the six
    armies are raiders whose home is Austria; the Lombards' fifteen from Austria are not."""
    game = nation_turn("Avars", 1).game()
    assert game.decision is not None and game.decision.kind == "move"
    avars = list(game.state.units_of("Avars"))
    assert len(avars) == 6 and {raiders.home_of(u) for u in avars} == {"Austria"}
    lombards = list(nation_turn("Lombards", 1).game().state.units_of("Lombards"))
    assert len(lombards) >= 15 and all(raiders.home_of(u) is None for u in lombards)


def test_raiders_britannia_raider_withdrawal_they_return_home_as_the_nation_turn_ends() -> None:
    """Britannia (public summary): raider withdrawal: the Avars ride into Friuli and back
    to Austria as their nation-turn ends, one event per army naming where from and to;
    two withdrawals from Friuli to Austria, as the old engine gave."""
    pos = nation_turn("Avars", 1)
    pos.put("Franks", "infantry", "Aosta")  # the Franks' turn-2 arrivals: a Frankish area
    game = pos.game()
    band = tuple(u.id for u in game.state.units_of("Avars"))[:2]
    game.apply(Move("Avars", band, ("Austria", "Friuli")))
    game.apply(EndMovement("Avars"))
    assert game.state.active != "Avars"
    back = game.log.of_kind("raider_withdraws")
    assert sorted(e.data["unit"] for e in back) == sorted(band)
    assert {(e.data["zone"], e.data["to"]) for e in back} == {("Friuli", "Austria")}
    # (turn 2 has begun: M-A's removal of two Avar armies has taken the newest two)
    assert {u.zone for u in game.state.units_of("Avars")} == {"Austria"}
    assert len(back) == 2 and all("Friuli" in e.text and "Austria" in e.text for e in back)


def test_raiders_ride_out_again_on_their_next_turn_and_go_home_again() -> None:
    """The Avars' raiders of turn 1 are still raiders on turn 2 (M-A: two removed as it
    begins): they may leave Austria again and come back as the nation-turn ends."""
    pos = nation_turn("Avars", 2)
    for u_id in pos.put("Avars", "infantry", "Austria", 3):
        pos.state.units[u_id].extras = {raiders.RAIDER: True, raiders.HOME: "Austria"}
    game = pos.game()
    assert game.decision is not None and game.decision.kind == "move"
    first = min(u.id for u in game.state.units_of("Avars"))
    game.apply(Move("Avars", (first,), ("Austria", "Friuli", "Venice")))
    game.apply(EndMovement("Avars"))
    assert game.state.units[first].zone == "Austria"


def test_raiders_return_home_before_armies_at_sea_are_lost() -> None:
    """A raider is home as its nation-turn ends wherever it stood, so none is lost at sea
    (the medieval engine's order: raider withdrawal, then the sea's losses)."""
    pos = moving("Avars", 1)
    pos.put("Franks", "infantry", "Aosta")  # the Franks' turn-2 arrivals: a Frankish area
    (raider,) = pos.put("Avars", "infantry", "Friuli")
    pos.state.units[raider].extras = {raiders.RAIDER: True, raiders.HOME: "Austria"}
    pos.state.relocate(pos.state.units[raider], "Adriatic")
    state = pos.state
    ctx = Context(state, Randomness(0), EventLog())
    RULES.end_nation_turn(ctx, pos.world)  # (turn 2 begins: M-A removes the Avars' armies)
    (back,) = ctx.log.of_kind("raider_withdraws")
    assert (back.data["zone"], back.data["to"]) == ("Adriatic", "Austria")
    assert not ctx.log.of_kind("lost_at_sea")


def test_raiders_their_home_box_is_no_battlefield_m_a_turn_1_lombards_and_avars() -> None:
    """M-A turn 1: the Lombards' fifteen and the Avars' six both come "from Austria". A
    box is no area (the medieval engine's battles are in land areas only): the Avars
    arriving among Lombards left in Austria have not appeared where they must attack, may
    ride out, and no combat is due in the box (the old engine gave none there either)."""
    pos = nation_turn("Avars", 1)
    pos.put("Lombards", "infantry", "Austria", 2)
    pos.put("Franks", "infantry", "Aosta")  # the Franks' turn-2 arrivals: a Frankish area
    game = pos.game()
    avars = list(game.state.units_of("Avars"))
    assert len(avars) == 6 and not any(u.extras and u.extras.get("appeared") for u in avars)
    assert RULES.may_leave(game.rules.world, game.state, avars[0])
    game.apply(Move("Avars", (avars[0].id,), ("Austria", "Friuli")))
    game.apply(EndMovement("Avars"))
    assert not [e for e in game.log.of_kind("combat_due") if e.data["zone"] == "Austria"]
    assert not [e for e in game.log.of_kind("battle") if "Austria" in e.text]


def test_raiders_at_home_are_not_attacked_by_later_arrivals_in_their_box() -> None:
    """The Magyars' raiders stay home in Austria after their last turn; the Austrians'
    arrivals there (reconstructed chart) find no battle in the box and leave it freely."""
    pos = moving("Austrians", 12)
    for u_id in pos.put("Magyars", "infantry", "Austria", 3):
        pos.state.units[u_id].extras = {raiders.RAIDER: True, raiders.HOME: "Austria"}
    (newcomer,) = pos.put("Austrians", "infantry", "Austria")
    pos.state.units[newcomer].extras = {"appeared": True}
    world, state = pos.world, pos.state
    ctx = Context(state, Randomness(0), EventLog())
    RULES.enter_movement(ctx, world)
    assert not state.units[newcomer].extras
    assert RULES.may_leave(world, state, state.units[newcomer])
    assert not RULES.combat_zone(world, state, "Austria") and RULES.combat_zone(
        world, state, "Milan"
    )


def test_s8_reading_17_a_boatless_power_never_arrives_at_sea_m_a_turn_2_franks() -> None:
    """S8 ("Powers without boats may not move into sea zones") with reading 17: on turn 2
    the Franks, without boats (M-A's Boats line: Byzantines, Arabs), holding no area, have
    "the Ligurian or a Frankish area" for four armies: they do not come (the game used to
    stop on Italia's "may not be at sea alone"); France's and the Alps' groups come."""
    game = nation_turn("Franks", 2).game()
    assert not [u for u in game.state.units_of("Franks") if game.rules.world.is_sea(u.zone)]
    placed = [e for e in game.log if e.kind in ("reinforcement", "place")]
    assert placed and not [e for e in placed if "Ligurian" in e.text]
