"""AI opponents, from random to information-set search, and tournaments between them.

>>> from dweebies_widget import Game
>>> from dweebies_widget.ai import GreedyPlayer
>>> import random
>>> game = Game(players=2, seed=7)
>>> game.is_legal(GreedyPlayer().choose(game.view(0), random.Random(0)))
True

Every player has a ``name``, ``choose(view, rng) -> Move`` and ``analyze(view) -> {move:
value}``; a plain function ``f(view, rng) -> Move`` can play too (:func:`as_player`).
:func:`review` looks back over a game and judges every move from what its player could see.
"""

from .base import FunctionPlayer, Player, Strategy, as_player
from .beliefs import beliefs, hold_chances
from .cautious import CautiousPlayer
from .expert import ExpertPlayer
from .greedy import GreedyPlayer
from .random_player import RandomPlayer
from .review import (
    BEST,
    BLUNDER,
    GOOD,
    INACCURACY,
    LABELS,
    MISTAKE,
    MoveReview,
    Review,
    review,
)
from .tournament import (
    GameRecord,
    PlayerRow,
    TournamentResult,
    play_game,
    plot_win_rates,
    tournament,
)

__all__ = [
    "BEST",
    "BLUNDER",
    "CautiousPlayer",
    "ExpertPlayer",
    "FunctionPlayer",
    "GOOD",
    "GameRecord",
    "GreedyPlayer",
    "INACCURACY",
    "LABELS",
    "MISTAKE",
    "MoveReview",
    "Player",
    "PlayerRow",
    "RandomPlayer",
    "Review",
    "Strategy",
    "TournamentResult",
    "as_player",
    "beliefs",
    "hold_chances",
    "play_game",
    "plot_win_rates",
    "review",
    "tournament",
]
