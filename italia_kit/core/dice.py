"""Seeded dice whose whole state is two small values, so snapshots and saves are trivial.

A roll is drawn from splitmix64 (a counter-based generator): the state is the seed and the
number of dice rolled so far. Tests can script the next results (``Dice.script``); scripted
results are used first and are part of the state, so undo and save keep them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(slots=True)
class Dice:
    """Ten-sided dice (2.6: the 0 counts as 10), seeded per game.

    >>> d = Dice(seed=7)
    >>> rolls = d.roll(3)
    >>> all(1 <= r <= 10 for r in rolls), Dice(seed=7).roll(3) == rolls
    (True, True)
    >>> d.script([10, 1]); d.roll(2)
    [10, 1]
    """

    seed: int
    count: int = 0
    scripted: list[int] = field(default_factory=list)
    sides: int = 10

    def roll_one(self) -> int:
        if self.scripted:
            return self.scripted.pop(0)
        self.count += 1
        return 1 + _splitmix64((self.seed * 0x100000001B3 + self.count) & _MASK) % self.sides

    def roll(self, n: int) -> list[int]:
        if self.scripted:
            return [self.roll_one() for _ in range(n)]
        # roll_one n times, its splitmix64 spelt out: battles roll every few actions
        start = self.count
        self.count = start + n
        key = self.seed * 0x100000001B3
        sides = self.sides
        out = []
        for count in range(start + 1, start + n + 1):
            z = (((key + count) & _MASK) + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append(1 + (z ^ (z >> 31)) % sides)
        return out

    def script(self, results: Iterable[int]) -> None:
        """Force the next results (for tests and rulebook examples)."""
        values = list(results)
        bad = [r for r in values if not 1 <= r <= self.sides]
        if bad:
            raise ValueError(f"scripted dice must be 1..{self.sides}, got {bad!r}")
        self.scripted.extend(values)

    def snapshot(self) -> tuple[int, int, tuple[int, ...]]:
        return (self.seed, self.count, tuple(self.scripted))

    def restore(self, snap: tuple[int, int, tuple[int, ...]]) -> None:
        self.seed, self.count, scripted = snap
        self.scripted = list(scripted)

    def to_json(self) -> dict[str, object]:
        return {"seed": self.seed, "count": self.count, "scripted": list(self.scripted)}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Dice:
        seed, count, scripted = data["seed"], data["count"], data["scripted"]
        if not isinstance(seed, int) or not isinstance(count, int):
            raise ValueError("dice: 'seed' and 'count' must be integers")
        if not isinstance(scripted, list) or not all(isinstance(x, int) for x in scripted):
            raise ValueError("dice: 'scripted' must be a list of integers")
        return cls(seed=seed, count=count, scripted=list(scripted))
