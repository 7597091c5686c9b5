"""Italia's actions as the classroom reads them (``say.sentence``, the presenter's
``action_text``) and as they print (``str``): sentences, never Python lists of unit ids
("retreat [3] to Ravenna" was the classroom's complaint): every legal action of a few seeded
games, and one action of every kind the codec knows, with units of several kinds."""

from __future__ import annotations

import re
from typing import Any

from italia_kit.core import Action, RandomPlayer
from italia_kit.games.italia import actions as a
from italia_kit.games.italia import new_game
from italia_kit.games.italia.say import sentence
from italia_kit.games.italia.state import ItaliaState

#: a list or tuple of ids, a dict, or a dataclass's repr in what a class reads
CODE = re.compile(r"\[\d|\(\d+[,)]|\{|\w+\(\w+=")


def _readable(text: str) -> bool:
    return CODE.search(text) is None


def test_every_legal_action_of_seeded_games_reads_as_a_sentence() -> None:
    kinds: set[str] = set()
    for scenario, seed in (("italia1", 1), ("italia1", 2), ("italia2", 1)):
        game = new_game(scenario, seed=seed)
        player = RandomPlayer(seed)
        while not game.is_over and game.state.turn <= 2:
            for action in game.legal_actions():
                said, printed = sentence(game.state, action), str(action)
                assert _readable(said), (scenario, seed, said)
                assert _readable(printed), (scenario, seed, printed)
                assert said.startswith(f"the {action.nation} "), said  # type: ignore[attr-defined]
                kinds.add(action.kind)
            game.apply(player.choose(game))
    # the games list the actions that name units
    assert {"move", "retreat", "embark", "disembark", "targets"} <= kinds, kinds


def _one_of_each(state: ItaliaState) -> list[Action]:
    """An action of every kind, naming real units of the state where it names units."""
    by_type: dict[str, list[int]] = {}
    for u in state.units.values():
        by_type.setdefault(u.type.value, []).append(u.id)
    ids = tuple(by_type["legion"][:2]) + tuple(by_type["infantry"][:1])
    one = ids[0]
    fleets = tuple(by_type["fleet"][:2])
    values: dict[str, Any] = {
        "nation": "Romans", "unit": one, "units": ids, "fleets": fleets, "fleet": fleets[0],
        "zone": "Etruria", "to": "Etruria", "sea": "Mare Tyrrhenum", "target": "Carthaginians",
        "attacker": "Carthaginians", "path": ("Latium", "Etruria"), "take": "gold",
        "aims": ((one, "infantry"), (ids[1], "legion:landed")),
    }  # fmt: skip
    classes = [
        c
        for c in vars(a).values()
        if isinstance(c, type) and issubclass(c, Action) and c.__module__ == a.__name__
    ]
    assert len(classes) >= 31
    out = []
    for cls in classes:
        fields = {f: v for f, v in values.items() if f in cls.__dataclass_fields__}
        if isinstance(getattr(cls(), "unit", None), str):  # Buy and Place name a unit type
            fields["unit"] = "legion"
        out.append(cls(**fields))
    return out


def test_every_action_kind_reads_as_a_sentence_naming_units_by_type() -> None:
    game = new_game("italia1", seed=1)
    state = game.state
    for action in _one_of_each(state):
        said, printed = sentence(state, action), str(action)
        assert _readable(said) and _readable(printed), (said, printed)
        assert said != printed, f"{action.kind}: say.sentence has no words of its own"
    retreat = next(x for x in _one_of_each(state) if isinstance(x, a.Retreat))
    assert sentence(state, retreat) == "the Romans retreat 2 legions and an infantry to Etruria"
    single = a.Retreat("Romans", retreat.units[:1], "Ravenna")
    assert sentence(state, single) == "the Romans retreat a legion to Ravenna"
    assert str(single) == f"Romans retreat unit #{single.units[0]} to Ravenna"
