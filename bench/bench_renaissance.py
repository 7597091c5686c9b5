"""Seasons a second of the Renaissance-Italy game with random orders (issue 16).

Prints ``seasons_renaissance_random: RATE seasons/s (ratio R vs diplomacy)``. The
Renaissance rate is the Phase C of seasons of the eight powers of 1454 played by the
game's random player through the kit's runner: a random legal order for every unit, the
eight sealed submissions with their checks, the expenditure, movement, retreats, sieges,
disasters and the Campaign Report's events. Spring's Phase A (builds and maintenance)
runs untimed, as the baseline's adjustments do. The baseline is the ``diplomacy`` package
(PyPI) processing movement phases of random orders in the same run: every power gives
every orderable unit a random order from ``get_all_possible_orders``; only the movement
phases are timed (retreats and adjustments are processed untimed). Times are CPU seconds
(``time.process_time``). Target (issue 16): R at least 10.

    .venv/bin/python bench/bench_renaissance.py [--quick]
"""

from __future__ import annotations

import random
import sys
import time

from italia_kit import games
from italia_kit.core import fewer_collections
from italia_kit.games.renaissance.players import RandomOrdersPlayer


def renaissance_rate(years: int, games_played: int) -> float:
    spec = games.load("renaissance", years=years)
    seasons, spent = 0, 0.0
    for seed in range(games_played):
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        with fewer_collections():  # as italia_kit.core.play runs games
            while not game.is_over:
                timed = game.state.step == "orders"
                start = time.process_time()
                for seat in spec.seats:
                    game.submit(seat, players[seat].choose(game, seat))
                if timed:
                    spent += time.process_time() - start
                    seasons += 1
    return seasons / spent


def diplomacy_rate(phases: int) -> float | None:
    try:
        from diplomacy import Game
    except ImportError:
        return None
    rng = random.Random(0)
    done, spent = 0, 0.0
    game = Game()
    while done < phases:
        if game.is_game_done:
            game = Game()
        movement = game.get_current_phase().endswith("M")
        start = time.process_time()
        possible = game.get_all_possible_orders()
        for power in game.powers.values():
            orders = [
                rng.choice(possible[loc])
                for loc in game.get_orderable_locations(power.name)
                if possible[loc]
            ]
            game.set_orders(power.name, orders)
        game.process()
        if movement:
            spent += time.process_time() - start
            done += 1
    return done / spent


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    ours = renaissance_rate(years=3, games_played=2 if quick else 10)
    theirs = diplomacy_rate(10 if quick else 60)
    if theirs is None:
        print(f"seasons_renaissance_random: {ours:.1f} seasons/s (diplomacy not installed)")
    else:
        ratio = ours / theirs
        print(f"seasons_renaissance_random: {ours:.1f} seasons/s (ratio {ratio:.1f} vs diplomacy)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
