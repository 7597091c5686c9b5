"""The odds of a medieval battle (Britannia's, :mod:`.combat_hooks`), exactly: what the
greedy player asks of an attack ("what are the odds of this attack?").

A battle is fought out round by round, without retreats or submission: every army rolls
one d6 at once and hits on its own number (:meth:`~.rulebook.MedievalRulebook.hit_number_in`:
5-6; 6 attacking difficult terrain unless it appeared there; 4-6 superior), each side then
loses as many armies as the other scored, the weakest first (the highest number, as
:func:`.combat_hooks.loss_order` removes them). A side's state is its number of armies
left (the survivors are its best ones), so a battle is an absorbing Markov chain over
(attackers, defenders) whose only cycles are self-loops (both sides miss), solved in order
of the armies left, each self-loop analytically: nothing is sampled.

>>> odds = battle_odds((5,), (5,), exact=True)
>>> odds.attacker_wins, odds.defender_wins, odds.both_destroyed
(Fraction(2, 5), Fraction(2, 5), Fraction(1, 5))
>>> round(battle_odds((6, 6, 6), (5, 5)).attacker_wins, 3)  # three into a marsh, against two
0.517
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Generic, Literal, TypeVar, overload

from italia_kit.games.italia.battle_sides import defender_in
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

P = TypeVar("P", float, Fraction)

#: a d6 (Britannia (public summary): one die per army)
DIE = 6


@dataclass(frozen=True)
class BattleOdds(Generic[P]):
    """How a battle fought out ends: one side destroyed with the other left, or both
    destroyed together (the last armies of both sides hit at once); the armies each side
    is expected to lose."""

    attacker_wins: P
    defender_wins: P
    both_destroyed: P
    attacker_losses: P
    defender_losses: P


def hit_faces(number: int) -> int:
    """The faces of a d6 that reach ``number`` (4: three, 5: two, 6: one; above 6: none).

    >>> [hit_faces(n) for n in (4, 5, 6, 7)]
    [3, 2, 1, 0]
    """
    return max(0, min(DIE, DIE + 1 - number))


def _hits_distribution(chances: Sequence[P], zero: P, one: P) -> list[P]:
    """The chance of 0..n hits from dice hitting with ``chances`` (a convolution)."""
    dist = [one]
    for p in chances:
        nxt = [zero] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (one - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


@overload
def battle_odds(
    attack: Sequence[int], defence: Sequence[int], *, exact: Literal[False] = False
) -> BattleOdds[float]: ...
@overload
def battle_odds(
    attack: Sequence[int], defence: Sequence[int], *, exact: Literal[True]
) -> BattleOdds[Fraction]: ...
def battle_odds(
    attack: Sequence[int], defence: Sequence[int], *, exact: bool = False
) -> BattleOdds[float] | BattleOdds[Fraction]:
    """The exact odds of a battle between armies hitting on ``attack``'s numbers and on
    ``defence``'s, fought to the end (see the module); ``exact``: as fractions."""
    key = (tuple(sorted(attack)), tuple(sorted(defence)))
    if exact:
        return _odds_exact(*key)
    return _odds_float(*key)


@lru_cache(maxsize=4096)
def _odds_float(attack: tuple[int, ...], defence: tuple[int, ...]) -> BattleOdds[float]:
    a = [hit_faces(n) / DIE for n in attack]
    d = [hit_faces(n) / DIE for n in defence]
    return _solve(attack, defence, a, d, 0.0, 1.0)


@lru_cache(maxsize=256)
def _odds_exact(attack: tuple[int, ...], defence: tuple[int, ...]) -> BattleOdds[Fraction]:
    a = [Fraction(hit_faces(n), DIE) for n in attack]
    d = [Fraction(hit_faces(n), DIE) for n in defence]
    return _solve(attack, defence, a, d, Fraction(0), Fraction(1))


