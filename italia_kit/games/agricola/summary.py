"""What ``italia-kit play --game agricola`` prints: a line per Game Turn (the actions taken,
the cups' sizes, the battles, VP against the threshold) and how the game ended."""

from __future__ import annotations

from typing import Any

from italia_kit.core import Game
from italia_kit.games.agricola.state import CUPS
from italia_kit.games.agricola.tables import THRESHOLDS


def summary_text(game: Game[Any]) -> str:
    state = game.state
    lines = ["Agricola, Master of Britain (cups: Friendly/Unfriendly/Hostile/Battle)"]
    turns: dict[int, dict[str, Any]] = {}
    for event in game.log:
        row = turns.setdefault(
            event.turn,
            {"actions": [], "battles": 0, "won": 0, "vp": None, "threshold": None, "cups": None},
        )
        data = event.data
        if event.kind == "legion_action":
            row["actions"].append(data["order"])
        elif event.kind == "negotiation" or (event.kind == "put" and event.rule == "6.0"):
            row["actions"].append("negotiation")
        elif event.kind == "battle":
            row["battles"] += 1
            if data.get("ambush"):
                row["actions"].append("ambushed")
        elif event.kind == "victory":
            row["won"] += 1
        if event.kind == "threshold":
            row["vp"], row["threshold"] = data["vp"], data["threshold"]
            row["cups"] = data.get("cups")
    for turn in sorted(turns):
        row = turns[turn]
        vp = "" if row["vp"] is None else f"; {row['vp']} VP vs {row['threshold']}"
        kinds: dict[str, int] = {}
        for kind in row["actions"]:
            kinds[kind] = kinds.get(kind, 0) + 1
        acts = ", ".join(f"{k} x{n}" for k, n in kinds.items()) or "none"
        cups = "" if not row["cups"] else "; cups " + "/".join(str(n) for n in row["cups"].values())
        lines.append(f"Turn {turn}: {acts}; battles {row['battles']} (won {row['won']}){vp}{cups}")
    cups = ", ".join(f"{name} {len(cup)}" for name, cup in zip(CUPS, state.cups, strict=True))
    lines.append(f"Cups: {cups}")
    lines.append(
        f"Treasury {state.treasury}, Income {state.income}, {state.vp} VP "
        f"(turn {state.turn} threshold {THRESHOLDS[min(state.turn, 8) - 1]})"
    )
    lines.append(f"Result: {state.result or 'unfinished'}")
    return "\n".join(lines)
