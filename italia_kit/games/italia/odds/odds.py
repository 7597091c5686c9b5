"""Exact battle odds by dynamic programming over the battle's states (rulebook 10.0-10.9).

With a fixed casualty order a side's state is the hits it has absorbed (more exactly: how
many of each block are fresh or flipped, which the elephants' rampages can reach, see
:meth:`~italia_kit.games.italia.odds.battle.Force.take`). A round moves both sides at once: each
side's hits are a convolution of its living units' dice and land down the other side's
casualty order. The states after a round form an absorbing Markov chain whose only cycles
are self-loops (both sides miss), so the chain is solved in topological order, each
self-loop analytically (divide by ``1 - p(no change)``): nothing is truncated and nothing
is sampled.

>>> from italia_kit.games.italia.odds.battle import Battle
>>> odds = exact_odds(Battle.parse("infantry", "infantry"), exact=True)
>>> odds.attacker_wins, odds.defender_wins, odds.both_eliminated
(Fraction(3, 8), Fraction(3, 8), Fraction(1, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

import numpy as np

from italia_kit.games.italia.odds.battle import Battle, Config, Dice, Force, Survivors

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["RESULTS", "Odds", "Outcome", "exact_odds", "survivors_text"]

P = TypeVar("P", float, Fraction)

#: The ways a battle ends. A retreat loses the zone: ``attacker_wins`` counts the defender's
#: retreats and ``defender_wins`` the attacker's (see :class:`Odds`).
RESULTS = (
    "attacker_wins",
    "defender_retreats",
    "both_eliminated",
    "attacker_retreats",
    "defender_wins",
)

#: Above this many joint states the float solver uses numpy; below, plain dictionaries.
_NUMPY_FROM = 60


def survivors_text(survivors: Survivors) -> str:
    """``"3 legion, 1 consular_legion"``, or ``"-"`` for nobody."""
    return ", ".join(f"{n} {t}" for t, n in survivors) or "-"


@dataclass(frozen=True)
class Outcome(Generic[P]):
    """One way the battle can end: who is left on each side, how it ended, how likely."""

    attacker: Survivors
    defender: Survivors
    result: str
    probability: P

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: survivors as ``{type: count}``, the probability as a float."""
        return {
            "attacker": {str(t): n for t, n in self.attacker},
            "defender": {str(t): n for t, n in self.defender},
            "result": self.result,
            "probability": float(self.probability),
        }


