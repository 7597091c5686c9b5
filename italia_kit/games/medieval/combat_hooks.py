"""Britannia's battle on the Italia engine: what :class:`~.rulebook.MedievalRulebook`
answers at the battle-sequence hooks of Italia's ``Rulebook`` (``open_battle``,
``next_round``, ``retreat``, ``retreat_refuges``, ``cite``), in place of Italia's stages
10.1-10.5 (targets by class, lone leaders, stand fast and partial retreats).

The variant "assumes you know how to play Britannia"; the kit plays Britannia's battle as
publicly summarised, the reading of ``docs/games/medieval.md`` (reading 8) and of the
medieval package's old engine (its ``battle.py``, deleted since):

* submission is offered before the first round (rule text; Italia's ``submit_first``
  stage, :mod:`.submission_hooks`);
* a round: every army of both sides rolls one d6 at the same time (Britannia (public
  summary): "each army in a battle rolls one d6; every 5 or 6 kills one enemy unit");
  the number an army needs is its own (:meth:`~.rulebook.MedievalRulebook.hit_number_in`):
  5-6; 6 for an attacker into difficult terrain (mountain, marsh, Mantua from turn 7)
  unless it appeared there (rule text); 4-6 for a superior army, which is hit like any
  other (rule text);
* the losses are taken after both sides rolled; their owner removes them: the kit removes
  for him the armies that would roll worst in the next round (the highest number needed),
  which every owner prefers, the armies being otherwise alike in the battle; among equal
  armies the last by id (the medieval engine's order);
* leaders do not roll; a leader dies with the last army of his side, and a leader whose
  side has no army dies as the battle begins (reconstructed, as the medieval engine);
* after each round with both sides left the attacker, then the defender, may retreat,
  the whole side, to one adjacent land area that is empty or its own (Britannia (public
  summary): retreats), or stand; rounds repeat until one side is destroyed or has
  retreated (Britannia (public summary)).

Every event and refusal of a battle cites these rules (:data:`CITATIONS` maps the Italia
sections whose steps the variant keeps: the start, the submission offer, the stages'
prompts and the refusals of actions out of turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, itemgetter, le
from typing import TYPE_CHECKING

from italia_kit.core import Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia.battle_sides import leaders_among, sides_among
from italia_kit.games.italia.battle_state import Battle
from italia_kit.games.italia.retreat import Refuge
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.text import count
from italia_kit.games.italia.victory import eliminate
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.scoring_hooks import area_index
from italia_kit.games.medieval.submission_hooks import R_SUBMIT
from italia_kit.games.medieval.words import area, forces

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_BATTLE = "Britannia (public summary): battles"
R_DICE = "Britannia (public summary): one die per army, 5-6 hits"
R_TERRAIN = "Britannia (public summary): difficult terrain, hit only on a 6"
R_APPEARED = "rule text: defensive terrain does not affect units which appear in the area"
R_SUPERIOR = "rule text: superior units; Britannia (public summary): superior units hit on 4-6"
R_LOSSES = "Britannia (public summary): the owner removes his losses"
R_LEADER = "reconstructed: a leader dies with the last army of his side"
R_RETREAT = "Britannia (public summary): retreats"

#: a unit's id; a hit number and its rule (``hit_rule``'s pair): read in C
_ID = attrgetter("id")
_NUMBER, _RULE = itemgetter(0), itemgetter(1)

#: Britannia (public summary): difficult terrain (the rulebook's ``DIFFICULT``, which
#: imports this module: the two are held equal by ``tests/test_medieval_combat.py``)
DIFFICULT = frozenset({"mountain", "marsh"})

#: Italia's sections whose steps the variant's battle keeps, cited as the variant's rules
#: (``Rulebook.cite``): the battle's start and its refusals (10.0, 10.1), a raid (10.7:
#: the medieval board has no cities to raid), the retreat stages (10.5), the submission
#: offered before the first round (12.5.1)
CITATIONS = {
    "10.0": R_BATTLE,
    "10.1": R_BATTLE,
    "10.5": R_RETREAT,
    "10.7": R_BATTLE,
    "12.5.1": R_SUBMIT,
}


def cite(section: str) -> str:
    """The variant's rule for an Italia ``section`` of the battle (else the section).

    >>> cite("10.5"), cite("8.3")
    ('Britannia (public summary): retreats', '8.3')
    """
    return CITATIONS.get(section, section)


def _flag(unit: Unit, key: str) -> bool:
    return bool(unit.extras and unit.extras.get(key))


def hit_rule(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    zone: str,
    unit: Unit,
    *,
    attacking: bool,
) -> tuple[int, str]:
    """The number ``unit`` needs in a battle in ``zone`` now
    (:meth:`~.rulebook.MedievalRulebook.hit_number_in`) and the rule that sets it, which
    the round's events cite."""
    number = rules.hit_number_in(world, state, zone, unit, attacking=attacking)
    if attacking and rules.terrain_on(zone, state.turn) in DIFFICULT:
        return number, R_APPEARED if _flag(unit, "appeared") else R_TERRAIN
    return number, R_SUPERIOR if _flag(unit, "superior") else R_DICE


