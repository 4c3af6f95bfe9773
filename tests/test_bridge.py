"""Rules section 5 (split grid) checked by brute force.

``grid.bridge`` computes the bridge cost with a Steiner-tree dynamic programme and shortcuts;
here it is compared on many small random boards with :func:`conftest.brute_bridge`, an
exhaustive search over sets of added cards.  Then the legal cells a :class:`Game` offers on a
split table are compared with the letter of the rule: the frontier cells whose placement
lowers the (brute-force) bridge cost by exactly one.
"""

from __future__ import annotations

import random

import pytest
from helpers import brute_bridge, brute_legal_cells, frontier_of, groups_of

from dweebies_widget import Game, grid
from dweebies_widget.cards import FULL_DECK

Cell = tuple[int, int]


def random_split_board(rng: random.Random, box: int, max_groups: int = 4) -> set[Cell]:
    """Cards scattered in a ``box`` x ``box`` square, forming 2 to ``max_groups`` groups."""
    while True:
        density = rng.uniform(0.15, 0.55)
        occ = {(r, c) for r in range(box) for c in range(box) if rng.random() < density}
        if 2 <= len(groups_of(occ)) <= max_groups:
            return occ


def boards(seed: int, count: int, box: int) -> list[set[Cell]]:
    rng = random.Random(seed)
    return [random_split_board(rng, box) for _ in range(count)]


def position(occ: set[Cell], rng: random.Random) -> Game:
    """A game whose table holds a card on every cell of ``occ``."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    board = {cell: deck.pop() for cell in sorted(occ)}
    return Game.from_position(
        board=board, hands=[[deck.pop()], [deck.pop()]], pile=[], current_player=0
    )


@pytest.mark.parametrize("box", [5, 6])
def test_bridge_cost_and_link_cells_match_exhaustive_search(box: int) -> None:
    for occ in boards(seed=box, count=300, box=box):
        parts = grid.groups(occ)
        assert sorted(map(sorted, parts)) == sorted(map(sorted, groups_of(occ)))
        assert grid.bridge(occ, parts) == brute_bridge(occ), sorted(occ)


def test_bridge_cost_is_zero_for_one_group() -> None:
    occ = {(0, 0), (0, 1), (1, 1)}
    assert grid.bridge(occ, grid.groups(occ)) == (0, frozenset()) == brute_bridge(occ)


@pytest.mark.parametrize(("box", "count"), [(5, 60), (6, 20)])
def test_split_legal_cells_lower_bridge_cost_by_exactly_one(box: int, count: int) -> None:
    rng = random.Random(100 + box)
    for occ in boards(seed=200 + box, count=count, box=box):
        game = position(occ, rng)
        cost, links = brute_bridge(occ)
        assert game.is_split
        assert game.bridge_cost == cost
        expected = brute_legal_cells(occ)
        assert game.legal_cells() == expected, sorted(occ)
        # "There is always at least one such cell next to a card."
        assert expected
        # The legal cells are exactly the frontier cells on some cheapest link.
        assert expected == frontier_of(occ) & links


def test_every_legal_split_placement_lowers_cost_by_one_through_the_game() -> None:
    rng = random.Random(5)
    for occ in boards(seed=6, count=25, box=5):
        game = position(occ, rng)
        cost = game.bridge_cost
        for cell in sorted(game.legal_cells()):
            trial = game.copy()
            trial.play(trial.hand(0)[0], cell)
            assert trial.bridge_cost == cost - 1 == brute_bridge(set(trial.board))[0]
            assert trial.is_split == (cost - 1 > 0)
