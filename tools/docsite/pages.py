"""The documentation site's generated pages (``gen_pages.py`` writes them at each build).

- ``SUMMARY.md``, the navigation (mkdocs-literate-nav): home, the games, the lessons, the
  guides, the data formats and the API reference, each list found on disk, so a new
  ``docs/games/<id>.md``, a new lesson ``notebooks/NN-*.ipynb`` or a new guide
  ``docs/*.md`` appears without editing ``mkdocs.yml``;
- a page per registered game: its own ``docs/games/<id>.md`` (or the page whose front
  matter lists it under ``games:``) with an "At a glance" section from its ``GameSpec``
  appended; a registered game without a page, or a page naming a game nobody registered, is
  a warning, which the strict build turns into a failure;
- the lessons, executed (``tools/docsite/lessons.py``: the copy nbval made, or a new run);
  ``DOCS_EXECUTE=0`` renders them without outputs (a quick structural build);
- one API reference page per module of ``italia_kit`` (mkdocstrings); a package that only
  re-exports gets a table of its exports linking to where each is defined.
"""

from __future__ import annotations

import html
import json
import logging
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mkdocs_gen_files
import yaml

from tools.docsite import lessons

ROOT = Path(__file__).resolve().parents[2]

DOCS = ROOT / "docs"
log = logging.getLogger("mkdocs.plugins.italia_kit_docs")
#: guides listed first, in this order; every other docs/*.md follows by title
LEADING_GUIDES = ("architecture.md", "adding-a-game.md")
WIDGET = "application/vnd.jupyter.widget-view+json"


def title_of(text: str, fallback: str) -> str:
    """A page's first ``# heading`` (Markdown)."""
    match = re.search(r"^# (.+)$", text, re.M)
    return match[1].strip() if match else fallback


def front_matter(text: str) -> dict[str, Any]:
    """The YAML front matter of a Markdown page (``---`` ... ``---`` at its top), or {}."""
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    return dict(yaml.safe_load(match[1]) or {}) if match else {}


def md_link(title: str, target: str) -> str:
    return f"[{title.replace('[', '(').replace(']', ')')}]({target})"


# -- games ---------------------------------------------------------------------------------


