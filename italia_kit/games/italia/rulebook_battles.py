"""The combat hooks of :class:`~.rulebook.Rulebook` (10.1-10.9): the dice, hit numbers and
modifiers, and the steps of a battle's sequence."""

from __future__ import annotations

from typing import Literal

from italia_kit.core import Context
from italia_kit.games.italia import (
    combat,
    combat_end,
    hits,
)
from italia_kit.games.italia.rulebook_moves import MovementRulebook
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World


class BattleRulebook(MovementRulebook):
    """The combat hooks: dice, hit numbers, modifiers, and the steps of a battle.
    :class:`~.rulebook.Rulebook` gathers them; a variant subclasses that."""

    # -- combat (10.2, 10.3, 10.6, 10.7, 10.8.2, 10.9) -------------------------------------
    #: the die of a land battle: None for the game's own (a d10, 10.2)
    die_sides: int | None = None

    def dice(self, unit: UnitType) -> int:
        """10.2: the dice one unit rolls in a round of a land battle: one."""
        return 1

    def hit_number(self, unit: UnitType, *, raider: bool = False) -> int:
        """10.2: the number a unit's die must reach (its combat number); 10.7: 7 for a
        raider, whatever its type. Default: :func:`.hits.hit_on`."""
        return hits.hit_on(unit, raider=raider)

    def hit_number_in(
        self,
        world: World,
        state: ItaliaState,
        zone: str,
        unit: Unit,
        *,
        attacking: bool,
        raider: bool = False,
    ) -> int:
        """10.2: the number the die of ``unit`` (a piece of the attacking side when
        ``attacking``) must reach in a land battle in ``zone`` now: where a variant's hit
        number depends on the battle (the terrain of the turn, the shooter's own facts).
        Default: :meth:`hit_number` of its type, whatever the battle."""
        return self.hit_number(unit.type, raider=raider)

    def fixed_hit_number_in(self) -> bool:
        """Whether :meth:`hit_number_in` is the rulebook's (the unit type's number): the
        dice of a round then ask :meth:`hits` alone."""
        return type(self).hit_number_in is BattleRulebook.hit_number_in

    def hits(
        self,
        roll: int,
        unit: UnitType,
        modifier: int,
        *,
        raider: bool = False,
        number: int | None = None,
    ) -> bool:
        """10.2: whether ``roll`` of ``unit`` with ``modifier`` hits: a 1 always misses, a
        10 always hits, otherwise the roll plus the modifiers reaches ``number`` (the
        battle's :meth:`hit_number_in`, when a variant has one) or :meth:`hit_number`."""
        if roll <= 1:
            return False
        if roll >= 10:
            return True
        if number is None:
            number = self.hit_number(unit, raider=raider)
        return roll + modifier >= number

    def land_modifier(
        self,
        *,
        attacker: bool,
        rough: bool = False,
        city: bool = False,
        leaders: int = 0,
        supremacy: bool = False,
        landing: bool = False,
        raid: bool = False,
    ) -> int:
        """10.2, 10.3, 10.6, 10.7, 10.8.2, 10.9: the sum of one side's modifiers in a land
        battle (leaders +2 each, naval supremacy +1; attackers -1 in mountain or swamp and
        -2 against a city; defenders +2 against units landing; none in a raid). Default:
        :func:`.hits.land_modifier`."""
        return hits.land_modifier(
            attacker=attacker,
            rough=rough,
            city=city,
            leaders=leaders,
            supremacy=supremacy,
            landing=landing,
            raid=raid,
        )

    def fixed_modifiers(self) -> bool:
        """Whether :meth:`land_modifier` is the rulebook's: the dice's event then spells
        out Italia's modifiers (a variant's are said only when they are not zero)."""
        return type(self).land_modifier is BattleRulebook.land_modifier

    # -- the sequence of a battle (10.1-10.5) ------------------------------------------------
    #: 10.5: a side "may retreat some or all of its units" after a round: the retreats of
    #: single units are listed beside the whole side's. A variant whose sides retreat whole
    #: (Britannia's) says False and refuses a part of a side in its :meth:`retreat`.
    retreats_by_unit = True

    def cite(self, section: str) -> str:
        """The rule that an event, a decision or a refusal of Italia's combat steps cites
        where Italia cites its ``section`` (``"10.0"``, ``"10.1"``, ``"10.5"``,
        ``"12.5.1"``, ...): the battle's start, a submission declined, the stages' prompts,
        an action out of turn. Default: the section itself. A variant whose battles are
        another game's maps the sections its own steps replace to its own rules.

        >>> BattleRulebook().cite("10.1")
        '10.1'
        """
        return section

    def open_battle(
        self, ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
    ) -> None:
        """10.1: the declared battle begins, once any submission offered before it is
        declined: Italia's first round (13.3's elephants, 14.4's foederati, 10.2's lone
        leaders, then 10.4's targets and the dice). ``sides``: the battle's fighters, if
        nothing moved since they were looked up. Default: :func:`.combat.open_battle`. A
        variant with a battle sequence of its own starts it here and continues it in
        :meth:`~.rulebook.Rulebook.next_round` and :meth:`retreat` (Italia's stages stay
        its decisions)."""
        combat.open_battle(ctx, world, sides)

    def retreat(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        ids: tuple[int, ...],
        zone: str,
    ) -> None:
        """10.5, 10.7: units ``ids`` of ``nation`` retreat from the battle to ``zone`` (some
        or all of a side, checked unless listed), then
        :meth:`~.rulebook.Rulebook.after_retreat`. Default: :func:`.combat_end.retreat`."""
        combat_end.retreat(ctx, world, nation, ids, zone)

    def land_odds(
        self,
        world: World,
        state: ItaliaState,
        attackers: list[Unit],
        defenders: list[Unit],
        zone: str,
    ) -> tuple[float, float, float, float]:
        """10.0-10.4: (the attacker wins, the defender wins, the attacker's expected
        losses, the defender's) of a land battle in ``zone`` between ``attackers`` and
        ``defenders`` fought out, as the greedy player's view judges an attack. Default:
        Italia's exact odds (:func:`.odds.exact_odds`: the units' types and leaders, the
        zone's terrain and city); the view adds naval supremacy (10.9) and landings
        (10.8.2) to Italia's itself, and asks this only of a variant that overrides it."""
        from italia_kit.games.italia.odds import Battle as OddsBattle  # the analysis layer's
        from italia_kit.games.italia.odds import Side, exact_odds

        def side(units: list[Unit]) -> Side:
            counts: dict[str | UnitType, int] = {}
            for u in units:
                if not u.is_leader and not u.is_fleet:
                    counts[u.type] = counts.get(u.type, 0) + 1
            return Side(counts, leaders=sum(1 for u in units if u.is_leader))

        terrain: Literal["clear", "mountain", "swamp"] = "clear"
        if world.terrain(zone) == "mountain":
            terrain = "mountain"
        elif world.terrain(zone) == "swamp":
            terrain = "swamp"
        odds = exact_odds(
            OddsBattle(side(attackers), side(defenders), terrain=terrain, city=state.has_city(zone))
        )
        lost = odds.expected_losses
        return odds.attacker_wins, odds.defender_wins, lost["attacker"], lost["defender"]

    def fixed_land_odds(self) -> bool:
        """Whether :meth:`land_odds` is the rulebook's: the greedy player's view then
        works Italia's odds out itself (with supremacy and landings, memoised)."""
        return type(self).land_odds is BattleRulebook.land_odds
