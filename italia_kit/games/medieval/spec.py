"""Medieval Italia as a registered game (``medieval``), played by the Italia engine under
:class:`~.rulebook.MedievalRulebook` (issue 19): seats are the four factions, the actors
the powers (Italia nations whose colour is their faction).

>>> from italia_kit import games
>>> spec = games.load("medieval")
>>> spec.seats
('One', 'Two', 'Three', 'Four')
>>> game = spec.new_game(seed=1)
>>> game.decision.actor, spec.seat_of(game, game.decision.actor)
('Romans', 'One')
>>> type(game.state).__name__, game.rules.ref.game
('ItaliaState', 'medieval')
"""

from __future__ import annotations

import dataclasses
from typing import Any

from italia_kit.core import Game, Player
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.setup import new_game as new_italia_game
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import MedievalRulebook
from italia_kit.games.medieval.scenario import Scenario, load_scenario
from italia_kit.games.medieval.standing import METRIC_COLUMNS, faction_scores, metrics, summary
from italia_kit.games.medieval.variant import shipped_variants, variant_mappings, with_variant
from italia_kit.games.spec import Chance, Dynamics, GameKind, GameSpec, Information

__all__ = ["OPTIONS", "card_of", "medieval", "new_game", "returns"]

OPTIONS = ("variant",)


#: The cards made last, by the identity of their (frozen) medieval scenario, each kept with
#: its scenario so that the identity stays its own: a card takes some 2 ms to make and
#: check (some 2% of a random game), and every new game of a spec asks for the same one.
_CARDS: dict[int, tuple[Scenario, ItaliaScenario]] = {}
_CARDS_KEPT = 8


def card_of(scenario: Scenario) -> ItaliaScenario:
    """The Italia card of a medieval scenario; a what-if's names the shipped scenario and
    its variants (``base``, ``variants``), so that a save's ``GameRef`` loads it again."""
    kept = _CARDS.get(id(scenario))
    if kept is not None and kept[0] is scenario:
        return kept[1]
    card = italia_scenario(scenario)
    if scenario.variants:
        card = dataclasses.replace(card, base="medieval", variants=tuple(scenario.variants))
    if len(_CARDS) >= _CARDS_KEPT:
        del _CARDS[next(iter(_CARDS))]  # the oldest (a long what-if session's variants)
    _CARDS[id(scenario)] = (scenario, card)
    return card


def new_game(
    *, seed: int = 0, checkpoint_every: int = 32, scenario: Scenario | None = None
) -> ItaliaGame:
    """A game at the start of turn 1 with the set-up of M-A (of ``scenario``, a what-if
    variant's, if given), on the Italia engine."""
    rulebook = MedievalRulebook(scenario)
    return new_italia_game(
        card_of(rulebook.medieval),
        seed=seed,
        checkpoint_every=checkpoint_every,
        rulebook=rulebook,
        board=medieval_board(),
    )


def returns(game: Game[Any]) -> dict[str, float]:
    """Every faction's victory points (so far, for an unfinished game)."""
    return faction_scores(game)


def medieval(**options: Any) -> GameSpec:
    """Medieval Italia 535-1865: 27 powers for four factions, 13 turns. One option,
    ``variant``: a what-if diff of the scenario (a shipped variant's name, a file, a
    mapping, or a list of those), as Italia's (``docs/scenario-format.md``)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"medieval: unknown option {unknown[0]!r} (options: variant)")
    changes = variant_mappings(options.get("variant"))
    scenario = with_variant(changes) if changes else load_scenario()
    card = card_of(scenario)
    seats = tuple(card.players)

    def start(seed: int = 0, **kwargs: Any) -> ItaliaGame:
        return new_game(seed=seed, scenario=scenario, **kwargs)

    def rules() -> ItaliaRules:
        world = World(card, board=medieval_board(), rulebook=MedievalRulebook(scenario))
        return ItaliaRules(world)

    def seat_of(game: Game[Any], actor: str) -> str:
        return card.colour_of(actor)

    def greedy(seed: int) -> Player:
        from italia_kit.games.medieval.greedy import GreedyPlayer

        return GreedyPlayer(seed)

    def board() -> Any:
        return medieval_board()

    return GameSpec(
        id="medieval",
        title="Medieval Italia 535-1865 (Bofinger's Britannia-family variant), 4 players",
        kind=GameKind(Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.PERFECT, 4, 4),
        seats=seats,
        new_game=start,
        rules=rules,
        options={"variant": changes} if changes else {},
        variants=shipped_variants(),
        seat_of=seat_of,
        board=board,
        bots={"greedy": greedy},
        presenter="italia_kit.games.medieval.widgets.presenter:MedievalPresenter",
        description="Thirteen centuries of invasions of Italy with Britannia's rules.",
        returns=returns,
        summary=summary,
        metrics=metrics,
        metric_columns=METRIC_COLUMNS,
        seat_label="faction",
        score_label="victory points",
        score_unit="VP",
    )
