"""Battles (13): naval (13.1-13.13) and land (13.2), fought in rounds of dice.

A battle holds its pieces while it lasts (``state.battle``): side ``a`` is the attacker, the
fleet that enters or the fleet intercepted (asked first whether to withdraw, 13.12), side
``d`` the defender or the interceptor. Each side is one population or several allies (13.13):
losses fall on the ally with the most pieces in the battle (in proportion to the fleets when
the allies cannot agree), and a side's advantage bonus is what every ally can match.

Steps: ``declare`` (each side's main population declares its Military Advantage cards,
13.1), then rounds: ``withdraw`` (13.12; in a land battle only the attacker whose turn it is,
13.2), the roll, a ``strike`` choice when the round was won by 7 or more and the choice
matters (13.11). The round's arithmetic is :mod:`italia_kit.games.roma.combat`'s.
"""

from __future__ import annotations

from typing import Any

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.roma.combat import STRIKE_MARGIN, ratio_bonus, resolve
from italia_kit.games.roma.common import (
    M,
    conquer,
    friendly_ports,
    hand_count,
    legion_room,
)
from italia_kit.games.roma.state import RomaState

__all__ = ["battle_step", "finish", "start_battle", "withdraw_options"]


def start_battle(
    ctx: Context[RomaState],
    kind: str,
    place: str,
    cause: str,
    a: dict[str, int],
    d: dict[str, int],
    *,
    a_cargo: dict[str, int] | None = None,
    d_cargo: dict[str, int] | None = None,
    one_die: bool = False,
    origin: str = "",
    rule: str = "13.1",
) -> None:
    """Open a battle with the pieces given (already taken off the map by the caller)."""
    state = ctx.state
    a_main = max(a, key=lambda p: (a[p], p == state.active))
    d_main = max(d, key=lambda p: (d[p], p == state.control.get(place)))
    card = "CMN" if kind == "sea" else "CMT"
    ask = [p for p in (a_main, d_main) if hand_count(state, p, card)]
    state.battle = {
        "kind": kind,
        "place": place,
        "cause": cause,
        "a": dict(a),
        "d": dict(d),
        "a_cargo": dict(a_cargo or {}),
        "d_cargo": dict(d_cargo or {}),
        "a_main": a_main,
        "d_main": d_main,
        "a_bonus": 0,
        "d_bonus": 0,
        "one_die": one_die,
        "origin": origin,
        "step": "declare",
        "ask": ask,
        "round": 0,
        "strike_by": "",
    }
    what = "naval battle" if kind == "sea" else "battle"
    ctx.emit(
        "battle",
        rule,
        f"{rule}: {what} in {place}: {_side(a)} against {_side(d)}"
        + (" (the attacker rolls one die, 13.2)" if one_die else "")
        + ".",
        place=place,
        cause=cause,
        attacker=dict(a),
        defender=dict(d),
        one_die=one_die,
    )


def _side(units: dict[str, int]) -> str:
    return " and ".join(f"{n} {p}" for p, n in sorted(units.items()))


def declare(ctx: Context[RomaState], pop: str, n: int) -> None:
    """13.1, 13.13: ``pop`` declares ``n`` advantage cards; an allied side counts only what
    every ally holds, and each ally spends that many."""
    state = ctx.state
    b = state.battle
    assert b is not None
    side = "a" if pop == b["a_main"] else "d"
    card = "CMN" if b["kind"] == "sea" else "CMT"
    allies = [p for p in b[side] if p != pop]
    usable = min([n, *(hand_count(state, p, card) for p in allies)])
    for p in [pop, *allies]:
        spend = n if p == pop else usable
        if spend:
            for _ in range(spend):
                state.hands[p].remove(card)
            ctx.dice.discard("cards", p, [card] * spend)
            ctx.emit(
                "discard",
                "13.1",
                f"13.1: {p} declares {spend} {card}.",
                deck="cards",
                seat=p,
                cards=[card] * spend,
            )
    b[f"{side}_bonus"] = usable
    b["ask"] = [p for p in b["ask"] if p != pop]


