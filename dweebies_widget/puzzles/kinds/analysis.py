"""What each legal move does, as the rules say, seen from the solver's seat: the facts the
kinds' answers, keep-conditions and messages are made of.

Every fact is found by playing the move on a game built from the solver's view
(:meth:`View.public_game <dweebies_widget.game.View.public_game>`) and taking it back, so
it uses only what that seat may see (rules section 7).

>>> from dweebies_widget import Game, Move
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> outcomes(game.view(0))[Move(20, (0, 2))].points
3
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...game import Move, View
from ...grid import Cell

__all__ = ["SAFE_LIMIT", "Outcome", "is_two_way", "outcomes"]

#: Cards a collection handed to the next seat must have to make a move unsafe.
SAFE_LIMIT = 2


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
    joins_without_collecting: bool = False
    """Whether it joins a split table under the house rule that the joining card collects
    nothing (``collect_on_reconnect=False``)."""

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
            joins_without_collecting=(
                split_before and not game.is_split and not view.rules.collect_on_reconnect
            ),
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
