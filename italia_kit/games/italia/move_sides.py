"""What a nation's movement phase reads once and keeps (9.0-9.6, 12.5.2, 13.1, 13.2): the
other nations' pieces as it sees them (:class:`Sides`, kept in ``state.listing`` while the
nation moves) and the last move list in its parts (:class:`Parts`), from which
:mod:`.move_list` makes the next list again where pieces moved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from italia_kit.core import Action
from italia_kit.games.italia.move_hooks import relations
from italia_kit.games.italia.move_steps import (
    FLEET,
    LEADER,
    MOVEMENT,
    ROME,
    Occupancy,
    dearest_steps,
)
from italia_kit.games.italia.special import hannibal_march
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import LandSteps, World

#: a piece's id, in C (sorting a phase's pieces asks it of each)
_by_id = attrgetter("id")


class Sides:
    """The other nations' pieces as one nation's movement phase sees them: they do not move
    while it moves, so this is read once per phase and kept in ``state.listing``.

    Any action but a move, an embarkation or a landing drops it (``rules.apply``); the
    token notices a piece added or removed all the same. It also keeps the last list made,
    in :class:`Parts`, for the next list to change where one unit stepped alone.
    """

    __slots__ = (
        "allies_only",
        "barred",
        "closed",
        "costs",
        "dearest",
        "fleeted",
        "foes",
        "friends",
        "guarded",
        "held",
        "held_at",
        "index",
        "land_memo",
        "leaders",
        "limits",
        "march",
        "memo",
        "own",
        "parts",
        "relocated",
        "sailing",
        "sea_memo",
        "token",
    )

    def __init__(
        self, world: World, state: ItaliaState, nation: str, token: tuple[object, ...]
    ) -> None:
        masters = state.masters
        self.token = token
        # 12.5: the nation's allies, its master and its subjects, read once, not per piece
        allies = {m for s, m in masters.items() if s == nation}
        allies.update(s for s, m in masters.items() if m == nation)
        # a variant's relations (Rulebook.restricted): whom the nation may pass through
        # (allies), and whom it may neither attack nor pass (walls: their zones are closed).
        # Read once a phase, some 150 times a Medieval game (27 powers) over every piece:
        # comprehensions, which cost less than one loop telling the pieces apart
        units = state.units.values()
        own = [u for u in units if u.nation == nation]  # the nation's pieces, in id order
        own.sort(key=_by_id)  # (state.units is in id order unless a state was made by hand)
        walls: set[str] = set()
        if not world.fixed_relations:
            # the relations that classify the zones, asked of every nation of the scenario
            # (those without pieces ashore classify none), not only of those ashore: that
            # would take a pass over the pieces more
            allies, walls = relations(world, state, nation, world.order)
        friends: set[str] = set()  # zones with pieces ashore of allies (12.5.2)
        walled: set[str] = set()  # zones with pieces ashore of walls
        if not allies and not walls:  # the usual case: every other nation is an enemy
            foes = {u.zone for u in units if u.carrier is None and u.nation != nation}
        else:
            foes = set()  # zones with pieces ashore of nations not allied (9.0)
            for u in units:
                other = u.nation
                if other != nation and u.carrier is None:
                    (walled if other in walls else friends if other in allies else foes).add(u.zone)
        self.own, self.foes, self.friends = own, foes, friends
        self.index = {u.id: k for k, u in enumerate(self.own)}  # each piece's place in own
        self.leaders = [u for u in own if u.type is LEADER]  # the nation's leaders, in id order
        # whether it has a fleet (9.6): none made in the phase; a nation without (every
        # medieval power) has no one to board and keeps no list of boarders
        self.fleeted = any(u.type is FLEET for u in own)
        # 12.5.2: a move may not end among allies only (a campaigning leader's may, 12.3.1)
        self.allies_only = self.friends - self.foes
        # 13.1: nobody enters Rome on turn 10 of Italia I
        last = world.variant == "italia1" and state.turn >= world.scenario.last_turn
        self.closed = (ROME if last else frozenset()) | walled
        # 13.2: whether the Carthaginians may march from Africa to the Alps this turn (it
        # depends on the turn alone, not on the zone); every zone is asked then
        self.march = nation == "Carthaginians" and _marches(world, state, nation)
        # 8.3 limits the attackers in every zone with enemies, invaded or not: 9.3 lets
        # more units move into and through an invaded zone, but no more may stay there to
        # attack than 8.3 allows (a listed move is one step, so it ends where it enters);
        # so an invasion changes neither these zones nor any listed step (9.3 changes
        # only the move check's longer paths and where a move stops, movement.apply_move)
        self.guarded = set(foes)
        # where a step needs a second look at all
        self.barred = self.allies_only | self.guarded | self.closed
        # the nation's one-step moves, kept by the world (World.land_moves, World.sea_moves)
        self.land_memo = world.land_moves.setdefault(nation, {})
        self.sea_memo = world.sea_moves.setdefault(nation, {})
        # a variant's step costs by zone entered, for the phase (Rulebook.step_costs), or
        # None: its step_cost is asked of each step (Italia's, one a zone, is not asked)
        rules = world.rulebook
        self.costs = None if rules.fixed_step_cost() else rules.step_costs(world, state, nation)
        # with them, by zone, the dearest step of a unit that has not moved and of one that
        # has (9.4): affordable() is asked only where one costs more than a unit has left
        self.dearest = None if self.costs is None else dearest_steps(world, self.costs)
        # 9.0, 9.1: a unit's allowance alone by its type (+1 with the card's bonus, 12.2;
        # allowance() gives just that for a group of one), or a variant's for the phase
        # (Rulebook.allowances_alone), or None: the variant is asked of each unit
        if rules.fixed_allowance():
            bonus = 1 if state.extra_move and not state.second_phase else 0
            self.limits: Mapping[UnitType, int] | None = {
                kind: moves + bonus for kind, moves in MOVEMENT.items()
            }
        else:
            self.limits = rules.allowances_alone(state)
        # whether any of the nation's land units may sail alone this phase (a variant's
        # boats, Rulebook.nation_sails): if not, no unit is asked (Rulebook.sails_alone)
        self.sailing = not rules.fixed_sailing() and rules.nation_sails(world, state, nation)
        # what a variant's hooks read of the other nations' pieces for the phase
        # (Rulebook.held_in_place)
        self.memo: dict[str, Any] = {}
        # the units it held in place at the last list, and where each piece stood then
        # (Rulebook.holds_by_zone: asked again only where pieces left or entered)
        self.held: set[int] | None = None
        self.held_at: dict[int, str] = {}
        # the last list in parts, and the pieces ItaliaState.relocate has moved since
        self.parts: Parts | None = None
        self.relocated: list[Unit] = []

    @classmethod
    def of(cls, world: World, state: ItaliaState, nation: str) -> Sides:
        token = (
            nation,
            state.turn,
            state.phase_name,
            state.second_phase,
            state.extra_move,  # (12.2: the allowances alone, Sides.limits)
            state.next_id,
            len(state.units),
        )
        sides = state.listing
        if not isinstance(sides, Sides) or sides.token != token:
            sides = state.listing = cls(world, state, nation, token)
        return sides


def _marches(world: World, state: ItaliaState, nation: str) -> bool:
    """Whether ``nation`` may march from Africa to the Alps this turn (13.2); only the
    Carthaginians ever may (hannibal_march's first test), so only they read the board."""
    africa = world.board.zones_in_region("Africa")
    return bool(africa) and hannibal_march(world, state, nation, (africa[0], "Alps"))


class Parts:
    """The last list :func:`~.move_list.legal_moves` made, in the parts a move, an embarkation or a
    landing may change, with what they were made from: the next list is made again from
    them where pieces moved (``move_list._again``)."""

    __slots__ = (
        "aboard",
        "alone",
        "boarders",
        "boarding",
        "cargo",
        "fleets",
        "free_leaders",
        "groups",
        "held",
        "landings",
        "occ",
        "sails",
        "slot",
        "zones",
    )

    def __init__(
        self,
        occ: Occupancy,
        landings: list[Action],
        aboard: list[Unit],
        alone: list[Sequence[Action]],
        slot: dict[int, int],
        held: dict[int, tuple[Unit, LandSteps]],
        zones: list[str],
        free_leaders: set[str],
        groups: list[tuple[int, str, list[Action]]],
        fleets: list[Unit],
        cargo: dict[int, int],
        boarders: dict[str, list[Unit]],
        boarding: dict[int, list[Action]],
        sails: list[tuple[Action, ...]],
    ) -> None:
        self.occ = occ  # its counts change only where a piece enters or leaves a guarded zone
        self.landings = landings  # 9.6: read the occupancy of guarded zones, and the cargo
        self.aboard = aboard  # 9.6: what they were made from, the units aboard not stopped
        # each piece's steps alone, in id order, of the pieces that may have any (not
        # stopped, 9.0, nor aboard: once aboard a unit moves no more alone, 9.6)
        self.alone = alone
        self.slot = slot  # their places in alone, by unit id
        self.held = held  # by place in alone: the steps that had a second look (8.3)
        self.zones = zones  # every piece's zone, by its place in Sides.own
        self.free_leaders = free_leaders  # 9.1: zones where a leader may still move
        self.groups = groups  # 9.1: (first id, zone, its moves), in the order of first ids
        self.fleets = fleets  # 9.6: what the embarkations were made from
        self.cargo = cargo
        self.boarders = boarders
        self.boarding = boarding  # 9.6: each fleet's embarkations, by fleet id in id order
        # a variant's boats (Rulebook.sails_alone): each piece's sailings, by its place in
        # Sides.own (empty when none of the nation's land units may sail alone this phase)
        self.sails = sails
