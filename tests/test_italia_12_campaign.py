"""12.3 Campaigns: the Fabius example, reaction moves (12.3.2) and blocking (12.3.4)."""

from __future__ import annotations

import pytest

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import (
    Block,
    CampaignMove,
    EndCampaign,
    EndReaction,
    Fight,
    ReactionMove,
)
from italia_kit.games.italia.campaign_base import leader_unit
from italia_kit.games.italia.reactions import reaction_moves

from .italia_helpers import random_decisions, refused


def fabius_position() -> Position:
    """Turn 2, after the Roman battles: Fabius with 3 legions and a consular legion in Rome,
    5 gold; a legion each at Perusia and Picenum; Celts in Ravenna, Pavia and Verona; the
    Etruscans in Florentia and in Pisae, which has a city (12.3, campaign example)."""
    pos = Position("italia1", turn=2, nation="Romans", phase="combat")
    pos.put("Romans", "leader", "Rome", name="Fabius")
    pos.put("Romans", "legion", "Rome", 3)
    pos.put("Romans", "consular_legion", "Rome")
    pos.put("Romans", "legion", "Perusia")
    pos.put("Romans", "legion", "Picenum")
    pos.put("Celts", "infantry", "Ravenna", 2)
    pos.put("Celts", "infantry", "Pavia", 2)
    pos.put("Celts", "infantry", "Verona")
    for zone in ("Mediolanum", "Liguria", "Tridentum", "Venetia"):  # too strong to submit
        pos.put("Celts", "infantry", zone)
    pos.put("Etruscans", "infantry", "Florentia")
    pos.put("Etruscans", "infantry", "Pisae", 2)
    pos.city("Pisae")
    pos.gold("Romans", 5)
    return pos


def ids(game, zone: str, nation: str) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    return tuple(u.id for u in game.state.units_in(zone, nation))


def fight(game, zone: str, dice: list[int]) -> None:  # type: ignore[no-untyped-def]
    """Fight the battle in ``zone``; the defenders aim at the first type offered."""
    game.script_dice(dice)
    game.apply(Fight("Romans", zone))
    while game.decision is not None and game.decision.kind == "targets":
        game.apply(game.legal_actions()[0])


def test_12_3_example_fabius_first_campaign_move() -> None:
    game = fabius_position().game()
    assert game.decision is not None and game.decision.kind == "campaign"
    assert game.log.of_kind("campaign")[0].rule == "12.3"
    game.apply(CampaignMove("Romans"))
    assert game.state.gold["Romans"] == 4  # 1 gold a campaign move (12.3.1)
    stack = ids(game, "Rome", "Romans")
    game.apply(Move("Romans", stack, ("Rome", "Perusia")))  # a mountain, but with a leader
    stack = ids(game, "Perusia", "Romans")  # picking up the legion at Perusia
    game.apply(Move("Romans", stack, ("Perusia", "Picenum")))
    stack = ids(game, "Picenum", "Romans")
    game.apply(Move("Romans", stack, ("Picenum", "Ravenna")))  # 6 units: no limit (12.3.1)
    assert game.state.stack_count("Ravenna", "Romans") == 6
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "block"
    game.apply(Block("Romans", "", 0))
    # reaction moves, in the order of the nation cards: the Celts, then the Etruscans
    assert game.decision.kind == "reaction" and game.decision.actor == "Celts"
    game.apply(ReactionMove("Celts", ids(game, "Pavia", "Celts"), "Verona"))
    assert game.state.stack_count("Verona", "Celts") == 3
    refused(
        game,
        lambda: game.apply(ReactionMove("Celts", ids(game, "Verona", "Celts")[:1], "Mediolanum")),
        "12.3.2.3",
    )
    game.apply(EndReaction("Celts"))
    assert game.decision.actor == "Etruscans"
    game.apply(ReactionMove("Etruscans", ids(game, "Florentia", "Etruscans"), "Pisae"))
    assert game.state.stack_count("Pisae", "Etruscans") == 3
    game.apply(EndReaction("Etruscans"))
    assert game.decision.kind == "battle"
    fight(game, "Ravenna", [10, 10, 1, 1, 1, 1, 1, 1])
    assert game.state.nations_in("Ravenna") == {"Romans"}  # the Romans win at Ravenna
    assert game.decision is not None and game.decision.kind == "campaign"
    assert CampaignMove("Romans") in game.legal_actions()


