"""The greedy player uses the whole rulebook (issue 14): it embarks on fleets (9.6), makes
reaction moves (12.3.2), blocks (12.3.4) and revolts (12.6) where they pay, in hand-built
positions and in whole seeded games."""

from __future__ import annotations

from collections import Counter

from italia_kit.games.italia import Disembark, Embark, ItaliaGame, Move, Position, play_game
from italia_kit.games.italia.actions import (
    Block,
    CampaignMove,
    EndMovement,
    EndPurchase,
    EndReaction,
    ReactionMove,
    Revolt,
)
from italia_kit.games.italia.greedy import GreedyPlayer


def score_of(game: ItaliaGame) -> dict[object, float]:
    actions = game.legal_actions()
    return dict(zip(actions, GreedyPlayer(1).scores(game, actions), strict=True))


# -- 9.6: naval transport -------------------------------------------------------------------


def island_romans() -> Position:
    """Turn 2, the Romans' movement: they hold the three zones of Sardinia and Corsica (two
    legions in Corsica), a fleet in Mare Ligusticum; Etruria, next to that sea, is empty."""
    pos = Position("italia1", turn=2, nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Corsica", 2)
    pos.put("Romans", "legion", "Olbia")
    pos.put("Romans", "legion", "Carales")
    pos.put("Romans", "fleet", "Mare Ligusticum")
    return pos


def test_greedy_embarks_for_a_target_it_cannot_reach_by_land() -> None:
    """No zone worth having is left on the island: it embarks, sails and lands in Etruria."""
    game = island_romans().game(seed=1)
    bot = GreedyPlayer(1)
    first = bot.choose(game)
    assert isinstance(first, Embark), first
    landed: list[str] = []
    for _ in range(30):
        action = bot.choose(game)
        if isinstance(action, Disembark):
            landed.append(action.zone)
        game.apply(action)
        if isinstance(action, EndMovement):
            break
    assert landed and all(z not in ("Corsica", "Olbia", "Carales") for z in landed), landed
    assert game.state.units_in("Etruria", "Romans") or game.state.units_in("Pisae", "Romans")


def test_greedy_walks_when_the_land_route_is_as_good() -> None:
    """Legions in Rome with a fleet beside it and the empty Etruria next door: no embarking."""
    pos = Position("italia1", turn=2, nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Rome", 2)
    pos.put("Romans", "fleet", "Mare Tyrrhenum")
    scores = score_of(pos.game(seed=1))
    embarks = [s for a, s in scores.items() if isinstance(a, Embark)]
    assert embarks and max(embarks) < 0 < max(scores.values())


# -- 12.3.2 and 12.3.4: answers to a campaign ---------------------------------------------


def ravenna_campaign(*, celts_in_pavia: int, legions: int) -> ItaliaGame:
    """Turn 2: Fabius campaigns from Picenum into Ravenna, held by one Celtic infantry, with
    ``legions`` legions; ``celts_in_pavia`` Celtic infantry next door in Pavia; a spare
    legion in Rome pays for a block. The game stands at the block decision (12.3.4)."""
    pos = Position("italia1", turn=2, nation="Romans", phase="combat")
    pos.put("Romans", "legion", "Rome")
    pos.put("Romans", "leader", "Picenum", name="Fabius")
    pos.put("Romans", "legion", "Picenum", legions)
    pos.put("Celts", "infantry", "Ravenna")
    pos.put("Celts", "infantry", "Pavia", celts_in_pavia)
    for zone in ("Mediolanum", "Liguria", "Tridentum", "Venetia", "Verona"):  # not to submit
        pos.put("Celts", "infantry", zone)
    pos.gold("Romans", 5)
    game = pos.game(seed=1)
    game.apply(CampaignMove("Romans"))
    stack = tuple(u.id for u in game.state.units_in("Picenum", "Romans"))
    game.apply(Move("Romans", stack, ("Picenum", "Ravenna")))
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "block"
    return game


def test_greedy_blocks_an_army_that_would_turn_the_battle() -> None:
    """Five Celts in Pavia would join the one in Ravenna against three legions: a legion and
    1 gold to stop them is cheap."""
    game = ravenna_campaign(celts_in_pavia=5, legions=3)
    action = GreedyPlayer(1).choose(game)
    assert isinstance(action, Block) and action.zone == "Pavia", action
    game.apply(action)
    assert game.log.of_kind("block")


def test_greedy_does_not_block_when_the_battle_is_won_anyway() -> None:
    """One Celt in Pavia hardly changes four legions' odds: the unit is worth more."""
    game = ravenna_campaign(celts_in_pavia=1, legions=4)
    action = GreedyPlayer(1).choose(game)
    assert isinstance(action, Block) and not action.zone, action


def test_greedy_reacts_to_join_a_battle_it_can_win() -> None:
    """Unblocked, the Celts move from Pavia into Ravenna (12.3.2.1): six infantry against
    one legion and Fabius win."""
    game = ravenna_campaign(celts_in_pavia=5, legions=1)
    game.apply(Block("Romans", "", 0))
    assert game.decision is not None and game.decision.actor == "Celts"
    bot = GreedyPlayer(1)
    action = bot.choose(game)
    assert isinstance(action, ReactionMove) and action.to == "Ravenna", action
    while game.decision is not None and game.decision.kind == "reaction":
        if game.decision.actor != "Celts":
            break
        game.apply(bot.choose(game))
    assert len(game.state.units_in("Ravenna", "Celts")) >= 2


def test_greedy_does_not_react_into_a_lost_battle() -> None:
    """One Celt in Pavia joining one in Ravenna against five legions: it stays out."""
    game = ravenna_campaign(celts_in_pavia=1, legions=5)
    game.apply(Block("Romans", "", 0))
    scores = score_of(game)
    into = [s for a, s in scores.items() if isinstance(a, ReactionMove) and a.to == "Ravenna"]
    assert into and max(into) < scores[EndReaction("Celts")]


# -- 12.6: revolts ----------------------------------------------------------------------------


def celts_subject(*, romans_next_door: int) -> ItaliaGame:
    """Turn 6, the Celts' purchase, no gold: subjects of Rome (the turn their card allows a
    revolt), in Mediolanum, Verona and Liguria; ``romans_next_door`` legions in Pavia."""
    pos = Position("italia1", turn=6, nation="Celts", phase="purchase")
    for zone in ("Mediolanum", "Verona", "Liguria"):
        pos.put("Celts", "infantry", zone)
    if romans_next_door:
        pos.put("Romans", "consular_legion", "Pavia", romans_next_door)
    pos.capital("Celts", "Mediolanum")
    pos.subject("Celts", "Romans")
    pos.gold("Celts", 0)
    return pos.game(seed=1)


def test_greedy_revolts_when_free_is_worth_more() -> None:
    game = celts_subject(romans_next_door=0)
    assert Revolt("Celts") in game.legal_actions()
    action = GreedyPlayer(1).choose(game)
    assert action == Revolt("Celts"), action
    game.apply(action)
    assert "Celts" not in game.state.masters


def test_greedy_stays_subject_under_the_masters_army() -> None:
    """Consular legions next to every Celtic zone would take them back: no revolt."""
    game = celts_subject(romans_next_door=4)
    scores = score_of(game)
    assert scores[Revolt("Celts")] < 0
    assert GreedyPlayer(1).choose(game) == EndPurchase("Celts")


# -- whole games -------------------------------------------------------------------------------

#: Seeded greedy games (dice seed = player seed) in which, between them, every kind occurs.
GAMES = (("italia1", 4), ("italia1", 5), ("italia2", 3), ("italia2", 7))
KINDS = ("embark", "disembark", "reaction", "block", "revolt")


def test_greedy_games_use_the_whole_rulebook() -> None:
    counts: Counter[str] = Counter()
    for scenario, seed in GAMES:
        game = play_game(scenario, seed=seed, players=GreedyPlayer(seed))
        counts.update(e.kind for e in game.log if e.kind in KINDS)
    assert all(counts[k] >= 1 for k in KINDS), counts
