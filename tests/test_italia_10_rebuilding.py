"""10.6.1 Rebuilding cities: any nation that controls a ruin's zone may rebuild it, at the
end of each of its combat phases (not only right after a battle there)."""

from __future__ import annotations


def test_10_6_1_a_ruin_in_a_zone_held_is_rebuilt_as_the_combat_phase_ends() -> None:
    """10.6.1: "A ruin may be rebuilt by any nation that controls its zone. The nation
    must remove one of its units (not a leader) from the zone and flip the ruin tile to
    its city side." No battle in Apulia: at the end of their combat phase the Samnites,
    who hold its ruin with two infantry, may give one up to rebuild it (a purchase cannot:
    one city a zone, 2.2.1.9)."""
    from italia_kit.games.italia import Buy, EndMovement, Position
    from italia_kit.games.italia.actions import Rebuild

    from .italia_helpers import refused

    pos = Position("italia1", nation="Samnites", phase="movement")
    a, _b = pos.put("Samnites", "infantry", "Apulia", 2)
    pos.state.cities["Apulia"] = False  # a ruin
    buying = Position("italia1", nation="Samnites")
    buying.put("Samnites", "infantry", "Apulia")
    buying.state.cities["Apulia"] = False
    buying.gold("Samnites", 10)
    shop = buying.game()
    refused(shop, lambda: shop.apply(Buy("Samnites", "city", "Apulia")), "2.2.1.9", "ruin")
    game = pos.game()
    game.apply(EndMovement("Samnites"))
    assert game.decision is not None and game.decision.kind == "rebuild"
    assert game.decision.rule == "10.6.1"
    assert set(game.legal_actions()) == {
        Rebuild("Samnites", 0),
        *(Rebuild("Samnites", i) for i in (a, _b)),
    }
    game.apply(Rebuild("Samnites", a))
    assert game.state.cities["Apulia"] is True and a not in game.state.units
    assert game.log.of_kind("rebuilt")[-1].rule == "10.6.1"
    assert game.state.phase_name != "rebuild"


def test_10_6_1_a_ruin_looted_this_turn_is_not_rebuilt_and_may_be_left() -> None:
    """10.6.1: "A city looted during a nation's own turn cannot be rebuilt in that same
    turn"; and a nation may leave its ruins as they are."""
    from italia_kit.games.italia import EndMovement, Position
    from italia_kit.games.italia.actions import Rebuild

    pos = Position("italia1", nation="Samnites", phase="movement")
    pos.put("Samnites", "infantry", "Apulia", 2)
    pos.put("Samnites", "infantry", "Lucania", 2)
    pos.state.cities["Apulia"] = False
    pos.state.cities["Lucania"] = False
    pos.state.looted.append("Lucania")
    game = pos.game()
    game.apply(EndMovement("Samnites"))
    assert game.decision is not None and "Lucania" not in game.decision.prompt
    assert all(game.state.units[a.unit].zone == "Apulia" for a in game.legal_actions() if a.unit)
    game.apply(Rebuild("Samnites", 0))
    assert game.state.cities["Apulia"] is False and game.state.phase_name != "rebuild"
