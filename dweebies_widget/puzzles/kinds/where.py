"""The ``where`` puzzle: mark every cell where a named card of the solver's hand may go.

Answer: the legal cells (a set of cells, not a move).  Kept only for split tables where the
rule matters: the empty cells next to a card are at least twice as many as the legal ones.

Every solver of the rating panel knows the rule but may misjudge a cell: the rating comes
from the panel's model of graded care (:mod:`dweebies_widget.puzzles.panel`), like every
kind's (:mod:`dweebies_widget.puzzles.rating`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ... import grid
from ...errors import IllegalMoveError
from ...game import Game, View
from ...grid import Cell
from ..verdict import Hint, Verdict
from .base import Kind, Posed, Scan, as_cell, is_int_list, with_rules
from .words import area_words, around, card, plural

__all__ = ["Where"]


class Where(Kind):
    """Mark every cell where the named card may go (see the module docstring)."""

    name = "where"
    title = "Where"
    definition = "the answer is every cell where the named card of your hand may go"
    keep_rule = (
        "kept only for split tables with at least twice as many empty cells next to a card "
        "as legal cells"
    )
    goal_text = "Click every cell where {card} may go, then press Check."
    names_card = True
    marks_cells = True
    answer_shape = "[row, col]"
    searched_games = 400

    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Cell]:
        """The cells where ``dweebie`` (a card of the solver's hand) may go."""
        if dweebie is None or dweebie not in view.hand:
            return frozenset()
        return frozenset(view.legal_cells())

    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        """A split table with at least twice as many empty cells next to a card as legal
        cells."""
        game = view.public_game()
        return game.is_split and len(grid.frontier(view.board)) >= 2 * len(answer)

    def why_none(self, view: View) -> str:
        return "the card cannot be placed"

    def why_not_kept(self, view: View, answer: frozenset[Any]) -> str:
        if not view.public_game().is_split:
            return "the table is not split"
        frontier = len(grid.frontier(view.board))
        return (
            f"{plural(frontier, 'empty cell')} {'is' if frontier == 1 else 'are'} next to a "
            f"card and {len(answer)} legal"
        )

    # ------------------------------------------------------------------ the student
    def check(self, puzzle: Posed, attempt: Any) -> Verdict:
        """Judge the cells clicked (any iterable of ``(row, col)``): a wrong answer names
        every wrong cell (and why the first is wrong) and counts the cells missed."""
        try:
            chosen = frozenset(as_cell(c) for c in attempt)
        except (TypeError, ValueError):
            return Verdict(False, "Click cells of the table: a set of (row, col) pairs.")
        assert puzzle.dweebie is not None
        answer = puzzle.answer
        if chosen == answer:
            n = len(answer)
            text = f"Right! {card(puzzle.dweebie)} may go on exactly these {plural(n, 'cell')}."
            return Verdict(True, with_rules(puzzle, text))
        # Which of the student's cells are wrong first (and why the first is), of the cells
        # missed only how many: the student tries again, so the answer is not given away.
        wrong = sorted(chosen - answer)
        missed = len(answer - chosen)
        lack = f"you missed {plural(missed, 'cell')} where it may go"
        if not wrong:
            return Verdict(
                False, with_rules(puzzle, f"Not quite: your marks are right, but {lack}.")
            )
        cells = " or ".join(filter(None, [", ".join(map(str, wrong[:-1])), str(wrong[-1])]))
        first = f"{card(puzzle.dweebie)} may not go on {cells}" + (
            f", and {lack}" if missed else ""
        )
        return Verdict(
            False, with_rules(puzzle, f"Not quite: {first}. {_why_not(puzzle, wrong[0])}")
        )

    def hints(self, puzzle: Posed) -> tuple[Hint, ...]:
        """First what makes a cell legal, then the area of the answer."""
        game = puzzle.position
        cells = frozenset(puzzle.answer)
        if game.is_split:
            k, cost = len(game.groups), game.bridge_cost
            first = (
                f"The table is split into {k} groups and its bridge cost is {cost}: a card "
                "may go only where it lowers the bridge cost by one."
            )
        elif game.board:
            first = "The table is one group: a card may go next to any card."
        else:
            first = "The table is empty: the first card goes on the centre, (0, 0)."
        return (
            Hint(first, puzzle.dweebie),
            Hint(f"Look at {area_words(cells, game.board)}.", puzzle.dweebie, around(cells)),
        )

    # ------------------------------------------------------------------ JSON
    def encode(self, answer: frozenset[Any]) -> list[list[int]]:
        return sorted([r, c] for r, c in answer)

    def decode(self, data: list[Any]) -> frozenset[Any]:
        out = set()
        for item in data:
            if not is_int_list(item, 2):
                raise ValueError(f"each answer must be {self.answer_shape} (ints), not {item!r}")
            out.add((item[0], item[1]))
        return frozenset(out)

    def illegal(self, game: Game, seat: int, answer: frozenset[Any], dweebie: int | None) -> str:
        if dweebie not in game.hand(seat):
            return f"the named card {dweebie} is not in the solver's hand"
        if not answer <= game.legal_cells():
            return "the answer holds a cell where no card may go"
        return ""

    # ------------------------------------------------------------------ the generator
    def find(self, scan: Scan) -> Iterator[int | None]:
        """Only on a split table with twice as many empty cells next to a card as legal
        cells; the card is picked at random from the hand."""
        view = scan.view
        if not scan.public.is_split:
            return
        if len(grid.frontier(view.board)) < 2 * len(view.legal):
            return
        dweebie = scan.rng.choice(sorted(scan.hand))
        cells = self.answer(view, dweebie)
        if cells and self.keep(view, cells):
            yield dweebie


def _why_not(puzzle: Posed, cell: Cell) -> str:
    """Why the named card may not go on ``cell``, in words."""
    game = puzzle.game
    assert puzzle.dweebie is not None
    try:
        game.play(puzzle.dweebie, cell)
    except IllegalMoveError as exc:
        if exc.reason == "not-on-link":
            k = len(game.groups)
            cost = game.bridge_cost
            return (
                f"{cell} is next to a card, but the table is split into {k} groups and its "
                f"bridge cost is {cost}: a card on {cell} would not lower it by one."
            )
        if exc.reason == "not-adjacent":
            return f"{cell} touches no card (corners do not count)."
        if exc.reason == "occupied":
            return f"{cell} already holds a card."
        return str(exc)
    return f"{cell} is legal."  # pragma: no cover - wrong cells are never legal
