"""The checkpoints' copy of Italia's state, made slot by slot, is the copy the dataclass
constructor makes (issue 19, Performance, branch ``med-battle2``).

``ItaliaState.clone`` fills a new state's and its pieces' slots directly (no ``__init__``,
no ``__post_init__``, the zones' index copied rather than sorted again), a checkpoint's
copy (``checkpoint_copy``) shares the last checkpoint's pieces that have not changed,
``Battle.copy`` copies a battle without its JSON and ``copy_extras`` copies a variant's
flat objects and arrays in C. These tests play whole seeded games of Medieval Italia and
Italia I and compare, after every action, the short way with the long way it replaces:
the state built field by field through the constructors (the code before
``med-battle2``), the battle through ``to_json``/``from_json``, the extras value by value.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import new_game as new_italia_game
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.state import ItaliaState, copy_extras
from italia_kit.games.medieval.rulebook import new_game as new_medieval_game


def _clone_long_way(state: ItaliaState) -> ItaliaState:
    """The state built through the constructors, field by field (``__post_init__``
    reindexes it, each piece's ``__post_init__`` works out its flags), every container
    copied: through its JSON."""
    return ItaliaState.from_json(state.to_json())


def _copy_long_way(value: Any) -> Any:
    """``copy_extras`` as it was before ``med-battle2``: every value tested in Python."""
    if isinstance(value, list):
        return [_copy_long_way(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_long_way(v) for k, v in value.items()}
    return value


def _containers(value: Any) -> list[Any]:
    """Every list and dict in a JSON-like value, the value itself first."""
    if isinstance(value, list):
        return [value, *(c for v in value for c in _containers(v))]
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in _containers(v))]
    return []


def _check_extras(extras: dict[str, Any]) -> None:
    """``copy_extras``: equal to the long way's copy, key order and types kept (JSON
    alike), and no container shared with the original."""
    short, long = copy_extras(extras), _copy_long_way(extras)
    assert short == long
    assert json.dumps(short) == json.dumps(long) == json.dumps(extras)
    originals = {id(c) for c in _containers(extras)}
    assert not any(id(c) in originals for c in _containers(short))


def _slots(obj: object) -> dict[str, object]:
    """Every slot of a dataclass instance, each one set (a piece's label, spelt only when
    an event first names it, aside: ``label()`` is compared instead)."""
    missing = object()
    out = {}
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        if f.name == "_label":
            continue
        value = getattr(obj, f.name, missing)
        assert value is not missing, f"{type(obj).__name__}.{f.name} left unset by clone"
        out[f.name] = value
    return out


def _check_checkpoint_copy(state: ItaliaState, last: ItaliaState | None) -> int:
    """The checkpoint's copy, sharing the last checkpoint's unchanged pieces, is the
    clone: equal field by field, indexed, no piece of the live state in it, and each
    piece it shares one of the last checkpoint's that equals the live one."""
    kept = state.checkpoint_copy(last)
    clone = state.clone()
    assert kept == clone and kept.to_json() == clone.to_json()
    assert kept.index_ok()
    shared = 0
    for i, u in kept.units.items():
        live = state.units[i]
        assert u is not live
        facts = {k: v for k, v in _slots(u).items() if k != "_label_nation"}
        assert facts == {k: v for k, v in _slots(live).items() if k != "_label_nation"}
        assert u.label() == live.label()
        if last is not None and last.units.get(i) is u:
            shared += 1
            assert live.extras is None
    assert last is not None or not shared
    return shared


def _check_clone(state: ItaliaState) -> None:
    _check_extras(state.extras)
    for u in state.units.values():
        if u.extras:
            _check_extras(u.extras)
    short = state.clone()
    long = _clone_long_way(state)
    assert short == long
    assert short.to_json() == long.to_json() == state.to_json()
    assert short.listing is None
    assert short.index_ok()
    # the zones' lists: the same pieces in the same order as the sorted index
    assert {z: [u.id for u in us] for z, us in short.where.items()} == {
        z: [u.id for u in us] for z, us in long.where.items() if us
    }
    for i, u in short.units.items():
        original, made = state.units[i], long.units[i]
        assert u is not original
        assert _slots(u) == _slots(made)  # the derived flags as __post_init__ sets them
        assert u.label() == made.label() == original.label()
        if original.extras:
            assert u.extras == original.extras and u.extras is not original.extras
    # independent: the copy's containers are its own
    for name, value in _slots(short).items():
        if isinstance(value, (dict, list)) and value:
            assert value is not getattr(state, name), name
    battle = state.battle
    if battle is not None:
        copied = battle.copy()
        assert copied == Battle.from_json(battle.to_json())
        assert copied.to_json() == battle.to_json()
        assert copied.targets is not battle.targets and copied.sizes is not battle.sizes


@pytest.mark.parametrize(
    ("game_id", "seed"),
    [("medieval", 2), ("medieval", 9), ("italia1", 4)],
)
def test_performance_clone_slot_by_slot_is_the_constructors_copy(game_id: str, seed: int) -> None:
    """After every action of a whole random game, the state's clone equals the copy made
    through the constructors, field by field, piece by piece and zone by zone; a jump
    back to a checkpoint (a clone of a clone) finds the positions the game went through."""
    game = (
        new_medieval_game(seed=seed)
        if game_id == "medieval"
        else new_italia_game(game_id, seed=seed)
    )
    player = RandomPlayer(seed)
    seen: dict[int, dict[str, object]] = {}
    battles = shared = 0
    while not game.is_over:
        game.apply(player.choose(game))
        _check_clone(game.state)
        shared += _check_checkpoint_copy(game.state, game._last_kept)
        battles += game.state.battle is not None
        if len(game.actions) % 97 == 0 or len(game.actions) % game.checkpoint_every == 0:
            seen[len(game.actions)] = game.state.to_json()
    assert len(game.actions) > 500 and battles > 20  # a whole game with its battles
    assert shared > 10 * len(game.actions)  # pieces kept, not copied, at most positions
    # the checkpoints the game kept (sharing pieces) are the positions it went through
    for index, checkpoint in game._checkpoints.items():
        if index:
            assert checkpoint.state.to_json() == seen[index]
    log = [(e.kind, e.text) for e in game.log]
    for index in sorted(seen, reverse=True):
        game.jump(index)
        assert game.state.to_json() == seen[index]
        assert game.state.index_ok()
        assert [(e.kind, e.text) for e in game.log] == log[: len(game.log)]
