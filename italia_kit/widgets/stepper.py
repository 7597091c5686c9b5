"""TurnStepper: step through any registered game by action, phase or mover, with map and log.

The stepper never chooses a move itself: a player decides (the game's ``greedy`` bot if it
has one, else ``RandomPlayer``; or one player per seat, :data:`~.seats.HUMAN` for a seat
the teacher plays from the list of its legal actions), the engine applies, and the stepper
shows what happened: the turn, the mover (Italia's nation playing, in its player colour)
and the phase, the event log newest first (each line starts with its rule section) and the
map, refreshed after every step. What a turn, a mover and a phase are is the game's own
notion, as its presenter tells it
(:meth:`~italia_kit.widgets.presenter.MapPresenter.moment`). When the game is over the
header names the winner and the final score.

*Back* undoes the last step, whatever it was: a phase played, an action given, or a jump
backwards (then back returns to where the jump started, with the same game: the players
draw from the game's own streams, :meth:`Game.stream <italia_kit.core.game.Game.stream>`,
so a position reached again is followed by the same choices).

Every button has a method that does the same, so a notebook or a test drives it::

    stepper = TurnStepper(new_game("italia1"))
    stepper.next_phase()      # the button "next phase"
    stepper.back()            # the button "back"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets

from italia_kit.core import Action, Event, Game, Player, RandomPlayer
from italia_kit.games import GameSpec
from italia_kit.widgets import style as st
from italia_kit.widgets.chooser import ActionChooser
from italia_kit.widgets.mapview import MapView
from italia_kit.widgets.presenter import MapPresenter, Moment
from italia_kit.widgets.seats import (
    Human,
    SeatPlayers,
    default_bot,
    make_player,
    result_text,
    seat_deciding,
    spec_of,
)

__all__ = ["SeatPlayers", "TurnStepper"]

#: Safety stops: no phase of a real game takes this many actions.
MAX_PHASE_ACTIONS = 2_000
MAX_JUMP_ACTIONS = 200_000


#: Where a game without a last turn lets *jump to turn* go.
NO_LAST_TURN = 10_000


@dataclass(frozen=True, slots=True)
class _Step:
    """One step the stepper took, for *back*: the number of actions before it; for a jump
    backwards the actions it took back and, among them, those given by hand (by position),
    which *back* plays again."""

    start: int
    cut: tuple[Action, ...] = ()
    given: Mapping[int, Action] = field(default_factory=dict)


class TurnStepper:
    """Buttons *next action*, *next phase*, *next nation* (the next mover: the word is the
    game's), *back* and *jump to turn*.

    ``player`` decides for everyone, or ``players`` maps seats to players (the others get
    ``player``, by default the game's ``greedy`` bot seeded with ``seed``, else a
    ``RandomPlayer``). A seat given :data:`~italia_kit.widgets.seats.HUMAN` is played by
    hand: the stepper stops at its decisions and offers its actions (:attr:`chooser`).
    The map is a :class:`MapView` with the game's presenter (``presenter`` overrides the
    one its spec names).
    """

    def __init__(
        self,
        game: Game[Any],
        player: Player | None = None,
        *,
        players: Mapping[str, Player] | None = None,
        presenter: MapPresenter | None = None,
        seed: int = 0,
        log_lines: int = 150,
        tiles: bool = False,
        map_height: str = "860px",
    ) -> None:
        self.game = game
        self.spec: GameSpec | None = _spec_or_none(game)
        self.seat_of: Callable[[Game[Any], str], str] = (
            self.spec.seat_of if self.spec is not None else (lambda _game, actor: actor)
        )
        default: Player = player if player is not None else self._bot(seed)
        self.player: Player = SeatPlayers(players, self.seat_of, default) if players else default
        self.log_lines = log_lines
        self._map_height = map_height
        self.mapview = MapView(game, presenter, tiles=tiles, height=map_height)
        self.presenter = self.mapview.presenter
        self.mover_noun = self.presenter.mover_noun
        # the game's own view under the map, if its presenter has one (Agricola's battles)
        self.panel = self.presenter.panel(game)
        self.last_events: list[Event] = []
        self._history: list[_Step] = []
        # the positions of the actions given by hand (those before the stepper too: no
        # player of the stepper's chose them)
        self._given: dict[int, Action] = dict(enumerate(game.actions))

        self.header = ipywidgets.HTML()
        self.status = ipywidgets.HTML()
        self.log_view = ipywidgets.HTML()
        self.turn_input = ipywidgets.BoundedIntText(
            value=game.state.turn,
            min=1,
            max=self._last_turn(),
            description="turn",
            style={"description_width": "34px"},
            layout=ipywidgets.Layout(width="104px"),
        )
        self.turn_input.add_class("ik-turn")
        self.buttons: dict[str, ipywidgets.Button] = {}
        self._next_mover = f"next {self.mover_noun}"
        actions: list[tuple[str, str, str, Callable[[], object]]] = [
            (
                "next action",
                "step-forward",
                "the player to move takes one decision",
                self.next_action,
            ),
            ("next phase", "forward", "play to the next phase", self.next_phase),
            (
                self._next_mover,
                "fast-forward",
                f"play to the next {self.mover_noun}",
                self.next_nation,
            ),
            ("back", "undo", "undo the last step (a jump back too)", self.back),
            ("jump to turn", "share", "go to the start of the turn in the box", self._jump_clicked),
        ]
        for label, icon, tip, method in actions:
            button = ipywidgets.Button(description=label, icon=icon, tooltip=tip)
            button.on_click(self._handler(method))
            self.buttons[label] = button
        self.buttons["next phase"].button_style = "primary"
        self.chooser = ActionChooser(self)
        self._widget = self._layout()
        self._update(len(game.log))

    # -- who plays ----------------------------------------------------------------------------
    def player_of(self, seat: str) -> Player:
        """The player of a seat."""
        player = self.player
        return player.player_of(seat) if isinstance(player, SeatPlayers) else player

    def set_player(self, seat: str, player: Player) -> None:
        """Let ``player`` play ``seat`` from now on (:data:`~.seats.HUMAN`: by hand)."""
        if not isinstance(self.player, SeatPlayers):
            self.player = SeatPlayers({}, self.seat_of, self.player)
        self.player.players[seat] = player
        self._update(len(self.game.log))

    def waiting_for(self) -> str | None:
        """The seat played by hand whose decision is pending, if any (the stepper's buttons
        then play nothing until its action is chosen)."""
        if self.game.is_over:
            return None
        seat = seat_deciding(self.game, self.seat_of)
        return seat if isinstance(self.player_of(seat), Human) else None

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
        position = len(self.game.actions)
        self.game.apply(action)  # refused: nothing changed, nothing to go back to
        self._history.append(_Step(position))
        self._given[position] = action
        return self._update(start)

    def back(self) -> list[Event]:
        """Undo the last step (a whole phase if it was *next phase*; after a jump backwards,
        go back to where the jump started); return the log's tail."""
        game = self.game
        if self._history:
            step = self._history.pop()
            if step.cut:
                return self._redo(step)
            game.jump(min(step.start, len(game.actions)))
        elif game.actions:
            game.undo(1)
        self._forget_given(len(game.actions))
        return self._update(len(game.log))

    def jump_to_turn(self, turn: int) -> list[Event]:
        """Go to the start of ``turn``: forward by letting the players play, back by undoing
        (*back* returns)."""
        last = self._last_turn()
        if not 1 <= turn <= last:
            raise ValueError(f"no turn {turn}: the game has turns 1 to {last}")
        if turn > self.game.state.turn:
            return self._run(lambda _before, now: now.turn >= turn, MAX_JUMP_ACTIONS)
        index = self._first_action_of(turn)
        if index < len(self.game.actions):
            cut = tuple(self.game.actions[index:])
            given = {p: a for p, a in self._given.items() if p >= index}
            self._history.append(_Step(index, cut, given))
            self.game.jump(index)  # the actions after it are kept in the step, for back
            self._forget_given(index)
        return self._update(len(self.game.log))

    # -- display ---------------------------------------------------------------------------------
    @property
    def widget(self) -> ipywidgets.VBox:
        """The whole stepper: header, buttons, the map and the event log beside it."""
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._widget._repr_mimebundle_(**kwargs)

    def result(self) -> str:
        """The end of the game in words ("red wins with 31 VP; ..."), "" while it runs."""
        if not self.game.is_over:
            return ""
        return result_text(self.spec, self.game) if self.spec is not None else "the game is over."

    def header_text(self) -> str:
        """The header as plain text: turn, mover, phase and the decision pending; at the
        end, the winner and the final score."""
        now = self.presenter.moment(self.game.state)
        out = self.seats_out_text()
        if self.game.is_over:
            over = f"Turn {now.turn}: the game is over. {self.result()}"
            return f"{over} {out}" if out else over
        decision = self.game.decision
        text = f"Turn {now.turn} · {now.mover} · phase {self._phase_text(now)} · {decision}"
        return f"{text} · {out}" if out else text

    def seats_out_text(self) -> str:
        """The seats that have left the game, as the header's last line says them
        (``Out of the game: Milan, eliminated in Summer 1456 (PLAYER ELIMINATION).``);
        "" while every seat plays on."""
        out = self.presenter.seats_out(self.game)
        if not out:
            return ""
        return "Out of the game: " + "; ".join(f"{s}, {note}" for s, note in out.items()) + "."

    def log_texts(self) -> list[str]:
        """The event log as shown, newest first."""
        events = list(self.game.log)[-self.log_lines :]
        return [e.text for e in reversed(events)]

    # -- internals ---------------------------------------------------------------------------------
    def _bot(self, seed: int) -> Player:
        if self.spec is None:
            return RandomPlayer(seed)
        return make_player(self.spec, default_bot(self.spec), seed)

    def _run(self, done: Callable[[Moment, Moment], bool], limit: int) -> list[Event]:
        game, moment = self.game, self.presenter.moment
        start = len(game.log)
        before = moment(game.state)
        position = len(game.actions)
        n = 0
        try:
            while not game.is_over and n < limit and self.waiting_for() is None:
                game.apply(self.player.choose(game))
                n += 1
                if done(before, moment(game.state)):
                    break
        finally:
            if n:  # nothing happened: nothing to go back to
                self._history.append(_Step(position))
        return self._update(start)

    def _redo(self, step: _Step) -> list[Event]:
        """Play the actions a jump backwards took back again. The players are asked again
        at every position (their streams draw as they drew the first time, so later choices
        stay the same); the action recorded is the one applied."""
        game = self.game
        start = len(game.log)
        if len(game.actions) == step.start:
            for offset, action in enumerate(step.cut):
                position = step.start + offset
                if position in step.given:
                    self._given[position] = step.given[position]
                elif self.waiting_for() is None:
                    self.player.choose(game)  # draws what it drew: the stream stays in step
                game.apply(action)
        return self._update(start)

    def _forget_given(self, position: int) -> None:
        for p in [p for p in self._given if p >= position]:
            del self._given[p]

    def _update(self, start: int) -> list[Event]:
        game = self.game
        now = self.presenter.moment(game.state)
        self.last_events = [game.log[i] for i in range(min(start, len(game.log)), len(game.log))]
        self.header.value = self._header_html(now)
        self.log_view.value = self._log_html(start)
        self.mapview.refresh()
        if self.panel is not None:
            self.panel.refresh(game)
        waiting = self.waiting_for() is not None
        for label in ("next action", "next phase", self._next_mover):
            self.buttons[label].disabled = game.is_over or waiting
        self.buttons["back"].disabled = not game.actions
        self.turn_input.value = now.turn
        self.chooser.refresh()
        return self.last_events

    def _header_html(self, now: Moment) -> str:
        game = self.game
        colour = self.presenter.colour_of(game, now.mover) if now.mover else ""
        if colour:
            mover = (
                f'{st.swatch(colour, 14)}<b style="color:{st.player_ink(colour)}">'
                f"{st.esc(now.mover)}</b>"
                # a colour's name is the seat's name in Italia (red); a code is no name
                + ("" if colour.startswith("#") else f" ({st.esc(colour)})")
            )
        else:
            mover = f"<b>{st.esc(now.mover)}</b>" if now.mover else "—"
        named = self.presenter.phase_label(now.phase)
        phase = f"<b>{st.esc(named)}</b>"
        if named != now.phase:  # the rulebook's name, then the engine's
            phase += f" <span style='color:#777'>({st.esc(now.phase)})</span>"
        decision = game.decision
        if decision is None:
            pending = f'<b class="ik-result">The game is over: {st.esc(self.result())}</b>'
        else:
            seat = self.waiting_for()
            who = " (played by hand: choose the action beside the map)" if seat else ""
            pending = (
                f"{st.esc(_deciders(decision.owing))} to decide{who}: {st.esc(decision.prompt)} "
                f"<span style='color:#777'>(rule {st.esc(decision.rule)})</span>"
            )
        out = self.seats_out_text()
        # on the first line, which is short: the header stays two lines high (the app fits
        # a 1366x768 screen)
        gone = f' &nbsp;·&nbsp; <span class="ik-out">{st.esc(out)}</span>' if out else ""
        return (
            f'<div class="ik-header"><b>Turn {now.turn}</b> &nbsp;·&nbsp; {mover} &nbsp;·&nbsp;'
            f" phase {phase}{gone}<br><span style='font-size:13px'>{pending} &nbsp; "
            f"<span style='color:#777'>[{len(game.actions)} actions, {len(game.log)} events]"
            f"</span></span></div>"
        )

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
        under = [self.panel.widget] if self.panel is not None else []
        left = ipywidgets.VBox(
            [m.map, m.legend, *under], layout=ipywidgets.Layout(flex="3 1 0%", min_width="0")
        )
        # beside the map and as high: the log takes what the action list and the details
        # leave, and scrolls
        self.log_view.layout = ipywidgets.Layout(
            flex="1 1 0px", min_height="80px", overflow="auto", border="1px solid #ccc"
        )
        m.details.layout = ipywidgets.Layout(flex="0 0 auto", max_height="40%", overflow="auto")
        right = ipywidgets.VBox(
            [
                self.chooser.widget,
                ipywidgets.HTML("<b>Event log</b> <i>(newest first, each with its rule)</i>"),
                self.log_view,
                ipywidgets.HTML("<b>Location</b>"),
                m.details,
            ],
            layout=ipywidgets.Layout(
                flex="1.3 1 0%",
                min_width="280px",
                padding="0 0 0 8px",
                height=self._map_height,
                overflow="hidden",
            ),
        )
        right.add_class("ik-side")
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

    def _jump_clicked(self) -> list[Event]:
        return self.jump_to_turn(int(self.turn_input.value))

    def _handler(self, method: Callable[[], object]) -> Callable[[Any], None]:
        def on_click(_button: Any) -> None:
            self.mapview.wheel_zoom(False)  # the page scrolls again, not the map
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
                idle = not self.game.is_over and self.waiting_for() is None
                for label in ("next action", "next phase", self._next_mover):
                    self.buttons[label].disabled = not idle
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


def _spec_or_none(game: Game[Any]) -> GameSpec | None:
    """The registered spec of a game, or None for a game no registered spec describes."""
    from italia_kit import games

    try:
        return spec_of(game)
    except (games.UnknownGameError, ValueError):
        return None


def _deciders(seats: tuple[str, ...]) -> str:
    """Who owes the decision, as a heading names them: ``Rome``, ``Milan and Venice``.

    >>> _deciders(("rome",)), _deciders(("Austria", "France", "Milan"))
    ('Rome', 'Austria, France and Milan')
    """
    names = [name[:1].upper() + name[1:] for name in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
