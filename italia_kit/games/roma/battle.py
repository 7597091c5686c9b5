"""Battles (13): naval (13.1-13.13) and land (13.2), fought in rounds of dice.

A battle holds its pieces while it lasts (``state.battle``): side ``a`` is the attacker, the
fleet that enters or the fleet intercepted (asked first whether to withdraw, 13.12), side
``d`` the defender or the interceptor. Each side is one population or several allies (13.13):
its leader (the most pieces) declares the Military Advantage cards, of which the side counts
what every ally can match, and proposes how the side's losses fall (:mod:`.losses`).

Steps: ``declare`` (13.1), then rounds: ``withdraw`` (13.12: every population with pieces on
either side, the attacker's side first, may take its own pieces out; in a land battle only the
player whose turn it is, 13.2); an ally left fighting may then break the alliance with the one
that withdrew, at once (13.12); the roll; a ``strike`` choice when the round was won by 7 or
more and the choice matters (13.11); ``losses`` and ``agree`` when allies share them (13.13).
The round's arithmetic is :mod:`italia_kit.games.roma.combat`'s.

"At any moment" (13.12) is read as at every point between two rolls of the dice: the start of
each round, the first one after the cards are declared. A withdrawal between a roll and the
loss it costs would dodge a loss already suffered, which no referee allows.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from italia_kit.core import Context
from italia_kit.games.roma.combat import STRIKE_MARGIN, ratio_bonus, resolve
from italia_kit.games.roma.common import (
    conquer,
    friendly_ports,
    hand_count,
    legion_room,
)
from italia_kit.games.roma.losses import proportional, sink
from italia_kit.games.roma.state import RomaState

__all__ = [
    "agree_losses",
    "answer_offer",
    "battle_step",
    "fight_on",
    "finish",
    "propose_losses",
    "side_of",
    "start_battle",
    "strike",
    "strike_targets",
    "withdraw",
    "withdraw_options",
    "withdraw_order",
]


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


def side_of(b: dict[str, Any], pop: str) -> str:
    """The side (``a`` or ``d``) ``pop``'s pieces fight on, or "" if none are in the battle."""
    return "a" if pop in b["a"] else "d" if pop in b["d"] else ""


def _leader(b: dict[str, Any], side: str, state: RomaState) -> str:
    """The side's leading population: the most pieces (equal: the one whose turn it is, then
    seat order). It declares the cards (13.1) and proposes how allied losses fall (13.13)."""
    units: dict[str, int] = b[side]
    order = {p: i for i, p in enumerate(state.populations)}
    return min(units, key=lambda p: (-units[p], p != state.active, order.get(p, 99)))


def withdraw_order(state: RomaState, b: dict[str, Any]) -> list[str]:
    """13.12: who is asked at the start of a round, "the attacker or the interdicted player
    first": side ``a``'s leader, its allies in seat order, then side ``d`` likewise."""
    out: list[str] = []
    for side in ("a", "d"):
        main = b[f"{side}_main"]
        rest = [p for p in state.populations if p in b[side] and p != main]
        out.extend([main, *rest] if main in b[side] else rest)
    return out


def withdraw_options(state: RomaState, pop: str) -> list[str]:
    """Where ``pop``'s pieces may withdraw to now (13.12, 13.2); none if they may not.

    At sea every population on either side withdraws its own fleet, whole, to the nearest port
    friendly to it with room for all its ships (13.12: "each player ... his fleet"; "any
    allied fleet may decide to withdraw at any moment"). On land only the legions of the
    player whose turn it is withdraw (13.2), to where they attacked from, or back aboard the
    ships they landed from; the battles of a broken alliance have nowhere to go back to.
    """
    b = state.battle
    assert b is not None
    side = side_of(b, pop)
    if not side:
        return []
    if b["kind"] == "land":
        if side != "a" or pop != state.active or b["cause"] not in ("attack", "invasion"):
            return []
        return [b["origin"]]
    options = friendly_ports(state, b["place"], [pop], b[side][pop])
    if options and state.options.get("retreat_port") == "lowest_number":
        return options[:1]
    return options


