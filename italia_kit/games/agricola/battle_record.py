"""A battle of a played game, step by step on the Tactical Display (8.0-8.8), for the battle
view (:mod:`.battle_view`) and its stepper (:mod:`.widgets.battle`).

The engine resolves a whole battle's rounds inside one action, so the game's checkpoints
hold no picture of a round. :func:`record_battles` replays the game's actions from its start
through a :class:`~italia_kit.core.Context` that keeps a copy of the state at every event of
a battle and before every action, checks that the replay wrote the game's own log, and cuts
each battle into steps, each one sentence naming its section:

* ``setup``: 8.0 the battle, 8.2 the Tribal Formation Table, 8.1 the Initiative (8.8 Mons
  Graupius);
* ``enemy``: 8.2 the enemy's deployment, one draw per square 1, 2, 3 ...;
* ``deploy``: 8.3 the Roman deployment, the front row first;
* ``attack``: an Attack Round, left to right (8.4, Tactical Advantage);
* ``defence``: a Defence Round, right to left, with its line adjustments and Isolation (8.5);
* ``end``: 8.6 Victory (promotion, the tribe eliminated; 8.7, 8.8) or Military Disaster.

Each step holds the display as it stands when the step is over, the dice rolled in it (with
the factor added, what the total had to beat and what came of it, read from the events that
followed the roll: the view re-decides no rule), the units lost and the enemies Isolated.
A presenter decides no rule: everything here is read from the replayed states and events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from italia_kit.core import Context, Event, EventLog, Game, ScriptDice
from italia_kit.games.agricola.display import ENEMY_NEAR, FRONT
from italia_kit.games.agricola.geography import NAMES
from italia_kit.games.agricola.mechanics import IS_LEGIONARY, aquilae, factors
from italia_kit.games.agricola.rules import AgricolaRules
from italia_kit.games.agricola.state import BATTLE, ROME, AgricolaState, Battle
from italia_kit.games.agricola.tables import COUNTERS, LEGIONS

__all__ = [
    "BattleRecord",
    "BattleStep",
    "DieRoll",
    "EnemyUnit",
    "RomanUnit",
    "record_battle",
    "record_battles",
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


@dataclass(frozen=True, slots=True)
class _Mark:
    """The state at one event of a battle (``event``) or before an action (None)."""

    event: Event | None
    state: AgricolaState


class _Recorder(Context[AgricolaState]):
    """A Context that keeps a copy of the state at each event of a battle."""

    __slots__ = ("marks", "opening")

    def __init__(self, state: AgricolaState, dice: Any, log: EventLog) -> None:
        super().__init__(state, dice, log)
        self.marks: list[_Mark] = []
        self.opening = False  # between 8.0's "battle" event and the Battle's creation

    def emit(self, kind: str, rule: str, text: str, **data: Any) -> Event:
        event = super().emit(kind, rule, text, **data)
        self._keep(event)
        return event

    def emit_as(self, actor: str, kind: str, rule: str, text: str, **data: Any) -> Event:
        event = super().emit_as(actor, kind, rule, text, **data)
        self._keep(event)
        return event

    def _keep(self, event: Event) -> None:
        if event.kind == "battle":
            self.opening = True
        if self.state.battle is not None:
            self.opening = False
        elif not self.opening:
            return
        self.marks.append(_Mark(event, self.state.clone()))

    def before_action(self) -> None:
        if self.state.battle is not None:
            self.marks.append(_Mark(None, self.state.clone()))


def _replay(game: Game[Any]) -> list[_Mark]:
    """The marks of every battle of ``game``, replayed from its first position."""
    if not isinstance(game.rules, AgricolaRules):
        raise TypeError("the battle record reads games of Agricola")
    start = game.fork()
    start.jump(0)
    recorder = _Recorder(start.state.clone(), start.dice.copy(), start.log.copy())
    rules = game.rules
    for action in game.actions:
        recorder.before_action()
        if isinstance(action, ScriptDice):
            recorder.dice.script(action.results)
            continue
        rules.apply(recorder, action)
        rules.advance(recorder)
    recorder.before_action()  # the position now (a battle still being fought)
    mine, theirs = list(recorder.log), list(game.log)
    if [(e.kind, e.text) for e in mine] != [(e.kind, e.text) for e in theirs]:
        raise RuntimeError("replaying the game's actions did not write its log again")
    return recorder.marks


def _group(mark: _Mark) -> str:
    """The kind of step an event belongs to."""
    event, battle = mark.event, mark.state.battle
    assert event is not None
    if battle is None:  # 8.0-8.2 before the Battle is set up
        return "setup"
    if event.kind in ("victory", "lost") or battle.stage in ("promote", "reorganize", "finish"):
        return "end"
    if event.kind == "deploy":
        return "deploy"
    if battle.stage == "deploy":
        return "enemy" if event.kind == "draw" and event.rule == "8.2" else "setup"
    return "attack" if battle.stage == "attack" else "defence"


def _display(state: AgricolaState, event: Event | None, before: AgricolaState | None) -> Battle:
    """The display as it stood just before ``event`` was emitted: the rules place a unit,
    move one or fill a hole before they say so, so those moves are taken back here."""
    battle = state.battle
    assert battle is not None
    display = battle.clone()
    if event is None:
        return display
    data = event.data
    if event.kind == "deploy":
        square = int(str(data["square"]))
        display.roman[square], display.owner[square] = -1, -1
    elif event.kind == "shift" and before is not None and before.battle is not None:
        hole, unit = int(str(data["square"])), int(str(data["unit"]))
        origin = before.battle.roman.index(unit)
        display.roman[origin], display.roman[hole] = unit, -1
        display.owner[origin], display.owner[hole] = display.owner[hole], -1
    elif event.kind == "enemy_shift":
        source, hole = int(str(data["source"])) - 1, int(str(data["square"])) - 1
        display.enemy[source], display.enemy[hole] = display.enemy[hole], -1
    return display


def _enemies(battle: Battle) -> tuple[EnemyUnit, ...]:
    return tuple(
        EnemyUnit(e + 1, c, COUNTERS[c].attack, COUNTERS[c].defence, c in battle.red)
        for e, c in enumerate(battle.enemy)
        if c >= 0
    )


def _romans(state: AgricolaState, battle: Battle) -> tuple[RomanUnit, ...]:
    out = []
    for square, unit in enumerate(battle.roman):
        if unit < 0:
            continue
        legion = LEGIONS[battle.owner[square]].split()[0] if battle.owner[square] >= 0 else "?"
        attack, defence = factors(state, unit)
        if IS_LEGIONARY[unit]:
            out.append(
                RomanUnit(square, unit, legion, "legionary", aquilae(state, unit), attack, defence)
            )
        else:
            out.append(RomanUnit(square, unit, legion, "auxiliary", 0, attack, defence))
    return tuple(out)


def _holes(battle: Battle) -> tuple[int, ...]:
    """8.5's Holes In The Line: empty Roman front squares adjacent to an enemy."""
    return tuple(
        f for f in FRONT if battle.roman[f] < 0 and any(battle.enemy[e] >= 0 for e in ENEMY_NEAR[f])
    )


