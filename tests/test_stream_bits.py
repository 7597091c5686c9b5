"""A stream's blocks of words (``Stream.words``) and ``Bits``, the random player's draws
from them (session 11): the same bits as ``random.Random``'s on the same words, one noted
draw a block, taken back and saved like any draw; and the Renaissance random player's
games replayed through undo, jumps, forks and a save."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Bits, Game, Stream, load_game, save_game
from italia_kit.core.streams import words_of
from italia_kit.games.renaissance.players import RandomOrdersPlayer


@pytest.mark.parametrize("block", [1, 3, 16, 700])
def test_bits_draw_as_random_random_across_blocks(block: int) -> None:
    """Bits: ``getrandbits(k)`` and ``choice`` give what ``random.Random(seed)`` gives,
    call for call, whatever the block (700: a block past the generator's 624 words)."""
    for seed in (0, 5, 2**31):
        ours, theirs = Bits(Stream("s", seed, []), block), random.Random(seed)
        for k in (1, 3, 5, 31, 32, 0, 7):
            assert [ours.getrandbits(k) for _ in range(40)] == [
                theirs.getrandbits(k) for _ in range(40)
            ]
        for seq in ("ab", "abcdefg", range(1000), ["only"]):
            assert [ours.choice(seq) for _ in range(30)] == [theirs.choice(seq) for _ in range(30)]


def test_words_are_getrandbits_32_in_order_and_one_draw() -> None:
    stream, rng = Stream("s", 9, []), random.Random(9)
    assert stream.words(5) == [rng.getrandbits(32) for _ in range(5)]
    assert stream.words(1000) == [rng.getrandbits(32) for _ in range(1000)]
    assert stream.choice("abc") == rng.choice("abc")  # the generator goes on as one
    assert repr(stream) == "Stream('s', seed=9, 3 draws)"


def test_words_of_a_block_alike_on_either_byte_order() -> None:
    rng = random.Random(2)
    for n in (1, 2, 16, 625):
        block = rng.getrandbits(32 * n)
        assert words_of(block, n) == words_of(block, n, little=False)


def test_bad_blocks_and_bits_are_refused() -> None:
    stream = Stream("s", 1, [])
    with pytest.raises(ValueError, match="at least one"):
        stream.words(0)
    with pytest.raises(ValueError, match="at least one"):
        Bits(stream, 0)
    with pytest.raises(ValueError, match="1 to 32 bits"):
        Bits(stream).getrandbits(33)
    with pytest.raises(IndexError):
        Bits(stream).choice("")
    assert repr(stream) == "Stream('s', seed=1, 0 draws)"  # nothing drawn by a refusal


def test_words_rewind_fork_and_save_like_any_draw() -> None:
    """A block is taken back by ``rewind``, copied by ``fork``, saved as ``w<n>`` and
    drawn again from the save; the draws after it are the same each way."""
    positions: list[int] = []
    stream = Stream("s", 4, positions)
    stream.choice("abcdef")
    positions.append(0)
    first = stream.words(20)
    after = stream.random()
    saved = stream.to_json()
    assert saved["draws"] == "0:6;1:w20,0"
    again = Stream.from_json(saved, positions)
    twin = stream.fork(positions)
    assert twin.random() == again.random()
    stream.rewind(1)
    assert stream.words(20) == first and stream.random() == after


@pytest.mark.parametrize("draws", ["0:w0", "0:w", "0:wx", f"0:{-(1 << 40) - 3}"])
def test_corrupt_word_codes_are_refused(draws: str) -> None:
    with pytest.raises(ValueError, match="'draws' is not as saved"):
        Stream.from_json({"name": "s", "seed": 1, "draws": draws}, [])


def _play(game: Game[Any], actions: int) -> None:
    seats = games.load("renaissance").seats
    players = {s: RandomOrdersPlayer(i, spending=True) for i, s in enumerate(seats)}
    for _ in range(actions):
        if game.is_over:
            return
        seat = game.pending_seats[0]
        game.submit(seat, players[seat].choose(game, seat))


def test_renaissance_random_games_replay_through_undo_forks_and_saves(tmp_path: Path) -> None:
    """The random player (drawing its sheets as Bits from its stream): going back and
    playing again, a fork, and a saved and loaded game all play the same actions."""
    spec = games.load("renaissance", years=2)
    game = spec.new_game(seed=3)
    _play(game, 200)
    whole = list(game.actions)
    assert len(whole) > 60 and any("w16" in s.to_json()["draws"] for s in game.streams())
    for back in (len(whole) - 1, len(whole) // 2, 3):
        game.jump(back)
        _play(game, len(whole) - back)
        assert game.actions == whole, back
    game.jump(len(whole) // 3)
    twin = game.fork()
    save_game(game, tmp_path / "game.json")
    loaded = load_game(tmp_path / "game.json")
    for g in (twin, game, loaded):
        _play(g, len(whole))
        assert g.actions == whole
