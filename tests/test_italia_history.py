"""The history lessons (issue 15): the history files, the notebooks that tell them, and the
lesson that plays a game beside them."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from italia_kit.games.italia.history import (
    HistoryError,
    game_story,
    history_from_data,
    leaders_by_turn,
    load_history,
)
from italia_kit.games.italia.scenarios import load_scenario

NOTEBOOKS = {
    "italia1": Path(__file__).parent.parent / "notebooks" / "08-history-of-italia-i.ipynb",
    "italia2": Path(__file__).parent.parent / "notebooks" / "09-history-of-italia-ii.ipynb",
}
HEADING = re.compile(r"^## Turn (\d+) \(([^)]*)\): (.+)$", re.MULTILINE)


@pytest.mark.parametrize("scenario", sorted(NOTEBOOKS))
def test_every_turn_of_the_scenario_has_its_history(scenario: str) -> None:
    history = load_history(scenario)
    assert [t.turn for t in history.turns] == list(range(1, load_scenario(scenario).last_turn + 1))
    for turn in history.turns:
        assert turn.events, turn.turn
        assert all(e.source.strip() and e.year.strip() for e in turn.events)
        # the years are either stated by a source or marked as reconstructed
        assert turn.dating.startswith(("reconstructed:", "facts S")), turn.dating


@pytest.mark.parametrize("scenario", sorted(NOTEBOOKS))
def test_the_leaders_that_date_a_turn_are_the_ones_the_scenario_brings_then(scenario: str) -> None:
    """7.2: a leader arrives on the turn his nation card gives; the history dates each turn
    by them, so the two lists must agree."""
    brought = leaders_by_turn(load_scenario(scenario).nations)
    for turn in load_history(scenario).turns:
        assert set(turn.leaders) == brought.get(turn.turn, set()), turn.turn


@pytest.mark.parametrize("scenario", sorted(NOTEBOOKS))
def test_the_notebooks_turn_by_turn_dates_match_the_scenario_history(scenario: str) -> None:
    notebook = nbformat.read(NOTEBOOKS[scenario], as_version=4)
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    found = [(int(n), years, title) for n, years, title in HEADING.findall(text)]
    expected = [(t.turn, t.years, t.title) for t in load_history(scenario).turns]
    assert found == expected
    for turn in load_history(scenario).turns:  # every event is told with its source
        for event in turn.events:
            assert event.text in text and event.source in text, event


@pytest.mark.parametrize("scenario", sorted(NOTEBOOKS))
def test_every_turn_of_the_lesson_is_shown_on_the_map(scenario: str) -> None:
    notebook = nbformat.read(NOTEBOOKS[scenario], as_version=4)
    shown = [c.source for c in notebook.cells if "turn-view" in c.metadata.get("tags", [])]
    turns = len(load_history(scenario).turns)
    assert shown == [f"lesson.turn({n})" for n in range(1, turns + 1)]


GOOD = {
    "scenario": "italia1",
    "source_note": "Livy.",
    "turns": [
        {
            "turn": 1,
            "years": "c. 400-330 BC",
            "title": "Gauls",
            "dating": "reconstructed: Brennus",
            "leaders": ["Brennus"],
            "events": [{"year": "390 BC", "text": "The Allia.", "source": "Livy 5.38"}],
            "question": "Why?",
        }
    ],
}


def test_a_good_history_reads() -> None:
    history = history_from_data(GOOD)
    assert history.turn(1).heading == "Turn 1 (c. 400-330 BC): Gauls"
    assert "*(Livy 5.38)*" in history.turn(1).to_markdown()
    assert list(history.to_frame().columns) == ["turn", "turn years", "year", "event", "source"]
    with pytest.raises(KeyError, match="no turn 2"):
        history.turn(2)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["turns"][0].pop("years"), "'years'"),
        (lambda d: d["turns"][0].update(turn=2), "'turns': expected turns 1, 2"),
        (lambda d: d["turns"][0].update(turn="one"), "'turn'"),
        (lambda d: d["turns"][0]["events"][0].pop("source"), "'source'"),
        (lambda d: d["turns"][0].update(events=[]), "'events'"),
        (lambda d: d["turns"][0].update(leaders="Brennus"), "'leaders'"),
        (lambda d: d.update(turns=None), "'turns'"),
    ],
)
def test_a_malformed_history_names_the_field(change: object, field: str) -> None:
    import copy

    data = copy.deepcopy(GOOD)
    change(data)  # type: ignore[operator]
    with pytest.raises(HistoryError, match=re.escape(field)):
        history_from_data(data, "italia1.yaml")


def test_an_unknown_scenario_has_no_history() -> None:
    with pytest.raises(HistoryError, match="known: 'italia1' or 'italia2'"):
        load_history("italia3")


def test_the_game_story_tells_one_turn_in_the_engines_sentences() -> None:
    from italia_kit.games.italia.widgets.history import HistoryLesson

    lesson = HistoryLesson("italia2", seed=1, players="random")
    assert lesson.last_turn == 10 and lesson.game.is_over
    for turn in (1, 2):
        story = game_story(lesson.game, turn)
        assert story, turn
        assert all(re.match(r"^\d+(\.\d+)*: ", line) for line in story), story
    assert any("Attila" in line or "Huns" in line for line in lesson.story(2))
    # the scores at a turn's end are those of the game when it ended, and never fall
    # below the turn before's in total (victory points are never taken back, 11.0)
    assert sum(lesson.scores(10).values()) >= sum(lesson.scores(1).values())
    assert re.match(r"^\w+ (wins with|and \w+ tie with) [\d.]+ VP", lesson.winner)
    assert lesson.at_end_of(3).state.turn == 4
    view = lesson.turn(10)
    assert lesson.winner in view.children[1].value
    with pytest.raises(KeyError, match="no turn 11"):
        lesson.at_end_of(11)
