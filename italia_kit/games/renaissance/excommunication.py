"""EXCOMMUNICATION and the Turks' Crusade: two orders, each once a game, each cutting its
target off from every payment between powers for a while.

The text: 'Once per game the Papal player can issue an Excommunication (or Crusade in the
case of the Turks) Order against another player. This order can be issued during the
Maintain units phase or this one. The effects of the Excommunication are that the player
may not receive ducats from other players nor give ducats to them - payments, loans,
donations etc. until the next complete Phases B-C is over or the next Phase A is over,
whichever comes first. If the Papal player is eliminated from the game, the validity of a
given Excommunication Order expires.'

Readings (docs/games/renaissance.md):

* the two are distinct orders: ``Excommunicate (Power)`` is the Papacy's alone and
  ``Crusade (Power)`` the Turks' alone; each has its own once-a-game use, its own record
  in the state (``excommunicated``, ``crusaded``) and its own events; both cost nothing
  (the text names no cost) and both have the effect the text gives the Excommunication
  (the parenthesis makes the Crusade the Turks' form of the same order);
* issued in Phase A (the Maintain units phase) it lasts to the end of that season's
  Phase C (the next complete Phases B-C); issued in Phase C, to the end of the next
  season's Phase C, unless a Phase A comes first (both as the text says);
* a power is eliminated when it holds no city of its home country nor of a conquered one
  (njudge rules.machiavelli, PLAYER ELIMINATION; the text does not say): then its
  excommunication (the Papacy's) or its crusade (the Turks', reconstructed: the same
  clause read for the Turks' form of the order) expires at once, and an eliminated power's
  order of either kind fails. That test, asked whenever an order is proclaimed or checked,
  is the option ``elimination="play-on"``'s; by default (``njudge``) a power is eliminated
  only at the end of a campaign (``elimination.py``, which ends its orders then), and
  :func:`expire` and :func:`proclaim` are given the powers eliminated so far (``out``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from italia_kit.games.renaissance.expenses import Crusade, Excommunicate
from italia_kit.games.renaissance.mapdata import Map
from italia_kit.games.renaissance.names import its, name, subject
from italia_kit.games.renaissance.season import home_countries_held
from italia_kit.games.renaissance.state import RenaissanceState

__all__ = ["KINDS", "Kind", "cut_off", "eliminated", "expire", "kind_of", "proclaim"]

#: how a step reports: ``note(kind, rule, text, **data)`` (the expenditure's ``note``)
Note = Callable[..., None]
RULE = "EXCOMMUNICATION"


@dataclass(frozen=True, slots=True)
class Kind:
    """One of the two orders: who issues it, its event, the state's record of it."""

    issuer: str
    order: type[Excommunicate] | type[Crusade]
    event: str  # the event's kind; ``<event>_ends`` when it expires
    verb: str  # 'the Papacy excommunicates Milan', 'the Turks proclaim a crusade against Milan'
    record: str  # the state's field: target -> the last turn it is in force


KINDS = (
    Kind("Papacy", Excommunicate, "excommunication", "excommunicates", "excommunicated"),
    Kind("Turks", Crusade, "crusade", "proclaim a crusade against", "crusaded"),
)


def kind_of(order: Excommunicate | Crusade) -> Kind:
    """The :class:`Kind` of an order.

    >>> kind_of(Crusade("Milan")).issuer, kind_of(Excommunicate("Milan")).event
    ('Turks', 'excommunication')
    """
    return next(k for k in KINDS if isinstance(order, k.order))


def _record(state: RenaissanceState, kind: Kind) -> dict[str, int]:
    found: dict[str, int] = getattr(state, kind.record)
    return found


def eliminated(state: RenaissanceState, m: Map, power: str) -> bool:
    """Does ``power`` hold no city of its home country nor of a conquered one (njudge,
    PLAYER ELIMINATION)?"""
    if any(owner == power and m.home.get(c) == power for c, owner in state.cities.items()):
        return False
    return not home_countries_held(state, m, power)


def _is_out(state: RenaissanceState, m: Map, power: str, out: Collection[str] | None) -> bool:
    """``power`` eliminated: one of ``out`` (njudge: decided at a campaign's end), or by
    the test of :func:`eliminated` now (``out`` None: the option ``play-on``)."""
    return eliminated(state, m, power) if out is None else power in out


def proclaim(
    state: RenaissanceState,
    m: Map,
    power: str,
    order: Excommunicate | Crusade,
    note: Note,
    out: Collection[str] | None = None,
) -> None:
    """Issue ``power``'s order now (Phase A or Phase C of ``state.turn``), or report why it
    fails: used already, or an eliminated issuer (``out``: see :func:`_is_out`)."""
    kind = kind_of(order)
    if power in state.excommunications:
        note(
            "expense_failed",
            RULE,
            f"{subject(power, 'has')} used {its(power)} {kind.event} already.",
        )
        return
    if _is_out(state, m, power, out):
        note(
            "expense_failed",
            RULE,
            f"{subject(power, 'is')} eliminated: {its(power)} {kind.event} is void.",
        )
        return
    state.excommunications.append(power)
    # Phase A: to the end of this season's Phase C; Phase C: to the end of the next one's
    last = state.turn if state.step == "adjust" else state.turn + 1
    _record(state, kind)[order.power] = last
    note(kind.event, RULE, f"{name(power)} {kind.verb} {name(order.power)}.", target=order.power)


def cut_off(state: RenaissanceState) -> set[str]:
    """The powers that may neither pay nor be paid this season."""
    return {
        target
        for kind in KINDS
        for target, last in _record(state, kind).items()
        if last >= state.turn
    }


def expire(state: RenaissanceState, m: Map, note: Note, out: Collection[str] | None = None) -> None:
    """End the orders of an eliminated issuer (``out``: see :func:`_is_out`) and those
    whose time is over."""
    for kind in KINDS:
        record = _record(state, kind)
        if not record:
            continue
        if _is_out(state, m, kind.issuer, out):
            for target in sorted(record):
                note(
                    f"{kind.event}_ends",
                    RULE,
                    f"{subject(kind.issuer, 'is')} eliminated: the {kind.event} of"
                    f" {name(target)} expires.",
                    target=target,
                )
            record.clear()
            continue
        for target in [t for t, last in record.items() if last < state.turn]:
            del record[target]
