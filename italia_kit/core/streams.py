"""Players' random choices tied to the game, so that going back replays them.

A player asks the game for its stream (:meth:`Game.stream <italia_kit.core.game.Game.stream>`,
by a name and a seed) and draws its choices from it. A stream is a ``random.Random(seed)``
that notes each draw and the position (the number of actions applied) it was made at. When
the game goes back (undo, jump) each stream goes back to where it stood when the game first
reached that position, and a fork copies the streams with the game: asked again, a player
makes the same choice, and the classroom's "show that again" shows the same game.

On a fresh game a stream draws what ``random.Random(seed)`` draws, call for call, so the
seeded games played before streams existed play the same.

A player that draws many small numbers for one action (a random player's sheet of orders)
takes them as :class:`Bits`: 32-bit words drawn from the stream in blocks, each block one
noted draw, with ``getrandbits`` and ``choice`` as ``random.Random``'s would draw them from
the same words, instead of seeding a generator of its own for each action (seeding a
Mersenne Twister costs as much as a few hundred draws).

>>> actions: list[int] = []
>>> s = Stream("random", 4, actions)
>>> first = [s.choice("abcdef") for _ in range(3)]
>>> import random
>>> r = random.Random(4)
>>> first == [r.choice("abcdef") for _ in range(3)]
True
>>> actions.append(0)  # an action is applied: the position is 1
>>> again = s.choice("abcdef")
>>> s.rewind(1)  # back to position 1: the draw made there is undone
>>> s.choice("abcdef") == again
True
"""

from __future__ import annotations

import random
import sys
from bisect import bisect_left
from collections.abc import Callable, MutableSequence, Sequence, Sized
from typing import Any, TypeVar

__all__ = ["Bits", "Stream", "words_of"]

T = TypeVar("T")

#: Going back keeps a copy of the generator's state every so many draws on its way, so that
#: going back again draws again at most this many (a game of Italia makes some 1,100).
#: Only going back makes copies: one costs as much as some 40 draws, and most games never go
#: back.
_EVERY = 256

#: A block of ``n`` words is noted as the code ``_WORDS - n`` (below any shuffle's ``-n``:
#: nothing shuffles 2**40 items), and saved as ``w<n>``.
_WORDS = -(1 << 40)


