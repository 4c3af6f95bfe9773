"""Dweebies in Jupyter: the rules core, AI opponents and a clickable widget.

>>> from dweebies_widget import Game, Move
>>> game = Game(players=2, seed=7)
>>> game.legal_cells()
{(0, 0)}
"""

from importlib import metadata as _metadata

from .cards import COPIES, DECK_SIZE, LOOKS, NAMES, NUM_DWEEBIES, Look, copies, look, name
from .game import (
    CENTER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Draw,
    Game,
    GameError,
    IllegalMoveError,
    Move,
    Placement,
    PlayResult,
    Position,
    Rules,
    SaveError,
    View,
    deal_hidden,
    shuffle,
    shuffled_deck,
)

__all__ = [
    "CENTER",
    "DweebiesWidget",
    "COPIES",
    "DECK_SIZE",
    "LOOKS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
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
    "Position",
    "Rules",
    "SaveError",
    "TutorialWidget",
    "View",
    "copies",
    "deal_hidden",
    "look",
    "name",
    "shuffle",
    "shuffled_deck",
]

try:  # the version is written once, in pyproject.toml; the installed metadata has it
    __version__ = _metadata.version("dweebies-widget")
except _metadata.PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"


def __getattr__(name: str) -> object:
    # The widget needs ipywidgets and ipycanvas; the rules core must not import them, so
    # ``DweebiesWidget`` is loaded only when asked for.
    if name == "DweebiesWidget":
        from .widget.app import DweebiesWidget

        return DweebiesWidget
    if name == "TutorialWidget":
        from .widget.tutorial_app import TutorialWidget

        return TutorialWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
