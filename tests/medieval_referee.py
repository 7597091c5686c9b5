"""A referee for whole games of Medieval Italia: it reads the event log as it is written and
keeps its own picture of the board from the events alone, then checks, event by event, that
the story is possible, and after every action that its picture is the engine's state.

The picture knows, per unit id, its area, its power and where it last came from; it changes
only through the events (``move``, ``arrive``, ``retreat``, ``withdraw``, ``replaced``,
``raider_withdraws`` and the removals), so a piece that moved, came or went without saying
so, or is somewhere the log does not put it, fails the comparison with the state. What it
checks as the events come (the rule each check stands for in brackets):

* a move goes from where the unit is to an adjacent location, by the power whose nation-turn
  it is, into a sea zone only with boats on this turn (rule text: boats), at its cost (2 for
  a sea or a mountain, else 1) within the unit's points (3, 4 with a leader); it leaves an
  area held by a power it fights only with 2:1 or a full stack left behind, never when it
  appeared there; it enters no area of a power it may not attack and may not pass (rule
  text: movement, mountains, reinforcements; submission; M-A turn 1);
* population arrivals go to areas the power holds, city-state minima to their listed places
  (Britannia (public summary): population; rule text: city-state minima);
* a retreat goes to an adjacent land area holding no other power's units, a withdrawal to a
  held area or back where each unit came from (rule text: submission; Britannia (public
  summary): retreats);
* the battles of an impulse are listed as the movement ends (the data as the text says);
  a battle is one of them, fought by the active power against a power it may attack (no
  truce of a submission between them, no chart entry against it), both present; its
  dice are one per army of the side and its hits at most that many; its casualties are of
  the two sides, in the battle's area; it ends when a side is gone, and the side named as
  holding the field is there (Britannia (public summary): battles);
* between two nation-turns nobody is at sea, and the power whose nation-turn ended has at
  most ``stack_limit`` armies in any area (the overpopulation step, reading 10);
* a territorial award of the end of a turn counts only areas the power holds alone at that
  moment; an award "at any moment of the nation-turn" only areas it held at some moment of
  it (Britannia (public summary): area points; M-V4; readings 12 and 13);
* the final scores are the sum of the powers' VP, faction by faction.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from operator import attrgetter

from italia_kit.core import Event, Game
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World

#: the events that take a piece off the board, and where it must have stood
GONE = {"eliminated", "removed", "lost_at_sea", "overpopulation", "leader_leaves"}
ARMIES = re.compile(r": (\d+) arm(?:y|ies) of the ")
#: a unit's place as the state says it, read in C for all units at once (after every action)
PLACE = attrgetter("zone", "power")


@dataclass(slots=True)
class Piece:
    """The referee's record of one unit: where the log says it is."""

    power: str
    zone: str
    army: bool
    came_from: str | None = None
    home: str | None = None
    mp: int = 0  # movement points left in this movement phase
    appeared: bool = False  # placed in its land area in this nation-turn


