"""One battle as the odds calculator and the Monte Carlo see it (rulebook 10.0-10.9).

A :class:`Battle` is two :class:`Side` values and the circumstances of the fight (terrain,
city, naval supremacy, a landing, a raid, or fleets at sea). :meth:`Battle.forces` turns each
side into a :class:`Force`: its units as *blocks* of one type each, in the order the side
loses them, with the dice it rolls and the way it takes hits. Both
:mod:`italia_kit.games.italia.odds.odds` (exact) and
:mod:`italia_kit.games.italia.odds.montecarlo` (sampled)
work on forces, and every hit number and modifier comes from :mod:`italia_kit.games.italia.hits`.

>>> side = Side.parse("3 legion, 1 consular_legion, leader")
>>> side
Side({'legion': 3, 'consular_legion': 1}, leaders=1)
>>> str(side)
'3 legion, 1 consular_legion, 1 leader'
>>> Side.parse("2 legoin")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown unit 'legoin' in '2 legoin' (known: infantry, foederati, legion, ...)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

from italia_kit.games.italia.hits import hits, land_modifier, naval_modifier, rampages
from italia_kit.games.italia.units import SPECS, UnitType

__all__ = [
    "DEFAULT_CASUALTY_ORDER",
    "Battle",
    "Block",
    "Config",
    "Dice",
    "Force",
    "Side",
    "Survivors",
]

Terrain = Literal["clear", "mountain", "swamp"]
Supremacy = Literal["attacker", "defender"]
TERRAINS: tuple[Terrain, ...] = ("clear", "mountain", "swamp")

#: Who is lost first when a side gives no order: the weakest one-hit units, then the two-hit
#: units (whose first hit only flips them, 10.2). In a land battle the shooter really picks
#: the targets (10.4); pass ``casualty_order`` to model another choice.
DEFAULT_CASUALTY_ORDER: tuple[UnitType, ...] = tuple(
    sorted(
        (t for t in UnitType if t not in (UnitType.LEADER, UnitType.FLEET)),
        key=lambda t: (SPECS[t].hits_to_kill, -(SPECS[t].hit_on or 0)),
    )
)

#: Per block of a force, ``(fresh, flipped)`` units; one-hit blocks never have flipped ones.
Config = tuple[tuple[int, int], ...]
#: The dice a force rolls in one round: ``(dice, faces that hit, faces that also rampage)``.
Dice = tuple[tuple[int, int, int], ...]
#: Surviving units by type, in the side's casualty order, zero counts left out.
Survivors = tuple[tuple[UnitType, int], ...]

_ITEM = re.compile(r"^(?:(\d+)\s*[x×]?\s+)?(.+)$")
_KNOWN = ", ".join(t.value for t in UnitType)


def _unit(word: str, text: str) -> UnitType:
    try:
        return UnitType.parse(word)
    except ValueError:
        raise ValueError(f"unknown unit {word!r} in {text!r} (known: {_KNOWN})") from None


@dataclass(frozen=True)
class Side:
    """One side of a battle: units by type, leaders, who is lost first, when it retreats.

    ``units`` maps unit types (or their names) to counts; leaders given there are counted
    into ``leaders``. ``casualty_order`` lists the types in the order they are lost (types
    left out follow in :data:`DEFAULT_CASUALTY_ORDER`). ``retreat_at``: after a round, the
    side retreats when it is down to that many units or fewer (10.0, 10.5); ``None`` fights
    to the end. ``embarked`` (naval battles only): the units each fleet carries, one number
    per fleet, in the order the fleets are given up (10.8).
    """

    units: Mapping[str | UnitType, int]
    leaders: int = 0
    casualty_order: tuple[UnitType, ...] | None = None
    retreat_at: int | None = None
    embarked: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        counts: dict[UnitType, int] = {}
        leaders = _count(self.leaders, "leaders")
        for key, n in self.units.items():
            unit = key if isinstance(key, UnitType) else _unit(str(key), str(key))
            n = _count(n, unit.value)
            if unit is UnitType.LEADER:
                leaders += n
            elif n:
                counts[unit] = counts.get(unit, 0) + n
        ordered = {t: counts[t] for t in UnitType if t in counts}
        object.__setattr__(self, "units", MappingProxyType(ordered))
        object.__setattr__(self, "leaders", leaders)
        if self.casualty_order is not None:
            given = tuple(
                UnitType.parse(t) if isinstance(t, str) else t for t in self.casualty_order
            )
            object.__setattr__(self, "casualty_order", tuple(dict.fromkeys(given)))
        if self.retreat_at is not None:
            _count(self.retreat_at, "retreat_at")
        object.__setattr__(self, "embarked", tuple(_count(e, "embarked") for e in self.embarked))

    def __hash__(self) -> int:
        items = tuple(self.units.items())
        return hash((items, self.leaders, self.casualty_order, self.retreat_at, self.embarked))

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        casualty_order: tuple[UnitType, ...] | None = None,
        retreat_at: int | None = None,
        embarked: tuple[int, ...] = (),
    ) -> Side:
        """A side from text: ``"3 legion, 1 consular_legion, leader"``.

        Items are separated by commas; each is a count (1 when left out) and a unit word
        (plurals and spaces are fine: ``"2 consular legions"``). An unknown word raises a
        ``ValueError`` that names it. The empty string is a side without units.
        """
        units: dict[str | UnitType, int] = {}
        for item in (part.strip() for part in text.split(",")):
            if not item:
                continue
            match = _ITEM.match(item)
            assert match is not None  # the pattern matches any non-empty item
            number, word = match.groups()
            unit = _unit(word, text)
            units[unit] = units.get(unit, 0) + (int(number) if number else 1)
        return cls(units, casualty_order=casualty_order, retreat_at=retreat_at, embarked=embarked)

    @property
    def counts(self) -> tuple[tuple[UnitType, int], ...]:
        """The units (leaders apart) as ``(type, count)`` pairs in type order."""
        return tuple((UnitType(t), n) for t, n in self.units.items())

    @property
    def size(self) -> int:
        """How many units roll dice (leaders do not, 10.0)."""
        return sum(self.units.values())

    @property
    def order(self) -> tuple[UnitType, ...]:
        """The full casualty order: the given types, then the default order for the rest."""
        given = self.casualty_order or ()
        return given + tuple(t for t in DEFAULT_CASUALTY_ORDER if t not in given)

    def __str__(self) -> str:
        parts = [f"{n} {t}" for t, n in self.counts]
        if self.leaders:
            parts.append(f"{self.leaders} leader")
        return ", ".join(parts)

    def __repr__(self) -> str:
        units = "{" + ", ".join(f"{str(t)!r}: {n}" for t, n in self.counts) + "}"
        extra = [
            f"{name}={value!r}"
            for name, value, default in (
                ("leaders", self.leaders, 0),
                ("casualty_order", self.casualty_order, None),
                ("retreat_at", self.retreat_at, None),
                ("embarked", self.embarked, ()),
            )
            if value != default
        ]
        return f"Side({', '.join([units, *extra])})"


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what}: expected a whole number >= 0, got {value!r}")
    return value


@dataclass(frozen=True)
class Battle:
    """A land battle (10.0-10.7, 10.9), a landing (10.8.2), a raid (10.7) or a sea fight (10.8).

    ``naval_invasion``: the attackers came by sea or across a strait, so the defenders get +2
    in the first round only (10.8.2). ``raid``: one round; the raiders hit on 7-10 whatever
    their type, nobody gets a modifier, the defenders are never hit, the raid succeeds with
    one hit and the raiders then retreat (10.7). ``naval``: fleets only, hitting on 9-10,
    +1 per unit a fleet carries, +2 per leader aboard another fleet (10.8).
    """

    attacker: Side
    defender: Side
    terrain: Terrain = "clear"
    city: bool = False
    supremacy: Supremacy | None = None
    naval_invasion: bool = False
    raid: bool = False
    naval: bool = False

    def __post_init__(self) -> None:
        if self.terrain not in TERRAINS:
            raise ValueError(f"terrain {self.terrain!r}: expected one of {', '.join(TERRAINS)}")
        if self.supremacy not in (None, "attacker", "defender"):
            raise ValueError(f"supremacy {self.supremacy!r}: expected attacker, defender or None")
        if self.attacker.size == 0:
            raise ValueError("the attacker has no units that fight (leaders do not roll, 10.0)")
        for name, side in (("attacker", self.attacker), ("defender", self.defender)):
            fleets = side.units.get(UnitType.FLEET, 0)
            if self.naval:
                if fleets != side.size:
                    raise ValueError(f"{name}: only fleets fight at sea (10.8): {side}")
                if len(side.embarked) not in (0, fleets):
                    raise ValueError(
                        f"{name}: embarked lists {len(side.embarked)} fleets, not {fleets}"
                    )
            else:
                if fleets:
                    raise ValueError(
                        f"{name}: fleets fight only fleets (10.8); use a naval battle: {side}"
                    )
                if side.embarked:
                    raise ValueError(f"{name}: embarked is for naval battles only (10.8)")
        if self.naval and (
            self.terrain != "clear"
            or self.city
            or self.supremacy
            or self.naval_invasion
            or self.raid
        ):
            raise ValueError(
                "a naval battle has no terrain, city, supremacy, landing or raid (10.8)"
            )

    @classmethod
    def parse(cls, attacker: str, defender: str, **circumstances: object) -> Battle:
        """A battle from two texts in :meth:`Side.parse` form and keyword circumstances."""
        return cls(Side.parse(attacker), Side.parse(defender), **circumstances)  # type: ignore[arg-type]

    def modifier(self, attacker: bool, first_round: bool) -> int:
        """The modifier of one side's land dice in a round (10.2, 10.3, 10.6, 10.8.2, 10.9)."""
        side = self.attacker if attacker else self.defender
        return land_modifier(
            attacker=attacker,
            rough=self.terrain != "clear",
            city=self.city,
            leaders=side.leaders,
            supremacy=self.supremacy == ("attacker" if attacker else "defender"),
            landing=self.naval_invasion and first_round,
            raid=self.raid,
        )

    def forces(self) -> tuple[Force, Force]:
        """The attacker's and the defender's :class:`Force`."""
        return (_force(self, attacker=True), _force(self, attacker=False))

    def describe(self) -> str:
        """One line: who attacks whom, and where."""
        if self.naval:
            where = "at sea"
        else:
            bits = [f"{self.terrain}"] + ["city"] * self.city
            if self.supremacy:
                bits.append(f"{self.supremacy} naval supremacy")
            if self.naval_invasion:
                bits.append("naval invasion")
            where = ", ".join(bits)
        verb = "raid" if self.raid else "attack"
        defender = str(self.defender) or "nobody"
        return f"{self.attacker} {verb} {defender} ({where})"


