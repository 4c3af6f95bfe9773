"""Level 1, Random: any legal move, each equally likely.

The simplest player there is.  It knows the rules (it only picks legal moves) but nothing
about playing well, which makes it the yardstick: any idea worth having should beat it.
"""

from __future__ import annotations

import random

from ..game import Move, View


class RandomPlayer:
    """Plays a legal move chosen uniformly at random.

    >>> from dweebies_widget import Game
    >>> game = Game(players=2, seed=7)
    >>> move = RandomPlayer().choose(game.view(0), random.Random(1))
    >>> game.is_legal(move)
    True
    """

    def __init__(self, name: str = "Random") -> None:
        self.name = name

    def choose(self, view: View, rng: random.Random) -> Move:
        moves = view.legal_moves()
        return moves[rng.randrange(len(moves))]

    def analyze(self, view: View) -> dict[Move, float]:
        """Every legal move is worth the same to a random player: its chance of being
        picked."""
        moves = view.legal_moves()
        return {m: 1.0 / len(moves) for m in moves}

    def __repr__(self) -> str:
        return "RandomPlayer()"
