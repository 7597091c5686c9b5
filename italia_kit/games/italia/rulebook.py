"""The override points of the Italia rules: one :class:`Rulebook`, whose methods a variant
overrides where its rules differ (as python-chess builds its variants: small subclasses of
``Board`` overriding hooks).

Every method is a rule of the Italia rulebook, named by its section, and its default is
that rule, exactly: Italia I and II play :class:`Rulebook` itself. A :class:`World` holds its
rulebook (``World(scenario, rulebook=MyRules())``; ``World.default_rulebook`` otherwise), and
the rule modules ask ``world.rulebook`` wherever a variant may decide differently:

- movement: the zones (points) a unit may move in a phase and what a step costs, where
  units stop (mountains, enemy zones), units held in place, land units sailing alone,
  who may attack or pass whom (9.0-9.6, 12.2, 12.5.2);
- combat: the die, the dice a unit rolls, the number it hits on (by type, or by battle),
  the modifiers and whether a roll hits (10.2, 10.3, 10.6, 10.7, 10.8.2, 10.9);
- submission: whether a nation must, may, or is offered before any round to submit (12.5.1);
- reinforcements: which arrive for a nation at a moment of the turn, and where one
  waiting for a place may go (7.2);
- scoring: the end-of-turn scoring, one nation's control points and what an elimination
  scores (11.0);
- the board: its words checked, its terrains and stacking limits read (2.1, 8.0);
- the sequence of a nation's turn (5.0): each step from the start of a nation's turn to the
  next nation's, with the end of the game turn.

The rule modules also reach each other's steps through it (the end of a battle, the next
round, the combat search after a campaign move, turn 10's campaigns), so that none of them
imports another in a circle (``tests/test_italia_rulebook.py`` reads their imports), and a
variant that overrides one of those steps is obeyed wherever it is taken.

>>> from italia_kit.games.italia import World
>>> class SureShots(Rulebook):
...     def hit_number(self, unit, *, raider=False):  # every die but a 1 hits
...         return 2
>>> sure, plain = World("italia1", rulebook=SureShots()), World("italia1")
>>> sure.rulebook.hits(2, UnitType.LEGION, 0), plain.rulebook.hits(2, UnitType.LEGION, 0)
(True, False)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal

from italia_kit.core import Action, Context, Decision, IllegalActionError
from italia_kit.games.italia import board as board_words
from italia_kit.games.italia import (
    combat,
    combat_end,
    hits,
    movement,
    placement,
    retreat,
    scoring,
    sequence,
    submission,
    turn_ten,
    victory,
)
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import Refuge
from italia_kit.games.italia.scenarios import Nation
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import count
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World
from italia_kit.geo import Board, Zone


class Rulebook:
    """The rules of Italia I and II, as methods a variant may override (see the module)."""

    #: a name for the rules, shown in a variant's docs and reprs
    name = "italia"
    #: which scenario's special rules (13, 14) apply: None: by the scenario's id (Italia
    #: II's for ``italia2...``, else Italia I's); a variant names its own (``World.variant``)
    special_rules: str | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

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
        return type(self).step_cost is Rulebook.step_cost

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
        return type(self).stops_on_entering is Rulebook.stops_on_entering

    def enemies_stop(self, world: World, state: ItaliaState, nation: str, zone: str) -> bool:
        """Whether land units of ``nation`` entering ``zone``, where a nation they may
        attack stands (and that no invasion has opened, 9.3), stop there for the phase.
        Default, 9.0: they do. A variant whose units go on with points left (Britannia's
        overrun) answers False and says when they may leave by :meth:`may_leave`; the
        battle is due all the same if they stay (10.0)."""
        return True

    def fixed_enemy_stops(self) -> bool:
        """Whether :meth:`enemies_stop` is the rulebook's (9.0: always)."""
        return type(self).enemies_stop is Rulebook.enemies_stop

    def sails_alone(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        """Whether the land unit ``unit`` may move into a sea zone, and from one sea zone to
        another, by itself now (paying :meth:`step_cost` for each step, as on land), as a
        variant's armies do in boats. Default: False: 9.5, 9.6: land units go to sea only
        aboard fleets. A variant that lets some sail gives the reason for the others in
        :meth:`sea_refusal`; what becomes of armies left at sea is its
        :meth:`end_movement`'s."""
        return False

    def sea_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        """(rule, reason) of the move check's refusal of a land unit's step into a sea
        when :meth:`sails_alone` says no."""
        return ("9.5", "land units enter the sea only aboard a fleet")

    def fixed_sailing(self) -> bool:
        """Whether :meth:`sails_alone` is the rulebook's (no land unit sails alone): the
        move list then lists no land unit's step into a sea."""
        return type(self).sails_alone is Rulebook.sails_alone

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
        return type(self).may_leave is Rulebook.may_leave

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
        return type(self).leave_together is Rulebook.leave_together

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
        return type(self).restricted is Rulebook.restricted

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
        return type(self).movement_allowance is Rulebook.movement_allowance

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
        return type(self).hit_number_in is Rulebook.hit_number_in

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
        return type(self).land_modifier is Rulebook.land_modifier

    # -- submission (12.5.1) -----------------------------------------------------------------
    def submission_due(
        self, world: World, state: ItaliaState, subject: str, master: str
    ) -> str | None:
        """12.5.1: ``"must"`` when ``subject``, attacked by ``master``, must submit before
        any combat, ``"may"`` when it may after a round, None otherwise (the subject's
        card). A variant may also answer ``"offer"``: the subject is asked, before the
        first round, whether it submits (Italia never does). Default:
        :func:`.submission.submission_due`."""
        return submission.submission_due(world, state, subject, master)

    def submit(
        self, ctx: Context[ItaliaState], world: World, subject: str, master: str, why: str
    ) -> None:
        """12.5: ``subject`` submits to ``master`` (withdrawals, 12.5.2). Default:
        :func:`.submission.submit`."""
        submission.submit(ctx, world, subject, master, why)

    # -- reinforcements (7.2) --------------------------------------------------------------
    def reinforcements_due(
        self, world: World, state: ItaliaState, nation: str, when: str
    ) -> list[dict[str, Any]]:
        """7.2: the reinforcement groups (as placed: unit, count, zone, ...) of ``nation``'s
        card that arrive now: ``when`` is
        ``before_first_nation``, ``placement`` (phase 2 of its turn) or
        ``after_last_nation``. Default: :func:`.placement.reinforcements_due`."""
        return placement.reinforcements_due(world, state, nation, when)

    def arrival_zones(
        self, world: World, state: ItaliaState, nation: str, pending: dict[str, Any]
    ) -> list[str]:
        """7.2: the zones a reinforcement waiting for a place (``pending``, an entry of
        ``state.reinforcements``: its unit, name, region, "in or adjacent to", and a
        variant's ``choices``) may be placed in now, the choice made as it arrives.
        Default: :func:`.placement.legal_zones` (a group's ``choices``, given by a
        variant's :meth:`reinforcements_due`, are the places to choose from)."""
        return placement.legal_zones(
            world, state, nation, pending["unit"], free=True, pending=pending
        )

    def placed_with(
        self, world: World, state: ItaliaState, pending: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """7.2: the other reinforcements waiting (entries of ``state.reinforcements``) that
        one placement of ``pending`` puts into the same zone with it. Default: none: Italia
        places each waiting unit by itself. A variant whose group arrives in one decision
        returns the rest of its group (its entries share a ``together`` key,
        :data:`.placement.VARIANT_KEYS`)."""
        return []

    def reinforcement_arrives(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        group: dict[str, Any],
        zone: str,
        pieces: list[Unit],
    ) -> None:
        """7.2: the event of ``pieces``, a reinforcement ``group`` of ``nation``, put into
        the ``zone`` its card names. Default: :func:`.placement.announce_reinforcement`
        ("free and regardless of stacking")."""
        placement.announce_reinforcement(ctx, nation, group, zone, pieces)

    def reinforcement_placed(
        self,
        ctx: Context[ItaliaState],
        world: World,
        nation: str,
        pending: dict[str, Any],
        zone: str,
        pieces: list[Unit],
    ) -> None:
        """7.2: the event of ``pieces`` (the waiting ``pending`` and those
        :meth:`placed_with` it) placed in ``zone``, chosen by the player. Default:
        :func:`.placement.announce_placed` (one event a unit)."""
        placement.announce_placed(ctx, nation, zone, pieces)

    def fixed_arrivals(self) -> bool:
        """Whether :meth:`arrival_zones` is the rulebook's."""
        return type(self).arrival_zones is Rulebook.arrival_zones

    # -- scoring (11.0) --------------------------------------------------------------------
    def score_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """11.0: the victory points of the end of a game turn (the scenario's scoring
        turns; 12.5.2 halves a subject's). Default: :func:`.scoring.score_turn`, which asks
        :meth:`score_nation` of each nation that scores."""
        scoring.score_turn(ctx, world)

    def score_nation(
        self, ctx: Context[ItaliaState], world: World, nation: Nation, held: dict[str, str]
    ) -> None:
        """11.0: one nation's control points of this scoring turn (``held``: each land
        zone's holder, :func:`.scoring.holders`); where a variant weighs areas (halves for
        a truce) or adds its own. Default: :func:`.scoring.score_nation` (the card's score
        rules; a subject's points halved by :func:`.victory.score`, 12.5.2)."""
        scoring.score_nation(ctx, world, nation, held)

    def score_elimination(
        self, ctx: Context[ItaliaState], world: World, unit: Unit, by: str, *, attacked_scorer: bool
    ) -> None:
        """11.0: what nation ``by`` scores for eliminating ``unit`` (just taken off the
        board; ``attacked_scorer``: the unit's side attacked ``by``). Asked by
        :func:`.victory.eliminate`, through which every elimination by an enemy passes (a
        battle's hits, lone leaders, retreats with nowhere to go, sunk fleets' cargo,
        campaigns), so a variant's awards for kills hold whatever its combat sequence.
        Default: :func:`.victory.score_elimination` (the card's elimination points; none
        for attackers unless the card says so; a subject's halved, 12.5.2)."""
        victory.score_elimination(ctx, world, unit, by, attacked_scorer=attacked_scorer)

    # -- the board (2.1, 2.2.1.9, 8.0, 9.4) ------------------------------------------------
    def check_board(self, board: Board) -> None:
        """2.1, 2.2.1.9, 8.0, 9.4: that ``board`` declares the words the rules read (zone
        kinds, terrains, link kinds, the city attribute), raising one
        :class:`~italia_kit.geo.BoardDataError` listing what is missing. A variant on a
        board in its own words (``box``, ``marsh``, ``fortress``) checks those instead.
        Default: :func:`.board.check_board`. Asked once per board by :class:`World`."""
        board_words.check_board(board)

    def terrain_of(self, zone: Zone) -> str:
        """2.1: the terrain the rules read for a board location, in Italia's words
        (``clear``, ``mountain``, ``swamp``, ``sea``): its stops (9.0), its attackers'
        -1 (10.3). Default: the board's own word. A variant on a board in other words
        says which of Italia's each of its own is (medieval's ``marsh`` is a ``swamp``).
        Asked once per board and rulebook by :class:`World`."""
        return zone.terrain.value

    def stacking_base(self, zone: Zone) -> int | None:
        """8.0: the units a land location holds before capitals, leaders and attacks
        (None: unlimited). Default: :func:`.board.base_stacking_limit` (3 in clear and
        swamp, 2 in mountains and borderlands). Asked once per board and rulebook."""
        return board_words.base_stacking_limit(zone)

    def attack_base(self, zone: Zone) -> int:
        """8.3: the units that may attack into a land location, before a leader's +1 and a
        major invasion's +1 (12.2). Default: one more than :meth:`stacking_base`. A variant
        whose stacks are limited only at another moment (Britannia's overpopulation at the
        end of the nation-turn) answers more than any stack. Asked once per board and
        rulebook by :class:`World` (the move list's and the move check's limit)."""
        return (self.stacking_base(zone) or 0) + 1

    # -- a variant's own decisions ------------------------------------------------------------
    #: the variant's own action classes: its decisions' actions, read back from saves
    own_actions: tuple[type[Action], ...] = ()

    def own_decision(self, world: World, state: ItaliaState) -> Decision | None:
        """A decision of the variant's own pending now (a choice Italia's rules never ask:
        where attackers go after a submission, a population marker's area), asked before
        Italia's by ``ItaliaRules.decision``, ``legal_actions``, ``apply`` and ``advance``.
        Default: None (Italia has none of its own)."""
        return None

    def own_legal_actions(self, world: World, state: ItaliaState) -> list[Action]:
        """The actions of :meth:`own_decision` (of the classes in :attr:`own_actions`)."""
        return []

    def apply_own(self, ctx: Context[ItaliaState], world: World, action: Action) -> None:
        """Apply one of :attr:`own_actions` while :meth:`own_decision` is pending: check it
        before any change (refusing with the variant's rule), then carry it out; the
        runner's ``advance`` goes on once no decision of its own is pending."""
        raise IllegalActionError("5.0", f"{action.kind} is not an action of {self.name}")

    def fixed_decisions(self) -> bool:
        """Whether :meth:`own_decision` is the rulebook's (none): the rules then never ask."""
        return type(self).own_decision is Rulebook.own_decision

    # -- the sequence of a nation's turn (5.0) ---------------------------------------------
    def begin_nation_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0-5.2: the next nation with pieces or reinforcements begins its turn (phase 1:
        income, purchase); a game turn ends after the last. Default:
        :func:`.sequence.begin_nation_turn`."""
        sequence.begin_nation_turn(ctx, world)

    def plays_now(self, world: World, state: ItaliaState, nation: str) -> bool:
        """5.2: whether ``nation`` plays a nation's turn now (it has pieces in play or
        reinforcements due this turn). Default: :func:`.sequence.plays_now`."""
        return sequence.plays_now(world, state, nation)

    def enter_placement(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0 phase 2, 7.0-7.2: bought units and reinforcements to place. Default:
        :func:`.sequence.enter_placement`."""
        sequence.enter_placement(ctx, world)

    def enter_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0 phase 3, 9.0: the movement phase begins. Default:
        :func:`.sequence.enter_movement`."""
        sequence.enter_movement(ctx, world)

    def end_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        """9.2, 8.0: the end of movement: borderlands emptied, stacking checked. Default:
        :func:`.sequence.end_movement`."""
        sequence.end_movement(ctx, world)

    def after_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0 phase 4: combat (or a campaign's blocking and reaction moves first, 12.3).
        Default: :func:`.sequence.after_movement`."""
        sequence.after_movement(ctx, world)

    def find_combat(self, ctx: Context[ItaliaState], world: World) -> None:
        """10.0, 10.8: the battles due and the naval combats that may be offered. Default:
        :func:`.sequence.find_combat`."""
        sequence.find_combat(ctx, world)

    def combat_zone(self, world: World, state: ItaliaState, zone: str) -> bool:
        """10.0: whether combat may be due in the land zone ``zone`` where the active
        nation meets enemies (a borderland's own rule, 10.0, applies besides). Asked by
        :func:`.sequence.find_combat` for each zone it finds enemies in. Default: True:
        every land zone of the board."""
        return True

    def second_phase(self, ctx: Context[ItaliaState], world: World) -> None:
        """12.2: a major invasion moves and fights a second time. Default:
        :func:`.sequence.second_phase`."""
        sequence.second_phase(ctx, world)

    def end_game_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0, 7.2, 11.0: every nation has played: late reinforcements, the turn's
        scoring, the next turn (or the end of the game). Default:
        :func:`.sequence.end_game_turn`."""
        sequence.end_game_turn(ctx, world)

    def end_nation_turn(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0: the nation's turn is over; the next begins. Default:
        :func:`.sequence.end_nation_turn`."""
        sequence.end_nation_turn(ctx, world)

    def clear_borderlands(
        self, ctx: Context[ItaliaState], world: World, *, keep_campaign_stack: bool = False
    ) -> None:
        """9.2: units left in a borderland at the end of movement are removed. Default:
        :func:`.sequence.clear_borderlands`."""
        sequence.clear_borderlands(ctx, world, keep_campaign_stack=keep_campaign_stack)

    def find_surplus_in(
        self, ctx: Context[ItaliaState], world: World, zone: str, nation: str
    ) -> None:
        """8.3: the stacking check in a zone after its battle. Default:
        :func:`.sequence.find_surplus_in`."""
        sequence.find_surplus_in(ctx, world, zone, nation)

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

        >>> Rulebook().cite("10.1")
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
        :meth:`next_round` and :meth:`retreat` (Italia's stages stay its decisions)."""
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
        or all of a side, checked unless listed), then :meth:`after_retreat`. Default:
        :func:`.combat_end.retreat`."""
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
        return type(self).land_odds is Rulebook.land_odds

    # -- what the sequence says, phase 1, leaders, stacking, capitals (issue 19, med-leaks) ----
    def announce_nation_turn(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        """5.0, 12.2: the events that open ``nation``'s turn (``state.major`` already set
        from its cards): who plays, and what a major invasion gives. Default:
        :func:`.sequence.announce_nation_turn` (a 12.2 invasion has "one more unit in each
        attack", 8.3). A variant's nation-turn cites its own sequence."""
        sequence.announce_nation_turn(ctx, world, nation)

    def phase_one(self, ctx: Context[ItaliaState], world: World) -> None:
        """5.0 phase 1, after the turn is announced (and a campaign that comes first, 12.3):
        income, then tribute or purchase. Default: :func:`.sequence.phase_one`. A variant
        without gold goes on to its placement (:meth:`enter_placement`)."""
        sequence.phase_one(ctx, world)

    def announce_second_phase(self, ctx: Context[ItaliaState], world: World) -> None:
        """12.2: the event of a major invasion's second movement and combat phases, once
        the state is reset for them. Default: :func:`.sequence.announce_second_phase`."""
        sequence.announce_second_phase(ctx, world)

    def leaders_leave(self, ctx: Context[ItaliaState], world: World, when: str) -> None:
        """7.2: the leaders whose single turn is over leave the game. ``when`` is
        ``"game_turn"`` (a game turn begins: leaders of nations with no turn of their own
        in it, :func:`.sequence.leaders_without_a_next_turn`) or ``"placement"`` (the start
        of the active nation's phase 2: its leaders of an earlier turn,
        :func:`.placement.leaders_leave_at_placement`). A variant whose leaders serve one
        nation-turn removes them at its own moments and answers nothing here."""
        if when == "game_turn":
            sequence.leaders_without_a_next_turn(ctx, world)
        elif when == "placement":
            placement.leaders_leave_at_placement(ctx, world)
        else:
            raise ValueError(f"leaders leave at 'game_turn' or 'placement', not {when!r}")

    def find_surplus(self, ctx: Context[ItaliaState], world: World) -> None:
        """8.0: the stacking check at the end of movement (``state.surplus``, then the
        stacking phase). Default: :func:`.sequence.find_surplus`. A variant that checks its
        stacks at another moment (Britannia's overpopulation, at the end of the
        nation-turn) answers nothing here and in :meth:`find_surplus_in`."""
        sequence.find_surplus(ctx, world)

    def capital_refusal(
        self, world: World, state: ItaliaState, nation: str
    ) -> tuple[str, str] | None:
        """8.1: (rule, reason) when ``nation`` may not designate a capital, else None.
        Default: None (8.1: "Each nation must designate a zone as its capital", offered
        in its purchase and stacking phases). A variant without capitals refuses here:
        none is offered and a declaration is refused, so no capital's +1 (8.1) applies."""
        return None

    # -- the words of the sequence's and the battles' events (issue 19, med-words) -----------
    def skip_event(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        """5.2: (rule, text) of the event of ``nation``, due to play this turn, skipped
        (:meth:`plays_now` said no). Default: Italia's 5.2 sentence.

        >>> Rulebook().skip_event(None, None, "Celts")  # type: ignore[arg-type]
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

        >>> Rulebook().place_words("Alps")
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

    # -- turn 10 of Italia I (13.4): the steps a campaign takes on that turn ------------------
    def turn_ten_passed(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        """13.4: a nation passes its campaign move. Default: :func:`.turn_ten.passed`."""
        turn_ten.passed(ctx, world, nation)

    def turn_ten_moved(self, ctx: Context[ItaliaState], world: World) -> None:
        """13.4: a campaign move and its battles are over: the next nation's. Default:
        :func:`.turn_ten.moved`."""
        turn_ten.moved(ctx, world)

    def turn_ten_legions_go_over(self, ctx: Context[ItaliaState], world: World) -> None:
        """13.4: Roman legions beside Marius or Sulla may go over to them. Default:
        :func:`.turn_ten.legions_go_over`."""
        turn_ten.legions_go_over(ctx, world)


#: the rules of a World given none (Italia I and II): installed here, where the rule
#: modules are all imported, rather than imported by ``world.py``, which they all import
World.default_rulebook = Rulebook()
