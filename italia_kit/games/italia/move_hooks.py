"""The movement rules a variant of the Italia engine may change, as the move check
(:mod:`.movement`) and the move list (:mod:`.move_list`) ask them: units held in place
(``Rulebook.may_leave``), land units sailing alone (``sails_alone``), enemy zones that do
not stop units (``enemies_stop``) and pairs of nations that may neither attack nor pass
each other (``restricted``). With Italia's rulebook none of these is asked (each hook has
its ``fixed_*`` answer): 9.0, 9.5, 9.6 and 12.5.2 apply as the rule modules state them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from operator import attrgetter

from italia_kit.core import Action, IllegalActionError
from italia_kit.games.italia.actions import Move
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

#: a unit's id, the order the move list gives units in
_unit_id = attrgetter("id")


def check_leaving(world: World, state: ItaliaState, units: list[Unit]) -> None:
    """A variant's hold on units in place (:meth:`~.rulebook.Rulebook.may_leave`): refused
    with the variant's rule; Italia holds none, and is not asked."""
    rulebook = world.rulebook
    if rulebook.fixed_leaving():
        return
    for u in units:
        if not rulebook.may_leave(world, state, u):
            raise IllegalActionError(*rulebook.leave_refusal(world, state, u))


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


def relations(world: World, state: ItaliaState, nation: str) -> tuple[set[str], set[str]]:
    """The nations ``nation`` may move through without attacking, and those it may neither
    attack nor move through, by the rulebook's :meth:`~.rulebook.Rulebook.restricted`."""
    allies: set[str] = set()
    walls: set[str] = set()
    for other in {u.nation for u in state.units.values()} - {nation}:
        no_attack, through = world.rulebook.restricted(world, state, nation, other)
        if no_attack and through:
            allies.add(other)
        elif no_attack:
            walls.add(other)
    return allies, walls


def sailings(
    world: World,
    state: ItaliaState,
    nation: str,
    own: Sequence[Unit] | None = None,
    held: Collection[int] = (),
) -> list[Action]:
    """A variant's one-step moves of land units sailing alone (its boats,
    :meth:`~.rulebook.Rulebook.sails_alone`): from a coast into a sea beside it, or from a
    sea into the next, each unit alone, within its allowance at the rulebook's step cost.
    (Its steps from a sea onto a coast are listed with its other land steps.)

    ``own``: the nation's pieces in id order, if the caller has them (the move list's
    :class:`~.move_list.Sides`); ``held``: ids of units held in place
    (:meth:`~.rulebook.Rulebook.held_in_place`), left out. Only a unit beside a sea is
    asked whether it sails; the moves are made once per world."""
    rulebook = world.rulebook
    cache = world.action_cache  # actions are values: each is made once per world, reused
    moves = state.moves
    out: list[Action] = []
    for u in own if own is not None else sorted(state.units_of(nation), key=_unit_id):
        if u.carrier is not None or u.type is UnitType.FLEET:
            continue
        zone = u.zone
        seas = world.sea_exits(zone)
        if not seas or u.id in held:
            continue  # no sea beside it: nothing to ask
        rec = moves.get(u.id)
        if rec is not None and rec.stopped:
            continue
        if not rulebook.sails_alone(world, state, u):
            continue
        used = rec.steps if rec is not None else 0
        limit = rulebook.movement_allowance(state, u, None)
        for sea in seas:
            if used + rulebook.step_cost(world, state, u, zone, sea) <= limit:
                key = ("move", nation, (u.id,), zone, sea)
                if (action := cache.get(key)) is None:
                    action = cache[key] = Move(nation, (u.id,), (zone, sea))
                out.append(action)
    return out
