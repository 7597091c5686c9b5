"""``italia-kit play`` and ``italia-kit replay``: whole games of any registered game.

``play --game ID`` runs a game to the end with players chosen per seat (``--players``: one
kind for every seat, or ``seat=kind`` pairs; the kinds are the generic random, passive and
rollout and the game's own bots), prints the game's summary (:attr:`GameSpec.summary
<italia_kit.games.GameSpec>`; Italia's is turn by turn, 11.0) and can save the game as
JSON. ``replay`` loads a save of any game (the save names it, :mod:`italia_kit.core.save`),
replays it and prints the same summary.

>>> from italia_kit.cli import main
>>> main(["play", "--game", "italia1", "--players", "tennis"])
2
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from italia_kit import games
from italia_kit.cli import Command, CommandError, one_line
from italia_kit.core import Game, SaveFileError, game_to_json, load_game, save_game
from italia_kit.core.save import ref_of
from italia_kit.games import GameSpec
from italia_kit.players import play_out, players_from_spec

__all__ = ["PLAY", "REPLAY", "play_from_spec", "summary_of"]


def play_from_spec(
    game_name: str | GameSpec,
    *,
    seed: int = 0,
    players: str = "random",
    max_actions: int = 100_000,
    options: dict[str, Any] | None = None,
) -> tuple[Game[Any], dict[str, str], Exception | None]:
    """Play a game as ``italia-kit play`` does; return it, the player kind by seat, and the
    error that stopped it early (None when it ran to the end). An unknown game
    (:class:`~italia_kit.games.UnknownGameError`) or ``--players`` text raises."""
    if isinstance(game_name, GameSpec):
        spec = game_name
    else:
        spec = games.load(game_name, **(options or {}))
    game = spec.new_game(seed=seed)
    chosen, kinds = players_from_spec(players, spec, seed=seed)
    stopped: Exception | None = None
    try:
        play_out(spec, game, chosen, max_actions=max_actions)
        if not game.is_over:
            raise RuntimeError(f"the game did not end within {max_actions} actions")
    except (ValueError, RuntimeError) as exc:
        stopped = exc
    return game, kinds, stopped


def summary_of(spec: GameSpec, game: Game[Any]) -> str:
    """The game's own summary, or else one line of the scores by seat (if it has any)."""
    if spec.summary is not None:
        return spec.summary(game)
    end = "final" if game.is_over else "so far"
    if spec.returns is None:
        state = "over" if game.is_over else "not over"
        return f"the game is {state} after {len(game.actions)} actions"
    scores = spec.scores(game)
    ranked = sorted(scores, key=lambda s: (-scores[s], s))
    text = ", ".join(f"{s} {scores[s]:g}" for s in ranked)
    return f"{spec.score_label} {end}: {text}"


# -- the commands -------------------------------------------------------------------------------


def game_argument(parser: argparse.ArgumentParser, default: str | None = "italia1") -> None:
    """``--game ID``, the registered games listed in the help (every command that plays)."""
    known = ", ".join(games.available())
    parser.add_argument("--game", default=default, metavar="ID", help=f"one of {known}")


def load_spec(game_id: str, **options: Any) -> GameSpec:
    """The spec of ``--game``; an unknown id or option becomes the one-line refusal."""
    try:
        return games.load(game_id, **options)
    except (KeyError, ValueError) as err:  # UnknownGameError is both
        raise CommandError(one_line(err)) from None


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    game_argument(parser)
    parser.add_argument("--seed", type=int, default=0, help="the dice and the bots' seed")
    parser.add_argument(
        "--players",
        default="random",
        metavar="SPEC",
        help="one kind for every seat (random, passive, rollout or the game's bots: Italia's "
        "greedy), or one kind per seat: red=greedy,blue=random (seats left out play random); "
        "scripted:FILE plays FILE's JSON actions in order (scripted:FILE+greedy, then greedy)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME|FILE",
        help="a shipped what-if variant or a variant file (the game's `variant` option)",
    )
    parser.add_argument("--save", metavar="FILE", type=Path, help="write the game as JSON")


def _run_play(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {"variant": list(args.variant)} if args.variant else {}
    spec = load_spec(args.game, **options)
    try:
        game, kinds, stopped = play_from_spec(spec, seed=args.seed, players=args.players)
    except ValueError as err:  # a bad --players spec
        raise CommandError(str(err).splitlines()[0]) from None
    who = ", ".join(f"{c}={k}" for c, k in kinds.items())
    print(f"{args.game}, seed {args.seed}: {who}; {len(game.actions)} actions")
    print(summary_of(spec, game))
    if args.save is not None:
        save_game(game, args.save)
        print(f"saved to {args.save}")
    if stopped is not None:
        raise CommandError(f"the game stopped after {len(game.actions)} actions: {stopped}", 1)
    return 0


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a game saved by `italia-kit play --save`")


def _run_replay(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.file)
    except SaveFileError as err:
        raise CommandError(str(err).splitlines()[0]) from None
    except (ValueError, KeyError, TypeError, AttributeError, AssertionError) as err:
        raise CommandError(f"{args.file}: the saved game cannot be replayed: {err!r}") from None
    ref = ref_of(game.rules)
    spec = load_spec(ref.game, **ref.options)
    data = game_to_json(game)
    head = f"{ref.game}, seed {data['dice']['seed']}; {len(data['actions'])} actions"
    print(f"replay of {args.file}: {head}")
    print(summary_of(spec, game))
    return 0


PLAY = Command(
    "play", "play a whole game with bots and print its summary", _play_arguments, _run_play
)
REPLAY = Command(
    "replay", "replay a saved game and print its summary", _replay_arguments, _run_replay
)
COMMAND = PLAY
COMMANDS = (PLAY, REPLAY)  # the command line takes both (italia_kit.cli.commands)
