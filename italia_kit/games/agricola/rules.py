"""The rules as the engine calls them: the decision pending, the legal actions, apply, and
the automatic steps in between (:meth:`AgricolaRules.advance`).

The Roman player is the only seat; the tribes are played by the rules alone (7.0-7.4, 8.2,
8.5, 9.1-9.3), through the queue of work in the state, which stops at each decision the
rules leave to the player (where Agricola starts, the Auxiliaries, Legion and Leader
Actions, a raid's victim, the legion an Ambush catches, deployment, Tactical Advantage,
filling holes in the line, promotion, reorganisation, buying in Housekeeping).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from italia_kit.core import Action, Context, Decision, GameRef, IllegalActionError
from italia_kit.games.agricola import battle as battles
from italia_kit.games.agricola import housekeeping as hk
from italia_kit.games.agricola import leader, legion
from italia_kit.games.agricola.actions import (
    CODEC,
    AmbushLegion,
    AssignAuxiliary,
    Attach,
    BuyAuxiliary,
    BuyVictoryPoint,
    Deploy,
    Done,
    LegionAction,
    Negotiate,
    Pass,
    PlaceAgricola,
    Promote,
    PublicWorks,
    RaidLoss,
    Recruit,
    Reorganize,
    Shift,
    Target,
)
from italia_kit.games.agricola.display import BACK, FRONT
from italia_kit.games.agricola.mechanics import aux_room, draw_shown, legions_in
from italia_kit.games.agricola.reactions import next_reaction, raid_loss
from italia_kit.games.agricola.setup import set_up
from italia_kit.games.agricola.state import CUPS, FRIENDLY, ROME, AgricolaState
from italia_kit.games.agricola.tables import LEGIONS

#: the section that asks each decision, and what it asks
STEPS: dict[str, tuple[str, str]] = {
    "place_agricola": ("3.0", "place Agricola with one of his legions"),
    "assign_auxiliary": ("3.0", "assign the Auxiliary drawn to a legion"),
    "act": ("5.0", "take a Leader Action, a Legion Action or pass"),
    "raid_loss": ("7.1", "choose the Legionary Battle Unit the raid eliminates"),
    "ambush_legion": ("8.7", "choose the legion that meets the Ambush"),
    "deploy": ("8.3", "deploy a Battle Unit, or start the battle"),
    "target": ("8.4", "Tactical Advantage: choose the enemy to attack"),
    "shift": ("8.5", "move an Unengaged Unit into a Hole In The Line"),
    "promote": ("8.6", "promote a Legionary Battle Unit, or none"),
    "battle_reorganize": ("8.6", "reorganize the legions that fought, or carry on"),
    "buy_auxiliary": ("9.5", "buy an Auxiliary, or carry on"),
    "public_works": ("9.6", "build, or carry on"),
    "spend_vp": ("9.7", "buy VP with Coins, recruit with VP, or carry on"),
}


class AgricolaRules:
    """*Agricola, Master of Britain* for the kit's engine (game id ``agricola``)."""

    game_id = "agricola"
    codec = CODEC

    def __init__(self, variants: Sequence[Mapping[str, Any]] = ()) -> None:
        from italia_kit.games.agricola.variants import setup_of

        self.variants = [dict(v) for v in variants]
        self.setup = setup_of(self.variants)
        options = {"variant": self.variants} if self.variants else {}
        self.ref = GameRef("agricola", options)
        if self.variants:
            self.game_id = "agricola+" + "+".join(v["variant"] for v in self.variants)

    # -- what is pending -----------------------------------------------------------------
    def is_over(self, state: AgricolaState) -> bool:
        return bool(state.result)

    def decision(self, state: AgricolaState) -> Decision | None:
        if state.result:
            return None
        rule, prompt = STEPS[state.step]
        if state.step == "act":
            prompt = f"Game Turn {state.turn}, {state.actions_left} Legion Action(s) left: {prompt}"
        return Decision(ROME, state.step, rule, prompt)

    def legal_actions(self, state: AgricolaState) -> list[Action]:
        if state.result:
            return []
        step = state.step
        out: list[Action] = []
        if step == "place_agricola":
            out = [PlaceAgricola(k) for k in range(3)]
        elif step == "assign_auxiliary":
            out = [AssignAuxiliary(k) for k in range(3) if aux_room(state, k)]
        elif step == "act":
            out = [Attach(k) for k in range(3) if _ok(leader.check_attach, state, Attach(k))]
            out += leader.reorganize_options(state, leader.affected_legions(state), "6.0")
            out += [
                Negotiate(box, coins)
                for box in leader.negotiation_boxes(state)
                for coins in range(1, min(leader.MAX_BRIBE, state.treasury) + 1)
            ]
            out += legion.options(state)
            out.append(Pass())
        elif step == "raid_loss":
            out = [RaidLoss(u) for u in state.ask]
        elif step == "ambush_legion":
            out = [AmbushLegion(k) for k in state.ask]
        elif step == "deploy":
            out = _deploy_options(state)
        elif step == "target":
            out = [Target(e + 1) for e in battles.target_choices(state)]
        elif step == "shift":
            assert state.battle is not None
            out = [Shift(u, h) for u, h in battles.shift_choices(state.battle)]
        elif step == "promote":
            out = [Promote(u) for u in battles.promotion_choices(state, state.ask[0])]
            out.append(Done())
        elif step == "battle_reorganize":
            assert state.battle is not None
            out = [*leader.reorganize_options(state, state.battle.legions, "8.6"), Done()]
        elif step == "buy_auxiliary":
            out = [BuyAuxiliary(), Done()]
        elif step == "public_works":
            out = [*(PublicWorks(b) for b in hk.public_works_boxes(state)), Done()]
        elif step == "spend_vp":
            out = [BuyVictoryPoint()] if state.treasury >= hk.VP_PRICE else []
            out += [Recruit(g) for g in _recruit_groups(state)]
            out.append(Done())
        return out

    # -- applying ------------------------------------------------------------------------
    def apply(self, ctx: Context[AgricolaState], action: Action) -> None:
        state = ctx.state
        step = state.step
        if state.result:
            raise IllegalActionError("10.0", "the game is over")
        rule = STEPS[step][0] if step in STEPS else "5.0"
        handler = _HANDLERS.get((step, type(action)))
        if handler is None:
            raise IllegalActionError(
                rule,
                f"{action.kind!r} is not possible now: the game "
                f"waits for '{step}' ({STEPS.get(step, ('', step))[1]})",
            )
        handler(ctx, action)

    def advance(self, ctx: Context[AgricolaState]) -> None:
        """Run the rules on until the Roman player must decide or the game is over."""
        state = ctx.state
        while not state.result and not state.step:
            if state.battle is not None:
                battles.run(ctx)
                continue
            if state.queue:
                _work(ctx, self.setup)
                continue
            if state.phase == "turn":
                if state.actions_left > 0:
                    state.step = "act"
                    return
                hk.start(ctx)
                continue
            state.phase = "turn"

    # -- views and saves -----------------------------------------------------------------
    def observe(self, state: AgricolaState, seat: str) -> dict[str, Any]:
        """The state as the Roman player sees it: the cups as counts only (2.0, 4.0)."""
        view = state.to_json()
        view["cups"] = {name: len(cup) for name, cup in zip(CUPS, state.cups, strict=True)}
        return view

    def state_from_json(self, data: dict[str, Any]) -> AgricolaState:
        return AgricolaState.from_json(data)


