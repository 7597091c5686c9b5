"""The override points that let a variant answer the move list faster (issue 19's
benchmark: Medieval Italia on the Italia engine at no less than half Italia I's rate), each
with Italia's rule as its default; the medieval variant's faster answers are held equal to
the slow ones, and its lists to the move check, at every movement decision of whole
random games."""

from __future__ import annotations

import random

import pytest

from italia_kit.games.italia import Move, Position, World
from italia_kit.games.italia.move_hooks import sailings
from italia_kit.games.italia.move_list import _listed
from italia_kit.games.italia.move_sides import Sides
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.medieval.rulebook import new_game

from .test_italia_rulebook_hooks import checked_steps


class Rooted(Rulebook):
    """A test variant: units in Samnium may not leave it (a medieval "appeared" unit)."""

    def may_leave(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        return unit.zone != "Samnium"


def samnites(rulebook: Rulebook | None) -> tuple[ItaliaGame, int, int]:
    pos = Position("italia1", nation="Samnites", phase="movement", rulebook=rulebook)
    (rooted,) = pos.put("Samnites", "infantry", "Samnium")
    (free,) = pos.put("Samnites", "infantry", "Neapolis")
    return pos.game(), rooted, free


def test_held_in_place_default_is_may_leave_asked_of_each_unit() -> None:
    """Italia holds no unit (9.0: only its stops do); a variant overriding only
    ``may_leave`` gets the units it refuses, and the list leaves out just their moves."""
    italia, rooted, free = samnites(None)
    world, state = italia.rules.world, italia.state
    units = list(state.units_of("Samnites"))
    assert world.rulebook.held_in_place(world, state, "Samnites", units) == set()
    game, rooted, free = samnites(Rooted())
    world, state = game.rules.world, game.state
    units = list(state.units_of("Samnites"))
    assert world.rulebook.held_in_place(world, state, "Samnites", units) == {rooted}
    moved = {u for a in game.legal_actions() if isinstance(a, Move) for u in a.units}
    assert rooted not in moved and free in moved
    assert [a for a in italia.legal_actions() if isinstance(a, Move) and free in a.units] == [
        a for a in game.legal_actions() if isinstance(a, Move) and free in a.units
    ]


@pytest.mark.parametrize("seed", [0, 1])
def test_the_medieval_move_list_is_its_slow_reading_over_a_random_game(seed: int) -> None:
    """At every movement decision of a whole random game on the Italia engine: the
    variant's ``held_in_place`` (S28, S30 asked only where enemies stand) is
    ``may_leave`` asked of every unit, its ``relations`` (S21, S22, the chart's turn-1
    entries, read once) ``restricted`` asked of every other power; the list made again
    after a move, with the held units' parts left out, is the list made whole and
    filtered action by action; and its steps of units alone are those the move check
    accepts (S2-S8: points, mountains, boats, the boxes)."""
    game = new_game(seed=seed)
    world = game.rules.world
    rulebook = world.rulebook
    rng = random.Random(seed)
    seen = {"decisions": 0, "held": 0, "sailing": 0, "relations": 0, "groups held": 0}
    while not game.is_over:
        actions = game.legal_actions()
        state = game.state
        if state.phase_name == "movement" and rulebook.own_decision(world, state) is None:
            nation = state.actor
            units = sorted(state.units_of(nation), key=lambda u: u.id)
            sides = state.listing
            assert isinstance(sides, Sides)
            held = rulebook.held_in_place(world, state, nation, units, sides.foes)
            assert held == rulebook.held_in_place(world, state, nation, units)
            # the move list's answer, asked again only where pieces moved (holds_by_zone)
            assert sides.held == held
            assert held == Rulebook.held_in_place(rulebook, world, state, nation, units)
            others = {u.nation for u in state.units.values()} - {nation}
            relations = rulebook.relations(world, state, nation, others)
            assert relations == Rulebook.relations(rulebook, world, state, nation, others)
            seen["relations"] += bool(relations[0] or relations[1])
            sides.parts = None  # made whole
            whole = _listed(world, state, nation, sides)
            # without the held units' parts and the groups' moves S30 holds (leave_together)
            assert actions[:-1] == [
                a
                for a in whole
                if held.isdisjoint(getattr(a, "units", ()))
                and not (
                    isinstance(a, Move)
                    and len(a.units) > 1
                    and rulebook.leave_together(world, state, [state.units[i] for i in a.units])
                )
            ]
            groups_held = sum(
                1
                for a in whole
                if isinstance(a, Move)
                and len(a.units) > 1
                and rulebook.leave_together(world, state, [state.units[i] for i in a.units])
            )
            seen["groups held"] += bool(groups_held)
            # the boats' moves, kept piece by piece, last: those sailings asks afresh
            sailing = sailings(world, state, nation, held=held)
            assert actions[len(actions) - 1 - len(sailing) : -1] == sailing
            alone = [a for a in actions if isinstance(a, Move) and len(a.units) == 1]
            expected = checked_steps(game)
            assert sorted(map(repr, alone)) == sorted(map(repr, expected))
            seen["decisions"] += 1
            seen["held"] += bool(held)
            seen["sailing"] += any(world.is_sea(a.path[-1]) for a in alone)
        game.apply(rng.choice(actions))
    assert seen["decisions"] > 500 and seen["held"] > 50 and seen["sailing"] > 20, seen
    assert seen["relations"] > 10 and seen["groups held"] > 0, seen


class Walled(Rulebook):
    """A test variant: the Samnites may not attack the Etruscans and may pass through
    them; they may neither attack nor pass the Romans (a medieval submission, the chart)."""

    def restricted(
        self, world: World, state: ItaliaState, nation: str, other: str
    ) -> tuple[bool, bool]:
        if nation == "Samnites" and other in ("Etruscans", "Romans"):
            return True, other == "Etruscans"
        return False, False


def test_relations_default_is_restricted_asked_of_each_nation() -> None:
    """12.5.2's pairs for Italia (``restricted``'s default: master and subject); a variant
    overriding ``restricted`` alone gets its allies and walls from it, among the nations
    asked about only."""
    italia, walled = World("italia1"), World("italia1", rulebook=Walled())
    state = samnites(None)[0].state
    others = {"Etruscans", "Romans", "Greeks"}
    assert italia.rulebook.relations(italia, state, "Samnites", others) == (set(), set())
    rules = walled.rulebook
    assert rules.relations(walled, state, "Samnites", others) == ({"Etruscans"}, {"Romans"})
    assert rules.relations(walled, state, "Samnites", {"Greeks"}) == (set(), set())


def test_step_costs_default_is_none_and_the_medieval_table_is_its_step_cost() -> None:
    """Italia gives no table (9.0: one a zone, counted without asking); the medieval
    variant's table is its ``step_cost`` of every step on its board, whoever steps from
    wherever (S3: +1 for a mountain, S7: two for a sea, the boxes never entered)."""
    italia = samnites(None)[0]
    world = italia.rules.world
    assert world.rulebook.step_costs(world, italia.state, "Samnites") is None
    game = new_game(seed=3)
    world, state = game.rules.world, game.state
    rulebook = world.rulebook
    costs = rulebook.step_costs(world, state, state.actor)
    assert costs is not None
    steps = 0
    for unit in list(state.units.values())[:5]:
        for frm in costs:
            for to in world.neighbours(frm):
                assert rulebook.step_cost(world, state, unit, frm, to) == costs[to], (frm, to)
                steps += 1
    assert steps > 300 and {costs[z] for z in costs} == {1, 2, 99}


def test_italia_holds_no_group_in_place() -> None:
    """Rulebook.leave_together: Italia's rule holds no group (None; the move list and the
    move check do not ask it), and a variant that overrides it is asked."""
    from italia_kit.games.italia.rulebook import Rulebook

    class HoldsPairs(Rulebook):
        def leave_together(self, world, state, units):  # type: ignore[no-untyped-def]
            return ("test", "no two together")

    assert Rulebook().fixed_group_leaving()
    assert Rulebook().leave_together(None, None, []) is None  # type: ignore[arg-type]
    assert not HoldsPairs().fixed_group_leaving()
