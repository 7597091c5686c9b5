"""Excommunication and the Turks' Crusade (E.2.<n>, continuing the expenditure cases):
two distinct orders, each once a game; their time in force; their end when the issuer is
eliminated (EXCOMMUNICATION; ``excommunication.py``). The situation and the expected
outcome in each docstring.
"""

from __future__ import annotations

import pytest

from italia_kit import games
from italia_kit.core import IllegalActionError
from italia_kit.games.renaissance.excommunication import eliminated
from italia_kit.games.renaissance.rules import Adjustments, SeasonOrders

from .renaissance_season import MAP, Season

PAPAL_CITIES = ("Ancona", "Bologna", "Perugia", "Rome")
#: E.2.11-E.2.14 start from a Papacy or Turks that already hold no home city: the earlier
#: reading, which tests elimination whenever an order is proclaimed or checked (njudge's,
#: the default, decides it at the end of a campaign: test_renaissance_elimination.py)
PLAY_ON = {"elimination": "play-on"}
TURKISH_CITIES = tuple(c for c in MAP.cities if MAP.home.get(c) == "Turks")


def _owners(**owners: str) -> dict[str, dict[str, str]]:
    """The ``cities`` and ``control`` of 1454, with the provinces and cities given as
    ``province=power`` changed (an ungarrisoned city goes with its province)."""
    control = dict(MAP.owner_1454)
    control.update(owners)
    return {"cities": {c: o for c, o in control.items() if c in MAP.cities}, "control": control}


def test_E_2_4_the_turks_crusade_is_its_own_order() -> None:
    """The Turks' Crusade Milan: Venice's Pay Milan 5 fails; the event is a crusade, not an
    excommunication, and the Papacy's own order is still unused."""
    s = Season("", treasury={"Venice": 10}).play(Turks=["Crusade Milan"], Venice=["Pay Milan 5"])
    assert s.state.treasury["Milan"] == 0 and s.state.crusaded == {"Milan": 2}
    assert s.state.excommunicated == {} and s.state.excommunications == ["Turks"]
    kinds = [e.kind for e in s.game.log[s.start :]]
    assert "crusade" in kinds and "excommunication" not in kinds


def test_E_2_5_the_papacy_excommunicates_and_the_turks_crusade_not_the_other_way() -> None:
    """Excommunicate in the Turks' sheet, Crusade in the Papacy's: both refused naming
    EXCOMMUNICATION and the power that may issue it; nothing changes."""
    s = Season("")
    with pytest.raises(IllegalActionError, match=r"EXCOMMUNICATION.*only the Papacy"):
        s.game.submit("Turks", SeasonOrders("Turks", "Spring 1454", ("Excommunicate Milan",)))
    with pytest.raises(IllegalActionError, match=r"EXCOMMUNICATION.*only the Turks"):
        s.game.submit("Papacy", SeasonOrders("Papacy", "Spring 1454", ("Crusade Milan",)))
    assert s.state.sealed == {} and len(s.game.log) == s.start


def test_E_2_6_each_is_once_a_game_on_its_own() -> None:
    """The Papacy has used its excommunication: a second one fails, but the Turks may still
    proclaim their crusade."""
    s = Season("", excommunications=["Papacy"]).play(
        Papacy=["Excommunicate Venice"], Turks=["Crusade Venice"]
    )
    assert s.state.excommunicated == {} and s.state.crusaded == {"Venice": 2}
    assert s.said("Papacy has used its excommunication already")


def test_E_2_7_against_another_player_only() -> None:
    """'against another player': Crusade Turks in the Turks' sheet and Excommunicate AG in
    the Papacy's are refused naming EXCOMMUNICATION."""
    s = Season("")
    with pytest.raises(IllegalActionError, match="against another player"):
        s.game.submit("Turks", SeasonOrders("Turks", "Spring 1454", ("Crusade Turks",)))
    with pytest.raises(IllegalActionError, match="against another player"):
        s.game.submit("Papacy", SeasonOrders("Papacy", "Spring 1454", ("Excommunicate AG",)))


def test_E_2_8_in_force_to_the_end_of_the_next_season_s_phase_c() -> None:
    """Excommunicate Milan in Spring's Phase C: Venice's payment to Milan fails in Spring
    and in Summer ('until the next complete Phases B-C is over') and goes through in
    Autumn."""
    s = Season("", treasury={"Venice": 30})
    s.play(Papacy=["Excommunicate Milan"], Venice=["Pay Milan 5"])
    s.play(Venice=["Pay Milan 5"])
    assert s.state.treasury["Milan"] == 0 and not s.said("Venice pays Milan")
    s.play(Venice=["Pay Milan 5"])  # Autumn (then Spring 1455's Phase A collects income)
    assert s.said("Venice pays Milan 5 d")


