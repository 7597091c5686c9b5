"""The Roman player's decisions applied: one handler per (pending step, action class), each
checking the action before it changes anything (:class:`IllegalActionError` naming the
section). :class:`~italia_kit.games.agricola.rules.AgricolaRules` dispatches to them."""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Context, IllegalActionError
from italia_kit.games.agricola import battle as battles
from italia_kit.games.agricola import housekeeping as hk
from italia_kit.games.agricola import leader, legion
from italia_kit.games.agricola.actions import (
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
from italia_kit.games.agricola.mechanics import aux_room
from italia_kit.games.agricola.reactions import raid_loss
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tables import LEGIONS

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
    if ctx.listed:  # listed as legal here (Context.listed): no need to check it again
        battles.deploy(ctx, action.unit, action.square)
        return
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


HANDLERS: dict[tuple[str, type], Any] = {
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
