"""The puzzle model: :class:`Puzzle` (a position, a goal and its proven answer), the
:class:`Verdict` of an attempt, and :class:`Hint`.

A puzzle is made from any position with :meth:`Puzzle.make`, which finds the answer by
exhaustive search (:mod:`dweebies_widget.puzzles.kinds`) and rates it by measurement
(:mod:`dweebies_widget.puzzles.rating`); it is never typed in.  :meth:`Puzzle.check` judges
an attempt and, when it is wrong, says in plain words what the move really does and why it
falls short, asking the rules engine every fact it states.  Nothing here draws: a widget
shows :attr:`Puzzle.goal`, takes a click, and shows the :class:`Verdict` and the hints.

>>> from dweebies_widget import Game, Move
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4},
...                           hands=[[20, 3], [5]])
>>> p = Puzzle.make(game, "haul")
>>> p.goal
'Collect as many cards as you can with one move.'
>>> sorted(p.answer)
[Move(dweebie=20, cell=(0, 2))]
>>> p.check(Move(20, (0, 2))).correct
True
>>> print(p.check(Move(20, (1, 0))).message)
Not quite: Ugbug (20) at (1, 0) collects 2 cards; the best move collects 3.
>>> p.hint(0).card, p.hint(1).text
(20, 'Look at the top right of the table.')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .. import grid
from ..errors import IllegalMoveError
from ..game import Game, Move, View
from ..grid import Cell
from . import kinds as K
from .endgame import NotAnEndgame, Prover
from .rating import Measure, measure

__all__ = ["Hint", "Puzzle", "PuzzleError", "Verdict"]


class PuzzleError(ValueError):
    """A position has no answer of the kind asked for (the message gives the definition),
    or a puzzle was asked for in a way that cannot work."""


@dataclass(frozen=True)
class Verdict:
    """The result of :meth:`Puzzle.check`: whether the attempt is right and a message
    for the student.  ``collected`` holds the cells the move collects (to flash on the
    board) and, for an endgame, ``line`` the move then best play of both sides to the end:
    the proof of a right answer, the refutation of a wrong one."""

    correct: bool
    message: str
    collected: frozenset[Cell] = frozenset()
    line: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Hint:
    """One hint: ``text`` for the student, and what a widget may highlight: the ``card``
    to use (a Dweebie id) or the ``area`` of the table (cells), or both empty."""

    text: str
    card: int | None = None
    area: frozenset[Cell] = frozenset()


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A position, a goal and its proven answer (see the module docstring).

    Build one with :meth:`make` (any position) or read the shipped set with
    :func:`dweebies_widget.puzzles.load`.  Two puzzles are equal when their :attr:`id`
    is, and the id is a digest of the position, the kind, the card and the answer.
    """

    id: str
    kind: str
    themes: tuple[str, ...]
    rating: int
    """1 (easy) to 5 (hard), measured: see :mod:`dweebies_widget.puzzles.rating`."""
    seat: int
    """The solver's seat (the seat to move)."""
    goal: str
    answer: frozenset[Any]
    """The moves (:class:`~dweebies_widget.game.Move`) that solve it, or for ``where``
    the cells."""
    dweebie: int | None
    """The named card of a ``where`` puzzle (``None`` for the other kinds)."""
    measure: Measure
    """What the rating was measured from."""
    position: Game = field(repr=False)

    # ------------------------------------------------------------------ making
    @classmethod
    def make(
        cls,
        game: Game,
        kind: str,
        seat: int | None = None,
        dweebie: int | None = None,
        *,
        themes: Iterable[str] = (),
    ) -> Puzzle:
        """The puzzle of ``kind`` in ``game``'s position, for ``seat`` (by default, and
        necessarily, the seat to move).  ``dweebie`` names the card of a ``where`` puzzle
        (by default the lowest id in the solver's hand).  The answer is found by
        exhaustive search and the rating by measurement; extra ``themes`` may be given.

        Raises :class:`PuzzleError`, quoting the kind's definition, when the position
        has no answer of that kind.  An endgame is proven by a full search, whose cost
        grows fast with the cards left in the hands: well under a second for the six or
        fewer of the shipped endgames, minutes for ten.
        """
        spec = K.kind(kind)
        try:
            view = K.solver_view(game, seat)
        except ValueError as exc:
            raise PuzzleError(f"no {kind} puzzle here: {exc}") from None
        if kind == "where":
            if dweebie is None:
                dweebie = min(view.hand)
            elif dweebie not in view.hand:
                raise PuzzleError(
                    f"no where puzzle for {K.card(dweebie)}: seat {view.seat} holds "
                    f"{K.unseen_names(sorted(set(view.hand)))}, and the card named must be "
                    "one of them"
                )
        elif dweebie is not None:
            raise PuzzleError(f"only a where puzzle names a card, not a {kind} puzzle")
        answer = _answer(view, kind, dweebie)
        if not answer:
            raise PuzzleError(
                f"no {kind} puzzle here: {spec.definition}, and this position has none "
                f"({_why_none(view, kind)})"
            )
        position = game.copy()
        found = measure(position, view.seat, kind, answer, dweebie)
        return cls(
            id=puzzle_id(position, kind, dweebie, answer),
            kind=kind,
            themes=tuple(sorted(set(_themes(view, kind, answer)) | set(themes))),
            rating=found.rating,
            seat=view.seat,
            goal=spec.goal(dweebie),
            answer=answer,
            dweebie=dweebie,
            measure=found,
            position=position,
        )

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        """The position, a :class:`~dweebies_widget.game.Game` (a fresh copy each time:
        play on it freely)."""
        return self.position.copy()

    @property
    def view(self) -> View:
        """What the solver sees."""
        return self.position.view(self.seat)

    @property
    def definition(self) -> str:
        """The exact definition of the answer of this kind."""
        return K.kind(self.kind).definition

    @property
    def line(self) -> tuple[Move, ...]:
        """For an endgame with one answer, the proof line: the answer, then best play of
        both sides to the end (empty for the other kinds)."""
        if self.kind != "endgame" or len(self.answer) != 1:
            return ()
        (move,) = self.answer
        return tuple(Prover(self.position, self.seat).line(move))

    def keep(self) -> bool:
        """Whether the position passes the keep-condition of its kind (the generator
        ships only those)."""
        view = self.view
        if self.kind == "where":
            return K.where_keep(view, self.answer)
        return bool(K.kind(self.kind).keep(view, self.answer))

    def prove(self) -> bool:
        """Whether the answer is still exactly what the kind's definition gives, searched
        again from scratch."""
        return _answer(self.view, self.kind, self.dweebie) == self.answer

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self.id == other.id

    def __hash__(self) -> int:
        return hash(self.id)

    # ------------------------------------------------------------------ checking
    def check(self, attempt: Move | tuple[int, Any] | Iterable[Any]) -> Verdict:
        """Judge an attempt: a move (``Move`` or ``(dweebie, cell)``), or for ``where``
        the cells clicked (any iterable of ``(row, col)``)."""
        if self.kind == "where":
            return self._check_cells(attempt)
        move = _as_move(attempt)
        view = self.view
        game = self.game
        try:
            game.play(move)
        except IllegalMoveError as exc:
            return Verdict(False, f"That move is not allowed. {exc}")
        outs = K.outcomes(view)
        out = outs[move]
        if move in self.answer:
            return Verdict(True, self._praise(out), out.collected, self._line_of(move))
        # For an endgame, the line shows how the opponent answers the move.
        return Verdict(
            False,
            "Not quite: " + self._fault(view, outs, out),
            out.collected,
            self._line_of(move),
        )

    def _line_of(self, move: Move) -> tuple[Move, ...]:
        if self.kind != "endgame":
            return ()
        return tuple(Prover(self.position, self.seat).line(move))

    def _praise(self, out: K.Outcome) -> str:
        text = f"Right! {_does(out)}"
        if self.kind == "haul":
            text += ", the most any move can." if out.points else "."
            if K.is_two_way(out.move, out.collected):
                text = text[:-1] + ", along its row and its column."
        elif self.kind == "rejoin":
            text += " and joins the table into one group."
        elif self.kind == "safe":
            text += " and leaves the next player nothing to collect with a card you have not seen."
        else:
            margin = Prover(self.position, self.seat).margin(out.move)
            text += f". Whatever your opponent does, you end at least {margin} card"
            text += "s ahead." if margin != 1 else " ahead."
        return text

    def _fault(self, view: View, outs: dict[Move, K.Outcome], out: K.Outcome) -> str:
        does = _does(out)
        if self.kind == "haul":
            best = max(o.points for o in outs.values())
            return f"{does}; the best move collects {best}."
        if self.kind == "rejoin":
            if out.split_after:
                groups = out.groups_after
                if out.points:
                    return (
                        f"{does}, but the collection leaves the table split into {groups} "
                        "groups; find the card that joins the table and keeps it joined."
                    )
                return f"{does}, and the table is still split into {groups} groups."
            return f"{_move_text(out.move)} joins the table but collects nothing."
        if self.kind == "safe":
            best = max(outs[m].points for m in self.answer)
            handed = out.biggest_handed
            if not out.safe and handed is not None:
                d, n = handed
                return (
                    f"{does}, but it hands the next player (seat {out.next_seat}) a "
                    f"collection of {n} cards with {K.card(d)}, a Dweebie you have not seen."
                )
            return f"{does} and is safe, but a safe move collects {best}."
        # endgame: ask the prover how the game ends after it
        prover = Prover(self.position, self.seat)
        margin = prover.margin(out.move)
        line = prover.line(out.move)
        reply = f" For example {_move_text(line[1])}." if len(line) > 1 else ""
        if margin < 0:
            ends = f"your opponent can then force a win: you end {-margin} card"
            ends += "s behind." if margin != -1 else " behind."
        else:
            ends = "your opponent can then force a tie."
        return f"{does}, but {ends}{reply}"

    def _check_cells(self, attempt: Any) -> Verdict:
        try:
            chosen = frozenset(_cell(c) for c in attempt)
        except (TypeError, ValueError):
            return Verdict(False, "Click cells of the table: a set of (row, col) pairs.")
        assert self.dweebie is not None
        if chosen == self.answer:
            n = len(self.answer)
            return Verdict(
                True,
                f"Right! {K.card(self.dweebie)} may go on exactly these {n} cell"
                f"{'s' if n != 1 else ''}.",
                frozenset(),
            )
        wrong = sorted(chosen - self.answer)
        missed = len(self.answer - chosen)
        parts = []
        if wrong:
            parts.append(self._why_not(wrong[0]))
            if len(wrong) > 1:
                parts.append(f"{len(wrong) - 1} more of your cells cannot be used either.")
        if missed:
            parts.append(f"You missed {missed} cell{'s' if missed != 1 else ''} where it may go.")
        return Verdict(False, "Not quite: " + " ".join(parts))

    def _why_not(self, cell: Cell) -> str:
        game = self.game
        assert self.dweebie is not None
        try:
            game.play(self.dweebie, cell)
        except IllegalMoveError as exc:
            if exc.reason == "not-on-link":
                k = len(game.groups)
                cost = game.bridge_cost
                return (
                    f"{cell} is next to a card, but the table is split into {k} groups that "
                    f"need {cost} card{'s' if cost != 1 else ''} to join, and {cell} is on no "
                    "shortest bridge between them."
                )
            if exc.reason == "not-adjacent":
                return f"{cell} touches no card (corners do not count)."
            if exc.reason == "occupied":
                return f"{cell} already holds a card."
            return str(exc)
        return f"{cell} is legal."  # pragma: no cover - wrong cells are never legal

    # ------------------------------------------------------------------ hints
    def hint(self, level: int = 0) -> Hint:
        """Hint number ``level``: 0 names the card to use, 1 the area of the table (for
        ``where``: 0 says what makes a cell legal, 1 shows the area of the answer)."""
        hints = self.hints()
        return hints[min(max(level, 0), len(hints) - 1)]

    def hints(self) -> tuple[Hint, ...]:
        """Every hint, gentlest first: first the card, then the area."""
        board = self.position.board
        if self.kind == "where":
            game = self.position
            cells = frozenset(self.answer)
            if game.is_split:
                k, cost = len(game.groups), game.bridge_cost
                first = (
                    f"The table is split into {k} groups that need {cost} card"
                    f"{'s' if cost != 1 else ''} to join: a card may go only on a shortest "
                    "way to join them."
                )
            else:
                first = "The table is in one piece: a card may go next to any card."
            return (
                Hint(first, self.dweebie),
                Hint(f"Look at {_area_words(cells, board)}.", self.dweebie, _around(cells)),
            )
        move = min(self.answer)
        area = _around({move.cell})
        return (
            Hint(f"Use {K.card(move.dweebie)}.", move.dweebie),
            Hint(f"Look at {_area_words({move.cell}, board)}.", move.dweebie, area),
        )


