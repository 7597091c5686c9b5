"""The ways an action, a draw or a file can be refused (after python-chess's error classes).

All are ``ValueError`` subclasses, so ``except ValueError`` catches every refusal, while a
caller that cares can tell "this is not an action at all" from "this action breaks a rule"
(and a draw from an empty bag, :class:`EmptyBagError`, from both).
"""

from __future__ import annotations


class InvalidActionError(ValueError):
    """Malformed input: an unknown zone, unit type, nation or action kind; a missing field.

    The action could not even be understood, so no rule was consulted.
    """


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid in this position.

    ``rule`` is the rulebook section that forbids it (``"9.0"``) and ``reason`` one plain
    sentence. The message reads ``rule 9.0: <reason>``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"rule {rule}: {reason}")


class SaveFileError(ValueError):
    """A saved game that cannot be loaded: corrupt, of another format version or game."""


class ChanceError(ValueError):
    """A roll, draw or deal that cannot be made: an unknown bag or deck, a card not in the
    hand, a scripted result the die cannot show, a corrupt random state in a save."""


class EmptyBagError(ChanceError):
    """A draw of more counters than the bag holds; the message names the bag."""


class EmptyDeckError(ChanceError):
    """A deal of more cards than the deck's pile and discards hold; the message names it."""
