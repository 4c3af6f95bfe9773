"""Dweebies in Jupyter: the rules core, and (to come) a widget, AI opponents and notebooks.

>>> from dweebies_widget import Game, Move
>>> game = Game(players=2, seed=7)
>>> game.legal_cells()
{(0, 0)}
"""

from .cards import COPIES, DECK_SIZE, LOOKS, NAMES, NUM_DWEEBIES, Look, copies, look, name
from .game import (
    CENTER,
    Draw,
    Game,
    GameError,
    IllegalMoveError,
    Move,
    Placement,
    PlayResult,
    Rules,
    SaveError,
    View,
    shuffled_deck,
)

__all__ = [
    "CENTER",
    "COPIES",
    "DECK_SIZE",
    "LOOKS",
    "NAMES",
    "NUM_DWEEBIES",
    "Draw",
    "Game",
    "GameError",
    "IllegalMoveError",
    "Look",
    "Move",
    "Placement",
    "PlayResult",
    "Rules",
    "SaveError",
    "View",
    "copies",
    "look",
    "name",
    "shuffled_deck",
]

__version__ = "0.1.0"
