"""Invariants of issue 14's rulings (second part), over seeded random and greedy games of
both scenarios, checked after every action from the state and the events just made.

  * 13.1: on turn 10 of Italia I no unit stands ashore in Rome.
  * 12.3.1: in a campaign move every move, embarkation and landing of the campaigner
    takes its leader along: he moves, or his fleet does; units board his fleet or with
    him; they land with him or where he landed.
  * 12.3.4: a block stops enemy units: the zone blocked holds units of a nation that is
    not the campaigner's ally (12.5.2).
  * 10.0: no battle in a borderland that either side may not enter as a normal zone.
  * 12.3.3: a raid in a campaign is the one announced before the reaction moves.
  * 10.6, 10.7: a city is raided or looted only by an opponent of its holder (another
    player's nation, 3.0); after a retreat into its empty zone (10.5), by an opponent of
    the nation it belonged to.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from italia_kit.core import Event, RandomPlayer
from italia_kit.games.italia import ItaliaGame, new_game, world_of
from italia_kit.games.italia.greedy import GreedyPlayer

RANDOM_SEEDS = range(12)
GREEDY_SEEDS = range(2)


class Checker:
    """Checks one game after every action; counts how often each check ran."""

    def __init__(self, game: ItaliaGame, tally: Counter[str]) -> None:
        self.game = game
        self.world = world_of(game)
        self.tally = tally
        self.battle: tuple[str, str] = ("", "")  # the last battle's attacker and defender
        self.announced: str | None = None
        self.retreat_loot: dict[str, str] = {}  # zone -> whose its city was (10.5)

    def before(self) -> None:
        """Note the raid announced in the campaign under way, if one is, as the action is
        taken (the action may end the turn and start another nation's campaign)."""
        campaign = self.game.state.campaign
        self.announced = str(campaign["raid"]) if campaign is not None else None

    def after(self, where: str, events: Sequence[Event]) -> None:
        self.rome(where)
        for e in events:
            if e.kind == "battle":
                self.battle = (str(e.data["attacker"]), str(e.data["defender"]))
                zone = str(e.data["zone"])
                if zone in self.world.borderland_zones:
                    assert all(
                        zone in self.world.nation(n).may_stay_in_borderlands for n in self.battle
                    ), (where, "10.0: a battle in a borderland one side may not enter", e.text)
                    self.tally["10.0 borderland battles"] += 1
                if e.data.get("raid") and self.announced is not None:
                    assert self.announced == e.data["zone"], (where, "12.3.3: unannounced")
                    self.tally["12.3.3 announced raids"] += 1
            elif e.kind == "block":
                state, mover = self.game.state, self.game.state.active
                enemies = {
                    u.nation
                    for u in state.where.get(str(e.data["zone"]), ())
                    if u.nation != mover and not self.world.allied(state, mover, u.nation)
                }
                assert enemies, (where, "12.3.4: a block of no enemy units", e.text)
                self.tally["12.3.4 blocks"] += 1
            elif e.kind == "loot_possible":
                self.retreat_loot[str(e.data["zone"])] = str(e.data["holder"])
            elif e.kind == "no_loot":
                self.retreat_loot.clear()  # spared: the next ruin there is another's
            elif e.kind == "ruined" and str(e.data["zone"]) in self.retreat_loot:
                holder = self.retreat_loot.pop(str(e.data["zone"]))
                w = self.world
                assert w.nation(e.actor).colour != w.nation(holder).colour, (
                    where,
                    "10.5, 10.6: a city of one's own colour looted after a retreat",
                    e.text,
                )
                self.tally["10.5 loot after a retreat"] += 1
            elif e.kind == "ruined" and e.rule in ("10.6", "10.7"):
                attacker, defender = self.battle
                w = self.world
                assert w.nation(attacker).colour != w.nation(defender).colour, (
                    where,
                    "10.6, 10.7: a city of one's own colour looted or raided",
                    e.text,
                )
                self.tally["10.6 opponents' cities"] += 1
        campaign = self.game.state.campaign
        if campaign is not None:
            for e in events:
                if e.kind in ("move", "embark", "disembark"):
                    self.with_leader(where, e, int(campaign["leader"]))

    def with_leader(self, where: str, e: Event, leader_id: int) -> None:
        state = self.game.state
        units = [int(i) for i in e.data["units"]]
        leader = state.units.get(leader_id)
        if leader_id in units or leader is None:
            ok = True
        elif e.kind == "move":
            ok = leader.carrier in units  # his fleet sails
        elif e.kind == "embark":
            ok = leader.carrier == int(e.data["fleet"])
        else:
            ok = leader.carrier is None and leader.zone == e.data["zone"]
        assert ok, (where, "12.3.1: a campaign unit moved without its leader", e.text)
        self.tally["12.3.1 with the leader"] += 1

    def rome(self, where: str) -> None:
        state, w = self.game.state, self.world
        if w.variant != "italia1" or state.turn < w.scenario.last_turn:
            return
        inside = [u.label() for u in state.where.get("Rome", ()) if u.carrier is None]
        assert not inside, (where, "13.1: units in Rome on turn 10", inside)
        self.tally["13.1 Rome on turn 10"] += 1


def play(scenario: str, seed: int, player: object, tally: Counter[str]) -> None:
    game = new_game(scenario, seed=seed)
    checker = Checker(game, tally)
    while not game.is_over:
        action = player.choose(game)  # type: ignore[attr-defined]
        n = len(game.log)
        checker.before()
        game.apply(action)
        who = type(player).__name__
        where = f"{scenario}/{seed}/{who}, action {len(game.actions)} ({action})"
        checker.after(where, list(game.log)[n:])


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_random_games_keep_the_rulings(scenario: str) -> None:
    tally: Counter[str] = Counter()
    for seed in RANDOM_SEEDS:
        play(scenario, seed, RandomPlayer(seed), tally)
    if scenario == "italia1":
        assert tally["13.1 Rome on turn 10"]
    assert tally["12.3.1 with the leader"] and tally["10.6 opponents' cities"]


@pytest.mark.parametrize("scenario", ["italia1", "italia2"])
def test_greedy_games_keep_the_rulings(scenario: str) -> None:
    tally: Counter[str] = Counter()
    for seed in GREEDY_SEEDS:
        play(scenario, seed, GreedyPlayer(seed), tally)
    if scenario == "italia1":
        assert tally["13.1 Rome on turn 10"]
    assert tally["12.3.1 with the leader"] and tally["10.6 opponents' cities"]
