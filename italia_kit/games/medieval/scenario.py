"""The Medieval Italia scenario: powers, factions, turn order, arrivals, boats, minima, VP.

The data is a directory of YAML files in the layout of the Italia scenarios
(``docs/scenario-format.md``): ``scenario.yaml`` for the whole game and one file per power;
the fields that differ (no gold or income, arrivals with choices of place, boats and minima
by turn, submission lists) are described in ``docs/games/medieval.md``. Every field and list
entry carries its provenance. Bad data is refused with one
:class:`~italia_kit.games.italia.scenarios.errors.ScenarioError` (the Italia loader's error)
listing every problem, each naming the file, the power and the field.

>>> s = load_scenario()
>>> s.last_turn, len(s.powers), sorted(s.players)
(13, 27, ['Four', 'One', 'Three', 'Two'])
>>> s.power("Lombards").faction, s.power("Lombards").minima_places
('Four', ('Friuli', 'Mantua'))
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.medieval import names

SHIPPED = Path(__file__).parent / "scenarios"

HEAD_KEYS = {
    "id", "title", "start_year", "last_turn", "turn_labels", "players", "colours", "boats",
    "minima", "stack_limit", "population_step", "provenance",
}  # fmt: skip
POWER_KEYS = {
    "name", "faction", "order", "turns", "native", "receives_submission", "may_submit",
    "minima_places", "setup", "reinforcements", "restrictions", "scoring", "elimination_vp",
    "provenance",
}  # fmt: skip
GROUP_KEYS = {"unit", "count", "zone", "zones", "or_own", "name", "raider", "leaves", "arrives",
              "provenance"}  # fmt: skip
REINF_KEYS = {"turn", "units", "major_invasion", "superior", "remove", "replace", "provenance"}
RESTRICTION_KEYS = {"turns", "may_not_attack", "may_move_through", "provenance"}
SCORE_KEYS = {"turns", "kind", "zones", "terrain", "points", "during_nation_turn", "provenance"}
ELIM_KEYS = {"points", "nations", "leaders", "turns", "provenance"}
REPLACE_KEYS = {"nation", "count", "not_in", "nearest_to"}
SCORE_KINDS = ("zone", "terrain", "other")


@dataclass(frozen=True)
class UnitGroup:
    """Armies (or one leader) placed together: at ``zones`` (one to choose), or, with
    ``or_own``, in any area the power holds as well (M-A "France or a Frankish area")."""

    unit: str  # army | leader
    count: int
    zones: tuple[str, ...]
    or_own: bool
    name: str | None
    raider: bool
    leaves: str | None  # "first_phase": the leader leaves after the first impulse
    arrives: str | None  # "second_phase": placed when the second impulse starts
    provenance: str


@dataclass(frozen=True)
class Replace:
    """The Spoletians' turn-1 take-over of Beneventan armies (M-A)."""

    nation: str
    count: int
    not_in: tuple[str, ...]
    nearest_to: str


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    units: tuple[UnitGroup, ...]
    major_invasion: bool
    superior: bool
    remove: int
    replace: Replace | None
    provenance: str


@dataclass(frozen=True)
class Restriction:
    turns: tuple[int, ...]
    may_not_attack: tuple[str, ...]
    may_move_through: tuple[str, ...]
    provenance: str


@dataclass(frozen=True)
class ScoreRule:
    """Territorial VP: ``zone`` per listed area held, ``terrain`` per area of that terrain,
    ``other`` per area no ``zone`` or ``terrain`` rule of the same turn counted."""

    turns: tuple[int, ...]
    kind: str
    zones: tuple[str, ...]
    terrain: str | None
    points: float
    during_nation_turn: bool
    provenance: str


@dataclass(frozen=True)
class EliminationVP:
    points: float
    nations: tuple[str, ...]
    leaders: tuple[str, ...]
    turns: tuple[int, ...]
    provenance: str


@dataclass(frozen=True)
class Power:
    name: str
    faction: str
    order: int
    turns: tuple[int, ...]
    native: bool
    receives_submission: bool
    may_submit: bool
    minima_places: tuple[str, ...]
    setup: tuple[UnitGroup, ...]
    reinforcements: tuple[Reinforcement, ...]
    restrictions: tuple[Restriction, ...]
    scoring: tuple[ScoreRule, ...]
    elimination_vp: tuple[EliminationVP, ...]
    provenance: Mapping[str, str]


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    start_year: str
    last_turn: int
    turn_labels: Mapping[int, str]
    players: Mapping[str, tuple[str, ...]]
    colours: Mapping[str, str]
    boats: Mapping[int, tuple[str, ...]]
    minima: Mapping[int, tuple[str, ...]]
    stack_limit: int
    population_step: int
    powers: tuple[Power, ...]  # in turn order
    provenance: Mapping[str, str]
    variants: tuple[Mapping[str, Any], ...] = ()  # the what-if variants applied, in order

    def power(self, name: str) -> Power:
        for p in self.powers:
            if p.name.lower() == name.strip().lower():
                return p
        close = difflib.get_close_matches(name, [p.name for p in self.powers], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"unknown power {name!r}{hint}")

    def faction_of(self, power: str) -> str:
        return self.power(power).faction