def _rolls(marks: list[_Mark]) -> tuple[DieRoll, ...]:
    """The dice of 8.4 and 8.5 among ``marks``, each with what followed it."""
    out = []
    for n, mark in enumerate(marks):
        event = mark.event
        if event is None or event.kind != "roll" or event.rule not in ("8.4", "8.5"):
            continue
        battle = mark.state.battle
        assert battle is not None
        data = event.data
        square = int(str(data["square"]))
        (roman,) = (r for r in _romans(mark.state, battle) if r.square == square)
        results = data["results"]
        assert isinstance(results, list | tuple)
        natural = int(str(results[0]))
        after = []
        for later in marks[n + 1 :]:
            if later.event is None or later.event.kind == "roll":
                break
            after.append(later.event)
        near = [e + 1 for e in ENEMY_NEAR[square] if battle.enemy[e] >= 0]
        if event.rule == "8.4":
            target = int(str(data["target"]))
            clause = _attack_clause(battle, near)
            against = COUNTERS[battle.enemy[target - 1]].defence
            outcome = "no effect"
            for e in after:
                if e.kind == "enemy_lost" and e.data.get("square") == target:
                    outcome = f"square {target} eliminated"
                elif e.kind == "flip" and e.data.get("square") == target:
                    outcome = f"square {target} flips (8.8)"
            if natural == 8 and battle.mons_graupius:
                outcome += " (a natural 8)"
            out.append(
                DieRoll(
                    "8.4",
                    square,
                    roman.label,
                    natural,
                    roman.attack,
                    against,
                    target,
                    outcome,
                    clause,
                )
            )
        else:
            lost = any(e.kind == "roman_lost" and e.data.get("square") == square for e in after)
            outcome = "eliminated" if lost else "survives"
            out.append(
                DieRoll(
                    "8.5",
                    square,
                    roman.label,
                    natural,
                    roman.defence,
                    int(str(data["against"])),
                    None,
                    outcome,
                    "the Attack of " + _squares_text(near) + (" together" if len(near) > 1 else ""),
                )
            )
    return tuple(out)


