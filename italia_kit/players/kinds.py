"""Kinds of player by seat, as the command line's ``--players`` text writes them, for any
game: :func:`seat_kinds` reads ``red=greedy,blue=random`` (or one kind for every seat)
into a kind per seat, and :class:`SeatKinds` is the player factory of a what-if run
(:func:`italia_kit.analysis.run_whatif`) that gives each seat its kind: plain data, so it
pickles to worker processes, and it rebuilds the game's spec from its id and options there.

>>> from italia_kit import games
>>> spec = games.load("italia1")
>>> seat_kinds("red=greedy", spec)
{'red': 'greedy', 'yellow': 'random', 'blue': 'random'}
>>> factory = SeatKinds.of(spec, seat_kinds("red=greedy", spec))
>>> factory("red", 4), factory("blue", 4)
(GreedyPlayer(seed=4), RandomPlayer(seed=4))
>>> factory.label
'red=greedy, yellow=random, blue=random'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from italia_kit.core import Player
from italia_kit.games.registry import load
from italia_kit.games.spec import GameSpec

__all__ = ["SCRIPTED", "SeatKinds", "seat_kinds"]

#: ``--players rome=scripted:FILE`` (or ``scripted:FILE+greedy``): a seat that plays the
#: JSON actions of FILE in order, then (after ``+``) a player of another kind.
SCRIPTED = "scripted:"


def seat_kinds(text: str, spec: GameSpec, *, default: str = "random") -> dict[str, str]:
    """The kind of player of every seat of ``spec`` that ``text`` asks for: one kind for
    every seat (``greedy``), or ``seat=kind`` pairs, the seats left out ``default``. A
    seat matches whatever its case; a script's file name keeps its case. An empty text,
    an item that is no pair, an unknown seat or an unknown kind raises ``ValueError``
    naming what is known.

    >>> from italia_kit import games
    >>> seat_kinds("Blue=Passive", games.load("italia1"))
    {'red': 'random', 'yellow': 'random', 'blue': 'passive'}
    >>> seat_kinds("green=random", games.load("italia1"))
    Traceback (most recent call last):
    ...
    ValueError: unknown colour 'green' in italia1 (colours: red, yellow, blue)
    """
    from italia_kit.players import make_player, player_kinds

    seats = list(spec.seats)
    label = spec.seat_label
    text = text.strip()
    if not text:
        known = ", ".join(sorted(player_kinds(spec)))
        raise ValueError(f"--players is empty: give a kind ({known}) or {label}=kind")
    if "=" not in text:
        make_player(text, game=spec)  # refuse an unknown kind before anything is built
        return dict.fromkeys(seats, text.lower())
    kinds = dict.fromkeys(seats, default)
    by_name = {s.lower(): s for s in seats}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, kind = (s.strip() for s in item.partition("="))
        if not kind.lower().startswith(SCRIPTED):  # a script's file name keeps its case
            kind = kind.lower()
        if not sep or not kind:
            raise ValueError(f"{item!r} is not {label}=kind (e.g. {seats[0]}=random)")
        seat = by_name.get(name.lower())
        if seat is None:
            raise ValueError(
                f"unknown {label} {name.lower()!r} in {spec.id} ({label}s: {', '.join(seats)})"
            )
        make_player(kind, game=spec)  # refuse an unknown kind before anything is built
        kinds[seat] = kind
    return kinds


@lru_cache(maxsize=32)
def _spec(game: str, options: str) -> GameSpec:
    return load(game, **(json.loads(options) if options else {}))


@dataclass(frozen=True)
class SeatKinds:
    """``factory(seat, seed) -> Player`` for a what-if run: the player of the kind
    ``kinds`` names for the seat, else of ``default``, built for the game ``game`` with
    the spec options ``options`` (JSON, "" for none)."""

    game: str
    kinds: tuple[tuple[str, str], ...]
    default: str = "random"
    options: str = ""

    @classmethod
    def of(cls, spec: GameSpec, kinds: Mapping[str, str], default: str = "random") -> SeatKinds:
        """The factory of ``kinds`` (seat -> kind, e.g. :func:`seat_kinds`'s) for ``spec``."""
        options = json.dumps(spec.options, sort_keys=True) if spec.options else ""
        return cls(
            spec.id, tuple((s, kinds[s]) for s in spec.seats if s in kinds), default, options
        )

    @property
    def label(self) -> str:
        """``red=greedy, yellow=random``: the kinds in the order of the seats."""
        return ", ".join(f"{seat}={kind}" for seat, kind in self.kinds)

    def __call__(self, seat: str, seed: int) -> Player:
        from italia_kit.players import make_player

        kind = dict(self.kinds).get(seat, self.default)
        return make_player(kind, seed, game=_spec(self.game, self.options))
