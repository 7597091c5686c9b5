"""TurnStepper: step through any registered game by action, phase or mover, with map and log.

The stepper never chooses a move itself: a player (``RandomPlayer(seed=0)`` unless told
otherwise, or one player per seat) decides, the engine applies, and the stepper shows what
happened: the turn, the mover (Italia's nation playing, in its player colour) and the
phase, the event log newest first (each line starts with its rule section) and the map,
refreshed after every step. What a turn, a mover and a phase are is the game's own notion,
as its presenter tells it (:meth:`~italia_kit.widgets.presenter.MapPresenter.moment`).

Every button has a method that does the same, so a notebook or a test drives it::

    stepper = TurnStepper(new_game("italia1"))
    stepper.next_phase()      # the button "next phase"
    stepper.back()            # the button "back"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets

from italia_kit.core import Action, Event, Game, Player, RandomPlayer
from italia_kit.core.save import ref_of
from italia_kit.widgets import style as st
from italia_kit.widgets.mapview import MapView
from italia_kit.widgets.presenter import MapPresenter, Moment

#: Safety stops: no phase of a real game takes this many actions.
MAX_PHASE_ACTIONS = 2_000
MAX_JUMP_ACTIONS = 200_000


#: Where a game without a last turn lets *jump to turn* go.
NO_LAST_TURN = 10_000


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

    def choose(self, game: Game[Any]) -> Action:
        decision = game.decision
        seat = self.seat_of(game, decision.actor) if decision is not None else ""
        return self.players.get(seat, self.default).choose(game)


class TurnStepper:
    """Buttons *next action*, *next phase*, *next nation* (the next mover: the word is the
    game's), *back* and *jump to turn*.

    ``player`` decides for everyone, or ``players`` maps seats to players (the others get
    ``player``, by default a ``RandomPlayer(seed=0)``). The map is a :class:`MapView` with
    the game's presenter (``presenter`` overrides the one its spec names).
    """

    def __init__(
        self,
        game: Game[Any],
        player: Player | None = None,
        *,
        players: Mapping[str, Player] | None = None,
        presenter: MapPresenter | None = None,
        log_lines: int = 150,
        tiles: bool = False,
        map_height: str = "860px",
    ) -> None:
        self.game = game
        default: Player = player if player is not None else RandomPlayer(seed=0)
        self.player: Player = SeatPlayers(players, _seat_of(game), default) if players else default
        self.log_lines = log_lines
        self.mapview = MapView(game, presenter, tiles=tiles, height=map_height)
        self.presenter = self.mapview.presenter
        self.mover_noun = self.presenter.mover_noun
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
        self._next_mover = f"next {self.mover_noun}"
        actions: list[tuple[str, str, Callable[[], object]]] = [
            ("next action", "step-forward", self.next_action),
            ("next phase", "forward", self.next_phase),
            (self._next_mover, "fast-forward", self.next_nation),
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
        """Play until the phase or the mover changes (or the game ends)."""
        return self._run(lambda before, now: before != now, MAX_PHASE_ACTIONS)

    def next_nation(self) -> list[Event]:
        """Play until another mover's turn begins (Italia: another nation's; or the game
        ends)."""
        return self._run(
            lambda before, now: (before.turn, before.mover) != (now.turn, now.mover),
            MAX_PHASE_ACTIONS * 10,
        )

    next_mover = next_nation

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
            return self._run(lambda _before, now: now.turn >= turn, MAX_JUMP_ACTIONS)
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
        """The header as plain text: turn, mover, phase and the decision pending."""
        now = self.presenter.moment(self.game.state)
        if self.game.is_over:
            return f"Turn {now.turn}: the game is over."
        decision = self.game.decision
        return f"Turn {now.turn} · {now.mover} · phase {self._phase_text(now)} · {decision}"

    def log_texts(self) -> list[str]:
        """The event log as shown, newest first."""
        events = list(self.game.log)[-self.log_lines :]
        return [e.text for e in reversed(events)]

    # -- internals ---------------------------------------------------------------------------------
    def _run(self, done: Callable[[Moment, Moment], bool], limit: int) -> list[Event]:
        game, moment = self.game, self.presenter.moment
        start = len(game.log)
        before = moment(game.state)
        self._history.append(len(game.actions))
        n = 0
        try:
            while not game.is_over and n < limit:
                game.apply(self.player.choose(game))
                n += 1
                if done(before, moment(game.state)):
                    break
        finally:
            if n == 0:
                self._history.pop()  # nothing happened: nothing to go back to
        return self._update(start)

    def _update(self, start: int) -> list[Event]:
        game = self.game
        now = self.presenter.moment(game.state)
        self.last_events = [game.log[i] for i in range(min(start, len(game.log)), len(game.log))]
        colour = self.presenter.colour_of(game, now.mover) if now.mover else ""
        if colour:
            mover = (
                f'{st.swatch(colour, 14)}<b style="color:{st.player_ink(colour)}">'
                f"{st.esc(now.mover)}</b> ({st.esc(colour)})"
            )
        else:
            mover = f"<b>{st.esc(now.mover)}</b>" if now.mover else "—"
        named = self.presenter.phase_label(now.phase)
        phase = f"<b>{st.esc(named)}</b>"
        if named != now.phase:  # the rulebook's name, then the engine's
            phase += f" <span style='color:#777'>({st.esc(now.phase)})</span>"
        decision = game.decision
        pending = (
            f"the {st.esc(decision.actor)} decide: {st.esc(decision.prompt)} "
            f"<span style='color:#777'>(rule {st.esc(decision.rule)})</span>"
            if decision is not None
            else "<b>the game is over</b>"
        )
        self.header.value = (
            f'<div class="ik-header"><b>Turn {now.turn}</b> &nbsp;·&nbsp; {mover} &nbsp;·&nbsp;'
            f" phase {phase}<br><span style='font-size:13px'>{pending} &nbsp; "
            f"<span style='color:#777'>[{len(game.actions)} actions, {len(game.log)} events]"
            f"</span></span></div>"
        )
        self.log_view.value = self._log_html(start)
        self.mapview.refresh()
        over = game.is_over
        for label in ("next action", "next phase", self._next_mover):
            self.buttons[label].disabled = over
        self.buttons["back"].disabled = not game.actions
        self.turn_input.value = now.turn
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
        order = ("next action", "next phase", self._next_mover, "back")
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
                ipywidgets.HTML("<b>Location</b>"),
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
                    for label in ("next action", "next phase", self._next_mover):
                        self.buttons[label].disabled = False
                self.buttons["back"].disabled = not self.game.actions

        return on_click

    def _first_action_of(self, turn: int) -> int:
        """The number of actions after which ``turn`` has begun (binary search on forks)."""

        def turn_after(i: int) -> int:
            twin = self.game.fork()
            twin.jump(i)
            return int(twin.state.turn)

        lo, hi = 0, len(self.game.actions)
        while lo < hi:
            mid = (lo + hi) // 2
            if turn_after(mid) >= turn:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def _last_turn(self) -> int:
        last = self.presenter.last_turn(self.game)
        return NO_LAST_TURN if last is None else last

    def _phase_text(self, now: Moment) -> str:
        label = self.presenter.phase_label(now.phase)
        return label if label == now.phase else f"{label} ({now.phase})"


def _seat_of(game: Game[Any]) -> Callable[[Game[Any], str], str]:
    """The spec's ``seat_of`` for a game (from the registry), to route decisions by seat."""
    from italia_kit import games

    ref = ref_of(game.rules)
    return games.load(ref.game, **ref.options).seat_of
