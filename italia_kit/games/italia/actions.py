"""The actions of Italia I and II: small frozen values with one JSON form.

Units are named by their ids (``game.state.units``); zones and unit types by name. Every
action names the nation that takes it, so a replayed or hand-written action is checked
against the decision pending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from italia_kit.core import Action, ActionCodec


def unit_ids(ids: tuple[int, ...], noun: str = "unit") -> str:
    """Units named by their ids in words, for a sentence without the state (the state names
    them by type: ``say.sentence``); never a Python list.

    >>> unit_ids((3,)), unit_ids((3, 4)), unit_ids((3, 4, 9), "fleet"), unit_ids(())
    ('unit #3', 'units #3 and #4', 'fleets #3, #4 and #9', 'no units')
    """
    if not ids:
        return f"no {noun}s"
    named = [f"#{i}" for i in ids]
    if len(named) == 1:
        return f"{noun} {named[0]}"
    return f"{noun}s " + ", ".join(named[:-1]) + " and " + named[-1]


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """6.2: buy one unit (``zone`` only for a city: its price depends on the terrain)."""

    kind: ClassVar[str] = "buy"
    nation: str = ""
    unit: str = ""
    zone: str | None = None

    def __str__(self) -> str:
        where = f" in {self.zone}" if self.zone else ""
        return f"{self.nation} buy {self.unit}{where}"


@dataclass(frozen=True, slots=True)
class EndPurchase(Action):
    """6.2: buy nothing more; the gold left stays on the wealth track."""

    kind: ClassVar[str] = "end_purchase"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end purchase"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """7.1/7.2: put a bought unit or a reinforcement into a zone (``unit`` as bought)."""

    kind: ClassVar[str] = "place"
    nation: str = ""
    unit: str = ""
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} place {self.unit} in {self.zone}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """9.0: move units together along ``path`` (``path[0]`` is where they stand).

    A group with a leader moves one zone further and need not stop in mountains (9.1).
    A unit may move in several steps in one phase, within its allowance.
    """

    kind: ClassVar[str] = "move"
    nation: str = ""
    units: tuple[int, ...] = ()
    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.nation} move {unit_ids(self.units)} {' -> '.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """9.6: land units in a coastal zone board a fleet in a sea beside it."""

    kind: ClassVar[str] = "embark"
    nation: str = ""
    fleet: int = 0
    units: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.nation} embark {unit_ids(self.units)} on fleet #{self.fleet}"


@dataclass(frozen=True, slots=True)
class Disembark(Action):
    """9.6: units aboard a fleet land in a coastal zone beside the fleet's sea."""

    kind: ClassVar[str] = "disembark"
    nation: str = ""
    units: tuple[int, ...] = ()
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} disembark {unit_ids(self.units)} in {self.zone}"


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """9.0: the movement phase is over; stacking limits are checked (8.0)."""

    kind: ClassVar[str] = "end_movement"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end movement"


@dataclass(frozen=True, slots=True)
class RemoveUnit(Action):
    """8.0: the owner chooses a surplus unit to remove from an over-full zone."""

    kind: ClassVar[str] = "remove_unit"
    nation: str = ""
    unit: int = 0

    def __str__(self) -> str:
        return f"{self.nation} remove {unit_ids((self.unit,))}"


@dataclass(frozen=True, slots=True)
class DeclareCapital(Action):
    """8.1: declare (or change) the nation's capital."""

    kind: ClassVar[str] = "declare_capital"
    nation: str = ""
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} declare capital {self.zone}"


@dataclass(frozen=True, slots=True)
class EndCombat(Action):
    """10.0: the combat phase is over (the battles themselves: section 10, next part)."""

    kind: ClassVar[str] = "end_combat"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end combat"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Buy,
    EndPurchase,
    Place,
    Move,
    Embark,
    Disembark,
    EndMovement,
    RemoveUnit,
    DeclareCapital,
    EndCombat,
)


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """10.1: fight the battle in ``zone`` next, as an attack or as a raid (10.7)."""

    kind: ClassVar[str] = "fight"
    nation: str = ""
    zone: str = ""
    raid: bool = False

    def __str__(self) -> str:
        return f"{self.nation} {'raid' if self.raid else 'attack'} {self.zone}"


