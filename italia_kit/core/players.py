"""Players that decide for a game: anything that picks one of the legal actions.

Bots, replays and the notebook stepper all ask a player for the next action and then
call ``game.apply`` with it, like a person would.

A player decides for whoever :meth:`Game.legal_actions` lists: the actor or, when several
seats owe sealed orders, the first of them. :class:`BySeat` routes each decision to the
player of that seat, so one player per seat plays a game of sealed orders as well as a
game of turns.

>>> from italia_kit.core.decision import Decision
>>> class Stub:
...     decision = Decision.sealed(("B", "C"), "bid", "B2", "bid", submitted=("A",))
...     pending_seats = decision.owing
>>> class Says:
...     def __init__(self, name: str) -> None:
...         self.name = name
...     def choose(self, game: object) -> str:
...         return self.name
>>> BySeat({s: Says(s) for s in "ABC"}).choose(Stub())
'B'
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from italia_kit.core.actions import Action
from italia_kit.core.collector import fewer_collections
from italia_kit.core.errors import InvalidActionError
from italia_kit.core.game import Game
from italia_kit.core.streams import Stream


class Player(Protocol):
    """Chooses the next action of the game's pending decision."""

    def choose(self, game: Game[Any]) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions, drawn from the game's stream for its seed
    (:meth:`Game.stream`): after an undo, a jump or on a fork it chooses again as it chose
    before, and on a fresh game as ``random.Random(seed).choice`` does.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # the stream of the last game played, and that game (weakly: a player does not keep
        # a finished game alive); a game keeps its stream object for good (going back
        # rewinds it in place), and a random player asks for it once an action
        self._game: weakref.ref[Game[Any]] | None = None
        self._stream: Stream | None = None
        self._rng: random.Random | None = None

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"

    @property
    def rng(self) -> random.Random:
        """A ``random.Random(seed)`` of the player's own, tied to no game (for code that
        draws from it directly; :meth:`choose` does not)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def __reduce__(self) -> tuple[type[RandomPlayer], tuple[int]]:
        return (RandomPlayer, (self.seed,))  # a weak reference does not pickle

    def choose(self, game: Game[Any], seat: str | None = None) -> Action:
        """A legal action of ``seat`` (by default whoever the game asks now)."""
        actions = game.legal_actions(seat)
        if not actions:
            raise ValueError(f"no legal action for {seat or 'anyone'}: the game is over")
        # the stream, remembered (see __init__): one lookup fewer an action
        stream = self._stream
        known = self._game
        if stream is None or known is None or known() is not game:
            stream = self._stream = game.stream("random", self.seed)
            self._game = weakref.ref(game)
        return stream.choice(actions)


class PassivePlayer:
    """Ends every phase at once when it may (``end_*`` actions), otherwise takes the first
    legal action: the slowest, most predictable way through a game."""

    def choose(self, game: Game[Any], seat: str | None = None) -> Action:
        actions = game.legal_actions(seat)
        if not actions:
            raise ValueError(f"no legal action for {seat or 'anyone'}: the game is over")
        ends = [a for a in actions if a.kind.startswith("end_")]
        return ends[0] if ends else actions[0]


class ScriptedPlayer:
    """Plays a script: a list of decisions, in order, then (if given) hands over to ``then``.

    A step is an :class:`~italia_kit.core.actions.Action` or its JSON form (a mapping with
    a ``kind``, as saves and ``--players seat=scripted:FILE`` files hold it), decoded by the
    game's own codec when its turn comes. The script decides only what it is asked; the game
    still checks each step (an illegal one is refused by :meth:`Game.apply` naming its rule,
    the game untouched), and a step that is not an action at all is refused naming its
    number. Without ``then`` a script that runs out is an error, not a silent pass.

    >>> from italia_kit.core import PassivePlayer
    >>> ScriptedPlayer([{"kind": "end_phase"}], then=PassivePlayer())
    ScriptedPlayer(steps=1, played=0, then=PassivePlayer)
    """

    def __init__(
        self, actions: Iterable[Action | Mapping[str, Any]], *, then: Player | None = None
    ) -> None:
        self.steps: tuple[Action | Mapping[str, Any], ...] = tuple(actions)
        self.then = then
        self.played = 0

    def __repr__(self) -> str:
        then = "" if self.then is None else f", then={type(self.then).__name__}"
        return f"ScriptedPlayer(steps={len(self.steps)}, played={self.played}{then})"

    @property
    def remaining(self) -> int:
        """How many steps of the script are still to be played."""
        return len(self.steps) - self.played

    def choose(self, game: Game[Any]) -> Action:
        if self.played >= len(self.steps):
            if self.then is not None:
                return self.then.choose(game)
            raise ValueError(f"the script has no more actions ({len(self.steps)} played)")
        step = self.steps[self.played]
        number = self.played + 1
        if isinstance(step, Action):
            action = step
        else:
            try:
                action = game.rules.codec.from_json(step)
            except InvalidActionError as error:
                raise InvalidActionError(f"script step {number}: {error}") from None
        self.played += 1
        return action


#: ``seat_of(game, name)``: the seat that decides for a name the decisions use (a nation
#: of Italia belongs to a colour); :attr:`GameSpec.seat_of <italia_kit.games.GameSpec>`.
SeatOf = Callable[[Game[Any], str], str]


class BySeat:
    """One player per seat: each decision goes to the player of the first seat that owes
    it (``game.pending_seats[0]``, whose actions ``game.legal_actions()`` lists), its name
    mapped to a seat by ``seat_of`` if the decisions name actors rather than seats."""

    def __init__(self, players: Mapping[str, Player], seat_of: SeatOf | None = None) -> None:
        self.players = dict(players)
        self.seat_of = seat_of

    def choose(self, game: Game[Any]) -> Action:
        owing = game.pending_seats
        if not owing:
            raise ValueError("no legal action: the game is over")
        seat = owing[0] if self.seat_of is None else self.seat_of(game, owing[0])
        player = self.players.get(seat)
        if player is None:
            known = ", ".join(sorted(self.players))
            raise ValueError(f"no player for seat {seat!r} (players for: {known})")
        return player.choose(game)


def play(
    game: Game[Any],
    player: Player | Mapping[str, Player],
    *,
    max_actions: int | None = None,
    seat_of: SeatOf | None = None,
) -> int:
    """Let ``player`` decide until the game ends (or ``max_actions``); return the count.

    ``player`` may be one player per seat (:class:`BySeat`, with ``seat_of``). The
    collector runs less often meanwhile (:func:`.collector.fewer_collections`)."""
    if isinstance(player, Mapping):
        player = BySeat(player, seat_of)
    n = 0
    with fewer_collections():
        while not game.is_over and (max_actions is None or n < max_actions):
            game.apply(player.choose(game))
            n += 1
    return n
