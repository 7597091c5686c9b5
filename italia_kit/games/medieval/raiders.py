"""Raiders on the Italia engine (M-A turn 1: "Avars: 6 raiders from Austria"; the Magyars'
raiders of turn 3, reconstructed): Britannia's raider withdrawal, as the medieval engine
played it (reading 10 of ``docs/games/medieval.md``).

* Britannia (public summary) (B-2ED's phase order: movement, battle/retreat, **raider
  withdrawal**, overpopulation; its chapters "Raids", "Where a Raider Retreats"): raiders
  come, fight and go back. The chapter texts were not found (facts 1.11, 1.12: "raider
  rules specific to Italia" not found), so, as the medieval engine did (reconstructed):
  a raider's home is the place it arrived in (the Austria box), and as its power's
  nation-turn ends, before the armies left at sea are lost and before overpopulation,
  every raider of the power not at home returns there, wherever it stands; in its box it
  holds no area and scores none, and it may ride out again on the power's next turn.
* Which units are raiders: the chart's groups marked ``raider`` (the scenario's
  ``UnitGroup.raider``). Italia's placement makes plain pieces of a group, so as the
  movement begins (:func:`mark`) the power's armies that arrived this turn in a raider
  group's place are marked ``Unit.extras["raider"]``, with ``"home"`` their place, as many
  as the group's count (a chart entry bringing raiders and others to one place the same
  turn, which no entry does, would mark the oldest pieces first).
* The raiders' home is no battlefield (as on the medieval engine, whose battles are in land
  areas only): no battle in an arrival box (``MedievalRulebook.combat_zone``), no unit held
  in one by overrun (``leave_problem``), none "appeared" there (:func:`none_appear_in_boxes`).

>>> from italia_kit.games.medieval.rulebook import MedievalRulebook
>>> [(g.count, g.zones) for g in raider_groups(MedievalRulebook(), "Avars", 1)]
[(6, ('Austria',))]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from italia_kit.core import Context
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.world import World
from italia_kit.games.medieval.scenario import UnitGroup
from italia_kit.games.medieval.words import area, army

if TYPE_CHECKING:
    from italia_kit.games.medieval.rulebook import MedievalRulebook

R_RAIDERS = "Britannia (public summary): raider withdrawal (reconstructed: to their box)"
#: Unit.extras keys: the unit is a raider; the place it returns to
RAIDER, HOME = "raider", "home"


def raider_groups(rules: MedievalRulebook, nation: str, turn: int) -> list[UnitGroup]:
    """The chart's raider groups of ``nation`` arriving on ``turn``."""
    power = rules.power(nation)
    if power is None:
        return []
    return [g for r in power.reinforcements if r.turn == turn for g in r.units if g.raider]


def home_of(unit: Unit) -> str | None:
    """The place a raider returns to, or None for a unit that is no raider."""
    if unit.extras and unit.extras.get(RAIDER):
        home: str = unit.extras[HOME]
        return home
    return None


def mark(rules: MedievalRulebook, world: World, state: ItaliaState) -> None:
    """As the active power's movement begins: its armies that arrived this turn in a
    raider group's place become raiders with that place as their home (see the module)."""
    nation = state.active
    groups = raider_groups(rules, nation, state.turn)
    if not groups:
        return
    fresh = [
        u
        for u in state.units_of(nation)
        if u.arrived == state.turn and not u.is_leader and home_of(u) is None
    ]
    fresh.sort(key=lambda u: u.id)
    for group in groups:
        left = group.count
        for u in fresh:
            if left == 0:
                break
            if u.zone in group.zones and home_of(u) is None:
                u.extras = {**(u.extras or {}), RAIDER: True, HOME: u.zone}
                left -= 1


def none_appear_in_boxes(
    rules: MedievalRulebook, state: ItaliaState, units: Iterable[Unit] | None = None
) -> None:
    """As the movement begins: units that arrived in an arrival box among other powers'
    (the raiders at home, another power's arrivals) have not appeared in an area they
    must attack (S28, S29): a box is no area (``MedievalRulebook.is_box``; the medieval
    engine's reading), so they are free to ride out. ``units``: the active power's, when
    the caller has them."""
    for u in state.units_of(state.active) if units is None else units:
        if u.extras and u.extras.get("appeared") and rules.is_box(u.zone):
            facts = {k: v for k, v in u.extras.items() if k != "appeared"}
            u.extras = facts or None


def return_home(
    ctx: Context[ItaliaState], world: World, units: Iterable[Unit] | None = None
) -> None:
    """As the active power's nation-turn ends: each of its raiders away from home goes
    back there (Britannia's raider withdrawal), one event a unit naming where from and
    where to. ``units``: the active power's, when the caller has them."""
    state = ctx.state
    away = [
        (u, home)
        for u in (state.units_of(state.active) if units is None else units)
        if (home := home_of(u)) is not None and u.zone != home
    ]
    for u, home in sorted(away, key=lambda pair: pair[0].id):
        frm = u.zone
        state.relocate(u, home, None)
        ctx.emit(
            "raider_withdraws",
            R_RAIDERS,
            f"{R_RAIDERS}: {army(u)} returns from {area(frm)} to {area(home)}.",
            unit=u.id,
            nation=u.nation,
            zone=frm,
            to=home,
        )
