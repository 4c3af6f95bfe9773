"""The puzzle widget without a screen: what a click, a tap, a key or a button means in a puzzle.

Nothing here imports a widget library, so everything that decides is tested synchronously,
as the play widget's session is (:mod:`~dweebies_widget.widget.puzzle_app` is the glue).
Two classes:

* :class:`PuzzleMode` is what a puzzle changes in play, and :class:`PuzzleBoard` one
  puzzle's position on the screen: a play :class:`~dweebies_widget.widget.session.Session` in
  that mode (the same picture, the same clicks, taps, drags, pinches and keys, the same
  refusals of cells where a card may not go), with four differences:

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
  position is set back and the student tries again.  A wrong ``where`` Check keeps the
  marks: the message names the wrong ones and counts the missing ones, and the student
  changes them and checks again.

The status line has :data:`STATUS_LINES` lines, always, as play's has: what to do now
first, then the newest news (the last message: a verdict, a hint, a refusal, with its
rule), then what else to know (the puzzle's own line, its rules when they are not the
standard ones, that it is a practice position, a split table); empty lines fill it up.
A puzzle under other rules states them in its goal too, and in its verdicts where they
change the answer (:mod:`dweebies_widget.puzzles.model`).

The set of puzzles around a board (next, previous, filters, hints, score) is
:mod:`~dweebies_widget.widget.puzzle_set`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import grammar
from ..ai import GreedyPlayer
from ..cards import NAMES
from ..game import Move, Placement
from ..grid import Cell
from ..puzzles.model import Hint, Puzzle, Verdict
from . import forward, words
from .announce import Change
from .modes import Mode
from .overlay import Callout, Overlay, corners
from .scene import Scene
from .session import Session
from .timing import Scheduler

__all__ = [
    "STATUS_LINES",
    "PuzzleBoard",
    "PuzzleControls",
    "State",
]

STATUS_LINES = 3
"""The lines of a puzzle's status line, always (see the module docstring)."""

