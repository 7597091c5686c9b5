"""Battles on the Tactical Display (8.0-8.8).

:func:`start_battle` rolls the Tribal Formation Table (8.2), decides the Initiative (8.1)
and Mons Graupius (8.8) and, if Rome has the Initiative, deploys the enemy first. The Roman
player deploys (8.3: :func:`deploy`, the front row first); then Attack Rounds (8.4, left to
right, Tactical Advantage with Agricola in the box) and Defence Rounds (8.5, right to left,
then the line adjustments and Isolation) alternate in :func:`run` until one side is gone.
A victory is followed by promotion and reorganisation, the Cup Adjustments, the Dead Pool,
the elimination of the box's tribe and the reactions (8.6; an Ambush has none, 8.7).

The Roman player decides the deployment, each Tactical Advantage target, which Unengaged
Unit fills which Hole In The Line, and the promotions; the rest is the rules'.
"""

from __future__ import annotations

from italia_kit.games.agricola.battle_end import finish, promote, promotion, promotion_choices
from italia_kit.games.agricola.display import BACK, ENEMY_NEAR, FRONT, ROMAN_NEAR
from italia_kit.games.agricola.geography import NAMES, REGION_OF
from italia_kit.games.agricola.mechanics import (
    IS_LEGIONARY,
    NAME,
    RESISTANCE,
    Ctx,
    agricola_box,
    draw_shown,
    factors,
    leader_in_box,
    leader_in_region,
    lose,
    region_bonus,
)
from italia_kit.games.agricola.reactions import calgacus_on_map
from italia_kit.games.agricola.state import (
    BATTLE,
    AgricolaState,
    Battle,
)
from italia_kit.games.agricola.tables import CALGACUS, COUNTERS, LEADERS, LEGIONS, formation_units

ATTACK = tuple(c.attack for c in COUNTERS)
DEFENCE = tuple(c.defence for c in COUNTERS)


def start_battle(ctx: Ctx, box: int, legions: list[int], *, ambush: bool) -> None:
    """8.0: set up the battle in ``box`` for ``legions`` (one, for an Ambush, 8.7)."""
    state = ctx.state
    region = REGION_OF[box]
    stack = state.stacks[box]
    in_box = leader_in_box(state, box)
    in_region = leader_in_region(state, region)
    agricola_here = agricola_box(state) == box
    kind = "Ambush" if ambush else "Battle"
    ctx.emit(
        "battle",
        "8.0",
        f"8.0: {kind} in {NAMES[box]}: "
        f"{', '.join(LEGIONS[k] for k in legions)} against the {COUNTERS[stack[-1]].tribe}.",
        box=box,
        legions=list(legions),
        ambush=ambush,
    )
    (roll,) = ctx.roll(1, "8.2", "Tribal Formation Table")
    modified = roll + RESISTANCE[stack[-1]] + region_bonus(state, region)
    units, asterisk = formation_units(COUNTERS[stack[-1]].tribe, modified)
    mons = False
    if calgacus_on_map(state) and not state.mons_graupius and region == "Red":
        calgacus_box = state.leader_box[LEADERS.index(CALGACUS)]
        if calgacus_box == box:
            mons = True
        elif asterisk:
            mons = True
            state.leader_box[LEADERS.index(CALGACUS)] = box
            ctx.emit(
                "leader",
                "8.8",
                f"8.8: the asterisk brings Calgacus to {NAMES[box]}.",
                leader=CALGACUS,
                box=box,
            )
            in_box = CALGACUS
    if mons or (asterisk and in_region >= 0):
        units = 13
    ctx.emit(
        "formation",
        "8.2",
        f"8.2: formation roll {roll} modified to {modified}: "
        f"{units} Enemy Battle Units{' (asterisk)' if asterisk else ''}"
        f"{'; Mons Graupius (8.8)' if mons else ''}.",
        roll=roll,
        modified=modified,
        units=units,
        asterisk=asterisk,
        mons_graupius=mons,
    )
    # 8.1: Rome's Initiative, unless a leader in the region (negated by Agricola), a leader in
    # the box or Mons Graupius; an Ambush is always the enemy's (8.7)
    initiative = not (ambush or mons or in_box >= 0 or (in_region >= 0 and not agricola_here))
    battle = Battle(box, list(legions), ambush, mons, initiative, agricola_here, after=state.phase)
    state.battle = battle
    state.phase = "battle"
    state.ask = [units]
    ctx.emit(
        "initiative",
        "8.1",
        f"8.1: {'Rome has' if initiative else 'the enemy has'} the Initiative.",
        initiative=initiative,
    )
    if initiative:
        deploy_enemy(ctx, units)
    state.step = "deploy"


