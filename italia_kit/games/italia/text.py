"""Plain English for the event log: counts with the right number.

>>> count(1, "unit"), count(3, "city", "cities"), count(0, "die", "dice")
('1 unit', '3 cities', '0 dice')
"""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def article(noun: str) -> str:
    """The noun with "a" or "an" as it is spoken.

    >>> article("infantry"), article("legion"), article("elephant"), article("unit")
    ('an infantry', 'a legion', 'an elephant', 'a unit')
    """
    # "unit" and "one" begin with a consonant sound: the only exceptions the game's nouns need
    vowel = noun[:1].lower() in "aeiou" and not noun.lower().startswith(("uni", "one"))
    return f"{'an' if vowel else 'a'} {noun}"


def of_nation(noun: str, nation: str) -> str:
    """One unit of a nation, with its article: the nation by its plural name, as the
    scenarios spell it ("the Carthaginians"), since a name is not an adjective ("a
    Carthaginians elephant" was the sentence this replaces).

    >>> of_nation("elephant", "Carthaginians"), of_nation("consular legion", "Romans")
    ('an elephant of the Carthaginians', 'a consular legion of the Romans')
    """
    return f"{article(noun)} of the {nation}"


#: Unit nouns whose plural is the noun itself.
COLLECTIVE = frozenset({"infantry", "cavalry", "foederati"})


def units(n: int, unit: str) -> str:
    """``n`` units of a type, the noun in the right number.

    >>> units(6, "infantry"), units(1, "legion"), units(3, "consular_legion")
    ('6 infantry', '1 legion', '3 consular legions')
    """
    noun = unit.replace("_", " ")
    if noun in COLLECTIVE:
        return f"{n} {noun}"
    return count(n, noun)
