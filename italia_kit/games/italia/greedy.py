"""A greedy bot: it scores every legal action by the victory points it expects from it.

:class:`GreedyPlayer` looks one action ahead. Each legal action gets a score in victory
points (a unit is worth about its price, a zone what the nation's score rules still pay for
it, 11.0); ending a phase scores 0, so the player acts while some action pays and ends the
phase otherwise. Battles are judged by their exact odds (``italia_kit.analysis``): it
attacks only when the units that can join would win more often than ``attack_odds``, and
retreats (10.5) or submits (12.5.1) when its chances fall below ``retreat_odds``. Ties go to
the game's stream for its seed (``game.stream("greedy", seed)``), so a game with greedy
players is reproducible from the seeds, and undo, jumps and forks replay its choices.

>>> from italia_kit.games.italia import new_game
>>> game = new_game("italia1", seed=1)
>>> bot = GreedyPlayer(seed=1)
>>> action = bot.choose(game)
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from italia_kit.core import Action, Game
from italia_kit.games.italia import (
    Buy,
    Disembark,
    Embark,
    Move,
    Place,
    RemoveUnit,
    Unit,
    UnitType,
    world_of,
)
from italia_kit.games.italia.actions import (
    Block,
    CampaignMove,
    ElephantVictim,
    Fight,
    Loot,
    NavalAttack,
    ReactionMove,
    Rebuild,
    Retreat,
    Revolt,
    SinkFleets,
    StandFast,
    Submit,
    Targets,
)
from italia_kit.games.italia.position import PROGRESS, UNIT_VALUE, Chances, View, unit_value
from italia_kit.games.italia.units import SPECS

__all__ = ["GreedyPlayer"]

#: Scores closer than this are ties.
EPS = 1e-9
#: What a unit bought is worth per gold spent, by type: its chance to hit (10.2) times the
#: hits it takes (two-hit units, 10.2), per gold of its price (6.2).
_STRENGTH = {
    t: (11 - (SPECS[t].hit_on or 11)) / 10 * SPECS[t].hits_to_kill / (SPECS[t].cost or 1)
    for t in UnitType
    if SPECS[t].cost is not None and t is not UnitType.FLEET
}


class GreedyPlayer:
    """Takes the legal action that scores best in expected victory points.

    ``attack_odds``: the least chance of winning (holding the zone) for which it attacks;
    ``retreat_odds``: below this chance it retreats from a battle or submits.
    """

    def __init__(
        self, seed: int = 0, *, attack_odds: float = 0.55, retreat_odds: float = 0.3
    ) -> None:
        self.seed = seed
        self.attack_odds = attack_odds
        self.retreat_odds = retreat_odds

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed})"

    def choose(self, game: Game[Any]) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            return actions[0]
        scores = self.scores(game, actions)
        best = max(scores)
        ties = [a for a, s in zip(actions, scores, strict=True) if s >= best - EPS]
        return ties[0] if len(ties) == 1 else game.stream("greedy", self.seed).choice(ties)

    def scores(self, game: Game[Any], actions: list[Action]) -> list[float]:
        """The score of each action (higher is better; ending a phase scores 0)."""
        judge = _Judge(View(world_of(game), game.state, game.state.actor), self)
        return [judge.score(a) for a in actions]


class _Judge:
    """Scores the actions of one decision."""

    def __init__(self, view: View, player: GreedyPlayer) -> None:
        self.v = view
        self.p = player
        self._current: Chances | None = None
        self._needs_fleet: bool | None = None
        self._land_best: dict[tuple[str, int], float] = {}
        self._sea_best: dict[tuple[str, int], float] = {}

    def score(self, action: Action) -> float:
        scorer = _SCORERS.get(type(action))
        return 0.0 if scorer is None else scorer(self, action)

    # -- purchase and placement (6.2, 7.1, 7.2) --------------------------------------------
    def buy(self, a: Buy) -> float:
        v = self.v
        if a.unit == "city":
            zone = a.zone or ""
            threatened = any(v.enemies(n) for n in v.geo.land_neighbours[zone])
            return 0.8 + 0.1 * v.plan.city_points.get(zone, 0.0) - 0.5 * threatened
        utype = UnitType(a.unit)
        if utype is UnitType.FLEET:
            return 0.6 if self.needs_fleet() else -0.1
        return 1.0 + _STRENGTH.get(utype, 0.0)

    def needs_fleet(self) -> bool:
        """Some of the nation's troops cannot reach a scoring zone over land."""
        if self._needs_fleet is None:
            v = self.v
            stranded = any(
                v.distance(u.zone) >= 99 and v.geo.sea_neighbours[u.zone]
                for u in v.state.units_of(v.nation)
                if u.carrier is None and not u.is_fleet and not u.is_leader
            )
            has_fleet = any(u.is_fleet for u in v.state.units_of(v.nation))
            self._needs_fleet = stranded and not has_fleet
        return self._needs_fleet

    def front(self, zone: str) -> float:
        """How useful a new unit is in ``zone``: enemies and scoring zones next to it."""
        v = self.v
        near = v.geo.land_neighbours[zone]
        threat = sum(1 for n in near if v.enemies(n))
        targets = sum(1 for n in near if v.worth(n) > 0.5 and not v.mine(n))
        return 0.3 * threat + 0.2 * targets + 0.1 * v.worth(zone)

    def place(self, a: Place) -> float:
        v = self.v
        zone = a.zone
        if zone in v.geo.seas:
            return -0.1 * min(v.sea_distance(zone), 10)
        if not v.may_stay(zone):
            return -0.5 - 0.01 * v.distance(zone)
        if a.unit == UnitType.LEADER.value:
            return 0.1 * sum(1 for u in v.mine(zone) if not u.is_leader)
        score = self.front(zone) - 0.05 * min(v.distance(zone), 10)
        limit = v.limit(zone)
        if limit is not None:
            here = v.stack_count(zone)
            if here + 1 > limit and not any(u.is_leader for u in v.mine(zone)):
                score -= 1.0
        return score

    # -- movement (9.0-9.6) ------------------------------------------------------------------
    def move(self, a: Move) -> float:
        v = self.v
        units = [v.state.units[i] for i in a.units]
        src, dst = a.path[0], a.path[-1]
        if units[0].is_fleet:
            return self.fleet_move(units, src, dst)
        troops = [u for u in units if not u.is_leader]
        moving = set(a.units)
        score = self.leaving(src, moving, units)
        strait = any(v.is_strait(x, y) for x, y in zip(a.path, a.path[1:], strict=False))
        return score + self.entering(dst, units, troops, landing=strait, src=src)

    def leaving(self, src: str, moving: set[int], units: list[Unit]) -> float:
        v = self.v
        left = [u for u in v.mine(src) if u.id not in moving]
        score = 0.0
        if not left and not v.enemies(src):
            score -= v.worth(src)
        if not v.may_stay(src):
            score += unit_value(units)  # 9.2: out of a borderland before it is too late
        limit = v.limit(src)
        if limit is not None and not any(u.is_leader for u in left):
            before = v.stack_count(src)
            after = sum(1 for u in left if u.counts_for_stacking)
            if before > limit:  # 8.0: moving out of an over-full zone saves a unit
                score += 0.8 * min(before - limit, before - after)
        return score

    def entering(
        self, dst: str, units: list[Unit], troops: list[Unit], *, landing: bool, src: str = ""
    ) -> float:
        v = self.v
        score = 0.0
        if v.allies_in(dst):
            return -0.5  # 12.5.2: allies may pass but not stay (a campaign could be stuck)
        if not v.may_stay(dst):
            score -= unit_value(units) + 1.0
        enemies = v.enemies(dst)
        if enemies:
            return score + self.attack(dst, units, troops, enemies, landing=landing)
        mine = v.mine(dst)
        if not mine:
            score += v.worth(dst)
        limit = v.limit(dst)
        if limit is not None and not any(u.is_leader for u in mine + units):
            before = v.stack_count(dst)
            after = before + sum(1 for u in troops if u.counts_for_stacking)
            score -= 1.0 * (max(0, after - limit) - max(0, before - limit))
        if src:
            score += PROGRESS * v.progress(src, dst) * max(1, len(troops))
        return score

    def attack(
        self, dst: str, units: list[Unit], troops: list[Unit], enemies: list[Unit], *, landing: bool
    ) -> float:
        """Moving into a zone held by an enemy: the expected gain of the battle (10.0)."""
        v = self.v
        mine = v.mine(dst)
        stake = v.worth(dst)
        per_kill = (v.elimination_points(enemies) + 0.5 * len(enemies)) / max(1, len(enemies))
        if any(not u.is_leader for u in mine):  # joining an attack already under way
            before = v.chances(mine, enemies, dst, landing=landing)
            after = v.chances(mine + units, enemies, dst, landing=landing)
            return self.value(after, stake, per_kill) - self.value(before, stake, per_kill)
        joiners = self.joiners(dst, {u.id for u in units})
        force = mine + units + joiners
        chances = v.chances(force, enemies, dst, landing=landing)
        if chances.win < self.p.attack_odds:
            return -1.0
        share = max(1, len(troops)) / max(1, sum(1 for u in force if not u.is_leader))
        return self.value(chances, stake, per_kill) * share + 0.2

    def value(self, chances: Chances, stake: float, per_kill: float) -> float:
        return float(chances.win * stake + chances.their_losses * per_kill - chances.my_losses)

    def joiners(self, dst: str, moving: set[int]) -> list[Unit]:
        """Own troops next to ``dst`` that could still join an attack there this phase."""
        v = self.v
        out: list[Unit] = []
        for zone in v.geo.land_neighbours[dst]:
            for u in v.mine(zone):
                rec = v.state.moves.get(u.id)
                if u.id in moving or u.is_fleet or (rec is not None and rec.stopped):
                    continue
                if rec is None or rec.steps < SPECS[u.type].movement:
                    out.append(u)
        limit = v.limit(dst)
        if limit is not None:
            out = out[: limit + 1]
        return out

    def fleet_move(self, fleets: list[Unit], src: str, dst: str) -> float:
        v = self.v
        cargo = sum(len(v.state.cargo(f.id)) for f in fleets)
        enemies = [u for u in v.state.units_in(dst) if u.is_fleet and u.nation != v.nation]
        danger = 0.0
        if enemies:
            danger = 1.0 - v.naval_chances(fleets, enemies).win
        gain = float(max(-2, min(2, v.sea_distance(src) - v.sea_distance(dst))))
        if not cargo:
            return 0.05 * gain - danger
        landing = self.sea_best(dst, 0) - self.sea_best(src, 0)
        return landing + PROGRESS * gain * cargo - danger * (1 + cargo)

    def embark(self, a: Embark) -> float:
        """9.6: aboard when the best landing the fleet can still reach this phase is worth
        more than the best zone the units reach over land (or none is reachable by land)."""
        v = self.v
        units = [v.state.units[i] for i in a.units]
        zone = units[0].zone
        fleet = v.state.units[a.fleet]
        steps = min(SPECS[u.type].movement for u in units)
        by_land = self.land_best(zone, steps)
        by_sea = self.sea_best(fleet.zone, self.fleet_steps(fleet))
        gain = by_sea - max(by_land, 0.0)
        if gain <= 0.1:
            return -0.2
        return gain - self.leaving_penalty(zone, set(a.units)) - 0.1

    def fleet_steps(self, fleet: Unit) -> int:
        rec = self.v.state.moves.get(fleet.id)
        if rec is not None and rec.stopped:
            return 0
        return SPECS[fleet.type].movement - (rec.steps if rec is not None else 0)

    def target(self, zone: str, *, landing: bool) -> float:
        """What gaining ``zone`` is worth to a small force arriving there (0: nothing)."""
        v = self.v
        if zone not in v.geo.land or not v.may_stay(zone) or v.mine(zone) or v.allies_in(zone):
            return 0.0
        enemies = v.enemies(zone)
        if not enemies:
            return v.worth(zone)
        return 0.0 if len(enemies) > 1 else 0.3 * v.worth(zone) * landing

    def land_best(self, zone: str, steps: int) -> float:
        """The best :meth:`target` within ``steps`` land zones of ``zone``."""
        key = (zone, steps)
        found = self._land_best.get(key)
        if found is None:
            v = self.v
            best, seen, frontier = 0.0, {zone}, [zone]
            for _ in range(steps):
                nxt = []
                for z in frontier:
                    for n in v.geo.land_neighbours[z]:
                        if n in seen:
                            continue
                        seen.add(n)
                        best = max(best, self.target(n, landing=False))
                        if not v.enemies(n):
                            nxt.append(n)
                frontier = nxt
            found = self._land_best[key] = best
        return found

    def sea_best(self, sea: str, steps: int) -> float:
        """The best :meth:`target` beside a sea within ``steps`` sea zones of ``sea``."""
        key = (sea, steps)
        found = self._sea_best.get(key)
        if found is None:
            v = self.v
            seas, frontier = {sea}, [sea]
            for _ in range(max(0, steps)):
                frontier = [n for z in frontier for n in v.geo.sea_neighbours[z] if n not in seas]
                seas.update(frontier)
            coasts = {z for s in seas for z in v.geo.land_neighbours[s]}
            found = max((self.target(z, landing=True) for z in coasts), default=0.0)
            self._sea_best[key] = found
        return found

    def leaving_penalty(self, zone: str, moving: set[int]) -> float:
        v = self.v
        left = [u for u in v.mine(zone) if u.id not in moving]
        return 0.0 if left else v.worth(zone)

    def disembark(self, a: Disembark) -> float:
        v = self.v
        units = [v.state.units[i] for i in a.units]
        troops = [u for u in units if not u.is_leader]
        for u in units:
            rec = v.state.moves.get(u.id)
            if rec is not None and a.zone in rec.path:
                return -1.0  # back where it came from this phase
        far = min(v.distance(a.zone), 10)
        return self.entering(a.zone, units, troops, landing=True) + 0.3 - 0.05 * far

    def remove(self, a: RemoveUnit) -> float:
        return -UNIT_VALUE[self.v.state.units[a.unit].type]

    # -- combat (10.0-10.9) -------------------------------------------------------------------
    def fight(self, a: Fight) -> float:
        v = self.v
        mine = v.mine(a.zone)
        enemies = v.enemies(a.zone)
        landed = any(
            (rec := v.state.moves.get(u.id)) is not None and (rec.by_sea or rec.strait)
            for u in mine
        )
        attack = v.chances(mine, enemies, a.zone, landing=landed)
        if not a.raid:
            return 1.0 + attack.win
        raid = v.chances(mine, enemies, a.zone, raid=True)
        return 1.0 + (0.6 * raid.win if attack.win < 0.4 else -1.0)

    def battle_sides(self) -> tuple[list[Unit], list[Unit], bool]:
        """The units still in the current battle: this nation's, the enemy's; and whether
        this nation attacks."""
        v = self.v
        battle = v.state.battle
        assert battle is not None
        enemy = battle.enemy(v.nation)
        here = [u for u in v.state.units_in(battle.zone) if u.carrier is None or battle.naval]
        if battle.naval:
            here = [u for u in here if u.is_fleet]
        mine = [u for u in here if u.nation == v.nation]
        theirs = [u for u in here if u.nation == enemy]
        return mine, theirs, battle.attacker == v.nation

    def current(self) -> Chances:
        """The chances of this nation in the battle being fought, from here on."""
        if self._current is None:
            v = self.v
            battle = v.state.battle
            assert battle is not None
            mine, theirs, attacking = self.battle_sides()
            if not battle.naval:
                self._current = v.chances(mine, theirs, battle.zone, attacking=attacking)
            elif attacking:
                self._current = v.naval_chances(mine, theirs)
            else:
                c = v.naval_chances(theirs, mine)
                self._current = Chances(c.lose, c.win, c.their_losses, c.my_losses)
        return self._current

    def stand_fast(self, a: StandFast) -> float:
        return self.current().win

    def retreat(self, a: Retreat) -> float:
        v = self.v
        battle = v.state.battle
        assert battle is not None
        mine, _, _ = self.battle_sides()
        whole = {u.id for u in mine if not u.is_leader} <= set(a.units)
        pref = 0.0
        if a.zone in v.geo.land:
            pref = 0.01 * (bool(v.mine(a.zone)) + v.worth(a.zone))
        if battle.stage == "raid_retreat":
            return (0.0 if whole else -1.0) + pref
        if not whole:
            return -1.0 + pref
        return self.p.retreat_odds + pref

    def submit(self, a: Submit) -> float:
        if not a.accept:
            return 0.0
        return self.p.retreat_odds * 0.5 - self.current().win

    def targets(self, a: Targets) -> float:
        """Expected useful hits on each target class, weighted by how much the class hurts."""
        v = self.v
        battle = v.state.battle
        assert battle is not None
        enemy = battle.enemy(v.nation)
        counts: dict[str, list[Unit]] = {}
        for u in v.state.units_in(battle.zone, enemy):
            if u.is_leader or (u.carrier is not None and not battle.naval):
                continue
            cls = u.type.value
            if battle.round == 1 and u.id in battle.landed:
                cls += ":landed"
            counts.setdefault(cls, []).append(u)
        aimed: dict[str, int] = {}
        for _, cls in a.aims:
            aimed[cls] = aimed.get(cls, 0) + 1
        score = 0.0
        for cls, n in aimed.items():
            units = counts.get(cls, [])
            if not units:
                continue
            utype = units[0].type
            room = len(units) * SPECS[utype].hits_to_kill
            useful = min(0.45 * n, room)
            danger = (11 - (SPECS[utype].hit_on or 11)) / 10 / SPECS[utype].hits_to_kill
            bonus = 0.5 if cls.endswith(":landed") else 0.0
            points = v.elimination_points(units[:1])
            score += useful * (danger + bonus + 0.2 * points)
        return score

    def naval_attack(self, a: NavalAttack) -> float:
        v = self.v
        mine = [u for u in v.state.units_in(a.sea, v.nation) if u.is_fleet]
        theirs = [u for u in v.state.units_in(a.sea, a.target) if u.is_fleet]
        return v.naval_chances(mine, theirs).win - 0.6

    def sink(self, a: SinkFleets) -> float:
        state = self.v.state
        return -sum(1 + len(state.cargo(f)) for f in a.fleets)

    def elephant_victim(self, a: ElephantVictim) -> float:
        unit = self.v.state.units[a.unit]
        return -UNIT_VALUE[unit.type] + (0.5 if a.zone else 0.0)

    def loot(self, a: Loot) -> float:
        v = self.v
        if a.take == "vp":
            return float(v.info.loot_vp)
        if a.take == "gold":
            room = max(0, 10 - v.state.gold.get(v.nation, 0))
            return 0.25 * min(4, room)
        return 0.0

    def rebuild(self, a: Rebuild) -> float:
        v = self.v
        if not a.unit:
            return 0.0
        battle = v.state.battle
        zone = battle.zone if battle is not None else v.state.units[a.unit].zone
        others = [u for u in v.mine(zone) if u.id != a.unit and not u.is_leader]
        if not others:
            return -1.0
        turns_left = max(0, v.world.scenario.last_turn - v.state.turn)
        city = v.plan.city_points.get(zone, 0.0) + 0.25 * turns_left
        return city - UNIT_VALUE[v.state.units[a.unit].type]

    def campaign_move(self, a: CampaignMove) -> float:
        """12.3: another campaign move (1 gold) pays if the leader's stack has a good step."""
        v = self.v
        campaign = v.state.campaign or {}
        leader = v.state.units.get(int(campaign.get("leader", 0)))
        if leader is None:
            return -0.5
        if not v.may_stay(leader.zone) or v.allies_in(leader.zone):
            return 2.0  # 9.2, 12.3.1: the stack may not stay where it stands
        stack = v.mine(leader.zone)
        troops = [u for u in stack if not u.is_leader]
        if not troops:
            return -0.5
        moving = {u.id for u in stack}
        best = max(
            (
                self.entering(n, stack, troops, landing=False, src=leader.zone)
                for n in v.geo.land_neighbours[leader.zone]
                if not v.allies_in(n)
            ),
            default=-1.0,
        )
        return best + self.leaving(leader.zone, moving, stack) - 0.25

    # -- campaign answers (12.3.2, 12.3.4) and revolts (12.6) --------------------------------
    def campaign_stack(self) -> tuple[Unit | None, list[Unit]]:
        """The campaign's leader and the campaigner's troops with it."""
        v = self.v
        campaign = v.state.campaign or {}
        leader = v.state.units.get(int(campaign.get("leader", 0)))
        if leader is None:
            return None, []
        stack = [u for u in v.state.units_in(leader.zone, leader.nation) if not u.is_fleet]
        return leader, stack

    def block(self, a: Block) -> float:
        """12.3.4: 1 gold and one unit to stop the enemies in ``a.zone`` joining the battle
        at the leader's zone: worth it when their joining would cost more."""
        if not a.zone:
            return 0.0
        v = self.v
        leader, stack = self.campaign_stack()
        if leader is None:
            return -1.0
        there = v.enemies(leader.zone)
        nations = {u.nation for u in there}
        joining = [u for u in v.enemies(a.zone) if u.nation in nations and not u.is_fleet]
        if not there or not joining:
            return -1.0
        stake = v.worth(leader.zone)
        per_kill = (v.elimination_points(there) + 0.5 * len(there)) / max(1, len(there))
        before = v.chances(stack, there, leader.zone)
        after = v.chances(stack, there + joining, leader.zone)
        spent = v.state.units.get(a.unit)
        cost = 0.25 + (UNIT_VALUE[spent.type] if spent is not None else 1.0)
        return self.value(before, stake, per_kill) - self.value(after, stake, per_kill) - cost

    def reaction(self, a: ReactionMove) -> float:
        """12.3.2: into the leader's zone when it raises this nation's expected result of the
        battle there; a waiting move when it makes a zone the campaign threatens safer."""
        v = self.v
        leader, stack = self.campaign_stack()
        units = [v.state.units[i] for i in a.units]
        if leader is None or not stack or any(u.is_fleet or u.carrier for u in units):
            return -0.1
        src = units[0].zone
        if a.to == leader.zone:
            mine = v.mine(a.to)
            if not any(not u.is_leader for u in mine):
                return -0.1
            stake = v.worth(a.to)
            per_kill = (v.elimination_points(stack) + 0.5 * len(stack)) / max(1, len(stack))
            before = v.chances(mine, stack, a.to, attacking=False)
            after = v.chances(mine + units, stack, a.to, attacking=False)
            if after.win < 0.5:
                return -0.1
            gain = self.value(after, stake, per_kill) - self.value(before, stake, per_kill)
            return gain - self.exposed(src, units, leader.zone, stack) - 0.05
        if a.to not in v.geo.land_neighbours[leader.zone] or not v.may_stay(a.to):
            return -0.1
        held = v.mine(a.to)
        if not held and not v.state.has_city(a.to):
            return -0.1
        hold = v.chances(held, stack, a.to, attacking=False).win if held else 0.0
        held_after = v.chances(held + units, stack, a.to, attacking=False).win
        gain = v.worth(a.to) * (held_after - hold)
        return gain - self.exposed(src, units, leader.zone, stack) - 0.05

    def exposed(self, src: str, units: list[Unit], leader_zone: str, stack: list[Unit]) -> float:
        """What moving ``units`` out of ``src`` costs: the zone's worth times the chance of
        holding it given up (against the campaign next door, or all of it if left empty)."""
        v = self.v
        if src not in v.geo.land:
            return 0.0
        ids = {u.id for u in units}
        left = [u for u in v.mine(src) if u.id not in ids]
        if not any(not u.is_leader for u in left):
            return v.worth(src)
        if src not in v.geo.land_neighbours[leader_zone]:
            return 0.0
        before = v.chances(v.mine(src), stack, src, attacking=False).win
        after = v.chances(left, stack, src, attacking=False).win
        return v.worth(src) * max(0.0, before - after)

    def revolt(self, a: Revolt) -> float:
        """12.6: free again, the nation keeps all its income, loot and victory points
        (12.5.2 halves them): half of what its zones will still score, against what the
        master's units next to them can take back."""
        v = self.v
        master = v.state.masters.get(v.nation)
        if master is None:
            return -1.0
        zones = [z for z in v.geo.land if v.mine(z)]
        gain = 0.5 * sum(v.worth(z) for z in zones)
        risk = 0.0
        for z in zones:
            near = [
                u
                for n in v.geo.land_neighbours[z]
                for u in v.ashore.get(n, ())
                if u.nation == master and not u.is_fleet
            ]
            if near:
                hold = v.chances(v.mine(z), near, z, attacking=False).win
                risk += v.worth(z) * (1.0 - hold)
        return gain - risk


#: the scorer of each kind of action (others score 0), one table for every decision
_SCORERS: dict[type, Callable[[_Judge, Any], float]] = {
    Buy: _Judge.buy,
    Place: _Judge.place,
    Move: _Judge.move,
    Embark: _Judge.embark,
    Disembark: _Judge.disembark,
    RemoveUnit: _Judge.remove,
    Fight: _Judge.fight,
    Targets: _Judge.targets,
    Retreat: _Judge.retreat,
    StandFast: _Judge.stand_fast,
    Submit: _Judge.submit,
    NavalAttack: _Judge.naval_attack,
    SinkFleets: _Judge.sink,
    ElephantVictim: _Judge.elephant_victim,
    Loot: _Judge.loot,
    Rebuild: _Judge.rebuild,
    CampaignMove: _Judge.campaign_move,
    Block: _Judge.block,
    ReactionMove: _Judge.reaction,
    Revolt: _Judge.revolt,
}
