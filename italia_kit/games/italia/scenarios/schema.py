"""The schema of a nation file: every key, its type and its checks (docs/scenario-format.md).

:func:`read_nation` turns one raw mapping into a
:class:`~italia_kit.games.italia.scenarios.model.Nation`,
noting every problem in the reader; names that live in other files (masters, leaders) are
checked against ``Known``, which the loader fills from all files first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from italia_kit.games.italia.scenarios.model import (
    ARRIVAL_TIMES,
    INCOME_KINDS,
    LOOT_KINDS,
    SCORE_KINDS,
    UNIT_TYPES,
    EliminationVP,
    Nation,
    Reinforcement,
    ScoreRule,
    SubmissionRule,
    UnitGroup,
)
from italia_kit.games.italia.scenarios.reader import Reader
from italia_kit.games.italia.scenarios.zones import ITALIA_WORDS

__all__ = ["NATION_FIELDS", "OPTIONAL_DEFAULTS", "Known", "read_nation"]

#: The fields of a nation file, in the documented order (provenance last).
NATION_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Nation))
#: Fields a file may leave out, and what they then are.
OPTIONAL_DEFAULTS: Mapping[str, Any] = {
    "income_zone": None,
    "income_region": None,
    "start_gold": 0,
    "capital": None,
    "unit_caps": [],
    "may_stay_in_borderlands": [],
    "loot_vp": 0,
    "elimination_vp": [],
    "submission": [],
    "revolts": [],
    "special": [],
}
_REQUIRED = tuple(f for f in NATION_FIELDS if f not in OPTIONAL_DEFAULTS)
_BUYABLE = tuple(u for u in UNIT_TYPES if u != "leader")
_GROUP_KEYS = ("unit", "count", "zone", "name", "region", "or_adjacent", "provenance")
_REINFORCEMENT_KEYS = (
    "turn",
    "units",
    "gold",
    "campaign",
    "major_invasion",
    "when",
    "campaign_first",
    "extra_move",
    "provenance",
)
_SCORE_KEYS = (
    "turns",
    "kind",
    "points",
    "zones",
    "region",
    "needs_city",
    "minus_per_foreign_zone",
    "provenance",
)
_ELIMINATION_KEYS = ("points", "units", "nations", "leaders", "own_attackers_count", "provenance")
_SUBMISSION_KEYS = ("master", "must_at_or_below", "may_at_or_below", "turns", "provenance")


@dataclass
class Known:
    """Names gathered from every file of the scenario before any file is checked."""

    nations: list[str] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)


def read_nation(raw: Any, r: Reader, known: Known) -> Nation:
    """The Nation of one file's raw mapping; problems go to ``r``."""
    if isinstance(raw, Mapping) and isinstance(raw.get("name"), str):
        r.nation = raw["name"]
    data = r.mapping(raw, "", NATION_FIELDS, _REQUIRED)
    get = {**OPTIONAL_DEFAULTS, **data}.get
    name = r.text(get("name"), "name")
    turns = r.turns(get("turns"), "turns")
    limits = _token_limits(get("token_limits"), r)
    income = r.choice(get("income"), "income", INCOME_KINDS, "income kind")
    income_zone = _income_zone(get("income_zone"), income, r)
    income_region = _income_region(get("income_region"), income, r)
    loot = r.choice(get("loot"), "loot", LOOT_KINDS, "loot kind")
    loot_vp = r.number(get("loot_vp"), "loot_vp")
    if loot in ("vp", "choice") and loot_vp <= 0:
        r.fail("loot_vp", f"loot {loot!r} needs loot_vp above 0")
    setup = _groups(get("setup"), "setup", r, limits, at_start=True)
    nation = Nation(
        name=name,
        colour=r.text(get("colour"), "colour"),
        order=r.integer(get("order"), "order", 1),
        income=income,
        income_zone=income_zone,
        income_region=income_region,
        turns=turns,
        start_gold=r.integer(get("start_gold"), "start_gold", 0, 10),
        capital=None if get("capital") is None else r.land_zone(get("capital"), "capital"),
        token_limits=limits,
        unit_caps=_unit_caps(get("unit_caps"), r),
        setup=setup,
        reinforcements=_reinforcements(get("reinforcements"), r, limits, turns),
        may_stay_in_borderlands=_borderlands(get("may_stay_in_borderlands"), r),
        loot=loot,
        loot_vp=loot_vp,
        scoring=tuple(
            _score_rule(x, f"scoring[{i}]", r) for i, x in _items(get("scoring"), "scoring", r)
        ),
        elimination_vp=tuple(
            _elimination(x, f"elimination_vp[{i}]", r, known)
            for i, x in _items(get("elimination_vp"), "elimination_vp", r)
        ),
        submission=tuple(
            _submission(x, f"submission[{i}]", r, known, name)
            for i, x in _items(get("submission"), "submission", r)
        ),
        revolts=r.turns(get("revolts"), "revolts"),
        special=tuple(r.text(x, f"special[{i}]") for i, x in _items(get("special"), "special", r)),
        provenance=_provenance(get("provenance"), r),
    )
    return nation


