"""The class's puzzle page: a student signs in, solves puzzles near their rating, and every
answer is recorded in the classroom store, which keeps the ratings.

A student signs in as in the lobby, and is the same student there: a **name** (compared
by its key, :func:`~.credentials.name_key`) and a **PIN** of 4 digits; the first sign-in
with a name (here or at a table) sets its PIN, later ones must give it.  Wrong PINs are
counted on the student, as in the lobby (one check, :func:`~.room.check_student_pin`): after
the limits' ``pin_tries`` each try must wait, longer each time.  Each student has a
Glicko-2 rating (:mod:`dweebies_widget.puzzles.glicko`), starting at 1500 with deviation 350,
and each puzzle a **class rating**, starting at its shipped rating with a small deviation.
A puzzle attempt is a game between the student and the puzzle: solving it is a win for the
student.  Only a student's **first** answer to a puzzle changes the two ratings (later
answers are recorded, not rated), in the transaction that records it.

:class:`PuzzleClass` is the logic (over the store); :class:`PuzzlePage` the page (the sign-in
form, then a :class:`~dweebies_widget.widget.puzzle_app.PuzzleWidget` serving the standard
set's puzzles nearest the student's rating, those not tried yet first).

>>> import os, tempfile
>>> from dweebies_widget.puzzles import load
>>> trainer = PuzzleClass(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
>>> ana = trainer.sign_in("Ana", "1234")
>>> ana.name, round(ana.rating.rating)
('Ana', 1500)
>>> first = load()[0]
>>> ana = trainer.record(ana.key, first.id, solved=True, hints=0, seconds=12.5)
>>> ana.rating.rating > 1500, ana.tried, ana.solved_first
(True, 1, 1)
>>> trainer.sign_in("ANA", "1234").rating == ana.rating     # the same student back
True
>>> trainer.close()
"""

from __future__ import annotations

import html
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import ipywidgets as widgets

from ..puzzles import glicko
from ..puzzles.model import Puzzle
from ..widget.announce import Change
from ..widget.puzzle_set import shipped
from .controls import STORE_VARIABLE, message_box, not_served, say, tap_button, text_box
from .credentials import check_name, check_pin, name_key
from .errors import BadInput, ClassroomError, PinThrottled, TableBusy, WrongPin
from .limits import Limits
from .room import check_student_pin, new_student, open_store
from .store import AttemptRow, PuzzleRatingRow, StudentRow

__all__ = [
    "HARDEST",
    "MIN_TRIES",
    "HardPuzzle",
    "PuzzleClass",
    "PuzzlePage",
    "Student",
    "puzzles_page",
    "rating_words",
    "signed_in_words",
]

#: How many puzzles the teacher's list of the hardest shows.
HARDEST = 10
#: How many students must have tried a puzzle before it may be listed among the hardest.
MIN_TRIES = 3
_RETRIES = 50


@dataclass(frozen=True)
class Student:
    """A student of the puzzle page as the store has them: ``key`` is their name in the
    form names are compared in."""

    name: str
    key: str
    rating: glicko.Rating
    tried: int
    """Puzzles answered at least once."""
    solved_first: int
    """Puzzles solved with the first answer."""


@dataclass(frozen=True)
class HardPuzzle:
    """A puzzle of the teacher's list of the hardest."""

    puzzle: Puzzle
    class_rating: float
    tries: int
    """Students who answered it."""
    solved_first: int
    """Students whose first answer was right."""

    @property
    def success(self) -> float:
        return self.solved_first / self.tries


def _rating(row: StudentRow | PuzzleRatingRow) -> glicko.Rating:
    return glicko.Rating(row.rating, row.deviation, row.volatility)


