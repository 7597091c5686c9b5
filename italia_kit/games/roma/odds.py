"""Exact odds of a Roma battle (13.1-13.2): a Markov chain over both sides' strengths.

A state is (attacker's pieces, defender's pieces). Each round both roll two dice (the
attacker one across a mountain range or landing without Military Engineering, 13.2), add their
declared advantage cards and the ratio bonus of the moment (13.1, recomputed every round from
the pieces left), and the higher score takes one piece, two on a margin of 7 or more (13.11);
a tie goes to the reading of ``tie_break``; a round nobody wins is rolled again. Nobody
withdraws: these are the odds of a battle fought to the end (13.12 lets every population on
either side withdraw at the start of each round; the odds do not model it). A side's pieces
are counted together: how allies share their losses (13.13) moves no odds, only whose pieces
they are.

The round depends on the dice only through ``x - y`` (the attacker's dice less the
defender's), so each state's five outcomes (strike, win, nothing, loss, struck) come from
one precomputed distribution: a 10-against-10 battle takes well under a millisecond.
:func:`monte_carlo` plays the same battle through the engine's own battle code
(:mod:`italia_kit.games.roma.battle`), which the tests compare with these odds.

>>> odds = exact_odds(RomaBattle(1, 1), exact=True)
>>> odds.attacker_wins
Fraction(1, 2)
>>> round(float(exact_odds(RomaBattle(2, 1)).attacker_wins), 4)
0.8785
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

from italia_kit.games.roma.combat import STRIKE_MARGIN, TIE_BREAKS, ratio_bonus, resolve

__all__ = ["RomaBattle", "RomaOdds", "exact_odds", "monte_carlo"]

P = TypeVar("P", float, Fraction)


@dataclass(frozen=True)
class RomaBattle:
    """One battle to the end: the pieces (legions, or ships if ``naval``), the advantage cards
    declared, whether the attacker rolls one die, the tie-break's reading."""

    attacker: int
    defender: int
    naval: bool = False
    attacker_cards: int = 0
    defender_cards: int = 0
    one_die: bool = False
    tie_break: str = "more_units"

    def __post_init__(self) -> None:
        if self.attacker < 1 or self.defender < 1:
            raise ValueError("13.1: each side needs at least one piece")
        limit = 6 * 6 if self.naval else 10 * 6  # every ship or legion on the board
        if self.attacker > limit or self.defender > limit:
            raise ValueError(f"13.1: at most {limit} pieces a side")
        if self.attacker_cards < 0 or self.defender_cards < 0:
            raise ValueError("13.1: a number of advantage cards is 0 or more")
        if self.attacker_cards > 3 or self.defender_cards > 3:
            raise ValueError("4.2: nobody holds more than 3 cards")
        if self.one_die and self.naval:
            raise ValueError("13.2: only a land attacker rolls one die")
        if self.tie_break not in TIE_BREAKS:
            raise ValueError(f"13.1: tie_break is one of {', '.join(TIE_BREAKS)}")

    def describe(self) -> str:
        piece = "ship" if self.naval else "legion"
        cards = "CMN" if self.naval else "CMT"
        extra = [f"attacker +{self.attacker_cards} {cards}"] if self.attacker_cards else []
        extra += [f"defender +{self.defender_cards} {cards}"] if self.defender_cards else []
        extra += ["the attacker rolls one die"] if self.one_die else []
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"{self.attacker} {piece}(s) attack {self.defender}{tail}"


@dataclass(frozen=True)
class RomaOdds(Generic[P]):
    """The outcome of a battle: each end state ``(attacker left, defender left)`` and its
    probability, the chances of each side, the expected losses."""

    battle: RomaBattle
    outcomes: dict[tuple[int, int], P] = field(default_factory=dict)

    @property
    def attacker_wins(self) -> P:
        return sum((p for (a, _), p in self.outcomes.items() if a > 0), self._zero())

    @property
    def defender_wins(self) -> P:
        return sum((p for (_, d), p in self.outcomes.items() if d > 0), self._zero())

    @property
    def expected_losses(self) -> dict[str, float]:
        b = self.battle
        return {
            "attacker": float(sum(p * (b.attacker - a) for (a, _), p in self.outcomes.items())),
            "defender": float(sum(p * (b.defender - d) for (_, d), p in self.outcomes.items())),
        }

    def _zero(self) -> P:
        first = next(iter(self.outcomes.values()))
        return type(first)(0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "attacker_wins": float(self.attacker_wins),
            "defender_wins": float(self.defender_wins),
            "expected_losses": self.expected_losses,
            "outcomes": [
                {"attacker": a, "defender": d, "probability": float(p)}
                for (a, d), p in sorted(self.outcomes.items())
            ],
        }


@functools.cache
def _differences(a_dice: int) -> tuple[tuple[int, int], ...]:
    """The distribution of (attacker's dice - defender's two dice), as (difference, ways)
    out of 6 ** (a_dice + 2)."""
    faces = range(1, 7)
    a = Counter(sum(c) for c in _rolls(a_dice, faces))
    d = Counter(x + y for x in faces for y in faces)
    out: Counter[int] = Counter()
    for x, nx in a.items():
        for y, ny in d.items():
            out[x - y] += nx * ny
    return tuple(sorted(out.items()))


def _rolls(n: int, faces: Iterable[int]) -> list[tuple[int, ...]]:
    rolls: list[tuple[int, ...]] = [()]
    for _ in range(n):
        rolls = [(*r, f) for r in rolls for f in faces]
    return rolls


