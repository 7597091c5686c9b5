"""Issue 19 (med-words): the variant's events on the Italia engine cite the variant and read
as a history lesson. Three seeded random whole games of ``rulebook.new_game()`` are read
event by event: no event's rule is an Italia section (a short list of exceptions, each
with why), no sentence says "area(s)", "infantry", "0 VP" or an Italia section in
brackets; then one test for each sentence that was Italia's (5.0's ``turn_end``, 5.2's
``skip``, 11.0's ``game_end``, 10.0's ``combat_due``, 10.1's "N units against M", 9.0's
``move`` and ``end_movement``, 9.4's strait, the eliminations' "infantry", standing fast
without an event, the decisions' 9.0 and 7.2) and each that read badly.
"""

from __future__ import annotations

import random
import re
from functools import cache

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight, Retreat, StandFast
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval.arrival_hooks import R_POP, R_SECOND
from italia_kit.games.medieval.combat_hooks import R_BATTLE, R_RETREAT
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import R_MP, MedievalRulebook, new_game
from italia_kit.games.medieval.turn_hooks import CITATIONS, R_SEQUENCE, R_VICTORY, faction_scores

RULES = MedievalRulebook()
SEEDS = (0, 1, 2)
#: the sources a variant's event may cite (issue 19): the rule text, Britannia's rules as
#: publicly summarised, the facts' M-A and M-V4, or a reconstruction
SOURCES = ("rule text", "Britannia (public summary)", "M-A", "M-V4", "reconstructed")
#: an Italia section as a rule ("9.0", "12.5.1") or cited in brackets in a sentence ("(8.3)")
ITALIA_RULE = re.compile(r"^\d+(\.\d+)*\b")
ITALIA_IN_TEXT = re.compile(r"\(\d+\.\d+(\.\d+)*\)")
#: the Italia sections an event may still name, each with why: a strait is crossed "as on
#: the Italia board (9.4)" (geodata/MEDIEVAL.md, reconstructed), so a move that crosses
#: one says so in its stop reason, inside the reconstruction it cites
ALLOWED_IN_TEXT = {"9.4": CITATIONS["9.4"]}
#: Italia's words for what the variant calls otherwise
BAD_WORDS = re.compile(r"area\(s\)|infantry|\b0 (VP|new|hits?|areas?|armies|units?)\b")


@cache
def whole_game(seed: int) -> ItaliaGame:
    """A seeded random whole game on the Italia engine, with every decision's (kind, rule)
    kept in ``game.decision_rules``."""
    game = new_game(seed=seed)
    rng = random.Random(seed)
    rules: set[tuple[str, str]] = set()
    while game.decision is not None:
        rules.add((game.decision.kind, game.decision.rule))
        game.apply(rng.choice(game.legal_actions()))
    game.decision_rules = rules  # type: ignore[attr-defined]
    return game


def test_whole_games_no_event_or_decision_cites_an_italia_section() -> None:
    """Every event and decision of three whole games cites the variant's sources; no
    sentence names an Italia section but 9.4's strait inside its reconstruction, says
    "area(s)", "infantry" or counts nothing as "0 ..."."""
    for seed in SEEDS:
        game = whole_game(seed)
        assert game.state.over
        for e in game.log:
            assert e.rule.startswith(SOURCES) and not ITALIA_RULE.match(e.rule), (seed, e)
            assert not BAD_WORDS.search(e.text), (seed, e.text)
            for section in ITALIA_IN_TEXT.findall(e.text):
                raise AssertionError((seed, section, e.text))
            if "9.4" in e.text:
                assert ALLOWED_IN_TEXT["9.4"] in e.text, (seed, e.text)
        for kind, rule in game.decision_rules:  # type: ignore[attr-defined]
            assert rule.startswith(SOURCES), (seed, kind, rule)


# -- the sequence: 5.0, 5.2, 11.0 -------------------------------------------------------------
def test_5_0_a_turn_ends_by_britannias_sequence_with_its_era() -> None:
    """Italia's "5.0: turn 1 ends." is Britannia's sequence with the turn's years."""
    ends = whole_game(0).log.of_kind("turn_end")
    assert len(ends) == RULES.medieval.last_turn
    assert all(e.rule == R_SEQUENCE for e in ends)
    label = RULES.medieval.turn_labels[1]
    assert (
        ends[0].text
        == f"{R_SEQUENCE}: turn 1 ({label}) ends: the victory points of the turn follow."
    )


def test_5_2_a_power_with_nothing_on_the_map_has_no_nation_turn() -> None:
    """Italia's 5.2 "no pieces in play and are skipped": Britannia's sequence, in armies."""
    skips = [e for seed in SEEDS for e in whole_game(seed).log.of_kind("skip")]
    assert skips and all(e.rule == R_SEQUENCE for e in skips)
    assert all("no army on the map and none arriving" in e.text for e in skips)


