"""The fixed data a game is played on: the board's tables and the scenario, with the
questions every rule module asks (terrain by turn, boats, who may attack whom, control).

The board's words (``land``, ``sea``, ``box``; ``clear``, ``mountain``, ``marsh``,
``fortress``) are given their meaning here and nowhere else.
"""

from __future__ import annotations

from functools import cached_property

from italia_kit.games.medieval.actions import Move
from italia_kit.games.medieval.scenario import Power, Scenario, ScoreRule, load_scenario
from italia_kit.games.medieval.state import MedievalState
from italia_kit.geo import Board, load_board

#: Rule text: "Fortress terrain (Mantua) acts as clear terrain during turns 1-6, and marsh
#: terrain thereafter."
FORTRESS_CLEAR_UNTIL = 6
#: Britannia (public summary): difficult terrain (here mountain and marsh) is where a
#: defender is hit only on a 6 and which yields one population point instead of two.
DIFFICULT = frozenset({"mountain", "marsh"})


class World:
    """The board plus the scenario (never changes during a game)."""

    def __init__(self, scenario: Scenario | None = None, board: Board | None = None) -> None:
        self.scenario = scenario if scenario is not None else load_scenario()
        self.board = board if board is not None else load_board("medieval")
        zones = self.board.zones
        self.land: frozenset[str] = frozenset(z.name for z in zones if z.kind == "land")
        self.seas: frozenset[str] = frozenset(z.name for z in zones if z.kind == "sea")
        self.boxes: frozenset[str] = frozenset(z.name for z in zones if z.kind == "box")
        self._terrain = {z.name: z.terrain.value for z in zones}
        self._neighbours = {z.name: tuple(self.board.neighbours(z.name)) for z in zones}
        self.land_order: tuple[str, ...] = tuple(z.name for z in zones if z.kind == "land")
        self._powers = {p.name: p for p in self.scenario.powers}
        self._distance: dict[str, dict[str, int]] = {}
        #: per area, the steps out of it: (to, cost, is a sea), arrival boxes left out (only
        #: arriving armies enter them); costs do not change with the turn (Mantua's fortress
        #: is clear or marsh, never mountain)
        self.steps: dict[str, tuple[tuple[str, int, bool], ...]] = {
            z: tuple(
                (n, 2 if n in self.seas or self._terrain[n] == "mountain" else 1, n in self.seas)
                for n in self._neighbours[z]
                if n not in self.boxes
            )
            for z in self._neighbours
        }
        self._rules_for: dict[tuple[str, int, bool], list[ScoreRule]] = {}
        #: each unit's steps out of an area with their Move values, by (power, unit, area):
        #: listing reuses them (a value names a unit id, so games on one world share them)
        self.unit_steps: dict[tuple[str, int, str], tuple[tuple[str, int, bool, Move], ...]] = {}

    # -- the scenario ---------------------------------------------------------------------
    def power(self, name: str) -> Power:
        found = self._powers.get(name)
        return found if found is not None else self.scenario.power(name)

    @cached_property
    def order(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.scenario.powers)

    def faction(self, power: str) -> str:
        return self.power(power).faction

    def score_rules(self, power: str, turn: int, during: bool) -> list[ScoreRule]:
        """The power's territorial awards of ``turn`` (those "at any moment of the
        nation-turn" when ``during``)."""
        key = (power, turn, during)
        found = self._rules_for.get(key)
        if found is None:
            found = self._rules_for[key] = [
                r
                for r in self.power(power).scoring
                if turn in r.turns and r.during_nation_turn == during
            ]
        return found

    def has_boats(self, power: str, turn: int) -> bool:
        """M-A's "Boats" line of the turn (rule text: powers without boats stay ashore)."""
        return power in self.scenario.boats.get(turn, ())

    # -- the board ------------------------------------------------------------------------
    def neighbours(self, zone: str) -> tuple[str, ...]:
        return self._neighbours[zone]

    def terrain(self, zone: str, turn: int) -> str:
        """The terrain that applies on ``turn``: Mantua's fortress is clear on turns 1-6 and
        marsh from turn 7 (rule text)."""
        t = self._terrain[zone]
        if t == "fortress":
            return "clear" if turn <= FORTRESS_CLEAR_UNTIL else "marsh"
        return t

    def difficult(self, zone: str, turn: int) -> bool:
        return self.terrain(zone, turn) in DIFFICULT

    def distances(self, origin: str) -> dict[str, int]:
        """Areas by number of land steps from ``origin`` (the Spoletians' "closer to
        Spoleto", M-A turn 1: distance counted along the land links)."""
        if origin not in self._distance:
            out, frontier, d = {origin: 0}, [origin], 0
            while frontier:
                d += 1
                nxt = []
                for z in frontier:
                    for n in self._neighbours[z]:
                        if n in self.land and n not in out:
                            out[n] = d
                            nxt.append(n)
                frontier = nxt
            self._distance[origin] = out
        return self._distance[origin]

    # -- relations between powers ---------------------------------------------------------
    def restricted(self, state: MedievalState, power: str, other: str) -> tuple[bool, bool]:
        """(may not attack ``other``, may move through ``other``) on this turn, from the
        chart's turn entries (M-A turn 1) and pending submissions (rule text: "Until both
        these phases have occurred, neither power may attack the other. The submittee may
        move through the submitter.")."""
        no_attack = through = False
        for r in self.power(power).restrictions:
            if state.turn in r.turns:
                if other in r.may_not_attack:
                    no_attack = True
                if other in r.may_move_through:
                    through = True
        for s in state.submissions:
            if {s["submitter"], s["receiver"]} == {power, other}:
                no_attack = True
                if s["receiver"] == power:
                    through = True
        return no_attack, through

    def hostile(self, state: MedievalState, power: str, other: str) -> bool:
        """Do units of ``power`` fight units of ``other`` they share an area with?"""
        if power == other:
            return False
        no_attack, through = self.restricted(state, power, other)
        return not (no_attack or through)

    # -- control --------------------------------------------------------------------------
    def controlled(self, state: MedievalState, power: str) -> list[str]:
        """The land areas where ``power`` has units and no other power has any, in board
        order (Britannia (public summary): an area is held by its sole occupant)."""
        mine: set[str] = set()
        others: set[str] = set()
        for u in state.units.values():
            if u.zone in self.land:
                (mine if u.power == power else others).add(u.zone)
        return [z for z in self.land_order if z in mine and z not in others]

    def occupied(self, state: MedievalState, power: str) -> list[str]:
        """The land areas where ``power`` has units (shared or not), in board order: what
        "reduced to at most three areas" counts (rule text, submission)."""
        mine = {u.zone for u in state.units.values() if u.power == power and u.zone in self.land}
        return [z for z in self.land_order if z in mine]

    def strength(self, state: MedievalState, power: str) -> int:
        """The power's armies in play (the rule text's "strength", city-state minima)."""
        return sum(1 for u in state.units.values() if u.power == power and not u.is_leader)
