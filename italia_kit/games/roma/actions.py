"""Roma's actions: one frozen dataclass per kind, each naming the population that takes it
(the seat: Roma's seats are its populations).

>>> CODEC.from_json(
...     {"kind": "march", "population": "ITALIA", "frm": "Roma", "to": "Etruria", "n": 2}
... )
March(population='ITALIA', frm='Roma', to='Etruria', n=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from italia_kit.core import Action, ActionCodec

__all__ = [
    "CODEC",
    "AgreeLosses",
    "Assassin",
    "Attack",
    "BreakAlliance",
    "Consent",
    "Declare",
    "Diplomat",
    "Discard",
    "Done",
    "Embark",
    "Engineer",
    "Expel",
    "Interdict",
    "Join",
    "KeepAlliance",
    "Land",
    "March",
    "PlaceTent",
    "PlaceUnit",
    "PlayCharisma",
    "Reinforce",
    "ReturnToPort",
    "RomaAction",
    "Sail",
    "ShareLosses",
    "Strike",
    "Withdraw",
]


@dataclass(frozen=True, slots=True)
class RomaAction(Action):
    kind: ClassVar[str] = "roma"
    population: str = ""


@dataclass(frozen=True, slots=True)
class PlaceTent(RomaAction):
    """4.3: a Province marker next to the capital or to a Province of the same population."""

    kind: ClassVar[str] = "place_tent"
    territory: str = ""


@dataclass(frozen=True, slots=True)
class PlaceUnit(RomaAction):
    """4.3: one of the starting legions or ships, in the capital or a Province."""

    kind: ClassVar[str] = "place_unit"
    territory: str = ""
    unit: str = "legion"


@dataclass(frozen=True, slots=True)
class Done(RomaAction):
    """Ends the present step (placing reinforcements, diplomacy, assassins, a movement, the
    landings, the attacks)."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class PlayCharisma(RomaAction):
    """7.2: a Charisma card for 2 more legions or ships."""

    kind: ClassVar[str] = "play_charisma"


@dataclass(frozen=True, slots=True)
class Reinforce(RomaAction):
    """7.2: one reinforcement, a legion or a ship, in the own capital, an own Province or a
    captured capital."""

    kind: ClassVar[str] = "reinforce"
    territory: str = ""
    unit: str = "legion"


@dataclass(frozen=True, slots=True)
class Discard(RomaAction):
    """7.1: discard these cards, then draw back to 3."""

    kind: ClassVar[str] = "discard"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Diplomat(RomaAction):
    """8.2-8.3: a Diplomat card towards ``target`` (a pact), offering an alliance too."""

    kind: ClassVar[str] = "diplomat"
    target: str = ""
    alliance: bool = False


@dataclass(frozen=True, slots=True)
class Consent(RomaAction):
    """8.3: the answer of the population offered an alliance."""

    kind: ClassVar[str] = "consent"
    accept: bool = False


@dataclass(frozen=True, slots=True)
class BreakAlliance(RomaAction):
    """8.3, 8.31: break the alliance with ``target``: in the own Diplomacy phase (8.3), or at
    once when ``target`` interdicts beside it (12.3 note) or withdraws from a battle it is
    left fighting (13.12)."""

    kind: ClassVar[str] = "break_alliance"
    target: str = ""


@dataclass(frozen=True, slots=True)
class Expel(RomaAction):
    """8.31: the controller of a port sends the former ally's ships there into a sea zone."""

    kind: ClassVar[str] = "expel"
    sea: str = ""


@dataclass(frozen=True, slots=True)
class Assassin(RomaAction):
    """9.1: an Assassin card against ``target``."""

    kind: ClassVar[str] = "assassin"
    target: str = ""


@dataclass(frozen=True, slots=True)
class Engineer(RomaAction):
    """10.1: declare ``n`` Military Engineering cards for this turn's attacks."""

    kind: ClassVar[str] = "engineer"
    n: int = 0


@dataclass(frozen=True, slots=True)
class March(RomaAction):
    """11.1: ``n`` legions into an adjacent territory, empty or allied."""

    kind: ClassVar[str] = "march"
    frm: str = ""
    to: str = ""
    n: int = 1


