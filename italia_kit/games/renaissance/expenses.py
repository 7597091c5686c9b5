"""Expenditure orders as text and as values (EXPENDITURE ORDERS 1-14, EXCOMMUNICATION and
the Turks' Crusade).

>>> from italia_kit.games.renaissance.mapdata import game_map
>>> m = game_map()
>>> parse_expense("Borrow 10", m), parse_expense("Pay Venice 5", m)
(Borrow(amount=10, years=1), Pay(to='Venice', amount=5))
>>> parse_expense("Bribe Venice G Padua - AG 9", m)
Bribe(kind='to_ag', type='G', province='Padua', amount=9, power='Venice')
>>> format_expense(parse_expense("Disband AG Genoa 6d", m))
'Disband AG Genoa 6'
>>> parse_expense("Milan Rebel 9", m)
Rebel(province='Milan', amount=9)
>>> parse_expense("Excommunicate Milan", m), parse_expense("Crusade Venice", m)
(Excommunicate(power='Milan'), Crusade(power='Venice'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from italia_kit.games.renaissance.mapdata import Map, UnknownPlaceError
from italia_kit.games.renaissance.notation import OrderSyntaxError, unit_type
from italia_kit.games.renaissance.units import ADJECTIVES, power_named

__all__ = [
    "BRIBE_MINIMUM",
    "Assassinate",
    "Bodyguard",
    "Borrow",
    "Bribe",
    "CounterBribe",
    "Crusade",
    "Excommunicate",
    "Expense",
    "FamineRelief",
    "Pacify",
    "Pay",
    "PayBank",
    "Rebel",
    "format_expense",
    "is_expense",
    "parse_expense",
]

#: The minimum cost of each bribe (EXPENDITURE ORDERS 5-10).
BRIBE_MINIMUM = {
    "disband_ag": 6,
    "buy_ag": 9,
    "to_ag": 9,
    "disband_g": 12,
    "disband": 12,
    "buy": 18,
}
_BRIBE_NAMES = {
    "disband_ag": "Disband AG",
    "buy_ag": "Buy AG",
    "to_ag": "Bribe",
    "disband_g": "Disband",
    "disband": "Disband",
    "buy": "Bribe",
}
FAMINE_RELIEF, PACIFY, ASSASSINATION = 3, 12, 30


@dataclass(frozen=True, slots=True)
class PayBank:
    """``Pay Bank (Amount)``: repay the bank, interest first (Borrowing Phase a)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Pay:
    """``Pay (Other Power) (Amount)``: a transfer or a loan to another power (b)."""

    to: str
    amount: int


@dataclass(frozen=True, slots=True)
class Borrow:
    """``Borrow (Amount)`` for 1 year at 20%, or ``Borrow (Amount) 2 years`` at 50% (c)."""

    amount: int
    years: int = 1


@dataclass(frozen=True, slots=True)
class FamineRelief:
    """``Famine Relief (Province) 3`` (2)."""

    province: str


@dataclass(frozen=True, slots=True)
class Pacify:
    """``Pacify (Province) 12`` (3)."""

    province: str


@dataclass(frozen=True, slots=True)
class CounterBribe:
    """``C-B (Unit) (Province) (Cost)``, multiples of 3 (4)."""

    type: str
    province: str
    amount: int


@dataclass(frozen=True, slots=True)
class Bribe:
    """A bribe directed at a unit (5-10): ``kind`` one of :data:`BRIBE_MINIMUM`; ``power``
    the owner named in the order (None where the notation names none)."""

    kind: str
    type: str
    province: str
    amount: int
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Rebel:
    """``(Province) Rebel (Cost)``: 9 in a conquered province, 15 in a home one (11, 12)."""

    province: str
    amount: int


@dataclass(frozen=True, slots=True)
class Bodyguard:
    """``Bodyguard (Power) (Cost)``, multiples of 3 (13)."""

    power: str
    amount: int


