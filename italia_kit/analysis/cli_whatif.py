"""``italia-kit whatif``: a what-if batch of whole games of any registered game.

``italia-kit whatif --game italia1 --games 200 --seed 1 --variant FILE ... --out CSV``
plays the base game and every variant (a file, or the name of one the game ships), with a
progress bar on stderr, prints the summary per variant and seat, and writes the tidy frame
to CSV. ``--players`` is one kind for every seat or one kind per seat, as ``play`` takes it
(``--players Milan=briber,Venice=greedy``: the seats left out play random);
``--option KEY=VALUE`` sets an option of the game's spec for every game of the run (the
value read as JSON, else as text: ``--option years=2 --option 'powers=["Milan","Venice"]'``).
A refused input (a missing or malformed variant file, a variant the game refuses, such as
one naming an unknown zone or nation of Italia, an unknown game, option, seat or kind of
player) is one line on stderr and exit code 2.

>>> from italia_kit.cli import main
>>> main(["whatif", "--games", "1", "--workers", "1", "--no-progress", "--skip-failed"])
... # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
italia1: 1 game a variant, 1 variant, seed 0, random players
variant colour games mean std q05 q50 q95 win rate (95% CI)
...
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from italia_kit.analysis.result import WhatIfResult
from italia_kit.analysis.runner import GameFailed, PlayerFactory, default_workers
from italia_kit.analysis.whatif import Variant, as_variant, run_whatif
from italia_kit.cli import Command, CommandError, one_line
from italia_kit.cli_play import game_argument, load_spec
from italia_kit.games import GameSpec
from italia_kit.players import SeatKinds, player_kinds, seat_kinds

if TYPE_CHECKING:
    from italia_kit.figure import KitFigure


def _arguments(parser: argparse.ArgumentParser) -> None:
    game_argument(parser)
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games a variant")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (0)")
    parser.add_argument(
        "--variant",
        action="extend",
        nargs="+",
        default=[],
        metavar="FILE|NAME",
        help="variant files (YAML, docs/scenario-format.md) or names of the game's shipped "
        "variants; the base always runs too",
    )
    parser.add_argument("--out", type=Path, metavar="CSV", help="write the tidy frame here")
    parser.add_argument(
        "--workers", type=int, metavar="N", help="local processes (default: every core)"
    )
    parser.add_argument(
        "--players",
        default="random",
        metavar="SPEC",
        help="one kind for every seat (random, passive, rollout or one of the game's bots: "
        "Italia's greedy), or one kind per seat: red=greedy,blue=random (seats left out play "
        "random)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the game's spec for every game (VALUE as JSON, else as text), "
        "e.g. --option years=2",
    )
    parser.add_argument(
        "--below", type=float, metavar="SCORE", help="also: how often each seat ends below it"
    )
    parser.add_argument("--plots", type=Path, metavar="DIR", help="save the plots as PNGs here")
    parser.add_argument(
        "--skip-failed",
        action="store_true",
        help="leave out a game the engine fails on (listed on stderr) instead of stopping",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.0%}"


def _num(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.1f}"


def summary_table(result: WhatIfResult, below: float | None = None) -> str:
    """The summary as a text table: one row per variant and seat."""
    table = result.summary(below=below, quantiles=(0.05, 0.5, 0.95))
    header = ["variant", result.seat_label, "games", "mean", "std", "q05", "q50", "q95"]
    header.append("win rate (95% CI)")
    if below is not None:
        unit = f" {result.score_unit}" if result.score_unit else ""
        header.append(f"below {below:g}{unit} (95% CI)")
    rows = []
    for key, r in table.iterrows():
        variant, colour = cast("tuple[str, str]", key)
        row = [str(variant), str(colour), str(int(r["games"]))]
        row += [_num(r[c]) for c in ("mean", "std", "q05", "q50", "q95")]
        row.append(f"{_pct(r['win_rate'])} [{_pct(r['win_lo'])}, {_pct(r['win_hi'])}]")
        if below is not None:
            row.append(f"{_pct(r['below'])} [{_pct(r['below_lo'])}, {_pct(r['below_hi'])}]")
        rows.append(row)
    widths = [max(len(x[i]) for x in [header, *rows]) for i in range(len(header))]
    right = {2, 3, 4, 5, 6, 7}

    def line(cells: list[str]) -> str:
        out = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def _variants(items: list[str], spec: GameSpec) -> list[Variant]:
    """The ``--variant`` arguments, each checked by the game (a refusal: one line)."""
    try:
        variants = [as_variant(item, spec) for item in items]
        for variant in variants:
            variant.spec(spec.id, **spec.options)
    except ValueError as err:  # VariantError, or the game's own (Italia's ScenarioError)
        raise CommandError(one_line(err)) from None
    return variants


def spec_options(items: list[str]) -> dict[str, Any]:
    """The ``--option KEY=VALUE`` arguments as spec options (VALUE read as JSON, else kept
    as text); an item without ``=`` or a key given twice is refused.

    >>> spec_options(["years=2", 'powers=["Milan", "Venice"]', "severity=njudge_code"])
    {'years': 2, 'powers': ['Milan', 'Venice'], 'severity': 'njudge_code'}
    """
    options: dict[str, Any] = {}
    for item in items:
        key, sep, text = (part.strip() for part in item.partition("="))
        if not sep or not key:
            raise CommandError(f"--option {item!r} is not KEY=VALUE (e.g. --option years=2)")
        if key in options:
            raise CommandError(f"--option {key} is given twice")
        try:
            options[key] = json.loads(text)
        except ValueError:
            options[key] = text
    return options


def _players(text: str, spec: GameSpec) -> tuple[str | PlayerFactory, str]:
    """``--players``: a kind of player for every seat, or a :class:`SeatKinds` factory for
    ``seat=kind`` pairs; and how the header names them."""
    if "=" not in text:
        if text not in player_kinds(spec):
            known = ", ".join(sorted(player_kinds(spec)))
            raise CommandError(f"unknown player kind {text!r} for {spec.id} (known: {known})")
        return text, f"{text} players"
    try:
        factory = SeatKinds.of(spec, seat_kinds(text, spec))
    except ValueError as err:  # an unknown seat or kind, or an item that is no pair
        raise CommandError(one_line(err)) from None
    return factory, f"players {factory.label}"


def _run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CommandError(f"--games must be at least 1, got {args.games}")
    if args.workers is not None and args.workers < 1:
        raise CommandError(f"--workers must be at least 1, got {args.workers}")
    spec = load_spec(args.game, **spec_options(args.option))
    players, who = _players(args.players, spec)
    variants = _variants(args.variant, spec)
    names = [v.name for v in variants]
    for name in ["base", *names]:
        if [*names, "base"].count(name) > 1:
            raise CommandError(f"two variants are called {name!r}")
    if args.out is not None and not args.out.parent.is_dir():
        raise CommandError(f"{args.out}: no such directory: {args.out.parent}")
    workers = args.workers or default_workers()
    began = time.perf_counter()
    try:
        result = run_whatif(
            spec,
            variants,
            games=args.games,
            seed=args.seed,
            players=players,
            workers=workers,
            progress=not args.no_progress,
            skip_failed=args.skip_failed,
        )
    except GameFailed as err:
        raise CommandError(f"a game failed (--skip-failed leaves it out): {err}", 1) from None
    took = time.perf_counter() - began
    count = len(result.variants)
    games = f"{args.games} game{'s' if args.games != 1 else ''} a variant"
    print(
        f"{result.base}: {games}, {count} variant{'s' if count != 1 else ''}, "
        f"seed {args.seed}, {who}"
    )
    print(summary_table(result, args.below))
    total = args.games * count
    for failure in result.failures.itertuples():
        print(f"left out: {failure.error}", file=sys.stderr)
    print(
        f"{total} games in {took:.1f} s ({total / took:.2f} games/s, {workers} worker"
        f"{'s' if workers != 1 else ''})",
        file=sys.stderr,
    )
    if args.out is not None:
        result.to_csv(args.out)
        print(f"wrote {args.out} ({len(result.frame)} rows)")
    if args.plots is not None:
        _plots(result, args.plots)
    return 0


def _plots(result: WhatIfResult, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    figures: dict[str, KitFigure] = {
        "vp.png": result.plot_vp(),
        "win_rates.png": result.plot_win_rates(),
    }
    if "zones" in result.tables:  # a game whose what-ifs note who held each zone
        for variant in result.variants:
            figures[f"zones_{variant}.png"] = result.plot_zone_control(variant=variant)
    for name, fig in figures.items():
        fig.savefig(folder / name, dpi=120)
    print(f"wrote {len(figures)} plots to {folder}")


COMMAND = Command(
    "whatif",
    "play seeded whole games of a game and its what-if variants; print the summary",
    _arguments,
    _run,
)
