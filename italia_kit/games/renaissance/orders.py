"""The military orders (MILITARY ORDERS 1-6), as values.

An order names its unit by type and province (``UnitRef``): a province holds at most one
army or fleet and one garrison in its city, so the pair is enough. Places are the board's
names (a fleet's destination in Croatia or Provence is a coast).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Advance",
    "Besiege",
    "Convert",
    "Hold",
    "MilitaryOrder",
    "Permit",
    "Support",
    "Transport",
    "UnitRef",
]


@dataclass(frozen=True, slots=True)
class UnitRef:
    """The unit an order is for: ``type`` A, F or G in ``province``."""

    type: str
    province: str


@dataclass(frozen=True, slots=True)
class Hold:
    """``A Rome H`` (Hold): stay; also the default order (MILITARY ORDERS 4)."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class Advance:
    """``A Savoy -> EGOL -> WTS -> Palermo``: advance to ``to``, transported over ``via``
    (Advance)."""

    unit: UnitRef
    to: str
    via: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Support:
    """``A Capua S Naples Spoleto``: support ``power``'s operation into ``into`` (the
    supporter's own power if None) (Support)."""

    unit: UnitRef
    into: str
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Transport:
    """``F GON T Papal A``: transport an army of ``power`` (own if None) (Transport)."""

    unit: UnitRef
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Besiege:
    """``A Ferrara B``: besiege the garrison of the unit's province's city (Besiege)."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class Convert:
    """``F Ancona C-> G``: become a unit of type ``to`` (Convert)."""

    unit: UnitRef
    to: str


@dataclass(frozen=True, slots=True)
class Permit:
    """``Permit Florence Piombino``: let ``power``'s fleets through the strait that the
    fleet in ``strait`` controls (Map: Piombino, Messina: 'they must note this agreement
    in their orders'; notation reconstructed)."""

    power: str
    strait: str


MilitaryOrder = Hold | Advance | Support | Transport | Besiege | Convert