def deploy_enemy(ctx: Ctx, units: int) -> None:
    """8.2: draw the Tribal Battle Units one at a time into squares 1, 2, 3 ..."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    for index in range(min(units, 13)):
        counter = draw_shown(ctx, BATTLE, "8.2", f"square {index + 1}")
        if counter < 0:
            break
        battle.enemy[index] = counter
        if battle.mons_graupius:
            battle.red.append(counter)


def roman_units(state: AgricolaState) -> list[int]:
    """The Battle Units of the legions in the battle not yet deployed (8.3)."""
    battle = state.battle
    assert battle is not None
    return [c for k in battle.legions for c in state.holding[k]]


def required_front(battle: Battle) -> list[int]:
    """8.3: the front squares to fill before the back row: those adjacent to enemies, or all
    of them when Rome deploys first (they will be adjacent)."""
    if not any(c >= 0 for c in battle.enemy):
        return list(FRONT)
    return [f for f in FRONT if any(battle.enemy[e] >= 0 for e in ENEMY_NEAR[f])]


def deploy_squares(battle: Battle) -> list[int]:
    """The squares a unit may be deployed to now (8.3)."""
    empty_front = [f for f in FRONT if battle.roman[f] < 0]
    back_open = all(battle.roman[f] >= 0 for f in required_front(battle))
    return empty_front + ([b for b in BACK if battle.roman[b] < 0] if back_open else [])


def deploy(ctx: Ctx, unit: int, square: int) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    for legion in battle.legions:
        if unit in state.holding[legion]:
            state.holding[legion].remove(unit)
            battle.roman[square] = unit
            battle.owner[square] = legion
            ctx.emit(
                "deploy",
                "8.3",
                f"8.3: {NAME[unit]} deployed to square {square}.",
                unit=unit,
                square=square,
            )
            break
    if not roman_units(state):
        deploy_done(ctx)


def deploy_done(ctx: Ctx) -> None:
    """8.3 ends; the enemy deploys now if it has the Initiative; the first round."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.step = ""
    if not battle.initiative:
        deploy_enemy(ctx, state.ask[0] if state.ask else 0)
        battle.stage, battle.cursor = "defence", FRONT[-1]
    else:
        battle.stage, battle.cursor = "attack", 0
    state.ask = []


def _near_enemies(battle: Battle, square: int) -> list[int]:
    return [e for e in ENEMY_NEAR[square] if battle.enemy[e] >= 0]


def _strongest(battle: Battle, squares: list[int]) -> int:
    """8.4: the adjacent enemy with the higher Defence (ties: the higher Attack, then the
    lower number: reading, the rule says no more)."""
    return max(squares, key=lambda e: (DEFENCE[battle.enemy[e]], ATTACK[battle.enemy[e]], -e))


def target_choices(state: AgricolaState) -> list[int]:
    """The enemy squares (indices) a Tactical Advantage attack may choose now."""
    battle = state.battle
    if battle is None or state.step != "target":
        return []
    return _near_enemies(battle, battle.cursor)


