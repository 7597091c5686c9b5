"""The odds of a battle (8.0-8.6), simulated, cached by the battle's matchup.

The greedy governor (:mod:`.greedy`) fights a battle it wins often enough. The chance is
estimated by playing the battle itself out: :func:`playout` sets the battle up on a copy
of the state (:func:`~.battle.start_battle`: the Tribal Formation Table, the Initiative,
Mons Graupius) and runs the engine's own battle rules with the governor's tactics
(:mod:`.tactics`) until the battle is over (8.6's end, a Military Disaster, or a legion
left with no legionaries, 10.0). The reactions that follow a battle are not played: the
odds are those of the battle.

Everything the battle reads of the state is in its :func:`matchup` (a hashable tuple):
the tribe and Resistance of the top-most counter (8.2), the Leadership Bonus and whether a
leader is in the box or the region (8.1), Agricola's presence (8.4), whether Mons Graupius
may come (8.8), the Attack and Defence of the Battle Cup's units, and each legion's Battle
Units by their kind, Attack and Defence (a counter's number is no part of it: the playout
puts the cup and the Holding Boxes in the order of their factors).
Playout ``k`` of a matchup rolls on
dice seeded from the matchup and ``k`` alone, so its result is a function of the matchup:
the cache (:data:`_OUTCOMES`, per process) changes the speed of a study, never a choice,
and a game plays the same whatever was played before it in the same process.

``tests/test_agricola_study.py`` checks that a matchup's odds do not depend on the cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from italia_kit.core import Context, Randomness
from italia_kit.core.events import Event, EventLog
from italia_kit.games.agricola import battle as battles
from italia_kit.games.agricola.actions import LegionAction
from italia_kit.games.agricola.geography import REGION_OF
from italia_kit.games.agricola.handlers import HANDLERS
from italia_kit.games.agricola.mechanics import (
    IS_LEGIONARY,
    RESISTANCE,
    factors,
    leader_in_box,
    leader_in_region,
    region_bonus,
)
from italia_kit.games.agricola.reactions import calgacus_on_map
from italia_kit.games.agricola.state import BATTLE, CUPS, AgricolaState
from italia_kit.games.agricola.tables import CALGACUS, COUNTERS, DIE, LEADERS
from italia_kit.games.agricola.tactics import TACTICS

#: a battle's matchup: what its outcome depends on (:func:`matchup`)
Matchup = tuple[Any, ...]
#: the results of each matchup's playouts so far, playout 0 first (True: a victory)
_OUTCOMES: dict[Matchup, list[bool]] = {}
#: the cache is emptied when it holds this many matchups (a long study's memory)
CACHE_LIMIT = 200_000
_MASK = (1 << 64) - 1
_CALGACUS = LEADERS.index(CALGACUS)
_RULES: Any = None
#: a Tribal Battle Unit as the battle sees it (8.4, 8.5)
_ENEMY = tuple((c.attack, c.defence) for c in COUNTERS)


class _Unrecorded(Context[AgricolaState]):
    """A playout's context: the rules run as ever, but nothing is logged (no one reads a
    playout's events, and a battle makes dozens)."""

    __slots__ = ()

    def emit(self, kind: str, rule: str, text: str, **data: Any) -> Event:
        return _NO_EVENT


_NO_EVENT = Event(0, 0, "", "", "playout", "", "", {})


def matchup(state: AgricolaState, action: LegionAction) -> Matchup:
    """What the battle ``action`` starts depends on, as a hashable tuple (8.1, 8.2, 8.8)."""
    legions = action.legions
    box = state.legion_box[legions[0]] if action.to == -1 else action.to
    region = REGION_OF[box]
    agricola = state.agricola
    agricola_here = agricola in legions or (agricola >= 0 and state.legion_box[agricola] == box)
    mons = 0  # 8.8: no Mons Graupius possible; 1: by the asterisk; 2: Calgacus is here
    if calgacus_on_map(state) and not state.mons_graupius and region == "Red":
        mons = 2 if state.leader_box[_CALGACUS] == box else 1
    romans = tuple(tuple(sorted(map(_signature(state), state.holding[k]))) for k in legions)
    top = state.stacks[box][-1]
    return (
        (COUNTERS[top].tribe, RESISTANCE[top]),
        region_bonus(state, region),
        leader_in_box(state, box) >= 0,
        leader_in_region(state, region) >= 0,
        agricola_here,
        mons,
        tuple(sorted(_ENEMY[c] for c in state.cups[BATTLE])),
        romans,
    )


