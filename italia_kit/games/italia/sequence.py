"""The sequence of play (5.0-5.2): whose turn, which phase, and the steps between phases.

Phases, as the state names them: ``income`` (phase 1 starts: income is collected) ->
``purchase`` (buying, 6.2) -> ``placement`` (7.1, 7.2) -> ``movement`` (9.0) -> ``stacking``
(removing surplus units, 8.0) -> ``combat`` (10.0) -> the next nation.
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter

from italia_kit.core import Context
from italia_kit.games.italia import campaign, turn_ten
from italia_kit.games.italia.economy import collect_income
from italia_kit.games.italia.placement import (
    bring_reinforcements,
    drop_unplaceable,
    start_placement,
)
from italia_kit.games.italia.stacking import limit_value, stacking_limit
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.submission import withdraw
from italia_kit.games.italia.world import World

#: a piece's nation and zone, read in C
_NATION, _ZONE = attrgetter("nation"), attrgetter("zone")

#: the rulebook's four phases (5.0) for each internal phase name
RULEBOOK_PHASE = {
    "income": "1. income and purchase",
    "purchase": "1. income and purchase",
    "tribute": "1. income and purchase",
    "placement": "2. placement",
    "movement": "3. movement",
    "stacking": "3. movement",
    "combat": "4. combat",
    "rebuild": "4. combat",
}


def plays_now(world: World, state: ItaliaState, nation: str) -> bool:
    """5.0: a nation plays in the turns of its table row if it has pieces or reinforcements."""
    info = world.nation(nation)
    turn = state.turn
    if turn not in info.turns:
        return False
    for r in info.reinforcements:  # a few cards: looked at before the units
        if r.turn == turn:
            return True
    # the pieces' nations looked through in C, stopping at the first (a question asked of
    # each nation each turn: Medieval Italia's 27 powers, most with nothing on the map)
    return nation in map(_NATION, state.units.values())


def begin_nation_turn(ctx: Context[ItaliaState], world: World) -> None:
    """Find the next nation to play from ``state.nation_index`` on; start its phase 1."""
    state = ctx.state
    if state.nation_index == 0 and not state.played:
        world.rulebook.leaders_leave(ctx, world, "game_turn")
        # 7.2: some reinforcements arrive before the first nation of the turn moves
        for nation in state.nation_order:
            for group in world.rulebook.reinforcements_due(
                world, state, nation, "before_first_nation"
            ):
                bring_reinforcements(ctx, world, nation, group)
    if turn_ten.applies(world, state):
        if state.turn_ten is None and not state.over:
            turn_ten.start(ctx, world)  # 13.4: no normal turns on Italia I's turn 10
        return
    while True:
        if state.nation_index >= len(state.nation_order):
            world.rulebook.end_game_turn(ctx, world)
            if not state.over:
                world.rulebook.begin_nation_turn(ctx, world)  # a new turn from the top
            return
        nation = state.active
        if world.rulebook.plays_now(world, state, nation):
            break
        if state.turn in world.nation(nation).turns:
            rule, text = world.rulebook.skip_event(world, state, nation)  # 5.2, a variant's
            ctx.emit("skip", rule, text, nation=nation)
        state.nation_index += 1
    state.phase_name = "income"
    state.note_city_holders()  # 10.6: whose each city is as the turn begins
    info = world.nation(nation)
    cards = [r for r in info.reinforcements if r.turn == state.turn]  # arriving this turn
    state.major = any(r.major_invasion for r in cards)
    state.extra_move = any(r.major_invasion and r.extra_move for r in cards)
    state.second_phase = False
    world.rulebook.announce_nation_turn(ctx, world, nation)
    if nation == "Romans" and world.variant == "italia1" and state.turn <= 9:
        rome_for_the_romans(ctx, world)
    card = next((r for r in cards if r.campaign), None)
    if card is not None and card.campaign_first:
        # 12.3: this nation's turn begins with the campaign (phase 5): no income, no purchase
        start_placement(ctx, world)
        state.reinforcements.clear()
        if campaign.start(ctx, world):
            return
    world.rulebook.phase_one(ctx, world)


def announce_nation_turn(ctx: Context[ItaliaState], world: World, nation: str) -> None:
    """5.0: the nation's turn begins (its colour named); 12.2: a major invasion says what
    it gives (two movement and two combat phases, one more unit in each attack, 8.3)."""
    state = ctx.state
    ctx.emit(
        "nation_turn",
        "5.0",
        f"5.0: turn {state.turn}: the {nation} ({world.nation(nation).colour}) play.",
        nation=nation,
    )
    if state.major:
        ctx.emit(
            "major_invasion",
            "12.2",
            f"12.2: the {nation} make a major invasion: two movement and two combat phases, "
            f"and one more unit in each attack.",
        )


def phase_one(ctx: Context[ItaliaState], world: World) -> None:
    """5.0 phase 1 (6.1, 6.2, 6.4): the nation collects its income, then its master takes
    tribute (more than 10 gold, 6.4) or the nation buys."""
    state = ctx.state
    collect_income(ctx, world)
    master = state.masters.get(state.active)
    if master and state.gold.get(master, 0) > 10:
        state.actor_override = master
        state.phase_name = "tribute"
    else:
        state.phase_name = "purchase"


def leaders_without_a_next_turn(ctx: Context[ItaliaState], world: World) -> None:
    """7.2: "Each leader remains in play for a single turn. It is removed from the game at
    the start of phase 2 of that nation's following turn." A leader whose nation has no
    phase 2 in this game turn (its last turn has passed, 5.1/5.2, or Italia I's turn 10,
    13.4, has no normal turns) leaves as the game turn begins: his turn is over all the
    same. Leaders of nations that play leave at their phase 2 (``start_placement``)."""
    state = ctx.state
    turn = state.turn
    ten = turn_ten.applies(world, state)
    for u in list(state.units.values()):
        if not u.is_leader or u.arrived >= turn:
            continue
        if not ten and turn in world.nation(u.nation).turns:
            continue
        state.remove_unit(u)
        ctx.emit(
            "leader_leaves",
            "7.2",
            f"7.2: {u.label()} leaves the game: a leader stays in play for one turn, and "
            f"the {u.nation} have no turn {turn} of their own"
            + (" (13.4)." if ten else " (5.1, 5.2)."),
            unit=u.id,
        )


def rome_for_the_romans(ctx: Context[ItaliaState], world: World) -> None:
    """13.1: at the start of a Roman turn foreign units leave Rome (or are eliminated) and
    the city of Rome is rebuilt for free."""
    state = ctx.state
    for nation in sorted(state.nations_in("Rome") - {"Romans"}):
        ctx.emit(
            "rome_cleared",
            "13.1",
            f"13.1: no nation but the Romans may stay in Rome: the {nation} must leave.",
            nation=nation,
        )
        withdraw(ctx, world, nation, "Rome")
    if state.cities.get("Rome") is False or "Rome" not in state.cities:
        state.cities["Rome"] = True
        ctx.emit("city_built", "13.1", "13.1: the city of Rome is rebuilt for free.", zone="Rome")


def second_phase(ctx: Context[ItaliaState], world: World) -> None:
    """12.2: after its first combat phase a nation on a major invasion moves and fights
    again; every unit has its full movement allowance again."""
    state = ctx.state
    state.second_phase = True
    state.phase_name = "movement"
    state.moves.clear()
    state.invaded.clear()
    state.raided.clear()  # 10.7: a city raided in the first phase may be raided again
    world.rulebook.announce_second_phase(ctx, world)


def announce_second_phase(ctx: Context[ItaliaState], world: World) -> None:
    """12.2: the second movement and combat phases of a major invasion begin."""
    ctx.emit("second_phase", "12.2", f"12.2: the {ctx.state.active} move and fight a second time.")


def end_game_turn(ctx: Context[ItaliaState], world: World) -> None:
    """5.0: every nation has played: the turn marker advances."""
    state = ctx.state
    for nation in state.nation_order:
        for group in world.rulebook.reinforcements_due(world, state, nation, "after_last_nation"):
            bring_reinforcements(ctx, world, nation, group)
    rule, text = world.rulebook.turn_end_event(world, state)  # 5.0, or a variant's words
    ctx.emit("turn_end", rule, text, turn=state.turn)
    world.rulebook.score_turn(ctx, world)
    if state.turn >= world.scenario.last_turn:
        state.over = True
        state.phase_name = "end"
        rule, text = world.rulebook.game_end_event(world, state)  # 11.0, or a variant's
        ctx.emit("game_end", rule, text)
        return
    state.turn += 1
    state.nation_index = 0
    state.played.clear()


def enter_placement(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    state.phase_name = "placement"
    start_placement(ctx, world)
    drop_unplaceable(ctx, world)
    if not state.to_place and not state.reinforcements:
        world.rulebook.enter_movement(ctx, world)


def enter_movement(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    state.phase_name = "movement"
    state.moves.clear()
    state.invaded.clear()


def end_movement(ctx: Context[ItaliaState], world: World) -> None:
    """The end of phase 3: borderlands emptied (9.2), stacking checked (8.0), combat found."""
    state = ctx.state
    clear_borderlands(ctx, world, keep_campaign_stack=True)
    world.rulebook.find_surplus(ctx, world)
    if state.surplus:
        state.phase_name = "stacking"
    else:
        world.rulebook.after_movement(ctx, world)


def clear_borderlands(
    ctx: Context[ItaliaState], world: World, *, keep_campaign_stack: bool = False
) -> None:
    """9.2: the active nation's units still in a borderland are removed, unless its card
    lets it stay there; a stack whose leader will campaign this turn may wait there for
    its campaign (13.2: Hannibal's campaign begins in the Alps), and must be gone when the
    campaign ends."""
    state = ctx.state
    nation = state.active
    info = world.nation(nation)
    if not any(
        u.nation == nation and u.carrier is None
        for zone in world.borderland_zones
        if zone not in info.may_stay_in_borderlands
        for u in state.where.get(zone, ())
    ):
        return  # the usual case: a look at the few borderlands instead of every unit
    stranded = [
        u
        for u in state.units_of(nation)
        if u.carrier is None
        and world.is_borderland(u.zone)
        and u.zone not in info.may_stay_in_borderlands
    ]
    waiting = None
    if keep_campaign_stack and campaign.campaign_card(world, state, nation) is not None:
        leader = campaign.campaign_leader(world, state, nation)
        if leader is not None and (state.campaign is None or state.campaign["stage"] != "over"):
            waiting = leader.zone
    for u in stranded:
        if u.zone != waiting:
            state.remove_unit(u)
            ctx.emit(
                "borderland_removed",
                "9.2",
                f"9.2: {u.label()} is still in the borderland {u.zone} at the end of "
                f"movement and is removed.",
                unit=u.id,
                zone=u.zone,
            )


def after_movement(ctx: Context[ItaliaState], world: World) -> None:
    """Movement is over and stacking checked: combat, or in a campaign first blocking and
    reaction moves (12.3.2, 12.3.4)."""
    state = ctx.state
    if state.campaign is not None and state.campaign["stage"] == "decide":
        campaign.after_movement(ctx, world)
        return
    state.phase_name = "combat"
    world.rulebook.find_combat(ctx, world)


def find_surplus(ctx: Context[ItaliaState], world: World) -> None:
    """8.0: zones of the active nation over their limit, not counting contested zones (8.3)
    and the zone of its campaign leader (:func:`campaign_zone`)."""
    state = ctx.state
    nation = state.active
    state.surplus.clear()
    where = state.where
    exempt = campaign_zone(world, state, nation)
    for zone in world.controlled_zones(state, nation):
        if zone == exempt:
            continue  # 8.4, 12.3: no limit in the zone of the leader who campaigns
        count = _stack_to_check(where[zone], nation)
        if count is None or count <= (world.base_limit(zone) or 0):
            continue  # within the zone's base limit, which a capital only raises (8.0, 8.1)
        limit = limit_value(world, state, zone, nation)
        if limit is not None and count > limit:
            _over_stacked(ctx, world, zone, nation, count, "8.0", "")


def campaign_zone(world: World, state: ItaliaState, nation: str) -> str | None:
    """The zone with no stacking limit for ``nation`` now: that of the leader who
    campaigns this turn, in the campaign and in the normal turn before it (8.4: "There is
    no limit in the zone where a leader is conducting a campaign. During a normal turn
    (before the campaign) there is also no stacking limit in a leader's zone"; 12.3:
    "Before a campaign begins, the nation has a normal movement and combat phase. After
    the movement or combat, the stacking limit in the zone is not checked"). Read
    together, the leader is the campaign's: outside a campaign turn a leader's zone is
    checked like any other (the 8.0 example's leader is one about to campaign)."""
    if state.campaign is not None:
        leader = state.units.get(int(state.campaign["leader"]))
        return leader.zone if leader is not None and leader.carrier is None else None
    if campaign.campaign_card(world, state, nation) is None:
        return None  # the usual turn: no campaign, every zone is checked
    leader = campaign.campaign_leader(world, state, nation)
    return leader.zone if leader is not None and leader.carrier is None else None


def _stack_to_check(here: list[Unit], nation: str) -> int | None:
    """The units of ``nation`` counted for stacking (8.0) among ``here``, the units of a
    zone; None if the zone is not checked now: another nation is ashore there (combat
    zones are checked after combat, 8.3). One look at the zone."""
    count = 0
    for u in here:
        if u.nation != nation:
            if u.carrier is None:
                return None
        elif u.carrier is None and u.counts_for_stacking:
            count += 1
    return count


def _over_stacked(
    ctx: Context[ItaliaState],
    world: World,
    zone: str,
    nation: str,
    count: int,
    rule: str,
    when: str,
) -> None:
    """Record and announce the surplus of ``nation`` in ``zone`` (8.0, 8.3), the limit's
    arithmetic spelled out (it is worked out again only for the message)."""
    limit = stacking_limit(world, ctx.state, zone, nation)
    assert limit is not None
    ctx.state.surplus[zone] = count - limit.value
    ctx.emit(
        "over_stacked",
        rule,
        f"{rule}: {when}{zone} holds {count} {nation} units, {limit.explain()}: the {nation} "
        f"must remove {count - limit.value}.",
        zone=zone,
        count=count,
        limit=limit.value,
    )


def find_combat(ctx: Context[ItaliaState], world: World) -> None:
    """10.0: combat is due wherever the active nation shares a land zone with another
    nation; naval combat may be offered wherever its fleets share a sea (10.8)."""
    state = ctx.state
    nation = state.active
    state.combat_due.clear()
    state.naval_offers.clear()
    state.naval_retreats.clear()  # 10.9: a new combat phase
    state.note_city_holders()  # 10.6: cities taken in movement are the mover's now
    where = state.where
    # the nation's zones, its pieces picked out in C (a look at every piece each phase)
    values = list(state.units.values())
    zones = sorted(set(map(_ZONE, compress(values, map(nation.__eq__, map(_NATION, values))))))
    for zone in zones:
        here = where[zone]
        strangers = [u for u in here if u.nation != nation]
        if not strangers:
            continue  # most zones: the nation's pieces alone
        if world.is_sea(zone):
            others = {u.nation for u in strangers if u.is_fleet}
            if others and any(u.is_fleet and u.nation == nation for u in here):
                state.naval_offers.append(f"{zone}|{nation}")
                ctx.emit(
                    "naval_combat_possible",
                    "10.8",
                    f"10.8: the {nation} share {zone} with fleets of the "
                    f"{', '.join(sorted(others))}: either side may offer naval combat.",
                    zone=zone,
                )
            continue
        enemies = [
            u for u in strangers if u.carrier is None and not world.allied(state, nation, u.nation)
        ]
        if enemies and zone in world.borderland_zones:
            # 10.0: "combat is only possible in the borderlands when both nations are able
            # to enter a borderland as if it were a normal zone"
            enemies = [u for u in enemies if borderland_battle(world, zone, nation, u.nation)]
        if not enemies or not world.is_land(zone):
            continue
        if not world.rulebook.combat_zone(world, state, zone):
            continue  # a variant's zone where nobody fights (10.0 as the rulebook says)
        ashore = [u for u in here if u.nation == nation and u.carrier is None]
        if ashore:  # the mover controls the zone (6.1)
            state.combat_due.append(zone)
            theirs = sorted({u.nation for u in enemies})
            # 10.0's sentence, or a variant's (its rule, its words for the forces)
            rule, text = world.rulebook.combat_due_event(
                world, state, zone, nation, ashore, enemies
            )
            ctx.emit("combat_due", rule, text, zone=zone, attacker=nation, defenders=theirs)


def borderland_battle(world: World, zone: str, a: str, b: str) -> bool:
    """10.0: nations ``a`` and ``b`` may fight in the borderland ``zone`` only if both may
    use it as a normal zone (their cards, 7.2, 9.2)."""
    return (
        zone in world.nation(a).may_stay_in_borderlands
        and zone in world.nation(b).may_stay_in_borderlands
    )


def find_surplus_in(ctx: Context[ItaliaState], world: World, zone: str, nation: str) -> None:
    """8.3: after a battle the stacking limit is checked in its zone; the owner removes
    the surplus (even an attacker that lost nothing)."""
    state = ctx.state
    limit = limit_value(world, state, zone, nation)
    if limit is None:
        return
    count = state.stack_count(zone, nation)
    if count > limit:
        state.actor_override = nation
        _over_stacked(ctx, world, zone, nation, count, "8.3", "after the battle ")


def end_nation_turn(ctx: Context[ItaliaState], world: World) -> None:
    state = ctx.state
    state.played.append(state.active)
    state.moves.clear()
    state.invaded.clear()
    state.placed_zones.clear()
    state.combat_due.clear()
    state.naval_offers.clear()
    state.naval_retreats.clear()
    state.surplus.clear()
    state.raided.clear()
    state.looted.clear()
    state.battle = None
    state.to_place.clear()
    state.reinforcements.clear()
    state.arriving.clear()
    state.actor_override = None
    state.major = False
    state.second_phase = False
    state.extra_move = False
    state.campaign = None
    state.nation_index += 1
    world.rulebook.begin_nation_turn(ctx, world)
