"""What-if variants: a small diff applied to a scenario, checked like a scenario file.

A variant is a list of changes, each one ``set``, ``append`` or ``remove`` at a path into
one nation file (``nation: Carthaginians``) or into ``scenario.yaml`` (no ``nation``).
Paths read like the field names of error messages, with ``[field=value]`` to pick a list
entry by content: ``reinforcements[turn=6].units``. The changed data goes through the same
schema check as the files, and the original scenario is left untouched.

>>> from italia_kit.games.italia.scenarios import load_scenario
>>> base = load_scenario("italia1")
>>> more = with_variant(base, [{"nation": "Carthaginians", "set": "start_gold", "value": 3}])
>>> base.nation("Carthaginians").start_gold, more.nation("Carthaginians").start_gold
(0, 3)
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

import yaml

from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.italia.scenarios.load import scenario_from_dicts
from italia_kit.games.italia.scenarios.model import (
    EliminationVP,
    Nation,
    Reinforcement,
    Scenario,
    ScoreRule,
    SubmissionRule,
    UnitGroup,
)
from italia_kit.games.italia.scenarios.reader import suggest

__all__ = ["apply_change", "nation_file_name", "read_variant", "scenario_to_dicts", "with_variant"]

_OPS = ("set", "append", "remove")
_SEGMENT = re.compile(r"^(?P<key>[A-Za-z_]\w*)(?P<selectors>(\[[^\]]*\])*)$")
_SELECTOR = re.compile(r"\[([^\]]*)\]")


def nation_file_name(nation: str) -> str:
    """The file a nation lives in: ``'Romans of Africa'`` -> ``'romans_of_africa.yaml'``."""
    return "_".join(nation.lower().split()) + ".yaml"


def scenario_to_dicts(scenario: Scenario) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The scenario as the raw data of its files: ``(scenario.yaml, {file: nation data})``.

    ``scenario_from_dicts(*scenario_to_dicts(s))`` rebuilds an equal scenario.
    """
    head: dict[str, Any] = {
        "id": scenario.id,
        "title": scenario.title,
        "start_year": scenario.start_year,
        "last_turn": scenario.last_turn,
        "scoring_turns": list(scenario.scoring_turns),
        "players": {colour: list(names) for colour, names in scenario.players.items()},
        "cities": [{"zone": c.zone, "provenance": c.provenance} for c in scenario.cities],
        "special": list(scenario.special),
        "provenance": dict(scenario.provenance),
    }
    return head, {nation_file_name(n.name): _nation_dict(n) for n in scenario.nations}


def _nation_dict(nation: Nation) -> dict[str, Any]:
    out: dict[str, Any] = {f.name: getattr(nation, f.name) for f in fields(Nation)}
    out.update(
        turns=list(nation.turns),
        token_limits=dict(nation.token_limits),
        unit_caps=[{"turn": t, "unit": u, "max": m} for t, u, m in nation.unit_caps],
        setup=[_plain(g) for g in nation.setup],
        reinforcements=[_plain(r) for r in nation.reinforcements],
        may_stay_in_borderlands=list(nation.may_stay_in_borderlands),
        scoring=[_plain(s) for s in nation.scoring],
        elimination_vp=[_plain(e) for e in nation.elimination_vp],
        submission=[_plain(s) for s in nation.submission],
        revolts=list(nation.revolts),
        special=list(nation.special),
        provenance=dict(nation.provenance),
    )
    return out


def _plain(
    value: UnitGroup | Reinforcement | ScoreRule | EliminationVP | SubmissionRule,
) -> dict[str, Any]:
    """A dataclass as file data, leaving out fields that hold their default."""
    out: dict[str, Any] = {}
    for f in fields(value):
        item = getattr(value, f.name)
        if f.name != "provenance" and f.default is not MISSING and f.default == item:
            continue
        key = "units" if f.name == "unit_types" else f.name
        if isinstance(item, tuple):
            item = [_plain(x) if isinstance(x, UnitGroup) else x for x in item]
        out[key] = item
    return out


def with_variant(
    scenario: Scenario, changes: Mapping[str, Any] | Sequence[Mapping[str, Any]] | Path
) -> Scenario:
    """``scenario`` with ``changes`` applied (a variant file's path, its mapping, or the
    list of changes alone); raises ScenarioError listing every problem."""
    spec = _spec(changes)
    name = str(spec.get("variant") or "what-if")
    head, nations = scenario_to_dicts(scenario)
    by_name = {data["name"].casefold(): file for file, data in nations.items()}
    problems: list[str] = []
    items = spec.get("changes")
    if not isinstance(items, list):
        problems.append(f"variant {name!r}: 'changes' must be a list of changes")
        items = []
    for i, change in enumerate(items):
        where = f"variant {name!r}: changes[{i}]"
        if not isinstance(change, Mapping):
            problems.append(f"{where}: expected a mapping, got {change!r}")
            continue
        target = head
        if change.get("nation") is not None:
            file = by_name.get(str(change["nation"]).casefold())
            if file is None:
                hint = suggest(str(change["nation"]), [d["name"] for d in nations.values()])
                problems.append(
                    f"{where}: field 'nation': unknown nation {change['nation']!r}{hint}"
                )
                continue
            target = nations[file]
        problems += [f"{where}: {p}" for p in apply_change(target, change)]
    if problems:
        raise ScenarioError(problems)
    if "title" in spec:
        head["title"] = spec["title"]
    head["id"] = f"{scenario.id}+{name}"
    built = scenario_from_dicts(head, nations, source=f"{scenario.id}+{name}", words=scenario.words)
    # a save of a variant's game names the base and the variants (core.save, GameRef)
    return dataclasses.replace(
        built,
        base=scenario.base or scenario.id,
        variants=(*scenario.variants, {"variant": name, **spec}),
    )


