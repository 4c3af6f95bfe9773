"""A set of puzzles on one screen: which one is shown, its hints, the score and the results.

A :class:`PuzzleController` is a set of puzzles: which one is shown (next, previous, and
filters by kind, theme and rating), the hints (first the card, then the area of the
table), the attempts, the score and the streak, and the results a teacher collects
(:meth:`PuzzleController.results`).  It passes the screen's events to the board of the
puzzle shown, and its keys to itself: **H** hint, **C** check, **R** start again, **N**
and **P** next and previous.

Each puzzle keeps its own number, its place in the whole set: filters choose which are
shown but never renumber them, so the title and the log name a puzzle the same way whatever
the filters.

Scoring: a puzzle solved for the first time scores :data:`POINTS` points, one less for each
wrong attempt and each hint step before it, and at least 1.  The streak counts the puzzles
solved in a row without a wrong attempt (hints cost points, not the streak); a wrong attempt
sets it to 0.  Attempts made on a puzzle already solved are not counted.

>>> from dweebies_widget import Game, Move
>>> from dweebies_widget.puzzles import Puzzle
>>> from dweebies_widget.widget.timing import ManualClock
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> clock = ManualClock()
>>> c = PuzzleController([Puzzle.make(game, "haul")], scheduler=clock)
>>> c.goal
'Collect as many cards as you can with one move.'
>>> c.board.select(1)                       # Ugbug, the second card of the hand
>>> _ = c.board.place((1, 0))               # an attempt: the puzzle judges it
>>> c.message
'Not quite: Ugbug at (1, 0) collects 2 cards; the best move collects 3.'
>>> _ = clock.advance(5)                    # the position goes back
>>> c.board.select(1); _ = c.board.place((0, 2))
>>> c.message, c.solved, c.attempts, c.score, c.streak
('Right! Ugbug at (0, 2) collects 3 cards, the most any move can.', ['haul-...'], \
{'haul-...': 2}, 2, 0)
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..cards import NAMES
from ..puzzles import glicko, kinds
from ..puzzles.irt import HIGHEST, LOWEST
from ..puzzles.model import Hint, Puzzle, Verdict
from ..puzzles.rating import BANDS, band
from . import forward, words
from .announce import Change
from .geometry import Geometry
from .overlay import Overlay
from .puzzle import PuzzleBoard, PuzzleControls, State, theme_name
from .scene import Scene
from .timing import Scheduler

__all__ = [
    "BANDS",
    "POINTS",
    "Filters",
    "PuzzleController",
    "Rating",
    "Record",
    "band",
    "easy_to_hard",
    "shipped",
]

POINTS = 3
"""Points for a puzzle solved at the first try without a hint (at least 1 once solved)."""


@dataclass
class Record:
    """What one student did with one puzzle."""

    puzzle: Puzzle
    attempts: int = 0
    """Answers given until it was solved (a ``where`` answer is one press of Check)."""
    wrong: int = 0
    hints: int = 0
    """Hint steps used (0, 1: the card, 2: the area too)."""
    solved: bool = False
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready), as :meth:`PuzzleController.results` lists it."""
        p = self.puzzle
        return {
            "id": p.id,
            "kind": p.kind,
            "rating": p.rating,
            "themes": list(p.themes),
            "solved": self.solved,
            "attempts": self.attempts,
            "wrong": self.wrong,
            "hints": self.hints,
            "points": self.points,
            "first_try": self.solved and self.wrong == 0,
        }


# ---------------------------------------------------------------------------- the set
@functools.cache
def shipped() -> tuple[Puzzle, ...]:
    """The shipped puzzle set, loaded once (puzzles are frozen: sharing them is safe)."""
    from ..puzzles.store import load

    return tuple(load())


