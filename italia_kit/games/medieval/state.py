"""The state of a game of Medieval Italia: every army and leader, population markers, VP,
submissions, and where the nation-turn stands. Plain data: it round-trips through JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: the phases as the state names them: the set-up before turn 1 (``start``), between two
#: nation-turns (``next``), a nation-turn's placements, movement and battles, and ``end``
PHASES = ("start", "next", "place", "movement", "battle", "end")


@dataclass(slots=True)
class Unit:
    """One army or leader on the board, in an arrival box or at sea."""

    id: int
    power: str
    kind: str  # army | leader
    zone: str
    name: str | None = None  # a leader's name
    raider: bool = False  # withdraws to ``home`` after its nation-turn (Britannia raiders)
    superior: bool = False  # the Byzantines' "superior quality" (M-A turn 1)
    home: str | None = None  # the arrival box a raider came from
    arrived: int = 0  # the turn it came into play
    leaves: str | None = None  # "first_phase": leaves at the end of the first impulse
    # for the current movement phase
    mp: int = 0  # movement points left (rule text: 3, 4 with a leader)
    came_from: str | None = None  # the area it last entered its present one from
    appeared: bool = False  # placed this nation-turn in the area it stands in (rule text)

    @property
    def is_leader(self) -> bool:
        return self.kind == "leader"

    def label(self) -> str:
        return self.name or f"{self.power} army #{self.id}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> Unit:
        return Unit(
            self.id, self.power, self.kind, self.zone, self.name, self.raider, self.superior,
            self.home, self.arrived, self.leaves, self.mp, self.came_from, self.appeared,
        )  # fmt: skip


@dataclass
class MedievalState:
    """Where the game stands. ``index`` is the place in the scenario's power order of the
    power whose nation-turn it is; ``pending`` lists what must still be placed (arrivals
    with a choice of place, minima, population increase), first first."""

    turn: int = 1
    index: int = 0
    phase_name: str = "place"
    active: str = ""
    impulse: int = 1
    major: bool = False
    units: dict[int, Unit] = field(default_factory=dict)
    next_id: int = 1
    population: dict[str, float] = field(default_factory=dict)
    vp: dict[str, float] = field(default_factory=dict)
    pending: list[dict[str, Any]] = field(default_factory=list)
    battles: list[list[str]] = field(default_factory=list)  # [zone, defender] still to fight
    battle: dict[str, Any] | None = None
    submissions: list[dict[str, Any]] = field(default_factory=list)
    held_during: list[str] = field(default_factory=list)  # areas held in this nation-turn
    over: bool = False

    # -- the state protocol of the core ---------------------------------------------------
    @property
    def actor(self) -> str:
        if self.battle is not None and self.battle["stage"] in ("submit", "defender", "flee"):
            return str(self.battle["defender"])
        return self.active

    @property
    def phase(self) -> str:
        return self.phase_name

    def clone(self) -> MedievalState:
        return MedievalState(
            turn=self.turn,
            index=self.index,
            phase_name=self.phase_name,
            active=self.active,
            impulse=self.impulse,
            major=self.major,
            units={i: u.copy() for i, u in self.units.items()},
            next_id=self.next_id,
            population=dict(self.population),
            vp=dict(self.vp),
            pending=[dict(p) for p in self.pending],
            battles=[list(b) for b in self.battles],
            battle=dict(self.battle) if self.battle is not None else None,
            submissions=[dict(s) for s in self.submissions],
            held_during=list(self.held_during),
            over=self.over,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "index": self.index,
            "phase": self.phase_name,
            "active": self.active,
            "impulse": self.impulse,
            "major": self.major,
            "units": [u.to_json() for u in self.units.values()],
            "next_id": self.next_id,
            "population": dict(self.population),
            "vp": dict(self.vp),
            "pending": [dict(p) for p in self.pending],
            "battles": [list(b) for b in self.battles],
            "battle": dict(self.battle) if self.battle is not None else None,
            "submissions": [dict(s) for s in self.submissions],
            "held_during": list(self.held_during),
            "over": self.over,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> MedievalState:
        return cls(
            turn=int(d["turn"]),
            index=int(d["index"]),
            phase_name=str(d["phase"]),
            active=str(d["active"]),
            impulse=int(d["impulse"]),
            major=bool(d["major"]),
            units={int(u["id"]): Unit(**u) for u in d["units"]},
            next_id=int(d["next_id"]),
            population={str(k): float(v) for k, v in d["population"].items()},
            vp={str(k): float(v) for k, v in d["vp"].items()},
            pending=[dict(p) for p in d["pending"]],
            battles=[list(b) for b in d["battles"]],
            battle=dict(d["battle"]) if d.get("battle") else None,
            submissions=[dict(s) for s in d["submissions"]],
            held_during=list(d.get("held_during", [])),
            over=bool(d["over"]),
        )

    # -- queries --------------------------------------------------------------------------
    def add_unit(self, power: str, kind: str, zone: str, **fields: Any) -> Unit:
        unit = Unit(self.next_id, power, kind, zone, **fields)
        self.units[unit.id] = unit
        self.next_id += 1
        return unit

    def units_in(self, zone: str, power: str | None = None) -> list[Unit]:
        return [
            u for u in self.units.values() if u.zone == zone and (power is None or u.power == power)
        ]

    def armies_in(self, zone: str, power: str) -> list[Unit]:
        return [
            u
            for u in self.units.values()
            if u.zone == zone and u.power == power and not u.is_leader
        ]

    def powers_in(self, zone: str) -> set[str]:
        return {u.power for u in self.units.values() if u.zone == zone}

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]
