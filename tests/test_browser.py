"""The classroom app in a real browser: Voila serves notebooks/app.ipynb on 127.0.0.1 and a
headless Debian Chromium, driven by Playwright, looks at it, presses *next phase*, and picks
Italia II in the game picker (map and stepper are built again).

Offline: no tiles, no browser download (Playwright uses /usr/bin/chromium). The screenshot
goes to ``$ITALIA_KIT_SCREENSHOT`` (default ``/tmp/italia_kit-app.png``); the committed one
is ``docs/screenshots/app.png``.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "app.ipynb"
ZONES = 48  # the board's zones: one vector shape each
ITALIA2 = "Italia II (the end of the Western Empire to Charlemagne), 4 players"  # its title

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        "no /usr/bin/chromium: install it with `apt-get install -y chromium` (.ci/run does)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# what the map looks like, as a string that changes when any shape or marker changes
MAP_STATE_JS = """() => {
  const fills = [...document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')]
    .map(p => (p.getAttribute('fill') || '') + (p.getAttribute('stroke') || ''));
  const markers = document.querySelector('.leaflet-marker-pane');
  return fills.join('|') + '#' + (markers ? markers.innerHTML : '');
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"voila did not open port {port} within {timeout} s")


def _outside(url: str) -> bool:
    """Whether the page asks for ``url`` off this machine. Voila's own page template links
    Font Awesome from a CDN (its icons; the kit's widgets do not need them), so that is not
    counted: only what the map and the widgets ask for is."""
    local = url.startswith(("http://127.0.0.1", "data:", "blob:"))
    return not local and "fontawesome" not in url


@contextlib.contextmanager
def _voila(notebook: Path, log: Path) -> Iterator[str]:
    """Voila serving ``notebook`` on a free local port; its URL."""
    port = _free_port()
    voila = Path(sys.executable).with_name("voila")
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                str(voila),
                str(notebook),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
            ],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its kernels too: the teardown stops the whole group
        )
        try:
            _wait_for_port(port, proc)
            yield f"http://127.0.0.1:{port}/"
        finally:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _voila(APP, tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


#: A notebook showing the toy race's board of boxes (tests/toyboard.py) in a MapView.
BOXES_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "boxes",
            "metadata": {},
            "outputs": [],
            "source": (
                f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
                "from tests.toyboard import RacePresenter\n"
                "from tests.toygame import race_spec\n"
                "from italia_kit.widgets import MapView\n"
                "game = race_spec().new_game(seed=1)\n"
                "game.state.scores.update(A=14, B=23)\n"
                "MapView(game, RacePresenter(game), height='420px')"
            ),
        }
    ],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def boxes_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    where = tmp_path_factory.mktemp("boxes")
    notebook = where / "boxes.ipynb"
    notebook.write_text(json.dumps(BOXES_NOTEBOOK))
    with _voila(notebook, where / "voila.log") as url:
        yield url


def test_a_board_of_boxes_in_chromium_without_the_internet(boxes_url: str) -> None:
    shot = Path(os.environ.get("ITALIA_KIT_BOXES_SCREENSHOT", "/tmp/italia_kit-boxes.png"))
    outside: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 700})
        page.on("request", lambda r: outside.append(r.url) if _outside(r.url) else None)
        try:
            page.goto(boxes_url, timeout=60_000)
            page.wait_for_function(
                "document.querySelectorAll('.leaflet-overlay-pane path').length >= 13",
                timeout=60_000,
            )
            boxes = page.locator(".leaflet-overlay-pane path:not([fill='none'])")
            assert boxes.count() == 6, "one rectangle per box"
            lines = page.locator(".leaflet-overlay-pane path[fill='none']")
            assert lines.count() == 3 + 2 * 2, "three single lines and two double ones"
            assert page.locator(".leaflet-tile").count() == 0, "no map tiles"
            page.wait_for_selector(".ik-stack", timeout=20_000)
            stacks = page.inner_text(".leaflet-marker-pane")
            assert "11-20" in stacks and "14" in stacks and "23" in stacks
            box = page.locator(".ik-label", has_text="21-30").bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 30)
            page.wait_for_function(
                "() => document.querySelector('.ik-details').innerText.includes('B has 23')",
                timeout=20_000,
            )
            assert outside == [], "nothing of the map reaches for the internet"
        finally:
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
            browser.close()


