"""The counters and tables of *Agricola, Master of Britain*, read once from ``data/agricola.yaml``.

Every counter of the box that moves between places has a number (:data:`COUNTERS`), so a
place is a list of numbers and a cup a bag of them:

====================  =======  ==========================================================
counters              numbers  what
====================  =======  ==========================================================
tribal units           0-42    the map side: tribe, region, Resistance; the reverse an
                               Auxiliary (2.4; red units have none)
tribal leaders        43-45    the tan leader, the green leader, Calgacus (2.6)
tribal battle units   46-58    drawn from the Battle Cup (2.4), red-bordered side for 8.8
one-aquila            59-65    a 1-aquila Legionary Battle Unit, its reverse a Garrison (2.7)
two/three-aquila      66-73    a 2-aquila side and a 3-aquila side (8.6: promotion flips it)
settlements           74-77    a "+2" side and a "+3" side (9.6)
====================  =======  ==========================================================

>>> len(COUNTERS), COUNTERS[0].tribe, COUNTERS[0].resistance, COUNTERS[0].aux
(78, 'Iceni', 3, (2, 3))
>>> formation_units("Caledonii", 16), formation_units("Demetae", 1)
((11, True), (2, False))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DATA_FILE = Path(__file__).resolve().parent / "data" / "agricola.yaml"


@functools.cache
def data() -> dict[str, Any]:
    """The data file as read (its provenance fields included)."""
    loaded: dict[str, Any] = yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))
    return loaded


def _pair(text: str) -> tuple[int, int]:
    attack, defence = text.split("-")
    return int(attack), int(defence)


@dataclass(frozen=True, slots=True)
class Counter:
    """One counter: its sort and the numbers printed on it."""

    id: int
    sort: str  # tribal | leader | battle | one_aquila | two_three | settlement
    name: str
    tribe: str = ""
    region: str = ""
    resistance: int = 0
    aux: tuple[int, int] | None = None  # a tribal unit's Auxiliary side (attack, defence)
    attack: int = 0
    defence: int = 0
    bonus: int = 0  # a leader's Leadership Bonus


def _counters() -> tuple[Counter, ...]:
    d = data()
    out: list[Counter] = []
    for tribe, entry in d["tribes"].items():
        for k, (resistance, aux) in enumerate(entry["units"]):
            out.append(
                Counter(
                    len(out),
                    "tribal",
                    f"{tribe} {k + 1}",
                    tribe=tribe,
                    region=entry["region"],
                    resistance=int(resistance),
                    aux=_pair(aux) if aux else None,
                )
            )
    for name, entry in d["leaders"].items():
        out.append(Counter(len(out), "leader", name, region=entry["region"], bonus=entry["bonus"]))
    for k, value in enumerate(d["battle_units"]["values"]):
        attack, defence = _pair(value)
        out.append(
            Counter(
                len(out), "battle", f"Tribal battle unit {k + 1}", attack=attack, defence=defence
            )
        )
    one = d["legionaries"]["one_aquila"]
    for k in range(one["count"]):
        out.append(
            Counter(
                len(out),
                "one_aquila",
                f"1-aquila {k + 1}",
                attack=one["attack"],
                defence=one["defence"],
            )
        )
    for k in range(d["legionaries"]["two_three_aquila"]["count"]):
        out.append(Counter(len(out), "two_three", f"2/3-aquila {k + 1}"))
    for k in range(d["settlements"]["count"]):
        out.append(Counter(len(out), "settlement", f"Settlement {k + 1}"))
    return tuple(out)


COUNTERS: tuple[Counter, ...] = _counters()
TRIBAL = tuple(c.id for c in COUNTERS if c.sort == "tribal")
LEADERS = tuple(c.id for c in COUNTERS if c.sort == "leader")
BATTLE_UNITS = tuple(c.id for c in COUNTERS if c.sort == "battle")
ONE_AQUILA = tuple(c.id for c in COUNTERS if c.sort == "one_aquila")
TWO_THREE = tuple(c.id for c in COUNTERS if c.sort == "two_three")
SETTLEMENTS = tuple(c.id for c in COUNTERS if c.sort == "settlement")
LEGIONARIES = ONE_AQUILA + TWO_THREE
CALGACUS = next(c.id for c in COUNTERS if c.name == "Calgacus")
LEADER_OF_REGION = {c.region: c.id for c in COUNTERS if c.sort == "leader"}

_two = _pair(data()["legionaries"]["two_three_aquila"]["two"])
_three = _pair(data()["legionaries"]["two_three_aquila"]["three"])
#: attack and defence of a legionary counter by its aquilae (1, 2 or 3)
LEGIONARY_FACTORS = {
    1: (COUNTERS[ONE_AQUILA[0]].attack, COUNTERS[ONE_AQUILA[0]].defence),
    2: _two,
    3: _three,
}

#: the three legions, in the order of 3.0, and their camps
LEGIONS: tuple[str, ...] = tuple(data()["setup"]["holding_boxes"])
LEGION_CAMPS: dict[str, str] = dict(data()["setup"]["camps"])

#: VP threshold of each turn (9.7), turn 1 first: reconstructed (see the data file)
THRESHOLDS: tuple[int, ...] = tuple(int(v) for v in data()["victory"]["thresholds"])
WIN_VP: int = int(data()["victory"]["win_vp"]["value"])
TURNS: int = int(data()["tracks"]["turns"]["value"])
TREASURY_MAX: int = int(data()["tracks"]["treasury_max"]["value"])
INCOME_MAX: int = int(data()["tracks"]["income_max"]["value"])
VP_MAX: int = int(data()["tracks"]["vp_max"]["value"])
DIE: int = int(data()["die"]["sides"])


def _formation() -> tuple[dict[str, int], dict[int, tuple[tuple[int, bool], ...]]]:
    table = data()["tribal_formation_table"]
    column = {tribe: i for i, tribes in enumerate(table["columns"]) for tribe in tribes}
    rows = {
        int(roll): tuple((int(v.rstrip("*")), v.endswith("*")) for v in values)
        for roll, values in table["rows"].items()
    }
    return column, rows


_COLUMN, _ROWS = _formation()
_LOW, _HIGH = min(_ROWS), max(_ROWS)


def formation_units(tribe: str, roll: int) -> tuple[int, bool]:
    """Tribal Formation Table (8.2): the Enemy Battle Units a modified roll deploys, and
    whether the result is asterisked. A roll past the last row reads it ("15+"); below the
    first (3) reads the first (reconstructed: the table starts at 3)."""
    row = _ROWS[min(max(roll, _LOW), _HIGH)]
    return row[_COLUMN[tribe]]


#: Internecine War Table (7.3): hostile tribe -> (primary, secondary target)
INTERNECINE: dict[str, tuple[str, str]] = {
    tribe: (targets[0], targets[1]) for tribe, targets in data()["internecine_war_table"].items()
}

#: Leader Placement Numbers (7.2): leader -> die face -> tribal box
LEADER_PLACEMENT: dict[int, dict[int, str]] = {
    LEADERS[k]: {int(face): box for face, box in table.items()}
    for k, table in enumerate(data()["leader_placement"].values())
}
