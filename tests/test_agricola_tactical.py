"""Agricola 8.0-8.8 on the Tactical Display as a board, drawn and stepped round by round.

The display's board (``geodata/agricola-tactical.board.yaml``) against the rule text; the
battle record of seeded games against the game's own state and rules (8.4 left to right,
8.5 right to left, holes, Isolation, 8.8's red borders); the figure's counters where the
state puts them; the stepper, back and forth, showing identical pictures.
"""

from __future__ import annotations

from typing import Any

import pytest
from matplotlib.colors import to_rgba

from italia_kit.core import Game, RandomPlayer, play
from italia_kit.games.agricola import new_game
from italia_kit.games.agricola.actions import LegionAction
from italia_kit.games.agricola.battle_record import BattleRecord, record_battle, record_battles
from italia_kit.games.agricola.battle_view import RED_BORDER, draw_step, step_png
from italia_kit.games.agricola.display import (
    BACK,
    ENEMY_COLUMN,
    ENEMY_NEAR,
    FRONT,
    ROMAN_NEAR,
    check_display,
    enemy_square,
    roman_square,
    tactical_board,
)
from italia_kit.games.agricola.geography import BOX
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tables import COUNTERS, data
from italia_kit.geo.render_boxes import box_bounds

from .agricola_helpers import II, blank, game, leader, put, units

#: seeded random games with battles of every sort (found by playing seeds 0-299)
SHIFT_SEED = 0  # a Roman unit moves into a Hole In The Line (8.5)
ENEMY_INITIATIVE_SEED = 10  # the enemy has the Initiative (8.1): Rome deploys first
BACK_ROW_SEED = 41  # Roman units in the back row (8.3; 28 before the thresholds of 3, 8 ...)
AMBUSH_SEED = 80  # an Ambush (8.7)


def played(seed: int) -> Game[AgricolaState]:
    g = new_game(seed=seed)
    play(g, RandomPlayer(seed))
    return g


@pytest.fixture(scope="module")
def records() -> dict[int, list[BattleRecord]]:
    seeds = (SHIFT_SEED, ENEMY_INITIATIVE_SEED, BACK_ROW_SEED, AMBUSH_SEED)
    return {seed: record_battles(played(seed)) for seed in seeds}


# -- the display as a board --------------------------------------------------------------


def test_8_0_the_display_has_13_numbered_enemy_squares_and_13_roman_ones() -> None:
    board = tactical_board()
    enemy = sorted(int(str(z.attributes["square"])) for z in board if z.kind == "enemy")
    roman = sorted(int(str(z.attributes["square"])) for z in board if z.kind == "roman")
    assert enemy == list(range(1, 14)) and roman == list(range(13))
    assert check_display() == []


def test_8_0_the_board_agrees_with_the_data_file_counts() -> None:
    counts = data()["tactical_display"]
    rows = {
        key: sum(1 for z in tactical_board() if z.region == row)
        for key, row in (
            ("enemy_front", "Enemy front"),
            ("enemy_back", "Enemy back"),
            ("roman_front", "Roman front"),
            ("roman_back", "Roman back"),
        )
    }
    assert (
        rows
        == {key: counts[key] for key in rows}
        == {
            "enemy_front": len(ENEMY_COLUMN),
            "enemy_back": 6,
            "roman_front": len(FRONT),
            "roman_back": len(BACK),
        }
    )


def test_8_2_enemy_square_1_is_the_centre_and_the_line_grows_outwards() -> None:
    board = tactical_board()
    xs = [board.zone(enemy_square(n)).position[0] for n in range(1, 8)]
    centre = sorted(xs)[3]
    assert xs[0] == centre
    distances = [abs(x - centre) for x in xs]
    assert distances == sorted(distances)  # each next square as far out or farther


def test_8_3_the_roman_front_row_runs_left_to_right_and_the_back_row_behind_it() -> None:
    board = tactical_board()
    front = [board.zone(roman_square(f)) for f in FRONT]
    back = [board.zone(roman_square(b)) for b in BACK]
    assert [z.position[0] for z in front] == sorted(z.position[0] for z in front)
    assert {z.region for z in front} == {"Roman front"} and {z.region for z in back} == {
        "Roman back"
    }
    assert min(z.position[1] for z in back) > max(z.position[1] for z in front)  # y down


