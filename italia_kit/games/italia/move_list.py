"""Listing the legal actions of a movement phase fast (9.0-9.6, 12.3.1, 12.5.2, 13.1, 13.2).

A random game asks for this list some 650 times, so it is built from one pass over the
nation's pieces and predicates that read what the pass counted, instead of asking the
raising checks of :mod:`.movement` about every candidate. A unit's steps alone are made
once per world (``World.land_moves``, ``World.sea_moves``) and taken whole unless one of
them enters a zone of allies, of enemies or Rome, the only steps that need a second look.
The predicates state the same rules as ``check_move``, ``check_embark`` and
``check_disembark`` for the one-step moves listed here; ``tests/test_italia_properties.py``
holds the two lists equal at every movement decision of random games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter

from italia_kit.core import Action
from italia_kit.games.italia.actions import Disembark, Embark, Move
from italia_kit.games.italia.move_hooks import unit_sailings
from italia_kit.games.italia.move_sides import Parts, Sides
from italia_kit.games.italia.move_steps import (
    FLEET,
    FLEET_MOVES,
    LEADER,
    Occupancy,
    affordable,
    boardings,
    group_at,
    may_land,
    moves_together,
    refusals_alike,
    sea_moves,
    second_look,
    steps_alone,
)
from italia_kit.games.italia.movement import landed_with
from italia_kit.games.italia.special import hannibal_march
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import LandSteps, World

#: a piece's id, in C (sorting a phase's pieces asks it of each)
_by_id = attrgetter("id")


def legal_moves(world: World, state: ItaliaState, nation: str) -> list[Action]:
    """The movement phase's moves, embarkations and landings, and a variant's land units
    sailing alone (:func:`.move_hooks.sailings`), all made by :func:`_listed`, without
    those of units a variant holds in place (:meth:`~.rulebook.Rulebook.held_in_place`,
    asked once a list: the parts of the list are kept whole and the held units' parts
    left out), and the moves of groups a variant holds
    (:meth:`~.rulebook.Rulebook.leave_together`)."""
    rulebook = world.rulebook
    sides = Sides.of(world, state, nation)
    held: frozenset[int] | set[int] = _NONE_HELD
    if not rulebook.fixed_leaving():
        held = _held(world, state, nation, sides)
    if rulebook.fixed_group_leaving() or not sides.foes:
        return _listed(world, state, nation, sides, held)
    # a variant's hold on a group (Rulebook.leave_together): only moves of two or more
    # units from a zone with enemies are asked, and a group's (9.1) once for all its moves
    # (they all move the group's units): the kept parts stay whole, the list leaves them out
    foes, units = sides.foes, state.units

    def group_held(move: Action) -> bool:
        ids: tuple[int, ...] = getattr(move, "units", ())
        return (
            isinstance(move, Move)
            and len(ids) > 1
            and units[ids[0]].zone in foes
            and rulebook.leave_together(world, state, [units[i] for i in ids]) is not None
        )

    return _listed(world, state, nation, sides, held, group_held)


def _held(world: World, state: ItaliaState, nation: str, sides: Sides) -> set[int]:
    """The units a variant holds in place now (:meth:`~.rulebook.Rulebook.held_in_place`),
    asked of every piece of the nation at a phase's first list. A rulebook that holds
    units only among enemies, by the pieces of their own zone (``Rulebook.holds_by_zone``),
    is asked again, after pieces moved, only about the units in the zones with enemies
    they left or entered: the held units elsewhere stay held, the others free."""
    rulebook = world.rulebook
    kept = sides.held
    if kept is not None and not sides.relocated:
        return kept  # nothing moved since the last list (its first, or after a refusal)
    held_at = sides.held_at
    zones: set[str] = set()  # where pieces left or entered
    if kept is not None:
        for u in sides.relocated:
            uid, zone = u.id, u.zone
            was = held_at.get(uid)
            if was is None:
                kept = None  # another nation's piece: ask about every piece again
                break
            zones.add(was)
            zones.add(zone)
            held_at[uid] = zone
    if kept is None:
        held = rulebook.held_in_place(world, state, nation, sides.own, sides.foes, sides.memo)
        if rulebook.holds_by_zone:
            sides.held = held
            sides.held_at = {u.id: u.zone for u in sides.own}
        return held
    where, units = state.where, state.units
    held = {i for i in kept if units[i].zone not in zones}
    asked = zones & sides.foes  # nobody is held where no enemy stands
    here = [u for z in asked for u in where.get(z, ()) if u.nation == nation]
    if here:  # (most moves leave and enter zones without enemies: nobody to ask)
        held |= rulebook.held_in_place(world, state, nation, here, sides.foes, sides.memo)
    sides.held = held
    return held


#: no unit held in place (Italia's rulebook, or no unit of a variant's held now)
_NONE_HELD: frozenset[int] = frozenset()


def _listed(
    world: World,
    state: ItaliaState,
    nation: str,
    sides: Sides,
    in_place: frozenset[int] | set[int] = _NONE_HELD,
    group_held: Callable[[Action], bool] | None = None,
) -> list[Action]:
    """The one-step moves of each unit and of each leader's whole zone, the march to the
    Alps (13.2), embarking and landing (9.6), in a fixed order, in a new list each call
    (the caller may extend it), leaving out those of the units ``in_place`` (held there)
    and the moves of two or more units ``group_held`` says are held (a variant's
    :meth:`~.rulebook.Rulebook.leave_together`, asked of one move of each group).

    One pass over the nation's pieces counts them by zone and lists each unit's own steps
    where no step needs a second look (most of them); the steps into zones of allies,
    enemies or Rome are looked at after it, when the counts are known. After a move, an
    embarkation or a landing the last list is only changed where pieces moved
    (:func:`_again`)."""
    again = _again(world, state, nation, sides, in_place, group_held)
    sides.relocated.clear()
    if again is not None:
        return again
    moves = state.moves
    campaign = state.campaign
    campaign_leader = int(campaign["leader"]) if campaign else None
    guarded, closed = sides.guarded, sides.closed
    barred = sides.barred  # where a step needs a second look
    limits = sides.limits  # each kind's allowance alone, or None: ask each unit (9.0, 9.1)
    allowance = world.rulebook.movement_allowance
    costly = not world.rulebook.fixed_step_cost()  # a variant's step costs (9.0: one a zone)
    dearest = sides.dearest
    land_memo, sea_memo = sides.land_memo, sides.sea_memo
    # own units counted for stacking (8.0) and own leaders, ashore, where they may be
    # attacked: 8.3 counts them in no other zone (and reads no sea: fleets are not counted)
    count: dict[str, int] = {}
    leaders: set[str] = set()
    cargo: dict[int, int] = {}  # troops (not leaders) aboard each fleet (9.6)
    fleets: list[Unit] = []  # the nation's fleets, moved or not (embarking, 9.6)
    aboard: list[Unit] = []  # aboard a fleet, not stopped (landing, 9.6)
    free_leaders: set[str] = set()  # zones where a leader may still move (9.1)
    # 9.6: units ashore that may still board a fleet (not a fleet, not moved, stopped or
    # carried yet this turn), by zone, in id order, if the nation has a fleet
    boarders: dict[str, list[Unit]] = {}
    fleeted = sides.fleeted
    own = sides.own
    alone: list[Sequence[Action]] = []  # each piece's steps alone, in id order
    slot: dict[int, int] = {}  # their places in alone, by unit id
    held: dict[int, tuple[Unit, LandSteps]] = {}  # (unit, its steps), by place in alone
    for u in own:  # in id order: the order of the list
        uid, zone, kind, carrier = u.id, u.zone, u.type, u.carrier
        rec = moves.get(uid)
        if carrier is not None:
            if kind is not LEADER:
                cargo[carrier] = cargo.get(carrier, 0) + 1
            if rec is None or not rec.stopped:
                aboard.append(u)
            continue
        if kind is FLEET:
            fleets.append(u)
            if rec is not None and (rec.stopped or rec.steps >= FLEET_MOVES):
                continue  # 9.5: two sea zones a turn
            if (
                campaign_leader is not None
                and uid != campaign_leader
                and not any(c.id == campaign_leader for c in state.cargo(uid))
            ):
                continue  # 12.3.1: in a campaign only the leader's fleet moves
            if (by_sea := sea_memo.get(uid)) is None:
                by_sea = sea_memo[uid] = {}
            if (seaward := by_sea.get(zone)) is None:
                seaward = by_sea[zone] = sea_moves(world, nation, uid, zone)
            slot[uid] = len(alone)
            alone.append(seaward)
            continue
        if zone in guarded:
            if kind is LEADER:
                leaders.add(zone)
            else:  # every unit but a leader counts (8.0)
                count[zone] = count.get(zone, 0) + 1
        if rec is None:
            used = 0
        elif rec.stopped:
            continue
        else:
            used = rec.steps
        if kind is LEADER:
            free_leaders.add(zone)
        if fleeted and not used and (rec is None or rec.fleet_used is None):
            if zone in boarders:
                boarders[zone].append(u)
            else:
                boarders[zone] = [u]
        if campaign_leader is not None and uid != campaign_leader:
            continue  # 12.3.1: in a campaign nothing moves without the leader
        # 9.0/9.1: alone, a unit has its own allowance
        limit = limits[kind] if limits is not None else allowance(state, u, None)
        if used >= limit:
            continue
        option = steps_alone(world, nation, land_memo, uid, zone, used)
        if costly and (dearest is None or dearest[zone][1 if used else 0] > limit - used):
            option = affordable(world, state, u, zone, option, limit - used, sides.costs)
        slot[uid] = k = len(alone)
        if not barred.isdisjoint(option[0]):
            held[k] = (u, option)
        alone.append(option[1])
    # read from now on
    occ = Occupancy(count, leaders, sides.allies_only, guarded, closed, world.attack_limit)
    extra = 1 if state.major else 0  # 12.2: a major invasion attacks with one more
    for k, (u, option) in held.items():  # into zones of allies, enemies, Rome
        alone[k] = second_look(occ, extra, campaign is not None, u, option)
    out = _landings(world, state, nation, occ, aboard)
    lead = state.units.get(campaign_leader) if campaign_leader is not None else None
    if lead is not None and out:  # 12.3.1: troops land with the leader or after him
        out = [
            a
            for a in out
            if isinstance(a, Disembark)
            and (a.units[0] == lead.id or landed_with(state, lead, state.units[a.units[0]], a.zone))
        ]
    hannibal = sides.march  # hannibal_march may hold somewhere (13.2)
    # 9.1: a leader's whole zone moves together: the units there that may still move, in
    # id order; the groups in the order of their first units
    groups: list[tuple[int, str, list[Action]]] = []
    if campaign is None and hannibal:  # every zone is asked about the march (13.2)
        by_zone: dict[str, list[Unit]] = {}
        for u in own:
            rec = moves.get(u.id)
            if u.carrier is None and u.type is not FLEET and (rec is None or not rec.stopped):
                by_zone.setdefault(u.zone, []).append(u)
        for zone, group in by_zone.items():
            if len(group) > 1 and any(u.type is LEADER for u in group):
                moved = moves_together(world, state, occ, nation, group, zone, hannibal)
                groups.append((group[0].id, zone, moved))
            if hannibal_march(world, state, nation, (zone, "Alps")):
                fresh = tuple(u.id for u in group if u.id not in moves or not moves[u.id].steps)
                if fresh:
                    out.append(Move(nation, fresh, (zone, "Alps")))
    elif free_leaders:  # only where a leader stands (the zone index is in id order)
        for zone in free_leaders:
            group = group_at(state, nation, zone)
            if len(group) > 1 and (
                campaign_leader is None or any(u.id == campaign_leader for u in group)
            ):  # 12.3.1
                moved = moves_together(world, state, occ, nation, group, zone, hannibal)
                groups.append((group[0].id, zone, moved))
        if len(groups) > 1:
            groups.sort(key=_first)
    landings = out[:] if campaign is None and not hannibal else []
    boarding = {f.id: boardings(world, state, nation, f, boarders, cargo) for f in fleets}
    if lead is not None:  # 12.3.1: the leader boards first, the others join his fleet
        for fid, embarks in boarding.items():
            if embarks and fid != lead.carrier:
                boarding[fid] = [
                    a for a in embarks if isinstance(a, Embark) and a.units[0] == lead.id
                ]
    sails: list[tuple[Action, ...]] = []  # each piece's sailings alone, by place in own
    if sides.sailing:
        costs = sides.costs
        sails = [unit_sailings(world, state, nation, u, costs) for u in own]
    listed = _joined(out, alone, slot, groups, boarding, sails, in_place, group_held)
    if campaign is None and not hannibal:  # the common case _again makes again
        sides.parts = Parts(
            occ,
            landings,
            aboard,
            alone,
            slot,
            held,
            [u.zone for u in own],
            free_leaders,
            groups,
            fleets,
            cargo,
            boarders,
            boarding,
            sails,
        )
    else:
        sides.parts = None
    return listed


def _landings(
    world: World, state: ItaliaState, nation: str, occ: Occupancy, aboard: list[Unit]
) -> list[Action]:
    """9.6: where each unit ``aboard`` a fleet (not stopped, in id order) may land."""
    moves = state.moves
    cache = world.action_cache  # actions are values: each is made once per world, reused
    out: list[Action] = []
    for u in aboard:
        rec = moves.get(u.id)
        for zone in world.land_exits(u.zone):
            if may_land(world, state, occ, rec, u, zone):
                key = ("disembark", nation, u.id, zone)
                if (action := cache.get(key)) is None:
                    action = cache[key] = Disembark(nation, (u.id,), zone)
                out.append(action)
    return out


def _again(
    world: World,
    state: ItaliaState,
    nation: str,
    sides: Sides,
    in_place: frozenset[int] | set[int] = _NONE_HELD,
    group_held: Callable[[Action], bool] | None = None,
) -> list[Action] | None:
    """The list again after pieces moved, embarked or landed, with no campaign (12.3) or
    march (13.2) under way: None for anything else, to make it whole (an invasion, 9.3,
    changes no listed step: :class:`Sides`).

    A piece that moved changes its own steps; the groups (9.1) where it was and where it
    went; whether it may board a fleet (9.6: not once it has moved). A fleet that sailed,
    a unit that boarded or landed change the landings and the embarkations (9.6), and a
    leader where a group may move. Only pieces entering or leaving a guarded zone change
    the counts 8.3 reads, and only there: those zones are counted again (:func:`_counted`),
    and where a count changed every step, landing and group that read it is made again.
    What :func:`legal_moves` makes of the other pieces is kept."""
    parts = sides.parts
    moved = sides.relocated
    if parts is None or not moved or state.campaign is not None:
        return None
    index, zones, boarders, guarded = sides.index, parts.zones, parts.boarders, sides.guarded
    moves = state.moves
    pieces: dict[int, Unit] = {}  # the pieces that moved, by place in own, once each
    places: set[str] = set()  # where they were and went: the groups there change (9.1)
    gone: set[int] = set()  # units that may board no fleet now (9.6)
    refit: set[int] = set()  # fleets whose embarkations change (9.6)
    shipped = led = False
    recount: set[str] = set()  # guarded zones pieces left or entered (8.3)
    for u in moved:
        k = index.get(u.id)
        if k is None:
            return None  # not the nation's: nothing moves it in its movement phase
        was = zones[k]
        zones[k] = zone = u.zone
        pieces[k] = u
        places.add(was)
        places.add(zone)
        kind = u.type
        if kind is FLEET:  # at sea: 8.3 counts no fleet, none boards a fleet
            refit.add(u.id)
            continue
        if was in guarded:
            recount.add(was)  # the counts 8.3 reads may change there
        if zone in guarded:
            recount.add(zone)
        if kind is LEADER:
            led = True
        if u.carrier is not None:  # it boarded, or sailed with its fleet
            shipped = True
            refit.add(u.carrier)
        elif (rec := moves.get(u.id)) is not None and rec.fleet_used is not None:
            shipped = True  # it landed
            refit.add(rec.fleet_used)
        here = boarders.get(was)
        if here:  # it has moved, boarded or landed: it boards no fleet now
            for j, other in enumerate(here):
                if other is u:
                    del here[j]
                    gone.add(u.id)
                    break
    own = sides.own
    occ = before = parts.occ
    delta: set[str] = set()  # the guarded zones whose counts changed (8.3)
    if recount:  # counted again where pieces left or entered, as _listed counts (8.0, 8.3)
        count, leaders = occ.count, occ.leaders
        changed: dict[str, tuple[int, bool]] = {}
        for zone in recount:
            troops, led_here = found = _counted(state.where.get(zone, ()), nation)
            if troops != count.get(zone, 0) or led_here != (zone in leaders):
                changed[zone] = found
        if changed:
            delta = set(changed)
            count, leaders = dict(count), set(leaders)  # a new occupancy: refused() anew
            for zone, (troops, led_here) in changed.items():
                if troops:
                    count[zone] = troops
                else:
                    count.pop(zone, None)
                if led_here:
                    leaders.add(zone)
                else:
                    leaders.discard(zone)
            occ = parts.occ = Occupancy(
                count, leaders, sides.allies_only, guarded, sides.closed, world.attack_limit
            )
    barred = sides.barred
    alone, held = parts.alone, parts.held
    limits = sides.limits  # each kind's allowance alone, or None: ask each unit (9.0, 9.1)
    allowance = world.rulebook.movement_allowance
    costly = not world.rulebook.fixed_step_cost()  # a variant's step costs (9.0: one a zone)
    dearest = sides.dearest
    extra = 1 if state.major else 0  # 12.2
    slot = parts.slot
    sails = parts.sails
    if sails:  # a variant's boats: the sailings of the pieces that moved (of no others)
        for k, u in pieces.items():
            sails[k] = unit_sailings(world, state, nation, u, sides.costs)
    for u in pieces.values():  # their steps alone, as legal_moves makes them
        k = slot.get(u.id)
        if k is None:
            continue  # it had none, and has none: it was stopped or aboard (9.0, 9.6)
        held.pop(k, None)
        if u.carrier is not None:
            alone[k] = ()
            continue
        rec = moves.get(u.id)
        zone = u.zone
        if u.type is FLEET:
            if rec is not None and (rec.stopped or rec.steps >= FLEET_MOVES):
                alone[k] = ()  # 9.5: two sea zones a turn
                continue
            if (by_sea := sides.sea_memo.get(u.id)) is None:
                by_sea = sides.sea_memo[u.id] = {}
            if (seaward := by_sea.get(zone)) is None:
                seaward = by_sea[zone] = sea_moves(world, nation, u.id, zone)
            alone[k] = seaward
            continue
        used = rec.steps if rec is not None else 0
        limit = limits[u.type] if limits is not None else allowance(state, u, None)
        if (rec is not None and rec.stopped) or used >= limit:
            alone[k] = ()
            continue
        option = steps_alone(world, nation, sides.land_memo, u.id, zone, used)
        if costly and (dearest is None or dearest[zone][1 if used else 0] > limit - used):
            option = affordable(world, state, u, zone, option, limit - used, sides.costs)
        if barred.isdisjoint(option[0]):
            alone[k] = option[1]
        else:
            held[k] = (u, option)
            alone[k] = second_look(occ, extra, False, u, option)
    if delta:  # 8.3: the other second looks into those zones read their counts again,
        # unless the new counts refuse a piece of their kind the zones the old ones did:
        # a look reads nothing else (most counts change without crossing a limit)
        moved_ids = {u.id for u in pieces.values()}
        alike: dict[UnitType, bool] = {}
        for k, (u, option) in held.items():
            if u.id not in moved_ids and not delta.isdisjoint(option[0]):
                kind = u.type
                same = alike.get(kind)
                if same is None:
                    same = alike[kind] = refusals_alike(before, occ, kind, extra)
                if not same:
                    alone[k] = second_look(occ, extra, False, u, option)
    if shipped:  # 9.6: the landings read the cargo and the counts
        aboard: list[Unit] = []
        cargo: dict[int, int] = {}
        for u in own:
            carrier = u.carrier
            if carrier is not None:
                if u.type is not LEADER:
                    cargo[carrier] = cargo.get(carrier, 0) + 1
                if (rec := moves.get(u.id)) is None or not rec.stopped:
                    aboard.append(u)
        parts.aboard, parts.cargo = aboard, cargo
        parts.landings = _landings(world, state, nation, occ, aboard)
    elif delta and parts.aboard:  # nobody boarded, sailed or landed: the same units aboard
        aboard = parts.aboard
        if any(not delta.isdisjoint(world.land_exits(u.zone)) for u in aboard):
            parts.landings = _landings(world, state, nation, occ, aboard)
    boarding = parts.boarding
    for fid in refit:  # a fleet that sailed, or took or landed units
        if fid in boarding:
            fleet = own[index[fid]]
            boarding[fid] = boardings(world, state, nation, fleet, boarders, parts.cargo)
    if gone:  # the others' embarkations of the units that moved
        for fid, embarks in boarding.items():
            if embarks and fid not in refit:
                boarding[fid] = [
                    a for a in embarks if not (isinstance(a, Embark) and a.units[0] in gone)
                ]
    free_leaders = parts.free_leaders
    if led:  # 9.1: zones where a leader may still move
        free_leaders = parts.free_leaders = {
            u.zone
            for u in sides.leaders
            if u.carrier is None and ((rec := moves.get(u.id)) is None or not rec.stopped)
        }
    redo = free_leaders & places  # the groups where pieces were or went
    if delta:  # and those that may step into zones whose counts changed (8.3)
        redo.update(z for z in free_leaders if not delta.isdisjoint(world.reach[z][0][0]))
    if redo or led:
        groups = [g for g in parts.groups if g[1] not in places and g[1] not in redo]
        for where in redo:
            group = group_at(state, nation, where)
            if len(group) > 1:
                moved_together = moves_together(world, state, occ, nation, group, where, False)
                groups.append((group[0].id, where, moved_together))
        if len(groups) > 1:
            groups.sort(key=_first)
        parts.groups = groups
    return _joined(
        parts.landings[:], alone, slot, parts.groups, boarding, sails, in_place, group_held
    )


def _counted(here: Sequence[Unit], nation: str) -> tuple[int, bool]:
    """8.0, 8.3: ``nation``'s units counted for stacking among ``here`` (the pieces of one
    zone, ``ItaliaState.where``) and whether one of its leaders is there, ashore (neither
    aboard a fleet nor a fleet), as :func:`_listed` counts them in guarded zones."""
    troops = 0
    led = False
    for u in here:
        if u.nation == nation and u.carrier is None:
            kind = u.type
            if kind is LEADER:
                led = True
            elif kind is not FLEET:
                troops += 1
    return troops, led


def _joined(
    head: list[Action],
    alone: list[Sequence[Action]],
    slot: dict[int, int],
    groups: list[tuple[int, str, list[Action]]],
    boarding: dict[int, list[Action]],
    sails: list[tuple[Action, ...]],
    in_place: frozenset[int] | set[int],
    group_held: Callable[[Action], bool] | None = None,
) -> list[Action]:
    """The list from its parts, in :func:`legal_moves`' order: ``head`` (the landings, and
    the march to the Alps, 13.2), each piece's steps alone, the groups' moves (9.1), the
    embarkations (9.6), a variant's sailings alone, piece by piece; the actions of the
    units held in place, ``in_place`` (a variant's
    :meth:`~.rulebook.Rulebook.held_in_place`), left out, and the moves ``group_held``
    holds (a variant's :meth:`~.rulebook.Rulebook.leave_together`: moves of two or more
    units, asked of one move of each group, since a group's moves all move its units).
    ``head`` is extended in place."""
    if group_held is not None:
        # only multi-unit moves are asked: the march to the Alps (13.2) in head, the groups
        # (mostly none of either: no list made then)
        if head:
            head = [a for a in head if not group_held(a)]
        if groups:
            groups = [g for g in groups if not (g[2] and group_held(g[2][0]))]
    if not in_place:
        out = head
        # ``+=`` on each part, skipping the many empty ones (stopped, aboard, no boarders),
        # makes it in half the time chain.from_iterable takes for these few short parts
        for steps in alone:
            if steps:
                out += steps
        for group in groups:
            out += group[2]
        for embarks in boarding.values():
            if embarks:
                out += embarks
        for sailing in sails:
            if sailing:
                out += sailing
        return out
    # landings and embarkations name their units one by one; a held piece's steps alone
    # are its whole slot, blanked while the slots are joined and put back after (the parts
    # are kept whole for the next list): a look at each held piece, not at every slot
    out = [a for a in head if in_place.isdisjoint(getattr(a, "units", ()))]
    blanked: list[tuple[int, Sequence[Action]]] = []
    for uid in in_place:
        k = slot.get(uid)
        if k is not None and alone[k]:
            blanked.append((k, alone[k]))
            alone[k] = ()
    for steps in alone:
        if steps:
            out += steps
    for k, steps in blanked:
        alone[k] = steps
    for group in groups:  # a group's moves all move the same units, the group's
        moves = group[2]
        if moves and in_place.isdisjoint(getattr(moves[0], "units", ())):
            out += moves
    for embarks in boarding.values():
        if embarks:
            out += [a for a in embarks if in_place.isdisjoint(getattr(a, "units", ()))]
    for sailing in sails:  # one piece's each
        if sailing and in_place.isdisjoint(getattr(sailing[0], "units", ())):
            out += sailing
    return out


def _first(group: tuple[int, str, list[Action]]) -> int:
    return group[0]
