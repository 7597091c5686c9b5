"""The combat phase as decisions: what is asked, the legal answers, and applying them."""

from __future__ import annotations

import itertools

from italia_kit.core import Action, Context, Decision, IllegalActionError, InvalidActionError
from italia_kit.games.italia import cities, combat
from italia_kit.games.italia.actions import (
    Convert,
    DeclineNaval,
    DeferNaval,
    ElephantVictim,
    Fight,
    Loot,
    NavalAttack,
    NavalOrder,
    Rebuild,
    RemoveUnit,
    Retreat,
    SinkFleets,
    StandFast,
    Submit,
    Targets,
)
from italia_kit.games.italia.retreat import fitting
from italia_kit.games.italia.special import conversion_targets
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

_STAGE_DECISION = {
    "targets_attacker": ("targets", "10.4", "declare targets (attacker first)"),
    "targets_defender": ("targets", "10.4", "declare targets"),
    "rampage": ("elephant", "10.2", "an elephant hit: choose the unit that must retreat"),
    "losses": ("losses", "10.8", "choose the fleets that are sunk"),
    "retreat_attacker": ("retreat", "10.5", "retreat some or all units, or stand fast"),
    "retreat_defender": ("retreat", "10.5", "retreat some or all units, or stand fast"),
    "raid_retreat": ("retreat", "10.7", "after the raid every raider must retreat"),
    "loot": ("loot", "10.6", "loot the conquered city?"),
    "loot_after_retreat": ("loot", "10.5", "loot the city of the empty zone retreated into?"),
    "rebuild": ("rebuild", "10.6.1", "remove a unit to rebuild the ruin?"),
    "raid_rebuild": ("rebuild", "10.7", "remove a unit to rebuild the raided city at once?"),
    "submit": ("submit", "12.5.1", "submit to the attacker, or fight on?"),
    # a variant's submission offered before any round (Rulebook.submission_due "offer")
    "submit_first": ("submit", "12.5.1", "submit to the attacker, or fight?"),
    "convert": ("convert", "14.3", "convert one enemy unit before this round?"),
}


def _offer(state: ItaliaState) -> tuple[str, str] | None:
    """The naval offer to answer now: the first of ``state.naval_offers`` that is
    ``sea|nation``; the ``sea|attacker|target`` entries after them are naval battles
    declared to be fought after the land battles (10.8, :class:`DeferNaval`)."""
    if not state.naval_offers:
        return None
    first = state.naval_offers[0]
    if first.count("|") != 1:
        return None  # only deferred battles are left (undecided offers come first)
    sea, nation = first.split("|")
    return sea, nation


def _order_due(state: ItaliaState) -> tuple[str, str] | None:
    """The naval battle another nation declared on the mover whose order the mover must
    decide now (10.8, 10.8.1): ``(sea, attacker)`` from a first entry
    ``sea|attacker|mover|order`` of ``state.naval_offers``, else None."""
    if not state.naval_offers or not state.naval_offers[0].endswith("|order"):
        return None
    sea, attacker, _, _ = state.naval_offers[0].split("|")
    return sea, attacker


def settle(ctx: Context[ItaliaState], world: World) -> bool:
    """Point the decision at whoever decides next; True when the combat phase is over."""
    state = ctx.state
    if state.surplus or state.battle is not None:
        return False
    if _order_due(state) is not None:
        state.actor_override = None  # the mover decides (10.8)
        return False
    offer = _offer(state)
    if offer is not None:
        sea, nation = offer
        still = {u.nation for u in state.where.get(sea, ()) if u.is_fleet}
        if nation not in still or len(still) < 2:
            state.naval_offers.pop(0)
            return settle(ctx, world)
        state.actor_override = nation if nation != state.active else None
        return False
    state.actor_override = None
    if state.combat_due:
        return False
    while state.naval_offers:  # 10.8: the naval battles declared to follow the land battles
        sea, attacker, target = state.naval_offers.pop(0).split("|")
        fleets = {u.nation for u in state.where.get(sea, ()) if u.is_fleet}
        if attacker in fleets and target in fleets:
            _fight_naval(ctx, world, attacker, sea, target)
            if state.battle is not None or _offer(state) is not None:
                return settle(ctx, world)
    return not state.combat_due


