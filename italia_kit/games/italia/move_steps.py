"""One piece's or one stack's one-step moves, for the move list (9.0-9.6, 8.3, 12.3.1,
12.5.2, 13.1, 13.2): predicates that state the rules of ``check_move``, ``check_embark`` and
``check_disembark`` for one step, reading what :func:`.move_list.legal_moves` counted in its
pass over the nation's pieces (:class:`Occupancy`), and the move values made once per world.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress

from italia_kit.core import Action
from italia_kit.games.italia.actions import Embark, Move
from italia_kit.games.italia.special import hannibal_march
from italia_kit.games.italia.state import ItaliaState, MoveRecord, Unit
from italia_kit.games.italia.units import SPECS, UnitType
from italia_kit.games.italia.world import LandMoves, LandSteps, World

FLEET_LOAD = 2  # 9.6: a fleet carries at most two units a turn (leaders free)
LEADER, FLEET = UnitType.LEADER, UnitType.FLEET
ROME = frozenset({"Rome"})
FLEET_MOVES = SPECS[FLEET].movement  # 9.5: sea zones a turn
MOVEMENT = {t: spec.movement for t, spec in SPECS.items()}  # 9.0: zones a phase
TROOPS = {t: 1 if spec.counts_for_stacking else 0 for t, spec in SPECS.items()}  # 8.0


class Occupancy:
    """Who of one nation stands where, as the rules of a step read it, for the checks that
    look at it once :func:`.move_list.legal_moves` has read all the nation's pieces."""

    __slots__ = ("allies_only", "attack_limit", "closed", "count", "guarded", "leaders", "refusals")

    def __init__(
        self,
        count: dict[str, int],
        leaders: set[str],
        allies_only: set[str],
        guarded: set[str],
        closed: frozenset[str],
        attack_limit: Callable[[str], int],
    ) -> None:
        self.count = count  # own units counted for stacking, ashore, in guarded zones (8.0)
        self.leaders = leaders  # zones with an own leader ashore
        self.allies_only = allies_only  # 12.5.2: no move ends here (a campaign's may, 12.3.1)
        self.guarded = guarded  # 8.3: entering is an attack, limited, until invaded (9.3)
        self.closed = closed  # 13.1
        self.attack_limit = attack_limit  # 8.3: World.attack_limit
        # the zones a piece may not step into alone, by (troops, leader, campaigning,
        # extra), made when first asked (refused)
        self.refusals: dict[tuple[int, bool, bool, int], frozenset[str]] = {}

    def refused(self, troops: int, leader: bool, campaigning: bool, extra: int) -> frozenset[str]:
        """The zones a piece alone may not step into (13.1, 12.5.2, 8.3), the piece counting
        ``troops`` for stacking (8.0), a leader or not, campaigning (12.3.1: no limits for
        the leader) or not, with ``extra`` more attackers allowed (12.2), made once an
        occupancy for each kind of piece.

        8.3 limits a step into a guarded zone only where the nation's pieces already
        stand: the attack limits are at least 1 (a stacking limit of 0 or more, +1), so an
        empty zone takes any piece alone, and only the zones in ``count`` (or none) are
        looked at."""
        key = (troops, leader, campaigning, extra)
        found = self.refusals.get(key)
        if found is not None:
            return found
        if campaigning:
            found = self.closed  # 13.1 only
        else:
            crowded = [
                zone
                for zone, n in self.count.items()
                if zone in self.guarded
                and n + troops
                > self.attack_limit(zone) + extra + (1 if leader or zone in self.leaders else 0)
            ]
            found = self.closed.union(self.allies_only, crowded)
        self.refusals[key] = found
        return found


def boardings(
    world: World,
    state: ItaliaState,
    nation: str,
    fleet: Unit,
    boarders: dict[str, list[Unit]],
    cargo: dict[int, int],
) -> list[Action]:
    """9.6: one fleet's embarkations, of the units that may board (``boarders``, by zone in
    id order) beside it, as many as it has room for (leaders board free)."""
    out: list[Action] = []
    if not boarders:
        return out
    frec = state.moves.get(fleet.id)
    carried = frec.carried if frec is not None else 0
    room = FLEET_LOAD - max(carried, cargo.get(fleet.id, 0))  # troops it may yet take
    exits = world.land_exits(fleet.zone)
    if room < 0 or boarders.keys().isdisjoint(exits):
        return out
    cache = world.action_cache
    for land in exits:
        for u in boarders.get(land, ()):
            if room or u.type is LEADER:
                key = ("embark", nation, fleet.id, u.id)
                if (action := cache.get(key)) is None:
                    action = cache[key] = Embark(nation, fleet.id, (u.id,))
                out.append(action)
    return out


