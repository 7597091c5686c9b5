"""*Agricola, Master of Britain* as a registered game (``agricola``): one seat, ``rome``.

The spec gives the generic layers the score (``returns``: 1 for a won game, else the VP so
far over 76, below 1, so that the rollout player prefers a longer, richer governorship; a
what-if run counts a win at 1, ``win_score``),
the turn-by-turn summary of ``play``/``replay`` (:mod:`.summary`), the board, and the metrics
of a what-if run (one row per game: turn reached, VP, result).

>>> from italia_kit import games
>>> spec = games.load("agricola")
>>> spec.seats, spec.kind
(('rome',), GameKind(sequential, stochastic, imperfect information, 1 seats))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from italia_kit.core import Game
from italia_kit.games.agricola.rules import AgricolaRules
from italia_kit.games.agricola.setup import new_game
from italia_kit.games.agricola.state import ROME
from italia_kit.games.agricola.tables import WIN_VP
from italia_kit.games.agricola.variants import setup_of, shipped, variant_list
from italia_kit.games.spec import Chance, Dynamics, GameKind, GameSpec, Information, MetricRow

METRIC_COLUMNS = ("governor", "turn", "vp", "threshold", "hostile_cup", "won", "result")
#: the named policies of the strategy study: the greedy governor's nerve (the least
#: simulated chance of victory for which it fights a battle, 8.0), its leaning and its
#: playouts per battle (10 playouts cannot tell 93% from 98%: the cautious one plays 30)
POLICIES: dict[str, tuple[float, str, int]] = {
    "greedy": (0.93, "balanced", 10),
    "aggressive": (0.8, "balanced", 10),
    "cautious": (0.98, "balanced", 30),
    "settle": (0.93, "settle", 10),
    "negotiate": (0.93, "negotiate", 10),
    # settle with 30 playouts a battle: fewer battles lost on a lucky 10 of 10 (the best
    # policy of the balance pass, docs/games/agricola.md; 60 playouts fight too little)
    "careful": (0.93, "settle", 30),
}
METRIC_TYPES = {
    "turn": "int64",
    "vp": "int64",
    "threshold": "int64",
    "hostile_cup": "int64",
    "won": "bool",
    "result": "string",
}


def returns(game: Game[Any]) -> dict[str, float]:
    state = game.state
    if state.result == "won":
        return {ROME: 1.0}
    return {ROME: min(state.vp, WIN_VP) / (WIN_VP + 1)}


def metrics(game: Game[Any]) -> Iterable[MetricRow]:
    """One row per Game Turn scored (9.7): the VP and the turn's threshold, the Hostile
    Cup's size, and how the game ended (the strategy study's VP by turn)."""
    state = game.state
    result = state.result.split(" (")[0] or "unfinished"
    won = state.result == "won"
    rows = [
        {
            "governor": ROME,
            "turn": event.turn,
            "vp": event.data["vp"],
            "threshold": event.data["threshold"],
            "hostile_cup": event.data["cups"]["Hostile"],
            "won": won,
            "result": result,
        }
        for event in game.log
        if event.kind == "threshold"
    ]
    if not rows or rows[-1]["turn"] != state.turn:  # the game ended before the turn's 9.7
        rows.append(
            {
                "governor": ROME,
                "turn": state.turn,
                "vp": state.vp,
                "threshold": 0,
                "hostile_cup": len(state.cups[2]),
                "won": won,
                "result": result,
            }
        )
    return rows


def agricola(**options: Any) -> GameSpec:
    """The registry's factory; one option, ``variant``: what-ifs on the set-up
    (:mod:`.variants`: a shipped variant's name, a variant mapping, or a list of those)."""
    unknown = sorted(set(options) - {"variant"})
    if unknown:
        raise ValueError(f"agricola: unknown option {unknown[0]!r} (options: variant)")
    variants = variant_list(options.get("variant"))
    setup_of(variants)  # a bad change is refused here, naming the key

    def start(seed: int = 0, **kwargs: Any) -> Game[Any]:
        return new_game(seed, variant=variants, **kwargs)

    def rules() -> AgricolaRules:
        return AgricolaRules(variants)

    def board() -> Any:
        from italia_kit.geo import load_board

        return load_board("agricola")

    def bot(nerve: float, style: str, playouts: int) -> Any:
        def make(seed: int) -> Any:
            from italia_kit.games.agricola.greedy import GreedyPlayer

            return GreedyPlayer(seed, nerve=nerve, style=style, playouts=playouts)

        return make

    def summary(game: Game[Any]) -> str:
        from italia_kit.games.agricola.summary import summary_text

        return summary_text(game)

    return GameSpec(
        id="agricola",
        title="Agricola, Master of Britain (solitaire)",
        kind=GameKind(Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.IMPERFECT, 1, 1),
        seats=(ROME,),
        new_game=start,
        rules=rules,
        options={"variant": variants} if variants else {},
        variants=shipped(),
        seat_of=lambda game, actor: ROME,
        board=board,
        presenter="italia_kit.games.agricola.widgets.presenter:AgricolaPresenter",
        bots={name: bot(*policy) for name, policy in POLICIES.items()},
        description="Tom Russell's solitaire game of Agricola's governorship of Britain "
        "(Hollandspiele 2016): the tribes act by the rules and the cups.",
        returns=returns,
        summary=summary,
        metrics=metrics,
        metric_columns=METRIC_COLUMNS,
        metric_types=METRIC_TYPES,
        seat_label="governor",
        win_score=1.0,
        score_label="victory points",
        score_unit="VP",
    )