# ---------------------------------------------------------------------- helpers
def _answer(view: View, kind: str, dweebie: int | None) -> frozenset[Any]:
    if kind == "where":
        assert dweebie is not None
        return K.where_answer(view, dweebie)
    return K.kind(kind).answer(view)


def _why_none(view: View, kind: str) -> str:
    game = view.public_game()
    if kind == "haul":
        return "no move collects anything"
    if kind == "rejoin":
        if not game.is_split:
            return "the table is not split"
        if game.bridge_cost > 1:
            return f"it needs {game.bridge_cost} cards to join, so no single move joins it"
        return "no move that joins it collects while leaving it joined"
    if kind == "safe":
        return "no move collects without handing the next player a collection"
    if kind == "endgame":
        try:
            Prover(game, view.seat)
        except NotAnEndgame as exc:
            return str(exc)
        return "no move wins by force"
    return "the card cannot be placed"


def _themes(view: View, kind: str, answer: frozenset[Any]) -> list[str]:
    out = []
    rules = view.rules
    if rules.min_line != 2:
        out.append(f"min_line_{rules.min_line}")
    if not rules.collect_on_reconnect:
        out.append("no_reconnect_collect")
    out.append(f"players_{view.players}")
    game = view.public_game()
    if game.is_split:
        out.append("split")
        if len(game.groups) >= 3:
            out.append("many_groups")
    if kind != "where" and len(answer) == 1:
        (move,) = answer
        out_ = K.outcomes(view)[move]
        if K.is_two_way(move, out_.collected):
            out.append("two_way")
        if out_.points >= 5:
            out.append("long_line")
    return out


