"""The override points issue 19's medieval variant needs, cut into the Italia engine: each
test variant overrides one hook and the engine obeys it everywhere it applies (the move
list and the move check alike), while Italia's rulebook keeps Italia's rules (the golden
playthroughs and ``bench/event_hash.py`` are unchanged)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from italia_kit.core import Context
from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import Fight, Place, Submit
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.scenarios import Nation, ScenarioError, scenario_from_dicts
from italia_kit.games.italia.scenarios.zones import ZoneWords
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.geo import Board, BoardDataError, load_board

from .italia_helpers import refused


def moves_of(game: ItaliaGame, unit: int) -> list[Move]:
    return [a for a in game.legal_actions() if isinstance(a, Move) and unit in a.units]


# -- may_leave -------------------------------------------------------------------------------
class Rooted(Rulebook):
    """A test variant: units in Samnium may not leave it (a medieval "appeared" unit)."""

    def may_leave(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        return unit.zone != "Samnium"

    def leave_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return ("rooted 1", f"{unit.label()} is rooted in Samnium")


def samnites_in(zone: str, rulebook: Rulebook | None) -> tuple[ItaliaGame, int]:
    pos = Position("italia1", nation="Samnites", phase="movement", rulebook=rulebook)
    (unit,) = pos.put("Samnites", "infantry", zone)
    return pos.game(), unit


def test_may_leave_a_variant_holds_units_in_place_in_the_list_and_the_check() -> None:
    """Italia lists and allows a step out of Samnium (9.0); the variant lists none and
    refuses it under its own rule, changing nothing; elsewhere it is Italia."""
    italia, unit = samnites_in("Samnium", None)
    assert moves_of(italia, unit)
    rooted, unit = samnites_in("Samnium", Rooted())
    assert not moves_of(rooted, unit)
    step = Move("Samnites", (unit,), ("Samnium", "Apulia"))
    refused(rooted, lambda: rooted.apply(step), "rooted 1", "rooted in Samnium")
    free, unit = samnites_in("Neapolis", Rooted())
    assert moves_of(free, unit) == moves_of(samnites_in("Neapolis", None)[0], unit)


# -- stops_on_entering, with movement points ----------------------------------------------------
class PointsAndPasses(Rulebook):
    """A test variant after medieval Italia's S2-S4: three movement points, +1 to enter a
    mountain, and no stop there (9.0: two zones, a mountain stops units without a leader)."""

    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        return 3

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        return 2 if world.is_mountain(to) else 1

    def stops_on_entering(
        self, world: World, state: ItaliaState, nation: str, zone: str, leader: int | None
    ) -> tuple[str, str] | None:
        return None


def test_stops_on_entering_a_variants_units_cross_a_mountain_on_points() -> None:
    """Italia's Samnites stop in Samnium (9.0); the variant's spend two of three points
    there, go on to Apulia for the third, then have none left; one path through the
    mountain is accepted by the check as well."""
    italia, unit = samnites_in("Neapolis", None)
    italia.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium")))
    assert italia.state.moves[unit].stopped and not moves_of(italia, unit)
    assert "they stop: Samnium is a mountain zone (9.0)" in italia.log.of_kind("move")[-1].text
    variant, unit = samnites_in("Neapolis", PointsAndPasses())
    variant.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium")))
    assert not variant.state.moves[unit].stopped and variant.state.moves[unit].steps == 2
    on = Move("Samnites", (unit,), ("Samnium", "Apulia"))
    assert on in variant.legal_actions()
    variant.apply(on)
    assert variant.state.moves[unit].steps == 3 and not moves_of(variant, unit)
    again, unit = samnites_in("Neapolis", PointsAndPasses())
    again.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium", "Apulia")))
    assert again.state.units[unit].zone == "Apulia"
    refused_at_four, unit = samnites_in("Neapolis", PointsAndPasses())
    too_far = Move("Samnites", (unit,), ("Neapolis", "Samnium", "Apulia", "Calabria"))
    refused(refused_at_four, lambda: refused_at_four.apply(too_far), "9.0", "asks 4")


# -- sails_alone --------------------------------------------------------------------------------
class SamniteBoats(Rulebook):
    """A test variant: the Samnites' infantry sail alone, two zones of allowance a sea step
    (medieval Italia's boats); other nations' land units go to sea only aboard fleets,
    refused under the variant's rule."""

    def sails_alone(self, world: World, state: ItaliaState, unit: Unit) -> bool:
        return unit.nation == "Samnites"

    def sea_refusal(self, world: World, state: ItaliaState, unit: Unit) -> tuple[str, str]:
        return ("boats 1", f"the {unit.nation} have no boats")

    def step_cost(self, world: World, state: ItaliaState, unit: Unit, frm: str, to: str) -> int:
        return 2 if world.is_sea(to) else 1

    def movement_allowance(self, state: ItaliaState, unit: Unit, group_leader: int | None) -> int:
        return 3


def test_sails_alone_boats_are_listed_and_checked_at_the_rulebooks_cost() -> None:
    """9.5 refuses the Samnites' step into the Tyrrhenian Sea; the variant lists it, takes
    it for two of its three points, then lists the step back ashore (one point) and no
    second sea step (two more)."""
    to_sea = Move("Samnites", (1,), ("Neapolis", "Mare Tyrrhenum"))
    italia, unit = samnites_in("Neapolis", None)
    assert unit == 1 and to_sea not in italia.legal_actions()
    refused(italia, lambda: italia.apply(to_sea), "9.5")
    boats, unit = samnites_in("Neapolis", SamniteBoats())
    assert to_sea in boats.legal_actions()
    boats.apply(to_sea)
    assert boats.state.units[unit].zone == "Mare Tyrrhenum" and boats.state.moves[unit].steps == 2
    listed = {a.path[-1] for a in moves_of(boats, unit)}
    assert "Lucania" in listed and not listed & set(boats.rules.world.sea_exits("Mare Tyrrhenum"))
    boats.apply(Move("Samnites", (unit,), ("Mare Tyrrhenum", "Lucania")))
    assert boats.state.units[unit].zone == "Lucania"


def test_sails_alone_a_nation_without_boats_is_refused_under_the_variants_rule() -> None:
    pos = Position("italia1", nation="Romans", phase="movement", rulebook=SamniteBoats())
    (unit,) = pos.put("Romans", "legion", "Neapolis")
    game = pos.game()
    step = Move("Romans", (unit,), ("Neapolis", "Mare Tyrrhenum"))
    assert step not in game.legal_actions()
    refused(game, lambda: game.apply(step), "boats 1", "have no boats")


# -- restricted --------------------------------------------------------------------------------
class Truce(Rulebook):
    """A test variant: the Carthaginians may not attack the Samnites; ``through`` says
    whether they may pass through the Samnites' zones."""

    def __init__(self, through: bool) -> None:
        self.through = through

    def restricted(
        self, world: World, state: ItaliaState, nation: str, other: str
    ) -> tuple[bool, bool]:
        if {nation, other} == {"Carthaginians", "Samnites"}:
            return True, self.through
        return super().restricted(world, state, nation, other)


def carthaginians_beside_samnites(rulebook: Rulebook | None) -> tuple[ItaliaGame, int]:
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    (unit,) = pos.put("Carthaginians", "infantry", "Lucania")
    pos.put("Samnites", "infantry", "Apulia")
    return pos.game(), unit


def test_restricted_no_attack_and_no_passage_closes_the_zone() -> None:
    """9.0: Italia's Carthaginians may attack Apulia; under a truce without passage the
    step is neither listed nor allowed, and no battle could be fought there."""
    italia, unit = carthaginians_beside_samnites(None)
    attack = Move("Carthaginians", (unit,), ("Lucania", "Apulia"))
    assert attack in italia.legal_actions()
    truce, unit = carthaginians_beside_samnites(Truce(through=False))
    assert attack not in truce.legal_actions()
    refused(truce, lambda: truce.apply(attack), "9.0", "neither attack the Samnites")
    assert truce.rules.world.allied(truce.state, "Carthaginians", "Samnites")


def test_restricted_no_attack_with_passage_is_italias_alliance() -> None:
    """12.5.2 for a pair the variant names: the Carthaginians pass through Apulia but may
    not end their move there, as Italia's subject and master."""
    truce, unit = carthaginians_beside_samnites(Truce(through=True))
    into = Move("Carthaginians", (unit,), ("Lucania", "Apulia"))
    assert into not in truce.legal_actions()
    refused(truce, lambda: truce.apply(into), "12.5.2")
    through = Move("Carthaginians", (unit,), ("Lucania", "Apulia", "Samnium"))
    truce.apply(through)
    assert truce.state.units[unit].zone == "Samnium"


# -- hit_number_in ----------------------------------------------------------------------------
class RoughApulia(Rulebook):
    """A test variant: attackers in Apulia hit on a 2, wherever their type (10.2: by type)."""

    def hit_number_in(
        self,
        world: World,
        state: ItaliaState,
        zone: str,
        unit: Unit,
        *,
        attacking: bool,
        raider: bool = False,
    ) -> int:
        if zone == "Apulia" and attacking:
            return 2
        return super().hit_number_in(world, state, zone, unit, attacking=attacking, raider=raider)


def attack_apulia(rulebook: Rulebook | None) -> ItaliaGame:
    """Three Carthaginian infantry attack two Samnites in Apulia; every die rolls a 2."""
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
    pos.put("Samnites", "infantry", "Apulia", 2)
    game = pos.game()
    game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([2] * 5)
    game.apply(Fight("Carthaginians", "Apulia"))
    return game


def test_hit_number_in_a_variant_sets_the_number_by_battle_and_side() -> None:
    """The variant's attackers hit with every 2 in Apulia; its defenders keep Italia's 7
    (10.2): Italia's dice all miss, the variant's three hit the two Samnites (the surplus
    is lost, 10.4) and the defenders' two miss."""
    italia, variant = attack_apulia(None), attack_apulia(RoughApulia())
    assert [e.data["hits"] for e in italia.log.of_kind("hits")] == [{}, {}]
    assert [e.data["hits"] for e in variant.log.of_kind("hits")] == [{"infantry": 3}, {}]
    ends = [(e.data["zone"], e.data["holder"]) for e in variant.log.of_kind("battle_end")]
    assert ends == [("Apulia", "Carthaginians")]


# -- submission offered before the first round ------------------------------------------------
class Offered(Rulebook):
    """A test variant: a nation attacked may submit before any round (12.5.1: must, or may
    after a round)."""

    def submission_due(
        self, world: World, state: ItaliaState, subject: str, master: str
    ) -> str | None:
        return "offer"


def romans_attack_verona() -> ItaliaGame:
    pos = Position("italia1", nation="Romans", phase="movement", rulebook=Offered())
    pos.put("Celts", "infantry", "Verona", 2)
    for zone in ("Mediolanum", "Liguria", "Tridentum", "Pavia"):
        pos.put("Celts", "infantry", zone)
    legions = tuple(pos.put("Romans", "legion", "Ravenna", 3))
    game = pos.game()
    game.apply(Move("Romans", legions, ("Ravenna", "Verona")))
    game.apply(EndMovement("Romans"))
    game.apply(Fight("Romans", "Verona"))
    return game


def test_submission_offer_the_defender_is_asked_before_any_round_and_submits() -> None:
    game = romans_attack_verona()
    assert game.decision is not None and game.decision.kind == "submit"
    assert game.decision.actor == "Celts" and not game.log.of_kind("roll")
    game.apply(Submit("Celts", True))
    assert game.state.masters == {"Celts": "Romans"} and not game.log.of_kind("roll")
    assert "before any combat" in game.log.of_kind("submission")[0].text


def test_submission_offer_declined_the_battle_is_fought_from_round_one() -> None:
    game = romans_attack_verona()
    game.apply(Submit("Celts", False))
    assert not game.state.masters
    battle = game.state.battle
    assert battle is not None and battle.round == 1 and battle.stage != "submit_first"
    assert game.log.of_kind("fight_on")[0].text.endswith("do not submit and fight.")


# -- score_nation ------------------------------------------------------------------------------
class DoubleEtruria(Rulebook):
    """A test variant: a nation holding Etruria scores its control twice (11.0: once)."""

    def score_nation(
        self, ctx: Context[ItaliaState], world: World, nation: Nation, held: dict[str, str]
    ) -> None:
        super().score_nation(ctx, world, nation, held)
        if held.get("Etruria") == nation.name:
            super().score_nation(ctx, world, nation, held)


def etruscan_points(rulebook: Rulebook | None) -> list[float]:
    pos = Position("italia1", turn=5, nation="Romans", phase="combat", rulebook=rulebook)
    for zone in ("Pavia", "Ravenna", "Etruria", "Corfinium"):
        pos.put("Etruscans", "infantry", zone)
    pos.city("Etruria", "Pavia", "Corfinium")
    game = pos.game()
    return [
        e.data["points"]
        for e in game.log.of_kind("victory_points")
        if e.data["nation"] == "Etruscans"
    ]


def test_score_nation_a_variant_weighs_one_nations_control_points() -> None:
    """Example 11.0-1 scores the Etruscans 9; the variant's score_nation scores them twice."""
    assert etruscan_points(None) == [9.0]
    assert etruscan_points(DoubleEtruria()) == [9.0, 9.0]


# -- arrivals with a choice of place ----------------------------------------------------------
class CelticChoice(Rulebook):
    """A test variant: on turn 1 a Celtic infantry arrives in Pavia or Liguria, chosen as
    it arrives (7.2: a card's zone or region)."""

    def reinforcements_due(
        self, world: World, state: ItaliaState, nation: str, when: str
    ) -> list[dict[str, Any]]:
        due = super().reinforcements_due(world, state, nation, when)
        if nation == "Celts" and when == "placement" and state.turn == 1:
            due.append({"unit": "infantry", "count": 1, "zone": None,
                        "choices": ["Pavia", "Liguria"]})  # fmt: skip
        return due


class NoFarArrivals(CelticChoice):
    """The same, but a variant's own answer drops Liguria (``arrival_zones``)."""

    def arrival_zones(
        self, world: World, state: ItaliaState, nation: str, pending: dict[str, Any]
    ) -> list[str]:
        return [z for z in super().arrival_zones(world, state, nation, pending) if z != "Liguria"]


def celts_placing(rulebook: Rulebook) -> ItaliaGame:
    """The Celts (turn 1, no gold: straight to placement): Brennus, then the variant's
    infantry, wait for a place."""
    pos = Position("italia1", nation="Celts", rulebook=rulebook)
    pos.put("Celts", "infantry", "Mediolanum")
    game = pos.game()
    while game.decision is not None and game.decision.kind == "place":
        waiting = game.state.reinforcements[0]
        if waiting.get("choices"):
            return game
        place = next(a for a in game.legal_actions() if isinstance(a, Place))
        game.apply(place)
    raise AssertionError("the variant's reinforcement never waited for a place")


def test_arrivals_a_groups_choices_are_offered_as_it_arrives() -> None:
    game = celts_placing(CelticChoice())
    places = [a.zone for a in game.legal_actions() if isinstance(a, Place)]
    assert places == ["Pavia", "Liguria"]
    refused(game, lambda: game.apply(Place("Celts", "infantry", "Verona")), "7.2")
    game.apply(Place("Celts", "infantry", "Liguria"))
    assert game.state.stack_count("Liguria", "Celts") == 1


def test_arrivals_a_variants_arrival_zones_is_asked_by_list_and_check() -> None:
    game = celts_placing(NoFarArrivals())
    assert [a.zone for a in game.legal_actions() if isinstance(a, Place)] == ["Pavia"]
    refused(game, lambda: game.apply(Place("Celts", "infantry", "Liguria")), "7.2")


# -- check_board -------------------------------------------------------------------------------
class AnyBoard(Rulebook):
    """A test variant on a board in its own words: it checks none of Italia's."""

    def check_board(self, board: Board) -> None:
        if not board.zones:
            raise BoardDataError(["a board needs zones"])


def test_check_board_a_variant_reads_a_board_in_other_words() -> None:
    """Italia's check refuses the medieval board (its words are ``box``, ``marsh``,
    ``fortress``); a rulebook with its own check reads its tables."""
    board = load_board("medieval")
    with pytest.raises(BoardDataError):
        World("italia1", board=board)
    world = World("italia1", board=board, rulebook=AnyBoard())
    assert "Spoleto" in world.land_zones and world.neighbours("Spoleto")


# -- a scenario in a variant board's words ---------------------------------------------------
def lombard_scenario(zone: str) -> dict[str, Any]:
    """A scenario in Italia's format on the medieval board: Lombards in ``zone``."""
    head = {
        "id": "lombard-test",
        "title": "Lombards",
        "start_year": "568",
        "last_turn": 2,
        "scoring_turns": [2],
        "players": {"one": ["Lombards"]},
        "cities": [],
        "provenance": {k: "test" for k in ("title", "start_year", "last_turn", "scoring_turns",
                                             "players")},
    }  # fmt: skip
    lombards = {
        "name": "Lombards",
        "colour": "one",
        "order": 1,
        "income": "normal",
        "turns": "1-2",
        "start_gold": 0,
        "token_limits": {"infantry": 10},
        "setup": [{"unit": "infantry", "count": 2, "zone": zone, "provenance": "test"}],
        "reinforcements": [],
        "loot": "gold",
        "loot_vp": 0,
        "scoring": [
            {"turns": [2], "kind": "zone", "region": "Lombardy", "points": 1, "provenance": "test"}
        ],
        "elimination_vp": [],
        "submission": [],
        "provenance": {"default": "test"},
    }
    return {"scenario": head, "nations": {"lombards.yaml": lombards}}


def test_scenario_words_a_variant_reads_its_scenario_against_its_board() -> None:
    """Italia's loader knows Italia's zones only; read with the medieval board's words it
    takes Brescia, resolves the region Lombardy on that board, and names a misspelt area
    with the board's closest name."""
    board = load_board("medieval")
    words = ZoneWords.from_board(board)
    data = lombard_scenario("Brescia")
    with pytest.raises(ScenarioError, match="unknown region 'Lombardy'"):
        scenario_from_dicts(data["scenario"], data["nations"])
    scenario = scenario_from_dicts(data["scenario"], data["nations"], words=words)
    rule = scenario.nation("Lombards").scoring[0]
    assert rule.area() == board.zones_in_region("Lombardy") and "Brescia" in (rule.area() or ())
    assert scenario.words is words
    world = World(scenario, board=board, rulebook=AnyBoard())
    assert world.order == ("Lombards",)
    bad = lombard_scenario("Spoletto")
    with pytest.raises(ScenarioError, match="did you mean 'Spoleto'"):
        scenario_from_dicts(bad["scenario"], bad["nations"], words=words)


# -- extras -------------------------------------------------------------------------------------
def test_extras_a_variants_state_fields_are_cloned_deeply_and_saved() -> None:
    """A variant keeps its own facts in ``ItaliaState.extras`` and ``Unit.extras``: a
    clone is independent, JSON round-trips them, and Italia's saves have neither key."""
    pos = Position("italia1", nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Rome")
    state = pos.game().state
    plain = state.to_json()
    assert "extras" not in plain and all("extras" not in u for u in plain["units"])
    unit = next(iter(state.units.values()))
    state.extras["truces"] = [{"submitter": "Celts", "scored": []}]
    unit.extras = {"mp": 3, "came_from": None}
    copy = state.clone()
    copy.extras["truces"][0]["scored"].append("Celts")
    copy.units[unit.id].extras["mp"] = 1  # type: ignore[index]
    assert state.extras["truces"][0]["scored"] == [] and unit.extras["mp"] == 3
    again = ItaliaState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.extras == state.extras and again.units[unit.id].extras == unit.extras
