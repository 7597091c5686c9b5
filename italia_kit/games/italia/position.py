"""What a bot knows about the board and a position: zone worth, distances, battle odds.

:class:`Geometry` holds the board's fixed facts a bot needs fast (neighbours, terrain) and,
per nation and turn, a :class:`Plan`: the victory points each zone can still bring under
the nation's score rules (11.0) and how far every zone is from one that scores.
:class:`View` is one position seen by one nation: who stands where, what a zone is worth
now, and the odds of a battle fought by given units (``italia_kit.games.italia.odds.exact_odds``).
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from italia_kit.games.italia import ItaliaState, Unit, UnitType, World, stacking_limit
from italia_kit.games.italia.naval import supremacy
from italia_kit.games.italia.odds import Battle, Odds, Side, exact_odds

#: What a unit is worth, in victory points, to the bot that owns it: roughly its price
#: (6.2) at 4 gold a point, more for the two-hit units (10.2).
UNIT_VALUE: Mapping[UnitType, float] = {
    UnitType.INFANTRY: 1.0,
    UnitType.FOEDERATI: 1.0,
    UnitType.LEGION: 1.2,
    UnitType.CONSULAR_LEGION: 2.0,
    UnitType.CAVALRY: 2.0,
    UnitType.ELEPHANT: 1.5,
    UnitType.FLEET: 1.0,
    UnitType.LEADER: 2.0,
}
#: A held land zone's income (6.1: one gold a turn), in victory points.
BASE_ZONE = 0.5
#: Victory points a step nearer to a scoring zone is worth, per unit.
PROGRESS = 0.2
FAR = 99  # the distance of a zone from which no scoring zone can be reached

Terrain = str


@dataclass(frozen=True)
class Plan:
    """One nation's aims from one turn on: points per zone (held) and per city (held)."""

    zone_points: Mapping[str, float]
    city_points: Mapping[str, float]
    land_distance: Mapping[str, int]  # steps over land (straits too) to a scoring zone
    sea_distance: Mapping[str, int]  # for a sea: steps to a sea beside a scoring zone


class Geometry:
    """The board's fixed facts, computed once per :class:`World`."""

    def __init__(self, world: World) -> None:
        board = world.board
        self.land = frozenset(z.name for z in board.zones if z.is_land)
        self.seas = frozenset(z.name for z in board.zones if z.is_sea)
        self.borderlands = frozenset(world.borderland_zones)
        self.terrain: dict[str, Terrain] = {z.name: z.terrain.value for z in board.zones}
        self.land_neighbours: dict[str, tuple[str, ...]] = {}
        self.sea_neighbours: dict[str, tuple[str, ...]] = {}
        for z in board.zones:
            near = board.neighbours(z.name)
            self.land_neighbours[z.name] = tuple(n for n in near if n in self.land)
            self.sea_neighbours[z.name] = tuple(n for n in near if n in self.seas)
        self._plans: dict[tuple[str, int], Plan] = {}

    def plan(self, world: World, nation: str, turn: int) -> Plan:
        key = (nation, turn)
        found = self._plans.get(key)
        if found is None:
            found = self._plans[key] = self._make_plan(world, nation, turn)
        return found

    def _make_plan(self, world: World, nation: str, turn: int) -> Plan:
        zones: dict[str, float] = {}
        cities: dict[str, float] = {}
        for rule in world.nation(nation).scoring:
            times = sum(1 for t in rule.turns if t >= turn)
            if not times:
                continue
            area = rule.area()
            where = [z for z in (area or sorted(self.land)) if z in self.land]
            if not where:
                continue
            if rule.kind == "zone":
                into = cities if rule.needs_city else zones
                for z in where:
                    into[z] = into.get(z, 0.0) + rule.points * times
            elif rule.kind == "city":
                for z in where:
                    cities[z] = cities.get(z, 0.0) + rule.points * times
            else:  # region, zone_list: the points once for the whole area, shared out
                share = rule.points * times / len(where)
                for z in where:
                    zones[z] = zones.get(z, 0.0) + share
        targets = set(zones) | set(cities)
        land = _bfs(targets, self.land_neighbours)
        sea_starts = {s for z in targets for s in self.sea_neighbours[z]}
        sea = _bfs(sea_starts, {s: self.sea_neighbours[s] for s in self.seas})
        return Plan(zones, cities, land, sea)


