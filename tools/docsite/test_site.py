"""The built documentation site (``make docs`` runs this after ``mkdocs build --strict``):
it loads nothing from the network, shows the lessons with their outputs, and has a page
per registered game and per module. ``DOCS_SITE`` names the site (default ``build/site``)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tools.docsite import lessons

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("DOCS_SITE", ROOT / "build" / "site"))
#: what makes a browser fetch something: scripts, styles, fonts, images, frames, CSS url()
LOADS = re.compile(
    r"""<(?:script|img|iframe|source|audio|video|embed)\b[^>]*\bsrc\s*=\s*["']?(?P<a>[^"'\s>]+)"""
    r"""|<link\b[^>]*\bhref\s*=\s*["']?(?P<b>[^"'\s>]+)"""
    r"""|url\(\s*["']?(?P<c>[^"')\s]+)"""
    r"""|@import\s+["'](?P<d>[^"']+)""",
    re.I,
)
REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)

pytestmark = pytest.mark.skipif(
    not (SITE / "index.html").exists(), reason=f"no site at {SITE}: run `make docs`"
)


def pages() -> list[Path]:
    return sorted(SITE.rglob("*.html"))


def test_the_site_loads_nothing_from_the_network() -> None:
    remote: list[str] = []
    for path in [*pages(), *SITE.rglob("*.css")]:
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in LOADS.finditer(text):
            url = next(g for g in match.groups() if g)
            if REMOTE.match(url) and not url.startswith("data:"):
                remote.append(f"{path.relative_to(SITE)}: {url}")
    assert not remote, "external loads:\n" + "\n".join(remote[:20])


@pytest.mark.parametrize("lesson", lessons.lessons(), ids=lambda p: p.name)
def test_each_lesson_is_shown_with_the_outputs_its_tags_promise(lesson: Path) -> None:
    page = (SITE / "lessons" / f"{lesson.stem}.html").read_text(encoding="utf-8")
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    tags = [t for c in cells for t in c.get("metadata", {}).get("tags", [])]
    assert page.count("data:image/") >= tags.count("shows-image"), lesson.name
    assert page.count("<table") >= tags.count("shows-html"), lesson.name
    assert page.count('class="kit-widget"') >= tags.count("shows-widget"), lesson.name


def test_every_registered_game_has_its_page_with_its_glance() -> None:
    from italia_kit import games

    text = "".join(p.read_text(encoding="utf-8") for p in (SITE / "games").glob("*.html"))
    for game_id in games.available():
        assert f"<code>{game_id}</code>" in text, game_id
        assert f"italia-kit play --game {game_id}" in text, game_id


def test_the_api_reference_has_a_page_per_module_with_its_objects() -> None:
    page = SITE / "reference" / "italia_kit" / "core" / "game.html"
    assert 'id="italia_kit.core.game.Game"' in page.read_text(encoding="utf-8")
    modules = [
        p
        for p in (ROOT / "italia_kit").rglob("*.py")
        if not any(part.startswith("_") for part in p.relative_to(ROOT).with_suffix("").parts)
    ]
    assert len(list((SITE / "reference").rglob("*.html"))) >= len(modules)
