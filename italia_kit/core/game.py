"""The game runner every notebook, bot, replay and test drives: a state, the decision
pending, the legal actions, and :meth:`Game.apply`.

The runner knows nothing of any particular game. A game supplies a :class:`Rules` object;
its state supplies :class:`GameState`. The runner adds what every game needs: one seeded
random source (dice, bags, decks: :mod:`.randomness`), the players' streams tied to it
(:mod:`.streams`), the event log, undo and jumps (replaying recorded actions from
checkpoints), forks, and all-or-nothing application: if the rules refuse an action, the
game is left exactly as it was.

A decision may be owed by several seats at once (:meth:`Decision.sealed`): each submits
its orders, an :class:`~italia_kit.core.decision.Order`, one at a time like any action
(:meth:`Game.submit`, or :meth:`Game.apply`); the rules keep them in the state, unseen by
the other seats, and resolve them together when the last is in. The actions are recorded
in the order they came, so undo, jumps, saves and replays reproduce the sealed orders too.
What a seat may see of the state is :meth:`Game.observe`; of the log,
:meth:`Game.events_for`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import count, repeat
from typing import Any, Generic, Protocol, Self, TypeVar

from italia_kit.core.actions import Action, ActionCodec, ScriptDice
from italia_kit.core.chance import ChanceEvents
from italia_kit.core.decision import Decision, Order
from italia_kit.core.errors import IllegalActionError
from italia_kit.core.events import Event, EventLog
from italia_kit.core.randomness import Randomness, Snapshot
from italia_kit.core.streams import Stream


class GameState(Protocol):
    """What the runner needs from a game's state.

    A state may also define ``checkpoint_copy(previous) -> Self``: the copy the runner
    keeps as a checkpoint (``previous``: the state of the last checkpoint it kept, or
    None), which may share with ``previous`` what has not changed since, as no
    checkpoint is ever changed (restoring one clones it); without it, a clone.
    """

    turn: int

    @property
    def actor(self) -> str: ...

    @property
    def phase(self) -> str: ...

    def clone(self) -> Self: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState)

_new_tuple = tuple.__new__


class Context(ChanceEvents, Generic[S]):
    """What a rule sees while it applies an action: the state, the random source (``dice``,
    also ``random``) and the log. Rolls, draws, shuffles and deals go through it
    (:meth:`roll`, :class:`~italia_kit.core.chance.ChanceEvents`), each an event.

    ``listed`` is true while the action applied is one the rules themselves listed as legal
    for this very state (the last :meth:`Game.legal_actions`): a rule may then skip checking
    it again, as python-chess's ``push`` trusts a move that ``push_san`` would check.
    """

    __slots__ = ("_events", "dice", "listed", "log", "state")

    def __init__(self, state: S, dice: Randomness, log: EventLog) -> None:
        self.state = state
        self.dice = dice
        self.log = log
        self.listed = False
        # a plain EventLog's own list, appended to and measured in C by emit and emit_as
        # (two Python-level calls an event saved); a log of another type (one that
        # overrides append, say) is called as it is
        self._events: list[Event] | None = log._events if type(log) is EventLog else None

    def emit_as(self, actor: str, kind: str, rule: str, text: str, **data: Any) -> Event:
        """:meth:`emit` for an event of another actor than the state's: a seat's sealed
        orders, or (``actor`` :data:`~italia_kit.core.events.NO_ACTOR`) an adjudication."""
        state = self.state
        # as in emit: the tuple made without the named tuple's Python-level __new__ (a
        # resolution reports every unit through here), on the plain log's list in C
        events = self._events
        if events is not None:
            event = _new_tuple(
                Event, (len(events), state.turn, actor, state.phase, kind, rule, text, data)
            )
            events.append(event)
            return event
        log = self.log
        event = _new_tuple(
            Event, (len(log), state.turn, actor, state.phase, kind, rule, text, data)
        )
        log.append(event)
        return event

    def emit_each(
        self, actor: str, kind: str, rows: Iterable[tuple[str, str, dict[str, Any]]]
    ) -> None:
        """:meth:`emit_as` for a run of events of one ``actor`` and ``kind``, each row its
        ``(rule, text, data)``: the events :meth:`emit_as` would make one by one, at the
        cost of one call (an adjudication reports every unit of the board at once). Each
        row's data must be its own dict."""
        rows = list(rows)
        if rows:
            rules, texts, data = zip(*rows, strict=True)
            self.emit_columns(actor, kind, rules, texts, data)

    def emit_columns(
        self,
        actor: str,
        kind: str,
        rules: Iterable[str],
        texts: Iterable[str],
        data: Iterable[dict[str, Any]],
    ) -> None:
        """:meth:`emit_each` with its rows given as three columns of one length (the
        rules, the texts and the data dicts): the events are made without a Python-level
        step per event (``map`` over ``zip``), for the runs a game reports every season.
        Each data dict must be its own."""
        state = self.state
        log = self.log
        # numbered as emit_as numbers them: the log's length, one by one; Event(...)
        # made as emit makes it (tuple.__new__), in C for the whole run
        columns = zip(
            count(len(log)),
            repeat(state.turn),
            repeat(actor),
            repeat(state.phase),
            repeat(kind),
            rules,
            texts,
            data,
        )
        log.extend(map(_new_tuple, repeat(Event), columns))

    def emit(self, kind: str, rule: str, text: str, **data: Any) -> Event:
        """Record one change of state: its kind, the rule applied and a plain sentence."""
        state = self.state
        # Event(...) itself, without the named tuple's own __new__ (a Python function): a
        # game makes an event every few actions; on the plain log's list in C
        events = self._events
        actor = state.actor
        if events is not None:
            event = _new_tuple(
                Event, (len(events), state.turn, actor, state.phase, kind, rule, text, data)
            )
            events.append(event)
            return event
        log = self.log
        event = _new_tuple(
            Event, (len(log), state.turn, actor, state.phase, kind, rule, text, data)
        )
        log.append(event)
        return event

    @property
    def random(self) -> Randomness:
        return self.dice

    def roll(self, n: int, rule: str, why: str, sides: int | None = None, **data: Any) -> list[int]:
        """Roll ``n`` dice of ``sides`` sides (the game's die if None) and record the roll
        as an event (its data has ``sides`` when the roll names them)."""
        if sides is None:  # the game's own die: Italia's battles roll every few actions
            results = self.dice.roll(n)
            shown = ", ".join(map(str, results))
        else:
            results = self.dice.roll(n, sides)
            shown = f"{n}d{sides}: " + ", ".join(map(str, results))
            data["sides"] = sides
        self.emit("roll", rule, f"{rule}: {why}: rolled {shown}.", results=results, **data)
        return results


