"""A greedy player for Roma: battles at good odds, recruits where threatened, cards played when
they pay. It looks one decision ahead and no further, scoring each legal action by a few plain
rules (below); ties are broken by the game's own stream for the player (``Game.stream``), so
its games are reproducible from a seed and its choices do not move the dice.

* Set-up (4.3): provinces next to the capital first, coastal ones preferred; legions where
  enemies are near, ships in the capital.
* Recruitment (7.2): Charisma always; each legion where the threat (enemy legions next door)
  most exceeds the defence; ships when no legion can be placed.
* Cards (7.1): keeps Charisma, land advantages, Diplomats and engineering; discards the rest.
* Diplomacy (8.2): a pact towards the neighbour with the most legions next to its own;
  alliances accepted when offered; none broken.
* Assassins (9.1): against the strongest neighbour.
* Movement (11.1, 11.2, 12.1, 12.5): takes empty territories worth most (an enemy capital,
  an enemy Province, any other), leaving each threatened territory its defence; embarks
  legions where a fleet can reach an empty enemy Province or capital, sails them there and
  lands; invades from the sea only at good odds.
* Combat (13.2): attacks where the exact odds (:mod:`.odds`) give at least 60%; declares every
  advantage card it has; withdraws (an ally's fleet as well as a side's leader) when its side's
  odds fall under 30%; interdicts a fleet no larger than its own; after a strike takes the
  losses that cost the enemy most.
* Allies (13.12, 13.13): keeps an alliance an ally's withdrawal or interdiction puts at risk;
  proposes the allied losses that spare it most among those its allies would accept, and
  accepts a proposal that takes from it no more than its proportional share.
* End of Turn: sends its ships to an own port before an ally's, then where the legions aboard
  find room ashore, then where the threat is greatest.
"""

from __future__ import annotations

import weakref
from collections import Counter
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.roma.actions import (
    AgreeLosses,
    Assassin,
    Attack,
    Consent,
    Declare,
    Diplomat,
    Discard,
    Done,
    Embark,
    Engineer,
    Interdict,
    Join,
    KeepAlliance,
    Land,
    March,
    PlaceTent,
    PlaceUnit,
    PlayCharisma,
    Reinforce,
    ReturnToPort,
    Sail,
    ShareLosses,
    Strike,
    Withdraw,
)
from italia_kit.games.roma.common import M, legion_room
from italia_kit.games.roma.losses import proportional
from italia_kit.games.roma.odds import RomaBattle, exact_odds
from italia_kit.games.roma.state import RomaState

__all__ = ["RomaGreedy"]

#: How much a card in hand is worth keeping (7.1).
KEEP = {"C": 3, "CMT": 2, "DIP": 2, "CIN": 2, "CMN": 1, "SIC": 1}
#: The odds at which the player attacks (13.2) and under which it withdraws (13.12).
ATTACK_AT = 0.6
WITHDRAW_UNDER = 0.3


def threat(state: RomaState, territory: str, pop: str) -> int:
    """Enemy legions in the land neighbours of ``territory``."""
    return sum(_hostile(state, u, pop) for u in M.land[territory])


def _hostile(state: RomaState, territory: str, pop: str) -> int:
    return sum(n for p, n in state.legions.get(territory, {}).items() if not state.allied(p, pop))


def value(state: RomaState, territory: str, pop: str) -> float:
    """What taking ``territory`` is worth to ``pop``: VP each turn (an enemy capital 2, an
    enemy Province 1) and the recruits a territory brings."""
    owner = state.control.get(territory)
    if owner is not None and state.allied(owner, pop):
        return 0.0
    worth = 0.5
    if territory in M.capitals:
        worth += 3.0
    elif territory in state.tents:
        worth += 2.0
    return worth


