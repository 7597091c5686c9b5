"""Players for whole games: the core's random, passive and scripted players, the greedy
bot, and a registry by name for the command line.

>>> sorted(PLAYER_KINDS)
['greedy', 'passive', 'random']
>>> make_player("greedy", seed=3)
GreedyPlayer(seed=3)
>>> from italia_kit.games.italia.scenarios import load_scenario
>>> players, kinds = players_from_spec("red=greedy", load_scenario("italia1"), seed=7)
>>> kinds
{'red': 'greedy', 'yellow': 'random', 'blue': 'random'}
"""

from __future__ import annotations

from collections.abc import Callable

from italia_kit.core import PassivePlayer, Player, RandomPlayer, ScriptedPlayer
from italia_kit.games.italia.greedy import GreedyPlayer
from italia_kit.games.italia.scenarios import Scenario

__all__ = [
    "PLAYER_KINDS",
    "GreedyPlayer",
    "PassivePlayer",
    "Player",
    "RandomPlayer",
    "ScriptedPlayer",
    "make_player",
    "players_from_spec",
]

#: The players the command line knows, by name; each is built from a seed.
PLAYER_KINDS: dict[str, Callable[[int], Player]] = {
    "greedy": lambda seed: GreedyPlayer(seed),
    "random": lambda seed: RandomPlayer(seed),
    "passive": lambda seed: PassivePlayer(),
}


def make_player(kind: str, seed: int = 0) -> Player:
    """A player of one of :data:`PLAYER_KINDS`; ``ValueError`` names the known kinds."""
    factory = PLAYER_KINDS.get(kind.strip().lower())
    if factory is None:
        known = ", ".join(sorted(PLAYER_KINDS))
        raise ValueError(f"unknown player kind {kind.strip()!r} (known: {known})")
    return factory(seed)


def players_from_spec(
    spec: str, scenario: Scenario, *, seed: int = 0, default: str = "random"
) -> tuple[Player | dict[str, Player], dict[str, str]]:
    """The players a text asks for, and the kind each colour got.

    ``"greedy"``: one player of that kind for every colour, seeded with ``seed``.
    ``"red=greedy,blue=random"``: one player per colour; colours left out get ``default``;
    the player of the colour at position ``i`` of the scenario's list (3.0) is seeded with
    ``seed * 100 + i``. Unknown kinds and colours raise ``ValueError``.
    """
    colours = list(scenario.players)
    text = spec.strip()
    if not text:
        raise ValueError("--players is empty: give a kind (greedy, random ...) or colour=kind")
    if "=" not in text:
        return make_player(text, seed), dict.fromkeys(colours, text.lower())
    kinds = dict.fromkeys(colours, default)
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        colour, sep, kind = (s.strip().lower() for s in item.partition("="))
        if not sep or not kind:
            raise ValueError(f"{item!r} is not colour=kind (e.g. red=greedy)")
        if colour not in kinds:
            raise ValueError(
                f"unknown colour {colour!r} in {scenario.id} (colours: {', '.join(colours)})"
            )
        make_player(kind)  # refuse an unknown kind before anything is built
        kinds[colour] = kind
    players = {c: make_player(kinds[c], seed * 100 + i) for i, c in enumerate(colours)}
    return players, kinds
