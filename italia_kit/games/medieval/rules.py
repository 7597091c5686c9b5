"""Medieval Italia as the core runner sees it: decisions, legal actions, apply, advance.

``MedievalRules`` is the Italia engine's rules object with the variant's answers at the
points issue 19 names (movement, combat dice and hit numbers, submission, reinforcements,
scoring, the sequence of a nation's turn); each lives in its module and is named in
``docs/games/medieval.md``.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import (
    Action,
    Context,
    Decision,
    GameRef,
    IllegalActionError,
)
from italia_kit.games.medieval import arrivals, battle, movement, sequence
from italia_kit.games.medieval.actions import (
    CODEC,
    EndMovement,
    Fight,
    Move,
    Place,
    Retreat,
    Submit,
)
from italia_kit.games.medieval.state import MedievalState
from italia_kit.games.medieval.world import World

GAME_ID = "medieval"


class MedievalRules:
    """The rules of Medieval Italia for one scenario (``World``)."""

    codec = CODEC
    game_id = GAME_ID

    def __init__(self, world: World | None = None) -> None:
        self.world = world if world is not None else World()
        self.game_id = self.world.scenario.id  # "medieval", or "medieval+<variant>"

    @property
    def ref(self) -> GameRef:
        """What a save names: the game and the what-if variants applied to it."""
        variants = self.world.scenario.variants
        if variants:
            return GameRef(GAME_ID, {"variant": [dict(v) for v in variants]})
        return GameRef(GAME_ID)

    # -- what is pending -----------------------------------------------------------------
    def decision(self, state: MedievalState) -> Decision | None:
        if state.over:
            return None
        b = state.battle
        if b is not None:
            stage, zone = b["stage"], b["zone"]
            att, dfn = b["attacker"], b["defender"]
            if stage == "submit":
                return Decision(
                    dfn, "submit", battle.R_SUBMIT, f"submit to the {att} in {zone}, or fight?"
                )
            if stage == "withdraw":
                return Decision(
                    att,
                    "withdraw",
                    battle.R_SUBMIT,
                    f"the {dfn} submitted: where do your units in {zone} go?",
                )
            if stage == "flee":
                return Decision(
                    dfn, "retreat", battle.R_SUBMIT, f"you submitted: retreat from {zone}"
                )
            who = att if stage == "attacker" else dfn
            return Decision(
                who,
                "battle",
                battle.R_RETREAT,
                f"battle in {zone}: fight another round or retreat?",
            )
        if state.phase_name == "place":
            p = state.pending[0]
            return Decision(
                state.active,
                "place",
                p["rule"],
                f"place {p['count']} {p['kind']}(s) at {' or '.join(p['options'])}",
            )
        if state.phase_name == "movement":
            return Decision(
                state.active, "move", movement.R_MP, "move armies, or end the movement phase"
            )
        raise AssertionError(f"no decision in phase {state.phase_name!r}")

    def is_over(self, state: MedievalState) -> bool:
        return state.over

    def legal_actions(self, state: MedievalState) -> list[Action]:
        w = self.world
        b = state.battle
        if state.over:
            return []
        if b is not None:
            stage, zone, att, dfn = b["stage"], b["zone"], b["attacker"], b["defender"]
            if stage == "submit":
                return [Submit(dfn, att), Fight(dfn)]
            if stage == "withdraw":
                return [Retreat(att, o) for o in battle.withdraw_options(w, state)]
            who = dfn if stage in ("flee", "defender") else att
            options: list[Action] = [
                Retreat(who, o) for o in battle.retreat_options(w, state, who, zone)
            ]
            if stage == "flee":
                return options or [Fight(dfn)]
            return [Fight(who), *options]
        if state.phase_name == "place":
            p = state.pending[0]
            return [Place(p["power"], z) for z in p["options"]]
        if state.phase_name == "movement":
            return movement.legal_moves(w, state)
        return []

    def apply(self, ctx: Context[MedievalState], action: Action) -> None:
        w, state = self.world, ctx.state
        if state.over:
            raise IllegalActionError("rule text", "the game is over")
        actor = state.actor
        power = getattr(action, "power", None)
        if power != actor:
            raise IllegalActionError(
                "Britannia (public summary): sequence of play",
                f"the {actor} decide now, not {power!r}",
            )
        if isinstance(action, Place):
            arrivals.place(ctx, w, action.power, action.zone)
        elif isinstance(action, Move):
            if state.phase_name != "movement" or state.battle is not None:
                raise IllegalActionError(movement.R_MP, "not in the movement phase")
            movement.apply_move(ctx, w, action)
        elif isinstance(action, EndMovement):
            if state.phase_name != "movement":
                raise IllegalActionError(movement.R_MP, "not in the movement phase")
            movement.end_movement(ctx, w)
        elif isinstance(action, Submit):
            battle.submit(ctx, w, action.power, action.to)
        elif isinstance(action, Fight):
            battle.fight(ctx, w, action.power)
        elif isinstance(action, Retreat):
            battle.retreat(ctx, w, action.power, action.to)
        else:
            raise IllegalActionError("rule text", f"{action!r} is not an action of this game")
        sequence.note_held(w, state)

    def advance(self, ctx: Context[MedievalState]) -> None:
        """Carry out the automatic steps up to the next decision."""
        w, state = self.world, ctx.state
        while not state.over:
            b = state.battle
            if b is not None:
                if b["stage"] != "round":
                    return
                battle.resolve_round(ctx, w)
                sequence.note_held(w, state)
                continue
            phase = state.phase_name
            if phase == "start":
                sequence.begin_game_turn(ctx, w)
                state.phase_name = "next"
            elif phase == "next":
                sequence.begin_nation_turn(ctx, w)
            elif phase == "place":
                if not state.pending:
                    movement.start_movement(ctx, w)
                    sequence.note_held(w, state)
                elif len(state.pending[0]["options"]) == 1:
                    p = state.pending[0]
                    arrivals.place(ctx, w, p["power"], p["options"][0])
                else:
                    return
            elif phase == "battle":
                if not battle.start_next_battle(ctx, w):
                    sequence.end_impulse(ctx, w)
            else:
                return

    def state_from_json(self, data: dict[str, Any]) -> MedievalState:
        return MedievalState.from_json(data)


def initial_state(world: World) -> MedievalState:
    """The set-up (M-A), before turn 1's first nation-turn."""
    state = MedievalState(phase_name="start")
    for p in world.scenario.powers:
        for g in p.setup:
            for _ in range(g.count):
                state.add_unit(p.name, g.unit, g.zones[0], name=g.name)
    return state
