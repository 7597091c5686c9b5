"""The Roman player's actions: small frozen values, one JSON form each (the codec).

Boxes, legions and counters are numbers (:mod:`.geography`, :mod:`.tables`); ``str(action)``
names them for a person.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from italia_kit.core import Action, ActionCodec

#: The Legion Actions of 5.2, as LegionAction.order names them.
SUPPRESS, GARRISON, PEACEKEEPING, BATTLE = "suppress", "garrison", "peacekeeping", "battle"
LEGION_ORDERS = (SUPPRESS, GARRISON, PEACEKEEPING, BATTLE)


@dataclass(frozen=True, slots=True)
class PlaceAgricola(Action):
    """3.0: place Agricola with one of his three legions."""

    kind: ClassVar[str] = "place_agricola"
    legion: int = 0


@dataclass(frozen=True, slots=True)
class AssignAuxiliary(Action):
    """3.0, 9.5: the Auxiliary just drawn goes to this legion's Holding Box."""

    kind: ClassVar[str] = "assign_auxiliary"
    legion: int = 0


@dataclass(frozen=True, slots=True)
class Attach(Action):
    """6.0 Attach Leader: Agricola joins another legion in his box or one adjacent (5.1)."""

    kind: ClassVar[str] = "attach"
    legion: int = 0


@dataclass(frozen=True, slots=True)
class Reorganize(Action):
    """6.0 Reorganize Legions (and 8.6 after a battle): each (counter, legion) moves a Battle
    Unit to that legion's Holding Box; the limits are checked on the result."""

    kind: ClassVar[str] = "reorganize"
    moves: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Negotiate(Action):
    """6.0 Negotiation: spend 1-7 coins on the top-most Tribal Unit of a box."""

    kind: ClassVar[str] = "negotiate"
    box: int = 0
    coins: int = 1


@dataclass(frozen=True, slots=True)
class LegionAction(Action):
    """5.0-5.2: legions (stacked together) move to ``to`` (-1: stay) and take ``order``.

    ``unit``: Garrison, the aquilae (1-3) of the Legionary Battle Unit given up;
    ``extra``: Garrison with Agricola, the adjacent box whose Tribal Unit he eliminates;
    Peacekeeping with Agricola, the second box moved to (-1: none).
    """

    kind: ClassVar[str] = "legion_action"
    legions: tuple[int, ...] = (0,)
    to: int = -1
    order: str = SUPPRESS
    unit: int = 0
    extra: int = -1


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """5.2 Passing: forgo the remaining Legion Actions of the turn."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class RaidLoss(Action):
    """7.1: the Legionary Battle Unit (your choice) a raid eliminates."""

    kind: ClassVar[str] = "raid_loss"
    unit: int = 0


@dataclass(frozen=True, slots=True)
class AmbushLegion(Action):
    """8.3, 8.7: the one legion of the ambushed box that fights."""

    kind: ClassVar[str] = "ambush_legion"
    legion: int = 0


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """8.3: put a Battle Unit of a participating legion on a Roman square (0-5 the front
    row, 6-12 the back row)."""

    kind: ClassVar[str] = "deploy"
    unit: int = 0
    square: int = 0


@dataclass(frozen=True, slots=True)
class Target(Action):
    """8.4 Tactical Advantage: attack this enemy square (its number, 1-13)."""

    kind: ClassVar[str] = "target"
    number: int = 1


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """8.5: move an Unengaged Unit into a Hole In The Line (a Roman front square)."""

    kind: ClassVar[str] = "shift"
    unit: int = 0
    square: int = 0


@dataclass(frozen=True, slots=True)
class Promote(Action):
    """8.6: promote this Legionary Battle Unit (one per legion that fought)."""

    kind: ClassVar[str] = "promote"
    unit: int = 0


@dataclass(frozen=True, slots=True)
class BuyAuxiliary(Action):
    """9.5: pay 1 coin and draw an Auxiliary from the Friendly Cup."""

    kind: ClassVar[str] = "buy_auxiliary"


@dataclass(frozen=True, slots=True)
class PublicWorks(Action):
    """9.6: pay 2 coins to turn the box's Garrison into a "+2" Settlement, or its "+2"
    Settlement to "+3"."""

    kind: ClassVar[str] = "public_works"
    box: int = 0


@dataclass(frozen=True, slots=True)
class BuyVictoryPoint(Action):
    """9.7: pay 3 coins for 1 VP."""

    kind: ClassVar[str] = "buy_vp"


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """9.7: spend 3, 5 or 8 VP on 1, 2 or 3 one-aquila units, one to each legion named
    (each in a Legionary Camp)."""

    kind: ClassVar[str] = "recruit"
    legions: tuple[int, ...] = (0,)


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End an optional step: deployment (8.3), promotion and reorganisation (8.6), buying
    Auxiliaries (9.5), Public Works (9.6), spending in 9.7."""

    kind: ClassVar[str] = "done"


CODEC = ActionCodec(
    [
        PlaceAgricola,
        AssignAuxiliary,
        Attach,
        Reorganize,
        Negotiate,
        LegionAction,
        Pass,
        RaidLoss,
        AmbushLegion,
        Deploy,
        Target,
        Shift,
        Promote,
        BuyAuxiliary,
        PublicWorks,
        BuyVictoryPoint,
        Recruit,
        Done,
    ]
)
