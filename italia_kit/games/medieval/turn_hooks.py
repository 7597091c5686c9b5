"""The medieval nation-turn on the Italia engine, where Italia's own sequence would still
reach the variant (issue 19, the ``med-leaks`` items): what
:class:`~.rulebook.MedievalRulebook` answers at Italia's ``announce_nation_turn``,
``phase_one``, ``announce_second_phase``, ``second_phase``, ``leaders_leave``,
``find_surplus``/``find_surplus_in``, ``capital_refusal`` and ``end_nation_turn``.

- Britannia (public summary), B-2ED: a nation-turn is population increase, arrivals
  (rule text S26: "at the start of that nation-turn"), movement, battles, then raider
  withdrawal and overpopulation. There is no gold: Italia's phase 1 (6.1 income, 6.2
  purchase, 6.4 tribute) has nothing to do, so the nation-turn goes straight on to the
  population increase and the arrivals (Italia's placement, 7.2).
- A major invasion (Britannia (public summary), B-GROG) moves and fights twice; it adds
  no unit to an attack (Italia's 12.2 "one more unit in each attack" is not Britannia's:
  the variant's stacks are limited only by overpopulation, see below). M-A turn 2: Pepin
  leaves at the end of the first impulse, Charlemagne is placed when the second starts
  (the chart's ``leaves: first_phase`` and ``arrives: second_phase``).
- Leaders serve one nation-turn (reconstructed, as the medieval engine: a Britannia leader
  is a one-turn piece; Italia's 7.2 keeps one until phase 2 of the nation's next turn).
- Overpopulation (Britannia (public summary), arithmetic reconstructed, as the medieval
  engine): when its nation-turn ends a power keeps at most ``stack_limit`` (3) armies in
  each land area, the newest going first; nothing is checked after the movement (Italia's
  8.0) or after a battle (8.3), and an attack has no limit of its own (Italia's 8.3).
- No capitals: neither the rule text nor the facts (M-A, M-R, M-V4, B-*) name one, and
  Britannia's phases (B-2ED) have none (reconstructed): Italia's 8.1 and its +1 do not
  apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from italia_kit.core import Context
from italia_kit.games.italia import placement
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.arrival_hooks import arrivals_due

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_SEQUENCE = "Britannia (public summary): sequence of play"
R_MAJOR = "Britannia (public summary): major invasions move and fight twice"
R_OVERPOP = "Britannia (public summary): overpopulation (3 per area, reconstructed)"
R_LEADER = "reconstructed: a leader serves one nation-turn"
R_PEPIN = "M-A turn 2: a leader leaves at the end of the first impulse"
R_NO_CAPITAL = (
    "reconstructed: no capitals (neither the rule text nor the facts name one; "
    "Britannia's phases, B-2ED, have none)"
)


def announce_nation_turn(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World, nation: str
) -> None:
    """Britannia (public summary): the power's nation-turn begins, with what it holds:
    population increase and arrivals (no gold: no income or purchase), movement, battles;
    a major invasion's two impulses said as Britannia's."""
    state = ctx.state
    label = rules.medieval.turn_labels.get(state.turn, "")
    years = f" ({label})" if label else ""
    ctx.emit(
        "nation_turn",
        R_SEQUENCE,
        f"{R_SEQUENCE}: turn {state.turn}{years}: the {nation} ({world.nation(nation).colour}) "
        f"play: population increase and arrivals (no gold: no income or purchase), "
        f"movement, battles.",
        nation=nation,
        major=state.major,
    )
    if state.major:
        ctx.emit(
            "major_invasion",
            R_MAJOR,
            f"{R_MAJOR}: the {nation} make a major invasion: two impulses, each a movement "
            f"then its battles (B-GROG); no more armies in an attack than in any other.",
            nation=nation,
        )


def announce_second_phase(ctx: Context[ItaliaState]) -> None:
    """Britannia (public summary): the second impulse of a major invasion begins."""
    nation = ctx.state.active
    ctx.emit(
        "second_phase",
        R_MAJOR,
        f"{R_MAJOR}: the second impulse: the {nation} move and fight again.",
        nation=nation,
    )


def first_impulse_leaders_leave(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World
) -> None:
    """M-A turn 2: "Pepin leaves (if still alive) at the end of the first impulse": the
    active power's leaders whose chart entry of this turn says ``leaves: first_phase``."""
    state = ctx.state
    power = rules.power(state.active)
    names = {
        g.name
        for r in (power.reinforcements if power is not None else ())
        if r.turn == state.turn
        for g in r.units
        if g.leaves == "first_phase" and g.name
    }
    for u in sorted(state.units_of(state.active), key=lambda u: u.id):
        if u.is_leader and u.name in names:
            _leave(ctx, u, R_PEPIN, f"{R_PEPIN}: {u.label()} leaves after the first impulse.")


def second_impulse_arrivals(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World
) -> None:
    """M-A turn 2: "Charlemagne is placed at that moment, not necessarily where Pepin
    was": the chart's groups marked ``arrives: second_phase`` come as the second impulse
    starts, their place chosen then (S27) among the areas named or held at that moment;
    then the second movement begins."""
    state = ctx.state
    nation = state.active
    groups = arrivals_due(rules, world, state, nation, impulse=2)
    if not groups:
        return
    state.phase_name = "placement"
    for group in groups:
        placement.bring_reinforcements(ctx, world, nation, group)
    placement.drop_unplaceable(ctx, world)
    if not state.reinforcements:
        rules.enter_movement(ctx, world)


def leaders_leave_at_nation_turn_end(ctx: Context[ItaliaState]) -> None:
    """Reconstructed (the medieval engine's reading 10): the active power's leaders leave
    as its nation-turn ends."""
    state = ctx.state
    for u in sorted(state.units_of(state.active), key=lambda u: u.id):
        if u.is_leader:
            _leave(ctx, u, R_LEADER, f"{R_LEADER}: {u.label()} leaves the game.")


def _leave(ctx: Context[ItaliaState], unit: Unit, rule: str, text: str) -> None:
    ctx.state.remove_unit(unit)
    ctx.emit("leader_leaves", rule, text, unit=unit.id, zone=unit.zone)


def overpopulation(rules: MedievalRulebook, ctx: Context[ItaliaState], world: World) -> None:
    """Britannia (public summary): at the end of its nation-turn the active power keeps at
    most ``stack_limit`` armies in each land area (not at sea, not in an arrival box); the
    newest go first (the medieval engine's order: the lowest ids stay), area by area in
    board order. Leaders do not count."""
    state = ctx.state
    nation = state.active
    limit = rules.medieval.stack_limit
    for zone in world.land_zones:
        if world.board.zone(zone).kind != "land":
            continue  # an arrival box holds any number
        armies = sorted(
            (u for u in state.units_in(zone, nation) if not u.is_leader and u.carrier is None),
            key=lambda u: u.id,
        )
        for u in armies[limit:]:
            state.remove_unit(u)
            ctx.emit(
                "overpopulation",
                R_OVERPOP,
                f"{R_OVERPOP}: {u.label()} in {zone} is removed: more than {limit} armies "
                f"of the {nation} there as their nation-turn ends.",
                unit=u.id,
                zone=zone,
            )
