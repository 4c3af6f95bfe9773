"""The engine's fast paths against slow, obvious references.

``grid.bridge`` answers with shortcuts (cost 1 and 2) and a Dreyfus-Wagner programme on bit
boards that keeps only values up to an upper bound; ``grid.split_groups`` stops its walk
early.  :mod:`test_bridge` checks the bridge cost by exhaustive search on small boards; here
bigger boards with more groups (and costs well above 2) are compared with a plain
Steiner-tree programme over every cell of the bounding box, written from the definition.
"""

from __future__ import annotations

import heapq
import random

import pytest
from helpers import frontier_of, groups_of, orthogonal

from dweebies_widget import grid

Cell = tuple[int, int]


def reference_bridge(occupied: set[Cell]) -> tuple[int, frozenset[Cell]]:
    """The bridge cost and the empty cells on some cheapest link, from the definition:
    ``T(S, v)``, the cheapest connected set of cells holding ``v`` and touching every group
    of ``S``, for every set ``S`` of groups and every cell ``v`` of the bounding box, fully
    relaxed; a cell is on a cheapest link exactly when ``T(all, v)`` is the cost."""
    parts = groups_of(occupied)
    k = len(parts)
    if k < 2:
        return 0, frozenset()
    rows = [r for r, _ in occupied]
    cols = [c for _, c in occupied]
    box = [(r, c) for r in range(min(rows), max(rows) + 1) for c in range(min(cols), max(cols) + 1)]
    inside = set(box)

    def weight(cell: Cell) -> int:
        return 0 if cell in occupied else 1

    def relax(dist: dict[Cell, int]) -> None:
        heap = [(d, v) for v, d in dist.items()]
        heapq.heapify(heap)
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            for u in orthogonal(v):
                if u in inside and d + weight(u) < dist.get(u, 1 << 30):
                    dist[u] = d + weight(u)
                    heapq.heappush(heap, (dist[u], u))

    table: dict[int, dict[Cell, int]] = {}
    for g, part in enumerate(parts):
        dist = {v: 0 for v in part}
        relax(dist)
        table[1 << g] = dist
    for mask in range(1, 1 << k):
        if mask & (mask - 1) == 0:
            continue
        best: dict[Cell, int] = {}
        sub = (mask - 1) & mask
        while sub:
            a, b = table[sub], table[mask ^ sub]
            for v in box:
                value = a[v] + b[v] - weight(v)
                if value < best.get(v, 1 << 30):
                    best[v] = value
            sub = (sub - 1) & mask
        relax(best)
        table[mask] = best
    final = table[(1 << k) - 1]
    cost = min(final.values())
    return cost, frozenset(v for v in box if v not in occupied and final[v] == cost)


def random_board(rng: random.Random, size: int, min_groups: int, max_groups: int) -> set[Cell]:
    while True:
        density = rng.uniform(0.08, 0.4)
        occ = {
            (r, c)
            for r in range(size)
            for c in range(size + rng.randint(-2, 2))
            if rng.random() < density
        }
        if min_groups <= len(groups_of(occ)) <= max_groups:
            return occ


@pytest.mark.parametrize(("seed", "size", "max_groups", "count"), [(1, 7, 5, 300), (2, 9, 6, 80)])
def test_bridge_matches_the_plain_steiner_programme(
    seed: int, size: int, max_groups: int, count: int
) -> None:
    rng = random.Random(seed)
    costs = set()
    for _ in range(count):
        occ = random_board(rng, size, 3, max_groups)
        expected = reference_bridge(occ)
        assert grid.bridge(occ, grid.groups(occ)) == expected, sorted(occ)
        costs.add(expected[0])
    assert max(costs) >= 4  # the general case, not only the shortcuts


def test_bridge_with_the_kept_frontier_gives_the_same_answer() -> None:
    rng = random.Random(3)
    for _ in range(200):
        occ = random_board(rng, 6, 2, 4)
        counts = {cell: sum(nb in occ for nb in orthogonal(cell)) for cell in frontier_of(occ)}
        assert grid.frontier_counts(occ) == counts
        parts = grid.groups(occ)
        assert grid.bridge(occ, parts, counts) == grid.bridge(occ, parts)


def test_split_groups_agrees_with_groups_after_taking_a_line() -> None:
    rng = random.Random(4)
    checked = 0
    for _ in range(300):
        # A table of one group, grown card by card, then a line taken off as a collection
        # takes it.
        occ = {(0, 0)}
        size = rng.randint(8, 30)
        while len(occ) < size:
            occ.add(rng.choice(sorted(frontier_of(occ))))
        taken = set(grid.line(occ, rng.choice(sorted(occ)), rng.choice(["row", "col"])))
        left = occ - taken
        starts = [nb for cell in taken for nb in orthogonal(cell) if nb in left]
        parts = grid.groups(left)
        got = grid.split_groups(left, starts)
        if len(parts) < 2:
            assert got is None
        else:
            assert got == parts
            checked += 1
    assert checked > 50