def test_12_3_1_no_unit_moves_without_the_leader() -> None:
    game = fabius_position().game()
    game.apply(CampaignMove("Romans"))
    legion = ids(game, "Perusia", "Romans")
    refused(game, lambda: game.apply(Move("Romans", legion, ("Perusia", "Picenum"))), "12.3.1")


def test_12_3_2_a_waiting_move_may_not_start_a_battle() -> None:
    game = fabius_position().game()
    game.apply(CampaignMove("Romans"))
    stack = ids(game, "Rome", "Romans")
    game.apply(Move("Romans", stack, ("Rome", "Perusia", "Picenum", "Ravenna")))
    game.apply(EndMovement("Romans"))
    game.apply(Block("Romans", "", 0))
    # the Etruscans may not walk into the Roman-held Picenum (no combat may result)
    game.apply(EndReaction("Celts"))
    refused(
        game,
        lambda: game.apply(
            ReactionMove("Etruscans", ids(game, "Florentia", "Etruscans"), "Picenum")
        ),
        "12.3.2.2",
    )


def test_12_3_4_blocking_costs_a_unit_and_gold_and_not_twice_in_a_row() -> None:
    game = fabius_position().game()
    game.apply(CampaignMove("Romans"))
    stack = ids(game, "Rome", "Romans")
    game.apply(Move("Romans", stack, ("Rome", "Perusia", "Picenum", "Ravenna")))
    game.apply(EndMovement("Romans"))
    spare = ids(game, "Perusia", "Romans")[0]
    game.apply(Block("Romans", "Pavia", spare))
    assert spare not in game.state.units and game.state.gold["Romans"] == 3
    assert game.log.of_kind("block")[0].rule == "12.3.4"
    # the blocked Celts in Pavia cannot react
    assert all(
        a.units[0] not in ids(game, "Pavia", "Celts")
        for a in game.legal_actions()
        if isinstance(a, ReactionMove)
    )
    for _ in ("Celts", "Etruscans"):
        if game.decision is not None and game.decision.kind == "reaction":
            game.apply(EndReaction(game.decision.actor))
    fight(game, "Ravenna", [10, 10, 1, 1, 1, 1, 1])
    game.apply(CampaignMove("Romans"))
    game.apply(EndMovement("Romans"))  # the stack stays in Ravenna
    spare = ids(game, "Picenum", "Romans")[0]
    refused(game, lambda: game.apply(Block("Romans", "Pavia", spare)), "12.3.4", "twice in a row")


def test_12_3_the_campaign_ends_when_the_player_stops_and_gold_stays() -> None:
    game = fabius_position().game()
    game.apply(EndCampaign("Romans"))
    assert game.log.of_kind("campaign_end")[0].rule == "12.3"
    assert game.state.gold["Romans"] == 5 and game.state.active != "Romans"


def hannibal_position() -> Position:
    """Turn 6: Hannibal campaigns from the Alps; the Celts are subjects of Rome."""
    pos = Position("italia1", turn=6, nation="Carthaginians", phase="combat")
    pos.put("Carthaginians", "leader", "Alps", name="Hannibal Barkas")
    pos.put("Carthaginians", "infantry", "Alps", 4)
    pos.put("Celts", "infantry", "Mediolanum", 2)
    pos.put("Celts", "infantry", "Verona")
    pos.subject("Celts", "Romans")
    pos.put("Romans", "legion", "Liguria", 2)
    pos.city("Liguria")
    pos.gold("Carthaginians", 3)
    return pos


def test_13_2_the_celts_rise_against_rome_when_hannibal_comes_near() -> None:
    from italia_kit.games.italia.actions import Revolt

    game = hannibal_position().game()
    assert game.decision is not None and game.decision.kind == "campaign"
    game.apply(CampaignMove("Carthaginians"))
    stack = ids(game, "Alps", "Carthaginians")
    game.apply(Move("Carthaginians", stack, ("Alps", "Liguria")))
    game.apply(EndMovement("Carthaginians"))
    while game.decision is not None and game.decision.kind == "block":
        game.apply(Block("Carthaginians", "", 0))
    while game.decision is not None and game.decision.actor != "Celts":
        game.apply(EndReaction(game.decision.actor))
    assert Revolt("Celts") in game.legal_actions()
    game.apply(Revolt("Celts"))
    assert "Celts" not in game.state.masters
    assert game.log.of_kind("revolt")[0].rule == "12.6"