def _bfs(starts: Iterable[str], graph: Mapping[str, Iterable[str]]) -> dict[str, int]:
    dist = {s: 0 for s in starts}
    todo = deque(dist)
    while todo:
        z = todo.popleft()
        for n in graph.get(z, ()):
            if n not in dist:
                dist[n] = dist[z] + 1
                todo.append(n)
    return dist


_GEOMETRY: weakref.WeakKeyDictionary[World, Geometry] = weakref.WeakKeyDictionary()


def geometry(world: World) -> Geometry:
    """The :class:`Geometry` of a world (computed once, kept while the world lives)."""
    found = _GEOMETRY.get(world)
    if found is None:
        found = _GEOMETRY[world] = Geometry(world)
    return found


@dataclass(frozen=True)
class Chances:
    """A battle's odds from one side: it wins (holds the zone), and the expected losses."""

    win: float
    lose: float
    my_losses: float
    their_losses: float


class View:
    """One position as one nation sees it, for one decision."""

    def __init__(self, world: World, state: ItaliaState, nation: str) -> None:
        self.world = world
        self.state = state
        self.nation = nation
        self.geo = geometry(world)
        self.plan = self.geo.plan(world, nation, state.turn)
        self.info = world.nation(nation)
        self.ashore: dict[str, list[Unit]] = {}
        for u in state.units.values():
            if u.carrier is None:
                self.ashore.setdefault(u.zone, []).append(u)
        self._limits: dict[str, int | None] = {}
        self._stacks: dict[str, int] = {}
        self._chances: dict[tuple[object, ...], Chances] = {}
        self._supremacy: dict[tuple[str, str], str | None] = {}
        # the nation's allies (12.5.2: its master and its subjects), as World.allied says:
        # asked of every unit the greedy player looks at
        masters = state.masters
        allied = {s for s, m in masters.items() if m == nation}
        if nation in masters:
            allied.add(masters[nation])
        self.allies: frozenset[str] = frozenset(allied)

    # -- who is where ----------------------------------------------------------------------
    def mine(self, zone: str) -> list[Unit]:
        return [u for u in self.ashore.get(zone, ()) if u.nation == self.nation]

    def enemies(self, zone: str) -> list[Unit]:
        """Units ashore of nations at war with this one (12.5.2: allies aside)."""
        nation, allies = self.nation, self.allies
        return [
            u for u in self.ashore.get(zone, ()) if u.nation != nation and u.nation not in allies
        ]

    def allies_in(self, zone: str) -> bool:
        """Units of an ally (a subject or the master, 12.5.2) stand in ``zone``."""
        allies = self.allies
        return bool(allies) and any(u.nation in allies for u in self.ashore.get(zone, ()))

    def may_stay(self, zone: str) -> bool:
        """False for a borderland the nation must leave by the end of movement (9.2)."""
        return zone not in self.geo.borderlands or zone in self.info.may_stay_in_borderlands

    # -- what zones are worth --------------------------------------------------------------
    def worth(self, zone: str) -> float:
        """Victory points (and income) holding ``zone`` can still bring this nation."""
        if zone not in self.geo.land or zone in self.geo.borderlands:
            return 0.0
        value = BASE_ZONE + self.plan.zone_points.get(zone, 0.0)
        if self.state.has_city(zone):
            value += self.plan.city_points.get(zone, 0.0)
        return value

    def distance(self, zone: str) -> int:
        """Steps over land from ``zone`` to a zone that scores for this nation."""
        return self.plan.land_distance.get(zone, FAR)

    def sea_distance(self, sea: str) -> int:
        return self.plan.sea_distance.get(sea, FAR)

    def progress(self, src: str, dst: str) -> float:
        """How much nearer a scoring zone a step from ``src`` to ``dst`` goes (-2..2)."""
        return float(max(-2, min(2, self.distance(src) - self.distance(dst))))

    def is_strait(self, a: str, b: str) -> bool:
        """True when ``a`` and ``b`` are joined by a strait (9.4, 10.8.2)."""
        link = self.world.board.link(a, b)
        return link is not None and link.kind == "strait"

    def limit(self, zone: str) -> int | None:
        """The stacking limit of this nation in ``zone`` (8.0), None for no limit."""
        if zone not in self._limits:
            found = stacking_limit(self.world, self.state, zone, self.nation)
            self._limits[zone] = None if found is None else found.value
        return self._limits[zone]

    def stack_count(self, zone: str) -> int:
        """This nation's units in ``zone`` that count for stacking (8.0)."""
        found = self._stacks.get(zone)
        if found is None:
            found = self._stacks[zone] = sum(1 for u in self.mine(zone) if u.counts_for_stacking)
        return found

    def elimination_points(self, units: Iterable[Unit]) -> float:
        """Victory points this nation scores for eliminating ``units`` (11.0)."""
        return sum(self.info.elimination_points(u.type.value, u.nation, u.name) for u in units)

    # -- battles -----------------------------------------------------------------------------
    def chances(
        self,
        mine: list[Unit],
        theirs: list[Unit],
        zone: str,
        *,
        attacking: bool = True,
        landing: bool = False,
        raid: bool = False,
    ) -> Chances:
        """The odds of a land battle in ``zone`` between ``mine`` and ``theirs`` (memoised
        for the decision: the same units in the same battle are judged once)."""
        key = (
            frozenset(u.id for u in mine),
            frozenset(u.id for u in theirs),
            zone,
            attacking,
            landing,
            raid,
        )
        found = self._chances.get(key)
        if found is None:
            found = self._chances[key] = self._chances_of(
                mine, theirs, zone, attacking=attacking, landing=landing, raid=raid
            )
        return found

    def _chances_of(
        self,
        mine: list[Unit],
        theirs: list[Unit],
        zone: str,
        *,
        attacking: bool,
        landing: bool,
        raid: bool,
    ) -> Chances:
        my_units, my_leaders, my_troops = _composition(mine)
        their_units, their_leaders, their_troops = _composition(theirs)
        if not my_troops:
            return Chances(0.0, 1.0, 0.0, 0.0)
        if not their_troops and not raid:
            return Chances(1.0, 0.0, 0.0, 0.0)
        if not attacking and not their_troops:
            return Chances(1.0, 0.0, 0.0, 0.0)
        rulebook = self.world.rulebook
        if not rulebook.fixed_land_odds():  # a variant's battles: its own odds
            attackers, defenders = (mine, theirs) if attacking else (theirs, mine)
            a_wins, d_wins, a_lost, d_lost = rulebook.land_odds(
                self.world, self.state, attackers, defenders, zone
            )
            if attacking:
                return Chances(a_wins, d_wins, a_lost, d_lost)
            return Chances(d_wins, a_wins, d_lost, a_lost)
        sup = None
        if not raid and self.geo.sea_neighbours[zone] and theirs:
            who = self.supremacy(zone, theirs[0].nation)
            if who is not None:
                mine_has = who == self.nation
                sup = "attacker" if mine_has == attacking else "defender"
        terrain = self.geo.terrain.get(zone, "clear")
        if terrain not in ("clear", "mountain", "swamp"):
            terrain = "clear"
        mine_key, theirs_key = (my_units, my_leaders), (their_units, their_leaders)
        attacker, defender = (mine_key, theirs_key) if attacking else (theirs_key, mine_key)
        key = (
            attacker,
            defender,
            terrain,
            self.state.has_city(zone),
            sup,
            landing and attacking,
            raid,
        )
        odds = _LAND_ODDS.get(key)
        if odds is None:
            odds = _land_odds(key)
        a_wins, d_wins, a_lost, d_lost = odds
        if attacking:
            return Chances(a_wins, d_wins, a_lost, d_lost)
        return Chances(d_wins, a_wins, d_lost, a_lost)

    def supremacy(self, zone: str, other: str) -> str | None:
        """Which of this nation and ``other`` has naval supremacy at ``zone`` (10.9)."""
        key = (zone, other)
        if key not in self._supremacy:
            self._supremacy[key] = supremacy(self.world, self.state, zone, self.nation, other)
        return self._supremacy[key]

    def naval_chances(self, mine: list[Unit], theirs: list[Unit]) -> Chances:
        """The odds of attacking ``theirs`` fleets with ``mine`` at sea (10.8)."""
        if not mine:
            return Chances(0.0, 1.0, 0.0, 0.0)
        if not theirs:
            return Chances(1.0, 0.0, 0.0, 0.0)
        state = self.state

        def cargo(fleets: list[Unit]) -> tuple[int, ...]:
            return tuple(sum(1 for c in state.cargo(f.id) if not c.is_leader) for f in fleets)

        key = (cargo(mine), cargo(theirs))
        odds = _NAVAL_ODDS.get(key)
        if odds is None:
            battle = Battle(
                Side({UnitType.FLEET: len(mine)}, embarked=key[0]),
                Side({UnitType.FLEET: len(theirs)}, embarked=key[1]),
                naval=True,
            )
            odds = _remember(_NAVAL_ODDS, key, _summary(exact_odds(battle)))
        return Chances(*odds)


