"""The scenario model: nations, their units, arrivals, victory points and submission rules.

Every value is a small frozen dataclass, hashable and printable, built by the loader
(:func:`italia_kit.games.italia.scenarios.load_scenario`) from the documented YAML files
(``docs/scenario-format.md``). Each value carries ``provenance``: where it comes from
(``rulebook 7.2``, ``example 12.5.1``, ``facts S1 [stated]``, ``reconstructed: <why>``).

>>> UnitGroup("leader", 1, "Helvetia", name="Boiorix").describe()
'Boiorix in Helvetia'
>>> UnitGroup("infantry", 9, None).describe()
'9 infantry in any zone the nation controls'
>>> EliminationVP(3.0, leaders=("Geiserich",)).matches("leader", "Vandals", "Geiserich")
True
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from italia_kit.games.italia.scenarios.errors import ScenarioError, or_list
from italia_kit.games.italia.scenarios.zones import ITALIA_WORDS, REGIONS, ZoneWords

__all__ = [
    "ARRIVAL_TIMES",
    "INCOME_KINDS",
    "LOOT_KINDS",
    "SCORE_KINDS",
    "UNIT_TYPES",
    "EliminationVP",
    "Nation",
    "Reinforcement",
    "Scenario",
    "ScoreRule",
    "StartCity",
    "SubmissionRule",
    "UnitGroup",
]

#: The unit types of 2.2.1 ("foederati" are the Western Romans' Roman Foederati, 2.2.1.2).
UNIT_TYPES = (
    "infantry",
    "foederati",
    "legion",
    "consular_legion",
    "cavalry",
    "elephant",
    "fleet",
    "leader",
)
#: How a nation collects income (5.1, 5.2, 6.1).
INCOME_KINDS = ("normal", "none", "half", "normal_if_zone", "half_without_region")
#: When a reinforcement is placed (7.2): in the nation's placement phase, before the first
#: nation's movement phase, or after the last nation's combat phase.
ARRIVAL_TIMES = ("placement", "before_first_nation", "after_last_nation")
#: What looting a city brings (10.6): 4 gold, victory points, or the player's choice.
LOOT_KINDS = ("gold", "vp", "choice")
#: What a score rule counts (11.0); see :class:`ScoreRule`.
SCORE_KINDS = ("zone", "city", "region", "zone_list")


def _frozen_map(value: Mapping[str, object]) -> MappingProxyType[str, object]:
    return MappingProxyType(dict(value))


@dataclass(frozen=True)
class UnitGroup:
    """``count`` units of one type on the board at the start, or arriving (2.2.1, 7.2).

    ``zone`` None means "any zone the nation controls" (7.2); with ``region`` set, any
    controlled zone of that region (Hamilcar, 7.2). ``or_adjacent`` means the zone or one
    next to it (fleets: a sea next to it), as the Vandals' turn-2 arrival (facts S1).
    """

    unit: str
    count: int
    zone: str | None
    name: str | None = None  # the leader's name when unit == "leader"
    provenance: str = "reconstructed"
    region: str | None = None
    or_adjacent: bool = False

    def describe(self) -> str:
        """One line for people: ``'9 infantry in Helvetia'``, ``'Hamilcar in ...'``."""
        what = self.name if self.unit == "leader" and self.name else f"{self.count} {self.unit}"
        if self.zone is None:
            where = "any zone the nation controls"
            if self.region:
                where = f"any zone of {self.region} the nation controls"
        else:
            where = f"{self.zone} or next to it" if self.or_adjacent else self.zone
        return f"{what} in {where}"


@dataclass(frozen=True)
class Reinforcement:
    """What a nation card brings on one turn (7.2), and how that turn is played.

    ``gold`` is campaign gold (12.3.1). ``campaign_first``: the nation's turn begins with
    the campaign, with no normal turn before it (12.3, the Cimbri and the Visigoths).
    """

    turn: int
    units: tuple[UnitGroup, ...]
    gold: int = 0
    campaign: bool = False
    major_invasion: bool = False
    when: str = "placement"
    provenance: str = "reconstructed"
    campaign_first: bool = False
    extra_move: bool = False  # 12.2: a card's bonus: one more zone in the first movement phase

    @property
    def leaders(self) -> tuple[str, ...]:
        """The names of the leaders arriving (unnamed leaders are left out)."""
        return tuple(g.name for g in self.units if g.unit == "leader" and g.name)

    def count(self, unit: str) -> int:
        """How many units of type ``unit`` arrive."""
        return sum(g.count for g in self.units if g.unit == unit)


@dataclass(frozen=True)
class ScoreRule:
    """Victory points for control at the end of game turns ``turns`` (11.0).

    ``kind``: ``zone`` scores ``points`` per controlled zone, ``city`` per controlled city
    (both only among ``zones``, else in ``region``, else anywhere); ``region`` scores
    ``points`` once for controlling ``region``, ``zone_list`` once for controlling all of
    ``zones``: no zone of the area held by another, non-subjugated nation (empty zones and
    subjects' zones count, 11.0). ``needs_city``: a zone scores only if it holds a city
    (example 11.0-1). ``minus_per_foreign_zone``: instead, ``points`` minus 1 per zone of the
    area held by another, non-subjugated nation, never below 0 (11.0, Rome on turn 7).
    Subjects' zones never score as zones or cities for their master (12.5.2).
    """

    turns: tuple[int, ...]
    kind: str
    points: float
    zones: tuple[str, ...] = ()
    region: str | None = None
    needs_city: bool = False
    minus_per_foreign_zone: bool = False
    provenance: str = "reconstructed"
    #: the regions of the words the scenario was read with (Italia's, or a variant board's)
    regions: Mapping[str, tuple[str, ...]] | None = field(default=None, compare=False, repr=False)

    def area(self) -> tuple[str, ...] | None:
        """The zones the rule looks at; None = every zone of the board."""
        if self.zones:
            return self.zones
        if self.region is not None:
            return (REGIONS if self.regions is None else self.regions)[self.region]
        return None


@dataclass(frozen=True)
class EliminationVP:
    """Victory points for each unit eliminated in combat (11.0).

    Empty ``unit_types`` means "units": any type, leaders and fleets included; empty
    ``nations`` means any other nation; ``leaders`` restricts to named leaders. A nation's
    list is read in order and the first matching entry counts. ``own_attackers_count``: the
    card also pays for units that attacked this nation (11.0 exception).
    """

    points: float
    unit_types: tuple[str, ...] = ()
    nations: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    own_attackers_count: bool = False
    provenance: str = "reconstructed"

    def matches(self, unit: str, nation: str, name: str | None = None) -> bool:
        """True when eliminating a ``unit`` of ``nation`` (a leader called ``name``) scores."""
        if self.leaders and (unit != "leader" or name not in self.leaders):
            return False
        if self.unit_types and unit not in self.unit_types:
            return False
        return not self.nations or nation in self.nations


@dataclass(frozen=True)
class SubmissionRule:
    """To whom a nation may or must submit, by zones it controls (12.5.1).

    ``must_at_or_below`` / ``may_at_or_below``: the zone counts (None = never);
    ``turns``: when the rule applies (empty = every turn).
    """

    master: str
    must_at_or_below: int | None
    may_at_or_below: int | None
    turns: tuple[int, ...] = ()
    provenance: str = "reconstructed"

    def applies(self, zones_controlled: int, turn: int) -> str | None:
        """``"must"``, ``"may"`` or None for a nation holding ``zones_controlled`` zones."""
        if self.turns and turn not in self.turns:
            return None
        if self.must_at_or_below is not None and zones_controlled <= self.must_at_or_below:
            return "must"
        if self.may_at_or_below is not None and zones_controlled <= self.may_at_or_below:
            return "may"
        return None


@dataclass(frozen=True)
class StartCity:
    """A city on the board at the start of the game (help card 1, 4.0)."""

    zone: str
    provenance: str = "reconstructed"


@dataclass(frozen=True)
class Nation:
    """One nation card: when it plays, what it has and gets, and how it scores."""

    name: str
    colour: str
    order: int
    income: str
    income_zone: str | None
    income_region: str | None
    turns: tuple[int, ...]
    start_gold: int
    capital: str | None
    token_limits: Mapping[str, int]
    unit_caps: tuple[tuple[int, str, int], ...]
    setup: tuple[UnitGroup, ...]
    reinforcements: tuple[Reinforcement, ...]
    may_stay_in_borderlands: tuple[str, ...]
    loot: str
    loot_vp: float
    scoring: tuple[ScoreRule, ...]
    elimination_vp: tuple[EliminationVP, ...]
    submission: tuple[SubmissionRule, ...]
    revolts: tuple[int, ...]
    special: tuple[str, ...]
    provenance: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Read-only views keep the frozen promise for the mapping fields too.
        object.__setattr__(self, "token_limits", _frozen_map(self.token_limits))
        object.__setattr__(self, "provenance", _frozen_map(self.provenance))

    def __hash__(self) -> int:
        return hash((self.name, self.order))

    def __repr__(self) -> str:
        return f"Nation({self.name!r}, {self.colour}, turns {_span(self.turns)})"

    def plays_on(self, turn: int) -> bool:
        """True when the turn-order table lets the nation play ``turn`` (5.1, 5.2)."""
        return turn in self.turns

    def reinforcements_on(self, turn: int) -> tuple[Reinforcement, ...]:
        """The reinforcements the card brings on ``turn``."""
        return tuple(r for r in self.reinforcements if r.turn == turn)

    @property
    def leaders(self) -> tuple[str, ...]:
        """Every named leader of the nation, in order of arrival."""
        names = [g.name for g in self.setup if g.unit == "leader" and g.name]
        names += [n for r in self.reinforcements for n in r.leaders]
        return tuple(dict.fromkeys(names))

    def scoring_on(self, turn: int) -> tuple[ScoreRule, ...]:
        """The score rules counted at the end of game turn ``turn``."""
        return tuple(rule for rule in self.scoring if turn in rule.turns)

    def elimination_points(self, unit: str, nation: str, name: str | None = None) -> float:
        """VP for eliminating a ``unit`` of ``nation``: the first matching entry, else 0."""
        for rule in self.elimination_vp:
            if rule.matches(unit, nation, name):
                return rule.points
        return 0.0


def _span(turns: tuple[int, ...]) -> str:
    if len(turns) > 1 and turns == tuple(range(turns[0], turns[-1] + 1)):
        return f"{turns[0]}-{turns[-1]}"
    return ",".join(map(str, turns))


@dataclass(frozen=True)
class Scenario:
    """One game (Italia I or II): its nations in turn order, players, scoring turns, cities."""

    id: str
    title: str
    players: Mapping[str, tuple[str, ...]]
    nations: tuple[Nation, ...]
    scoring_turns: tuple[int, ...]
    last_turn: int
    start_year: str
    cities: tuple[StartCity, ...] = ()
    special: tuple[str, ...] = ()
    provenance: Mapping[str, str] = field(default_factory=dict)
    source: str = field(default="", compare=False)  # the directory it was loaded from
    #: the zone names it was read with (Italia's, or a variant board's): a what-if of it
    #: is read with the same
    words: ZoneWords = field(default=ITALIA_WORDS, compare=False, repr=False)
    #: the shipped scenario a variant was made from ("" for a scenario loaded as it is)
    base: str = field(default="", compare=False)
    #: the variants applied to ``base``, in order, each as its variant file's mapping
    variants: tuple[Mapping[str, Any], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", _frozen_map(self.players))
        object.__setattr__(self, "provenance", _frozen_map(self.provenance))

    def __hash__(self) -> int:
        return hash((self.id, self.nations))

    def __repr__(self) -> str:
        return f"Scenario({self.id!r}, {len(self.nations)} nations, {self.last_turn} turns)"

    @property
    def nation_names(self) -> tuple[str, ...]:
        """The nations' names in turn order."""
        return tuple(n.name for n in self.nations)

    def nation(self, name: str) -> Nation:
        """The nation called ``name`` (any case and spacing).

        >>> from italia_kit.games.italia.scenarios import load_scenario
        >>> load_scenario("italia1").nation("  cimbri").turns
        (8, 9)
        """
        key = " ".join(name.split()).casefold()
        for nation in self.nations:
            if nation.name.casefold() == key:
                return nation
        close = difflib.get_close_matches(name, self.nation_names, n=3, cutoff=0.5)
        hint = f" (did you mean {or_list(close)}?)" if close else ""
        raise ScenarioError([f"scenario {self.id!r}: unknown nation {name!r}{hint}"])

    def nations_playing(self, turn: int) -> tuple[Nation, ...]:
        """The nations whose cards let them play ``turn``, in turn order (5.1, 5.2)."""
        return tuple(n for n in self.nations if n.plays_on(turn))

    def colour_of(self, nation: str) -> str:
        """The colour of the player who controls ``nation`` (3.0)."""
        return self.nation(nation).colour

    @property
    def city_zones(self) -> tuple[str, ...]:
        """The zones that hold a city at the start."""
        return tuple(c.zone for c in self.cities)
