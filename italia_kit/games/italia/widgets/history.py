"""HistoryLesson: a whole game of Italia, turn by turn, beside the history it stands for.

The lesson plays one seeded game with the given players (greedy by default, so the game on
screen is a plausible one), remembers where each game turn ends, and shows any turn as the
map at its end next to two columns: *in history* (the years and events of the scenario's
history file, each with its source) and *in this game* (the engine's own sentences for the
turn's arrivals, battles, submissions, cities and scoring), with the victory points so far.
The same seed and players always give the same game, so a lesson reads the same every time.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from italia_kit import games
from italia_kit.core import Game
from italia_kit.core.collector import fewer_collections
from italia_kit.games.italia.history import History, game_story, load_history
from italia_kit.games.italia.match import final_scores
from italia_kit.players import players_from_spec, seated
from italia_kit.widgets import MapView

__all__ = ["HistoryLesson"]


class HistoryLesson:
    """One seeded game of ``game_id`` (``italia1`` or ``italia2``) told turn by turn.

    ``players`` is a ``--players`` text (``"greedy"``, ``"red=random"``...). :meth:`turn`
    shows a turn; :meth:`scores` gives the victory points by colour at a turn's end;
    :attr:`winner` names who won.
    """

    def __init__(
        self,
        game_id: str = "italia1",
        seed: int = 3,
        players: str = "greedy",
        *,
        map_height: str = "520px",
    ) -> None:
        self.spec = games.load(game_id)
        self.history: History = load_history(game_id)
        self.seed = seed
        self.map_height = map_height
        player, self.kinds = players_from_spec(players, self.spec, seed=seed)
        self.game: Game[Any] = self.spec.new_game(seed)
        self._turn_ends: dict[int, int] = {}  # turn -> the number of actions when it ended
        self._scores: dict[int, dict[str, float]] = {}
        chooser = seated(self.spec, player)
        with fewer_collections():
            while not self.game.is_over:
                turn = int(self.game.state.turn)
                self.game.apply(chooser.choose(self.game))
                if int(self.game.state.turn) != turn or self.game.is_over:
                    self._turn_ends[turn] = len(self.game.actions)
                    self._scores[turn] = final_scores(self.game)

    @property
    def last_turn(self) -> int:
        return max(self._turn_ends)

    def at_end_of(self, turn: int) -> Game[Any]:
        """A copy of the game as it stood when ``turn`` ended."""
        if turn not in self._turn_ends:
            raise KeyError(f"the game has no turn {turn} (turns 1-{self.last_turn})")
        twin = self.game.fork()
        twin.jump(self._turn_ends[turn])
        return twin

    def scores(self, turn: int) -> dict[str, float]:
        """Victory points by colour when ``turn`` ended (11.0)."""
        if turn not in self._scores:
            raise KeyError(f"the game has no turn {turn} (turns 1-{self.last_turn})")
        return dict(self._scores[turn])

    def story(self, turn: int) -> list[str]:
        """What happened in the game in ``turn``: the engine's sentences, rule first."""
        return game_story(self.game, turn)

    @property
    def winner(self) -> str:
        """``red wins with 85 VP (blue 73, yellow 60)``: the end of the game in words (11.0)."""
        final = final_scores(self.game)
        ranked = sorted(final, key=lambda c: (-final[c], c))
        top = [c for c in ranked if final[c] == final[ranked[0]]]
        others = ", ".join(f"{c} {final[c]:g}" for c in ranked if c not in top)
        if len(top) > 1:
            return f"{' and '.join(top)} tie with {final[top[0]]:g} VP ({others})"
        return f"{top[0]} wins with {final[top[0]]:g} VP ({others})"

    def turn(self, number: int, *, story_lines: int = 14) -> ipywidgets.HBox:
        """The map at the end of turn ``number`` beside its history and its game story."""
        past = self.history.turn(number)
        view = MapView(self.at_end_of(number), height=self.map_height)
        story = self.story(number)
        shown = story[:story_lines]
        more = len(story) - len(shown)
        game_items = "".join(f"<li>{html.escape(s)}</li>" for s in shown)
        if more:
            game_items += f"<li><i>... and {more} more (lesson.story({number}))</i></li>"
        vp = ", ".join(f"{c} {v:g}" for c, v in self.scores(number).items())
        end = f"<p><b>{html.escape(self.winner)}.</b></p>" if number == self.last_turn else ""
        panel = ipywidgets.HTML(
            f"<div style='max-width:560px'>{past._repr_html_()}"
            f"<h4>In this game (seed {self.seed})</h4><ul>{game_items}</ul>"
            f"<p>Victory points after turn {number}: {html.escape(vp)}</p>{end}"
            f"<p><b>For the class:</b> {html.escape(past.question)}</p></div>"
        )
        return ipywidgets.HBox(
            [view.widget, panel], layout=ipywidgets.Layout(align_items="flex-start")
        )
