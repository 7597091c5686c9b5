"""The state of a game of Roma: plain dicts of counts, cheap to clone and to write as JSON.

Pieces are counts, not objects: legions by territory and population, ships and the legions
they carry by place (a port or a sea zone) and population. Pieces in a battle or a fleet under
way are held by the battle (``battle``) or the voyage (``voyage``) until they come back to
the map, so that every piece is in exactly one place.

The hands are a mirror of the deck's hands in the game's random source (``game.dice``),
kept here so that :meth:`~italia_kit.games.roma.rules.RomaRules.observe` can hide them from
the other seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["RomaState", "copy_task"]

Counts = dict[str, int]


def _nested(d: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {k: dict(v) for k, v in d.items()}


def copy_task(task: dict[str, Any]) -> dict[str, Any]:
    """A copy of a task or battle dict, one level of dicts or lists deep inside."""
    out: dict[str, Any] = {}
    for k, v in task.items():
        if isinstance(v, dict):
            out[k] = {kk: (dict(vv) if isinstance(vv, dict) else vv) for kk, vv in v.items()}
        elif isinstance(v, list):
            out[k] = list(v)
        else:
            out[k] = v
    return out


@dataclass
class RomaState:
    """Everything the rules need between two actions.

    ``phase`` is one of :data:`italia_kit.games.roma.turn.PHASES`; ``active`` the population
    whose turn it is (or who is placing, 4.3); ``drawn`` the population cards drawn this game
    turn in order (5.1-5.2). ``tents`` are the Province markers (territory to population),
    ``control`` who controls each territory. ``pacts`` are ``[giver, receiver]`` (8.2: the
    receiver may not attack the giver), ``alliances`` sorted pairs (8.3). ``struck`` are the
    populations an assassin struck (9.2, for their next turn), ``paralysed`` whether the active
    population may neither move nor fight this turn. ``queue`` holds the decisions owed before
    play goes on (an alliance's consent, ships expelled, interdictions, battles to fight).
    """

    turns: int = 10
    populations: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    turn: int = 1
    phase: str = "setup"
    active: str = ""
    drawn: list[str] = field(default_factory=list)
    vp: Counts = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    tents: dict[str, str] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)
    legions: dict[str, Counts] = field(default_factory=dict)
    ships: dict[str, Counts] = field(default_factory=dict)
    cargo: dict[str, Counts] = field(default_factory=dict)
    moved: Counts = field(default_factory=dict)
    sailed: Counts = field(default_factory=dict)
    pool: int = 0
    setup_left: Counts = field(default_factory=dict)
    pacts: list[list[str]] = field(default_factory=list)
    alliances: list[list[str]] = field(default_factory=list)
    struck: list[str] = field(default_factory=list)
    paralysed: bool = False
    assassins: list[list[str]] = field(default_factory=list)
    engineering: int = 0
    conquered: list[str] = field(default_factory=list)
    queue: list[dict[str, Any]] = field(default_factory=list)
    battle: dict[str, Any] | None = None
    voyage: dict[str, Any] | None = None
    over: bool = False

    @property
    def actor(self) -> str:
        return self.active

    def clone(self) -> RomaState:
        return RomaState(
            self.turns,
            self.populations,
            self.options,  # never changed after the start
            self.turn,
            self.phase,
            self.active,
            list(self.drawn),
            dict(self.vp),
            {k: list(v) for k, v in self.hands.items()},
            dict(self.tents),
            dict(self.control),
            _nested(self.legions),
            _nested(self.ships),
            _nested(self.cargo),
            dict(self.moved),
            dict(self.sailed),
            self.pool,
            dict(self.setup_left),
            [list(p) for p in self.pacts],
            [list(p) for p in self.alliances],
            list(self.struck),
            self.paralysed,
            [list(p) for p in self.assassins],
            self.engineering,
            list(self.conquered),
            [copy_task(t) for t in self.queue],
            None if self.battle is None else copy_task(self.battle),
            None if self.voyage is None else copy_task(self.voyage),
            self.over,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "populations": list(self.populations),
            "options": dict(self.options),
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
            "drawn": list(self.drawn),
            "vp": dict(self.vp),
            "hands": {k: list(v) for k, v in self.hands.items()},
            "tents": dict(self.tents),
            "control": dict(self.control),
            "legions": _nested(self.legions),
            "ships": _nested(self.ships),
            "cargo": _nested(self.cargo),
            "moved": dict(self.moved),
            "sailed": dict(self.sailed),
            "pool": self.pool,
            "setup_left": dict(self.setup_left),
            "pacts": [list(p) for p in self.pacts],
            "alliances": [list(p) for p in self.alliances],
            "struck": list(self.struck),
            "paralysed": self.paralysed,
            "assassins": [list(p) for p in self.assassins],
            "engineering": self.engineering,
            "conquered": list(self.conquered),
            "queue": [copy_task(t) for t in self.queue],
            "battle": None if self.battle is None else copy_task(self.battle),
            "voyage": None if self.voyage is None else copy_task(self.voyage),
            "over": self.over,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RomaState:
        s = cls()
        s.turns = int(data["turns"])
        s.populations = tuple(data["populations"])
        s.options = dict(data["options"])
        s.turn = int(data["turn"])
        s.phase = str(data["phase"])
        s.active = str(data["active"])
        s.drawn = list(data["drawn"])
        s.vp = dict(data["vp"])
        s.hands = {k: list(v) for k, v in data["hands"].items()}
        s.tents = dict(data["tents"])
        s.control = dict(data["control"])
        s.legions = _nested(data["legions"])
        s.ships = _nested(data["ships"])
        s.cargo = _nested(data["cargo"])
        s.moved = dict(data["moved"])
        s.sailed = dict(data["sailed"])
        s.pool = int(data["pool"])
        s.setup_left = dict(data["setup_left"])
        s.pacts = [list(p) for p in data["pacts"]]
        s.alliances = [list(p) for p in data["alliances"]]
        s.struck = list(data["struck"])
        s.paralysed = bool(data["paralysed"])
        s.assassins = [list(p) for p in data["assassins"]]
        s.engineering = int(data["engineering"])
        s.conquered = list(data["conquered"])
        s.queue = [copy_task(t) for t in data["queue"]]
        s.battle = None if data["battle"] is None else copy_task(data["battle"])
        s.voyage = None if data["voyage"] is None else copy_task(data["voyage"])
        s.over = bool(data["over"])
        return s

    # -- small questions every rule asks ------------------------------------------------
    def allied(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are the same population or allies (8.3)."""
        return a == b or sorted((a, b)) in self.alliances

    def may_attack(self, attacker: str, victim: str) -> bool:
        """8.2: a population that received a pact from ``victim`` may not attack it; nobody
        attacks an ally (8.31) or itself."""
        return not self.allied(attacker, victim) and [victim, attacker] not in self.pacts

    def legions_of(self, place: str, pop: str) -> int:
        return self.legions.get(place, {}).get(pop, 0)

    def ships_of(self, place: str, pop: str) -> int:
        return self.ships.get(place, {}).get(pop, 0)

    def cargo_of(self, place: str, pop: str) -> int:
        return self.cargo.get(place, {}).get(pop, 0)

    def move_fleet(self, pop: str, frm: str, to: str, ships: int, legions: int) -> None:
        """Move ``ships`` of ``pop``'s ships and ``legions`` of the legions they carry from
        ``frm`` to ``to`` (a sea zone or a port): the pieces at sea or in port go together."""
        self.add(self.ships, frm, pop, -ships)
        self.add(self.ships, to, pop, ships)
        if legions:
            self.add(self.cargo, frm, pop, -legions)
            self.add(self.cargo, to, pop, legions)

    def add(self, table: dict[str, Counts], place: str, pop: str, n: int) -> None:
        """Add ``n`` (negative: remove) pieces of ``pop`` at ``place`` in ``table``; empty
        entries are dropped so that equal positions have equal JSON."""
        here = table.setdefault(place, {})
        left = here.get(pop, 0) + n
        if left < 0:
            raise ValueError(f"{pop} has not {-n} pieces at {place}")
        if left:
            here[pop] = left
        else:
            here.pop(pop, None)
            if not here:
                del table[place]

    def total_legions(self, place: str) -> int:
        return sum(self.legions.get(place, {}).values())

    def total_ships(self, place: str) -> int:
        return sum(self.ships.get(place, {}).values())
