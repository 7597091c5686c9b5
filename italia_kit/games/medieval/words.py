"""Plain English for the variant's events on the Italia engine: the forces of a side with
their leaders, the places with their article, counts that never say "0 areas" (issue 19,
med-words: every sentence of a whole game read as a teacher would read it).

Italia's events count a side's units without its leaders ("1 unit against 2", with
Suvorov in it) and name a sea or the Alps bare ("arrives in Adriatic"); the variant's
events say them as a history lesson would.

>>> area("Adriatic"), area("Alps"), area("Venice")
('the Adriatic', 'the Alps', 'Venice')
>>> area_count(0), area_count(1), area_count(5)
('no area', '1 area', '5 areas')
>>> army_count(0), army_count(1), army_count(3)
('no army', '1 army', '3 armies')
"""

from __future__ import annotations

from collections.abc import Iterable

from italia_kit.games.italia.state import Unit
from italia_kit.games.medieval.names import SEAS

#: the places spoken with "the": the four seas (the Adriatic, the Tyrrhenian, ...) and the
#: Alps, a mountain range (geodata/MEDIEVAL.md); the boxes France and Austria are countries
WITH_ARTICLE = frozenset((*SEAS, "Alps"))


def area(zone: str) -> str:
    """The place as a sentence says it."""
    return f"the {zone}" if zone in WITH_ARTICLE else zone


def area_count(n: int) -> str:
    """A count of areas, "no area" for none."""
    return "no area" if n == 0 else f"{n} area{'' if n == 1 else 's'}"


def army_count(n: int) -> str:
    """A count of armies, "no army" for none."""
    return "no army" if n == 0 else f"{n} arm{'y' if n == 1 else 'ies'}"


def army(unit: Unit) -> str:
    """One piece by its name: a leader's own, an army as "army #7 of the Ostrogoths"
    (Italia's label says "Ostrogoths infantry #7": the card's army is Italia's infantry,
    ``italia_cards.UNIT_OF``)."""
    return unit.name or f"army #{unit.id} of the {unit.nation}"


def and_list(words: list[str]) -> str:
    """``["a", "b", "c"]`` as "a, b and c".

    >>> and_list(["Narses"]), and_list(["2 armies", "Narses"]), and_list(["a", "b", "c"])
    ('Narses', '2 armies and Narses', 'a, b and c')
    """
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def forces(units: Iterable[Unit]) -> str:
    """A side as its armies and its leaders by name: "2 armies and Narses", "1 army",
    "Narses alone" (a leader is no army: Britannia (public summary), he does not roll)."""
    # one pass (a side is told in every battle's and every move's event)
    leaders: list[str] = []
    count = 0
    for u in units:
        if u.is_leader:
            leaders.append(u.name or f"leader #{u.id}")
        else:
            count += 1
    if not leaders:  # the usual side: armies only ("no army" for none)
        return army_count(count)
    leaders.sort()
    if not count:
        return f"{and_list(leaders)} alone"
    return and_list([army_count(count), *leaders])


def piece(unit: Unit) -> str:
    """One piece of a power already named: a leader by name, an army by number."""
    return unit.name or f"army #{unit.id}"


def move_sentence(nation: str, units: list[Unit], path: list[str]) -> str:
    """A move as a lesson tells it: "the Romans move army #28 from Milan to the Alps",
    "the Franks move 2 armies and Pepin from Aosta through Turin to Novara".
    """
    who = piece(units[0]) if len(units) == 1 else forces(units)
    via = f" through {and_list([area(z) for z in path[1:-1]])}" if len(path) > 2 else ""
    return f"the {nation} move {who} from {area(path[0])}{via} to {area(path[-1])}"
