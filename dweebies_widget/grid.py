"""Pure geometry of the table: neighbours, lines, groups and the bridge cost.

Cells are ``(row, col)`` pairs on an unbounded grid.  Nothing here knows about players or
turns; :mod:`dweebies_widget.game` asks these functions and keeps the results.

The bridge cost (rules section 5)
---------------------------------
When the cards on the table fall into several *groups* (sets of cards joined through
orthogonal neighbours) the grid is *split*.  Its **bridge cost** is the fewest new cards that
would join every group into one.  That is a node-weighted Steiner tree problem on the grid
graph: occupied cells cost nothing, empty cells cost one card each, and the terminals are the
groups themselves (touching any card of a group joins that group, because the group is
already connected and free).

:func:`bridge` solves it exactly with the Dreyfus-Wagner dynamic programme over subsets of
groups.  For a set ``S`` of groups and a cell ``v`` let ``T(S, v)`` be the cheapest connected
set of cells that contains ``v`` and touches every group of ``S``.  Then

* ``T({g}, v)`` is the node-weighted shortest distance from group ``g`` to ``v``;
* ``T(S, v) = min( min over splits S = A + B of T(A, v) + T(B, v) - w(v),
  min over neighbours u of T(S, u) + w(v) )`` where ``w(v)`` is 1 for an empty cell and 0
  for a card.  The second part is a shortest-path relaxation, done with a bucket queue since
  every weight is 0 or 1.

The bridge cost is ``min_v T(all, v)``, and an empty cell ``v`` lies on *some* cheapest link
exactly when ``T(all, v)`` equals that minimum.  Placing a card there lowers the cost by one
(the rest of that cheapest tree still joins everything), and placing a card anywhere else
cannot lower it, so the legal cells of a split grid are the frontier cells with that
property.  The work is ``O(3^k n)`` for ``k`` groups and ``n`` cells; ``k`` is small in real
games (a collection removes one row and one column), and ``n`` is bounded because every
cheapest tree lies inside the bounding box of the cards (a part of a tree outside the box can
be pushed one row or column inwards without adding cards).

Two shortcuts keep the common cases cheap: with one group there is nothing to do, and when an
empty cell touches every group at once the cost is 1 and the legal cells are exactly those
cells.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Collection, Iterable, Sequence

Cell = tuple[int, int]

#: The four orthogonal directions: up, down, left, right.
DIRECTIONS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))

_INF = 1 << 30


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours of ``cell`` (never the diagonal ones).

    >>> neighbours((0, 0))
    ((-1, 0), (1, 0), (0, -1), (0, 1))
    """
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def run(occupied: Collection[Cell], cell: Cell, dr: int, dc: int) -> list[Cell]:
    """The occupied cells met walking from ``cell`` (excluded) in direction ``(dr, dc)``
    until the first empty cell.

    >>> run({(0, 0), (0, 1), (0, 2), (0, 4)}, (0, 0), 0, 1)
    [(0, 1), (0, 2)]
    """
    out: list[Cell] = []
    r, c = cell[0] + dr, cell[1] + dc
    while (r, c) in occupied:
        out.append((r, c))
        r += dr
        c += dc
    return out


def line(occupied: Collection[Cell], cell: Cell, axis: str) -> list[Cell]:
    """The maximal unbroken run of cards through ``cell`` along ``axis`` (``"row"`` or
    ``"col"``), in reading order.  ``cell`` itself is included whether or not it is occupied.

    >>> line({(0, -1), (0, 0), (0, 1), (1, 0)}, (0, 0), "row")
    [(0, -1), (0, 0), (0, 1)]
    """
    if axis == "row":
        before, after = run(occupied, cell, 0, -1), run(occupied, cell, 0, 1)
    elif axis == "col":
        before, after = run(occupied, cell, -1, 0), run(occupied, cell, 1, 0)
    else:
        raise ValueError(f"axis must be 'row' or 'col', not {axis!r}")
    return before[::-1] + [cell] + after


