"""The summary of a game of Italia that ``italia-kit play`` and ``replay`` print: one row
per game turn (victory points so far and land zones held by colour, the turn's battles,
eliminations, ruined cities, cities built and submissions), then the final victory points
by colour and the winner (11.0). The spec gives it as ``GameSpec.summary``.

>>> from italia_kit.core import RandomPlayer
>>> from italia_kit.games.italia import new_game
>>> game = new_game("italia1", seed=4)
>>> player = RandomPlayer(4)
>>> while game.state.turn < 2:
...     _ = game.apply(player.choose(game))
>>> print(summarise(game).table())  # doctest: +ELLIPSIS
turn | victory points       | zones held           | battles    elim   ruins  cities    subm
     |    red yellow   blue |    red yellow   blue |
   1 |    ...
  2* |    ...
(* the game stopped during this turn)
victory points so far: ... (leading: ...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from italia_kit.core import Dice, EventLog, Game, game_to_json
from italia_kit.core.events import Event
from italia_kit.games.italia.match import final_scores
from italia_kit.games.italia.scoring import holders
from italia_kit.games.italia.setup import ItaliaGame, world_of
from italia_kit.games.italia.state import ItaliaState

__all__ = ["COUNTED", "GameSummary", "TurnRow", "summarise", "summary_text", "zones_by_colour"]

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


def summary_text(game: Game[Any]) -> str:
    """The table ``italia-kit play`` and ``replay`` print (``GameSpec.summary``)."""
    return summarise(game).table()
