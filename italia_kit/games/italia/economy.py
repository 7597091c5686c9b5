"""Phase 1: income (6.1, 6.4) and buying new units (6.2, 6.3)."""

from __future__ import annotations

from italia_kit.core import Context, IllegalActionError, InvalidActionError
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.text import article, count
from italia_kit.games.italia.units import (
    CITY_COST_MOUNTAIN_OR_SWAMP,
    CITY_COST_STANDARD,
    UnitType,
    unit_cost,
)
from italia_kit.games.italia.world import World

GOLD_CAP = 10  # 6.1: at most 10 gold on the wealth track


def half_up(n: int) -> int:
    return (n + 1) // 2


def base_income(world: World, state: ItaliaState, nation: str) -> tuple[int, int]:
    """6.1: (controlled zones, cities in them); 1 gold each."""
    zones = world.controlled_zones(state, nation)
    cities = sum(1 for z in zones if state.has_city(z))
    return len(zones), cities


def income_due(world: World, state: ItaliaState, nation: str) -> tuple[int, str]:
    """The income a nation collects this turn and why (6.1, 5.1/5.2 income kinds)."""
    info = world.nation(nation)
    zones, cities = base_income(world, state, nation)
    full = zones + cities
    why = f"{count(zones, 'zone')}, {count(cities, 'city', 'cities')}"
    if info.income == "none":
        return 0, "this nation has no income (5.1/5.2)"
    if info.income == "half":
        return half_up(full), f"half of {full} ({why}), rounded up (6.1)"
    zone = info.income_zone
    if info.income == "normal_if_zone" and zone and not world.controls(state, nation, zone):
        return half_up(full), f"half of {full}: {info.income_zone} is lost (6.1)"
    if info.income == "half_without_region" and info.income_region:
        region = set(world.board.zones_in_region(info.income_region))
        if not region & set(world.controlled_zones(state, nation)):
            return half_up(full), f"half of {full}: nothing held in {info.income_region} (6.1)"
    return full, why


def collect_income(ctx: Context[ItaliaState], world: World) -> None:
    """6.1 and 6.4: add the income, pay a master its half, cap the track at 10."""
    state = ctx.state
    nation = state.active
    income, why = income_due(world, state, nation)
    master = state.masters.get(nation)
    before = state.gold.get(nation, 0)
    if master:
        tribute = income // 2  # 6.4: half, rounded down, to the master
        kept = income - tribute
        state.gold[nation] = min(GOLD_CAP, before + kept)
        ctx.emit(
            "income",
            "6.4",
            f"6.4: the {nation} collect {income} gold ({why}), keep {kept} and pay "
            f"{tribute} to their master, the {master}; they now have {state.gold[nation]}.",
            nation=nation,
            income=income,
            kept=kept,
            tribute=tribute,
            master=master,
        )
        state.gold[master] = state.gold.get(master, 0) + tribute
        if state.gold[master] > GOLD_CAP:
            ctx.emit(
                "tribute",
                "6.4",
                f"6.4: the {master} now hold {state.gold[master]} gold, over 10: they must "
                f"buy units at once, to enter play on their own turn.",
                nation=master,
                gold=state.gold[master],
            )
        return
    state.gold[nation] = min(GOLD_CAP, before + income)
    lost = before + income - state.gold[nation]
    text = f"6.1: the {nation} collect {income} gold ({why}) and now have {state.gold[nation]}"
    text += f"; {lost} over the 10-gold limit is lost." if lost else "."
    ctx.emit("income", "6.1", text, nation=nation, income=income, gold=state.gold[nation])


def tokens_left(world: World, state: ItaliaState, nation: str, unit: UnitType) -> int:
    """6.2: a nation can only buy units whose tokens are not all in play or bought."""
    limit = int(world.nation(nation).token_limits.get(unit.value, 0))
    used = sum(1 for u in state.units_of(nation) if u.type is unit)
    used += sum(1 for t in state.to_place if t == unit.value) if state.active == nation else 0
    used += sum(1 for t in state.held_for.get(nation, []) if t == unit.value)
    return limit - used


def city_cost(world: World, zone: str) -> int:
    """6.2: the price of a city in ``zone`` (a canonical name), by its terrain."""
    terrain = world.terrain(zone)
    return CITY_COST_MOUNTAIN_OR_SWAMP if terrain in ("mountain", "swamp") else CITY_COST_STANDARD


