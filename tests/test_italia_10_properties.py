"""Property tests for battles (10.0): random small battles played out with random choices."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import Fight

from .italia_helpers import random_decisions

# the land units each side's card lists (2.3): a Position refuses any other
ROMAN = ["legion", "consular_legion"]
CARTHAGINIAN = ["infantry", "elephant"]
ZONES = [("Lucania", "Apulia"), ("Rome", "Samnium"), ("Venetia", "Ravenna"), ("Umbria", "Picenum")]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    attackers=st.lists(st.sampled_from(ROMAN), min_size=1, max_size=4),
    defenders=st.lists(st.sampled_from(CARTHAGINIAN), min_size=1, max_size=3),
    zones=st.sampled_from(ZONES),
    city=st.booleans(),
    raid=st.booleans(),
    leader=st.booleans(),
)
def test_every_battle_ends_with_one_nation_or_a_retreat(
    seed: int,
    attackers: list[str],
    defenders: list[str],
    zones: tuple[str, str],
    city: bool,
    raid: bool,
    leader: bool,
) -> None:
    frm, to = zones
    pos = Position("italia1", nation="Romans", phase="movement")
    ids = [i for unit in attackers for i in pos.put("Romans", unit, frm)]
    if leader:
        ids += pos.put("Romans", "leader", frm, name="Fabius")
    for unit in defenders:
        pos.put("Carthaginians", unit, to)
    if city:
        pos.city(to)
    game = pos.game(seed=seed)
    troops = [i for i in ids if not game.state.units[i].is_leader]
    leaders = [i for i in ids if game.state.units[i].is_leader]
    limit = 4 if game.rules.world.board.zone(to).terrain.value != "mountain" else 3
    moving = tuple(troops[: limit + len(leaders)] + leaders)
    game.apply(Move("Romans", moving, (frm, to)))
    game.apply(EndMovement("Romans"))
    original = set(game.state.units)
    if to not in game.state.combat_due:
        return  # the 8.3 limit stopped the move short of a battle: nothing to check
    game.apply(Fight("Romans", to, raid and city))
    player = RandomPlayer(seed)
    steps = 0
    while game.state.battle is not None or game.state.surplus:
        game.apply(player.choose(game))
        steps += 1
        assert steps < 500, "a battle must end"
    nations = game.state.nations_in(to)
    assert len(nations) <= 1, nations
    gone = {
        e.data["unit"] for e in game.log if e.kind in ("eliminated", "surplus_removed", "rebuilt")
    }
    assert original - gone == original & set(game.state.units)  # units conserved
    if nations == {"Romans"}:  # 8.3: the stacking check after the battle
        assert game.state.stack_count(to, "Romans") <= limit - 1


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_the_combat_shortcuts_agree_with_the_checks(scenario: str) -> None:
    """Listing battles asks ``can_raid`` instead of ``check_fight`` and a naval round works
    out every fleet's modifier at once: at every combat decision of random games each
    agrees with the check it stands for."""
    from italia_kit.core import IllegalActionError
    from italia_kit.games.italia import combat
    from italia_kit.games.italia.naval import fleet_modifier, fleet_modifiers

    raids = {True: 0, False: 0}
    fleets_seen = 0
    for game, world, _ in random_decisions(scenario, range(3)):
        state = game.state
        if state.phase_name == "combat":
            for zone in state.combat_due:
                try:
                    combat.check_fight(world, state, state.actor, zone, True)
                    checked = True
                except IllegalActionError:
                    checked = False
                assert combat.can_raid(world, state, state.actor, zone) == checked, zone
                raids[checked] += 1
            fleets = [u for u in state.units.values() if u.is_fleet]
            expected = [fleet_modifier(state, f.id) for f in fleets]
            assert fleet_modifiers(state, fleets) == expected
            fleets_seen += len(fleets)
    assert raids[True] > 5 and raids[False] > 5 and fleets_seen > 100


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_listed_fights_retreats_and_naval_answers_pass_the_checks_they_skip(
    scenario: str,
) -> None:
    """A Fight, a Retreat or an answer to a naval offer the rules listed is applied without
    its check (Context.listed): at every combat decision of random games each listed one
    passes that check."""
    from italia_kit.games.italia import combat
    from italia_kit.games.italia.actions import DeclineNaval, NavalAttack, Retreat
    from italia_kit.games.italia.combat_rules import check_naval_offer

    seen = {"fight": 0, "retreat": 0, "naval": 0}
    for game, world, actions in random_decisions(scenario, range(3)):
        state = game.state
        for a in actions:
            if isinstance(a, NavalAttack | DeclineNaval):
                target = a.target if isinstance(a, NavalAttack) else ""
                assert check_naval_offer(world, state, a) == (a.sea, target)
                seen["naval"] += 1
            elif isinstance(a, Fight):
                assert combat.check_fight(world, state, a.nation, a.zone, a.raid) == a.zone
                if state.campaign and state.campaign.get("raid") == a.zone and not a.raid:
                    assert not combat.can_raid(world, state, a.nation, a.zone)  # 12.3.3
                seen["fight"] += 1
            elif isinstance(a, Retreat):
                assert state.battle is not None
                units = combat.check_retreat(world, state, state.battle, a.nation, a.units, a.zone)
                assert [u.id for u in units] == list(a.units)
                seen["retreat"] += 1
    assert seen["fight"] > 20 and seen["retreat"] > 20 and seen["naval"] > 20


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_listed_single_retreats_are_each_units_retreat_zones(scenario: str) -> None:
    """The retreats of one unit are listed from one look per unit type and hit (the
    listing shares them): at every retreat decision of random games each fighting unit of
    a side of several is listed to exactly its own :func:`retreat_zones`."""
    from italia_kit.games.italia import combat
    from italia_kit.games.italia.actions import Retreat
    from italia_kit.games.italia.retreat import retreat_zones

    checked = 0
    for game, world, actions in random_decisions(scenario, range(3)):
        state, battle = game.state, game.state.battle
        if battle is not None and battle.stage.startswith(("retreat", "raid_retreat")):
            nation = state.actor
            mine = combat.fighters(state, battle, nation)
            if len(mine) > 1:
                for u in mine:
                    listed = [
                        a.zone for a in actions if isinstance(a, Retreat) and a.units == (u.id,)
                    ]
                    assert listed == retreat_zones(world, state, battle, nation, [u])
                    checked += 1
    assert checked > 20
