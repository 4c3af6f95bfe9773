"""A multiple-choice question in the page: :class:`QuestionWidget`.

A small `anywidget <https://anywidget.dev>`_ (``question.js`` and ``question.css``): a form
with a legend (the question), one radio button per choice, a **Check my answer** button and
a polite live region for the verdict.  Native radio buttons make it work by keyboard (Tab to
the group, arrows to choose, Enter or the button to submit) and with screen readers; every
choice is a tap target of 44 CSS pixels or more, the text is 16 CSS pixels or more, and the
choices tried and the right one are marked with words as well as colours.

**The answer stays in the kernel** until the question is done.  Before the first answer the
page holds only the prompt, the choices and the student's choice: the traits :attr:`right`,
:attr:`verdict` and :attr:`why` are empty, so the widget state that a saved notebook stores,
and the text it shows where widgets cannot be drawn (``repr``), give nothing away.  Checking
sends a message to the kernel, which checks the choice (:meth:`Question.check
<dweebies_widget.questions.Question.check>`); a wrong one's verdict names only that choice,
and :attr:`right` and :attr:`why` are filled once the question is done.

**A wrong answer may be tried again.**  It is marked as tried, the verdict says it is not the
answer (and that choice's feedback) without giving the right one away, and **Check again**
checks another choice; **Show the answer** gives up.  The question is done (the answer and
why shown, the choices locked) once a check is right or the answer is shown.  Every check is
recorded (:attr:`QuestionWidget.answers`); what a teacher collects (:meth:`results`) keeps the
*first* answer and whether it was right, and the number of checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..puzzles.model import Verdict
from ..questions import LETTERS, Question

__all__ = ["QuestionWidget"]

_HERE = Path(__file__).parent


class QuestionWidget(anywidget.AnyWidget):
    """Ask a multiple-choice question; the answer is shown once the student submits.

    Give a :class:`~dweebies_widget.questions.Question`, or its parts::

        QuestionWidget("Which move collects?", ["A", "B", "C"], answer=1, why="...")

    >>> w = QuestionWidget("2 + 2?", ["3", "4", "5"], answer=1, why="Count them.")
    >>> w.right, w.why, w.submitted            # nothing of the answer in the page yet
    (-1, '', False)
    >>> w.submit(0).correct, w.right, w.verdict, w.done   # wrong: try again
    (False, -1, 'Not quite: A is not the answer. Pick another choice and check again.', False)
    >>> w.submit(1).correct, w.right, w.verdict, w.why, w.done
    (True, 1, 'Right!', 'Count them.', True)
    >>> w.answers, {k: w.results()[0][k] for k in ("choice", "correct", "attempts")}
    ((0, 1), {'choice': 0, 'correct': False, 'attempts': 2})
    """

    _esm = (_HERE / "question.js").read_text(encoding="utf-8")
    _css = (_HERE / "question.css").read_text(encoding="utf-8")

    prompt = traitlets.Unicode("").tag(sync=True)
    """The question."""
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The choices, in order (shown as A, B, C...)."""
    choice = traitlets.Int(-1).tag(sync=True)
    """The choice picked in the page (-1: none yet)."""
    submitted = traitlets.Bool(False).tag(sync=True)
    """Whether the student has answered (checked a choice) at least once."""
    tried = traitlets.List(traitlets.Int()).tag(sync=True)
    """The wrong choices checked so far (marked, and not checked twice)."""
    done = traitlets.Bool(False).tag(sync=True)
    """Whether the question is over: answered right, or the answer shown; the choices are
    locked."""
    right = traitlets.Int(-1).tag(sync=True)
    """The right choice: -1 until the question is done."""
    verdict = traitlets.Unicode("").tag(sync=True)
    """The verdict on the last check (and, once done, which choice was right): empty until
    answered."""
    why = traitlets.Unicode("").tag(sync=True)
    """Why the answer is right: empty until the question is done."""

    def __init__(
        self,
        question: Question | str,
        choices: Sequence[str] | None = None,
        answer: int | None = None,
        why: str = "",
        *,
        feedback: Sequence[str] = (),
        id: str = "",  # noqa: A002 - the same word as a puzzle's id
    ) -> None:
        if isinstance(question, Question):
            if choices is not None or answer is not None or why or feedback or id:
                raise TypeError("give a Question, or its prompt, choices, answer and why")
            q = question
        else:
            if choices is None or answer is None:
                raise TypeError("a question needs its choices and its answer")
            q = Question(question, choices, answer, why, feedback=feedback, id=id)
        super().__init__(prompt=q.prompt, choices=list(q.choices))
        self.question = q
        """The question (with its answer: kept here, in the kernel)."""
        self._checks: list[Verdict] = []
        self._answers: list[int] = []
        self.on_msg(self._on_message)

    def __repr__(self) -> str:
        choices = "; ".join(f"{LETTERS[i]}. {c}" for i, c in enumerate(self.question.choices))
        state = (
            f"answered: {'right' if self.correct else 'wrong'}"
            if self.answered
            else "the answer is shown once you check yours"
        )
        return f"Question: {self.question.prompt} ({choices}) [{state}]"

    def _repr_html_(self) -> str:
        # Display data next to the widget view: what pages without Python show (static.py).
        from .static import question_html  # the pictures' module, only when shown

        return question_html(self.question)

    # ------------------------------------------------------------------ public API
    @property
    def answered(self) -> bool:
        """Whether the student has answered (at least once)."""
        return bool(self._answers)

    @property
    def correct(self) -> bool | None:
        """Whether the *first* answer was right (``None`` before an answer): the verdict a
        teacher keeps."""
        return self._checks[0].correct if self._checks else None

    @property
    def solved(self) -> bool:
        """Whether the question was answered right, at the first try or a later one (as a
        puzzle is solved)."""
        return any(v.correct for v in self._checks)

    @property
    def attempts(self) -> int:
        """Answers checked: 0 before the first, 1 for a first answer that was right."""
        return len(self._answers)

    @property
    def answers(self) -> tuple[int, ...]:
        """Every choice checked, in order (the first is the answer a teacher keeps)."""
        return tuple(self._answers)

    def submit(self, choice: int | None = None) -> Verdict:
        """Answer with ``choice`` (default: the choice picked in the page), as the Check
        button does; returns the verdict.  A wrong answer may be followed by another; once
        the question is done (right, or the answer shown) nothing changes and the last
        verdict is returned, as it is for a choice already tried."""
        choice = self.choice if choice is None else choice
        if choice in self._answers:  # tried already: the same verdict, not counted again
            return self._checks[self._answers.index(choice)]
        if self.done:
            return self._checks[-1]
        if type(choice) is not int or not 0 <= choice < len(self.question.choices):
            raise ValueError("pick a choice first")
        verdict = self.question.check(choice, reveal=False)
        self._checks.append(verdict)
        self._answers.append(choice)
        with self.hold_sync():
            self.choice = choice
            self.submitted = True
            if verdict.correct:
                self._finish(self._head(verdict.message))
            else:
                self.tried = [*self.tried, choice]
                self.verdict = verdict.message
        return verdict

    def reveal(self) -> None:
        """Show the answer (the **Show the answer** button, after a wrong answer): the
        question is done, the first answer stays the one a teacher sees."""
        if self.done or not self.answered:
            return
        self._finish(f"The answer is {self.question.answer_text()}")

    def results(self) -> list[dict[str, Any]]:
        """One record (plain data): the question's id and prompt, the first answer (``None``
        before an answer), whether it was right, and the number of answers checked."""
        return [
            {
                "id": self.question.id,
                "question": self.question.prompt,
                "choice": self._answers[0] if self._answers else None,
                "correct": self.correct,
                "attempts": self.attempts,
            }
        ]

    def _head(self, message: str) -> str:
        """A right verdict without the question's why (shown on its own)."""
        why = self.question.why
        return message[: -len(why)].rstrip() if why and message.endswith(why) else message

    def _finish(self, verdict: str) -> None:
        with self.hold_sync():
            self.right = self.question.answer
            self.verdict = verdict
            self.why = self.question.why
            self.done = True

    # ------------------------------------------------------------------ from the page
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "reveal":
            self.reveal()
        elif content.get("event") == "submit":
            choice = content.get("choice", self.choice)
            if type(choice) is int and 0 <= choice < len(self.question.choices):
                self.submit(choice)
