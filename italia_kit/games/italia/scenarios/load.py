"""Loading a scenario directory (``scenario.yaml`` + one YAML file per nation), checked whole.

:func:`load_scenario` reads the shipped games (``"italia1"``, ``"italia2"``) or any directory
in the same format (docs/scenario-format.md); :func:`scenario_from_dicts` checks data that
is already parsed. Either refuses bad data with one :class:`ScenarioError` that lists every
problem, each naming the file, the nation and the field.

>>> s = load_scenario("italia2")
>>> [n.name for n in s.nations_playing(2)][:3]
['Visigoths', 'Western Romans', 'Sardinians']
>>> s.nation("huns").reinforcements[0].gold
4
"""

from __future__ import annotations

import functools
import importlib.resources
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any

import yaml

from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.italia.scenarios.model import Nation, Scenario, StartCity
from italia_kit.games.italia.scenarios.reader import Reader, suggest
from italia_kit.games.italia.scenarios.schema import Known, read_nation
from italia_kit.games.italia.scenarios.zones import ITALIA_WORDS, ZoneWords

__all__ = ["SHIPPED", "load_scenario", "scenario_from_dicts"]

#: The scenarios that ship with the kit, by id.
SHIPPED = ("italia1", "italia2")
_SCENARIO_FILE = "scenario.yaml"
_SCENARIO_KEYS = (
    "id",
    "title",
    "start_year",
    "last_turn",
    "scoring_turns",
    "players",
    "cities",
    "special",
    "provenance",
)
_SCENARIO_REQUIRED = tuple(k for k in _SCENARIO_KEYS if k != "special")
_SCENARIO_PROVENANCE = ("title", "start_year", "last_turn", "scoring_turns", "players")


def load_scenario(name_or_path: str | Path, *, words: ZoneWords | None = None) -> Scenario:
    """The shipped scenario ``"italia1"``/``"italia2"``, or the scenario in a directory.

    ``words``: the zone and region names the files may use, Italia's by default; a variant
    on a board of its own reads its scenario with ``ZoneWords.from_board(board)``."""
    if words is None and isinstance(name_or_path, str) and name_or_path.strip().lower() in SHIPPED:
        return _load_shipped(name_or_path.strip().lower())
    folder = Path(name_or_path)
    if not (folder / _SCENARIO_FILE).is_file():
        hint = suggest(str(name_or_path), SHIPPED)
        raise ScenarioError(
            [
                f"{name_or_path}: no scenario here: expected {', '.join(SHIPPED)} or a directory "
                f"holding {_SCENARIO_FILE}{hint}"
            ]
        )
    return _load_dir(folder, words or ITALIA_WORDS)


@functools.cache
def _load_shipped(name: str) -> Scenario:
    folder = importlib.resources.files("italia_kit.games.italia.scenarios") / name
    return _load_dir(Path(str(folder)))


def _load_dir(folder: Path, words: ZoneWords = ITALIA_WORDS) -> Scenario:
    problems: list[str] = []
    scenario_raw = _read_yaml(folder / _SCENARIO_FILE, folder, problems)
    nations_raw = {
        path.name: _read_yaml(path, folder, problems)
        for path in sorted(folder.glob("*.yaml"))
        if path.name != _SCENARIO_FILE
    }
    return _build(scenario_raw, nations_raw, folder.name, problems, str(folder), words)


def scenario_from_dicts(
    scenario: Mapping[str, Any],
    nations: Mapping[str, Any],
    *,
    source: str = "dicts",
    words: ZoneWords = ITALIA_WORDS,
) -> Scenario:
    """A checked Scenario from parsed data: ``scenario.yaml``'s mapping and the nation files'
    mappings keyed by file name (``{"celts.yaml": {...}}``); ``source`` prefixes messages;
    ``words``: the zone names they may use (as for :func:`load_scenario`)."""
    return _build(scenario, nations, source, [], source, words)


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses a key given twice in one mapping (PyYAML keeps the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} given twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _read_yaml(path: Path, folder: Path, problems: list[str]) -> Any:
    label = f"{folder.name}/{path.name}"
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except FileNotFoundError:
        problems.append(f"{label}: file missing")
    except yaml.YAMLError as exc:
        problems.append(f"{label}: not valid YAML: {' '.join(str(exc).split())}")
    return None


