"""The puzzle widget without a screen: what a click, a tap, a key or a button means in a puzzle.

Nothing here imports a widget library, so everything that decides is tested synchronously,
as the play widget's controller is (:mod:`~dweebies_widget.widget.puzzle_app` is the glue).
Two classes:

* :class:`PuzzleBoard` is one puzzle's position on the screen.  It *is* the play widget's
  :class:`~dweebies_widget.widget.controller.Controller` (the same picture, the same clicks,
  taps, drags, pinches and keys, the same refusals of cells where a card may not go), with
  four differences:

  - only the solver's seat is at this screen, and nobody else ever moves;
  - a placement is an **attempt**: the puzzle checks it (:meth:`Puzzle.check
    <dweebies_widget.puzzles.Puzzle.check>`) instead of the next seat playing on;
  - previews show where the picked card would go, not what it would collect: finding that
    is the puzzle;
  - in a ``where`` puzzle nothing is placed: a click, a tap or Enter on the cursor
    **marks** an empty cell (again: unmarks it), and :meth:`PuzzleBoard.check` judges the
    marks.  The cells where the card may go are never lit before that, and the ``+`` marks
    of a split table's shortest bridge (the very answer) are not drawn.

  After a right answer the collected cells flash and a short explanation is written on the
  board (a *callout*) and in the status line; an endgame's proof line (the answer, then
  best play of both sides to the end) is then played on the table move by move.  After a
  wrong answer the callout and the status line give the message of ``check``; the move
  stays on the table for a moment (``reset`` seconds, or until the student acts), then the
  position is set back and the student tries again.  (A ``where`` puzzle's marks are
  cleared at once.)

* :class:`PuzzleController` is a set of puzzles: which one is shown (next, previous, and
  filters by kind, theme and rating), the hints (first the card, then the area of the
  table), the attempts, the score and the streak, and the results a teacher collects
  (:meth:`PuzzleController.results`).  It passes the screen's events to the board of the
  puzzle shown, and its keys to itself: **H** hint, **C** check, **R** start again, **N**
  and **P** next and previous.

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
>>> c.board.select(1)                       # Ugbug (20), the second card of the hand
>>> _ = c.board.place((1, 0))               # an attempt: the puzzle judges it
>>> c.message
'Not quite: Ugbug (20) at (1, 0) collects 2 cards; the best move collects 3.'
>>> _ = clock.advance(5)                    # the position goes back
>>> c.board.select(1); _ = c.board.place((0, 2))
>>> c.message, c.solved, c.attempts, c.score, c.streak
('Right! Ugbug (20) at (0, 2) collects 3 cards, the most any move can.', ['haul-...'], \
{'haul-...': 2}, 2, 0)
"""

from __future__ import annotations

import enum
import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..ai import GreedyPlayer
from ..cards import NAMES
from ..game import Move, Placement
from ..grid import Cell
from ..puzzles.kinds import KINDS
from ..puzzles.model import Hint, Puzzle, Verdict
from . import words
from .controller import Change, Controller
from .geometry import Geometry
from .paint import Scene
from .timing import Scheduler

__all__ = [
    "KIND_NAMES",
    "POINTS",
    "Callout",
    "Overlay",
    "PuzzleBoard",
    "PuzzleControls",
    "PuzzleController",
    "Record",
    "State",
    "shipped",
]

POINTS = 3
"""Points for a puzzle solved at the first try without a hint (at least 1 once solved)."""

KIND_NAMES = {
    "haul": "Haul",
    "rejoin": "Rejoin",
    "safe": "Safe",
    "where": "Where",
    "endgame": "Endgame",
}
"""Each kind as the widget names it."""

THEME_NAMES = {
    "split": "split table",
    "many_groups": "3 or more groups",
    "long_line": "long line (5 or more)",
    "two_way": "row and column at once",
    "min_line_3": "house rule: lines of 3",
    "no_reconnect_collect": "house rule: no collecting when rejoining",
}
"""Themes in words (``players_N`` reads "N players")."""


