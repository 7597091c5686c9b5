"""Italia I and II as the core runner sees them: decisions, legal actions, apply, advance."""

from __future__ import annotations

from functools import cache
from typing import Any

from italia_kit.core import (
    Action,
    ActionCodec,
    Context,
    Decision,
    GameRef,
    IllegalActionError,
    InvalidActionError,
)
from italia_kit.games.italia import (
    campaign,
    cities,
    combat_rules,
    economy,
    movement,
    placement,
    sequence,
    submission,
)
from italia_kit.games.italia.actions import (
    CAMPAIGN_ACTIONS,
    CODEC,
    CODEC_CLASSES,
    COMBAT_ACTIONS,
    Buy,
    DeclareCapital,
    Disembark,
    Embark,
    EndCombat,
    EndMovement,
    EndPurchase,
    Move,
    Place,
    Rebuild,
    RemoveUnit,
    Revolt,
)
from italia_kit.games.italia.move_list import legal_moves
from italia_kit.games.italia.stacking import capital_of, limit_value
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.text import of_nation
from italia_kit.games.italia.world import World


@cache
def _codec_with(own_actions: tuple[type[Action], ...]) -> ActionCodec:
    """The codec of Italia's actions and a variant's ``own_actions``, made once: a codec
    reads every class's type hints as it is made (some 1% of a Medieval game, whose every
    new game made its own) and keeps nothing of a game, so one serves them all."""
    return ActionCodec((*CODEC_CLASSES, *own_actions))


