"""A "perft" table: known legal-move counts along fixed random games.

These numbers guard move generation (rules sections 5 and 6: center, adjacency, split grids
and shortest bridges, collections).  They were generated once with the engine and checked in.
They must only change with a deliberate rule change; if a refactoring changes them, the
refactoring is wrong.

For each ``(players, seed)`` the game is ``Game(players, seed=seed)`` with default rules,
and ``rng = random.Random(seed)`` picks each move as ``moves[rng.randrange(len(moves))]``
from the sorted ``game.legal_moves()``; the table lists ``len(game.legal_moves())`` before
each of the first 40 moves.  The seeds were chosen so that these games pass through split
tables (small counts such as 4 and 5) and several collections.
"""

from __future__ import annotations

import random

import pytest

from dweebies_widget import Game

PERFT: dict[tuple[int, int], list[int]] = {
    (2, 65): [
        5, 16, 30, 32, 40, 40, 4, 40, 48, 60, 50, 55, 20, 20, 10, 50, 55, 55, 60, 60,
        65, 70, 75, 85, 85, 95, 105, 105, 88, 115, 4, 115, 100, 125, 108, 145, 112, 145, 120, 160,
    ],
    (3, 262): [
        5, 20, 30, 35, 40, 45, 44, 60, 20, 16, 5, 60, 48, 20, 20, 4, 60, 65, 60, 75,
        75, 64, 85, 90, 68, 85, 90, 95, 105, 105, 115, 115, 120, 120, 115, 110, 105, 105, 110, 120,
    ],
    (4, 3): [
        5, 20, 24, 35, 40, 50, 44, 65, 70, 75, 64, 75, 68, 90, 72, 72, 72, 100, 84, 80,
        88, 120, 96, 120, 92, 120, 100, 125, 55, 45, 24, 20, 5, 140, 108, 130, 130, 112, 84, 116,
    ],
}  # fmt: skip


def legal_move_counts(players: int, seed: int, moves: int = 40) -> list[int]:
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    counts = []
    for _ in range(moves):
        legal = sorted(game.legal_moves())
        counts.append(len(legal))
        game.play(legal[rng.randrange(len(legal))])
    return counts


@pytest.mark.parametrize(("players", "seed"), sorted(PERFT))
def test_legal_move_counts_match_the_perft_table(players: int, seed: int) -> None:
    assert legal_move_counts(players, seed) == PERFT[(players, seed)]


def test_legal_moves_are_sorted_and_distinct() -> None:
    game = Game(players=3, seed=262)
    rng = random.Random(0)
    for _ in range(40):
        legal = game.legal_moves()
        assert legal == sorted(set(legal))
        game.play(legal[rng.randrange(len(legal))])