def _squares_text(numbers: list[int]) -> str:
    """Enemy square numbers in words.

    >>> _squares_text([3]), _squares_text([6, 4])
    ('square 3', 'squares 6 and 4')
    """
    if len(numbers) == 1:
        return f"square {numbers[0]}"
    return "squares " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def _attack_clause(battle: Battle, near: list[int]) -> str:
    """Why 8.4 attacked this square: the only enemy adjacent, the higher Defence of two, or
    Agricola's choice (Tactical Advantage, when the two differ)."""
    if len(near) < 2:
        return "the only enemy it faces"
    a, b = (battle.enemy[n - 1] for n in near)
    differ = (COUNTERS[a].attack, COUNTERS[a].defence, a in battle.red) != (
        COUNTERS[b].attack,
        COUNTERS[b].defence,
        b in battle.red,
    )
    if battle.tactical_advantage and differ:
        return f"Tactical Advantage: Agricola's choice of square {near[0]} or {near[1]}"
    return f"the higher Defence of {_squares_text(near)}"


def _as_rome_reads(event: Event) -> str:
    """An event's sentence as the Roman seat reads the log (a blind Cup Adjustment of 8.6
    is redacted, 4.0)."""
    return event.text if event.seen_by(ROME) else event.redacted().text


def _squares(events: list[Event], kind: str) -> tuple[int, ...]:
    return tuple(int(str(e.data["square"])) for e in events if e.kind == kind)


def _plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one.

    >>> _plural(1, "enemy"), _plural(2, "enemy"), _plural(0, "attack")
    ('1 enemy', '2 enemies', '0 attacks')
    """
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def _sentence(kind: str, number: int, events: list[Event], record: dict[str, Any]) -> str:
    """The step's one sentence, naming its section."""
    by_kind = {e.kind: e for e in events}
    lost_e = _squares(events, "enemy_lost")
    lost_r = _squares(events, "roman_lost")
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
            f"8.2: the enemy draws {_plural(len(draws), 'Battle Unit')} from the Battle Cup "
            f"into squares 1-{len(draws)}, its line growing from the centre."
        )
    if kind == "deploy":
        squares = _squares(events, "deploy")
        front = sum(1 for s in squares if s in FRONT)
        return (
            f"8.3: Rome deploys {_plural(len(squares), 'unit')}, {front} in the front row "
            f"and {len(squares) - front} behind (the front row first)."
        )
    if kind == "attack":
        rolls = sum(1 for e in events if e.kind == "roll")
        flips = sum(1 for e in events if e.kind == "flip")
        advantage = ", Agricola choosing the targets (Tactical Advantage)" * bool(
            record["tactical_advantage"]
        )
        tail = f"; {_plural(flips, 'red-bordered unit')} flipped (8.8)" if flips else ""
        return (
            f"8.4 Attack Round {number}: {_plural(rolls, 'attack')} left to right{advantage}, "
            f"{_plural(len(lost_e), 'enemy')} eliminated{tail}."
        )
    if kind == "defence":
        rolls = sum(1 for e in events if e.kind == "roll")
        parts = [f"{_plural(rolls, 'defence')} right to left, {len(lost_r)} Roman lost"]
        shifts = sum(1 for e in events if e.kind == "shift")
        closes = sum(1 for e in events if e.kind == "enemy_shift")
        isolated = _squares(events, "isolated")
        if shifts:
            parts.append(f"{_plural(shifts, 'unit')} into the Holes In The Line")
        if closes:
            parts.append(f"{_plural(closes, 'enemy')} closing up")
        if isolated:
            parts.append(f"{_plural(len(isolated), 'enemy')} Isolated")
        return f"8.5 Defence Round {number}: " + "; ".join(parts) + "."
    if "lost" in by_kind:
        return f"8.6: Military Disaster in {record['box']}: every Roman unit is eliminated."
    promoted = sum(1 for e in events if e.kind == "promote")
    extra = "; Calgacus is defeated (8.8)" if "mons_graupius" in by_kind else ""
    return (
        f"8.6: Victory in {record['box']}: {_plural(promoted, 'unit')} promoted, the tribe "
        f"of the box eliminated{extra}."
    )


