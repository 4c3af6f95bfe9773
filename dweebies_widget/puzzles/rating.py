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

A ``where`` puzzle asks where a card may go, which every ladder player knows (they play
only legal moves), so there the measure is the size of the task instead: with ``F`` the
empty cells next to a card (where a card may go when the table is not split), ``L`` the
legal cells and ``G`` the groups,

    D = log2(F / L) + (G - 2) + log2(L) / 2

(more tempting cells per legal one, more groups and more cells to find make it harder),
rated with the same steps.  The shares are then recorded as empty.

>>> rating_of(1.0), rating_of(3.0), rating_of(9.0)
(1, 2, 5)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from .. import grid
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
    for ``where``)."""
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


def measure(
    game: Game, seat: int, kind: str, answer: frozenset[Any], dweebie: int | None = None
) -> Measure:
    """Measure the difficulty of the puzzle of ``kind`` with ``answer`` in ``game`` for
    ``seat`` (see the module docstring)."""
    view = game.view(seat)
    moves = len(view.legal_moves())
    if kind == "where":
        legal = max(1, len(answer))
        frontier = len(grid.frontier(view.board))
        groups = len(game.groups)
        difficulty = (
            math.log2(max(frontier, legal) / legal) + max(0, groups - 2) + math.log2(legal) / 2
        )
        difficulty = round(difficulty, 3)
        return Measure((), moves, difficulty, rating_of(difficulty))
    shares = []
    for player in ladder():
        found = 0
        for s in range(SEEDS):
            move = player.choose(view, random.Random(f"puzzle-rating:{s}"))
            found += move in answer
        shares.append(round(found / SEEDS, 3))
    difficulty = round((4 - sum(shares)) + math.log2(max(moves, 1)) / 4, 3)
    return Measure(tuple(shares), moves, difficulty, rating_of(difficulty))
