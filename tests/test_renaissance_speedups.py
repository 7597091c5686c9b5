"""The Renaissance-Italy game's shortcuts change no game (issue 16, Performance).

The kit's random player hands its sheets over checked (``RenaissanceRules.checked_sheet``),
the orders come from a table made once per unit type and place (``options.py``) with their
checks where the board plays no part, a position's units are indexed once
(``position.py``), and a sheet changed by bribes or plague is mapped onto the new units
(``Sheet.on_units``). Each must give what the long way gives: these tests play the long way
beside the short one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game, IllegalActionError, RandomPlayer
from italia_kit.games.renaissance.checks import check_order
from italia_kit.games.renaissance.mapdata import game_map
from italia_kit.games.renaissance.notation import format_order
from italia_kit.games.renaissance.options import DYNAMIC, options_for, order_text
from italia_kit.games.renaissance.orders import Advance, Hold, UnitRef
from italia_kit.games.renaissance.players import RandomOrdersPlayer
from italia_kit.games.renaissance.position import position_of
from italia_kit.games.renaissance.rules import RenaissanceRules, SeasonOrders
from italia_kit.games.renaissance.sheets import board_of, pick, random_orders
from italia_kit.games.renaissance.units import Unit

MAP = game_map()


def _play(seed: int, years: int, *, read_every_sheet: bool, spending: bool = False) -> Game[Any]:
    """A seeded game of the random player (with its random expenses if ``spending``);
    with ``read_every_sheet`` every sheet is submitted as text only, read and checked in
    full (the cache of sheets emptied)."""
    spec = games.load("renaissance", years=years)
    game = spec.new_game(seed=seed)
    players = {
        s: RandomOrdersPlayer(seed * 8 + i, spending=spending) for i, s in enumerate(spec.seats)
    }
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    while not game.is_over:
        for seat in spec.seats:
            action = players[seat].choose(game, seat)
            if read_every_sheet:
                rules._sheets.clear()
            game.submit(seat, action)
    return game


def _log(game: Game[Any]) -> list[tuple[Any, ...]]:
    return [(e.kind, e.rule, e.text, dict(e.data)) for e in game.log]


@pytest.mark.parametrize("seed", [0, 7])
def test_checked_sheets_play_as_sheets_read_in_full(seed: int) -> None:
    """Performance: a game whose sheets are handed over checked has the very events of
    the same game whose sheets are all read from their text (MILITARY ORDERS; Hold)."""
    short = _play(seed, 2, read_every_sheet=False)
    long = _play(seed, 2, read_every_sheet=True)
    assert _log(short) == _log(long)
    assert short.state_json() == long.state_json()


def _positions(seeds: range, years: int = 1) -> list[Game[Any]]:
    """Forks of seeded random games at every Phase C."""
    spec = games.load("renaissance", years=years)
    found = []
    for seed in seeds:
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        while not game.is_over:
            if game.state.step == "orders":
                found.append(game.fork())
            for seat in spec.seats:
                game.submit(seat, players[seat].choose(game, seat))
    return found


def test_options_checked_without_the_board_agree_with_the_checks() -> None:
    """Advance, Support, Besiege, Convert, Transport, Map: Venice, Map (straits): where an
    option's verdict was taken without the board, ``check_order`` on real positions says
    the same of every unit."""
    seen = 0
    for game in _positions(range(4)):
        board = board_of(game.state, MAP)
        for unit in game.state.units.values():
            opts = options_for(MAP, unit.type, unit.province, unit.coast)
            for picked in (*opts.advances, *opts.supports):
                if picked.verdict is DYNAMIC:
                    continue
                assert check_order(picked.order, unit, board) == picked.verdict, picked
                seen += 1
            others = (opts.besiege, *opts.converts, opts.transport, opts.own_support)
            for order in others:  # Besiege, Convert, Transport, a garrison's Support
                if id(order) in opts.board_free:
                    assert check_order(order, unit, board) == opts.board_free[id(order)], order
                    seen += 1
    assert seen > 1000


def test_options_texts_are_the_notation() -> None:
    """Orders as text: an option's text is ``format_order``'s, and an order made elsewhere
    is printed by ``format_order`` itself."""
    for province in ("Rome", "Venice", "Croatia", "Genoa"):
        for kind in "AFG":
            opts = options_for(MAP, kind, province, None)
            for order in (opts.hold, opts.besiege, opts.transport, *opts.converts):
                assert order_text(order) == format_order(order)
            for picked in (*opts.advances, *opts.supports):
                assert order_text(picked.order) == format_order(picked.order)
    fresh = Advance(UnitRef("A", "Rome"), "Naples")
    assert order_text(fresh) == "A Rome -> Naples"


def test_random_orders_are_each_possible_on_the_board() -> None:
    """Hold: the random player's every order can be carried out (check_order: None)."""
    for game in _positions(range(2)):
        board = board_of(game.state, MAP)
        for seat in game.state.seats:
            for uid, order in random_orders(game.state, MAP, seat, random.Random(3)).items():
                assert check_order(order, game.state.units[uid], board) is None


