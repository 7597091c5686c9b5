"""Roma's rules as the runner calls them: the decision pending, the legal actions, ``apply``
(which checks before it changes anything), ``advance`` (the automatic steps: dice, deals,
phases with nothing to decide), what a seat may see.

Decisions belong to the population that owes them, whose turn it may not be: the answer to
an alliance (8.3), ships expelled from a port (8.31), an interdiction and an ally's part in
it, or its break with the interceptor (12.3), the cards declared for a battle (13.1), a
withdrawal and the break with an ally that withdrew (13.12), the losses after a strike
(13.11), the allied losses proposed and agreed (13.13), the port a fleet returns to at the
end of the turn (End of Turn).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from italia_kit.core import Action, Context, Decision, GameRef, IllegalActionError
from italia_kit.games.roma import battle as bt
from italia_kit.games.roma import diplomacy as dp
from italia_kit.games.roma import moves as mv
from italia_kit.games.roma import naval
from italia_kit.games.roma import turn as tn
from italia_kit.games.roma.actions import (
    CODEC,
    AgreeLosses,
    Assassin,
    Attack,
    BreakAlliance,
    Consent,
    Declare,
    Diplomat,
    Discard,
    Done,
    Embark,
    Engineer,
    Expel,
    Interdict,
    Join,
    KeepAlliance,
    Land,
    March,
    PlaceTent,
    PlaceUnit,
    PlayCharisma,
    Reinforce,
    ReturnToPort,
    RomaAction,
    Sail,
    ShareLosses,
    Strike,
    Withdraw,
)
from italia_kit.games.roma.common import M, hand_count, legion_room
from italia_kit.games.roma.losses import splits
from italia_kit.games.roma.say import sentence
from italia_kit.games.roma.state import RomaState
from italia_kit.games.roma.tasks import task_step

__all__ = ["DEFAULT_OPTIONS", "RomaRules"]

#: The options and their defaults: seats, length (4.1) and the readings of unclear text.
DEFAULT_OPTIONS: Mapping[str, Any] = {
    "players": 6,
    "turns": 10,
    "interdiction": "both_help",
    "tie_break": "more_units",
    "retreat_port": "choice",
    "return_port": "choice",
    "provinces_count": True,
    "variant": None,
}

#: A battle's steps as decisions: (rule, decision kind, what is asked).
_BATTLE_STEPS = {
    "declare": ("13.1", "declare", "advantage cards to declare"),
    "withdraw": ("13.12", "withdraw", "withdraw or fight"),
    "strike": ("13.11", "strike", "a strike: 2 ships, or 1 of yours"),
    "losses": ("13.13", "share_losses", "how the allies share the losses"),
    "agree": ("13.13", "agree_losses", "agree to the proposed losses?"),
}


class RomaRules:
    """The rules of Roma with the given options (:data:`DEFAULT_OPTIONS`)."""

    game_id = "roma"
    codec = CODEC

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = {**DEFAULT_OPTIONS, **(options or {})}
        self.ref = GameRef("roma", dict(self.options))

    # -- the decision ----------------------------------------------------------------------
    def is_over(self, state: RomaState) -> bool:
        return state.over

    def decision(self, state: RomaState) -> Decision | None:
        if state.over:
            return None
        b = state.battle
        if b is not None:
            if b.get("offers"):
                who, gone = b["offers"][0]
                return Decision(
                    who, "break_at_once", "13.12", f"{gone} withdrew: break the alliance at once?"
                )
            who = b["ask"][0]
            rule, kind, what = _BATTLE_STEPS[b["step"]]
            return Decision(who, kind, rule, f"battle in {b['place']}: {what}")
        if state.queue:
            task = state.queue[0]
            kind = task["task"]
            if kind == "consent":
                return Decision(task["who"], "consent", "8.3", f"ally with {task['from']}?")
            if kind == "expel":
                return Decision(task["who"], "expel", "8.31", f"expel {task['owner']}'s ships")
            if kind == "join":
                return Decision(
                    task["who"], "join", "12.3", f"join {task['leader']}'s interdiction?"
                )
            if kind == "return":
                return Decision(
                    task["who"], "return_to_port", "End of Turn", f"ships in {task['sea']}: port?"
                )
            return Decision(task["who"], "interdict", "12.3", f"interdict {task['target']}?")
        phase = state.phase
        return Decision(state.active, phase, tn.RULE[phase], f"{state.active}: {phase}")

    def legal_actions(self, state: RomaState) -> list[Action]:
        return list(self._legal(state))

    def _legal(self, state: RomaState) -> list[RomaAction]:
        if state.over:
            return []
        b = state.battle
        if b is not None:
            if b.get("offers"):
                who, gone = b["offers"][0]
                return [BreakAlliance(who, gone), KeepAlliance(who, gone)]
            who = b["ask"][0]
            step = b["step"]
            if step == "declare":
                card = "CMN" if b["kind"] == "sea" else "CMT"
                return [Declare(who, n) for n in range(hand_count(state, who, card) + 1)]
            if step == "withdraw":
                return [
                    Withdraw(who, ""),
                    *(Withdraw(who, t) for t in bt.withdraw_options(state, who)),
                ]
            if step == "losses":
                units = b[b["loss_side"]]
                return [ShareLosses(who, c) for c in splits(units, int(b["loss_n"]))]
            if step == "agree":
                return [AgreeLosses(who, True), AgreeLosses(who, False)]
            return [
                Strike(who, True),
                *(Strike(who, False, p) for p in bt.strike_targets(b)),
            ]
        if state.queue:
            task = state.queue[0]
            who = task["who"]
            if task["task"] == "consent":
                return [Consent(who, True), Consent(who, False)]
            if task["task"] == "expel":
                return [Expel(who, s) for s in dp.expel_seas(state, task["port"])]
            if task["task"] == "join":
                return [
                    Join(who, ""),
                    *(Join(who, s) for s in M.sea[task["sea"]]),
                    BreakAlliance(who, task["leader"]),
                ]
            if task["task"] == "return":
                sea = task["sea"]
                return [ReturnToPort(who, sea, t) for t in naval.return_options(state, who, sea)]
            return [Interdict(who, True), Interdict(who, False)]
        return self._phase_actions(state)

    def _phase_actions(self, state: RomaState) -> list[RomaAction]:
        pop = state.active
        phase = state.phase
        if phase in ("setup_tent", "setup_unit"):
            return tn.setup_actions(state)
        if phase == "recruit":
            return tn.recruit_actions(state)
        if phase == "cards":
            return tn.discard_actions(state)
        out: list[RomaAction] = []
        if phase == "diplomacy":
            if hand_count(state, pop, "DIP"):
                for q in state.populations:
                    if q != pop:
                        out.append(Diplomat(pop, q, False))
                        if not state.allied(pop, q):
                            out.append(Diplomat(pop, q, True))
            out.extend(
                BreakAlliance(pop, q)
                for q in state.populations
                if q != pop and state.allied(pop, q)
            )
        elif phase == "assassin":
            if hand_count(state, pop, "SIC"):
                out.extend(Assassin(pop, q) for q in dp.assassin_targets(state))
        elif phase == "engineering":
            return [Engineer(pop, k) for k in range(hand_count(state, pop, "CIN") + 1)]
        elif phase == "land":
            out.extend(mv.march_actions(state))
            out.extend(mv.embark_actions(state))
        elif phase == "naval":
            out.extend(mv.sail_actions(state))
        elif phase == "landing":
            out.extend(mv.land_actions(state))
        elif phase == "combat":
            out.extend(mv.attack_actions(state))
        return [*out, Done(pop)]

    # -- applying ----------------------------------------------------------------------------
    def apply(self, ctx: Context[RomaState], action: Action) -> None:
        state = ctx.state
        if not isinstance(action, RomaAction):
            raise IllegalActionError("5.1", f"{action!r} is not an action of Roma")
        if not ctx.listed:
            self._check(state, action)
        self._apply(ctx, action)

    def _check(self, state: RomaState, a: RomaAction) -> None:
        decision = self.decision(state)
        if decision is None:
            raise IllegalActionError("End of the Game", "the game is over")
        if a.population != decision.actor:
            raise IllegalActionError(
                decision.rule,
                f"{decision.actor} owes the decision ({decision.kind}), not {a.population}",
            )
        if isinstance(a, March) and state.phase == "land":
            mv.check_march(state, a)
        elif isinstance(a, Embark) and state.phase == "land":
            mv.check_embark(state, a)
        elif isinstance(a, Sail) and state.phase == "naval" and not state.queue:
            mv.check_sail(state, a)
            return  # any cargo in range is legal, not only the two listed
        elif isinstance(a, Land) and state.phase == "landing":
            mv.check_land(state, a)
        elif isinstance(a, Attack) and state.phase == "combat" and state.battle is None:
            mv.check_attack(state, a)
        elif isinstance(a, Reinforce) and state.phase == "recruit":
            if a.unit == "legion" and legion_room(state, a.territory) <= 0:
                raise IllegalActionError("The Map", f"{a.territory} holds 10 legions already")
            if a.territory not in tn.reinforce_places(state, a.population):
                raise IllegalActionError(
                    "7.2",
                    f"{a.territory} is not {a.population}'s capital, Province or a captured "
                    "capital it holds",
                )
        elif isinstance(a, Discard):
            hand = list(state.hands.get(a.population, []))
            for card in a.cards:
                if card not in hand:
                    raise IllegalActionError("7.1", f"{a.population} holds no {card} to discard")
                hand.remove(card)
        elif isinstance(a, Withdraw | BreakAlliance | ReturnToPort | ShareLosses):
            _check_choice(state, a, decision.kind)
        if a not in self._legal(state):
            raise IllegalActionError(
                decision.rule,
                f"not a legal action now ({decision.kind}): {sentence(state, a)}",
            )

    def _apply(self, ctx: Context[RomaState], a: RomaAction) -> None:
        state = ctx.state
        if isinstance(a, PlaceTent):
            tn.apply_tent(ctx, a)
        elif isinstance(a, PlaceUnit):
            tn.apply_unit(ctx, a)
        elif isinstance(a, PlayCharisma):
            tn.apply_charisma(ctx, a)
        elif isinstance(a, Reinforce):
            tn.apply_reinforce(ctx, a)
        elif isinstance(a, Discard):
            tn.apply_discard(ctx, a)
        elif isinstance(a, Diplomat):
            dp.diplomat(ctx, a.target, a.alliance)
        elif isinstance(a, Consent):
            task = state.queue.pop(0)
            dp.consent(ctx, a.population, task["from"], a.accept)
        elif isinstance(a, BreakAlliance):
            self._break(ctx, a)
        elif isinstance(a, KeepAlliance):
            bt.answer_offer(state)
            ctx.emit_as(
                a.population,
                "alliance_kept",
                "13.12",
                f"13.12: {a.population} keeps the alliance with {a.target}.",
            )
        elif isinstance(a, ShareLosses):
            bt.propose_losses(ctx, a.population, a.split)
        elif isinstance(a, AgreeLosses):
            bt.agree_losses(ctx, a.population, a.accept)
        elif isinstance(a, ReturnToPort):
            naval.return_ships(ctx, a.population, a.sea, a.port)
        elif isinstance(a, Expel):
            task = state.queue.pop(0)
            dp.expel(ctx, a.population, task["port"], task["owner"], a.sea)
        elif isinstance(a, Assassin):
            dp.assassin(ctx, a.target)
        elif isinstance(a, Engineer):
            state.engineering = a.n
            ctx.emit("engineering", "10.1", f"10.1: {a.population} declares {a.n} CIN.", n=a.n)
            tn.next_phase(ctx)
        elif isinstance(a, March):
            mv.apply_march(ctx, a)
        elif isinstance(a, Embark):
            mv.apply_embark(ctx, a)
        elif isinstance(a, Sail):
            mv.apply_sail(ctx, a)
        elif isinstance(a, Interdict):
            task = state.queue.pop(0)
            naval.interdict(ctx, a.population, task["sea"], task["target"], a.attempt)
        elif isinstance(a, Join):
            naval.join(ctx, a.population, a.leave_to)
        elif isinstance(a, Land):
            mv.apply_land(ctx, a)
        elif isinstance(a, Attack):
            mv.apply_attack(ctx, a)
        elif isinstance(a, Declare):
            bt.declare(ctx, a.population, a.n)
        elif isinstance(a, Withdraw):
            if a.to:
                bt.withdraw(ctx, a.population, a.to)
            else:
                bt.fight_on(state, a.population)
        elif isinstance(a, Strike):
            bt.strike(ctx, a.population, a.two, a.ship_of)
        elif isinstance(a, Done):
            if state.phase == "recruit" and state.pool:
                ctx.emit("recruits_lost", "7.2", f"7.2: {a.population} forgoes {state.pool}.")
                state.pool = 0
            tn.next_phase(ctx)
        else:  # pragma: no cover - every action class is handled above
            raise IllegalActionError("5.1", f"{a!r} is not an action of Roma")

    def _break(self, ctx: Context[RomaState], a: BreakAlliance) -> None:
        """8.3: in the own Diplomacy phase; 12.3 note: instead of joining an ally's
        interdiction (the break's battles come after that interdiction's); 13.12: left
        fighting when the ally withdrew (they come when the battle under way ends)."""
        state = ctx.state
        b = state.battle
        if b is not None:
            bt.answer_offer(state)
            dp.break_alliance(ctx, a.population, a.target, rule="13.12", at=0)
        elif state.queue and state.queue[0]["task"] == "join":
            state.queue.pop(0)
            after = next(
                i + 1 for i, t in enumerate(state.queue) if t["task"] == "interdiction_battle"
            )
            dp.break_alliance(ctx, a.population, a.target, rule="12.3", at=after)
        else:
            dp.break_alliance(ctx, a.population, a.target)

    # -- the automatic steps -------------------------------------------------------------------
    def advance(self, ctx: Context[RomaState]) -> None:
        while self._step(ctx):
            pass

    def _step(self, ctx: Context[RomaState]) -> bool:
        state = ctx.state
        if state.over:
            return False
        if state.phase == "setup":
            for pop in state.populations:
                state.hands[pop] = []
                tn.draw_to_three(ctx, pop)
            tn.start_placing(ctx)
            return True
        if state.battle is not None:
            return bt.battle_step(ctx)
        if state.queue:
            return task_step(ctx)
        if state.voyage is not None:
            return naval.voyage_step(ctx)
        phase = state.phase
        if phase == "end_of_turn":
            tn.end_turn(ctx)
            return True
        if phase in ("setup_tent", "setup_unit"):
            return tn.setup_step(ctx)
        if phase == "recruit":
            return tn.recruit_step(ctx)
        if phase == "cards":
            return False
        if not self._any_action(state):
            tn.next_phase(ctx)
            return True
        return False

    def _any_action(self, state: RomaState) -> bool:
        """Whether the phase offers anything but ending it (cheaper than listing it all)."""
        phase = state.phase
        found: Iterator[RomaAction]
        if phase == "land":
            found = itertools.chain(mv.march_actions(state), mv.embark_actions(state))
        elif phase == "naval":
            found = mv.sail_actions(state)
        elif phase == "landing":
            found = mv.land_actions(state)
        elif phase == "combat":
            found = mv.attack_actions(state)
        elif phase == "engineering":
            return hand_count(state, state.active, "CIN") > 0
        else:
            return len(self._phase_actions(state)) > 1
        return next(found, None) is not None

    # -- views -------------------------------------------------------------------------------
    def observe(self, state: RomaState, seat: str) -> dict[str, Any]:
        """The state as ``seat`` sees it: the other populations' cards as a count."""
        view = state.to_json()
        view["hands"] = {p: list(h) if p == seat else len(h) for p, h in state.hands.items()}
        return view

    def state_from_json(self, data: dict[str, Any]) -> RomaState:
        state = RomaState.from_json(data)
        for pop, hand in state.hands.items():
            if len(hand) > 3:
                raise IllegalActionError(
                    "4.2", f"{pop} holds {len(hand)} cards: no player may hold more than 3"
                )
        return state


