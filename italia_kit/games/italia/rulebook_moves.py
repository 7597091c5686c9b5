"""The movement hooks of :class:`~.rulebook.Rulebook` (9.0-9.6, 12.2, 12.5.2): what a
unit may move, what a step costs, where it stops, who is held and who may pass whom."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from italia_kit.games.italia import (
    movement,
)
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World


class MovementRulebook:
    """The movement hooks: allowances, step costs, stops, holds and relations.
    :class:`~.rulebook.Rulebook` gathers them; a variant subclasses that."""

    # -- movement (9.0, 9.1, 12.2) -------------------------------------------------------
    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        """9.0, 9.1, 12.2: the zones ``unit`` may enter this phase moving with the leader
        ``group_leader`` (None: alone): its type's movement, +1 with a leader it has moved
        with since its first step, +1 in the first phase of a major invasion whose card
        gives it. Default: :func:`.movement.allowance`."""
        return movement.allowance(state, unit, group_leader)

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        """9.0: what a land unit's step from ``frm`` into ``to`` spends of its
        :meth:`movement_allowance`: one zone, whatever the terrain (a mountain stops the
        units instead, 9.0). Fleets count sea zones (9.5) and are not asked."""
        return 1

    def fixed_step_cost(self) -> bool:
        """Whether :meth:`step_cost` is the rulebook's (one a zone): the move list and the
        move check then count the zones of a path."""
        return type(self).step_cost is MovementRulebook.step_cost

    def step_costs(self, world: World, state: ItaliaState, nation: str) -> Mapping[str, int] | None:
        """What :meth:`step_cost` charges a land unit of ``nation`` to enter each zone, if
        that depends on the zone entered alone for the rest of the nation's phase (not on
        the unit, where it comes from or the state): the move list then reads this table,
        asked once a phase, instead of asking :meth:`step_cost` of every step it lists. It
        must answer what :meth:`step_cost` does. Default: None, ask :meth:`step_cost`
        (Italia's, one a zone, is not asked at all while :meth:`fixed_step_cost`)."""
        return None

    def stops_on_entering(
        self, world: World, state: ItaliaState, nation: str, zone: str, leader: int | None
    ) -> tuple[str, str] | None:
        """(rule, reason) when land units of ``nation`` entering ``zone`` (with the leader
        ``leader``, or None) must stop there for the phase by its terrain, else None.
        Default, 9.0, 9.1, 9.7: a mountain zone stops units without a leader, unless it holds
        a city of theirs. (Enemy zones stop units too, 9.0, 9.3; that rule is not asked
        here.) A variant whose units "need not stop on entering mountain terrain" answers
        None."""
        if (
            world.is_mountain(zone)
            and leader is None
            and not movement.own_city(world, state, nation, zone)
        ):
            return ("9.0", f"{zone} is a mountain zone")
        return None

    def fixed_terrain_stops(self) -> bool:
        """Whether :meth:`stops_on_entering` is the rulebook's (9.0's mountains)."""
        return type(self).stops_on_entering is MovementRulebook.stops_on_entering

    def enemies_stop(self, world: World, state: ItaliaState, nation: str, zone: str) -> bool:
        """Whether land units of ``nation`` entering ``zone``, where a nation they may
        attack stands (and that no invasion has opened, 9.3), stop there for the phase.
        Default, 9.0: they do. A variant whose units go on with points left (Britannia's
        overrun) answers False and says when they may leave by :meth:`may_leave`; the
        battle is due all the same if they stay (10.0)."""
        return True

    def fixed_enemy_stops(self) -> bool:
        """Whether :meth:`enemies_stop` is the rulebook's (9.0: always)."""
        return type(self).enemies_stop is MovementRulebook.enemies_stop

    def sails_alone(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        """Whether the land unit ``unit`` may move into a sea zone, and from one sea zone to
        another, by itself now (paying :meth:`step_cost` for each step, as on land), as a
        variant's armies do in boats. Default: False: 9.5, 9.6: land units go to sea only
        aboard fleets. A variant that lets some sail gives the reason for the others in
        :meth:`sea_refusal`; what becomes of armies left at sea is its
        :meth:`~.rulebook.Rulebook.end_movement`'s."""
        return False

    def sea_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        """(rule, reason) of the move check's refusal of a land unit's step into a sea
        when :meth:`sails_alone` says no."""
        return ("9.5", "land units enter the sea only aboard a fleet")

    def fixed_sailing(self) -> bool:
        """Whether :meth:`sails_alone` is the rulebook's (no land unit sails alone): the
        move list then lists no land unit's step into a sea."""
        return type(self).sails_alone is MovementRulebook.sails_alone

    def nation_sails(self, world: World, state: ItaliaState, nation: str) -> bool:
        """Whether some land unit of ``nation`` may sail alone now (:meth:`sails_alone`):
        the move list asks it once a movement phase, and when it says no asks no unit
        (every unit's answer must then be no). Default: True: each unit beside a sea is
        asked."""
        return True

    def may_leave(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        """Whether ``unit`` may leave its zone now, as far as the variant holds units in
        place beyond Italia's stops (9.0: entering an enemy zone or a mountain, a strait,
        stop a unit for the phase, and no rulebook answer frees it). Default: True (Italia
        holds no unit in place otherwise). A variant that overrides it gives the reason of a
        refusal in :meth:`leave_refusal`."""
        return True

    def leave_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        """(rule, reason) of the move check's refusal when :meth:`may_leave` says no."""
        return ("9.0", f"{unit.label()} may not leave {unit.zone} now")

    def fixed_leaving(self) -> bool:
        """Whether :meth:`may_leave` is the rulebook's (every unit may): the move list then
        lists moves without asking it."""
        return type(self).may_leave is MovementRulebook.may_leave

    def allowance_refusal(self, unit: Unit, limit: int, used: int, cost: int) -> tuple[str, str]:
        """(rule, reason) of the move check's refusal of a move beyond ``unit``'s allowance
        (``limit`` this phase, ``used`` of it spent, ``cost`` asked). Default: Italia's 9.0
        (zones, +1 with a leader by 9.1)."""
        extra = " (+1 with a leader it has moved with all phase, 9.1)" if limit > 2 else ""
        return (
            "9.0",
            f"{unit.label()} may move {limit} zones this phase{extra}; "
            f"it has moved {used} and this move asks {cost}",
        )

    def wall_refusal(
        self, state: ItaliaState, nation: str, walled: str, zone: str
    ) -> tuple[str, str]:
        """(rule, reason) of the move check's refusal of a step into ``zone``, where
        ``walled`` stands, whom ``nation`` may neither attack nor move through now
        (:meth:`restricted`). Default: Italia's 9.0."""
        return ("9.0", f"the {nation} may neither attack the {walled} nor move through {zone} now")

    def leave_together(
        self, world: World, state: ItaliaState, units: Sequence[Unit]
    ) -> tuple[str, str] | None:
        """(rule, reason) why ``units`` (two or more pieces of one nation in one zone, each
        of which :meth:`may_leave`) may not leave their zone together, or None. A variant
        whose hold depends on what stays behind (Britannia's overrun: 2:1 or a full stack
        left) answers here for a group; the move check asks it of every move of two or more
        units, and the move list leaves out the groups' moves it refuses. Default: None
        (Italia holds no group in place)."""
        return None

    def fixed_group_leaving(self) -> bool:
        """Whether :meth:`leave_together` is the rulebook's (no group held): the move list
        and the move check then do not ask it."""
        return type(self).leave_together is MovementRulebook.leave_together

    def held_in_place(
        self,
        world: World,
        state: ItaliaState,
        nation: str,
        units: Iterable[Unit],
        enemies: Collection[str] | None = None,
        memo: dict[str, Any] | None = None,
    ) -> set[int]:
        """The ids of ``units`` (pieces of ``nation``) that :meth:`may_leave` holds in
        place now: the move list asks this once a list, not :meth:`may_leave` of each
        piece (and not at all while :meth:`fixed_leaving`). If the move list gives them,
        ``enemies`` are the zones where pieces ashore of nations ``nation`` may attack
        stand, and ``memo`` a dict it keeps for the rest of the nation's phase, for what
        the rulebook reads of the other nations' pieces (they do not move while the nation
        moves; a piece added or removed starts a new one). Default: the pieces
        :meth:`may_leave` refuses (Italia: none). A variant may answer faster from what it
        knows (one that holds units only among enemies need look nowhere else), but must
        answer the same."""
        return {u.id for u in units if not self.may_leave(world, state, u)}

    #: Whether :meth:`held_in_place` holds units only in zones where pieces ashore of
    #: nations they may attack stand, by the pieces of their own zone alone (and by what
    #: does not change during the nation's movement phase, as the other nations' pieces):
    #: the move list then asks it again, after pieces moved, only about the units in such
    #: zones they left or entered, and keeps its other answers. Default False: every piece
    #: is asked at every list.
    holds_by_zone: bool = False

    def restricted(
        self, world: World, state: ItaliaState, nation: str, other: str
    ) -> tuple[bool, bool]:
        """(``nation`` may not attack ``other``, ``nation`` may move through ``other``'s
        zones) now. Default, 12.5.2: a subject and its master are allies, who never attack
        each other and pass through each other's zones (but may not end a move there);
        every other pair may attack and not pass (9.0). A variant's pair that may not
        attack and may not pass through may not enter each other's zones at all."""
        allied = state.masters.get(nation) == other or state.masters.get(other) == nation
        return allied, allied

    def fixed_relations(self) -> bool:
        """Whether :meth:`restricted` is the rulebook's (allies are master and subject): the
        move list and :meth:`World.allied` then read ``state.masters`` themselves."""
        return type(self).restricted is MovementRulebook.restricted

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
        """9.3: (rule, sentence) of the event when ``attackers`` units of ``nation`` that
        moved in this phase reach twice the ``defenders`` in ``zone`` (as many in their
        ``city``): the zone is invaded. Default: :func:`.movement.invasion_text` ("more
        units may now move into and through"). A variant whose units pass enemies anyway
        (:meth:`enemies_stop` False) says what the ratio gives it instead."""
        return movement.invasion_text(nation, zone, attackers, defenders, city=city)

    def relations(
        self, world: World, state: ItaliaState, nation: str, others: Collection[str]
    ) -> tuple[set[str], set[str]]:
        """``nation``'s relations now to the nations ``others``, by :meth:`restricted`: those
        it may move through without attacking (allies, 12.5.2), and those it may neither
        attack nor move through (walls: their zones are closed to it). The move list asks
        this once a phase while not :meth:`fixed_relations`. Default: :meth:`restricted`
        asked of each of ``others``; a variant may answer faster from what it knows, but
        must answer the same."""
        allies: set[str] = set()
        walls: set[str] = set()
        for other in others:
            no_attack, through = self.restricted(world, state, nation, other)
            if no_attack and through:
                allies.add(other)
            elif no_attack:
                walls.add(other)
        return allies, walls

    def fixed_allowance(self) -> bool:
        """Whether :meth:`movement_allowance` is the rulebook's: the move list then reads
        the movement of a unit alone from its own table (the list is asked at every move)."""
        return type(self).movement_allowance is MovementRulebook.movement_allowance

    def allowances_alone(self, state: ItaliaState) -> Mapping[UnitType, int] | None:
        """:meth:`movement_allowance` of a unit moving alone (``group_leader`` None) by its
        type, for a rulebook whose answer depends on nothing else in this phase: the move
        list reads it once a phase instead of asking every unit it lists. Default: None:
        each unit is asked (Italia's own allowance, :meth:`fixed_allowance`, the move list
        reads from its own table)."""
        return None