def theme_name(theme: str) -> str:
    """A theme in words.

    >>> theme_name("players_3"), theme_name("split")
    ('3 players', 'split table')
    """
    if theme.startswith("players_"):
        return f"{theme.removeprefix('players_')} players"
    return THEME_NAMES.get(theme, theme.replace("_", " "))


class State(enum.Enum):
    """Where a board is in its puzzle."""

    SOLVING = "solving"
    """Waiting for an answer."""
    WRONG = "wrong"
    """A wrong move is on the table until it is taken back."""
    PROOF = "proof"
    """A right endgame move: its proof line is being played."""
    SOLVED = "solved"
    """Solved: nothing more to do here."""


@dataclass(frozen=True)
class Callout:
    """A short text written on the board: ``tone`` is ``"right"``, ``"wrong"`` or
    ``"info"`` (a hint, a step of a proof)."""

    tone: str
    text: str


@dataclass(frozen=True)
class Overlay:
    """What a puzzle draws over the play picture (see :func:`paint_overlay`)."""

    marks: frozenset[Cell] = frozenset()
    """Cells marked in a ``where`` puzzle."""
    named: int | None = None
    """Hand index of the card a ``where`` puzzle names."""
    hint_card: int | None = None
    """Hand index of the card a hint points at."""
    hint_area: frozenset[Cell] = frozenset()
    """The cells of the area a hint points at."""
    callout: Callout | None = None
    cards: frozenset[Cell] = frozenset()
    """The cells holding a card (the callout avoids them)."""
    picked: int | None = None
    """Hand index of the picked card (it stands up: its outline goes with it)."""
    hand_label: str = "Your hand"


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


@dataclass(frozen=True)
class PuzzleControls:
    """Which buttons can be used now, and which are shown."""

    hint: bool
    check: bool
    again: bool
    previous: bool
    next: bool
    where: bool
    """Whether the puzzle is a ``where`` puzzle (Check is shown)."""
    many: bool
    """Whether there is more than one puzzle (Previous, Next and the filters are shown)."""


Judge = Callable[[Any], Verdict]
"""Checks an answer (a :class:`~dweebies_widget.game.Move`, or a set of cells) and
records it: the board's link to its :class:`PuzzleController`."""


def seat_labels(puzzle: Puzzle) -> list[str]:
    """The names of the seats: "You" for the solver, "Opponent" for the other seat of a
    two-player game, else "Player N".

    >>> from dweebies_widget.puzzles import load
    >>> seat_labels(load()[0])
    ['You', 'Player 2', 'Player 3', 'Player 4', 'Player 5', 'Player 6']
    """
    n = puzzle.position.players
    return [
        "You" if s == puzzle.seat else ("Opponent" if n == 2 else f"Player {s + 1}")
        for s in range(n)
    ]


