"""Who plays which seat in the classroom views: bots by name, a seat played by hand, and
the result of a finished game in words.

The views know no game: a game's bots come from its registered spec (``GameSpec.bots``,
Italia's ``greedy``), besides the generic ``random``. A seat the teacher plays is given the
:data:`HUMAN` player: the stepper stops when that seat decides and offers its legal actions
(:class:`~italia_kit.widgets.chooser.ActionChooser`).

>>> from tests.toygame import race_spec
>>> spec = race_spec()
>>> player_choices(spec)
('human', 'stopper', 'random')
>>> type(make_player(spec, "random", 3)).__name__
'RandomPlayer'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from italia_kit.core import Action, Game, Player, RandomPlayer
from italia_kit.core.save import ref_of
from italia_kit.games import GameSpec

__all__ = [
    "HUMAN",
    "Human",
    "SeatPlayers",
    "default_bot",
    "make_player",
    "player_choices",
    "result_text",
    "seat_deciding",
    "spec_of",
]


class Human:
    """The player of a seat the teacher plays by hand: it never chooses by itself (the
    stepper stops at its decisions and waits for an action from the list)."""

    def __repr__(self) -> str:
        return "HUMAN"

    def choose(self, game: Game[Any]) -> Action:
        raise ValueError("this seat is played by hand: choose its action from the list")


#: The one :class:`Human` player (``players={"red": HUMAN}``).
HUMAN = Human()


class SeatPlayers:
    """One player per seat: the decision goes to the player of the seat its actor belongs
    to, as the game's spec says (``GameSpec.seat_of``); ``default`` plays the other seats."""

    def __init__(
        self,
        players: Mapping[str, Player],
        seat_of: Callable[[Game[Any], str], str],
        default: Player,
    ) -> None:
        self.players = dict(players)
        self.seat_of = seat_of
        self.default = default

    def player_of(self, seat: str) -> Player:
        return self.players.get(seat, self.default)

    def choose(self, game: Game[Any]) -> Action:
        seat = seat_deciding(game, self.seat_of)
        return self.player_of(seat).choose(game)


def seat_deciding(game: Game[Any], seat_of: Callable[[Game[Any], str], str]) -> str:
    """The seat whose decision is pending ("" when the game is over): the first seat owing
    orders, mapped to its seat by ``seat_of`` (an Italia nation to its colour)."""
    owing = game.pending_seats
    return seat_of(game, owing[0]) if owing else ""


def spec_of(game: Game[Any]) -> GameSpec:
    """The registered spec of a game (as its rules name it: ``rules.ref``)."""
    from italia_kit import games

    ref = ref_of(game.rules)
    return games.load(ref.game, **ref.options)


def default_bot(spec: GameSpec) -> str:
    """The bot the classroom plays with unless told otherwise: the game's ``greedy`` if it
    has one (a plausible game), else ``random``."""
    return "greedy" if "greedy" in spec.bots else "random"


def player_choices(spec: GameSpec) -> tuple[str, ...]:
    """What a seat may be played by: ``human``, the game's own bots, ``random``."""
    return ("human", *sorted(spec.bots), "random")


def make_player(spec: GameSpec, name: str, seed: int) -> Player:
    """The player called ``name`` (one of :func:`player_choices`) seeded with ``seed``."""
    if name == "human":
        return HUMAN
    if name == "random":
        return RandomPlayer(seed)
    if name in spec.bots:
        return spec.bots[name](seed)
    raise ValueError(f"no player {name!r} for {spec.id}; choose one of {player_choices(spec)}")


def result_text(spec: GameSpec, game: Game[Any]) -> str:
    """The end of a game in words: who won, with the final score of every seat.

    >>> from tests.toygame import race_spec
    >>> from italia_kit.core import play
    >>> game = race_spec().new_game(seed=2)
    >>> _ = play(game, RandomPlayer(2))
    >>> result_text(race_spec(), game)
    'A wins with 24 points; B 10.'
    """
    if spec.returns is None:
        return "the game is over."
    scores = spec.scores(game)
    unit = f" {spec.score_unit}" if spec.score_unit else " points"
    best = max(scores.values())
    winners = [s for s, v in scores.items() if v == best]
    others = "; ".join(f"{s} {_num(v)}" for s, v in scores.items() if s not in winners)
    tail = f"; {others}." if others else "."
    if len(winners) == 1:
        return f"{winners[0]} wins with {_num(best)}{unit}{tail}"
    return f"{' and '.join(winners)} share the win with {_num(best)}{unit} each{tail}"


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
