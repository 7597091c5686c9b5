"""The Renaissance greedy player's care for FAMINE and for its home cities (greedy.py):
it relieves or leaves a province in famine, never walks into one, and keeps a home city
that another power could walk into. Positions set up by hand (``renaissance_season``),
then whole seeded games."""

from __future__ import annotations

from typing import Any

from italia_kit import games
from italia_kit.games.renaissance.greedy import GreedyPlayer
from italia_kit.games.renaissance.notation import parse_line
from italia_kit.games.renaissance.orders import Advance

from .renaissance_season import MAP, Season


def sheet(season: Season, seat: str) -> tuple[str, ...]:
    action: Any = GreedyPlayer().choose(season.game, seat)
    return tuple(action.lines)


def test_relieves_the_famine_where_its_units_stand() -> None:
    """Florence's army in Arezzo, in famine in Spring: 6 d spare pays the relief (3 d,
    EXPENDITURE ORDERS 2), and the season resolved, the army is still there."""
    season = Season("Florence: A Arezzo", treasury={"Florence": 9}, famine=["Arezzo"])
    lines = sheet(season, "Florence")
    assert "Famine Relief Arezzo 3" in lines
    season.play(Florence=list(lines))
    assert season.unit("Florence", "A Arezzo") is not None
    assert season.said("Florence relieves the famine in Arezzo")


def test_relief_paid_from_the_upkeep_it_saves_never_from_more() -> None:
    """With 3 d, all of it next Spring's upkeep of the army in famine, the relief is paid
    (the army's loss would free that upkeep); with 2 d it cannot be: the army leaves."""
    season = Season("Florence: A Arezzo", treasury={"Florence": 3}, famine=["Arezzo"])
    assert "Famine Relief Arezzo 3" in sheet(season, "Florence")
    season = Season("Florence: A Arezzo", treasury={"Florence": 2}, famine=["Arezzo"])
    lines = sheet(season, "Florence")
    assert not any(line.startswith("Famine Relief") for line in lines)
    order = parse_line(lines[0], MAP)
    assert isinstance(order, Advance) and MAP.top(order.to) in MAP.army_adj["Arezzo"]


def test_an_army_without_relief_leaves_the_famine_and_lives() -> None:
    """No ducats: Florence's army in Arezzo (famine) and Perugia (famine) advances out,
    not into Perugia, and survives the famine effects at the end of Spring."""
    season = Season("Florence: A Arezzo", famine=["Arezzo", "Perugia"])
    lines = sheet(season, "Florence")
    order = parse_line(lines[0], MAP)
    assert isinstance(order, Advance)
    assert order.to not in ("Perugia", "Arezzo")
    season.play(Florence=list(lines))
    assert not season.said("starves")
    assert any(u.power == "Florence" for u in season.state.units.values())


def test_never_advances_on_a_city_in_famine() -> None:
    """Papal armies in Perugia and Arezzo next to Siena's city: they go for it; with
    Siena in famine, no order names it (the army would starve there)."""
    free = Season("Papacy: A Perugia, A Arezzo")
    assert any("-> Siena" in line for line in sheet(free, "Papacy"))
    famished = Season("Papacy: A Perugia, A Arezzo", famine=["Siena"])
    assert not any("Siena" in line for line in sheet(famished, "Papacy"))


def test_keeps_its_home_city_while_an_enemy_could_walk_in() -> None:
    """Milan's army in Milan, its city ungarrisoned: alone it goes for Trent's city; with
    an Austrian army in Tyrolea (next to Milan) it holds (PLAYER ELIMINATION: a power with
    no home city leaves the game); with a Milanese garrison in the city, or only a
    Venetian fleet in Venice (which cannot reach Milan), it goes again."""
    assert sheet(Season("Milan: A Milan"), "Milan") == ("A Milan -> Trent",)
    assert sheet(Season("Milan: A Milan; Austria: A Tyrolea"), "Milan") == ("A Milan H",)
    guarded = Season("Milan: A Milan, G Milan; Austria: A Tyrolea")
    assert sheet(guarded, "Milan") == ("A Milan -> Trent", "G Milan H")
    far = Season("Milan: A Milan; Venice: F Venice")
    assert sheet(far, "Milan") == ("A Milan -> Trent",)


def test_whole_greedy_games_never_march_into_famine() -> None:
    """Six seeded two-year games of eight greedy powers: every sheet is accepted (a
    refusal would raise), and no Advance of a greedy sheet goes into a province in famine
    that the sheet does not relieve."""
    spec = games.load("renaissance", years=2)
    for seed in range(6):
        game = spec.new_game(seed=seed)
        players = {s: GreedyPlayer(seed) for s in spec.seats}
        while not game.is_over:
            state = game.state
            for seat in game.pending_seats:
                action: Any = players[seat].choose(game, seat)
                if state.step == "orders":
                    relieved = {
                        line.split()[2] for line in action.lines if line.startswith("Famine Relief")
                    }
                    famine = set(state.famine) - relieved
                    for line in action.lines:
                        if "->" in line:
                            order = parse_line(line, MAP)
                            assert isinstance(order, Advance)
                            assert MAP.top(order.to) not in famine, (seed, state.tag, line)
                game.submit(seat, action)
        assert game.is_over


def test_greedy_games_starve_fewer_units() -> None:
    """Over the same six games, the powers' armies, fleets and garrisons that starve: 2
    (before this care, 14 in these games; 164 against 27 over twelve four-year games).
    A few still do: a garrison whose power cannot pay, an army whose way out bounces."""
    spec = games.load("renaissance", years=2)
    starved = 0
    for seed in range(6):
        game = spec.new_game(seed=seed)
        players = {s: GreedyPlayer(seed) for s in spec.seats}
        while not game.is_over:
            for seat in game.pending_seats:
                game.submit(seat, players[seat].choose(game, seat))
        starved += sum(
            e.kind == "eliminated" and e.rule == "FAMINE" and "autonomous" not in e.text
            for e in game.log
        )
    assert starved <= 4
