"""What-ifs on the 1454 set-up: the ``variant`` option of the ``renaissance`` spec.

A variant is ``{"variant": name, "title": ..., "changes": [...]}`` (or the name of a
shipped one, ``variants/*.yaml``); the option takes one or a list, applied in order, after
the ``treasury`` option. Each change names a ``power`` (one of the eight, or
``autonomous`` for a garrison) and one of:

* ``{power: Milan, add: treasury, value: 30}``: ducats added to (or, negative, taken
  from) its starting treasury; ``{power: Milan, set: treasury, value: 36}`` sets it;
  a treasury never goes below 0;
* ``{power: Venice, remove: G Venice}``: one of its 1454 units taken off;
* ``{power: Venice, place: G* Venice}``: a unit added, written as in an order file's
  ``[position]`` (``A* X`` Elite Mercenaries, ``A+ X`` Citizen's Militia, ``A! X`` Elite
  Professionals: SPECIAL UNITS), in a free place where that type may stand (a garrison
  in a fortified city, a fleet at sea or a port, a coast named where there are two), at
  most one special unit a power ('each power may only have one special unit in play at
  any one time'; who may *raise* which is a rule of builds, not of a set-up, and is not
  asked here). A unit replaced is a ``remove`` then a ``place``.

A bad change is refused when the spec is loaded (``ValueError`` naming the variant, the
change's number and the field). The rules never read the variant: it makes the starting
position, which a save keeps (``initial``), and the spec's options record it.

>>> from italia_kit.games.renaissance.mapdata import game_map
>>> from italia_kit.games.renaissance.state import RenaissanceState
>>> state = RenaissanceState.start(game_map(), ("Milan", "Venice"), 1)
>>> apply_variants(state, game_map(), variant_list("rich_milan"))
>>> state.treasury["Milan"]
36
>>> sorted(shipped())
['rich_milan', 'venice_garrison_doubled']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from italia_kit.core.variant_files import shipped_variants, variant_items
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, POWERS, Map, UnknownPlaceError
from italia_kit.games.renaissance.names import possessive, subject
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import Unit

__all__ = ["SPECIAL_MARKS", "apply_variants", "read_unit", "shipped", "variant_list"]

VARIANTS = Path(__file__).resolve().parent / "variants"
#: the marks of the special units after the type letter (SPECIAL UNITS), as order files write them
SPECIAL_MARKS = {"*": "mercenaries", "+": "militia", "!": "professionals"}
_VERBS = ("add", "set", "remove", "place")


def shipped() -> dict[str, Path]:
    """The shipped variants by name (``variants/*.yaml``)."""
    return shipped_variants(VARIANTS)


def variant_list(variant: Any) -> list[dict[str, Any]]:
    """The option as JSON-able variant mappings (a shipped name read from its file).

    >>> variant_list(None), variant_list([])
    ([], [])
    >>> variant_list("nowhere")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: renaissance: option 'variant': no shipped variant 'nowhere' (shipped: ...)
    """
    out = []
    for item in variant_items("renaissance", variant, VARIANTS):
        found: dict[str, Any] = {"variant": str(item.get("variant", "what-if"))}
        if item.get("title") is not None:
            found["title"] = str(item["title"])
        # a change that is no mapping is kept as given: apply_variants refuses it by number
        found["changes"] = [dict(c) if isinstance(c, Mapping) else c for c in item["changes"]]
        out.append(found)
    return out


def read_unit(text: str, power: str, m: Map) -> Unit:
    """A unit written as an order file's ``[position]`` writes it (``A Padua``, ``G*
    Venice``, ``F Croatia/sc``), not yet placed (``uid`` 0); ``ValueError`` says why not.

    >>> from italia_kit.games.renaissance.mapdata import game_map
    >>> read_unit("G* Venice", "Venice", game_map())
    Unit(uid=0, power='Venice', type='G', province='Venice', coast=None, special='mercenaries')
    """
    kind, _, place = text.strip().partition(" ")
    if not kind or kind[0].upper() not in "AFG" or kind[1:] not in ("", *SPECIAL_MARKS):
        raise ValueError(f"{text!r}: a unit is 'A Place', 'F Place' or 'G Place'")
    try:
        where = m.resolve(place.strip())
    except UnknownPlaceError as err:
        raise ValueError(str(err)) from None
    top = m.top(where)
    unit = Unit(
        0, power, kind[0].upper(), top, where if where != top else None, SPECIAL_MARKS.get(kind[1:])
    )
    if unit.type == "F" and top in m.coasts and unit.coast is None:
        raise ValueError(f"name the coast of {top} (e.g. {top}/nc)")
    return unit


def apply_variants(state: RenaissanceState, m: Map, variants: Sequence[Mapping[str, Any]]) -> None:
    """Apply every change of ``variants`` (in order) to the starting ``state``; a bad
    change raises ``ValueError`` naming the variant, the change and what is wrong, before
    anything of that change is applied."""
    for variant in variants:
        for number, change in enumerate(variant["changes"], 1):
            where = f"renaissance: variant {variant['variant']!r}, change {number}"
            try:
                _apply(state, m, change)
            except ValueError as err:
                raise ValueError(f"{where}: {err}") from None


def _apply(state: RenaissanceState, m: Map, change: Any) -> None:
    if not isinstance(change, Mapping):
        raise ValueError(f"a change is a mapping ({', '.join(_VERBS)}), not {change!r}")
    verbs = [v for v in _VERBS if v in change]
    unknown = sorted(set(change) - {"power", "value", *_VERBS})
    if unknown or len(verbs) != 1:
        raise ValueError(
            f"a change has a 'power' and one of {', '.join(_VERBS)}"
            + (f" (unknown key {unknown[0]!r})" if unknown else f", not {sorted(change)}")
        )
    power = change.get("power")
    if power not in (*POWERS, AUTONOMOUS):
        raise ValueError(f"'power' is one of {', '.join(POWERS)} or autonomous, not {power!r}")
    verb = verbs[0]
    if verb in ("add", "set"):
        _treasury(state, power, verb, change)
    elif verb == "remove":
        _remove(state, m, power, change["remove"])
    else:
        _place(state, m, power, change["place"])


def _treasury(state: RenaissanceState, power: str, verb: str, change: Mapping[str, Any]) -> None:
    if change[verb] != "treasury" or power == AUTONOMOUS:
        raise ValueError(f"'{verb}' changes a power's 'treasury', not {change[verb]!r}")
    value = change.get("value")
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"'value' is a whole number of ducats, not {value!r}")
    ducats = state.treasury[power] + value if verb == "add" else value
    if ducats < 0:
        raise ValueError(
            f"{possessive(power)} treasury would be {ducats} d: a treasury is 0 d or more"
        )
    state.treasury[power] = ducats


def _remove(state: RenaissanceState, m: Map, power: str, text: Any) -> None:
    unit = read_unit(str(text), power, m)
    found = next(
        (
            u
            for u in state.units.values()
            if (u.power, u.type, u.province) == (power, unit.type, unit.province)
        ),
        None,
    )
    if found is None:
        raise ValueError(f"'remove': {subject(power, 'has')} no {unit.type} in {unit.province}")
    del state.units[found.uid]


def _place(state: RenaissanceState, m: Map, power: str, text: Any) -> None:
    unit = read_unit(str(text), power, m)
    city = m.cities.get(unit.province)
    if unit.type == "G" and (city is None or not city.fortified):
        raise ValueError(f"'place': a garrison stands in a fortified city, not {unit.province}")
    if unit.type == "F" and not (m.is_sea(unit.province) or m.fleet_locations(unit.province)):
        raise ValueError(f"'place': a fleet cannot stand in {unit.province}")
    if unit.type == "A" and m.is_sea(unit.province):
        raise ValueError(f"'place': an army cannot stand at sea ({unit.province})")
    if power == AUTONOMOUS and (unit.type != "G" or unit.special is not None):
        raise ValueError("'place': an autonomous unit is a plain garrison")
    taken = {u.area for u in state.units.values()}
    venice = unit.province == "Venice" and any(u.province == "Venice" for u in state.units.values())
    if unit.area in taken or venice:
        raise ValueError(f"'place': {unit.area} is taken (remove its unit first)")
    if unit.special is not None and any(
        u.special is not None for u in state.units.values() if u.power == power
    ):
        raise ValueError(f"'place': SPECIAL UNITS: {subject(power, 'has')} a special unit already")
    state.add(unit)
    if m.is_sea(unit.province):
        return
    if power == AUTONOMOUS:  # a city under an autonomous garrison is nobody's
        state.cities.pop(unit.province, None)
        return
    if unit.type != "G":  # the last power with a unit in a province controls it
        state.control[unit.province] = power
    garrisoned = {u.province for u in state.units.values() if u.type == "G"}
    if city is not None and (unit.type == "G" or unit.province not in garrisoned):
        state.cities[unit.province] = power  # a city follows its garrison, else its province
