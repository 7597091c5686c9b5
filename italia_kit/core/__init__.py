"""The game-agnostic engine: state protocol, actions, decisions, dice, events, save/load.

Nothing here knows Italia; the four games that follow use the same core.
"""

from italia_kit.core.actions import Action, ActionCodec, ScriptDice
from italia_kit.core.collector import fewer_collections
from italia_kit.core.decision import Decision
from italia_kit.core.dice import Dice
from italia_kit.core.errors import IllegalActionError, InvalidActionError, SaveFileError
from italia_kit.core.events import Event, EventLog
from italia_kit.core.game import Context, Game, GameState, Rules
from italia_kit.core.players import PassivePlayer, Player, RandomPlayer, ScriptedPlayer, play
from italia_kit.core.save import GameRef, game_from_json, game_to_json, load_game, save_game

__all__ = [
    "Action",
    "ActionCodec",
    "Context",
    "Decision",
    "Dice",
    "Event",
    "EventLog",
    "Game",
    "GameRef",
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
    "save_game",
]