def withdraw_options(state: RomaState, pop: str) -> list[str]:
    """Where ``pop``'s side may withdraw now (13.12, 13.2): the nearest friendly ports with
    room for its fleet, or the territory (or sea zone) its legions came from; none if it
    may not withdraw."""
    b = state.battle
    assert b is not None
    side = "a" if pop == b["a_main"] else "d"
    if b["kind"] == "land":
        if side != "a" or pop != state.active or b["cause"] not in ("attack", "invasion"):
            return []
        return [b["origin"]]
    pops = sorted(b[side])
    options = friendly_ports(state, b["place"], pops, sum(b[side].values()))
    if options and state.options.get("retreat_port") == "lowest_number":
        return options[:1]
    return options


def withdraw(ctx: Context[RomaState], pop: str, to: str) -> None:
    """13.12: ``pop``'s side leaves the battle for ``to``; the battle ends."""
    state = ctx.state
    b = state.battle
    assert b is not None
    side = "a" if pop == b["a_main"] else "d"
    units, cargo = b[side], b[f"{side}_cargo"]
    if b["kind"] == "land":
        for p, n in units.items():
            if b["cause"] == "attack":
                state.add(state.legions, to, p, n)
                state.moved[to] = state.moved.get(to, 0) + n
            else:  # back aboard the ships they landed from
                state.add(state.cargo, to, p, n)
    else:
        for p, n in units.items():
            state.add(state.ships, to, p, n)
            if p == state.active:
                state.sailed[to] = state.sailed.get(to, 0) + n
            if cargo.get(p):
                state.add(state.cargo, to, p, cargo[p])
    ctx.emit(
        "withdraw",
        "13.12",
        f"13.12: {_side(units)} withdraw from {b['place']} to {to}.",
        place=b["place"],
        to=to,
        population=pop,
    )
    b[side] = {}
    b[f"{side}_cargo"] = {}
    b["withdrew"] = side
    finish(ctx)


def _lose(b: dict[str, Any], side: str, n: int, winner_picks: bool) -> list[str]:
    """``n`` pieces of ``side`` lost: from the ally with the most (13.13); ships sink with
    what they carry, the loser sinking empty ones first unless the winner picks (13.11)."""
    units, cargo = b[side], b[f"{side}_cargo"]
    hit = []
    for _ in range(n):
        if not units:
            break
        p = max(units, key=lambda q: (units[q], q == b[f"{side}_main"]))
        units[p] -= 1
        hit.append(p)
        if b["kind"] == "sea" and cargo.get(p):
            if winner_picks:
                cargo[p] -= min(4, cargo[p])
            cargo[p] = min(cargo[p], 4 * units[p])
            if not cargo[p]:
                del cargo[p]
        if not units[p]:
            del units[p]
    return hit


def battle_step(ctx: Context[RomaState]) -> bool:
    """Carry the battle on as far as it goes without a decision; True if it changed."""
    state = ctx.state
    b = state.battle
    assert b is not None
    if b["ask"]:
        return False
    if b["step"] == "declare" or b["step"] == "strike":
        _next_round(state)
        return True
    # the withdraw step is over: roll the round
    _roll_round(ctx)
    return True


def _next_round(state: RomaState) -> None:
    b = state.battle
    assert b is not None
    b["step"] = "withdraw"
    b["round"] += 1
    b["ask"] = [p for p in (b["a_main"], b["d_main"]) if withdraw_options(state, p)]


def _roll_round(ctx: Context[RomaState]) -> None:
    state = ctx.state
    b = state.battle
    assert b is not None
    a_n, d_n = sum(b["a"].values()), sum(b["d"].values())
    a_roll = ctx.roll(1 if b["one_die"] else 2, "13.1", f"{b['a_main']} rolls", sides=6)
    d_roll = ctx.roll(2, "13.1", f"{b['d_main']} rolls", sides=6)
    a_score = sum(a_roll) + b["a_bonus"] + ratio_bonus(a_n, d_n)
    d_score = sum(d_roll) + b["d_bonus"] + ratio_bonus(d_n, a_n)
    tie_break = str(state.options.get("tie_break", "more_units"))
    won = resolve(a_score, d_score, a_n, d_n, sum(a_roll), sum(d_roll), tie_break=tie_break)
    if won is None:
        ctx.emit(
            "round",
            "13.1",
            f"13.1: round {b['round']} in {b['place']}: {a_score} to {d_score}, nobody wins.",
            a_score=a_score,
            d_score=d_score,
        )
        _next_round(state)
        return
    side, margin = won
    loser = "d" if side == "a" else "a"
    winner = b[f"{side}_main"]
    strike = margin >= STRIKE_MARGIN
    ctx.emit(
        "round",
        "13.11" if strike else "13.1",
        f"13.1: round {b['round']} in {b['place']}: {a_score} to {d_score}, {winner} wins"
        + (" by a strike (13.11)." if strike else "."),
        a_score=a_score,
        d_score=d_score,
        winner=winner,
        margin=margin,
    )
    if strike and b["kind"] == "sea" and b[f"{loser}_cargo"] and sum(b[loser].values()) > 1:
        b["step"] = "strike"
        b["strike_by"] = side
        b["ask"] = [winner]
        return
    _hit(ctx, loser, 2 if strike else 1, winner_picks=False)