class Referee:
    """Follows one game's log (``follow`` after each action) and fails on the first
    impossible situation, saying the seed, the event and what is wrong."""

    def __init__(self, game: Game[MedievalState], world: World, seed: int) -> None:
        self.world = world
        self.seed = seed
        self.limit = world.scenario.stack_limit
        self.locations = world.land | world.seas | world.boxes
        state = game.state
        self.pieces = {
            i: Piece(u.power, u.zone, u.kind == "army", u.came_from, u.home)
            for i, u in state.units.items()
        }
        #: the picture as ``PLACE`` reads the state: kept up to date with ``pieces``
        self.told = {i: (p.zone, p.power) for i, p in self.pieces.items()}
        self.fresh: list[int] = []  # the units that came into play in the last action
        self.next_id = state.next_id
        self.seen = len(game.log)
        self.active = state.active
        self.turn = state.turn
        self.battle: tuple[str, str, str] | None = None  # zone, attacker, defender
        self.announced: list[list[str]] = []  # the impulse's battles, as its event lists them
        self.truces: list[tuple[str, str]] = []  # (submitter, receiver), until both scored
        self.vp = dict(state.vp)
        self.held_now: set[str] = set()  # held at some moment of this nation-turn
        self.during = False  # does the active power score "at any moment" this turn?
        self.kinds: Counter[str] = Counter()

    # -- the picture ----------------------------------------------------------------------
    def _where(self, event: Event, unit: int) -> Piece:
        piece = self.pieces.get(unit)
        assert piece is not None, self._say(event, f"unit #{unit} is not on the board")
        return piece

    def _in(self, zone: str, power: str) -> list[tuple[int, Piece]]:
        return [(i, p) for i, p in self.pieces.items() if p.zone == zone and p.power == power]

    def _powers_in(self, zone: str) -> set[str]:
        return {p.power for p in self.pieces.values() if p.zone == zone}

    def _held(self, power: str) -> set[str]:
        """The land areas ``power`` holds alone (reading 13)."""
        mine: set[str] = set()
        others: set[str] = set()
        for p in self.pieces.values():
            if p.zone in self.world.land:
                (mine if p.power == power else others).add(p.zone)
        return mine - others

    def _say(self, event: Event, why: str) -> str:
        return f"seed {self.seed}, event {event.seq} ({event.kind}: {event.text}): {why}"

    # -- reading the log ------------------------------------------------------------------
    def follow(self, game: Game[MedievalState]) -> None:
        """Read the events of the last action, then compare the picture with the state."""
        for event in game.log.since(self.seen):
            self.kinds[event.kind] += 1
            self.read(event)
            if self.during:
                self.held_now |= self._held(self.active)
        self.seen = len(game.log)
        self.compare(game.state)

    def read(self, e: Event) -> None:
        w, d, kind = self.world, e.data, e.kind
        if kind == "move":
            self._move(e)
        elif kind == "arrive":
            zone, power, count = str(d["zone"]), str(d["power"]), int(d["count"])
            assert zone in self.locations, self._say(e, "arrives off the board")
            army = ARMIES.search(e.text) is not None
            if e.rule.startswith("Britannia (public summary): population"):
                assert zone in self._held(power), self._say(e, "population in an area not held")
            elif e.rule == "rule text: city-state minima":
                places = self.world.power(power).minima_places
                assert zone in places, self._say(e, f"minima arrive at {places}")
            for _ in range(count):
                self.pieces[self.next_id] = Piece(power, zone, army, appeared=zone in w.land)
                self.told[self.next_id] = (zone, power)
                self.fresh.append(self.next_id)
                self.next_id += 1
        elif kind in GONE:
            p = self._where(e, int(d["unit"]))
            if kind == "eliminated":
                assert self.battle is not None, self._say(e, "a casualty outside a battle")
                zone, att, dfn = self.battle
                assert p.zone == d["zone"] == zone, self._say(e, f"the unit is in {p.zone}")
                assert p.power == d["power"] and p.power in (att, dfn), self._say(e, "not a side")
            elif kind == "lost_at_sea":
                assert p.zone in w.seas, self._say(e, f"lost at sea in {p.zone}")
            elif kind == "overpopulation":
                assert p.zone in w.land and p.army, self._say(e, "not an army on land")
            elif kind == "leader_leaves":
                assert not p.army, self._say(e, "an army leaves as a leader")
            del self.pieces[int(d["unit"])], self.told[int(d["unit"])]
        elif kind == "replaced":
            p = self._where(e, int(d["unit"]))
            assert p.zone == d["zone"] and p.army, self._say(e, "not an army there")
            p.power = self.active
            self.told[int(d["unit"])] = (p.zone, p.power)
        elif kind == "raider_withdraws":
            p = self._where(e, int(d["unit"]))
            assert p.home in w.boxes, self._say(e, f"a raider with no box ({p.home})")
            p.came_from, p.zone = p.zone, p.home
            self.told[int(d["unit"])] = (p.zone, p.power)
        elif kind == "retreat":
            self._retreat(e)
        elif kind == "withdraw":
            self._withdraw(e)
        elif kind == "submission":
            pair = (str(d["submitter"]), str(d["receiver"]))
            assert pair[0] != pair[1], self._say(e, "a power submits to itself")
            self.truces.append(pair)
        elif kind == "truce_ends":
            self.truces.remove((str(d["submitter"]), str(d["receiver"])))
        elif kind == "battles":
            self._announce(e)
        elif kind in ("battle", "battle_end", "roll", "hits"):
            self._battle(e)
        elif kind == "stay":  # a submitter with nowhere to go stays, under the truce
            self.battle = None
        elif kind == "movement":  # rule text: three movement points, four with a leader
            mine = [p for p in self.pieces.values() if p.power == self.active]
            led = {p.zone for p in mine if not p.army}
            for p in mine:
                p.came_from = None
                p.mp = 4 if (not p.army or p.zone in led) else 3
        elif kind == "vp" and "areas" in d:
            self._award(e)
        elif kind in ("nation_turn", "turn", "game_end"):
            self._between_nation_turns(e)

    def _hostile(self, turn: int, power: str, other: str) -> bool:
        """Do ``power``'s units fight ``other``'s in an area they share (no truce of a
        submission, no turn-1 chart entry that they may not attack or may move through)?"""
        if power == other or (power, other) in self.truces or (other, power) in self.truces:
            return False
        for r in self.world.power(power).restrictions:
            if turn in r.turns and (other in r.may_not_attack or other in r.may_move_through):
                return False
        return True

    def _move(self, e: Event) -> None:
        """One step (rule text: movement points, mountains, boats; overrun at 2:1 or a full
        stack; appearing units stay; no entering a power one may not attack or pass)."""
        w, d = self.world, e.data
        unit, frm, to = int(d["unit"]), str(d["frm"]), str(d["to"])
        p = self._where(e, unit)
        assert p.power == self.active, self._say(e, "moved out of its nation-turn")
        assert p.zone == frm, self._say(e, f"the unit stands in {p.zone}")
        assert to in w.neighbours(frm), self._say(e, "not adjacent")
        if to in w.seas:
            assert w.has_boats(p.power, e.turn), self._say(e, "at sea without boats")
        need = 2 if to in w.seas or w.terrain(to, e.turn) == "mountain" else 1
        assert d["cost"] == need <= p.mp, self._say(e, f"costs {need}, {p.mp} MP left")
        if frm in w.land:
            foes = 0
            for other in self._powers_in(frm) - {p.power}:
                if self._hostile(e.turn, p.power, other):
                    foes += max(1, sum(q.army for _, q in self._in(frm, other)))
            if foes:
                assert not p.appeared, self._say(e, "an arrival leaves the area it must attack")
                staying = sum(q.army for i, q in self._in(frm, p.power) if i != unit)
                full = staying >= 2 * foes or staying >= self.limit
                assert full, self._say(e, f"overrun with {staying} against {foes}")
        if to in w.land:
            for other in self._powers_in(to) - {p.power}:
                for r in self.world.power(p.power).restrictions:
                    barred = other in r.may_not_attack and other not in r.may_move_through
                    assert not (e.turn in r.turns and barred), self._say(e, f"into the {other}")
                # under a truce the receiver may move through the submitter, not the reverse
                truce = (p.power, other) in self.truces
                assert not truce, self._say(e, f"the submitter enters the {other}' area")
        p.came_from, p.zone, p.mp, p.appeared = frm, to, p.mp - need, False
        self.told[unit] = (to, p.power)

    def _retreat(self, e: Event) -> None:
        zone, to, power = str(e.data["zone"]), str(e.data["to"]), str(e.data["power"])
        assert self.battle is not None and self.battle[0] == zone, self._say(e, "no battle")
        assert to in self.world.land and to in self.world.neighbours(zone), self._say(e, "where?")
        assert self._powers_in(to) <= {power}, self._say(e, f"{to} holds {self._powers_in(to)}")
        for i, p in self._in(zone, power):
            p.came_from, p.zone, p.appeared = zone, to, False
            self.told[i] = (to, power)
        self.battle = None

    def _withdraw(self, e: Event) -> None:
        zone, to = str(e.data["zone"]), str(e.data["to"])
        assert self.battle is not None and self.battle[0] == zone, self._say(e, "no battle")
        attacker = self.battle[1]
        if to:
            assert to in self._held(attacker), self._say(e, f"{to} is not the {attacker}'")
        need = 2 if to and self.world.terrain(to, e.turn) == "mountain" else 1 if to else 0
        for i, p in self._in(zone, attacker):
            dest = to or p.came_from
            assert dest is not None, self._say(e, "a unit with nowhere it came from")
            assert p.mp >= need, self._say(e, f"#{i} has {p.mp} MP, {to} costs {need}")
            p.mp -= need
            p.came_from, p.zone = zone, dest
            self.told[i] = (dest, attacker)
        self.battle = None

    def _announce(self, e: Event) -> None:
        """The battles of an impulse: the event's data lists those its text names, each an
        area where the active power meets a power it fights."""
        battles = [list(b) for b in e.data["battles"]]
        said = int(e.text.split(" fight ")[1].split()[0])
        assert len(battles) == said, self._say(e, f"the data lists {battles}")
        for zone, other in battles:
            here = self._powers_in(zone)
            assert self.active in here and other in here, self._say(e, f"{zone}: {here}")
        self.announced = battles

    def _battle(self, e: Event) -> None:
        d = e.data
        if e.kind == "battle":
            zone, att, dfn = str(d["zone"]), str(d["attacker"]), str(d["defender"])
            assert att == self.active, self._say(e, "attacks out of its nation-turn")
            assert [zone, dfn] in self.announced, self._say(e, "a battle not announced")
            truce = (att, dfn) in self.truces or (dfn, att) in self.truces
            assert not truce, self._say(e, "a battle under a truce")
            for r in self.world.power(att).restrictions:  # M-A turn 1
                barred = e.turn in r.turns and dfn in r.may_not_attack
                assert not barred, self._say(e, "the chart forbids this attack")
            assert self._in(zone, att) and self._in(zone, dfn), self._say(e, "a side is absent")
            self.battle = (zone, att, dfn)
            return
        assert self.battle is not None, self._say(e, "no battle is being fought")
        zone, att, dfn = self.battle
        if e.kind == "battle_end":
            here = {att, dfn} & self._powers_in(zone)
            winner = d["winner"]
            assert here == ({winner} if winner else set()), self._say(e, f"in {zone}: {here}")
            self.battle = None
            return
        armies = sum(p.army for _, p in self._in(zone, str(d["power"])))
        if e.kind == "roll":
            assert len(d["results"]) == armies, self._say(e, f"{armies} armies roll")
        else:
            assert 0 <= int(d["hits"]) <= armies, self._say(e, f"{armies} armies hit")

    def _award(self, e: Event) -> None:
        power, areas = str(e.data["power"]), set(e.data["areas"])
        assert len(areas) == len(e.data["areas"]), self._say(e, "an area scored twice")
        if e.phase == "next":  # the territorial victory phases after the last nation-turn
            held = self._held(power)
        else:  # "at any moment of the nation-turn" (M-V4), scored as it ends
            assert power == self.active, self._say(e, "scored in another's nation-turn")
            held = self.held_now
        assert areas <= held, self._say(e, f"scores {sorted(areas - held)}, not held")

    def _between_nation_turns(self, e: Event) -> None:
        at_sea = [i for i, p in self.pieces.items() if p.zone in self.world.seas]
        assert not at_sea, self._say(e, f"units {at_sea} are at sea")
        ended = self.active
        if ended:
            per_area = Counter(
                p.zone
                for p in self.pieces.values()
                if p.power == ended and p.army and p.zone in self.world.land
            )
            most = max(per_area.values(), default=0)
            assert most <= self.limit, self._say(e, f"the {ended}: {per_area.most_common(1)}")
        if e.kind == "nation_turn":
            self.active = str(e.data["power"])
            for p in self.pieces.values():
                if p.power == self.active:
                    p.appeared = False
            self.held_now = self._held(self.active)
            rules = self.world.score_rules(self.active, e.turn, during=True)
            self.during = bool(rules)
        else:
            self.active = ""
            self.during = False

    # -- the picture against the state -----------------------------------------------------
    def compare(self, state: MedievalState) -> None:
        units = state.units
        where = dict(zip(units, map(PLACE, units.values()), strict=True))
        told = self.told
        if where != told:
            wrong = sorted(i for i in where.keys() | told.keys() if where.get(i) != told.get(i))
            raise AssertionError(
                f"seed {self.seed}, action {self.seen}: the log and the state disagree on "
                + ", ".join(f"#{i}: log {told.get(i)}, state {where.get(i)}" for i in wrong[:5])
            )
        for i in self.fresh:  # what the arrival's event does not say
            u = units.get(i)
            if u is not None:
                self.pieces[i].home, self.pieces[i].army = u.home, u.kind == "army"
        self.fresh.clear()
        assert self.next_id == state.next_id, (self.seed, self.next_id, state.next_id)
        for power, points in self.vp.items():
            assert state.vp.get(power, 0.0) >= points, (self.seed, power, "VP fell")
        self.vp = dict(state.vp)
        for s in state.submissions:
            assert self.world.faction(s["submitter"]) != self.world.faction(s["receiver"]), s