class Rules(Protocol[S]):
    """A game's rules, as the runner calls them."""

    game_id: str
    codec: ActionCodec

    def decision(self, state: S) -> Decision | None:
        """The decision pending, or None when the game is over.

        Rules may also define ``is_over(state) -> bool``, true exactly when this is None:
        the runner asks it several times an action, and it need not build the prompt.
        Rules of sealed decisions may define ``owes(state, seat) -> bool``, true exactly
        when ``seat`` is among this decision's :attr:`~Decision.owing`: the runner asks it
        on every submission instead of making the decision (a season of eight seats would
        make eight), and makes the decision only to word a refusal. Rules may define
        ``refusal(state, seat) -> IllegalActionError | None``: the refusal of a seat that
        owes nothing (it has submitted already, or left the game), in the rules' words (an
        eliminated power's, naming its rule; a seat's name in a sentence), asked only
        when refusing; None leaves the runner's own words.
        """
        ...

    def legal_actions(self, state: S) -> list[Action]:
        """The legal actions of whoever must decide now (finite, in a stable order); for a
        sealed decision, those of every seat still owing orders, each an
        :class:`~italia_kit.core.decision.Order` naming its seat.

        Rules with sealed decisions define ``legal_orders(state, seat)`` too, the legal
        actions of one seat (of the actor alone in a decision of one seat): the runner
        then asks it for :meth:`Game.legal_actions`. Without it the runner filters this
        list by :attr:`Order.seat` when a seat is named, and lists it whole when none is
        (it does not ask for the decision on that hot path).
        Rules may define ``observe(state, seat) -> dict`` too, the state as ``seat`` may
        see it (:meth:`Game.observe`).
        """
        ...

    def apply(self, ctx: Context[S], action: Action) -> None:
        """Check ``action`` and apply it; raise before changing anything if it is illegal."""
        ...

    def advance(self, ctx: Context[S]) -> None:
        """Carry out the automatic steps (income, skipping nations ...) up to a decision."""
        ...

    def state_from_json(self, data: dict[str, Any]) -> S: ...


