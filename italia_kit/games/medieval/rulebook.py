"""Medieval Italia as a variant of the Italia engine (issue 19, stage 2):
:class:`MedievalRulebook` overrides the Italia :class:`~italia_kit.games.italia.rulebook.Rulebook`
where the variant's rule text (``shared/rules/medieval-italia-britannia-variant.txt``,
sentences S1-S30 of ``docs/games/medieval.md``) or Britannia's rules differ, and holds the
medieval scenario whose fields Italia's card has no place for (boats by turn, the chart's
restrictions); :func:`new_game` plays the medieval powers (``italia_cards``) on the medieval
board with it.

Overridden in :class:`~.movement_rules.MedievalMovementRules`, which this class builds on:
movement (S2-S8: points, mountains, marsh, boats), the board's words (marsh, fortress,
the arrival boxes; three armies an area), and who may attack or pass whom (S21, S22, the
chart's turn-1 entries). Here: combat's die and hit numbers (S5, S6, S10, S29: a d6,
5-6 hits, 6 when attacking difficult terrain, never for units that appeared there) and
the submissions read from ``ItaliaState.extras["submissions"]``. The rest of the variant
(submission, arrivals and minima, scoring, the sequence, S11-S20 and S23-S30) is in the
hook modules this class calls (``submission_hooks``, ``arrival_hooks``,
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

from collections.abc import Sequence
from typing import Any

from italia_kit.core import Action, Context, Decision, IllegalActionError
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import Refuge
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
from italia_kit.games.medieval.movement_rules import (
    AREA_LIMIT,
    BOX_LIMIT,
    R_MP,
    R_OVERRUN,
    MedievalMovementRules,
)
from italia_kit.games.medieval.scenario import Scenario
from italia_kit.games.medieval.words import and_list, area, army, army_count, move_sentence
from italia_kit.geo import Zone

__all__ = ["AREA_LIMIT", "R_MP", "R_OVERRUN", "MedievalRulebook", "new_game"]

R_DICE = "Britannia (public summary): one die per army, 5-6 hits"
#: Britannia (public summary): difficult terrain, where an attacker hits only on a 6
DIFFICULT = frozenset({"mountain", "marsh"})
#: Britannia (public summary): an army hits on 5-6, a superior unit's (Romans, Byzantines
#: of the chart) on 4-6; the attacker into difficult terrain on a 6 only
NORMAL_HIT, SUPERIOR_HIT, DIFFICULT_HIT = 5, 4, 6


def unit_flag(unit: Unit, key: str) -> bool:
    """A medieval fact of a unit kept in ``Unit.extras`` (Italia's pieces have none)."""
    return bool(unit.extras and unit.extras.get(key))


class MedievalRulebook(MedievalMovementRules):
    """The Medieval Italia variant's rules over Italia's (see the module)."""

    name = "medieval"
    #: none of Italia I's or II's special rules (13, 14) apply: not Rome's (the medieval
    #: Romans are the variant's power), not turn 10's, not Hannibal's
    special_rules = "medieval"
    #: Britannia (public summary): a six-sided die
    die_sides = 6

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
        """10.0: no battle in an arrival box
        (:meth:`~.movement_rules.MedievalMovementRules.is_box`), where the chart's arrivals
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
