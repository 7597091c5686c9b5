"""A vectorised Monte Carlo of the same battles as :mod:`italia_kit.games.italia.odds.odds`.

``n`` battles are fought at once, round by round, with real d10 rolls from one
``numpy.random.Generator(PCG64(seed))``: every living unit rolls a die, a die hits on the
faces that :func:`italia_kit.games.italia.hits.hits` says (so 1 always misses and 10 always hits)
and an elephant's natural 9 or 10 rampages (:func:`~italia_kit.games.italia.hits.rampages`).
Battles that end leave the arrays, so the dice rolled are the dice the battles use.

The targeting ``policy`` is what the exact method cannot cover (10.4):

- ``"order"`` (the default, ``None``): hits go down the target's casualty order and none
  is wasted, exactly the model of :func:`~italia_kit.games.italia.odds.exact_odds`;
- ``"declared"``: before rolling, the shooter aims one die at each hit the target can take,
  down its casualty order, and the spare dice at the first type; hits beyond what a type
  can take are lost;
- ``"random"``: each die aims at a living enemy unit picked at random (so at a type in
  proportion to its numbers); surplus hits on a type are lost.

Naval battles always use the casualty order: there the side taking losses chooses (10.8).

>>> from italia_kit.games.italia.odds.battle import Battle
>>> sim = simulate(Battle.parse("infantry", "infantry"), 20_000, seed=1)
>>> abs(sim.attacker_wins - 3 / 8) < 4 * sim.stderr(3 / 8)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import sqrt
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from italia_kit.games.italia.hits import naval_modifier
from italia_kit.games.italia.odds.battle import Battle, Force, die_faces
from italia_kit.games.italia.odds.odds import RESULTS, Outcome, outcomes_frame, summary_dict
from italia_kit.games.italia.units import UnitType

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CHUNK", "POLICIES", "SimResult", "simulate"]

Policy = Literal["order", "declared", "random"]
POLICIES: tuple[Policy, ...] = ("order", "declared", "random")

#: Battles fought together; results depend on (battle, n, seed, policy) only.
CHUNK = 1 << 16

_ATTACKER_WINS, _DEFENDER_RETREATS, _BOTH, _ATTACKER_RETREATS, _DEFENDER_WINS = range(5)
_NONE = 250  # a byte threshold no die reaches
#: How a battle ended by (attackers gone, defenders gone, the attacker's retreat due).
_ENDINGS = np.array(
    [
        *(_DEFENDER_RETREATS, _ATTACKER_RETREATS),  # both sides left
        *(_ATTACKER_WINS, _ATTACKER_WINS),  # no defenders
        *(_DEFENDER_WINS, _DEFENDER_WINS),  # no attackers
        *(_BOTH, _BOTH),
    ],
    np.int8,
)
_Int = np.intp  # unit counts and hits per battle (an index type: they index tables)


@dataclass(frozen=True)
class SimResult:
    """The frequencies of the outcomes in ``n`` simulated battles (the :class:`Odds` fields).

    ``dice``: how many d10 were rolled in all.
    """

    battle: Battle
    n: int
    seed: int
    policy: Policy
    attacker_wins: float
    defender_wins: float
    both_eliminated: float
    attacker_retreats: float
    defender_retreats: float
    expected_losses: Mapping[str, float]
    outcomes: tuple[Outcome[float], ...]
    dice: int

    def stderr(self, p: float) -> float:
        """The standard error of a frequency whose true value is ``p``."""
        return sqrt(p * (1 - p) / self.n)

    def to_frame(self) -> pd.DataFrame:
        return outcomes_frame(self.outcomes)

    def to_dict(self) -> dict[str, Any]:
        return {**summary_dict(self), "n": self.n, "seed": self.seed, "policy": self.policy}

    def __repr__(self) -> str:
        from italia_kit.games.italia.odds.display import odds_repr

        return odds_repr(self)

    def _repr_html_(self) -> str:
        """The notebook's view: the frequencies with their standard errors, the expected
        losses, the likeliest outcomes."""
        from italia_kit.games.italia.odds.display import odds_html

        return odds_html(self)


def simulate(battle: Battle, n: int, *, seed: int, policy: Policy | None = None) -> SimResult:
    """Fight ``battle`` ``n`` times with dice from ``PCG64(seed)``; see the module notes."""
    if n < 1:
        raise ValueError(f"n: expected at least one battle, got {n}")
    chosen: Policy = policy or "order"
    if chosen not in POLICIES:
        raise ValueError(f"policy {policy!r}: expected one of {', '.join(POLICIES)}")
    rng = np.random.Generator(np.random.PCG64(seed))
    attacker, defender = battle.forces()
    if battle.naval:
        chosen_here: Policy = "order"
    else:
        chosen_here = chosen
    codes, left_a, left_d, dice = [], [], [], 0
    for start in range(0, n, CHUNK):
        m = min(CHUNK, n - start)
        fight = _Fight(battle, attacker, defender, m, rng, chosen_here)
        code, a, d = fight.run()
        codes.append(code)
        left_a.append(a)
        left_d.append(d)
        dice += fight.dice
    return _result(
        battle,
        n,
        seed,
        chosen,
        dice,
        np.concatenate(codes),
        (attacker, np.concatenate(left_a, axis=1)),
        (defender, np.concatenate(left_d, axis=1)),
    )


class _Army:
    """One side of ``m`` battles: per block, arrays of fresh and flipped units (blocks in
    casualty order; one-hit blocks have no flipped array)."""

    def __init__(self, force: Force, m: int, *, raider: bool = False) -> None:
        self.force = force
        self.two = force.two_hit
        self.fresh = [np.full(m, b.count, _Int) for b in force.blocks]
        self.flipped = [np.zeros(m, _Int) if two else None for two in self.two]
        self.thresholds = [_land_thresholds(force, first) for first in (True, False)]
        self.raider = raider
        self.simple = len(self.fresh) == 1 and not self.two[0]
        self.size = m
        self.naval = [_naval_table(e, sum(force.leader_on)) for e in force.embarked]

    def block_alive(self, b: int) -> np.ndarray:
        flipped = self.flipped[b]
        return self.fresh[b] if flipped is None else self.fresh[b] + flipped

    def alive(self) -> np.ndarray:
        if self.simple:
            return self.fresh[0]
        total = np.zeros(self.size, _Int)
        for b in range(len(self.fresh)):
            total += self.block_alive(b)
        return total

    def left(self, rows: np.ndarray) -> np.ndarray:
        """Units left per block in the battles ``rows``: shape (blocks, rows)."""
        left = [self.block_alive(b)[rows] for b in range(len(self.fresh))]
        return np.array(left, _Int).reshape(len(left), rows.size)

    def keep(self, rows: np.ndarray) -> None:
        self.size = rows.size
        self.fresh = [a[rows] for a in self.fresh]
        self.flipped = [None if a is None else a[rows] for a in self.flipped]

    def hp(self) -> np.ndarray:
        return np.array(
            [
                self.fresh[b] if flipped is None else 2 * self.fresh[b] + flipped
                for b, flipped in enumerate(self.flipped)
            ]
        )

    def take(self, hits: np.ndarray, rampages: np.ndarray | None) -> None:
        """Hits down the casualty order (14.2 spread in two-hit blocks), then rampages."""
        for b in range(len(self.fresh)):
            hits = self._hit_block(b, hits)
        self._rampage(rampages)

    def take_aimed(self, hits: np.ndarray, rampages: np.ndarray | None) -> None:
        """Hits per block (``hits[b]``); what a block cannot take is lost (10.4)."""
        for b in range(len(self.fresh)):
            self._hit_block(b, hits[b])
        self._rampage(rampages)

    def _hit_block(self, b: int, h: np.ndarray) -> np.ndarray:
        fresh, flipped = self.fresh[b], self.flipped[b]
        if flipped is not None:
            turned = np.minimum(h, fresh)
            fresh -= turned
            flipped += turned
            h = h - turned
            killed = np.minimum(h, flipped)
            flipped -= killed
        else:
            killed = np.minimum(h, fresh)
            fresh -= killed
        rest: np.ndarray = h - killed
        return rest

    def _rampage(self, r: np.ndarray | None) -> None:
        """Each rampage drives off one whole unit, flipped first (10.2: the owner chooses)."""
        if r is None:
            return
        for b in range(len(self.fresh)):
            for units in (self.flipped[b], self.fresh[b]):
                if units is not None:
                    gone = np.minimum(r, units)
                    units -= gone
                    r = r - gone


class _Fight:
    """``m`` battles fought together, round by round, until every one has ended."""

    def __init__(
        self,
        battle: Battle,
        attacker: Force,
        defender: Force,
        m: int,
        rng: np.random.Generator,
        policy: Policy,
    ) -> None:
        self.battle, self.rng, self.policy, self.m = battle, rng, policy, m
        self.att = _Army(attacker, m, raider=battle.raid)
        self.dfn = _Army(defender, m)
        self.aimed = policy != "order" and not battle.raid
        self.rolls = _Dice(rng, m)

    @property
    def dice(self) -> int:
        return self.rolls.rolled

    def run(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        m, att, dfn = self.m, self.att, self.dfn
        code = np.full(m, -1, np.int8)
        left_a = np.zeros((len(att.fresh), m), _Int)
        left_d = np.zeros((len(dfn.fresh), m), _Int)
        everyone = np.arange(m)
        if not dfn.alive()[0] and not self.battle.raid:
            code[:] = _ATTACKER_WINS
            return code, att.left(everyone), left_d
        limit_a = att.force.retreat_at or 0
        limit_d = dfn.force.retreat_at or 0
        rows = everyone
        first = True
        while rows.size:
            on_d, ramp_d = self._shoot(att, dfn, first)
            on_a, ramp_a = self._shoot(dfn, att, first)
            if self.battle.raid:  # 10.7: one round, the defenders are never hit
                att.take(on_a, ramp_a)
                code[:] = np.where(on_d > 0, _ATTACKER_WINS, _DEFENDER_WINS)
                return code, att.left(everyone), dfn.left(everyone)
            if self.aimed:
                dfn.take_aimed(on_d, ramp_d)
                att.take_aimed(on_a, ramp_a)
            else:
                dfn.take(on_d, ramp_d)
                att.take(on_a, ramp_a)
            first = False
            a, d = att.alive(), dfn.alive()
            done = (a <= limit_a) | (d <= limit_d)
            if not done.any():
                continue
            ended = np.flatnonzero(done)
            finished = rows[ended]
            code[finished] = self._ended(a[ended], d[ended])
            left_a[:, finished] = att.left(ended)
            left_d[:, finished] = dfn.left(ended)
            going = np.flatnonzero(~done)
            rows = rows[going]
            att.keep(going)
            dfn.keep(going)
        return code, left_a, left_d

    def _ended(self, a: np.ndarray, d: np.ndarray) -> np.ndarray:
        """How the battles with ``a`` attackers and ``d`` defenders left have ended: a side
        wiped out, else the attacker's retreat (he decides first, 10.5), else the defender's."""
        ra = self.att.force.retreat_at
        key = 4 * (a == 0) + 2 * (d == 0)
        if ra is not None:
            key += a <= ra
        ended: np.ndarray = _ENDINGS[key]
        return ended

    # -- dice ---------------------------------------------------------------------------------

    def _shoot(
        self, shooter: _Army, target: _Army, first: bool
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """Hits dealt (per battle, or per target block and battle when aiming) and rampages.

        Each block rolls a table of d10, one row per battle; a battle's units roll the first
        dice of its row, the rest of the row is ignored (see :class:`_Dice`).
        """
        m = shooter.size
        blocks = len(target.fresh)
        dealt = np.zeros((blocks, m) if self.aimed else m, _Int)
        ramp_total = np.zeros(m, _Int) if shooter.force.elephants else None
        offset = np.zeros(m, _Int)
        for b, (hit_on, ramp_on) in enumerate(self._thresholds(shooter, first)):
            count = shooter.block_alive(b)
            rolls = self.rolls.roll(count)
            if not rolls:
                continue
            if self.aimed:
                aims = [self._aim(target, rows, die, offset) for rows, die, _ in rolls]
                for t in range(blocks):
                    dealt[t] += self.rolls.count(rolls, hit_on, [aim == t for aim in aims])
                offset += count
            else:
                dealt += self.rolls.count(rolls, hit_on)
            if ramp_total is not None and ramp_on < _NONE:
                ramp_total += self.rolls.count(rolls, ramp_on)
        return dealt, ramp_total

    def _aim(
        self, target: _Army, rows: np.ndarray | None, die: int, offset: np.ndarray
    ) -> np.ndarray:
        """The target block of dice ``die`` to ``die + 7`` of the battles ``rows`` (None: all)
        under the policy (10.4)."""
        pick = slice(None) if rows is None else rows
        if self.policy == "random":
            alive = [target.block_alive(b)[pick] for b in range(len(target.fresh))]
            cum = np.cumsum(alive, axis=0)
            point = self.rng.random((cum.shape[1], 8)) * cum[-1][:, None]
            return _rank(point, cum[:-1])
        hp = target.hp()[:, pick]
        cum = np.cumsum(hp, axis=0)
        aim = _rank(offset[pick][:, None] + die + _SLOTS[:8], cum)
        first = np.argmax(hp > 0, axis=0)
        return np.where(aim >= len(cum), first[:, None], aim)

    def _thresholds(self, army: _Army, first: bool) -> list[tuple[Any, int]]:
        """Per block: the lowest d10 byte that hits (an int, or one per battle at sea: a
        leader helps the other fleets while his own floats, 10.8), and the lowest that
        rampages."""
        if not army.force.naval:
            return army.thresholds[0 if first else 1]
        on = army.force.leader_on
        if not any(on):
            return [(int(table[0]), _NONE) for table in army.naval]
        leaders = sum(army.fresh[b] * n for b, n in enumerate(on) if n)
        return [(table[leaders - on[b]], _NONE) for b, table in enumerate(army.naval)]


def _rank(values: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """For each die (a battle's row of ``values``), how many of its ``bounds`` it reaches."""
    rank = np.zeros(values.shape, np.int64)
    for row in bounds:
        rank += values >= row[:, None]
    return rank


_SLOTS = np.arange(1 << 12)
_BITCOUNT = getattr(np, "bitwise_count", None)  # numpy >= 2.0
#: The bytes of a 64-bit word that 0..8 dice use.
_BYTES = np.array([(1 << 8 * k) - 1 for k in range(9)], np.uint64)


class _Dice:
    """d10 rolls, one row of 8 dice per battle and *segment*, and the counting of hits.

    A roll is a byte 0..249 of the generator's raw 64-bit output, its face ``byte // 25 + 1``:
    the bytes 250-255 are drawn again, so every face has exactly 25 of the 250 values, the
    same uniform d10 as ``rng.integers(1, 11)`` at a fraction of its cost (bench/README.md).
    Segment ``k`` holds dice ``8k`` to ``8k + 7`` of the battles that have more than ``8k``
    dice; the bytes of the dice a battle does not roll are set to 0 (face 1, which never
    hits, 10.2), so that counting the dice that reach a number is a popcount of one 64-bit
    word per row. Scratch space is reused: fresh large temporaries cost page faults.
    """

    def __init__(self, rng: np.random.Generator, rows: int) -> None:
        self.raw = rng.bit_generator.random_raw
        self.flags = np.empty(8 * rows, bool)
        self.bits = np.empty(rows, np.uint8)
        self.rolled = 0

    def roll(self, count: np.ndarray) -> list[tuple[np.ndarray | None, int, np.ndarray]]:
        """``count`` dice per battle, as segments ``(battles or None for all, first die,
        table of bytes with 8 columns)``; no segment when nobody rolls."""
        widest = int(count.max()) if count.size else 0
        segments: list[tuple[np.ndarray | None, int, np.ndarray]] = []
        if widest == 0:
            return segments
        self.rolled += int(count.sum())
        for k in range(-(-widest // 8)):
            rows = None if k == 0 else np.flatnonzero(count > 8 * k)
            left = count if rows is None else count[rows] - 8 * k
            words = self.raw(len(left))
            words &= _BYTES[np.minimum(left, 8)]
            dice = words.view(np.uint8)
            again = np.flatnonzero(np.greater_equal(dice, _NONE, out=self.flags[: dice.size]))
            while again.size:
                dice[again] = self.raw(-(-again.size // 8)).view(np.uint8)[: again.size]
                again = again[dice[again] >= _NONE]
            segments.append((rows, 8 * k, dice.reshape(-1, 8)))
        return segments

    def count(
        self,
        segments: list[tuple[np.ndarray | None, int, np.ndarray]],
        at_least: int | np.ndarray,
        aimed: list[np.ndarray] | None = None,
    ) -> np.ndarray:
        """Per battle, how many of its dice reach ``at_least`` (a byte above 0; one per
        battle at sea) and, if given, are ``aimed``."""
        total = np.zeros(0, _Int)
        for s, (rows, _, table) in enumerate(segments):
            need = at_least
            if isinstance(need, np.ndarray):
                need = (need if rows is None else need[rows])[:, None]
            flags = np.greater_equal(table, need, out=self.flags[: table.size].reshape(table.shape))
            if aimed is not None:
                flags &= aimed[s]
            if _BITCOUNT is None:  # numpy < 2.0
                hits = flags.sum(1, dtype=_Int)
            else:
                hits = _BITCOUNT(flags.view(np.uint64)[:, 0], out=self.bits[: len(table)])
            if rows is None:
                total = hits.astype(_Int)
            else:
                total[rows] += hits
        return total


def face_byte(face: int) -> int:
    """The lowest d10 byte (see :class:`_Dice`) that shows ``face`` or more (11: none, 250)."""
    return 25 * (face - 1)


def _land_thresholds(force: Force, first: bool) -> list[tuple[Any, int]]:
    """Per block, the lowest d10 byte that hits and the lowest that rampages.

    :func:`~italia_kit.games.italia.odds.battle.die_faces` checks that the faces that hit (and those
    that rampage) are the top ones, so a die hits when it reaches the lowest of them.
    """
    if force.naval:
        return []
    return [
        (face_byte(11 - hit), face_byte(11 - ramp)) for hit, ramp in force.faces[0 if first else 1]
    ]


def _naval_table(embarked: int, leaders: int) -> np.ndarray:
    """A fleet's lowest hitting d10 byte by the number of leaders on other fleets (10.8)."""
    return np.array(
        [
            face_byte(
                11 - die_faces(UnitType.FLEET, naval_modifier(embarked=embarked, leaders=k))[0]
            )
            for k in range(leaders + 1)
        ],
        np.uint8,
    )


def _tally(columns: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of small non-negative integer ``columns``, with their counts."""
    radix = [int(c.max()) + 1 for c in columns]
    key = np.zeros(len(columns[0]), np.int64)
    for column, base in zip(columns, radix, strict=True):
        key *= base
        key += column
    if float(np.prod(radix, dtype=float)) <= 1 << 22:
        counts = np.bincount(key)
        found = np.flatnonzero(counts)
        counts = counts[found]
    else:
        found, counts = np.unique(key, return_counts=True)
    rows = np.empty((len(found), len(columns)), np.int64)
    for k in range(len(columns) - 1, -1, -1):
        found, rows[:, k] = np.divmod(found, radix[k])
    return rows, counts


def _result(
    battle: Battle,
    n: int,
    seed: int,
    policy: Policy,
    dice: int,
    code: np.ndarray,
    attacker: tuple[Force, np.ndarray],
    defender: tuple[Force, np.ndarray],
) -> SimResult:
    freq = np.bincount(code, minlength=len(RESULTS)) / n
    types = []
    columns: list[np.ndarray] = [code]
    for force, left in (attacker, defender):
        names = [b.unit for b in force.blocks]
        kinds = list(dict.fromkeys(names))
        if len(kinds) == len(names):
            columns += list(left)
        else:  # a fleet is a block of its own
            columns += [left[[k for k, u in enumerate(names) if u is t]].sum(0) for t in kinds]
        types.append(kinds)
    lost = {
        side: float((force.size - left.sum(0)).mean())
        for side, (force, left) in (("attacker", attacker), ("defender", defender))
    }
    rows, counts = _tally(columns)
    na = len(types[0])
    outcomes = []
    for row, count in zip(rows, counts, strict=True):
        a = tuple((t, int(k)) for t, k in zip(types[0], row[1 : 1 + na], strict=True) if k)
        d = tuple((t, int(k)) for t, k in zip(types[1], row[1 + na :], strict=True) if k)
        outcomes.append(Outcome(a, d, RESULTS[int(row[0])], float(count / n)))
    outcomes.sort(key=lambda o: (-o.probability, RESULTS.index(o.result), o.attacker, o.defender))
    return SimResult(
        battle=battle,
        n=n,
        seed=seed,
        policy=policy,
        attacker_wins=float(freq[_ATTACKER_WINS] + freq[_DEFENDER_RETREATS]),
        defender_wins=float(freq[_DEFENDER_WINS] + freq[_ATTACKER_RETREATS]),
        both_eliminated=float(freq[_BOTH]),
        attacker_retreats=float(freq[_ATTACKER_RETREATS]),
        defender_retreats=float(freq[_DEFENDER_RETREATS]),
        expected_losses=MappingProxyType(lost),
        outcomes=tuple(outcomes),
        dice=dice,
    )