def check_buy(
    world: World, state: ItaliaState, nation: str, unit: str, zone: str | None, *, forced: bool
) -> int:
    """Check a purchase (6.2, 6.3, 7.1); return its price. ``forced``: a master's 6.4 buy."""
    gold = state.gold.get(nation, 0)
    if unit == "city":
        if forced:
            raise IllegalActionError(
                "6.4", "a master buying with surplus tribute may not buy cities"
            )
        if zone is None:
            raise InvalidActionError("buy city: field 'zone' is required (its price depends on it)")
        zone = world.zone_name(zone)
        if not world.city_allowed(zone):
            raise IllegalActionError("2.2.1.9", f"no city may be built in {zone}")
        if not world.controls(state, nation, zone):
            raise IllegalActionError("7.1", f"the {nation} do not control {zone}")
        if zone in state.cities:
            what = "a city" if state.cities[zone] else "a ruin (rebuild it, 10.6.1)"
            raise IllegalActionError("2.2.1.9", f"{zone} already has {what}: one city per zone")
        if f"city:{zone}" in state.to_place:
            raise IllegalActionError("2.2.1.9", f"a city for {zone} is already bought")
        price = city_cost(world, zone)
    else:
        try:
            utype = UnitType.parse(unit)
        except InvalidActionError:
            raise
        cost = unit_cost(utype, nation)
        if cost is None:
            raise IllegalActionError("6.2", "leaders cannot be bought; they arrive on the cards")
        if tokens_left(world, state, nation, utype) <= 0:
            raise IllegalActionError(
                "6.2", f"the {nation} have no {utype.value.replace('_', ' ')} tokens left"
            )
        if utype is UnitType.CONSULAR_LEGION and nation == "Romans":
            _check_consular(world, state, nation)
        if not forced:
            _check_placeable(world, state, nation, utype)
        price = cost
    if price > gold:
        raise IllegalActionError(
            "6.2", f"{article(unit.replace('_', ' '))} costs {price} gold; the {nation} have {gold}"
        )
    return price


def _check_consular(world: World, state: ItaliaState, nation: str) -> None:
    """6.3: at most half as many consular legions as cities controlled, rounded down."""
    cities = base_income(world, state, nation)[1]
    have = sum(1 for u in state.units_of(nation) if u.type is UnitType.CONSULAR_LEGION)
    have += state.to_place.count(UnitType.CONSULAR_LEGION.value)
    if have + 1 > cities // 2:
        raise IllegalActionError(
            "6.3",
            f"the {nation} control {cities} cities: at most {cities // 2} consular legions "
            f"(half the cities, rounded down), and they have {have}",
        )


def placement_zones(world: World, state: ItaliaState, nation: str) -> list[str]:
    """The land zones ``nation`` will still control when its phase 2 begins, sorted: the
    zones it controls (6.1) but those held only by leaders of an earlier turn, who leave
    at the start of phase 2 (7.2)."""
    turn = state.turn
    return sorted(
        {
            u.zone
            for u in state.units.values()
            if u.nation == nation
            and u.carrier is None
            and world.is_land(u.zone)
            and not (u.is_leader and u.arrived < turn)
        }
    )


def _check_placeable(world: World, state: ItaliaState, nation: str, utype: UnitType) -> None:
    """7.1, checked at purchase so that a bought unit always has somewhere to go: the
    zones the nation will still hold at placement (:func:`placement_zones`)."""
    zones = placement_zones(world, state, nation)
    if utype is UnitType.FLEET:
        if not any(world.seas_beside(z) for z in zones):
            raise IllegalActionError("7.1", f"the {nation} control no zone beside a sea")
        return
    if len(zones) == 1:
        return  # 7.1 exception: all new units may go into the single zone
    waiting = state.to_place if state.active == nation else []
    waiting = [*waiting, *state.held_for.get(nation, [])]  # a master's tribute buys (6.4)
    land_bought = sum(1 for t in waiting if not t.startswith("city:") and t != UnitType.FLEET.value)
    if land_bought + 1 > len(zones):
        raise IllegalActionError(
            "7.1",
            f"the {nation} will control {len(zones)} zones at placement and may place only "
            f"one new unit in each",
        )


#: the unit types with their names, in the order purchases are listed
_TYPES = tuple((t, t.value) for t in UnitType)
#: by nation: the unit types it may buy, with their names and prices (6.2), in that order
_PRICES: dict[str, tuple[tuple[UnitType, str, int], ...]] = {}


def _price_list(nation: str) -> tuple[tuple[UnitType, str, int], ...]:
    found = _PRICES.get(nation)
    if found is None:
        found = _PRICES[nation] = tuple(
            (utype, name, cost)
            for utype, name in _TYPES
            if (cost := unit_cost(utype, nation)) is not None  # leaders are never bought
        )
    return found


