"""A referee for whole games of Medieval Italia played by the Italia engine under
:class:`~italia_kit.games.medieval.rulebook.MedievalRulebook`: it reads the event log as it
is written, keeps its own picture of the board from the events alone, checks event by event
that the story is possible under the variant's rule text, and that its picture is the
engine's state: after every action for the units the events named, and for every unit every
``FULL_EVERY`` actions and whenever a nation-turn begins or ends (so a change without an
event is caught within a few actions). A deviation another branch is removing (``PENDING``)
is let pass by name and counted, nothing else.

The picture knows, per unit id, its area, its power, whether it is an army, the points it
has spent this movement phase and whether it appeared this nation-turn; it changes only
through the events (``move``, ``reinforcement``, ``place``, ``retreat``, ``withdraw``,
``replaced`` and the removals), so a piece that moved, came or went without saying so fails
the comparison with the state. It reads the geography from the board and the variant's
facts from the medieval scenario (``rulebook.medieval``), never from the engine's rule
functions, so that it checks them rather than repeats them. What it checks as the events
come (the rule each check stands for in brackets):

* a move goes, step by step, from where its units are to adjacent locations, by the power
  whose nation-turn it is, into a sea zone only with boats on this turn, never into an
  arrival box, at 2 points a sea or a mountain and 1 else (Mantua: clear on turns 1-6),
  within 3 points, 4 for a leader and for an army that moved with one all the phase; out
  of an area where a power it fights stands only while 2:1 or a full stack stays behind,
  never when it appeared there; into no area of a power it may not attack and may not pass
  (rule text: movement points, mountains, boats, reinforcements; submission; M-A turn 1);
* the arrivals of a nation-turn are exactly those its population increase, its city-state
  minima and the arrival chart of the turn give, each in a place it may go: population
  armies to areas the power holds, minima to their listed places, the chart's groups to
  their areas (or, "or a Frankish area", to one the power holds); the population points are
  2 an area held and 1 a difficult one, an army per ``population_step``, and the "1.5" box
  for a listed power at zero that receives armies; a listed power below two at the start
  of its nation-turn gets its minima (Britannia (public summary): population; rule text:
  city-state minima, the "1.5" box, reinforcements; M-A turn 2: Charlemagne in the second
  impulse; raiders go back where they arrived, reading 10);
* the chart's removals and the Spoletians' replacements take what the chart says;
* a submission is by a power of the "may submit" list to one of the "may receive" list,
  of another player, reduced to at most three areas, when attacked by it, before any round;
  a withdrawal after it goes back where each unit came from or on, with the points left,
  into an area the attacker holds; a fleeing submitter to an adjacent area empty or its own
  (rule text: submission); no battle between the two until both have scored, and the truce
  ends exactly when both have;
* the battles (one function, :meth:`Referee.battle_event`, which reads both Italia's
  stages' events and Britannia's battle's, whose ``hits`` name each die's number, checked
  too): a battle was announced as the movement ended, is fought by the active power
  against a power it may attack, both present; each side rolls one d6 per army; its hits
  are the dice at or above its hit number (5; 6 attacking a mountain or a marsh, Mantua
  from turn 7, unless the army appeared there; 4 for a superior army); casualties are of
  the two sides, in the battle's area; a retreat goes to an adjacent land area empty or
  the retreating power's own; the side said to hold the field is there (Britannia (public
  summary): battles; rule text: S5, S6, S10, S29);
* between two nation-turns nobody is at sea, and the power whose nation-turn ended has at
  most ``stack_limit`` armies in any area (the overpopulation step, reading 10);
* every power with a territorial award of the turn scores once at its end; an award
  counts exactly the land areas the power holds alone at that moment,
  at the values of its awards, halved for a submitter's next scoring, plus half the value
  of the submitter's areas for a receiver's (Britannia (public summary): area points; M-V4;
  rule text: S19, S20); an award "at any moment of the nation-turn" only areas held at
  some moment of it (M-V4, reading 12);
* VP never fall, the state's VP are the log's, and each faction's score is the sum of its
  powers' VP.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise
from operator import attrgetter
from typing import Any

from italia_kit.core import Event, Game, RandomPlayer
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.arrival_hooks import R_ARRIVE, R_SECOND
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game
from italia_kit.games.medieval.scenario import Power, ScoreRule

#: events that take a piece off the board for good
GONE = {
    "eliminated",
    "removed",
    "lost_at_sea",
    "surplus_removed",
    "leader_leaves",
    "overpopulation",
}
#: a unit's place as the state says it, read in C for all units at once (after every action)
PLACE = attrgetter("zone", "nation")
#: rule text: "All armies have three movement points, four with a leader"
ARMY_MP, LED_MP = 3, 4
#: Britannia (public summary): the hit numbers of a d6
NORMAL, SUPERIOR, DIFFICULT = 5, 4, 6
#: rule text: "to bring its strength up to two"; the "1.5" box
MINIMUM, RESTART = 2, 1.5
#: where the Italia engine still plays an Italia rule the variant replaces, and which branch
#: is replacing it; a referee given the name lets it pass and counts it (nothing else passes)
PENDING: dict[str, str] = {}  # group_overrun: removed by Rulebook.leave_together (S30)
#: every how many actions the referee compares every unit with the state (it compares the
#: units the events named after every action)
FULL_EVERY = 4
#: the events of a battle, read by :meth:`Referee.battle_event` (and ``eliminated``, one of
#: ``GONE``)
BATTLE_EVENTS = frozenset(
    {"combat_due", "battle", "roll", "hits", "retreat", "battle_end"}
    | {"fight_on", "round", "targets", "hit_lost"}
)
#: the events that bring units into play
ARRIVALS = ("reinforcement", "place")
#: unit types as the Italia card names the medieval pieces
ARMY, LEADER = "infantry", "leader"


@dataclass(slots=True)
class Piece:
    """The referee's record of one unit: where the log says it is."""

    power: str
    zone: str
    army: bool
    came_from: str | None = None  # where its last step came from, this movement phase
    spent: int = 0  # movement points spent this movement phase
    led: int | None = None  # the leader it has moved with all this phase (None: none)
    appeared: bool = False  # placed in its land area in this nation-turn, not moved since
    superior: bool = False  # a superior unit of the chart (M-A turn 1: the Byzantines)
    home: str | None = None  # a raider's place of arrival, where it returns (reading 10)


