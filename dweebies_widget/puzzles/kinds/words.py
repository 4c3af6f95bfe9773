"""The puzzles' words for cards, moves and places on the table, shared by every kind's
messages and hints.

>>> card(25)
'Zuzu'
>>> area_words({(0, 2)}, {(0, 0): 1, (1, 2): 2})
'the top right of the table'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from ... import grid
from ...cards import COPIES, name
from ...game import Move, View
from ...grid import Cell
from .analysis import Outcome

__all__ = [
    "around",
    "area_words",
    "card",
    "cards",
    "does",
    "move_text",
    "plural",
    "unseen_copies",
    "unseen_counts",
]


def card(dweebie: int) -> str:
    """A Dweebie in words: its name (a student sees names, never ids)."""
    return name(dweebie)


def cards(dweebies: Sequence[int]) -> str:
    """Dweebies in words, joined with commas."""
    return ", ".join(card(d) for d in dweebies)


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1 (``plural(2, "card")`` is
    ``'2 cards'``)."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def move_text(move: Move) -> str:
    """A move in words: ``'Ugbug at (0, 2)'``."""
    return f"{card(move.dweebie)} at {move.cell}"


def does(out: Outcome) -> str:
    """What a move collects, in words (and why nothing, on a split table)."""
    text = move_text(out.move)
    n = out.points
    if n:
        return f"{text} collects {plural(n, 'card')}"
    if out.split_before and out.split_after:
        return f"{text} collects nothing (nothing is collected while the table is split)"
    if out.joins_without_collecting:
        return f"{text} joins the table and, by the house rule, collects nothing"
    return f"{text} collects nothing"


def unseen_counts(view: View) -> dict[int, int]:
    """For each Dweebie in play (on the table or in the solver's hand): how many of its
    copies the solver has not seen, as the engine counts them (:attr:`View.unseen
    <dweebies_widget.game.View.unseen>`: its copies less those on the table, in the
    solver's hand, collected or out of play), by id.

    >>> from dweebies_widget import Game
    >>> game = Game.from_position(board={(0, 0): 22, (0, 1): 9}, hands=[[22], [22, 5]])
    >>> unseen_counts(game.view(0))
    {9: 0, 22: 1}
    """
    unseen = Counter(view.unseen)
    return {d: unseen[d] for d in sorted(set(view.board.values()) | set(view.hand))}


def unseen_copies(view: View, dweebie: int) -> str:
    """How many cards of ``dweebie`` are hidden from the solver (in other hands or the draw
    pile), in words: exactly what :func:`unseen_counts` counts.

    >>> from dweebies_widget import Game
    >>> game = Game.from_position(board={(0, 0): 22, (0, 1): 3}, hands=[[9], [22, 9]])
    >>> [unseen_copies(game.view(0), d) for d in (22, 3, 9)]
    ['1 of its 3 cards is hidden from you', 'its only card is not hidden from you', \
'1 of its 2 cards is hidden from you']
    >>> game = Game.from_position(board={(0, 0): 5}, hands=[[9], [22, 4]], pile=[22, 22])
    >>> unseen_copies(game.view(0), 22), unseen_copies(game.view(0), 4)
    ('all of its 3 cards are hidden from you', 'its only card is hidden from you')
    """
    n, copies = Counter(view.unseen)[dweebie], COPIES[dweebie]
    if copies == 1:
        return "its only card is hidden from you" if n else "its only card is not hidden from you"
    if n in (0, copies):
        return (
            f"{'all' if n else 'none'} of its {copies} cards {'are' if n else 'is'} hidden from you"
        )
    return f"{n} of its {copies} cards {'is' if n == 1 else 'are'} hidden from you"


def around(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The cells within one step (diagonals included) of ``cells``: a hint's area."""
    return frozenset((r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def area_words(cells: Iterable[Cell], board: Mapping[Cell, int]) -> str:
    """Where ``cells`` lie on the table, in words ("the top left of the table")."""
    box = grid.bounding_box(list(board) or [(0, 0)])
    assert box is not None
    top, left, bottom, right = box
    cells = list(cells)
    r = sum(c[0] for c in cells) / len(cells)
    c = sum(x[1] for x in cells) / len(cells)

    def third(x: float, lo: int, hi: int, words: tuple[str, str, str]) -> str:
        span = hi - lo
        if span <= 0:
            return words[1]
        if x < lo + span / 3:
            return words[0]
        if x > hi - span / 3:
            return words[2]
        return words[1]

    v = third(r, top, bottom, ("top", "", "bottom"))
    h = third(c, left, right, ("left", "", "right"))
    if v and h:
        return f"the {v} {h} of the table"
    if v or h:
        return f"the {v or h} of the table"
    return "the middle of the table"