def withdraw(ctx: Context[RomaState], pop: str, to: str) -> None:
    """13.12: ``pop``'s pieces leave the battle for ``to``. A side left empty ends the battle;
    allies left fighting may break the alliance with ``pop`` at once (13.12: withdrawing
    "risks the immediate breaking of the alliance")."""
    state = ctx.state
    b = state.battle
    assert b is not None
    side = side_of(b, pop)
    n = b[side].pop(pop)
    cargo = b[f"{side}_cargo"].pop(pop, 0)
    if b["kind"] == "land":
        if b["cause"] == "attack":
            state.add(state.legions, to, pop, n)
            state.moved[to] = state.moved.get(to, 0) + n
        else:  # back aboard the ships they landed from
            state.add(state.cargo, to, pop, n)
    else:
        state.add(state.ships, to, pop, n)
        if pop == state.active:
            state.sailed[to] = state.sailed.get(to, 0) + n
        if cargo:
            state.add(state.cargo, to, pop, cargo)
    left = sorted(b[side], key=state.populations.index)
    ctx.emit_as(
        pop,
        "withdraw",
        "13.12",
        f"13.12: {n} {'ship' if b['kind'] == 'sea' else 'legion'}(s) of {pop} withdraw from "
        f"{b['place']} to {to}" + (f"; {_side(b[side])} fight on." if left else "."),
        place=b["place"],
        to=to,
        population=pop,
        pieces=n,
    )
    if not left:
        b["withdrew"] = side
        finish(ctx)
        return
    if b[f"{side}_main"] == pop:
        b[f"{side}_main"] = _leader(b, side, state)
    b["ask"] = [p for p in b["ask"] if p != pop and withdraw_options(state, p)]
    b["offers"] = [*b.get("offers", []), *([q, pop] for q in left if state.allied(q, pop))]


def fight_on(state: RomaState, pop: str) -> None:
    """13.12: ``pop`` does not withdraw at the start of this round."""
    b = state.battle
    assert b is not None
    b["ask"] = [p for p in b["ask"] if p != pop]


def answer_offer(state: RomaState) -> tuple[str, str]:
    """Take the first break-at-once offer (13.12): (who may break, who withdrew)."""
    b = state.battle
    assert b is not None
    who, against = b["offers"][0]
    b["offers"] = b["offers"][1:]
    return str(who), str(against)


def battle_step(ctx: Context[RomaState]) -> bool:
    """Carry the battle on as far as it goes without a decision; True if it changed."""
    state = ctx.state
    b = state.battle
    assert b is not None
    offers = b.get("offers")
    if offers:
        live = [o for o in offers if state.allied(o[0], o[1]) and o[0] != o[1]]
        if len(live) != len(offers):
            b["offers"] = live
            return True
        return False
    if b["ask"]:
        return False
    if b["step"] == "withdraw":
        _roll_round(ctx)
    else:  # the cards are declared, or the round is over
        _next_round(state)
    return True


def _next_round(state: RomaState) -> None:
    b = state.battle
    assert b is not None
    b["step"] = "withdraw"
    b["round"] += 1
    b["ask"] = [p for p in withdraw_order(state, b) if withdraw_options(state, p)]


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
    _hit(ctx, loser, 2 if strike else 1)


def strike_targets(b: dict[str, Any]) -> list[str]:
    """13.11: whose loaded ship the winner may pick (none named when only one carries)."""
    loser = "d" if b["strike_by"] == "a" else "a"
    loaded = sorted(b[f"{loser}_cargo"])
    return loaded if len(loaded) > 1 else [""]


