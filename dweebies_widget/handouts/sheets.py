"""The students' sheets of a lesson: the worksheet and the exit quiz, with no answer.

A **worksheet** has the lesson's title and goals, then every question of the lesson (its
table drawn as the notebook draws it, its choices each with a box to tick, lines to say why),
the exit quiz last, as in the notebook, then the puzzles the lesson's notebook shows, each
board as a picture under its goal, with room to answer.  The **exit quiz** sheet holds only
the exit questions, for the end of the lesson.  Neither holds a right answer, an
explanation, a verdict or what a wrong choice would be told: those are in the teacher's
answer key (:mod:`.key`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lessons import Lesson
from ..puzzles import Puzzle
from ..questions import LETTERS, Question
from ..widget.puzzle_set import PuzzleController
from ..widget.static import puzzle_picture
from .page import escape, name_line, page, picture, write_lines

__all__ = ["exit_sheet", "puzzle_board", "question_block", "table_picture", "worksheet"]


def table_picture(q: Question) -> str:
    """The picture of a question's table, as the notebook shows it above the question
    (empty for a question without a table)."""
    if q.position is None:
        return ""
    return picture(q.position.svg(names=q.seats or None, legal=q.legal).data)


def question_block(number: int, q: Question) -> str:
    """Question ``number`` for a student: its table, its prompt, its choices with boxes to
    tick and lines to write why."""
    choices = "".join(
        f'<li><span class="box"></span>{LETTERS[i]}. {escape(choice)}</li>'
        for i, choice in enumerate(q.choices)
    )
    return (
        f'<div class="item question" id="{escape(q.id)}">'
        f"<h3>Question {number}</h3>{table_picture(q)}"
        f'<p class="prompt">{escape(q.prompt)}</p><ul class="choices">{choices}</ul>'
        f"{write_lines('Why do you think so?')}</div>"
    )


def puzzle_board(puzzles: Sequence[Puzzle], index: int) -> str:
    """Puzzle ``index`` of ``puzzles`` as first shown (its title, goal and board), with room
    for the answer."""
    shown = PuzzleController(puzzles, scheduler=lambda _delay, _job: lambda: None)
    shown.go(index)
    p = shown.puzzle
    if p.kind_info.marks_cells:
        how = "Put a cross on every cell of the board where the card may go."
    else:
        how = "Draw a ring round the cell you choose, and write the card you place there."
    return (
        f'<div class="item puzzle" id="{escape(p.id)}"><h3>Puzzle {index + 1}</h3>'
        f"{picture(puzzle_picture(shown))}<p>{escape(how)}</p>"
        f"{write_lines('The card, and why this move:')}</div>"
    )


def worksheet(lesson: Lesson, puzzles: Sequence[Puzzle] = ()) -> str:
    """The student's worksheet of ``lesson`` (a whole HTML page), with ``puzzles`` (the
    lesson's puzzles, see :func:`.sources.lesson_puzzles`)."""
    title = f"Lesson {lesson.lesson}: {lesson.title}"
    goals = "".join(f"<li>{escape(goal)}</li>" for goal in lesson.goals)
    body = [f"<h1>{escape(title)}</h1>", name_line(),
            f"<h2>What you will practise</h2><ul>{goals}</ul>"]  # fmt: skip
    during = [q for q in lesson.questions if not q.exit]
    if during:
        body.append("<h2>Questions</h2><p>Tick one box for each question.</p>")
        body += [question_block(i, q) for i, q in enumerate(during, 1)]
    if lesson.exit_quiz:
        body.append("<h2>Before you go: the exit quiz</h2>")
        body += [question_block(i, q) for i, q in enumerate(lesson.exit_quiz, len(during) + 1)]
    if puzzles:
        body.append("<h2>Puzzles</h2>")
        body += [puzzle_board(puzzles, i) for i in range(len(puzzles))]
    return page(f"{title} (worksheet)", "\n".join(body))


def exit_sheet(lesson: Lesson) -> str:
    """The exit quiz of ``lesson`` on a sheet of its own (a whole HTML page)."""
    title = f"Lesson {lesson.lesson}: {lesson.title}"
    body = [f"<h1>Exit quiz: {escape(title)}</h1>", name_line(),
            "<p>Tick one box for each question.</p>"]  # fmt: skip
    body += [question_block(i, q) for i, q in enumerate(lesson.exit_quiz, 1)]
    return page(f"{title} (exit quiz)", "\n".join(body))
