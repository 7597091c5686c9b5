"""Issue 14, "Italia, refereed" (second part): one test per ruling, each quoting the
rulebook sentence it enforces (DATC style: the situation and the expected result)."""

from __future__ import annotations

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import ElephantVictim, Fight


def attack(pos: Position, nation: str, frm: str, to: str, n: int | None = None, **kw: object):  # type: ignore[no-untyped-def]
    """Move the nation's units from ``frm`` into ``to`` and end movement: combat is due."""
    game = pos.game(**kw)  # type: ignore[arg-type]
    ids = tuple(u.id for u in game.state.units_in(frm, nation))[:n]
    game.apply(Move(nation, ids, (frm, to)))
    game.apply(EndMovement(nation))
    return game


def test_10_2_a_trampled_unit_with_nowhere_to_go_scores_for_the_elephants_side() -> None:
    """10.2: "If the unit cannot retreat (see 10.5), it is removed from the board. In that
    case, the player controlling the elephant scores victory points for that unit as if it
    had been eliminated normally." The Carthaginian elephant attacks three Greeks in
    Bruttium and rolls a 9: one Greek is hit, a second is driven off; it has nowhere to go
    (Lucania is whence the attack came, Rhegium is Samnite, no Greek fleet at sea). The
    Carthaginians score both Greeks (½ VP each on their card), as they would score two hits:
    the Greeks did not attack them."""
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    pos.put("Carthaginians", "elephant", "Lucania")
    pos.put("Greeks", "infantry", "Bruttium", 3)
    pos.put("Samnites", "infantry", "Rhegium")
    game = attack(pos, "Carthaginians", "Lucania", "Bruttium")
    game.script_dice([9, 1, 1, 1])
    game.apply(Fight("Carthaginians", "Bruttium"))
    assert game.decision is not None and game.decision.kind == "elephant"
    choices = [a for a in game.legal_actions() if isinstance(a, ElephantVictim)]
    assert choices and all(a.zone == "" for a in choices)  # no retreat: removed
    game.apply(choices[0])
    assert game.state.stack_count("Bruttium", "Greeks") == 1
    assert game.state.vp.get("Carthaginians", 0.0) == 1.0  # the hit and the trampled unit