def test_checked_sheet_refuses_a_unit_not_the_seats() -> None:
    """MILITARY ORDERS (b): a checked sheet naming another power's unit is refused, and
    nothing is remembered or changed."""
    game = _positions(range(1))[0]
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    state = game.state
    venetian = next(u for u in state.units.values() if u.power == "Venice")
    before = state.to_json()
    remembered = dict(rules._sheets)
    with pytest.raises(IllegalActionError, match=r"MILITARY ORDERS \(b\)"):
        rules.checked_sheet(state, "Milan", {venetian.uid: Hold(UnitRef("A", "Nowhere"))})
    ref = UnitRef("F" if venetian.type != "F" else "A", venetian.province)
    with pytest.raises(IllegalActionError, match="has no"):
        rules.checked_sheet(state, "Venice", {venetian.uid: Hold(ref)})
    assert state.to_json() == before
    assert rules._sheets == remembered


def test_checked_sheet_reads_back_as_its_orders() -> None:
    """Orders as text: the lines of a checked sheet, read in full by a fresh rules
    object, are its orders."""
    game = _positions(range(1))[1]
    state = game.state
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    for seat in state.seats:
        orders = random_orders(state, MAP, seat, random.Random(11))
        lines = rules.checked_sheet(state, seat, orders)
        read = RenaissanceRules().read_sheet(state, seat, lines)
        assert read.orders == orders
        assert read.checked_on is None and rules.read_sheet(state, seat, lines).checked_on


def test_a_sheet_on_changed_units_is_the_sheet_read_again() -> None:
    """BRIBES (f), PLAGUE: a sheet mapped onto the units after a unit died and another
    was bought is the sheet its lines give when read again on those units."""
    game = _positions(range(1))[2]
    state = game.state
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    seat = "Milan"
    mine = position_of(state.units).of_power(seat)
    lines = tuple(order_text(o) for o in random_orders(state, MAP, seat, random.Random(5)).values())
    sheet = rules.read_sheet(state, seat, lines)
    assert sheet.complete
    other = next(u for u in state.units.values() if u.power not in (seat, "autonomous"))
    changed = dict(state.units)
    del changed[mine[0].uid]  # died of plague
    changed[other.uid] = other.owned_by(seat)  # bought
    state.units = changed
    again = rules.read_sheet(state, seat, lines, strict=False)
    assert sheet.on_units(position_of(changed), seat).orders == again.orders
    assert list(sheet.on_units(position_of(changed), seat).orders) == list(again.orders)


def test_position_index_follows_the_units() -> None:
    """The index of a position is found again for the same units and made again when a
    unit is added, removed or replaced in place."""
    units = {1: Unit(1, "Venice", "G", "Venice"), 2: Unit(2, "Milan", "A", "Pavia")}
    here = position_of(units)
    assert position_of(dict(units)) is here
    units[2] = units[2].moved("Milan")
    moved = position_of(units)
    assert moved is not here and moved.by_area["Milan"].uid == 2
    assert "Pavia" not in moved.by_area
    del units[1]
    assert position_of(units).of_power("Venice") == ()
    assert position_of(units).by_ref["Milan", "A", "Milan"].uid == 2