@dataclass(frozen=True)
class Block:
    """Units of one type in a force; a naval force has one block per fleet."""

    unit: UnitType
    count: int
    hits_to_kill: int


@dataclass(frozen=True)
class Force:
    """A side as blocks in casualty order, with its dice and the way it takes hits.

    A land block's dice hit on the same faces for every unit of the block; they depend on
    the round only (``faces[0]`` the first round, ``faces[1]`` later ones). A naval force's
    fleets each have their own faces (what they carry), and a leader aboard one fleet helps
    the others while his fleet floats (10.8): leaders sail on the fleets lost last, one per
    fleet.
    """

    blocks: tuple[Block, ...]
    faces: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    retreat_at: int | None
    naval: bool = False
    embarked: tuple[int, ...] = ()
    leader_on: tuple[int, ...] = ()
    two_hit: tuple[bool, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "two_hit", tuple(b.hits_to_kill == 2 for b in self.blocks))

    @property
    def initial(self) -> Config:
        return tuple((b.count, 0) for b in self.blocks)

    @property
    def size(self) -> int:
        return sum(b.count for b in self.blocks)

    @property
    def elephants(self) -> int:
        """Dice that can rampage (10.2): the elephants."""
        return sum(b.count for b in self.blocks if b.unit is UnitType.ELEPHANT)

    def alive(self, config: Config) -> int:
        return sum(fresh + flipped for fresh, flipped in config)

    def hp(self, config: Config) -> int:
        """Hits the force can still take; every hit or rampage lowers it."""
        return sum(
            fresh * b.hits_to_kill + flipped
            for (fresh, flipped), b in zip(config, self.blocks, strict=True)
        )

    def survivors(self, config: Config) -> Survivors:
        """Units left by type (flipped units are whole again after the battle, 10.2)."""
        left: dict[UnitType, int] = {}
        for (fresh, flipped), b in zip(config, self.blocks, strict=True):
            if fresh + flipped:
                left[b.unit] = left.get(b.unit, 0) + fresh + flipped
        return tuple(left.items())

    def take(self, config: Config, hits: int, rampages: int) -> Config:
        """The force after ``hits`` and ``rampages`` (elephants' second casualties).

        Hits go down the casualty order; in a block of two-hit units every unit is flipped
        before the first one dies (14.2). Each rampage then removes one whole unit, the first
        in the casualty order, a flipped one before a fresh one (10.2: the owner chooses).
        """
        blocks = list(config)
        for b, (fresh, flipped) in enumerate(blocks):
            if hits == 0:
                break
            if self.two_hit[b]:
                turned = min(hits, fresh)
                fresh, flipped, hits = fresh - turned, flipped + turned, hits - turned
                killed = min(hits, flipped)
                flipped, hits = flipped - killed, hits - killed
            else:
                killed = min(hits, fresh)
                fresh, hits = fresh - killed, hits - killed
            blocks[b] = (fresh, flipped)
        for b, (fresh, flipped) in enumerate(blocks):
            if rampages == 0:
                break
            gone = min(rampages, flipped)
            flipped, rampages = flipped - gone, rampages - gone
            gone = min(rampages, fresh)
            fresh, rampages = fresh - gone, rampages - gone
            blocks[b] = (fresh, flipped)
        return tuple(blocks)

    def dice(self, config: Config, first_round: bool) -> Dice:
        """The dice this force rolls from ``config``, merged by kind (a cache key)."""
        kinds: dict[tuple[int, int], int] = {}
        if self.naval:
            afloat = [fresh > 0 for fresh, _ in config]
            leaders = sum(n for n, up in zip(self.leader_on, afloat, strict=True) if up)
            for b, up in enumerate(afloat):
                if up:
                    mod = naval_modifier(
                        embarked=self.embarked[b], leaders=leaders - self.leader_on[b]
                    )
                    kind = die_faces(UnitType.FLEET, mod)
                    kinds[kind] = kinds.get(kind, 0) + 1
        else:
            faces = self.faces[0 if first_round else 1]
            for (fresh, flipped), kind in zip(config, faces, strict=True):
                if fresh + flipped:
                    kinds[kind] = kinds.get(kind, 0) + fresh + flipped
        return tuple(sorted((n, hit, ramp) for (hit, ramp), n in kinds.items()))