def steps_alone(
    world: World,
    nation: str,
    land_memo: dict[int, dict[str, LandMoves]],
    uid: int,
    zone: str,
    used: int,
) -> LandSteps:
    """A land unit's one-step moves from ``zone`` (made once per world), all of them if it
    has not moved yet, else those over land only (9.4: a strait is the whole move)."""
    if (by_land := land_memo.get(uid)) is None:
        by_land = land_memo[uid] = {}
    if (made := by_land.get(zone)) is None:
        made = by_land[zone] = land_moves(world, nation, uid, zone)
    return made[1 if used else 0]


def second_look(
    occ: Occupancy, extra: int, campaign: bool, u: Unit, option: LandSteps
) -> Sequence[Action]:
    """A unit's steps alone, where some enter zones of allies, enemies or Rome: those 13.1,
    12.5.2 and 8.3 allow, given the nation's occupancy (``extra``: 12.2; ``campaign``: a
    campaign is under way, 12.3.1), as :meth:`Occupancy.refused` reads them once for each
    kind of piece."""
    is_leader = u.type is LEADER
    refused = occ.refused(TROOPS[u.type], is_leader, campaign and is_leader, extra)
    zones, moves, _ = option
    hit = refused.intersection(zones)
    if not hit:
        return moves
    if len(hit) == 1:  # the usual case: one step refused, cut out (zones are distinct)
        i = zones.index(next(iter(hit)))
        return moves[:i] + moves[i + 1 :]
    return [move for to, move in zip(zones, moves, strict=True) if to not in hit]


def refusals_alike(before: Occupancy, after: Occupancy, kind: UnitType, extra: int) -> bool:
    """Whether ``after`` refuses a piece of ``kind`` alone (outside a campaign, ``extra``:
    12.2) the zones ``before`` refuses it (13.1, 12.5.2, 8.3): its :func:`second_look` is
    then the same under both."""
    troops, leader = TROOPS[kind], kind is LEADER
    return before.refused(troops, leader, False, extra) == after.refused(
        troops, leader, False, extra
    )


def group_at(state: ItaliaState, nation: str, zone: str) -> list[Unit]:
    """9.1: the nation's units ashore in ``zone`` that may still move, in id order (the
    zone index is in id order)."""
    moves = state.moves
    return [
        u
        for u in state.where[zone]
        if u.nation == nation
        and u.carrier is None
        and u.type is not FLEET
        and ((rec := moves.get(u.id)) is None or not rec.stopped)
    ]


def moves_together(
    world: World,
    state: ItaliaState,
    occ: Occupancy,
    nation: str,
    group: list[Unit],
    zone: str,
    hannibal: bool,
) -> list[Action]:
    """The moves of a leader's whole zone together (9.1), made once per world."""
    ids = tuple(u.id for u in group)
    cache = world.action_cache
    out: list[Action] = []
    for to in group_steps(world, state, occ, nation, group, zone, hannibal):
        key = ("move", nation, ids, zone, to)
        if (action := cache.get(key)) is None:
            action = cache[key] = Move(nation, ids, (zone, to))
        out.append(action)
    return out


def land_moves(world: World, nation: str, uid: int, zone: str) -> LandMoves:
    """A land unit's one-step moves from ``zone`` (for ``world.land_moves``), with where
    each goes: every step, then those over land (9.4), as ``world.reach`` lists them. Only
    this memo makes them, so they are not looked for in ``world.action_cache``.

    They are kept for good, and each container kept is one the cycle collector looks at
    again and again (some 4,000 moves a Medieval game): the moves share one ``units``
    value and the world's paths, and where no strait leaves the zone the two kinds of
    steps are one value."""
    every, overland = world.reach[zone]
    units = (uid,)
    moves = tuple([Move(nation, units, path) for path in world.land_paths[zone]])
    steps = (every[0], moves, every[1])
    if overland is every:  # no strait from here: the steps over land are all of them
        return steps, steps
    made = dict(zip(every[0], moves, strict=True))
    return steps, (overland[0], tuple([made[to] for to in overland[0]]), overland[1])


def sea_moves(world: World, nation: str, uid: int, zone: str) -> tuple[Action, ...]:
    """A fleet's one-step moves from ``zone`` (for ``world.sea_moves``, 9.5)."""
    return tuple(Move(nation, (uid,), (zone, to)) for to in world.sea_exits(zone))


