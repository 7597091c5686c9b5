"""Instructions of a Renaissance-Italy Phase C season, split by part (callgrind).

``instructions.py renaissance`` counts a whole game; this splits a Phase C season into
what ``bench_renaissance.py`` times: the eight players' ``choose``, the seven submissions
before the last, and the last submission with the resolution. Callgrind cannot see Python
functions, so each part is called through a C function used for nothing else on that path
(``operator.call``, ``functools.partial``, ``functools.reduce``), whose inclusive count is
the part's. (The players' draws no longer seed a generator a sheet, whose ``random_seed``
this read until session 11: they are their streams' words, ``Stream.words``.)
Two runs, of ``n`` and ``2n`` games of 3 years after a warm-up game, are subtracted, so
start-up and imports cancel out; ``PYTHONHASHSEED=0``. The total of a run moves by a few
per cent between runs of the same code (object addresses); the parts move much less.

With ``--diplomacy`` it counts the baseline too: ``bench_renaissance.py``'s Diplomacy
movement phases (``DiplomacyRun``, the first 60 of a game, ``n`` and ``2n`` games after
a warm-up), each through ``itertools.starmap``, and prints the instruction ratio, the
clock ratio's reading that neither the machine nor its load moves (the clock's ratio
also sees caches and memory, which instructions do not: the two differ by some 10%
between machines).

    .venv/bin/python bench/renaissance_split.py [N] [--diplomacy]   # N games (2 by default)
"""

from __future__ import annotations

import functools
import itertools
import operator
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from instructions import under_callgrind

from italia_kit import games
from italia_kit.core import fewer_collections
from italia_kit.games.renaissance.players import RandomOrdersPlayer

#: part -> the C function it is called through (callgrind_annotate's name for it)
PARTS = {
    "the eight players' choose": "_operator.c:_operator_call",
    "the seven submissions before the last": "_functoolsmodule.c:partial_vectorcall",
    "the last submission and the resolution": "_functoolsmodule.c:functools_reduce",
}


def play(games_played: int, first_seed: int) -> int:
    """Games of 3 years of the random player, each Phase C part through its C function;
    the Phase C seasons played."""
    spec = games.load("renaissance", years=3)
    seats = spec.seats
    seasons = 0
    for seed in range(first_seed, first_seed + games_played):
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(seats)}
        with fewer_collections():
            while not game.is_over:
                owing = game.pending_seats  # an eliminated power gives no more orders
                if game.state.step != "orders":
                    for seat in owing:
                        game.submit(seat, players[seat].choose(game, seat))
                    continue
                for seat in owing[:-1]:
                    action = operator.call(players[seat].choose, game, seat)
                    functools.partial(game.submit, seat)(action)
                last = owing[-1]
                action = operator.call(players[last].choose, game, last)
                functools.reduce(lambda _, a: game.submit(last, a), [action], None)
                seasons += 1
    return seasons


#: bench_renaissance.py's Diplomacy movement phases: a game's first 60 (its five rounds)
DIPLOMACY_PHASES = 60


def diplomacy(games_played: int, first_seed: int) -> int:
    """Diplomacy games' first :data:`DIPLOMACY_PHASES` movement phases, as
    ``bench_renaissance.DiplomacyRun`` plays them, each movement phase through
    ``itertools.starmap``; the movement phases played."""
    from bench_renaissance import DiplomacyRun

    done = 0
    for seed in range(first_seed, first_seed + games_played):
        run, movements = DiplomacyRun(seed=seed), 0
        while movements < DIPLOMACY_PHASES and not run.game.is_game_done:
            if run.game.get_current_phase().endswith("M"):
                list(itertools.starmap(run.play_phase, [()]))
                movements += 1
            else:
                run.play_phase()
        done += movements
    return done


def _annotated(code: str, out: Path) -> tuple[str, str]:
    """``code``'s stdout under callgrind, and callgrind_annotate's inclusive report."""
    stdout = under_callgrind(code, out)
    report = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return stdout, report


def _diplomacy_run(n: int, tmp: Path) -> tuple[int, int]:
    """Movement phases played and their inclusive instructions, for ``n`` games."""
    out = tmp / f"callgrind.diplomacy.{n}"
    code = (
        "from renaissance_split import diplomacy\n"
        "diplomacy(1, 1000)\n"
        f"print('phases', diplomacy({n}, 0))\n"
    )
    stdout, report = _annotated(code, out)
    found = re.search(r"^\s*([\d,]+) .*itertools\w*\.c:starmap_next \[", report, re.M)
    if found is None:
        raise RuntimeError("no starmap_next in callgrind's report")
    return int(stdout.split()[-1]), int(found.group(1).replace(",", ""))


def _run(n: int, tmp: Path) -> tuple[int, dict[str, int]]:
    """Seasons played and each part's inclusive instructions, for ``n`` games."""
    out = tmp / f"callgrind.{n}"
    code = f"from renaissance_split import play\nplay(1, 1000)\nprint('seasons', play({n}, 0))\n"
    stdout, report = _annotated(code, out)
    counts = {}
    for part, function in PARTS.items():
        found = re.search(r"^\s*([\d,]+) .*" + re.escape(function) + r" \[", report, re.M)
        counts[part] = int(found.group(1).replace(",", "")) if found else 0
    return int(stdout.split()[-1]), counts


def main(argv: list[str]) -> int:
    numbers = [a for a in argv if not a.startswith("--")]
    n = int(numbers[0]) if numbers else 2
    with tempfile.TemporaryDirectory() as tmp:
        seasons_one, one = _run(n, Path(tmp))
        seasons_two, two = _run(2 * n, Path(tmp))
        if "--diplomacy" in argv:
            phases_one, cost_one = _diplomacy_run(n, Path(tmp))
            phases_two, cost_two = _diplomacy_run(2 * n, Path(tmp))
    seasons = seasons_two - seasons_one
    phase_c = 0
    for part in PARTS:
        per_season = (two[part] - one[part]) / seasons
        if not part.startswith("("):
            phase_c += round(per_season)
        print(f"{part}: {per_season / 1e6:.3f} M instructions a season")
    print(f"Phase C: {phase_c / 1e6:.3f} M instructions a season")
    if "--diplomacy" in argv:
        phase = (cost_two - cost_one) / (phases_two - phases_one)
        print(f"Diplomacy: {phase / 1e6:.3f} M instructions a movement phase")
        print(f"instruction ratio: {phase / phase_c:.2f} (bench_renaissance.py's R, target 10)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