class ItaliaRules:
    """The rules of Italia I or II for one scenario (``World``)."""

    codec = CODEC

    def __init__(self, world: World) -> None:
        self.world = world
        self.game_id = world.scenario.id
        rulebook = world.rulebook
        #: the rulebook, when it has decisions of its own (Rulebook.own_decision); None for
        #: Italia's, so that the runner's every question costs one look
        self.own = None if rulebook.fixed_decisions() else rulebook
        own_actions = tuple(rulebook.own_actions)
        if own_actions:  # a variant's actions are read back from saves too
            self.codec = _codec_with(own_actions)

    @property
    def ref(self) -> GameRef:
        """What a save of this game names (core.save): the shipped scenario and the
        variants applied to it; a scenario from a directory is named by its id alone."""
        scenario = self.world.scenario
        if scenario.variants:
            return GameRef(scenario.base, {"variant": [dict(v) for v in scenario.variants]})
        return GameRef(scenario.id)

    # -- what is pending -----------------------------------------------------------------
    def decision(self, state: ItaliaState) -> Decision | None:
        if state.over:
            return None
        if self.own is not None and (own := self.own.own_decision(self.world, state)):
            return own
        nation, phase = state.actor, state.phase_name
        gold = state.gold.get(nation, 0)
        if state.surplus and phase not in ("stacking", "combat"):
            zones = ", ".join(f"{z} ({n})" for z, n in state.surplus.items())
            return Decision(nation, "remove", "8.1", f"remove surplus units in {zones}")
        if phase == "purchase":
            return Decision(nation, "buy", "6.2", f"buy units ({gold} gold) or end the purchase")
        if phase == "tribute":
            return Decision(nation, "buy", "6.4", f"{gold} gold is over 10: buy units now")
        if phase == "placement":
            rule, prompt = self.world.rulebook.placement_decision(self.world, state, nation)
            return Decision(nation, "place", rule, prompt)  # 7.1, 7.2, or a variant's
        if phase == "movement":
            rule = self.world.rulebook.cite("9.0")  # 9.0, or the variant's movement
            return Decision(nation, "move", rule, "move units, or end the movement phase")
        if phase == "stacking":
            zones = ", ".join(f"{z} ({n})" for z, n in state.surplus.items())
            return Decision(nation, "remove", "8.0", f"remove surplus units in {zones}")
        if phase == "combat":
            return combat_rules.decision(self.world, state)
        if phase == "rebuild":
            zones = ", ".join(cities.ruins_to_rebuild(self.world, state, nation))
            return Decision(
                nation, "rebuild", "10.6.1", f"give up a unit to rebuild a ruin ({zones}), or not"
            )
        if phase == "campaign" and state.campaign is not None:
            stage = state.campaign["stage"]
            if stage == "block":
                if campaign.raid_may_be_announced(self.world, state):
                    return Decision(
                        nation,
                        "block",
                        "12.3.3",
                        "announce a raid, block an adjacent zone (1 gold, 1 unit), or go on?",
                    )
                return Decision(
                    nation, "block", "12.3.4", "block an adjacent zone (1 gold, 1 unit)?"
                )
            if stage == "reaction":
                return Decision(nation, "reaction", "12.3.2", "reaction moves: one zone each")
            return Decision(
                nation, "campaign", "12.3", f"move the leader's stack again ({gold} gold)?"
            )
        raise AssertionError(f"no decision in phase {phase!r}")

    def is_over(self, state: ItaliaState) -> bool:
        """``decision(state) is None``, without building the decision (for the runner)."""
        return state.over

    def legal_actions(self, state: ItaliaState) -> list[Action]:
        if self.own is not None and self.own.own_decision(self.world, state) is not None:
            return self.own.own_legal_actions(self.world, state)
        if state.surplus and state.phase_name not in ("stacking", "combat"):
            return self._surplus_actions(state)  # 8.1: a former capital over its limit
        if state.phase_name == "movement":  # one occupancy pass of its own (move_list)
            nation = state.actor
            key = ("end_movement", nation)
            if (end := self.world.action_cache.get(key)) is None:
                end = self.world.action_cache[key] = EndMovement(nation)
            moves = legal_moves(self.world, state, nation)  # a new list each time
            moves.append(end)
            return moves
        self.world.frozen = {}
        try:
            return self._legal_actions(state)
        finally:
            self.world.frozen = None

    def _legal_actions(self, state: ItaliaState) -> list[Action]:
        w, nation, phase = self.world, state.actor, state.phase_name
        out: list[Action] = []
        cache = w.action_cache  # actions are values: each is made once per world, reused
        if phase in ("purchase", "tribute"):
            forced = phase == "tribute"
            kept = state.listing
            if not forced and isinstance(kept, _Purchases) and kept.token == _token(state):
                buys = kept.buys  # found by advance for this very position
            else:
                buys = economy.legal_buys(w, state, nation, forced=forced)
            for unit, zone in buys:
                key = ("buy", nation, unit, zone)
                if (action := cache.get(key)) is None:
                    action = cache[key] = Buy(nation, unit, zone)
                out.append(action)
            if not forced:
                out.append(EndPurchase(nation))
                if self._may_revolt(state, nation):
                    out.append(Revolt(nation))
                if capital_of(w, state, nation) is None:
                    # 8.1: "Each nation must designate a zone as its capital": offered while
                    # it has none, with the purchases of its turn
                    out.extend(_capital_actions(w, state, cache, nation, None))
        elif phase == "placement":
            if state.to_place:
                held = w.controlled_zones(state, nation)  # the same for every unit waiting
                for entry in dict.fromkeys(state.to_place):
                    zones = placement.legal_zones(
                        w, state, nation, entry, free=False, controlled=held
                    )
                    out.extend(_place_actions(cache, nation, entry, zones))
            else:
                pending = state.reinforcements[0]
                entry = pending["unit"]
                zones = w.rulebook.arrival_zones(w, state, nation, pending)
                out.extend(_place_actions(cache, nation, entry, zones))
        elif phase == "stacking":
            out.extend(self._surplus_actions(state))
            # 8.1: a zone over its limit may become the capital (one more unit); not for the
            # Romans in Italia I (13.1), and only where the move lowers the surplus: the
            # former capital must not go over its limit instead (no endless exchange)
            old = capital_of(w, state, nation)
            if old is not None and not w.occupants(state, old, nation):
                limit = limit_value(w, state, old, nation)
                if limit is not None and state.stack_count(old, nation) >= limit:
                    return out  # it would go over as the capital moves
            out.extend(_capital_actions(w, state, cache, nation, list(state.surplus)))
        elif phase == "combat":
            out.extend(combat_rules.legal_actions(w, state))
        elif phase == "rebuild":
            out.append(Rebuild(nation, 0))  # 10.6.1: the ruins stay ruins
            for zone in cities.ruins_to_rebuild(w, state, nation):
                out.extend(
                    Rebuild(nation, u.id)
                    for u in state.units_in(zone, nation)
                    if u.counts_for_stacking and u.carrier is None
                )
        elif phase == "campaign":
            out.extend(campaign.legal_actions(w, state))
        return out

    def _surplus_actions(self, state: ItaliaState) -> list[Action]:
        """RemoveUnit for each unit counted for stacking in the zones over their limit."""
        nation = state.actor
        return [
            RemoveUnit(nation, u.id)
            for zone in state.surplus
            for u in state.units_in(zone, nation)
            if u.counts_for_stacking and u.carrier is None
        ]

    # -- changing the state ----------------------------------------------------------------
    def apply(self, ctx: Context[ItaliaState], action: Action) -> None:
        state, w = ctx.state, self.world
        if self.own is not None:
            is_own = isinstance(action, self.own.own_actions)
            # an action listed for this very state (Context.listed) answers the variant's
            # own decision exactly when it is one of its own actions (legal_actions lists
            # those alone while it is pending): one of Italia's needs no second look
            own = None if ctx.listed and not is_own else self.own.own_decision(w, state)
            if own is not None or is_own:
                if own is None or not is_own:
                    what = f"{own.kind} ({own.actor})" if own is not None else "Italia's"
                    raise IllegalActionError(
                        own.rule if own is not None else "5.0",
                        f"{action.kind} is not possible now: the decision is {what}",
                    )
                state.listing = None
                self.own.apply_own(ctx, w, action)
                return
        nation = getattr(action, "nation", "")
        if not (ctx.listed and isinstance(nation, str)):
            # (an action listed for this very state, Context.listed, names the nation that
            # decides now, in a phase that allows it)
            self._check_addressed(state, action, nation)
        if not isinstance(action, (Move, Embark, Disembark)):
            state.listing = None  # kept only from one move to the next (move_sides.Sides)
        if isinstance(action, DeclareCapital):
            return self._declare_capital(ctx, action)
        # the commonest actions first (moves, then battles): no action class derives from
        # another, so the order of these tests changes nothing but their number
        if isinstance(action, Move):
            movement.apply_move(ctx, w, nation, action.units, action.path)
        elif isinstance(action, COMBAT_ACTIONS):
            if state.phase_name == "rebuild" and isinstance(action, Rebuild):
                self._rebuild_ruin(ctx, action)
            else:
                combat_rules.apply(ctx, w, action)
        elif isinstance(action, Place):
            placement.place(ctx, w, nation, action.unit, action.zone)
        elif isinstance(action, EndMovement):
            rule = w.rulebook.cite("9.0")  # 9.0, or the variant's movement
            ctx.emit("end_movement", rule, f"{rule}: the {nation} end their movement.")
            w.rulebook.end_movement(ctx, w)
        elif isinstance(action, Disembark):
            movement.apply_disembark(ctx, w, nation, action.units, action.zone)
        elif isinstance(action, Buy):
            economy.buy(ctx, w, nation, action.unit, action.zone)
        elif isinstance(action, Embark):
            movement.apply_embark(ctx, w, nation, action.fleet, action.units)
        elif isinstance(action, EndPurchase):
            ctx.emit(
                "end_purchase",
                "6.2",
                f"6.2: the {nation} end their purchases "
                f"with {state.gold.get(nation, 0)} gold left.",
            )
            w.rulebook.enter_placement(ctx, w)
        elif isinstance(action, RemoveUnit):
            self._remove_surplus(ctx, nation, action.unit)
        elif isinstance(action, Revolt):
            submission.revolt(ctx, w, nation)
        elif isinstance(action, EndCombat):
            if state.combat_due or state.battle or state.naval_offers:
                raise IllegalActionError(
                    w.rulebook.cite("10.0"), "battles are still due: combat is mandatory"
                )
            w.rulebook.end_nation_turn(ctx, w)
        elif isinstance(action, CAMPAIGN_ACTIONS):
            campaign.apply(ctx, w, action)
        else:
            raise InvalidActionError(f"{action!r} is not an action of Italia")

    def _check_addressed(self, state: ItaliaState, action: Action, nation: Any) -> None:
        """The action names a nation of the scenario (else it is malformed); unless it is a
        declaration of capital, that nation must decide now, in a phase that allows it."""
        if not isinstance(nation, str) or not nation:
            raise InvalidActionError(f"{action!r} does not name its nation")
        self.world.nation(nation)  # unknown nation: malformed input
        if isinstance(action, DeclareCapital):
            return
        if nation != state.actor:
            raise IllegalActionError(
                "5.0", f"it is the {state.actor}' decision ({state.phase_name}), not the {nation}'"
            )
        phase = state.phase_name
        expected = _PHASE_OF.get(type(action))
        if isinstance(action, RemoveUnit) and state.surplus:
            return  # 8.1: a former capital's surplus goes at once, whatever the phase
        if expected is not None and phase not in expected:
            named = sequence.RULEBOOK_PHASE.get(phase, phase)  # "campaign" has no number
            raise IllegalActionError("5.0", f"{action.kind} is not possible in the {named} phase")

    def advance(self, ctx: Context[ItaliaState]) -> None:
        state, w = ctx.state, self.world
        while not state.over:
            phase = state.phase_name
            if phase == "movement" or phase == "stacking":
                return  # a decision is pending: the commonest case, judged at once
            if self.own is not None and self.own.own_decision(w, state) is not None:
                return  # a decision of the variant's own is pending
            if state.surplus and phase != "combat":
                return  # 8.1: the surplus of a former capital is removed first
            if phase == "income":
                w.rulebook.begin_nation_turn(ctx, w)
            elif phase == "purchase" and not self._may_buy_or_revolt(state):
                ctx.emit(
                    "end_purchase",
                    "6.2",
                    f"6.2: the {state.active} can buy nothing and keep "
                    f"{state.gold.get(state.active, 0)} gold.",
                )
                w.rulebook.enter_placement(ctx, w)
            elif phase == "tribute" and not economy.legal_buys(w, state, state.actor, forced=True):
                master = state.actor
                lost = state.gold[master] - economy.GOLD_CAP
                state.gold[master] = economy.GOLD_CAP
                ctx.emit(
                    "gold_lost",
                    "6.4",
                    f"6.4: the {master} can buy nothing; {lost} gold over the limit is lost.",
                )
                state.actor_override = None
                state.phase_name = "purchase"
            elif phase == "tribute" and state.gold.get(state.actor, 0) <= economy.GOLD_CAP:
                state.actor_override = None
                state.phase_name = "purchase"
            elif phase == "placement" and not state.to_place and not state.reinforcements:
                w.rulebook.enter_movement(ctx, w)
            elif phase == "combat" and combat_rules.settle(ctx, w):
                if cities.ruins_to_rebuild(w, state, state.active):
                    state.phase_name = "rebuild"  # 10.6.1: at the end of each combat phase
                    return
                self._combat_over(ctx)
            elif phase == "campaign" and state.campaign and state.campaign["stage"] == "over":
                w.rulebook.end_nation_turn(ctx, w)
            else:
                return

    def _combat_over(self, ctx: Context[ItaliaState]) -> None:
        """A combat phase is over (its ruins rebuilt or not): the campaign goes on, the
        second phase of a major invasion, the campaign begins, or the turn ends."""
        state, w = ctx.state, self.world
        if state.campaign is not None:
            if campaign.after_combat(ctx, w):
                w.rulebook.end_nation_turn(ctx, w)
        elif state.major and not state.second_phase:
            w.rulebook.second_phase(ctx, w)  # 12.2: move and fight again
        elif not campaign.start(ctx, w):  # 12.3: phase 5, if the card gives one
            w.rulebook.end_nation_turn(ctx, w)

    def _rebuild_ruin(self, ctx: Context[ItaliaState], action: Rebuild) -> None:
        """10.6.1 at the end of a combat phase: give up a unit to rebuild a ruin, or stop
        (``unit`` 0); when no ruin is left to rebuild the combat phase is over."""
        state, w = ctx.state, self.world
        if action.unit:
            cities.rebuild_ruin(ctx, w, action.nation, action.unit)
            if cities.ruins_to_rebuild(w, state, action.nation):
                return
        else:
            ctx.emit("no_rebuild", "10.6.1", f"10.6.1: the {action.nation} rebuild no ruin.")
        state.phase_name = "combat"
        self._combat_over(ctx)

    def state_from_json(self, data: dict[str, Any]) -> ItaliaState:
        return ItaliaState.from_json(data)

    # -- helpers ---------------------------------------------------------------------------
    def _may_revolt(self, state: ItaliaState, nation: str) -> bool:
        """12.6: a subject may revolt in the turns its nation card names."""
        return nation in state.masters and state.turn in self.world.nation(nation).revolts

    def _may_buy_or_revolt(self, state: ItaliaState) -> bool:
        """Whether the purchase phase offers more than EndPurchase. The purchases found are
        kept for the listing of this position, which the runner asks for next."""
        nation = state.actor
        buys = economy.legal_buys(self.world, state, nation, forced=False)
        if buys or self._may_revolt(state, nation):
            state.listing = _Purchases(_token(state), buys)
            return True
        return False

    def _remove_surplus(self, ctx: Context[ItaliaState], nation: str, unit_id: int) -> None:
        state = ctx.state
        u = state.units.get(unit_id)
        if u is None:
            raise InvalidActionError(f"there is no unit #{unit_id}")
        if u.nation != nation or u.zone not in state.surplus or not u.counts_for_stacking:
            zones = ", ".join(state.surplus)
            raise IllegalActionError(
                "8.0", f"remove {of_nation('unit', nation)} (not a leader) from {zones}"
            )
        state.remove_unit(u)
        state.surplus[u.zone] -= 1
        if not state.surplus[u.zone]:
            del state.surplus[u.zone]
        ctx.emit(
            "surplus_removed",
            "8.0",
            f"8.0: the {nation} remove {u.label()} from {u.zone}, over its stacking limit.",
            unit=u.id,
            zone=u.zone,
        )
        if not state.surplus:
            state.actor_override = None
            if state.phase_name == "stacking":
                self.world.rulebook.after_movement(ctx, self.world)

    def _declare_capital(self, ctx: Context[ItaliaState], action: DeclareCapital) -> None:
        state, w = ctx.state, self.world
        zone = w.zone_name(action.zone)
        if action.nation == "Romans" and w.variant == "italia1":
            raise IllegalActionError("13.1", "in Italia I Rome is always the Roman capital")
        if (refusal := w.rulebook.capital_refusal(w, state, action.nation)) is not None:
            raise IllegalActionError(*refusal)
        if not w.is_land(zone) or w.is_borderland(zone):
            raise IllegalActionError("8.1", f"{zone} cannot be a capital")
        old = capital_of(w, state, action.nation)
        state.capitals[action.nation] = zone
        ctx.emit(
            "capital",
            "8.1",
            f"8.1: the {action.nation} make {zone} their capital"
            + (f" instead of {old}." if old else "."),
            nation=action.nation,
            zone=zone,
        )
        if state.phase_name == "stacking" and action.nation == state.active:
            sequence.find_surplus(ctx, w)
            if not state.surplus:
                state.phase_name = "combat"
                w.rulebook.find_combat(ctx, w)
            return
        if old and old != zone:
            # 8.1: "If the former capital contains more units than its allowed limit, the
            # surplus is removed from the game immediately" (its owner chooses, 8.0)
            count = state.stack_count(old, action.nation)
            limit = limit_value(w, state, old, action.nation)
            contested = bool(w.occupants(state, old, action.nation))
            if limit is not None and count > limit and not contested:
                state.surplus[old] = state.surplus.get(old, 0) + count - limit
                if action.nation != state.active or state.phase_name != "combat":
                    state.actor_override = action.nation
                ctx.emit(
                    "over_stacked",
                    "8.1",
                    f"8.1: {old} is no longer the {action.nation}' capital and holds {count} "
                    f"of their units, limit {limit}: they must remove {count - limit} at once.",
                    zone=old,
                    count=count,
                    limit=limit,
                )


