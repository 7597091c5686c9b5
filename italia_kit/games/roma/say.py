"""Roma's actions as sentences a person chooses from (the classroom's list of a human seat's
legal actions, the presenter's ``action_text``).

Each sentence names the population that acts, says what it does in the rulebook's words and
ends with the rule, so a learner can look it up. Places are named as the board prints them,
with their number (territories) or letter (sea zones) first: "32 Aegyptus", "F Mare
Sardoum" (the map's labels read the same way).

>>> from italia_kit.games.roma import actions as a
>>> from italia_kit.games.roma.board import roma_map
>>> m = roma_map()
>>> sentence(None, a.March("EGITTO", "Arabia", "Aegyptus", 1)) == (
...     f"EGITTO: march 1 legion from {m.code('Arabia')} Arabia "
...     f"into {m.code('Aegyptus')} Aegyptus (11.1)"
... )
True
>>> sentence(None, a.Consent("ITALIA", accept=False))
'ITALIA: refuse the alliance offered (8.3)'
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from italia_kit.core import Action
from italia_kit.games.roma import actions as a
from italia_kit.games.roma.board import roma_map

__all__ = ["CARD_NAMES", "place", "sentence"]

#: The action cards by the short names the kit keeps in hands (Components).
CARD_NAMES = {
    "C": "Charisma",
    "SIC": "Assassin",
    "CMN": "Naval Military Advantage",
    "CMT": "Land Military Advantage",
    "CIN": "Military Engineering",
    "DIP": "Diplomat",
}

#: What "done" ends in each phase (the step the population is in), and the rule.
DONE_TEXT = {
    "setup_tent": ("place no more Province markers", "4.3"),
    "setup_unit": ("place no more pieces", "4.3"),
    "recruit": ("place no more reinforcements", "7.2"),
    "cards": ("keep the cards", "7.1"),
    "diplomacy": ("send no more Diplomats", "8.2"),
    "assassin": ("send no more Assassins", "9.1"),
    "engineering": ("declare no Military Engineering", "10.1"),
    "land": ("end the land movement", "11.1"),
    "naval": ("end the naval movement", "12.1"),
    "landing": ("land no more legions", "12.5"),
    "combat": ("make no more attacks", "13.2"),
}


def place(name: str) -> str:
    """A territory or sea zone as the board labels it: its number or letter, then its name.

    >>> place("Roma") == f"{roma_map().number['Roma']} Roma"
    True
    >>> place("Atlantis")  # not on the board: the name alone
    'Atlantis'
    """
    m = roma_map()
    if name in m.number or name in m.letter:
        return f"{m.code(name)} {name}"
    return name


def _n(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _cards(cards: tuple[str, ...]) -> str:
    """Cards by name and number: "2 Land Military Advantage cards and 1 Assassin card"."""
    named = [_n(n, f"{CARD_NAMES.get(c, c)} card") for c, n in Counter(cards).items()]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _split(split: tuple[str, ...]) -> str:
    counts = Counter(split)
    return ", ".join(f"{p} {_n(n, 'piece')}" for p, n in counts.items())


def _what(state: Any, action: Action) -> tuple[str, str]:
    """What the action does, and the rule it follows."""
    match action:
        case a.PlaceTent(territory=t):
            return f"put a Province marker in {place(t)}", "4.3"
        case a.PlaceUnit(territory=t, unit=unit):
            return f"place a starting {unit} in {place(t)}", "4.3"
        case a.Reinforce(territory=t, unit=unit):
            return f"place a reinforcement {unit} in {place(t)}", "7.2"
        case a.PlayCharisma():
            return "play a Charisma card for 2 more legions or ships", "7.2"
        case a.Discard(cards=cards):
            if not cards:
                return "discard nothing and keep the hand", "7.1"
            return f"discard {_cards(cards)}, then draw back to 3", "7.1"
        case a.Diplomat(target=target, alliance=alliance):
            offer = ", offering an alliance" if alliance else " for a pact"
            return f"send a Diplomat to {target}{offer}", "8.2"
        case a.Consent(accept=accept):
            return ("accept" if accept else "refuse") + " the alliance offered", "8.3"
        case a.BreakAlliance(target=target):
            return f"break the alliance with {target}", "8.3"
        case a.KeepAlliance(target=target):
            return f"keep the alliance with {target}, who withdrew", "13.12"
        case a.Expel(sea=sea):
            return f"expel the former ally's ships into {place(sea)}", "8.31"
        case a.Assassin(target=target):
            return f"send an Assassin against {target}", "9.1"
        case a.Engineer(n=n):
            if n == 0:
                return "declare no Military Engineering cards", "10.1"
            return f"declare {_n(n, 'Military Engineering card')} for this turn's attacks", "10.1"
        case a.March(frm=frm, to=to, n=n):
            return f"march {_n(n, 'legion')} from {place(frm)} into {place(to)}", "11.1"
        case a.Embark(territory=t, n=n):
            return f"embark {_n(n, 'legion')} in {place(t)} onto the ships in port", "11.2"
        case a.Sail(frm=frm, path=path, ships=ships, legions=legions):
            aboard = f" with {_n(legions, 'legion')} aboard" if legions else ""
            route = " then ".join(place(s) for s in path)
            return f"sail {_n(ships, 'ship')}{aboard} from {place(frm)} to {route}", "12.1"
        case a.Interdict(attempt=attempt):
            if attempt:
                return "try to interdict the fleet entering the sea zone", "12.3"
            return "let the fleet pass", "12.3"
        case a.Join(leave_to=leave_to):
            if not leave_to:
                return "join the ally's interdiction", "12.3"
            return f"take no part and leave for {place(leave_to)}", "12.3"
        case a.Land(sea=sea, territory=t, n=n):
            return f"land {_n(n, 'legion')} from {place(sea)} in {place(t)}", "12.5"
        case a.Attack(frm=frm, to=to, n=n):
            return f"attack {place(to)} with {_n(n, 'legion')} from {place(frm)}", "13.2"
        case a.Declare(n=n):
            if n == 0:
                return "declare no Military Advantage cards for this battle", "13.1"
            return f"declare {_n(n, 'Military Advantage card')} for this battle", "13.1"
        case a.Withdraw(to=to):
            if not to:
                return "fight on", "13.12"
            return f"withdraw to {place(to)}", "13.12"
        case a.Strike(two=True):
            return "sink 2 ships of the loser's choice", "13.11"
        case a.Strike(ship_of=whose):
            whose_ = f" of {whose}" if whose else ""
            return f"pick a loaded ship{whose_} to sink, with what it carries", "13.11"
        case a.ShareLosses(split=split):
            if not split:
                return "propose no losses", "13.13"
            return f"propose the losses: {_split(split)}", "13.13"
        case a.AgreeLosses(accept=accept):
            if accept:
                return "agree to the proposed losses", "13.13"
            return "refuse the proposal: the losses fall in proportion to the fleets", "13.13"
        case a.ReturnToPort(sea=sea, port=port):
            return f"bring the ships in {place(sea)} home to {place(port)}", "End of Turn"
        case a.Done():
            phase = getattr(state, "phase", "")
            return DONE_TEXT.get(phase, ("end this step", phase or "5.1"))
    return str(action), ""


def sentence(state: Any, action: Action) -> str:
    """``action`` as a sentence: "POPULATION: what it does (rule)". ``state`` (a
    ``RomaState``, or None) tells what a "done" ends; other actions need none."""
    what, rule = _what(state, action)
    who = getattr(action, "population", "")
    said = f"{who}: {what}" if who else what
    return f"{said} ({rule})" if rule else said
