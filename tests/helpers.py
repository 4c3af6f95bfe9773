"""Shared test helpers: small reference implementations of the rules, and random play.

The reference functions here are written from rules.md alone, independently of the engine
(they never call :mod:`dweebies_widget.grid`), so that tests compare the engine with a second,
deliberately simple reading of the rules:

* :func:`groups_of` - the groups of cards (rules section 5);
* :func:`brute_bridge` - the bridge cost and the cells of every cheapest link, found by an
  exhaustive search over sets of added cards (rules section 5);
* :func:`expected_collection` - the cells a placement collects (rules section 6);
* :func:`card_count` - every card of a game, wherever it is (rules section 1).

:func:`played` plays random moves, the one way tests reach positions of real play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping

import pytest

from dweebies_widget import Game, IllegalMoveError, Rules
from dweebies_widget.cards import FULL_DECK

Cell = tuple[int, int]

FULL_COUNT: Counter[int] = Counter(FULL_DECK)


# ----------------------------------------------------------------------------- geometry
def orthogonal(cell: Cell) -> list[Cell]:
    """The four cells above, below, left and right of ``cell``."""
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def groups_of(occupied: Iterable[Cell]) -> list[set[Cell]]:
    """Orthogonally connected groups of ``occupied`` (any order)."""
    left = set(occupied)
    out: list[set[Cell]] = []
    while left:
        todo = [left.pop()]
        comp = set(todo)
        while todo:
            for nb in orthogonal(todo.pop()):
                if nb in left:
                    left.remove(nb)
                    comp.add(nb)
                    todo.append(nb)
        out.append(comp)
    return out


def frontier_of(occupied: Collection[Cell]) -> set[Cell]:
    """Empty cells orthogonally next to a card."""
    return {nb for cell in occupied for nb in orthogonal(cell) if nb not in occupied}


def brute_bridge(
    occupied: Collection[Cell], limit: int | None = None
) -> tuple[int, frozenset[Cell]]:
    """Exhaustive bridge cost and link cells of ``occupied`` (rules section 5).

    Searches sets of added empty cells inside the box one larger than the bounding box, in
    increasing size, until some set joins every card into one group.  Returns the size of
    the smallest such sets and the union of all of them.  A smallest set can always be added
    one cell at a time, each cell touching the group grown so far from one fixed card, so
    growing sets that way reaches every smallest set.  With ``limit``, the search gives up
    after sets of that size and returns ``(limit + 1, frozenset())``.  Cells are bits of an
    integer, with an always-empty guard column so that shifts never wrap from one row to the
    next.
    """
    occ = set(occupied)
    if not occ or len(groups_of(occ)) < 2:
        return 0, frozenset()
    r0 = min(r for r, _ in occ) - 1
    r1 = max(r for r, _ in occ) + 1
    c0 = min(c for _, c in occ) - 1
    c1 = max(c for _, c in occ) + 1
    width = c1 - c0 + 2  # one guard column

    def bit(cell: Cell) -> int:
        return 1 << ((cell[0] - r0) * width + (cell[1] - c0))

    box = [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    occ_mask = sum(bit(c) for c in occ)
    empty_mask = sum(bit(c) for c in box if c not in occ)
    start = bit(min(occ))

    def spread(mask: int) -> int:
        return (mask << 1) | (mask >> 1) | (mask << width) | (mask >> width)

    def component(added: int) -> int:
        allowed = occ_mask | added
        comp = start
        while True:
            grown = comp | (spread(comp) & allowed)
            if grown == comp:
                return comp
            comp = grown

    level = {0}
    size = 0
    while True:
        comps = {s: component(s) for s in level}
        done = [s for s, comp in comps.items() if comp & occ_mask == occ_mask]
        if done:
            union = 0
            for s in done:
                union |= s
            return size, frozenset(c for c in box if bit(c) & union)
        if limit is not None and size >= limit:
            return limit + 1, frozenset()
        grown_level: set[int] = set()
        for s, comp in comps.items():
            edge = spread(comp) & empty_mask & ~comp
            while edge:
                low = edge & -edge
                grown_level.add(s | low)
                edge ^= low
        level = grown_level
        size += 1


def brute_legal_cells(occupied: Collection[Cell]) -> set[Cell]:
    """Legal cells by the letter of rules section 5, the bridge part by brute force."""
    occ = set(occupied)
    if not occ:
        return {(0, 0)}
    edge = frontier_of(occ)
    cost, _ = brute_bridge(occ)
    if cost == 0:
        return edge
    # A card never lowers the cost by more than one, so "at most cost - 1" is "exactly".
    return {c for c in edge if brute_bridge(occ | {c}, limit=cost - 1)[0] == cost - 1}


# ----------------------------------------------------------------------------- collecting
def _run(board: Mapping[Cell, int], cell: Cell, dr: int, dc: int) -> list[Cell]:
    out = []
    r, c = cell[0] + dr, cell[1] + dc
    while (r, c) in board:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def expected_collection(
    board_before: Mapping[Cell, int], cell: Cell, dweebie: int, rules: Rules
) -> frozenset[Cell]:
    """The cells that placing ``dweebie`` on ``cell`` collects (rules section 6)."""
    board = dict(board_before)
    board[cell] = dweebie
    was_split = len(groups_of(board_before)) > 1
    if was_split and (len(groups_of(board)) > 1 or not rules.collect_on_reconnect):
        return frozenset()
    taken: set[Cell] = set()
    for dr, dc in ((0, 1), (1, 0)):
        ahead, behind = _run(board, cell, dr, dc), _run(board, cell, -dr, -dc)
        if bool(ahead) == bool(behind):  # alone, or in the middle of the line
            continue
        rest = ahead or behind
        if len(rest) + 1 >= rules.min_line and board[rest[-1]] == dweebie:
            taken.update(rest)
            taken.add(cell)
    return frozenset(taken)


# ----------------------------------------------------------------------------- cards
def card_count(game: Game) -> Counter[int]:
    """Every card of ``game``: hands, pile, table, collected piles and cards out of play."""
    count: Counter[int] = Counter()
    for seat in range(game.players):
        count.update(game.hand(seat))
        count.update(game.collected(seat))
    count.update(game.pile)
    count.update(game.board.values())
    count.update(game.out_of_play)
    return count


def assert_refused(
    game: Game, action: object, *, section: str, mentions: Iterable[object] = ()
) -> IllegalMoveError:
    """``action()`` must raise :class:`IllegalMoveError` (a ``ValueError``) whose message
    names rules section ``section`` and mentions each of ``mentions``, and must leave
    ``game`` exactly as it was."""
    before = game.state()
    twin = game.copy()
    with pytest.raises(IllegalMoveError) as info:
        action()  # type: ignore[operator]
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert f"section {section}" in message, message
    for item in mentions:
        assert str(item) in message, (item, message)
    assert game.state() == before
    assert game == twin
    return info.value


def assert_lists_legal_cells(message: str, legal: Iterable[Cell], near: Cell) -> None:
    """The message lists every legal cell (there must be at most 8), nearest to ``near``
    first (api.md: for a bad cell, the legal cells, nearest first)."""
    cells = sorted(legal)
    assert 0 < len(cells) <= 8
    positions = []
    for cell in cells:
        assert str(cell) in message, (cell, message)
        positions.append((message.index(str(cell)), cell))
    ordered = [cell for _, cell in sorted(positions)]
    dist = [abs(r - near[0]) + abs(c - near[1]) for r, c in ordered]
    assert dist == sorted(dist), (ordered, message)


# ----------------------------------------------------------------------------- random play
def played(game: Game, plies: int, seed: int) -> Game:
    """``game`` after ``plies`` random placements (fewer if it ends sooner), with moves
    drawn by ``Game.play_random`` from ``random.Random(seed)``; returns the same game."""
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play_random(rng)
    return game


# ------------------------------------------------------- puzzle positions, one of each kind
def haul_game() -> Game:
    # Ugbug (20) at (0, 2) collects the top row (3 cards); at (1, 0) only 2.
    return Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])


def rejoin_game() -> Game:
    # Two groups: a row on the left and a column above the gap at (0, 1).
    return Game.from_position(
        board={(0, -1): 7, (0, 0): 10, (-1, 1): 5, (-2, 1): 20},
        hands=[[20, 3, 10], [4]],
        pile=[8],
    )


def safe_game() -> Game:
    return Game.from_position(
        board={(0, 0): 3, (0, 1): 20, (0, 2): 21, (1, 0): 22},
        hands=[[20, 21, 5], [4]],
        pile=[20, 22, 6],
    )


def where_game() -> Game:
    return Game.from_position(board={(0, 0): 1, (0, 3): 2}, hands=[[20, 21], [4]], pile=[6, 7])


def endgame_game() -> Game:
    return Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20, 3], [9]], scores=[4, 4])


PUZZLE_GAMES: dict[str, Callable[[], Game]] = {
    "haul": haul_game,
    "rejoin": rejoin_game,
    "safe": safe_game,
    "where": where_game,
    "endgame": endgame_game,
}
"""A small position for each puzzle kind, by the kind's name."""
