"""PLAYER ELIMINATION as njudge plays it (``rules.machiavelli`` v3.1b, the judge's rules of
the 1454 game; the rule text here is silent on elimination but for the Papacy's, whose
excommunication 'expires' when it is eliminated):

    'A power/player who controls no cities in his home country (or countries if he has
    taken over other home countries) at the end of a campaign is eliminated from the game
    and all his units are immediately removed from the mapboard and all his provinces and
    cities revert to unowned status. Do note that autonomous garrisons affect control, but
    that rebellions do not.

    WARNING: If Power A takes control of Power B's home area in the same season that Power
    A loses control of all of its current home areas, Power A will be eliminated.'

and, under CONTROL OF PROVINCES AND CITIES, 3): 'If you move away (or are eliminated) from
a garrisoned province the power owning the garrison gains control of the province too.'

The option ``elimination`` chooses the reading: ``njudge`` (the default, this module) or
``play-on`` (the kit's earlier reading: the test of :func:`excommunication.eliminated`
only ends an excommunication or a crusade, and an eliminated power's units play on).

Readings (docs/games/renaissance.md, "Player elimination"):

* *the end of a campaign* is the end of a season's Phase C, after movement, retreats,
  sieges, famine, plague and storms (njudge's sequence of play, 1.2); a Phase A changes
  no control, so nothing is decided there;
* *his home countries*: its own, and those whose every city it held when the campaign
  began (the WARNING: a home country taken this very season does not count; the kit's
  reading of 'taken over' is Build New Units (b)'s, ``season.home_countries_held``);
  a city under an autonomous garrison is nobody's (``season.update_control``), a
  rebellion changes no control;
* every power is tested, the seats and the powers that stand still; an eliminated seat
  leaves the table: it owes no more sheets (``state.seats`` loses it) and a sheet from
  it, or one naming it (a payment, an assassination, an excommunication), is refused;
* its provinces become nobody's unless another power's garrison stands in the city (that
  power's, CONTROL 3); a city it held goes with its province if another power holds that
  (the kit's reading of a city without a garrison), else nobody's: next Spring an
  autonomous garrison appears in such an empty fortified city, as in any other;
* reconstructed (njudge says nothing of money): its treasury is lost and the bank writes
  off its loans (a state that has fallen pays no debts, and nobody may spend for it); the
  rebellions against it end (REBELLIONS are directed 'against the player controlling the
  province', and it controls none); the sieges by or of its units lapse (njudge SIEGES:
  the siege lapses 'if the garrison is eliminated (whatever the cause)'); its
  excommunication or crusade expires (EXCOMMUNICATION) and one against it ends with it;
* the game goes on while a seat is left; when none is, it ends without a winner.
"""

from __future__ import annotations

from collections.abc import Mapping

from italia_kit.core import NO_ACTOR, Context, IllegalActionError
from italia_kit.games.renaissance.excommunication import KINDS
from italia_kit.games.renaissance.expenses import Assassinate, Crusade, Excommunicate, Expense, Pay
from italia_kit.games.renaissance.mapdata import POWERS, Map
from italia_kit.games.renaissance.names import agree, it, its, name, possessive, subject
from italia_kit.games.renaissance.season import home_countries_held
from italia_kit.games.renaissance.state import RenaissanceState, season_tag
from italia_kit.games.renaissance.units import city_area

__all__ = [
    "READINGS",
    "RULE",
    "check_named",
    "eliminate",
    "end_of_campaign",
    "holds_on",
    "refuse_sheet",
]

#: the option ``elimination``: the default first
READINGS = ("njudge", "play-on")
RULE = "PLAYER ELIMINATION"


