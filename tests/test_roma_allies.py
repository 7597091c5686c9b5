"""Roma's decisions among allies and at the end of the turn: withdrawing from a battle by
each population (13.12, 13.2), breaking an alliance at once (12.3 note, 13.12 and what 8.31
makes of it), allied losses chosen by the owners (13.13) and the strike among allies (13.11),
the return to port chosen by the owner (End of Turn). One test per rule subtlety, DATC-style.
"""

from __future__ import annotations

from typing import Any

import pytest

from italia_kit.core import Game, IllegalActionError
from italia_kit.games.roma.actions import (
    AgreeLosses,
    Attack,
    BreakAlliance,
    Done,
    Interdict,
    Join,
    KeepAlliance,
    ReturnToPort,
    Sail,
    ShareLosses,
    Strike,
    Withdraw,
)
from italia_kit.games.roma.battle import withdraw_options
from italia_kit.games.roma.greedy import RomaGreedy
from italia_kit.games.roma.state import RomaState

from .roma_helpers import position

SEA = "Mare Tyrrhenum"


def _allied_fleet_battle(**kw: Any) -> Game[RomaState]:
    """ITALIA's 2 ships end their move among CARTAGINE's 1 and GRECIA's 2, allies (12.2)."""
    game = position(
        "naval",
        players=3,
        ships={"Roma": {"ITALIA": 2}, SEA: {"CARTAGINE": 1, "GRECIA": 2}},
        alliances=[["CARTAGINE", "GRECIA"]],
        **kw,
    )
    game.apply(Sail("ITALIA", "Roma", (SEA,), 2, 0))
    game.submit("CARTAGINE", Interdict("CARTAGINE", False))
    game.submit("GRECIA", Interdict("GRECIA", False))
    return game


def _decide(game: Game[RomaState]) -> tuple[str, str]:
    d = game.decision
    assert d is not None
    return d.actor, d.kind


def test_13_12_every_population_of_both_sides_is_asked_the_attacker_first() -> None:
    game = _allied_fleet_battle()
    b = game.state.battle
    assert b is not None and b["ask"] == ["ITALIA", "GRECIA", "CARTAGINE"]
    assert game.pending_seats == ("ITALIA",)
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    assert _decide(game) == ("GRECIA", "withdraw")
    # GRECIA's own fleet alone, to the nearest port friendly to it: its ally's Carthago
    assert withdraw_options(game.state, "GRECIA") == ["Carthago"]


def test_13_12_an_allied_fleet_withdraws_alone_and_its_ally_fights_on() -> None:
    game = _allied_fleet_battle()
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    game.submit("GRECIA", Withdraw("GRECIA", "Carthago"))
    state = game.state
    b = state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 1} and b["d_main"] == "CARTAGINE"
    assert state.ships["Carthago"] == {"GRECIA": 2}
    # 13.12: "this risks the immediate breaking of the alliance": the ally left fighting
    assert _decide(game) == ("CARTAGINE", "break_at_once")
    game.submit("CARTAGINE", KeepAlliance("CARTAGINE", "GRECIA"))
    assert state.alliances == [["CARTAGINE", "GRECIA"]]
    assert _decide(game) == ("CARTAGINE", "withdraw")  # its own chance this round


def test_13_12_the_ally_left_fighting_breaks_the_alliance_at_once_and_8_31_follows() -> None:
    game = _allied_fleet_battle()
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    game.submit("GRECIA", Withdraw("GRECIA", "Carthago"))
    game.submit("CARTAGINE", BreakAlliance("CARTAGINE", "GRECIA"))
    state = game.state
    assert state.alliances == []
    broken = next(e for e in game.log if e.kind == "alliance_broken")
    assert broken.rule == "13.12"
    # the battle under way goes on; 8.31 waits for its end: GRECIA's ships in Carthago
    assert state.battle is not None and state.queue[0]["task"] == "expel"
    game.script_dice([6, 5, 1, 1])  # ITALIA 11 against 2: CARTAGINE's last ship sinks
    game.submit("CARTAGINE", Withdraw("CARTAGINE", ""))
    assert state.battle is None
    assert _decide(game) == ("CARTAGINE", "expel")  # 8.31: the controller of the port


def test_13_12_a_port_that_is_not_the_nearest_is_refused_and_changes_nothing() -> None:
    game = _allied_fleet_battle()
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.submit("ITALIA", Withdraw("ITALIA", "Carthago"))
    assert err.value.rule == "13.12" and "nearest" in str(err.value)
    assert game.state_json() == before


