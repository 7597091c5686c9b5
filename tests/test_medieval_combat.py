"""Issue 19: the variant's battles on the Italia engine are Britannia's (public summary;
reading 8 of ``docs/games/medieval.md``), played by ``games/medieval/combat_hooks.py``
through Italia's battle-sequence hooks: one test per rule of the battle. Each builds a
position on the medieval board and fights through ``Game.apply`` with scripted dice
(attacker's dice first, then the defender's, each side's by unit id).

The Byzantines (who receive no submissions) attack the Ostrogoths (who may not submit),
so no submission is offered unless a test wants one.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from italia_kit.core import InvalidActionError, game_from_json, game_to_json
from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import EndCombat, Fight, Retreat, StandFast, Submit
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.medieval import combat_hooks, rulebook
from italia_kit.games.medieval.combat_hooks import (
    R_APPEARED,
    R_BATTLE,
    R_DICE,
    R_LEADER,
    R_LOSSES,
    R_RETREAT,
    R_SUPERIOR,
    R_TERRAIN,
)
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import MedievalRulebook
from italia_kit.games.medieval.submission_hooks import R_SUBMIT

from .italia_helpers import refused

RULES = MedievalRulebook()
#: an Italia section (10.1, 12.5.1): no event or refusal of a medieval battle cites one
ITALIA_SECTION = re.compile(r"^\d+(\.\d+)*$")


@cache
def card() -> ItaliaScenario:
    return italia_scenario(RULES.medieval)


def position(power: str = "Byzantines", turn: int = 1) -> Position:
    return Position(
        card(), nation=power, turn=turn, phase="movement", rulebook=RULES, board=medieval_board()
    )


def attack(
    zone: str,
    frm: str,
    attackers: int,
    defenders: int,
    *,
    turn: int = 1,
    leaders: tuple[str, ...] = (),
    power: str = "Byzantines",
    enemy: str = "Ostrogoths",
    seed: int = 0,
) -> tuple[ItaliaGame, list[int], list[int]]:
    """``attackers`` armies of ``power`` move from ``frm`` into ``zone``, held by
    ``defenders`` armies of ``enemy``; the movement ends (the battle is due). ``leaders``:
    the sides ("attacker", "defender") that have a leader with them; ``seed``: the game's
    dice."""
    pos = position(power, turn)
    mine = pos.put(power, "infantry", frm, attackers)
    if "attacker" in leaders:
        mine += pos.put(power, "leader", frm)
    theirs = pos.put(enemy, "infantry", zone, defenders) if defenders else []
    if "defender" in leaders:
        theirs += pos.put(enemy, "leader", zone)
    game = pos.game(seed=seed)
    game.apply(Move(power, tuple(mine), (frm, zone)))
    game.apply(EndMovement(power))
    return game, list(mine), list(theirs)


def battle_events(game: ItaliaGame) -> list[tuple[str, str]]:
    """(kind, rule) of the events of the last battle, from its start to its end (or on)."""
    log = list(game.log)
    start = max(i for i, e in enumerate(log) if e.kind == "battle")
    end = next((i for i in range(start, len(log)) if log[i].kind == "battle_end"), len(log))
    return [(e.kind, e.rule) for e in log[start : end + 1]]


# -- the round -------------------------------------------------------------------------------
def test_a_round_every_army_rolls_one_d6_attacker_then_defender_before_any_loss() -> None:
    """Britannia (public summary): each army rolls one d6, every 5 or 6 kills one enemy:
    the two Byzantine dice (5, 1) and the two Ostrogoth dice (6, 2) are all rolled before
    either side loses an army; each side then loses one; no targets are declared."""
    game, _, _ = attack("Bologna", "Ravenna", 2, 2)
    game.script_dice([5, 1, 6, 2])
    game.apply(Fight("Byzantines", "Bologna"))
    # M-V4's kill awards (``vp`` events after an ``eliminated``) are tested in
    # test_medieval_awards.py; here only the round's order.
    kinds = [k for k, _ in battle_events(game) if k != "vp"]
    assert kinds[:8] == [
        "battle",
        "round",
        "roll",
        "hits",
        "roll",
        "hits",
        "eliminated",
        "eliminated",
    ]
    rolls = game.log.of_kind("roll")[-2:]
    assert [e.data["sides"] for e in rolls] == [6, 6]
    assert [e.data["hits"] for e in game.log.of_kind("hits")[-2:]] == [1, 1]
    assert not game.log.of_kind("targets")
    assert game.state.stack_count("Bologna", "Byzantines") == 1
    assert game.state.stack_count("Bologna", "Ostrogoths") == 1
    assert all(not ITALIA_SECTION.match(rule) for _, rule in battle_events(game))


def test_simultaneous_losses_the_last_armies_of_both_sides_kill_each_other() -> None:
    """The losses are taken after both sides rolled: the one Byzantine (5) and the one
    Ostrogoth (6) kill each other; Bologna is left empty."""
    game, _, _ = attack("Bologna", "Ravenna", 1, 1)
    game.script_dice([5, 6])
    game.apply(Fight("Byzantines", "Bologna"))
    end = game.log.of_kind("battle_end")[-1]
    assert end.rule == R_BATTLE and end.data["holder"] is None
    assert "both sides are destroyed" in end.text
    assert not game.state.units_in("Bologna")
    assert [e.rule for e in game.log.of_kind("eliminated")] == [R_LOSSES, R_LOSSES]


def test_rounds_repeat_until_one_side_is_destroyed() -> None:
    """Britannia (public summary): rounds repeat until one side is destroyed or
    withdraws: round 1 all miss, both stand, round 2 the Byzantine 6 destroys the
    Ostrogoth; the Byzantines hold Bologna."""
    game, _, _ = attack("Bologna", "Ravenna", 1, 1)
    game.script_dice([1, 2, 6, 4])
    game.apply(Fight("Byzantines", "Bologna"))
    game.apply(StandFast("Byzantines"))
    game.apply(StandFast("Ostrogoths"))
    rounds = game.log.of_kind("round")
    assert [e.data["round"] for e in rounds] == [1, 2] and rounds[-1].rule == R_BATTLE
    assert "both sides stood after round 1" in rounds[-1].text
    end = game.log.of_kind("battle_end")[-1]
    assert end.data["holder"] == "Byzantines" and "after round 2" in end.text
    assert game.state.battle is None


def test_surplus_hits_are_lost() -> None:
    """Two Byzantine hits on one Ostrogoth kill one army: the second hit is lost."""
    game, _, _ = attack("Bologna", "Ravenna", 2, 1)
    game.script_dice([5, 6, 1])
    game.apply(Fight("Byzantines", "Bologna"))
    assert len(game.log.of_kind("eliminated")) == 1
    assert game.state.stack_count("Bologna", "Byzantines") == 2


# -- the hit numbers -------------------------------------------------------------------------
def needs(game: ItaliaGame) -> list[list[int]]:
    return [e.data["needs"] for e in game.log.of_kind("hits")]


def test_a_defender_in_difficult_terrain_is_hit_only_on_a_6() -> None:
    """Britannia (public summary): attackers into Ravenna's marsh hit on a 6 (a 5 misses),
    the defenders on their 5; the hits event cites the difficult terrain."""
    game, _, _ = attack("Ravenna", "Bologna", 2, 1)
    game.script_dice([5, 5, 1])
    game.apply(Fight("Byzantines", "Ravenna"))
    assert needs(game) == [[6, 6], [5]]
    first = game.log.of_kind("hits")[0]
    assert first.rule == R_TERRAIN and first.data["hits"] == 0


def test_s29_appeared_units_ignore_the_terrain_those_assisting_do_not() -> None:
    """S29: in Ravenna's marsh the army that appeared there hits on 5, the one that walked
    in to assist on 6 (both rules cited); of the two the owner loses the assisting one
    (the worse die) first."""
    pos = position()
    (appeared,) = pos.put("Byzantines", "infantry", "Ravenna")
    pos.state.units[appeared].extras = {"appeared": True}
    (helper,) = pos.put("Byzantines", "infantry", "Bologna")
    pos.put("Ostrogoths", "infantry", "Ravenna")
    game = pos.game()
    game.apply(Move("Byzantines", (helper,), ("Bologna", "Ravenna")))
    game.apply(EndMovement("Byzantines"))
    game.script_dice([1, 1, 6])
    game.apply(Fight("Byzantines", "Ravenna"))
    first = game.log.of_kind("hits")[0]
    assert first.data["needs"] == [5, 6]
    assert R_APPEARED in first.rule and R_TERRAIN in first.rule
    assert game.log.of_kind("eliminated")[0].data["unit"] == helper
    assert game.state.units[appeared].zone == "Ravenna"


def test_s10_superior_armies_hit_on_4_and_are_hit_like_any_other() -> None:
    """S10: a superior Byzantine army's 4 hits (rule text and Britannia's 4-6 cited); the
    Ostrogoth's 5 hits it back (no defensive advantage); of a superior and a normal army
    the owner loses the normal one."""
    pos = position()
    superior, normal = pos.put("Byzantines", "infantry", "Ravenna", 2)
    pos.state.units[superior].extras = {"superior": True}
    pos.put("Ostrogoths", "infantry", "Bologna", 2)
    game = pos.game()
    game.apply(Move("Byzantines", (superior, normal), ("Ravenna", "Bologna")))
    game.apply(EndMovement("Byzantines"))
    game.script_dice([4, 1, 5, 1])
    game.apply(Fight("Byzantines", "Bologna"))
    first, second = game.log.of_kind("hits")[:2]
    assert first.data["needs"] == [4, 5] and first.data["hits"] == 1
    assert R_SUPERIOR in first.rule and second.data["hits"] == 1
    assert game.log.of_kind("eliminated")[0].data["unit"] == normal  # the attacker's first
    assert game.state.units[superior].zone == "Bologna"


def test_the_owner_loses_the_weakest_first_then_normal_before_superior() -> None:
    """Into Ravenna's marsh a superior army and a walked-in one both need a 6, one that
    appeared a 5: the owner loses the walked-in normal army, then the superior, and keeps
    the one that appeared."""
    pos = position()
    superior, appeared, walked = (
        pos.state.units[i] for i in pos.put("Byzantines", "infantry", "Ravenna", 3)
    )
    superior.extras, appeared.extras = {"superior": True}, {"appeared": True}
    battle = Battle(zone="Ravenna", attacker="Byzantines", defender="Ostrogoths")
    order = combat_hooks.loss_order(
        RULES, pos.world, pos.state, battle, [superior, appeared, walked]
    )
    assert order == [walked, superior, appeared]


@pytest.mark.parametrize(("turn", "attacker_needs"), [(6, 5), (7, 6)])
def test_s6_mantua_is_clear_in_battle_to_turn_6_and_marsh_after(
    turn: int, attacker_needs: int
) -> None:
    """S6: attackers into Mantua hit on a 5 on turn 6 (clear) and a 6 on turn 7 (marsh);
    the defender's number stays 5."""
    game, _, _ = attack("Mantua", "Brescia", 1, 1, turn=turn)
    game.script_dice([1, 1])
    game.apply(Fight("Byzantines", "Mantua"))
    assert needs(game) == [[attacker_needs], [5]]


