"""Positions of Medieval Italia built by hand, for tutorial authors, tests and the lesson:
armies and leaders in given areas, on the Italia engine (Italia's
:class:`~italia_kit.games.italia.tutorial.Position` on the medieval board, under
:class:`~.rulebook.MedievalRulebook`).

:func:`position` gives a game at the start of a power's movement phase, :func:`at_nation_turn`
one at the start of its nation-turn (its population increase, minima and arrivals happen as
the game is made, S23-S27), and :func:`builder` the Italia ``Position`` itself for anything
more (cities have no use here; ``put``, ``major_invasion`` and the questions it answers).
Every bad input is refused before anything changes, naming the field or the rule.

>>> game = position({"Lombards": {"Friuli": 3}, "Byzantines": {"Istria": 1}}, active="Lombards")
>>> game.decision.kind, game.state.stack_count("Friuli", "Lombards")
('move', 3)
>>> position({"Lombards": {"Atlantis": 1}}, active="Lombards")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
italia_kit.core.errors.InvalidActionError: field 'zone': unknown zone 'Atlantis'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from italia_kit.core import IllegalActionError, InvalidActionError
from italia_kit.games.italia.placement import add_unit_at
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import Unit
from italia_kit.games.italia.tutorial import Position
from italia_kit.games.italia.units import UnitType
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import MedievalRulebook

__all__ = ["at_nation_turn", "builder", "position", "put_armies"]


@cache
def _default() -> tuple[MedievalRulebook, ItaliaScenario]:
    """The shipped scenario's rulebook and Italia card, made once a process."""
    rulebook = MedievalRulebook()
    return rulebook, italia_scenario(rulebook.medieval)


def builder(
    power: str, *, turn: int = 1, phase: str = "movement", rulebook: MedievalRulebook | None = None
) -> Position:
    """An empty Italia ``Position`` of Medieval Italia where ``power`` is to play ``phase``
    (an Italia phase name: ``income`` is the start of its nation-turn, ``movement`` its
    movement) on ``turn``; ``rulebook`` a what-if's (the shipped scenario's by default)."""
    if rulebook is None:
        rulebook, card = _default()
    else:
        card = italia_scenario(rulebook.medieval)
    return Position(
        card, nation=power, turn=turn, phase=phase, rulebook=rulebook, board=medieval_board()
    )


def put_armies(pos: Position, power: str, zone: str, count: int = 1) -> list[int]:
    """Put ``count`` armies of ``power`` in ``zone``; return their ids. At sea they sail
    in their own boats (S7), so only on a turn the power has them (S8: refused under the
    rule text's boats otherwise); on land as Italia's ``Position.put``.

    >>> pos = builder("Lombards")
    >>> put_armies(pos, "Lombards", "Adriatic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    italia_kit.core.errors.IllegalActionError: rule rule text: boats: the Lombards have no boats ...
    """
    world = pos.world
    if not world.is_sea(pos._zone(zone)):
        return pos.put(power, "infantry", zone, count)
    who, where = pos._nation(power), pos._zone(zone)
    pos._count(count)
    pos._counters(who, UnitType.INFANTRY, count)
    piece = Unit(0, who, UnitType.INFANTRY, where, arrived=pos.state.turn)
    if not world.rulebook.sails_alone(world, pos.state, piece):
        raise IllegalActionError(*world.rulebook.sea_refusal(world, pos.state, piece))
    before = pos.state.next_id
    for _ in range(count):
        add_unit_at(world, pos.state, who, UnitType.INFANTRY, where)
    return list(range(before, pos.state.next_id))


def _put_armies(pos: Position, armies: Mapping[str, Mapping[str, int]]) -> dict[str, list[int]]:
    """Put ``armies`` (power -> area -> count) in; return the new ids by power."""
    out: dict[str, list[int]] = {}
    for power, zones in armies.items():
        for zone, count in zones.items():
            out.setdefault(power, []).extend(put_armies(pos, power, zone, count))
    return out


def position(
    armies: Mapping[str, Mapping[str, int]],
    *,
    active: str,
    turn: int = 1,
    leaders: Sequence[tuple[str, str, str]] = (),
    superior: Sequence[str] = (),
    appeared: Sequence[tuple[str, str]] = (),
    submissions: Sequence[tuple[str, str, bool, bool]] = (),
    major: bool = False,
    seed: int = 0,
    rulebook: MedievalRulebook | None = None,
) -> ItaliaGame:
    """A game on ``turn`` where the ``active`` power is about to move.

    ``armies``: power -> area -> number of armies; ``leaders``: (power, area, name);
    ``superior``: powers whose armies are superior (M-A turn 1, S10); ``appeared``: (power,
    area) whose armies there appeared this nation-turn (S28, S29); ``submissions``:
    (submitter, receiver, submitter has scored, receiver has scored), S19-S22; ``major``:
    the power is on its major invasion (Italia's 12.2, refused on a turn its chart entry
    gives none).

    >>> game = position({"Franks": {"Turin": 2}}, active="Franks", turn=2, major=True,
    ...                 leaders=[("Franks", "Turin", "Pepin")])
    >>> game.state.major, [u.name for u in game.state.units_in("Turin") if u.is_leader]
    (True, ['Pepin'])
    """
    pos = builder(active, turn=turn, phase="movement", rulebook=rulebook)
    medieval = rulebook if rulebook is not None else _default()[0]
    for field, names in (
        ("superior", list(superior)),
        ("appeared", [p for p, _ in appeared]),
        ("submissions", [p for s in submissions for p in s[:2]]),
    ):
        for name in names:
            if medieval.power(name) is None:
                raise InvalidActionError(f"field {field!r}: no power {name!r}")
    ids = _put_armies(pos, armies)
    for power, zone, name in leaders:
        pos.put(power, "leader", zone, name=name)
    for power in superior:
        for unit_id in ids.get(power, ()):
            pos.state.units[unit_id].extras = {"superior": True}
    for power, zone in appeared:
        for unit_id in ids.get(power, ()):
            unit = pos.state.units[unit_id]
            if unit.zone == zone:
                unit.extras = {**(unit.extras or {}), "appeared": True}
    if submissions:
        pos.state.extras["submissions"] = [
            {"submitter": s, "receiver": r, "submitter_scored": sd, "receiver_scored": rd}
            for s, r, sd, rd in submissions
        ]
    if major:
        pos.major_invasion()
    return pos.game(seed=seed)


def at_nation_turn(
    armies: Mapping[str, Mapping[str, int]],
    *,
    power: str,
    turn: int,
    seed: int = 0,
    rulebook: MedievalRulebook | None = None,
) -> ItaliaGame:
    """A game at the start of ``power``'s nation-turn on ``turn`` (its population
    increase, minima and arrivals happen as the game is made), with ``armies`` on the
    board.

    >>> game = at_nation_turn({}, power="Florentines", turn=2)
    >>> game.decision.kind, [a.zone for a in game.legal_actions()]
    ('place', ['Florence', 'Pisa', 'Siena'])
    """
    pos = builder(power, turn=turn, phase="income", rulebook=rulebook)
    _put_armies(pos, armies)
    return pos.game(seed=seed)