class Stream:
    """A seeded generator whose draws can be taken back to any earlier position.

    Each draw is noted as one small int: ``n > 0`` a choice among ``n`` (``choice``,
    ``randint``), ``0`` a float (``random``), ``-n`` a shuffle of ``n`` items, and a block
    of ``n`` words (``words``) as ``_WORDS - n``.

    A fork's copy is lazy: it copies the notes, not the generator (whose state is 625
    numbers), and draws them again only when it is first drawn from. A rollout forks a game
    hundreds of times a decision and rarely draws from the copies of the game's own streams.
    """

    __slots__ = ("_at", "_choose", "_draws", "_positions", "_rng", "_saved", "name", "seed")

    def __init__(self, name: str, seed: int, positions: Sized) -> None:
        self.name = name
        self.seed = seed
        self._rng: random.Random | None = random.Random(seed)  # None: not drawn again yet
        # the generator's choice, or None until a fork's copy is first drawn from (not a
        # method of the stream's own: that would be a cycle, freed only by the collector)
        self._choose: Callable[[Sequence[Any]], Any] | None = self._rng.choice
        self._positions = positions  # the game's list of actions: its length is the position
        self._draws: list[int] = []
        self._at: list[int] = []  # the position of each draw (never decreasing)
        self._saved: dict[int, tuple[Any, ...]] = {}  # draws made: the generator's state then

    def __repr__(self) -> str:
        return f"Stream({self.name!r}, seed={self.seed}, {len(self._draws)} draws)"

    def _live(self) -> random.Random:
        """The generator, brought to after the draws noted if this is a fork's copy."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random.__new__(random.Random)
            self._replay(rng, len(self._draws))
            self._choose = rng.choice
        return rng

    def _replay(self, rng: random.Random, cut: int) -> None:
        """Bring ``rng`` to where the first ``cut`` draws left it: from the nearest state
        kept (or the seed), keeping states on the way every :data:`_EVERY` draws."""
        saved = self._saved
        base = max((k for k in saved if k <= cut), default=0)
        if base:
            rng.setstate(saved[base])
        else:
            rng.seed(self.seed)  # as random.Random(seed) starts
        draws = self._draws
        for k in range(base, cut):
            if not k % _EVERY:
                saved[k] = rng.getstate()
            _redraw(rng, draws[k])

    def _note(self, code: int, position: int) -> None:
        self._draws.append(code)
        self._at.append(position)

    def choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq``, as ``random.Random.choice``."""
        # _note spelt out: a random player makes one choice an action
        choose = self._choose
        if choose is None:
            choose = self._live().choice
        value: T = choose(seq)  # an empty seq raises here, before anything is noted
        self._draws.append(len(seq))
        self._at.append(len(self._positions))
        return value

    def randint(self, a: int, b: int) -> int:
        """An integer of ``a..b``, as ``random.Random.randint``."""
        if b < a:
            raise ValueError(f"empty range for randint({a}, {b})")
        rng = self._live()
        n = b - a + 1
        self._draws.append(n)  # (_note spelt out, as in choice)
        self._at.append(len(self._positions))
        if type(rng) is not random.Random:
            return rng.randint(a, b)
        # random.Random.randint(a, b) spelt out: a + _randbelow(n), which draws
        # getrandbits(k), k the bit length of n, until it falls below n (its three
        # Python-level calls cost a random player as much as the rest of its draw)
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return a + r

    def random(self) -> float:
        """A float in [0, 1), as ``random.Random.random``."""
        rng = self._live()
        self._note(0, len(self._positions))
        return rng.random()

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place, as ``random.Random.shuffle``."""
        rng = self._live()
        self._note(-len(items), len(self._positions))
        rng.shuffle(items)

    def words(self, n: int) -> list[int]:
        """``n`` 32-bit words of the generator, in the order it makes them: what ``n``
        calls of ``getrandbits(32)`` would give (``getrandbits(32 * n)`` holds them, the
        first in its lowest bits). One noted draw, however many words it takes.

        >>> s, r = Stream("random", 3, []), random.Random(3)
        >>> s.words(3) == [r.getrandbits(32) for _ in range(3)]
        True
        """
        if n < 1:
            raise ValueError(f"a block of words holds at least one, not {n}")
        rng = self._live()
        self._note(_WORDS - n, len(self._positions))
        return words_of(rng.getrandbits(32 * n), n, little=sys.byteorder == "little")

    def rewind(self, position: int) -> None:
        """Go back to where the stream stood when the game first reached ``position``:
        every draw made at that position or later is taken back."""
        at = self._at
        if not at or at[-1] < position:
            return
        cut = bisect_left(at, position)
        if self._rng is not None:  # a fork's copy not drawn from yet stays so
            self._replay(self._rng, cut)
        del self._draws[cut:], at[cut:]
        saved = self._saved
        for k in [k for k in saved if k > cut]:  # states after draws taken back
            del saved[k]

    def fork(self, positions: Sized) -> Stream:
        """An independent copy for a fork of the game (``positions``: the fork's actions)."""
        twin = Stream.__new__(Stream)
        twin.name, twin.seed = self.name, self.seed
        twin._rng = twin._choose = None
        twin._positions = positions
        twin._draws = list(self._draws)
        twin._at = list(self._at)
        twin._saved = dict(self._saved)
        return twin

    def to_json(self) -> dict[str, Any]:
        """The seed and the draws, for a save: ``draws`` is one line of text, each position
        where draws were made and their codes (``"0:27;3:5,0,w16"``: a choice among 27 at
        position 0; a choice among 5, a float and a block of 16 words at position 3)."""
        groups: dict[int, list[str]] = {}
        for code, position in zip(self._draws, self._at, strict=True):
            groups.setdefault(position, []).append(_code_text(code))
        draws = ";".join(f"{p}:{','.join(codes)}" for p, codes in groups.items())
        return {"name": self.name, "seed": self.seed, "draws": draws}

    @classmethod
    def from_json(cls, data: Any, positions: Sized) -> Stream:
        """Rebuild a stream from :meth:`to_json`'s form; ``ValueError`` if it is corrupt.

        >>> s = Stream("random", 1, [])
        >>> _ = s.choice("abc"), s.random()
        >>> Stream.from_json(s.to_json(), []).choice("abc") == s.choice("abc")
        True
        """
        if not isinstance(data, dict):
            raise ValueError("a stream must be a mapping")
        name, seed, text = data.get("name"), data.get("seed"), data.get("draws")
        if not isinstance(name, str) or not isinstance(seed, int) or not isinstance(text, str):
            raise ValueError("a stream's 'name' and 'draws' must be texts, its 'seed' an integer")
        out = cls(name, seed, positions)
        last = 0
        try:
            for group in filter(None, text.split(";")):
                where, _, codes = group.partition(":")
                position = int(where)
                if position < last:
                    raise ValueError(f"position {position} comes after {last}")
                last = position
                for code in map(_code_of, codes.split(",")):
                    out._note(code, position)
        except ValueError as exc:
            raise ValueError(f"stream {name!r}: 'draws' is not as saved: {exc}") from None
        out._rng = out._choose = None  # drawn again when first drawn from
        return out


def words_of(block: int, n: int, *, little: bool = True) -> list[int]:
    """The ``n`` 32-bit words of ``block``, its lowest first: on a little-endian machine
    (``little``) its bytes read as words in C, else by shifts.

    >>> words_of(0x00000003_00000002_00000001, 3), words_of(7 << 32, 2, little=False)
    ([1, 2, 3], [0, 7])
    """
    if little:  # the int's bytes are the words, the lowest first
        return memoryview(block.to_bytes(4 * n, "little")).cast("I").tolist()
    return [(block >> (32 * i)) & 0xFFFFFFFF for i in range(n)]


def _code_text(code: int) -> str:
    return f"w{_WORDS - code}" if code < _WORDS else str(code)


def _code_of(text: str) -> int:
    """A draw's code from its saved text (``ValueError`` if it is none)."""
    if text.startswith("w"):
        n = int(text[1:])
        if n < 1:
            raise ValueError(f"a block of {n} words")
        return _WORDS - n
    code = int(text)
    if code <= _WORDS:
        raise ValueError(f"no draw has the code {code}")
    return code


def _redraw(rng: random.Random, code: int) -> None:
    """Draw again what the draw noted as ``code`` drew (see :class:`Stream`)."""
    if code > 0:
        rng.choice(range(code))  # what a choice among code items, or a randint, draws
    elif code == 0:
        rng.random()
    elif code < _WORDS:
        rng.getrandbits(32 * (_WORDS - code))  # a block of words
    else:
        rng.shuffle(list(range(-code)))


class Bits:
    """``getrandbits(k)`` for ``k`` up to 32, and ``choice``, drawn from a stream's
    words in blocks (:meth:`Stream.words`, ``block`` words a block, the next when one is
    used up): as ``random.Random``'s ``getrandbits`` and ``choice`` would draw them from
    the same words (a word's top ``k`` bits; ``choice`` draws ``getrandbits`` below the
    sequence's length), so code that draws from either gives the same on the same words.
    The unused words of its last block are spent: make one for one action's draws.

    >>> s, r = Stream("random", 8, []), random.Random(8)
    >>> bits = Bits(s, block=4)
    >>> [bits.getrandbits(5) for _ in range(6)] == [r.getrandbits(5) for _ in range(6)]
    True
    >>> s
    Stream('random', seed=8, 2 draws)
    >>> Bits(Stream("random", 1, [])).choice("abcdefg") == random.Random(1).choice("abcdefg")
    True
    """

    __slots__ = ("_block", "_next", "_stream", "_words")

    def __init__(self, stream: Stream, block: int = 16) -> None:
        if block < 1:
            raise ValueError(f"a block of words holds at least one, not {block}")
        self._stream = stream
        self._block = block
        self._words: list[int] = []
        self._next = 0

    def getrandbits(self, k: int) -> int:
        """``k`` random bits (``0 <= k <= 32``): the top ``k`` of the next word, as
        ``random.Random.getrandbits(k)`` takes them (``k == 0`` takes no word)."""
        if not 0 < k <= 32:
            if k == 0:
                return 0
            raise ValueError(f"Bits draws 1 to 32 bits at a time, not {k}")
        i = self._next
        words = self._words
        if i == len(words):
            words = self._words = self._stream.words(self._block)
            i = 0
        self._next = i + 1
        return words[i] >> (32 - k)

    def choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq``, as ``random.Random.choice`` draws it (``IndexError`` if
        ``seq`` is empty)."""
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return seq[r]