def puzzle_id(game: Game, kind: str, dweebie: int | None, answer: frozenset[Any]) -> str:
    """The id: the kind and a digest of the position, the card and the answer."""
    data = json.dumps(
        [kind, dweebie, json.loads(game.to_json()), sorted(_plain(x) for x in answer)],
        sort_keys=True,
    )
    return f"{kind}-{hashlib.sha256(data.encode()).hexdigest()[:10]}"


def _plain(x: Any) -> list[Any]:
    if isinstance(x, Move):
        return [x.dweebie, list(x.cell)]
    return list(x)


def _as_move(attempt: Any) -> Move:
    if isinstance(attempt, Move):
        return attempt
    try:
        d, cell = attempt
        return Move(int(d), _cell(cell))
    except (TypeError, ValueError):
        raise TypeError(
            f"an attempt is a move, Move(dweebie, (row, col)) or (dweebie, (row, col)), "
            f"not {attempt!r}"
        ) from None


def _cell(c: Any) -> Cell:
    r, col = c
    if type(r) is not int or type(col) is not int:
        raise TypeError(f"a cell is a pair of ints, not {c!r}")
    return (r, col)


def _does(out: K.Outcome) -> str:
    text = _move_text(out.move)
    n = out.points
    if n:
        return f"{text} collects {n} card{'s' if n != 1 else ''}"
    if out.split_before and out.split_after:
        return f"{text} collects nothing (nothing is collected while the table is split)"
    return f"{text} collects nothing"


def _move_text(move: Move) -> str:
    return f"{K.card(move.dweebie)} at {move.cell}"


def _around(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The cells within one step (diagonals included) of ``cells``: a hint's area."""
    return frozenset((r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def _area_words(cells: Iterable[Cell], board: Any) -> str:
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
