"""The ``italia-kit`` command line (also ``python -m italia_kit``).

Each subcommand is a :class:`Command` (name, help, add_arguments, run). ``board`` lives here;
the commands every game has (``play``, ``replay``, ``whatif``) live in the modules of
:data:`COMMAND_MODULES`, each defining ``COMMAND = Command(...)`` (or ``COMMANDS``); a game
adds its own through its spec (:attr:`GameSpec.commands <italia_kit.games.GameSpec>`:
Italia's ``odds``), collected from the game registry. A refused input (unknown option,
unknown zone, unknown game) prints one line on stderr and exits with 2, never a traceback.
``--version`` prints ``italia-kit <version>``; a bare ``italia-kit`` prints the usage, the
commands and the registered games, and exits with 0.

>>> main(["board", "--zone", "rome"])  # doctest: +ELLIPSIS
Rome
  kind:              land
...
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from italia_kit.geo import AttrValue, Board, BoardDataError, Link, Zone, load_board
from italia_kit.geo.errors import UnknownNameError

__all__ = ["COMMAND_MODULES", "Command", "CommandError", "main", "one_line"]

PROG = "italia-kit"

#: Modules of the commands every game has, each defining ``COMMAND: Command`` (or
#: ``COMMANDS``); they follow ``board`` in --help, then the games' own commands.
COMMAND_MODULES: tuple[str, ...] = (
    "italia_kit.cli_play",
    "italia_kit.analysis.cli_whatif",
)


@dataclass(frozen=True)
class Command:
    """One subcommand: ``add_arguments`` fills its parser, ``run`` returns the exit code."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


class CommandError(Exception):
    """A refusal a command reports as one line on stderr, with its exit code (2 = bad input)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def one_line(err: BaseException) -> str:
    """An error as one line: the first of its ``problems`` if it lists some (a game's data
    errors do, Italia's ``ScenarioError``), and how many more; else its first line."""
    problems = getattr(err, "problems", None)
    if isinstance(problems, list) and problems:
        more = len(problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        return str(problems[0]) + tail
    text = str(err)
    return text.splitlines()[0] if text else type(err).__name__


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become CommandError: one line, no usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message, 2)


# -- italia-kit board -------------------------------------------------------------------------


def _board_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--game", metavar="ID", help="the board of a registered game")
    source.add_argument("--board", default="italia", help="a shipped board (default: italia)")
    source.add_argument(
        "--files", nargs=2, metavar=("GEOJSON", "META"), help="another game's board files"
    )
    source.add_argument(
        "--file", metavar="BOARD_YAML", type=Path, help="another game's board file (boxes)"
    )
    parser.add_argument("--zone", metavar="NAME", help="show one location in detail")
    parser.add_argument("--png", metavar="FILE", type=Path, help="draw the board into FILE")


def _value(value: AttrValue) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _neighbour_list(board: Board, zone: Zone) -> str:
    # A link of a border kind needs no comment; a declared one (a strait, a line between
    # boxes) says its kind.
    plain = set(board.vocabulary.borders.values())
    return ", ".join(
        other if link.kind in plain else f"{other} ({link.kind})"
        for link in board.links_of(zone)
        for other in [link.other(zone.name)]
    )


def _link_text(zone: Zone, link: Link) -> str:
    """The far end of a link and those of its attributes that are set: ``Istria
    (controlled_from: Dalmatia)``."""
    set_ = [f"{k}: {_value(v)}" for k, v in link.attributes.items() if v not in (None, False)]
    other = link.other(zone.name)
    return f"{other} ({', '.join(set_)})" if set_ else other


def _columns(board: Board) -> list[tuple[str, Callable[[Zone], str]]]:
    """The table's columns: the fields the board's vocabulary uses, then its attributes."""
    vocab = board.vocabulary
    columns: list[tuple[str, Callable[[Zone], str]]] = [("zone", lambda z: z.name)]
    columns.append(("kind", lambda z: str(z.kind)))
    if board.regions:
        columns.append(("region", lambda z: z.region))
    if vocab.terrains:
        columns.append(("terrain", lambda z: str(z.terrain) or "-"))
    if any(z.parent for z in board):
        columns.append(("in", lambda z: z.parent or "-"))
    for name in vocab.attributes:
        columns.append((name, lambda z, name=name: _value(z.attributes.get(name))))  # type: ignore[misc]
    columns.append(("neighbours", lambda z: _neighbour_list(board, z)))
    return columns


def board_table(board: Board) -> str:
    """The board as a text table: one row per location, in file order, one column per
    field and declared attribute."""
    columns = _columns(board)
    header = tuple(name for name, _ in columns)
    rows = [tuple(cell(z) for _, cell in columns) for z in board]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header) - 1)]

    def line(row: Sequence[str]) -> str:
        return "  ".join([*(c.ljust(w) for c, w in zip(row, widths, strict=False)), row[-1]])

    rule = "  ".join([*("-" * w for w in widths), "-" * len(header[-1])])
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def zone_details(board: Board, zone: Zone) -> str:
    """One location in detail: its words and attributes, its links by kind and by unit
    type, its points and sources."""
    vocab = board.vocabulary
    fields = [("kind", str(zone.kind))]
    fields += [("region", zone.region)] if zone.region else []
    fields += [("terrain", str(zone.terrain) or "-")] if vocab.terrains else []
    fields += [("in", zone.parent)] if zone.parent else []
    below = board.sub_locations(zone)
    fields += [("sub-locations", ", ".join(below))] if below else []
    fields += [(name, _value(zone.attributes.get(name))) for name in vocab.attributes]
    if vocab.water_kinds:
        fields.append(("coastal", _value(board.is_coastal(zone)) if zone.is_land else "-"))
    for kind in vocab.link_kinds:
        links = [link for link in board.links_of(zone) if link.kind == kind]
        if links:
            fields.append((f"{kind} links", ", ".join(_link_text(zone, k) for k in links)))
    for unit in vocab.units:
        if board.admits(zone, unit):
            moves = ", ".join(board.neighbours(zone, unit=unit)) or "-"
            fields.append((f"{unit} moves to", moves))
    if zone.is_box:
        fields.append(("position", "{:g}, {:g}".format(*zone.position)))
    else:
        fields.append(("label point", "{:.4f}, {:.4f}".format(*zone.label_point)))
        fields.append(("anchor point", "{:.4f}, {:.4f}".format(*zone.anchor_point)))
    width = max(18, *(len(k) + 2 for k, _ in fields))
    lines = [zone.name, *(f"  {k + ':':<{width}} {v}" for k, v in fields)]
    if zone.provenance:
        lines.append("  provenance:")
        lines += [f"    {k + ':':<{width - 2}} {v}" for k, v in zone.provenance.items()]
    return "\n".join(lines)


