"""The words hooks of :class:`~.rulebook.Rulebook`: the sentences of the sequence's and the
battles' events (issue 19, med-words), and the steps a battle's end takes."""

from __future__ import annotations

from collections.abc import Sequence

from italia_kit.core import Context
from italia_kit.games.italia import (
    combat,
    combat_end,
    retreat,
)
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import Refuge
from italia_kit.games.italia.rulebook_battles import BattleRulebook
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import count
from italia_kit.games.italia.world import World


class WordsRulebook(BattleRulebook):
    """The words hooks: the sentences of the sequence's and the battles' events.
    :class:`~.rulebook.Rulebook` gathers them; a variant subclasses that."""

    # -- the words of the sequence's and the battles' events (issue 19, med-words) -----------
    def skip_event(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        """5.2: (rule, text) of the event of ``nation``, due to play this turn, skipped
        (:meth:`~.rulebook.Rulebook.plays_now` said no). Default: Italia's 5.2 sentence.

        >>> WordsRulebook().skip_event(None, None, "Celts")  # type: ignore[arg-type]
        ('5.2', '5.2: the Celts have no pieces in play and are skipped.')
        """
        return "5.2", f"5.2: the {nation} have no pieces in play and are skipped."

    def turn_end_event(self, world: World, state: ItaliaState) -> tuple[str, str]:
        """5.0: (rule, text) of the event of the game turn ``state.turn`` ending, before
        its scoring. Default: Italia's 5.0 sentence."""
        return "5.0", f"5.0: turn {state.turn} ends."

    def game_end_event(self, world: World, state: ItaliaState) -> tuple[str, str]:
        """11.0: (rule, text) of the event of the game ending after its last turn's
        scoring. Default: Italia's 11.0 sentence (Italia I's turn 10 has its own, 13.4)."""
        return "11.0", f"11.0: the game ends after turn {state.turn}."

    def combat_due_event(
        self,
        world: World,
        state: ItaliaState,
        zone: str,
        nation: str,
        attackers: list[Unit],
        defenders: list[Unit],
    ) -> tuple[str, str]:
        """10.0: (rule, text) of the event of a battle due in ``zone``, ``nation``'s
        ``attackers`` ashore there against the ``defenders`` (every enemy unit there).
        Default: Italia's sentence, counting the units that count for stacking (8.0)."""
        mine = sum(1 for u in attackers if u.counts_for_stacking)
        theirs = sorted({u.nation for u in defenders})
        defending = sum(1 for u in defenders if u.counts_for_stacking)
        return "10.0", (
            f"10.0: combat is due in {zone}: the {nation} ({count(mine, 'unit')}) attack "
            f"the {', '.join(theirs)} ({count(defending, 'unit')})."
        )

    def battle_forces(
        self, battle: Battle, sides: dict[str, list[Unit]], here: Sequence[Unit]
    ) -> str:
        """10.1: the forces of ``battle`` as its ``battle`` event says them, ``sides`` its
        fighters (:func:`.battle_sides.sides_among`), ``here`` everyone in the zone.
        Default: Italia's "N units against M" (the fighters, without 10.2's leaders)."""
        mine, theirs = sides[battle.attacker], sides[battle.defender]
        return f"{count(len(mine), 'unit')} against {len(theirs)}"

    def move_event(
        self, world: World, nation: str, units: Sequence[Unit], path: Sequence[str], stop: str
    ) -> tuple[str, str]:
        """9.0: (rule, text) of the event of ``units`` of ``nation`` moving along
        ``path``, ``stop`` the reason they stop there ("" if none, else with its section:
        "crossing a strait takes the whole phase (9.4)"). Default: Italia's 9.0 sentence
        with the units' labels (:meth:`~.state.Unit.label`)."""
        # most moves are one unit's: its label alone, without a join
        names = units[0].label() if len(units) == 1 else ", ".join(u.label() for u in units)
        text = f"9.0: the {nation} move {names} {' -> '.join(path)}"
        return "9.0", text + (f"; they stop: {stop}." if stop else ".")

    def placement_decision(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        """7.1, 7.2: (rule, prompt) of ``nation``'s decision to place its units bought
        (``state.to_place``) or its reinforcements (``state.reinforcements``). Default:
        Italia's, the units' types listed."""
        what = state.to_place or [r["unit"] for r in state.reinforcements]
        return ("7.1" if state.to_place else "7.2"), f"place {', '.join(what)}"

    def unit_words(self, unit: Unit) -> str:
        """How the event of ``unit``'s elimination (11.0, :func:`.victory.eliminate`) names
        it. Default: its label ("Romans infantry #3", a leader by name)."""
        return unit.label()

    def place_words(self, zone: str) -> str:
        """How the ``battle`` event (10.1) names ``zone``. Default: its name ("Roma");
        a variant may give its seas and ranges their article ("the Alps").

        >>> WordsRulebook().place_words("Alps")
        'Alps'
        """
        return zone

    def stood(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        """10.5: ``nation``, asked whether to retreat after a round, stands instead
        (``StandFast``), before the battle goes on. Default: nothing (Italia's log tells
        a stand by the next round's dice); a variant may tell it by an event of its own."""

    def retreat_refuges(
        self, world: World, state: ItaliaState, battle: Battle, nation: str
    ) -> list[Refuge]:
        """10.5, 8.6, 12.3.1, 13.1: the zones a side of ``battle`` may retreat to, each with
        whether it is a sea and the room left there (:data:`.retreat.Refuge`), sorted by
        name; which of them a group of units fits is :func:`.retreat.fitting`'s. Default:
        :func:`.retreat.refuges` (an adjacent zone empty or the side's own, not where the
        attackers came from for the defender; a sea onto its fleets). Asked by every list
        and check of a retreat, a raid's retreat and an elephant's victim."""
        return retreat.refuges(world, state, battle, nation)

    def next_round(self, ctx: Context[ItaliaState], world: World) -> None:
        """10.1: another round of the battle being fought. Default:
        :func:`.combat.next_round`."""
        combat.next_round(ctx, world)

    def finish_battle(
        self, ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
    ) -> None:
        """10.0, 10.2, 10.6, 8.3: the battle is over: units restored, looting, rebuilding,
        the stacking check. Default: :func:`.combat_end.finish_battle`."""
        combat_end.finish_battle(ctx, world, sides)

    def close_battle(self, ctx: Context[ItaliaState], world: World) -> None:
        """10.0, 8.3: back to the combat phase after a battle. Default:
        :func:`.combat_end.close`."""
        combat_end.close(ctx, world)

    def after_retreat(
        self, ctx: Context[ItaliaState], world: World, nation: str, zone: str
    ) -> None:
        """10.5, 10.7: what follows a retreat to ``zone``. Default:
        :func:`.combat_end.after_retreat`."""
        combat_end.after_retreat(ctx, world, nation, zone)