def test_8_4_each_roman_front_square_faces_two_enemy_squares_the_back_row_none() -> None:
    assert all(len(ENEMY_NEAR[f]) == 2 for f in FRONT)
    assert all(ENEMY_NEAR[b] == () for b in BACK)
    board = tactical_board()
    for f in FRONT:  # the left one first, as the rules list Tactical Advantage targets
        xs = [board.zone(enemy_square(e + 1)).position[0] for e in ENEMY_NEAR[f]]
        assert xs == sorted(xs)


def test_8_5_an_enemy_front_square_touches_one_or_two_roman_squares() -> None:
    assert sorted(len(ROMAN_NEAR[e]) for e in range(7)) == [1, 1, 2, 2, 2, 2, 2]
    assert all(ROMAN_NEAR[e] == () for e in range(7, 13))


# -- the battle record against the game ----------------------------------------------------


def test_8_0_the_record_names_each_step_and_its_section(
    records: dict[int, list[BattleRecord]],
) -> None:
    for battles in records.values():
        for record in battles:
            kinds = [s.kind for s in record.steps]
            assert kinds[0] == "setup" and kinds[-1] == "end"
            assert "deploy" in kinds and {"attack", "defence"} & set(kinds)
            for step in record.steps:
                assert step.sentence.startswith(step.section), step.sentence
                assert step.sentence.endswith(".")


def test_8_1_rome_deploys_first_when_the_enemy_has_the_initiative(
    records: dict[int, list[BattleRecord]],
) -> None:
    record = next(r for r in records[ENEMY_INITIATIVE_SEED] if not r.initiative)
    kinds = [s.kind for s in record.steps]
    assert kinds.index("deploy") < kinds.index("enemy")
    assert kinds[kinds.index("enemy") + 1] == "defence"  # 8.1: the first Defence Round first
    deployed = record.steps[kinds.index("deploy")]
    assert deployed.enemies == () and deployed.holes == ()  # no enemy yet: no hole


def test_8_4_attacks_go_left_to_right_8_5_defences_right_to_left(
    records: dict[int, list[BattleRecord]],
) -> None:
    seen = 0
    for battles in records.values():
        for record in battles:
            for step in record.steps:
                squares = [r.square for r in step.rolls]
                if step.kind == "attack":
                    assert squares == sorted(squares) and len(set(squares)) == len(squares)
                    for roll in step.rolls:
                        assert roll.target is not None
                        assert roll.target - 1 in ENEMY_NEAR[roll.square]  # adjacent (8.4)
                    seen += len(squares)
                elif step.kind == "defence":
                    assert squares == sorted(squares, reverse=True)
                    seen += len(squares)
                else:
                    assert squares == []
    assert seen > 20


def test_8_4_a_roll_that_beats_the_defence_eliminates_and_8_5_one_that_fails_is_lost(
    records: dict[int, list[BattleRecord]],
) -> None:
    for battles in records.values():
        for record in battles:
            for step in record.steps:
                for roll in step.rolls:
                    if roll.rule == "8.4":
                        assert ("eliminated" in roll.outcome) == (roll.total > roll.against)
                    else:
                        assert (roll.outcome == "survives") == (roll.total > roll.against)
                lost = [r.square for r in step.rolls if r.outcome == "eliminated"]
                assert lost == list(step.lost_romans)


def test_8_5_holes_in_the_line_are_empty_front_squares_facing_an_enemy(
    records: dict[int, list[BattleRecord]],
) -> None:
    for battles in records.values():
        for record in battles:
            for step in record.steps:
                occupied = {u.square for u in step.romans}
                enemies = {u.square for u in step.enemies}
                expected = [
                    f
                    for f in FRONT
                    if f not in occupied and any(e + 1 in enemies for e in ENEMY_NEAR[f])
                ]
                assert list(step.holes) == expected


def test_8_3_back_row_units_are_recorded_in_the_back_row(
    records: dict[int, list[BattleRecord]],
) -> None:
    squares = {u.square for r in records[BACK_ROW_SEED] for s in r.steps for u in s.romans}
    assert squares & set(BACK)


def test_8_7_an_ambush_is_recorded_as_one(records: dict[int, list[BattleRecord]]) -> None:
    ambush = next(r for r in records[AMBUSH_SEED] if r.ambush)
    assert ambush.title.startswith("Ambush in") and not ambush.initiative