THEME_NAMES = {
    "split": "split table",
    "many_groups": "3 or more groups",
    "long_line": "long line (5 or more)",
    "two_way": "row and column at once",
    "min_line_3": "house rule: lines of 3",
    "no_reconnect_collect": "house rule: the joining card collects nothing",
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

    >>> from dweebies_widget import Game
    >>> from dweebies_widget.puzzles import Puzzle
    >>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4},
    ...                           hands=[[5], [20, 3], [6]], current_player=1)
    >>> seat_labels(Puzzle.make(game, "haul", check_keep=False))
    ['Player 1', 'You', 'Player 3']
    """
    n = puzzle.position.players
    return [
        "You" if s == puzzle.seat else ("Opponent" if n == 2 else f"Player {s + 1}")
        for s in range(n)
    ]


# ---------------------------------------------------------------------------- one puzzle
class PuzzleMode(Mode):
    """One puzzle's mode (see the module docstring): only the solver moves, a placement
    is an attempt the puzzle judges, and a ``where`` puzzle marks cells instead."""

    budget = STATUS_LINES

    def __init__(self, puzzle: Puzzle, judge: Judge, step: float, reset: float) -> None:
        self.puzzle = puzzle
        self.judge = judge
        self.step_delay = step
        """Seconds between the moves of an endgame's proof line."""
        self.reset_delay = reset
        """Seconds a wrong move stays on the table before it is taken back."""
        self.where = puzzle.kind_info.marks_cells
        """Whether cells are marked, then checked (a ``where`` puzzle)."""
        self.state = State.SOLVING
        """Where the board is in its puzzle."""
        self.marks: set[Cell] = set()
        self.checked = False
        """Whether a ``where`` Check found the marks wrong (they stay, to be changed)."""
        self.refuted: frozenset[Cell] = frozenset()
        """The marks the last wrong Check found wrong."""
        self.callout: Callout | None = None
        """The text written on the board now, if any."""
        self.hint_shown: Hint | None = None
        self.line: list[Move] = []
        self.line_length = 0
        self.solved_text = "Solved!"
        """The first status line once solved (the set of puzzles says what comes next)."""

    # ------------------------------------------------------------------ who may act
    def refusal(self, session: Session) -> str | None:
        if self.state is State.WRONG:
            self.take_back(session)  # the student acts: the wrong move goes at once
        if self.state is not State.SOLVING:
            return self.solved_text
        return super().refusal(session)

    # ------------------------------------------------------------------ input
    def point(self, session: Session, x: float, y: float, *, touch: bool) -> bool | None:
        if self.state is State.WRONG:
            # The hand and the table are about to change under the pointer: this click or
            # tap only takes the wrong move back.
            self.take_back(session)
            return False
        if not self.where:
            return None
        g = session.geometry
        if g.hand_at(x, y) is not None:
            self.pick(session, 0)  # says what to do instead
            return False
        cell = g.cell_at(x, y)
        if cell is None:
            verb = "Tap" if touch else "Click"
            session.tell(f"{verb} the empty cells of the table where {self.named()} may go.")
            session.changed_text()
            return True
        return not self.mark(session, cell)

    def pick(self, session: Session, index: int) -> bool:
        if self.where:
            if session.who_may_act() is not None:
                session.tell(
                    f"Here no card is placed: {session.verb} each empty cell where "
                    f"{self.named()} may go, then press Check."
                )
            session.changed_text()
            return True
        if self.state is State.WRONG:
            self.take_back(session)  # the student acts: the wrong move goes at once
        if self.state is State.SOLVING:
            self.callout = None  # a new try: the last verdict leaves the board
        return False

    def place(self, session: Session, cell: Cell) -> Placement | None:
        if self.where:
            self.mark(session, cell)
            return None
        return super().place(session, cell)

    def hint(self, session: Session) -> Move | None:
        """Not the play widget's hint: a puzzle's hints come from the puzzle (see
        :meth:`PuzzleBoard.show_hint`)."""
        session.tell("Press Hint (or H) for a hint about this puzzle.")
        session.changed_text()
        return None

    def start_cursor(self, session: Session) -> Cell:
        if self.where:  # never a cell of the answer: the last move's card, or the first card
            last = session.game.last_move
            return last.cell if last is not None else min(session.game.board, default=(0, 0))
        return super().start_cursor(session)

    # ------------------------------------------------------------------ turn flow
    def advance(self, session: Session) -> None:
        session.redraw()  # nobody else moves: after a change there is only the picture

    def after_move(self, session: Session, placement: Placement, note: str = "") -> None:
        # The student's placement is an attempt: checked, not answered by the next seat.
        session.forget_pick()
        session.say(words.move_text(placement, session.labels) + ".")
        session.start_flash(placement)
        verdict = self.judge(placement.move)
        message = _named_seats(verdict.message, session.labels)
        session.tell(message)
        if verdict.correct:
            self.callout = Callout("right", message)
            self.line = list(verdict.line[1:])
            self.line_length = len(verdict.line)
            if self.line:
                self.state = State.PROOF
                session.say("Now the proof: best play on both sides, move by move.")
                session.later(max(session.flash, self.step_delay), lambda: self.proof_step(session))
            else:
                self.state = State.SOLVED
                if session.flashing:
                    session.later(session.flash, session.end_flash)
        else:
            self.state = State.WRONG
            self.callout = Callout("wrong", message)
            wait = max(self.reset_delay, session.flash)
            session.later(wait, lambda: self.take_back_later(session))
        session.redraw()

    # ------------------------------------------------------------------ what is shown
    def overlay(self, session: Session) -> Overlay:
        """What this puzzle draws over the play picture now."""
        scene = session.scene
        hand = list(scene.hand)
        named = None
        if self.where and self.puzzle.dweebie in hand:
            named = hand.index(self.puzzle.dweebie)
        hint = self.hint_shown if self.state is State.SOLVING else None
        card = None
        if hint is not None and hint.card in hand and not self.where:  # where: named already
            card = hand.index(hint.card)
        return Overlay(
            marks=frozenset(self.marks) if self.state is not State.SOLVED else frozenset(),
            wrong=frozenset(self.refuted & self.marks),
            named=named,
            hint_card=card,
            hint_area=hint.area if hint is not None else frozenset(),
            callout=self.callout,
            cards=frozenset(scene.board),
            picked=scene.selected,
        )

    def preview(
        self, session: Session, preview: tuple[Cell, int, frozenset[Cell]]
    ) -> tuple[Cell, int, frozenset[Cell]]:
        # Where the card would go, never what it would collect: that is the puzzle.
        return (preview[0], preview[1], frozenset())

    def scene(self, session: Session) -> Scene:
        scene = session.play_scene()
        changes: dict[str, Any] = {"banner": ()}
        if self.where:
            solved = self.state is State.SOLVED
            changes["links"] = frozenset()
            changes["lit"] = frozenset(self.puzzle.answer) if solved else frozenset()
            changes["link"] = solved and session.game.is_split
            changes["preview"] = None
        return replace(scene, **changes)

    def status(self, session: Session, lines: list[str]) -> list[str]:
        """The puzzle's status lines (:meth:`lines`) instead of play's."""
        return self.lines(session)

    def lines(self, session: Session) -> list[str]:
        """The status line: :data:`STATUS_LINES` lines, what to do now first, then the
        newest news (the last message and its rule), then what else to know (the puzzle's
        rules when they are not the standard ones; while it is being solved, the puzzle's
        own line and that it is a practice position; a split table); empty lines fill it
        up."""
        play = session.play_status()[1:]  # play's first line is replaced by what to do here
        news = [session.message, session.detail]
        p = self.puzzle
        solving = self.state is State.SOLVING
        # The puzzle's rules stay in view whatever happens (a long verdict that ends with
        # them may be cut short on its line); its own line and "practice" while solving.
        notes = [p.kind_info.status_line(p.view) if solving else None, p.rules_note]
        context = [n for n in [*notes, p.practice_note if solving else None] if n]
        context += [line for line in play if line not in news]
        out: list[str] = []
        for line in [self.first_line(session), *news, *context]:
            if line and line not in out:
                out.append(line)
        out = out[:STATUS_LINES]
        return out + [""] * (STATUS_LINES - len(out))

    def first_line(self, session: Session) -> str:
        """What to do now."""
        state = self.state
        if state is State.SOLVED:
            return self.solved_text
        if state is State.PROOF:
            return "Right! Watch the proof: best play on both sides, move by move."
        if state is State.WRONG:
            return "Not the answer: the table goes back to the start in a moment."
        verb = session.verb
        if self.where:
            n = len(self.marks)
            if self.checked:
                return f"Change your marks, then press Check again ({n} marked)."
            return (
                f"{verb.capitalize()} each empty cell where {self.named()} may go, "
                f"then press Check ({n} marked)."
            )
        dweebie = session.picked_dweebie()
        if dweebie is None:
            me = session.labels[self.puzzle.seat]
            mine = grammar.possessive(me, start=False)
            return f"{grammar.possessive(me)} move: {verb} a card of {mine} hand, then a lit cell."
        name = NAMES[dweebie]
        if session.table.armed is not None:
            return f"Tap {session.table.armed} again to place {name} there."
        n = len(session.game.legal_cells())
        return f"Place {name} on a lit cell ({words.plural(n, 'place')} allowed)."

    def describe(self, session: Session) -> str:
        """The board in words, for a screen reader: what to do, the scores, the last move,
        the table row by row, your hand, the marks or the picked card's lit cells (never
        what a cell would collect, nor, before a ``where`` puzzle is solved, where its card
        may go), the hint shown, the cursor and the keys."""
        game = session.game
        lines = [line for line in session.status_lines() if line]
        lines += words.position_lines(game, session.labels)
        board = game.board
        if not board:
            lines.append("Table: empty.")
        if game.is_split and not game.is_over:
            text = f"The table is split into {len(game.groups)} groups."
            if not self.where:
                bridge = ", ".join(map(str, sorted(game.link_cells)))
                text += f" Cells on a shortest bridge: {bridge}."
            lines.append(text)
        hand = session.hand()
        cards = ", ".join(f"{i + 1} {NAMES[d]}" for i, d in enumerate(hand))
        lines.append(
            f"{grammar.possessive(session.labels[self.puzzle.seat])} hand: {cards or 'no cards'}."
        )
        scene = session.scene
        if self.where:
            marked = ", ".join(map(str, sorted(self.marks))) or "none"
            lines.append(f"Marked cells: {marked}.")
            wrong = sorted(self.refuted & self.marks)
            if wrong:
                lines.append(f"The last check found {', '.join(map(str, wrong))} wrong.")
            if self.state is State.SOLVED:
                cells = ", ".join(map(str, sorted(self.puzzle.answer)))
                lines.append(f"The cells where {self.named()} may go: {cells}.")
        elif scene.selected is not None and scene.lit:
            spots = ", ".join(map(str, sorted(scene.lit)))
            lines.append(
                f"Picked: {NAMES[hand[scene.selected]]}. It may go on "
                f"{words.plural(len(scene.lit), 'lit cell')}: {spots}."
            )
        hint = self.hint_shown
        if hint is not None and hint.area and self.state is State.SOLVING:
            (top, left), (bottom, right) = corners(hint.area)
            lines.append(f"Hint area: rows {top} to {bottom}, columns {left} to {right}.")
        cursor = session.cursor
        if cursor is not None:
            what = NAMES[board[cursor]] if cursor in board else "empty"
            mark = ", marked" if cursor in self.marks else ""
            lines.append(f"Cursor: {cursor}, {what}{mark}.")
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

    def named(self) -> str:
        """The card a ``where`` puzzle asks about, by name."""
        d = self.puzzle.dweebie
        return NAMES[d] if d is not None else "the card"

    # ------------------------------------------------------------------ the puzzle's steps
    def mark(self, session: Session, cell: Cell) -> bool:
        """Mark ``cell`` (again: unmark it); returns whether the marks changed."""
        if session.who_may_act() is None:
            session.changed_text()
            return False
        if cell in session.game.board:
            session.tell(f"{cell} holds a card: a card goes on an empty cell.")
            session.changed_text()
            return False
        if cell in self.marks:
            self.marks.remove(cell)
            said = f"{cell} unmarked"
        else:
            self.marks.add(cell)
            said = f"{cell} marked"
        if not self.checked:  # the last Check's verdict stays while the marks are changed
            self.callout = None
            session.tell("")
        session.say(f"{said}: {words.plural(len(self.marks), 'cell')} marked.")
        session.redraw()
        return True

    def restart(self, session: Session) -> None:
        """The position of the puzzle again, no marks, no proof running."""
        session.stop_job()
        session.stop_pulse()
        session.put(self.puzzle.game)
        session.hand_order.forget()  # the hand as it was at the start, in its order
        session.reset_view()
        self.marks.clear()
        self.checked = False
        self.refuted = frozenset()
        self.line = []
        self.state = State.SOLVING

    def take_back(self, session: Session) -> None:
        """The wrong move leaves the table; the message stays."""
        self.restart(session)
        session.say("The table is back at the start: try again.")
        session.redraw()

    def take_back_later(self, session: Session) -> None:
        if self.state is State.WRONG:
            self.take_back(session)

    def proof_step(self, session: Session) -> None:
        """Play the next move of an endgame's proof line."""
        session.cancel_later()
        session.flashing = ()
        if not self.line:
            self.proof_done(session)
            return
        move = self.line.pop(0)
        placement = session.game.play(move)
        session.start_flash(placement)
        done = self.line_length - len(self.line)
        text = (
            f"Proof, move {done} of {self.line_length}: "
            f"{words.move_text(placement, session.labels)}."
        )
        self.callout = Callout("info", text)
        session.say(text)
        session.later(self.step_delay, lambda: self.proof_step(session))
        session.redraw()

    def proof_done(self, session: Session) -> None:
        game = session.game
        self.state = State.SOLVED
        me = self.puzzle.seat
        mine, theirs = game.scores[me], max(s for i, s in enumerate(game.scores) if i != me)
        ends = "the game ends" if game.is_over else "after these moves it is"
        who = session.labels[me]
        still = f"{grammar.subject(who, start=False)} still {grammar.verb(who, 'wins')}"
        text = (
            f"Proof done: {ends} {mine} to {theirs}. {grammar.possessive(who)} opponent "
            f"played their best answers, and {still}."
        )
        self.callout = Callout("right", text)
        session.tell(text)
        session.redraw()