@dataclass(frozen=True)
class Odds(Generic[P]):
    """The exact odds of a battle.

    ``attacker_wins``: the attacker holds the zone (no defenders left, attackers left),
    *including* the defender retreating (``defender_retreats``, a part of it);
    ``defender_wins`` likewise includes ``attacker_retreats``; ``both_eliminated``: nobody
    is left. The three sum to 1. For a raid (10.7) ``attacker_wins`` is the chance the raid
    succeeds (at least one hit: the city is ruined) and ``defender_wins`` that it fails; the
    raiders retreat either way. ``expected_losses``: units lost per side (a unit driven off
    by an elephant counts as lost). ``outcomes``: every end with its survivors, the most
    likely first.
    """

    battle: Battle
    attacker_wins: P
    defender_wins: P
    both_eliminated: P
    attacker_retreats: P
    defender_retreats: P
    expected_losses: Mapping[str, P]
    outcomes: tuple[Outcome[P], ...]

    def to_frame(self) -> pd.DataFrame:
        """The outcome table: one row per outcome, survivors per type as columns."""
        return outcomes_frame(self.outcomes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready. The only top-level probabilities are the three that sum to 1."""
        return summary_dict(self)

    def __repr__(self) -> str:
        from italia_kit.games.italia.odds.display import odds_repr

        return odds_repr(self)

    def _repr_html_(self) -> str:
        """The notebook's view: the chances, the expected losses, the likeliest outcomes."""
        from italia_kit.games.italia.odds.display import odds_html

        return odds_html(self)


def outcomes_frame(outcomes: Sequence[Outcome[Any]]) -> pd.DataFrame:
    """Outcomes as a DataFrame: result, survivors as text, counts per type, probability."""
    import pandas as pd

    types = list(dict.fromkeys(t for o in outcomes for t, _ in (*o.attacker, *o.defender)))
    rows = []
    for o in outcomes:
        row: dict[str, Any] = {
            "result": o.result,
            "attacker": survivors_text(o.attacker),
            "defender": survivors_text(o.defender),
        }
        for side, survivors in (("attacker", o.attacker), ("defender", o.defender)):
            left = dict(survivors)
            row.update({f"{side}_{t}": left.get(t, 0) for t in types})
        row["probability"] = o.probability
        rows.append(row)
    return pd.DataFrame(rows)


def summary_dict(odds: Any) -> dict[str, Any]:
    """The JSON form shared by :class:`Odds` and the Monte Carlo's result."""
    return {
        "attacker_wins": float(odds.attacker_wins),
        "defender_wins": float(odds.defender_wins),
        "both_eliminated": float(odds.both_eliminated),
        "retreats": {
            "attacker": float(odds.attacker_retreats),
            "defender": float(odds.defender_retreats),
        },
        "expected_losses": {k: float(v) for k, v in odds.expected_losses.items()},
        "outcomes": [o.to_dict() for o in odds.outcomes],
    }


@overload
def exact_odds(battle: Battle, *, exact: Literal[False] = ...) -> Odds[float]: ...
@overload
def exact_odds(battle: Battle, *, exact: Literal[True]) -> Odds[Fraction]: ...
@overload
def exact_odds(battle: Battle, *, exact: bool) -> Odds[float] | Odds[Fraction]: ...
def exact_odds(battle: Battle, *, exact: bool = False) -> Odds[float] | Odds[Fraction]:
    """The exact odds of ``battle``: floats, or ``Fraction`` throughout with ``exact=True``.

    Targeting (10.4) is modelled as "hits go down the target's casualty order": no hit is
    wasted, the best case for the shooter (who must really declare target types before
    rolling and loses surplus hits on a type). :func:`~italia_kit.games.italia.odds.simulate` covers
    declared targets. Results are memoised per battle.
    """
    result: Odds[float] | Odds[Fraction] = _odds(battle, exact)
    return result


@lru_cache(maxsize=512)
def _odds(battle: Battle, exact: bool) -> Odds[Any]:
    if exact:
        return _compute(battle, _fraction)
    return _compute(battle, _float)


def _fraction(count: int, total: int) -> Fraction:
    return Fraction(count, total)


def _float(count: int, total: int) -> float:
    return count / total


# -- dice -------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def dice_counts(dice: Dice) -> tuple[tuple[int, ...], ...]:
    """Ways to roll ``h`` hits of which ``r`` rampage, as ``counts[h][r]`` out of 10**dice.

    Integer counts, so that exact and float odds come from the same numbers. Each die of a
    kind ``(n, hit, ramp)`` misses on ``10 - hit`` faces, hits plainly on ``hit - ramp`` and
    hits and rampages on ``ramp`` (a multinomial); kinds are convolved.
    """
    table: list[list[int]] = [[1]]
    for n, hit, ramp in dice:
        miss, plain = 10 - hit, hit - ramp
        if ramp:
            kind = [
                [
                    comb(n, h) * comb(h, r) * ramp**r * plain ** (h - r) * miss ** (n - h)
                    if r <= h
                    else 0
                    for r in range(n + 1)
                ]
                for h in range(n + 1)
            ]
        else:
            kind = [[comb(n, h) * hit**h * miss ** (n - h)] for h in range(n + 1)]
        table = _convolve(table, kind)
    return tuple(tuple(row) for row in table)


def _convolve(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    rows, cols = len(a) + len(b) - 1, len(a[0]) + len(b[0]) - 1
    out = [[0] * cols for _ in range(rows)]
    for h1, row1 in enumerate(a):
        for r1, x in enumerate(row1):
            if x:
                for h2, row2 in enumerate(b):
                    target = out[h1 + h2]
                    for r2, y in enumerate(row2):
                        target[r1 + r2] += x * y
    return out


# -- the chain of states ----------------------------------------------------------------------


class _Side:
    """One force's reachable states, in topological order, with its moves and dice."""

    def __init__(self, force: Force, shots: int, rampages: int) -> None:
        self.force = force
        start = force.initial
        states: dict[Config, list[list[Config]]] = {}
        todo = [start]
        while todo:
            config = todo.pop()
            if config in states:
                continue
            reach = min(shots, force.hp(config))  # more hits than that change nothing
            rows = [
                [force.take(config, h, min(r, h)) for r in range(rampages + 1)]
                for h in range(reach + 1)
            ]
            rows += [rows[-1]] * (shots - reach)
            states[config] = rows
            todo.extend(c for row in rows for c in row if c not in states)
        self.configs = sorted(states, key=lambda c: (-force.hp(c), c))
        index = {c: k for k, c in enumerate(self.configs)}
        self.moves = [[[index[c] for c in row] for row in states[c]] for c in self.configs]
        self.alive = [force.alive(c) for c in self.configs]
        self.survivors = [force.survivors(c) for c in self.configs]
        self.shape = (force.size + 1, force.elephants + 1)
        self.later = [force.dice(c, False) for c in self.configs]

    def dice(self, k: int, first_round: bool) -> Dice:
        return self.force.dice(self.configs[k], True) if first_round else self.later[k]

    def terminal(self, other: _Side) -> np.ndarray:
        """Which joint states end the battle: a side gone or a retreat due (10.5)."""
        mine, theirs = np.array(self.alive), np.array(other.alive)
        end: np.ndarray = (mine[:, None] == 0) | (theirs[None, :] == 0)
        if self.force.retreat_at is not None:
            end |= mine[:, None] <= self.force.retreat_at
        if other.force.retreat_at is not None:
            end |= theirs[None, :] <= other.force.retreat_at
        return end


def _compute(battle: Battle, prob: Callable[[int, int], P]) -> Odds[P]:
    attacker, defender = battle.forces()
    att = _Side(attacker, defender.size, defender.elephants)
    dfn = _Side(defender, attacker.size, attacker.elephants)
    ends: list[tuple[int, int, str, Any]] = []
    if battle.raid:
        ends = _raid(att, dfn, prob)
    elif dfn.alive[0] == 0:
        ends = [(0, 0, "attacker_wins", prob(1, 1))]
    else:
        done = att.terminal(dfn)
        size = len(att.configs) * len(dfn.configs)
        found: dict[tuple[int, int], Any]
        if prob is _float and size > _NUMPY_FROM:
            found = _solve_numpy(att, dfn, done)
        else:
            found = _solve_dicts(att, dfn, done, prob)
        ends = [(i, j, _result(att, dfn, i, j), p) for (i, j), p in found.items()]
    return _summarise(battle, att, dfn, ends, prob)


def _result(att: _Side, dfn: _Side, i: int, j: int) -> str:
    a, d = att.alive[i], dfn.alive[j]
    if a == 0 or d == 0:
        return "both_eliminated" if a == d else ("attacker_wins" if d == 0 else "defender_wins")
    at = att.force.retreat_at
    return "attacker_retreats" if at is not None and a <= at else "defender_retreats"


def _moves(dice: Dice, row: list[list[int]], prob: Callable[[int, int], P]) -> dict[int, P]:
    """Where the target goes (state index -> probability) under the shooter's ``dice``."""
    rolls, total = _rolls(dice)
    ways: dict[int, int] = {}
    for h, r, c in rolls:
        k = row[h][r]
        ways[k] = ways.get(k, 0) + c
    return {k: prob(c, total) for k, c in ways.items()}


@lru_cache(maxsize=4096)
def _rolls(dice: Dice) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """The possible ``(hits, rampages, ways)`` of ``dice``, and the number of all rolls."""
    counts = dice_counts(dice)
    rolls = tuple((h, r, c) for h, by_r in enumerate(counts) for r, c in enumerate(by_r) if c)
    return rolls, 10 ** sum(n for n, _, _ in dice)


def _first_round(att: _Side, dfn: _Side, prob: Callable[[int, int], P]) -> dict[int, P]:
    return _moves(dfn.dice(0, True), att.moves[0], prob)


def _raid(att: _Side, dfn: _Side, prob: Callable[[int, int], P]) -> list[tuple[int, int, str, P]]:
    """10.7: one round; the raid succeeds with one hit; the defenders are never hit."""
    dice = att.dice(0, True)
    success = 1 - prob(dice_counts(dice)[0][0], 10 ** sum(n for n, _, _ in dice))
    ends: list[tuple[int, int, str, P]] = []
    for i, p in _first_round(att, dfn, prob).items():
        ends.append((i, 0, "attacker_wins", p * success))
        ends.append((i, 0, "defender_wins", p * (1 - success)))
    return ends


def _solve_dicts(
    att: _Side, dfn: _Side, done: np.ndarray, prob: Callable[[int, int], P]
) -> dict[tuple[int, int], P]:
    """The chain solved state by state; exact when ``prob`` makes Fractions."""
    on_att: dict[tuple[Dice, int], dict[int, P]] = {}
    on_dfn: dict[tuple[Dice, int], dict[int, P]] = {}
    first_a = _first_round(att, dfn, prob)
    first_d = _moves(att.dice(0, True), dfn.moves[0], prob)
    mass = {(i, j): pa * pd for i, pa in first_a.items() for j, pd in first_d.items()}
    for i in range(len(att.configs)):
        for j in range(len(dfn.configs)):
            if done[i, j] or (i, j) not in mass:
                continue
            here = mass.pop((i, j))
            shots_a, shots_d = (dfn.later[j], i), (att.later[i], j)
            if shots_a not in on_att:
                on_att[shots_a] = _moves(dfn.later[j], att.moves[i], prob)
            if shots_d not in on_dfn:
                on_dfn[shots_d] = _moves(att.later[i], dfn.moves[j], prob)
            ta, td = on_att[shots_a], on_dfn[shots_d]
            stay = ta.get(i, 0) * td.get(j, 0)
            visits = here / (1 - stay)
            for i2, pa in ta.items():
                for j2, pd in td.items():
                    if (i2, j2) != (i, j):
                        mass[i2, j2] = mass.get((i2, j2), 0) + visits * pa * pd
    return mass


def _dice_array(side: _Side, first_round: bool) -> np.ndarray:
    """Per state, P(h hits with r rampages) as an array (states, hits, rampages)."""
    out = np.zeros((len(side.configs), *side.shape))
    cache: dict[Dice, np.ndarray] = {}
    for k in range(len(side.configs) if not first_round else 1):
        dice = side.dice(k, first_round)
        if dice not in cache:
            counts = np.array(dice_counts(dice), dtype=float)
            cache[dice] = counts / 10.0 ** sum(n for n, _, _ in dice)
        table = cache[dice]
        out[k, : table.shape[0], : table.shape[1]] = table
    return out


def _transitions(shooter: np.ndarray, target: _Side) -> np.ndarray:
    """``T[s, t, t2]``: the target moves from t to t2 when the shooter is in state s."""
    moves = np.array(target.moves).reshape(len(target.configs), -1)
    n, q = moves.shape
    onehot = np.zeros((q, n, n))
    onehot[np.arange(q)[None, :], np.arange(n)[:, None], moves] = 1.0
    moved: np.ndarray = shooter.reshape(shooter.shape[0], q) @ onehot.reshape(q, n * n)
    return moved.reshape(-1, n, n)


def _solve_numpy(att: _Side, dfn: _Side, done: np.ndarray) -> dict[tuple[int, int], float]:
    """The chain solved one attacker state at a time, all defender states at once.

    ``acc[i, j]`` gathers the probability of arriving in (i, j); for a state that goes on,
    the defender states of one attacker state form a triangular system (the self-loops and
    the moves where only the defender is hit), solved with numpy; the rest is pushed on to
    later attacker states with one matrix product.
    """
    na, nd = len(att.configs), len(dfn.configs)
    on_att = _transitions(_dice_array(dfn, False), att)  # [j, i, i2]
    on_dfn = _transitions(_dice_array(att, False), dfn)  # [i, j, j2]
    first_a = _transitions(_dice_array(dfn, True)[:1], att)[0, 0]
    first_d = _transitions(_dice_array(att, True)[:1], dfn)[0, 0]
    acc = np.outer(first_a, first_d)
    going = ~done
    eye = np.eye(nd)
    for i in range(na):
        on = going[i]
        if not on.any():
            continue
        block = on_att[:, i, i][:, None] * on_dfn[i] * on[:, None]
        y = np.linalg.solve((eye - block).T, acc[i])
        acc[i] = y
        if i + 1 < na:
            push = (y * on)[:, None] * on_att[:, i, i + 1 :]
            acc[i + 1 :] += push.T @ on_dfn[i]
    ends = np.nonzero(done & (acc > 0))
    return {(int(i), int(j)): float(acc[i, j]) for i, j in zip(*ends, strict=True)}


def _summarise(
    battle: Battle,
    att: _Side,
    dfn: _Side,
    ends: list[tuple[int, int, str, P]],
    prob: Callable[[int, int], P],
) -> Odds[P]:
    zero = prob(0, 1)
    by_result = dict.fromkeys(RESULTS, zero)
    table: dict[tuple[Survivors, Survivors, str], P] = {}
    lost_a, lost_d = zero, zero
    for i, j, result, p in ends:
        by_result[result] += p
        key = (att.survivors[i], dfn.survivors[j], result)
        table[key] = table.get(key, zero) + p
        lost_a += p * (att.force.size - att.alive[i])
        lost_d += p * (dfn.force.size - dfn.alive[j])
    order = {r: k for k, r in enumerate(RESULTS)}
    outcomes = tuple(
        Outcome(a, d, r, p)
        for (a, d, r), p in sorted(
            table.items(), key=lambda kv: (-kv[1], order[kv[0][2]], kv[0][0], kv[0][1])
        )
        if p
    )
    return Odds(
        battle=battle,
        attacker_wins=by_result["attacker_wins"] + by_result["defender_retreats"],
        defender_wins=by_result["defender_wins"] + by_result["attacker_retreats"],
        both_eliminated=by_result["both_eliminated"],
        attacker_retreats=by_result["attacker_retreats"],
        defender_retreats=by_result["defender_retreats"],
        expected_losses=MappingProxyType({"attacker": lost_a, "defender": lost_d}),
        outcomes=outcomes,
    )