def groups(occupied: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The groups (orthogonally connected components) of ``occupied``, largest first, ties
    by their smallest cell, so the order is the same on every run.

    >>> [sorted(g) for g in groups({(0, 0), (0, 1), (1, 1), (5, 5)})]
    [[(0, 0), (0, 1), (1, 1)], [(5, 5)]]
    """
    left = set(occupied)
    found: list[frozenset[Cell]] = []
    while left:
        start = left.pop()
        comp = [start]
        stack = [start]
        while stack:
            r, c = stack.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in left:
                    left.remove(nb)
                    comp.append(nb)
                    stack.append(nb)
        found.append(frozenset(comp))
    found.sort(key=lambda g: (-len(g), min(g)))
    return found


def is_connected(occupied: Collection[Cell], starts: Sequence[Cell]) -> bool:
    """Whether all ``starts`` (occupied cells) lie in one group of ``occupied``.

    Stops as soon as every start has been reached, which is usually long before the whole
    table has been walked.
    """
    if len(starts) <= 1:
        return True
    wanted = set(starts[1:])
    seen = {starts[0]}
    stack = [starts[0]]
    while stack:
        r, c = stack.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in occupied and nb not in seen:
                seen.add(nb)
                wanted.discard(nb)
                if not wanted:
                    return True
                stack.append(nb)
    return not wanted


def frontier(occupied: Collection[Cell]) -> set[Cell]:
    """Empty cells orthogonally adjacent to at least one occupied cell.

    >>> sorted(frontier({(0, 0)}))
    [(-1, 0), (0, -1), (0, 1), (1, 0)]
    """
    out: set[Cell] = set()
    for cell in occupied:
        for nb in neighbours(cell):
            if nb not in occupied:
                out.add(nb)
    return out


def bridge(
    occupied: Collection[Cell],
    parts: Sequence[Collection[Cell]],
    edge: Iterable[Cell] | None = None,
) -> tuple[int, frozenset[Cell]]:
    """Exact bridge cost of a split table and the empty cells on some cheapest link.

    ``occupied`` is every card's cell, ``parts`` its groups (see :func:`groups`) and ``edge``
    optionally the frontier (empty cells next to a card) if the caller already keeps it.
    Returns ``(cost, cells)``: ``cost`` is the fewest cards that join every group, ``cells``
    every empty cell that belongs to at least one cheapest joining set.  With fewer than two
    groups the answer is ``(0, frozenset())``.  See the module docstring for the method.

    >>> bridge({(0, 0), (0, 2)}, [{(0, 0)}, {(0, 2)}])
    (1, frozenset({(0, 1)}))
    >>> cost, cells = bridge({(0, 0), (0, 3)}, [{(0, 0)}, {(0, 3)}])
    >>> cost, sorted(cells)
    (2, [(0, 1), (0, 2)])
    """
    k = len(parts)
    if k < 2:
        return 0, frozenset()
    gid: dict[Cell, int] = {}
    for i, part in enumerate(parts):
        for cell in part:
            gid[cell] = i
    if edge is None:
        edge = frontier(occupied)
    # Shortcuts for the usual small costs.  ``touch[cell]`` is the set of groups (a bit
    # mask) that an empty cell next to the cards touches.
    full = (1 << k) - 1
    touch: dict[Cell, int] = {}
    for cell in edge:
        mask = 0
        for nb in neighbours(cell):
            g = gid.get(nb)
            if g is not None:
                mask |= 1 << g
        touch[cell] = mask
    # Cost 1: one empty cell touching every group.
    ones = [cell for cell, mask in touch.items() if mask == full]
    if ones:
        return 1, frozenset(ones)
    # Cost 2: two empty cells.  Each must touch a group (otherwise the other one would touch
    # them all), and together they must join everything: either they are neighbours and
    # touch every group between them, or they touch a common group and every group between
    # them.  So both lie next to the cards, and masks say it all.
    twos: set[Cell] = set()
    for cell, mask in touch.items():
        r, c = cell
        for nb in ((r + 1, c), (r, c + 1)):
            other = touch.get(nb)
            if other is not None and mask | other == full:
                twos.add(cell)
                twos.add(nb)
    by_mask: dict[int, list[Cell]] = {}
    for cell, mask in touch.items():
        by_mask.setdefault(mask, []).append(cell)
    masks = list(by_mask)
    for i, m1 in enumerate(masks):
        for m2 in masks[i + 1 :]:
            if m1 & m2 and m1 | m2 == full:
                twos.update(by_mask[m1])
                twos.update(by_mask[m2])
    if twos:
        return 2, frozenset(twos)
    return _dreyfus_wagner(occupied, parts)


def _dreyfus_wagner(
    occupied: Collection[Cell], parts: Sequence[Collection[Cell]]
) -> tuple[int, frozenset[Cell]]:
    """The general case of :func:`bridge`: Dreyfus-Wagner over the groups.

    It works inside the bounding box of the cards (cheapest trees never leave it), and only
    on the cells that can lie on a cheapest tree at all: a cell ``v`` of a cheapest tree has,
    for every group ``g``, a path from ``g`` to ``v`` inside the tree, so
    ``dist_g(v) <= cost <= UB`` where ``UB`` is the cost of joining the groups along a
    minimum spanning tree of their pairwise distances.  Every cheapest tree lies among the
    cells kept, so the answer on them is exact; the others are left out, which keeps the
    subset step small.
    """
    k = len(parts)
    rows = [r for r, _ in occupied]
    cols = [c for _, c in occupied]
    r0, c0 = min(rows) - 1, min(cols) - 1
    # The bounding box with a border of walls, so a cell's neighbours are i +- 1, i +- width.
    width = max(cols) - c0 + 2
    n = (max(rows) - r0 + 2) * width
    kind = [1] * n  # 0 card, 1 empty, 2 wall
    for i in range(width):
        kind[i] = kind[n - 1 - i] = 2
    for i in range(0, n, width):
        kind[i] = kind[i + width - 1] = 2
    for r, c in occupied:
        kind[(r - r0) * width + (c - c0)] = 0
    steps = (-width, width, -1, 1)

    # Distances from each group (0-1 breadth-first search: cards are free).
    single: list[list[int]] = []
    members: list[list[int]] = []
    for part in parts:
        idx = [(r - r0) * width + (c - c0) for r, c in part]
        members.append(idx)
        dist = [_INF] * n
        queue: deque[int] = deque(idx)
        for v in idx:
            dist[v] = 0
        while queue:
            v = queue.popleft()
            d = dist[v]
            for step in steps:
                u = v + step
                t = kind[u]
                if t == 1:
                    if d + 1 < dist[u]:
                        dist[u] = d + 1
                        queue.append(u)
                elif t == 0 and d < dist[u]:
                    dist[u] = d
                    queue.appendleft(u)
        single.append(dist)

    # Upper bound: a minimum spanning tree over the groups' pairwise distances.
    pair = [[min(single[g][v] for v in members[h]) for h in range(k)] for g in range(k)]
    inside, ub = {0}, 0
    while len(inside) < k:
        d, h = min((pair[g][h], h) for g in inside for h in range(k) if h not in inside)
        inside.add(h)
        ub += d

    # The subset step works on a smaller graph: each group becomes one free node, and of
    # the empty cells only those that may lie on a cheapest tree are kept.
    keep = [
        v for v in range(n) if kind[v] == 1 and max(single[g][v] for g in range(k)) <= ub
    ]
    local = {v: i for i, v in enumerate(keep)}
    m = len(keep) + k
    w = [1] * len(keep) + [0] * k
    nbsets: list[set[int]] = [set() for _ in range(m)]
    owner = {v: g for g in range(k) for v in members[g]}
    for i, v in enumerate(keep):
        for step in steps:
            u = v + step
            j = local.get(u)
            if j is None:
                g = owner.get(u)
                if g is None:
                    continue
                j = len(keep) + g
            nbsets[i].add(j)
            nbsets[j].add(i)
    nb = [tuple(x) for x in nbsets]

    def relax(dist: list[int]) -> None:
        # Node-weighted shortest paths from the given starting values (Dijkstra).
        heap = [(d, v) for v, d in enumerate(dist) if d < _INF]
        heapq.heapify(heap)
        while heap:
            d, v = heapq.heappop(heap)
            if d != dist[v]:
                continue
            for u in nb[v]:
                nd = d + w[u]
                if nd < dist[u]:
                    dist[u] = nd
                    heapq.heappush(heap, (nd, u))

    dp: dict[int, list[int]] = {
        1 << g: [single[g][v] for v in keep] + pair[g] for g in range(k)
    }
    full = (1 << k) - 1
    for mask in range(1, full + 1):
        if mask & (mask - 1) == 0:
            continue
        best = [_INF] * m
        low = mask & -mask
        sub = (mask - 1) & mask
        while sub:
            if sub & low:  # each unordered split once
                a, b = dp[sub], dp[mask ^ sub]
                best = [
                    x if x <= (t := y + z - q) else t
                    for x, y, z, q in zip(best, a, b, w, strict=True)
                ]
            sub = (sub - 1) & mask
        if mask != full:
            relax(best)
        dp[mask] = best
    # For the full set the merge alone is exact where it matters: a cell of group 0 gets
    # T({0}) + T(rest) = the optimum, and an empty cell on a cheapest tree splits that tree
    # into two parts with disjoint groups, so it gets the optimum too.  Relaxing would only
    # change cells that lie on no cheapest tree.
    final = dp[full]
    cost = min(final)
    cells = frozenset(
        (r0 + v // width, c0 + v % width) for i, v in enumerate(keep) if final[i] == cost
    )
    return cost, cells


def cells_by_distance(cells: Iterable[Cell], target: Cell) -> list[Cell]:
    """``cells`` sorted nearest first to ``target`` (Manhattan distance, then reading order).

    >>> cells_by_distance([(0, 3), (0, 1), (2, 2)], (0, 0))
    [(0, 1), (0, 3), (2, 2)]
    """
    tr, tc = target
    return sorted(cells, key=lambda c: (abs(c[0] - tr) + abs(c[1] - tc), c))


def bounding_box(cells: Iterable[Cell]) -> tuple[int, int, int, int] | None:
    """``(top, left, bottom, right)`` of ``cells``, or ``None`` when there are none."""
    cells = list(cells)
    if not cells:
        return None
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)