def side_needs(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    zone: str,
    armies: list[Unit],
    *,
    attacking: bool,
) -> list[tuple[int, str]]:
    """:func:`hit_rule` for each of one side's ``armies``, in their order. An army with no
    medieval mark (no ``Unit.extras``: it neither appeared nor is superior, most armies of
    every round) needs what any other unmarked army of its side needs, as the terrain and
    the turn say (S5, S6): that answer is asked once for the side and shared.
    ``tests/test_medieval_battle_speedups.py`` holds it equal to ``hit_rule`` asked of
    every army."""
    plain: tuple[int, str] | None = None
    out: list[tuple[int, str]] = []
    for u in armies:
        if u.extras:
            out.append(hit_rule(rules, world, state, zone, u, attacking=attacking))
        else:
            if plain is None:
                plain = hit_rule(rules, world, state, zone, u, attacking=attacking)
            out.append(plain)
    return out


def needs_words(needs: list[tuple[int, str]]) -> tuple[list[int], str, str]:
    """A side's numbers, the rules they cite ("; "-joined, in the armies' order) and what
    the side needs ("5+", "4+/5+"), from :func:`side_needs`'s pairs."""
    if needs and needs.count(needs[0]) == len(needs):
        # one number and one rule for the whole side (its armies unmarked, or marked
        # alike; most sides of most rounds): nothing to sort
        number, rule = needs[0]
        return [number] * len(needs), rule, f"{number}+"
    # the columns of ``needs`` and the words made in C
    numbers = list(map(_NUMBER, needs))
    said = "; ".join(dict.fromkeys(map(_RULE, needs)))
    return numbers, said, "/".join(map("{}+".format, sorted(set(numbers))))


# -- the rounds ------------------------------------------------------------------------------
def open_battle(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    sides: dict[str, list[Unit]] | None = None,
) -> None:
    """The battle begins (after any submission declined): a side with no army loses its
    leaders at once (reconstructed); otherwise the first round is fought. ``sides``: each
    side's armies as the battle was declared, when nothing has moved since (Italia's
    ``start_battle`` gives them; None: looked for)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.actor_override = None
    if sides is None:
        sides = sides_among(battle, state.where.get(battle.zone, ()))
    unarmed = [side for side, armies in sides.items() if not armies]
    if unarmed:
        for side in unarmed:
            _leaders_die(ctx, world, battle, side)
        _end(rules, ctx, world, retreated=None)
        return
    fight_round(rules, ctx, world, sides)


def next_round(rules: MedievalRulebook, ctx: Context[ItaliaState], world: World) -> None:
    """Both sides stood after a round: another round (Britannia (public summary): rounds
    repeat until one side is destroyed or withdraws)."""
    battle = ctx.state.battle
    assert battle is not None
    battle.round += 1
    fight_round(rules, ctx, world)


def fight_round(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    sides: dict[str, list[Unit]] | None = None,
) -> None:
    """One round: every army rolls one d6, attacker's and defender's dice at the same
    time; then each side loses as many armies as the other scored hits (surplus hits are
    lost), a side's leaders with its last army; then the retreats, or the end. ``sides``:
    each side's armies now, when the caller has them (the first round's)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    state.actor_override = None
    zone, attacker, defender = battle.zone, battle.attacker, battle.defender
    if sides is None:
        sides = sides_among(battle, state.where.get(zone, ()))
    stood = f"both sides stood after round {battle.round - 1}; " if battle.round > 1 else ""
    place = area(zone)
    ctx.emit(
        "round",
        R_BATTLE,
        f"{R_BATTLE}: {stood}round {battle.round} of the battle of {place}: "
        f"{count(len(sides[attacker]), 'army', 'armies')} of the {attacker} against "
        f"{len(sides[defender])} of the {defender}, every army rolling one die at once.",
        zone=zone,
        round=battle.round,
    )
    scored: dict[str, int] = {}
    # each army's number, asked once a round: for its die and for its owner's choice of
    # losses (nothing a number reads changes between the dice and the losses)
    numbers: dict[str, list[int]] = {}
    for side in (attacker, defender):  # every die is rolled before any army is removed
        armies = sides[side]
        needs = side_needs(rules, world, state, zone, armies, attacking=side == attacker)
        rolls = ctx.roll(
            len(armies),
            R_DICE,
            f"the {side} roll for {count(len(armies), 'army', 'armies')} in {place}",
            6,
            side=side,
            units=[u.id for u in armies],
        )
        side_numbers, said, shown = needs_words(needs)
        numbers[side] = side_numbers
        # a die hits when it is at least its army's number
        hits = scored[side] = sum(map(le, side_numbers, rolls))
        ctx.emit(
            "hits",
            said,
            f"{said}: the {side} need {shown} and score "
            f"{count(hits, 'hit') if hits else 'no hit'}.",
            side=side,
            hits=hits,
            rolls=list(rolls),
            needs=side_numbers.copy(),
        )
    for side in (attacker, defender):  # the losses of both, after both rolled
        enemy = battle.enemy(side)
        _take_losses(rules, ctx, world, battle, side, sides[side], numbers[side], scored[enemy])
    # a side with fewer armies than the hits against it is gone (its leaders with it);
    # the losses remove armies of this battle only, so the count says what a look would
    if len(sides[attacker]) <= scored[defender] or len(sides[defender]) <= scored[attacker]:
        _end(rules, ctx, world, retreated=None)
        return
    battle.stage = "retreat_attacker"  # the attacker first, then the defender
    state.actor_override = attacker


