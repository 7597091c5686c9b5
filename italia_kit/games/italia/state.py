"""The state of a game of Italia: where every piece is, gold, cities, and whose phase it is.

The state is plain data (it round-trips through JSON) with queries a rule needs; the rules
that change it live in the other modules of this package.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from types import EllipsisType
from typing import Any

from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.units import SPECS, UnitType

#: every phase name the state takes (``phase_name``), in the order of a nation's turn (5.0):
#: ``income`` -> ``purchase`` (or ``tribute``, 6.4) -> ``placement`` -> ``movement`` ->
#: ``stacking`` -> ``combat`` -> ``rebuild``; ``campaign`` for a campaign (12.3) and ``end``
#: once the game is over
PHASES = (
    "income",
    "purchase",
    "tribute",
    "placement",
    "movement",
    "stacking",
    "combat",
    "rebuild",
    "campaign",
    "end",
)
#: each unit type as a label spells it ("consular legion"): labels are made for every event
_TYPE_WORDS = {t: t.value.replace("_", " ") for t in UnitType}


@dataclass(slots=True)
class Unit:
    """One piece on the board (or aboard a fleet: then ``zone`` is the fleet's sea)."""

    id: int
    nation: str
    type: UnitType
    zone: str
    carrier: int | None = None  # the fleet carrying it (9.6)
    name: str | None = None  # a leader's name
    hits: int = 0  # hits taken by a two-hit unit (10.2)
    arrived: int = 0  # the turn it came into play (leaders leave a turn later, 7.2)
    # a variant's own facts about the piece (JSON-like: movement points left, "appeared"),
    # None in Italia; copied by clones and saved only when a variant set some
    extras: dict[str, Any] | None = None
    # read all the time by the rules, so kept as plain attributes; a piece never changes
    # type (a conversion replaces it, 13.4)
    is_leader: bool = field(init=False, repr=False, compare=False)
    is_fleet: bool = field(init=False, repr=False, compare=False)
    counts_for_stacking: bool = field(init=False, repr=False, compare=False)  # 8.0
    # the label, spelt the first time an event names the piece, and the nation it was
    # spelt for: a piece changes hands only by a conversion (14.3), then it is spelt again
    _label: str = field(init=False, repr=False, compare=False)
    _label_nation: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.is_leader = self.type is UnitType.LEADER
        self.is_fleet = self.type is UnitType.FLEET
        self.counts_for_stacking = SPECS[self.type].counts_for_stacking
        self._label_nation = ""  # no label spelt yet (every nation has a name)

    def label(self) -> str:
        if self.name:
            return self.name
        if self._label_nation != self.nation:
            self._label = f"{self.nation} {_TYPE_WORDS[self.type]} #{self.id}"
            self._label_nation = self.nation
        return self._label

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "nation": self.nation,
            "type": self.type.value,
            "zone": self.zone,
            "carrier": self.carrier,
            "name": self.name,
            "hits": self.hits,
            "arrived": self.arrived,
        }
        if self.extras:  # Italia's pieces have none: their saves read as before
            out["extras"] = copy_extras(self.extras)
        return out

    def copy(self) -> Unit:
        """An independent copy (a variant's ``extras`` copied too)."""
        return Unit(
            self.id, self.nation, self.type, self.zone, self.carrier, self.name, self.hits,
            self.arrived, copy_extras(self.extras) if self.extras else None,
        )  # fmt: skip

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Unit:
        return cls(
            id=int(d["id"]),
            nation=str(d["nation"]),
            type=UnitType(d["type"]),
            zone=str(d["zone"]),
            carrier=d.get("carrier"),
            name=d.get("name"),
            hits=int(d.get("hits", 0)),
            arrived=int(d.get("arrived", 0)),
            extras=copy_extras(d["extras"]) if d.get("extras") else None,
        )


