"""The classroom app in a real browser: Voila serves notebooks/app.ipynb on 127.0.0.1 (the
kit's page template and culling settings, as ``make app`` does) and a headless Debian
Chromium, driven by Playwright, looks at it at 1600x1200 and at 1366x768.

Checked here (issue 15): no request leaves the machine; the page fits the screen; no name
or stack label overlaps another and each sits inside its zone, measured from the page's own
element boxes and SVG paths; the clicked zone is outlined; the wheel zooms only after a
click into the map and *reset view* returns; back replays the same game, after a jump
backwards too; a colour played by hand chooses its action from the list the map outlines;
the end names the winner; the turn box shows 10 whole; the kernel of a closed page is shut
down; at 1366x768 *whole board* shows every zone with no label overlapping another. One
server for the module; the screenshot goes to ``$ITALIA_KIT_SCREENSHOT`` (default
``/tmp/italia_kit-app.png``), the committed one is ``docs/screenshots/app.png``.
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
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "app.ipynb"
ZONES = 48  # the board's zones: one vector shape each
ITALIA2 = "Italia II (the end of the Western Empire to Charlemagne), 4 players"  # its title
# kernels of closed pages culled after 20 idle seconds (voila.json says 300); not less: a
# kernel building the page has no connection yet, and Voila's execution does not count as
# activity
CULL = ["--MappingKernelManager.cull_idle_timeout=20", "--MappingKernelManager.cull_interval=5"]

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

# every name and stack label's box on the page, the pairs that overlap, and the labels in
# view whose centre is outside their zone's path (paths are drawn in the board's order)
LABELS_JS = """(zones) => {
  const paths = [...document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')];
  const boxes = [];
  for (const el of document.querySelectorAll('.leaflet-marker-pane .ik-label')) {
    const r = el.getBoundingClientRect();
    const zone = zones.find(z => el.textContent.startsWith(z)) || '?';
    boxes.push({what: 'name ' + el.textContent, zone, r});
  }
  for (const el of document.querySelectorAll('.leaflet-marker-pane .ik-stack')) {
    const r = el.getBoundingClientRect();
    boxes.push({what: 'stack ' + el.textContent, zone: el.dataset.loc, r});
  }
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i].r, b = boxes[j].r;
    const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (ox > 0.5 && oy > 0.5) overlaps.push(boxes[i].what + ' / ' + boxes[j].what);
  }
  // Leaflet clips each path to the map's view: a label off the view has no path to test
  const view = document.querySelector('.leaflet-container').getBoundingClientRect();
  const seen = b => {
    const x = (b.r.left + b.r.right) / 2, y = (b.r.top + b.r.bottom) / 2;
    return x > view.left && x < view.right && y > view.top && y < view.bottom;
  };
  const outside = [];
  for (const b of boxes.filter(seen)) {
    const path = paths[zones.indexOf(b.zone)];
    if (!path) { outside.push(b.what + ' (no zone)'); continue; }
    const pt = new DOMPoint((b.r.left + b.r.right) / 2, (b.r.top + b.r.bottom) / 2)
      .matrixTransform(path.getScreenCTM().inverse());
    if (!path.isPointInFill(pt)) outside.push(b.what + ' outside ' + b.zone);
  }
  return {count: boxes.length, overlaps, outside};
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
    """Whether the page asks for ``url`` off this machine (a CDN, map tiles, anything)."""
    return not url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))


