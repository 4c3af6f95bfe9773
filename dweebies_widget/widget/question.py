"""A multiple-choice question in the page: :class:`QuestionWidget`.

A small `anywidget <https://anywidget.dev>`_ (``question.js`` and ``question.css``): a form
with a legend (the question), one radio button per choice, a **Check my answer** button and
a polite live region for the verdict.  Native radio buttons make it work by keyboard (Tab to
the group, arrows to choose, Enter or the button to submit) and with screen readers; every
choice is a tap target of 44 CSS pixels or more, and after the answer the right choice and
the student's are marked with words as well as colours.

**The answer stays in the kernel** until the student submits.  Before that the page holds
only the prompt, the choices and the student's choice: the traits :attr:`right`,
:attr:`verdict` and :attr:`why` are empty, so the widget state that a saved notebook stores,
and the text it shows where widgets cannot be drawn (``repr``), give nothing away.  Submitting
sends a message to the kernel, which checks the choice (:meth:`Question.check
<dweebies_widget.questions.Question.check>`) and only then fills those traits.  One answer per
question: once submitted, the answer is shown and the choice is locked.
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

    >>> w = QuestionWidget("2 + 2?", ["3", "4"], answer=1, why="Count them.")
    >>> w.right, w.why, w.submitted            # nothing of the answer in the page yet
    (-1, '', False)
    >>> w.submit(0).correct, w.right, w.verdict
    (False, 1, 'Not quite: the answer is B, "4".')
    >>> w.results()[0]["correct"]
    False
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
    """Whether the student has answered."""
    right = traitlets.Int(-1).tag(sync=True)
    """The right choice: -1 until the student has answered."""
    verdict = traitlets.Unicode("").tag(sync=True)
    """Right or wrong (and which choice was right): empty until answered."""
    why = traitlets.Unicode("").tag(sync=True)
    """Why the answer is right: empty until answered."""

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
        self._verdict: Verdict | None = None
        self.on_msg(self._on_message)

    def __repr__(self) -> str:
        choices = "; ".join(f"{LETTERS[i]}. {c}" for i, c in enumerate(self.question.choices))
        state = (
            f"answered: {'right' if self.correct else 'wrong'}"
            if self.submitted
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
        """Whether the student has answered."""
        return self._verdict is not None

    @property
    def correct(self) -> bool | None:
        """Whether the answer was right (``None`` before an answer)."""
        return None if self._verdict is None else self._verdict.correct

    @property
    def solved(self) -> bool:
        """Whether the question was answered right (as a puzzle is solved)."""
        return bool(self.correct)

    @property
    def attempts(self) -> int:
        """Answers given: 0 or 1."""
        return int(self._verdict is not None)

    def submit(self, choice: int | None = None) -> Verdict:
        """Answer with ``choice`` (default: the choice picked in the page), as the Check
        button does; returns the verdict.  A second answer changes nothing: the first
        verdict is returned."""
        if self._verdict is not None:
            return self._verdict
        choice = self.choice if choice is None else choice
        if type(choice) is not int or not 0 <= choice < len(self.question.choices):
            raise ValueError("pick a choice first")
        verdict = self.question.check(choice)
        self._verdict = verdict
        q = self.question
        head = verdict.message
        if q.why and head.endswith(q.why):
            head = head[: -len(q.why)].rstrip()
        with self.hold_sync():
            self.choice = choice
            self.right = q.answer
            self.verdict = head
            self.why = q.why
            self.submitted = True
        return verdict

    def results(self) -> list[dict[str, Any]]:
        """One record (plain data): the question's id and prompt, the choice (``None``
        before an answer), whether it was right, and the attempts (0 or 1)."""
        return [
            {
                "id": self.question.id,
                "question": self.question.prompt,
                "choice": self.choice if self.answered else None,
                "correct": self.correct,
                "attempts": self.attempts,
            }
        ]

    # ------------------------------------------------------------------ from the page
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "submit":
            return
        choice = content.get("choice", self.choice)
        if type(choice) is int and 0 <= choice < len(self.question.choices):
            self.submit(choice)
