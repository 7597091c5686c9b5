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
    Negotiate,
    Pass,
    PlaceAgricola,
    Promote,
    PublicWorks,
    RaidLoss,
    Recruit,
    Shift,
    Target,
)
from italia_kit.games.agricola.display import BACK, FRONT
from italia_kit.games.agricola.handlers import HANDLERS
from italia_kit.games.agricola.mechanics import aux_room, draw_shown, legions_in
from italia_kit.games.agricola.reactions import next_reaction
from italia_kit.games.agricola.setup import set_up
from italia_kit.games.agricola.state import CUPS, FRIENDLY, ROME, AgricolaState

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
        handler = HANDLERS.get((step, type(action)))
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
