"""The Roman player's actions as sentences a person chooses from (the classroom's list of a
human seat's legal actions, the presenter's ``action_text``).

Actions hold numbers (boxes, legions, counters, squares: :mod:`.actions`); a sentence names
them as the board and the counters print them: the legions by name ("XX Valeria Victrix"),
the boxes by their tribe or camp, the counters by :data:`.mechanics.NAME` ("1-aquila 3",
"Silures 2"), the squares of the Tactical Display as :mod:`.display` names them ("Roman 4",
"Enemy 2"). Each ends with its rule.

>>> from italia_kit.games.agricola import actions as a
>>> from italia_kit.games.agricola.geography import BOX
>>> from italia_kit.games.agricola.setup import new_game
>>> state = new_game(seed=1).state
>>> sentence(state, a.PlaceAgricola(2))
'Rome: place Agricola with XX Valeria Victrix (3.0)'
>>> sentence(state, a.Negotiate(BOX["Silures"], 3))  # doctest: +ELLIPSIS
'Rome: negotiate with Silures ..., the top-most Tribal Unit in Silures, for 3 coins (6.0)'
"""

from __future__ import annotations

from collections import Counter

from italia_kit.core import Action
from italia_kit.games.agricola import actions as a
from italia_kit.games.agricola.display import BACK, enemy_square, roman_square
from italia_kit.games.agricola.geography import CAMPS, NAMES
from italia_kit.games.agricola.housekeeping import RECRUIT_COST, VP_PRICE
from italia_kit.games.agricola.mechanics import IS_LEGIONARY, NAME, aquilae
from italia_kit.games.agricola.state import AgricolaState
from italia_kit.games.agricola.tables import LEGIONS

__all__ = ["DONE_TEXT", "sentence", "unit_name"]

#: What "done" ends at each step of the Roman player's (the rule that offers it).
DONE_TEXT = {
    "deploy": ("deploy no more units", "8.3"),
    "promote": ("promote no more units", "8.6"),
    "battle_reorganize": ("reorganise no more", "8.6"),
    "buy_auxiliary": ("buy no more Auxiliaries", "9.5"),
    "public_works": ("build no more Public Works", "9.6"),
    "spend_vp": ("spend no more", "9.7"),
}


def _legions(legions: tuple[int, ...]) -> str:
    names = [LEGIONS[k] for k in legions]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def unit_name(state: AgricolaState, counter: int) -> str:
    """A Roman Battle Unit as a person tells it apart: a legionary counter with its aquilae
    (a 2/3-aquila counter shows either side), an Auxiliary as the tribal counter it is.

    >>> from italia_kit.games.agricola.setup import new_game
    >>> from italia_kit.games.agricola.tables import ONE_AQUILA
    >>> unit_name(new_game(seed=1).state, ONE_AQUILA[0])
    '1-aquila 1'
    """
    if not IS_LEGIONARY[counter]:
        return f"the {NAME[counter]} Auxiliary"
    if NAME[counter].startswith("2/3"):
        return f"{NAME[counter]} ({aquilae(state, counter)} aquilae)"
    return NAME[counter]


def _legion_of(state: AgricolaState, counter: int) -> str:
    for k, holding in enumerate(state.holding):
        if counter in holding:
            return f" of {LEGIONS[k]}"
    return ""


def _box(box: int) -> str:
    """A box as a place: a camp by its name, a tribal box as its tribe's territory."""
    return NAMES[box] if box in CAMPS else f"the {NAMES[box]}"


def _legion_action(state: AgricolaState, act: a.LegionAction) -> str:
    home = state.legion_box[act.legions[0]]
    box = home if act.to == -1 else act.to
    who = _legions(act.legions)
    moving = "" if act.to == -1 else f", moving from {NAMES[home]}"
    if act.order == a.BATTLE:
        return f"Battle with {who} against {_box(box)}{moving}"
    if act.order == a.SUPPRESS:
        return f"Suppress {_box(box)} with {who}{moving}"
    if act.order == a.GARRISON:
        n = act.unit
        text = f"Garrison {_box(box)} with {who}{moving}, giving up a {n}-aquila unit"
        if act.extra != -1:
            text += f"; Agricola eliminates the top-most Tribal Unit of {_box(act.extra)}"
        return text
    text = f"Peacekeeping in {_box(box)} with {who}{moving}"
    if act.extra != -1:
        text += f", then on with Agricola to {_box(act.extra)}"
    return text