def strike(ctx: Context[RomaState], pop: str, two: bool, ship_of: str = "") -> None:
    """13.11: the winner's choice of losses after a strike: 2 ships of the loser's choice, or
    1 loaded ship of its own choice (``ship_of``: whose, when several allies carry legions)."""
    b = ctx.state.battle
    assert b is not None
    loser = "d" if b["strike_by"] == "a" else "a"
    b["ask"] = []
    if two:
        _hit(ctx, loser, 2)
        return
    victim = ship_of or next(iter(b[f"{loser}_cargo"]))
    sink(b, loser, victim, 1, winner_picks=True)
    _after_hit(ctx, loser, [victim])


def _hit(ctx: Context[RomaState], loser: str, n: int) -> None:
    """``n`` pieces of the ``loser`` side lost, of its choice; allies share them (13.13)."""
    state = ctx.state
    b = state.battle
    assert b is not None
    units = b[loser]
    if len(units) == 1:
        (pop,) = units
        k = min(n, units[pop])
        sink(b, loser, pop, k, winner_picks=False)
        _after_hit(ctx, loser, [pop] * k)
        return
    b["step"] = "losses"
    b["loss_side"] = loser
    b["loss_n"] = min(n, sum(units.values()))
    b["ask"] = [b[f"{loser}_main"]]


def propose_losses(ctx: Context[RomaState], pop: str, split: tuple[str, ...]) -> None:
    """13.13: the losing side's leader proposes who loses the pieces; the allies it names ask
    for agreement, in seat order (the leader agrees with its own proposal)."""
    state = ctx.state
    b = state.battle
    assert b is not None
    b["split"] = list(split)
    ctx.emit_as(
        pop,
        "losses_proposed",
        "13.13",
        f"13.13: {pop} proposes the losses: " + ", ".join(f"1 of {p}" for p in split) + ".",
        split=list(split),
    )
    b["step"] = "agree"
    b["ask"] = [p for p in state.populations if p in split and p != pop]
    if not b["ask"]:
        _apply_split(ctx, dict(Counter(split)))


def agree_losses(ctx: Context[RomaState], pop: str, accept: bool) -> None:
    """13.13: an ally agrees to the proposed losses or refuses; one refusal and the losses
    fall in proportion to the fleets."""
    state = ctx.state
    b = state.battle
    assert b is not None
    side = b["loss_side"]
    if accept:
        b["ask"] = [p for p in b["ask"] if p != pop]
        ctx.emit_as(pop, "losses_agreed", "13.13", f"13.13: {pop} agrees to the losses.")
        if not b["ask"]:
            _apply_split(ctx, dict(Counter(str(p) for p in b["split"])))
        return
    b["ask"] = []
    share = proportional(b[side], int(b["loss_n"]), b[f"{side}_main"])
    ctx.emit_as(
        pop,
        "losses_refused",
        "13.13",
        f"13.13: {pop} does not agree: the losses fall in proportion to the fleets.",
        share=share,
    )
    _apply_split(ctx, share)


def _apply_split(ctx: Context[RomaState], share: dict[str, int]) -> None:
    b = ctx.state.battle
    assert b is not None
    side = str(b["loss_side"])
    hit: list[str] = []
    for p, k in sorted(share.items()):
        sink(b, side, p, k, winner_picks=False)
        hit.extend([p] * k)
    for key in ("loss_side", "loss_n", "split"):
        b.pop(key, None)
    _after_hit(ctx, side, hit)


def _after_hit(ctx: Context[RomaState], loser: str, hit: list[str]) -> None:
    state = ctx.state
    b = state.battle
    assert b is not None
    piece = "ship" if b["kind"] == "sea" else "legion"
    ctx.emit(
        "loss",
        "13.13" if len(set(hit)) > 1 else "13.1",
        f"13.1: lost in {b['place']}: " + ", ".join(f"1 {piece} of {p}" for p in hit) + ".",
        place=b["place"],
        lost=hit,
    )
    if not b["a"] or not b["d"]:
        finish(ctx)
        return
    if b[f"{loser}_main"] not in b[loser]:
        b[f"{loser}_main"] = _leader(b, loser, state)
    b["step"] = "round_over"  # the next round begins in battle_step
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
