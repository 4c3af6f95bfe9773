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
  for a card.  The second part is a shortest-path relaxation.

The bridge cost is ``min_v T(all, v)``, and an empty cell ``v`` lies on *some* cheapest link
exactly when ``T(all, v)`` equals that minimum.  Placing a card there lowers the cost by one
(the rest of that cheapest tree still joins everything), and placing a card anywhere else
cannot lower it, so the legal cells of a split grid are the frontier cells with that
property.  For the full set the splits alone give that value wherever it matters: a card of
a group gets ``T({g}) + T(rest)``, the optimum, and an empty cell on a cheapest tree splits
that tree into parts with disjoint groups, so it gets the optimum too.

Every cheapest tree lies inside the bounding box of the cards (a part of a tree outside the
box can be pushed one row or column inwards without adding cards), so the programme works on
that box, with sets of cells as *bit boards*: an int with one bit per cell, whose neighbours
are four shifts away.  ``T(S, .)`` is kept as a list of boards, entry ``d`` holding the cells
``v`` with ``T(S, v) <= d``; the relaxation then grows each entry by one layer of empty cells
(and every group it touches, since cards are free) into the next.  Only entries up to ``UB``
are kept, the cost of joining the groups along a minimum spanning tree of their pairwise
distances: no part of a cheapest tree costs more.  The work is ``O(3^k UB^2)`` operations on
boards for ``k`` groups, and ``k`` is small in real games (a collection removes one row and
one column).

Shortcuts keep the common cases cheap: with one group there is nothing to do, an empty cell
that touches every group at once means cost 1 (the legal cells are exactly those cells), and
two empty cells that do it together mean cost 2.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet

Cell = tuple[int, int]

#: The four orthogonal directions: up, down, left, right.
DIRECTIONS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


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


def split_groups(
    occupied: Collection[Cell], starts: Iterable[Cell]
) -> list[frozenset[Cell]] | None:
    """The groups of ``occupied`` ordered as :func:`groups` orders them, or ``None`` when
    there is only one.  Every group must hold one of ``starts`` (cells of ``occupied``), as
    after cards are taken off a table of one group: their neighbours are the starts.

    The walk begins at the starts and stops as soon as one group is seen to hold them all,
    which is usually long before the whole table has been walked.

    >>> [sorted(g) for g in split_groups({(0, 0), (0, 1), (0, 3)}, [(0, 1), (0, 3)]) or []]
    [[(0, 0), (0, 1)], [(0, 3)]]
    >>> split_groups({(0, 0), (0, 1), (1, 1)}, [(0, 0), (1, 1)]) is None
    True
    """
    wanted = set(starts)
    if len(wanted) < 2:
        return None
    seen: set[Cell] = set()
    found: list[frozenset[Cell]] = []
    while wanted:
        start = wanted.pop()
        seen.add(start)
        comp = [start]
        for r, c in comp:  # grows while walked
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in occupied and nb not in seen:
                    seen.add(nb)
                    comp.append(nb)
                    if nb in wanted:
                        wanted.remove(nb)
                        if not wanted and not found:
                            return None  # the first group holds every start
        found.append(frozenset(comp))
    found.sort(key=lambda g: (-len(g), min(g)))
    return found


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


def frontier_counts(occupied: Collection[Cell]) -> dict[Cell, int]:
    """Each empty cell next to a card, with its number of card neighbours (1 to 4).

    >>> frontier_counts({(0, 0), (0, 2)})[(0, 1)]
    2
    """
    out: dict[Cell, int] = {}
    for r, c in occupied:
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb not in occupied:
                out[nb] = out.get(nb, 0) + 1
    return out