@dataclass(frozen=True, slots=True)
class NavalAttack(Action):
    """10.8: offer naval combat in a sea to another nation's fleets."""

    kind: ClassVar[str] = "naval_attack"
    nation: str = ""
    sea: str = ""
    target: str = ""

    def __str__(self) -> str:
        return f"{self.nation} attack the fleets of the {self.target} in {self.sea}"


@dataclass(frozen=True, slots=True)
class DeferNaval(Action):
    """10.8: declare naval combat in a sea now, to be fought after the land battles (the
    mover "decides the order of battle")."""

    kind: ClassVar[str] = "defer_naval"
    nation: str = ""
    sea: str = ""
    target: str = ""

    def __str__(self) -> str:
        sea = self.sea
        return (
            f"{self.nation} attack the fleets of the {self.target} in {sea} after the land battles"
        )


@dataclass(frozen=True, slots=True)
class NavalOrder(Action):
    """10.8, 10.8.1: another nation has declared naval combat on the mover (``attacker``'s
    fleets in ``sea``); the mover decides whether it is fought now, before the land
    battles, or ``after`` them."""

    kind: ClassVar[str] = "naval_order"
    nation: str = ""
    sea: str = ""
    attacker: str = ""
    after: bool = False

    def __str__(self) -> str:
        when = "after the land battles" if self.after else "now"
        return f"{self.nation} fight the fleets of the {self.attacker} in {self.sea} {when}"


@dataclass(frozen=True, slots=True)
class DeclineNaval(Action):
    """10.8: naval combat is not mandatory."""

    kind: ClassVar[str] = "decline_naval"
    nation: str = ""
    sea: str = ""

    def __str__(self) -> str:
        return f"{self.nation} decline naval combat in {self.sea}"


@dataclass(frozen=True, slots=True)
class Targets(Action):
    """10.4: what each rolling unit aims at: pairs (unit id, target class).

    A target class is a unit type (``infantry``), or a type with ``:landed`` for units that
    came by sea or strait, against which defenders have +2 in the first round (10.8.2).
    """

    kind: ClassVar[str] = "targets"
    nation: str = ""
    aims: tuple[tuple[int, str], ...] = ()

    def __str__(self) -> str:
        aims = ", ".join(f"{unit_ids((i,))} at {t.replace(':', ' ')}" for i, t in self.aims)
        return f"{self.nation} aim {aims or 'at nothing'}"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """10.5: units leave the battle for an adjacent zone (or fleets for an adjacent sea)."""

    kind: ClassVar[str] = "retreat"
    nation: str = ""
    units: tuple[int, ...] = ()
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} retreat {unit_ids(self.units)} to {self.zone}"


@dataclass(frozen=True, slots=True)
class StandFast(Action):
    """10.5: the rest of the side stays in the battle."""

    kind: ClassVar[str] = "stand_fast"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} stand fast"


@dataclass(frozen=True, slots=True)
class SinkFleets(Action):
    """10.8: the side taking losses at sea chooses which fleets are sunk."""

    kind: ClassVar[str] = "sink_fleets"
    nation: str = ""
    fleets: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.nation} lose {unit_ids(self.fleets, 'fleet')}"


@dataclass(frozen=True, slots=True)
class ElephantVictim(Action):
    """10.2: the side an elephant trampled chooses the unit that must retreat, and where
    (``zone`` empty: it cannot retreat and is removed)."""

    kind: ClassVar[str] = "elephant_victim"
    nation: str = ""
    unit: int = 0
    zone: str = ""

    def __str__(self) -> str:
        where = f"to {self.zone}" if self.zone else "off the board"
        return f"{self.nation} send {unit_ids((self.unit,))} {where}"


@dataclass(frozen=True, slots=True)
class Loot(Action):
    """10.6: loot a newly conquered city: ``take`` is ``gold``, ``vp`` or ``none``."""

    kind: ClassVar[str] = "loot"
    nation: str = ""
    take: str = "gold"

    def __str__(self) -> str:
        return f"{self.nation} loot ({self.take})"