def _ok(check: Any, state: AgricolaState, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalActionError:
        return False
    return True


def _deploy_options(state: AgricolaState) -> list[Action]:
    battle = state.battle
    assert battle is not None
    squares = battles.deploy_squares(battle)
    # the back row's squares are alike (no enemy touches them): offer the first empty one
    backs = [s for s in squares if s in BACK][:1]
    squares = [s for s in squares if s in FRONT] + backs
    out: list[Action] = [Deploy(u, s) for u in battles.roman_units(state) for s in squares]
    if any(c >= 0 for c in battle.roman):
        out.append(Done())
    return out


def _recruit_groups(state: AgricolaState) -> list[tuple[int, ...]]:
    camps = hk.recruit_camps(state)
    groups: list[tuple[int, ...]] = []
    for n in (1, 2, 3):
        if state.vp < hk.RECRUIT_COST[n]:
            break
        for group in _multisets(camps, n):
            if _ok(lambda s, g: hk.check_recruit(s, g), state, group):  # type: ignore[arg-type]
                groups.append(group)
    return groups


def _multisets(items: list[int], n: int) -> list[tuple[int, ...]]:
    from itertools import combinations_with_replacement

    return list(combinations_with_replacement(items, n))


def _work(ctx: Context[AgricolaState], setup: Mapping[str, Any]) -> None:
    """One item of the queue of automatic work."""
    state = ctx.state
    kind, arg = state.queue[0]
    if kind == "htr" and arg > 1:
        state.queue[0] = ("htr", arg - 1)
    else:
        state.queue.pop(0)
    if kind == "htr":
        next_reaction(ctx)
    elif kind == "fill_htr":
        next_reaction(ctx, filling=True)
    elif kind == "fill":
        hk.fill(ctx)
    elif kind == "ambush":
        _ambush(ctx, arg)
    elif kind == "hk":
        hk.step(ctx, arg)
    elif kind == "setup":
        set_up(ctx, setup)
    elif kind == "setup_aux":
        counter = draw_shown(ctx, FRIENDLY, "3.0", "Auxiliary")
        if counter >= 0:
            state.force.append(counter)  # its Auxiliary side waits in the Force Pool (port)
            state.step, state.ask = "assign_auxiliary", [counter]
            if arg > 1:
                state.queue.insert(0, ("setup_aux", arg - 1))
    else:
        raise AssertionError(f"unknown work {kind!r}")


def _ambush(ctx: Context[AgricolaState], box: int) -> None:
    """8.7: the leader's tribe falls on one legion of the box (if both are still there)."""
    state = ctx.state
    legions = legions_in(state, box)
    if not legions or not state.stacks[box]:
        ctx.emit(
            "ambush",
            "8.7",
            "8.7: no Ambush: the box no longer holds a Legion and a tribe.",
            box=box,
        )
        return
    if len(legions) == 1:
        battles.start_battle(ctx, box, legions, ambush=True)
    else:
        state.step, state.ask = "ambush_legion", legions


# -- the handlers, one per (step, action class) ------------------------------------------


def _place_agricola(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, PlaceAgricola)
    if action.legion not in (0, 1, 2):
        raise IllegalActionError("3.0", f"there is no legion {action.legion} (0-2)")
    state = ctx.state
    state.agricola = action.legion
    state.step = ""
    ctx.emit("setup", "3.0", f"3.0: Agricola joins {LEGIONS[action.legion]}.", legion=action.legion)


def _assign(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, AssignAuxiliary)
    state = ctx.state
    rule = "3.0" if state.phase == "setup" else "9.5"
    if action.legion not in (0, 1, 2) or not aux_room(state, action.legion):
        raise IllegalActionError(
            rule,
            f"legion {action.legion} has no room for another "
            "Auxiliary (two per Legionary Battle Unit)",
        )
    hk.assign_auxiliary(ctx, action.legion)
    if state.phase == "housekeeping" and hk.can_buy_auxiliary(state):
        state.step = "buy_auxiliary"


def _attach(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Attach)
    leader.check_attach(ctx.state, action)
    leader.attach(ctx, action)


def _reorganize(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Reorganize)
    leader.reorganize(ctx, action, leader.affected_legions(ctx.state), "6.0")


def _negotiate(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Negotiate)
    leader.check_negotiate(ctx.state, action)
    leader.negotiate(ctx, action)


def _legion_action(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, LegionAction)
    if not ctx.listed:
        legion.check(ctx.state, action)
    ctx.state.step = ""
    legion.perform(ctx, action)


def _pass(ctx: Context[AgricolaState], action: Action) -> None:
    ctx.state.step = ""
    legion.pass_turn(ctx)


def _raid_loss(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, RaidLoss)
    state = ctx.state
    if action.unit not in state.ask:
        raise IllegalActionError(
            "7.1", f"unit {action.unit} is not a Legionary Battle Unit of a raided legion"
        )
    state.step, state.ask = "", []
    raid_loss(ctx, action.unit)


def _ambush_legion(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, AmbushLegion)
    state = ctx.state
    if action.legion not in state.ask:
        raise IllegalActionError("8.7", f"legion {action.legion} is not in the ambushed box")
    box = state.legion_box[action.legion]
    state.step, state.ask = "", []
    battles.start_battle(ctx, box, [action.legion], ambush=True)


def _deploy(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Deploy)
    state = ctx.state
    battle = state.battle
    assert battle is not None
    if action.unit not in battles.roman_units(state):
        raise IllegalActionError(
            "8.3", f"unit {action.unit} is not an undeployed Battle Unit of a legion in the battle"
        )
    if action.square not in battles.deploy_squares(battle):
        raise IllegalActionError(
            "8.3",
            f"square {action.square} is taken, or the back row is "
            "closed until the front squares facing the enemy are filled",
        )
    battles.deploy(ctx, action.unit, action.square)


def _deploy_done(ctx: Context[AgricolaState], action: Action) -> None:
    battle = ctx.state.battle
    assert battle is not None
    if not any(c >= 0 for c in battle.roman):
        raise IllegalActionError("8.3", "deploy at least one Battle Unit")
    battles.deploy_done(ctx)


def _target(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Target)
    choices = battles.target_choices(ctx.state)
    if action.number - 1 not in choices:
        raise IllegalActionError(
            "8.4",
            f"square {action.number} is not an adjacent enemy "
            f"(choose {', '.join(str(e + 1) for e in choices)})",
        )
    battles.choose_target(ctx, action.number - 1)


def _shift(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Shift)
    battle = ctx.state.battle
    assert battle is not None
    if (action.unit, action.square) not in battles.shift_choices(battle):
        raise IllegalActionError(
            "8.5",
            f"unit {action.unit} cannot move to square "
            f"{action.square}: not an Unengaged Unit and a Hole In The Line",
        )
    battles.shift(ctx, action.unit, action.square)


def _promote(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Promote)
    state = ctx.state
    if action.unit not in battles.promotion_choices(state, state.ask[0]):
        raise IllegalActionError(
            "8.6",
            f"unit {action.unit} cannot be promoted (it must have "
            "fought and survived; promotions are piece-limited)",
        )
    battles.promote(ctx, action.unit)


def _promote_none(ctx: Context[AgricolaState], action: Action) -> None:
    battles.promote(ctx, None)


def _battle_reorganize(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Reorganize)
    battle = ctx.state.battle
    assert battle is not None
    leader.reorganize(ctx, action, battle.legions, "8.6")


def _battle_done(ctx: Context[AgricolaState], action: Action) -> None:
    battle = ctx.state.battle
    assert battle is not None
    ctx.state.step = ""
    battle.stage = "finish"


def _buy_auxiliary(ctx: Context[AgricolaState], action: Action) -> None:
    ctx.state.step = ""
    try:
        hk.buy_auxiliary(ctx)
    except IllegalActionError:
        ctx.state.step = "buy_auxiliary"
        raise


def _step_done(ctx: Context[AgricolaState], action: Action) -> None:
    state = ctx.state
    finished = state.step
    state.step = ""
    if finished == "spend_vp":
        hk.threshold(ctx)


def _public_works(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, PublicWorks)
    hk.public_works(ctx, action.box)
    if not hk.public_works_boxes(ctx.state) and not ctx.state.result:
        ctx.state.step = ""


def _buy_vp(ctx: Context[AgricolaState], action: Action) -> None:
    hk.buy_vp(ctx)


def _recruit(ctx: Context[AgricolaState], action: Action) -> None:
    assert isinstance(action, Recruit)
    hk.recruit(ctx, tuple(action.legions))


_HANDLERS: dict[tuple[str, type], Any] = {
    ("place_agricola", PlaceAgricola): _place_agricola,
    ("assign_auxiliary", AssignAuxiliary): _assign,
    ("act", Attach): _attach,
    ("act", Reorganize): _reorganize,
    ("act", Negotiate): _negotiate,
    ("act", LegionAction): _legion_action,
    ("act", Pass): _pass,
    ("raid_loss", RaidLoss): _raid_loss,
    ("ambush_legion", AmbushLegion): _ambush_legion,
    ("deploy", Deploy): _deploy,
    ("deploy", Done): _deploy_done,
    ("target", Target): _target,
    ("shift", Shift): _shift,
    ("promote", Promote): _promote,
    ("promote", Done): _promote_none,
    ("battle_reorganize", Reorganize): _battle_reorganize,
    ("battle_reorganize", Done): _battle_done,
    ("buy_auxiliary", BuyAuxiliary): _buy_auxiliary,
    ("buy_auxiliary", Done): _step_done,
    ("public_works", PublicWorks): _public_works,
    ("public_works", Done): _step_done,
    ("spend_vp", BuyVictoryPoint): _buy_vp,
    ("spend_vp", Recruit): _recruit,
    ("spend_vp", Done): _step_done,
}
