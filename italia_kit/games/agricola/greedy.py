"""A greedy governor for the Roman seat: each action scored by the VP it is worth and the
risk it runs, a battle by its simulated odds (8.0: :mod:`.odds` plays the battle itself out
with this player's own tactics, :mod:`.tactics`, cached by the battle's matchup).

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

It draws no random numbers: two games from the same seed play the same (the odds' dice
derive from the matchup, so the player's ``seed`` changes nothing, and neither does what
the same process played before).
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.agricola.actions import (
    BATTLE,
    GARRISON,
    PEACEKEEPING,
    SUPPRESS,
    LegionAction,
    Negotiate,
    Pass,
)
from italia_kit.games.agricola.geography import ADJACENT, CAMPS, REGION_OF
from italia_kit.games.agricola.mechanics import RESISTANCE, legionaries, region_bonus
from italia_kit.games.agricola.odds import chance_of_victory
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tactics import TACTICS

#: the policies' leanings: "settle" values Garrisons (hence Settlements, 9.6) more,
#: "negotiate" bribes more readily (6.0)
STYLES = ("balanced", "settle", "negotiate")
#: no legion moves (what Passing leaves on the map)
_STAY = LegionAction((0,), -1, PEACEKEEPING)
#: the least simulated chance of victory for which the greedy player fights a battle
BATTLE_NERVE = 0.93
#: playouts per battle it considers
BATTLE_PLAYOUTS = 10


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
        # per decision (:meth:`_act`): Garrisons and Settlements held, legionaries per legion
        self._posts = 0
        self._strength = [0, 0, 0]

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
        if step in TACTICS:
            return TACTICS[step](state, actions)
        return actions[0]

    # -- the turn ------------------------------------------------------------------------
    def _act(self, game: Game[Any], actions: list[Action]) -> Action:
        state: AgricolaState = game.state
        best: tuple[float, int, Action] | None = None
        targets = raid_targets(state)  # the same for every action of this decision
        # so are the posts held and the legions' strength (the Garrison's conditions)
        self._posts = sum(1 for b in state.settlement if b >= 0) + sum(
            1 for b in state.garrison if b >= 0
        )
        self._strength = [len(legionaries(state, k)) for k in range(3)]
        for index, action in enumerate(actions):
            value = self._value(game, state, action, targets)
            if value is None:
                continue
            if best is None or value > best[0]:
                best = (value, -index, action)
        return best[2] if best is not None else next(a for a in actions if isinstance(a, Pass))

    def _value(
        self, game: Game[Any], state: AgricolaState, action: Action, targets: tuple[int, ...]
    ) -> float | None:
        if isinstance(action, Pass):
            # VP now for the actions forgone; worth more as the turn runs out of good moves
            return 0.9 * state.actions_left - 1.5 - raid_risk(state, _STAY, targets)
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
        return value - raid_risk(state, action, targets)

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
            if self._strength[legion] < 3 or action.unit != 1 or self._posts >= 4:
                return None
            settle = 1.0 if self.style == "settle" else 0.0
            return 1.7 + settle + (0.5 if action.extra != -1 else 0) - 0.1 * state.turn
        if action.order == PEACEKEEPING:
            return 0.6 + (0.1 if action.extra != -1 else 0)
        return None

    def battle_odds(self, game: Game[Any], action: LegionAction) -> float:
        """The chance of victory in the battle ``action`` starts: the share of
        ``playouts`` playouts of that battle it wins with its own tactics (:mod:`.odds`,
        cached by the battle's matchup; below the nerve, it stops early)."""
        return chance_of_victory(game.state, action, self.playouts, self.nerve)


def raid_targets(state: AgricolaState) -> tuple[int, ...]:
    """The boxes 9.1's raids may hit, once per crowded tribal box next to them (two units
    or more: it may grow before Housekeeping): camps and Settlements with no Garrison.
    Computed once per decision; :func:`raid_risk` then checks which of them a move leaves
    without a Legion."""
    out: list[int] = []
    for box, stack in enumerate(state.stacks):
        if len(stack) < 2:
            continue
        for near in ADJACENT[box]:
            target = near in CAMPS or state.settlement[near] >= 0
            if target and state.garrison[near] < 0:
                out.append(near)
    return tuple(out)


def raid_risk(
    state: AgricolaState, action: LegionAction, targets: tuple[int, ...] | None = None
) -> float:
    """What leaving the boxes ``action`` leaves may cost in 9.1's raids: each crowded tribal
    box next to a camp or Settlement with no Legion or Garrison is 2 coins; ruinous when
    the Treasury cannot pay them. ``targets``: :func:`raid_targets` of the state."""
    if targets is None:
        targets = raid_targets(state)
    if not targets:
        return 0.0
    boxes = list(state.legion_box)
    final = action.extra if action.order == PEACEKEEPING and action.extra != -1 else action.to
    if final != -1:
        for k in action.legions:
            boxes[k] = final
    exposure = sum(1 for near in targets if near not in boxes)
    if exposure and state.treasury - 2 * exposure <= 0:
        return 6.0
    return 0.25 * exposure
