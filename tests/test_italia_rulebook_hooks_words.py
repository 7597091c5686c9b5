"""The override points cut into the Italia engine for issue 19's words (med-words): the
sentences of the sequence (5.0's ``turn_end``, 5.2's ``skip``, 11.0's ``game_end``), of a
battle (10.0's ``combat_due``, 10.1's forces, 10.5's stand), of a move (9.0) and of an
elimination (11.0: the unit's name), and the placement decision (7.1, 7.2), each asked of
``Rulebook``. Italia's rulebook keeps its own sentences (the golden playthroughs and
``bench/event_hash.py`` are unchanged); a ``Chronicle`` variant shows each hook is the one
the engine asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from italia_kit.core import Context, RandomPlayer
from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import Fight, StandFast
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.scenarios import load_scenario
from italia_kit.games.italia.setup import ItaliaGame, new_game
from italia_kit.games.italia.state import ItaliaState, Unit

CHRONICLE = "the chronicle"


class Chronicle(Rulebook):
    """A test variant that tells every one of these events in its own words."""

    def skip_event(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        return CHRONICLE, f"the {nation} rest"

    def turn_end_event(self, world: World, state: ItaliaState) -> tuple[str, str]:
        return CHRONICLE, f"year {state.turn} is over"

    def game_end_event(self, world: World, state: ItaliaState) -> tuple[str, str]:
        return CHRONICLE, "the chronicle ends"

    def combat_due_event(
        self,
        world: World,
        state: ItaliaState,
        zone: str,
        nation: str,
        attackers: list[Unit],
        defenders: list[Unit],
    ) -> tuple[str, str]:
        return CHRONICLE, f"{len(attackers)} {nation} face {len(defenders)} in {zone}"

    def battle_forces(
        self, battle: Battle, sides: dict[str, list[Unit]], here: Sequence[Unit]
    ) -> str:
        return f"{len(here)} men in all"

    def move_event(
        self, world: World, nation: str, units: Sequence[Unit], path: Sequence[str], stop: str
    ) -> tuple[str, str]:
        return CHRONICLE, f"{len(units)} {nation} march to {path[-1]}"

    def unit_words(self, unit: Unit) -> str:
        return f"a soldier ({unit.id})"

    def placement_decision(self, world: World, state: ItaliaState, nation: str) -> tuple[str, str]:
        return CHRONICLE, f"{len(state.reinforcements)} newcomers"

    def place_words(self, zone: str) -> str:
        return f"the land of {zone}"

    def stood(self, ctx: Context[ItaliaState], world: World, nation: str) -> None:
        ctx.emit("stand", CHRONICLE, f"the {nation} hold their ground", nation=nation)


def battle_in_apulia(rulebook: Rulebook | None, dice: list[int]) -> ItaliaGame:
    """Three Carthaginian infantry walk into Apulia, held by two Greek infantry, and
    fight a round with ``dice`` (the Carthaginians' first)."""
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
    pos.put("Greeks", "infantry", "Apulia", 2)
    game = pos.game()
    game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice(dice)
    game.apply(Fight("Carthaginians", "Apulia"))
    return game


def test_move_combat_due_and_battle_forces_italias_defaults_are_9_0_10_0_and_10_1() -> None:
    """9.0's move with the units' labels, 10.0's units that count for stacking, 10.1's
    "3 units against 2"; StandFast adds no event of its own (10.5)."""
    game = battle_in_apulia(None, [1] * 5)
    move = game.log.of_kind("move")[-1]
    assert (move.rule, move.text) == (
        "9.0",
        "9.0: the Carthaginians move Carthaginians infantry #1, Carthaginians infantry #2, "
        "Carthaginians infantry #3 Samnium -> Apulia; they stop: Apulia is occupied (9.0).",
    )
    due = game.log.of_kind("combat_due")[-1]
    assert (due.rule, due.text) == (
        "10.0",
        "10.0: combat is due in Apulia: the Carthaginians (3 units) attack the Greeks (2 units).",
    )
    assert game.log.of_kind("battle")[-1].text.endswith("held by the Greeks: 3 units against 2.")
    before = len(game.log)
    game.apply(StandFast("Carthaginians"))
    assert "stand" not in {e.kind for e in list(game.log)[before:]}


def test_unit_words_italias_default_is_the_label_in_the_elimination() -> None:
    """11.0's elimination names the unit by its label."""
    game = battle_in_apulia(None, [10, 1, 1, 1, 1])
    assert game.log.of_kind("eliminated")[0].text == (
        "10.2: Greeks infantry #4 is eliminated: hit in the battle of Apulia."
    )


def test_a_variant_tells_moves_battles_stands_and_eliminations_in_its_words() -> None:
    """Each hook's answer is the event's rule and text; ``stood`` adds the variant's event."""
    game = battle_in_apulia(Chronicle(), [10, 1, 1, 1, 1])
    move = game.log.of_kind("move")[-1]
    assert (move.rule, move.text) == (CHRONICLE, "3 Carthaginians march to Apulia")
    due = game.log.of_kind("combat_due")[-1]
    assert (due.rule, due.text) == (CHRONICLE, "3 Carthaginians face 2 in Apulia")
    assert game.log.of_kind("battle")[-1].text.endswith(
        "attack the land of Apulia, held by the Greeks: 5 men in all."
    )
    assert " a soldier (" in game.log.of_kind("eliminated")[0].text
    game.apply(StandFast("Carthaginians"))
    (stand,) = game.log.of_kind("stand")
    assert stand.text == "the Carthaginians hold their ground"


def whole_italia_game(rulebook: Rulebook | None, seed: int = 1) -> tuple[ItaliaGame, set[str]]:
    """An Italia II game played by random players, with the (rule: prompt) of every
    placement decision."""
    game = new_game(load_scenario("italia2"), seed=seed, rulebook=rulebook)
    player = RandomPlayer(seed)
    placements: set[str] = set()
    while (decision := game.decision) is not None:
        if decision.kind == "place":
            placements.add(f"{decision.rule}: {decision.prompt}")
        game.apply(player.choose(game))
    return game, placements


def test_the_sequences_sentences_italias_defaults_and_a_variants() -> None:
    """5.0's "turn N ends", 5.2's skip, 11.0's "the game ends after turn N", 7.1's and
    7.2's placement decisions; then the same game under ``Chronicle``: its words."""
    italia, placements = whole_italia_game(None)
    ends = italia.log.of_kind("turn_end")
    assert ends[0].rule == "5.0" and ends[0].text == "5.0: turn 1 ends."
    (end,) = italia.log.of_kind("game_end")
    assert (end.rule, end.text) == ("11.0", f"11.0: the game ends after turn {italia.state.turn}.")
    skips = italia.log.of_kind("skip")
    assert skips and all(
        e.rule == "5.2" and e.text.endswith("have no pieces in play and are skipped.")
        for e in skips
    )
    assert placements and all(p.startswith(("7.1: place ", "7.2: place ")) for p in placements)
    chronicle, placements = whole_italia_game(Chronicle())
    assert [e.text for e in chronicle.log.of_kind("turn_end")][:2] == [
        "year 1 is over",
        "year 2 is over",
    ]
    assert [e.text for e in chronicle.log.of_kind("game_end")] == ["the chronicle ends"]
    skips = chronicle.log.of_kind("skip")
    assert skips and all(e.rule == CHRONICLE and e.text.endswith(" rest") for e in skips)
    assert placements and all(p.startswith(f"{CHRONICLE}: ") for p in placements)
    assert all(p.endswith(" newcomers") for p in placements)
