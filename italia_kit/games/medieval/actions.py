"""The actions of Medieval Italia: frozen values with a ``kind``, encoded by one codec.

>>> CODEC.from_json({"kind": "move", "power": "Lombards", "unit": 7, "to": "Friuli"})
Move(power='Lombards', unit=7, to='Friuli')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from italia_kit.core import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the first pending arrival (arrivals chart, minima, population) in ``zone``."""

    kind: ClassVar[str] = "place"
    power: str = ""
    zone: str = ""


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move one army or leader into an adjacent area or sea zone."""

    kind: ClassVar[str] = "move"
    power: str = ""
    unit: int = 0
    to: str = ""


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    kind: ClassVar[str] = "end_movement"
    power: str = ""


@dataclass(frozen=True, slots=True)
class Submit(Action):
    """The defender submits to the attacker before the battle's first round (rule text)."""

    kind: ClassVar[str] = "submit"
    power: str = ""
    to: str = ""


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Fight a (further) round of the battle: the defender refusing to submit, or either
    side not retreating."""

    kind: ClassVar[str] = "fight"
    power: str = ""


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Leave the battle for an adjacent area (or, after a submission, go where the rule
    text sends the attackers: ``to`` ``""`` is "back where each came from")."""

    kind: ClassVar[str] = "retreat"
    power: str = ""
    to: str = ""


ACTIONS: tuple[type[Action], ...] = (Place, Move, EndMovement, Submit, Fight, Retreat)
CODEC = ActionCodec(ACTIONS)
