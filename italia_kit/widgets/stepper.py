"""TurnStepper: step through a game of Italia by action, phase or nation, with map and log.

The stepper never chooses a move itself: a player (``RandomPlayer(seed=0)`` unless told
otherwise) decides, the engine applies, and the stepper shows what happened: the turn,
the nation (in its player colour) and the phase, the event log newest first (each line
starts with its rule section) and the map, refreshed after every step.

Every button has a method that does the same, so a notebook or a test drives it::

    stepper = TurnStepper(new_game("italia1"))
    stepper.next_phase()      # the button "next phase"
    stepper.back()            # the button "back"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets

from italia_kit.core import Action, Event, Player, RandomPlayer
from italia_kit.games.italia import ItaliaGame, ItaliaState
from italia_kit.games.italia.sequence import RULEBOOK_PHASE
from italia_kit.widgets import style as st
from italia_kit.widgets.mapview import MapView

#: Safety stops: no phase of a real game takes this many actions.
MAX_PHASE_ACTIONS = 2_000
MAX_JUMP_ACTIONS = 200_000


class TurnStepper:
    """Buttons *next action*, *next phase*, *next nation*, *back* and *jump to turn*."""

    def __init__(
        self,
        game: ItaliaGame,
        player: Player | None = None,
        *,
        log_lines: int = 150,
        tiles: bool = False,
        map_height: str = "860px",
    ) -> None:
        self.game = game
        self.player: Player = player if player is not None else RandomPlayer(seed=0)
        self.log_lines = log_lines
        self.mapview = MapView(game, tiles=tiles, height=map_height)
        self.last_events: list[Event] = []
        self._history: list[int] = []  # the number of actions before each step (for back)

        self.header = ipywidgets.HTML()
        self.status = ipywidgets.HTML()
        self.log_view = ipywidgets.HTML()
        self.turn_input = ipywidgets.BoundedIntText(
            value=game.state.turn,
            min=1,
            max=self._last_turn(),
            description="turn",
            layout=ipywidgets.Layout(width="120px"),
        )
        self.buttons: dict[str, ipywidgets.Button] = {}
        actions: list[tuple[str, str, Callable[[], object]]] = [
            ("next action", "step-forward", self.next_action),
            ("next phase", "forward", self.next_phase),
            ("next nation", "fast-forward", self.next_nation),
            ("back", "undo", self.back),
            ("jump to turn", "share", lambda: self.jump_to_turn(int(self.turn_input.value))),
        ]
        for label, icon, method in actions:
            button = ipywidgets.Button(description=label, icon=icon, tooltip=label)
            button.on_click(self._handler(method))
            self.buttons[label] = button
        self.buttons["next phase"].button_style = "primary"
        self._widget = self._layout()
        self._update(len(game.log))

    # -- what the buttons do -------------------------------------------------------------------
    def next_action(self) -> list[Event]:
        """The player takes one decision; return the events it caused."""
        return self._run(lambda before, now: True, 1)

    def next_phase(self) -> list[Event]:
        """Play until the phase or the nation changes (or the game ends)."""
        return self._run(lambda before, now: before != _where(now), MAX_PHASE_ACTIONS)

    def next_nation(self) -> list[Event]:
        """Play until another nation's turn begins (or the game ends)."""
        return self._run(
            lambda before, now: (before[0], before[1]) != (now.turn, now.active),
            MAX_PHASE_ACTIONS * 10,
        )

    def apply(self, action: Action) -> list[Event]:
        """Apply a chosen action (a tutorial's or the teacher's own move) and show it."""
        start = len(self.game.log)
        self._history.append(len(self.game.actions))
        try:
            self.game.apply(action)
        except BaseException:
            self._history.pop()
            raise
        return self._update(start)

    def back(self) -> list[Event]:
        """Undo the last step (a whole phase if it was *next phase*); return the log's tail."""
        if self._history:
            self.game.jump(self._history.pop())
        elif self.game.actions:
            self.game.undo(1)
        return self._update(len(self.game.log))

    def jump_to_turn(self, turn: int) -> list[Event]:
        """Go to the start of ``turn``: forward by letting the player play, back by undoing."""
        last = self._last_turn()
        if not 1 <= turn <= last:
            raise ValueError(f"no turn {turn}: the game has turns 1 to {last}")
        if turn > self.game.state.turn:
            return self._run(lambda before, now: now.turn >= turn, MAX_JUMP_ACTIONS)
        index = self._first_action_of(turn)
        self.game.jump(index)  # the actions after it are gone, as with undo
        self._history = [i for i in self._history if i <= index]
        return self._update(len(self.game.log))

    # -- display ---------------------------------------------------------------------------------
    @property
    def widget(self) -> ipywidgets.VBox:
        """The whole stepper: header, buttons, the map and the event log beside it."""
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._widget._repr_mimebundle_(**kwargs)

    def header_text(self) -> str:
        """The header as plain text: turn, nation, phase and the decision pending."""
        state = self.game.state
        if self.game.is_over:
            return f"Turn {state.turn}: the game is over."
        phase = RULEBOOK_PHASE.get(state.phase, state.phase)
        decision = self.game.decision
        return f"Turn {state.turn} · {state.active} · phase {phase} ({state.phase}) · {decision}"

    def log_texts(self) -> list[str]:
        """The event log as shown, newest first."""
        events = list(self.game.log)[-self.log_lines :]
        return [e.text for e in reversed(events)]

    # -- internals ---------------------------------------------------------------------------------
    def _run(
        self, done: Callable[[tuple[int, str, str], ItaliaState], bool], limit: int
    ) -> list[Event]:
        game = self.game
        start = len(game.log)
        before = _where(game.state)
        self._history.append(len(game.actions))
        n = 0
        try:
            while not game.is_over and n < limit:
                game.apply(self.player.choose(game))
                n += 1
                if done(before, game.state):
                    break
        finally:
            if n == 0:
                self._history.pop()  # nothing happened: nothing to go back to
        return self._update(start)

    def _update(self, start: int) -> list[Event]:
        game, state = self.game, self.game.state
        self.last_events = [game.log[i] for i in range(min(start, len(game.log)), len(game.log))]
        colour = self.mapview.world.scenario.colour_of(state.active) if state.active else ""
        nation = (
            f'{st.swatch(colour, 14)}<b style="color:{st.player_ink(colour)}">'
            f"{st.esc(state.active)}</b> ({st.esc(colour)})"
            if colour
            else "—"
        )
        phase = RULEBOOK_PHASE.get(state.phase, state.phase)
        decision = game.decision
        pending = (
            f"the {st.esc(decision.actor)} decide: {st.esc(decision.prompt)} "
            f"<span style='color:#777'>(rule {st.esc(decision.rule)})</span>"
            if decision is not None
            else "<b>the game is over</b>"
        )
        self.header.value = (
            f'<div class="ik-header"><b>Turn {state.turn}</b> &nbsp;·&nbsp; {nation} &nbsp;·&nbsp;'
            f" phase <b>{st.esc(phase)}</b> <span style='color:#777'>({st.esc(state.phase)})"
            f"</span><br><span style='font-size:13px'>{pending} &nbsp; "
            f"<span style='color:#777'>[{len(game.actions)} actions, {len(game.log)} events]"
            f"</span></span></div>"
        )
        self.log_view.value = self._log_html(start)
        self.mapview.refresh()
        over = game.is_over
        for label in ("next action", "next phase", "next nation"):
            self.buttons[label].disabled = over
        self.buttons["back"].disabled = not game.actions
        self.turn_input.value = state.turn
        return self.last_events

    def _log_html(self, start: int) -> str:
        log = self.game.log
        first = max(0, len(log) - self.log_lines)
        lines = []
        for i in range(len(log) - 1, first - 1, -1):
            ev = log[i]
            text = ev.text
            prefix = f"{ev.rule}:"
            if text.startswith(prefix):
                body = f"<b>{st.esc(ev.rule)}</b>:{st.esc(text[len(prefix) :])}"
            else:
                body = f"<b>{st.esc(ev.rule)}</b> {st.esc(text)}"
            cls = "ik-ev ik-new" if i >= start else "ik-ev"
            meta = f"T{ev.turn} {ev.actor}" if ev.actor else f"T{ev.turn}"
            lines.append(
                f'<div class="{cls}"><span class="ik-meta">{st.esc(meta)}</span>{body}</div>'
            )
        if not lines:
            lines.append('<div class="ik-ev"><i>nothing has happened yet</i></div>')
        return f'<div class="ik-log">{"".join(lines)}</div>'

    def _layout(self) -> ipywidgets.VBox:
        m = self.mapview
        order = ("next action", "next phase", "next nation", "back")
        controls = ipywidgets.HBox(
            [*(self.buttons[k] for k in order), self.turn_input, self.buttons["jump to turn"]],
            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        left = ipywidgets.VBox(
            [m.map, m.legend], layout=ipywidgets.Layout(flex="3 1 0%", min_width="0")
        )
        right = ipywidgets.VBox(
            [
                ipywidgets.HTML("<b>Event log</b> <i>(newest first, each with its rule)</i>"),
                self.log_view,
                ipywidgets.HTML("<b>Zone</b>"),
                m.details,
            ],
            layout=ipywidgets.Layout(flex="1.3 1 0%", min_width="280px", padding="0 0 0 8px"),
        )
        return ipywidgets.VBox(
            [
                ipywidgets.HTML(st.CSS),
                self.header,
                controls,
                self.status,
                ipywidgets.HBox([left, right], layout=ipywidgets.Layout(width="100%")),
            ],
            layout=ipywidgets.Layout(width="100%"),
        )

    def _handler(self, method: Callable[[], object]) -> Callable[[Any], None]:
        def on_click(_button: Any) -> None:
            for b in self.buttons.values():
                b.disabled = True
            try:
                method()
                self.status.value = ""
            except Exception as exc:  # shown to the teacher, not swallowed
                self.status.value = f'<span style="color:#b00020">{st.esc(str(exc))}</span>'
                self._update(len(self.game.log))
            finally:
                self.buttons["jump to turn"].disabled = False
                if not self.game.is_over:
                    for label in ("next action", "next phase", "next nation"):
                        self.buttons[label].disabled = False
                self.buttons["back"].disabled = not self.game.actions

        return on_click

    def _first_action_of(self, turn: int) -> int:
        """The number of actions after which ``turn`` has begun (binary search on forks)."""

        def turn_after(i: int) -> int:
            twin = self.game.fork()
            twin.jump(i)
            return twin.state.turn

        lo, hi = 0, len(self.game.actions)
        while lo < hi:
            mid = (lo + hi) // 2
            if turn_after(mid) >= turn:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def _last_turn(self) -> int:
        return int(self.mapview.world.scenario.last_turn)


def _where(state: ItaliaState) -> tuple[int, str, str]:
    return (state.turn, state.active, state.phase)