def test_13_2_in_a_land_battle_only_the_player_whose_turn_it_is_withdraws() -> None:
    game = position("combat", legions={"Roma": {"ITALIA": 3}, "Etruria": {"CARTAGINE": 3}})
    game.apply(Attack("ITALIA", "Roma", "Etruria", 3))
    assert withdraw_options(game.state, "CARTAGINE") == []
    assert withdraw_options(game.state, "ITALIA") == ["Roma"]
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.submit("ITALIA", Withdraw("ITALIA", "Campania"))
    assert err.value.rule == "13.2" and game.state_json() == before
    game.script_dice([1, 1, 6, 6])  # a round lost: ITALIA loses 2 (a strike, 13.11)
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    assert next(e for e in game.log if e.kind == "loss").data["lost"] == ["ITALIA", "ITALIA"]
    # the next round: asked again, "at the start of each round"; CARTAGINE never
    assert _decide(game) == ("ITALIA", "withdraw")
    game.submit("ITALIA", Withdraw("ITALIA", "Roma"))
    assert game.state.battle is None and game.state.legions["Roma"] == {"ITALIA": 1}


def test_12_3_note_an_ally_breaks_the_alliance_instead_of_joining_the_interdiction() -> None:
    game = position(
        "naval",
        players=3,
        ships={"Roma": {"ITALIA": 2}, SEA: {"CARTAGINE": 1, "GRECIA": 1}},
        alliances=[["CARTAGINE", "GRECIA"]],
    )
    game.apply(Sail("ITALIA", "Roma", (SEA,), 2, 0))
    game.script_dice([5])  # 5 + (1 - 1) + (2 - 1) = 6: it succeeds
    game.submit("CARTAGINE", Interdict("CARTAGINE", True))
    assert BreakAlliance("GRECIA", "CARTAGINE") in game.legal_actions("GRECIA")
    game.submit("GRECIA", BreakAlliance("GRECIA", "CARTAGINE"))
    state = game.state
    assert state.alliances == []
    assert next(e for e in game.log if e.kind == "alliance_broken").rule == "12.3"
    # no longer an ally, GRECIA is not bound to leave, and takes no part in the battle
    b = state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 1} and state.ships[SEA] == {"GRECIA": 1}
    # 8.31 after the interdiction's battle (interdictions in the sea zone they share),
    # then GRECIA's own chance to interdict the entering fleet (12.4: each fleet once)
    assert [t["task"] for t in state.queue] == ["break_seas", "interdict"]
    game.script_dice([1, 1, 6, 6])  # 2 against 12: a strike sinks both of ITALIA's ships
    while _decide(game)[1] == "withdraw":
        seat = _decide(game)[0]
        game.submit(seat, Withdraw(seat, ""))
    assert state.battle is None and state.ships[SEA] == {"CARTAGINE": 1, "GRECIA": 1}
    assert _decide(game) == ("GRECIA", "interdict")  # the breaker first (8.31)
    game.submit("GRECIA", Interdict("GRECIA", False))
    assert _decide(game) == ("CARTAGINE", "interdict")


def test_8_3_an_alliance_is_not_broken_outside_the_moments_the_text_gives() -> None:
    game = position("land", players=3, alliances=[["CARTAGINE", "ITALIA"]])
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(BreakAlliance("ITALIA", "CARTAGINE"))
    assert err.value.rule == "8.3" and game.state_json() == before


def test_13_2_13_13_allied_legions_share_their_losses_like_fleets() -> None:
    game = position(
        "combat",
        players=3,
        legions={"Roma": {"ITALIA": 6}, "Etruria": {"CARTAGINE": 2, "GRECIA": 1}},
        alliances=[["CARTAGINE", "GRECIA"]],
    )
    game.apply(Attack("ITALIA", "Roma", "Etruria", 6))
    game.script_dice([4, 4, 2, 2])  # 8 + 2 (6 to 3) against 4: one legion lost
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    assert _decide(game) == ("CARTAGINE", "share_losses")
    game.submit("CARTAGINE", ShareLosses("CARTAGINE", ("GRECIA",)))
    game.submit("GRECIA", AgreeLosses("GRECIA", True))
    b = game.state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 2}


