"""The set-up (4.1-4.3), the turn (5.1-5.2), recruitment and the cards (7.1-7.2), victory
points (Victory Point Collection), the end of the turn and of the game.

A game turn draws the population cards one by one (5.1): the population drawn plays its
phases in order (:data:`PHASES`), then the next card is drawn; when none is left the turn
ends (5.2, End of Turn: the ships go back to port) and the next begins, until the last turn
agreed at the start (4.1, End of the Game).
"""

from __future__ import annotations

from itertools import combinations

from italia_kit.core import Context
from italia_kit.games.roma.actions import (
    Discard,
    Done,
    PlaceTent,
    PlaceUnit,
    PlayCharisma,
    Reinforce,
    RomaAction,
)
from italia_kit.games.roma.common import M, hand_count, legion_room, port_room, supply
from italia_kit.games.roma.naval import go_ashore, start_return
from italia_kit.games.roma.state import RomaState
from italia_kit.games.roma.variants import apply_variants

__all__ = [
    "PHASES",
    "begin_population",
    "end_turn",
    "next_phase",
    "recruit_actions",
    "recruits",
    "setup_actions",
]

#: The phases of a population's turn (5.1), with the steps the rulebook puts inside them:
#: recruitment then the cards (7.1), the landings after the naval movement (12.5) and the
#: attacks, which 11.1 sends to "the Combat phase", after them.
PHASES = (
    "recruit",
    "cards",
    "diplomacy",
    "assassin",
    "engineering",
    "land",
    "naval",
    "landing",
    "combat",
)
#: The phases an assassinated population skips (9.2: no movement or combat).
MOVING = frozenset({"land", "naval", "landing", "combat"})
#: The rule each phase is played under (decisions and refusals name it).
RULE = {
    "setup_tent": "4.3",
    "setup_unit": "4.3",
    "recruit": "7.2",
    "cards": "7.1",
    "diplomacy": "8.1",
    "assassin": "9.1",
    "engineering": "10.1",
    "land": "11.1",
    "naval": "12.1",
    "landing": "12.5",
    "combat": "13.2",
    "end_of_turn": "End of Turn",
}


# -- set-up -----------------------------------------------------------------------------------


def _own_places(state: RomaState, pop: str) -> list[str]:
    capital = M.capital_of[pop]
    return [
        capital,
        *sorted((t for t, p in state.tents.items() if p == pop), key=M.number.__getitem__),
    ]


def tent_places(state: RomaState, pop: str) -> list[str]:
    """4.3: territories next to the capital or to a Province of ``pop``, not a capital nor a
    Province already. If there is none (other populations took the neighbours first), the
    free territories nearest to the capital and the Provinces, by land and sea, each step
    one move (a referee's reading, the rulebook does not say; a Province across the whole
    map would be no chain at all)."""
    free = [t for t in M.territories if t not in M.capitals and t not in state.tents]
    own = _own_places(state, pop)
    near = {u for t in own for u in M.land[t]}
    chained = [t for t in free if t in near]
    return chained or _nearest(own, free)


def _nearest(starts: list[str], free: list[str]) -> list[str]:
    """Those of ``free`` (in their order) fewest moves from ``starts``, a move being a land
    border, a coast or a sea border; all of ``free`` if none can be reached."""
    wanted, seen = set(free), set(starts)
    layer = list(starts)
    while layer:
        found = {t for t in layer if t in wanted}
        if found:
            return [t for t in free if t in found]
        step: list[str] = []
        for here in layer:
            ways = (
                M.sea[here] + M.shores[here]
                if here in M.sea
                else M.land[here] + M.coast.get(here, ())
            )
            for nxt in ways:
                if nxt not in seen:
                    seen.add(nxt)
                    step.append(nxt)
        layer = step
    return free


def setup_actions(state: RomaState) -> list[RomaAction]:
    pop = state.active
    if state.phase == "setup_tent":
        return [PlaceTent(pop, t) for t in tent_places(state, pop)]
    out: list[RomaAction] = []
    for t in _own_places(state, pop):
        if state.setup_left.get("legion") and legion_room(state, t) > 0:
            out.append(PlaceUnit(pop, t, "legion"))
        if state.setup_left.get("ship") and M.is_port(t) and port_room(state, t) > 0:
            out.append(PlaceUnit(pop, t, "ship"))
    return out


def start_placing(ctx: Context[RomaState]) -> None:
    """4.3: draw the next population card; that population places its pieces."""
    state = ctx.state
    (pop,) = ctx.draw("population", "4.3", "who places next")
    state.active = str(pop)
    state.phase = "setup_tent"
    state.setup_left = {"tent": 4, "legion": 5, "ship": 3}
    capital = M.capital_of[state.active]
    state.control[capital] = state.active