def game_pages() -> Iterator[tuple[str, str, list[str]]]:
    """``(page, title, extra pages)`` for each docs/games/*.md, in title order, after
    appending the At a glance of each registered game it covers."""
    from italia_kit import games

    registered = games.available()
    covered: dict[str, str] = {}
    pages = []
    for path in sorted((DOCS / "games").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        meta = front_matter(text)
        ids = [str(i) for i in meta.get("games", [path.stem])]
        rel = f"games/{path.name}"
        for game_id in ids:
            if game_id not in registered:
                log.warning("%s names game %r, which is not registered", rel, game_id)
            elif game_id in covered:
                log.warning("game %r has two pages: %s and %s", game_id, covered[game_id], rel)
            else:
                covered[game_id] = rel
        glance = [glance_of(games.load(i)) for i in ids if i in registered]
        if glance:
            with mkdocs_gen_files.open(rel, "a") as page:
                page.write("\n\n## At a glance\n\nFrom the game's registered `GameSpec`.\n")
                page.write("".join(glance))
        extra = [str(p) for p in meta.get("pages", [])]
        for other in extra:
            if not (DOCS / other).exists():
                log.warning("%s lists page %s, which does not exist", rel, other)
        pages.append((rel, title_of(text, path.stem), extra))
    for game_id in registered:
        if game_id not in covered:
            log.warning(
                "game %r is registered but has no page: add docs/games/%s.md "
                "(or list it under `games:` in a game page's front matter)",
                game_id,
                game_id,
            )
    yield from sorted(pages, key=lambda page: page[1].lower())


def glance_of(spec: Any) -> str:
    """The At a glance table of one registered game, from its ``GameSpec``."""
    rows = [
        ("id", f"`{spec.id}`"),
        ("kind", repr(spec.kind).removeprefix("GameKind(").removesuffix(")")),
        (f"seats ({spec.seat_label})", ", ".join(spec.seats)),
        ("options", ", ".join(f"`{k}={v!r}`" for k, v in spec.options.items()) or "none"),
        ("what-if variants", ", ".join(f"`{v}`" for v in spec.variants) or "none"),
        ("bots", ", ".join(f"`{b}`" for b in ["random", "passive", "rollout", *spec.bots])),
        ("score", f"{spec.score_label}" + (f" ({spec.score_unit})" if spec.score_unit else "")),
        ("what-if metrics", ", ".join(f"`{c}`" for c in spec.metric_columns) or "none"),
        ("extra tables", ", ".join(f"`{t}`" for t in spec.tables) or "none"),
        ("extra CLI commands", ", ".join(f"`{c}`" for c in spec.commands) or "none"),
        ("map presenter", f"`{spec.presenter}`" if spec.presenter else "none"),
    ]
    if spec.board is not None:
        board = spec.board()
        meta = board.meta
        provenance = (
            "every location names its source (`require_provenance`)"
            if meta.require_provenance
            else "not required by the board file"
        )
        picture = "zone polygons" if meta.polygons else "boxes and lines"
        rows += [
            ("board", f"`{meta.name}`: {meta.title}; {len(board.locations)} locations"),
            ("board picture", picture),
            ("board data provenance", provenance),
        ]
    body = "".join(f"| {k} | {v} |\n" for k, v in rows)
    return (
        f"\n### {spec.title}\n\n{spec.description}\n\n| | |\n|---|---|\n{body}"
        f"\nPlay it: `italia-kit play --game {spec.id}`.\n"
    )


# -- lessons -------------------------------------------------------------------------------


def lesson_pages() -> Iterator[tuple[str, str]]:
    """``(page, title)`` for each lesson, written executed unless ``DOCS_EXECUTE=0``."""
    execute = os.environ.get("DOCS_EXECUTE", "1") != "0"
    started = time.perf_counter()
    found = lessons.lessons()
    if execute:
        copies = {src: (copy, ran) for src, copy, ran in lessons.executed(found)}
        ran = sum(1 for _, r in copies.values() if r)
        log.info(
            "lessons: %d ran now, %d from fresh copies, %.1f s",
            ran,
            len(found) - ran,
            time.perf_counter() - started,
        )
    for src in found:
        nb = json.loads((copies[src][0] if execute else src).read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"] = [static(out) for out in cell.get("outputs", [])]
            tags = cell.get("metadata", {}).get("tags", [])
            if tags:  # the output checks' tags are for the tests, not for the reader
                cell["metadata"]["tags"] = [t for t in tags if not t.startswith("shows-")]
        rel = f"lessons/{src.name}"
        with mkdocs_gen_files.open(rel, "w") as page:
            json.dump(nb, page)
        mkdocs_gen_files.set_edit_path(rel, f"../notebooks/{src.name}")
        markdown = "".join(
            "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
        )
        yield rel, title_of(markdown, src.stem)


def static(out: dict[str, Any]) -> dict[str, Any]:
    """An output as a static page can show it: a widget (which needs a live kernel and,
    for a map, tiles) becomes a note saying what it is."""
    data = out.get("data", {})
    if WIDGET not in data:
        return out
    plain = data.get("text/plain", "")
    text = ("".join(plain) if isinstance(plain, list) else str(plain)).strip().splitlines()
    what = text[0].split("(", 1)[0][:60] if text else "a widget"
    note = (
        f'<p class="kit-widget"><em>An interactive widget (<code>{html.escape(what)}</code>):'
        " run this lesson in JupyterLab (<code>make lab</code>) to use it.</em></p>"
    )
    return {**out, "data": {"text/html": note, "text/plain": f"{what} (interactive widget)"}}


# -- guides and the API reference ----------------------------------------------------------


def guide_pages() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The guides and the data-format pages (``*-format.md``), each ``(page, title)``."""
    placed = {"index.md"} | {
        str(p)
        for path in (DOCS / "games").glob("*.md")
        for p in front_matter(path.read_text(encoding="utf-8")).get("pages", [])
    }
    guides: list[tuple[str, str]] = []
    formats: list[tuple[str, str]] = []
    for path in sorted(DOCS.glob("*.md")):
        if path.name in placed:
            continue
        entry = (path.name, title_of(path.read_text(encoding="utf-8"), path.stem))
        (formats if path.stem.endswith("-format") else guides).append(entry)
    lead = [g for name in LEADING_GUIDES for g in guides if g[0] == name]
    rest = sorted((g for g in guides if g[0] not in LEADING_GUIDES), key=lambda g: g[1])
    return lead + rest, sorted(formats, key=lambda g: g[1])


def reference_pages() -> list[tuple[int, str, str]]:
    """``(depth, title, page)`` for every public module of the kit, packages first."""
    import griffe

    package = griffe.load("italia_kit", search_paths=[str(ROOT)], resolve_aliases=True)
    entries: list[tuple[int, str, str]] = []

    def visit(module: Any, depth: int) -> None:
        path = module.path
        rel = f"reference/{path.replace('.', '/')}" + (
            "/index.md" if module.is_init_module else ".md"
        )
        entries.append((depth, path.rsplit(".", 1)[-1] if depth else path, rel))
        with mkdocs_gen_files.open(rel, "w") as page:
            page.write(reference_text(module))
        source = Path(module.filepath).relative_to(ROOT)
        mkdocs_gen_files.set_edit_path(rel, f"../{source}")
        children = [
            m
            for name, m in sorted(module.modules.items())
            if not name.startswith("_") and not m.is_alias
        ]
        for child in sorted(children, key=lambda m: (not m.is_init_module, m.name)):
            visit(child, depth + 1)

    visit(package, 0)
    return entries


def reference_text(module: Any) -> str:
    """A module's reference page: mkdocstrings renders it; a package that defines nothing
    itself shows its docstring and a table of its exports, linked to their definitions."""
    defines = any(not m.is_alias and not m.is_module for m in module.members.values())
    head = f"# `{module.path}`\n\n::: {module.path}\n    options:\n      show_root_heading: false\n"
    if not module.is_init_module or defines:
        return head
    rows = []
    for name in sorted(module.exports or []):
        member = module.members.get(name)
        if member is None:
            continue
        try:
            target = member.final_target if member.is_alias else member
        except Exception:  # griffe's AliasResolutionError: an export from outside the kit
            continue
        if target.is_module:
            continue
        rows.append(f"| [`{name}`][{target.path}] | `{target.module.path}` |")
    table = "\n".join(["| export | defined in |", "|---|---|", *rows]) if rows else ""
    return f"{head}      members: false\n\n{table}\n"


# -- the navigation ------------------------------------------------------------------------


def write_nav() -> None:
    """Writes every generated page and the navigation ``SUMMARY.md``."""
    nav = ["* [Home](index.md)", "* Games"]
    for rel, title, extra in game_pages():
        nav.append(f"    * {md_link(title, rel)}")
        for other in extra:
            other_title = title_of((DOCS / other).read_text(encoding="utf-8"), other)
            nav.append(f"    * {md_link(other_title, other)}")
    nav.append("* Lessons")
    nav += [f"    * {md_link(title, rel)}" for rel, title in lesson_pages()]
    guides, formats = guide_pages()
    nav.append("* Guides")
    nav += [f"    * {md_link(title, rel)}" for rel, title in guides]
    nav.append("* Data formats")
    nav += [f"    * {md_link(title, rel)}" for rel, title in formats]
    nav.append("* API reference")
    nav += [
        f"{'    ' * (depth + 1)}* {md_link(f'`{title}`', rel)}"
        for depth, title, rel in reference_pages()
    ]
    with mkdocs_gen_files.open("SUMMARY.md", "w") as summary:
        summary.write("\n".join(nav) + "\n")