def _game_board(game_id: str) -> Board:
    from italia_kit import games

    try:
        spec = games.load(game_id)
    except (KeyError, ValueError) as err:  # UnknownGameError is both
        raise CommandError(one_line(err)) from None
    if spec.board is None:
        raise CommandError(f"game {spec.id!r} has no board")
    board: Board = spec.board()
    return board


def _run_board(args: argparse.Namespace) -> int:
    if args.game is not None:
        board = _game_board(args.game)
    elif args.files:
        board = Board.from_files(*args.files)
    elif args.file:
        board = Board.from_file(args.file)
    else:
        board = load_board(args.board)
    zone = board.zone(args.zone) if args.zone else None
    if zone is not None:
        print(zone_details(board, zone))
    if args.png is not None:
        from italia_kit.geo.render import render_board

        highlight = [zone.name] if zone is not None else []
        fig = render_board(board, args.png, highlight=highlight, title=board.meta.title)
        width, height = (fig.get_size_inches() * fig.dpi).round().astype(int)
        print(f"wrote {args.png} ({width}x{height} px)")
    elif zone is None:
        print(board_table(board))
    return 0


BOARD = Command(
    "board", "list the locations of a board, show one, or draw it", _board_arguments, _run_board
)


# -- the entry point --------------------------------------------------------------------------


def game_commands() -> list[tuple[str, tuple[str, ...]]]:
    """The command modules of every registered game (``GameSpec.commands``), each once, in
    the order of the games' ids, with the ids of the games naming it. A game whose spec does
    not load adds none: one broken game from another package must not take the command line
    down with it."""
    from italia_kit import games

    found: dict[str, list[str]] = {}
    for game_id in games.available():
        try:
            spec = games.load(game_id)
        except Exception as err:  # any failure of another package's game
            print(f"{PROG}: warning: game {game_id!r} does not load: {err}", file=sys.stderr)
            continue
        for module in spec.commands:
            found.setdefault(module, []).append(game_id)
    return [(module, tuple(ids)) for module, ids in found.items()]


