"""Units of the Renaissance-Italy game: armies, fleets and garrisons, plain or special.

A unit stands in one *area*: an army or fleet in a province or sea area (a fleet in Croatia
or Provence on one of its coasts), a garrison in a province's city. A city acts like another
area within its province (CONFLICTS), except Venice, whose province and city are one space
that holds one unit (Map: Venice).

>>> u = Unit(1, "Venice", "G", "Venice")
>>> u.area, u.strength, str(u)
('Venice', 1, 'Venetian G Venice')
>>> Unit(2, "Milan", "G", "Milan", special="militia").area
'Milan (city)'
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "ADJECTIVES",
    "SPECIALS",
    "TYPE_NAMES",
    "Unit",
    "city_area",
    "power_named",
]

CITY = " (city)"
TYPE_NAMES = {"A": "Army", "F": "Fleet", "G": "Garrison"}

#: Special units (SPECIAL UNITS): cost to build and maintain, strength, bribe multiplier, who
#: may raise them (None: every power but those listed in ``except``).
SPECIALS: dict[str, dict[str, object]] = {
    "militia": {
        "name": "Citizen's Militia",
        "cost": 6,
        "strength": 1,
        "bribe_factor": 2,
        "powers": ("Florence", "Milan", "Papacy", "Venice"),
    },
    "mercenaries": {
        "name": "Elite Mercenaries",
        "cost": 6,
        "strength": 2,
        "bribe_factor": 1,
        "except": ("Turks",),
    },
    "professionals": {
        "name": "Elite Professionals",
        "cost": 9,
        "strength": 2,
        "bribe_factor": 2,
        "powers": ("Austria", "Turks"),  # and whoever controls the Swiss province
    },
}

#: The adjectives the notation accepts for powers (``A Capua S Neapolitan Spoleto``,
#: ``F GON T Papal A``).
ADJECTIVES = {
    "Austria": "Austrian",
    "France": "French",
    "Florence": "Florentine",
    "Milan": "Milanese",
    "Naples": "Neapolitan",
    "Papacy": "Papal",
    "Turks": "Turkish",
    "Venice": "Venetian",
    "autonomous": "autonomous",
}
_POWER_WORDS = {
    **{p.lower(): p for p in ADJECTIVES},
    **{a.lower(): p for p, a in ADJECTIVES.items()},
    "pope": "Papacy",
    "turkey": "Turks",
    "ag": "autonomous",
}


def power_named(word: str) -> str | None:
    """The power a word names (name or adjective, any case), or None."""
    return _POWER_WORDS.get(word.strip().lower())


def city_area(province: str) -> str:
    """The area of a province's city (Venice's city is its province)."""
    return province if province == "Venice" else province + CITY


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit: ``uid`` (stable for the game), its ``power`` (or ``autonomous``), its
    ``type`` (A, F or G), its ``province``, a fleet's ``coast`` in a province of two coasts
    (the coast's board name) and its ``special`` kind (``militia``, ``mercenaries``,
    ``professionals``) or None."""

    uid: int
    power: str
    type: str
    province: str
    coast: str | None = None
    special: str | None = None
    #: the area it occupies: its province, or its province's city for a garrison (kept,
    #: not recomputed: the adjudicator asks it for every unit many times a season)
    area: str = field(init=False, repr=False, compare=False)
    #: ``Venetian G Venice``: how the Campaign Report names it (kept, as ``area``)
    label: str = field(init=False, repr=False, compare=False)
    #: 1, or 2 for Elite Mercenaries and Elite Professionals (SPECIAL UNITS): kept, as
    #: ``area`` (the adjudicator reads it for every move, support and hold it weighs; a
    #: slot is read in C, a property is a Python call)
    strength: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        area = city_area(self.province) if self.type == "G" else self.province
        object.__setattr__(self, "area", area)
        adjective = ADJECTIVES.get(self.power, self.power)
        object.__setattr__(self, "label", f"{adjective} {self.type} {self.coast or self.province}")
        object.__setattr__(self, "strength", 1 if self.special is None else _strength(self.special))

    @property
    def location(self) -> str:
        """Where it moves from on the board: the coast of a fleet in a two-coast province."""
        return self.coast or self.province

    @property
    def cost(self) -> int:
        """What it costs to build or maintain: 3, or its special unit's cost."""
        if self.special is None:
            return 3
        value = SPECIALS[self.special]["cost"]
        return value if isinstance(value, int) else 3

    def moved(self, province: str, coast: str | None = None, type: str | None = None) -> Unit:
        """This unit in ``province`` (on ``coast``, as ``type`` if it converts). A unit is
        a value: the one made last time for the same fields is handed out again (a season
        moves a good part of the board, often back where a unit was; making one costs
        its ``__init__`` and ``__post_init__``).

        >>> a = Unit(7, "Milan", "A", "Pavia")
        >>> b = a.moved("Milan")
        >>> b.province, b.area, b.moved("Pavia").moved("Milan") is b
        ('Milan', 'Milan', True)
        """
        key = (self.uid, self.power, type or self.type, province, coast, self.special)
        found = _MOVED.get(key)
        if found is None:
            if len(_MOVED) > 8192:
                _MOVED.clear()
            found = _MOVED[key] = Unit(*key)
        return found

    def owned_by(self, power: str) -> Unit:
        return Unit(self.uid, power, self.type, self.province, self.coast, self.special)

    def __str__(self) -> str:
        return self.label

    def to_json(self) -> list[object]:
        return [self.uid, self.power, self.type, self.province, self.coast, self.special]

    @classmethod
    def from_json(cls, data: list[object]) -> Unit:
        uid, power, kind, province, coast, special = data
        return cls(
            int(str(uid)),
            str(power),
            str(kind),
            str(province),
            None if coast is None else str(coast),
            None if special is None else str(special),
        )


def _strength(special: str | None) -> int:
    """A unit's strength (SPECIAL UNITS): 1, or its special kind's.

    >>> _strength(None), _strength("mercenaries"), _strength("militia")
    (1, 2, 1)
    """
    if special is None:
        return 1
    value = SPECIALS[special]["strength"]
    return value if isinstance(value, int) else 1


# the units moved() made, by their fields (equal units are interchangeable values)
_MOVED: dict[tuple[int, str, str, str, str | None, str | None], Unit] = {}