_PHASE_OF: dict[type, tuple[str, ...]] = {
    Buy: ("purchase", "tribute"),
    EndPurchase: ("purchase",),
    Place: ("placement",),
    Move: ("movement",),
    Embark: ("movement",),
    Disembark: ("movement",),
    EndMovement: ("movement",),
    RemoveUnit: ("stacking", "combat"),
    EndCombat: ("combat",),
    Revolt: ("purchase", "campaign"),
    **{cls: ("combat",) for cls in COMBAT_ACTIONS},
    Rebuild: ("combat", "rebuild"),  # 10.6.1: after a battle, and as a combat phase ends
    **{cls: ("campaign",) for cls in CAMPAIGN_ACTIONS},
}


class _Purchases:
    """The purchases :meth:`ItaliaRules.advance` found (``economy.legal_buys``), kept in
    ``state.listing`` for the legal actions of the same position: any action drops them
    (``apply``), and the token notices the commonest changes made by hand in between (gold,
    pieces added or removed, units bought, cities), as ``move_sides.Sides`` does."""

    __slots__ = ("buys", "token")

    def __init__(self, token: tuple[object, ...], buys: list[tuple[str, str | None]]) -> None:
        self.token = token
        self.buys = buys


def _token(state: ItaliaState) -> tuple[object, ...]:
    """The position's marks that a change to what may be bought (6.2) would alter."""
    nation = state.actor
    return (
        nation,
        state.turn,
        state.nation_index,
        state.gold.get(nation, 0),
        state.next_id,
        len(state.units),
        len(state.to_place),
        len(state.cities),
    )


