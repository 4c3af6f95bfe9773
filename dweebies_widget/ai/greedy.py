"""Level 2, Greedy: take as many cards as possible right now.

For every card in its hand and every legal cell, Greedy asks the rules what that placement
would collect, and plays the move that collects the most.  When several moves are equally
good (often: none collects anything) it picks one of them at random.

Greedy never thinks about what its move leaves for the next player, which is its weakness:
a card placed next to a line can hand the opponent that whole line.
"""

from __future__ import annotations

import random

from ..game import Move, View
from .base import best_moves


def immediate_gains(view: View) -> dict[Move, float]:
    """Cards each legal move would collect now."""
    gains = view.public_game().collect_map()
    return {m: float(gains.get(m.cell, {}).get(m.dweebie, 0)) for m in view.legal_moves()}


class GreedyPlayer:
    """Plays the move that collects the most cards now (ties broken at random).

    >>> from dweebies_widget import Game
    >>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20, 3], [4]])
    >>> GreedyPlayer().choose(game.view(0), random.Random(0))
    Move(dweebie=20, cell=(0, 2))
    """

    def __init__(self, name: str = "Greedy") -> None:
        self.name = name

    def analyze(self, view: View) -> dict[Move, float]:
        """Expected cards gained by each legal move: what it collects now."""
        return immediate_gains(view)

    def choose(self, view: View, rng: random.Random) -> Move:
        best = best_moves(self.analyze(view))
        return best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "GreedyPlayer()"
