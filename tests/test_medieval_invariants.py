"""The Italia invariants, for Medieval Italia on the Italia engine
(:class:`~italia_kit.games.medieval.rulebook.MedievalRulebook`), after every action of 200
seeded random whole games (13 turns each): a referee (``tests/medieval_referee.py``) reads
each game's log as it is written and keeps its own picture of the board from the events
alone. After every action its picture must be the engine's state (units conserved: every
piece that comes, moves, changes hands or goes is an event naming it), and every event must
be possible under the variant's rule text: moves within their movement points, at sea only
with boats, out of enemy areas only at 2:1 or with a full stack behind, never by units that
appeared there; arrivals exactly as population, minima and the chart give them; submissions
between the powers of the two lists and different players, with their truces; battles with
one d6 an army and the variant's hit numbers; stacking checked when a nation-turn ends (the
overpopulation step); nobody at sea between nation-turns; awards exactly for the areas held;
VP never falling; each faction's score the sum of its powers' VP.

The deviations another branch is removing (``medieval_referee.PENDING``) are let pass by
name and counted; anything else fails. The 200 games are two modules of 100 (this one and
``test_medieval_invariants_b.py``), each well under the suite's 90 s a module.
"""

from __future__ import annotations

import pytest

from italia_kit.core import Event, RandomPlayer
from italia_kit.games.italia import Position
from italia_kit.games.medieval.italia_cards import italia_scenario, medieval_board
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game
from tests.medieval_referee import Referee, referee_games

#: the first 100 of the 200 seeded games, in two parts of 50 (each part uses every part of
#: the rules); the other 100 are ``test_medieval_invariants_b.py`` (two modules, so that
#: the suite's two workers share them)
SEEDS = range(100)
PARTS = 2


@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_after_every_action_of_200_seeded_random_whole_games(part: int) -> None:
    """Seeds 0-99 of the 200 (``test_medieval_invariants_b.py``: 100-199)."""
    referee_games(SEEDS[part::PARTS])


def _forge(game_seq: int, turn: int, actor: str, kind: str, data: dict[str, object]) -> Event:
    return Event(game_seq, turn, actor, "movement", kind, "9.0", f"9.0: forged {kind}", data)


def test_the_referee_fails_on_a_silent_change_and_on_impossible_moves() -> None:
    """The referee is not a formality: a unit moved without an event, and move events to a
    location that is not adjacent or over the unit's movement points, are each caught."""
    game = new_game(seed=0, checkpoint_every=1_000_000)
    referee = Referee(game, 0)
    referee.follow(game)
    player = RandomPlayer(0)
    while game.decision is None or game.decision.kind != "move":
        game.apply(player.choose(game))
        referee.follow(game)
    state = game.state
    unit = next(u for u in state.units.values() if u.nation == state.active and not u.is_leader)
    home = unit.zone
    world = game.rules.world
    away = next(z for z in world.land_zones if z != home and z not in world.neighbours(home))
    state.relocate(unit, away)  # moved, nothing said
    with pytest.raises(AssertionError, match="the log and the state disagree"):
        referee.compare(state)
    state.relocate(unit, home)
    near = [
        z for z in world.neighbours(home) if referee.kind[z] == "land" and not referee.count.get(z)
    ]
    sea = [z for z in world.neighbours(home) if referee.kind[z] == "sea"]
    forged = [([home, away], "not adjacent"), ([home, *near[:1]] * 3, "spent")]
    if sea and unit.nation not in referee.scenario.boats.get(state.turn, ()):
        forged.append(([home, sea[0]], "without boats"))
    for path, why in forged:
        data = {"nation": unit.nation, "units": [unit.id], "path": path}
        with pytest.raises(AssertionError, match=why):
            referee.read(_forge(len(game.log), state.turn, unit.nation, "move", data))
        referee.pieces[unit.id].spent = 0
        referee._go(unit.id, referee.pieces[unit.id], home)


def test_the_referee_fails_on_impossible_events() -> None:
    """Forged events the rules forbid, each caught with its reason: a move into an arrival
    box (entered only by arriving), a power without boats at sea (S8), a battle the
    movement's end did not announce, a submission by a power not on the list (S12), a roll
    of a die for a unit that is not an army of the side there (one die per army)."""
    rules = MedievalRulebook()
    pos = Position(
        italia_scenario(rules.medieval),
        nation="Franks",
        turn=1,
        phase="movement",
        rulebook=rules,
        board=medieval_board(),
    )
    (turin,) = pos.put("Franks", "infantry", "Turin")
    (genoa,) = pos.put("Franks", "infantry", "Genoa")
    (lombard,) = pos.put("Lombards", "infantry", "Turin")
    game = pos.game()
    referee = Referee(game, 0)
    referee.follow(game)
    referee.active, turn = "Franks", 1
    box = ["Genoa", "Alessandria", "Turin", "France"]
    forged: list[tuple[str, dict[str, object], str]] = [
        ("move", {"nation": "Franks", "units": [genoa], "path": box}, "arrival box"),
        ("move", {"nation": "Franks", "units": [genoa], "path": ["Genoa", "Ligurian"]}, "boats"),
        ("battle", {"zone": "Turin", "attacker": "Franks", "defender": "Lombards"}, "announced"),
        ("submission", {"submitter": "Romans", "receiver": "Franks", "zone": "Turin"}, "submit"),
    ]
    for kind, data, why in forged:
        with pytest.raises(AssertionError, match=why):
            referee.read(_forge(len(game.log), turn, "Franks", kind, data))
        for unit, zone in ((genoa, "Genoa"), (turin, "Turin")):
            referee.pieces[unit].spent = 0
            referee._go(unit, referee.pieces[unit], zone)
    referee.battle = ("Turin", "Franks", "Lombards")
    roll = {"side": "Franks", "sides": 6, "units": [turin, lombard], "results": [6, 6]}
    with pytest.raises(AssertionError, match="armies are"):
        referee.read(_forge(len(game.log), turn, "Franks", "roll", roll))
