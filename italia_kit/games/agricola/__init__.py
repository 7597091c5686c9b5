"""*Agricola, Master of Britain* (Tom Russell, Hollandspiele 2016): the solitaire game of
Roman Britain, its tribes played by the rules alone (game id ``agricola``)."""

from italia_kit.games.agricola.setup import new_game

__all__ = ["new_game"]
