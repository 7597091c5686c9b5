"""Italia I and II as registered games (``italia1``, ``italia2``).

One option: ``variant``, a what-if diff of the scenario (``docs/scenario-format.md``): the
name of a shipped variant, a variant file's path or mapping, or a list of those applied in
order. A save of a variant's game records the variant itself, so it loads without the file.

Besides the rules, the spec gives the generic layers: the score of every colour
(``returns``: victory points, 11.0; of an unfinished game the points so far), the turn
summary of ``play``/``replay`` (:mod:`.summary`), what a what-if run records
(:mod:`.whatif`: per nation and turn, and the ``zones`` table), the shipped variants by
name, the greedy bot, and the ``odds`` command.

>>> from italia_kit import games
>>> spec = games.load("italia1", variant="hannibal_plus_2_elephants")
>>> spec.options["variant"][0]["variant"], spec.seats
('hannibal_plus_2_elephants', ('red', 'yellow', 'blue'))
>>> game = spec.new_game(seed=1)
>>> game.rules.ref.game, game.rules.game_id
('italia1', 'italia1+hannibal_plus_2_elephants')
>>> spec.scores(game), sorted(spec.variants)
({'red': 0.0, 'yellow': 0.0, 'blue': 0.0}, ['hannibal_plus_2_elephants', 'rome_one_legion_less'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from italia_kit.core import Game, Player
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.scenarios import (
    Scenario,
    ScenarioError,
    load_scenario,
    read_variant,
    with_variant,
)
from italia_kit.games.italia.setup import ItaliaGame, new_game
from italia_kit.games.italia.whatif import (
    METRIC_COLUMNS,
    METRIC_TYPES,
    ZONE_COLUMNS,
    metrics,
    record,
    zone_rows,
)
from italia_kit.games.italia.world import World
from italia_kit.games.spec import Chance, Dynamics, GameKind, GameSpec, Information

if TYPE_CHECKING:
    from italia_kit.geo import Board

__all__ = ["VARIANTS", "italia1", "italia2", "spec_for", "variant_changes"]

#: The variant files that ship with the kit (``hannibal_plus_2_elephants`` ...).
VARIANTS = Path(__file__).parent / "scenarios" / "variants"

_TITLES = {
    "italia1": "Italia I (330 BC to the fall of the Republic), 3 players",
    "italia2": "Italia II (the end of the Western Empire to Charlemagne), 4 players",
}


def variant_changes(variant: Any) -> list[dict[str, Any]]:
    """The ``variant`` option as a list of variant mappings (JSON-able, for saves)."""
    if variant is None:
        return []
    items = list(variant) if isinstance(variant, list | tuple) else [variant]
    # a bare list of changes is one variant, not several
    if items and all(
        isinstance(i, Mapping) and "variant" not in i and {"set", "append", "remove"} & set(i)
        for i in items
    ):
        items = [{"changes": items}]
    out = []
    for item in items:
        if isinstance(item, str) and not item.endswith((".yaml", ".yml")):
            shipped = VARIANTS / f"{item}.yaml"
            if not shipped.is_file():
                names = sorted(p.stem for p in VARIANTS.glob("*.yaml"))
                raise ScenarioError(
                    [f"option 'variant': no shipped variant {item!r} (shipped: {', '.join(names)})"]
                )
            item = shipped
        source = Path(item) if isinstance(item, str | Path) else item
        mapping = dict(read_variant(source))
        if isinstance(source, Path):
            mapping.setdefault("variant", source.stem)
        out.append(mapping)
    return out


def _scenario(game_id: str, changes: Sequence[Mapping[str, Any]]) -> Scenario:
    scenario = load_scenario(game_id)
    for change in changes:
        scenario = with_variant(scenario, change)
    return scenario


def spec_for(game_id: str, *, variant: Any = None) -> GameSpec:
    """The spec of ``italia1`` or ``italia2``, with a variant applied if one is given."""
    changes = variant_changes(variant)
    scenario = _scenario(game_id, changes)

    def start(seed: int = 0, **kwargs: Any) -> ItaliaGame:
        return new_game(scenario, seed=seed, **kwargs)

    def recorded(seed: int) -> ItaliaGame:
        return record(scenario, seed)

    def rules() -> ItaliaRules:
        return ItaliaRules(World(scenario))

    def seat_of(game: Game[Any], actor: str) -> str:
        return scenario.colour_of(actor)

    def board() -> Board:
        from italia_kit.geo import load_board

        return load_board("italia")

    def returns(game: Game[Any]) -> dict[str, float]:
        from italia_kit.games.italia.match import final_scores

        return final_scores(game)

    def summary(game: Game[Any]) -> str:
        from italia_kit.games.italia.summary import summary_text

        return summary_text(game)

    def greedy(seed: int) -> Player:
        from italia_kit.games.italia.greedy import GreedyPlayer

        return GreedyPlayer(seed)

    seats = tuple(scenario.players)
    return GameSpec(
        id=game_id,
        title=scenario.title if changes else _TITLES.get(game_id, scenario.title),
        kind=GameKind(
            Dynamics.SEQUENTIAL, Chance.STOCHASTIC, Information.PERFECT, len(seats), len(seats)
        ),
        seats=seats,
        new_game=start,
        rules=rules,
        seat_of=seat_of,
        options={"variant": changes} if changes else {},
        board=board,
        bots={"greedy": greedy},
        presenter="italia_kit.games.italia.widgets.presenter:ItaliaPresenter",
        commands=("italia_kit.games.italia.odds.cli",),
        description="The Britannia-family game of ancient Italy (Phalanx 2005).",
        returns=returns,
        summary=summary,
        record=recorded,
        metrics=metrics,
        metric_columns=METRIC_COLUMNS,
        metric_types=METRIC_TYPES,
        tables={"zones": (ZONE_COLUMNS, zone_rows)},
        variants={p.stem: p for p in sorted(VARIANTS.glob("*.yaml"))},
        seat_label="colour",
        score_label="victory points",
        score_unit="VP",
    )


OPTIONS = ("variant",)


def _checked(game_id: str, options: Mapping[str, Any]) -> GameSpec:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(
            f"{game_id}: unknown option {unknown[0]!r} (options: {', '.join(OPTIONS)})"
        )
    return spec_for(game_id, **options)


def italia1(**options: Any) -> GameSpec:
    """Italia I: 12 nations for 3 players, 10 turns."""
    return _checked("italia1", options)


def italia2(**options: Any) -> GameSpec:
    """Italia II: 16 nations for 4 players."""
    return _checked("italia2", options)
