"""Orders as text, in the rule text's own notation, read and printed back.

``parse_line`` reads one line of a turn sheet; what it cannot read is an
:class:`OrderSyntaxError` naming the part (the unit type, a place, a power, an amount).
``format_order`` prints an order the same way, so ``parse_line(format_order(o)) == o``.

>>> from italia_kit.games.renaissance.mapdata import game_map
>>> m = game_map()
>>> order = parse_line("A Savoy ->EGOL->WTS-> Palermo", m)
>>> order.unit, order.to
(UnitRef(type='A', province='Savoy'), 'Palermo')
>>> order.via
('Eastern Gulf of Lyons', 'Western Tyrrhenian Sea')
>>> format_order(parse_line("A Capua S Naples Spoleto", m))
'A Capua S Neapolitan Spoleto'
>>> format_order(parse_line("F Ancona C-> G", m)), format_order(parse_line("F GON T Papal A", m))
('F Ancona C-> G', 'F Gulf of Naples T Papal A')
>>> try:
...     parse_line("A Ancnoa H", m)
... except OrderSyntaxError as err:
...     print(err.part, "-", err.reason)
the place - unknown province or sea area 'Ancnoa' (did you mean Ancona?)
"""

from __future__ import annotations

import re
from functools import lru_cache

from italia_kit.games.renaissance.mapdata import Map, UnknownPlaceError
from italia_kit.games.renaissance.orders import (
    Advance,
    Besiege,
    Convert,
    Hold,
    MilitaryOrder,
    Permit,
    Support,
    Transport,
    UnitRef,
)
from italia_kit.games.renaissance.units import ADJECTIVES, power_named

__all__ = ["OrderSyntaxError", "format_order", "parse_line", "unit_type"]

_TYPES = {"a": "A", "army": "A", "f": "F", "fleet": "F", "g": "G", "garrison": "G"}
_ADVANCE = re.compile(r"\s*->\s*")
_CONVERT = re.compile(r"^(?P<head>.+?)\s+C\s*->\s*(?P<to>\S+)$", re.I)
_OP = re.compile(
    r"^(?P<head>.+?)\s+(?P<op>H|Hold|S|Supports?|T|Transports?|B|Besieges?)(?:\s+(?P<rest>.*))?$",
    re.I,
)


class OrderSyntaxError(ValueError):
    """A line that cannot be read: ``line``, the ``part`` that failed and why."""

    def __init__(self, line: str, part: str, reason: str) -> None:
        self.line, self.part, self.reason = line, part, reason
        super().__init__(f"{line!r}: {part}: {reason}")


def unit_type(word: str, line: str) -> str:
    """A, F or G for a unit-type word (``A``, ``Army``, ``fleet`` ...)."""
    found = _TYPES.get(word.strip().lower())
    if found is None:
        raise OrderSyntaxError(line, "the unit type", f"{word!r} is not A, F or G")
    return found


def _place(text: str, m: Map, line: str, part: str = "the place") -> str:
    try:
        return m.resolve(text)
    except UnknownPlaceError as err:
        raise OrderSyntaxError(line, part, str(err)) from None


def _unit(head: str, m: Map, line: str) -> UnitRef:
    word, _, rest = head.strip().partition(" ")
    kind = unit_type(word, line)
    if not rest.strip():
        raise OrderSyntaxError(line, "the place", "the unit's province is missing")
    return UnitRef(kind, m.top(_place(rest, m, line)))


@lru_cache(maxsize=65536)
def parse_line(line: str, m: Map) -> MilitaryOrder | Permit:
    """One military order (or a strait permission) from its text."""
    return _parse(" ".join(line.split()), m)


@lru_cache(maxsize=65536)
def _parse(text: str, m: Map) -> MilitaryOrder | Permit:
    if not text:
        raise OrderSyntaxError(text, "the line", "it is empty")
    first = text.split(" ", 1)[0].lower()
    if first == "permit":
        parts = text.split(" ")
        power = power_named(parts[1]) if len(parts) == 3 else None
        if power is None:
            raise OrderSyntaxError(text, "the power", "write 'Permit (Power) (Piombino|Messina)'")
        return Permit(power, _place(parts[2], m, text, "the strait"))
    convert = _CONVERT.match(text)
    if convert:
        return Convert(_unit(convert["head"], m, text), unit_type(convert["to"], text))
    if "->" in text:
        head, *chain = _ADVANCE.split(text)
        if not all(chain):
            raise OrderSyntaxError(text, "the advance", "a '->' with no place after it")
        places = tuple(_place(p, m, text, "the advance") for p in chain)
        return Advance(_unit(head, m, text), places[-1], places[:-1])
    op = _OP.match(text)
    if op is None:
        return Hold(_unit(text, m, text))  # "(Unit) (Province)" alone is a Hold
    unit, kind, rest = _unit(op["head"], m, text), op["op"][0].upper(), (op["rest"] or "").strip()
    if kind == "H":
        if rest:
            raise OrderSyntaxError(text, "the hold", f"nothing may follow H, not {rest!r}")
        return Hold(unit)
    if kind == "B":
        if rest and m.top(_place(rest, m, text)) not in (unit.province, "Venice"):
            raise OrderSyntaxError(text, "the siege", "a unit besieges the city of its province")
        return Besiege(unit)
    if kind == "T":
        if not rest:
            return Transport(unit)
        parts = rest.split(" ")
        power = power_named(parts[0])
        if (
            power is None
            or len(parts) > 2
            or (len(parts) == 2 and unit_type(parts[1], text) != "A")
        ):
            raise OrderSyntaxError(text, "the transport", f"write 'T (Power) A', not {rest!r}")
        return Transport(unit, power)
    if not rest:
        raise OrderSyntaxError(text, "the support", "the province supported into is missing")
    try:
        return Support(unit, m.top(m.resolve(rest)))
    except UnknownPlaceError:
        word, _, place = rest.partition(" ")
        power = power_named(word)
        if power is None or not place:
            raise OrderSyntaxError(
                text, "the support", f"unknown power or place in {rest!r}"
            ) from None
        return Support(unit, m.top(_place(place, m, text)), power)


@lru_cache(maxsize=65536)
def format_order(order: MilitaryOrder | Permit) -> str:
    """The order in the text's notation (full place names)."""
    if isinstance(order, Permit):
        return f"Permit {order.power} {order.strait}"
    head = f"{order.unit.type} {order.unit.province}"
    if isinstance(order, Hold):
        return f"{head} H"
    if isinstance(order, Advance):
        return " -> ".join((head, *order.via, order.to))
    if isinstance(order, Besiege):
        return f"{head} B"
    if isinstance(order, Convert):
        return f"{head} C-> {order.to}"
    if isinstance(order, Transport):
        return f"{head} T" if order.power is None else f"{head} T {ADJECTIVES[order.power]} A"
    if order.power is None:
        return f"{head} S {order.into}"
    return f"{head} S {ADJECTIVES[order.power]} {order.into}"
