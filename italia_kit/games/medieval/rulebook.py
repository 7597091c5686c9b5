"""Medieval Italia as a variant of the Italia engine (issue 19, stage 2):
:class:`MedievalRulebook` overrides the Italia :class:`~italia_kit.games.italia.rulebook.Rulebook`
where the variant's rule text (``shared/rules/medieval-italia-britannia-variant.txt``,
sentences S1-S30 of ``docs/games/medieval.md``) or Britannia's rules differ, and holds the
medieval scenario whose fields Italia's card has no place for (boats by turn, the chart's
restrictions); :func:`new_game` plays the medieval powers (``italia_cards``) on the medieval
board with it.

Overridden here: movement (S2-S8: points, mountains, marsh, boats), the board's words
(marsh, fortress, the arrival boxes; three armies an area), combat's die and hit numbers
(S5, S6, S10, S29: a d6, 5-6 hits, 6 when attacking difficult terrain, never for units
that appeared there), and who may attack or pass whom (S21, S22, the chart's turn-1
entries), the submissions read from ``ItaliaState.extras["submissions"]``. The rest of the
variant (submission, arrivals and minima, scoring, the sequence, S11-S20 and S23-S30) is in
the hook modules this class calls (``submission_hooks``, ``arrival_hooks``,
``scoring_hooks``, ``turn_hooks``, ``combat_hooks``, ``awards``, ``raiders``): see
``docs/games/medieval.md``, "Stage 2" and "The switch".

>>> game = new_game(seed=1)
>>> game.rules.world.rulebook
<MedievalRulebook 'medieval'>
>>> world = game.rules.world
>>> world.terrain("Ferrara"), world.terrain("Mantua"), world.base_limit("Ferrara")
('swamp', 'clear', 3)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from italia_kit.core import Action, Context, Decision, IllegalActionError
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import Refuge
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.setup import new_game as new_italia_game
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World
from italia_kit.games.medieval import (
    arrival_hooks,
    awards,
    combat_hooks,
    combat_odds,
    raiders,
    scoring_hooks,
    submission_hooks,
    turn_hooks,
)
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.scenario import Power, Scenario, load_scenario
from italia_kit.games.medieval.words import and_list, area, army, army_count, move_sentence
from italia_kit.geo import Board, BoardDataError, Zone

R_MP = "rule text: movement points"
R_SEA = "rule text: boats"
R_OVERRUN = "rule text: reinforcements (2:1 or a full stack); Britannia (public summary): overrun"
R_DICE = "Britannia (public summary): one die per army, 5-6 hits"

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
#: Britannia (public summary): difficult terrain, where an attacker hits only on a 6
DIFFICULT = frozenset({"mountain", "marsh"})
#: Britannia (public summary): an army hits on 5-6, a superior unit's (Romans, Byzantines
#: of the chart) on 4-6; the attacker into difficult terrain on a 6 only
NORMAL_HIT, SUPERIOR_HIT, DIFFICULT_HIT = 5, 4, 6
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


def unit_flag(unit: Unit, key: str) -> bool:
    """A medieval fact of a unit kept in ``Unit.extras`` (Italia's pieces have none)."""
    return bool(unit.extras and unit.extras.get(key))


class MedievalRulebook(Rulebook):
    """The Medieval Italia variant's rules over Italia's (see the module)."""

    name = "medieval"
    #: none of Italia I's or II's special rules (13, 14) apply: not Rome's (the medieval
    #: Romans are the variant's power), not turn 10's, not Hannibal's
    special_rules = "medieval"
    #: Britannia (public summary): a six-sided die
    die_sides = 6
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

        >>> rules = MedievalRulebook()
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

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        """S3: +1 to enter a mountain; S5, S6: marsh and Mantua cost one; S7: two to enter
        a sea or go from one sea to another; an arrival box is never entered by a move."""
        return self.entry_cost(world, to)

    def entry_cost(self, world: World, to: str) -> int:
        """What entering ``to`` costs any army (:meth:`step_cost`: it depends on the area
        entered alone).

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
        counts: dict[str, int] = {}
        for u in world.occupants(state, zone, nation):
            counts[u.nation] = counts.get(u.nation, 0) + (not u.is_leader)
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
        # asked by every battle and move list: the chart's entries read once a power and
        # turn, and a submission's receiver only when its submitter is one of the two
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

        >>> rules = MedievalRulebook()
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

    # -- arrivals (S26-S29) and the end of movement ----------------------------------------
    def reinforcements_due(
        self, world: World, state: ItaliaState, nation: str, when: str
    ) -> list[dict[str, Any]]:
        """S26, S27: the power's arrivals of the turn, at its placement (``arrival_hooks``)."""
        if when != "placement":
            return []
        due: list[dict[str, Any]] = state.extras.get(arrival_hooks.DUE, [])
        return [*due, *arrival_hooks.arrivals_due(self, world, state, nation)]

    def begin_nation_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """M-A's removals at the start of a game turn (``arrival_hooks``), then Italia's
        next nation-turn (5.0)."""
        state = ctx.state
        if state.nation_index == 0 and not state.played:
            arrival_hooks.removals_at_turn_start(self, ctx, world)
        super().begin_nation_turn(ctx, world)

    def plays_now(self, world: World, state: ItaliaState, nation: str) -> bool:
        """5.2, and S23: a city-state whose minima are due plays though it has nothing."""
        if super().plays_now(world, state, nation):
            return True
        return nation in self.medieval.minima.get(state.turn, ()) and state.turn in (
            world.nation(nation).turns
        )

    def enter_placement(self, ctx: Context[ItaliaState], world: World) -> None:
        """Population increase and the city-state minima (S23-S25), then Italia's
        placement (7.2) of them and of the chart's arrivals (S26, S27)."""
        arrival_hooks.note_arrivals(ctx.state)
        arrival_hooks.population_and_minima(self, ctx, world)
        arrival_hooks.tell_nowhere(self, ctx, world)  # reading 17
        # Italia's placement reads the groups due once (7.2) and queues those to place
        super().enter_placement(ctx, world)
        ctx.state.extras.pop(arrival_hooks.DUE, None)

    def enter_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        """9.0, then S10, S28, S29: the units that came this turn are marked."""
        super().enter_movement(ctx, world)
        state = ctx.state
        # the active power's units, looked for once: the marks below change only their
        # facts (``Unit.extras``), no piece comes, goes or changes hands
        mine = scoring_hooks.units_of(state, state.active)
        arrival_hooks.mark_arrivals(self, world, state, mine)
        # raiders (Britannia's raider withdrawal), the areas held "at any moment" (M-V4)
        raiders.mark(self, world, state)
        raiders.none_appear_in_boxes(self, state, mine)
        awards.note_held(self, world, state)

    def end_nation_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """Armies still at sea (sent back there by a withdrawal, S15) are lost as the
        nation-turn ends, as at the end of the movement; then overpopulation and the
        leaders' leaving (``turn_hooks``); then Italia's next nation. Before them the areas
        held "at any moment" are noted and the raiders go home (``awards``, ``raiders``:
        Britannia's raider withdrawal precedes overpopulation); after them M-V4's award "at
        any moment of the nation-turn" is scored."""
        state = ctx.state
        awards.note_held(self, world, state)
        # the active power's units, looked for once: until its leaders leave they only move
        # (home) or are taken off (at sea, overpopulation), which the leaders' look checks
        mine = scoring_hooks.units_of(state, state.active)
        raiders.return_home(ctx, world, mine)
        arrival_hooks.lose_armies_at_sea(ctx, world)
        turn_hooks.overpopulation(self, ctx, world)
        turn_hooks.leaders_leave_at_nation_turn_end(ctx, mine)
        awards.score_any_moment(self, ctx, world)
        super().end_nation_turn(ctx, world)

    def end_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        """Armies left at sea are lost (``arrival_hooks``), then Italia's end of movement."""
        awards.note_held(self, world, ctx.state, moved=True)  # M-V4 "at any moment"
        arrival_hooks.lose_armies_at_sea(ctx, world)
        super().end_movement(ctx, world)

    # -- the nation-turn where Italia's sequence would reach the variant (turn_hooks) --------
    def announce_nation_turn(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        """Britannia (public summary): the nation-turn and a major invasion, in the
        variant's words (not Italia's 5.0 and 12.2's "one more unit in each attack")."""
        turn_hooks.announce_nation_turn(self, ctx, world, nation)

    def phase_one(self, ctx: Context[ItaliaState], world: World) -> None:
        """Britannia (public summary): no gold, so no income, tribute or purchase (6.1-6.4):
        the nation-turn goes on to population increase and the arrivals (S26)."""
        self.enter_placement(ctx, world)

    def announce_second_phase(self, ctx: Context[ItaliaState], world: World) -> None:
        turn_hooks.announce_second_phase(ctx)

    def second_phase(self, ctx: Context[ItaliaState], world: World) -> None:
        """M-A turn 2: the first impulse's leaders leave (Pepin), the second impulse starts
        (Italia's resets of 12.2, Britannia's words), and its arrivals come (Charlemagne),
        placed as they arrive (S27)."""
        turn_hooks.first_impulse_leaders_leave(self, ctx, world)
        super().second_phase(ctx, world)
        turn_hooks.second_impulse_arrivals(self, ctx, world)

    def leaders_leave(self, ctx: Context[ItaliaState], world: World, when: str) -> None:
        """Not at Italia's moments (7.2): a medieval leader leaves after his first impulse
        (M-A) or as his nation-turn ends (reconstructed; :meth:`end_nation_turn`)."""

    def find_surplus(self, ctx: Context[ItaliaState], world: World) -> None:
        """Not after the movement (Italia's 8.0): overpopulation is checked as the
        nation-turn ends (Britannia (public summary); :meth:`end_nation_turn`)."""

    def find_surplus_in(
        self, ctx: Context[ItaliaState], world: World, zone: str, nation: str
    ) -> None:
        """Not after a battle (Italia's 8.3): overpopulation, as the nation-turn ends."""

    def attack_base(self, zone: Zone) -> int:
        """No limit of an attack's own (Italia's 8.3): Britannia's stacks are limited by
        overpopulation as the nation-turn ends (the medieval engine's reading 10)."""
        return BOX_LIMIT

    def capital_refusal(
        self, world: World, state: ItaliaState, nation: str
    ) -> tuple[str, str] | None:
        """No capitals (``turn_hooks.R_NO_CAPITAL``): Italia's 8.1 is never offered."""
        return (turn_hooks.R_NO_CAPITAL, f"the {nation} have no capital to designate")

    # -- S27 and reading 18: a group placed in one decision, its sentence -------------------------
    def placed_with(
        self, world: World, state: ItaliaState, pending: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """S27: a group's place is one decision (``arrival_hooks.placed_with``)."""
        return arrival_hooks.placed_with(state, pending)

    def reinforcement_arrives(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        group: dict[str, Any],
        zone: str,
        pieces: list[Unit],
    ) -> None:
        """S26, S28, reading 18: the arrival's sentence (``arrival_hooks.announce_arrival``)."""
        rule = group.get("rule") or arrival_hooks.R_ARRIVE
        arrival_hooks.announce_arrival(
            self, ctx, world, "reinforcement", rule, nation, zone, pieces
        )

    def reinforcement_placed(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        pending: dict[str, Any],
        zone: str,
        pieces: list[Unit],
    ) -> None:
        """S27, S28, reading 18: the sentence of a group placed where the player chose."""
        rule = pending.get("rule") or arrival_hooks.R_ARRIVE
        arrival_hooks.announce_arrival(self, ctx, world, "place", rule, nation, zone, pieces)

    # -- submission (S11-S18) and the withdrawal after it -------------------------------------
    own_actions: tuple[type[Action], ...] = (submission_hooks.Withdraw,)

    def submission_due(
        self, world: World, state: ItaliaState, subject: str, master: str
    ) -> str | None:
        """S11-S14, S17: ``"offer"`` (asked before any combat round) when ``subject`` may
        submit to ``master``, which attacks it; else None."""
        if submission_hooks.may_submit(self, world, state, subject, master) is None:
            return "offer"
        return None

    def submit(
        self, ctx: Context[ItaliaState], world: World, subject: str, master: str, why: str
    ) -> None:
        """S13-S16, S18 (``submission_hooks``)."""
        submission_hooks.submit(self, ctx, world, subject, master, why)

    def own_decision(self, world: World, state: ItaliaState) -> Decision | None:
        """S15, S16: the withdrawal after a submission, while it is pending (asked before
        every action: the state's extras looked at here, the decision made only then)."""
        if submission_hooks.PENDING not in state.extras:
            return None
        return submission_hooks.decision(state)

    def own_legal_actions(self, world: World, state: ItaliaState) -> list[Action]:
        p = submission_hooks.pending(state)
        if p is None:
            return []
        return [
            submission_hooks.Withdraw(p["nation"], z)
            for z in submission_hooks.options(self, world, state)
        ]

    def apply_own(self, ctx: Context[ItaliaState], world: World, action: Action) -> None:
        if not isinstance(action, submission_hooks.Withdraw):
            raise IllegalActionError(submission_hooks.R_SUBMIT, f"{action.kind} is not asked now")
        submission_hooks.apply_withdraw(self, ctx, world, action)

    # -- scoring (S19, S20, M-V4) ---------------------------------------------------------------
    def score_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """M-V4's territorial awards of the turn, with submission's half values
        (``scoring_hooks``), instead of Italia's control points (11.0)."""
        scoring_hooks.score_turn(self, ctx, world)

    def combat_zone(self, world: World, state: ItaliaState, zone: str) -> bool:
        """10.0: no battle in an arrival box (:meth:`is_box`), where the chart's arrivals
        and the raiders at home meet (M-A turn 1: Lombards and Avars both from Austria)."""
        return not self.is_box(zone)

    def score_elimination(
        self, ctx: Context[ItaliaState], world: World, unit: Unit, by: str, *, attacked_scorer: bool
    ) -> None:
        """M-V4: the points for armies destroyed and leaders killed (``awards``), whoever
        attacked, instead of Italia's card points (11.0)."""
        awards.score_kill(self, ctx, unit, by)

    # -- combat (S5, S6, S10, S29) ----------------------------------------------------------------
    def hit_number(self, unit: UnitType, *, raider: bool = False) -> int:
        """Britannia (public summary): every army hits on a 5 or 6."""
        return NORMAL_HIT

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
        """S5, S6: attackers into difficult terrain (mountain, marsh, Mantua from turn 7)
        hit on a 6; S29: not the units that appeared in the area they attack
        (``Unit.extras["appeared"]``); S10: superior units (``Unit.extras["superior"]``)
        hit on 4-6 and are as easy to hit as any (the shooter's number, never the
        target's)."""
        if (
            attacking
            and self.terrain_on(zone, state.turn) in DIFFICULT
            and not arrival_hooks.appeared_here(state, unit)
        ):
            return DIFFICULT_HIT
        return SUPERIOR_HIT if unit_flag(unit, "superior") else NORMAL_HIT

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
        """Britannia (public summary): no modifiers; terrain is in the hit number
        (:meth:`hit_number_in`), leaders only add movement (S2)."""
        return 0

    # -- the battle: Britannia's rounds and retreats (combat_hooks) -----------------------------
    #: Britannia (public summary): a side retreats whole, to one area
    retreats_by_unit = False

    def cite(self, section: str) -> str:
        """The variant's rule where Italia's battle steps cite ``section``
        (``combat_hooks.CITATIONS``), and its movement's (``turn_hooks.CITATIONS``)."""
        return turn_hooks.CITATIONS.get(section) or combat_hooks.cite(section)

    def open_battle(
        self, ctx: Context[ItaliaState], world: World, sides: dict[str, list[Unit]] | None = None
    ) -> None:
        """Britannia (public summary): the first round (no targets, no lone leaders'
        10.2): :func:`.combat_hooks.open_battle`, with the sides Italia's ``start_battle``
        found, if it gives them."""
        combat_hooks.open_battle(self, ctx, world, sides)

    def next_round(self, ctx: Context[ItaliaState], world: World) -> None:
        """Both sides stood: another round (:func:`.combat_hooks.next_round`)."""
        combat_hooks.next_round(self, ctx, world)

    def retreat(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        ids: tuple[int, ...],
        zone: str,
    ) -> None:
        """Britannia (public summary): the whole side retreats and the battle is over
        (:func:`.combat_hooks.retreat`)."""
        combat_hooks.retreat(self, ctx, world, nation, ids, zone)

    def retreat_refuges(
        self, world: World, state: ItaliaState, battle: Battle, nation: str
    ) -> list[Refuge]:
        """Britannia (public summary): an adjacent land area empty or the side's own."""
        return combat_hooks.refuges(world, state, battle, nation)

    def land_odds(
        self,
        world: World,
        state: ItaliaState,
        attackers: list[Unit],
        defenders: list[Unit],
        zone: str,
    ) -> tuple[float, float, float, float]:
        """The odds of Britannia's battle, the d6 and the variant's hit numbers
        (:func:`.combat_odds.land_odds`), for the greedy player's view."""
        return combat_odds.land_odds(self, world, state, attackers, defenders, zone)

    # -- the words of the sequence's and the battles' events (issue 19, med-words) -----------
    def skip_event(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        """Britannia (public summary): no nation-turn for a power with nothing on the map
        and nothing arriving (:func:`.turn_hooks.skip_event`)."""
        return turn_hooks.skip_event(self, state, nation)

    def turn_end_event(self, world: World, state: ItaliaState) -> tuple[str, str]:
        """Britannia (public summary): the turn ends, with its era
        (:func:`.turn_hooks.turn_end_event`)."""
        return turn_hooks.turn_end_event(self, state)

    def game_end_event(self, world: World, state: ItaliaState) -> tuple[str, str]:
        """Britannia (public summary): the game ends, the factions' points and the winner
        (:func:`.turn_hooks.game_end_event`)."""
        return turn_hooks.game_end_event(self, state)

    def combat_due_event(
        self,
        world: World,
        state: ItaliaState,
        zone: str,
        nation: str,
        attackers: list[Unit],
        defenders: list[Unit],
    ) -> tuple[str, str]:
        """Britannia (public summary): a battle is due, the sides with their leaders
        (:func:`.combat_hooks.combat_due_event`)."""
        return combat_hooks.combat_due_event(zone, nation, attackers, defenders)

    def battle_forces(
        self, battle: Battle, sides: dict[str, list[Unit]], here: Sequence[Unit]
    ) -> str:
        """The battle's forces with their leaders (:func:`.combat_hooks.battle_forces`)."""
        return combat_hooks.battle_forces(battle, here)

    def move_event(
        self, world: World, nation: str, units: Sequence[Unit], path: Sequence[str], stop: str
    ) -> tuple[str, str]:
        """S1-S8: a move under the rule text's movement points, the pieces and places as a
        lesson says them (:func:`.words.move_sentence`)."""
        text = f"{R_MP}: {move_sentence(nation, list(units), list(path))}"
        return R_MP, text + (f"; they stop: {stop}." if stop else ".")

    def placement_decision(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        """S26, S27, population, minima: the decision to place the next arrivals cites
        their rule and counts them as armies and leaders (Italia's 7.2 listed "infantry")."""
        first = state.reinforcements[0] if state.reinforcements else {}
        rule = str(first.get("rule") or arrival_hooks.R_ARRIVE)
        leaders = [
            str(r.get("name") or "a leader") for r in state.reinforcements if r["unit"] == "leader"
        ]
        n = sum(1 for r in state.reinforcements if r["unit"] != "leader")
        what = and_list([army_count(n), *leaders] if n else leaders) or "nothing"
        return rule, f"place {what} of the {nation}"

    def unit_words(self, unit: Unit) -> str:
        """A piece as the variant's events name it: a leader by name, "army #20 of the
        Ostrogoths" (:func:`.words.army`)."""
        return army(unit)

    def place_words(self, zone: str) -> str:
        """A sea or the Alps with its article (:func:`.words.area`)."""
        return area(zone)

    def stood(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        """Britannia (public summary): a side that does not retreat says so
        (:func:`.combat_hooks.stood`)."""
        combat_hooks.stood(ctx, nation)


def new_game(
    scenario: Scenario | None = None, *, seed: int = 0, checkpoint_every: int = 32
) -> ItaliaGame:
    """A Medieval Italia game played by the Italia engine: the medieval powers as Italia
    nations (:func:`.italia_cards.italia_scenario`) on the medieval board, under
    :class:`MedievalRulebook`."""
    rulebook = MedievalRulebook(scenario)
    return new_italia_game(
        italia_scenario(rulebook.medieval),
        seed=seed,
        checkpoint_every=checkpoint_every,
        rulebook=rulebook,
        board=medieval_board(),
    )