def bridge(
    occupied: Collection[Cell],
    parts: Sequence[AbstractSet[Cell]],
    edge: Mapping[Cell, int] | None = None,
) -> tuple[int, frozenset[Cell]]:
    """Exact bridge cost of a split table and the empty cells on some cheapest link.

    ``occupied`` is every card's cell, ``parts`` its groups (see :func:`groups`) and ``edge``
    optionally the frontier with counts (each empty cell next to a card, mapped to its number
    of card neighbours, as :func:`frontier_counts` gives) if the caller already keeps it.
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
    if edge is None:
        edge = frontier_counts(occupied)
    # Cost 1: one empty cell touching every group (so it has at least k card neighbours).
    ones = []
    for cell, count in edge.items():
        if count >= k:
            r, c = cell
            around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            for part in parts:
                if part.isdisjoint(around):
                    break
            else:
                ones.append(cell)
    if ones:
        return 1, frozenset(ones)
    # Cost 2: two empty cells.  Each must touch a group (otherwise the other one would touch
    # them all), and together they must join everything: either they are neighbours and
    # touch every group between them, or they touch a common group and every group between
    # them.  So both lie next to the cards, and the sets of groups (bit masks) they touch
    # say it all.
    full = (1 << k) - 1
    touch: dict[Cell, int] = {}
    for i, part in enumerate(parts):
        bit = 1 << i
        for r, c in part:
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb not in occupied:
                    touch[nb] = touch.get(nb, 0) | bit
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
    occupied: Collection[Cell], parts: Sequence[AbstractSet[Cell]]
) -> tuple[int, frozenset[Cell]]:
    """The general case of :func:`bridge`: Dreyfus-Wagner over the groups, on bit boards
    of the bounding box of the cards (see the module docstring).

    Bit ``(r - r0) * width + (c - c0)`` stands for cell ``(r, c)``.  ``T(S, .)`` is a list
    ``levels`` of boards, ``levels[d]`` holding the cells ``v`` with ``T(S, v) <= d``, for
    ``d`` up to the upper bound ``ub``.
    """
    k = len(parts)
    rows = [r for r, _ in occupied]
    cols = [c for _, c in occupied]
    r0, c0 = min(rows), min(cols)
    width = max(cols) - c0 + 2  # a spare column: a shift by one never wraps onto a cell

    def board(cells: Iterable[Cell]) -> int:
        x = 0
        for r, c in cells:
            x |= 1 << ((r - r0) * width + c - c0)
        return x

    groups = [board(part) for part in parts]
    cards = board(occupied)
    empty = 0
    for i in range(max(rows) - r0 + 1):
        empty |= ((1 << (width - 1)) - 1) << (i * width)
    empty &= ~cards

    def step(x: int, more: int) -> int:
        """The cells at most one empty cell further than ``x``, with ``more``, and every
        group they touch (stepping onto a card costs nothing)."""
        x |= (x << 1 | x >> 1 | x << width | x >> width) & empty | more
        near = x << 1 | x >> 1 | x << width | x >> width
        for g in groups:
            if near & g:
                x |= g
        return x

    # Each group on its own (T({g}, v) is the distance from g), spread until it reaches
    # every other group; then the upper bound.
    single = []
    for g in groups:
        levels = [g]
        while not all(levels[-1] & h for h in groups):
            levels.append(step(levels[-1], 0))
        single.append(levels)
    pair = [[next(d for d, x in enumerate(single[g]) if x & h) for h in groups] for g in range(k)]
    inside, ub = {0}, 0
    while len(inside) < k:
        d, h = min((pair[g][h], h) for g in inside for h in range(k) if h not in inside)
        inside.add(h)
        ub += d
    for levels in single:
        while len(levels) <= ub:
            levels.append(step(levels[-1], 0))
        del levels[ub + 1 :]

    dp = {1 << g: single[g] for g in range(k)}
    lowest = dict.fromkeys(dp, 0)  # the first level that holds a cell
    full = (1 << k) - 1
    merged: list[int] = []
    for mask in range(3, full + 1):
        if mask & (mask - 1) == 0:
            continue
        # T(S, v) = min over splits S = A + B of T(A, v) + T(B, v) - w(v): on a card the
        # two values add up, an empty cell is counted in both.
        merged = [0] * (ub + 1)
        low = mask & -mask
        sub = (mask - 1) & mask
        while sub:
            if sub & low:  # each unordered split once
                a, b = dp[sub], dp[mask ^ sub]
                la, lb = lowest[sub], lowest[mask ^ sub]
                # sums[t]: the cells v with T(A, v) + T(B, v) <= t.
                sums = [0] * (ub + 2)
                for t in range(la + lb, ub + 2):
                    for i in range(max(la, t - ub), min(t - lb, ub) + 1):
                        sums[t] |= a[i] & b[t - i]
                for d in range(max(la + lb - 1, 0), ub + 1):
                    merged[d] |= sums[d] & cards | sums[d + 1] & empty
            sub = (sub - 1) & mask
        if mask != full:
            # ... then the shortest-path relaxation, level by level.
            lo = next(d for d, x in enumerate(merged) if x)
            levels = [0] * (ub + 1)
            x = 0
            for d in range(lo, ub + 1):
                x = levels[d] = step(x, merged[d])
            dp[mask] = levels
            lowest[mask] = lo
    # For the full set the splits alone are exact where it matters (see the module docstring).
    cost = next(d for d, x in enumerate(merged) if x)
    links = merged[cost] & empty
    cells = []
    while links:
        i = (links & -links).bit_length() - 1
        cells.append((r0 + i // width, c0 + i % width))
        links &= links - 1
    return cost, frozenset(cells)


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


def reading_order(groups: Iterable[frozenset[Cell]]) -> tuple[frozenset[Cell], ...]:
    """The groups of a split table in reading order of their first cell (top row first,
    then left to right): the order pictures colour them in.  A group keeps its tint from one
    picture to the next as long as no group's first cell changes place in that order (a card
    added above or to the left of a group's first cell can change it).

    >>> reading_order([frozenset({(1, 1), (0, 1)}), frozenset({(-1, 0)})])
    (frozenset({(-1, 0)}), frozenset({(0, 1), (1, 1)}))
    """
    return tuple(sorted(groups, key=min))