def _solve(
    attack: tuple[int, ...],
    defence: tuple[int, ...],
    a_chances: list[P],
    d_chances: list[P],
    zero: P,
    one: P,
) -> BattleOdds[P]:
    """Forward through the chain: ``mass[i, j]``, the chance the battle ever stands at
    ``i`` attackers against ``j`` defenders (the best ``i`` and ``j`` of each: ``attack``
    and ``defence`` are sorted, best first), every step to fewer armies."""
    n_a, n_d = len(attack), len(defence)
    a_hits = [_hits_distribution(a_chances[:i], zero, one) for i in range(n_a + 1)]
    d_hits = [_hits_distribution(d_chances[:j], zero, one) for j in range(n_d + 1)]
    mass: dict[tuple[int, int], P] = {(n_a, n_d): one}
    ends: dict[tuple[int, int], P] = {}
    # every step lowers i + j (both missing is a self-loop, divided out): in that order
    for total in range(n_a + n_d, -1, -1):
        for i in range(min(n_a, total), -1, -1):
            j = total - i
            if j > n_d or (i, j) not in mass:
                continue
            m = mass.pop((i, j))
            if i == 0 or j == 0:
                ends[i, j] = ends.get((i, j), zero) + m
                continue
            stay = a_hits[i][0] * d_hits[j][0]
            if stay == one:  # neither side can ever hit: no end (never at d6 numbers <= 6)
                continue
            m = m / (one - stay)
            for ha, pa in enumerate(a_hits[i]):
                for hd, pd in enumerate(d_hits[j]):
                    if ha == 0 and hd == 0:
                        continue
                    nxt = (max(0, i - hd), max(0, j - ha))
                    mass[nxt] = mass.get(nxt, zero) + m * pa * pd
    a_wins = sum((p for (i, j), p in ends.items() if i > 0), zero)
    d_wins = sum((p for (i, j), p in ends.items() if j > 0), zero)
    both = sum((p for (i, j), p in ends.items() if i == 0 and j == 0), zero)
    a_left = sum((p * i for (i, _), p in ends.items()), zero)
    d_left = sum((p * j for (_, j), p in ends.items()), zero)
    return BattleOdds(a_wins, d_wins, both, n_a - a_left, n_d - d_left)


# -- on the board --------------------------------------------------------------------------
def numbers(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    zone: str,
    units: Sequence[Unit],
    *,
    attacking: bool,
) -> list[int]:
    """The numbers ``units`` (their armies; leaders roll no die) would need in a battle
    in ``zone`` now; a unit not yet there (joining the attack) did not appear there."""
    out = []
    for u in units:
        if u.is_leader or u.carrier is not None:
            continue
        if u.zone != zone and u.extras and u.extras.get("appeared"):
            u = u.copy()
            u.extras = {k: v for k, v in (u.extras or {}).items() if k != "appeared"} or None
        out.append(rules.hit_number_in(world, state, zone, u, attacking=attacking))
    return out


def attack_odds(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    nation: str,
    zone: str,
    joining: Sequence[Unit] = (),
) -> BattleOdds[float]:
    """What are the odds of this attack: ``nation``'s armies in ``zone`` and those
    ``joining`` them (moving in) against the power it would fight there (Italia's
    ``defender_in``: the most units), fought out now (the turn's terrain, S6).

    Without a defender the attacker wins outright; without an army it cannot win."""
    defender = defender_in(world, state, nation, zone)
    here = state.where.get(zone, ())
    mine = [u for u in here if u.nation == nation] + list(joining)
    theirs = [u for u in here if u.nation == defender] if defender is not None else []
    return battle_odds(
        numbers(rules, world, state, zone, mine, attacking=True),
        numbers(rules, world, state, zone, theirs, attacking=False),
    )


def land_odds(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    zone: str,
) -> tuple[float, float, float, float]:
    """(attacker wins, defender wins, attacker's expected losses, defender's) of a battle
    in ``zone`` between ``attackers`` and ``defenders``: Italia's ``Rulebook.land_odds``
    for the greedy player's view (a side without armies loses at once, its leaders
    dying, so the other wins)."""
    odds = battle_odds(
        numbers(rules, world, state, zone, attackers, attacking=True),
        numbers(rules, world, state, zone, defenders, attacking=False),
    )
    return odds.attacker_wins, odds.defender_wins, odds.attacker_losses, odds.defender_losses
