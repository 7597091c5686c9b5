"""Plain English for the event log: counts with the right number.

>>> count(1, "unit"), count(3, "city", "cities"), count(0, "die", "dice")
('1 unit', '3 cities', '0 dice')
"""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