# -- leaders ---------------------------------------------------------------------------------
def test_leaders_do_not_roll_and_die_with_the_last_army_of_their_side() -> None:
    """Reconstructed (as the medieval engine): the Byzantines' leader rolls no die (one
    die for one army) and dies when the Ostrogoths kill their one army."""
    game, mine, _ = attack("Bologna", "Ravenna", 1, 2, leaders=("attacker",))
    leader = mine[-1]
    game.script_dice([1, 5, 1])
    game.apply(Fight("Byzantines", "Bologna"))
    assert game.log.of_kind("roll")[0].data["units"] == [mine[0]]
    gone = game.log.of_kind("eliminated")
    assert [e.data["unit"] for e in gone] == [mine[0], leader]
    assert gone[1].rule == R_LEADER
    assert leader not in game.state.units
    assert game.log.of_kind("battle_end")[-1].data["holder"] == "Ostrogoths"


def against_narses(defenders: int) -> tuple[ItaliaGame, list[int], list[int]]:
    """One Ostrogoth army attacks ``defenders`` Byzantine armies and their leader (the
    Byzantines' card has one, Narses) in Bologna."""
    return attack(
        "Bologna", "Ravenna", 1, defenders, power="Ostrogoths", enemy="Byzantines",
        leaders=("defender",),
    )  # fmt: skip


