"""A pytest plugin for the nbval run of the lessons: their key cells show what they promise.

nbval (``--nbval-lax``) runs every lesson in one kernel and fails on an error, but compares
no output: a chart that regresses to the text ``<Figure size 900x400 with 3 Axes>`` would
pass. A key cell carries a tag in its metadata saying what it must display, and this plugin
checks the MIME types of what the cell displayed in that same run (no second kernel):

- ``shows-image``: an ``image/png`` (or ``image/svg+xml``, ``image/jpeg``), a chart or a board;
- ``shows-html``: a ``text/html`` table (a DataFrame, a Styler, the kit's rich display);
- ``shows-widget``: a live ipywidget (a map, a stepper, a calculator).

An unknown ``shows-*`` tag is an error too, so a typo never turns a check off. Once every
code cell of a lesson has passed, the lesson with these outputs is kept as its executed copy
(``tools/docsite/lessons.py``), which the documentation site shows instead of running the
lesson again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

WIDGET = "application/vnd.jupyter.widget-view+json"
SHOWS: dict[str, tuple[str, ...]] = {
    "shows-image": ("image/png", "image/svg+xml", "image/jpeg"),
    "shows-html": ("text/html",),
    "shows-widget": (WIDGET,),
}

_outputs: dict[Path, dict[int, list[Any]]] = defaultdict(dict)
_failed: set[Path] = set()


def _is_nbval_cell(item: pytest.Item) -> bool:
    return type(item).__name__ == "IPyNbCell" and hasattr(item, "test_outputs")


def displayed(outputs: list[Any]) -> set[str]:
    """The MIME types a cell displayed (display_data and execute_result outputs)."""
    return {mime for out in outputs for mime in (out.get("data") or {})}


def check_cell(where: str, tags: list[str], outputs: list[Any]) -> None:
    """Fails naming the lesson, the cell, the tag and what the cell showed instead."""
    seen = displayed(outputs)
    for tag in tags:
        if not tag.startswith("shows-"):
            continue
        wanted = SHOWS.get(tag)
        if wanted is None:
            raise AssertionError(f"{where}: unknown tag {tag!r} (known: {', '.join(SHOWS)})")
        if not seen & set(wanted):
            raise AssertionError(
                f"{where}: tagged {tag!r}, so it must display {' or '.join(wanted)}; "
                f"it displayed {', '.join(sorted(seen)) or 'nothing'}"
            )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, Any]:
    if not _is_nbval_cell(item):
        return (yield)
    lesson = Path(str(item.path))
    try:
        result = yield
    except BaseException:
        _failed.add(lesson)
        raise
    cell: Any = getattr(item, "cell")  # noqa: B009  (nbval's item, typed by nothing)
    outputs = list(getattr(item, "test_outputs") or [])  # noqa: B009
    tags = list(cell.get("metadata", {}).get("tags", []))
    try:
        check_cell(f"{lesson.name} {item.name}", tags, outputs)
    except AssertionError:
        _failed.add(lesson)
        raise
    _outputs[lesson][int(getattr(item, "cell_num"))] = outputs  # noqa: B009
    return result


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Keeps the executed copy of each lesson whose every code cell passed in this run."""
    if not _outputs:
        return
    import json

    from tools.docsite import lessons

    for lesson, by_cell in _outputs.items():
        if lesson in _failed or lesson.resolve() not in lessons.lessons():
            continue
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        count = sum(1 for cell in cells if cell["cell_type"] == "code")
        if len(by_cell) == count:  # a run with -x or -k that skipped cells keeps nothing
            lessons.save_executed(lesson, [by_cell[n] for n in sorted(by_cell)])
