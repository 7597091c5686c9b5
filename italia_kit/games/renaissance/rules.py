"""The rules of the Renaissance-Italy game as the kit's runner calls them.

Each season every seat submits one sealed sheet (an :class:`Order`): in Spring first its
Phase A sheet (``Adjustments``: builds and maintenance), then, every season, its Phase C
sheet (``SeasonOrders``: military orders, strait permissions and a note). When the last
sheet is in, the season resolves in the text's order and the Campaign Report is emitted,
one event per unit with the clause that decided it. A sheet names the season it is for
(``Spring 1454``), so a sheet of another season is refused.

A Phase C sheet mixes expenditure lines (``Borrow 10``, ``Bribe A Padua 18``) with the
military orders; ``expenses.is_expense`` tells them apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from italia_kit.core import (
    NO_ACTOR,
    Action,
    ActionCodec,
    Context,
    Decision,
    GameRef,
    IllegalActionError,
    Order,
)
from italia_kit.games.renaissance.budget import check_budget
from italia_kit.games.renaissance.disasters import READINGS, strike
from italia_kit.games.renaissance.elimination import READINGS as ELIMINATION
from italia_kit.games.renaissance.elimination import check_named, end_of_campaign, refuse_sheet
from italia_kit.games.renaissance.excommunication import expire, proclaim
from italia_kit.games.renaissance.expenditure import (
    assassination_effects,
    check_expense,
    resolve_expenditure,
)
from italia_kit.games.renaissance.expenses import (
    Bribe,
    Crusade,
    Excommunicate,
    Expense,
    is_expense,
    parse_expense,
)
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, Map, game_map
from italia_kit.games.renaissance.movement import orders_for, resolve_movement
from italia_kit.games.renaissance.names import its, possessive, subject
from italia_kit.games.renaissance.notation import OrderSyntaxError, parse_line
from italia_kit.games.renaissance.options import order_texts
from italia_kit.games.renaissance.orders import Besiege, Hold, MilitaryOrder, Permit
from italia_kit.games.renaissance.position import Position, position_of
from italia_kit.games.renaissance.season import (
    apply_adjustments,
    autonomous_garrisons,
    check_adjustments,
    collect_income,
    update_control,
    winner,
)
from italia_kit.games.renaissance.sheets import adjustment_menu, menu_orders
from italia_kit.games.renaissance.state import RenaissanceState

__all__ = ["Adjustments", "RenaissanceRules", "SeasonOrders"]


class Sheet(NamedTuple):
    """A Phase C sheet read: orders by unit, strait permissions, expenses in its order.

    ``checked_on`` is set on a sheet the kit's own players made of orders each already
    checked possible (``checks.check_order``) on the season's units with the rebellions and
    sieges given, and no strait permission (a permission only opens a strait): while the
    position is still that one at resolution, the adjudicator need not check them again.
    A named tuple, not a frozen dataclass: a season reads some ten, and a tuple is the
    cheapest immutable record to make."""

    orders: dict[int, MilitaryOrder]
    permits: set[tuple[str, str, str]]
    expenses: list[Expense]
    checked_on: tuple[dict[str, str], dict[str, tuple[int, int]]] | None = None
    #: every order line found its unit (none was dropped as not the seat's)
    complete: bool = False

    def on_units(self, position: Position, seat: str) -> Sheet:
        """A complete sheet read again on the units of ``position`` (after bribes,
        assassinations or plague): each order for the unit of ``seat`` of its type in its
        province now, the orders of units gone dropped, as reading the lines with
        ``strict`` false would (the orders are the lines', in their order)."""
        by_ref = position.by_ref
        orders: dict[int, MilitaryOrder] = {}
        for order in self.orders.values():
            unit = by_ref.get((seat, order.unit.type, order.unit.province))
            if unit is not None:
                orders[unit.uid] = order
        return Sheet(orders, self.permits, self.expenses)


@dataclass(frozen=True, slots=True)
class Adjustments(Order):
    """``seat``'s Phase A sheet for ``season``: Build / Maintain / Disband lines."""

    kind: ClassVar[str] = "adjustments"
    season: str = ""
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeasonOrders(Order):
    """``seat``'s Phase C sheet for ``season``: one military order a unit (a unit without
    one holds), ``Permit (Power) (strait)`` lines, and a ``note`` to the others."""

    kind: ClassVar[str] = "season_orders"
    season: str = ""
    lines: tuple[str, ...] = ()
    note: str = ""


_new_tuple = tuple.__new__  # a named tuple made without its Python-level __new__


def _refuse_foreign(
    state: RenaissanceState, seat: str, orders: Mapping[int, MilitaryOrder]
) -> None:
    """MILITARY ORDERS (b): refuse the first order whose unit is not ``seat``'s, not
    there, or not of the type and in the province the order names."""
    for uid, order in orders.items():
        unit = state.units.get(uid)
        ref = order.unit
        if unit is None or unit.power != seat:
            raise IllegalActionError("MILITARY ORDERS (b)", f"{subject(seat, 'has')} no unit {uid}")
        if unit.type != ref.type or unit.province != ref.province:
            raise IllegalActionError(
                "MILITARY ORDERS (b)",
                f"{subject(seat, 'has')} no {ref.type} in {ref.province} to order",
            )


class RenaissanceRules:
    """See the module docstring; ``options`` are the spec's (recorded in saves)."""

    game_id = "renaissance"
    codec = ActionCodec([Adjustments, SeasonOrders])

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = dict(options or {})
        self.ref = GameRef(self.game_id, self.options)
        self.map: Map = game_map(bool(self.options.get("fortresses", False)))
        #: PLAYER ELIMINATION: njudge's (elimination.py) or the earlier 'play-on'
        self.njudge_elimination = self.options.get("elimination", ELIMINATION[0]) == "njudge"
        # speed only, never state: a season's decisions (_chain: by (turn, step, seats),
        # then by how many seats are in) and, submitted out of order, by (turn, step,
        # seats, submitted); sheets read
        # on submission, by (seat, lines), with the units dict they were read against (a
        # hit needs that very dict: the season's units, unchanged since)
        self._decisions: dict[tuple[Any, ...], Decision] = {}
        self._chain: tuple[tuple[Any, ...], tuple[Decision, ...]] = ((), ())
        self._sheets: dict[tuple[str, tuple[str, ...]], tuple[Position, Sheet]] = {}

    # -- decisions -------------------------------------------------------------------------
    def is_over(self, state: RenaissanceState) -> bool:
        return state.step == "over"

    def owes(self, state: RenaissanceState, seat: str) -> bool:
        """Does ``seat`` owe its sheet now (one of :meth:`decision`'s ``owing``)? The
        runner asks this on every submission, without the decision being made."""
        return state.step != "over" and seat not in state.sealed and seat in state.seats

    def refusal(self, state: RenaissanceState, seat: str) -> IllegalActionError | None:
        """The runner's refusal of a seat that owes nothing: when it has left the game
        (PLAYER ELIMINATION, ``elimination.refuse_sheet``), or has submitted its sheet
        already (named as a sentence names it: "the Turks have already submitted their
        sheet"); None otherwise."""
        rule = "Phase A" if state.step == "adjust" else "Phase C"
        try:
            refuse_sheet(state, seat, rule)
        except IllegalActionError as err:
            return err
        if seat in state.sealed:
            return _submitted_already(seat, rule)
        return None

    def decision(self, state: RenaissanceState) -> Decision | None:
        if state.step == "over":
            return None
        sealed = tuple(state.sealed)
        # made once a season: the decisions of the seats submitting in the seats' order
        # (the runner's and the players' order), the k-th once k seats are in
        chain = self._chain
        if chain[0] == (state.turn, state.step, state.seats):
            made = chain[1]
            if len(sealed) < len(made) and sealed == state.seats[: len(sealed)]:
                return made[len(sealed)]
        else:
            self._chain = ((state.turn, state.step, state.seats), self._season_chain(state))
            return self.decision(state)
        # another order of submission: keyed by the seats in the order they submitted
        key = (state.turn, state.step, state.seats, sealed)
        found = self._decisions.get(key)
        if found is not None:
            return found
        if len(self._decisions) > 4096:
            self._decisions.clear()
        done = tuple(s for s in state.seats if s in state.sealed)
        found = self._decisions[key] = self._sealed(state, done)
        return found

    def _season_chain(self, state: RenaissanceState) -> tuple[Decision, ...]:
        """The pending decisions of this step while the seats submit in their order: the
        k-th once the first k seats are in."""
        seats = state.seats
        if state.step == "adjust":
            kind, rule, prompt = "adjust", "Phase A", "Phase A: builds and maintenance, sealed"
        else:
            kind, rule = "orders", "Phase C"
            prompt = "Phase C: expenditure and military orders, sealed"
        prompt = f"{state.tag}, {prompt}"
        # what Decision.sealed(seats, ..., submitted=seats[:k]) makes, without its filter
        return tuple(
            Decision(NO_ACTOR, kind, rule, prompt, seats[k:], seats[:k]) for k in range(len(seats))
        )

    @staticmethod
    def _sealed(state: RenaissanceState, done: tuple[str, ...]) -> Decision:
        if state.step == "adjust":
            prompt = f"{state.tag}, Phase A: builds and maintenance, sealed"
            return Decision.sealed(state.seats, "adjust", "Phase A", prompt, submitted=done)
        prompt = f"{state.tag}, Phase C: expenditure and military orders, sealed"
        return Decision.sealed(state.seats, "orders", "Phase C", prompt, submitted=done)

    def legal_actions(self, state: RenaissanceState) -> list[Action]:
        return [a for seat in state.seats for a in self.legal_orders(state, seat)]

    def legal_orders(self, state: RenaissanceState, seat: str) -> list[Action]:
        if state.step == "over" or seat not in state.seats or seat in state.sealed:
            return []
        if state.step == "adjust":
            return [Adjustments(seat, state.tag, s) for s in adjustment_menu(state, self.map, seat)]
        # the menu's sheets are the kit's own, made from the seat's units on this very
        # position, each order possible: handed over as checked (checked_sheet without its
        # ownership test), so a generic player's sheet is not read again at resolution
        on = (dict(state.rebellions), dict(state.sieges))
        out: list[Action] = []
        for lines, orders in menu_orders(state, self.map, seat):
            self._hand_over(state, seat, lines, orders, on)
            out.append(SeasonOrders(seat, state.tag, lines))
        return out

    def observe(self, state: RenaissanceState, seat: str) -> dict[str, Any]:
        """What ``seat`` knows: the board, who has submitted, its own treasury and sheet."""
        view = state.to_json()
        view["treasury"] = {seat: state.treasury[seat]} if seat in state.treasury else {}
        view["sealed"] = {seat: list(state.sealed[seat])} if seat in state.sealed else {}
        view["notes"] = {seat: state.notes[seat]} if seat in state.notes else {}
        view["submitted"] = [s for s in state.seats if s in state.sealed]
        view["seat"] = seat
        return view

    # -- applying --------------------------------------------------------------------------
    def _check_sheet(self, state: RenaissanceState, action: Order, step: str, rule: str) -> None:
        seat = action.seat
        if seat not in state.seats:
            refuse_sheet(state, seat, rule)  # PLAYER ELIMINATION: a seat that has left
            raise IllegalActionError(
                rule, f"{seat!r} is not a seat (seats: {', '.join(state.seats)})"
            )
        if state.step != step:
            raise IllegalActionError(rule, f"it is {state.phase}, not the time for this sheet")
        season = getattr(action, "season", "")
        if season != state.tag:
            raise IllegalActionError(
                rule, f"the sheet is for {season or 'no season'}, not {state.tag}"
            )
        if seat in state.sealed:
            raise _submitted_already(seat, rule)

    def read_sheet(
        self, state: RenaissanceState, seat: str, lines: tuple[str, ...], *, strict: bool = True
    ) -> Sheet:
        """``seat``'s sheet read: its orders by unit, strait permissions and expenses; a bad
        line is refused naming the part (or the clause) it breaks. Units ``seat`` bribes to
        buy may be ordered too (BRIBES (f)); with ``strict`` false (at resolution) orders
        for units the seat does not hold are dropped."""
        cached = self._sheets.get((seat, lines))
        if cached is not None and cached[0] is position_of(state.units):
            return cached[1]  # the same lines read on the same units: the same sheet
        orders: list[MilitaryOrder] = []
        permits: set[tuple[str, str, str]] = set()
        expenses: list[Expense] = []
        for line in lines:
            try:
                if is_expense(line):
                    expense = parse_expense(line, self.map)
                    check_expense(expense, seat)
                    check_named(expense, state.eliminated)
                    expenses.append(expense)
                    continue
                parsed = parse_line(line, self.map)
            except OrderSyntaxError as err:
                raise IllegalActionError("Phase C", str(err)) from None
            if isinstance(parsed, Permit):
                if parsed.strait not in ("Piombino", "Messina"):
                    raise IllegalActionError("Map", f"{parsed.strait} controls no strait")
                permits.add((seat, parsed.strait, parsed.power))
            else:
                orders.append(parsed)
        units = state.units
        buying = any(isinstance(e, Bribe) and e.kind in ("buy", "buy_ag") for e in expenses)
        if strict and buying:
            units = dict(units)
            for expense in expenses:
                if isinstance(expense, Bribe) and expense.kind in ("buy", "buy_ag"):
                    for uid, unit in units.items():
                        if (unit.type, unit.province) == (expense.type, expense.province):
                            units[uid] = unit.owned_by(seat)
        found = orders_for(units, seat, orders, self.map, strict=strict)
        sheet = Sheet(found, permits, expenses, complete=len(found) == len(orders))
        if strict and not buying:  # the same as the resolution's reading, while units stay
            self._remember(state, seat, lines, sheet)
        return sheet

    def _remember(
        self,
        state: RenaissanceState,
        seat: str,
        lines: tuple[str, ...],
        sheet: Sheet,
        position: Position | None = None,
    ) -> None:
        if len(self._sheets) > 256:
            self._sheets.clear()
        here = position if position is not None else position_of(state.units)
        self._sheets[seat, lines] = (here, sheet)

    def checked_sheet(
        self,
        state: RenaissanceState,
        seat: str,
        orders: Mapping[int, MilitaryOrder],
        expenses: Sequence[str] = (),
        position: Position | None = None,
    ) -> tuple[str, ...]:
        """The lines of a sheet the kit's own players made: ``orders`` by unit id, each
        already checked possible on this position without strait permissions (as
        ``sheets.random_orders`` makes them). Only that the units are ``seat``'s, there and
        of that type, is checked here (MILITARY ORDERS (b)); the sheet is remembered as
        read, so its submission and resolution skip reading the lines again, and the
        adjudicator skips checking its orders while the position stays the same. Any
        other sheet is read and checked in full when it is submitted.

        ``expenses`` are expenditure lines written after the orders (the random spending
        player's): each is read and checked as a submission reads it (the budget too, at
        submission); a sheet that buys a unit (BRIBES (f): its orders may name it) or a
        line that is no expense is not remembered, and is read in full instead.

        ``position`` is ``position_of(state.units)`` if the caller has it already (the
        random player's draw made it; the units have not changed since)."""
        # MILITARY ORDERS (b): every unit there, the seat's, of the type and in the
        # province its order names. (A plain loop: callgrind counts 4k instructions for
        # a sheet of two orders, against 14k for the map/attrgetter pipelines it replaced.)
        units = state.units
        for uid, order in orders.items():
            unit = units.get(uid)
            ref = order.unit
            if (
                unit is None
                or unit.power != seat
                or unit.type != ref.type
                or unit.province != ref.province
            ):
                _refuse_foreign(state, seat, orders)
        lines = tuple(order_texts(orders.values()))
        read: list[Expense] = []
        if expenses:
            lines += tuple(expenses)
            for line in expenses:
                if not is_expense(line):
                    return lines  # read in full on submission, where it is refused
                try:
                    expense = parse_expense(line, self.map)
                except OrderSyntaxError as err:
                    raise IllegalActionError("Phase C", str(err)) from None
                check_expense(expense, seat)
                check_named(expense, state.eliminated)
                if isinstance(expense, Bribe) and expense.kind in ("buy", "buy_ag"):
                    return lines  # read in full on submission, the bought unit its own
                read.append(expense)
        on = (dict(state.rebellions), dict(state.sieges))
        # Sheet(dict(orders), set(), read, on, complete=True), without the named tuple's
        # Python-level __new__ (eight sheets a season)
        sheet = _new_tuple(Sheet, (dict(orders), set(), read, on, True))
        self._remember(state, seat, lines, sheet, position)
        return lines

    def _hand_over(
        self,
        state: RenaissanceState,
        seat: str,
        lines: tuple[str, ...],
        orders: Mapping[int, MilitaryOrder],
        on: tuple[dict[str, str], dict[str, tuple[int, int]]],
    ) -> None:
        """Remember ``lines`` as read into ``orders`` (``seat``'s units' orders, each
        possible on this position with the rebellions and sieges ``on``), as
        :meth:`checked_sheet` does after its ownership test."""
        self._remember(state, seat, lines, Sheet(dict(orders), set(), [], on, complete=True))

    def _sheet_at_resolution(self, state: RenaissanceState, seat: str, here: Position) -> Sheet:
        lines = state.sealed[seat]
        cached = self._sheets.get((seat, lines))
        if cached is not None and cached[0] is here:
            return cached[1]
        return self.read_sheet(state, seat, lines, strict=False)

    def apply(self, ctx: Context[RenaissanceState], action: Action) -> None:
        state = ctx.state
        seat = action.seat if isinstance(action, Order) else ""
        here: Position | None = None  # the units' index, if looked up here
        if isinstance(action, SeasonOrders):  # (every season; Adjustments only in Spring)
            if not (  # the usual sheet: its seat owes it this season (else the refusal)
                state.step == "orders"
                and action.season == state.tag
                and seat not in state.sealed
                and seat in state.seats
            ):
                self._check_sheet(state, action, "orders", "Phase C")
            if not ctx.listed:
                cached = self._sheets.get((seat, action.lines))  # read_sheet's own hit
                here = position_of(state.units)  # (handed to _resolve: units unchanged)
                if cached is not None and cached[0] is here:
                    expenses = cached[1].expenses
                else:
                    expenses = self.read_sheet(state, seat, action.lines).expenses
                # budget.py: the reading (a sheet without expenses spends nothing)
                if expenses and not self.options.get("overspend", False):
                    check_budget(state, seat, expenses)
            if action.note:
                state.notes[seat] = action.note
            rule = "Phase C"
        elif isinstance(action, Adjustments):
            self._check_sheet(state, action, "adjust", "Phase A")
            if not ctx.listed:
                units, _ = self._phase_a_lines(seat, action.lines, state.eliminated)
                check_adjustments(state, self.map, seat, units)
            rule = "Phase A"
        else:
            raise IllegalActionError("Phase C", f"{action.kind!r} is not an action of this game")
        lines = action.lines
        state.sealed[seat] = lines
        text = f"{state.phase}: {subject(seat, 'submits')} {its(seat)} sheet (sealed)."
        ctx.emit_as(seat, "sheet", rule, text, lines=list(lines), visible_to=[seat])
        if len(state.sealed) < len(state.seats):
            return
        if state.step == "adjust":
            for seat in state.seats:
                units, orders = self._phase_a_lines(seat, state.sealed[seat])
                apply_adjustments(ctx, self.map, seat, units)
                for order in orders:
                    proclaim(state, self.map, seat, order, self._note(ctx), self._out(state))
            state.sealed = {}
            state.step = "orders"
            return
        self._resolve(ctx, here)

    def _phase_a_lines(
        self, seat: str, lines: tuple[str, ...], eliminated: Mapping[str, int] | None = None
    ) -> tuple[tuple[str, ...], list[Excommunicate | Crusade]]:
        """A Phase A sheet split: its Build / Maintain / Disband lines, and the
        Excommunicate or Crusade order the text allows 'during the Maintain units phase'
        (checked as in Phase C; against none of the powers ``eliminated``)."""
        if not any(is_expense(line) for line in lines):
            return lines, []
        units: list[str] = []
        orders: list[Excommunicate | Crusade] = []
        for line in lines:
            if not is_expense(line) or line.split(None, 1)[0].lower() in ("disband",):
                units.append(line)
                continue
            try:
                order = parse_expense(line, self.map)
            except OrderSyntaxError as err:
                raise IllegalActionError("Phase A", str(err)) from None
            if not isinstance(order, Excommunicate | Crusade):
                raise IllegalActionError(
                    "Phase A", f"{line!r}: expenditure orders are written in Phase C"
                )
            check_expense(order, seat)
            check_named(order, eliminated or {})
            orders.append(order)
        return tuple(units), orders

    def _out(self, state: RenaissanceState) -> Mapping[str, int] | None:
        """The powers out of the game for the EXCOMMUNICATION's expiry: those eliminated
        (njudge), or None: tested whenever asked (``play-on``, excommunication.py)."""
        return state.eliminated if self.njudge_elimination else None

    @staticmethod
    def _note(ctx: Context[RenaissanceState]) -> Callable[..., None]:
        def note(kind: str, rule: str, text: str, **data: Any) -> None:
            ctx.emit(kind, rule, f"{rule}: {text}", **data)

        return note

    def _resolve(self, ctx: Context[RenaissanceState], here: Position | None = None) -> None:
        """Phase C in the text's order: expenditure (``expenditure.py``), plague (Summer),
        movement, rebellions put down or liberated, control, famine (Spring and Summer:
        its effects; Autumn: next year's), the next season. ``here`` is
        ``position_of(state.units)`` if the last submission looked it up already."""
        state = ctx.state
        before = here if here is not None else position_of(state.units)
        cities_before = dict(state.cities)  # PLAYER ELIMINATION's WARNING: the campaign's start
        sheets = {seat: self._sheet_at_resolution(state, seat, before) for seat in state.seats}
        state.units = dict(state.units)
        expenses = {s: sh.expenses for s, sh in sheets.items()}
        spending = resolve_expenditure(ctx, self.map, expenses, self._out(state))
        assassination_effects(ctx, self.map, spending.assassinated)
        struck = self._disaster(ctx, "plague") if state.season == "Summer" else []
        # bribes, assassinations or plague changed the units: the sheets are read again
        # on the units now (a complete one by its orders, Sheet.on_units). Only those
        # change them here (a bribe is an expense; a default on a loan assassinates), so
        # without any the index is the one looked up before (most seasons: not the tuple
        # of every unit made and compared again, some 5,000 instructions)
        untouched = not struck and not spending.assassinated and not any(expenses.values())
        now_at = before if untouched else position_of(state.units)
        changed = now_at is not before
        # units only removed (plague, a bribe's disbanding, a garrison assassinated):
        # each unit left is the one its order was checked on, and a unit gone makes no
        # order impossible but a Besiege of its garrison (checks.py: a garrison or a
        # fleet elsewhere only ever forbids), so the checked orders keep their check
        removed_only = changed and set(now_at.ids) <= set(before.ids)
        orders: dict[int, MilitaryOrder] = {}
        permits: set[tuple[str, str, str]] = set()
        checked: list[int] = []  # orders checked possible on this very position already
        now = (state.rebellions, state.sieges)
        for seat in state.seats:
            lines = state.sealed[seat]
            if seat in spending.assassinated:
                continue  # ASSASSINATIONS (a): every order a Hold
            mine = sheets[seat]
            if changed and mine.complete:
                kept = removed_only and mine.checked_on is not None and mine.checked_on == now
                mine = mine.on_units(now_at, seat)
                if kept:
                    checked += [u for u, o in mine.orders.items() if type(o) is not Besiege]
            elif changed:
                mine = self.read_sheet(state, seat, lines, strict=False)
            orders.update(mine.orders)
            permits |= mine.permits
            if mine.checked_on is not None and mine.checked_on == now:
                checked += mine.orders
        result = resolve_movement(
            self.map,
            state.units,
            orders,
            permits=permits,
            rebellions=state.rebellions,
            sieges=state.sieges,
            checked=checked,
            position=now_at,  # (the units' index: nothing since has changed them)
        )
        ctx.emit_as(
            NO_ACTOR, "movement", "Phase C", f"{state.tag}: the military orders are resolved."
        )
        for seat in state.seats:  # the orders are opened: every power's, for all to read
            lines = state.sealed[seat]
            # a sheet without expenses shows every line (is_expense told them apart)
            shown = (
                [x for x in lines if not is_expense(x)] if sheets[seat].expenses else list(lines)
            )
            note = state.notes.get(seat, "")
            text = f"{possessive(seat, start=True)} orders: " + (
                "; ".join(shown) or "none (every unit holds)"
            )
            ctx.emit_as(
                seat,
                "orders_opened",
                "Phase C",
                text + (f" Note: {note}" if note else ""),
                lines=shown,
                note=note,
            )
        state.notes = {}
        # one event a unit, in the order of the ids, each with its own {"unit": uid,
        # "result": result}; the ids sorted as ints (not the outcomes as tuples, nor the
        # units' items: comparing tuples costs a C call a pair), the dicts made by a dict
        # display (callgrind: a third of the instructions of dict(zip(keys, pair)))
        # (the outcomes as the resolution made them, plain tuples: movement.Row)
        rows = result.rows
        ids = sorted(rows)
        if ids:  # (a board without units reports none)
            uids, _, _, _, results, clauses, _, texts = zip(
                *[rows[uid] for uid in ids], strict=True
            )
            data = [{"unit": uid, "result": word} for uid, word in zip(uids, results, strict=True)]
            ctx.emit_columns(NO_ACTOR, "outcome", clauses, texts, data)
        after = result.units
        state.units = {uid: after[uid] for uid in sorted(after)}
        state.sieges = result.sieges
        self._rebels_after_movement(ctx, orders, spending.assassinated)
        update_control(state, self.map, result.taken)
        # EXCOMMUNICATION: the issuer eliminated
        expire(state, self.map, self._note(ctx), self._out(state))
        if state.season in ("Spring", "Summer"):
            self._famine_effects(ctx)
        if state.season == "Autumn":
            if self.options.get("storms", False):  # disasters.py: njudge's storms, opt-in
                self._disaster(ctx, "storm")
            state.famine = self._disaster(ctx, "famine")
        state.sealed = {}
        if self.njudge_elimination:  # elimination.py: at the end of a campaign
            end_of_campaign(ctx, self.map, cities_before)
            if state.step == "over":  # no seat is left
                return
        found = winner(state, self.map)
        if found is not None:
            state.winner, state.step = found, "over"
            ctx.emit_as(
                NO_ACTOR,
                "end",
                "Victory",
                f"{subject(found, 'wins', start=True)} with 15 cities and two home countries.",
                winner=found,
            )
            return
        if state.turn >= state.years * 3:
            state.step = "over"
            ctx.emit_as(NO_ACTOR, "end", "Victory", f"The game ends after Autumn {state.year}.")
            return
        state.turn += 1
        state.step = "adjust" if state.season == "Spring" else "orders"

    def _disaster(self, ctx: Context[RenaissanceState], which: str) -> list[str]:
        """PLAGUE (Summer): every unit in a struck province dies at once; FAMINE (Autumn):
        the provinces in famine next year; storms (Autumn, option ``storms``): every fleet
        in a struck sea area sinks (njudge)."""
        state = ctx.state
        hit = strike(ctx, self.map, which, str(self.options.get("severity", READINGS[0])))
        if which == "plague" and hit:  # (a pass over the units only if a province is struck)
            for unit in [u for u in state.units.values() if u.province in hit]:
                del state.units[unit.uid]
                ctx.emit("eliminated", "PLAGUE", f"PLAGUE: {unit} dies.", unit=unit.uid)
        if which == "storm" and hit:
            rule = "STORMS (njudge)"
            for unit in [u for u in state.units.values() if u.type == "F" and u.province in hit]:
                del state.units[unit.uid]
                ctx.emit("eliminated", rule, f"{rule}: {unit} sinks.", unit=unit.uid)
        return hit

    def _famine_effects(self, ctx: Context[RenaissanceState]) -> None:
        """Famine effects (Spring and Summer): units in a province in famine are removed,
        garrisons included; the famine ends after Summer (renaissance-facts 2.4,
        reconstructed)."""
        state = ctx.state
        starving = set(state.famine)  # (most years none: no pass over the units)
        dead = [u for u in state.units.values() if u.province in starving] if starving else []
        for unit in dead:
            del state.units[unit.uid]
            ctx.emit("eliminated", "FAMINE", f"FAMINE: {unit} starves.", unit=unit.uid)
        if state.season == "Summer":
            state.famine = []

    def _rebels_after_movement(
        self, ctx: Context[RenaissanceState], orders: Mapping[int, MilitaryOrder], dead: set[str]
    ) -> None:
        """REBELLIONS (d): a deliberate Hold of the controlling power's army or fleet puts
        a rebellion down (not after an assassination); (f): another power's unit entering
        liberates it."""
        state = ctx.state
        for province, against in list(state.rebellions.items()):
            here = [u for u in state.units.values() if u.province == province and u.type != "G"]
            for unit in here:
                if unit.power not in (against, AUTONOMOUS):
                    del state.rebellions[province]
                    ctx.emit(
                        "liberated",
                        "REBELLIONS (f)",
                        f"REBELLIONS (f): {unit} liberates {province}.",
                    )
                    break
                held = isinstance(orders.get(unit.uid), Hold)
                if unit.power == against and held and against not in dead:
                    del state.rebellions[province]
                    ctx.emit(
                        "put_down",
                        "REBELLIONS (d)",
                        f"REBELLIONS (d): {unit} puts down the rebellion in {province}.",
                    )
                    break

    def advance(self, ctx: Context[RenaissanceState]) -> None:
        """Phase A's automatic steps, once a Spring: autonomous garrisons, income."""
        state = ctx.state
        if state.step == "adjust" and state.prepared != state.turn:
            state.prepared = state.turn
            # EXCOMMUNICATION: 'or the next Phase A is over': both orders end here
            state.excommunicated = {}
            state.crusaded = {}
            autonomous_garrisons(ctx, self.map)
            collect_income(ctx, self.map)

    def state_from_json(self, data: dict[str, Any]) -> RenaissanceState:
        return RenaissanceState.from_json(data)


def _submitted_already(seat: str, rule: str) -> IllegalActionError:
    return IllegalActionError(rule, f"{subject(seat, 'has')} already submitted {its(seat)} sheet")