@lru_cache(maxsize=1024)
def die_faces(unit: UnitType, modifier: int, *, raider: bool = False) -> tuple[int, int]:
    """Of the ten faces of ``unit``'s die: how many hit, how many also rampage (10.2, 10.7).

    Counted face by face with :func:`~italia_kit.games.italia.hits.hits` and
    :func:`~italia_kit.games.italia.hits.rampages`, so 1 always misses and 10 always hits. Raiders
    never rampage: their dice target the city (10.7).
    """
    hit = [r for r in range(1, 11) if hits(r, unit, modifier, raider=raider)]
    ramp = [r for r in hit if not raider and rampages(r, unit)]
    for faces in (hit, ramp):  # the Monte Carlo compares a roll with the lowest face
        if faces != list(range(11 - len(faces), 11)):
            raise AssertionError(f"faces {faces} of {unit} are not the top faces of the die")
    return len(hit), len(ramp)


def _force(battle: Battle, *, attacker: bool) -> Force:
    side = battle.attacker if attacker else battle.defender
    if battle.naval:
        fleets = side.units.get(UnitType.FLEET, 0)
        leader_on = [0] * fleets
        for k in range(side.leaders if fleets else 0):
            leader_on[fleets - 1 - k % fleets] += 1
        blocks = tuple(Block(UnitType.FLEET, 1, 1) for _ in range(fleets))
        return Force(
            blocks,
            ((), ()),
            side.retreat_at,
            naval=True,
            embarked=side.embarked or (0,) * fleets,
            leader_on=tuple(leader_on),
        )
    order = [t for t in side.order if t in side.units]
    blocks = tuple(Block(t, side.units[t], SPECS[t].hits_to_kill) for t in order)
    raider = battle.raid and attacker
    faces = tuple(
        tuple(die_faces(b.unit, battle.modifier(attacker, first), raider=raider) for b in blocks)
        for first in (True, False)
    )
    return Force(blocks, (faces[0], faces[1]), None if battle.raid else side.retreat_at)
