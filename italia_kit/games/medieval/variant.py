"""What-if variants of Medieval Italia: the Italia scenarios' diffs (``docs/scenario-format.md``,
"What-if variants"), applied to this game's files with the Italia engine's own path rules.

A change names a power (``nation: Lombards``, its file) or none (``scenario.yaml``) and does
one of ``set``, ``append``, ``remove`` at a path such as ``reinforcements[turn=1].units[0].count``.

>>> v = with_variant([{"nation": "Lombards", "set": "reinforcements[turn=1].units[0].count",
...                    "value": 20}])
>>> v.power("Lombards").reinforcements[0].units[0].count, v.id
(20, 'medieval+variant')
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.italia.scenarios.variant import apply_change, read_variant
from italia_kit.games.medieval.scenario import SHIPPED, Scenario, read_dicts, scenario_from_dicts

#: the variant files that ship with the game
VARIANTS = SHIPPED / "variants"


def shipped_variants() -> dict[str, Path]:
    return {p.stem: p for p in sorted(VARIANTS.glob("*.yaml"))}


def variant_mappings(variant: Any) -> list[dict[str, Any]]:
    """The ``variant`` option as a list of variant mappings (JSON-able, for saves): a
    shipped name, a file, a mapping, a list of changes, or a list of those."""
    if variant is None:
        return []
    items = list(variant) if isinstance(variant, list | tuple) else [variant]
    if items and all(
        isinstance(i, Mapping) and {"set", "append", "remove"} & set(i) for i in items
    ):
        items = [{"changes": items}]
    out = []
    for item in items:
        if isinstance(item, str) and not item.endswith((".yaml", ".yml")):
            known = shipped_variants()
            if item not in known:
                raise ScenarioError(
                    [f"option 'variant': no shipped variant {item!r} (shipped: {', '.join(known)})"]
                )
            item = known[item]
        source = Path(item) if isinstance(item, str | Path) else item
        mapping = dict(read_variant(source))
        if isinstance(source, Path):
            mapping.setdefault("variant", source.stem)
        out.append(mapping)
    return out


def with_variant(
    variants: Mapping[str, Any] | Sequence[Mapping[str, Any]] | Path | str,
    folder: Path = SHIPPED / "medieval",
) -> Scenario:
    """The shipped scenario with ``variants`` applied in order, checked like the files."""
    mappings = variant_mappings(variants)
    problems: list[str] = []
    head, files = read_dicts(folder, problems)
    head, files = copy.deepcopy(head), copy.deepcopy(files)
    by_power = {str(raw.get("name", "")).lower(): name for name, raw in files.items()}
    for mapping in mappings:
        label = mapping.get("variant", "variant")
        for i, change in enumerate(mapping.get("changes", [])):
            power = change.get("nation")
            if power is None:
                target = head
            elif str(power).lower() in by_power:
                target = files[by_power[str(power).lower()]]
            else:
                problems.append(f"variant {label!r}: change {i}: unknown power {power!r}")
                continue
            found = apply_change(target, change)
            problems += [f"variant {label!r}: change {i}: {p}" for p in found]
    if problems:
        raise ScenarioError(problems)
    return scenario_from_dicts(head, files, folder.name, problems, tuple(mappings))
