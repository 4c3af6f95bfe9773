"""A multiple-choice question, as plain data: :class:`Question` (asked in the page by
:class:`~dweebies_widget.widget.question.QuestionWidget`; see :mod:`dweebies_widget.lessons`).

>>> q = Question("Which cell does a first card go on?", ["(0, 0)", "(1, 1)", "Any cell"],
...              answer=0, why="The first card goes in the centre of the table, (0, 0).")
>>> verdict = q.check(2)
>>> verdict.correct, verdict.message
(False, 'Not quite: the answer is A, "(0, 0)". The first card goes in the centre of the \
table, (0, 0).')
>>> q.check(0).message
'Right! The first card goes in the centre of the table, (0, 0).'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import Game
from .puzzles.model import Verdict

__all__ = ["LETTERS", "Question"]

LETTERS = "ABCDE"
"""The letters of the choices, in order."""


@dataclass(frozen=True, init=False)
class Question:
    """A multiple-choice question: ``prompt``, 2 to 5 ``choices``, the index of the right
    one (``answer``), and ``why`` it is right.  ``feedback`` may give one more sentence per
    choice, said when that choice is picked (why a tempting wrong choice is wrong).  ``id``
    names it in the results (by default a digest of the prompt and the choices)."""

    prompt: str
    choices: tuple[str, ...]
    answer: int
    why: str
    feedback: tuple[str, ...] = ()
    id: str = ""
    lesson: str = ""
    """The lesson it belongs to (``"01"``), for a question shipped with the course."""
    position: Game | None = field(default=None, compare=False)
    """The table the question is about, drawn above it (``None``: no table)."""
    seats: tuple[str, ...] = ()
    """The players' names in the picture of :attr:`position`."""
    legal: bool = False
    """Whether the picture marks the cells where a card may go."""
    exit: bool = False
    """Whether it is one of its lesson's exit-quiz questions, asked at the end."""

    def __init__(
        self,
        prompt: str,
        choices: Sequence[str],
        answer: int,
        why: str,
        *,
        feedback: Sequence[str] = (),
        id: str = "",  # noqa: A002 - the same word as a puzzle's id
        lesson: str = "",
        position: Game | None = None,
        seats: Sequence[str] = (),
        legal: bool = False,
        exit: bool = False,  # noqa: A002 - the lesson's exit quiz
    ) -> None:
        choices = tuple(str(c) for c in choices)
        if not prompt.strip():
            raise ValueError("a question needs a prompt")
        if not 2 <= len(choices) <= len(LETTERS):
            raise ValueError(f"a question has 2 to {len(LETTERS)} choices, not {len(choices)}")
        if len(set(choices)) != len(choices):
            raise ValueError("two choices are the same")
        if type(answer) is not int or not 0 <= answer < len(choices):
            raise ValueError(f"answer is the index of the right choice, 0 to {len(choices) - 1}")
        if feedback and len(feedback) != len(choices):
            raise ValueError("feedback has one sentence per choice, or none")
        if not id:
            digest = hashlib.sha256("\n".join([prompt, *choices]).encode()).hexdigest()
            id = f"question-{digest[:10]}"  # noqa: A001
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "answer", answer)
        object.__setattr__(self, "why", why)
        object.__setattr__(self, "feedback", tuple(feedback))
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "lesson", lesson)
        object.__setattr__(self, "position", position.copy() if position is not None else None)
        object.__setattr__(self, "seats", tuple(str(s) for s in seats))
        object.__setattr__(self, "legal", bool(legal))
        object.__setattr__(self, "exit", bool(exit))

    def check(self, choice: int, *, reveal: bool = True) -> Verdict:
        """Whether ``choice`` (an index) is right, and the message: right or wrong, the
        right choice when it was not picked, that choice's feedback, and why.  With
        ``reveal=False`` a wrong choice's message gives nothing of the answer away (neither
        the right choice nor why): the student may try again.

        >>> q = Question("Who collects?", ["Mumbo collects.", "Nobody"], answer=0, why="")
        >>> q.check(1).message                  # a sentence that ends inside its quotes
        'Not quite: the answer is A, "Mumbo collects."'
        >>> q.check(1, reveal=False).message
        'Not quite: B is not the answer. Pick another choice and check again.'
        """
        if type(choice) is not int or not 0 <= choice < len(self.choices):
            raise ValueError(f"choice is the index of a choice, 0 to {len(self.choices) - 1}")
        right = choice == self.answer
        extra = self.feedback[choice] if self.feedback else ""
        if right:
            parts = ["Right!", extra, self.why]
        elif reveal:
            parts = [f"Not quite: the answer is {self.answer_text()}", extra, self.why]
        else:
            again = "Pick another choice and check again."
            parts = [f"Not quite: {LETTERS[choice]} is not the answer.", extra, again]
        return Verdict(right, " ".join(t for t in parts if t))

    def answer_text(self) -> str:
        """The right choice, its letter and its words, as a sentence's end: one full stop,
        inside the quotes when the choice ends a sentence itself.

        >>> Question("?", ["Yes.", "No"], answer=0, why="").answer_text()
        'A, "Yes."'
        >>> Question("?", ["Yes", "No"], answer=1, why="").answer_text()
        'B, "No".'
        """
        words = self.choices[self.answer]
        end = "" if words.rstrip().endswith((".", "!", "?")) else "."
        return f'{LETTERS[self.answer]}, "{words}"{end}'
