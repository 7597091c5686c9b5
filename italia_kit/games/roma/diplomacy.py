"""Diplomacy (8.1-8.31) and assassins (9.1-9.2).

A Diplomat card towards a population makes a non-aggression pact: that population may not
attack the giver during its next turn, and the pact expires when the giver's next turn starts
(8.2). Offered with it, an alliance needs the other's consent (8.3) and lasts until one of the
two breaks it in its own Diplomacy phase, or at once where the text allows it (12.3's note,
13.12); breaking it (8.31) means immediate battles where the
two share a territory, the former ally's ships expelled from one's ports into a sea zone the
port's controller chooses, and interdictions where their fleets share a sea zone.

An Assassin card (9.1) against a population that is neither an ally nor bound by a pact either
way, once per target and player in a game turn; a d6 (9.2): 1-2 the victim may neither move
nor fight during its next turn, 3-5 nothing, 6 the sender suffers that for the rest of this turn.
"""

from __future__ import annotations

from italia_kit.core import Context, IllegalActionError
from italia_kit.games.roma.common import M
from italia_kit.games.roma.state import RomaState

__all__ = [
    "assassin",
    "assassin_targets",
    "break_alliance",
    "consent",
    "diplomat",
    "expel",
    "expel_seas",
]


def _discard(ctx: Context[RomaState], pop: str, card: str, rule: str, why: str) -> None:
    ctx.state.hands[pop].remove(card)
    ctx.discard("cards", pop, [card], rule, why)


def diplomat(ctx: Context[RomaState], target: str, alliance: bool) -> None:
    """8.2-8.3: the active population plays a Diplomat card towards ``target``."""
    state = ctx.state
    me = state.active
    _discard(ctx, me, "DIP", "8.2", f"{me} plays a Diplomat towards {target}")
    if [me, target] not in state.pacts:
        state.pacts.append([me, target])
    ctx.emit(
        "pact",
        "8.2",
        f"8.2: {target} may not attack {me} during its next turn (pact of {me}).",
        giver=me,
        receiver=target,
    )
    if alliance:
        state.queue.append({"task": "consent", "who": target, "from": me})


def consent(ctx: Context[RomaState], who: str, offered_by: str, accept: bool) -> None:
    """8.3: ``who`` accepts or refuses ``offered_by``'s alliance."""
    state = ctx.state
    if accept:
        state.alliances.append(sorted((who, offered_by)))
        state.alliances.sort()
    ctx.emit_as(
        who,
        "alliance" if accept else "alliance_refused",
        "8.3",
        f"8.3: {who} {'accepts' if accept else 'refuses'} the alliance of {offered_by}.",
        populations=sorted((who, offered_by)),
        accepted=accept,
    )


def break_alliance(
    ctx: Context[RomaState],
    me: str,
    target: str,
    *,
    rule: str = "8.31",
    at: int | None = None,
) -> None:
    """8.31: ``me`` breaks its alliance with ``target``. What follows is queued: a battle in
    every territory their legions share (``me`` attacks), the other's ships expelled from
    each one's ports, then the interdictions where their ships share a sea zone. In the own
    Diplomacy phase (8.3) it comes next (``at`` None: the end of the queue); a break at once
    (12.3 note, 13.12) puts it at ``at``, before what was waiting, after the battle under way.
    """
    state = ctx.state
    state.alliances.remove(sorted((me, target)))
    ctx.emit_as(
        me,
        "alliance_broken",
        rule,
        f"{rule}: {me} breaks the alliance with {target}"
        + ("." if rule == "8.31" else " at once (8.31 follows)."),
        populations=sorted((me, target)),
    )
    tasks: list[dict[str, str]] = []
    for t in M.territories:
        here = state.legions.get(t, {})
        if here.get(me) and here.get(target):
            tasks.append({"task": "break_battle", "place": t, "against": target, "breaker": me})
    for t in M.territories:
        owner = state.control.get(t)
        for pop in (me, target):
            other = target if pop == me else me
            if owner == pop and state.ships_of(t, other):
                tasks.append({"task": "expel", "who": pop, "port": t, "owner": other})
    tasks.append({"task": "break_seas", "against": target, "breaker": me})
    if at is None:
        state.queue.extend(tasks)
    else:
        state.queue[at:at] = tasks


def expel_seas(state: RomaState, port: str) -> tuple[str, ...]:
    """8.31: the sea zones a port's expelled ships may be sent into."""
    return M.coast[port]


def expel(ctx: Context[RomaState], who: str, port: str, owner: str, sea: str) -> None:
    """8.31: ``who`` sends ``owner``'s ships in ``port`` into ``sea``."""
    state = ctx.state
    n = state.ships_of(port, owner)
    cargo = state.cargo_of(port, owner)
    state.move_fleet(owner, port, sea, n, cargo)
    ctx.emit_as(
        who,
        "expel",
        "8.31",
        f"8.31: {who} expels {n} ship(s) of {owner} from {port} into {sea}.",
        port=port,
        sea=sea,
        population=owner,
    )


def assassin_targets(state: RomaState) -> list[str]:
    """9.1: whom the active population may send an Assassin against now."""
    me = state.active
    return [
        p
        for p in state.populations
        if p != me
        and not state.allied(me, p)
        and [me, p] not in state.pacts
        and [p, me] not in state.pacts
        and [me, p] not in state.assassins
    ]


def assassin(ctx: Context[RomaState], target: str) -> None:
    """9.1-9.2: the active population plays an Assassin card against ``target``."""
    state = ctx.state
    me = state.active
    if target not in assassin_targets(state):
        raise IllegalActionError(
            "9.1", f"{me} may not send an assassin against {target} (ally, pact, or once a turn)"
        )
    _discard(ctx, me, "SIC", "9.1", f"{me} sends an assassin against {target}")
    state.assassins.append([me, target])
    if target in state.struck:
        ctx.emit("assassin_ignored", "9.1", f"9.1: {target} is struck already: no effect.")
        return
    (die,) = ctx.roll(1, "9.2", f"the assassin against {target}", sides=6)
    if die <= 2:
        state.struck.append(target)
        text = f"9.2: {die}: success; {target} may neither move nor fight in its next turn."
    elif die <= 5:
        text = f"9.2: {die}: the assassination fails."
    else:
        state.paralysed = True
        text = f"9.2: {die}: the assassin is arrested; {me} may neither move nor fight this turn."
    ctx.emit("assassin", "9.2", text, die=die, target=target)
