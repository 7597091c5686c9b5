"""The Campaign Report of a season and the summary of a whole game, from the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from italia_kit.core import Game
from italia_kit.games.renaissance.names import subject
from italia_kit.games.renaissance.state import season_tag

__all__ = ["campaign_report", "summary_text"]

_MONEY = {
    "transfer", "loan", "repaid", "default", "expense_failed", "excommunication", "crusade",
    "excommunication_ends", "crusade_ends", "treasury_lost",
}  # fmt: skip
_SPENDING = {
    "bribed", "bribe_failed", "relief", "pacified", "rebellion", "assassination",
    "assassination_failed",
}  # fmt: skip
_EVENTS = {"disaster", "eliminated", "power_eliminated", "liberated", "put_down", "end"}


def campaign_report(game: Game[Any], turn: int | None = None) -> str:
    """The Campaign Report of season ``turn`` (the last resolved by default): the sheets,
    the money moved, every unit's order and outcome with the clause that decided it, the
    events, and the treasuries (the referee's report)."""
    resolved = [e for e in game.log if e.kind == "movement"]
    if not resolved:
        return "No season has been resolved yet."
    turn = turn if turn is not None else resolved[-1].turn
    events = [e for e in game.log if e.turn == turn]
    title = next((e.text.split(":")[0] for e in events if e.kind == "movement"), f"turn {turn}")
    out = [f"Campaign Report, {title}", ""]
    sheets = [e for e in events if e.kind == "sheet" and "orders" in e.phase]
    notes = {e.actor: e.data.get("note", "") for e in events if e.kind == "orders_opened"}
    out.append("Orders")
    for event in sheets:
        lines = event.data.get("lines") or ["(no orders: every unit holds)"]
        note = f" (note: {notes[event.actor]})" if notes.get(event.actor) else ""
        out.append(f"  {event.actor}: " + "; ".join(lines) + note)
    for heading, kinds in (("Money", _MONEY), ("Expenditure", _SPENDING)):
        found = [e.text for e in events if e.kind in kinds]
        if found:
            out += ["", heading, *(f"  {t}" for t in found)]
    out += ["", "Movement", *(f"  {e.text}" for e in events if e.kind == "outcome")]
    found = [e.text for e in events if e.kind in _EVENTS]
    if found:
        out += ["", "Events", *(f"  {t}" for t in found)]
    state = game.state
    out += ["", "Treasuries: " + ", ".join(f"{p} {d} d" for p, d in state.treasury.items())]
    if state.eliminated:  # PLAYER ELIMINATION
        gone = ", ".join(f"{p} ({season_tag(t)})" for p, t in state.eliminated.items())
        out.append(f"Eliminated: {gone}")
    return "\n".join(out)


def summary_text(game: Game[Any], seats: Sequence[str] | None = None) -> str:
    """Cities, units and (the referee's view) treasuries of each seat at the end; an
    eliminated seat says when it left. ``seats``: the spec's (by default
    ``whatif.seats_of``)."""
    from italia_kit.games.renaissance.whatif import seats_of

    state = game.state
    out = [f"Renaissance Italy, {state.phase}: {len(game.actions)} sheets."]
    for seat in seats if seats is not None else seats_of(state):
        cities = sum(owner == seat for owner in state.cities.values())
        units = len(state.units_of(seat))
        line = f"  {seat:<9} {cities:>2} cities, {units:>2} units, {state.treasury[seat]:>3} d"
        if seat in state.eliminated:
            line += f", eliminated in {season_tag(state.eliminated[seat])}"
        out.append(line)
    if state.winner:
        out.append(f"{subject(state.winner, 'wins', start=True)}.")
    return "\n".join(out)