@dataclass(slots=True)
class MoveRecord:
    """What one unit has done in the current movement phase (9.0-9.6)."""

    steps: int = 0  # land zones entered (fleets: sea zones)
    stopped: bool = False  # may not move again this phase
    leader: int | None = None  # the leader it has moved with since its first step (9.1)
    without_leader: bool = False  # it made a step without that leader
    path: list[str] = field(default_factory=list)  # zones it was in, in order
    strait: bool = False  # crossed a strait (9.4, 10.8.2)
    by_sea: bool = False  # landed from a fleet (9.6, 10.8.2)
    fleet_used: int | None = None  # the one fleet it may use this turn (9.6)
    carried: int = 0  # for a fleet: land units it has taken aboard this turn (9.6)

    def to_json(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "stopped": self.stopped,
            "leader": self.leader,
            "without_leader": self.without_leader,
            "path": list(self.path),
            "strait": self.strait,
            "by_sea": self.by_sea,
            "fleet_used": self.fleet_used,
            "carried": self.carried,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> MoveRecord:
        return cls(
            steps=int(d["steps"]),
            stopped=bool(d["stopped"]),
            leader=d.get("leader"),
            without_leader=bool(d.get("without_leader", False)),
            path=list(d.get("path", [])),
            strait=bool(d.get("strait", False)),
            by_sea=bool(d.get("by_sea", False)),
            fleet_used=d.get("fleet_used"),
            carried=int(d.get("carried", 0)),
        )

    def copy(self) -> MoveRecord:
        return MoveRecord(
            self.steps,
            self.stopped,
            self.leader,
            self.without_leader,
            list(self.path),
            self.strait,
            self.by_sea,
            self.fleet_used,
            self.carried,
        )


@dataclass(slots=True)
class ItaliaState:
    """Everything that changes during a game of Italia I or II."""

    scenario: str  # "italia1" | "italia2" (or a variant's id)
    turn: int = 1
    nation_index: int = 0  # index into the scenario's turn order (5.1, 5.2)
    phase_name: str = "income"
    units: dict[int, Unit] = field(default_factory=dict)
    next_id: int = 1
    cities: dict[str, bool] = field(default_factory=dict)  # zone -> True city, False ruin
    # zone with a city -> the nation that last held the zone alone (10.5, 10.6: whether a
    # city in a zone left empty "belonged to another player"), noted by cities.note_holders
    city_holders: dict[str, str] = field(default_factory=dict)
    gold: dict[str, int] = field(default_factory=dict)
    capitals: dict[str, str] = field(default_factory=dict)  # nation -> zone (8.1)
    masters: dict[str, str] = field(default_factory=dict)  # subject -> master (12.5)
    to_place: list[str] = field(default_factory=list)  # bought, not yet placed (7.1)
    held_for: dict[str, list[str]] = field(default_factory=dict)  # bought by a master (6.4)
    placed_zones: list[str] = field(default_factory=list)  # zones given a new unit (7.1)
    reinforcements: list[dict[str, Any]] = field(default_factory=list)  # awaiting a zone (7.2)
    # reinforcement groups due in phase 2, brought once the bought units are placed (7.0)
    arriving: list[dict[str, Any]] = field(default_factory=list)
    moves: dict[int, MoveRecord] = field(default_factory=dict)
    invaded: list[str] = field(default_factory=list)  # zones invaded this phase (9.3)
    surplus: dict[str, int] = field(default_factory=dict)  # zone -> units to remove (8.0)
    combat_due: list[str] = field(default_factory=list)  # zones where combat is due (10.0)
    played: list[str] = field(default_factory=list)  # nations that played this turn
    over: bool = False
    vp: dict[str, float] = field(default_factory=dict)  # victory points by nation (11.0)
    # the full points a nation has earned while subjugated, before halving (12.5.2)
    subject_vp: dict[str, float] = field(default_factory=dict)
    battle: Battle | None = None  # the battle being fought (10.1)
    raided: list[str] = field(default_factory=list)  # cities raided this combat phase (10.7)
    looted: list[str] = field(default_factory=list)  # looted this nation turn (10.6.1)
    naval_offers: list[str] = field(default_factory=list)  # seas where combat may be offered
    # fleets that retreated from a naval battle in this combat phase: they do not count
    # toward naval supremacy in its land battles (10.9)
    naval_retreats: list[int] = field(default_factory=list)
    major: bool = False  # the active nation is on a major invasion this turn (12.2)
    second_phase: bool = False  # its second movement and combat phases (12.2)
    extra_move: bool = False  # the card's bonus: one more zone in the first phase (12.2)
    elephant_battles: int = 0  # battles in which Romans have faced elephants (13.3)
    campaign: dict[str, Any] | None = None  # the campaign under way (12.3)
    campaign_gold: dict[str, int] = field(default_factory=dict)  # gold for campaigns (12.3.1)
    turn_ten: dict[str, Any] | None = None  # Italia I's last turn of campaigns (13.4)
    conversions: int = 0  # conversions the Patrimonium has made (14.3)
    # a variant's own state (JSON-like: a population track, truces, the areas held during
    # a nation-turn), empty in Italia; cloned deeply and saved only when not empty
    extras: dict[str, Any] = field(default_factory=dict)
    # zone -> its units in id order, kept up to date by add_unit, relocate and remove_unit
    # (the only ways pieces appear, move and go); derived, so never saved or compared
    where: dict[str, list[Unit]] = field(default_factory=dict, repr=False, compare=False)
    # what the move list keeps for the rest of a movement phase (move_sides.Sides), or the
    # purchases advance found for the listing that follows (rules._Purchases); derived
    # too, never saved, cloned or compared, and dropped by any action but a move
    listing: Any = field(default=None, repr=False, compare=False)

    # -- the runner's protocol -----------------------------------------------------------
    actor_override: str | None = None  # a nation deciding outside its own turn (8.0, 6.4)
    nation_order: list[str] = field(default_factory=list)  # the scenario's order (5.1/5.2)

    def __post_init__(self) -> None:
        self.reindex()

    @property
    def active(self) -> str:
        if 0 <= self.nation_index < len(self.nation_order):
            return self.nation_order[self.nation_index]
        return ""  # between two game turns

    @property
    def actor(self) -> str:
        # ``actor_override or active``, spelt out: every event asks it (Context.emit)
        override = self.actor_override
        if override:
            return override
        if 0 <= self.nation_index < len(self.nation_order):
            return self.nation_order[self.nation_index]
        return ""

    @property
    def phase(self) -> str:
        return self.phase_name

    def clone(self) -> ItaliaState:
        """An independent copy (the runner restores a checkpoint so, and keeps one every
        so many actions: :meth:`checkpoint_copy`)."""
        return self._copy({})

    def checkpoint_copy(self, previous: object | None) -> ItaliaState:
        """A copy for the runner's checkpoint (``Game``), which nothing changes: restoring
        it clones it. The pieces without a variant's facts that stand as they stood in
        ``previous`` (the last checkpoint, if any) are that checkpoint's own objects, not
        copied again: most pieces do not move in 32 actions (some two thirds in a random
        Medieval game), and a Medieval game keeps some fifty checkpoints."""
        return self._copy(previous.units if isinstance(previous, ItaliaState) else {})

    def _copy(self, kept: dict[int, Unit]) -> ItaliaState:
        """:meth:`clone`, with ``kept``'s pieces (a checkpoint's) where they equal ours.

        Made slot by slot, without the dataclasses' ``__init__`` and ``__post_init__``: a
        piece's derived flags (``is_leader`` ...) are copied, not worked out again (a piece
        never changes type, 13.4); :attr:`where` is the copies in the zones' order, not a
        sort. ``tests/test_state_clone.py`` holds it equal to a state built field by field.
        """
        units: dict[int, Unit] = {}
        for i, u in self.units.items():
            old = kept.get(i)
            if (
                old is not None
                and old.zone == u.zone
                and old.carrier == u.carrier
                and old.hits == u.hits
                and old.extras is None
                and u.extras is None
                and old.nation == u.nation
                and old.arrived == u.arrived
                and old.name == u.name
                and old.type is u.type
            ):
                units[i] = old  # (a checkpoint's piece: never changed)
                continue
            c = _new_unit(Unit)
            c.id = u.id
            c.nation = u.nation
            c.type = u.type
            c.zone = u.zone
            c.carrier = u.carrier
            c.name = u.name
            c.hits = u.hits
            c.arrived = u.arrived
            c.extras = copy_extras(u.extras) if u.extras else None
            c.is_leader = u.is_leader
            c.is_fleet = u.is_fleet
            c.counts_for_stacking = u.counts_for_stacking
            c._label_nation = ""  # spelt again when first named (as a new piece is)
            units[i] = c
        new = _new_state(ItaliaState)
        new.scenario = self.scenario
        new.turn = self.turn
        new.nation_index = self.nation_index
        new.phase_name = self.phase_name
        new.units = units
        new.next_id = self.next_id
        new.cities = dict(self.cities)
        new.city_holders = dict(self.city_holders)
        new.gold = dict(self.gold)
        new.capitals = dict(self.capitals)
        new.masters = dict(self.masters)
        new.to_place = list(self.to_place)
        new.held_for = {k: list(v) for k, v in self.held_for.items()}
        new.placed_zones = list(self.placed_zones)
        new.reinforcements = [dict(r) for r in self.reinforcements]
        new.arriving = [dict(r) for r in self.arriving]
        new.moves = {i: m.copy() for i, m in self.moves.items()}
        new.invaded = list(self.invaded)
        new.surplus = dict(self.surplus)
        new.combat_due = list(self.combat_due)
        new.played = list(self.played)
        new.over = self.over
        new.vp = dict(self.vp)
        new.subject_vp = dict(self.subject_vp)
        new.battle = self.battle.copy() if self.battle else None
        new.raided = list(self.raided)
        new.looted = list(self.looted)
        new.naval_offers = list(self.naval_offers)
        new.naval_retreats = list(self.naval_retreats)
        new.major = self.major
        new.second_phase = self.second_phase
        new.extra_move = self.extra_move
        new.elephant_battles = self.elephant_battles
        new.campaign = _copy_json(self.campaign)
        new.campaign_gold = dict(self.campaign_gold)
        new.turn_ten = _copy_json(self.turn_ten)
        new.conversions = self.conversions
        new.extras = copy_extras(self.extras) if self.extras else {}
        # each zone's copies in id order, as reindex would sort them (zones left empty
        # are not kept: a zone's list is made again when a piece enters it)
        new.where = {z: [units[u.id] for u in us] for z, us in self.where.items() if us}
        new.listing = None  # derived and never cloned (see the field)
        new.actor_override = self.actor_override
        new.nation_order = list(self.nation_order)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "turn": self.turn,
            "nation_index": self.nation_index,
            "phase": self.phase_name,
            "units": [u.to_json() for u in sorted(self.units.values(), key=lambda u: u.id)],
            "next_id": self.next_id,
            "cities": dict(sorted(self.cities.items())),
            # written only when some are known: older saves read as before
            **(
                {"city_holders": dict(sorted(self.city_holders.items()))}
                if self.city_holders
                else {}
            ),
            "gold": dict(sorted(self.gold.items())),
            "capitals": dict(sorted(self.capitals.items())),
            "masters": dict(sorted(self.masters.items())),
            "to_place": list(self.to_place),
            "held_for": {k: list(v) for k, v in sorted(self.held_for.items())},
            "placed_zones": list(self.placed_zones),
            "reinforcements": [dict(r) for r in self.reinforcements],
            "arriving": [dict(r) for r in self.arriving],
            "moves": {str(i): m.to_json() for i, m in sorted(self.moves.items())},
            "invaded": list(self.invaded),
            "surplus": dict(sorted(self.surplus.items())),
            "combat_due": list(self.combat_due),
            "played": list(self.played),
            "over": self.over,
            "vp": dict(sorted(self.vp.items())),
            "subject_vp": dict(sorted(self.subject_vp.items())),
            "battle": self.battle.to_json() if self.battle else None,
            "raided": list(self.raided),
            "looted": list(self.looted),
            "naval_offers": list(self.naval_offers),
            # written only when there are some: the saves of games without any read as before
            **({"naval_retreats": list(self.naval_retreats)} if self.naval_retreats else {}),
            "major": self.major,
            "second_phase": self.second_phase,
            "extra_move": self.extra_move,
            "elephant_battles": self.elephant_battles,
            "campaign": _copy_json(self.campaign),
            "campaign_gold": dict(sorted(self.campaign_gold.items())),
            "turn_ten": _copy_json(self.turn_ten),
            "conversions": self.conversions,
            # written only when a variant keeps some: Italia's saves read as before
            **({"extras": copy_extras(self.extras)} if self.extras else {}),
            "actor_override": self.actor_override,
            "nation_order": list(self.nation_order),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ItaliaState:
        return cls(
            scenario=str(d["scenario"]),
            turn=int(d["turn"]),
            nation_index=int(d["nation_index"]),
            phase_name=str(d["phase"]),
            units={int(u["id"]): Unit.from_json(u) for u in d["units"]},
            next_id=int(d["next_id"]),
            cities={str(k): bool(v) for k, v in d["cities"].items()},
            city_holders={str(k): str(v) for k, v in d.get("city_holders", {}).items()},
            gold={str(k): int(v) for k, v in d["gold"].items()},
            capitals=dict(d["capitals"]),
            masters=dict(d["masters"]),
            to_place=list(d["to_place"]),
            held_for={k: list(v) for k, v in d["held_for"].items()},
            placed_zones=list(d["placed_zones"]),
            reinforcements=[dict(r) for r in d["reinforcements"]],
            arriving=[dict(r) for r in d.get("arriving", [])],
            moves={int(k): MoveRecord.from_json(v) for k, v in d["moves"].items()},
            invaded=list(d["invaded"]),
            surplus={str(k): int(v) for k, v in d["surplus"].items()},
            combat_due=list(d["combat_due"]),
            played=list(d["played"]),
            over=bool(d["over"]),
            vp={str(k): float(v) for k, v in d.get("vp", {}).items()},
            subject_vp={str(k): float(v) for k, v in d.get("subject_vp", {}).items()},
            battle=Battle.from_json(d["battle"]) if d.get("battle") else None,
            raided=list(d.get("raided", [])),
            looted=list(d.get("looted", [])),
            naval_offers=list(d.get("naval_offers", [])),
            naval_retreats=[int(i) for i in d.get("naval_retreats", [])],
            major=bool(d.get("major", False)),
            second_phase=bool(d.get("second_phase", False)),
            extra_move=bool(d.get("extra_move", False)),
            elephant_battles=int(d.get("elephant_battles", 0)),
            campaign=_copy_json(d.get("campaign")),
            campaign_gold={str(k): int(v) for k, v in d.get("campaign_gold", {}).items()},
            turn_ten=_copy_json(d.get("turn_ten")),
            conversions=int(d.get("conversions", 0)),
            extras=copy_extras(d["extras"]) if d.get("extras") else {},
            actor_override=d.get("actor_override"),
            nation_order=list(d["nation_order"]),
        )

    # -- queries -------------------------------------------------------------------------
    def add_unit(
        self,
        nation: str,
        unit: UnitType,
        zone: str,
        *,
        name: str | None = None,
        carrier: int | None = None,
    ) -> Unit:
        piece = Unit(self.next_id, nation, unit, zone, carrier, name, 0, self.turn)
        self.units[piece.id] = piece
        here = self.where.get(zone)
        if here is None:
            self.where[zone] = [piece]
        else:
            bisect.insort(here, piece, key=_unit_id)  # the newest id: appended
        self.next_id += 1
        return piece

    def relocate(self, unit: Unit, zone: str, carrier: int | EllipsisType | None = ...) -> None:
        """Put ``unit`` in ``zone``, aboard fleet ``carrier`` if given (None: ashore).

        Every move of a piece goes through here, so that :attr:`where` stays true; a fleet's
        cargo is relocated with it by the caller, unit by unit.
        """
        if zone != unit.zone:
            where = self.where
            _drop(where[unit.zone], unit)
            unit.zone = zone
            here = where.get(zone)
            if here is None:
                where[zone] = [unit]
            elif not here or here[-1].id < unit.id:
                here.append(unit)  # the zone's units in id order: the usual place, the end
            else:
                bisect.insort(here, unit, key=_unit_id)
        if not isinstance(carrier, EllipsisType):
            unit.carrier = carrier
        listing = self.listing
        if listing is not None:  # the move list changes its last list where pieces moved
            listing.relocated.append(unit)

    def remove_unit(self, unit: Unit) -> None:
        """Take ``unit`` off the board (eliminated, disbanded, converted)."""
        del self.units[unit.id]
        _drop(self.where[unit.zone], unit)

    def reindex(self) -> None:
        """Build :attr:`where` from :attr:`units` (after loading, cloning or by hand)."""
        where: dict[str, list[Unit]] = {}
        for u in sorted(self.units.values(), key=_unit_id):
            if u.zone in where:
                where[u.zone].append(u)
            else:
                where[u.zone] = [u]
        self.where = where

    def index_ok(self) -> bool:
        """Does :attr:`where` hold exactly the units in :attr:`units`, by zone? (a test aid)"""
        built = {z: [u.id for u in us] for z, us in self.where.items() if us}
        actual: dict[str, list[int]] = {}
        for u in sorted(self.units.values(), key=_unit_id):
            actual.setdefault(u.zone, []).append(u.id)
        return built == actual and all(
            self.units.get(u.id) is u for us in self.where.values() for u in us
        )

    def _in_zone(self, zone: str) -> list[Unit]:
        return self.where.get(zone) or []

    def units_in(self, zone: str, nation: str | None = None) -> list[Unit]:
        here = self.where.get(zone)  # asked all the time: one look, no helper call
        if not here:
            return []
        if nation is None:
            return here.copy()  # a list of the caller's own, as always
        return [u for u in here if u.nation == nation]

    def units_of(self, nation: str) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.nation == nation)

    def nations_in(self, zone: str, *, ashore: bool = True) -> set[str]:
        """The nations with pieces in a zone (``ashore``: not counting units aboard fleets)."""
        return {u.nation for u in self._in_zone(zone) if not (ashore and u.carrier is not None)}

    def stack_count(self, zone: str, nation: str) -> int:
        """Units of a nation counted for stacking in a zone (8.0: not leaders, not cargo)."""
        return sum(
            1
            for u in self._in_zone(zone)
            if u.nation == nation and u.carrier is None and u.counts_for_stacking
        )

    def has_city(self, zone: str) -> bool:
        """A city standing (not a ruin) in the zone."""
        return self.cities.get(zone, False)

    def note_city_holders(self, zones: Iterable[str] | None = None) -> None:
        """Note, for each zone with a city (of ``zones``; all by default), the nation that
        holds it alone now (``self.city_holders``), so that a city in a zone left empty still
        "belonged to" someone (10.6). Reading (reconstructed: the rulebook does not say when a
        city changes hands outside a battle): a zone is held by the one nation with pieces
        ashore there; it is noted at the start of each nation's turn, when its combat phase
        begins (after its movement), after each land battle (the zone of the battle) and when
        a side retreats into an empty zone; a zone only passed through in movement keeps its
        holder, and one left empty keeps its last."""
        where = self.where
        for zone in self.cities if zones is None else zones:
            if zone not in self.cities:
                continue
            holder = ""
            for u in where.get(zone, ()):
                if u.carrier is not None:
                    continue
                if holder and u.nation != holder:
                    break  # two nations share it: a battle is due, no one holds it yet
                holder = u.nation
            else:
                if holder:
                    self.city_holders[zone] = holder

    def cargo(self, fleet: int) -> list[Unit]:
        """The units aboard fleet ``fleet`` (they are in its sea, 9.6)."""
        ship = self.units.get(fleet)
        if ship is None:
            return [u for u in self.units.values() if u.carrier == fleet]
        return [u for u in self._in_zone(ship.zone) if u.carrier == fleet]


