"""Territorial victory points on the Italia engine (M-V4's awards, the medieval scenario's
``scoring``) and submission's half values (S19, S20): what
:class:`~.rulebook.MedievalRulebook` answers at Italia's ``score_turn``.

* Britannia (public summary): area points are awarded at the end of the turn; each power
  scores on the turns its awards name, in turn order; an area is held by its sole
  occupant (a box is no area).
* S19, S20: "During the submittee's next territorial victory phase ... score victory points
  at half value for areas controlled by the submitting power. During the submitter's next
  territorial victory phase score victory points for areas it controls at half value
  only." S21's truce ends once both have scored (``state.extras["submissions"]``, each
  ``{"submitter", "receiver", "submitter_scored", "receiver_scored"}``).
* M-V4's French award "at any moment of the nation-turn" (``during_nation_turn``) and the
  awards for armies destroyed and leaders killed are ``awards.py``'s; the end of the turn
  scores neither.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from italia_kit.core import Context
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.scenario import ScoreRule
from italia_kit.games.medieval.words import area_count
from italia_kit.geo import Board

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_AREAS = "Britannia (public summary): area points at the end of the turn (M-V4 awards)"
R_HALF = "rule text: submission (half value)"


def controlled(
    world: World, state: ItaliaState, nation: str, zones: Collection[str] | None = None
) -> list[str]:
    """The land areas (no box) where ``nation`` has units ashore and no other nation has
    any, in board order. ``zones``: the zones where ``nation`` has units, when the caller
    has them (:func:`presence`); only those are looked at, not every area of the board."""
    if zones is None:
        zones = set(map(_ZONE, units_of(state, nation)))
    index = area_index(world)
    where = state.where
    out = [z for z in zones if z in index and all(u.nation == nation for u in where[z])]
    out.sort(key=index.__getitem__)
    return out


def presence(state: ItaliaState, nation: str) -> tuple[set[str], int]:
    """The zones where ``nation`` has units and its number of armies (leaders not
    counted: the rule text's "strength", S23), from one look for its units."""
    mine = units_of(state, nation)
    return set(map(_ZONE, mine)), len(mine) - sum(map(_IS_LEADER, mine))


def units_of(state: ItaliaState, nation: str) -> list[Unit]:
    """``nation``'s units in the state's order (``ItaliaState.units_of``'s, as a list),
    picked out in C: the medieval board's 27 powers share some fifty pieces, and a
    nation-turn looks for the active power's several times.

    >>> from italia_kit.games.medieval.rulebook import new_game
    >>> state = new_game(seed=1).state
    >>> units_of(state, "Lombards") == list(state.units_of("Lombards"))
    True
    """
    values = list(state.units.values())
    return list(compress(values, map(nation.__eq__, map(_NATION, values))))


#: a piece's nation, zone, whether it is a leader: read in C
_NATION, _ZONE, _IS_LEADER = attrgetter("nation"), attrgetter("zone"), attrgetter("is_leader")


def holders(world: World, state: ItaliaState) -> dict[str, str]:
    """Each land area's sole occupant (the power :func:`controlled` gives it to), in board
    order: one look at the board for every power's :func:`controlled` at once.

    >>> from italia_kit.games.medieval.rulebook import new_game
    >>> game = new_game(seed=1)
    >>> table = holders(game.rules.world, game.state)
    >>> all(
    ...     controlled(game.rules.world, game.state, p) == [z for z, h in table.items() if h == p]
    ...     for p in set(table.values())
    ... )
    True
    """
    out: dict[str, str] = {}
    where = state.where
    for z in areas(world):
        here = where.get(z)
        if here:
            nation = here[0].nation
            if all(u.nation == nation for u in here):
                out[z] = nation
    return out


def areas(world: World) -> tuple[str, ...]:
    """The board's land areas in board order (an arrival box is no area), read once a
    board."""
    return _tables(world)[0]


def seas(world: World) -> tuple[str, ...]:
    """The board's sea zones in board order, read once a board."""
    return _tables(world)[1]


def area_index(world: World) -> dict[str, int]:
    """Each land area's place in board order (:func:`areas`), read once a board: the few
    areas a power stands in are put in board order without a look at every area."""
    return _tables(world)[2]


def _tables(world: World) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, int]]:
    board = world.board
    found = _TABLES.get(id(board))
    if found is None or found[0] is not board:
        land = tuple(z.name for z in board.zones if z.kind == "land")
        sea = tuple(z.name for z in board.zones if z.is_sea)
        found = _TABLES[id(board)] = (board, land, sea, {z: i for i, z in enumerate(land)})
    return found[1], found[2], found[3]


