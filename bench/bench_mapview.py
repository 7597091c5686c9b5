"""How long the map takes to follow one step, and how much it sends to the browser.

``MapView.refresh`` compares what each zone shows with what it showed and re-sends only the
polygons and markers that changed; ``MapView.redraw`` throws all layers away and sends the
whole map again. Both are timed after the same steps of a seeded game; the bytes are what
the widgets would send over the kernel's comm channel (counted with a stand-in comm).

    .venv/bin/python bench/bench_mapview.py
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

import comm
from comm.base_comm import BaseComm

SENT = {"bytes": 0, "messages": 0}


class CountingComm(BaseComm):
    """A comm that sends nothing but counts what it would send."""

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        SENT["messages"] += 1
        SENT["bytes"] += len(json.dumps(data, default=str)) + sum(len(b) for b in buffers or [])


comm.create_comm = CountingComm  # before any widget exists

from italia_kit.core import RandomPlayer  # noqa: E402
from italia_kit.games.italia import new_game  # noqa: E402
from italia_kit.widgets import MapView  # noqa: E402

STEPS = 40


def measure(full: bool) -> tuple[float, float]:
    """Median seconds and mean bytes per map update over STEPS actions of a seeded game."""
    game = new_game("italia1", seed=0)
    player = RandomPlayer(seed=0)
    view = MapView(game)
    times: list[float] = []
    sent: list[int] = []
    for _ in range(STEPS):
        game.apply(player.choose(game))
        before = SENT["bytes"]
        start = time.perf_counter()
        if full:
            view.redraw()
        else:
            view.refresh()
        times.append(time.perf_counter() - start)
        sent.append(SENT["bytes"] - before)
    return statistics.median(times), statistics.fmean(sent)


def main() -> None:
    refresh_s, refresh_b = measure(full=False)
    full_s, full_b = measure(full=True)
    print(
        f"mapview_refresh: {refresh_s * 1000:.2f} ms "
        f"(ratio {refresh_s / full_s:.3f} vs full_redraw {full_s * 1000:.1f} ms); "
        f"sends {refresh_b / 1024:.1f} KB per step (ratio {refresh_b / full_b:.4f} vs "
        f"full_redraw {full_b / 1024:.0f} KB), median over {STEPS} actions"
    )


if __name__ == "__main__":
    main()