def test_a_leader_without_an_army_dies_as_the_battle_begins() -> None:
    """Reconstructed: a lone Byzantine leader in Bologna dies without a die rolled."""
    game, _, theirs = against_narses(0)
    game.apply(Fight("Ostrogoths", "Bologna"))
    assert not game.log.of_kind("roll")
    (gone,) = game.log.of_kind("eliminated")
    assert gone.rule == R_LEADER and gone.data["unit"] == theirs[0]
    assert game.log.of_kind("battle_end")[-1].data["holder"] == "Ostrogoths"


def test_a_leader_with_armies_left_survives_the_round() -> None:
    """The leader dies only with the last army: one of two Byzantines lost, he lives."""
    game, _, theirs = against_narses(2)
    game.script_dice([6, 1, 1])
    game.apply(Fight("Ostrogoths", "Bologna"))
    assert theirs[-1] in game.state.units
    assert [e.rule for e in game.log.of_kind("eliminated")] == [R_LOSSES]


# -- retreats --------------------------------------------------------------------------------
def after_a_round_of_misses() -> tuple[ItaliaGame, list[int], list[int]]:
    """Two Byzantines attack two Ostrogoths in Bologna from Ravenna; every die misses;
    Parma holds a third power's army (a Lombard: no refuge)."""
    pos = position()
    mine = pos.put("Byzantines", "infantry", "Ravenna", 2)
    theirs = pos.put("Ostrogoths", "infantry", "Bologna", 2)
    pos.put("Lombards", "infantry", "Parma")
    pos.put("Ostrogoths", "infantry", "Florence")
    game = pos.game()
    game.apply(Move("Byzantines", tuple(mine), ("Ravenna", "Bologna")))
    game.apply(EndMovement("Byzantines"))
    game.script_dice([1, 1, 1, 1])
    game.apply(Fight("Byzantines", "Bologna"))
    return game, list(mine), list(theirs)


