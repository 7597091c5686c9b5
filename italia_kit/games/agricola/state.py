"""The state of a game of *Agricola, Master of Britain*: where every counter is.

Every counter that moves (:mod:`.tables`) is in exactly one place: a tribal box's stack (the
top-most last), a Garrison or Settlement slot of a box, a leader's box, a cup, a legion's
Holding Box, the Dead Pool, the Force Pool, or a square of the Tactical Display during a
battle. The cups are the game's bags (``game.dice``); ``cups`` repeats their contents so that
a save, a view and the invariants see them (``observe`` shows the Roman seat their sizes
only). Plain lists of small ints, so that a clone is cheap: the engine copies the state at
every checkpoint and the bots fork games by the thousand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from italia_kit.games.agricola.geography import N_BOXES

#: The cups, in the order of 2.0 (left to right); index = position in ``AgricolaState.cups``.
CUPS = ("Friendly", "Unfriendly", "Hostile", "Battle")
FRIENDLY, UNFRIENDLY, HOSTILE, BATTLE = range(4)
#: The Roman seat: the only one (solitaire, 1.0).
ROME = "rome"
#: Squares of the Tactical Display (8.0): enemy squares by number 1-13 (index 0-12); Roman
#: squares 0-5 the front row left to right, 6-12 the back row (reconstructed, data file).
ENEMY_SQUARES = 13
ROMAN_SQUARES = 13
ROMAN_FRONT = 6


@dataclass(slots=True)
class Battle:
    """A battle on the Tactical Display (8.0), from deployment to its end."""

    box: int
    legions: list[int]
    ambush: bool
    mons_graupius: bool
    initiative: bool  # Rome's (8.1)
    tactical_advantage: bool  # Agricola in the box (8.4)
    enemy: list[int] = field(default_factory=lambda: [-1] * ENEMY_SQUARES)
    roman: list[int] = field(default_factory=lambda: [-1] * ROMAN_SQUARES)
    red: list[int] = field(default_factory=list)  # enemy units still red-bordered (8.8)
    rolled: list[int] = field(default_factory=list)  # Roman units that made a roll (8.6)
    lost_legionaries: int = 0
    stage: str = "deploy"  # deploy | attack | defence | shift | promote | reorganize | over
    cursor: int = 0  # the next Roman front square of the round
    rounds: int = 0
    promoted: list[int] = field(default_factory=list)  # legions that have chosen (8.6)
    owner: list[int] = field(default_factory=lambda: [-1] * ROMAN_SQUARES)  # legion per square
    after: str = "turn"  # the phase the game goes back to after the battle

    def clone(self) -> Battle:
        return Battle(
            self.box,
            list(self.legions),
            self.ambush,
            self.mons_graupius,
            self.initiative,
            self.tactical_advantage,
            list(self.enemy),
            list(self.roman),
            list(self.red),
            list(self.rolled),
            self.lost_legionaries,
            self.stage,
            self.cursor,
            self.rounds,
            list(self.promoted),
            list(self.owner),
            self.after,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "box": self.box,
            "legions": list(self.legions),
            "ambush": self.ambush,
            "mons_graupius": self.mons_graupius,
            "initiative": self.initiative,
            "tactical_advantage": self.tactical_advantage,
            "enemy": list(self.enemy),
            "roman": list(self.roman),
            "red": list(self.red),
            "rolled": list(self.rolled),
            "lost_legionaries": self.lost_legionaries,
            "stage": self.stage,
            "cursor": self.cursor,
            "rounds": self.rounds,
            "promoted": list(self.promoted),
            "owner": list(self.owner),
            "after": self.after,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Battle:
        return cls(
            int(d["box"]),
            list(d["legions"]),
            bool(d["ambush"]),
            bool(d["mons_graupius"]),
            bool(d["initiative"]),
            bool(d["tactical_advantage"]),
            list(d["enemy"]),
            list(d["roman"]),
            list(d["red"]),
            list(d["rolled"]),
            int(d["lost_legionaries"]),
            str(d["stage"]),
            int(d["cursor"]),
            int(d["rounds"]),
            list(d["promoted"]),
            list(d["owner"]),
            str(d["after"]),
        )


def _boxes(value: int) -> list[int]:
    return [value] * N_BOXES


@dataclass(slots=True)
class AgricolaState:
    """The whole game. ``step`` names the decision pending ("" while the rules run on);
    ``queue`` holds the automatic work still to do, in order (reactions, ambushes,
    housekeeping steps), so that a decision in the middle of it can wait for the player."""

    turn: int = 1
    phase: str = "setup"  # setup | turn | battle | housekeeping | over
    step: str = ""
    ask: list[int] = field(default_factory=list)  # what the pending decision is about
    actions_left: int = 0
    treasury: int = 0
    income: int = 0
    vp: int = 0
    agricola: int = -1  # the legion he is attached to (2.5)
    legion_box: list[int] = field(default_factory=lambda: [-1, -1, -1])
    holding: list[list[int]] = field(default_factory=lambda: [[], [], []])
    stacks: list[list[int]] = field(default_factory=lambda: [[] for _ in range(N_BOXES)])
    leader_box: list[int] = field(default_factory=lambda: [-1, -1, -1])
    garrison: list[int] = field(default_factory=lambda: _boxes(-1))
    settlement: list[int] = field(default_factory=lambda: _boxes(-1))
    cups: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    dead: list[int] = field(default_factory=list)
    force: list[int] = field(default_factory=list)
    three: list[int] = field(default_factory=list)  # 2/3-aquila counters on their 3 side
    plus3: list[int] = field(default_factory=list)  # settlements on their "+3" side
    queue: list[tuple[str, int]] = field(default_factory=list)
    battle: Battle | None = None
    result: str = ""  # "" while playing; "won" or "lost: <why> (rule)"
    mons_graupius: bool = False  # fought already (8.8: only once)
    done: list[int] = field(default_factory=list)  # per step: boxes worked, aux bought ...

    @property
    def actor(self) -> str:
        return ROME

    def clone(self) -> AgricolaState:
        return AgricolaState(
            self.turn,
            self.phase,
            self.step,
            list(self.ask),
            self.actions_left,
            self.treasury,
            self.income,
            self.vp,
            self.agricola,
            list(self.legion_box),
            [list(h) for h in self.holding],
            [list(s) for s in self.stacks],
            list(self.leader_box),
            list(self.garrison),
            list(self.settlement),
            [list(c) for c in self.cups],
            list(self.dead),
            list(self.force),
            list(self.three),
            list(self.plus3),
            list(self.queue),
            None if self.battle is None else self.battle.clone(),
            self.result,
            self.mons_graupius,
            list(self.done),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "step": self.step,
            "ask": list(self.ask),
            "actions_left": self.actions_left,
            "treasury": self.treasury,
            "income": self.income,
            "vp": self.vp,
            "agricola": self.agricola,
            "legion_box": list(self.legion_box),
            "holding": [list(h) for h in self.holding],
            "stacks": [list(s) for s in self.stacks],
            "leader_box": list(self.leader_box),
            "garrison": list(self.garrison),
            "settlement": list(self.settlement),
            "cups": [list(c) for c in self.cups],
            "dead": list(self.dead),
            "force": list(self.force),
            "three": list(self.three),
            "plus3": list(self.plus3),
            "queue": [list(q) for q in self.queue],
            "battle": None if self.battle is None else self.battle.to_json(),
            "result": self.result,
            "mons_graupius": self.mons_graupius,
            "done": list(self.done),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> AgricolaState:
        return cls(
            int(d["turn"]),
            str(d["phase"]),
            str(d["step"]),
            list(d["ask"]),
            int(d["actions_left"]),
            int(d["treasury"]),
            int(d["income"]),
            int(d["vp"]),
            int(d["agricola"]),
            list(d["legion_box"]),
            [list(h) for h in d["holding"]],
            [list(s) for s in d["stacks"]],
            list(d["leader_box"]),
            list(d["garrison"]),
            list(d["settlement"]),
            [list(c) for c in d["cups"]],
            list(d["dead"]),
            list(d["force"]),
            list(d["three"]),
            list(d["plus3"]),
            [(str(q[0]), int(q[1])) for q in d["queue"]],
            None if d["battle"] is None else Battle.from_json(d["battle"]),
            str(d["result"]),
            bool(d["mons_graupius"]),
            list(d["done"]),
        )
