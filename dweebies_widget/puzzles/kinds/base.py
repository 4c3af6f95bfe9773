"""What a kind of puzzle is: the :class:`Kind` base class, :class:`MoveKind` for the kinds
whose answer is a move, and what a kind is handed (:class:`Posed`, :class:`Scan`).

A kind is one class in one module of this package, holding everything the kind means:

* its **name** (the string of :attr:`Puzzle.kind <dweebies_widget.puzzles.Puzzle.kind>`
  and of the puzzle files), **title** (as a widget shows it), **goal** for the student
  (exactly its definition, in a student's words, after the puzzle's rules when they are not
  the standard ones: :mod:`.house`), and its **definition** and **keep rule** in words;
* :meth:`Kind.answer`, the answer **by exhaustive search** (an empty answer means the
  position has no puzzle of the kind, and :meth:`Kind.why_none` says why), and
  :meth:`Kind.keep`, whether the position makes a **good** puzzle (one answer, and tempting
  wrong moves): the generator keeps only those, and :meth:`Kind.why_not_kept` says why a
  position fails it;
* :meth:`Kind.check`, the verdict on an attempt with its **praise** or **fault** in plain
  words, :meth:`Kind.hints`, :meth:`Kind.themes` and :meth:`Kind.measure` (the rating);
* the answer's **JSON codec**: :meth:`Kind.encode`, :meth:`Kind.decode` (the shape) and
  :meth:`Kind.illegal` (the answer checked against the position);
* the generator's **pre-filter**: :meth:`Kind.find` looks at a :class:`Scan` of a position
  and yields the kept puzzles, skipping the search when a quick look shows it cannot pass;
* what a widget needs to know: :attr:`Kind.marks_cells` (the answer is a set of cells the
  student marks, not a move), :meth:`Kind.status_line` and :meth:`Kind.needs`.

A new kind subclasses :class:`MoveKind` (or :class:`Kind`), sets the class attributes,
defines :meth:`~Kind.answer`, :meth:`~Kind.keep`, :meth:`~Kind.why_none` and the messages,
and is registered with :func:`dweebies_widget.puzzles.kinds.register`; nothing else in the
package names a kind.  Every method works from the solver's seat (the seat to move) and
uses only what that seat may see: its :class:`~dweebies_widget.game.View`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import Any, ClassVar, Protocol

from ...errors import IllegalMoveError
from ...game import Game, Move, View
from ...grid import Cell
from ...rules import Rules
from ..rating import Measure, measure
from ..verdict import Hint, Verdict
from .analysis import Outcome, is_two_way, outcomes
from .house import rules_note
from .words import area_words, around, card, cards

__all__ = [
    "Kind",
    "MoveKind",
    "Posed",
    "Scan",
    "as_cell",
    "as_move",
    "is_int_list",
    "solver_view",
    "with_rules",
]


class Posed(Protocol):
    """What a kind reads of a puzzle (:class:`~dweebies_widget.puzzles.Puzzle` is one)."""

    @property
    def seat(self) -> int:
        """The solver's seat (the seat to move)."""

    @property
    def answer(self) -> frozenset[Any]:
        """The proven answer."""

    @property
    def dweebie(self) -> int | None:
        """The named card, for a kind that names one."""

    @property
    def position(self) -> Game:
        """The position (not to be played on)."""

    @property
    def game(self) -> Game:
        """A fresh copy of the position, to play on."""

    @property
    def view(self) -> View:
        """What the solver sees."""

    @property
    def rule_changes_answer(self) -> bool:
        """Whether the puzzle's rules give another answer than the standard rules would
        (its verdicts then say the rule)."""


class Scan:
    """A position of a self-play game as the generator examines it, from the seat to move:
    the facts every kind's quick filter reads, and the outcomes of the moves, worked out
    at most once and shared by the kinds.  ``rng`` picks a named card."""

    def __init__(self, game: Game, view: View, rng: random.Random) -> None:
        self.game = game
        self.view = view
        self.rng = rng
        self.public = view.public_game()
        self.gains = self.public.collect_map()
        """For each cell, what each Dweebie placed there would collect."""
        self.hand = set(view.hand)
        self.collecting = sorted(
            (n for options in self.gains.values() for d, n in options.items() if d in self.hand),
            reverse=True,
        )
        """The sizes of every collection a card of the hand can make, biggest first."""
        self._full: dict[Move, Outcome] | None = None
        self._plain: dict[Move, Outcome] | None = None

    def outcomes(self) -> dict[Move, Outcome]:
        """Every legal move with what it does, what it hands the next seat included."""
        if self._full is None:
            self._full = outcomes(self.view)
        return self._full

    def plain(self) -> dict[Move, Outcome]:
        """Every legal move with what it does (what it hands the next seat may be left
        out)."""
        if self._plain is None:
            self._plain = (
                self._full if self._full is not None else outcomes(self.view, handed=False)
            )
        return self._plain