def decision(world: World, state: ItaliaState) -> Decision:
    nation = state.actor
    if state.surplus:
        zones = ", ".join(f"{z} ({n})" for z, n in state.surplus.items())
        return Decision(nation, "remove", "8.3", f"remove surplus units in {zones}")
    battle = state.battle
    if battle is not None:
        kind, rule, prompt = _STAGE_DECISION[battle.stage]
        rulebook = world.rulebook
        if not rulebook.retreats_by_unit and kind == "retreat":
            prompt = "retreat the whole side, or stand and fight another round"
        return Decision(nation, kind, rulebook.cite(rule), f"{battle.zone}: {prompt}")
    order = _order_due(state)
    if order is not None:
        return Decision(
            nation,
            "naval_order",
            "10.8",
            f"the {order[1]} attack in {order[0]}: fight now or after the land battles?",
        )
    offer = _offer(state)
    if offer is not None:
        return Decision(nation, "naval", "10.8", f"offer naval combat in {offer[0]}, or decline")
    due = ", ".join(state.combat_due)
    # name a raid only where one is listed (10.7: a city of an opponent; 12.3.3: the one
    # announced in a campaign), so the prompt never offers what the actions do not
    announced = state.campaign.get("raid") if state.campaign else None
    raids = [
        zone
        for zone in state.combat_due
        if (announced is None or zone == announced) and combat.can_raid(world, state, nation, zone)
    ]
    choice = f"attack, or raid the city of {' or '.join(raids)}" if raids else "attack"
    rule = world.rulebook.cite("10.1")
    return Decision(nation, "battle", rule, f"choose the next battle ({due}): {choice}")


def legal_actions(world: World, state: ItaliaState) -> list[Action]:
    nation = state.actor
    out: list[Action] = []
    if state.surplus:
        for zone in state.surplus:
            out.extend(
                RemoveUnit(nation, u.id)
                for u in state.units_in(zone, nation)
                if u.counts_for_stacking and u.carrier is None
            )
        return out
    battle = state.battle
    if battle is not None:
        return _battle_actions(world, state, nation)
    order = _order_due(state)
    if order is not None:
        sea, attacker = order
        return [NavalOrder(nation, sea, attacker, False), NavalOrder(nation, sea, attacker, True)]
    offer = _offer(state)
    if offer is not None:
        sea, _ = offer
        fleets = state.where.get(sea, ())
        targets = sorted({u.nation for u in fleets if u.is_fleet and u.nation != nation})
        if nation != state.active:
            targets = [t for t in targets if t == state.active]  # 10.8.1: only the mover
        cache = world.action_cache  # actions are values: each is made once per world, reused
        for target in targets:
            key: tuple[object, ...] = ("naval_attack", nation, sea, target)
            if (attack := cache.get(key)) is None:
                attack = cache[key] = NavalAttack(nation, sea, target)
            out.append(attack)
        if nation == state.active and state.combat_due:
            # 10.8: the mover decides whether it is fought before or after the land battles
            for target in targets:
                key = ("defer_naval", nation, sea, target)
                if (defer := cache.get(key)) is None:
                    defer = cache[key] = DeferNaval(nation, sea, target)
                out.append(defer)
        if (decline := cache.get(("decline_naval", nation, sea))) is None:
            decline = cache["decline_naval", nation, sea] = DeclineNaval(nation, sea)
        out.append(decline)
        return out
    announced = state.campaign.get("raid") if state.campaign else None
    cache = world.action_cache  # actions are values: each is made once per world, reused
    for zone in state.combat_due:
        # 12.3.3: in a campaign only the raid announced before the reaction moves
        raid = (announced is None or zone == announced) and combat.can_raid(
            world, state, nation, zone
        )
        if zone != announced or not raid:  # 12.3.3: an announced raid is a raid, if it can be
            key = ("fight", nation, zone, False)
            if (fight := cache.get(key)) is None:
                fight = cache[key] = Fight(nation, zone, False)
            out.append(fight)
        if raid:
            key = ("fight", nation, zone, True)
            if (fight := cache.get(key)) is None:
                fight = cache[key] = Fight(nation, zone, True)
            out.append(fight)
    return out