def _items(value: Any, field: str, r: Reader) -> list[tuple[int, Any]]:
    return list(enumerate(r.sequence(value, field)))


def _provenance(value: Any, r: Reader) -> dict[str, str]:
    """``field -> source`` for every field; a ``default`` entry covers the fields not listed."""
    data = r.mapping(value, "provenance", (*NATION_FIELDS[:-1], "default"))
    out = {str(k): r.text(v, f"provenance.{k}") for k, v in data.items()}
    default = out.pop("default", None)
    for name in NATION_FIELDS[:-1]:
        if name not in out:
            if default is None:
                r.fail(f"provenance.{name}", "missing: say where the value comes from")
            else:
                out[name] = default
    return out


def _token_limits(value: Any, r: Reader) -> dict[str, int]:
    data = r.mapping(value, "token_limits", _BUYABLE)
    return {str(k): r.integer(v, f"token_limits.{k}", 0) for k, v in data.items()}


def _income_zone(value: Any, income: str, r: Reader) -> str | None:
    if income == "normal_if_zone":
        return r.land_zone(value, "income_zone")
    if value is not None:
        r.fail("income_zone", f"only income 'normal_if_zone' names a zone (income is {income!r})")
    return None


def _income_region(value: Any, income: str, r: Reader) -> str | None:
    if income == "half_without_region":
        return r.region(value, "income_region")
    if value is not None:
        r.fail("income_region", f"only income 'half_without_region' names a region ({income!r})")
    return None


def _unit_caps(value: Any, r: Reader) -> tuple[tuple[int, str, int], ...]:
    caps = []
    for i, raw in enumerate(r.sequence(value, "unit_caps")):
        f = f"unit_caps[{i}]"
        data = r.mapping(raw, f, ("turn", "unit", "max"), ("turn", "unit", "max"))
        caps.append(
            (
                r.turn(data.get("turn"), f"{f}.turn"),
                r.choice(data.get("unit"), f"{f}.unit", _BUYABLE, "unit type"),
                r.integer(data.get("max"), f"{f}.max", 0),
            )
        )
    return tuple(caps)


def _borderlands(value: Any, r: Reader) -> tuple[str, ...]:
    out = []
    for i, raw in enumerate(r.sequence(value, "may_stay_in_borderlands")):
        f = f"may_stay_in_borderlands[{i}]"
        zone = r.zone(raw, f)
        if zone and zone not in r.words.borderlands:
            known = ", ".join(sorted(r.words.borderlands))
            r.fail(f, f"{zone!r} is not a borderland ({known})")
        out.append(zone)
    return tuple(out)


