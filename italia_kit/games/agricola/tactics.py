"""The greedy governor's tactics: one rule of thumb per decision that is not a Legion or
Leader Action (deployment 8.3, Tactical Advantage 8.4, holes in the line 8.5, promotion
8.6, a raid's victim 7.1, an Ambush 8.7, Auxiliaries 3.0/9.5, Housekeeping 9.6-9.7).

The battle odds (:mod:`.odds`) play battles out with the same tactics, so that the odds
the governor weighs are those of the battles it would fight. Each tactic takes the state
and the legal actions (``rules.legal_actions``) and returns one of them.
"""

from __future__ import annotations

from collections.abc import Callable

from italia_kit.core import Action
from italia_kit.games.agricola.actions import (
    AmbushLegion,
    AssignAuxiliary,
    BuyAuxiliary,
    BuyVictoryPoint,
    Deploy,
    Done,
    PlaceAgricola,
    Promote,
    PublicWorks,
    RaidLoss,
    Recruit,
    Shift,
    Target,
)
from italia_kit.games.agricola.display import ENEMY_NEAR, FRONT
from italia_kit.games.agricola.mechanics import aquilae, factors, legionaries
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tables import COUNTERS, THRESHOLDS

DEFENCE = tuple(c.defence for c in COUNTERS)
ATTACK = tuple(c.attack for c in COUNTERS)


def _deploy(state: AgricolaState, actions: list[Action]) -> Action:
    battle = state.battle
    assert battle is not None
    deploys = [a for a in actions if isinstance(a, Deploy)]
    if not deploys:
        return actions[-1]

    # each square's worth (the enemy Attack it faces) and each unit's Defence, once: the
    # actions are every unit times every open square
    enemy = battle.enemy
    worth: dict[int, int] = {}
    defence: dict[int, int] = {}
    for a in deploys:
        if a.square not in worth:
            facing = sum(ATTACK[enemy[e]] for e in ENEMY_NEAR[a.square] if enemy[e] >= 0)
            worth[a.square] = (a.square in FRONT) * (facing + 1)
        if a.unit not in defence:
            defence[a.unit] = factors(state, a.unit)[1]
    return max(deploys, key=lambda a: (worth[a.square], defence[a.unit], -a.square))


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

TACTICS: dict[str, Tactic] = {
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
