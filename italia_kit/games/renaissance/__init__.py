"""The Renaissance-Italy orders game (Machiavelli family, the 1454 map): every power's
sealed orders adjudicated at once (issue 16; docs/games/renaissance.md).

The rule text is ``shared/rules/renaissance-italy-orders-game.txt``; code, errors, events
and tests cite its parts (``Advance (c)``, ``CONFLICTS (b)``, ``RETREATS (e)``).
"""