def _allies_lose_a_round(**kw: Any) -> Game[RomaState]:
    game = _allied_fleet_battle(**kw)
    game.script_dice([5, 4, 1, 2])  # ITALIA 9 against 3 + 2 (3 ships to 2): one loss
    for seat in ("ITALIA", "GRECIA", "CARTAGINE"):
        game.submit(seat, Withdraw(seat, ""))
    return game


def test_13_13_the_allies_agree_on_who_loses_the_ship() -> None:
    game = _allies_lose_a_round()
    assert _decide(game) == ("GRECIA", "share_losses")  # the side's leader proposes
    assert set(game.legal_actions()) == {
        ShareLosses("GRECIA", ("CARTAGINE",)),
        ShareLosses("GRECIA", ("GRECIA",)),
    }
    game.submit("GRECIA", ShareLosses("GRECIA", ("CARTAGINE",)))
    assert _decide(game) == ("CARTAGINE", "agree_losses")
    game.submit("CARTAGINE", AgreeLosses("CARTAGINE", True))
    b = game.state.battle
    assert b is not None and b["d"] == {"GRECIA": 2}


def test_13_13_no_agreement_and_the_losses_fall_in_proportion_to_the_fleets() -> None:
    game = _allies_lose_a_round()
    game.submit("GRECIA", ShareLosses("GRECIA", ("CARTAGINE",)))
    game.submit("CARTAGINE", AgreeLosses("CARTAGINE", False))
    b = game.state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 1, "GRECIA": 1}  # 2 of 3 ships: GRECIA
    refused = next(e for e in game.log if e.kind == "losses_refused")
    assert refused.rule == "13.13" and refused.data["share"] == {"GRECIA": 1}


def test_13_13_a_leader_taking_the_loss_itself_asks_nobody() -> None:
    game = _allies_lose_a_round()
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:  # two losses named when one is due
        game.submit("GRECIA", ShareLosses("GRECIA", ("CARTAGINE", "GRECIA")))
    assert err.value.rule == "13.13" and game.state_json() == before
    game.submit("GRECIA", ShareLosses("GRECIA", ("GRECIA",)))
    b = game.state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 1, "GRECIA": 1}
    assert _decide(game) == ("ITALIA", "withdraw")  # the next round: nobody else was asked
    assert not [e for e in game.log if e.kind == "losses_agreed"]


def test_13_11_13_13_after_a_strike_the_winner_picks_whose_loaded_ship_sinks() -> None:
    game = _allied_fleet_battle(cargo={SEA: {"CARTAGINE": 2, "GRECIA": 4}})
    game.script_dice([6, 6, 1, 1])  # 12 against 2 + 2: a strike
    for seat in ("ITALIA", "GRECIA", "CARTAGINE"):
        game.submit(seat, Withdraw(seat, ""))
    assert _decide(game) == ("ITALIA", "strike")
    assert set(game.legal_actions()) == {
        Strike("ITALIA", True),
        Strike("ITALIA", False, "CARTAGINE"),
        Strike("ITALIA", False, "GRECIA"),
    }
    game.submit("ITALIA", Strike("ITALIA", False, "GRECIA"))
    b = game.state.battle
    assert b is not None and b["d"] == {"CARTAGINE": 1, "GRECIA": 1}
    assert b["d_cargo"] == {"CARTAGINE": 2}


def _end_of_turn(**kw: Any) -> Game[RomaState]:
    """ITALIA ends the last population's turn of game turn 1 (a game started from there, so
    that a refused action rebuilds this position)."""
    made = position("combat", drawn=["CARTAGINE", "ITALIA"], **kw)
    made.dice.bag("population").items.clear()  # ITALIA plays last this turn
    game = Game(made.rules, made.state, dice=made.dice, advance=False)
    game.apply(Done("ITALIA"))
    return game


def test_end_of_turn_the_owner_chooses_among_the_equally_near_allied_ports() -> None:
    game = _end_of_turn(
        ships={SEA: {"ITALIA": 2}}, cargo={SEA: {"ITALIA": 3}}, tents={"Campania": "ITALIA"}
    )
    assert _decide(game) == ("ITALIA", "return_to_port")
    assert game.legal_actions() == [
        ReturnToPort("ITALIA", SEA, "Roma"),
        ReturnToPort("ITALIA", SEA, "Campania"),
    ]
    before = game.state_json()
    with pytest.raises(IllegalActionError) as err:
        game.submit("ITALIA", ReturnToPort("ITALIA", SEA, "Carthago"))
    assert err.value.rule == "End of Turn" and game.state_json() == before
    game.submit("ITALIA", ReturnToPort("ITALIA", SEA, "Campania"))
    state = game.state
    assert state.ships["Campania"] == {"ITALIA": 2} and state.legions["Campania"] == {"ITALIA": 3}
    assert state.turn == 2


