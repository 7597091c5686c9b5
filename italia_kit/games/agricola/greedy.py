"""A greedy governor for the Roman seat: each action scored by the VP it is worth and the
risk it runs, a battle by its simulated odds (8.0: playing the battle out on forks of the
game with this player's own tactics).

Its habits, by decision:

* **Legion Actions**: a Battle it wins at least :data:`BATTLE_NERVE` of the time, the one
  that clears the most Tribal Units; else a likely Suppress; else a Garrison where the
  region is quiet (Settlements are the long-term VP and Income, 9.6); else Peacekeeping
  (1 Hostile - Unfriendly, the calmest action); Passing when its VP are worth more than
  the reactions it saves are dangerous (late in the turn, or nothing useful to do).
* **Negotiation** with the weak (blue, low Resistance) when the odds are good and coins to
  spare.
* **Battles**: the strongest Defence in the front squares facing the enemy, every unit
  deployed; Tactical Advantage on the weakest Defence; the toughest unit into a hole;
  promotion to three aquilae first (VP, 9.7).
* **Housekeeping**: Public Works whenever affordable ("+3" first), Auxiliaries with coins
  to spare, VP bought when the threshold needs them (or with a full Treasury).

It draws no random numbers: two games from the same seed play the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.agricola.actions import (
    BATTLE,
    GARRISON,
    PEACEKEEPING,
    SUPPRESS,
    AmbushLegion,
    AssignAuxiliary,
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
    Shift,
    Target,
)
from italia_kit.games.agricola.display import ENEMY_NEAR, FRONT
from italia_kit.games.agricola.geography import ADJACENT, CAMPS, REGION_OF
from italia_kit.games.agricola.mechanics import (
    RESISTANCE,
    aquilae,
    factors,
    legionaries,
    region_bonus,
)
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tables import COUNTERS, THRESHOLDS

#: the policies' leanings: "settle" values Garrisons (hence Settlements, 9.6) more,
#: "negotiate" bribes more readily (6.0)
STYLES = ("balanced", "settle", "negotiate")
#: no legion moves (what Passing leaves on the map)
_STAY = LegionAction((0,), -1, PEACEKEEPING)
#: the least simulated chance of victory for which the greedy player fights a battle
BATTLE_NERVE = 0.93
#: playouts per battle it considers
BATTLE_PLAYOUTS = 10
DEFENCE = tuple(c.defence for c in COUNTERS)
ATTACK = tuple(c.attack for c in COUNTERS)


class GreedyPlayer:
    """The greedy governor (``--players rome=greedy``)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        nerve: float = BATTLE_NERVE,
        playouts: int = BATTLE_PLAYOUTS,
        style: str = "balanced",
    ) -> None:
        if style not in STYLES:
            raise ValueError(f"style {style!r}: one of {', '.join(STYLES)}")
        self.seed = seed
        self.nerve = nerve
        self.playouts = playouts
        self.style = style
        # odds already simulated, by position (the game's number of actions) and action
        self._odds: dict[tuple[int, int, LegionAction], float] = {}

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed}, nerve={self.nerve}, style={self.style!r})"

    def choose(self, game: Game[Any], seat: str | None = None) -> Action:
        actions = game.legal_actions(seat)
        if not actions:
            raise ValueError("no legal action: the game is over")
        state: AgricolaState = game.state
        step = state.step
        if step == "act":
            return self._act(game, actions)
        if step in _TACTICS:
            return _TACTICS[step](state, actions)
        return actions[0]

    # -- the turn ------------------------------------------------------------------------
    def _act(self, game: Game[Any], actions: list[Action]) -> Action:
        state: AgricolaState = game.state
        best: tuple[float, int, Action] | None = None
        for index, action in enumerate(actions):
            value = self._value(game, state, action)
            if value is None:
                continue
            if best is None or value > best[0]:
                best = (value, -index, action)
        return best[2] if best is not None else next(a for a in actions if isinstance(a, Pass))

    def _value(self, game: Game[Any], state: AgricolaState, action: Action) -> float | None:
        if isinstance(action, Pass):
            # VP now for the actions forgone; worth more as the turn runs out of good moves
            return 0.9 * state.actions_left - 1.5 - raid_risk(state, _STAY)
        if isinstance(action, Negotiate):
            top = state.stacks[action.box][-1]
            chance = min(1.0, max(0.0, (8 - max(0, RESISTANCE[top] - action.coins)) / 8))
            eager = self.style == "negotiate"
            if chance < (0.6 if eager else 0.75) or state.treasury - action.coins < (
                3 if eager else 5
            ):
                return None
            return (2.4 if eager else 1.5) * chance - 0.3 * action.coins
        if not isinstance(action, LegionAction):
            return None  # Attach and Reorganize: the greedy player keeps its legions as set
        value = self._order_value(game, state, action)
        if value is None:
            return None
        return value - raid_risk(state, action)

    def _order_value(
        self, game: Game[Any], state: AgricolaState, action: LegionAction
    ) -> float | None:
        box = state.legion_box[action.legions[0]] if action.to == -1 else action.to
        stack = state.stacks[box]
        if action.order == BATTLE:
            if len(action.legions) > 1 and state.actions_left < 3:
                return None
            odds = self.battle_odds(game, action)
            if odds < self.nerve:
                return None
            return 2.0 + 1.2 * len(stack) - 1.0 * (len(action.legions) - 1) + 3 * (odds - 1)
        if action.order == SUPPRESS:
            resistance = RESISTANCE[stack[-1]] + region_bonus(state, REGION_OF[box])
            chance = max(0.0, (8 - resistance) / 8)
            if chance < 0.4:
                return None
            agricola = state.agricola in action.legions and len(stack) > 1
            return chance * (1.6 + (0.8 if agricola else 0)) - 0.4
        if action.order == GARRISON:
            legion = action.legions[0]
            if len(legionaries(state, legion)) < 3 or action.unit != 1:
                return None
            settlements = sum(1 for s in state.settlement if s >= 0)
            garrisons = sum(1 for g in state.garrison if g >= 0)
            if settlements + garrisons >= 4:
                return None
            settle = 1.0 if self.style == "settle" else 0.0
            return 1.7 + settle + (0.5 if action.extra != -1 else 0) - 0.1 * state.turn
        if action.order == PEACEKEEPING:
            return 0.6 + (0.1 if action.extra != -1 else 0)
        return None

    def battle_odds(self, game: Game[Any], action: LegionAction) -> float:
        """The chance of victory in the battle ``action`` starts, over playouts on forks of
        the game (its own tactics; the dice each fork's own, reseeded)."""
        key = (id(game), len(game.actions), action)
        if key in self._odds:
            return self._odds[key]
        if len(self._odds) > 256:
            self._odds.clear()
        wins = 0
        for k in range(self.playouts):
            twin = game.fork()
            twin.dice.restore((self.seed * 7919 + k * 104729 + len(game.actions), 0, ()))
            twin.apply(action)
            while not twin.is_over and twin.state.battle is not None:
                step = twin.state.step
                acts = twin.legal_actions()
                twin.apply(_TACTICS[step](twin.state, acts) if step in _TACTICS else acts[0])
            wins += not twin.state.result.startswith("lost")
            if wins + self.playouts - k - 1 < self.nerve * self.playouts:
                break  # it cannot reach the nerve any more
        odds = self._odds[key] = wins / self.playouts
        return odds


