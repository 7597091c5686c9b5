"""War-chest and garrison what-ifs of the Renaissance-Italy game (W.<n>, continuing the
what-if cases): the spec's ``variant`` option (``variants.py``), its shipped variants and
their refusals, through the spec, a save and the generic what-if runner. The situation
and the expected outcome in each docstring.
"""

from __future__ import annotations

from typing import Any

import pytest

from italia_kit import games
from italia_kit.analysis import run_whatif
from italia_kit.core import game_from_json, game_to_json
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.whatif import KindsBySeat
from italia_kit.players import SeatKinds

SMALL = {"years": 1, "powers": ["Milan", "Venice"]}


def _start(**options: Any) -> RenaissanceState:
    """The starting position, before the first Spring's income (``advance=False``)."""
    spec = games.load("renaissance", **options)
    state: RenaissanceState = spec.new_game(seed=0, advance=False).state
    return state


def _units(state: RenaissanceState) -> set[tuple[str, str, str, str | None]]:
    return {(u.power, u.type, u.province, u.special) for u in state.units.values()}


def test_W_6_rich_milan_starts_with_30_more_ducats() -> None:
    """The shipped ``rich_milan``: Milan's 1454 treasury (6 d) plus 30 = 36 d before the
    first Spring's income; nothing else differs from the base."""
    base, rich = _start(), _start(variant="rich_milan")
    assert (base.treasury["Milan"], rich.treasury["Milan"]) == (6, 36)
    assert {p: d for p, d in rich.treasury.items() if p != "Milan"} == {
        p: d for p, d in base.treasury.items() if p != "Milan"
    }
    assert _units(rich) == _units(base)


def test_W_7_venice_garrison_doubled_is_elite_professionals() -> None:
    """The shipped ``venice_garrison_doubled``: Venice's garrison in Venice is Elite
    Professionals (SPECIAL UNITS c: strength 2, twice the price to bribe); the other
    units are 1454's; the city stays Venice's."""
    base, doubled = _start(), _start(variant="venice_garrison_doubled")
    (garrison,) = [u for u in doubled.units.values() if u.province == "Venice"]
    assert (garrison.power, garrison.type, garrison.special) == ("Venice", "G", "professionals")
    assert garrison.strength == 2
    assert _units(doubled) - _units(base) == {("Venice", "G", "Venice", "professionals")}
    assert doubled.cities["Venice"] == "Venice"


def test_W_8_changes_apply_in_order_after_the_treasury_option() -> None:
    """``treasury={"Milan": 40}`` then a variant adding 5 and one setting Venice's to 1
    and placing a Milanese army in Parma: Milan 45 d, Venice 1 d; the new army controls
    Parma."""
    variants = [
        {"variant": "more", "changes": [{"power": "Milan", "add": "treasury", "value": 5}]},
        {
            "variant": "poor venice",
            "changes": [
                {"power": "Venice", "set": "treasury", "value": 1},
                {"power": "Milan", "place": "A Parma"},
            ],
        },
    ]
    state = _start(treasury={"Milan": 40}, variant=variants)
    assert state.treasury["Milan"] == 45 and state.treasury["Venice"] == 1
    assert ("Milan", "A", "Parma", None) in _units(state) and state.control["Parma"] == "Milan"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"power": "Genoa", "add": "treasury", "value": 5}, "'power' is one of"),
        ({"power": "Milan", "add": "cities", "value": 5}, "changes a power's 'treasury'"),
        ({"power": "Milan", "add": "treasury", "value": "many"}, "whole number of ducats"),
        ({"power": "Milan", "add": "treasury", "value": -8}, "would be -1 d"),
        ({"power": "Milan", "double": "G Milan"}, "unknown key 'double'"),
        ({"power": "Milan", "remove": "F Milan"}, "Milan has no F in Milan"),
        ({"power": "Milan", "place": "A Pavia"}, "Pavia is taken"),
        ({"power": "Milan", "place": "G Parma"}, "a garrison stands in a fortified city"),
        ({"power": "Milan", "place": "F Milan"}, "a fleet cannot stand in Milan"),
        ({"power": "Milan", "place": "A Atlantis"}, "Atlantis"),
        ({"power": "Milan", "place": "Q Parma"}, "a unit is 'A Place'"),
        ({"power": "Naples", "place": "A* Capua"}, None),  # allowed: the first special
        ("more ducats", "a change is a mapping"),
    ],
)
def test_W_9_a_bad_change_is_refused_naming_the_variant_and_the_change(
    change: Any, message: str | None
) -> None:
    """Each bad change is refused when the spec is loaded, naming the variant, the
    change's number and what is wrong (a valid one loads)."""
    variant = {"variant": "bad", "changes": [{"power": "Milan", "add": "treasury", "value": 1}]}
    variant["changes"].append(change)
    if message is None:
        games.load("renaissance", variant=variant)
        return
    with pytest.raises(ValueError, match="variant 'bad', change 2") as err:
        games.load("renaissance", variant=variant)
    assert message in str(err.value)


def test_W_10_one_special_unit_a_power_and_unknown_names_refused() -> None:
    """SPECIAL UNITS: a second special unit of one power is refused; so is a shipped name
    the game does not ship, and a variant without a list of changes."""
    two = {
        "variant": "two",
        "changes": [
            {"power": "Naples", "place": "A* Capua"},
            {"power": "Naples", "place": "A+ Salerno"},
        ],
    }
    with pytest.raises(ValueError, match="change 2: 'place': SPECIAL UNITS"):
        games.load("renaissance", variant=two)
    with pytest.raises(ValueError, match="no shipped variant 'gold_rush'"):
        games.load("renaissance", variant="gold_rush")
    with pytest.raises(ValueError, match="a list of 'changes'"):
        games.load("renaissance", variant={"variant": "x"})


def test_W_11_a_saved_variant_game_replays_from_its_options() -> None:
    """The spec records a shipped variant as its changes; a saved game of it loads and
    replays without the file, to the same log and state."""
    spec = games.load("renaissance", variant="rich_milan", **SMALL)
    assert spec.options["variant"][0]["changes"] == [
        {"power": "Milan", "add": "treasury", "value": 30}
    ]
    game = spec.new_game(seed=2)
    for _ in range(3):
        game.submit_all({s: game.legal_actions(s)[0] for s in game.pending_seats})
    again = game_from_json(game_to_json(game))
    assert again.log.to_records() == game.log.to_records()
    assert again.state.treasury == game.state.treasury


def test_W_12_the_what_if_runner_plays_the_shipped_variants_by_name() -> None:
    """``run_whatif`` with the shipped names (as ``italia-kit whatif --variant NAME``):
    base, rich_milan and venice_garrison_doubled, the same seeds each; the per-seat
    factory (``SeatKinds``: Milan the briber, the others greedy) plays as lesson 20's
    ``KindsBySeat`` does, row for row."""
    spec = games.load("renaissance", **SMALL)
    kinds = SeatKinds.of(spec, {"Milan": "briber"}, default="greedy")
    result = run_whatif(
        spec,
        ["rich_milan", "venice_garrison_doubled"],
        games=1,
        seed=3,
        workers=1,
        progress=False,
        players=kinds,
    )
    assert result.variants == ["base", "rich_milan", "venice_garrison_doubled"]
    same = run_whatif(
        spec,
        ["rich_milan", "venice_garrison_doubled"],
        games=1,
        seed=3,
        workers=1,
        progress=False,
        players=KindsBySeat.of({"Milan": "briber"}),
    )
    assert result.frame.equals(same.frame)