def _kernels(voila_pid: int) -> list[int]:
    """The kernels a Voila server runs: its child processes running ipykernel."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == voila_pid and b"ipykernel" in cmdline:
            found.append(int(stat.parent.name))
    return found


class Server:
    def __init__(self, url: str, proc: subprocess.Popen[bytes]) -> None:
        self.url = url
        self.proc = proc


@contextlib.contextmanager
def _voila(notebook: Path, log: Path) -> Iterator[Server]:
    """Voila serving ``notebook`` on a free local port as ``make app`` does (the kit's
    template, voila.json), with kernels of closed pages culled after 20 idle seconds."""
    port = _free_port()
    voila = Path(sys.executable).with_name("voila")
    # the kernel imports this checkout's italia_kit (not another one the venv may point at)
    path = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "share" / "jupyter"), "PYTHONPATH": path}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                str(voila),
                str(notebook),
                "--template=italia-kit",
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                *CULL,
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # the teardown stops the whole group
        )
        try:
            _wait_for_port(port, proc)
            yield Server(f"http://127.0.0.1:{port}/", proc)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with _voila(APP, tmp_path_factory.mktemp("voila") / "voila.log") as server:
        yield server


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
    with _voila(notebook, where / "voila.log") as server:
        yield server.url


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


def _zones() -> list[str]:
    """The board's zones in the order the map draws their paths."""
    from italia_kit.games.italia import new_game
    from italia_kit.games.italia.widgets.presenter import ItaliaPresenter

    return [a.name for a in ItaliaPresenter(new_game("italia1")).board().areas]


