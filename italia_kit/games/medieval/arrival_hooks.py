"""The medieval arrivals on the Italia engine (rule text S26-S28, M-A's chart): what
:class:`~.rulebook.MedievalRulebook` answers at Italia's ``reinforcements_due`` and
``end_movement``, kept apart from the rulebook's movement and combat.

- S26 "Reinforcements appearing in land areas do so at the start of that nation-turn":
  Italia's placement (phase 2, 7.2) is where they come; its phase 1 has nothing to do in
  the variant (no gold), so the placement opens the nation-turn.
- S27 "If the controlling player has a choice of location then the decision is made when
  they arrive": a group naming several areas, or "or a Frankish area" (``or_own``), waits
  with those places as its ``choices`` (Italia's 7.2 "the player chooses").
- reading 17 of ``docs/games/medieval.md``: an arrival with nowhere to go does not come.
- Britannia (public summary): population increase with the areas held, before the arrivals
  (the arithmetic reconstructed, as the medieval engine's: 2 points an area, 1 a difficult
  one, an army per ``population_step`` points, each placed in an area the power holds);
  S23-S25: the city-state minima, topped up to two at their places, and the "1.5" box of
  a power at zero that receives armies. The track is ``state.extras["population"]``.
- S28, S29 "they must be attacked", "Defensive terrain does not affect units which appear
  in the area they attack": a unit that came into an area where a power it may attack
  stands is marked ``Unit.extras["appeared"]`` when the movement begins (read by the hit
  number, S29); the chart's superior units (M-A) ``Unit.extras["superior"]`` (S10).
- armies left at sea when the movement ends are lost (reconstructed, as the medieval
  engine's ``lost_at_sea``: the rule text gives boats for moving, not for staying).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from italia_kit.core import Context
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.italia_cards import UNIT_OF
from italia_kit.games.medieval.scoring_hooks import (
    area_index,
    controlled,
    presence,
    seas,
    units_of,
)
from italia_kit.games.medieval.words import and_list, area, area_count, army, army_count, forces

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_ARRIVE = "rule text: reinforcements arrive at the start of the nation-turn"
#: M-A turn 2: an arrival of a major invasion's second impulse (Charlemagne)
R_SECOND = "M-A turn 2: placed as the second impulse begins"
R_POP = "Britannia (public summary): population increase (arithmetic reconstructed)"
R_MINIMA = "rule text: city-state minima"
R_RESTART = 'rule text: the "1.5" box'
#: rule text: "to bring its strength up to two"; "place its population increase marker in
#: the '1.5' box"
MINIMUM, RESTART = 2, 1.5
#: the state's extras: each power's population track, and the groups due at placement
POPULATION, DUE = "population", "due"
#: the state's extras: the first unit id of the active power's arrivals this nation-turn;
#: a unit's extras: it appeared among powers it may attack (S28, S29)
FIRST_NEW, APPEARED = "first_new_id", "appeared"
#: the state's extras: [turn, nation index, next id] of the last marking of arrivals
MARKED = "arrivals_marked"
#: the state's extras: the game turn whose removals (M-A) are done
REMOVED = "removed_on_turn"
R_REMOVE = "M-A: removals at the start of the turn"
R_REPLACE = "M-A turn 1: the Spoletians replace 4 Beneventan armies"
R_LOST = "rule text: boats; reconstructed: armies left at sea are lost"


def arrivals_due(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    nation: str,
    impulse: int = 1,
    nowhere: list[str] | None = None,
) -> list[dict[str, Any]]:
    """The groups of ``nation``'s medieval arrivals of this turn for ``impulse`` (1: the
    start of the nation-turn, S26; 2: the start of a major invasion's second impulse, the
    chart's ``arrives: second_phase``, M-A turn 2's Charlemagne), as Italia places them:
    one area, or ``choices`` to choose from as they arrive (S27), the group placed in one
    decision (its ``together`` key, :func:`placed_with`). The groups with nowhere to go
    (reading 17) are left out, and named in ``nowhere`` if it is given."""
    power = rules.power(nation)
    if power is None:
        return []
    out: list[dict[str, Any]] = []
    held: list[str] | None = None
    for r in power.reinforcements:
        if r.turn != state.turn:
            continue
        for index, g in enumerate(r.units):
            if (g.arrives == "second_phase") != (impulse == 2):
                continue
            # M-A turn 2: "Charlemagne is placed at that moment", the first impulse's end,
            # not at the start of the nation-turn (S26)
            rule = R_SECOND if impulse == 2 else R_ARRIVE
            places = list(g.zones)
            if g.or_own:
                # "or a Frankish area": a land area where the power stands (an arrival box
                # is no area, reading 13; the referee's finding R5)
                held = own_areas(world, state, nation) if held is None else held
                places += [z for z in held if z not in places]
            if not rules.has_boats(nation, state.turn):
                # S8: no sea zones without boats, so no arrival at sea either (a choice's
                # sea was never offered: Italia's 7.2 lists only zones a unit may be in);
                # M-A turn 2's "the Ligurian or a Frankish area" with none left is nowhere
                places = [z for z in places if not world.is_sea(z)]
            if not places:  # reading 17: nowhere to go, they do not come
                if nowhere is not None:
                    nowhere.append(g.name or army_count(g.count))
                continue
            group: dict[str, Any] = {
                "unit": UNIT_OF[g.unit],
                "count": g.count,
                "zone": places[0] if len(places) == 1 else None,
                "name": g.name,
                "region": None,
                "or_adjacent": False,
                "provenance": f"{rule}; {r.provenance}",
                "rule": rule,
                "together": f"chart:{nation}:{state.turn}:{index}",
            }
            if len(places) > 1:
                group["choices"] = places
            out.append(group)
    return out


def own_areas(world: World, state: ItaliaState, nation: str) -> list[str]:
    """The land areas (no arrival box) where ``nation`` has units ashore, in board order."""
    mine = {u.zone for u in units_of(state, nation) if u.carrier is None}
    index = area_index(world)
    return sorted((z for z in mine if z in index), key=index.__getitem__)


def note_arrivals(state: ItaliaState) -> None:
    """As the active power's placement begins: the units with an id from here on are its
    arrivals of this nation-turn (population, minima, the chart)."""
    state.extras[FIRST_NEW] = state.next_id


def placed_with(state: ItaliaState, pending: dict[str, Any]) -> list[dict[str, Any]]:
    """S27 "If the controlling player has a choice of location then the decision is made
    when they arrive": one decision for the group (the medieval engine's reading): the
    other waiting armies of ``pending``'s group (its ``together`` key: a chart entry's
    group, or the minima of a nation-turn). A population increase's armies have no key:
    each new army is placed by itself (Britannia (public summary), as the medieval engine)."""
    key = pending.get("together")
    if key is None:
        return []
    return [r for r in state.reinforcements if r is not pending and r.get("together") == key]


def _the(powers: list[str]) -> str:
    """Powers named in a sentence: "the Lombards", "the Lombards and the Franks"."""
    named = [f"the {p}" for p in powers]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def announce_arrival(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    kind: str,
    rule: str,
    nation: str,
    zone: str,
    pieces: list[Unit],
) -> None:
    """The event of ``pieces`` of ``nation`` arriving in ``zone`` (``kind``
    ``reinforcement``: where the chart puts them; ``place``: where the player chose, S27),
    citing ``rule`` (the chart's S26, population, minima). S28 "they must be attacked"
    where a power they may attack stands; reading 18: a power they may not attack now (a
    truce of S21, M-A's turn-1 entries) shares the area, and the sentence says so."""
    others: list[str] = []
    # an arrival box is no area: nobody fights there (the referee's finding R7)
    if world.is_land(zone) and not rules.is_box(zone):
        others = sorted({u.nation for u in world.occupants(ctx.state, zone, nation)})
    foes = [o for o in others if not rules.restricted(world, ctx.state, nation, o)[0]]
    spared = [o for o in others if o not in foes]
    n = len(pieces)
    names = [u.name for u in pieces if u.name]
    # the pieces as a lesson says them: leaders by name, armies counted, never a leader
    # counted as an army ("4 armies and Narses")
    what = and_list(names) if len(names) == n else forces(pieces)
    text = f"{rule}: {what} of the {nation} arrive{'s' if n == 1 else ''} in {area(zone)}"
    if foes:
        text += f", held by {_the(foes)}: they must attack (rule text)"
        if spared:
            text += f"; {_the(spared)} there they may not attack now"
    elif spared:
        text += f", shared with {_the(spared)}, whom they may not attack now (reading 18)"
    ctx.emit(
        kind,
        rule,
        text + ".",
        nation=nation,
        zone=zone,
        units=[u.id for u in pieces],
        count=n,
        attack=foes,
        share=spared,
    )


def mark_arrivals(
    rules: MedievalRulebook,
    world: World,
    state: ItaliaState,
    units: Iterable[Unit] | None = None,
) -> None:
    """As the movement begins, the active power's units: those that came in this
    nation-turn (:func:`note_arrivals`; not the set-up's, not an earlier turn's) are marked
    ``appeared`` where a power they may attack stands (S28, S29; leaders too: reading 3,
    "units that appeared there must attack and may not leave"), and superior when they
    stand where a superior chart entry put them (S10, M-A turn 1: the chart's units, not
    the power's others); an earlier nation-turn's "appeared" goes (the referee's findings
    R1-R3). ``units``: the active power's units, when the caller has them."""
    nation = state.active
    power = rules.power(nation)
    # a major invasion's second impulse brings arrivals of its own (Charlemagne): only
    # those are looked at then, the first impulse's marks stay
    key = [state.turn, state.nation_index]
    marked: list[int] = state.extras.get(MARKED) or [0, 0, 0]
    again = marked[:2] == key
    first = int(marked[2]) if again else int(state.extras.get(FIRST_NEW, state.next_id))
    state.extras[MARKED] = [*key, state.next_id]
    superior_at = {
        z
        for r in (power.reinforcements if power is not None else ())
        if r.turn == state.turn and r.superior
        for g in r.units
        for z in g.zones
    }
    turn = state.turn
    for u in state.units_of(nation) if units is None else units:
        extras = u.extras
        if not (u.id >= first and u.arrived == turn):
            # not an arrival: only an earlier nation-turn's mark to take off (most units
            # have none, and keep their facts as they are)
            if extras is not None and (not extras or (not again and APPEARED in extras)):
                facts = {k: v for k, v in extras.items() if k != APPEARED}
                u.extras = facts or None
            continue
        facts = dict(extras or {})
        if not again:
            facts.pop(APPEARED, None)  # an earlier nation-turn's
        if u.zone in superior_at and not u.is_leader:
            facts["superior"] = True
        if world.is_land(u.zone) and any(
            not rules.restricted(world, state, nation, o.nation)[0]
            for o in world.occupants(state, u.zone, nation)
        ):
            facts[APPEARED] = True
        u.extras = facts or None


def appeared_here(state: ItaliaState, unit: Unit) -> bool:
    """Did ``unit`` appear in the area where it stands (S28, S29)? Marked as the movement
    began, and not moved since in this movement phase (a unit that moves is one of the
    "other units entering the area", S29: a major invasion's second phase)."""
    if not (unit.extras and unit.extras.get(APPEARED)):
        return False
    rec = state.moves.get(unit.id)
    return rec is None or rec.steps == 0


def lose_armies_at_sea(ctx: Context[ItaliaState], world: World) -> None:
    """Armies of the active power still at sea when its movement ends are lost."""
    state = ctx.state
    nation = state.active
    at_sea = [
        u
        for z in seas(world)
        for u in state.where.get(z, ())
        if u.nation == nation and not u.is_fleet and u.carrier is None
    ]
    for u in sorted(at_sea, key=lambda u: u.id):
        state.remove_unit(u)
        ctx.emit(
            "lost_at_sea",
            R_LOST,
            f"{R_LOST}: {army(u)} is still in {area(u.zone)} when the movement ends and is lost.",
            unit=u.id,
            zone=u.zone,
        )


def strength(state: ItaliaState, nation: str) -> int:
    """The power's armies in play (the rule text's "strength", S23)."""
    return sum(1 for u in state.units_of(nation) if not u.is_leader)


def population_and_minima(rules: MedievalRulebook, ctx: Context[ItaliaState], world: World) -> None:
    """The start of the active power's nation-turn, before its arrivals: population
    increase, then the city-state minima (S23, S24), and the "1.5" box (S25); the armies
    due wait in ``state.extras["due"]`` for :func:`arrivals_due`."""
    state = ctx.state
    nation = state.active
    due: list[dict[str, Any]] = []
    track: dict[str, float] = state.extras.setdefault(POPULATION, {})
    zones, have = presence(state, nation)  # (nothing changes before the minima read them)
    held = controlled(world, state, nation, zones)
    if held:
        difficult = ("mountain", "marsh")
        points = sum(1 if rules.terrain_on(z, state.turn) in difficult else 2 for z in held)
        step = rules.medieval.population_step
        total = track.get(nation, 0.0) + points
        new = int(total // step)
        track[nation] = total - new * step
        ctx.emit(
            "population",
            R_POP,
            f"{R_POP}: the {nation} hold {area_count(len(held))}, +{points} points: "
            f"{army_count(new).replace('army', 'new army').replace('armies', 'new armies')}, "
            f"{track[nation]:g} on the track.",
            nation=nation,
            points=points,
            armies=new,
        )
        if new:
            due.append(_due(new, held, R_POP))
    power = rules.power(nation)
    minima_due = power is not None and nation in rules.medieval.minima.get(state.turn, ())
    if power is not None and minima_due and have < MINIMUM:
        places = list(power.minima_places)
        ctx.emit(
            "minima",
            R_MINIMA,
            f"{R_MINIMA}: the {nation} have strength {have}: {MINIMUM - have} arm"
            f"{'y arrives' if MINIMUM - have == 1 else 'ies arrive'} at "
            f"{' or '.join(places)}.",
            nation=nation,
        )
        due.append(_due(MINIMUM - have, places, R_MINIMA))
    listed = power is not None and bool(power.minima_places)
    receives = bool(due)
    if listed and have == 0 and not receives:  # the chart's armies, looked at only then
        receives = any(g["unit"] == "infantry" for g in arrivals_due(rules, world, state, nation))
    if listed and have == 0 and receives:
        track[nation] = RESTART
        ctx.emit(
            "population",
            R_RESTART,
            f"{R_RESTART}: the {nation} are at strength zero and receive armies: their "
            f'population marker goes to the "1.5" box.',
            nation=nation,
            value=RESTART,
        )
    if due:
        state.extras[DUE] = due
    replacements(rules, ctx, world)


def _due(count: int, places: list[str], rule: str) -> dict[str, Any]:
    group: dict[str, Any] = {
        "unit": "infantry",
        "count": count,
        "zone": places[0] if len(places) == 1 else None,
        "name": None,
        "region": None,
        "or_adjacent": False,
        "provenance": rule,
        "rule": rule,
    }
    if rule == R_MINIMA:  # the minima of a nation-turn arrive as one group (S27)
        group["together"] = f"minima:{places[0]}"
    if len(places) > 1:
        group["choices"] = list(places)
    return group


def removals_at_turn_start(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World
) -> None:
    """M-A turn 2: "Avars: remove 2 armies at the start of the turn" (the chart's
    ``remove``), once a game turn, before its first nation-turn: the newest armies go
    (reconstructed, as the medieval engine: the chart does not say which)."""
    state = ctx.state
    if state.extras.get(REMOVED) == state.turn:
        return
    state.extras[REMOVED] = state.turn
    for power in rules.medieval.powers:
        for card in power.reinforcements:
            if card.turn != state.turn or not card.remove:
                continue
            armies = sorted(
                (u for u in state.units_of(power.name) if not u.is_leader), key=lambda u: -u.id
            )
            for u in armies[: card.remove]:
                state.remove_unit(u)
                ctx.emit(
                    "removed",
                    R_REMOVE,
                    f"{R_REMOVE} ({card.provenance}): {army(u)} is removed from {area(u.zone)}.",
                    unit=u.id,
                    zone=u.zone,
                )


def land_distances(world: World, origin: str) -> dict[str, int]:
    """Areas by land steps from ``origin`` (the Spoletians' "closer to Spoleto", M-A turn
    1: counted along the land links, as the medieval engine did)."""
    out, frontier = {origin: 0}, [origin]
    while frontier:
        nxt = []
        for z in frontier:
            for n in world.neighbours(z):
                if world.is_land(n) and n not in out and world.board.zone(n).kind == "land":
                    out[n] = out[z] + 1
                    nxt.append(n)
        frontier = nxt
    return out


def replacements(rules: MedievalRulebook, ctx: Context[ItaliaState], world: World) -> None:
    """M-A turn 1: "no army in Benevento may be replaced; an army may not be replaced while
    an unreplaced army (outside Benevento) stands closer to Spoleto; and the replacements
    must take every army in all but at most one area": whole areas nearest first meet all
    three; ties by board order (reconstructed, as the medieval engine)."""
    state = ctx.state
    nation = state.active
    power = rules.power(nation)
    for card in power.reinforcements if power is not None else ():
        rep = card.replace
        if card.turn != state.turn or rep is None:
            continue
        dist = land_distances(world, rep.nearest_to)
        order = {z: i for i, z in enumerate(world.land_zones)}
        areas = sorted(
            {u.zone for u in state.units_of(rep.nation) if u.carrier is None} - set(rep.not_in),
            key=lambda z: (dist.get(z, 99), order[z]),
        )
        left = rep.count
        for zone in areas:
            for u in sorted(state.units_in(zone, rep.nation), key=lambda u: u.id):
                if left == 0 or u.is_leader:
                    continue
                u.nation = nation
                left -= 1
                ctx.emit(
                    "replaced",
                    R_REPLACE,
                    f"{R_REPLACE}: army #{u.id} of the {rep.nation} in {area(zone)} goes over "
                    f"to the {nation}.",
                    unit=u.id,
                    zone=zone,
                )


R_NOWHERE = "reconstructed: reading 17 (an arrival with nowhere to go does not come)"


def tell_nowhere(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World, impulse: int = 1
) -> None:
    """Reading 17: the chart's groups of the active power that have nowhere to arrive (no
    area named left to it, no sea without boats, S8) do not come, and the log says so."""
    nowhere: list[str] = []
    arrivals_due(rules, world, ctx.state, ctx.state.active, impulse, nowhere)
    say_nowhere(ctx, nowhere)


def say_nowhere(ctx: Context[ItaliaState], nowhere: list[str]) -> None:
    """One ``no_arrival`` event for each group named in ``nowhere`` (reading 17)."""
    nation = ctx.state.active
    for what in nowhere:
        ctx.emit(
            "no_arrival",
            R_NOWHERE,
            f"{what} of the {nation} have nowhere to arrive: they do not come.",
            nation=nation,
            group=what,
        )