def holds_on(now: Mapping[str, str], before: Mapping[str, str], m: Map, power: str) -> bool:
    """Does ``power`` control, in the cities ``now``, a city of its home country or of one
    it had taken over in the cities ``before`` (when the campaign began)?

    >>> from italia_kit.games.renaissance.mapdata import game_map
    >>> m = game_map()
    >>> holds_on({"Rome": "Papacy"}, {}, m, "Papacy")
    True
    >>> holds_on({"Milan": "Papacy"}, {}, m, "Papacy")  # Milan's home, not taken over before
    False
    >>> holds_on({"Milan": "Papacy"}, {c: "Papacy" for c in m.cities if m.home.get(c) == "Milan"},
    ...          m, "Papacy")
    True
    """
    homes: set[str] | None = None  # the conquered home countries: only asked when needed
    for city, owner in now.items():
        if owner != power:
            continue
        home = m.home.get(city)
        if home == power:
            return True
        if home is not None:
            if homes is None:
                homes = set(_held(before, m, power))
            if home in homes:
                return True
    return False


def _held(cities: Mapping[str, str], m: Map, power: str) -> list[str]:
    probe = RenaissanceState((), 1, {}, {}, dict(cities), {})
    return home_countries_held(probe, m, power)


#: per map (by identity, the map kept alive): each power's home cities, its capital first
_HOMES: dict[int, tuple[Map, tuple[tuple[str, tuple[str, ...]], ...]]] = {}


def _home_cities(m: Map) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``(power, its home cities)`` in the order of the powers, the richest city first (the
    one a power loses last, as a rule: asked first)."""
    found = _HOMES.get(id(m))
    if found is None or found[0] is not m:
        table = tuple(
            (
                power,
                tuple(
                    sorted(
                        (c for c in m.cities if m.home.get(c) == power),
                        key=lambda c: (-m.cities[c].income, c),
                    )
                ),
            )
            for power in POWERS
        )
        found = _HOMES[id(m)] = (m, table)
    return found[1]


def end_of_campaign(ctx: Context[RenaissanceState], m: Map, before: Mapping[str, str]) -> list[str]:
    """Eliminate every power (in the order of the powers) that holds on to no city of its
    home countries (:func:`holds_on`, ``before`` the cities when the campaign began);
    return those eliminated now. With no seat left the game is over (no winner)."""
    state = ctx.state
    now, out = state.cities, state.eliminated
    gone: list[str] = []
    for power, cities in _home_cities(m):
        if power in out:
            continue
        for city in cities:  # nearly always the first: a power holding a home city is safe
            if now.get(city) == power:
                break
        else:
            if not holds_on(now, before, m, power):
                gone.append(power)
    for power in gone:
        eliminate(ctx, m, power)
    if gone and not state.seats:
        state.step = "over"
        ctx.emit_as(
            NO_ACTOR,
            "end",
            RULE,
            f"{RULE}: no power is left at the table: the game ends after {state.tag}.",
        )
    return gone


def eliminate(ctx: Context[RenaissanceState], m: Map, power: str) -> None:
    """Carry out ``power``'s elimination now (see the module docstring)."""
    state = ctx.state
    units = sorted((u for u in state.units.values() if u.power == power), key=lambda u: u.uid)
    removed = {u.uid for u in units}
    areas = {u.area for u in units}
    sieges = sorted(
        city
        for city, (besieger, _) in state.sieges.items()
        if besieger in removed or city_area(city) in areas
    )
    rebellions = sorted(p for p, against in state.rebellions.items() if against == power)
    provinces = sorted(p for p, owner in state.control.items() if owner == power)
    cities = sorted(c for c, owner in state.cities.items() if owner == power)
    at_table = power in state.seats
    lost = []
    if units:
        lost.append(f"{counted(len(units), 'unit')} removed")
    if provinces or cities:
        held = [counted(len(x), w) for x, w in ((provinces, "province"), (cities, "city")) if x]
        lost.append(f"{' and '.join(held)} revert to unowned status")
    told = "; ".join(lost) if lost else "nothing of it is left on the board"
    ctx.emit(
        "power_eliminated",
        RULE,
        f"{RULE}: {subject(power, 'controls')} no city of {its(power)} home countries at the end of"
        f" {state.tag}: {it(power)} {agree(power, 'is')} eliminated; {told}"
        + (f", and {it(power)} {agree(power, 'leaves')} the table." if at_table else "."),
        power=power,
        units=sorted(removed),
        provinces=provinces,
        cities=cities,
        rebellions=rebellions,
        sieges=sieges,
    )
    for unit in units:
        del state.units[unit.uid]
        ctx.emit("eliminated", RULE, f"{RULE}: {unit} is removed.", unit=unit.uid)
    for city in sieges:
        del state.sieges[city]
    garrisons = {u.province: u.power for u in state.units.values() if u.type == "G"}
    for province in provinces:
        holder = garrisons.get(province)
        if holder is not None and holder in POWERS:  # CONTROL 3: the garrison's power
            state.control[province] = holder
        else:
            del state.control[province]
    for city in cities:
        holder = state.control.get(city)
        if holder is not None and city not in garrisons:  # a city goes with its province
            state.cities[city] = holder
        else:
            del state.cities[city]
    for province in rebellions:
        del state.rebellions[province]
    for kind in KINDS:  # EXCOMMUNICATION: 'the validity ... expires'; and one against it
        record: dict[str, int] = getattr(state, kind.record)
        if kind.issuer == power:
            for target in sorted(record):
                ctx.emit(
                    f"{kind.event}_ends",
                    "EXCOMMUNICATION",
                    f"EXCOMMUNICATION: {subject(power, 'is')} eliminated: the {kind.event} of"
                    f" {name(target)} expires.",
                    target=target,
                )
            record.clear()
        record.pop(power, None)
    _forfeit(ctx, power)
    state.eliminated[power] = state.turn
    if at_table:
        state.seats = tuple(s for s in state.seats if s != power)


