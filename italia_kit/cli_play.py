"""``italia-kit play`` and ``italia-kit replay``: whole games from the command line.

``play`` runs a game of Italia I or II to the end with bots (one kind for every colour, or
one per colour), prints a turn-by-turn summary and the final victory points by colour
(11.0), and can save the game as JSON. ``replay`` loads a saved game, replays it and prints
the same summary.

>>> from italia_kit.cli import main
>>> main(["play", "--game", "italia1", "--players", "tennis"])
2
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from italia_kit.cli import Command, CommandError
from italia_kit.core import Dice, EventLog, Game, SaveFileError, game_to_json, load_game, save_game
from italia_kit.core.events import Event
from italia_kit.games.italia import (
    ByColour,
    ItaliaGame,
    ItaliaState,
    final_scores,
    new_game,
    world_of,
)
from italia_kit.games.italia.scenarios import SHIPPED
from italia_kit.games.italia.scoring import holders
from italia_kit.players import Player, players_from_spec

__all__ = ["PLAY", "REPLAY", "GameSummary", "TurnRow", "play_from_spec", "summarise"]

#: The events the summary counts per turn: column title -> event kinds.
COUNTED: Mapping[str, tuple[str, ...]] = {
    "battles": ("battle",),
    "elim": ("eliminated",),
    "ruins": ("ruined",),
    "cities": ("city_built",),
    "subm": ("submission",),
}


@dataclass(frozen=True)
class TurnRow:
    """One game turn: victory points so far, zones held at its end, events in it."""

    turn: int
    vp: Mapping[str, float]  # colour -> victory points at the end of the turn
    zones: Mapping[str, int]  # colour -> land zones held at the end of the turn
    counts: Mapping[str, int]  # COUNTED column -> events in the turn
    finished: bool = True  # False for a turn the game stopped in


@dataclass(frozen=True)
class GameSummary:
    """A game turn by turn, and its final victory points by colour (11.0)."""

    game_id: str
    seed: int
    actions: int
    colours: tuple[str, ...]
    rows: tuple[TurnRow, ...]
    final: Mapping[str, float]
    over: bool

    def table(self) -> str:
        """The turn-by-turn table and the final line, as printed by ``play``/``replay``."""
        width = max(6, *(len(c) for c in self.colours))
        vp_head = " ".join(c.rjust(width) for c in self.colours)
        counts = " ".join(f"{c:>7}" for c in COUNTED)
        lines = [
            f"turn | {'victory points'.ljust(len(vp_head))} | {'zones held'.ljust(len(vp_head))}"
            f" | {counts}",
            f"     | {vp_head} | {vp_head} |",
        ]
        for row in self.rows:
            label = f"{row.turn}{'' if row.finished else '*'}"
            vps = " ".join(f"{row.vp[c]:{width}.1f}" for c in self.colours)
            zones = " ".join(f"{row.zones[c]:{width}d}" for c in self.colours)
            tally = " ".join(f"{row.counts[c]:7d}" for c in COUNTED)
            lines.append(f"{label:>4} | {vps} | {zones} | {tally}")
        if not self.over:
            lines.append("(* the game stopped during this turn)")
        ranked = sorted(self.colours, key=lambda c: (-self.final[c], c))
        top = self.final[ranked[0]]
        winners = [c for c in ranked if self.final[c] == top]
        final = ", ".join(f"{c} {_points(self.final[c])}" for c in ranked)
        verdict = ("winner" if self.over else "leading") if len(winners) == 1 else "tied"
        end = "final" if self.over else "so far"
        lines.append(f"victory points {end}: {final} ({verdict}: {', '.join(winners)})")
        return "\n".join(lines)


def _points(value: float) -> str:
    return f"{value:g}"


class _TurnLog(EventLog):
    """An event log that notes the zones each colour holds whenever a game turn ends."""

    __slots__ = ("_state", "held", "world")

    def __init__(self, world: Any, state: Callable[[], ItaliaState]) -> None:
        super().__init__()
        self.world = world
        self._state = state
        self.held: dict[int, dict[str, int]] = {}

    def append(self, event: Event) -> None:
        super().append(event)
        if event.kind == "turn_end":
            self.held[event.turn] = zones_by_colour(self.world, self._state())


def zones_by_colour(world: Any, state: ItaliaState) -> dict[str, int]:
    """Land zones held by each colour (6.1: a nation holds a zone where it has a unit)."""
    out = dict.fromkeys(world.scenario.players, 0)
    for nation in holders(state, world).values():
        out[world.scenario.colour_of(nation)] += 1
    return out


def summarise(game: ItaliaGame) -> GameSummary:
    """Replay ``game`` from its start to build its :class:`GameSummary`.

    The zones held are read at the end of each game turn (before the next turn begins),
    which the finished game no longer shows; the replay is quick (no player thinks).
    """
    data = game_to_json(game)
    world = world_of(game)
    rules = game.rules
    state = rules.state_from_json(data["initial"])
    live: list[Game[ItaliaState]] = []
    log = _TurnLog(world, lambda: live[0].state if live else state)
    twin: Game[ItaliaState] = Game(rules, state, dice=Dice.from_json(data["dice"]), log=log)
    live.append(twin)
    for raw in data["actions"]:
        twin.apply(rules.codec.from_json(raw))
    colours = tuple(world.scenario.players)
    colour_of = {n.name: n.colour for n in world.scenario.nations}
    earned: dict[int, dict[str, float]] = {}
    counts: dict[int, dict[str, int]] = {}
    kind_column = {kind: col for col, kinds in COUNTED.items() for kind in kinds}
    for e in log:
        if e.kind == "victory_points":
            per = earned.setdefault(e.turn, dict.fromkeys(colours, 0.0))
            per[colour_of[str(e.data["nation"])]] += float(e.data["points"])
        column = kind_column.get(e.kind)
        if column is not None:
            tally = counts.setdefault(e.turn, dict.fromkeys(COUNTED, 0))
            tally[column] += 1
    # the last turn may end without a turn_end event (13.4: Italia I's turn 10 ends the
    # game after its campaigns): its zones are those of the final position
    last = max(max(log.held, default=0), game.state.turn)
    rows = []
    total = dict.fromkeys(colours, 0.0)
    for turn in range(1, last + 1):
        for c, v in earned.get(turn, {}).items():
            total[c] += v
        finished = turn in log.held or (game.is_over and turn == last)
        zones = log.held.get(turn) or zones_by_colour(world, game.state)
        rows.append(
            TurnRow(
                turn,
                dict(total),
                zones,
                counts.get(turn, dict.fromkeys(COUNTED, 0)),
                finished,
            )
        )
    return GameSummary(
        game_id=str(data["game"]),
        seed=int(data["dice"]["seed"]),
        actions=len(data["actions"]),
        colours=colours,
        rows=tuple(rows),
        final=final_scores(game),
        over=game.is_over,
    )


def play_from_spec(
    game_name: str, *, seed: int = 0, players: str = "random", max_actions: int = 100_000
) -> tuple[ItaliaGame, dict[str, str], Exception | None]:
    """Play a game as ``italia-kit play`` does; return it, the player kind by colour, and
    the error that stopped it early (None when it ran to the end)."""
    game = new_game(game_name, seed=seed)
    world = world_of(game)
    chosen, kinds = players_from_spec(players, world.scenario, seed=seed)
    player: Player = ByColour(world.scenario, chosen) if isinstance(chosen, Mapping) else chosen
    stopped: Exception | None = None
    n = 0
    try:
        while not game.is_over:
            if n >= max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            game.apply(player.choose(game))
            n += 1
    except (ValueError, RuntimeError) as exc:
        stopped = exc
    return game, kinds, stopped


# -- the commands -------------------------------------------------------------------------------


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="italia1", help=f"one of {', '.join(SHIPPED)}")
    parser.add_argument("--seed", type=int, default=0, help="the dice and the bots' seed")
    parser.add_argument(
        "--players",
        default="random",
        metavar="SPEC",
        help="greedy, random or passive for every colour, or one kind per colour: "
        "red=greedy,blue=random,yellow=random (colours left out play random)",
    )
    parser.add_argument("--save", metavar="FILE", type=Path, help="write the game as JSON")


def _run_play(args: argparse.Namespace) -> int:
    if args.game not in SHIPPED:
        raise CommandError(f"unknown game {args.game!r} (known: {', '.join(SHIPPED)})")
    try:
        game, kinds, stopped = play_from_spec(args.game, seed=args.seed, players=args.players)
    except ValueError as err:  # a bad --players spec
        raise CommandError(str(err).splitlines()[0]) from None
    who = ", ".join(f"{c}={k}" for c, k in kinds.items())
    summary = summarise(game)
    print(f"{args.game}, seed {args.seed}: {who}; {summary.actions} actions")
    print(summary.table())
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
    if world_of_or_none(game) is None:
        raise CommandError(f"{args.file}: not a game of Italia ({game.rules.game_id!r})")
    summary = summarise(game)
    head = f"{summary.game_id}, seed {summary.seed}; {summary.actions} actions"
    print(f"replay of {args.file}: {head}")
    print(summary.table())
    return 0


def world_of_or_none(game: Game[Any]) -> Any:
    try:
        return world_of(game)
    except TypeError:
        return None


PLAY = Command(
    "play", "play a whole game with bots and print its summary", _play_arguments, _run_play
)
REPLAY = Command(
    "replay", "replay a saved game and print its summary", _replay_arguments, _run_replay
)
COMMAND = PLAY
COMMANDS = (PLAY, REPLAY)  # the registry takes both (italia_kit.cli.commands)
