"""Phase C's expenditure, resolved in the text's order: excommunication, the Borrowing
Phase (a: pay the bank, b: pay other powers, c: borrow, d: the bank collects), then every
other expense charged in the order of each sheet ('your last expenditure(s) will fail to
take place if your Treasury falls short'), then famine relief, pacification,
counter-bribes and bribes, rebellions, bodyguards and assassinations.

Readings chosen (docs/games/renaissance.md): a defaulter's whole treasury goes to the bank
and the loan is written off; an early repayment pays the interest first and whole ducats;
a bribe's minimum is doubled once for a garrison in a major city and once for a Citizen's
Militia or Elite Professionals unit (BRIBES (g): 12x2x2); among several attempts on one
leader of the same highest price the first power in the order of the powers is carried
out; the excommunication and the Turks' crusade are ``excommunication.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.renaissance.excommunication import cut_off as excommunicated
from italia_kit.games.renaissance.excommunication import expire, kind_of, proclaim
from italia_kit.games.renaissance.expenses import (
    ASSASSINATION,
    BRIBE_MINIMUM,
    FAMINE_RELIEF,
    PACIFY,
    Assassinate,
    Bodyguard,
    Borrow,
    Bribe,
    CounterBribe,
    Crusade,
    Excommunicate,
    Expense,
    FamineRelief,
    Pacify,
    Pay,
    PayBank,
    Rebel,
)
from italia_kit.games.renaissance.mapdata import AUTONOMOUS, POWERS, VENICE, Map
from italia_kit.games.renaissance.names import agree, it, its, name, possessive, subject, them
from italia_kit.games.renaissance.state import RenaissanceState
from italia_kit.games.renaissance.units import SPECIALS, Unit, city_area

__all__ = ["Spending", "assassination_effects", "check_expense", "resolve_expenditure"]

#: how the resolution reports: ``note(kind, rule, text, **data)``
Note = Callable[..., None]

BANK_LIMIT = 25
#: 1 year at 20%, 2 years at 50% (Borrowing Phase)
BANK_TERMS = {1: (20, 3), 2: (50, 6)}
#: ASSASSINATIONS (c): the highest d6 that makes a province rebel
REBEL_ON = {(True, True): 1, (True, False): 2, (False, True): 3, (False, False): 5}


@dataclass
class Spending:
    """What the expenditure decided for the movement that follows: the powers whose leader
    died (their orders become holds), units that changed hands (uid -> new power)."""

    assassinated: set[str] = field(default_factory=set)
    bought: dict[int, str] = field(default_factory=dict)


def _min_multiple(amount: int, minimum: int, rule: str, what: str) -> None:
    if amount < minimum or amount % 3:
        raise IllegalActionError(
            rule, f"{what} costs {minimum} or more, in multiples of 3, not {amount}"
        )


def check_expense(order: Expense, seat: str) -> None:
    """Refuse an expense that cannot be meant as written (before anything changes)."""
    if isinstance(order, PayBank | Pay | Borrow) and order.amount <= 0:
        raise IllegalActionError(
            "Borrowing Phase", f"an amount of ducats must be positive, not {order.amount}"
        )
    if isinstance(order, Pay) and order.to == seat:
        raise IllegalActionError("Borrowing Phase", "a power does not pay itself")
    if isinstance(order, CounterBribe):
        _min_multiple(order.amount, 3, "EXPENDITURE ORDERS 4", "a counter-bribe")
    if isinstance(order, Bribe):
        _min_multiple(order.amount, BRIBE_MINIMUM[order.kind], "BRIBES (e)", "this bribe")
    if isinstance(order, Bodyguard):
        _min_multiple(order.amount, 3, "EXPENDITURE ORDERS 13", "a bodyguard")
    if isinstance(order, Assassinate):
        _min_multiple(order.amount, ASSASSINATION, "EXPENDITURE ORDERS 14", "an assassination")
        if order.power == seat:
            raise IllegalActionError("EXPENDITURE ORDERS 14", "a power does not assassinate itself")
    if isinstance(order, Rebel) and order.amount < 9:
        raise IllegalActionError(
            "EXPENDITURE ORDERS 11", f"a rebellion costs 9 or 15, not {order.amount}"
        )
    if isinstance(order, Excommunicate | Crusade):
        issuer = kind_of(order).issuer
        if seat != issuer:
            what = "excommunicate" if isinstance(order, Excommunicate) else "proclaim a crusade"
            raise IllegalActionError(
                "EXCOMMUNICATION", f"only {name(issuer)} may {what}, not {name(seat)}"
            )
        if order.power == seat or order.power not in POWERS:
            against = f"'against another player', not {order.power}"
            raise IllegalActionError("EXCOMMUNICATION", f"the order is issued {against}")


def cost_of(order: Expense) -> int:
    if isinstance(order, FamineRelief):
        return FAMINE_RELIEF
    if isinstance(order, Pacify):
        return PACIFY
    if isinstance(order, CounterBribe | Bribe | Rebel | Bodyguard | Assassinate):
        return order.amount
    return 0


def bribe_minimum(m: Map, unit: Unit, kind: str) -> int:
    """BRIBES (g) and SPECIAL UNITS: the minimum, doubled for a garrison in a major city and
    for a Citizen's Militia or Elite Professionals unit."""
    minimum = BRIBE_MINIMUM[kind]
    city = m.cities.get(unit.province)
    if unit.type == "G" and city is not None and city.major:
        minimum *= 2
    if unit.special is not None:
        factor = SPECIALS[unit.special]["bribe_factor"]
        minimum *= factor if isinstance(factor, int) else 1
    return minimum


