"""``italia-kit orders FILE``: adjudicate one season of the Renaissance-Italy game from an
order file (``orderfile.py``) and print its Campaign Report."""

from __future__ import annotations

import argparse
from pathlib import Path

from italia_kit.cli import Command, CommandError
from italia_kit.games.renaissance.orderfile import OrderFileError, adjudicate_file
from italia_kit.games.renaissance.report import campaign_report

__all__ = ["COMMAND"]


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the order file (see docs/games/renaissance.md)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the season's dice")
    parser.add_argument(
        "--overspend",
        action="store_true",
        help="the text's reading: accept sheets that spend more than the treasury (their last"
        " expenses fail); default: such a sheet is refused",
    )
    parser.add_argument(
        "--play-on",
        action="store_true",
        help="the earlier reading of PLAYER ELIMINATION: a power without a home city keeps"
        " its units; default: njudge's (its units removed, its provinces and cities unowned)",
    )


def _run(args: argparse.Namespace) -> int:
    try:
        text = args.file.read_text(encoding="utf-8")
    except OSError as err:
        raise CommandError(f"cannot read {args.file}: {err.strerror}") from None
    try:
        options: dict[str, object] = {"overspend": True} if args.overspend else {}
        if args.play_on:
            options["elimination"] = "play-on"
        game = adjudicate_file(text, seed=args.seed, options=options)
    except OrderFileError as err:
        raise CommandError(f"{args.file}: {err}") from None
    print(campaign_report(game, game.state.turn - (0 if game.is_over else 1)))
    return 0


COMMAND = Command(
    "orders",
    "adjudicate one season of the Renaissance-Italy game from an order file",
    _arguments,
    _run,
)
