"""Victory points scored during play (11.0): eliminations and looting.

Scoring turns (zones, cities, regions) come with the rest of section 11.
"""

from __future__ import annotations

import math

from italia_kit.core import Context
from italia_kit.games.italia.scenarios import Nation
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

#: a victim as a card's VP rules see it: type, nation, leader's name, whether it attacked
#: the scorer
_Victim = tuple[UnitType, str, str | None, bool]
#: id(nation card) -> (the card, the VP it pays by victim): each elimination asks, and a
#: card pays the same for the same victim, so its rules are read once per kind of victim
_VP_TABLES: dict[int, tuple[Nation, dict[_Victim, float]]] = {}
#: each unit type as the cards and events spell it (an enum's ``value`` is a property)
_TYPE_NAME = {t: t.value for t in UnitType}


def elimination_points(world: World, scorer: str, victim: Unit, *, attacked_scorer: bool) -> float:
    """VP ``scorer`` earns for eliminating ``victim`` (11.0, the nation's card).

    A nation does not score for units that attacked it unless its card says so (11.0).
    """
    card = world.nation(scorer)
    known = _VP_TABLES.get(id(card))
    if known is None or known[0] is not card:
        known = _VP_TABLES[id(card)] = (card, {})
    key = (victim.type, victim.nation, victim.name, attacked_scorer)
    points = known[1].get(key)
    if points is None:
        points = known[1][key] = _card_points(card, key)
    return points


def _card_points(card: Nation, victim: _Victim) -> float:
    """:func:`elimination_points` read from the card's rules: the first that matches."""
    unit, nation, name, attacked_scorer = victim
    for rule in card.elimination_vp:
        if rule.matches(_TYPE_NAME[unit], nation, name):
            if attacked_scorer and not rule.own_attackers_count:
                return 0.0
            return rule.points
    return 0.0


def subject_half(points: float) -> float:
    """12.5.2: half of ``points``, rounded up (to a whole point)."""
    return float(math.ceil(points / 2 - 1e-9))


def score(ctx: Context[ItaliaState], nation: str, points: float, rule: str, why: str) -> None:
    if not points:
        return
    state = ctx.state
    master = state.masters.get(nation)
    if master:
        # 12.5.2: a subjugated nation receives half its points, rounded up; the half is
        # taken of all it has earned as a subject, not of each event (so the rounding
        # gains it half a point at most, once): what this event adds is the rise of that
        # half
        before = state.subject_vp.get(nation, 0.0)
        after = state.subject_vp[nation] = before + points
        earned = points
        points = subject_half(after) - subject_half(before)
        why += (
            f": {earned:g} VP, halved as subjects of the {master} (12.5.2: half of the "
            f"{after:g} VP earned as subjects, rounded up, is {subject_half(after):g})"
        )
    state.vp[nation] = state.vp.get(nation, 0.0) + points
    ctx.emit(
        "victory_points",
        rule,
        f"{rule}: the {nation} score {points:g} VP for {why} ({state.vp[nation]:g} in all).",
        nation=nation,
        points=points,
    )


def eliminate(
    ctx: Context[ItaliaState],
    world: World,
    unit: Unit,
    *,
    by: str | None,
    rule: str,
    why: str,
    attacked_scorer: bool = False,
) -> None:
    """Remove a unit from play; a sunk fleet takes its cargo with it (10.8, 11.0)."""
    state = ctx.state
    label = world.rulebook.unit_words(unit)  # "Romans infantry #3", or a variant's words
    if unit.is_fleet:  # only fleets carry units (9.6)
        for cargo in state.cargo(unit.id):
            eliminate(
                ctx,
                world,
                cargo,
                by=by,
                rule="10.8",
                why=f"it went down with {label}",
                attacked_scorer=attacked_scorer,
            )
    state.remove_unit(unit)
    state.moves.pop(unit.id, None)
    ctx.emit(
        "eliminated",
        rule,
        f"{rule}: {label} is eliminated: {why}.",
        unit=unit.id,
        nation=unit.nation,
        type=_TYPE_NAME[unit.type],
        zone=unit.zone,
        by=by,
    )
    if by is not None and by != unit.nation:
        # what the eliminating nation scores is its rulebook's (a variant's awards for
        # kills); every elimination of the rules comes through here, whatever the battle
        world.rulebook.score_elimination(ctx, world, unit, by, attacked_scorer=attacked_scorer)


def score_elimination(
    ctx: Context[ItaliaState], world: World, unit: Unit, by: str, *, attacked_scorer: bool
) -> None:
    """11.0: ``by`` scores its card's points for eliminating ``unit`` (none for a unit
    that attacked it unless the card says so); Italia's answer to
    ``Rulebook.score_elimination``."""
    points = elimination_points(world, by, unit, attacked_scorer=attacked_scorer)
    if points:  # nothing scored, nothing said (:func:`score`)
        score(ctx, by, points, "11.0", f"eliminating {unit.label()}")
