"""The referee's state of a Renaissance-Italy game: the season, the units, who controls
which province and city, the treasuries, the sieges, and the sealed sheets of the season.

The season runs Spring, Summer, Autumn; each is one or two sealed steps: ``adjust``
(Spring only, phase A: builds and maintenance) and ``orders`` (phase C: expenditure and
military orders), all powers at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from italia_kit.core import NO_ACTOR
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, POWERS, Map
from italia_kit.games.renaissance.units import Unit

__all__ = ["SEASONS", "RenaissanceState", "season_tag", "setup_data"]

SEASONS = ("Spring", "Summer", "Autumn")
DATA = Path(__file__).parent / "data"
FIRST_YEAR = 1454


@cache
def season_tag(turn: int) -> str:
    """``Spring 1454`` for turn 1."""
    return f"{SEASONS[(turn - 1) % 3]} {FIRST_YEAR + (turn - 1) // 3}"


@cache
def season_phase(turn: int, step: str) -> str:
    """``Spring 1454 orders`` (every event names its phase: kept, not rebuilt)."""
    return "over" if step == "over" else f"{season_tag(turn)} {step}"


@cache
def setup_data() -> dict[str, Any]:
    """The 1454 start (data/setup_1454.yaml)."""
    data: dict[str, Any] = yaml.safe_load((DATA / "setup_1454.yaml").read_text(encoding="utf-8"))
    return data


@dataclass
class RenaissanceState:
    """See the module docstring. ``turn`` counts seasons from 1 (Spring 1454)."""

    seats: tuple[str, ...]
    years: int
    units: dict[int, Unit]
    control: dict[str, str]
    cities: dict[str, str]
    treasury: dict[str, int]
    turn: int = 1
    step: str = "adjust"
    next_uid: int = 1
    sieges: dict[str, tuple[int, int]] = field(default_factory=dict)
    rebellions: dict[str, str] = field(default_factory=dict)
    sealed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winner: str | None = None
    prepared: int = 0  # the Spring whose Phase A automatic steps have run
    #: bank loans: (power, principal, interest, the turn it is due)
    loans: list[tuple[str, int, int, int]] = field(default_factory=list)
    banned: list[str] = field(default_factory=list)  # defaulters: no more bank loans
    famine: list[str] = field(default_factory=list)  # provinces in famine this year
    excommunicated: dict[str, int] = field(default_factory=dict)  # power -> last turn
    excommunications: list[str] = field(default_factory=list)  # who has used theirs
    notes: dict[str, str] = field(default_factory=dict)  # the sealed sheets' notes
    crusaded: dict[str, int] = field(default_factory=dict)  # the Turks' crusade: power -> last turn
    #: PLAYER ELIMINATION (elimination.py): power -> the turn it was eliminated; an
    #: eliminated seat has left ``seats``
    eliminated: dict[str, int] = field(default_factory=dict)

    @classmethod
    def start(cls, m: Map, seats: tuple[str, ...], years: int) -> RenaissanceState:
        data = setup_data()
        state = cls(seats, years, {}, dict(m.owner_1454), {}, {p: 0 for p in POWERS})
        for power, listed in data["units"].items():
            for item in listed:
                kind, place = item.split(" ", 1)
                state.add(Unit(0, power, kind, place))
        for place in data["autonomous"]:
            state.add(Unit(0, AUTONOMOUS, "G", place))
        for province in m.cities:
            owner = m.owner_1454.get(province)
            if owner is not None:
                state.cities[province] = owner
        for power, ducats in data["treasury"].items():
            state.treasury[power] = int(ducats)
        return state

    def add(self, unit: Unit) -> Unit:
        placed = Unit(self.next_uid, unit.power, unit.type, unit.province, unit.coast, unit.special)
        self.units[placed.uid] = placed
        self.next_uid += 1
        return placed

    # -- the runner's protocol ---------------------------------------------------------
    @property
    def actor(self) -> str:
        return NO_ACTOR

    @property
    def year(self) -> int:
        return FIRST_YEAR + (self.turn - 1) // 3

    @property
    def season(self) -> str:
        return SEASONS[(self.turn - 1) % 3]

    @property
    def tag(self) -> str:
        """The season a sheet is for: ``Spring 1454``."""
        return season_tag(self.turn)

    @property
    def phase(self) -> str:
        return season_phase(self.turn, self.step)

    def clone(self) -> RenaissanceState:
        return RenaissanceState(
            self.seats,
            self.years,
            dict(self.units),
            dict(self.control),
            dict(self.cities),
            dict(self.treasury),
            self.turn,
            self.step,
            self.next_uid,
            dict(self.sieges),
            dict(self.rebellions),
            dict(self.sealed),
            self.winner,
            self.prepared,
            list(self.loans),
            list(self.banned),
            list(self.famine),
            dict(self.excommunicated),
            list(self.excommunications),
            dict(self.notes),
            dict(self.crusaded),
            dict(self.eliminated),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seats": list(self.seats),
            "years": self.years,
            "units": [u.to_json() for u in self.units.values()],
            "control": dict(sorted(self.control.items())),
            "cities": dict(sorted(self.cities.items())),
            "treasury": dict(self.treasury),
            "turn": self.turn,
            "step": self.step,
            "next_uid": self.next_uid,
            "sieges": {k: list(v) for k, v in sorted(self.sieges.items())},
            "rebellions": dict(sorted(self.rebellions.items())),
            "sealed": {k: list(v) for k, v in self.sealed.items()},
            "winner": self.winner,
            "prepared": self.prepared,
            "loans": [list(loan) for loan in self.loans],
            "banned": list(self.banned),
            "famine": list(self.famine),
            "excommunicated": dict(self.excommunicated),
            "excommunications": list(self.excommunications),
            "notes": dict(self.notes),
            "crusaded": dict(self.crusaded),
        }
        if self.eliminated:  # written once a power is out: other games' states read as before
            out["eliminated"] = dict(self.eliminated)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RenaissanceState:
        units = [Unit.from_json(u) for u in data["units"]]
        return cls(
            tuple(data["seats"]),
            int(data["years"]),
            {u.uid: u for u in units},
            dict(data["control"]),
            dict(data["cities"]),
            _in_order_of_powers({k: int(v) for k, v in data["treasury"].items()}),
            int(data["turn"]),
            str(data["step"]),
            int(data["next_uid"]),
            {k: (int(v[0]), int(v[1])) for k, v in data["sieges"].items()},
            dict(data["rebellions"]),
            {k: tuple(v) for k, v in data["sealed"].items()},
            data["winner"],
            int(data["prepared"]),
            [(str(a), int(b), int(c), int(d)) for a, b, c, d in data["loans"]],
            list(data["banned"]),
            list(data["famine"]),
            {k: int(v) for k, v in data["excommunicated"].items()},
            list(data["excommunications"]),
            dict(data["notes"]),
            {k: int(v) for k, v in data.get("crusaded", {}).items()},  # saves made before it
            {k: int(v) for k, v in data.get("eliminated", {}).items()},
        )

    # -- questions ---------------------------------------------------------------------
    def debt(self, power: str) -> int:
        """The principal ``power`` owes the bank."""
        return sum(loan[1] for loan in self.loans if loan[0] == power)

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def by_area(self) -> dict[str, Unit]:
        return {u.area: u for u in self.units.values()}


def _in_order_of_powers(treasury: dict[str, int]) -> dict[str, int]:
    """The treasury in the powers' order, whatever the order of the file's keys: income
    and the variable-income rolls go round the treasury (COLLECT INCOME), and a JSON tool,
    or ``save_game`` itself, may sort the keys (a game read back must play on the same)."""
    ordered = {p: treasury[p] for p in POWERS if p in treasury}
    ordered.update((p, ducats) for p, ducats in treasury.items() if p not in ordered)
    return ordered