def loss_order(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    battle: Battle,
    armies: list[Unit],
    numbers: Sequence[int] | None = None,
) -> list[Unit]:
    """``armies`` of one side in the order their owner loses them: the weakest first (the
    highest number needed in this battle: an army that walked into difficult terrain
    before one that appeared there, a normal army before a superior one), then, among
    armies of one number, a normal army before a superior one (which hits on 4 in its
    next battle on clear ground), then the last by id (the medieval engine's order).
    ``numbers``: each army's number in this battle when the round has it already.
    """
    if numbers is None:
        attacking = bool(armies) and armies[0].nation == battle.attacker
        numbers = [
            rules.hit_number_in(world, state, battle.zone, u, attacking=attacking) for u in armies
        ]
    if numbers and numbers.count(numbers[0]) == len(numbers):
        for u in armies:
            if _flag(u, "superior"):
                break
        else:  # one number and no superior army (most losses): the last by id first
            return sorted(armies, key=_ID, reverse=True)
    ranked = sorted(
        zip(numbers, armies, strict=True),
        key=lambda pair: (pair[0], not _flag(pair[1], "superior"), pair[1].id),
        reverse=True,
    )
    return [u for _, u in ranked]


def _take_losses(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    battle: Battle,
    side: str,
    armies: list[Unit],
    numbers: list[int],
    hits: int,
) -> None:
    if not hits:
        return
    lost = loss_order(rules, world, ctx.state, battle, armies, numbers)[:hits]
    why = f"hit in the battle of {area(battle.zone)}"
    enemy = battle.enemy(side)
    attacked_scorer = side == battle.attacker
    for unit in lost:
        eliminate(
            ctx,
            world,
            unit,
            by=enemy,
            rule=R_LOSSES,
            why=why,
            attacked_scorer=attacked_scorer,
        )
    if len(lost) == len(armies):
        _leaders_die(ctx, world, battle, side)


def _leaders_die(ctx: Context[ItaliaState], world: World, battle: Battle, side: str) -> None:
    for leader in leaders_among(list(ctx.state.where.get(battle.zone, ())), side):
        eliminate(
            ctx,
            world,
            leader,
            by=battle.enemy(side),
            rule=R_LEADER,
            why=f"no army of the {side} is left in the battle of {area(battle.zone)}",
            attacked_scorer=side == battle.attacker,
        )