@dataclass(slots=True)
class Slot:
    """One army or leader that may arrive in this nation-turn, and where it may go."""

    unit: str
    places: frozenset[str]
    source: str  # the rule its arrival cites (population, minima, the chart)
    superior: bool = False  # a unit of a chart entry of superior quality (M-A turn 1)
    group: int = 0  # the slots of one group arrive in one decision (S27)
    raider: bool = False  # a raider of the chart (M-A turn 1: the Avars)


class Referee:
    """Follows one game's log (:meth:`follow` after each action) and fails on the first
    impossible situation, saying the seed, the event and what is wrong."""

    def __init__(
        self, game: Game[ItaliaState], seed: int, tolerate: frozenset[str] = frozenset()
    ) -> None:
        world: World = game.rules.world  # type: ignore[attr-defined]
        rules = world.rulebook
        assert isinstance(rules, MedievalRulebook)
        self.rules = rules
        self.scenario = rules.medieval
        self.seed = seed
        self.limit = self.scenario.stack_limit
        board = world.board
        self.kind = {z.name: z.kind for z in board.zones}
        self.base_terrain = {z.name: z.terrain.value for z in board.zones}
        self.land = frozenset(z for z, k in self.kind.items() if k == "land")
        self.seas = frozenset(z for z, k in self.kind.items() if k == "sea")
        self.adjacent = {z: frozenset(world.neighbours(z)) for z in self.kind}
        self.powers: dict[str, Power] = {p.name: p for p in self.scenario.powers}
        self.faction = {p.name: p.faction for p in self.scenario.powers}
        state = game.state
        # the set-up is the units there before the first event; the events of the game's
        # start (the first power's nation-turn begins, its arrivals) are read as any others
        made = sum(int(e.data.get("count", 1)) for e in game.log if e.kind in ARRIVALS)
        self.next_id = state.next_id - made
        self.pieces: dict[int, Piece] = {}
        #: area -> the ids of the pieces there; area -> power -> its pieces there; (area,
        #: power) -> its armies there (kept with ``pieces``)
        self.at: dict[str, set[int]] = {}
        self.count: dict[str, dict[str, int]] = {}
        self.armies: dict[tuple[str, str], int] = {}
        #: the units the events since the last comparison named (compared after every
        #: action), and the actions since the last comparison of every unit
        self.touched: set[int] = set()
        self.actions = 0
        self.compared_in = ""  # the nation-turn of the last comparison of every unit
        for i, u in state.units.items():
            if i < self.next_id:
                self._put(i, Piece(u.nation, u.zone, not u.is_leader))
        #: the picture as ``PLACE`` reads the state: kept up to date with ``pieces``
        self.told = {i: (p.zone, p.power) for i, p in self.pieces.items()}
        self.seen = 0
        self.active = ""
        self.turn = 1
        self.between = False  # after the game turn's last nation-turn (its scoring)
        self.battle: tuple[str, str, str] | None = None  # zone, attacker, defender
        self.announced: set[tuple[str, str]] = set()  # (zone, defender) of the combat phase
        #: [submitter, receiver, submitter scored, receiver scored], until both scored
        self.truces: list[list[Any]] = []
        self.withdrawal: tuple[str, str, str] | None = None  # zone, who leaves, receiver
        self.vp: dict[str, float] = {n: float(v) for n, v in state.vp.items()}
        self.logged_vp: dict[str, float] = dict(self.vp)
        self.population: dict[str, float] = {}
        self.slots: list[Slot] = []
        self.group = 0  # the last group of slots made
        self.chart_read = True  # the chart's arrivals of this nation-turn are in ``slots``
        self.placing = False  # the placement of this nation-turn is under way
        self.minima_told = False
        self.minima_due = False  # S23: the active power's minima are due this nation-turn
        self.to_score: set[str] = set()  # the powers whose end-of-turn awards are due
        self.held_now: set[str] = set()  # held at some moment of this nation-turn
        self.during = False  # does the active power score "at any moment" this turn?
        self.kinds: Counter[str] = Counter()
        #: the deviations of ``PENDING`` let pass (by name), and how often each was seen
        self.tolerate = tolerate
        self.deviations: Counter[str] = Counter()
        self.capitals: dict[str, str] = {}  # 8.1 (an Italia rule the variant still has)
        self.readers = self._readers()

    # -- the picture ----------------------------------------------------------------------
    # ``at``, ``count`` and ``armies`` are indexes of ``pieces`` kept by these four methods,
    # so that the checks ask "who is there" in constant time (the referee reads some 4,500
    # events a game)
    def _put(self, unit: int, piece: Piece) -> None:
        self.pieces[unit] = piece
        self._enter(unit, piece, piece.zone)

    def _enter(self, unit: int, piece: Piece, zone: str) -> None:
        self.touched.add(unit)
        self.at.setdefault(zone, set()).add(unit)
        here = self.count.setdefault(zone, {})
        here[piece.power] = here.get(piece.power, 0) + 1
        if piece.army:
            key = (zone, piece.power)
            self.armies[key] = self.armies.get(key, 0) + 1

    def _leave(self, unit: int, piece: Piece) -> None:
        self.touched.add(unit)
        zone, power = piece.zone, piece.power
        self.at[zone].discard(unit)
        here = self.count[zone]
        here[power] -= 1
        if not here[power]:
            del here[power]
        if piece.army:
            self.armies[zone, power] -= 1

    def _go(self, unit: int, piece: Piece, to: str) -> None:
        self._leave(unit, piece)
        piece.came_from, piece.zone = piece.zone, to
        self._enter(unit, piece, to)
        self.told[unit] = (to, piece.power)

    def _drop(self, unit: int) -> Piece:
        piece = self.pieces.pop(unit)
        self._leave(unit, piece)
        del self.told[unit]
        return piece

    def _where(self, event: Event, unit: int) -> Piece:
        piece = self.pieces.get(unit)
        assert piece is not None, self._say(event, f"unit #{unit} is not on the board")
        return piece

    def _in(self, zone: str, power: str) -> list[tuple[int, Piece]]:
        pieces = self.pieces
        return [(i, pieces[i]) for i in self.at.get(zone, ()) if pieces[i].power == power]

    def _armies(self, zone: str, power: str) -> int:
        return self.armies.get((zone, power), 0)

    def _powers_in(self, zone: str) -> set[str]:
        return set(self.count.get(zone, ()))

    def _held(self, power: str) -> set[str]:
        """The land areas ``power`` holds alone (reading 13; a box is no area)."""
        count = self.count
        return {z for z in self.land if (c := count.get(z)) and len(c) == 1 and power in c}

    def _strength(self, power: str) -> int:
        return sum(1 for p in self.pieces.values() if p.power == power and p.army)

    def terrain(self, zone: str, turn: int) -> str:
        """The board's terrain, Mantua's fortress clear on turns 1-6 and marsh after (S6)."""
        terrain = self.base_terrain[zone]
        if terrain == "fortress":
            return "clear" if turn <= 6 else "marsh"
        return terrain

    def _say(self, event: Event, why: str) -> str:
        return f"seed {self.seed}, event {event.seq} ({event.kind}: {event.text}): {why}"

    def _deviation(self, e: Event, name: str, why: str) -> None:
        """A deviation from the variant that another branch is removing (``PENDING``):
        counted when tolerated, else a failure like any other."""
        assert name in PENDING, name
        assert name in self.tolerate, self._say(e, f"{why} [{name}: {PENDING[name]}]")
        self.deviations[name] += 1

    # -- reading the log ------------------------------------------------------------------
    def follow(self, game: Game[ItaliaState]) -> None:
        """Read the events of the last action, then compare the picture with the state."""
        kinds, read = self.kinds, self.read
        for event in game.log.since(self.seen):
            kinds[event.kind] += 1
            read(event)
            if self.during:
                self.held_now |= self._held(self.active)
        self.seen = len(game.log)
        self.actions += 1
        self.compare(game.state, full=self.actions >= FULL_EVERY or self.active != self.compared_in)

    def _readers(self) -> dict[str, Callable[[Event], None]]:
        """Each event kind the referee reads, and what reads it."""
        out: dict[str, Callable[[Event], None]] = {"move": self._move}
        out |= dict.fromkeys(("reinforcement", "place", "unit_lost"), self._arrival)
        out |= {"population": self._population, "minima": self._minima}
        out |= dict.fromkeys(GONE, self._gone)
        out |= {"replaced": self._replaced, "vp": self._vp, "capital": self._capital}
        out |= dict.fromkeys(("submission", "withdraw", "stay", "truce_ends"), self._submission)
        out |= dict.fromkeys(BATTLE_EVENTS, self.battle_event)
        out["second_phase"] = self._second_phase
        out["raider_withdraws"] = self._raider_withdraws
        out |= dict.fromkeys(("nation_turn", "turn_end", "game_end"), self._between_nation_turns)
        return out

    def read(self, e: Event) -> None:
        if e.turn != self.turn:  # a new game turn: its removals and nation-turns follow
            missed = self.to_score if self.between else set()
            assert not missed, self._say(e, f"no territorial award for {sorted(missed)}")
            self.turn, self.between = e.turn, False
        if self.placing and e.phase not in ("purchase", "placement"):
            self._placement_over(e)
        reader = self.readers.get(e.kind)
        if reader is not None:
            reader(e)

    def _raider_withdraws(self, e: Event) -> None:
        """Britannia (public summary): raider withdrawal (reconstructed, reading 10): a
        raider of the active power goes back to the place it arrived in."""
        unit = int(e.data["unit"])
        p = self._where(e, unit)
        assert p.power == self.active and p.home is not None, self._say(e, "not a raider")
        assert p.zone == e.data["zone"] and e.data["to"] == p.home, self._say(e, f"{p.home}?")
        self._go(unit, p, p.home)

    def _capital(self, e: Event) -> None:
        self.capitals[str(e.data["nation"])] = str(e.data["zone"])

    def _second_phase(self, e: Event) -> None:
        """Britannia (public summary): a major invasion's second impulse, every unit with
        its full points; the chart's arrivals of the second impulse are due."""
        self._new_movement_phase()
        self._read_chart(impulse=2)

    def _hostile(self, power: str, other: str) -> bool:
        """Do ``power``'s units fight ``other``'s in an area they share (no truce of a
        submission, no turn-1 chart entry that they may not attack or may move through)?"""
        if power == other:
            return False
        for s in self.truces:
            if {s[0], s[1]} == {power, other}:
                return False
        mine = self.powers.get(power)
        for r in mine.restrictions if mine is not None else ():
            if self.turn in r.turns and (other in r.may_not_attack or other in r.may_move_through):
                return False
        return True

    def _new_movement_phase(self) -> None:
        for p in self.pieces.values():
            p.spent, p.led, p.came_from = 0, None, None

    # -- movement ---------------------------------------------------------------------------
    def _move(self, e: Event) -> None:
        """Each step of a move (rule text: movement points, mountains, boats; overrun at 2:1
        or a full stack; appearing units stay; no entering a power one may not attack or
        pass)."""
        d = e.data
        ids, path = [int(i) for i in d["units"]], [str(z) for z in d["path"]]
        assert d["nation"] == self.active, self._say(e, "a move out of its nation-turn")
        pieces = [self._where(e, i) for i in ids]
        leaders = [i for i, p in zip(ids, pieces, strict=True) if not p.army]
        leader = leaders[0] if leaders else None
        for i, p in zip(ids, pieces, strict=True):
            assert p.power == self.active, self._say(e, f"#{i} is the {p.power}'")
            assert p.zone == path[0], self._say(e, f"#{i} stands in {p.zone}")
            if p.army:
                first = p.spent == 0
                p.led = leader if first or p.led == leader else None
        for frm, to in pairwise(path):
            self._step(e, ids, pieces, frm, to)
        for i, p in zip(ids, pieces, strict=True):
            allowance = LED_MP if (not p.army or p.led is not None) else ARMY_MP
            assert p.spent <= allowance, self._say(e, f"#{i} spent {p.spent} of {allowance} MP")

    def _step(self, e: Event, ids: list[int], pieces: list[Piece], frm: str, to: str) -> None:
        assert to in self.adjacent[frm], self._say(e, f"{to} is not adjacent to {frm}")
        assert self.kind[to] != "box", self._say(e, f"a move into the arrival box {to}")
        power = self.active
        if to in self.seas:
            boats = power in self.scenario.boats.get(self.turn, ())
            assert boats, self._say(e, f"the {power} at sea without boats on turn {self.turn}")
        cost = 2 if to in self.seas or self.terrain(to, self.turn) == "mountain" else 1
        if frm in self.land:
            foes = sum(
                max(1, self._armies(frm, other))
                for other in self._powers_in(frm) - {power}
                if self._hostile(power, other)
            )
            if foes:
                moving = set(ids)
                for i, p in zip(ids, pieces, strict=True):
                    assert not p.appeared, self._say(e, f"#{i} appeared in {frm}: it must attack")
                staying = sum(1 for i, p in self._in(frm, power) if p.army and i not in moving)
                # S30, reading 3: what stays behind the whole move is 2:1 or a full stack
                why = f"overrun of {frm} with {staying} against {foes}"
                assert staying >= 2 * foes or staying >= self.limit, self._say(e, why)
        if to in self.land:
            mine = self.powers.get(power)
            for other in self._powers_in(to) - {power}:
                for r in mine.restrictions if mine is not None else ():
                    barred = other in r.may_not_attack and other not in r.may_move_through
                    assert not (self.turn in r.turns and barred), self._say(e, f"into {other}")
                # under a truce the receiver may move through the submitter, not the reverse
                truce = any(s[0] == power and s[1] == other for s in self.truces)
                assert not truce, self._say(e, f"the submitter enters the {other}' {to}")
        for i, p in zip(ids, pieces, strict=True):
            p.spent += cost
            p.appeared = False
            self._go(i, p, to)

    # -- arrivals -------------------------------------------------------------------------------
    def _population(self, e: Event) -> None:
        """Britannia (public summary): population increase (2 points an area held, 1 a
        difficult one; an army per ``population_step``); rule text: the "1.5" box."""
        d = e.data
        power = str(d["nation"])
        assert power == self.active, self._say(e, "population out of its nation-turn")
        if "value" in d:  # the "1.5" box
            listed = bool(self.powers[power].minima_places)
            assert listed and self._strength(power) == 0, self._say(e, "not a listed power at 0")
            assert float(d["value"]) == RESTART, self._say(e, "the box is 1.5")
            self.population[power] = RESTART
            return
        held = self._held(power)
        points = sum(1 if self.terrain(z, self.turn) in ("mountain", "marsh") else 2 for z in held)
        assert d["points"] == points, self._say(e, f"{sorted(held)} give {points} points")
        total = self.population.get(power, 0.0) + points
        step = self.scenario.population_step
        armies = int(total // step)
        assert d["armies"] == armies, self._say(e, f"{total:g} points make {armies} armies")
        self.population[power] = total - armies * step
        # each new army is placed by itself (Britannia (public summary), as the engines)
        for _ in range(armies):
            self.group += 1
            self.slots.append(Slot(ARMY, frozenset(held), e.rule, group=self.group))

    def _minima(self, e: Event) -> None:
        """Rule text: city-state minima, "to bring its strength up to two, if it is below
        this at the start of its nation-turn", at the power's listed places."""
        power = str(e.data["nation"])
        assert power in self.scenario.minima.get(self.turn, ()), self._say(e, "not listed")
        have = self._strength(power)
        assert have < MINIMUM, self._say(e, f"the {power} have strength {have}")
        places = frozenset(self.powers[power].minima_places)
        self.group += 1
        self.slots += [Slot(ARMY, places, e.rule, group=self.group)] * (MINIMUM - have)
        self.minima_told = True

    def _read_chart(self, impulse: int = 1) -> None:
        """The arrival chart's groups of the active power this turn (M-A; reading 17: a group
        with nowhere to go does not come), read as its placement begins, and those that
        come as a major invasion's second impulse starts (M-A turn 2: Charlemagne, "placed
        at that moment", among the areas held then)."""
        self.chart_read = True
        power = self.powers.get(self.active)
        for card in power.reinforcements if power is not None else ():
            if card.turn != self.turn:
                continue
            for g in card.units:
                if (g.arrives == "second_phase") != (impulse == 2):
                    continue
                places = set(g.zones)
                if g.or_own:  # "or a Frankish area": a land area where it stands
                    places |= {z for z in self.land if self.active in self.count.get(z, ())}
                if self.active not in self.scenario.boats.get(self.turn, ()):
                    places -= self.seas  # S8: a power without boats never goes to sea
                unit = ARMY if g.unit == "army" else LEADER
                self.group += 1
                source = R_SECOND if impulse == 2 else R_ARRIVE  # M-A turn 2's own citation
                slot = Slot(unit, frozenset(places), source, card.superior, self.group, g.raider)
                self.slots += [slot] * (g.count if places else 0)

    def _arrival(self, e: Event) -> None:
        """Units arrive: each takes one of the nation-turn's slots of its source (the rule
        the event cites: population, minima, the chart) and kind, in the order Italia's
        placement queues them, in a place the slot allows; one event, one group."""
        d = e.data
        if not self.chart_read:
            self._read_chart()
        self.placing = True
        power = str(d["nation"])
        assert power == self.active, self._say(e, "an arrival out of its nation-turn")
        if e.kind == "unit_lost":
            self._take_slots(e, str(d["unit"]), None, 1)
            return
        zone, count, ids = str(d["zone"]), int(d["count"]), [int(i) for i in d["units"]]
        assert zone in self.kind, self._say(e, "arrives off the board")
        assert ids == list(range(self.next_id, self.next_id + count)), self._say(e, "the ids")
        # the sentence says the kind: "4 armies of the Franks", a leader by his name
        unit = ARMY if f": {count} arm" in e.text else LEADER
        others = self._powers_in(zone) - {power} if zone in self.land else set()
        foes = sorted(o for o in others if self._hostile(power, o))
        hostile = bool(foes)
        if "attack" in d:  # S28 "they must be attacked"; reading 18: a truce prevails
            assert list(d["attack"]) == foes, self._say(e, f"they must attack {foes}")
            spared = sorted(others - set(foes))
            assert list(d["share"]) == spared, self._say(e, f"they share with {spared}")
        for slot in self._take_slots(e, unit, zone, count):
            piece = Piece(power, zone, unit != LEADER, superior=slot.superior, appeared=hostile)
            piece.home = zone if slot.raider else None
            self._put(self.next_id, piece)
            self.told[self.next_id] = (zone, power)
            self.next_id += 1

    def _take_slots(self, e: Event, unit: str, zone: str | None, count: int) -> list[Slot]:
        """The first ``count`` slots of ``unit`` from the event's source still due that come
        the way the event says (at once in their one place: ``reinforcement``; chosen:
        ``place``, ``unit_lost``), all of one group, and allowing ``zone``."""
        at_once = e.kind == "reinforcement"
        fits = [
            s
            for s in self.slots
            if s.unit == unit and (len(s.places) == 1) == at_once
            and (e.kind == "unit_lost" or s.source == e.rule)
        ]  # fmt: skip
        assert len(fits) >= count, self._say(e, f"{len(fits)} {unit} of this source are due")
        taken = fits[:count]
        assert len({s.group for s in taken}) == 1, self._say(e, "arrivals of several groups")
        assert zone is None or zone in taken[0].places, self._say(e, f"{taken[0].places}")
        for slot in taken:
            self.slots.remove(slot)
        return taken

    def _placement_over(self, e: Event) -> None:
        """The placement is over: every slot came (or was lost), the minima were told."""
        self.placing = False
        left = [s for s in self.slots if s.places]
        assert not left, self._say(e, f"arrivals that never came: {left[:3]}")
        self.slots = []

    def _nation_turn_begins(self, power: str) -> None:
        self.active = power
        self.chart_read = False
        self.minima_told = False
        self.slots = []
        for p in self.pieces.values():
            p.appeared = False
        self._new_movement_phase()
        mine = self.powers.get(power)
        self.during = mine is not None and any(
            self.turn in r.turns and r.during_nation_turn for r in mine.scoring
        )
        self.held_now = self._held(power) if self.during else set()
        # S23: "Each listed power receives reinforcements to bring its strength up to two,
        # if it is below this at the start of its nation-turn"
        listed = power in self.scenario.minima.get(self.turn, ())
        self.minima_due = listed and self._strength(power) < MINIMUM

    # -- removals and changes of hands ------------------------------------------------------------
    def _gone(self, e: Event) -> None:
        d, kind = e.data, e.kind
        unit = int(d["unit"])
        p = self._where(e, unit)
        if kind == "eliminated":
            self.battle_event(e)
        elif kind == "lost_at_sea":
            assert p.zone in self.seas and p.power == self.active, self._say(e, "not at sea")
        elif kind == "surplus_removed":
            over = self._armies(p.zone, p.power) > self.limit
            assert p.army and over and p.power == self.active, self._say(e, "not over the limit")
        elif kind == "overpopulation":  # reading 10: at most three armies an area
            over = self._armies(p.zone, p.power) > self.limit
            assert p.army and over and p.power == self.active, self._say(e, "not over three")
        elif kind == "leader_leaves":
            assert not p.army, self._say(e, "an army leaves as a leader")
        elif kind == "removed":  # M-A: "remove 2 armies at the start of the turn"
            cards = [c for c in self.powers[p.power].reinforcements if c.turn == self.turn]
            assert p.army and any(c.remove for c in cards), self._say(e, "the chart removes none")
        if "zone" in d:
            assert d["zone"] == p.zone, self._say(e, f"the unit is in {p.zone}")
        self._drop(unit)

    def _replaced(self, e: Event) -> None:
        """M-A turn 1: the Spoletians replace Beneventan armies (not in Benevento)."""
        p = self._where(e, int(e.data["unit"]))
        power = self.powers[self.active]
        reps = [c.replace for c in power.reinforcements if c.turn == self.turn and c.replace]
        assert reps, self._say(e, "the chart replaces nothing")
        rep = reps[0]
        assert p.power == rep.nation and p.army, self._say(e, f"not a {rep.nation} army")
        assert p.zone == e.data["zone"] and p.zone not in rep.not_in, self._say(e, p.zone)
        self._leave(int(e.data["unit"]), p)
        p.power = self.active
        self._enter(int(e.data["unit"]), p, p.zone)
        self.told[int(e.data["unit"])] = (p.zone, p.power)

    # -- submission (S11-S22) -------------------------------------------------------------------
    def _submission(self, e: Event) -> None:
        d, kind = e.data, e.kind
        if kind == "submission":
            sub, rec = str(d["submitter"]), str(d["receiver"])
            assert self.powers[sub].may_submit, self._say(e, f"the {sub} may not submit")
            assert self.powers[rec].receives_submission, self._say(e, f"the {rec} may not receive")
            assert self.faction[sub] != self.faction[rec], self._say(e, "one player's powers")
            areas = {p.zone for p in self.pieces.values() if p.power == sub and p.zone in self.land}
            assert len(areas) <= 3, self._say(e, f"the {sub} hold {len(areas)} areas")
            battle = self.battle
            assert battle == (d["zone"], rec, sub), self._say(e, f"not attacked: {battle}")
            assert self.battle_rounds == 0, self._say(e, "after a combat round")
            self.truces.append([sub, rec, False, False])
            zone = str(d["zone"])
            # S16, reading 4: an attacking unit came from the chart (appeared there, came
            # from an arrival box, or has not moved this phase)
            flee = any(
                p.appeared or p.came_from is None or self.kind[p.came_from] == "box"
                for _, p in self._in(zone, rec)
            )
            self.withdrawal = (zone, sub if flee else rec, rec)
            self.battle = None
        elif kind == "truce_ends":
            pair = [d["submitter"], d["receiver"], True, True]
            assert pair in self.truces, self._say(e, f"a truce not both scored: {self.truces}")
            self.truces.remove(pair)
        else:
            self._withdraw(e)

    def _withdraw(self, e: Event) -> None:
        """S15: the attackers go back where each came from, or on with unused points into
        an area they hold; S16: a submitter fleeing attackers from the chart goes to an
        adjacent land area empty or its own, or stays when it has none."""
        assert self.withdrawal is not None, self._say(e, "no submission to withdraw from")
        zone, who, receiver = self.withdrawal
        if e.kind == "stay":
            assert who != receiver and e.data["nation"] == who, self._say(e, "who stays?")
            refuges = [
                z for z in self.adjacent[zone] if z in self.land and self._powers_in(z) <= {who}
            ]
            assert not refuges, self._say(e, f"the {who} could go to {refuges}")
            self.withdrawal = None
            return
        unit, to = int(e.data["unit"]), str(e.data["zone"])
        p = self._where(e, unit)
        assert p.power == who and p.zone == zone, self._say(e, f"not the {who}' unit in {zone}")
        if who != receiver:  # S16: the submitter retreats
            assert to in self.adjacent[zone] and to in self.land, self._say(e, "not adjacent")
            assert self._powers_in(to) <= {who}, self._say(e, f"{to}: {self._powers_in(to)}")
            self._go(unit, p, to)
        elif to == p.came_from:
            self._go(unit, p, to)  # back where it came from
        else:
            assert to in self.adjacent[zone] and to in self._held(who), self._say(e, "not held")
            cost = 2 if self.terrain(to, self.turn) == "mountain" else 1
            p.spent += cost
            allowance = LED_MP if (not p.army or p.led is not None) else ARMY_MP
            assert p.spent <= allowance, self._say(e, f"#{unit}: {p.spent} of {allowance} MP")
            self._go(unit, p, to)
        if not self._in(zone, who):
            self.withdrawal = None

    # -- battles ----------------------------------------------------------------------------------
    battle_rounds = 0  # the rolls of the battle so far (submission only before any)

    def battle_event(self, e: Event) -> None:
        """Every check of a battle's events, in one place (Britannia (public summary):
        battles; rule text S5, S6, S10, S29): the Italia engine's combat stages emit
        ``combat_due``, ``battle``, ``roll``, ``hits``, ``eliminated``, ``retreat``,
        ``battle_end`` (and ``round``, ``targets``, ``fight_on``, ``hit_lost``, which say
        nothing the picture needs). A new combat sequence changes this function only."""
        d, kind = e.data, e.kind
        if kind == "combat_due":
            zone, att = str(d["zone"]), str(d["attacker"])
            assert att == self.active, self._say(e, "combat out of its nation-turn")
            for dfn in d["defenders"]:
                here = self._powers_in(zone)
                assert att in here and dfn in here, self._say(e, f"{zone}: {here}")
                self.announced.add((zone, str(dfn)))
            return
        if kind == "battle":
            zone, att, dfn = str(d["zone"]), str(d["attacker"]), str(d["defender"])
            assert att == self.active, self._say(e, "attacks out of its nation-turn")
            assert (zone, dfn) in self.announced, self._say(e, "a battle not announced")
            self.announced.discard((zone, dfn))
            assert self._hostile(att, dfn), self._say(e, "a battle under a truce or the chart")
            assert self._in(zone, att) and self._in(zone, dfn), self._say(e, "a side is absent")
            self.battle = (zone, att, dfn)
            self.battle_rounds = 0
            return
        if kind in ("fight_on", "round", "targets", "hit_lost"):
            return
        assert self.battle is not None, self._say(e, "no battle is being fought")
        zone, att, dfn = self.battle
        if kind == "roll":
            side = str(d["side"])
            assert side in (att, dfn) and d["sides"] == 6, self._say(e, "one d6 a side's army")
            mine = sorted(i for i, p in self._in(zone, side) if p.army)
            assert sorted(d["units"]) == mine, self._say(e, f"the {side}' armies are {mine}")
            self.battle_rounds += 1
            need = [
                self.hit_number(zone, self.pieces[int(i)], attacking=side == att)
                for i in d["units"]
            ]
            self._hits_due = sum(1 for n, r in zip(need, d["results"], strict=True) if r >= n)
            self._need = need
        elif kind == "hits":
            # Italia's stages count hits by target class; Britannia's battle (med-combat)
            # one number, with the number each die needed
            told = d["hits"]
            hits = sum(int(n) for n in told.values()) if isinstance(told, dict) else int(told)
            if "needs" in d:
                assert list(d["needs"]) == self._need, self._say(e, f"the dice need {self._need}")
            why = f"{self._hits_due} dice hit (at {self._need})"
            assert hits == self._hits_due, self._say(e, why)
        elif kind == "eliminated":
            p = self._where(e, int(d["unit"]))
            assert p.zone == d["zone"] == zone, self._say(e, f"the unit is in {p.zone}")
            assert p.power == d["nation"] and p.power in (att, dfn), self._say(e, "not a side")
        elif kind == "retreat":
            to = str(d["zone"])
            assert to in self.adjacent[zone], self._say(e, f"{to} is not adjacent")
            assert to in self.land, self._say(e, f"a retreat into {to}, no land area")
            for unit in d["units"]:
                p = self._where(e, int(unit))
                assert p.zone == zone and p.power in (att, dfn), self._say(e, "not in the battle")
                others = self._powers_in(to) - {p.power}
                assert not others, self._say(e, f"{to} holds the {sorted(others)}")
                self._go(int(unit), p, to)
        elif kind == "battle_end":
            here = {att, dfn} & self._powers_in(zone)
            holder = d["holder"]
            assert here == ({holder} if holder else set()), self._say(e, f"in {zone}: {here}")
            self.battle = None

    _hits_due = 0
    _need: list[int] = []  # noqa: RUF012 (the last roll's hit numbers, for the message)

    def hit_number(self, zone: str, piece: Piece, *, attacking: bool) -> int:
        """S5, S6, S29: an attacker into difficult terrain hits on a 6, unless it appeared
        there; S10: a superior unit hits on 4 (and is hit like any other)."""
        difficult = self.terrain(zone, self.turn) in ("mountain", "marsh")
        if attacking and difficult and not piece.appeared:
            return DIFFICULT
        return SUPERIOR if piece.superior else NORMAL

    # -- scoring -----------------------------------------------------------------------------------
    def _values(self, awards: list[ScoreRule], zone: str) -> float:
        """An area's points under ``awards``: a ``zone`` award, else a ``terrain`` one, else
        ``other`` (M-V4's "others")."""
        for r in awards:
            if r.kind == "zone" and zone in r.zones:
                return r.points
        for r in awards:
            if r.kind == "terrain" and self.terrain(zone, self.turn) == r.terrain:
                return r.points
        return next((r.points for r in awards if r.kind == "other"), 0.0)

    def _vp(self, e: Event) -> None:
        d = e.data
        power, points = str(d["power"]), float(d["points"])
        assert points >= 0, self._say(e, "VP never fall")
        self.logged_vp[power] = self.logged_vp.get(power, 0.0) + points
        if "areas" not in d:  # a non-territorial award (kills)
            return
        areas = list(d["areas"])
        assert len(set(areas)) == len(areas), self._say(e, "an area scored twice")
        during = not self.between  # "at any moment of the nation-turn" (M-V4), as it ends
        if during:
            assert power == self.active, self._say(e, "scored in another's nation-turn")
            held = set(areas)
            assert held <= self.held_now, self._say(e, "not held during the nation-turn")
        else:
            held = self._held(power)
            assert set(areas) == held, self._say(e, f"holds {sorted(held)}")
            assert power in self.to_score, self._say(e, f"the {power} score twice or no award")
            self.to_score.discard(power)
        awards = [
            r
            for r in self.powers[power].scoring
            if self.turn in r.turns and r.during_nation_turn == during
        ]
        own = sum(self._values(awards, z) for z in held)
        total = own
        # a territorial victory phase either way (S19, S20: "the victory point phase of the
        # next turn in which that power scores victory points for controlling areas")
        subs = [s for s in self.truces if s[0] == power and not s[2]]
        if subs:  # S20: the submitter's next territorial scoring at half value
            total -= own / 2
        for s in subs:
            s[2] = True
        for s in self.truces:  # S19: the receiver adds half the submitter's areas
            if s[1] == power and not s[3]:
                total += sum(self._values(awards, z) for z in self._held(s[0])) / 2
                s[3] = True
        assert abs(points - total) < 1e-9, self._say(e, f"the awards give {total:g}")

    # -- between nation-turns --------------------------------------------------------------------
    def _between_nation_turns(self, e: Event) -> None:
        at_sea = [i for i, p in self.pieces.items() if p.zone in self.seas]
        assert not at_sea, self._say(e, f"units {at_sea} are at sea")
        ended = self.active
        if ended and not self.between:
            per_area = Counter(
                p.zone
                for p in self.pieces.values()
                if p.power == ended and p.army and p.zone in self.land
            )
            most = max(per_area.values(), default=0)
            assert most <= self.limit, self._say(e, f"the {ended}: {per_area.most_common(1)}")
        assert self.battle is None and self.withdrawal is None, self._say(e, "a battle is open")
        if ended and not self.between:
            assert self.minima_told or not self.minima_due, self._say(e, f"no minima: {ended}")
        if e.kind != "turn_end" and self.between:  # the end of the turn's scoring
            assert not self.to_score, self._say(e, f"no territorial award: {self.to_score}")
        self.announced.clear()
        if e.kind == "nation_turn":
            self.between = False
            self._nation_turn_begins(str(e.data["nation"]))
        elif e.kind == "turn_end":
            self.between = True
            self.active = ""
            self.during = False
            # Britannia (public summary): area points at the end of the turn, for every
            # power with a territorial award of the turn
            self.to_score = {
                p.name
                for p in self.scenario.powers
                if any(self.turn in r.turns and not r.during_nation_turn for r in p.scoring)
            }
        else:
            self.active = ""

    # -- the picture against the state -----------------------------------------------------
    def compare(self, state: ItaliaState, *, full: bool = True) -> None:
        """The picture against the state: the units the last events named, and (``full``)
        every unit; :meth:`follow` asks for every unit every ``FULL_EVERY`` actions and
        whenever a nation-turn begins or ends, so a change without an event is caught
        within a few actions of the nation-turn it happened in."""
        units, told = state.units, self.told
        if full or len(units) != len(told):
            where = dict(zip(units, map(PLACE, units.values()), strict=True))
            self.actions, self.compared_in = 0, self.active
        else:
            where = {i: PLACE(u) for i in self.touched if (u := units.get(i)) is not None}
            told = {i: told[i] for i in self.touched if i in told}
        self.touched.clear()
        if where != told:
            wrong = sorted(i for i in where.keys() | told.keys() if where.get(i) != told.get(i))
            raise AssertionError(
                f"seed {self.seed}, action {self.seen}: the log and the state disagree on "
                + ", ".join(f"#{i}: log {told.get(i)}, state {where.get(i)}" for i in wrong[:5])
            )
        assert self.next_id == state.next_id, (self.seed, self.next_id, state.next_id)
        for power, points in self.vp.items():
            assert state.vp.get(power, 0.0) >= points, (self.seed, power, "VP fell")
        vp = state.vp
        if vp != self.vp:
            self.vp = {n: float(v) for n, v in vp.items()}
            for power, points in self.vp.items():
                logged = self.logged_vp.get(power, 0.0)
                assert abs(points - logged) < 1e-9, (self.seed, power, points, logged)
        pending = [(s["submitter"], s["receiver"]) for s in state.extras.get("submissions", ())]
        assert pending == [(s[0], s[1]) for s in self.truces], (self.seed, pending, self.truces)

    def scores(self) -> dict[str, float]:
        """Each faction's score from the log: the sum of its powers' VP."""
        out = dict.fromkeys(self.scenario.players, 0.0)
        for power, points in self.logged_vp.items():
            out[self.faction[power]] += points
        return out


#: the kinds of event every 50 games show (so that each check above is exercised)
EXERCISED = (
    "move", "battle", "roll", "retreat", "eliminated", "submission", "withdraw", "stay",
    "truce_ends", "population", "minima", "place", "reinforcement", "replaced", "removed",
    "lost_at_sea", "leader_leaves", "second_phase", "vp",
)  # fmt: skip


def play_refereed(seed: int, tolerate: frozenset[str] = frozenset(PENDING)) -> Referee:
    """One seeded random whole game under the referee, checked after every action; at the
    end, each faction's score from the log is the sum of its powers' VP in the state."""
    game = new_game(seed=seed, checkpoint_every=1_000_000)  # no undo here: no checkpoints
    referee = Referee(game, seed, tolerate)
    referee.follow(game)
    player = RandomPlayer(seed)
    while game.decision is not None:
        game.apply(player.choose(game))
        referee.follow(game)
    state = game.state
    assert state.over and state.turn == referee.scenario.last_turn, seed
    assert game.log[len(game.log) - 1].kind == "game_end", seed
    by_faction = dict.fromkeys(referee.scenario.players, 0.0)
    for power, points in state.vp.items():
        by_faction[referee.faction[power]] += points
    scores = referee.scores()
    assert all(abs(scores[f] - by_faction[f]) < 1e-9 for f in scores), (seed, scores)
    return referee


def referee_games(seeds: Iterable[int]) -> Counter[str]:
    """Referee the games of ``seeds`` (letting ``PENDING`` pass, counted); every kind of
    ``EXERCISED`` must occur. Returns the deviations seen; one of ``PENDING`` not seen any
    more is warned about (its fix has landed: its name should leave ``PENDING``)."""
    kinds: Counter[str] = Counter()
    deviations: Counter[str] = Counter()
    for seed in seeds:
        referee = play_refereed(seed)
        kinds += referee.kinds
        deviations += referee.deviations
    missing = [kind for kind in EXERCISED if not kinds[kind]]
    assert not missing, f"no {missing} in these games: a check went unexercised"
    gone = sorted(set(PENDING) - set(deviations))
    if gone:
        warnings.warn(f"deviations no longer seen: {gone} (drop them from PENDING)", stacklevel=2)
    return deviations
