"""What-ifs on the set-up (3.0): the ``variant`` option of the ``agricola`` spec.

A variant is ``{"variant": name, "changes": [{"set": key, "value": v}, ...]}`` (or the name
of a shipped one, ``variants/*.yaml``); each change sets one set-up value of the data file
(``setup`` in ``data/agricola.yaml``), by a dotted key: ``treasury``, ``income``,
``friendly_draws``, ``holding_boxes.IX Hispana`` (the aquilae of its units), or
``calgacus_at_setup`` (Calgacus rolls his box by 7.2 and takes the lead of that tribe, all
its units on the map). The rules carry the set-up, so a save of a variant replays it.

>>> setup_of([{"variant": "poor", "changes": [{"set": "treasury", "value": 2}]}])["treasury"]
2
>>> sorted(shipped())
['calgacus_at_setup', 'one_legion_fewer']
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from italia_kit.core.variant_files import shipped_variants, variant_items
from italia_kit.games.agricola.tables import LEGIONS, data

VARIANTS = Path(__file__).resolve().parent / "variants"
#: the set-up keys a change may set, and the type of their value
KEYS: dict[str, type] = {
    "treasury": int,
    "income": int,
    "friendly_draws": int,
    "calgacus_at_setup": bool,
    **{f"holding_boxes.{legion}": list for legion in LEGIONS},
}


def shipped() -> dict[str, Path]:
    return shipped_variants(VARIANTS)


def variant_list(variant: Any) -> list[dict[str, Any]]:
    """The option as JSON-able variant mappings (a shipped name read from its file)."""
    out = []
    for item in variant_items("agricola", variant, VARIANTS):
        out.append(
            {
                "variant": str(item.get("variant", "what-if")),
                "changes": [dict(c) for c in item["changes"]],
            }
        )
    return out


def setup_of(variants: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The set-up of 3.0 with the variants' changes applied, each checked."""
    setup: dict[str, Any] = copy.deepcopy(data()["setup"])
    setup.setdefault("calgacus_at_setup", False)
    for variant in variants:
        for change in variant["changes"]:
            key = change.get("set")
            value: Any = change.get("value")
            if key not in KEYS:
                raise ValueError(
                    f"agricola: variant {variant['variant']!r}: cannot set "
                    f"{key!r} (keys: {', '.join(KEYS)})"
                )
            bad_list = isinstance(value, list) and (
                not value or not all(v in (1, 2, 3) for v in value)
            )
            if not isinstance(value, KEYS[key]) or bad_list:
                raise ValueError(
                    f"agricola: variant {variant['variant']!r}: {key} = {value!r} is not a "
                    f"{KEYS[key].__name__} (aquilae 1-3)"
                )
            if key.startswith("holding_boxes."):
                setup["holding_boxes"][key.split(".", 1)[1]] = [int(v) for v in change["value"]]
            else:
                setup[key] = value
    levels = [v for units in setup["holding_boxes"].values() for v in units]
    if levels.count(1) > 7 or len(levels) - levels.count(1) > 8:
        raise ValueError(
            "agricola: the holding boxes need more legionary counters than the "
            "box has (7 one-aquila, 8 two/three-aquila)"
        )
    return setup