def test_the_classroom_app_in_chromium(app_url: str) -> None:
    shot = Path(os.environ.get("ITALIA_KIT_SCREENSHOT", "/tmp/italia_kit-app.png"))
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        outside: list[str] = []
        page.on("request", lambda r: outside.append(r.url) if _outside(r.url) else None)
        try:
            page.goto(app_url, timeout=60_000)
            shapes = page.locator(".leaflet-overlay-pane path.leaflet-interactive")
            page.wait_for_function(
                f"document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')"
                f".length >= {ZONES}",
                timeout=60_000,
            )
            assert shapes.count() == ZONES, "one shape per zone"
            page.wait_for_selector(".ik-label", timeout=20_000)
            assert page.locator(".ik-label").count() == ZONES, "every zone is named"
            assert page.locator(".ik-stack").count() > 10, "unit stacks are drawn"
            assert "Mediolanum" in page.inner_text(".leaflet-marker-pane")
            header = page.inner_text(".ik-header")
            assert "Turn 1" in header and "Celts" in header

            log_before = page.inner_text(".ik-log")
            map_before = page.evaluate(MAP_STATE_JS)
            start = time.perf_counter()
            page.get_by_role("button", name="next phase").click()
            page.wait_for_function(f"() => ({MAP_STATE_JS})() !== {map_before!r}", timeout=20_000)
            elapsed = time.perf_counter() - start
            page.wait_for_function(
                f"() => document.querySelector('.ik-log').innerText !== {log_before!r}",
                timeout=20_000,
            )
            assert page.inner_text(".ik-log") != log_before
            print(f"\nclick to updated map: {elapsed * 1000:.0f} ms")

            # two more phases: units move, so zone colours change as well as the markers
            fills_before = page.evaluate(
                "() => [...document.querySelectorAll('.leaflet-overlay-pane path')]"
                ".map(p => p.getAttribute('fill')).join('|')"
            )
            for _ in range(2):
                header = page.inner_text(".ik-header")
                page.get_by_role("button", name="next phase").click()
                page.wait_for_function(
                    f"() => document.querySelector('.ik-header').innerText !== {header!r}",
                    timeout=20_000,
                )
            page.wait_for_timeout(300)
            fills_after = page.evaluate(
                "() => [...document.querySelectorAll('.leaflet-overlay-pane path')]"
                ".map(p => p.getAttribute('fill')).join('|')"
            )
            assert fills_after != fills_before, "moving units changed the zones' colours"

            # a click on a zone shows its details (names let the click through to the zone)
            box = page.locator(".ik-label", has_text="Etruria").bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(
                "() => document.querySelector('.ik-details').innerText.includes('neighbours')",
                timeout=20_000,
            )

            # the game picker: Italia II starts a new game; map and stepper are built again
            map_italia1 = page.evaluate(MAP_STATE_JS)
            page.locator(".widget-dropdown select").select_option(label=ITALIA2)
            page.wait_for_function(
                "() => document.querySelector('.ik-header').innerText.includes('Visigoths')",
                timeout=60_000,
            )
            page.wait_for_function(
                f"document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')"
                f".length === {ZONES} && document.querySelectorAll('.ik-label').length === {ZONES}",
                timeout=60_000,
            )
            assert page.locator(".leaflet-container").count() == 1, "the old map is gone"
            assert "Turn 1" in page.inner_text(".ik-header")
            assert "Visigoths" in page.inner_text(".ik-legend")
            assert page.evaluate(MAP_STATE_JS) != map_italia1, "Italia II's own map"
            header = page.inner_text(".ik-header")
            page.get_by_role("button", name="next phase").click()  # the new stepper plays
            page.wait_for_function(
                f"() => document.querySelector('.ik-header').innerText !== {header!r}",
                timeout=20_000,
            )
            assert outside == [], "no tiles, no CDN: the app works offline"
        finally:
            # also on failure: the picture says what went wrong
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
            browser.close()