#: id(board) -> (the board, its land areas, its seas, each land area's index)
_TABLES: dict[int, tuple[Board, tuple[str, ...], tuple[str, ...], dict[str, int]]] = {}


def area_value(rules: MedievalRulebook, awards: Sequence[ScoreRule], zone: str, turn: int) -> float:
    """An area's points under ``awards``: its first ``zone`` award, else a matching
    ``terrain`` award (the terrain of the turn, S6), else the ``other`` award, else 0."""
    for r in awards:
        if r.kind == "zone" and zone in r.zones:
            return r.points
    for r in awards:
        if r.kind == "terrain" and rules.terrain_on(zone, turn) == r.terrain:
            return r.points
    for r in awards:
        if r.kind == "other":
            return r.points
    return 0.0


def score_power(
    rules: MedievalRulebook,
    ctx: Context[ItaliaState],
    world: World,
    power: str,
    awards: Sequence[ScoreRule],
    *,
    held: Sequence[str] | None = None,
    rule: str = R_AREAS,
    table: dict[str, str] | None = None,
) -> None:
    """One territorial victory phase of ``power``, with S19's and S20's half values: on
    the areas it holds now, or on ``held`` (M-V4's "at any moment of the nation-turn",
    ``awards.score_any_moment``), the event citing ``rule``; ``table``: the board's
    :func:`holders` when the caller has them (the areas are then read from it)."""
    state = ctx.state
    turn = state.turn
    held = _held_by(world, state, power, table) if held is None else list(held)
    own = sum(area_value(rules, awards, z, turn) for z in held)
    verb = "hold" if rule == R_AREAS else "held"
    worth = f" worth {own:g}" if held else ""  # "no area worth 0" says nothing
    text = f"{rule}: the {power} {verb} {area_count(len(held))}{worth}"
    total = own
    pending: list[dict[str, Any]] = state.extras.setdefault("submissions", [])
    halved = False
    for s in pending:
        if s["submitter"] == power and not s["submitter_scored"]:
            if not halved:  # a power that submitted to several scores one half phase
                total -= own / 2
                text += f"; they submitted to the {s['receiver']}: half value ({R_HALF})"
                halved = True
            s["submitter_scored"] = True
    for s in pending:
        if s["receiver"] == power and not s["receiver_scored"]:
            theirs = _held_by(world, state, s["submitter"], table)
            extra = sum(area_value(rules, awards, z, turn) for z in theirs) / 2
            total += extra
            s["receiver_scored"] = True
            text += f"; +{extra:g} for the {s['submitter']}' areas at half value ({R_HALF})"
    ended = [s for s in pending if s["submitter_scored"] and s["receiver_scored"]]
    state.extras["submissions"] = [s for s in pending if s not in ended]
    state.vp[power] = state.vp.get(power, 0.0) + total
    points = f"{total:g} VP" if total else "no VP"
    ctx.emit("vp", rule, f"{text}: {points}.", power=power, points=total, areas=held)
    for s in ended:
        ctx.emit(
            "truce_ends",
            R_HALF,
            f"{R_HALF}: the {s['submitter']} and the {s['receiver']} have both scored: "
            f"they may attack each other again.",
            submitter=s["submitter"],
            receiver=s["receiver"],
        )


def _held_by(
    world: World, state: ItaliaState, power: str, table: dict[str, str] | None
) -> list[str]:
    """:func:`controlled`, read from the board's :func:`holders` when given."""
    if table is None:
        return controlled(world, state, power)
    return [z for z, holder in table.items() if holder == power]


def score_turn(rules: MedievalRulebook, ctx: Context[ItaliaState], world: World) -> None:
    """The end-of-turn territorial victory phases, in turn order (no piece moves between
    them: the areas' holders are read once for all of them)."""
    turn = ctx.state.turn
    table: dict[str, str] | None = None
    for power in rules.medieval.powers:
        awards = [r for r in power.scoring if turn in r.turns and not r.during_nation_turn]
        if awards:
            if table is None:
                table = holders(world, ctx.state)
            score_power(rules, ctx, world, power.name, awards, table=table)