def _battle_actions(world: World, state: ItaliaState, nation: str) -> list[Action]:
    battle = state.battle
    assert battle is not None
    stage = battle.stage
    mine = combat.fighters(state, battle, nation)
    out: list[Action] = []
    if stage.startswith("targets"):
        enemy = combat.classes(state, battle, battle.enemy(nation))
        for cls in enemy:
            out.append(Targets(nation, tuple((u.id, cls) for u in mine)))
        spread = tuple((u.id, enemy[i % len(enemy)]) for i, u in enumerate(mine))
        if spread not in [a.aims for a in out if isinstance(a, Targets)]:
            out.append(Targets(nation, spread))
    elif stage == "rampage":
        havens = world.rulebook.retreat_refuges(world, state, battle, nation)
        for u in mine:
            zones = fitting(havens, [u])
            out.extend(ElephantVictim(nation, u.id, z) for z in zones)
            if not zones:
                out.append(ElephantVictim(nation, u.id, ""))
    elif stage == "losses":
        n = battle.pending_hits.get(nation, 0)
        for combo in itertools.islice(itertools.combinations([f.id for f in mine], n), 20):
            out.append(SinkFleets(nation, combo))
    elif stage in ("retreat_attacker", "retreat_defender", "raid_retreat"):
        everyone = tuple(
            [u.id for u in mine] + [u.id for u in combat.leaders(state, battle, nation)]
        )
        # the same for every group
        havens = world.rulebook.retreat_refuges(world, state, battle, nation)
        _add_retreats(world, out, nation, everyone, fitting(havens, mine))
        if len(mine) > 1 and world.rulebook.retreats_by_unit:  # 10.5: "some or all"
            # where one unit may go depends only on its type and whether it has been hit
            # (:func:`fitting`): worked out once for each
            alone: dict[tuple[UnitType, bool], list[str]] = {}
            for u in mine:
                kind = (u.type, u.hits > 0)
                found = alone.get(kind)
                if found is None:
                    found = alone[kind] = fitting(havens, [u])
                _add_retreats(world, out, nation, (u.id,), found)
        if stage != "raid_retreat":
            if (stand := world.action_cache.get(("stand_fast", nation))) is None:
                stand = world.action_cache["stand_fast", nation] = StandFast(nation)
            out.append(stand)
    elif stage in ("loot", "loot_after_retreat"):
        cache = world.action_cache  # actions are values: each is made once per world, reused
        takes = cities.loot_options(world, nation)
        for take in takes if battle.raid and stage == "loot" else (*takes, "none"):
            if (loot := cache.get(("loot", nation, take))) is None:
                loot = cache["loot", nation, take] = Loot(nation, take)
            out.append(loot)
    elif stage in ("submit", "submit_first"):
        out.extend((Submit(nation, True), Submit(nation, False)))
    elif stage == "convert":
        out.append(Convert(nation, 0))
        out.extend(Convert(nation, u) for u in conversion_targets(world, state, battle))
    elif stage in ("rebuild", "raid_rebuild"):
        cache = world.action_cache
        ids = [0]  # 0: not rebuilding
        ids.extend(
            u.id
            for u in state.where.get(battle.zone, ())
            if u.nation == nation and u.counts_for_stacking and u.carrier is None
        )
        for i in ids:
            if (rebuild := cache.get(("rebuild", nation, i))) is None:
                rebuild = cache["rebuild", nation, i] = Rebuild(nation, i)
            out.append(rebuild)
    return out


def _add_retreats(
    world: World, out: list[Action], nation: str, ids: tuple[int, ...], zones: list[str]
) -> None:
    """Add ``Retreat(nation, ids, zone)`` for each of ``zones`` to ``out``, each made once
    per world (actions are values: the same retreats are listed again and again while a
    battle lasts)."""
    cache = world.action_cache
    for zone in zones:
        key = ("retreat", nation, ids, zone)
        if (action := cache.get(key)) is None:
            action = cache[key] = Retreat(nation, ids, zone)
        out.append(action)