#: a battle's odds as the greedy player reads them: (attacker wins, defender wins, the
#: attacker's expected losses, the defender's)
OddsSummary = tuple[float, float, float, float]
#: a side as the odds see it: its units by type (in :class:`UnitType` order, none left out
#: at zero) and its leaders
Composition = tuple[tuple[tuple[UnitType, int], ...], int]

#: the odds of the battles already judged, by what decides them: the sides' compositions,
#: the terrain, a city, naval supremacy, a landing (10.8.2), a raid; for land battles, and
#: for naval ones by the cargo of each fleet. Kept across decisions and games: a greedy
#: game judges the same few hundred small battles tens of thousands of times, and building
#: a :class:`Battle` with its two :class:`Side` objects (which check and sort their units)
#: to look it up in :func:`exact_odds`'s own memo cost more than the look-up.
_LAND_ODDS: dict[tuple[object, ...], OddsSummary] = {}
_NAVAL_ODDS: dict[tuple[object, ...], OddsSummary] = {}
_MEMO_LIMIT = 50_000  # battles kept before a memo starts again (a few MB)
#: each unit type's place in :class:`UnitType` (the order a :class:`Side` keeps)
_TYPE_ORDER = {t: i for i, t in enumerate(UnitType)}


def _composition(units: Iterable[Unit]) -> tuple[tuple[tuple[UnitType, int], ...], int, int]:
    """The land units of ``units`` by type (in :class:`UnitType` order), the leaders, and
    the number of troops (fleets left out: they do not fight ashore)."""
    counts: dict[UnitType, int] = {}
    leaders = 0
    for u in units:
        if u.is_leader:
            leaders += 1
        elif not u.is_fleet:
            counts[u.type] = counts.get(u.type, 0) + 1
    if len(counts) > 1:
        ordered = tuple(sorted(counts.items(), key=lambda item: _TYPE_ORDER[item[0]]))
    else:
        ordered = tuple(counts.items())
    return ordered, leaders, sum(counts.values())