# ---------------------------------------------------------------------------- one puzzle
class PuzzleBoard(Controller):
    """One puzzle's position, played by clicks, taps and keys (see the module docstring).

    Args:
        puzzle: the puzzle shown.
        judge: checks and records each answer (default: the puzzle's own check).
        flash: seconds the collected cells flash.
        step: seconds between the moves of an endgame's proof line.
        reset: seconds a wrong move stays on the table before it is taken back.
        scheduler, on_change, width, height, pixel_ratio: as for the play
            :class:`~dweebies_widget.widget.controller.Controller`.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        judge: Judge | None = None,
        *,
        scheduler: Scheduler,
        on_change: Callable[[Change], object] | None = None,
        width: int | None = None,
        height: int | None = None,
        pixel_ratio: float = 2,
        flash: float = 1.2,
        step: float = 1.0,
        reset: float = 2.5,
    ) -> None:
        if step < 0 or reset < 0:
            raise ValueError("step and reset are seconds, 0 or more")
        # Set before the play controller starts: it draws at once, and the picture needs them.
        self.puzzle = puzzle
        self._judge: Judge = judge or puzzle.check
        self.step_delay = step
        self.reset_delay = reset
        self._state = State.SOLVING
        self._marks: set[Cell] = set()
        self._callout: Callout | None = None
        self._hint_shown: Hint | None = None
        self._line: list[Move] = []
        self._line_length = 0
        self.solved_text = "Solved! Press Next for another puzzle, or Start again."
        """The first status line once solved (the set of puzzles says what comes next)."""
        super().__init__(
            seat_labels(puzzle), game=puzzle.game, ai_delay=0, flash=flash, width=width,
            height=height, hint_player=GreedyPlayer(), scheduler=scheduler,
            on_change=on_change, pixel_ratio=pixel_ratio,
        )  # fmt: skip

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> State:
        """Where the board is in its puzzle."""
        return self._state

    @property
    def where(self) -> bool:
        """Whether this is a ``where`` puzzle (cells are marked, then checked)."""
        return self.puzzle.kind == "where"

    @property
    def marks(self) -> frozenset[Cell]:
        """The cells marked so far (``where`` puzzles)."""
        return frozenset(self._marks)

    @property
    def callout(self) -> Callout | None:
        """The text written on the board now, if any."""
        return self._callout

    @property
    def verb(self) -> str:
        """``"click"`` or ``"tap"``, as the student last pointed."""
        return self._verb

    def overlay(self) -> Overlay:
        """What this puzzle draws over the play picture now."""
        hand = list(self._scene.hand)
        named = None
        if self.where and self.puzzle.dweebie in hand:
            named = hand.index(self.puzzle.dweebie)
        hint = self._hint_shown if self._state is State.SOLVING else None
        card = None
        if hint is not None and hint.card in hand and not self.where:  # where: named already
            card = hand.index(hint.card)
        return Overlay(
            marks=frozenset(self._marks) if self._state is not State.SOLVED else frozenset(),
            named=named,
            hint_card=card,
            hint_area=hint.area if hint is not None else frozenset(),
            callout=self._callout,
            cards=frozenset(self._scene.board),
            picked=self._scene.selected,
        )

    # ------------------------------------------------------------------ actions
    def tell(self, message: str) -> None:
        """Show ``message`` in the status line and say it."""
        with self._event_scope():
            self._tell(message)
            self._changed(Change.TEXT)

    def mark(self, cell: Cell) -> bool:
        """Mark ``cell`` (again: unmark it) in a ``where`` puzzle, as a click on it does;
        returns whether the marks changed."""
        with self._event_scope():
            return self._mark(cell)

    def check(self) -> Verdict | None:
        """Check the marked cells of a ``where`` puzzle (the Check button); returns the
        verdict, or ``None`` when there was nothing to check (the status line says why)."""
        with self._event_scope():
            if not self.where:
                self._tell("Here the answer is a move: pick a card, then place it.")
                self._changed(Change.TEXT)
                return None
            if self._human_to_play() is None:
                self._changed(Change.TEXT)
                return None
            if not self._marks:
                self._tell(f"Mark a cell first: {self._verb} each cell where "
                           f"{self._named()} may go.")  # fmt: skip
                self._changed(Change.TEXT)
                return None
            cells = frozenset(self._marks)
            verdict = self._judge(cells)
            n = len(cells)
            self._say(f"You checked {words.plural(n, 'cell')}.")
            if verdict.correct:
                self._state = State.SOLVED
                self._callout = Callout("right", verdict.message)
                self._tell(verdict.message)
            else:
                self._marks.clear()
                self._callout = Callout("wrong", verdict.message)
                self._tell(verdict.message)
                self._say("Your marks are cleared: try again.")
            self._draw()
            return verdict

    def show_hint(self, hint: Hint) -> None:
        """Show ``hint``: its words, its card picked and outlined, its area outlined."""
        with self._event_scope():
            if self._human_to_play() is None:
                self._changed(Change.TEXT)
                return
            self._hint_shown = hint
            hand = self._hand()
            if not self.where and hint.card is not None and hint.card in hand:
                self._selected = hand.index(hint.card)
                self._disarm()
            text = f"Hint: {hint.text}"
            self._callout = Callout("info", text)
            self._tell(text)
            self._draw()

    def restart(self) -> None:
        """Set the puzzle back to its start (marks, hints shown and callout too)."""
        with self._event_scope():
            self._restart()
            self._hint_shown = None
            self._callout = None
            self._tell("")
            self._say("Back to the start of the puzzle.")
            self._draw()

    def stop(self) -> None:
        """Cancel every timed job (the board is no longer shown)."""
        self._stop_job()
        self._stop_pulse()

    # ------------------------------------------------------------------ play controller hooks
    def hint(self) -> Move | None:
        """Not the play widget's hint: a puzzle's hints come from the puzzle (see
        :meth:`show_hint`)."""
        self.tell("Press Hint (or H) for a hint about this puzzle.")
        return None

    def _human_to_play(self) -> int | None:
        if self._state is State.WRONG:
            self._take_back()  # the student acts: the wrong move goes at once
        if self._state is not State.SOLVING:
            self._tell(self.solved_text)
            return None
        return super()._human_to_play()

    def _advance(self) -> None:
        # Nobody else moves: after a change there is only the picture to show.
        self._draw()

    def _point(self, x: float, y: float, *, touch: bool) -> bool:
        if self._state is State.WRONG:
            # The hand and the table are about to change under the pointer: this click or
            # tap only takes the wrong move back.
            self._take_back()
            return False
        if not self.where:
            return super()._point(x, y, touch=touch)
        g = self._geometry
        if g.hand_at(x, y) is not None:
            self._pick(0)  # says what to do instead
            return False
        cell = g.cell_at(x, y)
        if cell is None:
            verb = "Tap" if touch else "Click"
            self._tell(f"{verb} the empty cells of the table where {self._named()} may go.")
            self._changed(Change.TEXT)
            return True
        return not self._mark(cell)

    def _pick(self, index: int) -> None:
        if self.where:
            if self._human_to_play() is not None:
                self._tell(
                    f"Here no card is placed: {self._verb} each empty cell where "
                    f"{self._named()} may go, then press Check."
                )
            self._changed(Change.TEXT)
            return
        super()._pick(index)
        if self._state is State.SOLVING and self._callout is not None:
            self._callout = None  # a new try: the last verdict leaves the board
            self._draw()

    def _place(self, cell: Cell) -> Placement | None:
        if self.where:
            self._mark(cell)
            return None
        return super()._place(cell)

    def _after_move(self, placement: Placement, note: str = "") -> None:
        # The student's placement is an attempt: checked, not answered by the next seat.
        self._selected = None
        self._hint = None
        self._cursor = None
        self._armed = None
        self._centre = None
        self._stop_pulse()
        self._say(words.move_text(placement, self.labels) + ".")
        self._flash = placement.taken if self.flash > 0 else ()
        verdict = self._judge(placement.move)
        message = self._named_seats(verdict.message)
        self._tell(message)
        if verdict.correct:
            self._callout = Callout("right", message)
            self._line = list(verdict.line[1:])
            self._line_length = len(verdict.line)
            if self._line:
                self._state = State.PROOF
                self._say("Now the proof: best play on both sides, move by move.")
                self._later(max(self.flash, self.step_delay), self._proof_step)
            else:
                self._state = State.SOLVED
                if self._flash:
                    self._later(self.flash, self._end_flash)
        else:
            self._state = State.WRONG
            self._callout = Callout("wrong", message)
            self._later(max(self.reset_delay, self.flash), self._take_back_later)
        self._draw()

    def _preview(self) -> tuple[Cell, int, frozenset[Cell]] | None:
        preview = super()._preview()
        # Where the card would go, never what it would collect: that is the puzzle.
        return None if preview is None else (preview[0], preview[1], frozenset())

    def _build_scene(self) -> Scene:
        scene = super()._build_scene()
        changes: dict[str, Any] = {"banner": (), "hand_owner": ""}
        if self.where:
            solved = self._state is State.SOLVED
            changes["links"] = frozenset()
            changes["lit"] = frozenset(self.puzzle.answer) if solved else frozenset()
            changes["link"] = solved and self._game.is_split
            changes["preview"] = None
        return replace(scene, **changes)

    # ------------------------------------------------------------------ words
    def status_lines(self) -> list[str]:
        """The status line: what to do now first, then what else to know (the other seats'
        last moves, a split table, an endgame's other hand), then the last message."""
        lines = super().status_lines()
        lines[0] = self._first_line()
        if self.puzzle.kind == "endgame" and self._state is State.SOLVING:
            lines.insert(1, self._other_hand())
        return lines

    def _first_line(self) -> str:
        state = self._state
        if state is State.SOLVED:
            return self.solved_text
        if state is State.PROOF:
            return "Right! Watch the proof: best play on both sides, move by move."
        if state is State.WRONG:
            return "Not the answer: the table goes back to the start in a moment."
        if self.where:
            n = len(self._marks)
            return (
                f"{self._verb.capitalize()} each empty cell where {self._named()} may go, "
                f"then press Check ({n} marked)."
            )
        hand = self._hand()
        if self._selected is None:
            return f"Your move: {self._verb} a card of your hand, then a lit cell."
        name = NAMES[hand[self._selected]]
        if self._armed is not None:
            return f"Tap {self._armed} again to place {name} there."
        n = len(self._game.legal_cells())
        return f"Place {name} on a lit cell ({words.plural(n, 'place')} allowed)."

    def _other_hand(self) -> str:
        cards = ", ".join(NAMES[d] for d in self.puzzle.view.unseen) or "nothing"
        return (
            f"The pile is empty, so every card you have not seen is in your opponent's hand: "
            f"{cards}."
        )

    def _named_seats(self, message: str) -> str:
        """``message`` with the seats named as the board names them ("the next player
        (Opponent)" rather than "(seat 1)")."""
        return re.sub(r"\(seat (\d+)\)", lambda m: f"({self.labels[int(m.group(1))]})", message)

    def _start_cursor(self) -> Cell:
        if self.where:  # never a cell of the answer: the last move's card, or the first card
            last = self._game.last_move
            return last.cell if last is not None else min(self._game.board, default=(0, 0))
        return super()._start_cursor()

    def _named(self) -> str:
        d = self.puzzle.dweebie
        return NAMES[d] if d is not None else "the card"

    def describe(self) -> str:
        """The board in words, for a screen reader: what to do, the scores, the last move,
        the table row by row, your hand, the marks or the picked card's lit cells (never
        what a cell would collect, nor, before a ``where`` puzzle is solved, where its card
        may go), the hint shown, the cursor and the keys."""
        game = self._game
        labels = self.labels
        lines = list(self.status_lines()) + words.position_lines(game, labels)
        board = game.board
        if not board:
            lines.append("Table: empty.")
        if game.is_split and not game.is_over:
            text = f"The table is split into {len(game.groups)} groups."
            if not self.where:
                text += (
                    " Cells on a shortest bridge: "
                    + ", ".join(map(str, sorted(game.link_cells)))
                    + "."
                )
            lines.append(text)
        hand = self._hand()
        cards = ", ".join(f"{i + 1} {NAMES[d]}" for i, d in enumerate(hand))
        lines.append(f"Your hand: {cards or 'no cards'}.")
        scene = self._scene
        if self.where:
            marked = ", ".join(map(str, sorted(self._marks))) or "none"
            lines.append(f"Marked cells: {marked}.")
            if self._state is State.SOLVED:
                cells = ", ".join(map(str, sorted(self.puzzle.answer)))
                lines.append(f"The cells where {self._named()} may go: {cells}.")
        elif scene.selected is not None and scene.lit:
            spots = ", ".join(map(str, sorted(scene.lit)))
            lines.append(
                f"Picked: {NAMES[hand[scene.selected]]}. It may go on "
                f"{words.plural(len(scene.lit), 'lit cell')}: {spots}."
            )
        hint = self._hint_shown
        if hint is not None and hint.area and self._state is State.SOLVING:
            (top, left), (bottom, right) = corners(hint.area)
            lines.append(f"Hint area: rows {top} to {bottom}, columns {left} to {right}.")
        if self._cursor is not None:
            what = NAMES[board[self._cursor]] if self._cursor in board else "empty"
            mark = ", marked" if self._cursor in self._marks else ""
            lines.append(f"Cursor: {self._cursor}, {what}{mark}.")
        lines.append(self.keys_text())
        return "\n".join(lines)

    def keys_text(self) -> str:
        """The keys of the board, in words."""
        if self.where:
            place = "Enter marks or unmarks the cell there, C checks your cells"
        else:
            place = "1 to 9 pick a card, Enter places the picked card there, Escape drops it"
        return (
            f"Keys on the board: the arrows move the cursor, {place}, H gives a hint, R starts "
            "again, N and P go to the next and previous puzzle, + and - zoom."
        )

    # ------------------------------------------------------------------ inside
    def _mark(self, cell: Cell) -> bool:
        if self._human_to_play() is None:
            self._changed(Change.TEXT)
            return False
        if cell in self._game.board:
            self._tell(f"{cell} holds a card: a card goes on an empty cell.")
            self._changed(Change.TEXT)
            return False
        if cell in self._marks:
            self._marks.remove(cell)
            said = f"{cell} unmarked"
        else:
            self._marks.add(cell)
            said = f"{cell} marked"
        self._callout = None
        self._tell("")
        self._say(f"{said}: {words.plural(len(self._marks), 'cell')} marked.")
        self._draw()
        return True

    def _restart(self) -> None:
        self._stop_job()
        self._stop_pulse()
        self._game = self.puzzle.game
        self._reset_view()
        self._marks.clear()
        self._line = []
        self._state = State.SOLVING

    def _take_back(self) -> None:
        """The wrong move leaves the table; the message stays."""
        self._restart()
        self._say("The table is back at the start: try again.")
        self._draw()

    def _take_back_later(self) -> None:
        if self._state is State.WRONG:
            self._take_back()

    def _proof_step(self) -> None:
        self._job = None
        self._flash = ()
        if not self._line:
            self._proof_done()
            return
        move = self._line.pop(0)
        placement = self._game.play(move)
        self._flash = placement.taken if self.flash > 0 else ()
        done = self._line_length - len(self._line)
        text = (
            f"Proof, move {done} of {self._line_length}: {words.move_text(placement, self.labels)}."
        )
        self._callout = Callout("info", text)
        self._say(text)
        self._later(self.step_delay, self._proof_step)
        self._draw()

    def _proof_done(self) -> None:
        game = self._game
        self._state = State.SOLVED
        me = self.puzzle.seat
        mine, theirs = game.scores[me], max(s for i, s in enumerate(game.scores) if i != me)
        ends = "the game ends" if game.is_over else "after these moves it is"
        text = (
            f"Proof done: {ends} {mine} to {theirs}. Your opponent played their best "
            "answers, and you still win."
        )
        self._callout = Callout("right", text)
        self._tell(text)
        self._draw()


def corners(cells: Iterable[Cell]) -> tuple[Cell, Cell]:
    """The top-left and bottom-right corners of the box around ``cells``."""
    cells = list(cells)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return (min(rows), min(cols)), (max(rows), max(cols))


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


Rating = int | tuple[int, int]
"""A rating filter: one rating, or the lowest and highest (both included)."""


def _themes(themes: str | Iterable[str] | None) -> frozenset[str]:
    if themes is None:
        return frozenset()
    return frozenset([themes] if isinstance(themes, str) else themes)


def _rating(rating: Rating | None) -> tuple[int, int] | None:
    if rating is None:
        return None
    low, high = (rating, rating) if isinstance(rating, int) else rating
    if not (1 <= low <= high <= 5):
        raise ValueError(f"a rating is 1 to 5, or (lowest, highest), not {rating!r}")
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
            parts.append(f"rated {low}" if low == high else f"rated {low} to {high}")
        if self.themes:
            parts.append(", ".join(theme_name(t) for t in sorted(self.themes)))
        return ", ".join(parts)


_KEEP: Any = object()


class PuzzleController:
    """A set of puzzles on one screen (see the module docstring).

    Args:
        puzzles: the puzzles, shown in the order given; ``None``: the shipped set, easy
            to hard (puzzles of one rating in an order fixed by ``seed``).
        kind: show only this kind (one of :data:`~dweebies_widget.puzzles.KINDS`).
        themes: show only puzzles with this theme (or with every theme of a list).
        rating: show only this rating, or ratings from ``(lowest, highest)``.
        seed: the order of the shipped set's puzzles of one rating.
        scheduler: runs timed jobs (see :mod:`~dweebies_widget.widget.timing`).
        on_change: told after every change what must be shown again.
        width, height, pixel_ratio: the canvas, as for the play controller.
        flash, step, reset: seconds, see :class:`PuzzleBoard`.
    """

    def __init__(
        self,
        puzzles: Iterable[Puzzle] | None = None,
        *,
        kind: str | None = None,
        themes: str | Iterable[str] | None = None,
        rating: Rating | None = None,
        seed: int = 0,
        scheduler: Scheduler,
        on_change: Callable[[Change], object] | None = None,
        width: int | None = None,
        height: int | None = None,
        pixel_ratio: float = 2,
        flash: float = 1.2,
        step: float = 1.0,
        reset: float = 2.5,
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
        if kind is not None and kind not in KINDS:
            raise ValueError(f"unknown puzzle kind {kind!r}; the kinds are {', '.join(KINDS)}")
        self.pool: tuple[Puzzle, ...] = tuple(pool)
        """Every puzzle of the set, in order (the filters choose among them)."""
        self.filters = Filters(kind, _themes(themes), _rating(rating))
        """Which puzzles are shown."""
        self._shown = [p for p in self.pool if self.filters.admits(p)]
        if not self._shown:
            raise ValueError(f"no puzzle of the set is one of the {self.filters.words()}")
        self.on_change: Callable[[Change], object] = on_change or (lambda _change: None)
        self._schedule = scheduler
        self._size = (width, height)
        self._ratio = float(pixel_ratio)
        self._times = (flash, step, reset)
        self._records: dict[str, Record] = {}
        self._solved: list[str] = []
        self._log: list[str] = []
        self._level = -1  # the hint step shown for the puzzle on screen
        self.score = 0
        """Points so far (see the module docstring)."""
        self.streak = 0
        """Puzzles solved in a row without a wrong attempt."""
        self.best_streak = 0
        self._index = 0
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

    def overlay(self) -> Overlay:
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

    def title(self) -> str:
        """Which puzzle this is: its number, kind and rating."""
        p = self.puzzle
        return (
            f"Puzzle {self._index + 1} of {len(self._shown)} \u00b7 {KIND_NAMES[p.kind]} "
            f"\u00b7 rating {p.rating} of 5"
        )

    def progress(self) -> str:
        """The score, the streak and how many of the puzzles shown are solved."""
        done = sum(1 for p in self._shown if p.id in self._records and self._records[p.id].solved)
        return (
            f"Score {self.score} \u00b7 streak {self.streak} \u00b7 "
            f"solved {done} of {len(self._shown)}"
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
        return f"{self.title()}. Goal: {self.goal}\n{self.board.describe()}"

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
            board.tell(board.solved_text)
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
            self.board.tell("This is the last puzzle here: change the filters for more.")
            return
        self.go(self._index + 1)

    def previous(self) -> None:
        """Show the previous puzzle."""
        if self._index == 0:
            self.board.tell("This is the first puzzle here.")
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
        if new.kind is not None and new.kind not in KINDS:
            raise ValueError(f"unknown puzzle kind {new.kind!r}; the kinds are {', '.join(KINDS)}")
        shown = [p for p in self.pool if new.admits(p)]
        if not shown:
            self.board.tell(
                f"No puzzle here is one of the {new.words()}: the filters stay as they were."
            )
            return False
        current = self.puzzle
        self.filters = new
        self._shown = shown
        if current in shown:
            self._index = shown.index(current)
            self.board.tell(f"Showing {words.plural(len(shown), 'puzzle')}: {new.words()}.")
        else:
            self._index = 0
            self._switch(shown[0], f"Showing {words.plural(len(shown), 'puzzle')}: {new.words()}.")
        return True

    # ------------------------------------------------------------------ events (to the board)
    def click(self, x: float, y: float) -> None:
        self.board.click(x, y)

    def release(self, x: float, y: float) -> None:
        self.board.release(x, y)

    def pointer_move(self, x: float, y: float, pressed: bool = False) -> None:
        self.board.pointer_move(x, y, pressed)

    def pointer_leave(self) -> None:
        self.board.pointer_leave()

    def wheel(self, dx: float, dy: float) -> None:
        self.board.wheel(dx, dy)

    def touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        self.board.touch_start(touches)

    def touch_move(self, touches: Sequence[tuple[float, float]]) -> None:
        self.board.touch_move(touches)

    def touch_end(self, touches: Sequence[tuple[float, float]]) -> None:
        self.board.touch_end(touches)

    def touch_cancel(self, touches: Sequence[tuple[float, float]] = ()) -> None:
        self.board.touch_cancel(touches)

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key: H, C, R, N and P are the puzzle's (hint, check, again, next, previous);
        every other key is the board's, as in play."""
        action = None if ctrl or meta else self._keys().get(key.lower() if len(key) == 1 else "")
        if action is not None:
            action()
        else:
            self.board.key(key, shift, ctrl, meta)

    def zoom(self, factor: float | None) -> None:
        self.board.zoom(factor)

    def redraw(self) -> None:
        self.board.redraw()

    def resize(self, width: int, height: int) -> None:
        """The canvas is now ``width`` x ``height`` canvas pixels."""
        self._size = (width, height)
        self.board.resize(width, height)

    def fail(self, error: BaseException) -> None:
        self.board.fail(error)

    # ------------------------------------------------------------------ inside
    def _keys(self) -> dict[str, Callable[[], object]]:
        return {"h": self.hint, "c": self.check, "r": self.again, "n": self.next,
                "p": self.previous}  # fmt: skip

    def _record(self, puzzle: Puzzle | None = None) -> Record:
        p = puzzle or self.puzzle
        if p.id not in self._records:
            self._records[p.id] = Record(p)
        return self._records[p.id]

    def _number(self, puzzle: Puzzle) -> int:
        return self._shown.index(puzzle) + 1 if puzzle in self._shown else 0

    def _note(self, text: str) -> None:
        p = self.puzzle
        self._log.append(f"Puzzle {self._number(p)} ({p.kind}): {text}")

    def _open(self, puzzle: Puzzle, said: str = "") -> None:
        """Show ``puzzle`` on a board of its own, and say which puzzle it is."""
        self._token += 1
        token = self._token
        width, height = self._size
        flash, step, reset = self._times
        self._record(puzzle)
        self._level = -1
        self._opening = True  # the new board draws as it is made: not shown before it is ours
        try:
            board = PuzzleBoard(
                puzzle, lambda answer: self._judge(puzzle, answer), scheduler=self._schedule,
                on_change=lambda change: self._board_changed(token, change), width=width,
                height=height, pixel_ratio=self._ratio, flash=flash, step=step, reset=reset,
            )  # fmt: skip
        finally:
            self._opening = False
        self._size = board.size
        self.board = board
        self._update_solved_text()
        before = " You solved it before: try it again if you like." if self._record().solved else ""
        intro = f"{said} " if said else ""
        with board._event_scope():
            board._say(f"{intro}{self.title()}. Goal: {self.goal}{before}")
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
        last = self._index >= len(self._shown) - 1
        self.board.solved_text = (
            "Solved! That was the last puzzle here: change the filters for more."
            if last
            else "Solved! Press Next for the next puzzle."
        )

    def _judge(self, puzzle: Puzzle, answer: Any) -> Verdict:
        verdict = puzzle.check(answer)
        record = self._record(puzzle)
        what = (
            f"{words.plural(len(answer), 'cell')} checked"
            if puzzle.kind == "where"
            else f"{NAMES[answer.dweebie]} at {answer.cell}"
        )
        if record.solved:
            self._note(f"{what}: {'right' if verdict.correct else 'not quite'} (solved before)")
            return verdict
        record.attempts += 1
        if verdict.correct:
            record.solved = True
            record.points = max(1, POINTS - record.wrong - record.hints)
            self._solved.append(puzzle.id)
            self.score += record.points
            if record.wrong == 0:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            self._note(f"{what}: right, {words.plural(record.points, 'point')}")
        else:
            record.wrong += 1
            self.streak = 0
            self._note(f"{what}: not quite")
        return verdict
