"""Lesson helpers: questions asked before the answer is shown, and a class's results.

The course's questions are data, one file per lesson (:mod:`dweebies_widget.lessons.catalog`):
a notebook asks one by its id, ``ask("01.dots")``, and shows what the game says about it
with ``reveal("01.dots", show)`` only once it is answered, so no notebook source or stored
output holds an answer (:mod:`dweebies_widget.widget.lesson_cells`).  ``exit_quiz("01")``
asks the lesson's exit quiz; ``results(asked(), board)`` collects everything asked in this
kernel and the given puzzle boards.  ``questions()``, ``question(id)``, ``lessons()`` and
``lesson("01")`` read the shipped lessons (the teacher's answer key and the tests do).

A lesson step asks first and shows afterwards.  :class:`Question` is a multiple-choice
question (2 to 5 choices, one right answer, and why it is right); :class:`QuestionWidget`
asks it in a notebook or a Voila page: the student picks a choice (by mouse, touch or
keyboard) and presses **Check my answer**, and only then learns whether it was right; a
wrong answer may be tried again (**Check again**, or **Show the answer**), and the question
ends with the right choice and why.  :func:`results` gathers what students did with questions
and puzzles (:class:`~dweebies_widget.puzzles.PuzzleWidget`) into one list a teacher's cell
can show or save: for a question, the first answer, whether it was right, and the number of
answers checked.  :func:`rules_section` gives a section of the rules in its own words, for a
lesson that names a rule.

The answer stays in the kernel until the question is done: nothing the page receives before
that (the widget's state, which a saved notebook also stores, and its text) holds the answer
or the explanation, so a notebook saved with its outputs does not give the answer away above
the question.

Everything a lesson's questions need is here: :class:`Question` (plain data, in
:mod:`dweebies_widget.questions`) and the widget :class:`QuestionWidget`, loaded on first use
(it needs ipywidgets).  Puzzles are :class:`dweebies_widget.puzzles.PuzzleWidget`.

>>> from dweebies_widget.lessons import Question, QuestionWidget
>>> w = QuestionWidget(Question("2 + 2?", ["3", "4"], answer=1, why="Count them."))
>>> w.submit(1).correct, results(w)[0]["correct"]
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Protocol

from ..questions import LETTERS, Question
from .catalog import Lesson, LessonDataError, lesson, lessons, question, questions

if TYPE_CHECKING:
    from ..widget.lesson_cells import Reveal, ask, asked, exit_quiz, reveal
    from ..widget.question import QuestionWidget

__all__ = [
    "LETTERS",
    "Lesson",
    "LessonDataError",
    "Question",
    "QuestionWidget",
    "Reveal",
    "ask",
    "asked",
    "exit_quiz",
    "lesson",
    "lessons",
    "question",
    "questions",
    "results",
    "reveal",
    "rules_section",
]

# The cells that need ipywidgets, loaded on first use.
_CELLS = {"Reveal", "ask", "asked", "exit_quiz", "reveal"}


class _Results(Protocol):
    def results(self) -> list[dict[str, Any]]: ...


def results(*widgets: _Results | Iterable[_Results]) -> list[dict[str, Any]]:
    """Everything the given question and puzzle widgets (or lists of them) record, in one
    list of plain records, in the order given.

    >>> class Done:
    ...     def results(self): return [{"id": "q1", "correct": True}]
    >>> results(Done(), [Done()])
    [{'id': 'q1', 'correct': True}, {'id': 'q1', 'correct': True}]
    """
    out: list[dict[str, Any]] = []
    for item in widgets:
        if hasattr(item, "results"):
            out += item.results()
        else:
            for widget in item:
                out += widget.results()
    return out


def rules_section(number: int) -> tuple[str, str]:
    """The title and the words (Markdown) of section ``number`` of the rules, as the rules
    page the package ships says them (``docs/rules.md``, in the course folder): what a
    lesson shows when it names a rule, offline.

    >>> title, words = rules_section(5)
    >>> title, words.splitlines()[0][:40]
    ('Where a card may go', '- **Empty table.** If there are no cards')
    """
    page = files("dweebies_widget").joinpath("course", "docs", "rules.md")
    found = re.search(
        rf"^## {number}\. (.+?)\n(.*?)(?=^## |\Z)", page.read_text(encoding="utf-8"), re.M | re.S
    )
    if found is None:
        raise ValueError(f"the rules have no section {number}")
    return found.group(1).strip(), found.group(2).strip()


def __getattr__(name: str) -> object:
    # The widgets need ipywidgets: loaded only when they are asked for.
    if name == "QuestionWidget":
        from ..widget.question import QuestionWidget

        return QuestionWidget
    if name in _CELLS:
        from ..widget import lesson_cells

        return getattr(lesson_cells, name)
    if name == "PuzzleWidget":
        import warnings

        from ..widget.puzzle_app import PuzzleWidget

        warnings.warn(
            "dweebies_widget.lessons.PuzzleWidget is deprecated: use "
            "dweebies_widget.puzzles.PuzzleWidget",
            DeprecationWarning,
            stacklevel=2,
        )
        return PuzzleWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
