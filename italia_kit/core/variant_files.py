"""A game's ``variant`` option read the same way by every game that has one: a variant is a
mapping with a list of ``changes`` (what each change means is the game's own), or the name
of one shipped as ``NAME.yaml`` in the game's variants folder; the option is one variant or
a list of them.

>>> variant_items("toy", None, Path("nowhere")), variant_items("toy", [], Path("nowhere"))
([], [])
>>> variant_items("toy", {"variant": "x", "changes": []}, Path("nowhere"))
[{'variant': 'x', 'changes': []}]
>>> variant_items("toy", {"changes": 3}, Path("nowhere"))
Traceback (most recent call last):
...
ValueError: toy: option 'variant': a variant is a mapping with a list of 'changes'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

__all__ = ["shipped_variants", "variant_items"]


def shipped_variants(directory: Path) -> dict[str, Path]:
    """The variants shipped in ``directory`` by name (``NAME.yaml``), in name order."""
    return {p.stem: p for p in sorted(directory.glob("*.yaml"))}


def variant_items(game: str, variant: Any, directory: Path) -> list[Mapping[str, Any]]:
    """The ``variant`` option of ``game`` as its variants' mappings, a shipped name read from
    its file in ``directory``; a ``ValueError`` names the option and what is wrong."""
    if variant is None:
        return []
    items = list(variant) if isinstance(variant, list | tuple) else [variant]
    out: list[Mapping[str, Any]] = []
    for item in items:
        if isinstance(item, str):
            known = shipped_variants(directory)
            if item not in known:
                raise ValueError(
                    f"{game}: option 'variant': no shipped variant {item!r} "
                    f"(shipped: {', '.join(known)})"
                )
            item = yaml.safe_load(known[item].read_text(encoding="utf-8"))
        if not isinstance(item, Mapping) or not isinstance(item.get("changes"), list):
            raise ValueError(
                f"{game}: option 'variant': a variant is a mapping with a list of 'changes'"
            )
        out.append(item)
    return out