def counted(n: int, noun: str) -> str:
    """``2 units``, ``1 city``, ``0 provinces`` (the elimination event, the map's standing).

    >>> counted(1, "city"), counted(3, "city"), counted(0, "unit")
    ('1 city', '3 cities', '0 units')
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n} {noun[:-1]}ies" if noun.endswith("y") else f"{n} {noun}s"


def _forfeit(ctx: Context[RenaissanceState], power: str) -> None:
    """Its treasury lost, its loans written off (reconstructed), told to it alone."""
    state = ctx.state
    ducats = state.treasury.get(power, 0)
    loans = [loan for loan in state.loans if loan[0] == power]
    if not ducats and not loans:
        return
    state.treasury[power] = 0
    state.loans = [loan for loan in state.loans if loan[0] != power]
    owed = sum(principal + interest for _, principal, interest, _ in loans)
    text = f"{RULE}: {possessive(power)} treasury of {ducats} d is lost"
    text += f"; the bank writes off the {owed} d {it(power)} owed." if loans else "."
    ctx.emit("treasury_lost", RULE, text, power=power, ducats=ducats, owed=owed, visible_to=[power])


def check_named(expense: Expense, eliminated: Mapping[str, int]) -> None:
    """Refuse an expense naming a power out of the game: a payment to it, an
    assassination of its leader, an excommunication or crusade against it."""
    if not eliminated:
        return
    named = expense.to if isinstance(expense, Pay) else None
    if isinstance(expense, Assassinate | Excommunicate | Crusade):
        named = expense.power
    if named is not None and named in eliminated:
        raise IllegalActionError(
            RULE,
            f"{subject(named, 'was')} eliminated in {season_tag(eliminated[named])} and"
            f" {agree(named, 'has')} left the game",
        )


def refuse_sheet(state: RenaissanceState, seat: str, rule: str) -> None:
    """The refusal of a sheet from an eliminated seat (raised when ``seat`` is no seat)."""
    if seat in state.eliminated:
        raise IllegalActionError(
            RULE,
            f"{subject(seat, 'was')} eliminated in {season_tag(state.eliminated[seat])} and"
            f" {agree(seat, 'gives')} no more orders ({rule})",
        )