def test_12_3_3_an_announced_raid_allows_only_waiting_moves() -> None:
    from italia_kit.games.italia.actions import DeclareRaid

    pos = hannibal_position()
    (reserve,) = pos.put("Romans", "legion", "Pavia")
    pos.put("Romans", "legion", "Liguria")  # 3 defenders with a city: 2 raiders do not invade
    game = pos.game()
    game.apply(CampaignMove("Carthaginians"))
    alps = game.state.units_in("Alps", "Carthaginians")
    stack = (
        tuple(u.id for u in alps if u.is_leader) + tuple(u.id for u in alps if not u.is_leader)[:2]
    )
    game.apply(Move("Carthaginians", stack, ("Alps", "Liguria")))
    assert "Liguria" not in game.state.invaded
    game.apply(EndMovement("Carthaginians"))
    assert DeclareRaid("Carthaginians", "Liguria") in game.legal_actions()
    game.apply(DeclareRaid("Carthaginians", "Liguria"))
    game.apply(Block("Carthaginians", "", 0))
    while game.decision is not None and game.decision.actor != "Romans":
        game.apply(EndReaction(game.decision.actor))
    refused(game, lambda: game.apply(ReactionMove("Romans", (reserve,), "Liguria")), "12.3.3")
    game.apply(EndReaction("Romans"))
    while game.decision is not None and game.decision.kind == "reaction":
        game.apply(EndReaction(game.decision.actor))
    refused(game, lambda: game.apply(Fight("Carthaginians", "Liguria")), "12.3.3")
    assert Fight("Carthaginians", "Liguria", True) in game.legal_actions()


def test_12_3_1_a_campaign_may_pass_but_not_end_in_a_subjects_zone() -> None:
    pos = fabius_position()
    pos.subject("Etruscans", "Romans")
    game = pos.game()
    game.apply(CampaignMove("Romans"))
    stack = ids(game, "Rome", "Romans")
    game.apply(Move("Romans", stack, ("Rome", "Etruria", "Florentia")))  # the Etruscans' zone
    game.apply(EndMovement("Romans"))
    while game.decision is not None and game.decision.kind in ("block", "reaction"):
        actions = game.legal_actions()
        game.apply(next(a for a in actions if a.kind in ("block", "end_reaction")))
    assert game.decision is not None and game.decision.kind == "campaign"
    refused(game, lambda: game.apply(EndCampaign("Romans")), "12.3.1", "subject")


def test_12_3_2_3_a_reaction_move_may_go_to_sea_aboard_a_fleet_and_back() -> None:
    pos = fabius_position()
    (fleet,) = pos.put("Etruscans", "fleet", "Mare Ligusticum")
    game = pos.game()
    game.apply(CampaignMove("Romans"))
    stack = ids(game, "Rome", "Romans")
    game.apply(Move("Romans", stack, ("Rome", "Perusia", "Picenum", "Ravenna")))
    game.apply(EndMovement("Romans"))
    game.apply(Block("Romans", "", 0))
    game.apply(EndReaction("Celts"))
    sailor = ids(game, "Pisae", "Etruscans")[0]
    game.apply(ReactionMove("Etruscans", (sailor,), "Mare Ligusticum"))
    assert game.state.units[sailor].carrier == fleet
    refused(
        game,
        lambda: game.apply(ReactionMove("Etruscans", (sailor,), "Liguria")),
        "12.3.2.3",
        "has made its reaction move",
    )


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_the_fast_reaction_list_equals_the_checked_one(scenario: str) -> None:
    """Listing reaction moves asks a predicate instead of check_reaction: at every reaction
    decision of random games, for every nation, and again with a raid announced on the
    leader's zone (12.3.3), the two lists are the same, in the same order."""
    compared = 0
    for game, world, _ in random_decisions(scenario, range(4)):
        state = game.state
        if state.campaign is not None and state.campaign["stage"] == "reaction":
            raided = state.clone()
            leader = leader_unit(raided)
            assert raided.campaign is not None
            raided.campaign["raid"] = leader.zone if leader else ""
            for s in (state, raided):
                for nation in world.order:
                    fast = reaction_moves(world, s, nation, fast=True)
                    slow = reaction_moves(world, s, nation, fast=False)
                    assert fast == slow, (nation, fast, slow)
                    compared += bool(fast)
    assert compared > 100
