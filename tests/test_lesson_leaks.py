"""Ask before show, by construction: no notebook gives a question's answer away.

The questions live in the package (``dweebies_widget/lessons/data``); a notebook asks one by
its id and shows what the game says about it only through ``reveal``, once it is answered.
These tests read every notebook as it is stored (sources and the outputs a saved run keeps,
which is what a student, a projector or a printed handout sees before anyone answers) and
check that:

* no source or stored output holds a shipped question's explanation (its "why") or a
  feedback sentence, and no cell builds a question with its answer in its source;
* every question a lesson ships is asked in its notebook, and every id asked exists;
* the cells right below a question or a board show nothing (or only a waiting ``reveal``)
  until the next text cell;
* question, reveal and helper cells hide their source, and a lesson that needs no Python
  hides every code cell;
* no learning goal (in the notebook or the lesson's data) holds an explanation.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget.lessons import lessons, question, questions

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
# The lesson for programmers shows how a question is made, with a made-up one.
STUDENT_NOTEBOOKS = [n for n in NOTEBOOKS if not n.startswith("08")]
ASK = re.compile(r"""\bask\(\s*["'](\d\d\.[\w-]+)["']""")
QUIZ = re.compile(r"""\bexit_quiz\(\s*["'](\d\d)["']""")
REVEAL = re.compile(r"\breveal\(")
BOARD = re.compile(r"(?<!def )\bpuzzle\(|\bPuzzleWidget\(")
NO_PYTHON = "You need no Python"


@cache
def cells(notebook: str) -> list[dict[str, Any]]:
    return list(json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def outputs(cell: dict[str, Any]) -> str:
    """Every text a cell's stored outputs hold (printed text, plain text, HTML, SVG...)."""
    parts: list[str] = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append(_join(out["text"]))
        for value in out.get("data", {}).values():
            if isinstance(value, str | list):
                parts.append(_join(value))
    return "\n".join(parts)


def _join(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def plain(text: str) -> str:
    """Text as a reader sees it: no tags, entities read, spaces collapsed, lower case."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return " ".join(text.replace("\\n", " ").split()).lower()


def hidden(cell: dict[str, Any]) -> bool:
    meta = cell.get("metadata", {})
    return bool(meta.get("jupyter", {}).get("source_hidden")) and "hide-input" in meta.get(
        "tags", []
    )


def explanations() -> list[tuple[str, str]]:
    """Every question's why and its feedback sentences (long enough to be telling)."""
    found = []
    for q in questions():
        for text in (q.why, *q.feedback):
            if len(text) >= 25:
                found.append((q.id, plain(text)))
    return found


def test_every_lesson_has_its_questions() -> None:
    numbers = [lesson.lesson for lesson in lessons()]
    assert numbers == [n[:2] for n in NOTEBOOKS], "one lesson file per notebook"
    for lesson in lessons():
        assert lesson.notebook in NOTEBOOKS
        assert lesson.questions, f"lesson {lesson.lesson} asks nothing"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_no_source_or_stored_output_holds_an_explanation(notebook: str) -> None:
    for index, cell in enumerate(cells(notebook)):
        text = plain(source(cell) + "\n" + outputs(cell))
        for qid, why in explanations():
            assert why not in text, f"{notebook} cell {index} gives away {qid}: {why[:60]}"


@pytest.mark.parametrize("notebook", STUDENT_NOTEBOOKS)
def test_no_cell_builds_a_question_with_its_answer(notebook: str) -> None:
    for index, cell in enumerate(cells(notebook)):
        text = source(cell)
        if cell["cell_type"] == "code" and re.search(r"\bQuestion(Widget)?\(", text):
            assert not re.search(r"\b(answer|why)\s*=", text), (
                f"{notebook} cell {index} writes a question's answer in its source: ask it by "
                "its id from the lesson's data file instead"
            )


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_question_of_the_lesson_is_asked_and_every_id_exists(notebook: str) -> None:
    number = notebook[:2]
    asked: set[str] = set()
    for cell in cells(notebook):
        text = source(cell)
        for qid in ASK.findall(text):
            assert question(qid).lesson == number, f"{notebook} asks {qid} of another lesson"
            asked.add(qid)
        for lesson in QUIZ.findall(text):
            assert lesson == number
            asked |= {q.id for q in questions(number) if q.exit}
    shipped = {q.id for q in questions(number)}
    assert shipped <= asked, f"{notebook} never asks {sorted(shipped - asked)}"
    assert any(q.exit for q in questions(number)), f"{notebook} has no exit quiz"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_what_follows_a_question_waits_for_the_answer(notebook: str) -> None:
    nb = cells(notebook)
    for index, cell in enumerate(nb):
        text = source(cell)
        if cell["cell_type"] != "code" or not (ASK.search(text) or BOARD.search(text)):
            continue
        for later in range(index + 1, len(nb)):
            below = nb[later]
            if below["cell_type"] != "code":
                break
            follow = source(below)
            if ASK.search(follow) or BOARD.search(follow) or REVEAL.search(follow):
                continue
            assert not below.get("outputs"), (
                f"{notebook} cell {later} shows an output right below the question of cell "
                f"{index}: show it with reveal(...), once the question is answered"
            )


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_reveal_stores_only_its_waiting_words(notebook: str) -> None:
    for index, cell in enumerate(cells(notebook)):
        if cell["cell_type"] != "code" or not REVEAL.search(source(cell)):
            continue
        # What a widget stores as text is its first 110 characters: the waiting words.
        stored = plain(outputs(cell))
        assert stored.startswith(("answer the question above first", "answer the board above")), (
            f"{notebook} cell {index} stores {stored[:80]!r}"
        )


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_question_and_reveal_cells_hide_their_source(notebook: str) -> None:
    nb = cells(notebook)
    no_python = NO_PYTHON.lower() in plain(source(nb[0]))
    for index, cell in enumerate(nb):
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        if no_python or ASK.search(text) or QUIZ.search(text) or REVEAL.search(text):
            assert hidden(cell), (
                f"{notebook} cell {index} shows its code: give it the metadata "
                '{"jupyter": {"source_hidden": true}, "tags": ["hide-input"]}'
            )


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_learning_goals_name_skills_not_answers(notebook: str) -> None:
    goals = plain(source(cells(notebook)[0]))
    data = plain(" ".join(next(x for x in lessons() if x.notebook == notebook).goals))
    for qid, why in explanations():
        assert why not in goals and why not in data, f"a goal of {notebook} states {qid}"
    for q in questions(notebook[:2]):
        right = plain(q.choices[q.answer])
        if len(right) >= 12:  # a whole phrase, not "Two" or "Yes"
            assert right not in goals and right not in data, f"a goal states {q.id}'s answer"