class Kind(ABC):
    """A kind of puzzle (see the module docstring).  The class attributes describe it;
    the abstract methods are what each kind must say, the others have defaults that fit
    most kinds."""

    name: ClassVar[str]
    """The kind's name, as :attr:`Puzzle.kind` and the puzzle files give it."""
    title: ClassVar[str]
    """The kind as a widget names it ("Haul")."""
    definition: ClassVar[str]
    """The exact definition of the answer, in one sentence."""
    keep_rule: ClassVar[str]
    """When the generator keeps a position, in one sentence."""
    goal_text: ClassVar[str]
    """The goal for the student; ``{card}`` stands for the named card."""
    names_card: ClassVar[bool] = False
    """Whether a puzzle of the kind names a card of the solver's hand."""
    marks_cells: ClassVar[bool] = False
    """Whether the answer is a set of cells the student marks (else it is a move)."""
    answer_shape: ClassVar[str] = "[dweebie, row, col]"
    """One item of the answer as JSON, in words."""
    searched_games: ClassVar[int | None] = None
    """The generator searches the kind only in the first games, as many as this (the
    kinds that real play reaches often); ``None``: in every game."""
    scores_matter: ClassVar[bool] = False
    """Whether the scores are part of what the solver must see (two positions with other
    scores are then two puzzles)."""

    def __repr__(self) -> str:
        return f"<puzzle kind {self.name!r}>"

    # ------------------------------------------------------------------ the answer
    former_goal_texts: ClassVar[tuple[str, ...]] = ()
    """Earlier words of :attr:`goal_text`: a puzzle file written with them still loads, with
    today's goal (:meth:`former_goals`)."""

    def goal(self, dweebie: int | None = None, rules: Rules | None = None) -> str:
        """The goal for the student: one sentence, after the puzzle's ``rules`` in words
        when they are not the standard ones (:func:`~.house.rules_note`)."""
        text = self.goal_text.format(card=card(dweebie) if dweebie is not None else "")
        note = rules_note(rules) if rules is not None else None
        return f"{note} {text}" if note else text

    def former_goals(self, dweebie: int | None = None) -> set[str]:
        """The goals that puzzle files written before today's words hold: without the
        rules, in today's or earlier words, the card named by its name or (before) by its
        name and number."""
        names = [""] if dweebie is None else [card(dweebie), f"{card(dweebie)} ({dweebie})"]
        texts = (self.goal_text, *self.former_goal_texts)
        return {t.format(card=n) for t in texts for n in names}

    def named_card(self, view: View, dweebie: int | None) -> int:
        """For a kind that names a card: ``dweebie``, which must be in the solver's hand,
        or by default the lowest id there (a :class:`ValueError` says what is wrong)."""
        if dweebie is None:
            return min(view.hand)
        if dweebie not in view.hand:
            raise ValueError(
                f"no {self.name} puzzle for {card(dweebie)}: seat {view.seat} holds "
                f"{cards(sorted(set(view.hand)))}, and the card named must be one of them"
            )
        return dweebie

    @abstractmethod
    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Any]:
        """The answer by exhaustive search (empty when the position has none)."""

    @abstractmethod
    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        """Whether the position with this (non-empty) answer makes a good puzzle."""

    @abstractmethod
    def why_none(self, view: View) -> str:
        """Why the position has no answer, in words (it has none)."""

    def why_not_kept(self, view: View, answer: frozenset[Any]) -> str:
        """Why the position with this answer fails :meth:`keep`, in words (it fails it);
        ``""`` when the kind does not say."""
        return ""

    def themes(self, view: View, answer: frozenset[Any]) -> list[str]:
        """The themes the answer shows (the table's and the rules' themes are added by
        the puzzle)."""
        return []

    def measure(self, game: Game, seat: int, answer: frozenset[Any]) -> Measure:
        """What the rating is measured from: by default, which players of the AI ladder
        find the answer (:func:`dweebies_widget.puzzles.rating.measure`)."""
        return measure(game, seat, answer)

    # ------------------------------------------------------------------ the student
    @abstractmethod
    def check(self, puzzle: Posed, attempt: Any) -> Verdict:
        """The verdict on an attempt."""

    @abstractmethod
    def hints(self, puzzle: Posed) -> tuple[Hint, ...]:
        """Every hint, gentlest first."""

    def line(self, puzzle: Posed, move: Move) -> tuple[Move, ...]:
        """The move then best play of both sides to the end, for a kind that proves its
        answer by playing on (else empty)."""
        return ()

    def status_line(self, view: View) -> str | None:
        """A line a widget shows while the puzzle is being solved (else ``None``)."""
        return None

    def needs(self, view: View) -> str | None:
        """What the goal needs that the table does not show (a widget shows it for as long
        as the puzzle is shown), else ``None``."""
        return None

    # ------------------------------------------------------------------ JSON
    def encode(self, answer: frozenset[Any]) -> list[list[int]]:
        """The answer as JSON data, sorted."""
        return sorted([m.dweebie, m.cell[0], m.cell[1]] for m in answer)

    def decode(self, data: list[Any]) -> frozenset[Any]:
        """The answer of JSON data (a :class:`ValueError` names the shape expected)."""
        out = set()
        for item in data:
            if not is_int_list(item, 3):
                raise ValueError(f"each answer must be {self.answer_shape} (ints), not {item!r}")
            out.add(Move(item[0], (item[1], item[2])))
        return frozenset(out)

    def illegal(self, game: Game, seat: int, answer: frozenset[Any], dweebie: int | None) -> str:
        """What makes a loaded answer impossible in the position, or ``""``."""
        if not answer <= set(game.legal_moves()):
            return "the answer holds an illegal move"
        return ""

    # ------------------------------------------------------------------ the generator
    def find(self, scan: Scan) -> Iterator[int | None]:
        """The puzzles of the kind the generator keeps in a position: for each, the named
        card (``None`` for a kind that names none).  By default the answer is searched in
        every position; a kind filters first what cannot pass."""
        view = scan.view
        dweebie = self.named_card(view, None) if self.names_card else None
        answer = self.answer(view, dweebie)
        if answer and self.keep(view, answer):
            yield dweebie


