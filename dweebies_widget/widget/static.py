"""Static pictures of the widgets, for pages that run no Python.

A notebook exported to HTML (``jupyter nbconvert --to html``), shown on GitHub or nbviewer, has
no kernel: a live widget there is an empty box.  So each widget puts a static picture of
itself in its display data, next to the widget view: front ends that can draw the widget
(JupyterLab, Notebook 7, Voila) rank the widget view first and show the live widget; static
renderers fall back to the picture.

* :func:`play_picture` is the play widget's canvas as an SVG document, exactly what the canvas
  shows (the same :func:`~dweebies_widget.widget.paint.paint` recording, written as SVG by
  the one writer, :func:`~dweebies_widget.widget.svg_writer.canvas_svg`: only the hand of the
  player at this screen, as in the page), with the status line under it.
* :func:`puzzle_picture` is a puzzle as it is first shown: its title and goal over the
  starting position.  Never a verdict or the student's marks, whatever was played since, so a
  stored picture cannot give the answer away.
* :func:`question_html` is a question's prompt and choices as HTML, never its answer.

This module decides nothing and imports no widget library: it reads the sessions.

>>> from dweebies_widget.widget.session import Session
>>> c = Session(["Ana", "Ben"], seed=7, width=900, height=720, pixel_ratio=1,
...                scheduler=lambda delay, job: lambda: None)
>>> picture = play_picture(c)
>>> picture.startswith("<svg") and "Ana to play" in picture
True
"""

from __future__ import annotations

import html

from ..questions import LETTERS, Question
from .geometry import Geometry
from .pen import Pen
from .position import drawing
from .puzzle_set import PuzzleController
from .session import Session
from .svg_writer import canvas_svg

__all__ = ["canvas_svg", "play_picture", "puzzle_picture", "question_html"]


def play_picture(session: Session, pen: Pen | None = None) -> str:
    """The play widget's picture as SVG: its canvas as shown now (``pen``: what the widget
    painted, when it draws more than the table), the status line under it."""
    if pen is None:
        pen = drawing(session.scene, session.geometry)
    lines = session.status_lines()
    (width, height), ratio = session.size, session.pixel_ratio  # (presentation mode's too)
    return canvas_svg(
        pen, (width / ratio, height / ratio), ratio, below=lines, label="Dweebies: " + lines[0]
    )


def puzzle_picture(session: PuzzleController) -> str:
    """The puzzle shown by ``session`` as SVG, as it is first shown: the title and the goal
    over the starting position (never a verdict, a mark or a move the student made)."""
    g = session.geometry
    start = PuzzleController(
        [session.puzzle], width=round(g.width), height=round(g.height),
        pixel_ratio=g.ratio, scheduler=lambda _delay, _job: lambda: None,
    )  # fmt: skip
    pen = drawing(start.scene, start.geometry, start.overlay())
    title, goal = session.title(), f"Goal: {session.goal}"
    return canvas_svg(pen, *_size(g), above=[title, goal], label=f"{title}. {goal}")


def _size(g: Geometry) -> tuple[tuple[float, float], float]:
    """A canvas's CSS size and its pixel ratio."""
    return (g.css.width, g.css.height), g.ratio


def question_html(question: Question) -> str:
    """A question's prompt and choices as HTML, never its answer."""
    choices = "<br>".join(
        f"{LETTERS[i]}. {html.escape(choice)}" for i, choice in enumerate(question.choices)
    )
    return (
        '<div class="dweebies-question-text">'
        f"<p><b>Question:</b> {html.escape(question.prompt)}</p><p>{choices}</p>"
        "<p><i>Run the notebook to answer: the answer is shown once you check yours.</i></p>"
        "</div>"
    )
