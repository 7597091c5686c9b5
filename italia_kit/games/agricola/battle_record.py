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
from italia_kit.games.agricola.battle_steps import (
    BattleRecord,
    BattleStep,
    DieRoll,
    EnemyUnit,
    RomanUnit,
    sentence,
    squares_of,
    squares_text,
)
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
                    "the Attack of " + squares_text(near) + (" together" if len(near) > 1 else ""),
                )
            )
    return tuple(out)


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
    return f"the higher Defence of {squares_text(near)}"


def _as_rome_reads(event: Event) -> str:
    """An event's sentence as the Roman seat reads the log (a blind Cup Adjustment of 8.6
    is redacted, 4.0)."""
    return event.text if event.seen_by(ROME) else event.redacted().text


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
                sentence=sentence(kind, counts.get(kind, 0), events, record),
                enemies=_enemies(display),
                romans=_romans(state, display),
                holes=_holes(display),
                rolls=_rolls(marks[first : last + 1]),
                lost_enemies=squares_of(events, "enemy_lost"),
                lost_romans=squares_of(events, "roman_lost"),
                isolated=squares_of(events, "isolated"),
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