def _live_positions(seed: int) -> list[Game[AgricolaState]]:
    """Forks of a seeded game at each of its decisions inside a battle."""
    g = new_game(seed=seed)
    player = RandomPlayer(seed)
    out = []
    while not g.is_over:
        if g.state.battle is not None:
            out.append(g.fork())
        g.apply(player.choose(g))
    return out


@pytest.mark.parametrize("seed", [SHIFT_SEED, ENEMY_INITIATIVE_SEED, BACK_ROW_SEED])
def test_8_0_the_last_step_of_a_battle_under_way_is_the_state_itself(seed: int) -> None:
    positions = _live_positions(seed)
    assert positions
    for position in positions:
        battle = position.state.battle
        assert battle is not None
        step = record_battles(position)[-1].steps[-1]
        enemies = {u.square: u.counter for u in step.enemies}
        romans = {u.square: u.counter for u in step.romans}
        assert enemies == {e + 1: c for e, c in enumerate(battle.enemy) if c >= 0}
        if battle.stage in ("reorganize", "finish"):  # 8.6: the survivors are back home
            held = {c for k in battle.legions for c in position.state.holding[k]}
            assert step.kind == "end" and set(romans.values()) <= held
            continue
        assert romans == {f: c for f, c in enumerate(battle.roman) if c >= 0}
        assert {u.counter for u in step.enemies if u.red} == set(battle.red)


def _texts_in(fig: Any, name: str) -> list[str]:
    """The texts the figure draws inside the square ``name`` of the display's board."""
    left, bottom, right, top = box_bounds(tactical_board(), tactical_board().zone(name))
    ax = fig.axes[0]
    return [
        t.get_text()
        for t in ax.texts
        if left <= t.get_position()[0] <= right and bottom <= t.get_position()[1] <= top
    ]


def test_8_0_the_figure_draws_each_counter_in_its_square(
    records: dict[int, list[BattleRecord]],
) -> None:
    record = records[SHIFT_SEED][0]
    for index in range(len(record.steps)):
        step = record.steps[index]
        if step.kind not in ("attack", "defence"):
            continue
        fig = draw_step(record, index)
        for unit in step.enemies:
            assert unit.label in _texts_in(fig, enemy_square(unit.square))
        for roman in step.romans:
            drawn = _texts_in(fig, roman_square(roman.square))
            assert f"{roman.legion}\n" in "".join(drawn) and f"{roman.attack}-{roman.defence}" in (
                "".join(drawn)
            )
        for hole in step.holes:
            assert any("hole" in t for t in _texts_in(fig, roman_square(hole)))


def test_8_8_mons_graupius_units_are_drawn_red_bordered_until_they_flip() -> None:
    state = blank()
    put(state, "Caledonii", *units("Caledonii")[:2])
    put(state, "Caledonii", leader("Red"))  # Calgacus in the box: Mons Graupius (8.8)
    state.legion_box[II] = BOX["Caledonii"]
    g = game(state, (1,))
    battle = next(
        a for a in g.legal_actions() if isinstance(a, LegionAction) and a.order == "battle"
    )
    g.apply(battle)
    play(g, RandomPlayer(3))
    record = record_battle(g)
    assert record.mons_graupius and "Mons Graupius" in record.title
    drawn = next(s for s in record.steps if s.kind == "enemy")
    assert len(drawn.enemies) == 13 and all(u.red for u in drawn.enemies)
    fig = draw_step(record, drawn.index)
    red = to_rgba(RED_BORDER)
    red_edges = [p for p in fig.axes[0].patches if tuple(p.get_edgecolor()) == red]
    assert len(red_edges) == 13
    flipped = [s for s in record.steps if any("flips" in e for e in s.events)]
    if flipped:
        assert any(not u.red for u in flipped[0].enemies)


def test_8_0_asking_for_a_battle_the_game_has_not_fought_names_the_section() -> None:
    g = new_game(seed=1)
    with pytest.raises(IndexError, match=r"8\.0: the game has 0 battle"):
        record_battle(g)


# -- the stepper ----------------------------------------------------------------------------