class PuzzleBoard(Session):
    """One puzzle's position, played by clicks, taps and keys (see the module docstring):
    a session in a :class:`PuzzleMode`.

    Args:
        puzzle: the puzzle shown.
        judge: checks and records each answer (default: the puzzle's own check).
        flash: seconds the collected cells flash.
        step: seconds between the moves of an endgame's proof line.
        reset: seconds a wrong move stays on the table before it is taken back.
        scheduler, on_change, width, height, pixel_ratio, presentation: as for the play
            :class:`~dweebies_widget.widget.session.Session`.
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
        presentation: bool = False,
        flash: float = 1.2,
        step: float = 1.0,
        reset: float = 2.5,
    ) -> None:
        if step < 0 or reset < 0:
            raise ValueError("step and reset are seconds, 0 or more")
        self.puzzle = puzzle
        self.solving = PuzzleMode(puzzle, judge or puzzle.check, step, reset)
        """The puzzle's mode: its state, marks, callout and hint shown."""
        super().__init__(
            seat_labels(puzzle), game=puzzle.game, ai_delay=0, flash=flash, width=width,
            height=height, hint_player=GreedyPlayer(), scheduler=scheduler,
            on_change=on_change, pixel_ratio=pixel_ratio, mode=self.solving,
            presentation=presentation,
        )  # fmt: skip

    # ------------------------------------------------------------------ state
    state = forward.value("solving", "state", PuzzleMode)
    callout = forward.value("solving", "callout", PuzzleMode)
    step_delay = forward.value("solving", "step_delay", PuzzleMode, settable=True)
    reset_delay = forward.value("solving", "reset_delay", PuzzleMode, settable=True)
    solved_text = forward.value("solving", "solved_text", PuzzleMode, settable=True)
    keys_text = forward.method("solving", "keys_text", PuzzleMode)

    @property
    def where(self) -> bool:
        """Whether this is a ``where`` puzzle (cells are marked, then checked)."""
        return self.solving.where

    @property
    def marks(self) -> frozenset[Cell]:
        """The cells marked so far (``where`` puzzles)."""
        return frozenset(self.solving.marks)

    @property
    def wrong_marks(self) -> frozenset[Cell]:
        """The marked cells the last Check found wrong and still marked (``where``
        puzzles): the verdict names them."""
        return self.solving.refuted & self.solving.marks

    def status_lines(self) -> list[str]:
        """The status line: always :data:`STATUS_LINES` lines, what to do now first, then the
        newest news (see :meth:`PuzzleMode.lines`)."""
        return self.solving.lines(self)

    # ------------------------------------------------------------------ actions
    def say_now(self, message: str) -> None:
        """Show ``message`` in the status line and say it, as an event of its own."""
        with self.event():
            self.tell(message)
            self.changed_text()

    def mark(self, cell: Cell) -> bool:
        """Mark ``cell`` (again: unmark it) in a ``where`` puzzle, as a click on it does;
        returns whether the marks changed."""
        with self.event():
            return self.solving.mark(self, cell)

    def check(self) -> Verdict | None:
        """Check the marked cells of a ``where`` puzzle (the Check button); returns the
        verdict, or ``None`` when there was nothing to check (the status line says why).
        A right answer ends the puzzle; after a wrong one the marks stay, to be changed."""
        m = self.solving
        with self.event():
            if not m.where:
                self.tell("Here the answer is a move: pick a card, then place it.")
                self.changed_text()
                return None
            if self.who_may_act() is None:
                self.changed_text()
                return None
            if not m.marks:
                self.tell(f"Mark a cell first: {self.verb} each cell where {m.named()} may go.")
                self.changed_text()
                return None
            cells = frozenset(m.marks)
            verdict = m.judge(cells)
            self.say(f"You checked {words.plural(len(cells), 'cell')}.")
            if verdict.correct:
                m.state = State.SOLVED
                m.callout = Callout("right", verdict.message)
                self.tell(verdict.message)
            else:
                m.checked = True
                m.refuted = cells - self.puzzle.answer
                m.callout = Callout("wrong", verdict.message)
                self.tell(verdict.message)
                self.say("Your marks stay: change them, then check again.")
            self.redraw()
            return verdict

    def show_hint(self, hint: Hint) -> None:
        """Show ``hint``: its words, its card picked and outlined, its area outlined."""
        m = self.solving
        with self.event():
            if self.who_may_act() is None:
                self.changed_text()
                return
            m.hint_shown = hint
            hand = self.hand()
            if not m.where and hint.card is not None and hint.card in hand:
                self.selected = hand.index(hint.card)
                self.table.disarm()
            text = f"Hint: {hint.text}"
            m.callout = Callout("info", text)
            self.tell(text)
            self.redraw()

    def restart(self) -> None:
        """Set the puzzle back to its start (marks, hints shown and callout too)."""
        m = self.solving
        with self.event():
            m.restart(self)
            m.hint_shown = None
            m.callout = None
            self.tell("")
            self.say("Back to the start of the puzzle.")
            self.redraw()

    def stop(self) -> None:
        """Cancel every timed job (the board is no longer shown)."""
        self.stop_job()
        self.stop_pulse()


def _named_seats(message: str, labels: Sequence[str]) -> str:
    """``message`` with the seats named as the board names them ("the next player
    (Opponent)" rather than "(seat 1)")."""
    return re.sub(r"\(seat (\d+)\)", lambda m: f"({labels[int(m.group(1))]})", message)