def test_after_a_round_the_attacker_may_retreat_whole_or_stand() -> None:
    """Britannia (public summary): after a round the attacker is asked first: the whole
    side to an adjacent land area empty or its own (Ravenna, Ferrara, Mantua, Pisa, not
    the Lombards' Parma nor the Ostrogoths' Florence), or stand; never a part of it."""
    game, mine, _ = after_a_round_of_misses()
    decision = game.decision
    assert decision is not None and decision.actor == "Byzantines"
    assert decision.kind == "retreat" and decision.rule == R_RETREAT
    retreats = [a for a in game.legal_actions() if isinstance(a, Retreat)]
    assert {a.units for a in retreats} == {tuple(mine)}
    assert [a.zone for a in retreats] == ["Ferrara", "Mantua", "Pisa", "Ravenna"]
    assert StandFast("Byzantines") in game.legal_actions()


def test_the_defender_is_asked_once_the_attacker_stands_and_its_retreat_ends_the_battle() -> None:
    """The attacker stands, then the defender retreats to Florence (its own): the battle is
    over, the Byzantines hold Bologna; the retreat and the end cite Britannia's rules."""
    game, _, theirs = after_a_round_of_misses()
    game.apply(StandFast("Byzantines"))
    decision = game.decision
    assert decision is not None and decision.actor == "Ostrogoths"
    assert decision.rule == R_RETREAT
    game.apply(Retreat("Ostrogoths", tuple(theirs), "Florence"))
    assert game.state.stack_count("Florence", "Ostrogoths") == 3
    (retreat,) = game.log.of_kind("retreat")
    assert retreat.rule == R_RETREAT and retreat.data["zone"] == "Florence"
    end = game.log.of_kind("battle_end")[-1]
    assert end.data["holder"] == "Byzantines" and "retreated" in end.text
    assert game.state.battle is None
    assert all(not ITALIA_SECTION.match(rule) for _, rule in battle_events(game))


def test_the_attackers_retreat_ends_the_battle_the_defender_holds() -> None:
    game, mine, _ = after_a_round_of_misses()
    game.apply(Retreat("Byzantines", tuple(mine), "Ravenna"))
    assert game.state.stack_count("Ravenna", "Byzantines") == 2
    assert game.log.of_kind("battle_end")[-1].data["holder"] == "Ostrogoths"