@dataclass(frozen=True, slots=True)
class _Checkpoint(Generic[S]):
    state: S  # never mutated: restoring clones it
    dice: Snapshot
    log_length: int


class Game(Generic[S]):
    """A game in progress.

    ``checkpoint_every`` trades memory for the speed of undo and jumps: a checkpoint is a copy
    of the state kept every so many actions; going back restores the nearest one and replays.
    The whole random state (``dice``: dice, bags, decks, scripted results) is in each
    checkpoint, and the players' streams (:meth:`stream`) go back with the game.
    """

    def __init__(
        self,
        rules: Rules[S],
        state: S,
        *,
        seed: int = 0,
        checkpoint_every: int = 32,
        dice: Randomness | None = None,
        log: EventLog | None = None,
        advance: bool = True,
    ) -> None:
        self.rules = rules
        self._orders: Callable[[S, str], list[Action]] | None = getattr(rules, "legal_orders", None)
        self._over = _over_test(rules)
        self._owes: Callable[[S, str], bool] | None = getattr(rules, "owes", None)
        self.dice = dice if dice is not None else Randomness(seed=seed)
        self.log = log if log is not None else EventLog()
        self._ctx: Context[S] = Context(state, self.dice, self.log)
        self.checkpoint_every = max(1, checkpoint_every)
        self.actions: list[Action] = []
        self._initial = _Checkpoint(state.clone(), self.dice.snapshot(), len(self.log))
        self._checkpoints: dict[int, _Checkpoint[S]] = {}
        self._last_kept: S | None = None  # the state of the checkpoint made last
        self._listed: tuple[int, tuple[Action, ...]] | None = None
        self._streams: dict[tuple[str, int], Stream] = {}
        if advance:
            rules.advance(self._ctx)
        self._checkpoints[0] = self._checkpoint()

    # -- the contract ------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self._ctx.state

    @property
    def random(self) -> Randomness:
        """The game's random source (the same object as ``dice``)."""
        return self.dice

    @property
    def decision(self) -> Decision | None:
        return self.rules.decision(self.state)

    @property
    def is_over(self) -> bool:
        return bool(self._over(self._ctx.state))

    @property
    def pending_seats(self) -> tuple[str, ...]:
        """The seats that may act now: the actor alone, every seat still owing sealed
        orders, or none when the game is over."""
        decision = self.decision
        return () if decision is None else decision.owing

    def legal_actions(self, seat: str | None = None) -> list[Action]:
        """The actions the pending decision may take, in the rules' order: ``seat``'s if
        given (none if it owes nothing now); else the actor's or, for a sealed decision,
        those of the first seat still owing (so that any player asked in turn plays the
        seats in the decision's order).

        Until the next :meth:`apply`, the runner remembers them: applying one of these very
        objects spares the rules a second check (:attr:`Context.listed`). Change the state
        only through :meth:`apply` in between.
        """
        state = self._ctx.state
        if self._over(state):
            return []
        if seat is None and self._orders is None:  # one seat decides: the hot path
            actions = self.rules.legal_actions(state)
        else:
            actions = self._seat_actions(state, seat)
        self._listed = (len(self.actions), tuple(actions))
        return actions

    def apply(self, action: Action) -> list[Event]:
        """Check ``action``, apply it, run the automatic steps; return the new events.

        On refusal (``IllegalActionError``, ``InvalidActionError``) nothing has changed.
        """
        return self._apply(action, seat_checked=False)

    def _apply(self, action: Action, *, seat_checked: bool) -> list[Event]:
        """:meth:`apply`; with ``seat_checked`` the caller (:meth:`submit`) has just
        refused a seat that may not act and an order of another seat, so the pending
        decision is not asked for again (a sealed season asks it once a submission)."""
        ctx = self._ctx
        log = self.log
        start = len(log)
        actions = self.actions
        listed, self._listed = self._listed, None
        if isinstance(action, ScriptDice):
            self.dice.script(action.results)
        else:
            trusted = listed is not None and listed[0] == len(actions) and _holds(listed[1], action)
            # an action just listed is one of a game not over (legal_actions lists none then)
            # (seat_checked: the seat owes the pending decision, so the game is not over)
            if not trusted and not seat_checked:
                if self._over(ctx.state):
                    raise IllegalActionError("5.0", "the game is over: no action is pending")
                if isinstance(action, Order):
                    self._check_seat(action.seat)
            rules = self.rules
            ctx.listed = trusted
            try:
                rules.apply(ctx, action)
                ctx.listed = False
                rules.advance(ctx)
            except BaseException:
                ctx.listed = False
                # The rules check before they change anything; this restores the exact
                # earlier state even if a rule refused an action half-way.
                self._rebuild(len(actions))
                raise
        actions.append(action)
        if len(actions) % self.checkpoint_every == 0:
            self._checkpoints[len(actions)] = self._checkpoint()
        return log.since(start)

    def script_dice(self, results: list[int] | tuple[int, ...]) -> None:
        """Force the next dice results; recorded, so replays reproduce them."""
        self.apply(ScriptDice(tuple(results)))

    # -- seats ---------------------------------------------------------------------------
    def submit(self, seat: str, action: Action) -> list[Event]:
        """Apply ``action`` as ``seat``'s: refused (:class:`IllegalActionError` naming the
        decision's rule, nothing changed) unless ``seat`` may act now and the action, if an
        :class:`Order`, is ``seat``'s own."""
        self._check_seat(seat)  # (the game is not over: a pending decision owes it)
        if isinstance(action, Order) and action.seat != seat:
            rule = self._pending().rule
            raise IllegalActionError(rule, f"{seat} cannot submit orders of {action.seat}")
        # an Order is now ``seat``'s and ``seat`` owes one: apply need not ask again
        return self._apply(action, seat_checked=isinstance(action, Order))

    def submit_all(self, orders: Mapping[str, Action]) -> list[Event]:
        """Submit several seats' orders at once (PettingZoo's parallel ``step``), in the
        mapping's order: all of them, or (one refused) none."""
        start, first = len(self.actions), len(self.log)
        try:
            for seat, action in orders.items():
                self.submit(seat, action)
        except BaseException:
            if len(self.actions) > start:
                self.jump(start)
            raise
        return self.log.since(first)

    def observe(self, seat: str) -> dict[str, Any]:
        """The state as ``seat`` may see it: the rules' ``observe(state, seat)`` if they
        define one (hiding other seats' hands, bags, sealed orders), else the whole state's
        JSON (a game of perfect information)."""
        observe: Callable[[S, str], dict[str, Any]] | None = getattr(self.rules, "observe", None)
        return self.state.to_json() if observe is None else observe(self.state, seat)

    def events_for(self, seat: str | None, *, redact: bool = True) -> list[Event]:
        """The log as ``seat`` may read it (:meth:`EventLog.for_seat`)."""
        return self.log.for_seat(seat, redact=redact)

    def _pending(self) -> Decision:
        decision = self.rules.decision(self._ctx.state)
        if decision is None:
            raise IllegalActionError("5.0", "the game is over: no action is pending")
        return decision

    def _check_seat(self, seat: str) -> None:
        """Refuse a seat that may not act now: it has submitted already, or owes nothing."""
        owes = self._owes
        if owes is not None and owes(self._ctx.state, seat):
            return  # (the rules' word: the decision is made only to word a refusal)
        decision = self._pending()
        owing = decision.owing
        if seat in owing:
            return
        refusal = getattr(self.rules, "refusal", None)  # the rules' own words, if any
        own = None if refusal is None else refusal(self._ctx.state, seat)
        if own is not None:
            raise own
        waiting = f"waiting for {', '.join(owing)}"
        if seat in decision.submitted:
            reason = f"{seat} has already submitted its orders ({decision.kind}); {waiting}"
        else:
            reason = f"{seat} owes no decision now ({decision.kind}); {waiting}"
        raise IllegalActionError(decision.rule, reason)

    def _seat_actions(self, state: S, seat: str | None) -> list[Action]:
        decision = self._pending()
        owing = decision.owing
        if seat is None:
            seat = owing[0]
        elif seat not in owing:
            return []
        if self._orders is not None:
            return self._orders(state, seat)
        actions = self.rules.legal_actions(state)
        if not decision.seats:
            return actions
        return [a for a in actions if isinstance(a, Order) and a.seat == seat]

    # -- time travel -------------------------------------------------------------------
    def undo(self, n: int = 1) -> None:
        """Step back ``n`` actions."""
        if not 0 <= n <= len(self.actions):
            raise ValueError(f"cannot undo {n} actions: only {len(self.actions)} were applied")
        self.jump(len(self.actions) - n)

    def jump(self, index: int) -> None:
        """Go to the position after the first ``index`` actions (0 = the start)."""
        if not 0 <= index <= len(self.actions):
            raise ValueError(f"no position {index}: the game has {len(self.actions)} actions")
        self._listed = None
        self._rebuild(index)
        del self.actions[index:]
        for k in [k for k in self._checkpoints if k > index]:
            del self._checkpoints[k]
        for stream in self._streams.values():
            stream.rewind(index)

    def fork(self) -> Game[S]:
        """An independent copy that runs on from here."""
        twin: Game[S] = Game.__new__(Game)
        twin.rules = self.rules
        twin._orders = self._orders
        twin._over = self._over
        twin._owes = self._owes
        twin.dice = self.dice.copy()
        twin.log = self.log.copy()
        twin._ctx = Context(self.state.clone(), twin.dice, twin.log)
        twin.checkpoint_every = self.checkpoint_every
        twin.actions = list(self.actions)
        twin._initial = self._initial
        twin._checkpoints = dict(self._checkpoints)
        twin._last_kept = self._last_kept
        twin._listed = None
        twin._streams = {k: s.fork(twin.actions) for k, s in self._streams.items()}
        return twin

    def stream(self, name: str, seed: int) -> Stream:
        """The random stream of the players called ``name`` seeded with ``seed``, tied to
        this game (:mod:`.streams`): undo, jumps and forks take its draws back with the
        game, so a player asked again chooses again as it did. Two players of the same
        name and seed in one game share a stream.
        """
        key = (name, seed)
        found = self._streams.get(key)
        if found is None:
            found = self._streams[key] = Stream(name, seed, self.actions)
        return found

    def streams(self) -> list[Stream]:
        """The players' streams this game has handed out (a save keeps them)."""
        return list(self._streams.values())

    def positions(self) -> Iterator[tuple[int, Action]]:
        return iter(enumerate(self.actions))

    # -- internals ---------------------------------------------------------------------
    def _checkpoint(self) -> _Checkpoint[S]:
        state = self._ctx.state
        # a state may copy itself for a checkpoint sharing what is as it was in the last
        # one (``checkpoint_copy(last)``: checkpoints never change, restoring clones them)
        copy: Callable[[S | None], S] | None = getattr(state, "checkpoint_copy", None)
        kept = state.clone() if copy is None else copy(self._last_kept)
        self._last_kept = kept
        return _Checkpoint(kept, self.dice.snapshot(), len(self.log))

    def _rebuild(self, index: int) -> None:
        base = max(k for k in self._checkpoints if k <= index)
        cp = self._checkpoints[base]
        self.dice.restore(cp.dice)
        self.log.truncate(cp.log_length)
        self._ctx.state = cp.state.clone()
        for action in self.actions[base:index]:
            if isinstance(action, ScriptDice):
                self.dice.script(action.results)
                continue
            self.rules.apply(self._ctx, action)
            self.rules.advance(self._ctx)

    def state_json(self) -> dict[str, Any]:
        return self.state.to_json()

    # -- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        """Short: the game, turn, phase, who decides and how many actions were taken.

        >>> from italia_kit.games.italia import new_game
        >>> new_game("italia1", seed=1)
        <Game italia1, turn 1, purchase: Celts to decide (buy), 0 actions>
        """
        decision = self.decision
        if decision is None:
            who = "over"
        else:
            who = f"{', '.join(decision.owing)} to decide ({decision.kind})"
        game_id = getattr(self.rules, "game_id", "?")
        state = self.state
        done = len(self.actions)
        return f"<Game {game_id}, turn {state.turn}, {state.phase}: {who}, {done} actions>"

    def _repr_html_(self) -> str:
        """The notebook's view (:func:`~italia_kit.core.display.game_html`)."""
        from italia_kit.core.display import game_html

        return game_html(self)


def _over_test(rules: Rules[S]) -> Callable[[S], bool]:
    """How to tell that the game is over: the rules' ``is_over`` if they define it (see
    :meth:`Rules.decision`), else "no decision is pending". Looked up once, not three times
    an action (the runner's loop, the legal actions and apply each ask)."""
    is_over: Callable[[S], bool] | None = getattr(rules, "is_over", None)
    if is_over is not None:
        return is_over
    return lambda state: rules.decision(state) is None


def _holds(actions: tuple[Action, ...], action: Action) -> bool:
    """Is ``action`` itself (not an equal copy) among ``actions``?"""
    return id(action) in map(id, actions)  # all in C: this runs once an action
