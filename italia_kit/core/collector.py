"""Fewer garbage collections while bots play whole games.

A bot's game makes and drops some fifty thousand small containers (lists of legal actions,
records of moves, the dice of a round) and keeps few reference cycles. With Python's
default first threshold (700 new containers), the cycle collector runs some fifteen times
a game; the events the game keeps survive each run, are promoted, and every fourth of them
or so forces a full collection over the whole heap, the board's tables included. That is
some 8% of a random game's time on the development machine (measured with
``gc.callbacks``: 0.7 ms a game in young collections, 0.7 ms in the middle generation and
2.7 ms in full ones, of 41 ms).

:func:`fewer_collections` raises the first threshold while a loop of whole games runs and
puts the collector's settings back afterwards, also on an error. Reference counting still
frees almost everything at once; only cycles wait a little longer, at most
:data:`GAME_THRESHOLD` containers' worth. It is a context and not a setting of the
process: a notebook or a server that drives a game action by action keeps Python's own
collector as it was.

>>> import gc
>>> before = gc.get_threshold()
>>> with fewer_collections():
...     gc.get_threshold()[0] >= GAME_THRESHOLD
True
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: the first-generation threshold while whole games run (Python's default is 700)
GAME_THRESHOLD = 20_000

_lock = threading.Lock()
_depth = 0  # how many fewer_collections() contexts are open, in any thread
_saved: tuple[int, ...] = ()  # the thresholds the first of them found


@contextmanager
def fewer_collections(threshold: int = GAME_THRESHOLD) -> Iterator[None]:
    """Run the body with the collector's first threshold at least ``threshold``.

    Contexts may nest and may be open in several threads at once: the first one in saves
    the thresholds, the last one out restores them. A threshold the program set higher
    already, or a collector switched off, is left alone.
    """
    global _depth, _saved
    with _lock:
        if _depth == 0:
            _saved = gc.get_threshold()
            first, *rest = _saved
            if 0 < first < threshold:  # 0: the program switched collections off
                gc.set_threshold(threshold, *rest)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.set_threshold(*_saved)
