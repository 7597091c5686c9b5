"""The combat, submission, arrival, scoring, board, scenario and state override points
issue 19's medieval variant needs, cut into the Italia engine (movement's are in
``test_italia_rulebook_hooks.py``): each test variant overrides one hook and the engine
obeys it everywhere it applies (the decision's list and the check alike), while Italia's
rulebook keeps Italia's rules (the golden playthroughs and ``bench/event_hash.py`` are
unchanged)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from italia_kit.core import Action, Context, Decision, IllegalActionError
from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import Fight, Place, Retreat, Submit
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import Refuge
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.scenarios import Nation, ScenarioError, scenario_from_dicts
from italia_kit.games.italia.scenarios.zones import ZoneWords
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.geo import Board, BoardDataError, Zone, load_board

from .italia_helpers import refused


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


class MedievalWords(AnyBoard):
    """A test variant that gives the medieval board's words Italia's meanings: a marsh is a
    swamp, Mantua's fortress clear (turns 1-6), an arrival box holds no one, every land
    area three (Britannia (public summary): three armies an area)."""

    def terrain_of(self, zone: Zone) -> str:
        return {"marsh": "swamp", "fortress": "clear", "offmap": "clear"}.get(
            zone.terrain.value, zone.terrain.value
        )

    def stacking_base(self, zone: Zone) -> int | None:
        return 0 if zone.kind == "box" else 3


def test_terrain_of_and_stacking_base_a_variant_gives_its_board_words_meaning() -> None:
    """Read by Italia's words the medieval board's marsh is no terrain of 2.1 and holds
    no one (8.0 knows clear, mountain, swamp); by the variant's, Ferrara is a swamp of
    three, Spoleto a mountain that stops units (9.0), and the tables of the two rulebooks
    on one board are kept apart."""
    board = load_board("medieval")
    data = lombard_scenario("Brescia")
    scenario = scenario_from_dicts(
        data["scenario"], data["nations"], words=ZoneWords.from_board(board)
    )
    plain = World(scenario, board=board, rulebook=AnyBoard())
    words = World(scenario, board=board, rulebook=MedievalWords())
    assert (plain.terrain("Ferrara"), plain.base_limit("Ferrara")) == ("marsh", 0)
    assert (words.terrain("Ferrara"), words.base_limit("Ferrara")) == ("swamp", 3)
    assert words.terrain("Mantua") == "clear" and words.is_mountain("Spoleto")
    assert words.base_limit("France") == 0 and words.attack_limit("Ferrara") == 4


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


# -- a variant's own decisions ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Muster(Action):
    """A test variant's own action: the nation ending its movement musters its army in one
    of the zones it holds (a Britannia-like choice Italia never asks)."""

    kind: ClassVar[str] = "muster"
    nation: str = ""
    zone: str = ""


class Musters(Rulebook):
    """A test variant: once a nation's movement ends, it names a zone it holds to muster
    in (noted in ``state.extras``) before its battles; Italia goes straight to combat."""

    own_actions = (Muster,)

    def end_movement(self, ctx: Context[ItaliaState], world: World) -> None:
        super().end_movement(ctx, world)
        ctx.state.extras["muster"] = ctx.state.active

    def own_decision(self, world: World, state: ItaliaState) -> Decision | None:
        nation = state.extras.get("muster")
        if nation is None:
            return None
        return Decision(nation, "muster", "muster 1", "muster in a zone you hold")

    def own_legal_actions(self, world: World, state: ItaliaState) -> list[Action]:
        nation = state.extras["muster"]
        return [Muster(nation, z) for z in world.controlled_zones(state, nation)]

    def apply_own(self, ctx: Context[ItaliaState], world: World, action: Action) -> None:
        assert isinstance(action, Muster)
        state = ctx.state
        if action not in self.own_legal_actions(world, state):
            raise IllegalActionError("muster 1", f"the {action.nation} hold no {action.zone}")
        del state.extras["muster"]
        ctx.emit("muster", "muster 1", f"the {action.nation} muster in {action.zone}.")


def test_own_decision_a_variants_choice_is_asked_refused_and_saved() -> None:
    """After the Romans' movement the variant asks them to muster; Italia's combat waits;
    another action and a zone they do not hold are refused under the variant's rule with
    nothing changed; the choice is replayed from a save by the variant's codec."""
    from italia_kit.core import game_from_json, game_to_json

    pos = Position("italia1", nation="Romans", phase="movement", rulebook=Musters())
    pos.put("Romans", "legion", "Rome")
    pos.put("Romans", "legion", "Etruria")
    game = pos.game()
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "muster"
    assert game.legal_actions() == [Muster("Romans", "Etruria"), Muster("Romans", "Rome")]
    refused(game, lambda: game.apply(EndMovement("Romans")), "muster 1", "decision is muster")
    refused(game, lambda: game.apply(Muster("Romans", "Samnium")), "muster 1", "hold no")
    game.apply(Muster("Romans", "Rome"))
    assert game.log.of_kind("muster") and "muster" not in game.state.extras
    assert game.decision is None or game.decision.kind != "muster"
    again = game_from_json(game_to_json(game), game.rules)
    assert [e.text for e in again.log] == [e.text for e in game.log]
    italia = Position("italia1", nation="Romans", phase="movement")
    italia.put("Romans", "legion", "Rome")
    plain = italia.game()
    plain.apply(EndMovement("Romans"))
    assert plain.decision is None or plain.decision.kind != "muster"


# -- retreat_refuges ------------------------------------------------------------------------------
class BackTheWayTheyCame(Rulebook):
    """A test variant: attackers retreat only into a zone they came from (Britannia's
    reading; 10.5: any adjacent zone empty or their own)."""

    def retreat_refuges(
        self, world: World, state: ItaliaState, battle: Battle, nation: str
    ) -> list[Refuge]:
        found = super().retreat_refuges(world, state, battle, nation)
        if nation != battle.attacker:
            return found
        return [r for r in found if r[0] in battle.came_from]


def retreat_zones_listed(game: ItaliaGame) -> set[str]:
    return {a.zone for a in game.legal_actions() if isinstance(a, Retreat)}


def test_retreat_refuges_a_variant_narrows_where_a_side_may_retreat() -> None:
    """After a round in which every die misses the Carthaginians may retreat from Apulia:
    in Italia to Samnium or another empty zone beside it (10.5), in the variant only to
    Samnium, where they came from; a retreat elsewhere is refused (10.5), nothing changed."""
    italia, variant = attack_apulia(None), attack_apulia(BackTheWayTheyCame())
    for game in (italia, variant):
        assert game.decision is not None and game.decision.kind == "retreat"
    assert "Samnium" in retreat_zones_listed(italia) and len(retreat_zones_listed(italia)) > 1
    assert retreat_zones_listed(variant) == {"Samnium"}
    elsewhere = next(z for z in sorted(retreat_zones_listed(italia)) if z != "Samnium")
    troops = tuple(u.id for u in variant.state.units_in("Apulia", "Carthaginians"))
    refused(variant, lambda: variant.apply(Retreat("Carthaginians", troops, elsewhere)), "10.5")