def _end(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World, retreated: str | None
) -> None:
    """The battle is over: one side destroyed (or both), or ``retreated``; then Italia's
    return to the combat phase (``close_battle``: a third power still there, the check
    after a battle)."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    here = state.where.get(battle.zone, ())
    present = {u.nation for u in here if u.carrier is None}
    holder = next((s for s in (battle.attacker, battle.defender) if s in present), None)
    if retreated is not None:
        how = f"the {retreated} retreated and the {holder} hold {area(battle.zone)}"
    elif holder is not None:
        how = f"the {battle.enemy(holder)} are destroyed and the {holder} hold {area(battle.zone)}"
    else:
        how = f"both sides are destroyed and {area(battle.zone)} is left empty"
    ctx.emit(
        "battle_end",
        R_BATTLE,
        f"{R_BATTLE}: the battle of {area(battle.zone)} is over after round {battle.round}: {how}.",
        zone=battle.zone,
        holder=holder,
    )
    world.rulebook.close_battle(ctx, world)


# -- retreats ---------------------------------------------------------------------------------
def refuges(world: World, state: ItaliaState, battle: Battle, nation: str) -> list[Refuge]:
    """The adjacent land areas (not an arrival box, not the sea) where no other power
    stands: empty or the side's own (Britannia (public summary): retreats), by name; no
    room limit (Britannia's overpopulation is checked as the nation-turn ends)."""
    out: list[Refuge] = []
    land = area_index(world)  # the land areas: no sea, no arrival box
    where = state.where
    for zone in world.neighbours(battle.zone):
        if zone not in land:
            continue
        # a plain loop, not ``all()`` over a generator: asked after every round of
        # every battle, for each side, of some six areas each
        for u in where.get(zone, ()):
            if u.nation != nation and u.carrier is None:
                break  # another power stands there
        else:
            out.append((zone, False, None))
    return out


def retreat(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    nation: str,
    ids: tuple[int, ...],
    zone: str,
) -> None:
    """The whole side of ``nation`` (its armies and leaders, ``ids``) retreats to
    ``zone``, and the battle is over, the other side holding the area. Checked unless
    listed; a refusal names the rule and changes nothing."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    here = [u for u in state.where.get(battle.zone, ()) if u.nation == nation]
    side = [u for u in here if u.carrier is None]
    if not ctx.listed:
        zone = world.zone_name(zone)
        mine = {u.id for u in side}
        strangers = [i for i in ids if i not in mine]
        if strangers:
            raise InvalidActionError(
                f"unit #{strangers[0]} is not one of the {nation}' in the battle of "
                f"{area(battle.zone)}"
            )
        if set(ids) != mine:
            raise IllegalActionError(
                R_RETREAT,
                f"a side retreats whole: all {count(len(mine), 'unit')} of the {nation} in "
                f"{area(battle.zone)} ({', '.join(map(str, sorted(mine)))}) or none",
            )
        options = [z for z, _, _ in refuges(world, state, battle, nation)]
        if zone not in options:
            raise IllegalActionError(
                R_RETREAT,
                f"the {nation} may retreat from {area(battle.zone)} only to an adjacent land area "
                f"empty or their own ({', '.join(options) or 'none'}), not to {area(zone)}",
            )
    for u in side:
        if u.extras and u.extras.get("appeared"):
            # they have attacked; where they go they did not appear (the medieval engine's)
            u.extras = {k: v for k, v in u.extras.items() if k != "appeared"} or None
        state.relocate(u, zone)
    ctx.emit(
        "retreat",
        R_RETREAT,
        f"{R_RETREAT}: the {nation} retreat from {area(battle.zone)} to {area(zone)} with "
        f"{forces(side)}.",
        units=[u.id for u in side],
        zone=zone,
        nation=nation,
    )
    _end(rules, ctx, world, retreated=nation)


# -- the battle's sentences (issue 19, med-words) ------------------------------------------------
def combat_due_event(
    zone: str, nation: str, attackers: list[Unit], defenders: list[Unit]
) -> tuple[str, str]:
    """Britannia (public summary): a battle is due where the moving power stands with a
    power it may attack, each side said with its armies and its leaders by name (Italia's
    10.0 sentence counts units without leaders: "(0 units)" for Narses alone)."""
    theirs = sorted({u.nation for u in defenders})
    sides = "; ".join(f"the {n} ({forces(u for u in defenders if u.nation == n)})" for n in theirs)
    return R_BATTLE, (
        f"{R_BATTLE}: a battle is due in {area(zone)}: the {nation} ({forces(attackers)}) "
        f"attack {sides}."
    )


def battle_forces(battle: Battle, here: Sequence[Unit]) -> str:
    """The forces of a battle as it begins: "2 armies and Narses against 1 army" (the
    leaders are in it, though they do not roll)."""
    ashore = [u for u in here if u.carrier is None]
    mine = [u for u in ashore if u.nation == battle.attacker]
    theirs = [u for u in ashore if u.nation == battle.defender]
    return f"{forces(mine)} against {forces(theirs)}"


def stood(ctx: Context[ItaliaState], nation: str) -> None:
    """Britannia (public summary): retreats: the side asked after a round does not retreat
    and stands (Italia's ``StandFast``), told by an event of its own: the next round's
    event says "both sides stood", but a battle that then ends by the other side's
    retreat would otherwise never say it."""
    battle = ctx.state.battle
    assert battle is not None
    ctx.emit(
        "stand",
        R_RETREAT,
        f"{R_RETREAT}: the {nation} do not retreat and stand in {area(battle.zone)} after "
        f"round {battle.round}.",
        nation=nation,
        zone=battle.zone,
        round=battle.round,
    )
