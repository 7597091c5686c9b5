"""The Renaissance-Italy orders game as a registered game (``renaissance``).

Options: ``years`` (how many years are played, from 1454; default 3), ``powers`` (the
powers that are seats, default all eight; the others' units stand still: they hold and
spend nothing), ``fortresses`` (njudge's advanced rule, off by default), ``severity``
(the reading of the plague, famine and storm severity roll: ``njudge_code``, the default,
``original_rules_per_njudge_tech_note`` or ``condottieri_and_sharcashmo_bot``),
``storms`` (njudge's storms after every Autumn, off by default: ``disasters.py``),
``overspend`` (the text's reading of overspending, off by default: ``budget.py``),
``elimination`` (``njudge``, the default: a power holding no city of its home countries at
the end of a campaign is removed from the board and leaves the table, ``elimination.py``;
``play-on``: the earlier reading, its units play on), ``treasury`` (starting
treasuries instead of 1454's, e.g. ``{"Milan": 40}``: a what-if) and ``variant``
(what-ifs on the set-up, ``variants.py``: a shipped variant's name, a variant mapping or
a list of them, e.g. ``"rich_milan"``: Milan starts with 30 more ducats).

A what-if run (:func:`italia_kit.analysis.run_whatif`) records one row per seat and season
(``whatif.py``: cities, units, Venice held, bribes); the score is the cities held.

>>> from italia_kit import games
>>> spec = games.load("renaissance", years=1, powers=["Milan", "Venice"])
>>> spec.seats, spec.kind
(('Milan', 'Venice'), GameKind(simultaneous, stochastic, imperfect information, 2-8 seats))
>>> game = spec.new_game(seed=1)
>>> game.decision.owing, game.state.tag
(('Milan', 'Venice'), 'Spring 1454')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from italia_kit.core import Game
from italia_kit.games.renaissance.disasters import READINGS
from italia_kit.games.renaissance.elimination import READINGS as ELIMINATION
from italia_kit.games.renaissance.mapdata import POWERS, game_map
from italia_kit.games.renaissance.rules import RenaissanceRules
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.variants import apply_variants, shipped, variant_list
from italia_kit.games.renaissance.whatif import METRIC_COLUMNS, METRIC_TYPES
from italia_kit.games.spec import Chance, Dynamics, GameKind, GameSpec, Information

__all__ = ["OPTIONS", "renaissance"]

OPTIONS: Mapping[str, Any] = {
    "years": 3,
    "powers": list(POWERS),
    "fortresses": False,
    "severity": "njudge_code",
    "storms": False,
    "overspend": False,
    "elimination": ELIMINATION[0],
    "treasury": {},
    "variant": [],
}


def _checked(options: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(
            f"renaissance: unknown option {unknown[0]!r} (options: {', '.join(OPTIONS)})"
        )
    chosen = {**OPTIONS, **options}
    years = chosen["years"]
    if not isinstance(years, int) or isinstance(years, bool) or years < 1:
        raise ValueError(f"renaissance: option 'years' must be a whole number >= 1, not {years!r}")
    powers = list(chosen["powers"])
    bad = [p for p in powers if p not in POWERS]
    if bad or len(set(powers)) != len(powers) or len(powers) < 2:
        raise ValueError(
            f"renaissance: option 'powers' must name 2 to 8 different powers of {', '.join(POWERS)}"
        )
    chosen["powers"] = [p for p in POWERS if p in powers]
    if chosen["severity"] not in READINGS:
        raise ValueError(f"renaissance: option 'severity' must be one of {', '.join(READINGS)}")
    if chosen["elimination"] not in ELIMINATION:
        raise ValueError(
            f"renaissance: option 'elimination' must be one of {', '.join(ELIMINATION)}"
        )
    for flag in ("fortresses", "storms", "overspend"):
        if not isinstance(chosen[flag], bool):
            raise ValueError(f"renaissance: option {flag!r} must be true or false")
    treasury = chosen["treasury"]
    if not isinstance(treasury, Mapping) or any(
        p not in POWERS or not isinstance(d, int) or isinstance(d, bool) or d < 0
        for p, d in treasury.items()
    ):
        raise ValueError(
            "renaissance: option 'treasury' maps powers to ducats (whole numbers >= 0),"
            f" not {treasury!r}"
        )
    chosen["variant"] = variant_list(chosen["variant"])
    _start(chosen)  # a bad change of a variant is refused now, naming it
    return chosen


def _start(chosen: Mapping[str, Any]) -> RenaissanceState:
    """The starting position: 1454's, the ``treasury`` option's ducats, the variants."""
    m = game_map(bool(chosen["fortresses"]))
    state = RenaissanceState.start(m, tuple(chosen["powers"]), chosen["years"])
    state.treasury.update(chosen["treasury"])
    apply_variants(state, m, chosen["variant"])
    return state


def renaissance(**options: Any) -> GameSpec:
    """The registry's factory of ``renaissance``."""
    chosen = _checked(options)
    seats = tuple(chosen["powers"])
    # the options as given, a variant named by its file recorded as its changes (a save
    # of a variant game replays without the file)
    given = dict(options)
    if "variant" in given:
        given["variant"] = chosen["variant"]

    def rules() -> RenaissanceRules:
        return RenaissanceRules(given)

    def start(seed: int = 0, **kwargs: Any) -> Game[RenaissanceState]:
        return Game(rules(), _start(chosen), seed=seed, **kwargs)

    def recorded(seed: int) -> Game[RenaissanceState]:
        from italia_kit.games.renaissance.whatif import record

        return record(start(seed))

    def metrics(game: Game[Any]) -> Any:
        from italia_kit.games.renaissance.whatif import metrics as rows

        return rows(game, seats)

    def returns(game: Game[Any]) -> dict[str, float]:
        cities = game.state.cities
        return {s: float(sum(owner == s for owner in cities.values())) for s in seats}

    def summary(game: Game[Any]) -> str:
        from italia_kit.games.renaissance.report import summary_text

        return summary_text(game, seats)

    def random_orders(seed: int) -> Any:
        from italia_kit.games.renaissance.players import RandomOrdersPlayer

        return RandomOrdersPlayer(seed)

    def random_spending(seed: int) -> Any:
        from italia_kit.games.renaissance.players import RandomOrdersPlayer

        return RandomOrdersPlayer(seed, spending=True)

    def greedy(seed: int) -> Any:
        from italia_kit.games.renaissance.greedy import GreedyPlayer

        return GreedyPlayer(seed)

    def briber(seed: int) -> Any:
        from italia_kit.games.renaissance.briber import BriberPlayer

        return BriberPlayer(seed)

    def board() -> Any:
        from italia_kit.geo import load_board

        return load_board("renaissance")

    return GameSpec(
        id="renaissance",
        title="Renaissance Italy (1454): sealed orders for up to eight powers",
        kind=GameKind(Dynamics.SIMULTANEOUS, Chance.STOCHASTIC, Information.IMPERFECT, 2, 8),
        seats=seats,
        new_game=start,
        rules=rules,
        seat_of=lambda game, actor: actor,
        options=given,
        board=board,
        bots={
            "random-orders": random_orders,
            "random-spending": random_spending,
            "greedy": greedy,
            "briber": briber,
        },
        commands=("italia_kit.games.renaissance.cli",),
        presenter="italia_kit.games.renaissance.widgets.presenter:RenaissancePresenter",
        description="The Machiavelli-family orders game on the 1454 map of Italy.",
        returns=returns,
        summary=summary,
        seat_label="power",
        score_label="cities",
        record=recorded,
        metrics=metrics,
        metric_columns=METRIC_COLUMNS,
        metric_types=METRIC_TYPES,
        variants=dict(shipped()),
    )