def _check_choice(state: RomaState, a: RomaAction, kind: str) -> None:
    """The refusals that name their section for the choices of 8.3, 12.3, 13.12, 13.13 and
    the End of Turn (the rest is the listing's: an action not listed is refused)."""
    if isinstance(a, Withdraw) and kind == "withdraw" and a.to:
        b = state.battle
        assert b is not None
        if b["kind"] == "land" and a.to not in bt.withdraw_options(state, a.population):
            raise IllegalActionError(
                "13.2",
                "in a land battle only the legions of the player whose turn it is withdraw, "
                "to where they came from",
            )
        if a.to not in bt.withdraw_options(state, a.population):
            raise IllegalActionError(
                "13.12",
                f"{a.to} is not one of the nearest ports friendly to {a.population} with room "
                "for its whole fleet",
            )
    elif isinstance(a, BreakAlliance) and not state.allied(a.population, a.target):
        raise IllegalActionError("8.3", f"{a.population} has no alliance with {a.target}")
    elif isinstance(a, BreakAlliance) and kind not in ("diplomacy", "join", "break_at_once"):
        raise IllegalActionError(
            "8.3",
            "an alliance is broken in the own Diplomacy phase, or at once when the ally "
            "interdicts beside it (12.3 note) or withdraws from a battle (13.12)",
        )
    elif isinstance(a, ReturnToPort) and kind == "return_to_port":
        task = state.queue[0]
        if a.port not in naval.return_options(state, a.population, str(task["sea"])):
            raise IllegalActionError(
                "End of Turn",
                f"{a.port} is not one of the nearest allied ports with room for the ships of "
                f"{a.population} in {task['sea']}",
            )
    elif isinstance(a, ShareLosses) and kind == "share_losses":
        b = state.battle
        assert b is not None
        if tuple(sorted(a.split)) not in splits(b[b["loss_side"]], int(b["loss_n"])):
            raise IllegalActionError(
                "13.13",
                f"{a.split} does not name {b['loss_n']} loss(es) among the allies' pieces "
                f"{b[b['loss_side']]}",
            )
