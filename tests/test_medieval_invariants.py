"""The Italia invariants, for Medieval Italia, after every action of 200 seeded random whole
games (13 turns each): a referee (``tests/medieval_referee.py``) reads each game's log as it
is written and keeps its own picture of the board from the events alone. After every action
its picture must be the engine's state (units conserved: every piece that comes, moves,
changes hands or goes is an event naming it), and every event must be possible: moves to
adjacent locations by the power whose nation-turn it is, at sea only with boats, retreats to
empty or own areas, battles between powers that may fight, casualties of the two sides,
stacking checked when a nation-turn ends (the overpopulation step), nobody at sea between
nation-turns, awards only for areas held, VP never falling, submissions only between powers
of different players; each game ends after turn 13 with a score for each faction, the sum of
its powers' VP.
"""

from __future__ import annotations

from collections import Counter

import pytest

from italia_kit.core import Event, Game, RandomPlayer
from italia_kit.games.medieval.rules import MedievalRules, initial_state
from italia_kit.games.medieval.spec import returns
from italia_kit.games.medieval.state import MedievalState, Unit
from italia_kit.games.medieval.world import World
from tests.medieval_referee import Referee

SEEDS = range(200)
#: the games in four parts of 50, which ``pytest -n`` can run side by side (each part uses
#: every part of the rules, checked below)
PARTS = 4


def _play_refereed(world: World, seed: int) -> Referee:
    # spec.new_game's game, on a world made once (the scenario's files read once)
    game = Game(MedievalRules(world), initial_state(world), seed=seed, checkpoint_every=32)
    referee = Referee(game, world, seed)
    player = RandomPlayer(seed)
    while not game.is_over:
        game.apply(player.choose(game))
        referee.follow(game)
    state: MedievalState = game.state
    assert state.turn == world.scenario.last_turn and state.over, seed
    scores = returns(game)
    assert set(scores) == {"One", "Two", "Three", "Four"}, seed
    final = game.log[len(game.log) - 1]
    assert final.kind == "game_end" and final.data["scores"] == scores, seed
    return referee


@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_after_every_action_of_200_seeded_random_whole_games(part: int) -> None:
    kinds: Counter[str] = Counter()
    world = World()
    for seed in SEEDS[part::PARTS]:
        kinds += _play_refereed(world, seed).kinds
    # the games use every part of the rules
    for kind in ("battle", "submission", "withdraw", "retreat", "minima", "population",
                 "replaced", "second_impulse", "raider_withdraws", "truce_ends", "lost_at_sea",
                 "overpopulation", "leader_leaves", "removed", "stay"):  # fmt: skip
        assert kinds[kind] > 0, kind


def test_finding_the_battles_event_keeps_the_battles_its_text_names() -> None:
    """Britannia (public summary): battles. The referee's first finding: the ``battles``
    event's data was the state's own list, which the battle phase empties as it fights, so
    a finished game's log said "The Romans fight 1 battle(s): Novara against the Franks"
    with ``battles: []``."""
    game = Game(MedievalRules(World()), initial_state(World()), seed=0)
    player = RandomPlayer(0)
    while game.state.turn == 1 and game.state.index == 0:  # the Romans' nation-turn
        game.apply(player.choose(game))
    announced = [e for e in game.log if e.kind == "battles"]
    fought = [e for e in game.log if e.kind == "battle"]
    assert fought and len(announced[0].data["battles"]) >= 1
    assert [[e.data["zone"], e.data["defender"]] for e in fought] == [
        b for e in announced for b in e.data["battles"]
    ]
    assert game.state.battles == []  # the state's list is spent, the event's is not


def _papacy_minima_in_rome(occupants: list[str], truce_with: list[str]) -> list[str]:
    """The arrival sentences of the Papacy's city-state minima on turn 3 (rule text: Rome),
    with one army of each of ``occupants`` in Rome, the Papacy having submitted to the
    powers of ``truce_with`` (neither side has scored yet)."""
    world = World()
    state = MedievalState(turn=3, phase_name="next", index=world.order.index("Papacy"))
    for power in occupants:
        state.units[state.next_id] = Unit(state.next_id, power, "army", "Rome")
        state.next_id += 1
    for receiver in truce_with:
        state.submissions.append({"submitter": "Papacy", "receiver": receiver,
                                  "submitter_scored": False, "receiver_scored": False})  # fmt: skip
    game = Game(MedievalRules(world), state, seed=0)
    return [e.text.removeprefix(f"{e.rule}: ") for e in game.log if e.kind == "arrive"]


def test_finding_an_arrival_under_a_truce_is_not_told_it_must_attack() -> None:
    """Rule text: "If a reinforcement appears in an area occupied by the armies of another
    nation, they must be attacked", and submission: "Until both these phases have occurred,
    neither power may attack the other." The referee's second finding: 44 arrivals of 20
    games were told "they must attack" a power they might not attack (no battle followed);
    the truce prevails and the sentence says so."""
    assert _papacy_minima_in_rome(["Beneventans"], []) == [
        "2 armies of the Papacy arrive in Rome, held by the Beneventans: they must attack."
    ]
    assert _papacy_minima_in_rome(["Beneventans"], ["Beneventans"]) == [
        "2 armies of the Papacy arrive in Rome, shared with the Beneventans, whom they may not "
        "attack now."
    ]
    assert _papacy_minima_in_rome(["Beneventans", "Lombards"], ["Beneventans"]) == [
        "2 armies of the Papacy arrive in Rome, held by the Lombards: they must attack; the "
        "Beneventans there they may not attack now."
    ]


def test_the_referee_fails_on_a_silent_change_and_on_an_impossible_move() -> None:
    """The referee is not a formality: a unit moved without an event, and a move event to a
    location that is not adjacent (or over the unit's movement points), are caught."""
    world = World()
    game = Game(MedievalRules(world), initial_state(world), seed=0)
    referee = Referee(game, world, 0)
    player = RandomPlayer(0)
    while game.decision is None or game.decision.kind != "move":
        game.apply(player.choose(game))
        referee.follow(game)
    unit = next(u for u in game.state.units.values() if u.power == game.state.active)
    home = unit.zone
    unit.zone = next(z for z in world.land_order if z != home)  # moved, nothing said
    with pytest.raises(AssertionError, match="the log and the state disagree"):
        referee.compare(game.state)
    unit.zone = home
    far = next(z for z in world.land_order if z != home and z not in world.neighbours(home))
    near = next(z for z in world.neighbours(home) if z in world.land)
    for to, cost, why in ((far, 1, "not adjacent"), (near, 9, "costs")):
        data = {"unit": unit.id, "frm": home, "to": to, "cost": cost}
        forged = Event(len(game.log), game.state.turn, unit.power, "movement", "move", "", "", data)
        with pytest.raises(AssertionError, match=why):
            referee.read(forged)
