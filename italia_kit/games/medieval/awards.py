"""M-V4's victory-point awards that are not the end-of-turn territorial phase, on the Italia
engine: the points for armies destroyed and leaders killed, and the French award "at any
moment of the French nation-turn in turn 11" (facts 1.6, block C). What
:class:`~.rulebook.MedievalRulebook` answers at Italia's ``score_elimination`` and adds at
the ends of a nation-turn's phases.

* **Kills** (M-V4: "each Byzantine or Arab army destroyed 2", "Kill Narses 3"; the
  medieval scenario's ``elimination_vp``): the power that eliminates a unit scores the
  first of its entries that matches, as the medieval engine's ``battle.R_KILL`` did: an
  entry naming ``leaders`` matches those leaders only, any other matches an army (never a
  leader) of its ``nations`` (any nation when none is named), and an entry with ``turns``
  only on those turns. Every elimination by an enemy reaches this module through Italia's
  ``victory.eliminate`` (``Rulebook.score_elimination``), so the award holds whatever the
  combat sequence that eliminated the unit (Italia's stages or Britannia's round). M-V4
  names no exception for a unit that attacked the scorer (Italia's 11.0 has one): every
  kill counts. Kills are not territorial: S19's and S20's half values do not touch them.
* **"At any moment of the nation-turn"** (reading 12 of ``docs/games/medieval.md``): the
  land areas the power holds (sole occupant) at some moment of its nation-turn, scored as
  it ends, with the half values of a submission (S19, S20) as any territorial phase. The
  areas are noted where holding can begin: when the movement begins (after the arrivals),
  when a movement ends (every area a moving unit was in, while no other power's unit stood
  there: nobody else moves during the power's movement, so an area empty of others at its
  end was held as the unit passed), and as the nation-turn ends (the battles' gains).
  A unit leaving an area it held alone always leaves by a move, whose path names it.

>>> from italia_kit.games.medieval.rulebook import MedievalRulebook
>>> rules = MedievalRulebook()
>>> kill_award(rules, 1, "Ostrogoths", "Byzantines", None).points
2.0
>>> kill_award(rules, 1, "Ostrogoths", "Byzantines", "Narses").points
3.0
>>> kill_award(rules, 3, "Franks", "Lombards", None) is None  # the '*' of turn 2 only
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from italia_kit.core import Context
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.scenario import EliminationVP, Scenario, ScoreRule
from italia_kit.games.medieval.scoring_hooks import areas, controlled, score_power
from italia_kit.games.medieval.words import army

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_KILL = "M-V4: victory points for armies destroyed and leaders killed"
R_ANY_MOMENT = "M-V4: areas held at any moment of the nation-turn (reading 12)"
#: the state's extras: {"nation", "turn", "areas"}, the areas the active power has held
#: during this nation-turn, kept only while it has an award "at any moment" this turn
HELD = "held_during"


# -- kills ----------------------------------------------------------------------------------
def kill_award(
    rules: MedievalRulebook, turn: int, killer: str, victim: str, leader: str | None
) -> EliminationVP | None:
    """The entry of ``killer``'s ``elimination_vp`` that pays for a unit of ``victim``
    (a leader when ``leader`` names him) eliminated on ``turn``: the first that matches,
    or None."""
    power = rules.power(killer)
    for award in power.elimination_vp if power is not None else ():
        if award.turns and turn not in award.turns:
            continue
        if award.leaders:
            if leader in award.leaders:
                return award
        elif leader is None and (not award.nations or victim in award.nations):
            return award
    return None


def score_kill(rules: MedievalRulebook, ctx: Context[ItaliaState], unit: Unit, by: str) -> None:
    """``by`` eliminated ``unit`` (just taken off the board): M-V4's award, if any."""
    state = ctx.state
    award = kill_award(rules, state.turn, by, unit.nation, unit.name if unit.is_leader else None)
    if award is None:
        return
    state.vp[by] = state.vp.get(by, 0.0) + award.points
    ctx.emit(
        "vp",
        R_KILL,
        f"{R_KILL}: the {by} score {award.points:g} for {army(unit)} ({award.provenance}).",
        power=by,
        points=award.points,
        unit=unit.id,
        victim=unit.nation,
        award="kill",
    )


# -- "at any moment of the nation-turn" --------------------------------------------------------
def any_moment_awards(rules: MedievalRulebook, nation: str, turn: int) -> list[ScoreRule]:
    """``nation``'s awards of ``turn`` scored on the areas held at any moment of its
    nation-turn (M-V4's ``during_nation_turn``), read from the scenario once a power and
    turn (asked three times a nation-turn; the French have one such award in the game)."""
    key = (id(rules.medieval), nation, turn)
    found = _ANY_MOMENT.get(key)
    if found is None or found[0] is not rules.medieval:
        power = rules.power(nation)
        awards = (
            []
            if power is None
            else [r for r in power.scoring if r.during_nation_turn and turn in r.turns]
        )
        if len(_ANY_MOMENT) > 4096:  # what-ifs each with a scenario of their own: bounded
            _ANY_MOMENT.clear()
        found = _ANY_MOMENT[key] = (rules.medieval, awards)
    return list(found[1])


#: (id(scenario), power, turn) -> (the scenario, its awards "at any moment" for them); the
#: scenario is kept so that an id reused by another is told apart
_ANY_MOMENT: dict[tuple[int, str, int], tuple[Scenario, list[ScoreRule]]] = {}


def note_held(
    rules: MedievalRulebook, world: World, state: ItaliaState, *, moved: bool = False
) -> None:
    """Add to the active power's areas held this nation-turn those it holds now and, when
    ``moved`` (a movement ends), every land area its units moved through while no other
    power stood there (see the module). Nothing is kept for a power without an award "at
    any moment" this turn."""
    nation = state.active
    if not any_moment_awards(rules, nation, state.turn):
        return
    held = _held_list(state, nation)
    seen = set(held)
    found = controlled(world, state, nation)
    if moved:
        land = set(areas(world))
        for unit_id, record in state.moves.items():
            unit = state.units.get(unit_id)
            if unit is None or unit.nation != nation:
                continue
            for zone in record.path:
                if zone in land and all(u.nation == nation for u in state.where.get(zone, ())):
                    found.append(zone)
    for zone in found:
        if zone not in seen:
            seen.add(zone)
            held.append(zone)


def _held_list(state: ItaliaState, nation: str) -> list[str]:
    """The list of areas held this nation-turn in ``state.extras``, begun afresh for a new
    nation-turn."""
    entry: dict[str, Any] | None = state.extras.get(HELD)
    if entry is None or entry["nation"] != nation or entry["turn"] != state.turn:
        entry = state.extras[HELD] = {"nation": nation, "turn": state.turn, "areas": []}
    areas_held: list[str] = entry["areas"]
    return areas_held


def score_any_moment(rules: MedievalRulebook, ctx: Context[ItaliaState], world: World) -> None:
    """As the active power's nation-turn ends: its awards "at any moment" of this
    nation-turn, on every area it held at some moment of it (in board order), with S19's
    and S20's half values."""
    state = ctx.state
    nation = state.active
    awards = any_moment_awards(rules, nation, state.turn)
    if not awards:
        return
    note_held(rules, world, state)
    held = set(_held_list(state, nation))
    state.extras.pop(HELD, None)
    in_order = [z for z in areas(world) if z in held]
    score_power(rules, ctx, world, nation, awards, held=in_order, rule=R_ANY_MOMENT)
