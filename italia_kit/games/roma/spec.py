"""Roma as a registered game (``roma``).

Options: ``players`` (2 to 6: the populations of 4.2, in its order), ``turns`` (10 or 15,
4.1), and the readings of the text the translator flags (``docs/games/roma.md``):
``interdiction`` (``both_help`` | ``targets_hinder``, 12.3), ``tie_break`` (``more_units`` |
``higher_dice``, 13.1), ``retreat_port`` (``choice`` | ``lowest_number``, 13.12),
``return_port`` (``choice`` | ``lowest_number``, End of Turn), ``provinces_count`` (true |
false, 7.2), and ``variant`` (what-if extra pieces, :mod:`.variants`).

>>> from italia_kit import games
>>> spec = games.load("roma", players=3)
>>> spec.seats
('ITALIA', 'CARTAGINE', 'GRECIA')
>>> game = spec.new_game(seed=1)
>>> game.decision.kind
'setup_tent'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from italia_kit.core import Game, Player, Randomness
from italia_kit.games.roma.combat import TIE_BREAKS
from italia_kit.games.roma.common import DECK, M
from italia_kit.games.roma.naval import INTERDICTION_READINGS
from italia_kit.games.roma.rules import DEFAULT_OPTIONS, RomaRules
from italia_kit.games.roma.state import RomaState
from italia_kit.games.roma.variants import VARIANTS, variant_changes
from italia_kit.games.spec import Chance, Dynamics, GameKind, GameSpec, Information

__all__ = ["check_options", "new_game", "roma"]

_CHOICES: Mapping[str, tuple[Any, ...]] = {
    "players": (2, 3, 4, 5, 6),
    "turns": (10, 15),
    "interdiction": INTERDICTION_READINGS,
    "tie_break": TIE_BREAKS,
    "retreat_port": ("choice", "lowest_number"),
    "return_port": ("choice", "lowest_number"),
    "provinces_count": (True, False),
}
_RULE = {
    "players": "4.2",
    "turns": "4.1",
    "interdiction": "12.3",
    "tie_break": "13.1",
    "retreat_port": "13.12",
    "return_port": "End of Turn",
    "provinces_count": "7.2",
}


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with their defaults; an unknown option or value is a ``ValueError``
    naming it and the rule it reads."""
    for key in options:
        if key not in DEFAULT_OPTIONS:
            raise ValueError(
                f"roma: unknown option {key!r} (options: {', '.join(DEFAULT_OPTIONS)})"
            )
    full = {**DEFAULT_OPTIONS, **options}
    full["variant"] = variant_changes(full["variant"]) or None
    for key, allowed in _CHOICES.items():
        if full[key] not in allowed or isinstance(full[key], bool) != isinstance(allowed[0], bool):
            raise ValueError(
                f"roma: option {key!r} ({_RULE[key]}) must be one of "
                f"{', '.join(map(repr, allowed))}, not {full[key]!r}"
            )
    return full


def new_game(seed: int = 0, checkpoint_every: int = 32, **options: Any) -> Game[RomaState]:
    """A new game: the 110 cards shuffled into one deck (4.1), the population cards of the
    populations in play in a cup of their own (4.3, 5.1), three cards dealt to each (4.2)."""
    full = check_options(options)
    pops = tuple(p.name for p in M.populations[: full["players"]])
    rnd = Randomness(seed=seed, sides=6)
    rnd.new_deck("cards", DECK)
    rnd.new_bag("population", pops)
    state = RomaState(turns=full["turns"], populations=pops, options=full, vp={p: 10 for p in pops})
    return Game(RomaRules(full), state, dice=rnd, checkpoint_every=checkpoint_every)


def roma(**options: Any) -> GameSpec:
    """The registry's factory of ``roma``."""
    full = check_options(options)
    seats = tuple(p.name for p in M.populations[: full["players"]])
    given = {k: v for k, v in full.items() if v != DEFAULT_OPTIONS[k]}

    def start(seed: int = 0, **kwargs: Any) -> Game[RomaState]:
        return new_game(seed, **kwargs, **full)

    def rules() -> RomaRules:
        return RomaRules(full)

    def board() -> Any:
        from italia_kit.geo import load_board

        return load_board("roma")

    def greedy(seed: int) -> Player:
        from italia_kit.games.roma.greedy import RomaGreedy

        return RomaGreedy(seed)

    def returns(game: Game[Any]) -> dict[str, float]:
        return {p: float(v) for p, v in game.state.vp.items()}

    return GameSpec(
        id="roma",
        title=f"Roma (1986): the ancient Mediterranean, {len(seats)} players, "
        f"{full['turns']} turns",
        kind=GameKind(
            Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.IMPERFECT, len(seats), len(seats)
        ),
        seats=seats,
        new_game=start,
        rules=rules,
        seat_of=lambda game, actor: actor,
        options=given,
        board=board,
        bots={"greedy": greedy},
        presenter="italia_kit.games.roma.widgets.presenter:RomaPresenter",
        commands=("italia_kit.games.roma.cli",),
        variants=dict(VARIANTS),
        description="Six populations of the ancient Mediterranean: cards, diplomacy, "
        "assassins, interdiction at sea and 2d6 battles (1986; board reconstructed).",
        returns=returns,
        seat_label="population",
        score_label="victory points",
        score_unit="VP",
    )
