"""Golden playthroughs (after OpenSpiel's): the first turns of seeded random games, every
decision and event written out, committed under ``tests/golden/`` and diffed here.

A change to the rules, the scenario data or the order of the legal actions shows up as a
diff of these transcripts. When the change is meant, regenerate them and commit the new
files with it::

    ITALIA_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_golden.py
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from pathlib import Path

import pytest

from italia_kit.core import RandomPlayer
from italia_kit.games.italia import ItaliaGame, new_game
from italia_kit.games.italia.say import sentence

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ITALIA_REGEN_GOLDEN") == "1"
TURNS = 1  # the game turns each transcript covers (every nation plays once)
MAX_ACTIONS = 3000  # a safety net: two turns take a few hundred actions
CASES = [(game, seed) for game in ("italia1", "italia2") for seed in (1, 2, 3)]


def legal_digest(game: ItaliaGame) -> tuple[int, str]:
    """How many legal actions there are and a short digest of the list, in its order."""
    actions = game.legal_actions()
    text = "\n".join(json.dumps(a.to_json(), sort_keys=True) for a in actions)
    return len(actions), hashlib.sha256(text.encode()).hexdigest()[:10]


def transcript(game_id: str, seed: int, turns: int = TURNS) -> str:
    """Play ``turns`` game turns with ``RandomPlayer(seed)`` and write down everything."""
    game = new_game(game_id, seed=seed)
    player = RandomPlayer(seed)
    lines = [
        f"# golden playthrough: {game_id}, dice seed {seed}, RandomPlayer({seed}) for every "
        f"colour, game turns 1-{turns}",
        "# regenerate: ITALIA_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_golden.py",
        "set-up:",
        *(f"  {e.text}" for e in game.log),
    ]
    n = 0
    while not game.is_over and game.state.turn <= turns and n < MAX_ACTIONS:
        decision = game.decision
        assert decision is not None
        count, digest = legal_digest(game)
        action = player.choose(game)
        n += 1
        lines.append(
            f"{n}. {decision.actor} {decision.kind} ({decision.rule}): {decision.prompt} "
            f"[{count} legal, {digest}]"
        )
        lines.append(f"   -> {sentence(game.state, action)}")  # as the classroom reads it
        lines.extend(f"   | {e.text}" for e in game.apply(action))
    lines.append(final_position(game))
    return "\n".join(lines) + "\n"


def final_position(game: ItaliaGame) -> str:
    """Where the transcript stops: turn, who decides, and every nation's pieces and gold."""
    state = game.state
    out = [f"end: turn {state.turn}, phase {state.phase_name}, {len(game.actions)} actions"]
    for nation in state.nation_order:
        units: dict[str, int] = {}
        for u in state.units_of(nation):
            units[u.type.value] = units.get(u.type.value, 0) + 1
        if not units and not state.gold.get(nation) and not state.vp.get(nation):
            continue
        pieces = ", ".join(f"{n} {t}" for t, n in sorted(units.items())) or "no units"
        out.append(
            f"  {nation}: {pieces}; gold {state.gold.get(nation, 0)}; "
            f"vp {state.vp.get(nation, 0.0):g}"
        )
    return "\n".join(out)


@pytest.mark.parametrize(("game_id", "seed"), CASES)
def test_golden_playthrough(game_id: str, seed: int) -> None:
    path = GOLDEN / f"{game_id}_seed{seed}.txt"
    text = transcript(game_id, seed)
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
        return
    assert path.exists(), f"{path} is missing: run ITALIA_REGEN_GOLDEN=1 pytest {__file__}"
    expected = path.read_text()
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), str(path), "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"the playthrough differs from {path.name} (first lines of the diff below). "
            f"If the change is meant, regenerate: ITALIA_REGEN_GOLDEN=1 pytest {__file__}\n"
            f"{shown}",
            pytrace=False,
        )


def test_golden_files_stay_small() -> None:
    """The transcripts are read by people and kept in git: a few hundred KB at most."""
    files = sorted(GOLDEN.glob("*.txt"))
    assert len(files) == len(CASES)
    assert sum(f.stat().st_size for f in files) < 300_000


def test_a_playthrough_is_reproducible() -> None:
    assert transcript("italia1", 5, turns=1) == transcript("italia1", 5, turns=1)
