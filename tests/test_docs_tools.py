"""The documentation site's own machinery (``tools/docsite``), without building the site:
the docstrings' roles become links and their doctests code, a widget becomes a note, and a
game's page gets its At a glance from the registry. ``make docs`` builds the site itself."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

griffe = pytest.importorskip("griffe")  # the docs extra
pytest.importorskip("mkdocs_gen_files")

from tools.docsite import pages  # noqa: E402  (only with the docs extra)
from tools.docsite.rest_docstrings import RestDocstrings  # noqa: E402

PACKAGE = {
    "__init__.py": '"""A package: see :func:`.tools.helper`."""\n',
    "tools.py": (
        "import html\n\n"
        "def helper() -> None:\n"
        '    """Calls :class:`Thing` and :func:`~pkg.tools._private`, escapes with\n'
        "    :func:`html.escape`, and names :func:`nowhere`.\n\n"
        "    >>> helper()\n"
        "    >>> 1 + 1\n"
        "    2\n"
        '    """\n\n'
        "def _private() -> None: ...\n\n"
        "class Thing:\n"
        '    """A thing; its :meth:`go`."""\n\n'
        "    def go(self) -> None: ...\n"
    ),
}


@pytest.fixture
def loaded(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Any:
    (tmp_path / "pkg").mkdir()
    for name, text in PACKAGE.items():
        (tmp_path / "pkg" / name).write_text(text)
    extensions = griffe.load_extensions(RestDocstrings)
    with caplog.at_level(logging.WARNING):
        return griffe.load("pkg", search_paths=[str(tmp_path)], extensions=extensions)


def test_roles_become_links_private_and_outside_names_code(loaded: Any) -> None:
    doc = loaded["tools.helper"].docstring.value
    assert "[`Thing`][pkg.tools.Thing]" in doc
    assert "`_private`" in doc and "[`_private`]" not in doc
    assert "`html.escape`" in doc and "[`html.escape`]" not in doc
    assert loaded["tools.Thing"].docstring.value == "A thing; its [`go`][pkg.tools.Thing.go]."
    assert loaded.docstring.value == "A package: see [`tools.helper`][pkg.tools.helper]."


def test_a_role_naming_nothing_is_a_warning(loaded: Any, caplog: pytest.LogCaptureFixture) -> None:
    assert "`nowhere`" in loaded["tools.helper"].docstring.value
    assert any("names nothing that exists" in r.getMessage() for r in caplog.get_records("setup"))


def test_doctest_blocks_are_fenced(loaded: Any) -> None:
    doc = loaded["tools.helper"].docstring.value
    assert "```pycon\n>>> helper()\n>>> 1 + 1\n2\n```" in doc


def test_a_widget_output_becomes_an_escaped_note_and_others_stay() -> None:
    bar = {"output_type": "display_data", "data": {pages.WIDGET: {}, "text/plain": "run: 0%| <?>"}}
    note = pages.static(bar)["data"]["text/html"]
    assert 'class="kit-widget"' in note and "run: 0%| &lt;?&gt;" in note and "<?>" not in note
    stored = {"output_type": "display_data", "data": {pages.WIDGET: {}, "text/plain": ["a", "b"]}}
    assert "<code>ab</code>" in pages.static(stored)["data"]["text/html"]  # nbformat's lines
    table = {"output_type": "execute_result", "data": {"text/html": "<table></table>"}}
    assert pages.static(table) == table


def test_front_matter_and_titles() -> None:
    text = "---\ngames: [a, b]\npages: [x.md]\n---\n\n# The A game\n"
    assert pages.front_matter(text) == {"games": ["a", "b"], "pages": ["x.md"]}
    assert pages.front_matter("# none") == {} and pages.title_of(text, "?") == "The A game"


def test_a_games_glance_comes_from_its_spec() -> None:
    from italia_kit import games

    glance = pages.glance_of(games.load("italia1"))
    assert "| id | `italia1` |" in glance and "italia-kit play --game italia1" in glance
    assert "| board | `italia`:" in glance and "`require_provenance`" in glance
    assert "`hannibal_plus_2_elephants`" in glance


def test_the_home_pages_examples_run() -> None:
    import doctest

    path = pages.DOCS / "index.md"
    text = "\n".join("" if ln.startswith("```") else ln for ln in path.read_text().splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "index.md", str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, 4)


def test_a_game_without_a_page_and_a_page_without_a_game_are_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The strict build turns these warnings into a failure."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "zzz.md").write_text("# A game nobody registered\n")
    (tmp_path / "games" / "two.md").write_text("---\npages: [missing.md]\n---\n# Two\n")
    monkeypatch.setattr(pages, "DOCS", tmp_path)
    with caplog.at_level(logging.WARNING):
        listed = list(pages.game_pages())
    assert [title for _, title, _ in listed] == ["A game nobody registered", "Two"]
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "games/zzz.md names game 'zzz', which is not registered" in said
    assert "games/two.md lists page missing.md, which does not exist" in said
    assert "game 'italia1' is registered but has no page" in said