def raid_risk(state: AgricolaState, action: LegionAction) -> float:
    """What leaving the boxes ``action`` leaves may cost in 9.1's raids: each crowded tribal
    box (two units or more: it may grow before Housekeeping) next to a camp or Settlement
    with no Legion or Garrison is 2 coins; ruinous when the Treasury cannot pay them."""
    boxes = list(state.legion_box)
    final = action.extra if action.order == PEACEKEEPING and action.extra != -1 else action.to
    if final != -1:
        for k in action.legions:
            boxes[k] = final
    exposure = 0
    for box, stack in enumerate(state.stacks):
        if len(stack) < 2:
            continue
        for near in ADJACENT[box]:
            target = near in CAMPS or state.settlement[near] >= 0
            if target and near not in boxes and state.garrison[near] < 0:
                exposure += 1
    if exposure and state.treasury - 2 * exposure <= 0:
        return 6.0
    return 0.25 * exposure


# -- tactics: one decision each ----------------------------------------------------------


def _deploy(state: AgricolaState, actions: list[Action]) -> Action:
    battle = state.battle
    assert battle is not None
    deploys = [a for a in actions if isinstance(a, Deploy)]
    if not deploys:
        return actions[-1]

    def facing(square: int) -> int:
        return sum(ATTACK[battle.enemy[e]] for e in ENEMY_NEAR[square] if battle.enemy[e] >= 0)

    def key(a: Deploy) -> tuple[int, int, int]:
        front = a.square in FRONT
        return (front * (facing(a.square) + 1), factors(state, a.unit)[1], -a.square)

    return max(deploys, key=key)