def test_8_0_stepping_back_and_forth_shows_identical_pictures_and_steps() -> None:
    from italia_kit.games.agricola.widgets.battle import BattleStepper

    g = played(SHIFT_SEED)
    stepper = BattleStepper(g, dpi=40)
    assert stepper.step == 0 and stepper.back() is False
    seen = []
    for _ in range(4):
        seen.append((stepper.current, stepper.png, stepper.sentence))
        assert stepper.next()
    for index in reversed(range(len(seen))):
        assert stepper.back()
        assert (stepper.current, stepper.png, stepper.sentence) == seen[index]
    stepper.go(3)
    assert stepper.png == step_png(record_battle(g), 3, dpi=40)  # drawn afresh: the same
    assert stepper.image.value == stepper.png and stepper.caption.value.startswith("<b>8.")
    stepper.go(len(stepper.record.steps) - 1)
    assert stepper.next() is False and stepper.current.kind == "end"
    again = BattleStepper(played(SHIFT_SEED), dpi=40)  # the same seed: the same battle
    assert again.record == stepper.record
    events = len(g.log)
    stepper.next()
    assert len(g.log) == events  # the stepper never changes the game


def test_8_0_a_game_without_battles_has_nothing_to_step() -> None:
    from italia_kit.games.agricola.widgets.battle import BattleStepper

    with pytest.raises(ValueError, match=r"8\.0: this game has fought no battle"):
        BattleStepper(new_game(seed=1))


def test_8_0_the_counters_in_the_record_are_battle_units() -> None:
    for battles in (record_battles(played(SHIFT_SEED)),):
        for record in battles:
            for step in record.steps:
                assert all(COUNTERS[u.counter].sort == "battle" for u in step.enemies)


# -- the panel under the turn stepper's map (the classroom app's Agricola page) --------------


def test_8_0_the_stepper_shows_the_latest_battle_under_the_map_once_there_is_one() -> None:
    from italia_kit.games.agricola.widgets.battle import BattlePanel
    from italia_kit.widgets import TurnStepper

    g = new_game(seed=SHIFT_SEED)
    stepper = TurnStepper(g, RandomPlayer(SHIFT_SEED))
    panel = stepper.panel
    assert isinstance(panel, BattlePanel) and panel.widget.layout.display == "none"
    while not any(e.kind == "battle" for e in g.log):
        stepper.next_action()
    assert panel.widget.layout.display is None and panel.stepper is not None
    assert panel.widget.selected_index is None  # folded until the teacher opens it
    latest = record_battles(g)[-1]
    assert panel.stepper.record == latest
    assert panel.stepper.current == latest.steps[-1]
    while g.state.battle is not None:  # it follows the battle step by step
        stepper.next_action()
        assert panel.stepper.record.steps[-1] == panel.stepper.current
    shown = panel.stepper
    stepper.next_action()
    assert panel.stepper is shown  # nothing new: nothing drawn again
    stepper.jump_to_turn(1)
    assert panel.widget.layout.display == "none" and panel.stepper is None


def test_8_0_a_presenter_without_a_panel_leaves_the_stepper_as_it_was() -> None:
    from italia_kit.widgets import TurnStepper

    from .toyboard import RacePresenter
    from .toygame import race_spec

    race = race_spec().new_game(seed=1)
    assert RacePresenter(race).panel(race) is None
    assert TurnStepper(race, RandomPlayer(1), presenter=RacePresenter(race)).panel is None


def test_4_0_a_step_shows_the_log_as_rome_reads_it_blind_adjustments_redacted() -> None:
    g = played(SHIFT_SEED)
    readable = {e.text for e in g.events_for("rome")}
    hidden = {e.text for e in g.log} - readable
    texts = [t for r in record_battles(g) for s in r.steps for t in s.events]
    assert texts and set(texts) <= readable and not set(texts) & hidden
    assert "8.6: cup by rome (hidden)." in texts  # 8.6's Cup Adjustments, redacted


def test_8_4_each_attack_names_its_clause_tactical_advantage_only_with_agricola(
    records: dict[int, list[BattleRecord]],
) -> None:
    clauses: set[str] = set()
    for battles in records.values():
        for record in battles:
            for roll in (r for s in record.steps for r in s.rolls):
                if roll.rule == "8.5":
                    assert roll.clause.startswith("the Attack of square")
                    continue
                head = roll.clause.split(":")[0].split(" of ")[0]
                clauses.add(head)
                if head == "Tactical Advantage":
                    assert record.tactical_advantage
                    pair = roll.clause.split("choice of square ")[1].split(" or ")
                    assert str(roll.target) in pair
    assert "the only enemy it faces" in clauses and len(clauses) >= 2
