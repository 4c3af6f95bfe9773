"""The five kinds of puzzle: for each, what its answer is and when a position is worth keeping.

Every definition works from the solver's seat (the seat to move) and uses only what that
seat may see (rules section 7): its :class:`~dweebies_widget.game.View`.  Each kind has two
functions, kept apart on purpose:

* ``answer(view)`` is the kind's **answer by exhaustive search**: every legal move is
  played on a game built from the view (:meth:`View.public_game`) and the rules say what
  it does.  An empty answer means the position has no puzzle of that kind.
* ``keep(view, answer)`` says whether the position makes a **good** puzzle of that kind
  (one answer, and tempting wrong moves); the generator keeps only those.

The kinds (rules references in brackets):

``haul``
    Collect as many cards as possible with one move.  Answer: the moves with the largest
    collection (more than none).  Kept if the answer is a single move, it collects at least
    3 cards, and at least 2 other moves also collect something.  Tagged ``two_way`` when
    the answer collects along both its row and its column.
``rejoin``
    The table is split; find the placement that joins all groups and collects.  Answer: the
    moves that leave the table joined (one group, or empty) and collect something.  Kept if
    exactly one move.
``safe``
    Collect without handing the next seat a collection.  A move is *unsafe* when, after it,
    the next seat (another seat than the solver) could collect 2 or more cards with some
    Dweebie among the solver's unseen cards.  Answer: among the safe moves, those that
    collect the most (more than none).  Kept if the answer is one move and at least 3 moves
    collect more but are unsafe (the temptation).
``where``
    Click every cell where a named card of the solver's hand may go.  Answer: the legal
    cells (a set of cells).  Kept only for split tables where the rule matters: the empty
    cells next to a card are at least twice as many as the legal ones.
``endgame``
    Two players, empty pile: the unseen cards are exactly the other hand, so the game is one
    of perfect information.  Answer: the moves that win by force (more cards at the end than
    the opponent whatever the opponent does), proven by a full game-tree search
    (:mod:`dweebies_widget.puzzles.endgame`).  Kept if exactly one move and at least 3 other
    moves do not force a win.

>>> from dweebies_widget import Game, Move
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> sorted(haul_answer(game.view(0)))
[Move(dweebie=20, cell=(0, 2))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import grid
from ..cards import name
from ..game import Game, Move, View
from ..grid import Cell
from .endgame import NotAnEndgame, Prover

__all__ = [
    "KINDS",
    "Kind",
    "Outcome",
    "card",
    "endgame_answer",
    "endgame_keep",
    "haul_answer",
    "haul_keep",
    "is_two_way",
    "outcomes",
    "rejoin_answer",
    "rejoin_keep",
    "safe_answer",
    "safe_keep",
    "where_answer",
    "where_keep",
]

#: The kinds, in the order lessons meet them.
KINDS = ("haul", "rejoin", "safe", "where", "endgame")

#: Cards a collection handed to the next seat must have to make a move unsafe.
SAFE_LIMIT = 2


def card(dweebie: int) -> str:
    """A Dweebie in words: its name and id.

    >>> card(25)
    'Zuzu (25)'
    """
    return f"{name(dweebie)} ({dweebie})"


@dataclass(frozen=True)
class Outcome:
    """What one legal move does, as the rules say (from the solver's view)."""

    move: Move
    collected: frozenset[Cell]
    """The cells it takes off the table (the placed card included), empty if none."""
    split_before: bool
    split_after: bool
    """Whether the table is split after the move (and its collection)."""
    groups_after: int
    next_seat: int | None
    """The seat to move after it (``None`` when the game is over)."""
    handed: tuple[tuple[int, int], ...]
    """For each Dweebie among the solver's unseen cards that the next seat (another seat
    than the solver) could then collect with: ``(dweebie, most cards)``, biggest first."""

    @property
    def points(self) -> int:
        """Cards the move collects."""
        return len(self.collected)

    @property
    def biggest_handed(self) -> tuple[int, int] | None:
        """The biggest collection handed to the next seat, ``(dweebie, cards)``."""
        return self.handed[0] if self.handed else None

    @property
    def safe(self) -> bool:
        """Whether the next seat gets no collection of :data:`SAFE_LIMIT` or more cards
        with a Dweebie among the solver's unseen cards."""
        return not any(n >= SAFE_LIMIT for _, n in self.handed)


def outcomes(
    view: View, moves: Iterable[Move] | None = None, *, handed: bool = True
) -> dict[Move, Outcome]:
    """Every legal move of ``view``'s seat (which must be to move) with what it does: each
    is played on a game built from the view alone and taken back.  ``moves`` limits the
    moves looked at; ``handed=False`` skips what the next seat could then collect."""
    game = view.public_game()
    unseen = set(view.unseen)
    split_before = game.is_split
    out: dict[Move, Outcome] = {}
    for move in view.legal_moves() if moves is None else moves:
        placed = game.push(move)
        nxt = None if game.is_over else game.current_player
        given: tuple[tuple[int, int], ...] = ()
        if handed and nxt is not None and nxt != view.seat:
            best = game.best_collections()
            given = tuple(
                sorted(
                    ((d, n) for d, n in best.items() if d in unseen), key=lambda x: (-x[1], x[0])
                )
            )
        out[move] = Outcome(
            move=move,
            collected=placed.collected,
            split_before=split_before,
            split_after=game.is_split,
            groups_after=len(game.groups),
            next_seat=nxt,
            handed=given,
        )
        game.undo()
    return out


def is_two_way(move: Move, collected: frozenset[Cell]) -> bool:
    """Whether a collection of ``collected`` by ``move`` runs along both the row and the
    column of the placed card."""
    r, c = move.cell
    return any(x[0] == r and x != move.cell for x in collected) and any(
        x[1] == c and x != move.cell for x in collected
    )


# ---------------------------------------------------------------------- haul
def haul_answer(view: View, outs: dict[Move, Outcome] | None = None) -> frozenset[Move]:
    """The moves with the largest collection (empty when no move collects)."""
    outs = outcomes(view, handed=False) if outs is None else outs
    best = max((o.points for o in outs.values()), default=0)
    return frozenset(m for m, o in outs.items() if best and o.points == best)


def haul_keep(view: View, answer: frozenset[Move], outs: dict[Move, Outcome] | None = None) -> bool:
    """One answer that collects at least 3 cards, and at least 2 other moves collect."""
    outs = outcomes(view, handed=False) if outs is None else outs
    if len(answer) != 1:
        return False
    (move,) = answer
    others = sum(1 for m, o in outs.items() if m != move and o.points)
    return outs[move].points >= 3 and others >= 2


# ---------------------------------------------------------------------- rejoin
def rejoin_answer(view: View, outs: dict[Move, Outcome] | None = None) -> frozenset[Move]:
    """On a split table, the moves that leave it joined and collect (else empty)."""
    outs = outcomes(view, handed=False) if outs is None else outs
    return frozenset(
        m for m, o in outs.items() if o.split_before and not o.split_after and o.points
    )


def rejoin_keep(
    view: View, answer: frozenset[Move], outs: dict[Move, Outcome] | None = None
) -> bool:
    """Exactly one move."""
    return len(answer) == 1


# ---------------------------------------------------------------------- safe
def safe_answer(view: View, outs: dict[Move, Outcome] | None = None) -> frozenset[Move]:
    """Among the safe moves, those that collect the most (empty if no safe move
    collects)."""
    outs = outcomes(view) if outs is None else outs
    best = max((o.points for o in outs.values() if o.safe), default=0)
    return frozenset(m for m, o in outs.items() if best and o.safe and o.points == best)


def safe_keep(view: View, answer: frozenset[Move], outs: dict[Move, Outcome] | None = None) -> bool:
    """One answer, and at least 3 moves collect more but are unsafe."""
    outs = outcomes(view) if outs is None else outs
    if len(answer) != 1:
        return False
    (move,) = answer
    points = outs[move].points
    tempting = sum(1 for o in outs.values() if o.points > points and not o.safe)
    return tempting >= 3


# ---------------------------------------------------------------------- where
def where_answer(view: View, dweebie: int) -> frozenset[Cell]:
    """The cells where ``dweebie`` (a card of the solver's hand) may go."""
    if dweebie not in view.hand:
        return frozenset()
    return frozenset(view.legal_cells())


def where_keep(view: View, answer: frozenset[Cell]) -> bool:
    """A split table with at least twice as many empty cells next to a card as legal
    cells."""
    game = view.public_game()
    return game.is_split and len(grid.frontier(view.board)) >= 2 * len(answer)


# ---------------------------------------------------------------------- endgame
def endgame_answer(view: View, prover: Prover | None = None) -> frozenset[Move]:
    """The moves that win by force (empty when the position is no endgame)."""
    if prover is None:
        try:
            prover = Prover(view.public_game(), view.seat)
        except NotAnEndgame:
            return frozenset()
    return prover.winning_moves()


def endgame_keep(view: View, answer: frozenset[Move]) -> bool:
    """Exactly one winning move and at least 3 other moves that do not win."""
    return len(answer) == 1 and len(view.legal_moves()) - 1 >= 3


# ---------------------------------------------------------------------- registry
@dataclass(frozen=True)
class Kind:
    """A kind of puzzle: its name, its definition and goal in words, and its functions."""

    name: str
    definition: str
    """The exact definition of the answer, in one sentence."""
    keep_rule: str
    """When the generator keeps a position, in one sentence."""
    answer: Callable[..., frozenset[Any]]
    keep: Callable[..., bool]

    def goal(self, dweebie: int | None = None) -> str:
        """The goal for the student, one sentence."""
        return _GOALS[self.name].format(card=card(dweebie) if dweebie is not None else "")


_GOALS = {
    "haul": "Collect as many cards as you can with one move.",
    "rejoin": "The table is split: place a card that joins it into one group and collects.",
    "safe": (
        "Collect as many cards as you can without leaving the next player a line of 2 or "
        "more cards to collect."
    ),
    "where": "Click every cell where {card} may go, then press Check.",
    "endgame": (
        "The pile is empty and you can work out your opponent's cards: find the move that "
        "wins whatever they do."
    ),
}


@cache
def kinds() -> dict[str, Kind]:
    """The kinds by name (see the module docstring)."""
    return {
        "haul": Kind(
            "haul",
            "the answer is the moves that collect the most cards with one placement",
            "kept if that is a single move, it collects at least 3 cards and at least 2 "
            "other moves also collect something",
            haul_answer,
            haul_keep,
        ),
        "rejoin": Kind(
            "rejoin",
            "on a split table, the answer is the moves that leave the table joined and "
            "collect something",
            "kept if exactly one move does",
            rejoin_answer,
            rejoin_keep,
        ),
        "safe": Kind(
            "safe",
            "the answer is, among the moves after which the next seat has no collection of "
            f"{SAFE_LIMIT} or more cards with any Dweebie among your unseen cards, those "
            "that collect the most (at least one card)",
            "kept if that is one move and at least 3 moves collect more but are unsafe",
            safe_answer,
            safe_keep,
        ),
        "where": Kind(
            "where",
            "the answer is every cell where the named card of your hand may go",
            "kept only for split tables with at least twice as many empty cells next to a "
            "card as legal cells",
            where_answer,
            where_keep,
        ),
        "endgame": Kind(
            "endgame",
            "with two players and an empty pile, the answer is the moves that win by force "
            "(more cards at the end than the opponent whatever they do)",
            "kept if exactly one move does and at least 3 other moves do not",
            endgame_answer,
            endgame_keep,
        ),
    }


def kind(name: str) -> Kind:
    """The kind called ``name`` (one of :data:`KINDS`)."""
    try:
        return kinds()[name]
    except KeyError:
        known = ", ".join(KINDS)
        raise ValueError(f"unknown puzzle kind {name!r}; the kinds are {known}") from None


def legal_move_count(view: View) -> int:
    """How many distinct legal moves the solver has."""
    return len(view.legal_moves())


def solver_view(game: Game, seat: int | None = None) -> View:
    """The view of the solver: ``seat`` (by default the seat to move), which must be to
    move."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to find")
    mover = game.current_player
    if seat is None:
        seat = mover
    if seat != mover:
        raise ValueError(
            f"a puzzle is a move of the seat to move: seat {mover} is to move, not seat {seat}"
        )
    return game.view(seat)


def unseen_names(dweebies: Sequence[int]) -> str:
    """Dweebies in words, joined with commas."""
    return ", ".join(card(d) for d in dweebies)