class _Reader:
    """Reads one file's raw values, noting every problem with its file, power and field."""

    def __init__(self, where: str, last_turn: int, problems: list[str]) -> None:
        self.where, self.last_turn, self.problems = where, last_turn, problems

    def fail(self, field: str, message: str) -> None:
        self.problems.append(f"{self.where}: field {field!r}: {message}")

    def keys(self, raw: Mapping[str, Any], allowed: set[str], field: str) -> None:
        for key in raw:
            if key not in allowed:
                close = difflib.get_close_matches(str(key), sorted(allowed), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                self.fail(f"{field}{key}", f"unknown key{hint}")

    def zone(self, value: Any, field: str) -> str:
        if value not in names.ALL:
            close = difflib.get_close_matches(str(value), sorted(names.ALL), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.fail(field, f"unknown area {value!r}{hint}")
        return str(value)

    def zones(self, value: Any, field: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            self.fail(field, f"expected a list of areas, got {value!r}")
            return ()
        return tuple(self.zone(v, f"{field}[{i}]") for i, v in enumerate(value))

    def turns(self, value: Any, field: str) -> tuple[int, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            items = [value]
        elif isinstance(value, str) and "-" in value:
            a, _, b = value.partition("-")
            items = list(range(int(a), int(b) + 1)) if a.isdigit() and b.isdigit() else []
        elif isinstance(value, list):
            items = value
        else:
            items = []
        if not items or not all(isinstance(t, int) and 1 <= t <= self.last_turn for t in items):
            self.fail(field, f"expected turns within 1..{self.last_turn}, got {value!r}")
            return ()
        return tuple(sorted(set(items)))

    def number(self, value: Any, field: str, low: float) -> float:
        if not isinstance(value, int | float) or isinstance(value, bool) or value < low:
            self.fail(field, f"expected a number of at least {low}, got {value!r}")
            return low
        return float(value)

    def provenance(self, raw: Mapping[str, Any], field: str) -> str:
        value = raw.get("provenance")
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{field}provenance", "missing: every entry says where it comes from")
            return ""
        return value


def _group(r: _Reader, raw: Any, field: str, *, setup: bool) -> UnitGroup:
    if not isinstance(raw, dict):
        r.fail(field, f"expected a mapping, got {raw!r}")
        raw = {}
    r.keys(raw, GROUP_KEYS, f"{field}.")
    unit = raw.get("unit")
    if unit not in ("army", "leader"):
        r.fail(f"{field}.unit", f"expected 'army' or 'leader', got {unit!r}")
    zones: tuple[str, ...] = (r.zone(raw["zone"], f"{field}.zone"),) if "zone" in raw else ()
    if "zones" in raw:
        zones = r.zones(raw["zones"], f"{field}.zones")
    or_own = bool(raw.get("or_own", False))
    if not zones and not or_own:
        r.fail(field, "no place: give 'zone', 'zones' or 'or_own: true'")
    if setup and (len(zones) != 1 or or_own):
        r.fail(field, "a set-up group stands in exactly one area")
    count = int(r.number(raw.get("count", 1), f"{field}.count", 1))
    if unit == "leader" and (count != 1 or not raw.get("name")):
        r.fail(field, "a leader is one named piece (count 1, a name)")
    return UnitGroup(
        str(unit), count, zones, or_own, raw.get("name"), bool(raw.get("raider", False)),
        raw.get("leaves"), raw.get("arrives"), r.provenance(raw, f"{field}."),
    )  # fmt: skip


def _reinforcement(r: _Reader, raw: Any, field: str) -> Reinforcement:
    if not isinstance(raw, dict):
        r.fail(field, f"expected a mapping, got {raw!r}")
        raw = {}
    r.keys(raw, REINF_KEYS, f"{field}.")
    turns = r.turns(raw.get("turn"), f"{field}.turn")
    units = tuple(
        _group(r, g, f"{field}.units[{i}]", setup=False) for i, g in enumerate(raw.get("units", []))
    )
    replace = None
    if isinstance(raw.get("replace"), dict):
        rep = raw["replace"]
        r.keys(rep, REPLACE_KEYS, f"{field}.replace.")
        replace = Replace(
            str(rep.get("nation")),
            int(r.number(rep.get("count"), f"{field}.replace.count", 1)),
            r.zones(rep.get("not_in", []), f"{field}.replace.not_in"),
            r.zone(rep.get("nearest_to"), f"{field}.replace.nearest_to"),
        )
    return Reinforcement(
        turns[0] if turns else 1, units, bool(raw.get("major_invasion", False)),
        bool(raw.get("superior", False)), int(r.number(raw.get("remove", 0), f"{field}.remove", 0)),
        replace, r.provenance(raw, f"{field}."),
    )  # fmt: skip


def _power(r: _Reader, raw: dict[str, Any]) -> Power:
    r.keys(raw, POWER_KEYS, "")
    for key in ("name", "faction", "order", "turns", "setup", "reinforcements", "scoring",
                "provenance"):  # fmt: skip
        if key not in raw:
            r.fail(key, "missing")
    found = raw.get("provenance")
    prov: dict[str, Any] = found if isinstance(found, dict) else {}
    for key in raw:
        if key != "provenance" and key not in prov and "default" not in prov:
            r.fail("provenance", f"no provenance for {key!r} (name it or give 'default')")
    restrictions = []
    for i, x in enumerate(raw.get("restrictions", [])):
        r.keys(x, RESTRICTION_KEYS, f"restrictions[{i}].")
        restrictions.append(
            Restriction(
                r.turns(x.get("turns"), f"restrictions[{i}].turns"),
                tuple(x.get("may_not_attack", [])),
                tuple(x.get("may_move_through", [])),
                r.provenance(x, f"restrictions[{i}]."),
            )
        )
    scoring = []
    for i, x in enumerate(raw.get("scoring", [])):
        f = f"scoring[{i}]"
        r.keys(x, SCORE_KEYS, f"{f}.")
        if x.get("kind") not in SCORE_KINDS:
            r.fail(f"{f}.kind", f"expected one of {', '.join(SCORE_KINDS)}, got {x.get('kind')!r}")
        scoring.append(
            ScoreRule(
                r.turns(x.get("turns"), f"{f}.turns"),
                str(x.get("kind")),
                r.zones(x.get("zones", []), f"{f}.zones"),
                x.get("terrain"),
                r.number(x.get("points"), f"{f}.points", 0.5),
                bool(x.get("during_nation_turn", False)),
                r.provenance(x, f"{f}."),
            )
        )
    elims = []
    for i, x in enumerate(raw.get("elimination_vp", [])):
        f = f"elimination_vp[{i}]"
        r.keys(x, ELIM_KEYS, f"{f}.")
        elims.append(
            EliminationVP(
                r.number(x.get("points"), f"{f}.points", 0.5),
                tuple(x.get("nations", [])),
                tuple(x.get("leaders", [])),
                r.turns(x["turns"], f"{f}.turns") if "turns" in x else (),
                r.provenance(x, f"{f}."),
            )
        )
    return Power(
        name=str(raw.get("name")),
        faction=str(raw.get("faction")),
        order=int(raw.get("order", 0)),
        turns=r.turns(raw.get("turns"), "turns"),
        native=bool(raw.get("native", False)),
        receives_submission=bool(raw.get("receives_submission", False)),
        may_submit=bool(raw.get("may_submit", False)),
        minima_places=r.zones(raw.get("minima_places", []), "minima_places"),
        setup=tuple(
            _group(r, g, f"setup[{i}]", setup=True) for i, g in enumerate(raw.get("setup", []))
        ),
        reinforcements=tuple(
            _reinforcement(r, x, f"reinforcements[{i}]")
            for i, x in enumerate(raw.get("reinforcements", []))
        ),
        restrictions=tuple(restrictions),
        scoring=tuple(scoring),
        elimination_vp=tuple(elims),
        provenance={str(k): str(v) for k, v in prov.items()},
    )


def _read_yaml(path: Path, problems: list[str]) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        problems.append(f"{path.parent.name}/{path.name}: not YAML: {exc}")
        return {}
    if not isinstance(data, dict):
        problems.append(f"{path.parent.name}/{path.name}: expected a mapping at the top")
        return {}
    return data


def _cross_check(s: Scenario, problems: list[str]) -> None:
    """What one file cannot check alone: factions, order, the names each list uses."""
    powers = {p.name for p in s.powers}
    listed: dict[str, str] = {}
    for faction, members in s.players.items():
        for m in members:
            if m in listed:
                problems.append(f"scenario.yaml: field 'players': {m!r} is in two factions")
            listed[m] = faction
    for p in s.powers:
        where = f"{s.id}/{p.name.lower()}.yaml: power {p.name!r}"
        if listed.get(p.name) != p.faction:
            problems.append(f"{where}: field 'faction': {p.faction!r} disagrees with 'players'")
        names_used = [n for r in p.restrictions for n in (*r.may_not_attack, *r.may_move_through)]
        names_used += [n for e in p.elimination_vp for n in e.nations]
        names_used += [x.replace.nation for x in p.reinforcements if x.replace]
        for n in names_used:
            if n not in powers:
                problems.append(f"{where}: unknown power {n!r}")
        if p.name in {m for ms in s.minima.values() for m in ms} and not p.minima_places:
            problems.append(f"{where}: field 'minima_places': listed in 'minima' but no place")
    for n in set(listed) - powers:
        problems.append(f"scenario.yaml: field 'players': no file for power {n!r}")
    orders = sorted(p.order for p in s.powers)
    if orders != list(range(1, len(s.powers) + 1)):
        problems.append(f"scenario.yaml: the powers' 'order' must be 1..{len(s.powers)} once each")
    for field, table in (("boats", s.boats), ("minima", s.minima)):
        for turn, ms in table.items():
            for m in ms:
                if m not in powers:
                    problems.append(f"scenario.yaml: field '{field}[{turn}]': unknown power {m!r}")


def load_scenario(source: str | Path = "medieval") -> Scenario:
    """The scenario in directory ``source`` (or the shipped one of that name)."""
    folder = Path(source)
    if not folder.is_dir():
        folder = SHIPPED / str(source)
    if not folder.is_dir():
        raise ScenarioError([f"no scenario directory {str(source)!r}"])
    return _load(folder.resolve())


def read_dicts(
    folder: Path, problems: list[str]
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The raw data of a scenario directory: ``scenario.yaml`` and each power file by name."""
    head = _read_yaml(folder / "scenario.yaml", problems)
    files = {
        path.name: _read_yaml(path, problems)
        for path in sorted(folder.glob("*.yaml"))
        if path.name != "scenario.yaml"
    }
    return head, files


@cache
def _load(folder: Path) -> Scenario:
    problems: list[str] = []
    head, files = read_dicts(folder, problems)
    return scenario_from_dicts(head, files, folder.name, problems)


def scenario_from_dicts(
    head: Mapping[str, Any],
    files: Mapping[str, Mapping[str, Any]],
    name: str = "medieval",
    problems: list[str] | None = None,
    variants: tuple[Mapping[str, Any], ...] = (),
) -> Scenario:
    """Check raw data already in memory (the files' mappings) and build the Scenario."""
    problems = [] if problems is None else problems
    head = dict(head)
    last = head.get("last_turn", 13)
    r = _Reader("scenario.yaml", last if isinstance(last, int) else 13, problems)
    r.keys(head, HEAD_KEYS, "")
    prov = head.get("provenance") or {}
    for key in ("title", "start_year", "last_turn", "turn_labels", "players", "boats", "minima"):
        if key not in head:
            r.fail(key, "missing")
        elif key not in prov:
            r.fail("provenance", f"no provenance for {key!r}")
    powers = []
    for file_name, raw in files.items():
        where = f"{name}/{file_name}: power {raw.get('name')!r}"
        powers.append(_power(_Reader(where, r.last_turn, problems), dict(raw)))
    powers.sort(key=lambda p: p.order)
    scenario = Scenario(
        id=str(head.get("id", name)) + "".join(f"+{v.get('variant', 'variant')}" for v in variants),
        title=str(head.get("title", "")),
        start_year=str(head.get("start_year", "")),
        last_turn=r.last_turn,
        turn_labels={int(k): str(v) for k, v in (head.get("turn_labels") or {}).items()},
        players={str(k): tuple(v) for k, v in (head.get("players") or {}).items()},
        colours={str(k): str(v) for k, v in (head.get("colours") or {}).items()},
        boats={int(k): tuple(v) for k, v in (head.get("boats") or {}).items()},
        minima={int(k): tuple(v) for k, v in (head.get("minima") or {}).items()},
        stack_limit=int(head.get("stack_limit", 3)),
        population_step=int(head.get("population_step", 6)),
        powers=tuple(powers),
        provenance={str(k): str(v) for k, v in prov.items()},
        variants=tuple(variants),
    )
    _cross_check(scenario, problems)
    if problems:
        raise ScenarioError(problems)
    return scenario
