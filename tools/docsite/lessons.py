"""The lessons (``notebooks/NN-*.ipynb``) as the documentation site shows them: run once.

A lesson is committed without outputs (nbstripout); the site shows it with them. Running
every lesson again for the site would double what ``make test`` spends on them, so an
executed copy is kept under ``build/lessons/``, named by a key of the lesson's text and the
kit's sources (``italia_kit/``, ``geodata/``): the nbval run of ``make test`` writes it (the
``tests/notebook_outputs.py`` plugin), and ``make docs`` runs only the lessons that have no
fresh copy (two kernels at a time). A lesson changed, or any module of the kit, and its key
changes: nothing stale is ever shown.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
EXECUTED = ROOT / "build" / "lessons"
#: a lesson is a numbered notebook; ``app.ipynb`` is the classroom app, served by Voila
LESSON_GLOB = "[0-9]*.ipynb"
TIMEOUT_S = 300


def lessons() -> list[Path]:
    """Every lesson notebook, in its number's order."""
    return sorted(NOTEBOOKS.glob(LESSON_GLOB))


@cache
def _kit_fingerprint() -> str:
    digest = hashlib.sha256()
    for folder, pattern in (("italia_kit", "*.py"), ("italia_kit", "*.yaml"), ("geodata", "*")):
        for path in sorted((ROOT / folder).rglob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def key(lesson: Path) -> str:
    """What an executed copy of ``lesson`` is valid for: its cells' sources and the kit."""
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    sources = json.dumps([(c["cell_type"], c["source"]) for c in cells]).encode()
    return hashlib.sha256(sources + _kit_fingerprint().encode()).hexdigest()[:16]


def executed_path(lesson: Path) -> Path:
    """Where the executed copy of ``lesson`` for its current key lives."""
    return EXECUTED / f"{lesson.stem}.{key(lesson)}.ipynb"


def save_executed(lesson: Path, outputs: Iterable[list[dict[str, Any]]]) -> Path:
    """Writes ``lesson`` with ``outputs`` (one list per code cell, in order) as its copy;
    older copies of the same lesson are removed."""
    nb = json.loads(lesson.read_text(encoding="utf-8"))
    code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
    given = list(outputs)
    if len(given) != len(code):
        raise ValueError(f"{lesson.name}: {len(given)} outputs for {len(code)} code cells")
    for count, (cell, outs) in enumerate(zip(code, given, strict=True), start=1):
        cell["outputs"] = [_as_output(dict(out), count) for out in outs]
        cell["execution_count"] = count
    return _write(lesson, nb)


def _as_output(out: dict[str, Any], count: int) -> dict[str, Any]:
    """An nbval output (an iopub message's content) as an nbformat output."""
    kind = out.get("output_type")
    if kind in ("display_data", "execute_result"):
        shaped = {"output_type": kind, "data": out["data"], "metadata": out.get("metadata", {})}
        if kind == "execute_result":
            shaped["execution_count"] = count
        return shaped
    if kind == "stream":
        return {"output_type": "stream", "name": out["name"], "text": out["text"]}
    return {
        "output_type": "error",
        "ename": out.get("ename", ""),
        "evalue": out.get("evalue", ""),
        "traceback": out.get("traceback", []),
    }


def _write(lesson: Path, nb: dict[str, Any]) -> Path:
    EXECUTED.mkdir(parents=True, exist_ok=True)
    target = executed_path(lesson)
    for old in EXECUTED.glob(f"{lesson.stem}.*.ipynb"):
        if old != target:
            old.unlink(missing_ok=True)
    scratch = target.with_suffix(f".{os.getpid()}.tmp")
    scratch.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    scratch.replace(target)  # atomic: a reader never sees half a notebook
    return target


def run(lesson: Path) -> Path:
    """Runs ``lesson`` in a fresh kernel (in ``notebooks/``, as a reader would) and keeps
    the executed copy; a failing cell fails the run, naming the lesson."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(lesson, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(
        nb,
        timeout=TIMEOUT_S,
        kernel_name="python3",
        store_widget_state=False,  # the site embeds no widget manager (it would load a CDN)
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    client.execute()
    return _write(lesson, json.loads(nbformat.writes(nb)))  # type: ignore[no-untyped-call]


def executed(paths: Iterable[Path], workers: int = 2) -> Iterator[tuple[Path, Path, bool]]:
    """``(lesson, executed copy, ran now)`` for each lesson: its fresh copy, or a new run
    (``workers`` kernels at a time)."""
    todo = list(paths)
    fresh = {p: executed_path(p) for p in todo if executed_path(p).exists()}
    stale = [p for p in todo if p not in fresh]
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        ran = dict(zip(stale, pool.map(run, stale), strict=True))
    for lesson in todo:
        yield (lesson, fresh[lesson], False) if lesson in fresh else (lesson, ran[lesson], True)