class PuzzleClass:
    """The puzzle page's side of the classroom in ``store`` (a path or a URL, as for
    :class:`~.room.Classroom`), with the shipped standard puzzle set; ``limits`` and
    ``clock`` as for :class:`~.room.Classroom`."""

    def __init__(
        self,
        store: str,
        *,
        limits: Limits | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self._limits = limits if limits is not None else Limits.from_env()
        self._clock: Callable[[], float] = clock or time.time
        self._store = open_store(store)
        self.puzzles: dict[str, Puzzle] = {p.id: p for p in shipped()}
        """The standard set's puzzles by id (loaded once per process)."""

    def close(self) -> None:
        self._store.close()

    # ------------------------------------------------------------------ students
    def sign_in(self, name: object, pin: object) -> Student:
        """The student called ``name`` (compared by its key), whose PIN is ``pin``; a new
        student if nobody has that name yet.  A wrong PIN raises :class:`WrongPin`
        (counted: after the limits' ``pin_tries`` each try waits, :class:`PinThrottled`)."""
        if not isinstance(name, str) or not name.strip():
            raise BadInput("type your name first")
        if not isinstance(pin, str) or not pin.strip():
            raise BadInput("type a PIN of 4 digits that you will remember")
        name, pin = check_name(name), check_pin(pin.strip())
        key = name_key(name)
        for _ in range(_RETRIES):
            row = self._store.student(key)
            if row is not None:
                return self._again(row, pin)
            new = new_student(key, name, pin, self._clock())
            if self._store.add_student(new):
                return self.student(key)
        raise TableBusy("the puzzle page was busy; try again")

    def _again(self, row: StudentRow, pin: str) -> Student:
        check_student_pin(self._store, self._limits, row, pin, now=self._clock())
        return self.student(row.name_key)

    def unlock(self, name: str) -> None:
        """Forget the wrong PINs of the student called ``name`` and any wait they caused
        (the teacher's page does this)."""
        key = name_key(check_name(name))
        if self._store.student(key) is None:
            raise BadInput(f"nobody called {name!r} has signed in to the puzzles")
        self._store.reset_student_failures(key)

    def student(self, key: str) -> Student:
        """The student whose compared name is ``key``, as stored now."""
        row = self._store.student(key)
        if row is None:
            raise BadInput(f"nobody called {key!r} has signed in to the puzzles")
        return self._student(row, self._store.attempts(key))

    @staticmethod
    def _student(row: StudentRow, attempts: list[AttemptRow]) -> Student:
        firsts = [a for a in attempts if a.number == 1]
        return Student(
            row.name, row.name_key, _rating(row), len(firsts), sum(a.solved for a in firsts)
        )

    def students(self) -> list[Student]:
        """Every student of the puzzle page, highest rating first (then by name)."""
        attempts = self._store.attempts()
        out = [
            self._student(row, [a for a in attempts if a.name_key == row.name_key])
            for row in self._store.students()
        ]
        return sorted(out, key=lambda s: (-s.rating.rating, s.key))

    def version(self) -> int:
        """How many answers have been recorded: it grows with each one (a page that shows
        the results looks at it to know when to show them again)."""
        return self._store.count_attempts()

    def tried(self, key: str) -> set[str]:
        """The ids of the puzzles the student has answered."""
        return {a.puzzle for a in self._store.attempts(key)}

    # ------------------------------------------------------------------ attempts
    def record(self, key: str, puzzle: str, *, solved: bool, hints: int, seconds: float) -> Student:
        """Record one answer of student ``key`` to ``puzzle`` (right or not, the hint steps
        used, the seconds since it was shown); if it is their first answer to it, update
        their rating and the puzzle's class rating from it, in the same transaction.
        Returns the student as stored then."""
        if puzzle not in self.puzzles:
            raise BadInput(f"no puzzle of the standard set has the id {puzzle!r}")
        shipped = glicko.puzzle(self.puzzles[puzzle].rating)
        self._store.add_puzzle_rating(
            PuzzleRatingRow(puzzle, 0, shipped.rating, shipped.deviation, shipped.volatility)
        )
        for attempt in range(_RETRIES):
            row = self._store.student(key)
            if row is None:
                raise BadInput(f"nobody called {key!r} has signed in to the puzzles")
            number = len(self._store.attempts(key, puzzle)) + 1
            new = replace(row, version=row.version + 1)
            change = None
            if number == 1:
                old = self._store.puzzle_rating(puzzle)
                assert old is not None  # given above, never removed
                mine, its = glicko.attempt(_rating(row), _rating(old), solved=solved)
                new = replace(
                    new, rating=mine.rating, deviation=mine.deviation, volatility=mine.volatility
                )
                change = (
                    old,
                    PuzzleRatingRow(
                        puzzle, old.version + 1, its.rating, its.deviation, its.volatility
                    ),
                )
            done = AttemptRow(key, puzzle, number, solved, int(hints), float(seconds), time.time())
            if self._store.record_attempt(row, done, new, change):
                return self.student(key)
            time.sleep(random.uniform(0, min(0.05, 0.0005 * 2**attempt)))
        raise TableBusy("the puzzle page was busy; try again")

    # ------------------------------------------------------------------ the teacher's view
    def hardest(self, count: int = HARDEST, at_least: int = MIN_TRIES) -> list[HardPuzzle]:
        """The ``count`` puzzles with the lowest share of right first answers among those
        answered by at least ``at_least`` students (the most tried first among equals)."""
        firsts: dict[str, list[AttemptRow]] = {}
        for a in self._store.attempts():
            if a.number == 1 and a.puzzle in self.puzzles:
                firsts.setdefault(a.puzzle, []).append(a)
        ratings = {r.puzzle: r.rating for r in self._store.puzzle_ratings()}
        rows = [
            HardPuzzle(self.puzzles[pid], ratings[pid], len(tries), sum(a.solved for a in tries))
            for pid, tries in firsts.items()
            if len(tries) >= at_least and pid in ratings
        ]
        rows.sort(key=lambda h: (h.success, -h.tries, h.puzzle.id))
        return rows[:count]


# ---------------------------------------------------------------------------- words
def rating_words(rating: glicko.Rating) -> str:
    """What a student's rating means, for the student.

    >>> print(rating_words(glicko.STUDENT))
    Your puzzle rating is 1500. Everybody starts at 1500. It goes up when your first answer to
    a puzzle is right, and down when it is wrong. You get the puzzles rated closest to you, so
    you should solve about half of them with your first answer. It is still settling: it moves
    a lot at first, and less as you answer more puzzles.
    """
    settling = (
        " It is still settling: it moves a lot at first, and less as you answer more puzzles."
        if rating.deviation > 100
        else ""
    )
    return (
        f"Your puzzle rating is {round(rating.rating)}. Everybody starts at "
        f"{round(glicko.STUDENT.rating)}. It goes up when your first answer to a puzzle is "
        "right, and down when it is wrong. You get the puzzles rated closest to you, so you "
        f"should solve about half of them with your first answer.{settling}"
    )


def signed_in_words(student: Student) -> str:
    """Who is signed in and what they have done.

    >>> s = Student("Ana", "ana", glicko.STUDENT, 3, 1)
    >>> signed_in_words(s)
    'Signed in as Ana. You have tried 3 puzzles and solved 1 with your first answer.'
    """
    tried = f"{student.tried} puzzle{'s' if student.tried != 1 else ''}"
    return (
        f"Signed in as {student.name}. You have tried {tried} and solved "
        f"{student.solved_first} with your first answer."
    )


_WORDS = {
    "busy": "The page was busy: try again.",
    "store": "The classroom's store has a problem: tell your teacher.",
}


def _said(error: ClassroomError) -> str:
    if isinstance(error, WrongPin | PinThrottled):
        return str(error)  # already the student's sentences
    if error.reason in _WORDS:
        return _WORDS[error.reason]
    text = str(error).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------------- the page
class PuzzlePage(widgets.VBox):  # type: ignore[misc]
    """The puzzle page over ``trainer``: the sign-in form, then the puzzles."""

    def __init__(self, trainer: PuzzleClass) -> None:
        self.trainer = trainer
        self._say: Callable[..., None] = say
        self.student: Student | None = None
        self.board: Any = None
        """The :class:`PuzzleWidget` once a student has signed in."""
        self._counted: dict[str, int] = {}
        self._shown: dict[str, float] = {}
        self.name_box = text_box("Your name", "Name")
        self.pin_box = text_box("4 digits", "PIN", password=True, width="9em")
        self.go_button = tap_button("Start", "Sign in and get your puzzles", "primary")
        self.go_button.on_click(lambda _b: self.sign_in())
        self.message = message_box()
        intro = widgets.HTML(
            "<p style='font-size:16px'>Type your name and a PIN of 4 digits. Use the same "
            "name and PIN next time to carry on where you stopped.</p>"
        )
        self.form = widgets.VBox(
            [
                intro,
                widgets.HBox(
                    [self.name_box, self.pin_box, self.go_button],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
            ]
        )
        self.about = widgets.HTML()
        self.about.add_class("dweebies-puzzle-rating")
        super().__init__([self.form, self.message, self.about])
        self.add_class("dweebies-classroom-puzzles")

    def sign_in(self) -> bool:
        """Sign in with the name and PIN typed; whether it worked."""
        from ..widget.puzzle_app import PuzzleWidget

        try:
            student = self.trainer.sign_in(self.name_box.value, self.pin_box.value)
        except ClassroomError as error:
            self._say(self.message, _said(error), bad=True)
            return False
        self.pin_box.value = ""
        self.student = student
        tried = self.trainer.tried(student.key)
        fresh = [p for p in self.trainer.puzzles.values() if p.id not in tried]
        self.board = PuzzleWidget(fresh or list(self.trainer.puzzles.values()),
                                  student=student.rating)  # fmt: skip
        self._counted = {}
        self._shown = {self.board.puzzle.id: time.monotonic()}
        self.board.on_update(self._updated)
        self.form.layout.display = "none"
        self._say(self.message, signed_in_words(student))
        self._tell_rating()
        self.children = (self.board, self.message, self.about)
        return True

    def _tell_rating(self) -> None:
        assert self.student is not None
        self.about.value = (
            f"<p style='font-size:16px; max-width:40em'>"
            f"{html.escape(rating_words(self.student.rating))}</p>"
        )

    def _updated(self) -> None:
        """After each change of the board: record the answers given since the last one."""
        board, student = self.board, self.student
        if board is None or student is None:
            return
        now = time.monotonic()
        self._shown.setdefault(board.puzzle.id, now)
        recorded = False
        for r in board.results():
            pid, given = r["id"], int(r["attempts"])
            for number in range(self._counted.get(pid, 0) + 1, given + 1):
                right = bool(r["solved"]) and number == given
                seconds = now - self._shown.get(pid, now)
                try:
                    student = self.trainer.record(
                        student.key, pid, solved=right, hints=int(r["hints"]), seconds=seconds
                    )
                except ClassroomError as error:
                    self._say(self.message, _said(error), bad=True)
                    return
                self._counted[pid] = number
                recorded = True
        if recorded:
            self.student = student
            board.follow(student.rating)  # the class's rating, as stored
            board.show(Change.TEXT)
            self._say(self.message, signed_in_words(student))
            self._tell_rating()


def puzzles_page() -> Any:
    """The puzzle page of the served classroom (the store named by ``DWEEBIES_STORE``)."""
    store = os.environ.get(STORE_VARIABLE) or None
    if store is None:
        return not_served()
    return PuzzlePage(PuzzleClass(store))
