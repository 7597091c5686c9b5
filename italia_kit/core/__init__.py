"""The game-agnostic engine: state protocol, actions, decisions, the random source (dice,
bags, decks) and the players' streams, events, save/load.

Nothing here knows Italia; the four games that follow use the same core.
"""

from italia_kit.core.actions import Action, ActionCodec, ScriptDice
from italia_kit.core.collector import fewer_collections
from italia_kit.core.decision import Decision, Order
from italia_kit.core.dice import Dice
from italia_kit.core.errors import (
    ChanceError,
    EmptyBagError,
    EmptyDeckError,
    IllegalActionError,
    InvalidActionError,
    SaveFileError,
)
from italia_kit.core.events import HIDDEN_FROM, NO_ACTOR, VISIBLE_TO, Event, EventLog
from italia_kit.core.game import Context, Game, GameState, Rules
from italia_kit.core.players import (
    BySeat,
    PassivePlayer,
    Player,
    RandomPlayer,
    ScriptedPlayer,
    play,
)
from italia_kit.core.randomness import Bag, Deck, Randomness
from italia_kit.core.save import (
    GameRef,
    game_from_json,
    game_to_json,
    load_game,
    replay_into,
    save_game,
)
from italia_kit.core.streams import Bits, Stream

__all__ = [
    "HIDDEN_FROM",
    "NO_ACTOR",
    "VISIBLE_TO",
    "Action",
    "ActionCodec",
    "Bag",
    "Bits",
    "BySeat",
    "ChanceError",
    "Context",
    "Decision",
    "Deck",
    "Dice",
    "EmptyBagError",
    "EmptyDeckError",
    "Event",
    "EventLog",
    "Game",
    "GameRef",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "Order",
    "PassivePlayer",
    "Player",
    "RandomPlayer",
    "Randomness",
    "Rules",
    "SaveFileError",
    "ScriptDice",
    "ScriptedPlayer",
    "Stream",
    "fewer_collections",
    "game_from_json",
    "game_to_json",
    "load_game",
    "play",
    "replay_into",
    "save_game",
]