def _capital_actions(
    w: World,
    state: ItaliaState,
    cache: dict[tuple[object, ...], Action],
    nation: str,
    zones: list[str] | None,
) -> list[Action]:
    """``DeclareCapital`` (8.1) for ``zones`` (None: every land zone the nation controls
    but the borderlands), less the capital it has; none for the Romans of Italia I, whose
    capital is always Rome (13.1)."""
    if nation == "Romans" and w.variant == "italia1":
        return []
    if w.rulebook.capital_refusal(w, state, nation) is not None:
        return []  # a variant without capitals (Rulebook.capital_refusal)
    current = capital_of(w, state, nation)
    where = w.controlled_zones(state, nation) if zones is None else zones
    out: list[Action] = []
    for zone in where:
        if zone == current or w.is_borderland(zone) or not w.is_land(zone):
            continue
        key = ("capital", nation, zone)
        if (action := cache.get(key)) is None:
            action = cache[key] = DeclareCapital(nation, zone)
        out.append(action)
    return out


def _place_actions(
    cache: dict[tuple[object, ...], Action], nation: str, entry: str, zones: list[str]
) -> list[Action]:
    """``Place(nation, entry, zone)`` for each zone, each made once per world (a value)."""
    out: list[Action] = []
    for zone in zones:
        key = ("place", nation, entry, zone)
        if (action := cache.get(key)) is None:
            action = cache[key] = Place(nation, entry, zone)
        out.append(action)
    return out