def apply_tent(ctx: Context[RomaState], a: PlaceTent) -> None:
    state = ctx.state
    state.tents[a.territory] = a.population
    state.control[a.territory] = a.population
    state.setup_left["tent"] -= 1
    ctx.emit(
        "tent",
        "4.3",
        f"4.3: {a.population} makes {a.territory} ({M.number[a.territory]}) a Province.",
        territory=a.territory,
    )
    if not state.setup_left["tent"]:
        state.phase = "setup_unit"


def apply_unit(ctx: Context[RomaState], a: PlaceUnit) -> None:
    state = ctx.state
    table = state.legions if a.unit == "legion" else state.ships
    state.add(table, a.territory, a.population, 1)
    state.setup_left[a.unit] -= 1
    ctx.emit(
        "place",
        "4.3",
        f"4.3: {a.population} places a {a.unit} in {a.territory}.",
        territory=a.territory,
        unit=a.unit,
    )


def setup_step(ctx: Context[RomaState]) -> bool:
    """Move the set-up on when a population has placed everything it can."""
    state = ctx.state
    if state.phase != "setup_unit" or setup_actions(state):
        return False
    if ctx.dice.bag_size("population"):
        start_placing(ctx)
    else:
        apply_variants(ctx)
        ctx.put("population", list(state.populations), "5.1", "the population cards go back")
        begin_population(ctx)
    return True


# -- the turn ---------------------------------------------------------------------------------


def recruits(state: RomaState, pop: str) -> int:
    """7.2: 1 a capital held (its own included) and 1 for every 3 other territories held.
    Whether Provinces count among those territories the rulebook does not say: they do,
    unless the option ``provinces_count`` is false."""
    held = [t for t, p in state.control.items() if p == pop]
    capitals = sum(1 for t in held if t in M.capitals)
    others = [t for t in held if t not in M.capitals]
    if not state.options.get("provinces_count", True):
        others = [t for t in others if t not in state.tents]
    return capitals + len(others) // 3


def begin_population(ctx: Context[RomaState]) -> None:
    """5.1: draw a population card; its population begins its turn."""
    state = ctx.state
    (pop,) = ctx.draw("population", "5.1", "who plays next")
    pop = str(pop)
    state.active = pop
    state.phase = "recruit"
    state.drawn.append(pop)
    expired = [p for p in state.pacts if p[0] == pop]
    state.pacts = [p for p in state.pacts if p[0] != pop]
    for giver, receiver in expired:
        ctx.emit("pact_expires", "8.2", f"8.2: the pact of {giver} with {receiver} expires.")
    state.paralysed = pop in state.struck
    if state.paralysed:
        state.struck.remove(pop)
        ctx.emit("struck", "9.2", f"9.2: {pop} may neither move nor fight this turn.")
    state.moved = {}
    state.sailed = {}
    state.engineering = 0
    state.phase = "recruit"
    state.pool = recruits(state, pop)
    ctx.emit(
        "turn_of",
        "5.1",
        f"5.1: turn {state.turn}: {pop} plays; {state.pool} reinforcement(s) (7.2).",
        population=pop,
        reinforcements=state.pool,
    )


def reinforce_places(state: RomaState, pop: str) -> list[str]:
    """7.2: the own capital, the own Provinces, the captured capitals, held and free of
    enemy legions."""
    out = []
    for t in M.territories:
        if state.control.get(t) != pop:
            continue
        mine = t == M.capital_of[pop] or state.tents.get(t) == pop or t in M.capitals
        if mine and all(state.allied(p, pop) for p in state.legions.get(t, {})):
            out.append(t)
    return out


def recruit_actions(state: RomaState) -> list[RomaAction]:
    pop = state.active
    out: list[RomaAction] = []
    if hand_count(state, pop, "C"):
        out.append(PlayCharisma(pop))
    if state.pool:
        legions = supply(state, pop, "legion") > 0
        ships = supply(state, pop, "ship") > 0
        for t in reinforce_places(state, pop):
            if legions and legion_room(state, t) > 0:
                out.append(Reinforce(pop, t, "legion"))
            if ships and M.is_port(t) and port_room(state, t) > 0 and t not in state.conquered:
                out.append(Reinforce(pop, t, "ship"))
    if out:
        out.append(Done(pop))
    return out


def discard_actions(state: RomaState) -> list[RomaAction]:
    """7.1: any of the cards in hand (each set of cards once)."""
    pop = state.active
    hand = sorted(state.hands.get(pop, []))
    seen = set()
    out: list[RomaAction] = []
    for k in range(len(hand) + 1):
        for cards in combinations(hand, k):
            if cards not in seen:
                seen.add(cards)
                out.append(Discard(pop, cards))
    return out


def apply_discard(ctx: Context[RomaState], a: Discard) -> None:
    state = ctx.state
    pop = a.population
    if a.cards:
        for card in a.cards:
            state.hands[pop].remove(card)
        ctx.discard("cards", pop, list(a.cards), "7.1", f"{pop} discards")
    draw_to_three(ctx, pop)
    next_phase(ctx)


