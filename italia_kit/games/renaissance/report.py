"""The Campaign Report of a season and the summary of a whole game, from the log."""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game

__all__ = ["campaign_report", "summary_text"]


def campaign_report(game: Game[Any], turn: int | None = None) -> str:
    """The Campaign Report of season ``turn`` (the last resolved by default): every
    unit's order, its outcome and the clause that decided it."""
    events = [e for e in game.log if e.kind in ("movement", "outcome")]
    if not events:
        return "No season has been resolved yet."
    turn = turn if turn is not None else events[-1].turn
    lines = [e.text for e in events if e.turn == turn]
    return "\n".join(lines)


def summary_text(game: Game[Any]) -> str:
    """Cities, units and (the referee's view) treasuries of each seat at the end."""
    state = game.state
    out = [f"Renaissance Italy, {state.phase}: {len(game.actions)} sheets."]
    for seat in state.seats:
        cities = sum(owner == seat for owner in state.cities.values())
        units = len(state.units_of(seat))
        out.append(f"  {seat:<9} {cities:>2} cities, {units:>2} units, {state.treasury[seat]:>3} d")
    if state.winner:
        out.append(f"{state.winner} wins.")
    return "\n".join(out)