@dataclass(frozen=True, slots=True)
class Rebuild(Action):
    """10.6.1, 10.7: remove one unit (not a leader) to rebuild the ruin in its zone;
    ``unit`` 0: do not rebuild."""

    kind: ClassVar[str] = "rebuild"
    nation: str = ""
    unit: int = 0

    def __str__(self) -> str:
        if not self.unit:
            return f"{self.nation} rebuild nothing"
        return f"{self.nation} rebuild with {unit_ids((self.unit,))}"


@dataclass(frozen=True, slots=True)
class Submit(Action):
    """12.5.1: after a round with both sides left, the defender may submit (or fight on)."""

    kind: ClassVar[str] = "submit"
    nation: str = ""
    accept: bool = True

    def __str__(self) -> str:
        return f"{self.nation} {'submit' if self.accept else 'fight on'}"


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """14.3: the Patrimonium converts one enemy unit before a round (``unit`` 0: not now)."""

    kind: ClassVar[str] = "convert"
    nation: str = ""
    unit: int = 0

    def __str__(self) -> str:
        if not self.unit:
            return f"{self.nation} convert nothing"
        return f"{self.nation} convert {unit_ids((self.unit,))}"


@dataclass(frozen=True, slots=True)
class Revolt(Action):
    """12.6: a subject declares itself free, on the turns its card allows."""

    kind: ClassVar[str] = "revolt"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} revolt"


COMBAT_ACTIONS: tuple[type[Action], ...] = (
    Fight,
    NavalAttack,
    DeferNaval,
    NavalOrder,
    DeclineNaval,
    Targets,
    Retreat,
    StandFast,
    SinkFleets,
    ElephantVictim,
    Loot,
    Rebuild,
    Submit,
    Convert,
)


@dataclass(frozen=True, slots=True)
class CampaignMove(Action):
    """12.3: start another campaign move (1 gold): the leader's stack moves again."""

    kind: ClassVar[str] = "campaign_move"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} campaign move"


@dataclass(frozen=True, slots=True)
class EndCampaign(Action):
    """12.3: stop campaigning; unspent gold stays on the wealth track (12.3.1)."""

    kind: ClassVar[str] = "end_campaign"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end campaign"


@dataclass(frozen=True, slots=True)
class Block(Action):
    """12.3.4: pay 1 gold and remove one own unit to block the enemy units in an adjacent
    zone; ``zone`` empty: no block."""

    kind: ClassVar[str] = "block"
    nation: str = ""
    zone: str = ""
    unit: int = 0

    def __str__(self) -> str:
        if not self.zone:
            return f"{self.nation} block nothing"
        return f"{self.nation} block {self.zone}, giving up {unit_ids((self.unit,))}"


@dataclass(frozen=True, slots=True)
class ReactionMove(Action):
    """12.3.2: one zone, to join the battle (``to`` is the leader's zone) or to wait."""

    kind: ClassVar[str] = "reaction_move"
    nation: str = ""
    units: tuple[int, ...] = ()
    to: str = ""

    def __str__(self) -> str:
        return f"{self.nation} react with {unit_ids(self.units)} to {self.to}"


@dataclass(frozen=True, slots=True)
class EndReaction(Action):
    """12.3.2: this nation's reaction moves are over."""

    kind: ClassVar[str] = "end_reaction"
    nation: str = ""

    def __str__(self) -> str:
        return f"{self.nation} end reaction"


@dataclass(frozen=True, slots=True)
class DeclareRaid(Action):
    """12.3.3: announce, before the reaction moves, a raid in the campaigning leader's zone."""

    kind: ClassVar[str] = "declare_raid"
    nation: str = ""
    zone: str = ""

    def __str__(self) -> str:
        return f"{self.nation} announce a raid on {self.zone}"


CAMPAIGN_ACTIONS: tuple[type[Action], ...] = (
    CampaignMove,
    DeclareRaid,
    EndCampaign,
    Block,
    ReactionMove,
    EndReaction,
)

#: every action class of Italia I and II (a variant's codec adds its own, ``ItaliaRules``)
CODEC_CLASSES: tuple[type[Action], ...] = (
    *ACTION_CLASSES,
    *COMBAT_ACTIONS,
    Revolt,
    *CAMPAIGN_ACTIONS,
)
CODEC = ActionCodec(CODEC_CLASSES)