def test_11_0_the_game_ends_with_the_factions_points_and_the_winner() -> None:
    """Italia's "11.0: the game ends after turn 13." says the four factions' points (the
    sum of their powers') and who wins (Britannia (public summary): the most VP)."""
    game = whole_game(0)
    (end,) = game.log.of_kind("game_end")
    totals = faction_scores(RULES, game.state)
    assert end.rule == R_VICTORY and sorted(totals) == ["Four", "One", "Three", "Two"]
    assert sum(totals.values()) == sum(game.state.vp.values())
    for faction, points in totals.items():
        assert f"{faction} {points:g}" in end.text
    winner = max(totals, key=lambda f: totals[f])
    assert end.text.endswith(f"VP; {winner} wins.")


# -- the battle: 10.0, 10.1, standing fast ----------------------------------------------------
@cache
def card() -> ItaliaScenario:
    return italia_scenario(RULES.medieval)


def position(power: str = "Byzantines") -> Position:
    return Position(
        card(), nation=power, turn=1, phase="movement", rulebook=RULES, board=medieval_board()
    )


def narses_alone_and_two_armies() -> ItaliaGame:
    """Narses alone walks into Bari, held by an Ostrogoth army; two Byzantine armies
    walk into Bologna, held by one."""
    pos = position()
    narses = pos.put("Byzantines", "leader", "Brindisi", name="Narses")
    armies = pos.put("Byzantines", "infantry", "Ravenna", 2)
    pos.put("Ostrogoths", "infantry", "Bari")
    pos.put("Ostrogoths", "infantry", "Bologna")
    game = pos.game()
    game.apply(Move("Byzantines", tuple(narses), ("Brindisi", "Bari")))
    game.apply(Move("Byzantines", tuple(armies), ("Ravenna", "Bologna")))
    game.apply(EndMovement("Byzantines"))
    return game


def test_10_0_a_battle_due_says_the_sides_with_their_leaders() -> None:
    """Italia's "10.0: ... the Byzantines (0 units) attack" for Narses alone: the
    variant's battle, the leader by name."""
    due = {e.data["zone"]: e for e in narses_alone_and_two_armies().log.of_kind("combat_due")}
    assert {e.rule for e in due.values()} == {R_BATTLE}
    assert due["Bari"].text == (
        f"{R_BATTLE}: a battle is due in Bari: the Byzantines (Narses alone) attack the "
        f"Ostrogoths (1 army)."
    )
    assert "the Byzantines (2 armies) attack the Ostrogoths (1 army)" in due["Bologna"].text


def test_10_1_a_battle_begins_with_its_armies_and_leaders_not_units() -> None:
    """Italia's "1 unit against 2" counted armies only: "Narses alone against 1 army"."""
    game = narses_alone_and_two_armies()
    game.apply(Fight("Byzantines", "Bari"))
    battle = game.log.of_kind("battle")[-1]
    assert battle.text.endswith("held by the Ostrogoths: Narses alone against 1 army.")
    assert "army #" not in battle.text and "unit" not in battle.text


def test_standing_fast_is_told_by_an_event_of_its_own_also_before_a_retreat() -> None:
    """Britannia (public summary): retreats: the attacker stands after round 1 (its own
    ``stand`` event), then the defender retreats: the battle ends without a next round, so
    only the ``stand`` event says the Byzantines stood; the retreat counts the side."""
    game = narses_alone_and_two_armies()
    game.script_dice([1, 2, 3])  # both miss
    game.apply(Fight("Byzantines", "Bologna"))
    game.apply(StandFast("Byzantines"))
    (stand,) = game.log.of_kind("stand")
    assert stand.rule == R_RETREAT and stand.data == {
        "nation": "Byzantines",
        "zone": "Bologna",
        "round": 1,
    }
    assert (
        stand.text
        == f"{R_RETREAT}: the Byzantines do not retreat and stand in Bologna after round 1."
    )
    retreat = next(a for a in game.legal_actions() if isinstance(a, Retreat))
    game.apply(retreat)
    kinds = [e.kind for e in game.log][-3:]
    assert kinds == ["stand", "retreat", "battle_end"]
    assert game.log.of_kind("retreat")[-1].text.endswith("with 1 army.")


# -- movement: 9.0, 9.4 -----------------------------------------------------------------------
def test_9_0_a_move_cites_the_movement_points_and_says_its_places() -> None:
    """Italia's "9.0: the Byzantines move Byzantines infantry #1 Ravenna -> Bologna":
    the rule text's movement points, "army #1 from Ravenna to Bologna"; a sea has its
    article; the end of the movement cites the same rule."""
    pos = position()
    (army,) = pos.put("Byzantines", "infantry", "Ancona")
    game = pos.game()
    game.apply(Move("Byzantines", (army,), ("Ancona", "Adriatic")))
    move = game.log.of_kind("move")[-1]
    assert move.rule == R_MP
    assert move.text == f"{R_MP}: the Byzantines move army #{army} from Ancona to the Adriatic."
    game.apply(EndMovement("Byzantines"))
    assert game.log.of_kind("end_movement")[-1].rule == R_MP