def resolve_expenditure(
    ctx: Context[RenaissanceState],
    m: Map,
    sheets: Mapping[str, Sequence[Expense]],
    eliminated: Collection[str] | None = None,
) -> Spending:
    """Carry out every power's expenses in the text's order; emit each outcome.
    ``eliminated``:
    the powers eliminated (njudge's reading), or None to test the issuer of an
    excommunication now (``play-on``: ``excommunication.expire``)."""
    state = ctx.state
    out = Spending()
    # the powers with expenses, in the treasury's order (every step below is one of
    # expenses; a power without any has none to carry out)
    powers = [p for p in state.treasury if sheets.get(p)]

    def note(kind: str, rule: str, text: str, **data: object) -> None:
        ctx.emit(kind, rule, f"{rule}: {text}", **data)

    expire(state, m, note, eliminated)  # EXCOMMUNICATION: an eliminated issuer's order is void
    for power in powers:  # EXCOMMUNICATION and the Turks' Crusade
        for order in sheets[power]:
            if isinstance(order, Excommunicate | Crusade):
                proclaim(state, m, power, order, note, eliminated)
    cut_off = excommunicated(state)
    for power in powers:  # a) Pay Bank
        for order in sheets[power]:
            if isinstance(order, PayBank):
                _repay(state, power, min(order.amount, state.treasury[power]), note)
    for power in powers:  # b) Pay (Other Power)
        for order in sheets[power]:
            if not isinstance(order, Pay):
                continue
            if power in cut_off or order.to in cut_off:
                note(
                    "expense_failed",
                    "EXCOMMUNICATION",
                    f"{subject(power, 'cannot')} pay {name(order.to)}: excommunicated.",
                )
            elif state.debt(power):
                note(
                    "expense_failed",
                    "Borrowing Phase",
                    f"{subject(power, 'is')} in debt to the bank and may not pay {name(order.to)}.",
                )
            elif state.treasury[power] < order.amount:
                note(
                    "expense_failed",
                    "Phase C",
                    f"{subject(power, 'cannot')} pay {name(order.to)} {order.amount} d:"
                    " the treasury falls short.",
                )
            else:
                state.treasury[power] -= order.amount
                state.treasury[order.to] += order.amount
                note(
                    "transfer",
                    "Borrowing Phase",
                    f"{subject(power, 'pays')} {name(order.to)} {order.amount} d.",
                    visible_to=[power, order.to],
                )
    for power in powers:  # c) Borrow
        for order in sheets[power]:
            if isinstance(order, Borrow):
                _borrow(state, power, order, note)
    for loan in [x for x in state.loans if x[3] == state.turn]:  # d) the bank collects
        power, principal, interest, _ = loan
        state.loans.remove(loan)
        owed = principal + interest
        if state.treasury[power] >= owed:
            state.treasury[power] -= owed
            note(
                "repaid",
                "Borrowing Phase",
                f"the bank collects {owed} d from {name(power)}.",
                visible_to=[power],
            )
            continue
        note(
            "default",
            "Borrowing Phase",
            f"{subject(power, 'defaults')} on {owed} d: the bank takes {its(power)}"
            f" {state.treasury[power]} d and has {them(power)} assassinated.",
        )
        state.treasury[power] = 0
        if power not in state.banned:
            state.banned.append(power)
        out.assassinated.add(power)
    paid: list[tuple[str, Expense]] = []
    for power in powers:  # every other expense, in the sheet's order
        for order in sheets[power]:
            cost = cost_of(order)
            if not cost:
                continue
            if cost > state.treasury[power]:
                note(
                    "expense_failed",
                    "Phase C",
                    f"{possessive(power)} {type(order).__name__} fails: the treasury falls short.",
                    visible_to=[power],
                )
                continue
            state.treasury[power] -= cost
            paid.append((power, order))
    for power, order in paid:
        if isinstance(order, FamineRelief):
            if order.province in state.famine:
                state.famine.remove(order.province)
            note(
                "relief",
                "EXPENDITURE ORDERS 2",
                f"{subject(power, 'relieves')} the famine in {order.province}.",
            )
        elif isinstance(order, Pacify) and order.province in state.rebellions:
            del state.rebellions[order.province]
            note("pacified", "REBELLIONS (c)", f"{subject(power, 'pacifies')} {order.province}.")
    _bribes(ctx, m, paid, out, note)
    _rebellions(state, m, paid, note)
    _assassinations(state, paid, out, note)
    return out


