"""Puzzle ratings, measured: which players of the AI ladder find the answer.

Each of the four ladder players is asked for its move in the puzzle's position, from the
solver's view, with :data:`SEEDS` fixed random seeds (the players break ties at random, and
the Expert's search is random): Random, Greedy, Cautious and the Expert at a fixed budget of
:data:`EXPERT_SIMULATIONS` simulations.  A player's **share** is the fraction of its seeded
tries that played an answer move.  With ``S`` the sum of the four shares (0 to 4) and ``M``
the number of legal moves, the **difficulty** is

    D = (4 - S) + log2(M) / 4

(every ladder player that misses it adds 1; a wider choice adds a little), and the rating is
1 for ``D < 3.0``, 2 below 3.8, 3 below 4.6, 4 below 5.4 and 5 from 5.4 on.  So, among
puzzles with 6 to 255 legal moves, one that only Random misses is rated 1, one that another
player misses too 2 (or 3 with many moves), one that only one player finds 3 or 4, and one
that the whole ladder misses 4 or 5 (with fewer moves or more, the log term can move a
puzzle by a step).

A kind may measure otherwise (:meth:`Kind.measure
<dweebies_widget.puzzles.kinds.base.Kind.measure>`): a ``where`` puzzle asks where a card
may go, which every ladder player knows, so it measures the size of the task
(:mod:`dweebies_widget.puzzles.kinds.where`), rated with the same steps.

>>> rating_of(1.0), rating_of(3.0), rating_of(9.0)
(1, 2, 5)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, RandomPlayer
from ..ai.base import Player
from ..game import Game

__all__ = ["EXPERT_SIMULATIONS", "LADDER", "SEEDS", "Measure", "ladder", "measure", "rating_of"]

#: The Expert's budget when rating (simulations per move).
EXPERT_SIMULATIONS = 200
#: How many seeded tries each ladder player gets.
SEEDS = 3
#: The ladder's names, weakest first, as recorded in :attr:`Measure.shares`.
LADDER = ("Random", "Greedy", "Cautious", "Expert")
#: The difficulty at which each rating above 1 starts.
STEPS = (3.0, 3.8, 4.6, 5.4)


def ladder() -> list[Player]:
    """The four rating players, weakest first."""
    return [
        RandomPlayer(),
        GreedyPlayer(),
        CautiousPlayer(),
        ExpertPlayer(simulations=EXPERT_SIMULATIONS),
    ]


@dataclass(frozen=True)
class Measure:
    """What a rating was measured from."""

    shares: tuple[float, ...]
    """For each of :data:`LADDER`, the fraction of its tries that found the answer (empty
    for a kind measured otherwise, such as ``where``)."""
    moves: int
    """Legal moves of the solver."""
    difficulty: float
    rating: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "shares": list(self.shares),
            "moves": self.moves,
            "difficulty": self.difficulty,
            "rating": self.rating,
        }


def rating_of(difficulty: float) -> int:
    """The rating (1-5) of a difficulty (see the module docstring)."""
    return 1 + sum(1 for step in STEPS if difficulty >= step)


def measure(game: Game, seat: int, answer: frozenset[Any]) -> Measure:
    """Measure the difficulty of the puzzle with ``answer`` (moves) in ``game`` for
    ``seat`` by the ladder (see the module docstring)."""
    view = game.view(seat)
    moves = len(view.legal_moves())
    shares = []
    for player in ladder():
        found = 0
        for s in range(SEEDS):
            move = player.choose(view, random.Random(f"puzzle-rating:{s}"))
            found += move in answer
        shares.append(round(found / SEEDS, 3))
    difficulty = round((4 - sum(shares)) + math.log2(max(moves, 1)) / 4, 3)
    return Measure(tuple(shares), moves, difficulty, rating_of(difficulty))
