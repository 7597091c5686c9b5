"""Players for any registered game, by name and by seat.

The generic kinds (:data:`PLAYER_KINDS`: ``random``, ``passive``, ``rollout``) play every
game; a game adds its own bots (:attr:`GameSpec.bots <italia_kit.games.GameSpec>`, Italia's
``greedy``). :func:`players_from_spec` reads the command line's ``--players`` text into one
player per seat (:attr:`GameSpec.seats`), and :class:`BySeat` routes each decision to the
player of the seat deciding (:attr:`GameSpec.seat_of`).

>>> from italia_kit import games
>>> spec = games.load("italia1")
>>> sorted(player_kinds(spec))
['greedy', 'passive', 'random', 'rollout']
>>> make_player("greedy", seed=3, game=spec)
GreedyPlayer(seed=3)
>>> players, kinds = players_from_spec("red=greedy", spec, seed=7)
>>> kinds
{'red': 'greedy', 'yellow': 'random', 'blue': 'random'}
>>> game = spec.new_game(seed=7)
>>> play_out(spec, game, players, max_actions=20)
20
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from italia_kit.core import BySeat as CoreBySeat
from italia_kit.core import Game, PassivePlayer, Player, RandomPlayer, ScriptedPlayer
from italia_kit.core.collector import fewer_collections
from italia_kit.games.registry import load
from italia_kit.games.spec import GameSpec
from italia_kit.players.kinds import SCRIPTED, SeatKinds, seat_kinds
from italia_kit.players.rollout import Ranked, RolloutPlayer

__all__ = [
    "PLAYER_KINDS",
    "BySeat",
    "PassivePlayer",
    "Player",
    "RandomPlayer",
    "Ranked",
    "RolloutPlayer",
    "ScriptedPlayer",
    "SeatKinds",
    "make_player",
    "play_out",
    "player_kinds",
    "players_from_spec",
    "scripted_player",
    "seat_kinds",
    "seated",
    "spec_of",
]

#: ``factory(spec, seed) -> Player``: a kind of player that plays any game.
KindFactory = Callable[[GameSpec, int], Player]

#: The kinds of player every game has, by name (a game's own bots come on top).
PLAYER_KINDS: Mapping[str, KindFactory] = {
    "random": lambda spec, seed: RandomPlayer(seed),
    "passive": lambda spec, seed: PassivePlayer(),
    "rollout": lambda spec, seed: RolloutPlayer(spec, seed=seed),
}

#: The kinds that need no game to be built (``make_player`` without ``game``).
_STANDALONE = ("random", "passive")


def spec_of(game: GameSpec | str) -> GameSpec:
    """A spec as given, or the registered game of that id (with no options)."""
    return game if isinstance(game, GameSpec) else load(game)


def player_kinds(game: GameSpec | str) -> dict[str, Callable[[int], Player]]:
    """Every kind of player of ``game`` by name: the generic ones and the game's bots (a
    bot of a generic name replaces the generic player), each built from a seed."""
    spec = spec_of(game)
    kinds = {name: _bound(factory, spec) for name, factory in PLAYER_KINDS.items()}
    kinds.update(spec.bots)
    return kinds


def _bound(factory: KindFactory, spec: GameSpec) -> Callable[[int], Player]:
    def make(seed: int) -> Player:
        return factory(spec, seed)

    return make


def make_player(kind: str, seed: int = 0, *, game: GameSpec | str | None = None) -> Player:
    """A player of kind ``kind`` for ``game``; ``ValueError`` names the known kinds.

    Without ``game`` only the kinds that need none (random, passive) can be built.

    >>> make_player("random", 2)
    RandomPlayer(seed=2)
    >>> make_player("chess", game="italia1")
    Traceback (most recent call last):
    ...
    ValueError: unknown player kind 'chess' for italia1 (known: greedy, passive, random, rollout)
    """
    name = kind.strip().lower()
    if name.startswith(SCRIPTED):
        return scripted_player(kind.strip()[len(SCRIPTED) :], seed, game=game)
    if game is None:
        if name in _STANDALONE:
            return PLAYER_KINDS[name](_NO_GAME, seed)
        if name in PLAYER_KINDS:
            raise ValueError(f"a {name} player needs the game: make_player({name!r}, game=...)")
        known = ", ".join(sorted(PLAYER_KINDS))
        raise ValueError(f"unknown player kind {kind.strip()!r} (known: {known})")
    spec = spec_of(game)
    kinds = player_kinds(spec)
    factory = kinds.get(name)
    if factory is None:
        known = ", ".join(sorted(kinds))
        raise ValueError(f"unknown player kind {kind.strip()!r} for {spec.id} (known: {known})")
    return factory(seed)


def players_from_spec(
    text: str, game: GameSpec | str, *, seed: int = 0, default: str = "random"
) -> tuple[Player | dict[str, Player], dict[str, str]]:
    """The players a ``--players`` text asks for in ``game``, and the kind each seat got.

    ``"greedy"``: one player of that kind for every seat, seeded with ``seed``.
    ``"red=greedy,blue=random"``: one player per seat; seats left out get ``default``; the
    player of the seat at position ``i`` of :attr:`GameSpec.seats` is seeded with
    ``seed * 100 + i``. Unknown kinds and seats raise ``ValueError`` naming the known ones.
    """
    spec = spec_of(game)
    seats = list(spec.seats)
    kind = text.strip()
    if kind and "=" not in kind:
        return make_player(kind, seed, game=spec), dict.fromkeys(seats, kind.lower())
    kinds = seat_kinds(text, spec, default=default)  # (refuses a bad item, naming it)
    players = {s: make_player(kinds[s], seed * 100 + i, game=spec) for i, s in enumerate(seats)}
    return players, kinds


def scripted_player(text: str, seed: int = 0, *, game: GameSpec | str | None = None) -> Player:
    """The player of ``scripted:FILE[+KIND]``: FILE a JSON list of actions (or an object
    whose ``actions`` is one, as a save holds them), played in order, then a ``KIND``
    player seeded with ``seed`` if one is named. ``ValueError`` names the file's fault.

    >>> import json, tempfile
    >>> path = tempfile.mktemp(suffix=".json")
    >>> _ = open(path, "w").write(json.dumps([{"kind": "end_phase"}]))
    >>> scripted_player(path + "+passive")
    ScriptedPlayer(steps=1, played=0, then=PassivePlayer)
    >>> scripted_player("/nowhere.json")
    Traceback (most recent call last):
    ...
    ValueError: scripted:/nowhere.json: no such file
    """
    path_text, plus, then_kind = text.rpartition("+") if "+" in text else (text, "", "")
    if not path_text:
        raise ValueError(f"{SCRIPTED}FILE needs a file name (got {SCRIPTED}{text})")
    path = Path(path_text)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{SCRIPTED}{path_text}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{SCRIPTED}{path_text}: not a JSON file ({error})") from None
    steps = data.get("actions") if isinstance(data, dict) else data
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise ValueError(
            f"{SCRIPTED}{path_text}: expected a list of actions (JSON objects with a 'kind'),"
            " or an object whose 'actions' is one"
        )
    then = make_player(then_kind, seed, game=game) if plus else None
    return ScriptedPlayer(steps, then=then)


def _kind_list(spec: GameSpec) -> str:
    return ", ".join(sorted(player_kinds(spec)))


class BySeat(CoreBySeat):
    """Routes each decision to the player of the seat deciding (``spec.seat_of``: in
    Italia the colour of the nation, 3.0), sealed orders seat by seat as
    :class:`italia_kit.core.BySeat` does; every seat of the spec must have a player."""

    def __init__(self, game: GameSpec | str, players: Mapping[str, Player]) -> None:
        self.spec = spec_of(game)
        missing = [s for s in self.spec.seats if s not in players]
        if missing:
            raise ValueError(f"no player for {self.spec.seat_label}(s) {missing}")
        super().__init__(players, self.spec.seat_of)


def seated(game: GameSpec | str, players: Player | Mapping[str, Player]) -> Player:
    """One player for the whole game: ``players`` itself, or a :class:`BySeat` over a
    mapping of seats to players."""
    return BySeat(game, players) if isinstance(players, Mapping) else players


def play_out(
    game_spec: GameSpec | str,
    game: Game[Any],
    players: Player | Mapping[str, Player],
    *,
    max_actions: int | None = None,
    on_action: Callable[[Game[Any]], None] | None = None,
) -> int:
    """Let the players (one for all, or one per seat) decide until the game is over or
    ``max_actions`` actions are taken; return how many were. ``on_action(game)`` runs after
    each. The collector runs less often meanwhile
    (:func:`~italia_kit.core.collector.fewer_collections`): this is the loop of
    ``italia-kit play`` and of the what-if runner."""
    player = seated(game_spec, players)
    limit = -1 if max_actions is None else max_actions
    n = 0
    with fewer_collections():  # a whole game's worth of garbage: see core.collector
        while n != limit and not game.is_over:
            game.apply(player.choose(game))
            n += 1
            if on_action is not None:
                on_action(game)
    return n


class _NoGame:
    """Stands for the spec of the kinds that need none (random, passive)."""


_NO_GAME: Any = _NoGame()