def test_E_2_9_issued_in_phase_a_it_lasts_through_that_season() -> None:
    """The Papacy's Phase A sheet (the Maintain units phase) excommunicates Milan: in force
    for that Spring's Phase C only; the Build / Maintain lines of the sheet stand."""
    game = games.load("renaissance", years=1).new_game(seed=1)
    seats = game.state.seats
    game.submit_all(
        {
            p: Adjustments(p, "Spring 1454", ("Excommunicate Milan",) if p == "Papacy" else ())
            for p in seats
        }
    )
    assert game.state.excommunicated == {"Milan": 1} and game.state.step == "orders"
    assert any(e.kind == "excommunication" for e in game.log)


def test_E_2_10_a_phase_a_sheet_refuses_other_expenditure() -> None:
    """'Borrow 5' in a Phase A sheet is refused naming Phase A: expenditure is written in
    Phase C; the excommunication of a power that may not issue it is refused too."""
    game = games.load("renaissance", years=1).new_game(seed=1)
    with pytest.raises(IllegalActionError, match="Phase A"):
        game.submit("Milan", Adjustments("Milan", "Spring 1454", ("Borrow 5",)))
    with pytest.raises(IllegalActionError, match="EXCOMMUNICATION"):
        game.submit("Milan", Adjustments("Milan", "Spring 1454", ("Excommunicate Venice",)))


def test_E_2_11_the_excommunication_expires_when_the_papacy_is_eliminated() -> None:
    """Milan excommunicated until Summer, but the Papacy holds no city of its home country
    (option play-on: eliminated now): the excommunication expires, Venice's Pay Milan 5
    goes through."""
    owners = _owners(**dict.fromkeys(PAPAL_CITIES, "Naples"))
    s = Season("", treasury={"Venice": 10}, excommunicated={"Milan": 2}, options=PLAY_ON, **owners)
    s.play(Venice=["Pay Milan 5"])
    assert eliminated(s.state, MAP, "Papacy")
    assert s.state.treasury["Milan"] == 5 and s.state.excommunicated == {}
    assert s.said("Papacy is eliminated: the excommunication of Milan expires")


def test_E_2_12_the_crusade_outlives_the_papacy() -> None:
    """The Papacy eliminated, the Turks not: Milan's excommunication expires, Venice's
    crusade stands, and Milan's payment to Venice fails."""
    owners = _owners(**dict.fromkeys(PAPAL_CITIES, "Naples"))
    s = Season(
        "",
        treasury={"Milan": 10},
        excommunicated={"Milan": 2},
        crusaded={"Venice": 2},
        options=PLAY_ON,
        **owners,
    )
    s.play(Milan=["Pay Venice 5"])
    assert s.state.excommunicated == {} and s.state.crusaded == {"Venice": 2}
    assert s.state.treasury["Venice"] == 0


def test_E_2_13_the_crusade_expires_when_the_turks_are_eliminated() -> None:
    """The Turks hold no city of their home country: their crusade against Venice expires
    (the clause read for the Turks' form of the order, reconstructed)."""
    owners = _owners(**dict.fromkeys(TURKISH_CITIES, "Venice"))
    s = Season("", treasury={"Milan": 10}, crusaded={"Venice": 2}, options=PLAY_ON, **owners)
    s.play(Milan=["Pay Venice 5"])
    assert s.state.crusaded == {} and s.state.treasury["Venice"] == 5


def test_E_2_14_an_eliminated_papacy_excommunicates_nobody() -> None:
    """The Papacy, eliminated, orders Excommunicate Milan: the order is void and its one
    use is not spent."""
    owners = _owners(**dict.fromkeys(PAPAL_CITIES, "Naples"))
    s = Season("", options=PLAY_ON, **owners).play(Papacy=["Excommunicate Milan"])
    assert s.state.excommunicated == {} and s.state.excommunications == []
    assert s.said("Papacy is eliminated")


def test_E_2_15_elimination_during_the_season_ends_it_at_the_season_s_end() -> None:
    """The Papacy's last city is Rome, ungarrisoned; a Neapolitan army takes Rome in
    Spring: at the end of the season the Papacy is eliminated and Milan's excommunication
    (in force to Summer) expires at once, so Summer's payment goes through."""
    owners = _owners(Ancona="Naples", Bologna="Naples", Perugia="Naples")
    s = Season("Naples: A Tivoli", treasury={"Venice": 10}, excommunicated={"Milan": 2}, **owners)
    s.play(Naples=["A Tivoli -> Rome"])
    assert s.state.cities["Rome"] == "Naples" and s.state.excommunicated == {}
    assert s.said("the excommunication of Milan expires")
    s.play(Venice=["Pay Milan 5"])
    assert s.state.treasury["Milan"] == 5