def _signature(state: AgricolaState) -> Callable[[int], tuple[bool, int, int]]:
    """A Roman Battle Unit as the battle sees it: Auxiliary or legionary, Attack, Defence."""
    return lambda unit: (IS_LEGIONARY[unit], *factors(state, unit))


def _seed(key: Matchup, k: int) -> int:
    """Playout ``k``'s dice seed: a digest of the matchup (not ``hash()``, which Python may
    salt per process) and ``k``."""
    digest = hashlib.blake2b(repr(key).encode(), digest_size=8).digest()
    return (int.from_bytes(digest, "little") + k * 0x9E3779B97F4A7C15) & _MASK


def playout(state: AgricolaState, action: LegionAction, seed: int) -> bool:
    """One battle ``action`` starts, played out on a copy of ``state`` with dice seeded
    ``seed`` and the governor's tactics; True if Rome wins it and keeps every legion."""
    global _RULES
    if _RULES is None:
        from italia_kit.games.agricola.rules import AgricolaRules

        _RULES = AgricolaRules()
    twin = state.clone()
    legions = list(action.legions)
    if action.to != -1:  # 5.1: the legions move in first
        for k in legions:
            twin.legion_box[k] = action.to
    box = twin.legion_box[legions[0]]
    # the matchup names units by their factors, not their counters: put the cup and the
    # Holding Boxes in the order of their factors, so that the battle is the same for every
    # position of the same matchup
    twin.cups[BATTLE].sort(key=lambda c: (_ENEMY[c], c))
    signature = _signature(twin)
    for k in legions:
        twin.holding[k].sort(key=lambda c: (signature(c), c))
    dice = Randomness(seed=seed, sides=DIE)
    for name, cup in zip(CUPS, twin.cups, strict=True):
        dice.new_bag(name, cup)
    twin.step, twin.queue = "", []
    ctx = _Unrecorded(twin, dice, EventLog())
    ctx.listed = True  # every choice below is one of the rules' legal actions
    battles.start_battle(ctx, box, legions, ambush=False)
    while not twin.result and twin.battle is not None:
        step = twin.step
        if step:
            choice = TACTICS[step](twin, _RULES.legal_actions(twin))
            HANDLERS[(step, type(choice))](ctx, choice)
        else:
            battles.run(ctx)
    return not twin.result.startswith("lost")


def chance_of_victory(
    state: AgricolaState, action: LegionAction, playouts: int, nerve: float = 0.0
) -> float:
    """The share of ``playouts`` playouts of the battle ``action`` starts that Rome wins.

    With ``nerve``, it stops as soon as that share can no longer reach ``nerve`` (the
    playouts not played count as defeats): the answer is below ``nerve`` either way."""
    key = matchup(state, action)
    outcomes = _OUTCOMES.get(key)
    if outcomes is None:
        if len(_OUTCOMES) >= CACHE_LIMIT:
            _OUTCOMES.clear()
        outcomes = _OUTCOMES[key] = []
    wins = 0
    for k in range(playouts):
        if k == len(outcomes):
            outcomes.append(playout(state, action, _seed(key, k)))
        wins += outcomes[k]
        if wins + playouts - k - 1 < nerve * playouts:
            break  # it cannot reach the nerve any more
    return wins / playouts


def cache_size() -> int:
    """How many matchups the cache holds (a study reports its hit rate so)."""
    return len(_OUTCOMES)