def _build(
    scenario_raw: Any,
    nations_raw: Mapping[str, Any],
    label: str,
    problems: list[str],
    source: str,
    words: ZoneWords = ITALIA_WORDS,
) -> Scenario:
    r = Reader(f"{label}/{_SCENARIO_FILE}", problems, last_turn=30, words=words)
    data = r.mapping(scenario_raw, "", _SCENARIO_KEYS, _SCENARIO_REQUIRED)
    last_turn = r.integer(data.get("last_turn", 10), "last_turn", 1, 30)
    r.last_turn = last_turn
    known = _gather_names(nations_raw)
    nations: list[tuple[str, Nation]] = []
    for file, raw in nations_raw.items():
        if raw is None and any(p.startswith(f"{label}/{file}:") for p in problems):
            continue  # unreadable YAML, already reported
        nr = Reader(f"{label}/{file}", problems, last_turn, words)
        nations.append((file, read_nation(raw, nr, known)))
    nations.sort(key=lambda pair: pair[1].order)
    players = _players(data.get("players"), r, known)
    _cross_check(nations, players, label, problems)
    scenario = Scenario(
        id=r.text(data.get("id"), "id"),
        title=r.text(data.get("title"), "title"),
        players=players,
        nations=tuple(n for _, n in nations),
        scoring_turns=r.turns(data.get("scoring_turns"), "scoring_turns"),
        last_turn=last_turn,
        start_year=r.text(data.get("start_year"), "start_year"),
        cities=_cities(data.get("cities"), r),
        special=tuple(
            r.text(x, f"special[{i}]")
            for i, x in enumerate(r.sequence(data.get("special"), "special"))
        ),
        provenance=_scenario_provenance(data.get("provenance"), r),
        source=source,
        words=words,
    )
    if problems:
        raise ScenarioError(problems)
    return scenario


def _gather_names(nations_raw: Mapping[str, Any]) -> Known:
    """Nation and leader names from every file, so cross-references can be checked."""
    known = Known()
    for raw in nations_raw.values():
        if not isinstance(raw, Mapping):
            continue
        if isinstance(raw.get("name"), str):
            known.nations.append(raw["name"])
        groups = list(raw.get("setup") or [])
        for reinforcement in raw.get("reinforcements") or []:
            if isinstance(reinforcement, Mapping):
                groups += list(reinforcement.get("units") or [])
        known.leaders += [
            g["name"]
            for g in groups
            if isinstance(g, Mapping)
            and g.get("unit") == "leader"
            and isinstance(g.get("name"), str)
        ]
    return known


def _players(value: Any, r: Reader, known: Known) -> dict[str, tuple[str, ...]]:
    data = r.mapping(
        value, "players", [str(k) for k in value] if isinstance(value, Mapping) else []
    )
    players = {}
    for colour, names in data.items():
        f = f"players.{colour}"
        players[str(colour)] = tuple(
            r.name_in(n, f"{f}[{i}]", known.nations, "nation")
            for i, n in enumerate(r.sequence(names, f))
        )
    return players


def _cities(value: Any, r: Reader) -> tuple[StartCity, ...]:
    cities: list[StartCity] = []
    for i, raw in enumerate(r.sequence(value, "cities")):
        f = f"cities[{i}]"
        data = r.mapping(raw, f, ("zone", "provenance"), ("zone", "provenance"))
        zone = r.land_zone(data.get("zone"), f"{f}.zone")
        if zone in r.words.no_city:
            r.fail(f"{f}.zone", f"no city may stand in {zone!r} (2.2.1.9)")
        if zone and zone in [c.zone for c in cities]:
            r.fail(f"{f}.zone", f"a second city in {zone!r}: one city per zone (2.2.1.9)")
        cities.append(StartCity(zone, r.text(data.get("provenance"), f"{f}.provenance")))
    return tuple(cities)


def _scenario_provenance(value: Any, r: Reader) -> dict[str, str]:
    data = r.mapping(value, "provenance", _SCENARIO_KEYS[:-1], _SCENARIO_PROVENANCE)
    return {str(k): r.text(v, f"provenance.{k}") for k, v in data.items()}


def _cross_check(
    nations: list[tuple[str, Nation]],
    players: Mapping[str, tuple[str, ...]],
    label: str,
    problems: list[str],
) -> None:
    """What no single file can check: unique names and orders, colours against players."""
    listed = {name: colour for colour, names in players.items() for name in names}
    seen_names: dict[str, str] = {}
    for file, nation in nations:
        r = Reader(f"{label}/{file}", problems)
        r.nation = nation.name
        if nation.name.casefold() in seen_names:
            r.fail("name", f"also the name of {seen_names[nation.name.casefold()]}")
        seen_names[nation.name.casefold()] = file
        if nation.name and nation.name not in listed:
            r.fail("colour", f"scenario.yaml's players do not list {nation.name!r}")
        elif nation.name and listed[nation.name] != nation.colour:
            r.fail(
                "colour",
                f"{nation.colour!r}, but scenario.yaml lists the nation under "
                f"{listed[nation.name]!r} (3.0)",
            )
    orders = [n.order for _, n in nations]
    if orders != list(range(1, len(nations) + 1)):
        problems.append(
            f"{label}: the nations' 'order' fields must number them 1 to {len(nations)} once "
            f"each, got {orders}"
        )
    all_named = [name for names in players.values() for name in names]
    for name in sorted({n for n in all_named if all_named.count(n) > 1}):
        problems.append(f"{label}/{_SCENARIO_FILE}: field 'players': {name!r} listed twice")
