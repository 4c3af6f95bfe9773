"""Printable handouts for the course, made from the shipped lessons and puzzles.

``python -m dweebies_widget.handouts --out build/handouts`` (``make handouts``) writes HTML
pages that open in any browser with no network and print on A4 or Letter paper:

* ``NN-worksheet.html`` for each lesson ``NN``: the student's worksheet, with the lesson's
  goals, its questions (each table drawn as a picture, a box to tick for each choice, lines
  to say why), its exit quiz last, and the puzzles its notebook shows, as pictures under
  their goal (:mod:`.sheets`);
* ``NN-exit-quiz.html``: the lesson's exit quiz on a sheet of its own;
* ``answer-key.html``: the teacher's answer key, every question's answer and why, every
  shipped puzzle's answer and proof (:mod:`.key`);
* ``cards.html``: the 54 cards to cut out (:mod:`.cards`);
* ``index.html``: a page that links them all.

No student sheet holds an answer: no right choice, no explanation, no verdict and nothing a
wrong choice would be told (the tests check every question's explanation against every
student sheet).

>>> worksheet_name("01"), exit_quiz_name("01"), ANSWER_KEY, CARDS
('01-worksheet.html', '01-exit-quiz.html', 'answer-key.html', 'cards.html')
"""

from __future__ import annotations

from pathlib import Path

from ..lessons import lessons
from .cards import card_sheet
from .key import answer_key
from .page import escape, page
from .sheets import exit_sheet, worksheet
from .sources import lesson_puzzles, puzzle_sets

__all__ = ["ANSWER_KEY", "CARDS", "INDEX", "exit_quiz_name", "worksheet_name", "write"]

ANSWER_KEY = "answer-key.html"
CARDS = "cards.html"
INDEX = "index.html"


def worksheet_name(lesson: str) -> str:
    """The file of lesson ``lesson``'s worksheet (``"01-worksheet.html"``)."""
    return f"{lesson}-worksheet.html"


def exit_quiz_name(lesson: str) -> str:
    """The file of lesson ``lesson``'s exit quiz (``"01-exit-quiz.html"``)."""
    return f"{lesson}-exit-quiz.html"


def write(out: Path) -> list[Path]:
    """Write every handout into the folder ``out`` (made if missing); returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    pages: dict[str, str] = {}
    shown = {each.lesson: lesson_puzzles(each) for each in lessons()}
    rows = []
    for each in lessons():
        pages[worksheet_name(each.lesson)] = worksheet(each, shown[each.lesson])
        links = [f'<a href="{worksheet_name(each.lesson)}">worksheet</a>']
        if each.exit_quiz:
            pages[exit_quiz_name(each.lesson)] = exit_sheet(each)
            links.append(f'<a href="{exit_quiz_name(each.lesson)}">exit quiz</a>')
        rows.append(f"<tr><td>{escape(each.lesson)}</td><td>{escape(each.title)}</td>"
                    f"<td>{each.minutes} min</td><td>{', '.join(links)}</td></tr>")  # fmt: skip
    pages[ANSWER_KEY] = answer_key(lessons(), shown, puzzle_sets())
    pages[CARDS] = card_sheet()
    pages[INDEX] = page(
        "Dweebies: the handouts",
        "<h1>Dweebies: the handouts</h1><table><tr><th>Lesson</th><th>Title</th>"
        f"<th>Time</th><th>For students</th></tr>{''.join(rows)}</table>"
        f'<p>For the teacher: <a href="{ANSWER_KEY}">the answer key</a>. For a first lesson '
        f'with paper cards: <a href="{CARDS}">the 54 cards to cut out</a>.</p>',
    )
    written = []
    for file, text in pages.items():
        (out / file).write_text(text, encoding="utf-8")
        written.append(out / file)
    return written
