"""The movement rules a variant of the Italia engine may change, as the move check
(:mod:`.movement`) and the move list (:mod:`.move_list`) ask them: units held in place
(``Rulebook.may_leave``), land units sailing alone (``sails_alone``), enemy zones that do
not stop units (``enemies_stop``) and pairs of nations that may neither attack nor pass
each other (``restricted``). With Italia's rulebook none of these is asked (each hook has
its ``fixed_*`` answer): 9.0, 9.5, 9.6 and 12.5.2 apply as the rule modules state them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from operator import attrgetter

from italia_kit.core import Action, IllegalActionError
from italia_kit.games.italia.actions import Move
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

#: a unit's id, the order the move list gives units in
_unit_id = attrgetter("id")


def check_leaving(world: World, state: ItaliaState, units: list[Unit]) -> None:
    """A variant's hold on units in place (:meth:`~.rulebook.Rulebook.may_leave`, and for
    a group :meth:`~.rulebook.Rulebook.leave_together`): refused with the variant's rule;
    Italia holds none, and is not asked."""
    rulebook = world.rulebook
    if rulebook.fixed_leaving():
        return
    for u in units:
        if not rulebook.may_leave(world, state, u):
            raise IllegalActionError(*rulebook.leave_refusal(world, state, u))
    if len(units) > 1 and not rulebook.fixed_group_leaving():
        refusal = rulebook.leave_together(world, state, units)
        if refusal is not None:
            raise IllegalActionError(*refusal)


def check_sailing(world: World, state: ItaliaState, units: list[Unit], sea: str) -> None:
    """9.5: land units enter the sea only aboard a fleet, unless the rulebook lets them
    sail by themselves (:meth:`~.rulebook.Rulebook.sails_alone`, a variant's boats)."""
    rulebook = world.rulebook
    if rulebook.fixed_sailing():
        raise IllegalActionError("9.5", f"land units enter the sea only aboard a fleet ({sea})")
    for u in units:
        if not rulebook.sails_alone(world, state, u):
            rule, reason = rulebook.sea_refusal(world, state, u)
            raise IllegalActionError(rule, f"{reason} ({u.label()}, {sea})")


def enemies_stop(world: World, state: ItaliaState, nation: str, zone: str) -> bool:
    """9.0: units entering a zone of enemies (not invaded, 9.3) stop there, unless the
    rulebook says otherwise (:meth:`~.rulebook.Rulebook.enemies_stop`)."""
    rulebook = world.rulebook
    return rulebook.fixed_enemy_stops() or rulebook.enemies_stop(world, state, nation, zone)


def walled_by(world: World, state: ItaliaState, nation: str, zone: str) -> str | None:
    """A nation with pieces ashore in ``zone`` that ``nation`` may neither attack nor move
    through (a variant's :meth:`~.rulebook.Rulebook.restricted`), or None."""
    for u in world.occupants(state, zone, nation):
        no_attack, through = world.rulebook.restricted(world, state, nation, u.nation)
        if no_attack and not through:
            return u.nation
    return None


def relations(
    world: World, state: ItaliaState, nation: str, among: Collection[str] | None = None
) -> tuple[set[str], set[str]]:
    """The nations ``nation`` may move through without attacking, and those it may neither
    attack nor move through, among the nations with pieces on the board (or ``among``,
    if the caller knows which it needs), by the rulebook's
    :meth:`~.rulebook.Rulebook.relations` (:meth:`~.rulebook.Rulebook.restricted`)."""
    others = set(among) if among is not None else {u.nation for u in state.units.values()}
    others.discard(nation)
    return world.rulebook.relations(world, state, nation, others)


def sailings(
    world: World,
    state: ItaliaState,
    nation: str,
    own: Sequence[Unit] | None = None,
    held: Collection[int] = (),
    costs: Mapping[str, int] | None = None,
) -> list[Action]:
    """A variant's one-step moves of land units sailing alone (its boats,
    :meth:`~.rulebook.Rulebook.sails_alone`): from a coast into a sea beside it, or from a
    sea into the next, each unit alone, within its allowance at the rulebook's step cost.
    (Its steps from a sea onto a coast are listed with its other land steps.)

    ``own``: the nation's pieces in id order, if the caller has them (the move list's
    :class:`~.move_sides.Sides`); ``held``: ids of units held in place
    (:meth:`~.rulebook.Rulebook.held_in_place`), left out; ``costs``: as
    :func:`unit_sailings`. The move list keeps each piece's :func:`unit_sailings` from one
    list to the next instead, made again for the pieces that moved."""
    out: list[Action] = []
    for u in own if own is not None else sorted(state.units_of(nation), key=_unit_id):
        if u.id not in held:
            out += unit_sailings(world, state, nation, u, costs)
    return out


def unit_sailings(
    world: World,
    state: ItaliaState,
    nation: str,
    unit: Unit,
    costs: Mapping[str, int] | None = None,
) -> tuple[Action, ...]:
    """One piece's :func:`sailings`: none for a fleet, a unit aboard or stopped, or one
    beside no sea (only a unit beside a sea is asked whether it sails); ``costs``: the
    rulebook's step costs by zone for the phase (:meth:`~.rulebook.Rulebook.step_costs`),
    if it gives them, else :meth:`~.rulebook.Rulebook.step_cost` is asked. The moves are
    made once per world."""
    if unit.carrier is not None or unit.type is UnitType.FLEET:
        return ()
    zone = unit.zone
    seas = world.sea_exits(zone)
    if not seas:
        return ()  # no sea beside it: nothing to ask
    rec = state.moves.get(unit.id)
    if rec is not None and rec.stopped:
        return ()
    rulebook = world.rulebook
    if not rulebook.sails_alone(world, state, unit):
        return ()
    used = rec.steps if rec is not None else 0
    limit = rulebook.movement_allowance(state, unit, None)
    cache = world.action_cache  # actions are values: each is made once per world, reused
    out: list[Action] = []
    for sea in seas:
        cost = rulebook.step_cost(world, state, unit, zone, sea) if costs is None else costs[sea]
        if used + cost <= limit:
            key = ("move", nation, (unit.id,), zone, sea)
            if (action := cache.get(key)) is None:
                action = cache[key] = Move(nation, (unit.id,), (zone, sea))
            out.append(action)
    return tuple(out)
