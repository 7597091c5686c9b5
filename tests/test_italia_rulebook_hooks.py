"""The movement override points issue 19's medieval variant needs, cut into the Italia
engine (the others are in ``test_italia_rulebook_hooks_b.py``): each test variant overrides
one hook and the engine obeys it everywhere it applies (the move list and the move check
alike), while Italia's rulebook keeps Italia's rules (the golden playthroughs and
``bench/event_hash.py`` are unchanged)."""

from __future__ import annotations

import pytest

from italia_kit.core import Context
from italia_kit.games.italia import Move, Position, World
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit

from .italia_helpers import refused


def moves_of(game: ItaliaGame, unit: int) -> list[Move]:
    return [a for a in game.legal_actions() if isinstance(a, Move) and unit in a.units]


# -- may_leave -------------------------------------------------------------------------------
class Rooted(Rulebook):
    """A test variant: units in Samnium may not leave it (a medieval "appeared" unit)."""

    def may_leave(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        return unit.zone != "Samnium"

    def leave_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return ("rooted 1", f"{unit.label()} is rooted in Samnium")


def samnites_in(zone: str, rulebook: Rulebook | None) -> tuple[ItaliaGame, int]:
    pos = Position("italia1", nation="Samnites", phase="movement", rulebook=rulebook)
    (unit,) = pos.put("Samnites", "infantry", zone)
    return pos.game(), unit


def test_may_leave_a_variant_holds_units_in_place_in_the_list_and_the_check() -> None:
    """Italia lists and allows a step out of Samnium (9.0); the variant lists none and
    refuses it under its own rule, changing nothing; elsewhere it is Italia."""
    italia, unit = samnites_in("Samnium", None)
    assert moves_of(italia, unit)
    rooted, unit = samnites_in("Samnium", Rooted())
    assert not moves_of(rooted, unit)
    step = Move("Samnites", (unit,), ("Samnium", "Apulia"))
    refused(rooted, lambda: rooted.apply(step), "rooted 1", "rooted in Samnium")
    free, unit = samnites_in("Neapolis", Rooted())
    assert moves_of(free, unit) == moves_of(samnites_in("Neapolis", None)[0], unit)


# -- stops_on_entering, with movement points ----------------------------------------------------
class PointsAndPasses(Rulebook):
    """A test variant after medieval Italia's S2-S4: three movement points, +1 to enter a
    mountain, and no stop there (9.0: two zones, a mountain stops units without a leader)."""

    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        return 3

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        return 2 if world.is_mountain(to) else 1

    def stops_on_entering(
        self, world: World, state: ItaliaState, nation: str, zone: str, leader: int | None
    ) -> tuple[str, str] | None:
        return None


def test_stops_on_entering_a_variants_units_cross_a_mountain_on_points() -> None:
    """Italia's Samnites stop in Samnium (9.0); the variant's spend two of three points
    there, go on to Apulia for the third, then have none left; one path through the
    mountain is accepted by the check as well."""
    italia, unit = samnites_in("Neapolis", None)
    italia.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium")))
    assert italia.state.moves[unit].stopped and not moves_of(italia, unit)
    assert "they stop: Samnium is a mountain zone (9.0)" in italia.log.of_kind("move")[-1].text
    variant, unit = samnites_in("Neapolis", PointsAndPasses())
    variant.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium")))
    assert not variant.state.moves[unit].stopped and variant.state.moves[unit].steps == 2
    on = Move("Samnites", (unit,), ("Samnium", "Apulia"))
    assert on in variant.legal_actions()
    variant.apply(on)
    assert variant.state.moves[unit].steps == 3 and not moves_of(variant, unit)
    again, unit = samnites_in("Neapolis", PointsAndPasses())
    again.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium", "Apulia")))
    assert again.state.units[unit].zone == "Apulia"
    refused_at_four, unit = samnites_in("Neapolis", PointsAndPasses())
    too_far = Move("Samnites", (unit,), ("Neapolis", "Samnium", "Apulia", "Calabria"))
    refused(refused_at_four, lambda: refused_at_four.apply(too_far), "9.0", "asks 4")


# -- sails_alone --------------------------------------------------------------------------------
class SamniteBoats(Rulebook):
    """A test variant: the Samnites' infantry sail alone, two zones of allowance a sea step
    (medieval Italia's boats); other nations' land units go to sea only aboard fleets,
    refused under the variant's rule."""

    def sails_alone(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        return unit.nation == "Samnites"

    def sea_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return ("boats 1", f"the {unit.nation} have no boats")

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        return 2 if world.is_sea(to) else 1

    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        return 3


def test_sails_alone_boats_are_listed_and_checked_at_the_rulebooks_cost() -> None:
    """9.5 refuses the Samnites' step into the Tyrrhenian Sea; the variant lists it, takes
    it for two of its three points, then lists the step back ashore (one point) and no
    second sea step (two more)."""
    to_sea = Move("Samnites", (1,), ("Neapolis", "Mare Tyrrhenum"))
    italia, unit = samnites_in("Neapolis", None)
    assert unit == 1 and to_sea not in italia.legal_actions()
    refused(italia, lambda: italia.apply(to_sea), "9.5")
    boats, unit = samnites_in("Neapolis", SamniteBoats())
    assert to_sea in boats.legal_actions()
    boats.apply(to_sea)
    assert boats.state.units[unit].zone == "Mare Tyrrhenum" and boats.state.moves[unit].steps == 2
    listed = {a.path[-1] for a in moves_of(boats, unit)}
    assert "Lucania" in listed and not listed & set(boats.rules.world.sea_exits("Mare Tyrrhenum"))
    boats.apply(Move("Samnites", (unit,), ("Mare Tyrrhenum", "Lucania")))
    assert boats.state.units[unit].zone == "Lucania"


def test_sails_alone_a_nation_without_boats_is_refused_under_the_variants_rule() -> None:
    pos = Position("italia1", nation="Romans", phase="movement", rulebook=SamniteBoats())
    (unit,) = pos.put("Romans", "legion", "Neapolis")
    game = pos.game()
    step = Move("Romans", (unit,), ("Neapolis", "Mare Tyrrhenum"))
    assert step not in game.legal_actions()
    refused(game, lambda: game.apply(step), "boats 1", "have no boats")


# -- enemies_stop, with may_leave: Britannia's overrun ------------------------------------------
class Overrun(Rulebook):
    """A test variant after medieval Italia's S30: units entering an enemy zone do not stop
    (9.0: they do), and a unit may leave a zone where enemies stand only while twice their
    number of its own stay behind."""

    def enemies_stop(self, world: World, state: ItaliaState, nation: str, zone: str) -> bool:
        return False

    def may_leave(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        enemies = len(world.occupants(state, unit.zone, unit.nation))
        staying = state.stack_count(unit.zone, unit.nation) - 1
        return not enemies or staying >= 2 * enemies

    def leave_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return ("overrun 1", "fewer than twice the enemy would stay")


def test_enemies_stop_a_variants_overrun_goes_on_while_two_to_one_stays() -> None:
    """Three Carthaginian infantry enter Apulia, held by one Samnite: Italia's stop there
    (9.0); the variant's one may go on to Samnium (two stay against one), then no other."""
    for rulebook in (None, Overrun()):
        pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
        troops = tuple(pos.put("Carthaginians", "infantry", "Lucania", 3))
        pos.put("Samnites", "infantry", "Apulia")
        game = pos.game()
        game.apply(Move("Carthaginians", troops, ("Lucania", "Apulia")))
        first = troops[0]
        on = Move("Carthaginians", (first,), ("Apulia", "Samnium"))
        if rulebook is None:
            assert game.state.moves[first].stopped and not moves_of(game, first)
            continue
        assert not game.state.moves[first].stopped and on in game.legal_actions()
        game.apply(on)
        second = Move("Carthaginians", (troops[1],), ("Apulia", "Samnium"))
        assert not moves_of(game, troops[1])
        refused(game, lambda g=game, m=second: g.apply(m), "overrun 1")


# -- restricted --------------------------------------------------------------------------------
class Truce(Rulebook):
    """A test variant: the Carthaginians may not attack the Samnites; ``through`` says
    whether they may pass through the Samnites' zones."""

    def __init__(self, through: bool) -> None:
        self.through = through

    def restricted(
        self, world: World, state: ItaliaState, nation: str, other: str
    ) -> tuple[bool, bool]:
        if {nation, other} == {"Carthaginians", "Samnites"}:
            return True, self.through
        return super().restricted(world, state, nation, other)


def carthaginians_beside_samnites(rulebook: Rulebook | None) -> tuple[ItaliaGame, int]:
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    (unit,) = pos.put("Carthaginians", "infantry", "Lucania")
    pos.put("Samnites", "infantry", "Apulia")
    return pos.game(), unit


def test_restricted_no_attack_and_no_passage_closes_the_zone() -> None:
    """9.0: Italia's Carthaginians may attack Apulia; under a truce without passage the
    step is neither listed nor allowed, and no battle could be fought there."""
    italia, unit = carthaginians_beside_samnites(None)
    attack = Move("Carthaginians", (unit,), ("Lucania", "Apulia"))
    assert attack in italia.legal_actions()
    truce, unit = carthaginians_beside_samnites(Truce(through=False))
    assert attack not in truce.legal_actions()
    refused(truce, lambda: truce.apply(attack), "9.0", "neither attack the Samnites")
    assert truce.rules.world.allied(truce.state, "Carthaginians", "Samnites")


def test_restricted_no_attack_with_passage_is_italias_alliance() -> None:
    """12.5.2 for a pair the variant names: the Carthaginians pass through Apulia but may
    not end their move there, as Italia's subject and master."""
    truce, unit = carthaginians_beside_samnites(Truce(through=True))
    into = Move("Carthaginians", (unit,), ("Lucania", "Apulia"))
    assert into not in truce.legal_actions()
    refused(truce, lambda: truce.apply(into), "12.5.2")
    through = Move("Carthaginians", (unit,), ("Lucania", "Apulia", "Samnium"))
    truce.apply(through)
    assert truce.state.units[unit].zone == "Samnium"


# -- the movement hooks together, over random games ---------------------------------------------
class BritanniaMovement(Rulebook):
    """A test variant with every movement hook at once, after medieval Italia's sentences:
    three points (S2), +1 to enter a mountain and no stop there (S3, S4), boats for the
    Carthaginians and Greeks at two points a sea (S7, S8), overrun at 2:1 (S30), and armies
    left at sea lost (reconstructed in ``docs/games/medieval.md``)."""

    name = "britannia-movement"

    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        if unit.is_fleet:
            return super().movement_allowance(state, unit, group_leader)
        return 3

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        return 2 if world.is_sea(to) or world.is_mountain(to) else 1

    def stops_on_entering(
        self, world: World, state: ItaliaState, nation: str, zone: str, leader: int | None
    ) -> tuple[str, str] | None:
        return None

    def sails_alone(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        return unit.nation in ("Carthaginians", "Greeks") and not unit.is_fleet

    def sea_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return ("S8", f"the {unit.nation} have no boats")

    enemies_stop = Overrun.enemies_stop
    may_leave = Overrun.may_leave
    leave_refusal = Overrun.leave_refusal

    def end_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        state = ctx.state
        for u in [u for u in state.units.values() if u.carrier is None and not u.is_fleet]:
            if world.is_sea(u.zone):
                state.remove_unit(u)
                ctx.emit("eliminated", "test", f"{u.label()} is lost at sea.", unit=u.id)
        super().end_movement(ctx, world)


def checked_steps(game: ItaliaGame) -> list[Move]:
    """Every one-step move of a unit alone (not aboard) that the move check accepts: the
    reference the move list's steps of units alone are held to."""
    from italia_kit.core import IllegalActionError, InvalidActionError
    from italia_kit.games.italia.movement import check_move

    world, state, nation = game.rules.world, game.state, game.state.actor
    out = []
    for u in sorted(state.units_of(nation), key=lambda u: u.id):
        if u.carrier is not None:
            continue
        for nb in world.neighbours(u.zone):
            try:
                check_move(world, state, nation, (u.id,), (u.zone, nb))
            except (IllegalActionError, InvalidActionError):
                continue
            out.append(Move(nation, (u.id,), (u.zone, nb)))
    return out


@pytest.mark.parametrize("rulebook", [Rulebook(), BritanniaMovement()], ids=repr)
def test_the_move_list_and_the_move_check_agree_under_a_variant_over_random_games(
    rulebook: Rulebook,
) -> None:
    """At every movement decision of two random games of Italia I the steps of units alone
    that the move list offers are those the move check accepts, with Italia's rulebook
    (the reference is sound) and with every movement hook overridden at once; the variant's
    armies do sail and go on from mountains they entered, which Italia's never do. (Moves
    of a leader's group and a campaign's are left to ``test_italia_properties.py``.)"""
    import random

    from italia_kit.games.italia import new_game

    seen = {"sea": 0, "mountain_on": 0, "decisions": 0}
    for seed in (1, 2):
        game = new_game("italia1", seed=seed, rulebook=rulebook)
        world, rng = game.rules.world, random.Random(seed)
        for _ in range(2500):
            if game.is_over:
                break
            actions = game.legal_actions()
            if game.state.phase_name == "movement" and game.state.campaign is None:
                alone = [
                    a for a in actions if isinstance(a, Move) and len(a.units) == 1
                    and len(a.path) == 2 and a.path[-1] != "Alps"
                ]  # fmt: skip
                expected = [m for m in checked_steps(game) if m.path[-1] != "Alps"]
                assert sorted(map(repr, alone)) == sorted(map(repr, expected))
                seen["decisions"] += 1
                state = game.state
                seen["sea"] += any(
                    world.is_sea(m.path[-1]) and not state.units[m.units[0]].is_fleet for m in alone
                )
                # troops that entered a mountain this phase, alone and without a city there
                # (9.0 would have stopped it), and may still move on
                seen["mountain_on"] += any(
                    world.is_mountain(m.path[0])
                    and len(state.moves[m.units[0]].path) >= 2
                    and state.moves[m.units[0]].leader is None
                    and not state.units[m.units[0]].is_leader
                    and not state.has_city(m.path[0])
                    for m in alone
                    if m.units[0] in state.moves
                )
            game.apply(rng.choice(actions))
    assert seen["decisions"] > 100, seen
    if isinstance(rulebook, BritanniaMovement):
        assert seen["sea"] > 5 and seen["mountain_on"] > 5, seen
    else:
        assert seen["sea"] == 0 and seen["mountain_on"] == 0, seen
