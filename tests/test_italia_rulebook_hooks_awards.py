"""The override points cut into the Italia engine for issue 19's medieval awards and
raiders: what an elimination scores (``Rulebook.score_elimination``, 11.0), asked by
``victory.eliminate`` for every elimination by an enemy, so that a variant's awards for
kills (M-V4) hold whatever combat sequence eliminated the unit; and where combat may be due
(``Rulebook.combat_zone``, 10.0), so that the medieval arrival boxes, the raiders' home,
are no battlefield. Italia's rulebook keeps 11.0 and 10.0 (the golden playthroughs and
``bench/event_hash.py`` are unchanged)."""

from __future__ import annotations

from italia_kit.core import Context
from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import Fight
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit


class Bounty(Rulebook):
    """A test variant: whoever eliminates a unit scores 5 VP for it, attackers included
    (11.0 pays only the card's points, and none for units that attacked the scorer)."""

    def score_elimination(
        self, ctx: Context[ItaliaState], world: World, unit: Unit, by: str, *, attacked_scorer: bool
    ) -> None:
        state = ctx.state
        state.vp[by] = state.vp.get(by, 0.0) + 5
        ctx.emit(
            "bounty",
            "test variant",
            f"the {by} score 5 for {unit.label()}",
            nation=by,
            points=5,
            unit=unit.id,
            attacked=attacked_scorer,
        )


def carthaginians_attack_apulia(rulebook: Rulebook | None) -> ItaliaGame:
    """Three Carthaginian infantry attack two Greek infantry in Apulia: the Carthaginians
    roll three 10s (10.2: a 10 always hits), the Greeks a 10 and a 1."""
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
    pos.put("Greeks", "infantry", "Apulia", 2)
    game = pos.game()
    game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([10, 10, 10, 10, 1])
    game.apply(Fight("Carthaginians", "Apulia"))
    return game


def test_score_elimination_italias_default_pays_the_cards_points_not_for_attackers() -> None:
    """11.0: the Carthaginians' card pays 0.5 VP for each Greek unit they eliminate; the
    Greeks' card (1 for a Carthaginian) pays nothing for the attacker they kill."""
    game = carthaginians_attack_apulia(None)
    eliminated = game.log.of_kind("eliminated")
    assert sorted(e.data["nation"] for e in eliminated) == ["Carthaginians", "Greeks", "Greeks"]
    scored = game.log.of_kind("victory_points")
    assert [(e.data["nation"], e.data["points"]) for e in scored] == [("Carthaginians", 0.5)] * 2
    assert game.state.vp.get("Carthaginians") == 1 and not game.state.vp.get("Greeks")


def test_score_elimination_a_variant_decides_what_every_kill_scores() -> None:
    """The variant's award replaces 11.0's for every elimination of the battle, the
    attacker killed by the defender included; Italia's own event is not emitted."""
    game = carthaginians_attack_apulia(Bounty())
    assert not game.log.of_kind("victory_points")
    bounties = game.log.of_kind("bounty")
    assert sorted((e.data["nation"], e.data["attacked"]) for e in bounties) == [
        ("Carthaginians", False),
        ("Carthaginians", False),
        ("Greeks", True),
    ]
    assert game.state.vp["Carthaginians"] == 10 and game.state.vp["Greeks"] == 5
    # each award follows the elimination it pays for
    kinds = [e.kind for e in game.log if e.kind in ("eliminated", "bounty")]
    assert kinds == ["eliminated", "bounty"] * 3


# -- combat_zone ------------------------------------------------------------------------------
class QuietApulia(Rulebook):
    """A test variant: nobody fights in Apulia (10.0: combat is due in every land zone
    where the active nation meets enemies)."""

    def combat_zone(self, world: World, state: ItaliaState, zone: str) -> bool:
        return zone != "Apulia"


def test_combat_zone_a_variant_zone_where_no_combat_is_due() -> None:
    """Italia: the Carthaginians who end their movement in Apulia with the Greeks must
    fight there (10.0); under the variant no combat is due there, none is announced, and
    the nation-turn goes on."""
    for rulebook, due in ((None, ["Apulia"]), (QuietApulia(), [])):
        pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
        troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
        pos.put("Greeks", "infantry", "Apulia", 2)
        game = pos.game()
        game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
        game.apply(EndMovement("Carthaginians"))
        assert [e.data["zone"] for e in game.log.of_kind("combat_due")] == due
        assert game.state.combat_due == due or game.state.active != "Carthaginians"
