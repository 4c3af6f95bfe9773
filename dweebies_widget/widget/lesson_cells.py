"""A lesson's cells that ask before they show: :func:`ask`, :func:`reveal`,
:func:`exit_quiz` and :func:`asked` (use them through :mod:`dweebies_widget.lessons`).

``ask("01.dots")`` draws the question's table (when it has one) and returns its
:class:`~dweebies_widget.widget.question.QuestionWidget`, remembered in this kernel under its
id.  ``reveal("01.dots", show)`` is the cell below it: until that question is done (answered
right, or its answer shown) it says only which question to answer first; then it runs
``show()``, a function of the notebook that prints or returns what the game says.  A reveal
may wait for a puzzle board instead (a :class:`~dweebies_widget.widget.puzzle_app.PuzzleWidget`):
it opens when the board's puzzles are solved, or, after a first wrong try, when the student
presses **Show what the game says**.  So a notebook run top to bottom and saved, as nbval and
the handouts see it, holds no answer below its question.

>>> from dweebies_widget.questions import Question
>>> q = QuestionWidget(Question("2 + 2?", ["3", "4"], answer=1, why="Count them."))
>>> shown = []
>>> cell = reveal(q, lambda: shown.append("four"))
>>> cell.opened, shown
(False, [])
>>> _ = q.submit(1)
>>> cell.opened, shown
(True, ['four'])
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as widgets
from IPython.display import display

from ..lessons import catalog
from ..questions import Question
from .question import QuestionWidget

__all__ = ["Reveal", "ask", "asked", "exit_quiz", "reveal"]

# The questions asked in this kernel, by id (asked again: the newest widget).
_ASKED: dict[str, QuestionWidget] = {}


class _Board(Protocol):
    def results(self) -> list[dict[str, Any]]: ...

    def on_update(self, callback: Callable[[], object]) -> None: ...


def ask(id: str) -> QuestionWidget:  # noqa: A002 - the question's id
    """Ask the shipped question ``id``: its table's picture (if it has one) is displayed, and
    the question widget returned (the cell's output)."""
    q = catalog.question(id)
    if q.position is not None:
        display(q.position.svg(names=q.seats or None, legal=q.legal))  # type: ignore[no-untyped-call]
    return _remember(q)


def _remember(q: Question) -> QuestionWidget:
    widget = QuestionWidget(q)
    _ASKED.pop(q.id, None)  # asked again (its cell run again): it counts where it is now
    _ASKED[q.id] = widget
    return widget


def asked() -> list[QuestionWidget]:
    """Every question asked in this kernel so far, in the order asked: what
    :func:`dweebies_widget.lessons.results` collects for a class."""
    return list(_ASKED.values())


def exit_quiz(lesson: str) -> widgets.VBox:
    """The exit quiz of ``lesson`` (``"01"``): its exit questions, asked together."""
    quiz = catalog.lesson(lesson).exit_quiz
    if not quiz:
        raise ValueError(f"lesson {lesson} has no exit quiz")
    title = widgets.HTML(f"<h3>Exit quiz: {len(quiz)} questions on lesson {lesson}</h3>")
    return widgets.VBox([title, *(_quiz_item(q) for q in quiz)])


def _quiz_item(q: Question) -> widgets.Widget:
    widget = _remember(q)
    if q.position is None:
        return widget
    picture = q.position.svg(names=q.seats or None, legal=q.legal)
    return widgets.VBox([widgets.HTML(str(picture)), widget])


class Reveal(widgets.VBox):  # type: ignore[misc]
    """What the game says about a question's position, shown once the question is done."""

    def __init__(self, target: QuestionWidget | _Board, show: Callable[[], Any]) -> None:
        self.opened = False
        """Whether ``show`` has run (it runs once)."""
        self._show = show
        self._target = target
        self._output = widgets.Output()
        self._button = widgets.Button(
            description="Show what the game says",
            tooltip="Shows the answer: try the board first",
            layout=widgets.Layout(display="none", min_height="44px"),
        )
        self._button.on_click(lambda _b: self.uncover())
        what = (
            f"the question above first: {target.question.prompt}"
            if isinstance(target, QuestionWidget)
            else "the board above first."
        )
        self.waiting_text = f"Answer {what} Then this shows what the game says."
        """What the cell says until it opens (also its text where widgets are not drawn)."""
        self._wait = widgets.HTML(f"<p><i>{html.escape(self.waiting_text)}</i></p>")
        super().__init__([self._wait, self._button, self._output])
        if isinstance(target, QuestionWidget):
            target.observe(lambda _change: self._check(), names="done")
        else:
            target.on_update(self._check)
        self._check()

    def __repr__(self) -> str:
        return self.waiting_text if not self.opened else "What the game says (shown)."

    def _check(self) -> None:
        target = self._target
        if isinstance(target, QuestionWidget):
            if target.done:
                self.uncover()
            return
        records = target.results()
        if records and all(r.get("solved") for r in records):
            self.uncover()
        elif any(r.get("attempts", 0) for r in records):
            self._button.layout.display = None

    def uncover(self) -> None:
        """Run ``show`` and display what it gives (once)."""
        if self.opened:
            return
        self.opened = True
        self._wait.value = ""
        self._button.layout.display = "none"
        with self._output:
            shown = self._show()
            if shown is not None:
                display(shown)  # type: ignore[no-untyped-call]


def reveal(target: str | QuestionWidget | _Board, show: Callable[[], Any]) -> Reveal:
    """The cell below a question (``target``: its id, its widget, or a puzzle board) that
    shows what the game says only once the question is done (see the module docstring).
    The question must have been asked in this kernel (run the cells from the top)."""
    if isinstance(target, str):
        widget = _ASKED.get(target)
        if widget is None:
            catalog.question(target)  # an unknown id says so
            raise LookupError(
                f"question {target} has not been asked yet: run the cells above this one first"
            )
        target = widget
    return Reveal(target, show)
