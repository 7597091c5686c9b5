"""The override points cut for the Italia rules that still reached the medieval variant
(issue 19, ``med-leaks``): the nation-turn's and the second phase's events, phase 1,
leaders' leaving, the stacking checks after movement and after a battle, the attack's
limit, capitals, a group placed in one decision, the arrivals' events and the invasion's
sentence. Each test variant overrides one hook and the engine obeys it; Italia's rulebook
keeps Italia's rule (the golden playthroughs and ``bench/event_hash.py`` are unchanged,
and each test checks Italia's answer too)."""

from __future__ import annotations

from typing import Any

import pytest

from italia_kit.core import Context
from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import DeclareCapital, Fight, Place
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.geo import Zone

from .italia_helpers import refused


# -- announce_nation_turn, phase_one, announce_second_phase ---------------------------------
class PlainTurns(Rulebook):
    """A test variant: its own words for a nation's turn and a major invasion, and no
    phase 1 (no gold): straight on to the placement."""

    def announce_nation_turn(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        ctx.emit("nation_turn", "test", f"test: the {nation} play.", nation=nation)

    def phase_one(self, ctx: Context[ItaliaState], world: World) -> None:
        self.enter_placement(ctx, world)

    def announce_second_phase(self, ctx: Context[ItaliaState], world: World) -> None:
        ctx.emit("second_phase", "test", "test: again.")


def samnite_turn_nine(rulebook: Rulebook | None) -> ItaliaGame:
    """The Samnites' turn 9 of Italia I from its start: a major invasion (12.2)."""
    pos = Position("italia1", nation="Samnites", turn=9, rulebook=rulebook)
    pos.put("Samnites", "infantry", "Samnium")
    return pos.game()


def test_announce_nation_turn_italia_says_5_0_and_12_2_a_variant_its_own() -> None:
    italia = samnite_turn_nine(None)
    assert [e.rule for e in italia.log if e.kind in ("nation_turn", "major_invasion")] == [
        "5.0",
        "12.2",
    ]
    assert "one more unit in each attack" in italia.log.of_kind("major_invasion")[0].text
    variant = samnite_turn_nine(PlainTurns())
    assert [e.text for e in variant.log.of_kind("nation_turn")] == ["test: the Samnites play."]
    assert not variant.log.of_kind("major_invasion")


def test_phase_one_italia_collects_income_a_variant_without_gold_places_at_once() -> None:
    italia = samnite_turn_nine(None)
    assert italia.log.of_kind("income") and italia.state.phase_name in ("purchase", "placement")
    variant = samnite_turn_nine(PlainTurns())
    assert not variant.log.of_kind("income") and not variant.log.of_kind("end_purchase")
    assert variant.decision is not None and variant.decision.kind == "place"


def test_announce_second_phase_italia_says_12_2_a_variant_its_own() -> None:
    """The second movement of a major invasion (12.2), with Italia's resets either way."""
    for rulebook, rule in ((None, "12.2"), (PlainTurns(), "test")):
        pos = Position("italia1", nation="Samnites", turn=9, phase="movement", rulebook=rulebook)
        pos.major_invasion()
        pos.put("Samnites", "infantry", "Samnium")
        game = pos.game()
        game.apply(EndMovement("Samnites"))
        (event,) = game.log.of_kind("second_phase")
        assert event.rule == rule and game.state.second_phase
        assert game.decision is not None and game.decision.kind == "move"


# -- leaders_leave -------------------------------------------------------------------------
class LastingLeaders(Rulebook):
    """A test variant: leaders never leave at Italia's moments (7.2)."""

    def leaders_leave(self, ctx: Context[ItaliaState], world: World, when: str) -> None:
        return None


def celts_with_last_turns_leader(rulebook: Rulebook | None) -> ItaliaGame:
    """The Celts' turn 2 from its start, with a leader who came on turn 1."""
    pos = Position("italia1", nation="Celts", turn=2, rulebook=rulebook)
    pos.put("Celts", "infantry", "Mediolanum")
    (leader,) = pos.put("Celts", "leader", "Mediolanum", name="Brennus")
    pos.state.units[leader].arrived = 1
    return pos.game()


def test_leaders_leave_italia_at_phase_2_of_the_next_turn_a_variant_never() -> None:
    italia = celts_with_last_turns_leader(None)
    (left,) = italia.log.of_kind("leader_leaves")
    assert left.rule == "7.2" and "Brennus" in left.text
    variant = celts_with_last_turns_leader(LastingLeaders())
    assert not variant.log.of_kind("leader_leaves")
    assert any(u.name == "Brennus" for u in variant.state.units.values())


def test_leaders_leave_a_moment_italia_does_not_know_is_an_error() -> None:
    game = celts_with_last_turns_leader(None)
    with pytest.raises(ValueError, match="game_turn"):
        Rulebook().leaders_leave(Context(game.state, game.dice, game.log), game.rules.world, "x")


# -- find_surplus, find_surplus_in, attack_base ---------------------------------------------
class StacksAtTheEnd(Rulebook):
    """A test variant: no stacking check after the movement (8.0) or a battle (8.3), and
    any number may attack (8.3)."""

    def find_surplus(self, ctx: Context[ItaliaState], world: World) -> None:
        return None

    def find_surplus_in(
        self, ctx: Context[ItaliaState], world: World, zone: str, nation: str
    ) -> None:
        return None

    def attack_base(self, zone: Zone) -> int:
        return 9


def carthaginians_moving(rulebook: Rulebook | None, count: int) -> tuple[ItaliaGame, list[int]]:
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    troops = pos.put("Carthaginians", "infantry", "Samnium", count)
    pos.put("Samnites", "infantry", "Apulia")
    return pos.game(), troops


def test_find_surplus_italia_checks_8_0_after_movement_a_variant_does_not() -> None:
    """Five infantry in Samnium (a mountain zone, limit 2, 8.0) as the movement ends."""
    italia, _ = carthaginians_moving(None, 5)
    italia.apply(EndMovement("Carthaginians"))
    assert italia.log.of_kind("over_stacked") and italia.state.phase_name == "stacking"
    variant, _ = carthaginians_moving(StacksAtTheEnd(), 5)
    variant.apply(EndMovement("Carthaginians"))
    assert not variant.log.of_kind("over_stacked") and variant.state.phase_name != "stacking"


def test_attack_base_italia_limits_an_attack_to_one_more_a_variant_to_its_own() -> None:
    """Five infantry attack Apulia (clear, limit 3): 8.3 allows four; the variant nine."""
    italia, troops = carthaginians_moving(None, 5)
    refused(
        italia, lambda: italia.apply(Move("Carthaginians", tuple(troops), ("Samnium", "Apulia"))),
        "8.3",
    )  # fmt: skip
    assert not [a for a in italia.legal_actions() if isinstance(a, Move) and len(a.units) == 5]
    variant, troops = carthaginians_moving(StacksAtTheEnd(), 5)
    variant.apply(Move("Carthaginians", tuple(troops), ("Samnium", "Apulia")))
    assert variant.state.stack_count("Apulia", "Carthaginians") == 5


def test_find_surplus_in_italia_checks_8_3_after_a_battle_a_variant_does_not() -> None:
    """Four infantry win Apulia (one more than its limit of 3 stays there after the
    battle: 8.3 asks the attacker to remove it; the variant does not)."""
    for rulebook, checked in ((None, True), (StacksAtTheEnd(), False)):
        game, troops = carthaginians_moving(rulebook, 4)
        game.apply(Move("Carthaginians", tuple(troops), ("Samnium", "Apulia")))
        game.apply(EndMovement("Carthaginians"))
        game.script_dice([10] * 4 + [1])
        game.apply(Fight("Carthaginians", "Apulia"))
        assert bool(game.log.of_kind("over_stacked")) is checked, rulebook


# -- capital_refusal -------------------------------------------------------------------------
class NoCapitals(Rulebook):
    """A test variant without capitals (8.1)."""

    def capital_refusal(
        self, world: World, state: ItaliaState, nation: str
    ) -> tuple[str, str] | None:
        return ("test", f"the {nation} have no capital")


def test_capital_refusal_italia_offers_and_accepts_8_1_a_variant_refuses() -> None:
    pos = Position("italia1", nation="Samnites", phase="purchase")
    pos.put("Samnites", "infantry", "Samnium")
    pos.gold("Samnites", 10)
    italia = pos.game()
    assert any(isinstance(a, DeclareCapital) for a in italia.legal_actions())
    italia.apply(DeclareCapital("Samnites", "Samnium"))
    assert italia.state.capitals["Samnites"] == "Samnium"
    pos = Position("italia1", nation="Samnites", phase="purchase", rulebook=NoCapitals())
    pos.put("Samnites", "infantry", "Samnium")
    pos.gold("Samnites", 10)
    variant = pos.game()
    assert not any(isinstance(a, DeclareCapital) for a in variant.legal_actions())
    refused(variant, lambda: variant.apply(DeclareCapital("Samnites", "Samnium")), "test")


# -- placed_with, reinforcement_arrives, reinforcement_placed --------------------------------
class CelticBands(Rulebook):
    """A test variant: on turn 1 two Celtic infantry arrive together in Pavia or Liguria
    (one decision), and two more in Liguria; its own sentences for both."""

    def reinforcements_due(
        self, world: World, state: ItaliaState, nation: str, when: str
    ) -> list[dict[str, Any]]:
        due = super().reinforcements_due(world, state, nation, when)
        if nation == "Celts" and when == "placement" and state.turn == 1:
            band = {"unit": "infantry", "count": 2, "zone": None, "rule": "test"}
            due.append({**band, "choices": ["Pavia", "Liguria"], "together": "band"})
            due.append({"unit": "infantry", "count": 2, "zone": "Liguria", "rule": "test"})
        return due

    def placed_with(
        self, world: World, state: ItaliaState, pending: dict[str, Any]
    ) -> list[dict[str, Any]]:
        key = pending.get("together")
        return [r for r in state.reinforcements if r is not pending and r.get("together") == key]

    def reinforcement_arrives(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        group: dict[str, Any],
        zone: str,
        pieces: list[Unit],
    ) -> None:
        if group.get("rule") is None:  # Italia's card's
            return super().reinforcement_arrives(ctx, world, nation, group, zone, pieces)
        ctx.emit("reinforcement", group["rule"], f"{len(pieces)} come to {zone}.")

    def reinforcement_placed(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        pending: dict[str, Any],
        zone: str,
        pieces: list[Unit],
    ) -> None:
        if pending.get("rule") is None:  # Brennus, of Italia's card
            return super().reinforcement_placed(ctx, world, nation, pending, zone, pieces)
        ctx.emit("place", pending["rule"], f"{len(pieces)} placed in {zone}.")


def test_placed_with_a_variants_group_is_placed_in_one_decision_italia_each_unit() -> None:
    """Italia places the band's two units one by one (7.2); the variant's one Place puts
    both, with one event of its own; the group with a zone says its own sentence too."""
    pos = Position("italia1", nation="Celts", rulebook=CelticBands())
    pos.put("Celts", "infantry", "Mediolanum")
    game = pos.game()
    assert [e.text for e in game.log.of_kind("reinforcement") if e.rule == "test"] == [
        "2 come to Liguria."
    ]
    while game.state.reinforcements and not game.state.reinforcements[0].get("choices"):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    assert [r.get("together") for r in game.state.reinforcements] == ["band", "band"]
    game.apply(Place("Celts", "infantry", "Pavia"))
    assert game.state.stack_count("Pavia", "Celts") == 2
    assert [e.text for e in game.log.of_kind("place") if e.rule == "test"] == ["2 placed in Pavia."]
    italia = Rulebook()
    assert italia.placed_with(game.rules.world, game.state, {"together": "band"}) == []


# -- invasion_text ---------------------------------------------------------------------------
class PlainInvasions(Rulebook):
    """A test variant: its own sentence for an invasion (9.3)."""

    def invasion_text(
        self,
        world: World,
        state: ItaliaState,
        nation: str,
        zone: str,
        attackers: int,
        defenders: int,
        *,
        city: bool,
    ) -> tuple[str, str]:
        return ("test", f"{attackers} against {defenders} in {zone}")


def test_invasion_text_italia_says_9_3_a_variant_its_own() -> None:
    for rulebook, rule in ((None, "9.3"), (PlainInvasions(), "test")):
        game, troops = carthaginians_moving(rulebook, 2)
        game.apply(Move("Carthaginians", tuple(troops), ("Samnium", "Apulia")))
        (event,) = game.log.of_kind("invasion")
        assert event.rule == rule and game.state.invaded == ["Apulia"]
    rule, text = Rulebook().invasion_text(
        game.rules.world, game.state, "Carthaginians", "Apulia", 2, 1, city=False
    )
    assert rule == "9.3" and "more units may now move into and through Apulia" in text


def test_reinforcement_events_italia_says_7_2_free_and_each_unit_placed() -> None:
    """Italia's defaults: a group with its zone arrives "free and regardless of stacking"
    (7.2), and each unit placed where the player chose is an event of its own."""
    pos = Position("italia1", nation="Celts", phase="placement")
    pieces = [pos.state.units[i] for i in pos.put("Celts", "infantry", "Liguria", 2)]
    game = pos.game()
    ctx = Context(game.state, game.dice, game.log)
    world, rules = game.rules.world, Rulebook()
    rules.reinforcement_arrives(ctx, world, "Celts", {"unit": "infantry"}, "Liguria", pieces)
    rules.reinforcement_placed(ctx, world, "Celts", {"unit": "infantry"}, "Liguria", pieces)
    (arrived,) = game.log.of_kind("reinforcement")
    assert arrived.rule == "7.2" and "2 infantry arrive in Liguria" in arrived.text
    assert "free and regardless of stacking" in arrived.text
    assert [e.data["unit"] for e in game.log.of_kind("place")] == [u.id for u in pieces]