def eliminate_enemy(ctx: Ctx, e: int, natural: int, rule: str) -> None:
    """An Enemy Battle Unit eliminated; at Mons Graupius a red-bordered one flips instead,
    but a natural 8 removes it all the same (8.8)."""
    battle = ctx.state.battle
    assert battle is not None
    unit = battle.enemy[e]
    if unit in battle.red and natural != 8:
        battle.red.remove(unit)
        ctx.emit(
            "flip",
            "8.8",
            f"8.8: the red-bordered unit in square {e + 1} flips.",
            square=e + 1,
            unit=unit,
        )
        return
    if unit in battle.red:
        battle.red.remove(unit)
    battle.enemy[e] = -1
    ctx.state.dead.append(unit)
    ctx.emit(
        "enemy_lost",
        rule,
        f"{rule}: the Enemy Battle Unit in square {e + 1} is eliminated.",
        square=e + 1,
        unit=unit,
    )


def attack(ctx: Ctx, square: int, e: int) -> None:
    """8.4: roll + Attack Factor; more than the Defence Factor eliminates."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    unit = battle.roman[square]
    # the squares ride in the roll's data for the battle view (battle_record.py)
    (roll,) = ctx.roll(
        1, "8.4", f"{NAME[unit]} attacks square {e + 1}", square=square, target=e + 1
    )
    if unit not in battle.rolled:
        battle.rolled.append(unit)
    if roll + factors(state, unit)[0] > DEFENCE[battle.enemy[e]]:
        eliminate_enemy(ctx, e, roll, "8.4")


def run(ctx: Ctx) -> None:
    """Carry the battle on until a decision is due or it is over."""
    state = ctx.state
    while state.battle is not None and not state.step and not state.result:
        battle = state.battle
        stage = battle.stage
        if stage == "attack":
            _attack_round(ctx, battle)
        elif stage == "defence":
            _defence_round(ctx, battle)
        elif stage == "shift":
            _roman_line(ctx, battle)
        elif stage == "enemy_shift":
            _enemy_line(ctx, battle)
        elif stage == "promote":
            promotion(ctx, battle)
        elif stage == "reorganize":
            if len(battle.legions) > 1:
                state.step = "battle_reorganize"
            else:
                battle.stage = "finish"
        else:
            finish(ctx)


def _attack_round(ctx: Ctx, battle: Battle) -> None:
    state = ctx.state
    for square in range(battle.cursor, len(FRONT)):
        if battle.roman[square] < 0:
            continue
        near = _near_enemies(battle, square)
        if not near:
            continue
        if len(near) == 2 and battle.tactical_advantage:
            a, b = (battle.enemy[e] for e in near)
            if (ATTACK[a], DEFENCE[a], a in battle.red) != (ATTACK[b], DEFENCE[b], b in battle.red):
                battle.cursor = square
                state.step = "target"
                return
        attack(ctx, square, _strongest(battle, near))
        if not any(c >= 0 for c in battle.enemy):
            _victory(ctx, battle)
            return
    battle.stage, battle.cursor = "defence", len(FRONT) - 1


def choose_target(ctx: Ctx, e: int) -> None:
    """8.4 Tactical Advantage: the chosen attack, then the round goes on."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.step = ""
    attack(ctx, battle.cursor, e)
    battle.cursor += 1
    if not any(c >= 0 for c in battle.enemy):
        _victory(ctx, battle)


def _defence_round(ctx: Ctx, battle: Battle) -> None:
    """8.5: each engaged unit defends, right to left, against the sum of the attacks."""
    state = ctx.state
    for square in range(battle.cursor, -1, -1):
        unit = battle.roman[square]
        if unit < 0:
            continue
        near = _near_enemies(battle, square)
        if not near:
            continue
        total = sum(ATTACK[battle.enemy[e]] for e in near)
        (roll,) = ctx.roll(
            1, "8.5", f"{NAME[unit]} defends against {total}", square=square, against=total
        )
        if unit not in battle.rolled:
            battle.rolled.append(unit)
        if roll + factors(state, unit)[1] > total:
            continue
        battle.roman[square] = -1
        battle.owner[square] = -1
        state.dead.append(unit)
        if IS_LEGIONARY[unit]:
            battle.lost_legionaries += 1
        ctx.emit(
            "roman_lost",
            "8.5",
            f"8.5: {NAME[unit]} is eliminated in square {square}.",
            unit=unit,
            square=square,
        )
        if not any(c >= 0 for c in battle.roman):
            lose(ctx, "8.6", "every Roman unit in the battle was eliminated: Military Disaster")
            return
    battle.stage = "shift"