def game_command_modules() -> list[str]:
    """The command modules of every registered game, each once (:func:`game_commands`)."""
    return [module for module, _ in game_commands()]


def _game_in(argv: Sequence[str] | None) -> str | None:
    """The value of ``--game`` in a command line, if it has one."""
    args = list(argv or ())
    for i, arg in enumerate(args):
        if arg == "--game" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--game="):
            return arg.split("=", 1)[1]
    return None


def _with_game(command: Command, game_ids: Sequence[str]) -> Command:
    """A command several games define under one name, as the one of the game ``--game``
    names: the option is added (its choices the games defining the command, by default the
    first) unless the command takes ``--game`` itself."""

    def add_arguments(parser: argparse.ArgumentParser) -> None:
        command.add_arguments(parser)
        if "--game" not in parser._option_string_actions:
            parser.add_argument(
                "--game",
                choices=list(game_ids),
                default=game_ids[0],
                help=f"whose {command.name} (default: {game_ids[0]})",
            )

    return Command(command.name, command.help, add_arguments, command.run)


def commands(argv: Sequence[str] | None = None) -> list[Command]:
    """Every subcommand: ``board``, those of :data:`COMMAND_MODULES`, and the games' own. A
    name that several games define (Italia's and Roma's ``odds``) is the command of the game
    ``--game`` names in ``argv``, by default the first game's."""
    found = [BOARD]
    for module in COMMAND_MODULES:
        loaded = importlib.import_module(module)
        for command in getattr(loaded, "COMMANDS", (loaded.COMMAND,)):  # COMMANDS: several
            if all(c.name != command.name for c in found):  # the first of a name wins
                found.append(command)
    by_name: dict[str, list[tuple[Command, tuple[str, ...]]]] = {}
    for module, ids in game_commands():
        loaded = importlib.import_module(module)
        for command in getattr(loaded, "COMMANDS", (loaded.COMMAND,)):
            by_name.setdefault(command.name, []).append((command, ids))
    wanted = _game_in(argv)
    for name, entries in by_name.items():
        if any(c.name == name for c in found):
            continue
        if len(entries) == 1:
            found.append(entries[0][0])
            continue
        chosen = next((c for c, ids in entries if wanted in ids), entries[0][0])
        found.append(_with_game(chosen, [g for _, ids in entries for g in ids]))
    return found


def games_epilog() -> str:
    """The registered games as the help lists them, one a line: ``id  title``. A game
    whose spec does not load is listed by its id alone."""
    from italia_kit import games

    lines = ["games (the --game of play, replay, whatif, board):"]
    ids = games.available()
    width = max((len(i) for i in ids), default=0)
    for game_id in ids:
        try:
            title = games.load(game_id).title
        except Exception:  # another package's broken game: game_command_modules warns
            title = "(does not load)"
        lines.append(f"  {game_id:<{width}}  {title}")
    return "\n".join(lines)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with one subparser per command, ``--version``, and the
    registered games after the commands in ``--help`` (``argv``: the command line it will
    parse, whose ``--game`` picks among the commands several games define)."""
    from italia_kit import __version__

    parser = _Parser(
        prog=PROG,
        description="Board games as maps and rules engines: Italia I and II and more.",
        epilog=games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in commands(argv):
        child = sub.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(child)
        child.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 fine, 1 failed, 2 refused input)."""
    try:
        parser = build_parser(sys.argv[1:] if argv is None else argv)
        args = parser.parse_args(argv)
        if args.command is None:  # a bare `italia-kit`: what it can do
            parser.print_help()
            return 0
        code: int = args.run(args)
        return code
    except SystemExit as done:  # --help and --version end here
        return done.code if isinstance(done.code, int) else 0
    except (CommandError, UnknownNameError) as err:
        return _fail(str(err), getattr(err, "code", 2))
    except BoardDataError as err:
        return _fail(str(err), 1)
    except BrokenPipeError:
        # `italia-kit board | head`: the reader left, which is no error. Point stdout at
        # devnull so that the interpreter's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        return _fail(f"{err.filename or ''}: {err.strerror or err}".lstrip(": "), 1)


def _fail(message: str, code: int) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