_STAGES_OF: dict[type, tuple[str, ...]] = {
    Targets: ("targets_attacker", "targets_defender"),
    ElephantVictim: ("rampage",),
    SinkFleets: ("losses",),
    Retreat: ("retreat_attacker", "retreat_defender", "raid_retreat"),
    StandFast: ("retreat_attacker", "retreat_defender"),
    Loot: ("loot", "loot_after_retreat"),
    Rebuild: ("rebuild", "raid_rebuild"),
    Submit: ("submit", "submit_first"),
    Convert: ("convert",),
}


#: the actions that start a battle (a tuple: ``A | B`` would make a new union each time)
_STARTS = (Fight, NavalAttack, DeferNaval, DeclineNaval, NavalOrder)


def apply(ctx: Context[ItaliaState], world: World, action: Action) -> None:
    state = ctx.state
    nation = getattr(action, "nation", "")
    battle = state.battle
    if state.surplus:
        raise IllegalActionError("8.3", "first remove the surplus units after the battle")
    if isinstance(action, _STARTS):
        if battle is not None:
            raise IllegalActionError(
                world.rulebook.cite("10.1"), f"finish the battle of {battle.zone} first"
            )
        if isinstance(action, NavalOrder):
            _order_naval(ctx, world, action)
        elif _order_due(state) is not None:
            sea, attacker = _order_due(state) or ("", "")
            raise IllegalActionError(
                "10.8",
                f"the {state.active} decide first whether the {attacker}' naval attack in "
                f"{sea} is fought before or after the land battles",
            )
        elif isinstance(action, Fight):
            if _offer(state) is not None:
                raise IllegalActionError(
                    "10.8", "naval combat is declared before any land battle: decide it first"
                )
            combat.start_battle(ctx, world, nation, action.zone, action.raid)
        else:
            _naval_offer(ctx, world, action)
        return
    if battle is None:
        raise IllegalActionError(
            world.rulebook.cite("10.1"), f"no battle is being fought: {action.kind} is not possible"
        )
    allowed = _STAGES_OF[type(action)]
    if battle.stage not in allowed:
        raise IllegalActionError(
            world.rulebook.cite("10.1"),
            f"{action.kind} is not possible now: the battle of {battle.zone} awaits "
            f"{_STAGE_DECISION.get(battle.stage, ('', '', battle.stage))[2]}",
        )
    if isinstance(action, Targets):
        combat.set_targets(ctx, world, nation, action.aims)
    elif isinstance(action, ElephantVictim):
        combat.elephant_victim(ctx, world, nation, action.unit, action.zone)
    elif isinstance(action, SinkFleets):
        combat.sink_fleets(ctx, world, nation, action.fleets)
    elif isinstance(action, Retreat):
        world.rulebook.retreat(ctx, world, nation, action.units, action.zone)
    elif isinstance(action, StandFast):
        combat.stand_fast(ctx, world, nation)
    elif isinstance(action, Loot):
        cities.loot(ctx, world, nation, action.take)
    elif isinstance(action, Rebuild):
        cities.rebuild(ctx, world, nation, action.unit)
    elif isinstance(action, Submit):
        combat.answer_submission(ctx, world, nation, action.accept)
    elif isinstance(action, Convert):
        combat.answer_conversion(ctx, world, action.unit)
    else:  # pragma: no cover - every combat action is listed above
        raise InvalidActionError(f"{action!r} is not a combat action")


def _order_naval(ctx: Context[ItaliaState], world: World, action: NavalOrder) -> None:
    """10.8: the mover fights the naval battle another nation declared on it now, or puts
    it after the land battles (with the battles the mover itself declared so)."""
    state = ctx.state
    due = _order_due(state)
    if due is None or (action.sea, action.attacker) != due or action.nation != state.active:
        raise IllegalActionError("10.8", "no naval battle declared on the mover awaits its order")
    sea, attacker = due
    state.naval_offers.pop(0)
    mover = state.active
    if action.after:
        state.naval_offers.append(f"{sea}|{attacker}|{mover}")
        ctx.emit(
            "naval_deferred",
            "10.8",
            f"10.8: the {mover} decide the order of battle: the naval combat the {attacker} "
            f"declared in {sea} is fought after the land battles.",
            zone=sea,
        )
        return
    _fight_naval(ctx, world, attacker, sea, mover)