def strike(ctx: Context[RomaState], pop: str, two: bool) -> None:
    """13.11: the winner's choice of losses after a strike."""
    b = ctx.state.battle
    assert b is not None
    loser = "d" if b["strike_by"] == "a" else "a"
    b["ask"] = []
    _hit(ctx, loser, 2 if two else 1, winner_picks=not two)


def _hit(ctx: Context[RomaState], loser: str, n: int, *, winner_picks: bool) -> None:
    state = ctx.state
    b = state.battle
    assert b is not None
    hit = _lose(b, loser, n, winner_picks)
    piece = "ship" if b["kind"] == "sea" else "legion"
    ctx.emit(
        "loss",
        "13.1",
        f"13.1: lost in {b['place']}: " + ", ".join(f"1 {piece} of {p}" for p in hit) + ".",
        place=b["place"],
        lost=hit,
    )
    if not b["a"] or not b["d"]:
        finish(ctx)
    else:
        b["step"] = "strike"  # the round is over; the next begins in battle_step
        b["ask"] = []


def finish(ctx: Context[RomaState]) -> None:
    """Put the survivors back and apply what the battle decided (13.2, 13.22, 12.4)."""
    state = ctx.state
    b = state.battle
    assert b is not None
    state.battle = None
    place, cause = b["place"], b["cause"]
    a, d = b["a"], b["d"]
    winner = "a" if a and not d else "d" if d and not a else ""
    ctx.emit(
        "battle_end",
        "13.1",
        f"13.1: the battle in {place} ends"
        + (f": {_side(b[winner])} hold the field." if winner else "."),
        place=place,
        survivors_a=dict(a),
        survivors_d=dict(d),
    )
    if b["kind"] == "land":
        for p, n in d.items():
            state.add(state.legions, place, p, n)
        if a:
            for p, n in a.items():
                n = min(n, legion_room(state, place))
                state.add(state.legions, place, p, n)
                if p == state.active:
                    state.moved[place] = state.moved.get(place, 0) + n
            if not d and not state.allied(state.control.get(place, ""), b["a_main"]):
                conquer(ctx, place, b["a_main"], "13.2")
        elif cause == "break" and d and not state.allied(state.control.get(place, ""), b["d_main"]):
            conquer(ctx, place, b["d_main"], "8.31")  # the former ally holds the field
        return
    # naval: the interceptor's and defender's survivors stay; a voyage goes on (12.4)
    voyage = state.voyage
    for side in ("a", "d"):
        for p, n in b[side].items():
            if side == "a" and cause == "interdiction" and voyage is not None:
                voyage["ships"] = n
                voyage["legions"] = b["a_cargo"].get(p, 0)
                continue
            state.add(state.ships, place, p, n)
            if b[f"{side}_cargo"].get(p):
                state.add(state.cargo, place, p, b[f"{side}_cargo"][p])
    if cause == "interdiction" and voyage is not None and not b["a"]:
        voyage["ships"] = 0
        voyage["legions"] = 0


def check_step(state: RomaState, pop: str, kind: str) -> dict[str, Any]:
    """The battle, if ``pop`` owes its next decision of ``kind``; else the refusal."""
    b = state.battle
    if b is None or not b["ask"] or b["ask"][0] != pop:
        raise IllegalActionError("13.1", f"{pop} owes no decision in a battle now")
    want = {"declare": "declare", "withdraw": "withdraw", "strike": "strike"}[b["step"]]
    if want != kind:
        raise IllegalActionError("13.1", f"the battle asks {pop} to {want}, not to {kind}")
    return b


def origin_is_sea(place: str) -> bool:
    return place in M.letter