def easy_to_hard(puzzles: Iterable[Puzzle], seed: int) -> list[Puzzle]:
    """``puzzles`` by rating, easy first; puzzles of one rating in an order fixed by
    ``seed`` (another seed, another order)."""
    return sorted(
        puzzles, key=lambda p: (p.rating, hashlib.sha256(f"{seed}:{p.id}".encode()).digest())
    )


Rating = int | tuple[int, int] | str
"""A rating filter: a band's name (``"easy"``, ``"medium"``, ``"hard"``: see :data:`BANDS`),
the lowest and highest rating (both included), or one rating."""

def _themes(themes: str | Iterable[str] | None) -> frozenset[str]:
    if themes is None:
        return frozenset()
    return frozenset([themes] if isinstance(themes, str) else themes)


def _rating(rating: Rating | None) -> tuple[int, int] | None:
    if rating is None:
        return None
    if isinstance(rating, str):
        if rating not in BANDS:
            raise ValueError(f"a rating band is one of {', '.join(BANDS)}, not {rating!r}")
        return BANDS[rating]
    low, high = (rating, rating) if isinstance(rating, int) else rating
    if not (LOWEST <= low <= high <= HIGHEST):
        raise ValueError(
            f"a rating is {LOWEST} to {HIGHEST}, (lowest, highest) or one of "
            f"{', '.join(BANDS)}, not {rating!r}"
        )
    return (low, high)


@dataclass(frozen=True)
class Filters:
    """Which puzzles of the set are shown: ``kind`` (``None``: all), every one of
    ``themes``, and a rating from ``rating[0]`` to ``rating[1]`` (``None``: all)."""

    kind: str | None = None
    themes: frozenset[str] = frozenset()
    rating: tuple[int, int] | None = None

    def admits(self, p: Puzzle) -> bool:
        """Whether puzzle ``p`` passes."""
        if self.kind is not None and p.kind != self.kind:
            return False
        if not self.themes <= set(p.themes):
            return False
        return self.rating is None or self.rating[0] <= p.rating <= self.rating[1]

    def words(self) -> str:
        """The filters in words ("haul puzzles rated 2, split table")."""
        kind = f"{self.kind} puzzles" if self.kind else "puzzles of every kind"
        parts = [kind]
        if self.rating is not None:
            low, high = self.rating
            named = next((n for n, span in BANDS.items() if span == self.rating), "")
            parts.append(
                f"rated {named} ({low} to {high})" if named
                else f"rated {low}" if low == high else f"rated {low} to {high}"
            )  # fmt: skip
        if self.themes:
            parts.append(", ".join(theme_name(t) for t in sorted(self.themes)))
        return ", ".join(parts)


_KEEP: Any = object()


def _to_board(name: str) -> Any:
    """An event of the set that is the board's own."""
    return forward.method("board", name, PuzzleBoard)