@dataclass(frozen=True, slots=True)
class Embark(RomaAction):
    """11.2: ``n`` legions onto the own ships in port, 4 a ship."""

    kind: ClassVar[str] = "embark"
    territory: str = ""
    n: int = 1


@dataclass(frozen=True, slots=True)
class Sail(RomaAction):
    """12.1: ``ships`` ships (with ``legions`` aboard) from ``frm`` through ``path`` (one or two
    sea zones; leaving a port costs one of the two moves)."""

    kind: ClassVar[str] = "sail"
    frm: str = ""
    path: tuple[str, ...] = ()
    ships: int = 1
    legions: int = 0


@dataclass(frozen=True, slots=True)
class Interdict(RomaAction):
    """12.3: whether to try to stop the fleet entering the sea zone."""

    kind: ClassVar[str] = "interdict"
    attempt: bool = False


@dataclass(frozen=True, slots=True)
class Join(RomaAction):
    """12.3 note: an ally of the interceptor joins the interdiction (``leave_to`` empty) or,
    taking no part, leaves the sea zone for the adjacent ``leave_to``."""

    kind: ClassVar[str] = "join"
    leave_to: str = ""


@dataclass(frozen=True, slots=True)
class Land(RomaAction):
    """12.5: ``n`` legions from the ships in ``sea`` into the coastal ``territory``."""

    kind: ClassVar[str] = "land"
    sea: str = ""
    territory: str = ""
    n: int = 1


@dataclass(frozen=True, slots=True)
class Attack(RomaAction):
    """11.1, 13.2: ``n`` legions attack the adjacent enemy territory ``to``."""

    kind: ClassVar[str] = "attack"
    frm: str = ""
    to: str = ""
    n: int = 1


@dataclass(frozen=True, slots=True)
class Declare(RomaAction):
    """13.1: ``n`` Military Advantage cards declared for this battle (naval CMN, land CMT)."""

    kind: ClassVar[str] = "declare"
    n: int = 0


@dataclass(frozen=True, slots=True)
class Withdraw(RomaAction):
    """13.12: at the start of a round, withdraw (to ``to``: a port, or where the legions came
    from) or, ``to`` empty, fight on."""

    kind: ClassVar[str] = "withdraw"
    to: str = ""


@dataclass(frozen=True, slots=True)
class Strike(RomaAction):
    """13.11: a round won by 7 or more: 2 ships of the loser's choice (``two``) or 1 of the
    winner's (a loaded one, with what it carries)."""

    kind: ClassVar[str] = "strike"
    two: bool = True
    ship_of: str = ""


@dataclass(frozen=True, slots=True)
class ShareLosses(RomaAction):
    """13.13: the losing side's leader proposes who of the allies loses the pieces, one
    population named a piece (sorted)."""

    kind: ClassVar[str] = "share_losses"
    split: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AgreeLosses(RomaAction):
    """13.13: an ally named in the proposal agrees to it, or refuses (then the losses fall in
    proportion to the fleets)."""

    kind: ClassVar[str] = "agree_losses"
    accept: bool = True


@dataclass(frozen=True, slots=True)
class KeepAlliance(RomaAction):
    """13.12: an ally left fighting when ``target`` withdrew keeps the alliance (its other
    answer is ``BreakAlliance``)."""

    kind: ClassVar[str] = "keep_alliance"
    target: str = ""


@dataclass(frozen=True, slots=True)
class ReturnToPort(RomaAction):
    """End of Turn: the ships of the population in ``sea`` go to ``port``, one of the nearest
    allied ports with room (as many as it takes, with the legions aboard)."""

    kind: ClassVar[str] = "return_to_port"
    sea: str = ""
    port: str = ""


CODEC = ActionCodec(
    [
        PlaceTent,
        PlaceUnit,
        Done,
        PlayCharisma,
        Reinforce,
        Discard,
        Diplomat,
        Consent,
        BreakAlliance,
        Expel,
        Assassin,
        Engineer,
        March,
        Embark,
        Sail,
        Interdict,
        Join,
        Land,
        Attack,
        Declare,
        Withdraw,
        Strike,
        ShareLosses,
        AgreeLosses,
        KeepAlliance,
        ReturnToPort,
    ]
)
