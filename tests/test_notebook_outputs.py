"""The lessons' output checks (issue 20): what a tagged cell must display, and that every
lesson has its key cells tagged. The checks themselves run with nbval in ``make test``
(``tests/notebook_outputs.py``); these tests pin their behaviour without a kernel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.notebook_outputs import SHOWS, WIDGET, check_cell
from tools.docsite import lessons

ROOT = Path(__file__).resolve().parents[1]
FIGURE_AS_TEXT = [
    {"output_type": "execute_result", "data": {"text/plain": "<Figure size 900x400 with 3 Axes>"}}
]
PNG = [{"output_type": "display_data", "data": {"image/png": "iVBOR", "text/plain": "<Fig>"}}]


def test_a_chart_that_shows_as_text_fails_its_shows_image_tag() -> None:
    with pytest.raises(AssertionError, match=r"07-what-if\.ipynb Cell 3: tagged 'shows-image'"):
        check_cell("07-what-if.ipynb Cell 3", ["shows-image"], FIGURE_AS_TEXT)
    check_cell("07-what-if.ipynb Cell 3", ["shows-image"], PNG)


def test_a_table_must_be_html_and_a_widget_a_widget_view() -> None:
    with pytest.raises(AssertionError, match="must display text/html; it displayed image/png"):
        check_cell("x", ["shows-html"], PNG)
    with pytest.raises(AssertionError, match="it displayed nothing"):
        check_cell("x", ["shows-widget"], [{"output_type": "stream", "text": "hi"}])
    check_cell("x", ["shows-widget"], [{"output_type": "display_data", "data": {WIDGET: {}}}])


def test_an_unknown_shows_tag_is_an_error_and_other_tags_are_ignored() -> None:
    with pytest.raises(AssertionError, match="unknown tag 'shows-png'"):
        check_cell("x", ["shows-png"], PNG)
    check_cell("x", ["raises-exception", "keep"], [])


def _tags(lesson: Path) -> list[str]:
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    return [t for c in cells for t in c.get("metadata", {}).get("tags", [])]


@pytest.mark.parametrize("lesson", lessons.lessons(), ids=lambda p: p.name)
def test_every_lesson_has_its_key_cells_tagged_with_known_tags(lesson: Path) -> None:
    shows = [t for t in _tags(lesson) if t.startswith("shows-")]
    assert shows, f"{lesson.name}: tag its key cells (cell metadata tags: {', '.join(SHOWS)})"
    assert set(shows) <= set(SHOWS), f"{lesson.name}: unknown tags {set(shows) - set(SHOWS)}"


@pytest.mark.parametrize("lesson", lessons.lessons(), ids=lambda p: p.name)
def test_lessons_are_committed_without_outputs(lesson: Path) -> None:
    """nbstripout's pre-commit hook keeps them so; the checks run on a live kernel's output."""
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code"), lesson.name


def test_an_executed_copy_is_keyed_by_the_lesson_and_the_kit(tmp_path: Path) -> None:
    lesson = lessons.lessons()[0]
    copy = tmp_path / lesson.name
    copy.write_text(lesson.read_text(encoding="utf-8"), encoding="utf-8")
    assert lessons.key(copy) == lessons.key(lesson)
    nb = json.loads(copy.read_text(encoding="utf-8"))
    nb["cells"][-1]["source"] = ["1 + 1"]
    copy.write_text(json.dumps(nb), encoding="utf-8")
    assert lessons.key(copy) != lessons.key(lesson)
