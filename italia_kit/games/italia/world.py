"""The fixed data a game of Italia is played on: the board and the scenario's nations.

A :class:`World` never changes during a game; the :class:`~.state.ItaliaState` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from italia_kit.core import Action, InvalidActionError
from italia_kit.games.italia.board import (
    city_allowed,
    is_borderland,
)
from italia_kit.games.italia.scenarios import Nation, Scenario, load_scenario
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.geo import Board, load_board

if TYPE_CHECKING:
    from italia_kit.games.italia.rulebook import Rulebook

#: where a land unit may step from a zone, in board order: the zones, and the attack limit
#: of each (8.3)
Reach = tuple[tuple[str, ...], tuple[int, ...]]
#: some of a land unit's steps from a zone, as ``World.reach`` lists them: the zones, the
#: moves there, and the attack limits there (8.3)
LandSteps = tuple[tuple[str, ...], tuple[Action, ...], tuple[int, ...]]
#: a land unit's steps from a zone: every one, then those without a strait (9.4)
LandMoves = tuple[LandSteps, LandSteps]


#: the zones closed on turn 10 of Italia I (13.1), and none (``World.closed``)
ROME: frozenset[str] = frozenset({"Rome"})
_NONE_CLOSED: frozenset[str] = frozenset()

#: (id(board), the rulebook's type) -> (the board, what ``World._read_board`` read from it
#: by that rulebook's words)
_BOARD_TABLES: dict[tuple[int, type], tuple[Board, dict[str, object]]] = {}
#: action values kept for the games on one board at most (some 120 random games' worth)
ACTION_CACHE_LIMIT = 50_000


class World:
    """The board plus the scenario, with the zone queries the rules share, and the
    rulebook they are played by (:class:`~.rulebook.Rulebook`: a variant's, or Italia's)."""

    #: the rules of a World given none: Italia's :class:`~.rulebook.Rulebook`, installed by
    #: ``rulebook.py`` (which imports the rule modules, which import this one)
    default_rulebook: ClassVar[Rulebook]

    def __init__(
        self, scenario: Scenario | str, board: Board | None = None, rulebook: Rulebook | None = None
    ) -> None:
        self.rulebook = rulebook if rulebook is not None else World.default_rulebook
        #: whether the rulebook's allies are Italia's, master and subject (12.5.2): then
        #: :meth:`allied` reads ``state.masters`` itself (asked at every move and battle)
        self.fixed_relations = self.rulebook.fixed_relations()
        #: whether units stop on entering a mountain as Italia's 9.0 says (the move check
        #: and the move record then read the terrain themselves)
        self.fixed_terrain_stops = self.rulebook.fixed_terrain_stops()
        self.scenario = load_scenario(scenario) if isinstance(scenario, str) else scenario
        self.board = board if board is not None else load_board("italia")
        self._nations = {n.name: n for n in self.scenario.nations}
        # a cache of occupants while legal actions are listed (the state is not changed then)
        self.frozen: dict[tuple[str, str], list[Unit]] | None = None
        # a variant's step costs by zone entered and, by zone, the dearest of a land unit's
        # steps from it (move_steps.dearest_steps)
        self.dearest: tuple[Mapping[str, int], dict[str, tuple[int, int]]] | None = None
        # the board's tables are read once per board and shared, with the action values
        # made so far, by every World on it: a new game starts with them at hand
        key = (id(self.board), type(self.rulebook))
        known = _BOARD_TABLES.get(key)
        if known is not None and known[0] is self.board:
            self.__dict__.update(known[1])
            if len(self.action_cache) > ACTION_CACHE_LIMIT:
                # thousands of games keep adding values; start again rather than grow
                self.action_cache.clear()
                self.land_moves.clear()
                self.sea_moves.clear()
        else:
            before = set(self.__dict__)
            self._read_board()
            tables = {k: v for k, v in self.__dict__.items() if k not in before}
            _BOARD_TABLES[key] = (self.board, tables)

    def _read_board(self) -> None:
        # the words of the board file the rules below rely on (Italia's, or a variant's)
        self.rulebook.check_board(self.board)
        rulebook = self.rulebook
        terrain_of = {z.name: rulebook.terrain_of(z) for z in self.board.zones}
        self._land = {z.name for z in self.board.zones if z.is_land}
        self._borderlands = {z.name for z in self.board.zones if is_borderland(z)}
        self._seas = {z.name for z in self.board.zones if z.is_sea}
        self._mountains = {z.name for z in self.board.zones if terrain_of[z.name] == "mountain"}
        self._names = {z.name for z in self.board.zones}
        # the neighbours a move list asks for again and again, by zone, in board order
        self._land_exits: dict[str, tuple[str, ...]] = {}
        self._sea_exits: dict[str, tuple[str, ...]] = {}
        self._land_steps: dict[str, tuple[tuple[str, bool], ...]] = {}
        self._attack_limit: dict[str, int] = {}
        # per zone, for the combat and end-of-turn rules: all its neighbours and the seas
        # beside it (both sorted, as the board gives them), its terrain, and its stacking
        # limit before capitals, attacks and retreats (8.0; None: a sea, unlimited)
        self._neighbours: dict[str, tuple[str, ...]] = {}
        self._seas_beside: dict[str, tuple[str, ...]] = {}
        self._terrain: dict[str, str] = {}
        self._base_limit: dict[str, int | None] = {}
        self._city_allowed = {z.name for z in self.board.zones if city_allowed(z)}
        #: the borderlands (9.2), in board order
        self.borderland_zones: tuple[str, ...] = tuple(
            z.name for z in self.board.zones if is_borderland(z)
        )
        #: the land zones (borderlands too), in board order
        self.land_zones: tuple[str, ...] = tuple(z.name for z in self.board.zones if z.is_land)
        # action values already made, by (kind, nation, ...): listing reuses them. They are
        # values (a unit id names another piece in another game), so games on one board
        # share them
        self.action_cache: dict[tuple[object, ...], Action] = {}
        # one unit's one-step moves from a zone, made the first time ``move_list`` needs
        # them, by nation, unit id and zone. A land unit's come twice, as ``reach`` gives
        # its steps
        self.land_moves: dict[str, dict[int, dict[str, LandMoves]]] = {}
        self.sea_moves: dict[str, dict[int, dict[str, tuple[Action, ...]]]] = {}
        for z in self.board.zones:
            nbs = self.board.neighbours(z.name)
            self._land_exits[z.name] = tuple(n for n in nbs if n in self._land)
            self._sea_exits[z.name] = tuple(n for n in nbs if n in self._seas)
            self._land_steps[z.name] = tuple(
                (n, self.board.link(z.name, n).kind == "strait")  # type: ignore[union-attr]
                for n in nbs
                if n not in self._seas
            )
            self._attack_limit[z.name] = rulebook.attack_base(z)  # 8.3: the limit + 1
            self._neighbours[z.name] = tuple(nbs)
            self._seas_beside[z.name] = () if z.is_sea else tuple(self.board.seas_beside(z.name))
            self._terrain[z.name] = terrain_of[z.name]
            self._base_limit[z.name] = None if z.is_sea else (rulebook.stacking_base(z) or 0)
        #: per zone, where a land unit may step (9.0): every step, then those a unit that has
        #: moved may take (no strait, 9.4); the move list reads it for each unit it lists
        #: the two are one value where no strait leaves the zone (most zones); and each
        #: step's path, for the moves made of them (``move_steps.land_moves``: every unit's
        #: moves share one path value, which the collector then need not count for each)
        self.reach: dict[str, tuple[Reach, Reach]] = {}
        self.land_paths: dict[str, tuple[tuple[str, str], ...]] = {}
        for name, steps in self._land_steps.items():
            overland = tuple(to for to, strait in steps if not strait)
            every = tuple(to for to, _ in steps)
            anywhere = (every, tuple(self._attack_limit[to] for to in every))
            self.reach[name] = (
                anywhere,
                anywhere
                if overland == every
                else (overland, tuple(self._attack_limit[to] for to in overland)),
            )
            self.land_paths[name] = tuple((name, to) for to in every)

    @cached_property
    def variant(self) -> str:
        """``italia1`` or ``italia2``: which special rules apply (13, 14); a variant's
        rulebook may name its own (:attr:`~.rulebook.Rulebook.special_rules`), so that
        neither scenario's applies to its nations (medieval Italia's Romans are not
        Italia I's)."""
        own = self.rulebook.special_rules
        if own is not None:
            return own
        return "italia2" if self.scenario.id.startswith("italia2") else "italia1"

    def closed(self, state: ItaliaState) -> frozenset[str]:
        """The land zones no unit may enter now, by any move, reaction move, landing,
        retreat or withdrawal: Rome on turn 10 of Italia I (13.1: "During turn 10, no
        nation may control Rome")."""
        if state.turn >= self.scenario.last_turn and self.variant == "italia1":
            return ROME
        return _NONE_CLOSED

    @cached_property
    def order(self) -> tuple[str, ...]:
        return tuple(n.name for n in self.scenario.nations)

    def nation(self, name: str) -> Nation:
        found = self._nations.get(name)  # the exact name: the rules ask this all the time
        if found is not None:
            return found
        try:
            return self.scenario.nation(name)
        except ValueError as exc:
            raise InvalidActionError(str(exc)) from None

    def zone_name(self, name: str) -> str:
        """The canonical spelling of a zone; an unknown name is malformed input."""
        if name in self._names:
            return name
        try:
            return self.board.zone(name).name
        except ValueError as exc:
            raise InvalidActionError(str(exc)) from None

    def is_land(self, zone: str) -> bool:
        return zone in self._land

    def is_sea(self, zone: str) -> bool:
        return zone in self._seas

    def is_borderland(self, zone: str) -> bool:
        return zone in self._borderlands

    def is_mountain(self, zone: str) -> bool:
        return zone in self._mountains

    def neighbours(self, zone: str) -> tuple[str, ...]:
        """Every zone adjacent to ``zone`` (a canonical name), sorted: ``board.neighbours``
        without its look-up of the name."""
        return self._neighbours[zone]

    def seas_beside(self, zone: str) -> tuple[str, ...]:
        """The seas a land zone touches, sorted (``board.seas_beside``); () for a sea."""
        return self._seas_beside[zone]

    def terrain(self, zone: str) -> str:
        """The zone's terrain: ``clear``, ``mountain``, ``swamp`` or ``sea`` (2.1)."""
        return self._terrain[zone]

    def city_allowed(self, zone: str) -> bool:
        """2.2.1.9: may a city stand in ``zone``?"""
        return zone in self._city_allowed

    def base_limit(self, zone: str) -> int | None:
        """8.0: the stacking limit of the zone's terrain (or of a borderland); None for a sea."""
        return self._base_limit[zone]

    # -- steps from a zone (9.0-9.6), for listing moves ------------------------------------
    def land_exits(self, zone: str) -> tuple[str, ...]:
        """The land zones adjacent to ``zone`` (coasts beside a sea), in board order."""
        return self._land_exits[zone]

    def sea_exits(self, zone: str) -> tuple[str, ...]:
        """The seas adjacent to ``zone``, in board order."""
        return self._sea_exits[zone]

    def land_steps(self, zone: str) -> tuple[tuple[str, bool], ...]:
        """The zones a land unit in ``zone`` may step into, each with "is it a strait" (9.4)."""
        return self._land_steps[zone]

    def attack_limit(self, zone: str) -> int:
        """8.3: the zone's stacking limit +1 for an attack (more with a leader, 12.2)."""
        return self._attack_limit[zone]

    # -- control (6.1) ---------------------------------------------------------------------
    def controls(self, state: ItaliaState, nation: str, zone: str) -> bool:
        """6.1: a nation controls a land zone where it has a unit of any type (leaders too)."""
        return zone in self._land and any(
            u.nation == nation and u.carrier is None for u in state.where.get(zone, ())
        )

    def controlled_zones(self, state: ItaliaState, nation: str) -> list[str]:
        """The land zones ``nation`` controls (6.1), sorted. (One pass over the units is
        quicker than a look at every zone of the index, most of them empty.)"""
        land = self._land
        zones = {
            u.zone
            for u in state.units.values()
            if u.nation == nation and u.carrier is None and u.zone in land
        }
        return sorted(zones)

    def occupants(self, state: ItaliaState, zone: str, nation: str) -> list[Unit]:
        """Units ashore in ``zone`` of nations other than ``nation``."""
        if self.frozen is not None:  # listing legal actions: the state does not change
            key = (zone, nation)
            found = self.frozen.get(key)
            if found is None:
                found = self.frozen[key] = self._occupants(state, zone, nation)
            return found
        return self._occupants(state, zone, nation)

    def _occupants(self, state: ItaliaState, zone: str, nation: str) -> list[Unit]:
        return [u for u in state.units_in(zone) if u.nation != nation and u.carrier is None]

    def allied(self, state: ItaliaState, a: str, b: str) -> bool:
        """A subjugated nation and its master are allies (12.5.2): they do not attack each
        other. A variant says so by :meth:`~.rulebook.Rulebook.restricted` (may not attack)."""
        if self.fixed_relations:
            return state.masters.get(a) == b or state.masters.get(b) == a
        return self.rulebook.restricted(self, state, a, b)[0]