@dataclass(frozen=True, slots=True)
class Assassinate:
    """``Assassinate (Power) (Cost)``, 30 or more in multiples of 3 (14)."""

    power: str
    amount: int


@dataclass(frozen=True, slots=True)
class Excommunicate:
    """``Excommunicate (Power)``: the Papacy's order, once a game (EXCOMMUNICATION)."""

    power: str


@dataclass(frozen=True, slots=True)
class Crusade:
    """``Crusade (Power)``: the Turks' order, once a game ('or Crusade in the case of the
    Turks', EXCOMMUNICATION); distinct from the Papacy's, with its own use and expiry."""

    power: str


Expense = (
    PayBank | Pay | Borrow | FamineRelief | Pacify | CounterBribe | Bribe | Rebel | Bodyguard
    | Assassinate | Excommunicate | Crusade
)  # fmt: skip

_AMOUNT = r"(?:\s*-\s*|\s+)(?P<amount>\d+)\s*d?"
_BORROW = r"^borrow\s+(?P<amount>\d+)\s*d?(?:\s+(?:for\s+)?(?P<years>[12])\s+years?)?$"
_TYPE = "a|f|g|army|fleet|garrison"
_PATTERNS = [
    ("paybank", re.compile(rf"^pay\s+bank{_AMOUNT}$", re.I)),
    ("pay", re.compile(rf"^pay\s+(?P<power>\S+){_AMOUNT}$", re.I)),
    ("borrow", re.compile(_BORROW, re.I)),
    ("relief", re.compile(rf"^famine\s+relief\s+(?P<place>.+?)(?:{_AMOUNT})?$", re.I)),
    ("pacify", re.compile(rf"^pacify\s+(?P<place>.+?)(?:{_AMOUNT})?$", re.I)),
    ("cb", re.compile(rf"^c-b\s+(?P<type>\S+)\s+(?P<place>.+?){_AMOUNT}$", re.I)),
    ("disband_ag", re.compile(rf"^disband\s+ag\s+(?P<place>.+?){_AMOUNT}$", re.I)),
    ("buy_ag", re.compile(rf"^buy\s+ag\s+(?P<place>.+?){_AMOUNT}$", re.I)),
    (
        "to_ag",
        re.compile(rf"^bribe\s+(?P<power>\S+)\s+g\s+(?P<place>.+?)\s*-\s*ag{_AMOUNT}$", re.I),
    ),
    (
        "disband",
        re.compile(rf"^disband\s+(?P<power>\S+)\s+(?P<type>\S+)\s+(?P<place>.+?){_AMOUNT}$", re.I),
    ),
    (
        "buy",
        re.compile(
            rf"^bribe\s+(?:(?P<power>\S+)\s+)??(?P<type>{_TYPE})\s+(?P<place>.+?){_AMOUNT}$", re.I
        ),
    ),
    ("rebel", re.compile(rf"^(?P<place>.+?)\s+rebel{_AMOUNT}$", re.I)),
    ("bodyguard", re.compile(rf"^bodyguard\s+(?P<power>\S+){_AMOUNT}$", re.I)),
    ("assassinate", re.compile(rf"^assassinate\s+(?P<power>\S+){_AMOUNT}$", re.I)),
    ("excommunicate", re.compile(r"^excommunicate\s+(?P<power>\S+)$", re.I)),
    ("crusade", re.compile(r"^crusade\s+(?P<power>\S+)$", re.I)),
]
_WORDS = (
    "pay", "borrow", "famine", "pacify", "c-b", "disband", "buy", "bribe", "bodyguard",
    "assassinate", "excommunicate", "crusade",
)  # fmt: skip


@lru_cache(maxsize=65536)
def is_expense(line: str) -> bool:
    """Does the line read as an expenditure order rather than a military one?"""
    text = line.lower()
    first = text.split(None, 1)[0] if text.strip() else ""
    return first in _WORDS or " rebel" in text