def _land_odds(key: tuple[object, ...]) -> OddsSummary:
    """Work out (and remember) the odds of the land battle ``key`` describes (see
    :data:`_LAND_ODDS`)."""
    attacker, defender, terrain, city, sup, landing, raid = key
    battle = Battle(
        _side_of(attacker),  # type: ignore[arg-type]
        _side_of(defender),  # type: ignore[arg-type]
        terrain=terrain,  # type: ignore[arg-type]
        city=bool(city),
        supremacy=sup,  # type: ignore[arg-type]
        naval_invasion=bool(landing),
        raid=bool(raid),
    )
    return _remember(_LAND_ODDS, key, _summary(exact_odds(battle)))


def _side_of(composition: Composition) -> Side:
    units, leaders = composition
    return Side(dict(units), leaders=leaders)


def _summary(odds: Odds[float]) -> OddsSummary:
    lost = odds.expected_losses
    return (odds.attacker_wins, odds.defender_wins, lost["attacker"], lost["defender"])


def _remember(
    memo: dict[tuple[object, ...], OddsSummary], key: tuple[object, ...], odds: OddsSummary
) -> OddsSummary:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = odds
    return odds


def unit_value(units: Iterable[Unit]) -> float:
    return sum(UNIT_VALUE[u.type] for u in units)