def read_variant(
    changes: Mapping[str, Any] | Sequence[Mapping[str, Any]] | Path,
) -> Mapping[str, Any]:
    """A variant as its file's mapping (``variant``, ``title``, ``changes``), from a file's
    path, the mapping itself or the list of changes alone; ScenarioError if it is none."""
    return _spec(changes)


def _spec(changes: Mapping[str, Any] | Sequence[Mapping[str, Any]] | Path) -> Mapping[str, Any]:
    if isinstance(changes, Path):
        try:
            loaded = yaml.safe_load(changes.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise ScenarioError([f"{changes}: cannot read the variant: {exc}"]) from exc
        changes = loaded
    if isinstance(changes, Mapping):
        unknown = sorted(set(changes) - {"variant", "title", "changes"})
        if unknown:
            raise ScenarioError([f"variant: unknown key {unknown[0]!r} (variant, title, changes)"])
        return copy.deepcopy(dict(changes))
    if isinstance(changes, list | tuple):
        return {"changes": copy.deepcopy(list(changes))}
    raise ScenarioError([f"variant: expected a mapping or a list of changes, got {changes!r}"])


def apply_change(target: dict[str, Any], change: Mapping[str, Any]) -> list[str]:
    """Apply one change (``set``, ``append`` or ``remove`` at a path, docs/scenario-format.md)
    to the scenario dicts ``target`` in place; the problems, if any. Public so that a game
    with scenarios in Italia's format (the medieval variant) applies its what-ifs the same way."""
    unknown = sorted(set(change) - {"nation", "value", *_OPS})
    ops = [op for op in _OPS if op in change]
    if unknown:
        return [f"unknown key {unknown[0]!r}{suggest(unknown[0], ['nation', 'value', *_OPS])}"]
    if len(ops) != 1:
        return [f"give exactly one of {', '.join(_OPS)}, got {ops or 'none'}"]
    op, path = ops[0], str(change[ops[0]])
    if op != "remove" and "value" not in change:
        return [f"{op} {path!r}: missing 'value'"]
    steps = path.split(".")
    parent: Any = target
    try:
        for step in steps[:-1]:
            parent = _step(parent, step)
        holder, key = _last(parent, steps[-1])
    except LookupError as exc:
        return [f"path {path!r}: {exc.args[0]}"]
    value = copy.deepcopy(change.get("value"))
    if op == "set":
        holder[key] = value
    elif op == "append":
        current = holder[key] if isinstance(holder, list) or key in holder else []
        if not isinstance(current, list):
            return [f"append {path!r}: {type(current).__name__} is not a list"]
        current.append(value)
        holder[key] = current
    else:
        del holder[key]
    return []


def _step(node: Any, step: str) -> Any:
    holder, key = _last(node, step)
    return holder[key]


def _last(node: Any, step: str) -> tuple[Any, Any]:
    """The container and key that ``step`` (``key``, ``key[3]``, ``key[turn=6]``) names."""
    match = _SEGMENT.match(step)
    if match is None:
        raise LookupError(f"cannot read {step!r}: expected key, key[3] or key[field=value]")
    key = match["key"]
    if not isinstance(node, dict):
        raise LookupError(f"{key!r}: {type(node).__name__} has no fields")
    selectors = _SELECTOR.findall(match["selectors"])
    if not selectors:
        return node, key
    if key not in node:
        raise LookupError(f"no field {key!r}{suggest(key, node)}")
    holder: Any = node[key]
    for n, selector in enumerate(selectors):
        if not isinstance(holder, list):
            raise LookupError(f"{key!r} is not a list")
        index = _select(holder, selector, key)
        if n == len(selectors) - 1:
            return holder, index
        holder = holder[index]
    raise AssertionError("unreachable")  # pragma: no cover


def _select(items: list[Any], selector: str, key: str) -> int:
    if re.fullmatch(r"-?\d+", selector.strip()):
        index = int(selector)
        if not -len(items) <= index < len(items):
            raise LookupError(f"{key}[{index}]: the list has {len(items)} entries")
        return index % len(items)
    field, sep, wanted = selector.partition("=")
    if not sep:
        raise LookupError(f"cannot read [{selector}]: expected [3] or [field=value]")
    found = [
        i
        for i, item in enumerate(items)
        if isinstance(item, Mapping) and str(item.get(field.strip())) == wanted.strip()
    ]
    if len(found) != 1:
        raise LookupError(f"{key}[{selector}] matches {len(found)} entries, not 1")
    return found[0]
