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

The hooks live in four modules of a few hundred lines each, one class built on the other:
:class:`~.rulebook_moves.MovementRulebook` (movement), :class:`~.rulebook_battles.BattleRulebook`
(combat and a battle's sequence), :class:`~.rulebook_words.WordsRulebook` (the events' words)
and :class:`Rulebook` here (submission, reinforcements, scoring, the board, a variant's own
decisions, the nation's turn, turn 10): a variant subclasses :class:`Rulebook` alone.

>>> from italia_kit.games.italia import UnitType, World
>>> class SureShots(Rulebook):
...     def hit_number(self, unit, *, raider=False):  # every die but a 1 hits
...         return 2
>>> sure, plain = World("italia1", rulebook=SureShots()), World("italia1")
>>> sure.rulebook.hits(2, UnitType.LEGION, 0), plain.rulebook.hits(2, UnitType.LEGION, 0)
(True, False)
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Context, Decision, IllegalActionError
from italia_kit.games.italia import board as board_words
from italia_kit.games.italia import (
    placement,
    scoring,
    sequence,
    submission,
    turn_ten,
    victory,
)
from italia_kit.games.italia.rulebook_words import WordsRulebook
from italia_kit.games.italia.scenarios import Nation
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.geo import Board, Zone


class Rulebook(WordsRulebook):
    """The rules of Italia I and II, as methods a variant may override (see the module)."""

    #: a name for the rules, shown in a variant's docs and reprs
    name = "italia"
    #: which scenario's special rules (13, 14) apply: None: by the scenario's id (Italia
    #: II's for ``italia2...``, else Italia I's); a variant names its own (``World.variant``)
    special_rules: str | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

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
