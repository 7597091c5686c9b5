"""The board and movement of Medieval Italia (S2-S8, S21, S22, S28, S30) over Italia's
:class:`~italia_kit.games.italia.rulebook.Rulebook`: movement points, mountains, marsh,
boats, the arrival boxes, who is held in place and who may attack or pass whom.
:class:`~.rulebook.MedievalRulebook` builds on :class:`MedievalMovementRules` with the rest
of the variant (arrivals, submission, scoring, combat, the sequence and its words).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World
from italia_kit.games.medieval import (
    arrival_hooks,
    submission_hooks,
)
from italia_kit.games.medieval.italia_cards import medieval_board
from italia_kit.games.medieval.scenario import Power, Scenario, load_scenario
from italia_kit.games.medieval.words import area, army, army_count
from italia_kit.geo import Board, BoardDataError, Zone

R_MP = "rule text: movement points"
R_SEA = "rule text: boats"
R_OVERRUN = "rule text: reinforcements (2:1 or a full stack); Britannia (public summary): overrun"

#: rule text: "All armies have three movement points, four with a leader."
ARMY_POINTS, LED_POINTS = 3, 4
#: rule text: "It costs one extra movement point to enter mountain terrain", and "two
#: movement points for a power with boats to move into a sea zone (or from one sea zone to
#: another)"
MOUNTAIN_COST, SEA_COST = 2, 2
#: rule text: an arrival box (France, Austria) is entered only by arriving armies, never by
#: a move: its step costs more than any unit's points, so the move check refuses it
#: (reconstructed: Italia's move check has no refusal of a zone by kind)
BOX_COST = 99
#: rule text: "Fortress terrain (Mantua) acts as clear terrain during turns 1-6, and marsh
#: terrain thereafter."
FORTRESS_CLEAR_UNTIL = 6
#: Britannia (public summary): three armies an area (the overpopulation limit)
AREA_LIMIT = 3
#: an arrival box holds any number (M-A turn 1: fifteen Lombards arrive in Austria): more
#: than any power has (Italia's World reads a land zone's None as 0)
BOX_LIMIT = 99
#: the board's words this rulebook reads (geodata/medieval.board.yaml)
KINDS = ("land", "sea", "box")
TERRAINS = ("clear", "mountain", "marsh", "fortress", "sea", "offmap")
#: the medieval board's terrains in Italia's words (2.1): a marsh is a swamp (it stops no
#: one, S5); Mantua's fortress moves as clear (S6: clear or marsh, neither costs more); an
#: arrival box is off the map
ITALIA_TERRAIN = {"marsh": "swamp", "fortress": "clear", "offmap": "clear"}


#: a pair the chart restricts in nothing (restricted)
_FREE = (False, False)
#: S2's points of a unit moving alone, by its type (allowances_alone)
_ALONE = {t: LED_POINTS if t is UnitType.LEADER else ARMY_POINTS for t in UnitType}


class MedievalMovementRules(Rulebook):
    """The variant's board and movement (see the module); :class:`~.rulebook.MedievalRulebook`
    is the whole variant."""

    #: S28, S30 hold a unit by what stands in its own area (the enemies' strength, its
    #: power's armies there, whether it appeared there and has not moved): the move list
    #: asks :meth:`held_in_place` again only where pieces left or entered
    holds_by_zone = True

    def __init__(self, scenario: Scenario | None = None) -> None:
        self.medieval = scenario if scenario is not None else load_scenario()
        self._powers = {p.name: p for p in self.medieval.powers}
        self._terrain = {z.name: z.terrain.value for z in medieval_board().zones}
        # step_costs' table and the board it was made for; the chart's relations by
        # (power, turn) (restricted)
        self._step_costs: tuple[Board, dict[str, int]] | None = None
        self._charted: dict[tuple[str, int], dict[str, tuple[bool, bool]]] = {}
        # restricted's answers by pair, and the pending submissions and turn they were
        # read from (see restricted)
        self._pairs: dict[tuple[str, str], tuple[bool, bool]] = {}
        self._pairs_from: tuple[object, int, int] | None = None

    # -- the board --------------------------------------------------------------------------
    def check_board(self, board: Board) -> None:
        """The medieval board's words: its kinds (land, sea, arrival boxes) and terrains."""
        kinds = set(board.vocabulary.kinds)
        terrains = {str(t) for t in board.vocabulary.terrains}
        missing = [f"kind {k!r}" for k in KINDS if k not in kinds]
        missing += [f"terrain {t!r}" for t in TERRAINS if t not in terrains]
        if missing:
            raise BoardDataError([f"the medieval rules read {m}" for m in missing])

    def terrain_of(self, zone: Zone) -> str:
        return ITALIA_TERRAIN.get(zone.terrain.value, zone.terrain.value)

    def stacking_base(self, zone: Zone) -> int | None:
        """Britannia (public summary): three armies an area; the sea and an arrival box
        hold any number (a major invasion of fifteen arrives in Austria, M-A turn 1)."""
        if zone.is_sea:
            return None
        return BOX_LIMIT if zone.kind == "box" else AREA_LIMIT

    def terrain_on(self, zone: str, turn: int) -> str:
        """The medieval terrain of ``zone`` on ``turn`` (S6: Mantua's fortress is clear on
        turns 1-6 and marsh after).

        >>> rules = MedievalMovementRules()
        >>> rules.terrain_on("Mantua", 6), rules.terrain_on("Mantua", 7)
        ('clear', 'marsh')
        """
        terrain = self._terrain[zone]
        if terrain == "fortress":
            return "clear" if turn <= FORTRESS_CLEAR_UNTIL else "marsh"
        return terrain

    def is_box(self, zone: str) -> bool:
        """An arrival box (France, Austria): no area, as the medieval engine reads the
        board: nobody fights, holds or must stay there (reconstructed: the chart's "from
        Austria" is a way in, and the raiders' home)."""
        return self._terrain.get(zone) == "offmap"

    def power(self, name: str) -> Power | None:
        """The medieval power ``name`` (None for a nation of no medieval power)."""
        return self._powers.get(name)

    def has_boats(self, power: str, turn: int) -> bool:
        """M-A's "Boats" line of the turn (S7, S8)."""
        return power in self.medieval.boats.get(turn, ())

    # -- movement (S2-S8) ---------------------------------------------------------------------
    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        """S2: three movement points, four with a leader: the leader's, and an army's that
        moves with him and has moved with him since its first step (Italia's 9.1 reading
        of "with a leader"; the referee's finding R4: three points spent alone get no
        fourth from a leader met after them)."""
        if unit.type is UnitType.LEADER:
            return LED_POINTS
        if group_leader is None:
            return ARMY_POINTS
        rec = state.moves.get(unit.id)
        if rec is None or rec.steps == 0:
            return LED_POINTS
        stayed = rec.leader == group_leader and not rec.without_leader
        return LED_POINTS if stayed else ARMY_POINTS

    def allowances_alone(self, state: ItaliaState) -> dict[UnitType, int]:
        """S2 for a unit moving alone: four points for a leader, three for an army, on
        every turn (:meth:`movement_allowance` with no group leader)."""
        return _ALONE

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        """S3: +1 to enter a mountain; S5, S6: marsh and Mantua cost one; S7: two to enter
        a sea or go from one sea to another; an arrival box is never entered by a move."""
        return self.entry_cost(world, to)

    def entry_cost(self, world: World, to: str) -> int:
        """What entering ``to`` costs any army (:meth:`step_cost`: it depends on the area
        entered alone).

        >>> from italia_kit.games.medieval.rulebook import new_game
        >>> world = new_game(seed=1).rules.world
        >>> rules = world.rulebook
        >>> zones = ("Ferrara", "Mantua", "Aosta", "Adriatic", "France")
        >>> [rules.entry_cost(world, z) for z in zones]
        [1, 1, 2, 2, 99]
        """
        if world.is_sea(to):
            return SEA_COST
        if self._terrain[to] == "offmap":
            return BOX_COST
        return MOUNTAIN_COST if self._terrain[to] == "mountain" else 1

    def step_costs(self, world: World, state: ItaliaState, nation: str) -> dict[str, int]:
        """:meth:`step_cost` by area entered, for the move list (S3, S7 and the boxes
        depend on nothing else): made once a board."""
        board = world.board
        if self._step_costs is None or self._step_costs[0] is not board:
            costs = {z.name: self.entry_cost(world, z.name) for z in board.zones}
            self._step_costs = (board, costs)
        return self._step_costs[1]

    def stops_on_entering(
        self, world: World, state: ItaliaState, nation: str, zone: str, leader: int | None
    ) -> tuple[str, str] | None:
        """S4: units need not stop on entering mountain terrain; S5: marsh does not affect
        movement."""
        return None

    def sails_alone(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        """S7, S8: a power's armies go to sea in its own boats on the turns it has them."""
        return self.has_boats(unit.nation, state.turn)

    def nation_sails(self, world: World, state: ItaliaState, nation: str) -> bool:
        """S7, S8: :meth:`sails_alone` depends on the power and the turn alone (most powers
        have no boats on most turns: the move list then asks none of their armies)."""
        return self.has_boats(nation, state.turn)

    def sea_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return (R_SEA, f"the {unit.nation} have no boats on turn {state.turn}: no sea zones")

    def enemies_stop(self, world: World, state: ItaliaState, nation: str, zone: str) -> bool:
        """Britannia (public summary): overrun: units entering enemies go on with points
        left, when :meth:`may_leave` lets them (S30); a battle is due where they stay."""
        return False

    def may_leave(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        """S28: a unit that appeared among enemies must attack them; S30: others leave an
        area with enemies only while 2:1 or a full stack stays behind."""
        return self.leave_problem(world, state, unit) is None

    def leave_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return (R_OVERRUN, self.leave_problem(world, state, unit) or "")

    def held_in_place(
        self,
        world: World,
        state: ItaliaState,
        nation: str,
        units: Iterable[Unit],
        enemies: Collection[str] | None = None,
        memo: dict[str, Any] | None = None,
    ) -> set[int]:
        """S28, S30 for the move list, once a list: only the units in an area with enemies
        (``enemies``, if the move list gives them) asked (alone with its own power's or
        allies, a unit may always leave); the enemies' strength of each area read once a
        phase (kept in ``memo``: the other powers do not move while ``nation`` moves) and
        its armies once a list, then each unit there asked (:meth:`holds`)."""
        held: set[int] = set()
        # no power it may attack where a unit stands: nothing holds it (most units)
        among = list(units) if enemies is None else [u for u in units if u.zone in enemies]
        if not among:
            return held
        strengths: dict[str, int] = {} if memo is None else memo.setdefault("strengths", {})
        armies: dict[str, int] = {}
        for u in among:
            zone = u.zone
            foes = strengths.get(zone)
            if foes is None:
                foes = strengths[zone] = self.strength_against(world, state, nation, zone)
            if not foes:
                continue
            own = armies.get(zone)
            if own is None:
                own = armies[zone] = self.armies_in(state, nation, zone)
            if self.holds(state, u, foes, own):
                held.add(u.id)
        return held

    def allowance_refusal(self, unit: Unit, limit: int, used: int, cost: int) -> tuple[str, str]:
        """S2, S3, S7: a move beyond the unit's movement points, in the variant's words."""
        return (
            R_MP,
            f"{army(unit)} has {limit} movement points this phase (3, 4 with a leader it has "
            f"moved with all phase; +1 to enter a mountain, 2 to enter a sea or move between "
            f"seas); it has spent {used} and this move costs {cost}",
        )

    def wall_refusal(
        self, state: ItaliaState, nation: str, walled: str, zone: str
    ) -> tuple[str, str]:
        """S21 (no attacks between a submitter and its receiver until both have scored) or
        the chart's entries of the turn (M-A turn 1): the step into ``zone`` refused, citing
        which."""
        for s in state.extras.get("submissions", ()):
            if {s["submitter"], s["receiver"]} == {nation, walled}:
                return (
                    submission_hooks.R_SUBMIT,
                    f"the {nation} and the {walled} may not attack each other until both "
                    f"have scored (the submission), nor may the {nation} move through "
                    f"{area(zone)}",
                )
        return (
            f"M-A turn {state.turn}",
            f"the chart: the {nation} may neither attack the {walled} nor move through "
            f"{area(zone)} on this turn",
        )

    def leave_together(
        self, world: World, state: ItaliaState, units: Sequence[Unit]
    ) -> tuple[str, str] | None:
        """S30, reading 3, for a group: the armies left behind must be 2:1 against the
        enemies there, or a full stack, after the whole group has gone (each unit alone was
        asked by :meth:`may_leave`, as if the others stayed)."""
        zone, nation = units[0].zone, units[0].nation
        foes = self.strength_against(world, state, nation, zone)
        if not foes:
            return None
        going = {u.id for u in units}
        staying = sum(
            1
            for u in state.where.get(zone, ())
            if u.nation == nation and not u.is_leader and u.id not in going
        )
        if staying >= 2 * foes or staying >= self.medieval.stack_limit:
            return None
        return (
            R_OVERRUN,
            f"these {len(units)} units may leave {area(zone)} together only if 2:1 or a full "
            f"stack stays behind ({staying} would stay against {foes})",
        )

    def leave_problem(self, world: World, state: ItaliaState, unit: Unit) -> str | None:
        """Why ``unit`` may not leave its area now (S28, S30), or None."""
        nation, zone = unit.nation, unit.zone
        foes = self.strength_against(world, state, nation, zone)
        if not foes:
            return None
        armies = self.armies_in(state, nation, zone)
        if not self.holds(state, unit, foes, armies):
            return None
        if arrival_hooks.appeared_here(state, unit):
            return f"{unit.label()} appeared in {zone} and must attack it (rule text)"
        return (
            f"{unit.label()} may leave {zone} only if 2:1 or a full stack stays behind "
            f"({armies if unit.is_leader else armies - 1} against {foes})"
        )

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
        """S30, Britannia's overrun, instead of Italia's 9.3 invasion (the variant's units
        never stop among enemies, :meth:`enemies_stop`): at 2:1 the others may move on out
        of the area while 2:1 or a full stack stays (:meth:`may_leave`)."""
        return (
            R_OVERRUN,
            f"{R_OVERRUN}: the {nation} have moved {army_count(attackers)} into {area(zone)} "
            f"against {defenders} (2:1 or more): their other armies may move on out of "
            f"{area(zone)} while 2:1 or a full stack of {self.medieval.stack_limit} stays.",
        )

    def strength_against(self, world: World, state: ItaliaState, nation: str, zone: str) -> int:
        """The strength of the enemies of ``nation`` in ``zone`` that may hold its units
        there (S28, S30): :meth:`enemy_strength` in a land area, none at sea, in an arrival
        box (no area: nobody fights there) or where nobody else stands."""
        here = state.where.get(zone, ())
        # the usual case, asked of every area the move list lists units in: nobody else
        if all(u.nation == nation for u in here) or not world.is_land(zone) or self.is_box(zone):
            return 0
        return self.enemy_strength(world, state, nation, zone)

    def armies_in(self, state: ItaliaState, nation: str, zone: str) -> int:
        """``nation``'s armies in ``zone`` (its leaders not counted)."""
        return sum(1 for u in state.where.get(zone, ()) if u.nation == nation and not u.is_leader)

    def holds(self, state: ItaliaState, unit: Unit, foes: int, armies: int) -> bool:
        """Whether ``unit`` must stay in its area, with enemies of strength ``foes`` and
        ``armies`` of its power's there (itself included): S28, a unit that appeared there
        must attack; S30, the others leave while 2:1 or a full stack stays behind."""
        if arrival_hooks.appeared_here(state, unit):
            return True
        staying = armies if unit.is_leader else armies - 1
        return not (staying >= 2 * foes or staying >= self.medieval.stack_limit)

    def enemy_strength(self, world: World, state: ItaliaState, nation: str, zone: str) -> int:
        """The armies in ``zone`` of the powers ``nation`` may attack there, a power with
        only a leader counting one (the medieval engine's count, S30)."""
        counts: dict[str, int] = {}  # the armies ashore of each other power (one look)
        for u in state.where.get(zone, ()):
            other = u.nation
            if other != nation and u.carrier is None:
                counts[other] = counts.get(other, 0) + (not u.is_leader)
        return sum(
            max(n, 1)
            for other, n in counts.items()
            if not self.restricted(world, state, nation, other)[0]
        )

    def restricted(
        self, world: World, state: ItaliaState, nation: str, other: str
    ) -> tuple[bool, bool]:
        """S21, S22 and the chart's turn entries (M-A turn 1): (``nation`` may not attack
        ``other``, ``nation`` may move through ``other``) now; submissions pending are
        ``state.extras["submissions"]`` ({"submitter", "receiver"} each)."""
        # asked by every battle, move and move list (World.allied, some 2,400 times a
        # game): answered from a table by pair, kept while the pending submissions and the
        # turn are those it was read from. The submissions' list is only ever appended to
        # (submission_hooks.submit) or replaced by a new one (scoring_hooks.score_power, a
        # clone, a load), so the same list object of the same length holds the same pairs;
        # the table keeps the list alive, so no other list can take its place
        submissions = state.extras.get("submissions")
        size = len(submissions) if submissions else 0
        kept = self._pairs_from
        if kept is None or kept[0] is not submissions or kept[1] != size or kept[2] != state.turn:
            self._pairs = {}
            self._pairs_from = (submissions, size, state.turn)
        pair = (nation, other)
        found = self._pairs.get(pair)
        if found is None:
            found = self._pairs[pair] = self.restricted_now(state, nation, other)
        return found

    def restricted_now(self, state: ItaliaState, nation: str, other: str) -> tuple[bool, bool]:
        """:meth:`restricted` read from the chart and the pending submissions themselves
        (the long way its table of pairs keeps)."""
        # the chart's entries read once a power and turn, and a submission's receiver only
        # when its submitter is one of the two
        charted = self._charted.get((nation, state.turn))
        if charted is None:
            charted = self.charted(nation, state.turn)
        no_attack, through = charted.get(other, _FREE)
        for s in state.extras.get("submissions", ()):
            # S21 binds the pair either way; S22: the receiver moves through the submitter
            submitter = s["submitter"]
            if submitter == nation:
                if s["receiver"] == other:
                    no_attack = True  # nation submitted to other: it does not move through
            elif submitter == other and s["receiver"] == nation:
                no_attack = through = True  # other submitted to nation, the receiver
        return no_attack, through

    def relations(
        self, world: World, state: ItaliaState, nation: str, others: Collection[str]
    ) -> tuple[set[str], set[str]]:
        """:meth:`restricted` for every one of ``others`` at once: the chart's entries of
        the power and turn, then the pending submissions naming ``nation`` (S21, S22), each
        read once."""
        pairs = self.charted(nation, state.turn)
        submissions = state.extras.get("submissions", ())
        if submissions:
            pairs = dict(pairs)
            for s in submissions:
                submitter, receiver = s["submitter"], s["receiver"]
                if submitter == nation:
                    other = receiver
                elif receiver == nation:
                    other = submitter
                else:
                    continue
                through = pairs.get(other, _FREE)[1]
                pairs[other] = (True, through or receiver == nation)
        allies: set[str] = set()
        walls: set[str] = set()
        for other, (no_attack, through) in pairs.items():
            if no_attack and other in others:
                (allies if through else walls).add(other)
        return allies, walls

    def charted(self, nation: str, turn: int) -> dict[str, tuple[bool, bool]]:
        """The chart's restrictions of ``nation`` on ``turn`` (M-A turn 1): (may not
        attack, may move through) by the power they name, read once a power and turn
        (``restricted`` is asked of every pair whenever the move list starts a phase, and
        by every battle).

        >>> rules = MedievalMovementRules()
        >>> rules.charted("Byzantines", 1), rules.charted("Romans", 1), rules.charted("Romans", 2)
        ({'Romans': (True, True)}, {'Ostrogoths': (True, False)}, {})
        """
        key = (nation, turn)
        found = self._charted.get(key)
        if found is None:
            found = {}
            power = self._powers.get(nation)
            for r in power.restrictions if power is not None else ():
                if turn in r.turns:
                    for other in (*r.may_not_attack, *r.may_move_through):
                        no_attack, through = found.get(other, _FREE)
                        found[other] = (
                            no_attack or other in r.may_not_attack,
                            through or other in r.may_move_through,
                        )
            self._charted[key] = found
        return found