@contextlib.contextmanager
def _page(url: str, width: int, height: int) -> Iterator[tuple[Any, list[str]]]:
    """A fresh browser's page on ``url`` at ``width`` x ``height``, with the map drawn; and
    the list of the requests it made off this machine."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        outside: list[str] = []
        page.on("request", lambda r: outside.append(r.url) if _outside(r.url) else None)
        try:
            page.goto(url, timeout=60_000)
            page.wait_for_function(
                "document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')"
                f".length >= {ZONES} && document.querySelectorAll('.ik-label').length >= {ZONES}"
                " && document.querySelectorAll('.ik-stack').length > 10",
                timeout=90_000,
            )
            yield page, outside
        finally:
            browser.close()


def _press(page: Any, name: str, timeout: float = 60_000) -> str:
    """Press a stepper button and wait until the header changes; the new header."""
    header = page.inner_text(".ik-header")
    page.get_by_role("button", name=name).first.click()
    page.wait_for_function(
        f"() => document.querySelector('.ik-header').innerText !== {header!r}", timeout=timeout
    )
    # the buttons are off while the kernel works: on again (jump to turn first), it is done
    page.wait_for_function(
        "() => { const b = [...document.querySelectorAll('button')]"
        ".find(b => b.textContent.includes('jump to turn')); return b && !b.disabled; }",
        timeout=timeout,
    )
    page.wait_for_timeout(150)  # the log and the map follow the header in the same message
    return str(page.inner_text(".ik-header"))


def _jump(page: Any, turn: int) -> str:
    page.locator(".ik-turn input").fill(str(turn))
    return _press(page, "jump to turn", timeout=180_000)


def _labels_readable(page: Any, zones: list[str], when: str) -> int:
    page.wait_for_timeout(300)  # markers moved by the layout arrive after the header
    found = page.evaluate(LABELS_JS, zones)
    assert found["overlaps"] == [], f"{when}: labels overlap: {found['overlaps']}"
    assert found["outside"] == [], f"{when}: labels outside their zone: {found['outside']}"
    return int(found["count"])


def _zone_width(page: Any) -> float:
    return float(
        page.evaluate(
            "() => document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')[2]"
            ".getBoundingClientRect().width"
        )
    )


def test_the_classroom_app_at_1600x1200(app: Server) -> None:
    shot = Path(os.environ.get("ITALIA_KIT_SCREENSHOT", "/tmp/italia_kit-app.png"))
    zones = _zones()
    with _page(app.url, 1600, 1200) as (page, outside):
        try:
            assert page.locator(".ik-label").count() == ZONES, "every zone is named"
            header = page.inner_text(".ik-header")
            assert "Turn 1" in header and "Celts" in header
            assert _labels_readable(page, zones, "at the start") > ZONES + 10

            # next phase three times, back, next phase: the same game (issue 15, 1.)
            logs = []
            for _ in range(3):
                _press(page, "next phase")
                logs.append(page.inner_text(".ik-log"))
            _press(page, "back")
            assert page.inner_text(".ik-log") == logs[1]
            _press(page, "next phase")
            assert page.inner_text(".ik-log") == logs[2], "back and forward: the same game"
            _labels_readable(page, zones, "after three phases")

            # a jump backwards, then back: where the jump started, the same game
            assert "Turn 3" in _jump(page, 3)
            at_turn_3 = (page.inner_text(".ik-header"), page.inner_text(".ik-log"))
            assert "Turn 2" in _jump(page, 2)
            _press(page, "back")
            assert (page.inner_text(".ik-header"), page.inner_text(".ik-log")) == at_turn_3
            _labels_readable(page, zones, "at turn 3")

            # a click on a zone outlines it and shows its details
            box = page.locator(".ik-label", has_text="Etruria").bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(
                "() => document.querySelector('.ik-details').innerText.includes('neighbours')"
                " && document.querySelector('.leaflet-overlay-pane path[stroke=\"#1565c0\"]')",
                timeout=20_000,
            )
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")

            # the wheel zooms only after a click into the map; reset view goes back
            page.mouse.click(1, 1)  # outside the map: the wheel scrolls the page again
            page.wait_for_timeout(1500)
            width = _zone_width(page)
            page.mouse.move(box["x"], box["y"] + 60)
            page.mouse.wheel(0, -600)
            page.wait_for_timeout(800)
            assert abs(_zone_width(page) - width) < 0.5, "no zoom without a click into the map"
            page.mouse.click(box["x"], box["y"] + 60)
            # the kernel turns the wheel zoom on, a round trip that a loaded machine may take
            # its time over: the wheel is turned again until the map has zoomed
            for _ in range(10):
                page.wait_for_timeout(1000)
                page.mouse.wheel(0, -600)
                page.wait_for_timeout(800)
                if abs(_zone_width(page) - width) > 5:
                    break
            assert abs(_zone_width(page) - width) > 5, "the wheel zooms after a click into the map"
            page.get_by_role("button", name="reset view").click()
            page.wait_for_function(
                f"() => Math.abs(document.querySelectorAll('.leaflet-overlay-pane "
                f"path.leaflet-interactive')[2].getBoundingClientRect().width - {width}) < 0.5",
                timeout=20_000,
            )

            # the game picker: Italia II starts a new game; map and stepper are built again
            map_italia1 = page.evaluate(MAP_STATE_JS)
            page.locator(".widget-dropdown select").first.select_option(label=ITALIA2)
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
            assert "Visigoths" in page.inner_text(".ik-legend")
            seats = page.locator(".widget-dropdown label").all_inner_texts()
            assert {"red", "yellow", "green", "blue"} <= set(seats), "Italia II's four colours"
            assert page.evaluate(MAP_STATE_JS) != map_italia1, "Italia II's own map"
            _press(page, "next phase")
            _labels_readable(page, zones, "Italia II")
            assert outside == [], "no tiles, no CDN: nothing leaves the machine"
        finally:
            page.screenshot(path=str(shot.with_name(shot.stem + "-last.png")), full_page=True)


AGRICOLA = "Agricola, Master of Britain (solitaire)"  # its title in the game picker
AGRICOLA_AREAS = 19  # the tribal areas and forts of Britain: one vector shape each

# how the map frames the board: its view, the box of all shapes, every shape and name that
# lies (even partly) outside the view, and the pairs of names and stacks that overlap
FRAME_JS = """() => {
  const view = document.querySelector('.leaflet-container').getBoundingClientRect();
  const paths = [...document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')];
  const labels = [...document.querySelectorAll('.leaflet-marker-pane .ik-label')];
  const stacks = [...document.querySelectorAll('.leaflet-marker-pane .ik-stack')];
  const out = (r) => r.left < view.left - 0.5 || r.right > view.right + 0.5
    || r.top < view.top - 0.5 || r.bottom > view.bottom + 0.5;
  const rects = paths.map(p => p.getBoundingClientRect());
  const board = {top: Math.min(...rects.map(r => r.top)),
                 bottom: Math.max(...rects.map(r => r.bottom))};
  const outside = [...paths.map((p, i) => out(rects[i]) ? 'shape ' + i : null),
                   ...labels.map(l => out(l.getBoundingClientRect()) ? l.textContent : null)]
    .filter(x => x);
  const boxes = [...labels, ...stacks].map(el => ({what: el.textContent,
                                                   r: el.getBoundingClientRect()}));
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i].r, b = boxes[j].r;
    const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (ox > 0.5 && oy > 0.5) overlaps.push(boxes[i].what + ' / ' + boxes[j].what);
  }
  return {paths: paths.length, labels: labels.length, stacks: stacks.length, outside,
          overlaps, share: (board.bottom - board.top) / view.height};
}"""


def test_agricola_opens_on_all_of_britain_at_1600x1200(app: Server) -> None:
    """The first view of Agricola's Britain at 1600x1200 (widgets.framing): all 19 areas
    and their names inside the map's view, the board filling most of the map's height, no
    name or stack over another (stacks too large for a fort hang beside it, at sea)."""
    shot = Path(os.environ.get("ITALIA_KIT_SCREENSHOT", "/tmp/italia_kit-app.png"))
    shot = shot.with_name(shot.stem + "-agricola.png")
    with _page(app.url, 1600, 1200) as (page, outside):
        try:
            page.locator(".widget-dropdown select").first.select_option(label=AGRICOLA)
            page.wait_for_function(
                "() => document.querySelector('.ik-header').innerText.includes('rome')"
                " && document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')"
                f".length === {AGRICOLA_AREAS}",
                timeout=60_000,
            )
            # the kernel frames the board once the browser told the map's size: wait for it
            page.wait_for_function(
                f"() => ({FRAME_JS})().outside.length === 0 && ({FRAME_JS})().share > 0.8",
                timeout=60_000,
            )
            page.wait_for_timeout(500)  # the names and stacks laid out again at that zoom
            found = page.evaluate(FRAME_JS)
            assert found["paths"] == found["labels"] == AGRICOLA_AREAS
            assert found["stacks"] > 5
            assert found["outside"] == [], f"outside the map's view: {found['outside']}"
            assert found["share"] > 0.8, f"Britain fills {found['share']:.0%} of the map's height"
            assert found["overlaps"] == [], f"names and stacks overlap: {found['overlaps']}"
            assert outside == [], "nothing leaves the machine"
        finally:
            page.screenshot(path=str(shot), full_page=True)


def _fits(page: Any, width: int, height: int) -> None:
    """The whole app within the screen, scrolled to the top (Voila's page scrolls inside
    a container of its own, so the app's own box is measured)."""
    size = page.evaluate(
        "() => { for (const el of document.querySelectorAll('*')) el.scrollTop = 0;"
        " const r = document.querySelector('.ik-app').getBoundingClientRect();"
        " return [r.right, r.bottom]; }"
    )
    assert size[0] <= width and size[1] <= height, f"the app ends at {size}: {width}x{height}"


NAMES_JS = "() => document.querySelectorAll('.leaflet-marker-pane .ik-label').length"
# whether every zone's path lies inside the map's box: left, right, top, bottom
BOARD_IN_VIEW_JS = """() => {
  const view = document.querySelector('.leaflet-container').getBoundingClientRect();
  const paths = [...document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')];
  const r = paths.map(p => p.getBoundingClientRect());
  return [Math.min(...r.map(b => b.left)) >= view.left - 1,
          Math.max(...r.map(b => b.right)) <= view.right + 1,
          Math.min(...r.map(b => b.top)) >= view.top - 1,
          Math.max(...r.map(b => b.bottom)) <= view.bottom + 1];
}"""


def _whole_board(page: Any, zones: list[str], shot: Path) -> None:
    """*Whole board* at 1366x768: the first view shows central Italy; the button shows
    every zone inside the map, a few names left out and nothing overlapping (stacks may
    stand beside their zones there: not tested for inside); *reset view* brings every name
    back."""
    assert page.evaluate(BOARD_IN_VIEW_JS) != [True] * 4  # central Italy, not the whole
    page.get_by_role("button", name="whole board").click()
    page.wait_for_function(f"({NAMES_JS})() < {ZONES}", timeout=120_000)
    page.wait_for_timeout(1500)  # the markers the layout moved follow the icons
    assert page.evaluate(BOARD_IN_VIEW_JS) == [True] * 4
    found = page.evaluate(LABELS_JS, zones)
    assert found["overlaps"] == [], f"whole board: labels overlap: {found['overlaps']}"
    assert ZONES * 3 // 4 <= page.evaluate(NAMES_JS) < ZONES  # a few names left out
    _fits(page, 1366, 768)
    page.screenshot(path=str(shot))
    page.get_by_role("button", name="reset view").click()
    page.wait_for_function(f"({NAMES_JS})() === {ZONES}", timeout=60_000)
    page.wait_for_timeout(1500)
    _labels_readable(page, zones, "at 1366x768, back from the whole board")


def test_the_classroom_app_at_1366x768_played_by_hand_to_the_end(app: Server) -> None:
    shot = Path(os.environ.get("ITALIA_KIT_SCREENSHOT", "/tmp/italia_kit-app.png"))
    shot = shot.with_name(shot.stem + "-1366.png")
    zones = _zones()
    with _page(app.url, 1366, 768) as (page, outside):
        try:
            assert _kernels(app.proc.pid), "the page has its kernel"
            _fits(page, 1366, 768)
            _labels_readable(page, zones, "at 1366x768")
            _whole_board(page, zones, shot.with_name(shot.stem + "-whole.png"))

            # red played by hand: the stepper stops at the Greeks' purchase
            page.locator(".widget-dropdown", has_text="red").locator("select").select_option(
                "human"
            )
            for _ in range(12):
                if page.get_by_role("button", name="next phase").first.is_disabled():
                    break  # waiting for red's choice
                _press(page, "next phase")
            page.wait_for_selector(".ik-choose", state="visible", timeout=20_000)
            assert "played by hand" in page.inner_text(".ik-choose")
            assert page.get_by_role("button", name="next phase").first.is_disabled()
            page.wait_for_function(
                "document.querySelectorAll('.ik-actions select option').length > 1"
            )
            options = page.evaluate(
                "() => [...document.querySelectorAll('.ik-actions select option')]"
                ".map(o => o.textContent.replace(/\\u00a0/g, ' '))"  # ipywidgets: nbsp
            )
            index = next(i for i, t in enumerate(options) if " in " in t)  # one with a zone
            page.locator(".ik-actions select").select_option(index=index)
            page.wait_for_selector(
                '.leaflet-overlay-pane path[stroke="#8e24aa"]', timeout=20_000
            )  # the map outlines the action's zone
            _fits(page, 1366, 768)
            header = page.inner_text(".ik-header")
            page.get_by_role("button", name="play this action").click()
            page.wait_for_function(
                f"() => document.querySelector('.ik-header').innerText !== {header!r}",
                timeout=20_000,
            )
            page.screenshot(path=str(shot), full_page=True)

            # red back to the greedy bot; to the last turn and the end: the winner is named
            page.locator(".widget-dropdown", has_text="red").locator("select").select_option(
                "greedy"
            )
            # the kernel takes the seat change before the jump: no seat waits for a hand now
            page.wait_for_function(
                "() => { const b = [...document.querySelectorAll('button')]"
                ".find(b => b.textContent.includes('next phase')); return b && !b.disabled; }",
                timeout=60_000,
            )
            assert "Turn 10" in _jump(page, 10)
            turn_box = page.locator(".ik-turn input")
            assert turn_box.input_value() == "10"
            assert turn_box.evaluate("el => el.scrollWidth <= el.clientWidth"), "10 shows whole"
            for _ in range(80):  # turn 10 is a chain of campaigns (13.4): a mover at a time
                if "wins" in page.inner_text(".ik-header"):
                    break
                _press(page, "next nation", timeout=120_000)
            header = page.inner_text(".ik-header")
            assert "The game is over" in header and " wins with " in header and "VP" in header
            _labels_readable(page, zones, "at the end")
            _fits(page, 1366, 768)
            assert outside == [], "nothing leaves the machine"
        finally:
            page.screenshot(path=str(shot.with_name(shot.stem + "-last.png")), full_page=True)


def test_the_kernels_of_closed_pages_are_shut_down(app: Server) -> None:
    """Run after the pages above closed: Voila's culling (voila.json's settings, here with
    a 20 s timeout) shuts their kernels down; the server keeps running."""
    deadline = time.monotonic() + 90
    while _kernels(app.proc.pid) and time.monotonic() < deadline:
        time.sleep(1)
    assert _kernels(app.proc.pid) == [], "every closed page's kernel is shut down"
    assert app.proc.poll() is None


MEDIEVAL = "Medieval Italia 535-1865 (Bofinger's Britannia-family variant), 4 players"
MEDIEVAL_AREAS = 47  # the land areas, seas and the Alps, and the France and Austria boxes


def test_medieval_italia_on_the_italia_engine_in_the_picker_at_1600x1200(app: Server) -> None:
    """The game id ``medieval`` (the Italia engine under the variant's rulebook) from the
    game picker: every area drawn and named inside the map's view, nothing overlapping; the
    legend gives the factions' VP; next phase steps the game, its log citing the variant's
    and Britannia's rules."""
    shot = Path(os.environ.get("ITALIA_KIT_SCREENSHOT", "/tmp/italia_kit-app.png"))
    shot = shot.with_name(shot.stem + "-medieval.png")
    with _page(app.url, 1600, 1200) as (page, outside):
        try:
            page.locator(".widget-dropdown select").first.select_option(label=MEDIEVAL)
            page.wait_for_function(
                "() => document.querySelector('.ik-header').innerText.includes('Romans')"
                " && document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')"
                f".length === {MEDIEVAL_AREAS}",
                timeout=60_000,
            )
            page.wait_for_function(f"() => ({FRAME_JS})().outside.length === 0", timeout=60_000)
            page.wait_for_timeout(500)  # the names and stacks laid out again at that zoom
            found = page.evaluate(FRAME_JS)
            assert found["paths"] == found["labels"] == MEDIEVAL_AREAS
            assert found["stacks"] > 20
            assert found["outside"] == [], f"outside the map's view: {found['outside']}"
            assert found["overlaps"] == [], f"names and stacks overlap: {found['overlaps']}"
            assert all(f"{f} 0 VP" in page.inner_text(".ik-app") for f in ("One", "Four"))
            logs = []
            for _ in range(4):  # the Romans' phases, then the Byzantines' arrivals
                header = page.inner_text(".ik-header")
                page.get_by_role("button", name="next phase").first.click()
                page.wait_for_function(
                    f"() => document.querySelector('.ik-header').innerText !== {header!r}",
                    timeout=60_000,
                )
                logs.append(page.inner_text(".ik-log"))
            assert "Britannia (public summary)" in logs[0]
            assert "rule text: reinforcements arrive" in logs[-1]
            assert outside == [], "nothing leaves the machine"
        finally:
            page.screenshot(path=str(shot), full_page=True)
