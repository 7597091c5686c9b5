"""The Medieval Italia scenario as an Italia :class:`~italia_kit.games.italia.scenarios.Scenario`
(issue 19, stage 2): the medieval powers become Italia nations on the medieval board, so
that the Italia engine plays them under :class:`~.rulebook.MedievalRulebook`.

What maps onto Italia's card (``docs/scenario-format.md``), and how:

- a power is a nation: its name, turn order and turns; its faction is the nation's colour
  and the scenario's player (the medieval factions One..Four);
- an army is Italia's ``infantry`` (Britannia (public summary): every army rolls one die
  and takes one hit, as Italia's infantry does, 10.2), a leader is a ``leader``;
- the set-up's groups keep their one area; an arrival keeps its turn, units and name, with
  its area when it names one land area and none (``zone: null``) when it offers a choice
  or arrives at sea in its own boats (Italia's card needs fleets there, 9.6): the
  choice itself is the medieval data's, given by the rulebook as the group arrives
  (``MedievalRulebook.reinforcements_due``, rule text "the decision is made when they
  arrive");
- no gold, no income, no loot (the variant has none: Britannia (public summary));
- a chart entry's major invasion is Italia's (12.2: two movement and two combat phases),
  as Britannia's (public summary: a major invasion moves and fights twice);
- token limits: every army the scenario gives any power (set-up and arrivals), so that
  no counter limit of Italia's (6.2) binds where the variant sets none (reconstructed:
  the variant's counter mix was not found; the minima and the Spoletians' take-over add
  armies to a power beyond its own arrivals).

The variant's own fields (boats by turn, minima, the submission lists, the chart's
restrictions, the territorial awards) stay in the medieval scenario, which the rulebook
holds; this card carries only what Italia's rules read.

>>> from italia_kit.games.medieval.scenario import load_scenario
>>> card = italia_scenario(load_scenario())
>>> card.id, card.last_turn, len(card.nations)
('medieval', 13, 27)
>>> lombards = card.nation("Lombards")
>>> lombards.colour, lombards.reinforcements[0].units[0].unit, dict(lombards.token_limits)
('Four', 'infantry', {'infantry': 263})
"""

from __future__ import annotations

from functools import cache
from typing import Any

from italia_kit.games.italia.scenarios import Scenario as ItaliaScenario
from italia_kit.games.italia.scenarios import scenario_from_dicts
from italia_kit.games.italia.scenarios.zones import ZoneWords
from italia_kit.games.medieval.scenario import Power, UnitGroup
from italia_kit.games.medieval.scenario import Scenario as MedievalScenario
from italia_kit.geo import Board, load_board

#: a medieval unit kind -> the Italia unit type that plays it (see the module)
UNIT_OF = {"army": "infantry", "leader": "leader"}
_CARD = "medieval scenario (games/medieval/scenarios), mapped by games/medieval/italia_cards.py"


@cache
def medieval_board() -> Board:
    """The medieval board, loaded once (its tables are shared by every World on it)."""
    return load_board("medieval")


def _turns(turns: tuple[int, ...]) -> str | list[int]:
    """Italia's ``turns`` field: ``"a-b"`` for a run of turns, else the list."""
    if turns and list(turns) == list(range(turns[0], turns[-1] + 1)):
        return f"{turns[0]}-{turns[-1]}"
    return list(turns)


def _group(group: UnitGroup, seas: frozenset[str]) -> dict[str, Any]:
    """One medieval group as Italia's: its one land area, or none when it offers a choice
    or arrives at sea (armies in their own boats, which Italia's card refuses without
    fleets, 9.6: the rulebook places them)."""
    one = group.zones[0] if len(group.zones) == 1 and not group.or_own else None
    return {
        "unit": UNIT_OF[group.unit],
        "count": group.count,
        "zone": None if one in seas else one,
        "name": group.name,
        "provenance": group.provenance,
    }


def _armies(medieval: MedievalScenario) -> int:
    """Every army the scenario gives any power (set-up and arrivals)."""
    return sum(
        g.count
        for p in medieval.powers
        for g in (*p.setup, *(g for r in p.reinforcements for g in r.units))
        if g.unit == "army"
    )


def _nation(power: Power, seas: frozenset[str], counters: int) -> dict[str, Any]:
    return {
        "name": power.name,
        "colour": power.faction,
        "order": power.order,
        "income": "none",
        "turns": _turns(power.turns),
        "token_limits": {"infantry": counters},
        "setup": [_group(g, seas) for g in power.setup],
        "reinforcements": [
            {
                "turn": r.turn,
                "units": [_group(g, seas) for g in r.units],
                # Britannia (public summary): a major invasion moves and fights twice (12.2)
                "major_invasion": r.major_invasion,
                "provenance": r.provenance,
            }
            for r in power.reinforcements
        ],
        "loot": "gold",
        "scoring": [],
        "provenance": {
            "default": f"{_CARD}: {power.provenance.get('default', 'the power file')}",
            "income": "Britannia (public summary): no gold and no income",
            "loot": "Britannia (public summary): no looting (Italia's gold loot, never paid)",
            "token_limits": "reconstructed: no counter limit found; every army of the game",
            "scoring": "the medieval awards, scored by MedievalRulebook (not Italia's rules)",
        },
    }


def italia_scenario(medieval: MedievalScenario, board: Board | None = None) -> ItaliaScenario:
    """The Italia card of the medieval scenario ``medieval`` on ``board`` (the medieval
    board by default), checked by Italia's loader against the board's words."""
    board = board if board is not None else medieval_board()
    scoring_turns = sorted({t for p in medieval.powers for r in p.scoring for t in r.turns})
    head = {
        "id": medieval.id,
        "title": medieval.title,
        "start_year": medieval.start_year,
        "last_turn": medieval.last_turn,
        "scoring_turns": scoring_turns,
        "players": {f: list(powers) for f, powers in medieval.players.items()},
        "cities": [],
        "provenance": {
            k: f"{_CARD}: {medieval.provenance.get(k, medieval.provenance.get('default', ''))}"
            for k in ("title", "start_year", "last_turn", "scoring_turns", "players")
        },
    }
    seas = frozenset(z.name for z in board.zones if z.kind == "sea")
    counters = _armies(medieval)
    nations = {f"{p.name.lower()}.yaml": _nation(p, seas, counters) for p in medieval.powers}
    return scenario_from_dicts(
        head, nations, source=f"{medieval.id} (Italia card)", words=ZoneWords.from_board(board)
    )