def shift_choices(battle: Battle) -> list[tuple[int, int]]:
    """8.5: (Unengaged Unit, Hole In The Line) pairs the Roman player may move now."""
    holes = [f for f in FRONT if battle.roman[f] < 0 and _near_enemies(battle, f)]
    if not holes:
        return []
    idle = [
        battle.roman[s]
        for s in range(len(battle.roman))
        if battle.roman[s] >= 0 and not _near_enemies(battle, s)
    ]
    return [(u, h) for u in idle for h in holes]


def shift(ctx: Ctx, unit: int, hole: int) -> None:
    state = ctx.state
    battle = state.battle
    assert battle is not None
    square = battle.roman.index(unit)
    battle.roman[hole], battle.roman[square] = unit, -1
    battle.owner[hole], battle.owner[square] = battle.owner[square], -1
    state.step = ""
    ctx.emit(
        "shift",
        "8.5",
        f"8.5: {NAME[unit]} moves into the hole at square {hole}.",
        unit=unit,
        square=hole,
    )


def _roman_line(ctx: Ctx, battle: Battle) -> None:
    choices = shift_choices(battle)
    if not choices:
        battle.stage = "enemy_shift"
    elif len(choices) == 1:
        shift(ctx, *choices[0])
    else:
        ctx.state.step = "shift"


def _enemy_line(ctx: Ctx, battle: Battle) -> None:
    """8.5: Unengaged Enemy Units fill the lowest-numbered holes, the strongest first; then
    Isolation; then the next Attack Round."""
    while True:
        idle = [
            e
            for e in range(len(battle.enemy))
            if battle.enemy[e] >= 0 and not any(battle.roman[f] >= 0 for f in ROMAN_NEAR[e])
        ]
        holes = [
            e
            for e in range(len(ENEMY_NEAR_ANY))
            if battle.enemy[e] < 0 and any(battle.roman[f] >= 0 for f in ROMAN_NEAR[e])
        ]
        if not idle or not holes:
            break
        mover = max(idle, key=lambda e: (DEFENCE[battle.enemy[e]], ATTACK[battle.enemy[e]], -e))
        hole = min(holes)
        battle.enemy[hole], battle.enemy[mover] = battle.enemy[mover], -1
        ctx.emit(
            "enemy_shift",
            "8.5",
            f"8.5: the enemy in square {mover + 1} moves to square {hole + 1}.",
            source=mover + 1,
            square=hole + 1,
        )
    state = ctx.state
    for e in range(len(battle.enemy)):
        unit = battle.enemy[e]
        if unit < 0:
            continue
        romans = [f for f in ROMAN_NEAR[e] if battle.roman[f] >= 0]
        if not romans:
            continue
        alone = all(_near_enemies(battle, f) == [e] for f in romans)
        weak = all(ATTACK[unit] <= factors(state, battle.roman[f])[1] for f in romans)
        if alone and weak:
            ctx.emit(
                "isolated", "8.5", f"8.5: the enemy in square {e + 1} is Isolated.", square=e + 1
            )
            eliminate_enemy(ctx, e, 0, "8.5")
    if not any(c >= 0 for c in battle.enemy):
        _victory(ctx, battle)
        return
    battle.stage, battle.cursor = "attack", 0
    battle.rounds += 1


#: the enemy squares that can touch a Roman unit (the front row)
ENEMY_NEAR_ANY = tuple(range(7))


def _victory(ctx: Ctx, battle: Battle) -> None:
    ctx.emit(
        "victory", "8.6", f"8.6: the enemy is destroyed in {NAMES[battle.box]}.", box=battle.box
    )
    battle.stage = "promote"


__all__ = [
    "attack",
    "choose_target",
    "deploy",
    "deploy_done",
    "deploy_enemy",
    "deploy_squares",
    "eliminate_enemy",
    "finish",
    "promote",
    "promotion_choices",
    "required_front",
    "roman_units",
    "run",
    "shift",
    "shift_choices",
    "start_battle",
    "target_choices",
]