def test_a_season_sheet_naming_the_season_still_goes_through_the_runner() -> None:
    """Phase C: the random player's action is an ordinary sheet of the season (its lines
    are text a human could have typed)."""
    game = _positions(range(1))[0]
    action = RandomOrdersPlayer(1).choose(game, "Venice")
    assert isinstance(action, SeasonOrders) and action.season == game.state.tag
    assert all(isinstance(line, str) for line in action.lines)


def test_pick_draws_as_random_choice() -> None:
    """Performance: ``sheets.pick`` is ``random.Random.choice``, draw for draw, for every
    length a sheet draws from (so seeded games stay the games they were)."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in range(1, 70):
            seq = tuple(range(n))
            assert [pick(ours, seq) for _ in range(5)] == [theirs.choice(seq) for _ in range(5)]
        assert ours.random() == theirs.random()  # and the generators are left alike
    with pytest.raises(IndexError):
        pick(random.Random(0), ())


def test_owes_and_the_season_s_decisions_agree_with_sealed_decisions() -> None:
    """Phase A / Phase C (sealed sheets): the runner asks ``RenaissanceRules.owes`` on each
    submission and the rules make a season's decisions once; both must say what
    ``Decision.sealed`` over the state says, in the seats' order and in any other, and a
    seat that submitted is still refused naming the phase."""
    from italia_kit.core import NO_ACTOR, Decision

    spec = games.load("renaissance", years=1)
    for shuffled in (False, True):
        game = spec.new_game(seed=3)
        rules = game.rules
        players = {s: RandomOrdersPlayer(i) for i, s in enumerate(spec.seats)}
        order = list(spec.seats)
        rng = random.Random(1)
        while not game.is_over:
            if shuffled:
                rng.shuffle(order)
            for k, seat in enumerate(order):
                state = game.state
                done = tuple(s for s in state.seats if s in state.sealed)
                rule = "Phase A" if state.step == "adjust" else "Phase C"
                expected = Decision.sealed(
                    state.seats, state.step, rule, game.decision.prompt, submitted=done
                )
                assert game.decision == expected and game.decision.actor == NO_ACTOR
                assert expected.prompt.startswith(f"{state.tag}, {rule}: ")
                for other in state.seats:
                    assert rules.owes(state, other) == (other in expected.owing)
                assert k == len(done)
                game.submit(seat, players[seat].choose(game, seat))
                if k + 1 < len(order) and game.state.sealed:
                    with pytest.raises(IllegalActionError, match="already submitted"):
                        game.submit(seat, players[seat].choose(game, order[k + 1]))


def test_random_orders_draw_as_pick_with_any_generator() -> None:
    """Performance: ``sheets.random_order`` writes ``pick`` out for a ``random.Random``;
    a generator of another type goes through ``pick`` itself (``rng.choice``). Both must
    give the same orders from the same seed, and leave the generators alike."""

    class Other(random.Random):
        """A generator of another type, drawing as ``random.Random`` does."""

    game = games.load("renaissance", years=1).new_game(seed=4)
    state, rules = game.state, game.rules
    assert isinstance(rules, RenaissanceRules)
    board = board_of(state, rules.map)
    for seed in range(30):
        ours, theirs = random.Random(seed), Other(seed)
        for seat in state.seats:
            a = random_orders(state, rules.map, seat, ours, board)
            b = random_orders(state, rules.map, seat, theirs, board)
            assert [order_text(o) for o in a.values()] == [order_text(o) for o in b.values()]
        assert ours.random() == theirs.random()


def test_emit_each_makes_the_events_emit_as_makes() -> None:
    """Performance: the Campaign Report's outcomes go through ``Context.emit_each`` (one
    call for the run); it must number and fill the events as ``emit_as`` one by one does,
    on the plain log and on a log that overrides ``append`` (``whatif.SeasonLog``)."""
    from italia_kit.core import EventLog
    from italia_kit.core.game import Context
    from italia_kit.core.randomness import Randomness

    class Noting(EventLog):
        __slots__ = ("seen",)

        def __init__(self) -> None:
            super().__init__()
            self.seen: list[int] = []

        def append(self, event: Any) -> None:
            self.seen.append(event.seq)
            super().append(event)

    state = games.load("renaissance", years=1).new_game(seed=1).state
    rows = [("Hold", f"line {i}", {"unit": i}) for i in range(5)]
    for log_type in (EventLog, Noting):
        one, run = log_type(), log_type()
        for log in (one, run):
            Context(state, Randomness(seed=0), log).emit("x", "r", "first")
        a = Context(state, Randomness(seed=0), one)
        for rule, text, data in rows:
            a.emit_as("", "outcome", rule, text, **data)
        Context(state, Randomness(seed=0), run).emit_each("", "outcome", rows)
        assert list(one) == list(run) and [e.seq for e in run] == list(range(6))
        if isinstance(run, Noting):
            assert run.seen == list(range(6))


def _play_generic(seed: int, *, read_every_sheet: bool) -> Game[Any]:
    """A seeded game of the kit's generic random player (it picks from ``legal_actions``,
    the sheets' menu); with ``read_every_sheet`` the menu's sheets are forgotten before
    each submission, so the runner's listed path and the resolution read them in full."""
    spec = games.load("renaissance", years=1)
    game = spec.new_game(seed=seed)
    players = {s: RandomPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    while not game.is_over:
        for seat in spec.seats:
            action = players[seat].choose(game, seat)
            if read_every_sheet:
                rules._sheets.clear()
            game.submit(seat, action)
    return game


def test_menu_sheets_handed_over_checked_play_as_sheets_read_in_full() -> None:
    """Performance: ``legal_orders`` hands its menu over as checked sheets (each order
    made from the seat's units on the position, possible there); a game of the generic
    player has the very events of the same game whose sheets are read from their text
    (MILITARY ORDERS; Hold), and each menu sheet reads back as the orders it was made of."""
    short = _play_generic(3, read_every_sheet=False)
    long = _play_generic(3, read_every_sheet=True)
    assert _log(short) == _log(long)
    assert short.state_json() == long.state_json()
    game = games.load("renaissance", years=1).new_game(seed=5)
    while game.state.step != "orders":
        for seat in game.state.seats:
            game.submit(seat, game.legal_actions(seat)[0])
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    for seat in game.state.seats:
        menu = game.legal_actions(seat)
        remembered = [rules.read_sheet(game.state, seat, a.lines) for a in menu]  # type: ignore[attr-defined]
        rules._sheets.clear()
        read = [rules.read_sheet(game.state, seat, a.lines) for a in menu]  # type: ignore[attr-defined]
        assert len(menu) > 1 and all(s.checked_on is not None for s in remembered)
        assert [s.orders for s in remembered] == [s.orders for s in read]


@pytest.mark.parametrize("seed", [1, 4])
def test_spending_sheets_handed_over_checked_play_as_sheets_read_in_full(seed: int) -> None:
    """Performance: the random spending player hands its orders over checked and its
    expenses as lines the rules read and check (EXPENDITURE ORDERS, BRIBES); its games
    have the very events of the same games whose sheets are all read from their text."""
    short = _play(seed, 2, read_every_sheet=False, spending=True)
    long = _play(seed, 2, read_every_sheet=True, spending=True)
    assert _log(short) == _log(long)
    assert short.state_json() == long.state_json()
    assert any(e.kind.startswith(("bribe", "loan", "rebel", "pay")) for e in short.log)


def test_checked_sheet_refuses_a_bad_expense_line() -> None:
    """EXPENDITURE ORDERS 4: an expense the kit's player hands over is checked as any
    sheet's (a counter-bribe not a multiple of 3 is refused, naming the clause)."""
    game = games.load("renaissance", years=1).new_game(seed=2)
    while game.state.step != "orders":
        for seat in game.state.seats:
            game.submit(seat, game.legal_actions(seat)[0])
    rules = game.rules
    assert isinstance(rules, RenaissanceRules)
    unit = position_of(game.state.units).of_power("Venice")[0]
    orders = {unit.uid: options_for(MAP, unit.type, unit.province, unit.coast).hold}
    with pytest.raises(IllegalActionError, match="EXPENDITURE ORDERS 4"):
        rules.checked_sheet(game.state, "Venice", orders, [f"C-B {unit.type} {unit.province} 4"])