class RomaGreedy:
    """The greedy player (see the module); ``seed`` seeds its tie-breaks."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._game: weakref.ref[Game[Any]] | None = None

    def __repr__(self) -> str:
        return f"RomaGreedy(seed={self.seed})"

    def choose(self, game: Game[Any], seat: str | None = None) -> Action:
        actions = game.legal_actions(seat)
        if not actions:
            raise ValueError(f"no legal action for {seat or 'anyone'}: the game is over")
        if len(actions) == 1:
            return actions[0]
        state: RomaState = game.state
        scored = [(self._score(state, a), i) for i, a in enumerate(actions)]
        best = max(s for s, _ in scored)
        top = [actions[i] for s, i in scored if s == best]
        stream = game.stream("roma-greedy", self.seed)
        return top[0] if len(top) == 1 else stream.choice(top)

    # -- scores ------------------------------------------------------------------------------
    def _score(self, state: RomaState, a: Action) -> float:
        handler = getattr(self, f"_score_{a.kind}", None)
        return 0.0 if handler is None else float(handler(state, a))

    def _score_done(self, state: RomaState, a: Done) -> float:
        return 0.1  # above a pointless move, below anything that pays

    def _score_place_tent(self, state: RomaState, a: PlaceTent) -> float:
        near = a.territory in M.land[M.capital_of[a.population]]
        return 2.0 * near + 1.0 * M.is_port(a.territory) + 0.1 * len(M.land[a.territory])

    def _score_place_unit(self, state: RomaState, a: PlaceUnit) -> float:
        if a.unit == "ship":
            return 1.0 + (a.territory == M.capital_of[a.population])
        return 1.0 + threat(state, a.territory, a.population) - state.total_legions(a.territory) / 3

    def _score_play_charisma(self, state: RomaState, a: PlayCharisma) -> float:
        return 10.0

    def _score_reinforce(self, state: RomaState, a: Reinforce) -> float:
        if a.unit == "ship":
            return 0.5
        here = state.legions_of(a.territory, a.population)
        return 2.0 + threat(state, a.territory, a.population) - here / 2

    def _score_discard(self, state: RomaState, a: Discard) -> float:
        return sum(1.0 for c in a.cards if KEEP[c] <= 1) - sum(1.0 for c in a.cards if KEEP[c] > 1)

    def _neighbours_strength(self, state: RomaState, pop: str) -> dict[str, int]:
        """Other populations' legions next to ``pop``'s territories."""
        near: dict[str, int] = {}
        for t, here in state.legions.items():
            if pop not in here:
                continue
            for u in M.land[t]:
                for p, n in state.legions.get(u, {}).items():
                    if p != pop:
                        near[p] = near.get(p, 0) + n
        return near

    def _score_diplomat(self, state: RomaState, a: Diplomat) -> float:
        if a.alliance:
            return -1.0
        return self._neighbours_strength(state, a.population).get(a.target, 0) / 2

    def _score_break_alliance(self, state: RomaState, a: Action) -> float:
        return -1.0

    def _score_consent(self, state: RomaState, a: Consent) -> float:
        return 1.0 if a.accept else 0.0

    def _score_assassin(self, state: RomaState, a: Assassin) -> float:
        return 0.2 + self._neighbours_strength(state, a.population).get(a.target, 0)

    def _score_engineer(self, state: RomaState, a: Engineer) -> float:
        return float(a.n)

    def _score_march(self, state: RomaState, a: March) -> float:
        pop = a.population
        gain = value(state, a.to, pop)
        if gain <= 0:
            return -1.0
        keep = threat(state, a.frm, pop) + (a.frm == M.capital_of[pop])
        if state.legions_of(a.frm, pop) - a.n < keep:
            return -1.0
        return gain - 0.1 * a.n

    def _score_attack(self, state: RomaState, a: Attack) -> float:
        pop = a.population
        defenders = sum(state.legions.get(a.to, {}).values())
        one_die = M.is_mountain(a.frm, a.to) and state.engineering == 0
        odds = exact_odds(RomaBattle(a.n, defenders, one_die=one_die))
        p = float(odds.attacker_wins)
        if p < ATTACK_AT:
            return -1.0
        return p * (1.0 + value(state, a.to, pop)) - 0.05 * a.n

    def _targets_from(self, state: RomaState, sea: str, pop: str) -> float:
        """The best territory a landing from ``sea`` could take without a fight."""
        best = 0.0
        for t in M.shores[sea]:
            if not state.legions.get(t):
                best = max(best, value(state, t, pop))
        return best

    def _reach(self, state: RomaState, port: str, pop: str) -> float:
        """The best empty territory a fleet from ``port`` could land in (12.1, 12.5)."""
        best = 0.0
        for first in M.coast[port]:
            for sea in (first, *M.sea[first]):
                best = max(best, self._targets_from(state, sea, pop))
        return best

    def _score_embark(self, state: RomaState, a: Embark) -> float:
        pop = a.population
        reach = self._reach(state, a.territory, pop)
        keep = threat(state, a.territory, pop) + (a.territory == M.capital_of[pop])
        if reach < 2.0 or state.legions_of(a.territory, pop) - a.n < keep:
            return -1.0
        return 0.5 + 0.01 * a.n

    def _score_sail(self, state: RomaState, a: Sail) -> float:
        if not a.legions:
            return -1.0
        return self._targets_from(state, a.path[-1], a.population) - 1.0 + 0.01 * a.legions

    def _score_land(self, state: RomaState, a: Land) -> float:
        pop = a.population
        defenders = sum(state.legions.get(a.territory, {}).values())
        if not defenders:
            return value(state, a.territory, pop) + 0.01 * a.n
        odds = exact_odds(RomaBattle(a.n, defenders, one_die=state.engineering == 0))
        p = float(odds.attacker_wins)
        return p * (1.0 + value(state, a.territory, pop)) if p >= ATTACK_AT else -1.0

    def _score_declare(self, state: RomaState, a: Declare) -> float:
        return float(a.n)

    def _side_odds(self, state: RomaState, pop: str) -> float:
        """The chance that ``pop``'s side of the battle under way wins it, fought to the end
        (the exact odds assume nobody withdraws)."""
        b = state.battle
        assert b is not None
        a_n, d_n = sum(b["a"].values()), sum(b["d"].values())
        battle = RomaBattle(
            a_n,
            d_n,
            naval=b["kind"] == "sea",
            attacker_cards=b["a_bonus"],
            defender_cards=b["d_bonus"],
            one_die=bool(b["one_die"]),
            tie_break=str(state.options.get("tie_break", "more_units")),
        )
        odds = exact_odds(battle)
        return float(odds.attacker_wins if pop in b["a"] else odds.defender_wins)

    def _score_withdraw(self, state: RomaState, a: Withdraw) -> float:
        fight = self._side_odds(state, a.population) >= WITHDRAW_UNDER
        return 1.0 if (a.to == "") == fight else 0.0

    def _score_keep_alliance(self, state: RomaState, a: KeepAlliance) -> float:
        return 0.0  # above breaking (-1): the player keeps its alliances (13.12)

    def _expected_split(
        self, state: RomaState, split: tuple[str, ...]
    ) -> tuple[dict[str, int], bool]:
        """What a proposal of losses comes to if every ally answers as this player would
        (13.13): agreed when nobody loses more than its share, else the proportional split;
        and whether it is agreed."""
        b = state.battle
        assert b is not None
        side = b["loss_side"]
        fair = proportional(b[side], int(b["loss_n"]), b[f"{side}_main"])
        asked = Counter(split)
        if all(asked[p] <= fair.get(p, 0) for p in asked if p != b["ask"][0]):
            return dict(asked), True
        return fair, False

    def _score_share_losses(self, state: RomaState, a: ShareLosses) -> float:
        result, agreed = self._expected_split(state, a.split)
        return -float(result.get(a.population, 0)) + 0.5 * agreed  # no refusal needed

    def _score_agree_losses(self, state: RomaState, a: AgreeLosses) -> float:
        b = state.battle
        assert b is not None
        side = b["loss_side"]
        fair = proportional(b[side], int(b["loss_n"]), b[f"{side}_main"])
        mine = Counter(b["split"])[a.population]
        return 1.0 if a.accept == (mine <= fair.get(a.population, 0)) else 0.0

    def _score_return_to_port(self, state: RomaState, a: ReturnToPort) -> float:
        """End of Turn: an own port before an ally's, then room ashore for the legions aboard,
        then where enemy legions threaten most."""
        pop = a.population
        own = state.control.get(a.port) == pop
        aboard = state.cargo_of(a.sea, pop)
        ashore = min(aboard, legion_room(state, a.port))
        return 2.0 * own + 0.5 * ashore + 0.1 * threat(state, a.port, pop)

    def _score_interdict(self, state: RomaState, a: Interdict) -> float:
        task = state.queue[0]
        mine = state.ships_of(task["sea"], a.population)
        v = state.voyage
        theirs = v["ships"] if v is not None else state.ships_of(task["sea"], task["target"])
        return 1.0 if a.attempt == (mine >= theirs) else 0.0

    def _score_join(self, state: RomaState, a: Join) -> float:
        return 1.0 if a.leave_to == "" else 0.0  # stands by its ally (12.3)

    def _score_strike(self, state: RomaState, a: Strike) -> float:
        b = state.battle
        assert b is not None
        loser = "d" if b["strike_by"] == "a" else "a"
        ships = int(sum(b[loser].values()))
        cargo = int(sum(b[f"{loser}_cargo"].values()))
        if a.two:
            return 2 + max(0, cargo - 4 * max(ships - 2, 0))
        victim = a.ship_of or next(iter(b[f"{loser}_cargo"]))
        mine, carried = int(b[loser][victim]), int(b[f"{loser}_cargo"][victim])
        return 1 + min(4, carried) + max(0, carried - min(4, carried) - 4 * (mine - 1))
