"""Win rates by colour of seeded Italia games (issue 14): the numbers of docs/balance.md.

Two steps, so that a long batch can run in the background, be stopped and resumed, and
its tables be read at any point:

```
python bench/balance.py run italia1 --games 1000 --seed 1 --players greedy \
    [--variant FILE] --out runs/italia1_greedy.jsonl     # one JSON line per game
python bench/balance.py table runs/italia1_greedy.jsonl [more.jsonl ...]
python bench/balance.py fill docs/balance.md after-italia1=runs/italia1_greedy.jsonl
```

``run`` plays games ``--start`` .. ``--games - 1`` of a run seeded ``--seed`` exactly as
``italia-kit whatif`` does (``italia_kit.analysis.game_seeds``: game ``i`` has the same
dice and players' seeds in every variant and every run), one process, appending a line per
finished game (games already in the file are skipped: a stopped run resumes). ``table``
prints, per file, the markdown table of docs/balance.md: games, win share per colour
(1 for the most victory points, ``1/k`` each in a ``k``-way tie, as in
``WhatIfResult.wins``), its 95% Wilson interval, and the mean final VP; ``fill`` writes
those tables into the sections of a doc marked ``<!-- NAME -->`` ... ``<!-- /NAME -->``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from italia_kit import games
from italia_kit.analysis import game_seeds, wilson_interval
from italia_kit.analysis.runner import GameTask, options_json, play_task
from italia_kit.analysis.whatif import Variant


def _done(out: Path) -> set[int]:
    if not out.exists():
        return set()
    return {json.loads(line)["game"] for line in out.read_text().splitlines() if line.strip()}


def _nation_totals(columns: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> dict[str, float]:
    """Each nation's victory points at the end, from the game's metric rows."""
    nation, turn, total = (columns.index(c) for c in ("nation", "turn", "vp_total"))
    last: dict[str, tuple[int, float]] = {}
    for row in rows:
        if row[nation] not in last or row[turn] >= last[row[nation]][0]:
            last[row[nation]] = (row[turn], row[total])
    return {name: float(vp) for name, (_, vp) in last.items()}


def run(
    game_id: str,
    *,
    games_count: int,
    seed: int,
    players: str,
    out: Path,
    variant: Path | None = None,
    start: int = 0,
) -> None:
    """Play the run's missing games in this process, one JSON line per game in ``out``."""
    if variant is None:
        name, options = "base", ""
    else:
        chosen = Variant.load(variant)
        name, options = chosen.name, options_json(chosen.spec(game_id).options)
    columns = games.load(game_id).metric_columns  # an unknown game fails here, at once
    done = _done(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a") as sink:
        for i in range(start, games_count):
            if i in done:
                continue
            dice, player_seed = game_seeds(seed, i)
            task = GameTask(0, name, game_id, options, i, dice, player_seed, players, True)
            began = time.perf_counter()
            record = play_task(task)
            line = {
                "game_id": game_id,
                "variant": name,
                "players": players,
                "run_seed": seed,
                "game": i,
                "seed": dice,
                "scores": dict(record.returns),
                "nations": _nation_totals(columns, record.rows),
                "actions": record.actions,
                "seconds": round(time.perf_counter() - began, 3),
                "error": record.error,
            }
            sink.write(json.dumps(line) + "\n")
            sink.flush()


def records(path: Path) -> Iterator[dict[str, Any]]:
    """The games of a run file, each once (the last line wins), in game order."""
    by_game: dict[int, dict[str, Any]] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            item = json.loads(line)
            by_game[item["game"]] = item
    for game in sorted(by_game):
        yield by_game[game]


def win_table(items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per colour: games, win share, its 95% Wilson interval and the mean final VP.

    >>> rows = win_table([{"scores": {"red": 3, "blue": 1}, "error": ""},
    ...                   {"scores": {"red": 2, "blue": 2}, "error": ""}])
    >>> [(r["colour"], r["wins"], round(r["mean_vp"], 1)) for r in rows]
    [('red', 1.5, 2.5), ('blue', 0.5, 1.5)]
    """
    played = [item for item in items if not item["error"]]
    colours = list(played[0]["scores"]) if played else []
    wins = dict.fromkeys(colours, 0.0)
    totals = dict.fromkeys(colours, 0.0)
    for item in played:
        scores = item["scores"]
        best = max(scores.values())
        top = [c for c in colours if scores[c] == best]
        for c in colours:
            totals[c] += scores[c]
            if c in top:
                wins[c] += 1 / len(top)
    n = len(played)
    rows = []
    for c in colours:
        lo, hi = wilson_interval(wins[c], n)
        rows.append(
            {
                "colour": c,
                "games": n,
                "wins": wins[c],
                "rate": wins[c] / n,
                "lo": lo,
                "hi": hi,
                "mean_vp": totals[c] / n,
            }
        )
    return rows


def markdown(path: Path) -> str:
    """The table of one run file, with a line saying what was played."""
    items = list(records(path))
    failed = sum(1 for item in items if item["error"])
    head = items[0] if items else {}
    rows = win_table(items)
    seconds = sum(item["seconds"] for item in items)
    first, last = (items[0]["game"], items[-1]["game"]) if items else (0, -1)
    lines = [
        f"`{path.name}`: {head.get('game_id')}, variant `{head.get('variant')}`, "
        f"{head.get('players')} players, run seed {head.get('run_seed')}, games {first}-{last} "
        f"({len(items)} played, {failed} failed; {seconds / max(len(items), 1):.2f} s a game)",
        "",
        "| colour | wins | win rate | 95% Wilson interval | mean VP |",
        "|---|---:|---:|---|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['colour']} | {r['wins']:g} / {r['games']} | {r['rate']:.1%} | "
            f"{r['lo']:.1%} - {r['hi']:.1%} | {r['mean_vp']:.1f} |"
        )
    by_nation = nation_means(items)
    if by_nation:
        counted = sum(1 for item in items if not item["error"] and item.get("nations"))
        means = ", ".join(f"{name} {vp:.1f}" for name, vp in by_nation.items())
        lines += ["", f"Mean VP by nation ({counted} games): {means}."]
    return "\n".join(lines)


def nation_means(items: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Each nation's mean final VP over the games that recorded them, highest first."""
    played = [item for item in items if not item["error"] and item.get("nations")]
    totals: dict[str, float] = {}
    for item in played:
        for name, vp in item["nations"].items():
            totals[name] = totals.get(name, 0.0) + vp
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])
    return {name: total / len(played) for name, total in ranked}