def _naval_offer(
    ctx: Context[ItaliaState], world: World, action: NavalAttack | DeferNaval | DeclineNaval
) -> None:
    state = ctx.state
    if ctx.listed and not isinstance(action, DeferNaval):
        # listed as legal here (Context.listed): it was checked then
        sea, target = action.sea, getattr(action, "target", "")
    else:
        sea, target = check_naval_offer(world, state, action)
    mover = state.active
    state.naval_offers.pop(0)
    if isinstance(action, DeferNaval):
        state.naval_offers.append(f"{sea}|{action.nation}|{target}")
        ctx.emit(
            "naval_deferred",
            "10.8",
            f"10.8: the {action.nation} declare naval combat against the {target} in {sea}, "
            f"to be fought after the land battles.",
            zone=sea,
        )
        return
    if isinstance(action, DeclineNaval):
        ctx.emit(
            "naval_declined", "10.8", f"10.8: the {action.nation} decline naval combat in {sea}."
        )
        if action.nation == mover:
            _others_may_attack(ctx, world, sea, mover)
        return
    if action.nation != mover and state.combat_due:
        # 10.8: "the attacker (the player who just moved) always decides the order of
        # battle": the mover is asked whether this is fought before or after its land battles
        state.naval_offers.insert(0, f"{sea}|{action.nation}|{mover}|order")
        ctx.emit(
            "naval_declared",
            "10.8.1",
            f"10.8.1: the {action.nation} declare naval combat against the {mover} in {sea}; "
            f"the {mover} decide whether it comes before or after the land battles.",
            zone=sea,
        )
        return
    _fight_naval(ctx, world, action.nation, sea, target)


def _fight_naval(
    ctx: Context[ItaliaState], world: World, nation: str, sea: str, target: str
) -> None:
    """Start the naval battle ``nation`` declared on ``target`` in ``sea`` (10.8); if other
    nations' fleets are there too, the mover is asked about them afterwards (10.8.1)."""
    state = ctx.state
    mover = state.active
    if nation == mover:
        rest = {u.nation for u in state.where.get(sea, ()) if u.is_fleet} - {mover, target}
        if rest:
            state.naval_offers.insert(0, f"{sea}|{mover}")  # decide on the others afterwards
    combat.start_naval_battle(ctx, world, nation, sea, target)


def check_naval_offer(
    world: World, state: ItaliaState, action: NavalAttack | DeferNaval | DeclineNaval
) -> tuple[str, str]:
    """The sea of a naval attack or refusal and the nation attacked ("" for a refusal),
    canonical, if the offer may be answered so now (10.8, 10.8.1)."""
    offer = _offer(state)
    sea = world.zone_name(action.sea)
    if offer is None or offer[0] != sea:
        raise IllegalActionError("10.8", f"no naval combat can be offered in {sea} now")
    if isinstance(action, DeclineNaval):
        return sea, ""
    mover = state.active
    target = world.nation(action.target).name
    if not any(u.is_fleet for u in state.units_in(sea, target)) or target == action.nation:
        raise IllegalActionError("10.8", f"the {target} have no fleets in {sea} to attack")
    if action.nation != mover and target != mover:
        raise IllegalActionError("10.8.1", "the other nations' fleets may attack only the mover")
    if isinstance(action, DeferNaval) and (action.nation != mover or not state.combat_due):
        raise IllegalActionError(
            "10.8",
            "only the mover decides the order of battle, and only land battles due can come "
            "first: fight it now or decline",
        )
    return sea, target


def _others_may_attack(ctx: Context[ItaliaState], world: World, sea: str, mover: str) -> None:
    """10.8.1: the other nations in the sea may each attack the mover, most fleets first,
    ties broken by a die."""
    state = ctx.state
    counts: dict[str, int] = {}
    for u in state.where.get(sea, ()):
        if u.is_fleet and u.nation != mover:
            counts[u.nation] = counts.get(u.nation, 0) + 1
    if not counts:
        return
    tie_break: dict[str, int] = {}
    if len(set(counts.values())) < len(counts):
        rolls = ctx.roll(len(counts), "10.8.1", "the nations with as many fleets roll for order")
        tie_break = dict(zip(sorted(counts), rolls, strict=True))
    order = sorted(counts, key=lambda n: (-counts[n], -tie_break.get(n, 0), n))
    state.naval_offers[0:0] = [f"{sea}|{n}" for n in order]