def _target(state: AgricolaState, actions: list[Action]) -> Action:
    battle = state.battle
    assert battle is not None
    targets = [a for a in actions if isinstance(a, Target)]
    return min(targets, key=lambda a: DEFENCE[battle.enemy[a.number - 1]])


def _shift(state: AgricolaState, actions: list[Action]) -> Action:
    shifts = [a for a in actions if isinstance(a, Shift)]
    return max(shifts, key=lambda a: factors(state, a.unit)[1])


def _promote(state: AgricolaState, actions: list[Action]) -> Action:
    promotions = [a for a in actions if isinstance(a, Promote)]
    if not promotions:
        return actions[-1]
    return max(promotions, key=lambda a: aquilae(state, a.unit))


def _raid_loss(state: AgricolaState, actions: list[Action]) -> Action:
    raids = [a for a in actions if isinstance(a, RaidLoss)]
    return min(raids, key=lambda a: (aquilae(state, a.unit), -len(_holding_of(state, a.unit))))


def _holding_of(state: AgricolaState, unit: int) -> list[int]:
    return next(h for h in state.holding if unit in h)


def _ambush(state: AgricolaState, actions: list[Action]) -> Action:
    legions = [a for a in actions if isinstance(a, AmbushLegion)]
    return max(legions, key=lambda a: len(state.holding[a.legion]))


def _assign(state: AgricolaState, actions: list[Action]) -> Action:
    def room(a: AssignAuxiliary) -> int:
        legs = len(legionaries(state, a.legion))
        return 2 * legs - (len(state.holding[a.legion]) - legs)

    return max((a for a in actions if isinstance(a, AssignAuxiliary)), key=room)


def _place(state: AgricolaState, actions: list[Action]) -> Action:
    return next(a for a in actions if isinstance(a, PlaceAgricola) and a.legion == 2)


def _buy_auxiliary(state: AgricolaState, actions: list[Action]) -> Action:
    if state.treasury >= 8 and any(isinstance(a, BuyAuxiliary) for a in actions):
        return BuyAuxiliary() if BuyAuxiliary() in actions else actions[0]
    return next(a for a in actions if isinstance(a, Done))


def _public_works(state: AgricolaState, actions: list[Action]) -> Action:
    works = [a for a in actions if isinstance(a, PublicWorks)]
    if works and state.treasury >= 6:
        return max(works, key=lambda a: state.settlement[a.box] >= 0)
    return next(a for a in actions if isinstance(a, Done))


def _spend_vp(state: AgricolaState, actions: list[Action]) -> Action:
    needed = THRESHOLDS[state.turn - 1]
    can_buy = any(isinstance(a, BuyVictoryPoint) for a in actions)
    if can_buy and ((state.vp < needed and state.treasury > 3) or state.treasury >= 12):
        return next(a for a in actions if isinstance(a, BuyVictoryPoint))
    recruits = [a for a in actions if isinstance(a, Recruit) and len(a.legions) == 1]
    if recruits and state.vp - 3 >= needed + 6 and state.turn < 7:
        return min(recruits, key=lambda a: len(legionaries(state, a.legions[0])))
    return next(a for a in actions if isinstance(a, Done))


Tactic = Callable[[AgricolaState, list[Action]], Action]

_TACTICS: dict[str, Tactic] = {
    "deploy": _deploy,
    "target": _target,
    "shift": _shift,
    "promote": _promote,
    "battle_reorganize": lambda state, actions: actions[-1],
    "raid_loss": _raid_loss,
    "ambush_legion": _ambush,
    "assign_auxiliary": _assign,
    "place_agricola": _place,
    "buy_auxiliary": _buy_auxiliary,
    "public_works": _public_works,
    "spend_vp": _spend_vp,
}
