"""``italia-kit orders FILE``, the order file, and the notation read and printed back."""

from __future__ import annotations

from pathlib import Path

import pytest

from italia_kit import cli
from italia_kit.games.renaissance.checks import Board
from italia_kit.games.renaissance.expenses import format_expense, parse_expense
from italia_kit.games.renaissance.mapdata import POWERS, game_map
from italia_kit.games.renaissance.notation import OrderSyntaxError, format_order, parse_line
from italia_kit.games.renaissance.orderfile import OrderFileError, adjudicate_file
from italia_kit.games.renaissance.sheets import unit_options
from italia_kit.games.renaissance.state import RenaissanceState

MAP = game_map()
EXAMPLE = (
    Path(__file__).resolve().parents[1] / "italia_kit/games/renaissance/data/example_orders.txt"
)


def test_orders_prints_the_campaign_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["orders", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Campaign Report, Spring 1454")
    assert "French A Savoy -> Genoa: advanced (Advance (a))." in out
    assert "support broken by A Parma (CONFLICTS (d))" in out
    assert "BRIBES (a)" in out and "Treasuries:" in out


def test_orders_names_the_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("[position]\nFrance: A Savyo\n", encoding="utf-8")
    assert cli.main(["orders", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "did you mean Savoy?" in err


def test_an_order_for_a_unit_not_there_is_refused_naming_the_clause() -> None:
    with pytest.raises(OrderFileError, match="MILITARY ORDERS"):
        adjudicate_file("[position]\nFrance: A Savoy\n[France]\nA Genoa -> Savoy\n")


def test_an_unaffordable_expense_fails_and_the_rest_stands() -> None:
    """With the text's reading (overspend=True) the sheet is accepted and its expense fails
    at resolution ('your last expenditure(s) will fail'); the army still moves."""
    game = adjudicate_file(UNAFFORDABLE, options={"overspend": True})
    assert any("falls short" in e.text for e in game.log)
    assert any(u.province == "Genoa" for u in game.state.units.values())


def test_an_unaffordable_sheet_is_refused_naming_the_clause_and_the_line() -> None:
    """By default (the issue's reading) a sheet spending 6 d of a treasury of 3 is refused,
    naming EXPENDITURE ORDERS and the line; nothing is resolved."""
    with pytest.raises(OrderFileError, match=r"EXPENDITURE ORDERS.*'Disband AG Lucca 6'"):
        adjudicate_file(UNAFFORDABLE)


def test_orders_overspend_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``italia-kit orders FILE`` refuses the overspending sheet (exit 2, the clause on
    stderr); with ``--overspend`` it prints the report with the failed expense."""
    path = tmp_path / "over.txt"
    path.write_text(UNAFFORDABLE, encoding="utf-8")
    assert cli.main(["orders", str(path)]) == 2
    assert "EXPENDITURE ORDERS" in capsys.readouterr().err
    assert cli.main(["orders", str(path), "--overspend"]) == 0
    assert "falls short" in capsys.readouterr().out


UNAFFORDABLE = (
    "[position]\nFrance: A Savoy\nautonomous: G Lucca\n[treasury]\nFrance: 3\n"
    "[France]\nDisband AG Lucca 6\nA Savoy -> Genoa\n"
)


def test_a_malformed_line_names_its_part() -> None:
    with pytest.raises(OrderSyntaxError) as err:
        parse_line("Q Savoy -> Genoa", MAP)
    assert err.value.part == "the unit type"
    with pytest.raises(OrderSyntaxError) as err:
        parse_line("A Savoy -> ", MAP)
    assert err.value.part == "the advance"


def test_every_possible_order_of_1454_prints_and_reads_back() -> None:
    state = RenaissanceState.start(MAP, POWERS, 1)
    board = Board(MAP, state.by_area())
    seen = 0
    for unit in state.units.values():
        for text in unit_options(unit, board):
            order = parse_line(text, MAP)
            assert format_order(order) == text  # type: ignore[arg-type]
            seen += 1
    assert seen > 200


@pytest.mark.parametrize(
    "line",
    [
        "Pay Bank 5",
        "Pay Venice 5",
        "Borrow 10",
        "Borrow 10 2 years",
        "Famine Relief Milan 3",
        "Pacify Milan 12",
        "C-B A Padua 6",
        "Disband AG Lucca 6",
        "Buy AG Lucca 9",
        "Bribe Venice G Padua - AG 9",
        "Disband Venice G Padua 12",
        "Disband Venice A Padua 12",
        "Bribe A Padua 18",
        "Milan Rebel 9",
        "Bodyguard Venice 3",
        "Assassinate Venice 30",
        "Excommunicate Venice",
    ],
)
def test_every_expense_prints_and_reads_back(line: str) -> None:
    assert format_expense(parse_expense(line, MAP)) == line


def test_an_unreadable_expense_names_the_part() -> None:
    with pytest.raises(OrderSyntaxError) as err:
        parse_expense("Bribe Venice G Padova - AG 9", MAP)
    assert err.value.part == "the province"


def test_the_orders_are_opened_for_all_and_the_expenses_stay_secret() -> None:
    """After the season every power reads the others' military orders and notes; a
    bribe stays its payer's secret."""
    from italia_kit.games.renaissance.rules import SeasonOrders

    from .renaissance_season import Season

    s = Season("France: A Savoy; autonomous: G Lucca", treasury={"France": 6})
    game = s.game
    orders = {p: SeasonOrders(p, "Spring 1454", ()) for p in POWERS}
    orders["France"] = SeasonOrders(
        "France", "Spring 1454", ("A Savoy -> Genoa", "Disband AG Lucca 6"), note="Genoa is ours"
    )
    game.submit_all(orders)
    seen = [
        e for e in game.events_for("Venice") if e.kind == "orders_opened" and e.actor == "France"
    ]
    assert seen and "A Savoy -> Genoa" in seen[0].text and "Genoa is ours" in seen[0].text
    assert "Disband AG" not in seen[0].text
    secret = [e for e in game.events_for("Venice") if e.kind == "sheet" and e.actor == "France"]
    assert secret and dict(secret[0].data) == {"redacted": True}


def test_the_alias_table_is_njudge_s() -> None:
    """data/aliases.csv is the alias column of the committed njudge provinces file."""
    import csv

    root = Path(__file__).resolve().parents[1]
    with (root / "geodata/sources/machiavelli_njudge_provinces.csv").open(encoding="utf-8") as f:
        source = {r["abbr"]: r["aliases"] for r in csv.DictReader(f)}
    with (root / "italia_kit/games/renaissance/data/aliases.csv").open(encoding="utf-8") as f:
        shipped = {r["abbr"]: r["aliases"] for r in csv.DictReader(x for x in f if x[0] != "#")}
    assert shipped == source
    assert MAP.resolve("lig") == "Eastern Gulf of Lyons" and MAP.resolve("Piace") == "Piancenza"
