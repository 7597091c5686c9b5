"""The actions of Italia I and II: small frozen values with one JSON form.

Units are named by their ids (``game.state.units``); zones and unit types by name. Every
action names the nation that takes it, so a replayed or hand-written action is checked
against the decision pending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """6.2: buy one unit (``zone`` only for a city: its price depends on the terrain)."""

    kind: ClassVar[str] = "buy"
    nation: str = ""
    unit: str = ""
    zone: str | None = None

    def __str__(self) -> str:
        where = f" in {self.zone}" if self.zone else ""
        return f"{self.nation} buy {self.unit}{where}"


@dataclass(frozen=True, slots=True)
class EndPurchase(Action):
    """6.2: buy nothing more; the gold left stays on the wealth track."""

    kind: ClassVar[str] = "end_purchase"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end purchase"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """7.1/7.2: put a bought unit or a reinforcement into a zone (``unit`` as bought)."""

    kind: ClassVar[str] = "place"
    nation: str = ""
    unit: str = ""
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} place {self.unit} in {self.zone}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """9.0: move units together along ``path`` (``path[0]`` is where they stand).

    A group with a leader moves one zone further and need not stop in mountains (9.1).
    A unit may move in several steps in one phase, within its allowance.
    """

    kind: ClassVar[str] = "move"
    nation: str = ""
    units: tuple[int, ...] = ()
    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.nation} move {list(self.units)} {' -> '.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """9.6: land units in a coastal zone board a fleet in a sea beside it."""

    kind: ClassVar[str] = "embark"
    nation: str = ""
    fleet: int = 0
    units: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.nation} embark {list(self.units)} on fleet {self.fleet}"


@dataclass(frozen=True, slots=True)
class Disembark(Action):
    """9.6: units aboard a fleet land in a coastal zone beside the fleet's sea."""

    kind: ClassVar[str] = "disembark"
    nation: str = ""
    units: tuple[int, ...] = ()
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} disembark {list(self.units)} in {self.zone}"


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """9.0: the movement phase is over; stacking limits are checked (8.0)."""

    kind: ClassVar[str] = "end_movement"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end movement"


@dataclass(frozen=True, slots=True)
class RemoveUnit(Action):
    """8.0: the owner chooses a surplus unit to remove from an over-full zone."""

    kind: ClassVar[str] = "remove_unit"
    nation: str = ""
    unit: int = 0

    def __str__(self) -> str:
        return f"{self.nation} remove unit {self.unit}"


@dataclass(frozen=True, slots=True)
class DeclareCapital(Action):
    """8.1: declare (or change) the nation's capital."""

    kind: ClassVar[str] = "declare_capital"
    nation: str = ""
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} declare capital {self.zone}"


@dataclass(frozen=True, slots=True)
class EndCombat(Action):
    """10.0: the combat phase is over (the battles themselves: section 10, next part)."""

    kind: ClassVar[str] = "end_combat"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end combat"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Buy,
    EndPurchase,
    Place,
    Move,
    Embark,
    Disembark,
    EndMovement,
    RemoveUnit,
    DeclareCapital,
    EndCombat,
)

CODEC = ActionCodec(ACTION_CLASSES)