def fill(doc: Path, sections: Sequence[str]) -> None:
    """Replace the text between ``<!-- NAME -->`` and ``<!-- /NAME -->`` in ``doc`` with
    the tables of run files, for each ``NAME=FILE[,FILE...]`` of ``sections``."""
    text = doc.read_text()
    for item in sections:
        name, _, files = item.partition("=")
        begin, end = f"<!-- {name} -->", f"<!-- /{name} -->"
        if begin not in text or end not in text:
            raise SystemExit(f"{doc} has no section {begin} ... {end}")
        tables = "\n\n".join(markdown(Path(f)) for f in files.split(","))
        head, rest = text.split(begin, 1)
        text = f"{head}{begin}\n{tables}\n{end}{rest.split(end, 1)[1]}"
    doc.write_text(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("run", help="play seeded games, one JSON line each")
    play.add_argument("game")
    play.add_argument("--games", type=int, default=1000)
    play.add_argument("--start", type=int, default=0)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--players", default="greedy")
    play.add_argument("--variant", type=Path)
    play.add_argument("--out", type=Path, required=True)
    show = sub.add_parser("table", help="win rates by colour of run files")
    show.add_argument("files", nargs="+", type=Path)
    put = sub.add_parser("fill", help="write the tables into a doc's marked sections")
    put.add_argument("doc", type=Path)
    put.add_argument("sections", nargs="+", metavar="NAME=FILE[,FILE...]")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(
            args.game,
            games_count=args.games,
            seed=args.seed,
            players=args.players,
            out=args.out,
            variant=args.variant,
            start=args.start,
        )
    elif args.command == "fill":
        fill(args.doc, args.sections)
    else:
        print("\n\n".join(markdown(path) for path in args.files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