def test_end_of_turn_lowest_number_reading_and_a_fleet_split_by_the_port_limits() -> None:
    game = _end_of_turn(
        ships={SEA: {"ITALIA": 5}},
        tents={"Campania": "ITALIA"},
        control={"Etruria": "ITALIA"},
        options={"return_port": "lowest_number"},
    )
    state = game.state
    # nobody is asked: Etruria (9, the lowest number) takes 1, Roma (11) the other 4
    assert state.turn == 2 and state.ships["Etruria"] == {"ITALIA": 1}
    assert state.ships["Roma"] == {"ITALIA": 4}
    game = _end_of_turn(
        ships={SEA: {"ITALIA": 5}, "Roma": {"ITALIA": 4}},
        tents={"Campania": "ITALIA"},
        control={"Etruria": "ITALIA"},
    )
    # Roma has room for 2, Campania 3, Etruria 1: the owner chooses, then again
    assert _decide(game) == ("ITALIA", "return_to_port") and len(game.legal_actions()) == 3
    game.submit("ITALIA", ReturnToPort("ITALIA", SEA, "Campania"))
    assert game.state.ships["Campania"] == {"ITALIA": 3}
    game.submit("ITALIA", ReturnToPort("ITALIA", SEA, "Roma"))
    assert game.state.ships["Roma"] == {"ITALIA": 6} and game.state.turn == 2


def test_greedy_shares_losses_its_allies_accept_and_keeps_its_alliances() -> None:
    game = _allies_lose_a_round()
    greedy = RomaGreedy(seed=1)
    proposal = greedy.choose(game, "GRECIA")
    # GRECIA's fair share of one loss of 3 ships (2 of them its own) is the whole loss:
    # proposing CARTAGINE's ship would be refused, so it proposes its own
    assert proposal == ShareLosses("GRECIA", ("GRECIA",))
    game = _allied_fleet_battle()
    game.submit("ITALIA", Withdraw("ITALIA", ""))
    game.submit("GRECIA", Withdraw("GRECIA", "Carthago"))
    assert greedy.choose(game, "CARTAGINE") == KeepAlliance("CARTAGINE", "GRECIA")
    with_join = position(
        "naval",
        players=3,
        ships={"Roma": {"ITALIA": 2}, SEA: {"CARTAGINE": 1, "GRECIA": 1}},
        alliances=[["CARTAGINE", "GRECIA"]],
    )
    with_join.apply(Sail("ITALIA", "Roma", (SEA,), 2, 0))
    with_join.script_dice([5])
    with_join.submit("CARTAGINE", Interdict("CARTAGINE", True))
    assert greedy.choose(with_join, "GRECIA") == Join("GRECIA", "")


def test_13_12_13_13_random_answers_in_an_allied_battle_keep_every_ship_accounted_for() -> None:
    """Random seats answer every decision of the allied battle (withdrawals, breaks, shared
    losses, strikes) to its end: the invariants hold after each answer, no ship appears, and
    the new decisions are all reached."""
    from italia_kit.core import RandomPlayer
    from italia_kit.games.roma.common import in_transit

    from .roma_invariants import problems

    seen: set[str] = set()
    for seed in range(40):
        game = _allied_fleet_battle(cargo={SEA: {"CARTAGINE": 3, "GRECIA": 5}})
        player = RandomPlayer(seed)
        start = {"ITALIA": 2, "CARTAGINE": 1, "GRECIA": 2}
        while game.state.battle is not None:
            decision = game.decision
            assert decision is not None
            seen.add(decision.kind)
            game.apply(player.choose(game))
            assert not problems(game), (seed, problems(game))
            state = game.state
            for pop, n in start.items():
                ships = sum(v.get(pop, 0) for v in state.ships.values())
                if state.battle is not None:
                    ships += in_transit(state.battle, pop, "ship")
                assert ships <= n
    assert {"withdraw", "break_at_once", "share_losses", "agree_losses"} <= seen