def group_steps(
    world: World,
    state: ItaliaState,
    occ: Occupancy,
    nation: str,
    group: list[Unit],
    zone: str,
    hannibal: bool,
) -> list[str]:
    """Where a leader's whole zone may move one zone together (``check_move``'s rules)."""
    moves = state.moves
    campaign = state.campaign
    if (
        campaign is not None
        and campaign["stage"] == "decide"
        and int(campaign["leader"]) not in {u.id for u in group}
    ):
        return []  # 12.3.1
    leader = next(u.id for u in group if u.is_leader)
    # each allowance once: a leader goes as far as the troops he leads may (9.1), those
    # that have come every step of the phase with him (a leader who moved alone: 3 zones)
    allowance = world.rulebook.movement_allowance
    limits = [allowance(state, u, leader) for u in group]
    used_by = [rec.steps if (rec := moves.get(u.id)) is not None else 0 for u in group]
    troop_limits = [
        (limit, used)
        for u, limit, used in zip(group, limits, used_by, strict=True)
        if not u.is_leader
    ]
    moved = False
    left: list[tuple[Unit, int]] = []  # what each has left of its allowance
    for u, limit, used in zip(group, limits, used_by, strict=True):
        moved = moved or bool(used)
        if u.is_leader:
            limit = max([limit, *(t for t, steps in troop_limits if steps == used)])
        if used + 1 > limit:
            return []  # 9.0/9.1: someone in the group has no movement left
        left.append((u, limit - used))
    # a variant's step costs (9.0 counts one a zone): every unit of the group must afford
    # it. From the variant's table by zone entered (Rulebook.step_costs), the same for every
    # unit, a step is affordable to all when it is to the one with the least left
    rulebook = world.rulebook
    cost = None if rulebook.fixed_step_cost() else rulebook.step_cost
    costs = None if cost is None else rulebook.step_costs(world, state, nation)
    least = min([n for _, n in left]) if costs is not None else 0
    campaigning = campaign is not None  # the group has a leader (12.3.1)
    extra = 1 if state.major else 0
    out = []
    for to, strait in world.land_steps(zone):
        if hannibal and hannibal_march(world, state, nation, (zone, to)):
            if not moved:  # 13.2: the march is the units' whole move, and needs no link
                out.append(to)
            continue
        if (strait and moved) or to in occ.closed:
            continue  # 9.4; 13.1
        if costs is not None:
            if costs[to] > least:
                continue  # 9.0: the step costs more than someone has left
        elif cost is not None and any(cost(world, state, u, zone, to) > n for u, n in left):
            continue  # 9.0: the step costs more than someone has left
        if not campaigning:
            if to in occ.allies_only:
                continue  # 12.5.2
            if to in occ.guarded:
                limit = world.attack_limit(to) + 1 + extra  # a leader goes along (8.3)
                if occ.count.get(to, 0) + len(troop_limits) > limit:
                    continue
        out.append(to)
    return out


def dearest_steps(world: World, costs: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """By zone, what the dearest of a land unit's steps from it costs at ``costs`` (a
    variant's step costs by zone entered, :meth:`~.rulebook.Rulebook.step_costs`): of every
    step, and of those over land (9.4), as ``world.reach`` lists them. The move list asks
    :func:`affordable` only where that is more than a unit has left (most steps cost one
    point); the world keeps the table while the rulebook gives the same costs."""
    kept = world.dearest
    if kept is None or kept[0] is not costs:
        table = {
            zone: (
                max([costs[to] for to in every[0]], default=0),
                max([costs[to] for to in overland[0]], default=0),
            )
            for zone, (every, overland) in world.reach.items()
        }
        kept = world.dearest = (costs, table)
    return kept[1]


def affordable(
    world: World,
    state: ItaliaState,
    unit: Unit,
    zone: str,
    option: LandSteps,
    left: int,
    costs: Mapping[str, int] | None = None,
) -> LandSteps:
    """The steps of ``option`` (from ``zone``) that ``unit``, with ``left`` of its allowance,
    can pay for at a variant's :meth:`~.rulebook.Rulebook.step_cost` (Italia: all), read
    from ``costs`` when the variant gives them by zone
    (:meth:`~.rulebook.Rulebook.step_costs`)."""
    zones, moves, limits = option
    if costs is None:
        cost = world.rulebook.step_cost
        kept = [cost(world, state, unit, zone, to) <= left for to in zones]
    else:
        entry = costs.__getitem__
        if max(map(entry, zones), default=0) <= left:
            return option  # the usual case: every step affordable, read in one call
        kept = [c <= left for c in map(entry, zones)]
    if all(kept):
        return option
    return tuple(compress(zones, kept)), tuple(compress(moves, kept)), tuple(compress(limits, kept))


def may_land(
    world: World, state: ItaliaState, occ: Occupancy, rec: MoveRecord | None, unit: Unit, zone: str
) -> bool:
    """``check_disembark`` for one unit landing in ``zone`` (9.6, 13.1, 12.5.2, 8.3)."""
    if rec is not None and rec.fleet_used not in (None, unit.carrier):
        return False  # 9.6: one fleet a turn
    if zone in occ.closed:
        return False  # 13.1
    if zone in occ.allies_only:
        return False  # 12.5.2
    if zone in occ.guarded:
        leader = unit.is_leader or zone in occ.leaders
        limit = world.attack_limit(zone) + (1 if leader else 0) + (1 if state.major else 0)
        troops = 0 if unit.is_leader else 1
        if occ.count.get(zone, 0) + troops > limit:
            return False
    return True
