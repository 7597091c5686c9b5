"""The battle-sequence override points issue 19's medieval variant needs for Britannia's
battle (``Rulebook.open_battle``, ``retreat``, ``retreats_by_unit``, ``cite``): each test
variant overrides one and the engine obeys it where it applies, while Italia's rulebook
keeps Italia's stages and sections (the golden playthroughs and ``bench/event_hash.py``
are unchanged)."""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import Fight, Retreat, StandFast, Submit
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit

from .italia_helpers import refused
from .test_italia_rulebook_hooks_b import Offered, attack_apulia, romans_attack_verona


def retreats_listed(game: ItaliaGame) -> list[Retreat]:
    return [a for a in game.legal_actions() if isinstance(a, Retreat)]


# -- cite --------------------------------------------------------------------------------------
class OwnSections(Rulebook):
    """A test variant citing its own battle rules where Italia cites 10.0, 10.1, 10.5."""

    def cite(self, section: str) -> str:
        return {"10.0": "own: battles", "10.1": "own: battles", "10.5": "own: retreats"}.get(
            section, section
        )


def test_cite_italia_cites_its_own_sections() -> None:
    """Default: the section itself, in the battle's event, the prompt and a refusal."""
    game = attack_apulia(None)
    assert Rulebook().cite("12.5.1") == "12.5.1"
    assert game.log.of_kind("battle")[0].rule == "10.1"
    assert game.log.of_kind("battle")[0].text.startswith("10.1: ")
    assert game.decision is not None and game.decision.rule == "10.5"


def test_cite_a_variant_cites_its_rules_in_events_prompts_and_refusals() -> None:
    game = attack_apulia(OwnSections())
    battle = game.log.of_kind("battle")[0]
    assert battle.rule == "own: battles" and battle.text.startswith("own: battles: ")
    assert game.decision is not None and game.decision.rule == "own: retreats"
    refused(game, lambda: game.apply(Fight("Carthaginians", "Apulia")), "own: battles")


# -- open_battle -----------------------------------------------------------------------------
class Truce(Rulebook):
    """A test variant whose battles end as they open: nobody rolls (10.1: round 1)."""

    def open_battle(
        self, ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
    ) -> None:
        ctx.emit("truce", "own: truce", "own: truce: nobody fights.")
        self.close_battle(ctx, world)


class OfferedTruce(Offered, Truce):
    """Submission offered before any round (``Offered``), then :class:`Truce`'s battle."""


def test_open_battle_italia_opens_with_its_first_round() -> None:
    game = attack_apulia(None)
    assert game.log.of_kind("roll") and not game.log.of_kind("truce")


def test_open_battle_a_variant_starts_its_own_battle_when_one_is_declared() -> None:
    game = attack_apulia(Truce())
    assert game.log.of_kind("truce") and not game.log.of_kind("roll")
    assert game.state.battle is None


def test_open_battle_a_variant_is_asked_once_a_submission_offered_is_declined() -> None:
    game = romans_attack_verona()  # Italia's stages after the offer (``Offered``)
    game.apply(Submit("Celts", False))
    assert game.log.of_kind("roll") and not game.log.of_kind("truce")
    pos = Position("italia1", nation="Romans", phase="movement", rulebook=OfferedTruce())
    pos.put("Celts", "infantry", "Verona", 2)
    for zone in ("Mediolanum", "Liguria", "Tridentum", "Pavia"):
        pos.put("Celts", "infantry", zone)
    legions = tuple(pos.put("Romans", "legion", "Ravenna", 3))
    truce = pos.game()
    truce.apply(Move("Romans", legions, ("Ravenna", "Verona")))
    truce.apply(EndMovement("Romans"))
    truce.apply(Fight("Romans", "Verona"))
    assert not truce.log.of_kind("truce")  # the offer comes first
    truce.apply(Submit("Celts", False))
    assert truce.log.of_kind("truce") and not truce.log.of_kind("roll")


# -- retreat and retreats_by_unit ------------------------------------------------------------
class WholeSides(Rulebook):
    """A test variant whose sides retreat whole (10.5: some or all of a side's units)."""

    retreats_by_unit = False


class RetreatsCounted(Rulebook):
    """A test variant that counts the retreats it carries out, then Italia's (10.5)."""

    def __init__(self) -> None:
        self.retreats: list[tuple[str, tuple[int, ...], str]] = []

    def retreat(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        ids: tuple[int, ...],
        zone: str,
    ) -> None:
        self.retreats.append((nation, ids, zone))
        super().retreat(ctx, world, nation, ids, zone)


def test_retreats_by_unit_italia_lists_each_unit_alone_beside_the_whole_side() -> None:
    game = attack_apulia(None)
    sizes = {len(a.units) for a in retreats_listed(game)}
    assert sizes == {1, 3}
    assert Rulebook.retreats_by_unit


def test_retreats_by_unit_a_variant_lists_only_whole_sides() -> None:
    game = attack_apulia(WholeSides())
    retreats = retreats_listed(game)
    assert retreats and {len(a.units) for a in retreats} == {3}
    assert StandFast("Carthaginians") in game.legal_actions()
    assert game.decision is not None and "whole side" in game.decision.prompt


def test_retreat_a_variants_retreat_is_what_the_action_carries_out() -> None:
    rules = RetreatsCounted()
    game = attack_apulia(rules)
    action = retreats_listed(game)[0]
    game.apply(action)
    assert rules.retreats == [("Carthaginians", action.units, action.zone)]
    assert game.log.of_kind("retreat")[0].rule == "10.5"  # Italia's retreat carried it out