class MoveKind(Kind):
    """A kind whose answer is a set of moves: an attempt is one move, praised or faulted
    in words, and the hints name the card then the area of the answer."""

    def check(self, puzzle: Posed, attempt: Any) -> Verdict:
        """Play the move (``Move`` or ``(dweebie, cell)``) and judge it."""
        move = as_move(attempt)
        try:
            puzzle.game.play(move)
        except IllegalMoveError as exc:
            return Verdict(False, f"That move is not allowed. {exc}")
        outs = outcomes(puzzle.view)
        out = outs[move]
        if move in puzzle.answer:
            text = self.praise(puzzle, out)
        else:
            text = "Not quite: " + self.fault(puzzle, outs, out)
        # For an endgame, the line shows the proof, or how the opponent answers the move.
        return Verdict(
            move in puzzle.answer,
            with_rules(puzzle, text),
            out.collected,
            self.line(puzzle, move),
        )

    @abstractmethod
    def praise(self, puzzle: Posed, out: Outcome) -> str:
        """The message for a right move."""

    @abstractmethod
    def fault(self, puzzle: Posed, outs: dict[Move, Outcome], out: Outcome) -> str:
        """What falls short in a wrong move (after "Not quite: ")."""

    def hints(self, puzzle: Posed) -> tuple[Hint, ...]:
        """First the card of the answer, then the area of the table where it goes."""
        move = min(puzzle.answer)
        board = puzzle.position.board
        return (
            Hint(f"Use {card(move.dweebie)}.", move.dweebie),
            Hint(f"Look at {area_words({move.cell}, board)}.", move.dweebie, around({move.cell})),
        )

    def themes(self, view: View, answer: frozenset[Any]) -> list[str]:
        """``two_way`` when the one answer collects along its row and its column,
        ``long_line`` when it collects 5 cards or more."""
        out = []
        if len(answer) == 1:
            (move,) = answer
            found = outcomes(view)[move]
            if is_two_way(move, found.collected):
                out.append("two_way")
            if found.points >= 5:
                out.append("long_line")
        return out


def with_rules(puzzle: Posed, message: str) -> str:
    """``message``, then the puzzle's rules in words when they change its answer."""
    if not puzzle.rule_changes_answer:
        return message
    return f"{message} {rules_note(puzzle.position.rules)}"


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


def as_move(attempt: Any) -> Move:
    """An attempt as a move: a ``Move`` or ``(dweebie, (row, col))``."""
    if isinstance(attempt, Move):
        return attempt
    try:
        d, cell = attempt
        return Move(int(d), as_cell(cell))
    except (TypeError, ValueError):
        raise TypeError(
            f"an attempt is a move, Move(dweebie, (row, col)) or (dweebie, (row, col)), "
            f"not {attempt!r}"
        ) from None


def as_cell(c: Any) -> Cell:
    """A ``(row, col)`` pair of ints as a cell (a :class:`TypeError` otherwise)."""
    r, col = c
    if type(r) is not int or type(col) is not int:
        raise TypeError(f"a cell is a pair of ints, not {c!r}")
    return (r, col)


def is_int_list(item: object, size: int) -> bool:
    """Whether ``item`` is a JSON list of ``size`` ints."""
    return isinstance(item, list) and len(item) == size and all(type(x) is int for x in item)
