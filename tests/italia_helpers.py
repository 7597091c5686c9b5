"""Shared helpers for the Italia rules tests."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from italia_kit.core import IllegalActionError, game_to_json
from italia_kit.italia import ItaliaGame


def refused(game: ItaliaGame, attempt: Callable[[], object], rule: str, match: str = "") -> None:
    """``attempt`` is refused naming ``rule``, and the saved game is byte-for-byte unchanged."""
    before = json.dumps(game_to_json(game), sort_keys=True)
    log_before = len(game.log)
    with pytest.raises(IllegalActionError, match=match or None) as err:
        attempt()
    assert err.value.rule == rule, f"refused under rule {err.value.rule}, expected {rule}"
    assert json.dumps(game_to_json(game), sort_keys=True) == before
    assert len(game.log) == log_before


def kinds(game: ItaliaGame) -> list[str]:
    return [e.kind for e in game.log]
