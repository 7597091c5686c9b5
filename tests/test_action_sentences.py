"""Every registered game's legal actions read as sentences a person can choose from: what
the classroom's list of a human seat's actions shows (the presenter's ``action_text``,
:class:`~italia_kit.widgets.chooser.ActionChooser`).

Driven by the registry, with nothing per game: each game with a presenter is played by a
seeded random player for a few hundred actions, a few times; at every decision, each legal
action's text is a sentence (not empty, not a dataclass's repr, no list of ids), and the
distinct actions of one decision read differently (a person must tell them apart).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from italia_kit import games
from italia_kit.core import Game
from italia_kit.core.actions import ScriptDice
from italia_kit.widgets.presenter import MapPresenter, load_presenter

#: a dataclass's repr ("March(population="), a list or tuple of ids ("[3", "(3,", "[]")
REPR = re.compile(r"\b[A-Z]\w*\(\w+=|\[\d|\[\]|\(\d+,")

#: seeded games a game, and actions a game (the module stays well under a minute)
SEEDS = (1, 2, 3, 4, 5)
ACTIONS = 400

WITH_PRESENTER = sorted(g for g in games.available() if games.load(g).presenter is not None)


def not_readable(text: str) -> str:
    """Why ``text`` is no sentence for a person ("" if it is one).

    >>> not_readable("EGITTO: march 1 legion from 31 Arabia into 32 Aegyptus (11.1)")
    ''
    >>> not_readable("March(population='EGITTO', frm='Arabia', to='Aegyptus', n=1)")
    'a repr or a list of ids: March(population='
    """
    if not text.strip():
        return "empty"
    found = REPR.search(text)
    return f"a repr or a list of ids: {found.group()}" if found else ""


def _check_decision(game: Game[Any], presenter: MapPresenter, seen: Counter[str]) -> list[str]:
    """The faults of the texts of the legal actions of the decision pending now."""
    faults: list[str] = []
    for seat in game.pending_seats:
        actions = game.legal_actions(seat)
        texts: dict[str, Any] = {}
        for action in actions:
            text = presenter.action_text(game, action)
            seen[action.kind] += 1
            why = not_readable(text)
            if why:
                faults.append(f"{action.kind}: {why} in {text!r}")
            other = texts.setdefault(text, action)
            if other != action:
                faults.append(f"two actions read {text!r}: {other!r} and {action!r}")
    return faults


@pytest.mark.parametrize("game_id", WITH_PRESENTER)
def test_every_legal_action_reads_as_a_distinct_sentence(game_id: str) -> None:
    """The texts of every legal action at every decision of a few seeded random games."""
    spec = games.load(game_id)
    seen: Counter[str] = Counter()
    faults: list[str] = []
    for seed in SEEDS:
        game = spec.new_game(seed=seed)
        presenter = load_presenter(str(spec.presenter), game)
        rng = random.Random(seed)
        for _ in range(ACTIONS):
            if game.is_over:
                break
            faults += _check_decision(game, presenter, seen)
            game.apply(rng.choice(game.legal_actions()))
        assert not faults, f"{game_id} seed {seed}: " + "; ".join(faults[:5])
    assert sum(seen.values()) > len(SEEDS), f"{game_id}: hardly any actions were listed"


@pytest.mark.parametrize("game_id", WITH_PRESENTER)
def test_a_game_speaks_in_its_own_words(game_id: str) -> None:
    """No game's presenter falls back on ``str(action)`` for the actions its games list."""
    spec = games.load(game_id)
    game = spec.new_game(seed=1)
    presenter = load_presenter(str(spec.presenter), game)
    rng = random.Random(1)
    for _ in range(ACTIONS):
        if game.is_over:
            break
        for action in game.legal_actions():
            assert presenter.action_text(game, action) != str(action), action
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("game_id", WITH_PRESENTER)
def test_every_action_class_of_the_codec_has_words_of_its_own(game_id: str) -> None:
    """Each kind the game's codec knows, even those random games seldom reach (a strike at
    sea, a raid's loss), reads as a sentence of the game's, not as ``str(action)``; an
    action of each kind with its fields' defaults, asked at the start of a game."""
    spec = games.load(game_id)
    game = spec.new_game(seed=1)
    presenter = load_presenter(str(spec.presenter), game)
    codec = game.rules.codec
    for kind in codec.kinds:
        if kind == ScriptDice.kind:  # the tests' scripted dice, never a seat's choice
            continue
        action = codec.from_json({"kind": kind})
        text = presenter.action_text(game, action)
        assert not not_readable(text), (kind, text)
        assert text != str(action), f"{game_id}: {kind} has no words of its own: {text!r}"