def _steps(marks: list[_Mark], record: dict[str, Any]) -> tuple[BattleStep, ...]:
    """Cut one battle's marks into steps."""
    groups: list[tuple[tuple[str, int], list[int]]] = []
    for n, mark in enumerate(marks):
        if mark.event is None:
            continue
        kind = _group(mark)
        battle = mark.state.battle
        # a round is its kind and the battle's round counter (8.4 and 8.5 alternate)
        key = (kind, battle.rounds if kind in ("attack", "defence") and battle else 0)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(n)
        else:
            groups.append((key, [n]))
    steps = []
    counts = {"attack": 0, "defence": 0}
    for index, ((kind, _), members) in enumerate(groups):
        if kind in counts:
            counts[kind] += 1
        first, last = members[0], members[-1]
        state, display = _picture(marks, kind, first, last)
        events = [e for e in (marks[n].event for n in range(first, last + 1)) if e is not None]
        steps.append(
            BattleStep(
                index=index,
                kind=kind,
                number=counts.get(kind, 0),
                sentence=_sentence(kind, counts.get(kind, 0), events, record),
                enemies=_enemies(display),
                romans=_romans(state, display),
                holes=_holes(display),
                rolls=_rolls(marks[first : last + 1]),
                lost_enemies=_squares(events, "enemy_lost"),
                lost_romans=_squares(events, "roman_lost"),
                isolated=_squares(events, "isolated"),
                events=tuple(_as_rome_reads(e) for e in events),
                battle_cup=len(state.cups[BATTLE]),
            )
        )
    return tuple(steps)


def _picture(marks: list[_Mark], kind: str, first: int, last: int) -> tuple[AgricolaState, Battle]:
    """The state and the display when a step is over: at the next event or action (the
    battle's end with its promotions, before the survivors leave the display, 8.6)."""
    if kind == "end":
        on_display = [
            m for m in marks[first:] if m.state.battle and any(c >= 0 for c in m.state.battle.roman)
        ]
        last_seen = on_display[-1] if on_display else marks[first]
        return last_seen.state, _display(last_seen.state, None, None)
    if last + 1 < len(marks) and marks[last + 1].state.battle is not None:
        after = marks[last + 1]
        return after.state, _display(after.state, after.event, marks[last].state)
    for mark in reversed(marks[first : last + 1]):  # the last picture the step has
        if mark.state.battle is not None:
            return mark.state, mark.state.battle.clone()
    raise ValueError("8.0: a step of the battle with no Tactical Display")


def _split(marks: list[_Mark]) -> list[list[_Mark]]:
    """The marks of each battle, in order (a "battle" event opens one)."""
    out: list[list[_Mark]] = []
    for mark in marks:
        if mark.event is not None and mark.event.kind == "battle":
            out.append([])
        if out:
            out[-1].append(mark)
    return out


def record_battles(game: Game[Any]) -> list[BattleRecord]:
    """Every battle of ``game`` so far, step by step (the last may be still under way).

    The replay starts at the game's first position: a battle already being fought there (a
    game begun from a saved state in mid-battle) has no 8.0 opening and is not recorded.
    """
    records = []
    for number, marks in enumerate(_split(_replay(game))):
        opening = marks[0].event
        assert opening is not None
        battle = next(m.state.battle for m in marks if m.state.battle is not None)
        kinds = {m.event.kind for m in marks if m.event is not None}
        outcome = "defeat" if "lost" in kinds else "victory" if "victory" in kinds else ""
        record: dict[str, Any] = {
            "kind": "Ambush" if battle.ambush else "Battle",
            "box": NAMES[battle.box],
            "initiative": battle.initiative,
            "mons_graupius": battle.mons_graupius,
            "tactical_advantage": battle.tactical_advantage,
        }
        records.append(
            BattleRecord(
                number=number,
                turn=opening.turn,
                box=NAMES[battle.box],
                legions=tuple(LEGIONS[k] for k in battle.legions),
                ambush=battle.ambush,
                mons_graupius=battle.mons_graupius,
                initiative=battle.initiative,
                tactical_advantage=battle.tactical_advantage,
                outcome=outcome,
                steps=_steps(marks, record),
            )
        )
    return records


def record_battle(game: Game[Any], number: int = 0) -> BattleRecord:
    """Battle ``number`` (0: the first) of ``game``; a clear error if it has fewer."""
    records = record_battles(game)
    if not 0 <= number < len(records):
        raise IndexError(
            f"8.0: the game has {len(records)} battle(s) so far; there is no battle {number}"
        )
    return records[number]
