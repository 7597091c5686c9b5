"""The game-agnostic engine: state protocol, actions, decisions, dice, events, save/load.

Nothing here knows Italia; the four games that follow use the same core.
"""

from .actions import Action, ActionCodec, ScriptDice
from .collector import fewer_collections
from .decision import Decision
from .dice import Dice
from .errors import IllegalActionError, InvalidActionError, SaveFileError
from .events import Event, EventLog
from .game import Context, Game, GameState, Rules
from .players import PassivePlayer, Player, RandomPlayer, ScriptedPlayer, play
from .save import game_from_json, game_to_json, load_game, register_rules, save_game

__all__ = [
    "Action",
    "ActionCodec",
    "Context",
    "Decision",
    "Dice",
    "Event",
    "EventLog",
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "PassivePlayer",
    "Player",
    "RandomPlayer",
    "Rules",
    "SaveFileError",
    "ScriptDice",
    "ScriptedPlayer",
    "fewer_collections",
    "game_from_json",
    "game_to_json",
    "load_game",
    "play",
    "register_rules",
    "save_game",
]
