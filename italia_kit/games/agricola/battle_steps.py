"""The steps of a battle on the Tactical Display (8.0-8.8) as plain values, and their words.

:mod:`.battle_record` fills them from a replay of a game; :mod:`.battle_view` draws them.
Each value is frozen, so two records of the same game compare equal step by step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from italia_kit.core import Event
from italia_kit.games.agricola.display import FRONT

__all__ = [
    "SECTION",
    "BattleRecord",
    "BattleStep",
    "DieRoll",
    "EnemyUnit",
    "RomanUnit",
    "plural",
    "sentence",
    "squares_of",
    "squares_text",
]

#: the section each kind of step names
SECTION = {
    "setup": "8.0-8.2",
    "enemy": "8.2",
    "deploy": "8.3",
    "attack": "8.4",
    "defence": "8.5",
    "end": "8.6",
}


@dataclass(frozen=True, slots=True)
class EnemyUnit:
    """An Enemy Battle Unit in its numbered square (1-13)."""

    square: int
    counter: int
    attack: int
    defence: int
    red: bool  # still red-bordered (8.8 Mons Graupius)

    @property
    def label(self) -> str:
        return f"{self.attack}-{self.defence}"


@dataclass(frozen=True, slots=True)
class RomanUnit:
    """A Legion Battle Unit or an Auxiliary in its Roman square (0-5 front, 6-12 back)."""

    square: int
    counter: int
    legion: str  # "II", "IX", "XX"
    kind: str  # "legionary" or "auxiliary"
    aquilae: int  # 1-3 for a legionary, 0 for an Auxiliary
    attack: int
    defence: int

    @property
    def label(self) -> str:
        """``II 2 aq.`` or ``IX aux.``: the legion and the unit's sort."""
        sort = f"{self.aquilae} aq." if self.kind == "legionary" else "aux."
        return f"{self.legion} {sort}"


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die of an Attack (8.4) or a Defence (8.5): ``natural`` + ``factor`` against
    ``against`` (the target's Defence Factor, or the total Attack Factor of the adjacent
    enemies), and what came of it."""

    rule: str
    square: int  # the Roman square rolling
    unit: str  # its label
    natural: int
    factor: int
    against: int
    target: int | None  # the enemy square attacked (8.4)
    outcome: str
    clause: str = ""  # why this target, or against whom (the clause of 8.4 or 8.5)

    @property
    def total(self) -> int:
        return self.natural + self.factor

    def text(self) -> str:
        """One line: the square, the unit, the clause, the sum and what came of it.

        >>> DieRoll("8.4", 2, "II 2 aq.", 4, 3, 5, 1, "no effect", "the only enemy it faces").text()
        '8.4 sq 2 II 2 aq. on 1 (the only enemy it faces): 4+3=7 vs 5: no effect'
        """
        aim = f" on {self.target}" if self.target is not None else ""
        why = f" ({self.clause})" if self.clause else ""
        return (
            f"{self.rule} sq {self.square} {self.unit}{aim}{why}: {self.natural}+{self.factor}="
            f"{self.total} vs {self.against}: {self.outcome}"
        )


@dataclass(frozen=True, slots=True)
class BattleStep:
    """One step of a battle: the display when it is over and what happened in it."""

    index: int
    kind: str  # setup | enemy | deploy | attack | defence | end
    number: int  # the Attack Round's or Defence Round's number (from 1); 0 otherwise
    sentence: str  # one sentence naming its section
    enemies: tuple[EnemyUnit, ...]
    romans: tuple[RomanUnit, ...]
    holes: tuple[int, ...]  # empty Roman front squares adjacent to enemies (8.5)
    rolls: tuple[DieRoll, ...]
    lost_enemies: tuple[int, ...]  # squares whose enemy was eliminated in the step
    lost_romans: tuple[int, ...]  # Roman squares whose unit was eliminated
    isolated: tuple[int, ...]  # enemy squares Isolated (8.5)
    events: tuple[str, ...]  # the log's sentences of the step, as Rome reads them
    battle_cup: int  # counters left in the Battle Cup (a count, as the box shows it)

    @property
    def section(self) -> str:
        return SECTION[self.kind]

    @property
    def whose(self) -> str:
        """Whose round it is, in a few words."""
        if self.kind == "attack":
            return "Rome attacks, left to right (8.4)"
        if self.kind == "defence":
            return "the enemy attacks; Rome defends right to left (8.5)"
        return {
            "setup": "the battle opens",
            "enemy": "the enemy deploys",
            "deploy": "Rome deploys",
            "end": "the battle is over",
        }[self.kind]


@dataclass(frozen=True, slots=True)
class BattleRecord:
    """A whole battle: where, who, and its steps."""

    number: int  # 0 for the game's first battle
    turn: int
    box: str
    legions: tuple[str, ...]
    ambush: bool
    mons_graupius: bool
    initiative: bool  # Rome's (8.1)
    tactical_advantage: bool  # Agricola in the box (8.4)
    outcome: str  # "victory", "defeat" or "" (still being fought)
    steps: tuple[BattleStep, ...]

    @property
    def title(self) -> str:
        kind = "Ambush" if self.ambush else "Battle"
        mons = ": Mons Graupius" if self.mons_graupius else ""
        return f"{kind} in {self.box}{mons} (turn {self.turn}, {', '.join(self.legions)})"


def squares_text(numbers: list[int]) -> str:
    """Enemy square numbers in words.

    >>> squares_text([3]), squares_text([6, 4])
    ('square 3', 'squares 6 and 4')
    """
    if len(numbers) == 1:
        return f"square {numbers[0]}"
    return "squares " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def squares_of(events: list[Event], kind: str) -> tuple[int, ...]:
    return tuple(int(str(e.data["square"])) for e in events if e.kind == kind)


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one.

    >>> plural(1, "enemy"), plural(2, "enemy"), plural(0, "attack")
    ('1 enemy', '2 enemies', '0 attacks')
    """
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def sentence(kind: str, number: int, events: list[Event], record: dict[str, Any]) -> str:
    """The step's one sentence, naming its section."""
    by_kind = {e.kind: e for e in events}
    lost_e = squares_of(events, "enemy_lost")
    lost_r = squares_of(events, "roman_lost")
    if kind == "setup":
        formation = by_kind.get("formation")
        units = formation.data.get("units") if formation is not None else "?"
        who = "Rome has" if record["initiative"] else "the enemy has"
        mons = "; Mons Graupius (8.8)" if record["mons_graupius"] else ""
        return (
            f"8.0-8.2: {record['kind']} in {record['box']}: the Tribal Formation Table gives "
            f"{units} Enemy Battle Units{mons}, and {who} the Initiative (8.1)."
        )
    if kind == "enemy":
        draws = [e for e in events if e.kind == "draw"]
        return (
            f"8.2: the enemy draws {plural(len(draws), 'Battle Unit')} from the Battle Cup "
            f"into squares 1-{len(draws)}, its line growing from the centre."
        )
    if kind == "deploy":
        squares = squares_of(events, "deploy")
        front = sum(1 for s in squares if s in FRONT)
        return (
            f"8.3: Rome deploys {plural(len(squares), 'unit')}, {front} in the front row "
            f"and {len(squares) - front} behind (the front row first)."
        )
    if kind == "attack":
        rolls = sum(1 for e in events if e.kind == "roll")
        flips = sum(1 for e in events if e.kind == "flip")
        advantage = ", Agricola choosing the targets (Tactical Advantage)" * bool(
            record["tactical_advantage"]
        )
        tail = f"; {plural(flips, 'red-bordered unit')} flipped (8.8)" if flips else ""
        return (
            f"8.4 Attack Round {number}: {plural(rolls, 'attack')} left to right{advantage}, "
            f"{plural(len(lost_e), 'enemy')} eliminated{tail}."
        )
    if kind == "defence":
        rolls = sum(1 for e in events if e.kind == "roll")
        parts = [f"{plural(rolls, 'defence')} right to left, {len(lost_r)} Roman lost"]
        shifts = sum(1 for e in events if e.kind == "shift")
        closes = sum(1 for e in events if e.kind == "enemy_shift")
        isolated = squares_of(events, "isolated")
        if shifts:
            parts.append(f"{plural(shifts, 'unit')} into the Holes In The Line")
        if closes:
            parts.append(f"{plural(closes, 'enemy')} closing up")
        if isolated:
            parts.append(f"{plural(len(isolated), 'enemy')} Isolated")
        return f"8.5 Defence Round {number}: " + "; ".join(parts) + "."
    if "lost" in by_kind:
        return f"8.6: Military Disaster in {record['box']}: every Roman unit is eliminated."
    promoted = sum(1 for e in events if e.kind == "promote")
    extra = "; Calgacus is defeated (8.8)" if "mons_graupius" in by_kind else ""
    return (
        f"8.6: Victory in {record['box']}: {plural(promoted, 'unit')} promoted, the tribe "
        f"of the box eliminated{extra}."
    )