def test_9_4_a_strait_is_cited_as_the_reconstruction_of_the_board() -> None:
    """Calabria-Messina is a strait crossed as on the Italia board (9.4, reconstructed in
    geodata/MEDIEVAL.md): the stop reason cites that reconstruction."""
    pos = position()
    (army,) = pos.put("Byzantines", "infantry", "Calabria")
    game = pos.game()
    game.apply(Move("Byzantines", (army,), ("Calabria", "Messina")))
    move = game.log.of_kind("move")[-1]
    assert move.text.endswith(
        f"; they stop: crossing a strait takes the whole phase ({CITATIONS['9.4']})."
    )


def test_an_elimination_names_an_army_not_italias_infantry() -> None:
    """Italia's label "Ostrogoths infantry #7" is "army #7 of the Ostrogoths"."""
    game = narses_alone_and_two_armies()
    game.script_dice([5, 1, 1])
    game.apply(Fight("Byzantines", "Bologna"))
    (gone,) = game.log.of_kind("eliminated")
    assert gone.text.endswith(
        f"army #{gone.data['unit']} of the Ostrogoths is eliminated: hit in the battle of Bologna."
    )


# -- the words of the hooks' own events ------------------------------------------------------
def test_counts_say_no_area_and_no_vp_and_never_area_s() -> None:
    """Territorial phases and population increase: "1 area", "no area: no VP", never
    "area(s)" nor "0 VP" (a power holding nothing still has its phase: S19, S20)."""
    texts = [
        e.text for seed in SEEDS for e in whole_game(seed).log if e.kind in ("vp", "population")
    ]
    assert any(re.search(r"hold no area: no VP\.$", t) for t in texts)
    assert any(re.search(r"hold 1 area\b", t) for t in texts)
    assert any(": no new army, " in t for t in texts)
    assert not any("area(s)" in t or ": 0 VP" in t or " 0 new " in t for t in texts)


def test_seas_and_the_alps_are_said_with_their_article() -> None:
    """ "arrives in Adriatic", "the battle of Alps": "the Adriatic", "the Alps"."""
    texts = [e.text for seed in SEEDS for e in whole_game(seed).log]
    assert any("in the Adriatic" in t for t in texts)
    assert any("the battle of the Alps" in t for t in texts)
    assert any(re.search(r"attack the Alps, held by", t) for t in texts)
    bare = re.compile(r"\b(in|to|from|of|into|attack) (Adriatic|Tyrrhenian|Ionian|Ligurian|Alps)\b")
    assert not [t for t in texts if bare.search(t)]


def test_the_overrun_says_their_other_armies_not_byzantines_armies() -> None:
    """S30's overrun: "other Byzantines armies" read "their other armies"."""
    overruns = [e.text for seed in SEEDS for e in whole_game(seed).log.of_kind("invasion")]
    assert overruns and all("their other armies may move on" in t for t in overruns)


def test_the_placement_decision_cites_the_arrivals_rule_and_counts_armies() -> None:
    """Italia's "7.2: place infantry, infantry": the arrival's own rule (population
    increase, minima, the chart) and "place 1 army of the Romans"."""
    rules = {rule for kind, rule in whole_game(0).decision_rules if kind == "place"}  # type: ignore[attr-defined]
    assert rules and all(r.startswith(SOURCES) for r in rules)
    pos = Position(
        card(), nation="Romans", turn=1, phase="income", rulebook=RULES, board=medieval_board()
    )
    for area in ("Rome", "Naples", "Ravenna", "Milan", "Florence"):  # 6 to 10 points: 1 army
        pos.put("Romans", "infantry", area)
    game = pos.game()
    decision = game.decision
    assert decision is not None and decision.kind == "place", game.log.of_kind("population")
    assert decision.rule == R_POP
    assert decision.prompt == "place 1 army of the Romans"


def test_m_a_turn_2_charlemagne_arrives_with_the_second_impulse_and_says_so() -> None:
    """Charlemagne "is placed at that moment" (the first impulse's end, M-A turn 2), not
    "at the start of the nation-turn" (S26): his arrival cites M-A."""
    arrivals = [
        e
        for seed in SEEDS
        for e in whole_game(seed).log
        if e.kind in ("place", "reinforcement") and "Charlemagne" in e.text
    ]
    assert arrivals and all(e.rule == R_SECOND for e in arrivals)
    assert all(
        e.text.startswith(f"{R_SECOND}: Charlemagne of the Franks arrives in ") for e in arrivals
    )


def test_a_nation_turn_names_the_powers_faction_as_a_faction() -> None:
    """ "the Romans (One) play" read as a number: "the Romans (faction One) play"."""
    turns = whole_game(0).log.of_kind("nation_turn")
    factions = {p.name: p.faction for p in RULES.medieval.powers}
    assert turns and all(
        f"the {e.data['nation']} (faction {factions[str(e.data['nation'])]}) play" in e.text
        for e in turns
    )