def _repay(state: RenaissanceState, power: str, amount: int, note: Note) -> None:
    for i, (who, principal, interest, due) in enumerate(list(state.loans)):
        if who != power or amount <= 0:
            continue
        to_interest = min(amount, interest)
        to_principal = min(amount - to_interest, principal)
        amount -= to_interest + to_principal
        state.treasury[power] -= to_interest + to_principal
        state.loans[i] = (who, principal - to_principal, interest - to_interest, due)
    state.loans = [loan for loan in state.loans if loan[1] + loan[2] > 0]
    note(
        "repaid",
        "Borrowing Phase",
        f"{subject(power, 'repays')} the bank; {it(power)} {agree(power, 'owes')}"
        f" {state.debt(power)} d of principal.",
        visible_to=[power],
    )


def _borrow(state: RenaissanceState, power: str, order: Borrow, note: Note) -> None:
    if power in state.banned:
        note(
            "expense_failed",
            "Borrowing Phase",
            f"{subject(power, 'defaulted')}: the bank lends {them(power)} nothing.",
        )
        return
    if state.debt(power) + order.amount > BANK_LIMIT:
        note(
            "expense_failed",
            "Borrowing Phase",
            f"{subject(power, 'may')} owe the bank at most {BANK_LIMIT} d of principal.",
        )
        return
    rate, seasons = BANK_TERMS[order.years]
    interest = -(-order.amount * rate // 100)  # rounded up
    state.loans.append((power, order.amount, interest, state.turn + seasons))
    state.treasury[power] += order.amount
    note(
        "loan",
        "Borrowing Phase",
        f"{subject(power, 'borrows')} {order.amount} d for {order.years} year(s) at {rate}%.",
        visible_to=[power],
    )


def _bribes(
    ctx: Context[RenaissanceState],
    m: Map,
    paid: list[tuple[str, Expense]],
    out: Spending,
    note: Note,
) -> None:
    """BRIBES (a)-(g)."""
    state = ctx.state
    by_area: dict[str, Unit] | None = None  # made at the first bribe (most seasons have none)
    counter: dict[int, int] = {}
    offers: dict[int, list[tuple[str, Bribe]]] = {}
    for power, order in paid:
        if not isinstance(order, CounterBribe | Bribe):
            continue
        if by_area is None:
            by_area = state.by_area()
        area = city_area(order.province) if order.type == "G" else order.province
        unit = by_area.get(area)
        if isinstance(order, CounterBribe):
            if unit is not None and unit.type == order.type:
                counter[unit.uid] = counter.get(unit.uid, 0) + order.amount
        elif isinstance(order, Bribe):
            reason = _bribe_fault(state, unit, order, power)
            if reason is not None or unit is None:
                note(
                    "bribe_failed",
                    "BRIBES",
                    f"{possessive(power)} bribe on {order.type} {order.province} fails: {reason}.",
                )
                continue
            offers.setdefault(unit.uid, []).append((power, order))
    for uid, bids in offers.items():
        unit = state.units[uid]
        top = max(b.amount for _, b in bids)
        best = [(p, b) for p, b in bids if b.amount == top]
        if len(best) > 1:
            note("bribe_failed", "BRIBES (d)", f"the bribes on {unit} tie at {top} d: all fail.")
            continue
        power, bribe = best[0]
        left = bribe.amount - counter.get(uid, 0)
        needed = bribe_minimum(m, unit, bribe.kind)
        if left < needed:
            note(
                "bribe_failed",
                "BRIBES (a)",
                f"{possessive(power)} bribe on {unit}: {left} d after counter-bribes,"
                f" {needed} needed: it fails.",
            )
            continue
        if bribe.kind in ("disband_ag", "disband_g", "disband"):
            del state.units[uid]
            note("bribed", "BRIBES", f"{possessive(power)} bribe disbands {unit}.", unit=uid)
            continue
        owner = AUTONOMOUS if bribe.kind == "to_ag" else power
        state.units[uid] = unit.owned_by(owner)
        if owner != AUTONOMOUS:
            out.bought[uid] = owner
            if state.rebellions.get(unit.province) not in (None, owner):
                del state.rebellions[unit.province]  # REBELLIONS (f): liberated
        turned = "becomes autonomous" if owner == AUTONOMOUS else f"goes over to {name(owner)}"
        note("bribed", "BRIBES", f"{possessive(power)} bribe: {unit} {turned}.", unit=uid)


def _bribe_fault(
    state: RenaissanceState, unit: Unit | None, order: Bribe, power: str
) -> str | None:
    if unit is None or unit.type != order.type:
        return f"there is no {order.type} in {order.province}"
    if order.power is not None and unit.power != order.power:
        return f"the unit there is not {possessive(order.power)}"
    if unit.power == power:
        return "it is the briber's own unit"
    if unit.type == "G" and unit.province in state.sieges:
        return "a besieged garrison cannot be bribed (Besiege)"
    autonomous = unit.power == AUTONOMOUS
    if order.kind in ("disband_ag", "buy_ag") and not autonomous:
        return "it is not an autonomous garrison"
    if order.kind in ("to_ag", "disband_g") and (autonomous or unit.type != "G"):
        return "it is not a committed garrison"
    if order.kind == "buy" and autonomous:
        return "an autonomous garrison is bought with Buy AG"
    return None


def _rebellions(
    state: RenaissanceState, m: Map, paid: list[tuple[str, Expense]], note: Note
) -> None:
    """EXPENDITURE ORDERS 11, 12; REBELLIONS (a), (j)."""
    for power, order in paid:
        if not isinstance(order, Rebel):
            continue
        target = state.control.get(order.province)
        cost = 15 if target is not None and m.home.get(order.province) == target else 9
        if target is None or target == power or m.is_sea(order.province):
            note(
                "expense_failed",
                "EXPENDITURE ORDERS 11",
                f"{order.province} is not an enemy-controlled province.",
            )
        elif order.amount < cost:
            note(
                "expense_failed",
                "EXPENDITURE ORDERS 12",
                f"a rebellion in {possessive(target)} home province costs 15 d.",
            )
        elif order.province == VENICE and any(u.province == VENICE for u in state.units.values()):
            note("expense_failed", "REBELLIONS (j)", "a unit occupies Venice: no rebellion there.")
        elif order.province in state.rebellions:
            note("expense_failed", "REBELLIONS (a)", f"{order.province} rebels already.")
        else:
            state.rebellions[order.province] = target
            note(
                "rebellion",
                "REBELLIONS (a)",
                f"{order.province} rebels against {name(target)} ({possessive(power)} ducats).",
            )


def _assassinations(
    state: RenaissanceState, paid: list[tuple[str, Expense]], out: Spending, note: Note
) -> None:
    """EXPENDITURE ORDERS 13, 14: the highest-paid attempt on a leader succeeds if it beats
    the bodyguards by 30 or more; every attempt is charged."""
    guards: dict[str, int] = {}
    attempts: dict[str, list[tuple[str, int]]] = {}
    for power, order in paid:
        if isinstance(order, Bodyguard):
            guards[order.power] = guards.get(order.power, 0) + order.amount
        elif isinstance(order, Assassinate):
            attempts.setdefault(order.power, []).append((power, order.amount))
    order_of = list(state.treasury)
    for victim, tries in attempts.items():
        tries.sort(key=lambda t: (-t[1], order_of.index(t[0])))
        _, price = tries[0]
        if price - guards.get(victim, 0) >= ASSASSINATION:
            out.assassinated.add(victim)
            note(
                "assassination",
                "ASSASSINATIONS",
                f"{possessive(victim)} leader is assassinated.",
                victim=victim,
            )
        else:
            note(
                "assassination_failed",
                "EXPENDITURE ORDERS 14",
                f"the attempt on {possessive(victim)} leader fails.",
                victim=victim,
            )


def assassination_effects(ctx: Context[RenaissanceState], m: Map, victims: set[str]) -> None:
    """ASSASSINATIONS (b), (c) and the sieges of (a); the orders of (a) are the movement's."""
    if not victims:  # (most seasons: nobody assassinated, nothing to carry out)
        return
    state = ctx.state
    for city, (besieger, _) in list(state.sieges.items()):
        unit = state.units.get(besieger)
        if unit is not None and unit.power in victims:
            del state.sieges[city]  # (a): the victim's sieges are broken
            continue
        garrison = state.by_area().get(city_area(city))
        if garrison is not None and garrison.power in victims:  # (b)
            del state.units[garrison.uid]
            del state.sieges[city]
            ctx.emit(
                "eliminated",
                "ASSASSINATIONS (b)",
                f"ASSASSINATIONS (b): the besieged {garrison} is eliminated.",
                unit=garrison.uid,
            )
    for victim in sorted(victims):
        for province in sorted(p for p, owner in state.control.items() if owner == victim):
            if m.is_sea(province) or province in state.rebellions:
                continue
            home = m.home.get(province) == victim
            friendly = any(
                u.power == victim and u.province == province for u in state.units.values()
            )
            (roll,) = ctx.roll(
                1, "ASSASSINATIONS (c)", f"does {province} rebel against {name(victim)}?", sides=6
            )
            if roll <= REBEL_ON[(home, friendly)]:
                if province == VENICE and any(u.province == VENICE for u in state.units.values()):
                    continue
                state.rebellions[province] = victim
                ctx.emit(
                    "rebellion",
                    "ASSASSINATIONS (c)",
                    f"ASSASSINATIONS (c): {province} rebels against {name(victim)}.",
                )