def draw_to_three(ctx: Context[RomaState], pop: str) -> None:
    """7.1: draw until 3 cards are in hand (the discards reshuffled when the deck runs out);
    the other seats see how many, not which."""
    state = ctx.state
    want = 3 - len(state.hands[pop])
    deck = ctx.dice.deck("cards")
    want = min(want, len(deck.pile) + len(deck.discards))
    if want > 0:
        others = [p for p in state.populations if p != pop]
        cards = ctx.deal("cards", pop, "7.1", f"{pop} draws", want, hidden_from=others)
        state.hands[pop].extend(str(c) for c in cards)


def next_phase(ctx: Context[RomaState]) -> None:
    """The next phase of the active population's turn (5.1), skipping the movement and combat
    phases of a population an assassin struck (9.2); after the last, victory points and the
    next population (5.2)."""
    state = ctx.state
    i = PHASES.index(state.phase) + 1
    while i < len(PHASES) and state.paralysed and PHASES[i] in MOVING:
        i += 1
    if i < len(PHASES):
        state.phase = PHASES[i]
        return
    collect_vp(ctx)
    end_population(ctx)


def collect_vp(ctx: Context[RomaState]) -> None:
    """Victory Point Collection: 1 VP for each opposing Province, 2 for each opposing capital
    the active population's legions occupy, paid by their population while it has VP left."""
    state = ctx.state
    me = state.active
    owed: dict[str, int] = {}
    for t, here in state.legions.items():
        if not here.get(me):
            continue
        owner = state.tents.get(t)
        value = 1
        if t in M.capitals:
            owner = next(p for p, c in M.capital_of.items() if c == t)
            value = 2
        if owner is None or owner == me or owner not in state.populations:
            continue
        if state.allied(owner, me):
            continue
        owed[owner] = owed.get(owner, 0) + value
    for owner, n in sorted(owed.items()):
        paid = min(n, state.vp[owner])
        state.vp[owner] -= paid
        state.vp[me] += paid
        ctx.emit(
            "vp",
            "Victory Point Collection",
            f"Victory Point Collection: {owner} pays {me} {paid} VP"
            + (f" (owes {n}, has no more)." if paid < n else "."),
            payer=owner,
            payee=me,
            vp=paid,
        )


def end_population(ctx: Context[RomaState]) -> None:
    """5.2: the next population card, or the end of the turn (and maybe of the game)."""
    state = ctx.state
    state.moved = {}
    state.sailed = {}
    state.engineering = 0
    state.paralysed = False
    state.pool = 0
    if ctx.dice.bag_size("population"):
        begin_population(ctx)
        return
    state.phase = "end_of_turn"
    start_return(state)  # the owners' decisions; end_turn follows when they are made


def end_turn(ctx: Context[RomaState]) -> None:
    """End of Turn, once every fleet is back in port: the legions aboard go ashore, the turn
    ends, and the game (End of the Game) or the next turn begins (5.1)."""
    state = ctx.state
    go_ashore(ctx)
    ctx.emit("turn_end", "5.2", f"5.2: turn {state.turn} ends.", turn=state.turn)
    state.conquered = []
    state.assassins = []
    state.drawn = []
    if state.turn >= state.turns:
        state.over = True
        state.phase = "over"
        best = max(state.vp.values())
        winners = [p for p in state.populations if state.vp[p] == best]
        ctx.emit(
            "game_end",
            "End of the Game",
            f"End of the Game: {' and '.join(winners)} win(s) with {best} VP.",
            vp=dict(state.vp),
            winners=winners,
        )
        return
    state.turn += 1
    ctx.put("population", list(state.populations), "5.1", "the population cards go back")
    begin_population(ctx)


def recruit_step(ctx: Context[RomaState]) -> bool:
    """7.2: with nothing left to recruit or to play, go on to the cards (7.1)."""
    state = ctx.state
    if recruit_actions(state):
        return False
    if state.pool:
        ctx.emit("recruits_lost", "7.2", f"7.2: {state.pool} reinforcement(s) find no place.")
        state.pool = 0
    next_phase(ctx)
    return True


def apply_charisma(ctx: Context[RomaState], a: PlayCharisma) -> None:
    state = ctx.state
    state.hands[a.population].remove("C")
    ctx.discard("cards", a.population, ["C"], "7.2", f"{a.population} plays Charisma")
    state.pool += 2


def apply_reinforce(ctx: Context[RomaState], a: Reinforce) -> None:
    state = ctx.state
    table = state.legions if a.unit == "legion" else state.ships
    state.add(table, a.territory, a.population, 1)
    state.pool -= 1
    ctx.emit(
        "reinforce",
        "7.2",
        f"7.2: {a.population} raises a {a.unit} in {a.territory}.",
        territory=a.territory,
        unit=a.unit,
    )