class PuzzleController:
    """A set of puzzles on one screen (see the module docstring).

    Args:
        puzzles: the puzzles, shown in the order given; ``None``: the shipped set, easy
            to hard (puzzles of one rating in an order fixed by ``seed``).
        kind: show only this kind (a name in :data:`~dweebies_widget.puzzles.kinds.KINDS`).
        themes: show only puzzles with this theme (or with every theme of a list).
        rating: show only a band of ratings (``"easy"``, ``"medium"``, ``"hard"``), ratings
            from ``(lowest, highest)``, or one rating.
        seed: the order of the shipped set's puzzles of one rating.
        student: the student's rating (a :class:`~dweebies_widget.puzzles.glicko.Rating`,
            or a number: a rating with the deviation of a new student): the puzzles are
            served nearest the student's rating first, and each first answer to a puzzle
            updates it (Glicko-2, the puzzle a player rated as the puzzle is), so the next
            puzzles follow the student's level.
        scheduler: runs timed jobs (see :mod:`~dweebies_widget.widget.timing`).
        on_change: told after every change what must be shown again.
        board: each puzzle's board's options (``width``, ``height``, ``pixel_ratio``,
            ``presentation``, ``flash``, ``step``, ``reset``): see :class:`PuzzleBoard`.
    """

    def __init__(
        self,
        puzzles: Iterable[Puzzle] | None = None,
        *,
        kind: str | None = None,
        themes: str | Iterable[str] | None = None,
        rating: Rating | None = None,
        seed: int = 0,
        student: glicko.Rating | float | None = None,
        scheduler: Scheduler,
        on_change: Callable[[Change], object] | None = None,
        **board: Any,
    ) -> None:
        if puzzles is None:
            pool = easy_to_hard(shipped(), seed)
        else:
            pool = list(puzzles)
            for p in pool:
                if not isinstance(p, Puzzle):
                    raise TypeError(f"puzzles are Puzzle objects, not {type(p).__name__}")
        if not pool:
            raise ValueError("no puzzles were given")
        if kind is not None:
            kinds.kind(kind)  # an unknown kind is refused, naming the kinds there are
        self.pool: tuple[Puzzle, ...] = tuple(pool)
        """Every puzzle of the set, in order (the filters choose among them)."""
        self.filters = Filters(kind, _themes(themes), _rating(rating))
        """Which puzzles are shown."""
        self.student: glicko.Rating | None = (
            glicko.Rating(float(student), glicko.STUDENT.deviation)
            if isinstance(student, int | float) else student
        )  # fmt: skip
        """The student's rating, updated after each first answer (``None``: not followed)."""
        self._seed = seed
        self._shown = [p for p in self.pool if self.filters.admits(p)]
        if not self._shown:
            raise ValueError(f"no puzzle of the set is one of the {self.filters.words()}")
        self._index = 0
        self._follow_student(0)
        self.on_change: Callable[[Change], object] = on_change or (lambda _change: None)
        self._schedule = scheduler
        self._board = board
        self._records: dict[str, Record] = {}
        self._solved: list[str] = []
        self._log: list[str] = []
        self._level = -1  # the hint step shown for the puzzle on screen
        self.score = 0
        """Points so far (see the module docstring)."""
        self.streak = 0
        """Puzzles solved in a row without a wrong attempt."""
        self.best_streak = 0
        self._spoken = 0  # announcements of the boards shown before this one
        self._token = 0
        self._opening = False
        self.board: PuzzleBoard
        """The board of the puzzle shown."""
        self._open(self._shown[0])

    # ------------------------------------------------------------------ what is shown
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return self.board.puzzle

    @property
    def shown(self) -> tuple[Puzzle, ...]:
        """The puzzles that pass the filters, in order."""
        return tuple(self._shown)

    @property
    def index(self) -> int:
        """The position of the puzzle shown in :attr:`shown`."""
        return self._index

    @property
    def scene(self) -> Scene:
        return self.board.scene

    @property
    def geometry(self) -> Geometry:
        return self.board.geometry

    def overlay(self) -> Overlay | None:
        """What the board's puzzle draws over the picture."""
        return self.board.overlay()

    @property
    def message(self) -> str:
        """The last message (a verdict, a hint, a refusal), or ``""``."""
        return self.board.message

    @property
    def goal(self) -> str:
        """The goal of the puzzle shown, in the words of the way the student points."""
        goal = self.puzzle.goal
        return goal.replace("Click ", "Tap ") if self.board.verb == "tap" else goal

    @property
    def filtered(self) -> bool:
        """Whether the filters leave some puzzles of the set out."""
        return len(self._shown) < len(self.pool)

    def number(self, puzzle: Puzzle | None = None) -> int:
        """The own number of ``puzzle`` (default: the one shown): its place in the whole
        set, counted from 1, whatever the filters."""
        return self.pool.index(puzzle or self.puzzle) + 1

    def title(self) -> str:
        """Which puzzle this is: its own number (and its place among those the filters
        show), kind and rating."""
        p = self.puzzle
        here = f" ({self._index + 1} of {len(self._shown)} shown)" if self.filtered else ""
        return (
            f"Puzzle {self.number()} of {len(self.pool)}{here} \u00b7 {p.kind_info.title} "
            f"\u00b7 rating {p.rating} ({band(p.rating)})"
        )

    @property
    def needs(self) -> str:
        """What the goal of the puzzle shown needs that the table does not show (a ``safe``
        puzzle: how many copies of each Dweebie in play the solver has not seen), or
        ``""``."""
        p = self.puzzle
        return p.kind_info.needs(p.view) or ""

    def progress(self) -> str:
        """The score, the streak and how many of the puzzles shown are solved."""
        done = sum(1 for p in self._shown if p.id in self._records and self._records[p.id].solved)
        rated = (
            f" \u00b7 your rating {round(self.student.rating)}" if self.student is not None else ""
        )
        return (
            f"Score {self.score} \u00b7 streak {self.streak} \u00b7 "
            f"solved {done} of {len(self._shown)}{rated}"
        )

    def status_lines(self) -> list[str]:
        return self.board.status_lines()

    def status_text(self) -> str:
        return "\n".join(self.status_lines())

    def log_entries(self) -> list[str]:
        """What the student did, newest first."""
        return list(reversed(self._log))

    def describe(self) -> str:
        """The puzzle in words for a screen reader: which one, its goal, then the board."""
        needs = f"\n{self.needs}." if self.needs else ""
        return f"{self.title()}. Goal: {self.goal}{needs}\n{self.board.describe()}"

    @property
    def announcement(self) -> str:
        return self.board.announcement

    @property
    def announcement_id(self) -> int:
        """Grows by one with each new announcement, across puzzles."""
        return self._spoken + self.board.announcement_id

    def controls(self) -> PuzzleControls:
        solving = self.board.state is State.SOLVING
        return PuzzleControls(
            hint=self.board.state in (State.SOLVING, State.WRONG) and self._level < 1,
            check=solving and self.board.where and bool(self.board.marks),
            again=True,
            previous=self._index > 0,
            next=self._index < len(self._shown) - 1,
            where=self.board.where,
            many=len(self.pool) > 1,
        )

    # ------------------------------------------------------------------ results
    @property
    def solved(self) -> list[str]:
        """The ids of the puzzles solved, in the order they were solved."""
        return list(self._solved)

    @property
    def attempts(self) -> dict[str, int]:
        """For each puzzle answered at least once: the answers given until it was solved."""
        return {i: r.attempts for i, r in self._records.items() if r.attempts}

    def results(self) -> list[dict[str, Any]]:
        """One record per puzzle looked at, in the order of the set: its id, kind, rating
        and themes, whether it was solved, the attempts, wrong attempts, hint steps and
        points, and whether it was solved at the first try.  Plain data: a teacher's cell
        can gather it from every student's widget (or save it as JSON)."""
        return [self._records[p.id].to_dict() for p in self.pool if p.id in self._records]

    # ------------------------------------------------------------------ buttons
    def hint(self) -> Hint | None:
        """The next hint (first the card, then the area of the table); ``None`` once the
        puzzle is solved."""
        board = self.board
        if board.state in (State.PROOF, State.SOLVED):
            board.say_now(board.solved_text)
            return None
        level = min(self._level + 1, 1)
        hint = self.puzzle.hint(level)
        if level > self._level:
            self._level = level
            record = self._record()
            if not record.solved:
                record.hints = max(record.hints, level + 1)
            self._note(f"hint {level + 1}: {hint.text}")
        board.show_hint(hint)
        return hint

    def follow(self, student: glicko.Rating) -> None:
        """The student's rating is now ``student`` (as a classroom stores it): the puzzles
        still to come are served nearest it first."""
        self.student = student
        self._follow_student(self._index + 1)

    def check(self) -> Verdict | None:
        """Check the marks of a ``where`` puzzle (the Check button)."""
        return self.board.check()

    def again(self) -> None:
        """Start the puzzle shown again (nothing is counted)."""
        self._level = -1
        self.board.restart()

    def next(self) -> None:
        """Show the next puzzle."""
        if self._index >= len(self._shown) - 1:
            more = ": change the filters for more" if self.filtered else ""
            self.board.say_now(f"This is the last puzzle here{more}.")
            return
        self.go(self._index + 1)

    def previous(self) -> None:
        """Show the previous puzzle."""
        if self._index == 0:
            self.board.say_now("This is the first puzzle here.")
            return
        self.go(self._index - 1)

    def go(self, index: int) -> None:
        """Show the puzzle at ``index`` of :attr:`shown`."""
        if not 0 <= index < len(self._shown):
            raise IndexError(f"there are {len(self._shown)} puzzles, numbered from 0")
        self._index = index
        self._switch(self._shown[index])

    def set_filters(self, *, kind: Any = _KEEP, themes: Any = _KEEP, rating: Any = _KEEP) -> bool:
        """Show only the puzzles of ``kind`` (``None``: every kind), with ``themes`` and a
        ``rating`` (see the class); arguments left out stay as they are.  Returns whether
        the filters changed: when no puzzle passes the new ones, they stay as they were
        and the status line says so."""
        new = Filters(
            self.filters.kind if kind is _KEEP else kind,
            self.filters.themes if themes is _KEEP else _themes(themes),
            self.filters.rating if rating is _KEEP else _rating(rating),
        )
        if new.kind is not None:
            kinds.kind(new.kind)  # an unknown kind is refused, naming the kinds there are
        shown = [p for p in self.pool if new.admits(p)]
        if not shown:
            self.board.say_now(
                f"No puzzle here is one of the {new.words()}: the filters stay as they were."
            )
            return False
        current = self.puzzle
        self.filters = new
        self._shown = shown
        if current in shown:
            self._index = shown.index(current)
            self._follow_student(self._index + 1)
            self._update_solved_text()
            self.board.say_now(f"Showing {words.plural(len(shown), 'puzzle')}: {new.words()}.")
        else:
            self._index = 0
            self._follow_student(0)
            said = f"Showing {words.plural(len(shown), 'puzzle')}: {new.words()}."
            self._switch(self._shown[0], said)
        return True

    # ------------------------------------------------------------------ events (to the board)
    click = _to_board("click")
    release = _to_board("release")
    pointer_move = _to_board("pointer_move")
    pointer_leave = _to_board("pointer_leave")
    wheel = _to_board("wheel")
    touch_start = _to_board("touch_start")
    touch_move = _to_board("touch_move")
    touch_end = _to_board("touch_end")
    touch_cancel = _to_board("touch_cancel")
    zoom = _to_board("zoom")
    select = _to_board("select")
    place = _to_board("place")
    mark = _to_board("mark")
    redraw = _to_board("redraw")
    fail = _to_board("fail")
    focus = _to_board("focus")

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key: H, C, R, N and P are the puzzle's (hint, check, again, next, previous);
        every other key is the board's, as in play."""
        action = None if ctrl or meta else self._keys().get(key.lower() if len(key) == 1 else "")
        if action is not None:
            action()
        else:
            self.board.key(key, shift, ctrl, meta)

    @property
    def presentation(self) -> bool:
        """Presentation mode: everything on the canvas 1.5 times as big, for a projector
        (every puzzle's board, from now on)."""
        return bool(self.board.presentation)

    @presentation.setter
    def presentation(self, on: bool) -> None:
        self._board["presentation"] = bool(on)
        self.board.presentation = bool(on)

    def resize(self, width: int, height: int) -> None:
        """The canvas is now ``width`` x ``height`` canvas pixels."""
        self._board.update(width=width, height=height)
        self.board.resize(width, height)

    # ------------------------------------------------------------------ inside
    def _keys(self) -> dict[str, Callable[[], object]]:
        return {"h": self.hint, "c": self.check, "r": self.again, "n": self.next,
                "p": self.previous}  # fmt: skip

    def _follow_student(self, start: int) -> None:
        """With a student's rating: the puzzles shown from ``start`` on, nearest that
        rating first (those at one distance in an order fixed by the seed)."""
        if self.student is None:
            return
        rating = self.student.rating
        self._shown[start:] = sorted(
            self._shown[start:],
            key=lambda p: (
                abs(p.rating - rating),
                hashlib.sha256(f"{self._seed}:{p.id}".encode()).digest(),
            ),
        )

    def _record(self, puzzle: Puzzle | None = None) -> Record:
        p = puzzle or self.puzzle
        if p.id not in self._records:
            self._records[p.id] = Record(p)
        return self._records[p.id]

    def _note(self, text: str, puzzle: Puzzle | None = None) -> None:
        p = puzzle or self.puzzle
        self._log.append(f"Puzzle {self.number(p)} ({p.kind}): {text}")

    def _open(self, puzzle: Puzzle, said: str = "") -> None:
        """Show ``puzzle`` on a board of its own, and say which puzzle it is."""
        self._token += 1
        token = self._token
        self._record(puzzle)
        self._level = -1
        self._opening = True  # the new board draws as it is made: not shown before it is ours
        try:
            board = PuzzleBoard(
                puzzle, lambda answer: self._judge(puzzle, answer), scheduler=self._schedule,
                on_change=lambda change: self._board_changed(token, change), **self._board,
            )  # fmt: skip
        finally:
            self._opening = False
        self._board.update(width=board.size[0], height=board.size[1])
        self.board = board
        self._update_solved_text()
        before = " You solved it before: try it again if you like." if self._record().solved else ""
        intro = f"{said} " if said else ""
        with board.event():
            board.say(f"{intro}{self.title()}. Goal: {self.goal}{before}")
        self.on_change(Change.PICTURE)

    def _switch(self, puzzle: Puzzle, said: str = "") -> None:
        old = self.board
        old.stop()
        self._spoken += old.announcement_id
        self._open(puzzle, said)

    def _board_changed(self, token: int, change: Change) -> None:
        if token == self._token and not self._opening:
            self.on_change(change)

    def _update_solved_text(self) -> None:
        if len(self.pool) == 1:
            text = "Solved!"
        elif self._index < len(self._shown) - 1:
            text = "Solved! Press Next for the next puzzle."
        elif self.filtered:
            text = "Solved! That was the last puzzle here: change the filters for more."
        else:
            text = "Solved! That was the last puzzle."
        self.board.solved_text = text

    def _judge(self, puzzle: Puzzle, answer: Any) -> Verdict:
        verdict = puzzle.check(answer)
        record = self._record(puzzle)
        what = (
            f"{words.plural(len(answer), 'cell')} checked"
            if puzzle.kind_info.marks_cells
            else f"{NAMES[answer.dweebie]} at {answer.cell}"
        )
        if record.solved:
            self._note(
                f"{what}: {'right' if verdict.correct else 'not quite'} (solved before)", puzzle
            )
            return verdict
        record.attempts += 1
        if record.attempts == 1 and self.student is not None:
            self.student, _ = glicko.attempt(
                self.student, glicko.puzzle(puzzle.rating), solved=verdict.correct
            )
            self._follow_student(self._index + 1)
        if verdict.correct:
            record.solved = True
            record.points = max(1, POINTS - record.wrong - record.hints)
            self._solved.append(puzzle.id)
            self.score += record.points
            if record.wrong == 0:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            self._note(f"{what}: right, {words.plural(record.points, 'point')}", puzzle)
        else:
            record.wrong += 1
            self.streak = 0
            self._note(f"{what}: not quite", puzzle)
        return verdict
