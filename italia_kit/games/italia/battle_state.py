"""The state of the battle being fought (10.1): plain data that round-trips through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Battle:
    """One battle, land or naval, from its declaration to the stacking check (10.1).

    ``stage`` says what is awaited: ``targets_attacker``, ``targets_defender``,
    ``rampage`` (an elephant's second victim, 10.2), ``losses`` (a naval loser picks its
    fleets, 10.8), ``retreat_attacker``, ``retreat_defender``, ``raid_rebuild``,
    ``raid_retreat`` (10.7), ``loot`` (10.6), ``loot_after_retreat`` (10.5: looting the city of
    the empty zone a side retreated into, ``loot_zone``; then back to ``resume``),
    ``rebuild`` (10.6.1), ``done``.
    """

    zone: str
    attacker: str
    defender: str
    raid: bool = False
    naval: bool = False
    round: int = 1
    stage: str = "targets_attacker"
    targets: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> unit id -> class
    came_from: list[str] = field(default_factory=list)  # zones the attackers came from (10.5)
    landed: list[int] = field(default_factory=list)  # attackers by sea or strait (10.8.2)
    rampage: list[str] = field(default_factory=list)  # sides owed an elephant's victim
    pending_hits: dict[str, int] = field(default_factory=dict)  # naval: fleets each side loses
    retreated_fleets: list[int] = field(default_factory=list)  # not counted for 10.9
    defender_had_city: bool = False  # the city was the defender's before the battle (10.6)
    sizes: dict[str, int] = field(default_factory=dict)  # units a side at the start (13.2)
    converted: int = 0  # the unit the Patrimonium converted in this battle (14.3)
    convert_asked: int = 0  # the round in which the Patrimonium was last asked (14.3)
    loot_zone: str = ""  # the empty city zone a side retreated into and may loot (10.5)
    resume: str = ""  # the retreat stage to go back to once that loot is decided

    def to_json(self) -> dict[str, Any]:
        return {
            "zone": self.zone,
            "attacker": self.attacker,
            "defender": self.defender,
            "raid": self.raid,
            "naval": self.naval,
            "round": self.round,
            "stage": self.stage,
            "targets": {k: dict(v) for k, v in self.targets.items()},
            "came_from": list(self.came_from),
            "landed": list(self.landed),
            "rampage": list(self.rampage),
            "pending_hits": dict(self.pending_hits),
            "retreated_fleets": list(self.retreated_fleets),
            "defender_had_city": self.defender_had_city,
            "sizes": dict(self.sizes),
            "converted": self.converted,
            "convert_asked": self.convert_asked,
            **({"loot_zone": self.loot_zone, "resume": self.resume} if self.loot_zone else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Battle:
        return cls(
            zone=str(d["zone"]),
            attacker=str(d["attacker"]),
            defender=str(d["defender"]),
            raid=bool(d["raid"]),
            naval=bool(d["naval"]),
            round=int(d["round"]),
            stage=str(d["stage"]),
            targets={k: dict(v) for k, v in d["targets"].items()},
            came_from=list(d["came_from"]),
            landed=[int(i) for i in d["landed"]],
            rampage=list(d["rampage"]),
            pending_hits={str(k): int(v) for k, v in d["pending_hits"].items()},
            retreated_fleets=[int(i) for i in d["retreated_fleets"]],
            defender_had_city=bool(d["defender_had_city"]),
            sizes={str(k): int(v) for k, v in d.get("sizes", {}).items()},
            converted=int(d.get("converted", 0)),
            convert_asked=int(d.get("convert_asked", 0)),
            loot_zone=str(d.get("loot_zone", "")),
            resume=str(d.get("resume", "")),
        )

    def copy(self) -> Battle:
        """``Battle.from_json(self.to_json())`` without the dicts between (a checkpoint
        taken during a battle copies it): each container copied, ``resume`` kept only
        with a ``loot_zone``, as the JSON keeps them."""
        loot_zone = self.loot_zone
        return Battle(
            self.zone, self.attacker, self.defender, self.raid, self.naval, self.round,
            self.stage, {k: dict(v) for k, v in self.targets.items()}, list(self.came_from),
            list(self.landed), list(self.rampage), dict(self.pending_hits),
            list(self.retreated_fleets), self.defender_had_city, dict(self.sizes),
            self.converted, self.convert_asked, loot_zone, self.resume if loot_zone else "",
        )  # fmt: skip

    def side(self, nation: str) -> str:
        return "attacker" if nation == self.attacker else "defender"

    def enemy(self, nation: str) -> str:
        return self.defender if nation == self.attacker else self.attacker
