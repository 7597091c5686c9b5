"""What-if variants of Roma: extra pieces for a population when the first turn begins, for
the what-if runner (``italia-kit whatif --game roma --variant carthage_one_ship_more``).

A variant is a mapping ``{"variant": name, "title": text, "changes": [change, ...]}`` (the
what-if runner's shape); a change is ``{"add": "ship" | "legion", "population": P, "n": k}``:
when the set-up is over (4.3), ``k`` more of ``P``'s pieces go to its capital, or if it has no
room to its Provinces (The Map's limits; its pieces in the box, Components). The spec's
``variant`` option takes a list of variants (or one, or a bare list of changes).

>>> variant_changes(VARIANTS["carthage_one_ship_more"])[0]["changes"]
[{'add': 'ship', 'population': 'CARTAGINE', 'n': 1}]
>>> variant_changes([{"add": "horse", "population": "ITALIA", "n": 1}])
Traceback (most recent call last):
...
ValueError: roma: option 'variant': change 0: field 'add' must be 'ship' or 'legion', not 'horse'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from italia_kit.core import Context
from italia_kit.games.roma.common import M, legion_room, port_room, supply
from italia_kit.games.roma.state import RomaState

__all__ = ["VARIANTS", "apply_variants", "variant_changes"]

VARIANTS: dict[str, dict[str, Any]] = {
    "carthage_one_ship_more": {
        "variant": "carthage_one_ship_more",
        "title": "CARTAGINE starts with a fourth ship",
        "changes": [{"add": "ship", "population": "CARTAGINE", "n": 1}],
    },
    "rome_two_legions_more": {
        "variant": "rome_two_legions_more",
        "title": "ITALIA starts with 7 legions",
        "changes": [{"add": "legion", "population": "ITALIA", "n": 2}],
    },
}


def _change(raw: Any, i: int) -> dict[str, Any]:
    where = f"roma: option 'variant': change {i}"
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a mapping, got {raw!r}")
    unknown = sorted(set(raw) - {"add", "population", "n"})
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r} (add, population, n)")
    if raw.get("add") not in ("ship", "legion"):
        raise ValueError(f"{where}: field 'add' must be 'ship' or 'legion', not {raw.get('add')!r}")
    names = [p.name for p in M.populations]
    if raw.get("population") not in names:
        raise ValueError(f"{where}: field 'population' must be one of {', '.join(names)}")
    n = raw.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10:
        raise ValueError(f"{where}: field 'n' must be a whole number from 1 to 10, not {n!r}")
    return {"add": raw["add"], "population": raw["population"], "n": n}


def variant_changes(variant: Any) -> list[dict[str, Any]]:
    """The ``variant`` option as a list of checked variant mappings (JSON-able)."""
    if variant is None:
        return []
    items = list(variant) if isinstance(variant, list | tuple) else [variant]
    if items and all(isinstance(i, Mapping) and "add" in i for i in items):
        items = [{"variant": "changes", "changes": items}]
    out = []
    for item in items:
        if isinstance(item, str):
            if item not in VARIANTS:
                known = ", ".join(sorted(VARIANTS))
                raise ValueError(f"roma: option 'variant': no variant {item!r} (shipped: {known})")
            item = VARIANTS[item]
        if not isinstance(item, Mapping) or not isinstance(item.get("changes"), list):
            raise ValueError("roma: option 'variant': a variant is a mapping with 'changes'")
        out.append(
            {
                "variant": str(item.get("variant", "changes")),
                **({"title": str(item["title"])} if "title" in item else {}),
                "changes": [_change(c, i) for i, c in enumerate(item["changes"])],
            }
        )
    return out


def apply_variants(ctx: Context[RomaState]) -> None:
    """Put the variants' extra pieces on the board (when the set-up is over)."""
    state = ctx.state
    for variant in state.options.get("variant") or []:
        for change in variant["changes"]:
            pop, unit, n = change["population"], change["add"], change["n"]
            if pop not in state.populations:
                continue
            places = [M.capital_of[pop], *sorted(t for t, p in state.tents.items() if p == pop)]
            placed = 0
            for t in places:
                while placed < n and supply(state, pop, unit) > 0:
                    if unit == "legion" and legion_room(state, t) > 0:
                        state.add(state.legions, t, pop, 1)
                    elif unit == "ship" and M.is_port(t) and port_room(state, t) > 0:
                        state.add(state.ships, t, pop, 1)
                    else:
                        break
                    placed += 1
            ctx.emit(
                "variant",
                "what-if",
                f"what-if {variant['variant']}: {pop} gets {placed} {unit}(s) more"
                + (f" ({n - placed} found no room)." if placed < n else "."),
                population=pop,
                unit=unit,
                placed=placed,
            )