def _recruit(legions: tuple[int, ...]) -> str:
    n = len(legions)
    each = Counter(legions)
    to = ", ".join(f"{c} to {LEGIONS[k]}" for k, c in sorted(each.items()))
    units = "a one-aquila unit" if n == 1 else f"{n} one-aquila units"
    return f"spend {RECRUIT_COST[n]} VP on {units} ({to})"


def _what(state: AgricolaState, action: Action) -> tuple[str, str]:
    """What the action does, and its rule."""
    battle = state.battle
    match action:
        case a.PlaceAgricola(legion=k):
            return f"place Agricola with {LEGIONS[k]}", "3.0"
        case a.AssignAuxiliary(legion=k):
            rule = "3.0" if state.phase == "setup" else "9.5"
            return f"put the Auxiliary just drawn in the Holding Box of {LEGIONS[k]}", rule
        case a.Attach(legion=k):
            return f"attach Agricola to {LEGIONS[k]}", "6.0"
        case a.Reorganize(moves=moves):
            rule = "8.6" if state.step == "battle_reorganize" else "6.0"
            moved = "; ".join(
                f"move {unit_name(state, c)}{_legion_of(state, c)} to {LEGIONS[k]}"
                for c, k in moves
            )
            return (f"Reorganize Legions: {moved}" if moved else "reorganise nothing"), rule
        case a.Negotiate(box=box, coins=coins):
            stack = state.stacks[box]
            top = f"{NAME[stack[-1]]}, the top-most Tribal Unit in " if stack else "the tribes of "
            return f"negotiate with {top}{NAMES[box]}, for {coins} coin{'s' * (coins > 1)}", "6.0"
        case a.LegionAction():
            return _legion_action(state, action), "5.2"
        case a.Pass():
            return "pass, forgoing the remaining Legion Actions of the turn", "5.2"
        case a.RaidLoss(unit=c):
            return f"lose {unit_name(state, c)}{_legion_of(state, c)} to the raid", "7.1"
        case a.AmbushLegion(legion=k):
            return f"fight the ambush with {LEGIONS[k]}", "8.3"
        case a.Deploy(unit=c, square=square):
            row = "the back row" if square in BACK else "the front row"
            where = f"{roman_square(square)} in {row}"
            return f"deploy {unit_name(state, c)}{_legion_of(state, c)} to {where}", "8.3"
        case a.Target(number=number):
            enemy = battle.enemy[number - 1] if battle is not None else -1
            on = f" ({NAME[enemy]})" if enemy >= 0 else ""
            return f"attack {enemy_square(number)}{on}", "8.4"
        case a.Shift(unit=c, square=square):
            at = ""
            if battle is not None and c in battle.roman:
                at = f" from {roman_square(battle.roman.index(c))}"
            hole = f"the Hole In The Line at {roman_square(square)}"
            return f"shift {unit_name(state, c)}{at} into {hole}", "8.5"
        case a.Promote(unit=c):
            return f"promote {unit_name(state, c)}{_legion_of(state, c)}", "8.6"
        case a.BuyAuxiliary():
            return "pay 1 coin and draw an Auxiliary from the Friendly Cup", "9.5"
        case a.PublicWorks(box=box):
            change = (
                'Garrison into a "+2" Settlement'
                if state.garrison[box] >= 0
                else 'Settlement from "+2" to "+3"'
            )
            return f"pay 2 coins to turn the {change} in {NAMES[box]}", "9.6"
        case a.BuyVictoryPoint():
            return f"pay {VP_PRICE} coins for 1 VP", "9.7"
        case a.Recruit(legions=legions):
            return _recruit(legions), "9.7"
        case a.Done():
            return DONE_TEXT.get(state.step, ("end this step", ""))
    return str(action), ""


def sentence(state: AgricolaState, action: Action) -> str:
    """``action`` as a sentence: "Rome: what it does (rule)"."""
    what, rule = _what(state, action)
    return f"Rome: {what} ({rule})" if rule else f"Rome: {what}"