def _power(word: str, line: str) -> str:
    found = power_named(word)
    if found is None:
        raise OrderSyntaxError(line, "the power", f"{word!r} is no power")
    return found


def _province(text: str, m: Map, line: str) -> str:
    try:
        return m.top(m.resolve(text))
    except UnknownPlaceError as err:
        raise OrderSyntaxError(line, "the province", str(err)) from None


def parse_expense(line: str, m: Map) -> Expense:
    """One expenditure order from its text; what cannot be read names its part."""
    text = " ".join(line.split())
    for name, pattern in _PATTERNS:
        found = pattern.match(text)
        if found is None:
            continue
        groups = found.groupdict()
        amount = int(groups.get("amount") or 0)
        if name == "paybank":
            return PayBank(amount)
        if name == "pay":
            return Pay(_power(groups["power"], text), amount)
        if name == "borrow":
            return Borrow(amount, int(groups.get("years") or 1))
        if name == "relief":
            return FamineRelief(_province(groups["place"], m, text))
        if name == "pacify":
            return Pacify(_province(groups["place"], m, text))
        if name == "cb":
            return CounterBribe(
                unit_type(groups["type"], text), _province(groups["place"], m, text), amount
            )
        if name == "rebel":
            return Rebel(_province(groups["place"], m, text), amount)
        if name == "bodyguard":
            return Bodyguard(_power(groups["power"], text), amount)
        if name == "assassinate":
            return Assassinate(_power(groups["power"], text), amount)
        if name == "excommunicate":
            return Excommunicate(_power(groups["power"], text))
        if name == "crusade":
            return Crusade(_power(groups["power"], text))
        province = _province(groups["place"], m, text)
        if name in ("disband_ag", "buy_ag"):
            return Bribe(name, "G", province, amount, "autonomous")
        if name == "to_ag":
            return Bribe(name, "G", province, amount, _power(groups["power"], text))
        kind = unit_type(groups["type"], text)
        power = _power(groups["power"], text) if groups.get("power") else None
        if name == "disband":
            return Bribe("disband_g" if kind == "G" else "disband", kind, province, amount, power)
        return Bribe("buy", kind, province, amount, power)
    raise OrderSyntaxError(text, "the expenditure", "no expenditure order reads like this")


def format_expense(order: Expense) -> str:
    """The order in the text's notation."""
    if isinstance(order, PayBank):
        return f"Pay Bank {order.amount}"
    if isinstance(order, Pay):
        return f"Pay {order.to} {order.amount}"
    if isinstance(order, Borrow):
        return f"Borrow {order.amount}" + (" 2 years" if order.years == 2 else "")
    if isinstance(order, FamineRelief):
        return f"Famine Relief {order.province} {FAMINE_RELIEF}"
    if isinstance(order, Pacify):
        return f"Pacify {order.province} {PACIFY}"
    if isinstance(order, CounterBribe):
        return f"C-B {order.type} {order.province} {order.amount}"
    if isinstance(order, Rebel):
        return f"{order.province} Rebel {order.amount}"
    if isinstance(order, Bodyguard):
        return f"Bodyguard {order.power} {order.amount}"
    if isinstance(order, Assassinate):
        return f"Assassinate {order.power} {order.amount}"
    if isinstance(order, Excommunicate):
        return f"Excommunicate {order.power}"
    if isinstance(order, Crusade):
        return f"Crusade {order.power}"
    head = _BRIBE_NAMES[order.kind]
    if order.kind in ("disband_ag", "buy_ag"):
        return f"{head} {order.province} {order.amount}"
    if order.kind == "to_ag":
        return f"Bribe {order.power} G {order.province} - AG {order.amount}"
    owner = f"{order.power} " if order.power else ""
    return f"{head} {owner}{order.type} {order.province} {order.amount}"


def adjective(power: str) -> str:
    return ADJECTIVES.get(power, power)
