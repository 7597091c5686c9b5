"""Saving and loading games as JSON.

A save holds the starting position, the dice seed and the list of actions; loading replays
them, so a saved game reloaded and continued is the game continued without saving. A digest
of the final state catches files edited by hand or cut short.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from italia_kit.core.dice import Dice
from italia_kit.core.errors import IllegalActionError, InvalidActionError, SaveFileError
from italia_kit.core.game import Game, Rules

FORMAT = "italia_kit.save"
VERSION = 1

_RULES: dict[str, Callable[[], Rules[Any]]] = {}


def register_rules(game_id: str, factory: Callable[[], Rules[Any]]) -> None:
    """Make a game loadable by its id (each game package registers itself on import)."""
    _RULES[game_id] = factory


def digest(state_json: dict[str, Any]) -> str:
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def game_to_json(game: Game[Any]) -> dict[str, Any]:
    initial = game._initial
    seed, count, scripted = initial.dice
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.rules.game_id,
        "initial": initial.state.to_json(),
        "dice": {"seed": seed, "count": count, "scripted": list(scripted)},
        "actions": [a.to_json() for a in game.actions],
        "digest": digest(game.state.to_json()),
    }


def save_game(game: Game[Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(game_to_json(game), indent=1, sort_keys=True) + "\n")


def game_from_json(
    data: Any, rules: Rules[Any] | None = None, *, source: str = "save"
) -> Game[Any]:
    """Rebuild a game from its JSON form; :class:`SaveFileError` names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"{source}: not an italia_kit save (field 'format' is not {FORMAT!r})")
    if data.get("version") != VERSION:
        raise SaveFileError(
            f"{source}: save format version {data.get('version')!r} is not supported "
            f"(this kit reads version {VERSION})"
        )
    for key in ("game", "initial", "dice", "actions", "digest"):
        if key not in data:
            raise SaveFileError(f"{source}: field {key!r} is missing")
    game_id = data["game"]
    if rules is None:
        if game_id not in _RULES:
            known = ", ".join(sorted(_RULES)) or "none registered"
            raise SaveFileError(f"{source}: unknown game {game_id!r} (known: {known})")
        rules = _RULES[game_id]()
    elif rules.game_id != game_id:
        raise SaveFileError(f"{source}: a save of {game_id!r}, not of {rules.game_id!r}")
    try:
        state = rules.state_from_json(data["initial"])
        dice = Dice.from_json(data["dice"])
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveFileError(f"{source}: field 'initial' or 'dice' is corrupt: {exc}") from exc
    game: Game[Any] = Game(rules, state, dice=dice)
    if not isinstance(data["actions"], list):
        raise SaveFileError(f"{source}: field 'actions' must be a list")
    for i, raw in enumerate(data["actions"]):
        try:
            game.apply(rules.codec.from_json(raw))
        except (IllegalActionError, InvalidActionError) as exc:
            raise SaveFileError(f"{source}: action {i} cannot be replayed: {exc}") from exc
    if digest(game.state.to_json()) != data["digest"]:
        raise SaveFileError(f"{source}: the replayed game does not match field 'digest'")
    return game


def load_game(path: str | Path, rules: Rules[Any] | None = None) -> Game[Any]:
    p = Path(path)
    try:
        data = json.loads(p.read_text())
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"{p}: cannot be read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{p}: not JSON (line {exc.lineno}: {exc.msg})") from exc
    return game_from_json(data, rules, source=str(p))