#: a unit's id, the order of a zone's list (a C callable: bisect calls it at each probe)
_unit_id = attrgetter("id")

#: ``object.__new__`` as the clones call it: an instance whose slots ``clone`` then fills
_new_unit = Unit.__new__
_new_state = ItaliaState.__new__


def _drop(units: list[Unit], unit: Unit) -> None:
    """Remove ``unit`` itself (not an equal copy) from a zone's list."""
    for i, u in enumerate(units):
        if u is unit:
            del units[i]
            return
    raise AssertionError(f"{unit.label()} is not indexed in {unit.zone}")


def _copy_json(value: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deep copy of a small JSON-like dict (lists and scalars inside)."""
    if value is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in value.items()}


def copy_extras(value: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a variant's ``extras`` (JSON-like: lists and dicts nest).

    >>> inner = {"a": [1, 2], "b": {"c": [3]}, "d": {"e": 1.5}}
    >>> copied = copy_extras(inner)
    >>> copied["a"].append(9); copied["b"]["c"].append(9); copied["d"]["e"] = 0; inner
    {'a': [1, 2], 'b': {'c': [3]}, 'd': {'e': 1.5}}
    """
    # every checkpoint copies the medieval population track (a number a power), the
    # submissions (flat records) and the pieces' marks (``{"superior": True}``): an object
    # or array of scalars only is copied in C, its types read in C (a test of each value
    # in Python costs more than the copy)
    if _SCALARS.issuperset(map(type, value.values())):
        return dict(value)
    return {k: _copy_value(v) for k, v in value.items()}


#: the JSON scalars' types: a container holding only these needs no deeper copy
_SCALARS = frozenset((str, int, float, bool, type(None)))


def _copy_value(value: Any) -> Any:
    if isinstance(value, list):
        if _SCALARS.issuperset(map(type, value)):
            return list(value)
        return [_copy_value(v) for v in value]
    if isinstance(value, dict):
        return copy_extras(value)
    return value
