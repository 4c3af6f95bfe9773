"""A plain, straightforward implementation of the rules, kept only as a yardstick.

``benchmarks/engine.py`` plays the same random games with it and with the package's
engine, so the speed-up is measured on the same machine at the same moment.  It follows
rules.md sections 5, 6, 8 and 9 (no options, auto-draw, every seat with a hand) and keeps
no state between moves: each move it scans the table for the frontier, walks the groups
and, when split, computes the bridge cost of the table with each candidate cell added.
It reuses :func:`dweebies_widget.grid.bridge` for the exact cost, as any implementation
needs some exact Steiner computation.
"""

from __future__ import annotations

import random

from dweebies_widget import grid, shuffled_deck

Cell = tuple[int, int]


def legal_cells(board: dict[Cell, int]) -> list[Cell]:
    if not board:
        return [(0, 0)]
    frontier = sorted(grid.frontier(board))
    parts = grid.groups(board)
    if len(parts) == 1:
        return frontier
    cost, _ = grid.bridge(board, parts)
    legal = []
    for cell in frontier:
        trial = dict(board)
        trial[cell] = -1
        trial_parts = grid.groups(trial)
        if len(trial_parts) == 1 or grid.bridge(trial, trial_parts)[0] == cost - 1:
            legal.append(cell)
    return legal


def collect(board: dict[Cell, int], cell: Cell, dweebie: int) -> set[Cell]:
    taken: set[Cell] = set()
    if len(grid.groups(board)) > 1:
        return taken
    for axis in ("row", "col"):
        line = grid.line(board, cell, axis)
        if len(line) < 2 or cell not in (line[0], line[-1]):
            continue
        other = line[-1] if line[0] == cell else line[0]
        if board[other] == dweebie:
            taken.update(line)
    return taken


def random_game(seed: int, players: int = 2) -> int:
    """Play one random game; returns the number of moves."""
    deck = shuffled_deck(seed)
    hands = [deck[5 * i : 5 * i + 5] for i in range(players)]
    pile = deck[5 * players :]
    board: dict[Cell, int] = {}
    scores = [0] * players
    rng = random.Random(seed)
    seat = 0
    moves = 0
    while pile or any(hands):
        if not hands[seat]:
            seat = (seat + 1) % players
            continue
        dweebie = hands[seat].pop(rng.randrange(len(hands[seat])))
        cells = legal_cells(board)
        cell = cells[rng.randrange(len(cells))]
        board[cell] = dweebie
        taken = collect(board, cell, dweebie)
        for x in taken:
            del board[x]
        scores[seat] += len(taken)
        if pile:
            hands[seat].append(pile.pop(0))
        seat = (seat + 1) % players
        moves += 1
    return moves