def _group(raw: Any, f: str, r: Reader, limits: Mapping[str, int], at_start: bool) -> UnitGroup:
    data = r.mapping(raw, f, _GROUP_KEYS, ("unit", "count", "zone", "provenance"))
    unit = r.choice(data.get("unit"), f"{f}.unit", UNIT_TYPES, "unit type")
    count = r.integer(data.get("count"), f"{f}.count", 1)
    zone = None if data.get("zone") is None else r.zone(data["zone"], f"{f}.zone")
    region = None if data.get("region") is None else r.region(data["region"], f"{f}.region")
    or_adjacent = r.boolean(data.get("or_adjacent", False), f"{f}.or_adjacent")
    name = r.optional_text(data.get("name"), f"{f}.name")
    if unit == "leader" and count != 1:
        r.fail(f"{f}.count", "a leader is one token: count must be 1")
    if name is not None and unit != "leader":
        r.fail(f"{f}.name", f"only leaders have a name (unit is {unit!r})")
    if unit not in ("leader", *limits):
        r.fail(f"{f}.unit", f"the nation has no {unit!r} tokens (token_limits)")
    if zone is None and "zone" in data and at_start:
        r.fail(f"{f}.zone", "units on the board at the start need a zone")
    if region is not None and zone is not None:
        r.fail(f"{f}.region", "a region narrows 'any zone the nation controls': zone must be null")
    if unit == "fleet" and zone and zone not in r.words.seas and not or_adjacent:
        r.fail(f"{f}.zone", f"fleets stay at sea (9.5): {zone!r} is land")
    return UnitGroup(
        unit,
        count,
        zone,
        name,
        r.text(data.get("provenance"), f"{f}.provenance"),
        region,
        or_adjacent,
    )


def _groups(
    value: Any, f: str, r: Reader, limits: Mapping[str, int], at_start: bool
) -> tuple[UnitGroup, ...]:
    groups = tuple(
        _group(raw, f"{f}[{i}]", r, limits, at_start) for i, raw in enumerate(r.sequence(value, f))
    )
    for sea in sorted({g.zone for g in groups if g.zone in r.words.seas}):
        fleets = sum(g.count for g in groups if g.zone == sea and g.unit == "fleet")
        carried = sum(
            g.count for g in groups if g.zone == sea and g.unit not in ("fleet", "leader")
        )
        if carried > 2 * fleets:
            r.fail(
                f,
                f"{carried} land units at sea in {sea!r} but {fleets} fleets carry only "
                f"{2 * fleets} (9.6)",
            )
    for unit in _BUYABLE:
        total = sum(g.count for g in groups if g.unit == unit)
        if unit in limits and total > limits[unit]:
            r.fail(f, f"{total} {unit} but the box holds {limits[unit]} (token_limits)")
    return groups


def _reinforcements(
    value: Any, r: Reader, limits: Mapping[str, int], turns: Sequence[int]
) -> tuple[Reinforcement, ...]:
    out = []
    for i, raw in enumerate(r.sequence(value, "reinforcements")):
        f = f"reinforcements[{i}]"
        data = r.mapping(raw, f, _REINFORCEMENT_KEYS, ("turn", "units", "provenance"))
        turn = r.turn(data.get("turn"), f"{f}.turn")
        if turns and 1 <= turn <= r.last_turn and turn not in turns:
            r.fail(f"{f}.turn", f"the nation does not play turn {turn} (turns {list(turns)})")
        units = _groups(data.get("units"), f"{f}.units", r, limits, at_start=False)
        campaign = r.boolean(data.get("campaign", False), f"{f}.campaign")
        first = r.boolean(data.get("campaign_first", False), f"{f}.campaign_first")
        if campaign and not any(g.unit == "leader" for g in units):
            r.fail(f"{f}.campaign", "a campaign is led by a leader (12.3): no leader arrives")
        if first and not campaign:
            r.fail(f"{f}.campaign_first", "only a campaign can begin the turn (12.3)")
        major = r.boolean(data.get("major_invasion", False), f"{f}.major_invasion")
        extra = r.boolean(data.get("extra_move", False), f"{f}.extra_move")
        if extra and not major:
            r.fail(f"{f}.extra_move", "the extra move is a bonus of a major invasion (12.2)")
        out.append(
            Reinforcement(
                turn=turn,
                units=units,
                gold=r.integer(data.get("gold", 0), f"{f}.gold", 0),
                campaign=campaign,
                major_invasion=major,
                when=r.choice(data.get("when", "placement"), f"{f}.when", ARRIVAL_TIMES, "time"),
                provenance=r.text(data.get("provenance"), f"{f}.provenance"),
                campaign_first=first,
                extra_move=extra,
            )
        )
    return tuple(out)


