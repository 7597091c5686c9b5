"""The rules of Italia I and II, one module per rule area, citing the rulebook's sections.

>>> from italia_kit.games.italia import new_game
>>> game = new_game("italia1", seed=7)
>>> game.decision.kind
'buy'
"""

from italia_kit.games.italia.actions import (
    Buy,
    DeclareCapital,
    Disembark,
    Embark,
    EndCombat,
    EndMovement,
    EndPurchase,
    Move,
    Place,
    RemoveUnit,
)
from italia_kit.games.italia.match import ByColour, final_scores, play_game, scores_by_turn
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.rules import ItaliaRules
from italia_kit.games.italia.setup import ItaliaGame, new_game, world_of
from italia_kit.games.italia.stacking import AttackAnswer, Limit, can_attack, stacking_limit
from italia_kit.games.italia.state import ItaliaState, Unit
from italia_kit.games.italia.tutorial import Position
from italia_kit.games.italia.units import UnitType
from italia_kit.games.italia.world import World

__all__ = [
    "AttackAnswer",
    "Buy",
    "ByColour",
    "DeclareCapital",
    "Disembark",
    "Embark",
    "EndCombat",
    "EndMovement",
    "EndPurchase",
    "ItaliaGame",
    "ItaliaRules",
    "ItaliaState",
    "Limit",
    "Move",
    "Place",
    "Position",
    "RemoveUnit",
    "Rulebook",
    "Unit",
    "UnitType",
    "World",
    "can_attack",
    "final_scores",
    "new_game",
    "play_game",
    "scores_by_turn",
    "stacking_limit",
    "world_of",
]
