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

The two are measured in alternating rounds (two Renaissance games, then 12 Diplomacy
movement phases), so that both see the same load of a shared machine, after an untimed
warm-up of each; ten passes of five rounds, each pass on games of its own (the
Renaissance games of seeds 0-99; ten Diplomacy games, the first 60 movement phases of
each), and R is the median of the 50 rounds' ratios; each rate is the whole run's. A
power eliminated (PLAYER ELIMINATION) gives no more orders: a season asks the seats that
owe them. A second line prints the baseline's rate.

    .venv/bin/python bench/bench_renaissance.py [--quick]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from italia_kit import games
from italia_kit.core import fewer_collections
from italia_kit.games.renaissance.players import RandomOrdersPlayer


def renaissance_rate(years: int, games_played: int, first_seed: int = 0) -> tuple[int, float]:
    """Phase C seasons played and the CPU seconds they took."""
    spec = games.load("renaissance", years=years)
    seasons, spent = 0, 0.0
    for seed in range(first_seed, first_seed + games_played):
        game = spec.new_game(seed=seed)
        players = {s: RandomOrdersPlayer(seed * 8 + i) for i, s in enumerate(spec.seats)}
        with fewer_collections():  # as italia_kit.core.play runs games
            while not game.is_over:
                timed = game.state.step == "orders"
                owing = game.pending_seats  # an eliminated power gives no more orders
                start = time.process_time()
                for seat in owing:
                    game.submit(seat, players[seat].choose(game, seat))
                if timed:
                    spent += time.process_time() - start
                    seasons += 1
    return seasons, spent


class DiplomacyRun:
    """Random Diplomacy games, played on across the rounds."""

    def __init__(self, seed: int = 0) -> None:
        from diplomacy import Game  # ImportError: not installed

        self.new_game = Game
        self.game = Game()
        self.rng = random.Random(seed)

    def phases(self, phases: int) -> tuple[int, float]:
        """``phases`` movement phases processed, and the CPU seconds they took."""
        done, spent = 0, 0.0
        while done < phases:
            if self.game.is_game_done:
                self.game = self.new_game()
            movement = self.game.get_current_phase().endswith("M")
            start = time.process_time()
            self.play_phase()
            if movement:
                spent += time.process_time() - start
                done += 1
        return done, spent

    def play_phase(self) -> None:
        """The current phase: a random order for every orderable unit, processed."""
        game = self.game
        possible = game.get_all_possible_orders()
        for power in game.powers.values():
            orders = [
                self.rng.choice(possible[loc])
                for loc in game.get_orderable_locations(power.name)
                if possible[loc]
            ]
            game.set_orders(power.name, orders)
        game.process()


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    # A round is 2 games of 3 years (some 18 Phase C seasons, about 10 ms of CPU) and 12
    # movement phases; a pass is 5 rounds (ten Renaissance games; Diplomacy's first 60
    # movement phases of one game). A round is short, so its ratio moves with the
    # machine's moment (one pass of the same code read medians of 7.5 to 10.2): a run is
    # ten passes, each on games of its own (Renaissance seeds 10p to 10p+9, a Diplomacy
    # game of its own random orders), and R is the median of the 50 rounds' ratios. Not
    # the same games again (the kit's caches would then answer more than in new games),
    # nor more rounds of one Diplomacy game (its later phases, with more units, are
    # slower, which would move the baseline).
    rounds, passes = (2, 1) if quick else (5, 10)
    try:
        DiplomacyRun(seed=1000).phases(2)  # warm-up, untimed, on a game of its own
        baselines: list[DiplomacyRun] | None = [DiplomacyRun(seed=p) for p in range(passes)]
    except ImportError:
        baselines = None
    renaissance_rate(years=1, games_played=1, first_seed=1000)  # warm-up, untimed
    seasons = phases = 0
    ours_spent = theirs_spent = 0.0
    ratios = []
    for p in range(passes):
        for r in range(rounds):
            first_seed = 2 * rounds * p + 2 * r
            n, spent = renaissance_rate(years=3, games_played=2, first_seed=first_seed)
            seasons, ours_spent = seasons + n, ours_spent + spent
            if baselines is not None:
                k, their = baselines[p].phases(12)
                phases, theirs_spent = phases + k, theirs_spent + their
                ratios.append((n / spent) / (k / their))
    ours = seasons / ours_spent
    if baselines is None:
        print(f"seasons_renaissance_random: {ours:.1f} seasons/s (diplomacy not installed)")
        return 0
    ratio = statistics.median(ratios)
    print(f"seasons_renaissance_random: {ours:.1f} seasons/s (ratio {ratio:.1f} vs diplomacy)")
    theirs = phases / theirs_spent
    print(f"phases_diplomacy_random: {theirs:.1f} movement phases/s (ratio 1.0 vs diplomacy)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
