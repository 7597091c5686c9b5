"""A variant's action codec is made once and shared by its games (issue 19, Performance,
branch ``med-battle2``): ``ItaliaRules`` keeps the codec of Italia's actions with the
rulebook's own (Medieval Italia's ``Withdraw``) by the variant's classes, instead of
making it, type hints and all, for every new game. The shared codec must read every
action back as a codec made anew for the game does: these tests play a whole seeded game
and compare the two on each of its actions.
"""

from __future__ import annotations

from italia_kit.core import ActionCodec, RandomPlayer
from italia_kit.games.italia import new_game as new_italia_game
from italia_kit.games.italia.actions import CODEC, CODEC_CLASSES
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game
from italia_kit.games.medieval.submission_hooks import Withdraw


def test_performance_a_variants_codec_is_shared_and_reads_as_one_made_anew() -> None:
    """S15's withdrawal and every Italia action of a whole random game: decoded by the
    shared codec as by one made for the game, and encoded back to the same JSON."""
    game, other = new_game(seed=6), new_game(seed=7)
    assert game.rules.codec is other.rules.codec  # one codec for the variant's games
    assert new_italia_game("italia1").rules.codec is CODEC  # Italia's own, as before
    rulebook = game.rules.world.rulebook
    assert isinstance(rulebook, MedievalRulebook)
    made_anew = ActionCodec((*CODEC_CLASSES, *rulebook.own_actions))
    shared = game.rules.codec
    assert shared.kinds == made_anew.kinds and "withdraw" in shared.kinds
    player = RandomPlayer(6)
    kinds: set[str] = set()
    while not game.is_over:
        action = player.choose(game)
        data = action.to_json()
        decoded = shared.from_json(data)
        assert decoded == made_anew.from_json(data) == action
        assert decoded.to_json() == data
        kinds.add(data["kind"])
        game.apply(action)
    assert len(game.actions) > 500 and {"move", "fight", "place"} <= kinds
    withdraw = Withdraw(nation="Lombards", zone="Pavia")
    assert shared.from_json(withdraw.to_json()) == made_anew.from_json(withdraw.to_json())