def _score_rule(raw: Any, f: str, r: Reader) -> ScoreRule:
    data = r.mapping(raw, f, _SCORE_KEYS, ("turns", "kind", "points", "provenance"))
    kind = r.choice(data.get("kind"), f"{f}.kind", SCORE_KINDS, "score kind")
    zones = tuple(
        r.zone(z, f"{f}.zones[{i}]")
        for i, z in enumerate(r.sequence(data.get("zones"), f"{f}.zones"))
    )
    region = None if data.get("region") is None else r.region(data["region"], f"{f}.region")
    minus = r.boolean(data.get("minus_per_foreign_zone", False), f"{f}.minus_per_foreign_zone")
    if kind == "region" and region is None:
        r.fail(f"{f}.region", "kind 'region' needs a region")
    if kind == "zone_list" and not zones:
        r.fail(f"{f}.zones", "kind 'zone_list' needs zones")
    if zones and region is not None:
        r.fail(f"{f}.region", "give zones or a region, not both")
    if minus and kind not in ("region", "zone_list"):
        r.fail(
            f"{f}.minus_per_foreign_zone", "only whole-area rules (region, zone_list) lose points"
        )
    return ScoreRule(
        turns=r.turns(data.get("turns"), f"{f}.turns"),
        kind=kind,
        points=r.number(data.get("points"), f"{f}.points", 0.5),
        zones=zones,
        region=region,
        needs_city=r.boolean(data.get("needs_city", False), f"{f}.needs_city"),
        regions=None if r.words is ITALIA_WORDS else r.words.regions,
        minus_per_foreign_zone=minus,
        provenance=r.text(data.get("provenance"), f"{f}.provenance"),
    )


def _elimination(raw: Any, f: str, r: Reader, known: Known) -> EliminationVP:
    data = r.mapping(raw, f, _ELIMINATION_KEYS, ("points", "provenance"))
    seq = r.sequence
    return EliminationVP(
        points=r.number(data.get("points"), f"{f}.points", 0.5),
        unit_types=tuple(
            r.choice(u, f"{f}.units[{i}]", UNIT_TYPES, "unit type")
            for i, u in enumerate(seq(data.get("units"), f"{f}.units"))
        ),
        nations=tuple(
            r.name_in(n, f"{f}.nations[{i}]", known.nations, "nation")
            for i, n in enumerate(seq(data.get("nations"), f"{f}.nations"))
        ),
        leaders=tuple(
            r.name_in(n, f"{f}.leaders[{i}]", known.leaders, "leader")
            for i, n in enumerate(seq(data.get("leaders"), f"{f}.leaders"))
        ),
        own_attackers_count=r.boolean(
            data.get("own_attackers_count", False), f"{f}.own_attackers_count"
        ),
        provenance=r.text(data.get("provenance"), f"{f}.provenance"),
    )


def _submission(raw: Any, f: str, r: Reader, known: Known, own: str) -> SubmissionRule:
    data = r.mapping(raw, f, _SUBMISSION_KEYS, ("master", "provenance"))
    master = r.name_in(data.get("master"), f"{f}.master", known.nations, "nation")
    if master and master == own:
        r.fail(f"{f}.master", "a nation cannot submit to itself")
    must, may = data.get("must_at_or_below"), data.get("may_at_or_below")
    must = None if must is None else r.integer(must, f"{f}.must_at_or_below", 0)
    may = None if may is None else r.integer(may, f"{f}.may_at_or_below", 0)
    if must is None and may is None:
        r.fail(f, "give must_at_or_below, may_at_or_below or both")
    if must is not None and may is not None and may < must:
        r.fail(f"{f}.may_at_or_below", f"{may} is below must_at_or_below {must}")
    return SubmissionRule(
        master=master,
        must_at_or_below=must,
        may_at_or_below=may,
        turns=r.turns(data.get("turns", []), f"{f}.turns"),
        provenance=r.text(data.get("provenance"), f"{f}.provenance"),
    )