def test_a_retreat_of_part_of_a_side_or_into_another_powers_area_is_refused() -> None:
    """A part of the side, another power's area (Parma: the Lombards), a box or a unit not
    in the battle: each refused naming Britannia's retreats (a unit not in the battle is
    malformed), the game unchanged."""
    game, mine, theirs = after_a_round_of_misses()
    refused(
        game,
        lambda: game.apply(Retreat("Byzantines", (mine[0],), "Ravenna")),
        R_RETREAT,
        "retreats whole",
    )
    refused(
        game,
        lambda: game.apply(Retreat("Byzantines", tuple(mine), "Parma")),
        R_RETREAT,
        "empty or their own",
    )
    with pytest.raises(InvalidActionError, match="not one of"):
        game.apply(Retreat("Byzantines", (*mine, theirs[0]), "Ravenna"))
    refused(game, lambda: game.apply(StandFast("Ostrogoths")), "5.0")


def test_a_retreating_army_that_appeared_is_no_longer_marked_so() -> None:
    """An army that appeared and retreats did not appear where it goes (its S28 duty to
    attack and S29's terrain are done), as in the medieval engine."""
    pos = position()
    (unit,) = pos.put("Byzantines", "infantry", "Bologna")
    pos.state.units[unit].extras = {"appeared": True, "superior": True}
    pos.put("Ostrogoths", "infantry", "Bologna")
    game = pos.game()
    game.apply(EndMovement("Byzantines"))
    game.script_dice([1, 1])
    game.apply(Fight("Byzantines", "Bologna"))
    game.apply(Retreat("Byzantines", (unit,), "Ravenna"))
    assert game.state.units[unit].extras == {"superior": True}


def test_a_battle_saved_between_rounds_replays_and_goes_on() -> None:
    """A save taken while the attacker decides after round 1 replays to the same state
    and decision; both games then end the battle alike."""
    game, mine, _ = after_a_round_of_misses()
    again = game_from_json(game_to_json(game), game.rules)
    assert again.state.to_json() == game.state.to_json()
    assert again.legal_actions() == game.legal_actions()
    for g in (game, again):
        g.apply(Retreat("Byzantines", tuple(mine), "Ravenna"))
    assert again.state.to_json() == game.state.to_json()


# -- the battle's citations ------------------------------------------------------------------
def test_a_declined_submission_and_the_decisions_cite_the_rule_text() -> None:
    """S14: the Spoletians are offered submission before the first round (the decision
    cites the rule text); they decline (the event cites the rule text) and the round is
    Britannia's."""
    pos = position("Lombards", turn=2)
    pos.put("Spoletians", "infantry", "Spoleto")
    (mover,) = pos.put("Lombards", "infantry", "Perugia")
    game = pos.game()
    game.apply(Move("Lombards", (mover,), ("Perugia", "Spoleto")))
    game.apply(EndMovement("Lombards"))
    decision = game.decision
    assert decision is not None and decision.kind == "battle" and decision.rule == R_BATTLE
    game.script_dice([6, 1])
    game.apply(Fight("Lombards", "Spoleto"))
    decision = game.decision
    assert decision is not None and decision.kind == "submit" and decision.rule == R_SUBMIT
    game.apply(Submit("Spoletians", False))
    assert game.log.of_kind("fight_on")[-1].rule == R_SUBMIT
    assert game.log.of_kind("hits")[0].rule == R_TERRAIN  # Spoleto is a mountain
    assert all(not ITALIA_SECTION.match(rule) for _, rule in battle_events(game))


def test_refusals_of_battle_actions_cite_the_variant() -> None:
    """No battle due there, a raid (the medieval board has no cities), a battle action
    with no battle, the end of combat with a battle due: each refused under Britannia's
    battles, the game unchanged."""
    game, _, _ = attack("Bologna", "Ravenna", 1, 1)
    refused(game, lambda: game.apply(Fight("Byzantines", "Ravenna")), R_BATTLE, "no battle")
    refused(game, lambda: game.apply(Fight("Byzantines", "Bologna", True)), R_BATTLE, "raid")
    refused(game, lambda: game.apply(StandFast("Byzantines")), R_BATTLE, "no battle")
    refused(game, lambda: game.apply(EndCombat("Byzantines")), R_BATTLE, "still due")


def test_the_citations_map_only_the_sections_the_variant_replaces() -> None:
    assert combat_hooks.cite("10.1") == RULES.cite("10.1") == R_BATTLE
    assert RULES.cite("12.5.1") == R_SUBMIT and RULES.cite("10.5") == R_RETREAT
    assert RULES.cite("8.3") == "8.3"  # the stacking check after a battle is not combat's
    assert combat_hooks.DIFFICULT == rulebook.DIFFICULT
    assert R_DICE.startswith("Britannia (public summary)")
