"""The position builder for tutorial authors (``games/medieval/tutorial.py``) on the Italia
engine: positions as asked, every bad input refused naming its field or rule, the builder
unchanged by a refusal."""

from __future__ import annotations

import pytest

from italia_kit.core import IllegalActionError, InvalidActionError
from italia_kit.games.italia.actions import Move
from italia_kit.games.medieval.tutorial import at_nation_turn, builder, position, put_armies


def test_tutorial_1_a_position_at_the_start_of_a_powers_movement() -> None:
    """Armies, a leader, superior and appeared armies (S10, S28), a pending submission
    (S19-S22), as given; the power to move has the decision."""
    game = position(
        {"Byzantines": {"Ravenna": 2, "Adriatic": 1}, "Ostrogoths": {"Bologna": 1}},
        active="Byzantines",
        leaders=[("Byzantines", "Ravenna", "Narses")],
        superior=["Byzantines"],
        appeared=[("Ostrogoths", "Bologna")],
        submissions=[("Papacy", "Lombards", False, True)],
    )
    state = game.state
    assert game.decision is not None and game.decision.actor == "Byzantines"
    assert game.decision.kind == "move"
    byz = [u for u in state.units_of("Byzantines") if not u.is_leader]
    assert len(byz) == 3 and all(u.extras == {"superior": True} for u in byz)
    (goth,) = state.units_in("Bologna", "Ostrogoths")
    assert goth.extras == {"appeared": True}
    assert [u.name for u in state.units_in("Ravenna") if u.is_leader] == ["Narses"]
    assert state.extras["submissions"] == [
        {"submitter": "Papacy", "receiver": "Lombards", "submitter_scored": False,
         "receiver_scored": True}
    ]  # fmt: skip
    at_sea = state.units_in("Adriatic", "Byzantines")[0].id
    assert any(isinstance(a, Move) and at_sea in a.units for a in game.legal_actions())


def test_tutorial_2_a_nation_turn_from_its_start() -> None:
    """S26, S27: the Papacy's turn-2 armies are in Rome as the game is made; the
    Florentines' are to be placed."""
    papacy = at_nation_turn({}, power="Papacy", turn=2)
    assert papacy.state.stack_count("Rome", "Papacy") == 3
    florence = at_nation_turn({"Lombards": {"Milan": 1}}, power="Florentines", turn=2)
    assert florence.decision is not None and florence.decision.kind == "place"
    assert florence.state.stack_count("Milan", "Lombards") == 1


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"armies": {"Lombards": {"Atlantis": 1}}}, InvalidActionError, "field 'zone'"),
        ({"armies": {"Lombardz": {"Milan": 1}}}, InvalidActionError, "field 'nation'"),
        ({"armies": {"Lombards": {"Milan": 0}}}, InvalidActionError, "field 'count'"),
        ({"armies": {}, "superior": ["Goths"]}, InvalidActionError, "field 'superior'"),
        ({"armies": {}, "appeared": [("Huns", "Milan")]}, InvalidActionError, "'appeared'"),
        ({"armies": {}, "turn": 14}, InvalidActionError, "field 'turn'"),
        ({"armies": {}, "turn": 5, "major": True}, IllegalActionError, "12.2"),
        ({"armies": {"Lombards": {"Adriatic": 1}}}, IllegalActionError, "rule text: boats"),
    ],
)
def test_tutorial_3_bad_input_is_refused_naming_its_field_or_rule(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    """Unknown areas, powers or counts, a turn past 13, a major invasion on a turn the
    chart gives none (Italia's 12.2), armies at sea without boats (S8)."""
    with pytest.raises(error, match=words):
        position(active="Lombards", **kwargs)  # type: ignore[arg-type]


def test_tutorial_4_a_refused_put_leaves_the_builder_as_it_was() -> None:
    pos = builder("Byzantines")
    put_armies(pos, "Byzantines", "Adriatic", 2)
    before = pos.state.to_json()
    with pytest.raises(IllegalActionError, match="boats"):
        put_armies(pos, "Lombards", "Adriatic")
    with pytest.raises(InvalidActionError, match="count"):
        put_armies(pos, "Byzantines", "Ionian", -1)
    assert pos.state.to_json() == before
