"""Positions built by hand for rules tutorials (:class:`Position`): units in zones, cities,
gold, who is to play; and the questions a tutorial author asks of them (can these units
attack, who has naval supremacy, what a unit costs and hits on, what a nation scores), each
answered by the engine's own rules with its arithmetic and its section.

Every bad input is refused before anything changes, naming the field or the rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from italia_kit.core import (
    Context,
    EventLog,
    Game,
    IllegalActionError,
    InvalidActionError,
    Randomness,
)
from italia_kit.games.italia import economy, naval, scoring, sequence, stacking
from italia_kit.games.italia.economy import GOLD_CAP
from italia_kit.games.italia.placement import add_unit_at
from italia_kit.games.italia.position_display import PositionDisplay
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.scenarios import Scenario
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.state import PHASES, ItaliaState
from italia_kit.games.italia.text import article, of_nation
from italia_kit.games.italia.units import SPECS, UnitType, unit_cost
from italia_kit.games.italia.world import World
from italia_kit.geo import Board


@dataclass(frozen=True, slots=True)
class SupremacyAnswer:
    """Who has naval supremacy in a land battle, with the fleets counted (10.9)."""

    holder: str | None  # the nation with supremacy, or None
    fleets: int  # the asking nation's fleets in the seas beside the zone
    enemy_fleets: int  # the enemy's
    text: str

    def __bool__(self) -> bool:
        return self.holder is not None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class HitNumber:
    """The lowest die a unit hits on, with the modifiers that led to it (10.2, 10.3, 10.6).

    ``needs`` is between 2 and 10: a 1 always misses and a 10 always hits (10.2).
    """

    base: int  # the unit's printed combat number (10.2)
    modifier: int  # the sum of the modifiers (10.2: they all add up)
    needs: int  # the lowest roll that hits
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class ScoreAnswer:
    """A nation's victory points, read in parts (11.0): the control points it would score
    at the end of this turn (zones, cities, regions) and those already scored in play."""

    nation: str
    zones: float  # zone rules (11.0)
    cities: float  # city rules
    regions: float  # region rules (all of a region, or less one per foreign zone)
    eliminations: float  # already scored during play: eliminations, looting (11.0)
    lines: tuple[str, ...]  # how each part was counted

    @property
    def total(self) -> float:
        return self.zones + self.cities + self.regions + self.eliminations

    def __str__(self) -> str:
        return f"the {self.nation}: {self.total:g} VP ({'; '.join(self.lines)})"


class Position(PositionDisplay):
    """A position built by hand: units in zones, cities, gold, and who is to play.

    Every call checks its input first and leaves the position as it was when it refuses:
    an unknown or malformed name raises :class:`~italia_kit.core.InvalidActionError`
    naming the field, what the rules forbid :class:`~italia_kit.core.IllegalActionError`
    with the rulebook section.

    >>> pos = Position("italia1", nation="Romans", phase="movement")
    >>> legions = pos.put("Romans", "legion", "Lucania", 5)
    >>> pos.can_attack("Romans", "Calabria", 5).allowed
    False

    The phase is one the state names (``state.PHASES``) and the turn one of the scenario's:

    >>> Position("italia1", phase="move")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    italia_kit.core.errors.InvalidActionError: field 'phase': one of income, ..., not 'move'
    >>> Position("italia1", turn=11)
    Traceback (most recent call last):
    ...
    italia_kit.core.errors.InvalidActionError: field 'turn': a game turn from 1 to 10, not 11
    """

    def __init__(
        self,
        scenario: str | Scenario = "italia1",
        *,
        turn: int = 1,
        nation: str | None = None,
        phase: str = "income",
        rulebook: Rulebook | None = None,
        board: Board | None = None,
    ) -> None:
        # a variant's rules and board, or Italia's
        self.world = World(scenario, board=board, rulebook=rulebook)
        if phase not in PHASES:
            raise InvalidActionError(f"field 'phase': one of {', '.join(PHASES)}, not {phase!r}")
        last = self.world.scenario.last_turn
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= last:
            raise InvalidActionError(f"field 'turn': a game turn from 1 to {last}, not {turn!r}")
        order = list(self.world.order)
        self.state = ItaliaState(
            self.world.scenario.id, turn=turn, nation_order=order, phase_name=phase
        )
        first = nation or order[0]
        self.state.nation_index = order.index(self._nation(first))

    # -- checking input ------------------------------------------------------------------
    def _nation(self, name: str, field: str = "nation") -> str:
        """The canonical name of a nation of this scenario; else malformed input."""
        try:
            return self.world.nation(name).name
        except InvalidActionError as exc:
            raise InvalidActionError(f"field {field!r}: {exc}") from None

    def _zone(self, name: str, field: str = "zone") -> str:
        try:
            return self.world.zone_name(name)
        except InvalidActionError as exc:
            raise InvalidActionError(f"field {field!r}: {exc}") from None

    def _unit(self, name: str, field: str = "unit") -> UnitType:
        try:
            return UnitType.parse(name)
        except InvalidActionError as exc:
            raise InvalidActionError(f"field {field!r}: {exc}") from None

    def _count(self, count: int) -> None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise InvalidActionError(f"field 'count': a whole number of at least 1, not {count!r}")

    def _on_card(self, nation: str, utype: UnitType) -> int | None:
        """2.3: a nation's card lists the units it has; a unit not listed is not in play.
        Returns how many counters of it the game box has (6.2: the card's token limits),
        None for leaders: the card names them, and a tutorial may put more than one (a
        leader is not bought; its counter is its name)."""
        card = self.world.nation(nation)
        if utype is UnitType.LEADER:
            groups = [*card.setup, *(g for r in card.reinforcements for g in r.units)]
            if not any(g.unit == UnitType.LEADER.value for g in groups):
                raise IllegalActionError("2.3", f"the {nation}' card lists no leader")
            return None
        limit = int(card.token_limits.get(utype.value, 0))
        if not limit:
            have = ", ".join(sorted(card.token_limits)) or "no units"
            raise IllegalActionError(
                "2.3", f"the {nation}' card lists no {utype.value} (it has {have})"
            )
        return limit

    def _counters(self, nation: str, utype: UnitType, count: int) -> None:
        """2.3 and 6.2: ``count`` more units of ``utype`` for ``nation`` are on its card and
        within the counters the game box has ("up to the number of tokens available in the
        game box", 6.2)."""
        limit = self._on_card(nation, utype)
        if limit is None:
            return
        have = sum(1 for u in self.state.units_of(nation) if u.type is utype)
        if have + count > limit:
            word = utype.value.replace("_", " ")
            raise IllegalActionError(
                "6.2",
                f"the game box has {limit} {word} counters for the {nation}: {have} are in the "
                f"position, so {limit - have} more at most, not {count}",
            )

    # -- building the position ------------------------------------------------------------
    def put(
        self, nation: str, unit: str, zone: str, count: int = 1, *, name: str | None = None
    ) -> list[int]:
        """Put ``count`` units into a zone; return their ids.

        A land unit put into a sea goes aboard a fleet of its nation there with room (2
        units a fleet, leaders free: 9.6); a fleet goes only to sea (9.5).

        >>> pos = Position("italia1")
        >>> pos.put("Celts", "elephant", "Pavia")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        italia_kit.core.errors.IllegalActionError: rule 2.3: the Celts' card lists no elephant ...
        >>> pos.put("Carthaginians", "elephant", "Africa", 9)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        italia_kit.core.errors.IllegalActionError: rule 6.2: the game box has 4 elephant ...
        """
        utype = self._unit(unit)
        where = self._zone(zone)
        who = self._nation(nation)
        self._count(count)
        self._counters(who, utype, count)
        if utype is UnitType.FLEET and not self.world.is_sea(where):
            raise IllegalActionError("9.5", f"fleets stay at sea: {where} is a land zone")
        if self.world.is_sea(where) and utype is not UnitType.FLEET:
            # 9.6: at sea a land unit is aboard a fleet of its own nation
            room = self._room(self.state, who, where)
            need = 0 if utype is UnitType.LEADER else count
            if not room[0] or room[1] < need:
                raise IllegalActionError(
                    "9.6",
                    f"{article(utype.value)} at sea must be aboard a {who} fleet: the {who} have "
                    f"{room[0]} fleets in {where} with room for {room[1]} more units "
                    f"(2 a fleet, leaders free)",
                )

        # all checked: nothing below refuses, so the position changes only now (in place:
        # ``pos.state`` held by the caller stays the position's state)
        before = self.state.next_id
        for _ in range(count):
            add_unit_at(self.world, self.state, who, utype, where, name=name)
        return list(range(before, self.state.next_id))

    @staticmethod
    def _room(state: ItaliaState, nation: str, sea: str) -> tuple[int, int]:
        """(fleets of ``nation`` in ``sea``, the land units they can still carry) (9.6)."""
        fleets = [u for u in state.units_in(sea, nation) if u.is_fleet]
        carried = sum(1 for f in fleets for c in state.cargo(f.id) if not c.is_leader)
        return len(fleets), 2 * len(fleets) - carried

    def aboard(self, fleet: int, nation: str, unit: str, count: int = 1) -> list[int]:
        """Put units aboard a fleet (9.6): 2 units a fleet, any number of leaders.

        >>> pos = Position("italia1")
        >>> pos.aboard(99, "Romans", "legion")
        Traceback (most recent call last):
        ...
        italia_kit.core.errors.InvalidActionError: field 'fleet': no unit has id 99
        """
        ship = self.state.units.get(fleet) if isinstance(fleet, int) else None
        if ship is None:
            raise InvalidActionError(f"field 'fleet': no unit has id {fleet!r}")
        if not ship.is_fleet:
            raise InvalidActionError(f"field 'fleet': unit {fleet} is {article(ship.type.value)}")
        who = self._nation(nation)
        utype = self._unit(unit)
        self._count(count)
        self._counters(who, utype, count)
        if utype is UnitType.FLEET:
            raise IllegalActionError("9.6", "a fleet carries land units, not fleets")
        if ship.nation != who:
            raise IllegalActionError(
                "9.6", f"the {who} may not board fleet {fleet} of the {ship.nation}"
            )
        if utype is not UnitType.LEADER:
            load = sum(1 for c in self.state.cargo(fleet) if not c.is_leader)
            if load + count > 2:
                raise IllegalActionError(
                    "9.6", f"fleet {fleet} carries {load} units: it has room for {2 - load}"
                )

        state = self.state
        return [state.add_unit(who, utype, ship.zone, carrier=fleet).id for _ in range(count)]

    def city(self, *zones: str, ruin: bool = False, belonged_to: str | None = None) -> None:
        """Put cities (or, ``ruin=True``, ruins) into zones (2.2.1.9); ``belonged_to``: the
        nation that held them last, for a city in a zone left empty (10.5, 10.6: a side
        retreating there may loot "a city that belonged to another player"). A city in a
        zone someone holds belongs to them when the game starts (:meth:`game`).

        >>> pos = Position("italia1")
        >>> pos.city("Lucania", belonged_to="samnites")
        >>> pos.state.city_holders
        {'Lucania': 'Samnites'}
        >>> Position("italia1").city("Mare Tyrrhenum")
        Traceback (most recent call last):
        ...
        italia_kit.core.errors.IllegalActionError: rule 2.2.1.9: no city may stand in Mare Tyrrhenum
        """
        names = [self._zone(z) for z in zones]
        holder = None if belonged_to is None else self._nation(belonged_to, "belonged_to")
        for zone in names:
            if not self.world.city_allowed(zone):
                raise IllegalActionError("2.2.1.9", f"no city may stand in {zone}")
        for zone in names:
            self.state.cities[zone] = not ruin
            if holder is not None:
                self.state.city_holders[zone] = holder

    def gold(self, nation: str, amount: int) -> None:
        """Set a nation's gold on the wealth track: 0 to 10 (6.1).

        >>> Position("italia1").gold("Celts", 12)
        Traceback (most recent call last):
        ...
        italia_kit.core.errors.IllegalActionError: rule 6.1: a nation holds at most 10 gold, not 12
        """
        who = self._nation(nation)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InvalidActionError(f"field 'amount': a whole number of gold, not {amount!r}")
        if amount > GOLD_CAP:
            raise IllegalActionError("6.1", f"a nation holds at most {GOLD_CAP} gold, not {amount}")
        self.state.gold[who] = amount

    def capital(self, nation: str, zone: str) -> None:
        """Make a land zone the nation's capital (8.1); in Italia I Rome is always the
        Roman capital (13.1)."""
        who = self._nation(nation)
        where = self._zone(zone)
        if who == "Romans" and self.world.variant == "italia1" and where != "Rome":
            raise IllegalActionError("13.1", "in Italia I Rome is always the Roman capital")
        if not self.world.is_land(where) or self.world.is_borderland(where):
            raise IllegalActionError("8.1", f"{where} cannot be a capital")
        self.state.capitals[who] = where

    def subject(self, nation: str, master: str) -> None:
        """Make ``nation`` a subject of ``master`` (12.5): only as its card allows.

        >>> pos = Position("italia1")
        >>> pos.subject("celts", "romans")
        >>> pos.state.masters
        {'Celts': 'Romans'}
        """
        who = self._nation(nation)
        lord = self._nation(master, "master")
        masters = sorted({rule.master for rule in self.world.nation(who).submission})
        if lord not in masters:
            may = ", ".join(masters) or "none"
            raise IllegalActionError(
                "12.5", f"the {who} may not submit to the {lord} (their card allows: {may})"
            )
        self.state.masters[who] = lord

    def major_invasion(self, on: bool = True) -> None:
        """Mark (or unmark) the nation to play as on its major invasion this turn (12.2),
        as the turn would: only on a turn its card gives one.

        >>> pos = Position("italia2", turn=7, nation="Arabs", phase="movement")
        >>> pos.major_invasion()
        >>> pos.state.major
        True
        """
        nation = self.state.active
        cards = [
            r
            for r in self.world.nation(nation).reinforcements
            if r.turn == self.state.turn and r.major_invasion
        ]
        if on and not cards:
            raise IllegalActionError(
                "12.2", f"the {nation}' card gives no major invasion on turn {self.state.turn}"
            )
        self.state.major = on
        self.state.extra_move = on and any(r.extra_move for r in cards)

    def combat_due(self) -> list[str]:
        """Enter the combat phase of the nation to play, with the battles the rules find
        due (10.0: wherever it shares a land zone with an enemy; naval combat may be
        offered where fleets share a sea, 10.8); return the zones of the land battles.

        >>> pos = Position("italia1", nation="Romans", phase="movement")
        >>> _ = pos.put("Romans", "legion", "Lucania", 2)
        >>> _ = pos.put("Samnites", "infantry", "Lucania")
        >>> pos.combat_due()
        ['Lucania']
        >>> pos.game().decision.kind
        'battle'
        """
        trial = self.state.clone()  # the engine's own search (10.0), tried on a copy first
        sequence.find_combat(Context(trial, Randomness(0), EventLog()), self.world)
        if not trial.combat_due and not trial.naval_offers:
            raise IllegalActionError(
                "10.0", f"no combat is due: the {trial.active} share no zone with an enemy"
            )
        state = self.state
        state.phase_name = "combat"
        sequence.find_combat(Context(state, Randomness(0), EventLog()), self.world)
        return list(state.combat_due)

    # -- questions -----------------------------------------------------------------------
    def can_attack(
        self, nation: str, zone: str, units: int, *, leader: bool = False
    ) -> stacking.AttackAnswer:
        """8.3: may ``units`` units of ``nation`` attack a land zone (a major invasion's
        one more, 12.2, if :meth:`major_invasion` is marked)?"""
        who = self._nation(nation)
        where = self._zone(zone)
        if not self.world.is_land(where):
            raise IllegalActionError(
                "10.8", f"{where} is a sea: fleets fight there in naval combat, without a limit"
            )
        major = self.state.major and who == self.state.active
        return stacking.can_attack(
            self.world, self.state, who, where, units, leader=leader, major_invasion=major
        )

    def supremacy(self, nation: str, zone: str, against: str | None = None) -> SupremacyAnswer:
        """10.9: which of ``nation`` and its enemy has naval supremacy in a land battle in
        ``zone``; ``against`` may be left out when one other nation stands there.

        >>> pos = Position("italia1", nation="Romans")
        >>> _ = pos.put("Carthaginians", "fleet", "Mare Libycum", 2)
        >>> _ = pos.put("Romans", "fleet", "Mare Sardoum")
        >>> answer = pos.supremacy("Romans", "Africa", "Carthaginians")
        >>> answer.holder, answer.fleets, answer.enemy_fleets
        ('Carthaginians', 1, 2)
        >>> print(answer.text[:60])
        10.9: the Carthaginians have naval supremacy in Africa: 2 fl
        """
        who = self._nation(nation)
        where = self._zone(zone)
        if not self.world.is_land(where):
            raise IllegalActionError(
                "10.9", f"naval supremacy helps land battles: {where} is a sea"
            )
        if against is None:
            others = sorted(
                {
                    u.nation
                    for u in self.state.units_in(where)
                    if u.nation != who and u.carrier is None
                }
            )
            if len(others) != 1:
                raise InvalidActionError(
                    f"field 'against': required, since {len(others)} other nations stand in {where}"
                )
            enemy = others[0]
        else:
            enemy = self._nation(against, "against")
        if enemy == who:
            raise InvalidActionError("field 'against': a nation does not fight itself")
        holder = naval.supremacy(self.world, self.state, where, who, enemy)
        mine = naval.fleets_beside(self.world, self.state, where, who)
        theirs = naval.fleets_beside(self.world, self.state, where, enemy)
        if holder is None:
            text = (
                f"10.9: neither has naval supremacy in {where}: the {who} have {mine} fleets "
                f"beside it, the {enemy} {theirs} (it needs one, and twice the enemy's)."
            )
        else:
            a, b = (mine, theirs) if holder == who else (theirs, mine)
            loser = enemy if holder == who else who
            text = (
                f"10.9: the {holder} have naval supremacy in {where}: {a} fleets beside it "
                f"against {b} of the {loser} (at least one, and twice the enemy's)."
            )
        return SupremacyAnswer(holder, mine, theirs, text)

    def price(self, nation: str, unit: str, zone: str | None = None) -> int:
        """What a unit (or a city in ``zone``) costs the nation (6.2).

        >>> pos = Position("italia2")
        >>> pos.price("Western Romans", "legion"), pos.price("Visigoths", "infantry")
        (6, 4)
        >>> pos.price("Visigoths", "city", "Verona")
        6
        """
        who = self._nation(nation)
        if unit.strip().lower() == "city":
            if zone is None:
                raise InvalidActionError("field 'zone': a city's price depends on its zone")
            where = self._zone(zone)
            if not self.world.city_allowed(where):
                raise IllegalActionError("2.2.1.9", f"no city may stand in {where}")
            return economy.city_cost(self.world, where)
        utype = self._unit(unit)
        if utype is UnitType.LEADER:
            raise IllegalActionError("6.2", "leaders cannot be bought")
        self._on_card(who, utype)
        cost = unit_cost(utype, who)
        assert cost is not None  # only leaders have no price
        return cost

    def hit_number(
        self, nation: str, unit: str, zone: str, *, attacking: bool, against: str | None = None
    ) -> HitNumber:
        """The lowest die with which one of the nation's units hits in a battle in ``zone``
        (10.2): its combat number with the terrain (10.3), a city (10.6), the nation's
        leaders ashore there (10.2) and, with ``against``, naval supremacy (10.9). A fleet
        at sea hits on its number; the units it carries add to it in a battle (10.8).

        >>> pos = Position("italia1", nation="Romans")
        >>> pos.city("Samnium")
        >>> print(pos.hit_number("Romans", "legion", "Samnium", attacking=True))
        10.2: a legion of the Romans hits on 6; -3 (mountain -1, city -2): 9-10.
        """
        who = self._nation(nation)
        utype = self._unit(unit)
        where = self._zone(zone)
        self._on_card(who, utype)
        if SPECS[utype].hit_on is None:
            raise IllegalActionError("10.2", f"{article(utype.value)} rolls no dice")
        rulebook = self.world.rulebook  # a variant's numbers, or Italia's (10.2)
        base = rulebook.hit_number(utype)
        parts: list[str] = []
        if self.world.is_sea(where):
            if utype is not UnitType.FLEET:
                raise IllegalActionError("10.8", f"only fleets fight at sea: {where} is a sea")
            modifier = 0
        else:
            if utype is UnitType.FLEET:
                raise IllegalActionError("10.8", f"fleets fight at sea: {where} is a land zone")
            rough = self.world.terrain(where) in ("mountain", "swamp")
            city = self.state.has_city(where)
            leaders = sum(
                1 for u in self.state.units_in(where, who) if u.is_leader and u.carrier is None
            )
            sup = False
            if against is not None:
                sup = self.supremacy(who, where, against).holder == who
            modifier = rulebook.land_modifier(
                attacker=attacking, rough=rough, city=city, leaders=leaders, supremacy=sup
            )
            if attacking and rough:
                parts.append(f"{self.world.terrain(where)} -1")
            if attacking and city:
                parts.append("city -2")
            if leaders:
                parts.append(f"leaders +{2 * leaders}")
            if sup:
                parts.append("naval supremacy +1")
        needs = next(r for r in range(2, 11) if rulebook.hits(r, utype, modifier))
        # the unit as a word ("consular legion"), and every modifier named even when they
        # cancel out (a city's -2 against a leader's +2), so the sentence shows the sum
        text = f"10.2: {of_nation(utype.value.replace('_', ' '), who)} hits on {base}"
        if parts:
            text += f"; {modifier:+d} ({', '.join(parts)})"
        text += f": {needs}-10." if needs < 10 else ": only a 10."
        return HitNumber(base, modifier, needs, text)

    def score(self, nation: str) -> ScoreAnswer:
        """The nation's victory points, in parts (11.0): what its score rules for this turn
        would give for the zones, cities and regions it holds now, and the points already
        scored in play (``state.vp``: eliminations, looting).

        >>> pos = Position("italia1", turn=5, nation="Romans")
        >>> for zone in ("Pavia", "Ravenna", "Etruria", "Corfinium"):
        ...     _ = pos.put("Etruscans", "infantry", zone)
        >>> pos.city("Etruria", "Pavia", "Corfinium")
        >>> answer = pos.score("Etruscans")
        >>> answer.zones, answer.cities, answer.total
        (3.0, 6.0, 9.0)
        """
        who = self._nation(nation)
        held = scoring.holders(self.state, self.world)
        parts = {"zone": 0.0, "city": 0.0, "region": 0.0}
        lines: list[str] = []
        for rule in self.world.nation(who).scoring_on(self.state.turn):
            pts, how = scoring.rule_points(self.world, self.state, who, rule, held)
            kind = rule.kind if rule.kind in ("zone", "city") else "region"
            parts[kind] += pts
            lines.append(f"{how} = {pts:g}")
        earned = self.state.vp.get(who, 0.0)
        if earned:
            lines.append(f"scored in play: {earned:g}")
        if not lines:
            lines.append(f"no score rule on turn {self.state.turn}")
        return ScoreAnswer(who, parts["zone"], parts["city"], parts["region"], earned, tuple(lines))

    def game(self, *, seed: int = 0, script: Iterable[int] = ()) -> ItaliaGame:
        """A game from this position (the position itself is not changed); each city in a
        zone one nation holds belongs to that nation (10.6)."""
        state = self.state.clone()
        state.note_city_holders()
        game = Game(ItaliaRules(self.world), state, seed=seed)
        if script:
            game.script_dice(list(script))
        return game
