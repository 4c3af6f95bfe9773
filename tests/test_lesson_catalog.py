"""The course's questions as data (``dweebies_widget.lessons``): the lesson files load and
are checked, a question is asked by its id, and what the game says waits for the answer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import PUZZLE_GAMES

from dweebies_widget import Game
from dweebies_widget.lessons import (
    LessonDataError,
    QuestionWidget,
    Reveal,
    ask,
    asked,
    exit_quiz,
    lesson,
    lessons,
    question,
    questions,
    results,
    reveal,
)
from dweebies_widget.lessons.catalog import parse
from dweebies_widget.puzzles import Puzzle, PuzzleWidget


def document(**question: Any) -> str:
    q = {"id": "01.dots", "prompt": "How many?", "choices": ["One", "Two"], "answer": 1,
         "why": "Because there are two."} | question  # fmt: skip
    return json.dumps({"lesson": "01", "title": "Rules", "notebook": "01_rules.ipynb",
                       "minutes": 45, "goals": ["count the cards"], "questions": [q]})  # fmt: skip


# ---------------------------------------------------------------------------- the data


def test_every_shipped_question_is_whole_and_its_table_playable() -> None:
    ids = [q.id for q in questions()]
    assert len(ids) == len(set(ids)) >= 20
    for q in questions():
        assert q.id.startswith(f"{q.lesson}.")
        assert 2 <= len(q.choices) <= 5 and 0 <= q.answer < len(q.choices)
        assert q.why.strip() and q.prompt.strip()
        assert not q.feedback or len(q.feedback) == len(q.choices)
        if q.position is not None:
            assert not q.position.is_over or q.position.scores
            assert q.position.svg(names=q.seats or None, legal=q.legal).data.startswith("<svg")
        assert question(q.id) == q


def test_each_lesson_has_an_exit_quiz_of_three_to_five_questions() -> None:
    for each in lessons():
        assert 3 <= len(each.exit_quiz) <= 5, each.lesson
        assert each.goals and each.minutes >= 5
        assert lesson(each.lesson) is each


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"answer": 2}, "answer is the index of the right choice"),
        ({"choices": ["One"]}, "2 to 5 choices"),
        ({"id": "02.dots"}, "'id' is the lesson and a word"),
        ({"why": ""}, "'why' is a text that is not empty"),
        ({"colour": "red"}, "unknown colour"),
        ({"exit": "yes"}, "'exit' is true or false"),
        ({"position": {"board": [[0, 0, 4]], "hands": [[4, 1], [3]]}}, "not a playable position"),
        ({"position": {"board": [[0, 0, 1]], "hands": [[2], [3]], "rules": {"min_line": "3"}}},
         "not a playable position"),
        ({"position": {"board": [[0, 0]], "hands": [[2], [3]]}}, "[row, col, dweebie]"),
    ],
)
def test_a_bad_lesson_file_is_refused_saying_what_is_wrong(
    change: dict[str, Any], words: str
) -> None:
    with pytest.raises(LessonDataError) as caught:
        parse(document(**change))
    assert words in str(caught.value)


def test_a_lesson_file_with_a_table_gives_the_question_its_game() -> None:
    position = {"board": [[0, 0, 4], [0, 1, 9]], "hands": [[1, 2], [3]], "scores": [0, 0],
                "rules": {"min_line": 3}}  # fmt: skip
    q = parse(document(position=position, seats=["Ana", "Ben"], exit=True)).questions[0]
    expected = Game.from_position(board={(0, 0): 4, (0, 1): 9}, hands=[[1, 2], [3]],
                                  scores=[0, 0])  # fmt: skip
    assert q.position is not None and q.exit and q.seats == ("Ana", "Ben")
    assert q.position.legal_cells() == expected.legal_cells()
    assert q.position.rules.min_line == 3


def test_an_unknown_id_or_lesson_says_what_ids_look_like() -> None:
    with pytest.raises(KeyError, match="such as '01.dots'"):
        question("01.nothing-here")
    with pytest.raises(KeyError, match="the lessons are 00"):
        lesson("42")


# ---------------------------------------------------------------------------- in the page


def test_ask_gives_the_question_without_its_answer_and_remembers_it() -> None:
    q = questions("01")[0]
    widget = ask(q.id)
    assert isinstance(widget, QuestionWidget) and widget.question == q
    assert (widget.right, widget.why, widget.done) == (-1, "", False)
    assert q.why not in repr(widget)
    assert asked()[-1] is widget
    again = ask(q.id)  # the cell run again: the newest widget counts, once
    assert [w for w in asked() if w.question.id == q.id] == [again]


def test_a_reveal_waits_for_its_question_then_shows_once() -> None:
    q = questions("01")[0]
    widget = ask(q.id)
    shown: list[str] = []
    cell = reveal(q.id, lambda: shown.append("what the game says"))
    assert isinstance(cell, Reveal) and not cell.opened and shown == []
    assert repr(cell).startswith("Answer the question above first:") and q.prompt in repr(cell)
    assert q.why not in repr(cell)
    wrong = next(i for i in range(len(q.choices)) if i != q.answer)
    widget.submit(wrong)
    assert not cell.opened  # a wrong first answer: the student tries again
    widget.submit(q.answer)
    assert cell.opened and shown == ["what the game says"]
    widget.reveal()
    assert shown == ["what the game says"]


def test_a_reveal_of_a_question_given_up_opens_too() -> None:
    q = questions("01")[0]
    widget = ask(q.id)
    cell = reveal(widget, lambda: None)
    widget.submit(next(i for i in range(len(q.choices)) if i != q.answer))
    widget.reveal()
    assert cell.opened


def test_a_reveal_needs_its_question_asked_first() -> None:
    with pytest.raises(KeyError):
        reveal("01.nothing-here", lambda: None)
    unasked = next(q for q in questions() if q.id not in {w.question.id for w in asked()})
    with pytest.raises(LookupError, match="run the cells above"):
        reveal(unasked.id, lambda: None)


def test_a_reveal_below_a_board_opens_when_it_is_solved_or_given_up() -> None:
    puzzle = Puzzle.make(PUZZLE_GAMES["where"](), "where")
    board = PuzzleWidget([puzzle], width=600, height=420)
    shown: list[int] = []
    cell = reveal(board, lambda: shown.append(1))
    assert repr(cell).startswith("Answer the board above first.")
    assert cell.children[1].layout.display == "none"  # nothing to give up yet
    assert len(puzzle.answer) >= 2
    board.mark(sorted(puzzle.answer)[0])
    board.check()  # not every cell marked: a wrong answer
    assert not cell.opened and cell.children[1].layout.display is None
    for c in sorted(puzzle.answer)[1:]:
        board.mark(c)
    board.check()
    assert cell.opened and shown == [1]


def test_the_exit_quiz_asks_its_questions_and_results_collect_them() -> None:
    quiz = exit_quiz("01")
    ids = [q.id for q in lesson("01").exit_quiz]
    widgets = [w for w in asked() if w.question.id in ids]
    assert len(widgets) == len(ids) and len(quiz.children) == len(ids) + 1
    widgets[0].submit(widgets[0].question.answer)
    records = {r["id"]: r for r in results(asked())}
    assert set(ids) <= records.keys()
    assert records[ids[0]]["correct"] is True and records[ids[1]]["choice"] is None
