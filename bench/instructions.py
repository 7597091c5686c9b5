"""Machine instructions per unit of work, counted by valgrind's callgrind: the cost the
clock measures (C-level work included: dicts, tuples, strings, allocation), but one that
machine load does not move.

Python opcodes (``opcode_counts.py``) leave out the work done inside C, which is most of
the time of a Renaissance season; instructions do not. Each workload runs twice under
callgrind, with ``n`` and ``2n`` units of work after the same warm-up, and the difference
is divided by ``n``: start-up, imports and warm-up cancel out.

    .venv/bin/python bench/instructions.py medieval [N]      # a random game
    .venv/bin/python bench/instructions.py italia1 [N]       # a random Italia I game
    .venv/bin/python bench/instructions.py renaissance [N]   # a random 3-year game

``medieval`` also prints the ratio of Italia I's instructions a game to Medieval Italia's
(the instruction count's reading of ``bench_medieval.py``'s ratio, target 0.5). A
Renaissance unit is a whole 3-year game (Spring's untimed Phase A included, about a fifth
of it), printed per Phase C season too. Needs ``valgrind``: a Renaissance run takes about a
minute, a Medieval one (four games under callgrind, N=1) about four. One game's cost varies
with its seed, so compare code before and after with the same N, not with the clock's ratio.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent

#: Python run under callgrind: warm up with seed 1000, then play seeds 0..N-1.
WORKLOADS = {
    "medieval": (
        "from bench_medieval import medieval_game as run\n"
        "run(1000)\n"
        "for seed in range(N): run(seed)\n"
    ),
    "italia1": (
        "from bench_medieval import italia1_game as run\n"
        "run(1000)\n"
        "for seed in range(N): run(seed)\n"
    ),
    "renaissance": (
        "from bench_renaissance import renaissance_rate\n"
        "renaissance_rate(years=3, games_played=1, first_seed=1000)\n"
        "print('seasons', renaissance_rate(years=3, games_played=N, first_seed=0)[0])\n"
    ),
}


def under_callgrind(code: str, out: Path) -> str:
    """Run the Python ``code`` under callgrind (the kit and ``bench/`` importable,
    ``PYTHONHASHSEED=0``), its profile written to ``out``; its stdout."""
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(BENCH.parent), str(BENCH)]),
        PYTHONHASHSEED="0",  # string hashes move the count by a few percent otherwise
    )
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if run.returncode != 0:
        raise RuntimeError(f"callgrind failed:\n{run.stderr[-2000:]}")
    return run.stdout


def instructions(workload: str, n: int) -> tuple[int, str]:
    """Instructions callgrind counted for the workload with ``N = n``, and its stdout."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        stdout = under_callgrind(f"N = {n}\n" + WORKLOADS[workload], out)
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.M)
        if totals is None:
            raise RuntimeError(f"{workload}: no totals in callgrind's output")
        return int(totals.group(1)), stdout


def per_unit(workload: str, n: int) -> tuple[float, str]:
    """Instructions per unit of work (``2n`` units minus ``n``), and the longer run's stdout."""
    one, _ = instructions(workload, n)
    two, stdout = instructions(workload, 2 * n)
    return (two - one) / n, stdout


def main(argv: list[str]) -> int:
    workload = argv[0] if argv else "medieval"
    n = int(argv[1]) if len(argv) > 1 else 2
    if workload not in WORKLOADS:
        print(f"unknown workload {workload!r}: one of {', '.join(WORKLOADS)}", file=sys.stderr)
        return 2
    cost, stdout = per_unit(workload, n)
    print(f"{workload}_instructions: {cost:.4g} instructions a game")
    if workload == "renaissance":
        seasons = int(stdout.split()[-1]) / (2 * n)  # Phase C seasons a game
        print(f"renaissance_instructions: {cost / seasons:.4g} instructions a season (Phase A too)")
    if workload == "medieval":
        baseline, _ = per_unit("italia1", n)
        print(f"italia1_instructions: {baseline:.4g} instructions a game")
        print(f"medieval_instruction_ratio: {baseline / cost:.3g} (target 0.5)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
