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

from collections.abc import Iterable
from itertools import repeat
from typing import TYPE_CHECKING

from italia_kit.core import Context
from italia_kit.games.italia import placement
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.arrival_hooks import arrivals_due, say_nowhere
from italia_kit.games.medieval.scoring_hooks import areas
from italia_kit.games.medieval.words import area, army

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
        f"{R_SEQUENCE}: turn {state.turn}{years}: the {nation} (faction "
        f"{world.nation(nation).colour}) play: population increase and arrivals (no gold: "
        f"no income or purchase), "
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
            _leave(ctx, u, R_PEPIN, f"{R_PEPIN}: {army(u)} leaves after the first impulse.")


def second_impulse_arrivals(
    rules: MedievalRulebook, ctx: Context[ItaliaState], world: World
) -> None:
    """M-A turn 2: "Charlemagne is placed at that moment, not necessarily where Pepin
    was": the chart's groups marked ``arrives: second_phase`` come as the second impulse
    starts, their place chosen then (S27) among the areas named or held at that moment;
    then the second movement begins."""
    state = ctx.state
    nation = state.active
    nowhere: list[str] = []
    groups = arrivals_due(rules, world, state, nation, impulse=2, nowhere=nowhere)
    say_nowhere(ctx, nowhere)  # reading 17
    if not groups:
        return
    state.phase_name = "placement"
    for group in groups:
        placement.bring_reinforcements(ctx, world, nation, group)
    placement.drop_unplaceable(ctx, world)
    if not state.reinforcements:
        rules.enter_movement(ctx, world)


def leaders_leave_at_nation_turn_end(
    ctx: Context[ItaliaState], units: Iterable[Unit] | None = None
) -> None:
    """Reconstructed (the medieval engine's reading 10): the active power's leaders leave
    as its nation-turn ends. ``units``: the active power's units as its nation-turn's end
    began, when the caller has them (those taken off since are passed over)."""
    state = ctx.state
    present = state.units
    for u in sorted(state.units_of(state.active) if units is None else units, key=_unit_id):
        if u.is_leader and present.get(u.id) is u:
            _leave(ctx, u, R_LEADER, f"{R_LEADER}: {army(u)} leaves the game.")


def _unit_id(unit: Unit) -> int:
    return unit.id


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
    where = state.where
    land = areas(world)
    # the usual board: no land area with more pieces of anyone than the limit (a look in
    # C; an arrival box, with any number, is no area)
    if max(map(len, map(where.get, land, repeat((), len(land)))), default=0) <= limit:
        return
    for zone in land:  # the land areas in board order (an arrival box holds any number)
        if len(where.get(zone, ())) <= limit:
            continue
        armies = sorted(
            (u for u in state.units_in(zone, nation) if not u.is_leader and u.carrier is None),
            key=lambda u: u.id,
        )
        for u in armies[limit:]:
            state.remove_unit(u)
            ctx.emit(
                "overpopulation",
                R_OVERPOP,
                f"{R_OVERPOP}: {army(u)} in {area(zone)} is removed: more than {limit} armies "
                f"of the {nation} there as their nation-turn ends.",
                unit=u.id,
                zone=zone,
            )


# -- the sequence's sentences (issue 19, med-words) ----------------------------------------------
#: Britannia (public summary): the player whose powers hold the most victory points wins
R_VICTORY = "Britannia (public summary): victory, the most victory points"
#: the Italia sections of the movement whose steps the variant keeps, cited as its own
#: (``Rulebook.cite``): a move and the end of the movement (9.0) are the rule text's
#: movement points; a strait's whole move is Italia's 9.4, which the board reconstructs
#: ("crossed as a land move, as on the Italia board (9.4)", geodata/MEDIEVAL.md)
CITATIONS = {
    "9.0": "rule text: movement points",
    "9.4": "reconstructed: a strait as on the Italia board, 9.4",
}


def years(rules: MedievalRulebook, turn: int) -> str:
    """The turn's era as the scenario labels it, " (535-751)", or nothing."""
    label = rules.medieval.turn_labels.get(turn, "")
    return f" ({label})" if label else ""


def skip_event(rules: MedievalRulebook, state: ItaliaState, nation: str) -> tuple[str, str]:
    """Britannia (public summary): a power with no army or leader on the map and none
    arriving (Italia's ``plays_now``; S23's minima make a city-state play) has no
    nation-turn."""
    return R_SEQUENCE, (
        f"{R_SEQUENCE}: the {nation} have no army on the map and none arriving on turn "
        f"{state.turn}: they have no nation-turn."
    )


def turn_end_event(rules: MedievalRulebook, state: ItaliaState) -> tuple[str, str]:
    """Britannia (public summary): every power has played: the turn's victory points."""
    return R_SEQUENCE, (
        f"{R_SEQUENCE}: turn {state.turn}{years(rules, state.turn)} ends: the victory points "
        f"of the turn follow."
    )


def faction_scores(rules: MedievalRulebook, state: ItaliaState) -> dict[str, float]:
    """Each faction's (player's) victory points: the sum of its powers', in the
    scenario's order of players."""
    totals = {faction: 0.0 for faction in rules.medieval.players}
    for power in rules.medieval.powers:
        totals[power.faction] = totals.get(power.faction, 0.0) + state.vp.get(power.name, 0.0)
    return totals


def game_end_event(rules: MedievalRulebook, state: ItaliaState) -> tuple[str, str]:
    """Britannia (public summary): the game ends after its last turn; the player whose
    powers hold the most victory points wins (a tie shared)."""
    totals = faction_scores(rules, state)
    best = max(totals.values(), default=0.0)
    first = [f for f, v in totals.items() if v == best]
    verdict = f"{first[0]} wins" if len(first) == 1 else f"{' and '.join(first)} share the victory"
    scores = ", ".join(f"{f} {v:g}" for f, v in totals.items())
    return R_VICTORY, (
        f"{R_VICTORY}: the game ends after turn {state.turn}{years(rules, state.turn)}: "
        f"{scores} VP; {verdict}."
    )