def legal_buys(
    world: World, state: ItaliaState, nation: str, *, forced: bool
) -> list[tuple[str, str | None]]:
    """The purchases :func:`check_buy` allows, as (unit, zone) pairs in the order the legal
    actions list them: the unit types, then a city in each controlled zone (6.2).

    The same rules as ``check_buy`` (6.2, 6.3, 6.4, 7.1), judged from one pass over the
    units instead of a raised and caught error per candidate; a test holds the two equal.
    """
    gold = state.gold.get(nation, 0)
    # leaders are never bought (6.2); the price is paid in full
    affordable = [(utype, name) for utype, name, cost in _price_list(nation) if cost <= gold]
    if not affordable and (forced or gold < CITY_COST_STANDARD):
        return []  # nothing within reach: no need to look at the board
    have: dict[UnitType, int] = {}
    ashore: set[str] = set()
    staying: set[str] = set()  # ashore at placement: not held by departing leaders alone
    turn = state.turn
    for u in state.units.values():
        if u.nation == nation:
            have[u.type] = have.get(u.type, 0) + 1
            if u.carrier is None:
                ashore.add(u.zone)
                if not (u.is_leader and u.arrived < turn):
                    staying.add(u.zone)
    zones = sorted(z for z in ashore if world.is_land(z))  # 6.1: as controlled_zones
    kept = [z for z in zones if z in staying]  # 7.1, 7.2: as placement_zones
    # 6.2 tokens: bought units wait in to_place (own turn) or held_for (a master's 6.4 buys)
    waiting = [*(state.to_place if state.active == nation else []), *state.held_for.get(nation, [])]
    limits = world.nation(nation).token_limits
    # 7.1: room for one more new land unit (a single zone takes any number)
    land_bought = sum(1 for t in waiting if not t.startswith("city:") and t != UnitType.FLEET.value)
    land_room = len(kept) == 1 or land_bought + 1 <= len(kept)
    out: list[tuple[str, str | None]] = []
    for utype, name in affordable:
        if int(limits.get(name, 0)) - have.get(utype, 0) - waiting.count(name) <= 0:
            continue  # no tokens left (6.2)
        if utype is UnitType.CONSULAR_LEGION and nation == "Romans":
            cities = sum(1 for z in zones if state.has_city(z))
            consuls = have.get(utype, 0) + state.to_place.count(name)
            if consuls + 1 > cities // 2:
                continue  # 6.3: half as many as the cities held, rounded down
        if not forced:
            if utype is UnitType.FLEET:
                if not any(world.seas_beside(z) for z in kept):
                    continue  # 7.1: a fleet goes into a sea beside a controlled zone
            elif not land_room:
                continue  # 7.1: one new unit per controlled zone
        out.append((name, None))
    if not forced and gold >= CITY_COST_STANDARD:  # 6.4: a master's tribute buys no cities
        for zone in zones:
            if (
                world.city_allowed(zone)  # 2.2.1.9
                and zone not in state.cities  # one city (or ruin) per zone
                and f"city:{zone}" not in state.to_place
                and city_cost(world, zone) <= gold
            ):
                out.append(("city", zone))
    return out


def buy(ctx: Context[ItaliaState], world: World, nation: str, unit: str, zone: str | None) -> None:
    state = ctx.state
    forced = state.actor_override == nation and nation != state.active
    if ctx.listed:  # listed as legal here (Context.listed): only the price is wanted
        if unit == "city":
            assert zone is not None  # legal_buys names the zone of every city
            price = city_cost(world, zone)
        else:
            cost = unit_cost(UnitType(unit), nation)
            assert cost is not None  # leaders are never listed
            price = cost
    else:
        price = check_buy(world, state, nation, unit, zone, forced=forced)
    state.gold[nation] -= price
    if unit == "city":
        assert zone is not None
        entry = f"city:{world.zone_name(zone)}"
        label = f"a city in {entry[5:]}"
    else:
        entry = UnitType.parse(unit).value
        label = article(entry.replace("_", " "))
    if forced:
        state.held_for.setdefault(nation, []).append(entry)
        rule = "6.4"
        tail = "; it enters play on their own turn"
    else:
        state.to_place.append(entry)
        rule = "6.2"
        tail = ""
    ctx.emit(
        "buy",
        rule,
        f"{rule}: the {nation} buy {label} for {price} gold ({state.gold[nation]} left){tail}.",
        nation=nation,
        unit=entry,
        price=price,
    )