@functools.cache
def _cumulative(a_dice: int) -> tuple[dict[int, int], list[int], int]:
    """The ways of each difference, the ways of a difference of at most ``k`` (index
    ``k + 12``) and the total."""
    ways = dict(_differences(a_dice))
    cum, run = [], 0
    for k in range(-12, 13):
        run += ways.get(k, 0)
        cum.append(run)
    return ways, cum, run


def _at_most(cum: list[int], k: int) -> int:
    return 0 if k < -12 else cum[min(k, 12) + 12]


@functools.cache
def _round(
    a: int, d: int, a_cards: int, d_cards: int, one_die: bool, tie_break: str
) -> tuple[int, int, int, int, int, int]:
    """Ways out of the total of each outcome of one round: attacker strikes, attacker wins,
    nobody, defender wins, defender strikes; and the total. The attacker's margin is the
    dice difference plus ``shift``; an equal score goes to :func:`resolve`'s tie-break."""
    shift = a_cards + ratio_bonus(a, d) - d_cards - ratio_bonus(d, a)
    ways, cum, total = _cumulative(1 if one_die else 2)
    strike = STRIKE_MARGIN - shift  # the attacker strikes when the difference is this or more
    counts = [
        total - _at_most(cum, strike - 1),
        _at_most(cum, strike - 1) - _at_most(cum, -shift),
        0,
        _at_most(cum, -shift - 1) - _at_most(cum, -shift - STRIKE_MARGIN),
        _at_most(cum, -shift - STRIKE_MARGIN),
    ]
    tied = ways.get(-shift, 0)
    won = resolve(0, 0, a, d, -shift, 0, tie_break=tie_break)  # the raw dice differ by -shift
    counts[2 if won is None else 1 if won[0] == "a" else 3] += tied
    return (counts[0], counts[1], counts[2], counts[3], counts[4], total)


def exact_odds(battle: RomaBattle, *, exact: bool = False) -> RomaOdds[Any]:
    """The odds of ``battle`` fought to the end (floats, or Fractions if ``exact``)."""
    one: Any = Fraction(1) if exact else 1.0
    mass: dict[tuple[int, int], Any] = {(battle.attacker, battle.defender): one}
    outcomes: dict[tuple[int, int], Any] = {}
    # every round that is won takes a piece: visit the states by falling total
    for total in range(battle.attacker + battle.defender, 1, -1):
        for a in range(max(1, total - battle.defender), min(battle.attacker, total - 1) + 1):
            d = total - a
            m = mass.pop((a, d), None)
            if m is None:
                continue
            sa, wa, _none, wd, sd, n = _round(
                a,
                d,
                battle.attacker_cards,
                battle.defender_cards,
                battle.one_die,
                battle.tie_break,
            )
            decided = n - _none
            for ways, na, nd in (
                (sa, a, d - 2),
                (wa, a, d - 1),
                (wd, a - 1, d),
                (sd, a - 2, d),
            ):
                if not ways:
                    continue
                key = (max(na, 0), max(nd, 0))
                p = m * ways / decided if exact else m * (ways / decided)
                if key[0] == 0 or key[1] == 0:
                    outcomes[key] = outcomes.get(key, 0) + p
                else:
                    mass[key] = mass.get(key, 0) + p
    return RomaOdds(battle, dict(sorted(outcomes.items())))


def monte_carlo(battle: RomaBattle, n: int, seed: int = 0) -> RomaOdds[float]:
    """The same battle played ``n`` times through the engine's battle code (both sides fight
    on; the cards given are declared), as frequencies."""
    from italia_kit.core import Context, EventLog, Randomness
    from italia_kit.games.roma import battle as bt
    from italia_kit.games.roma.common import DECK
    from italia_kit.games.roma.state import RomaState

    card = "CMN" if battle.naval else "CMT"
    counts: Counter[tuple[int, int]] = Counter()
    place = "Mare Tyrrhenum" if battle.naval else "Etruria"
    for i in range(n):
        dice = Randomness(seed=seed * 1_000_003 + i, sides=6)
        deck = dice.new_deck("cards", DECK, shuffled=False)
        hands = {"A": [card] * battle.attacker_cards, "D": [card] * battle.defender_cards}
        for who, cards in hands.items():
            for c in cards:
                deck.pile.remove(c)
            deck.hands[who] = list(cards)
        state = RomaState(
            populations=("A", "D"),
            active="A",
            hands=hands,
            options={"tie_break": battle.tie_break},
            phase="combat",
        )
        ctx = Context(state, dice, EventLog())
        kind = "sea" if battle.naval else "land"
        bt.start_battle(
            ctx,
            kind,
            place,
            "odds",
            {"A": battle.attacker},
            {"D": battle.defender},
            one_die=battle.one_die,
        )
        while state.battle is not None:
            b = state.battle
            if b["ask"]:
                who = b["ask"][0]
                if b["step"] == "declare":
                    bt.declare(ctx, who, len(state.hands[who]))
                elif b["step"] == "withdraw":
                    bt.fight_on(state, who)
                else:  # one population a side: the only other choice is a strike's (13.11)
                    bt.strike(ctx, who, True)
            else:
                bt.battle_step(ctx)
        counts[
            (
                state.legions_of(place, "A") if kind == "land" else state.ships_of(place, "A"),
                state.legions_of(place, "D") if kind == "land" else state.ships_of(place, "D"),
            )
        ] += 1
    return RomaOdds(battle, {k: v / n for k, v in sorted(counts.items())})
