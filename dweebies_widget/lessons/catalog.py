"""The course's lessons and their questions, as data: one JSON file per lesson in
``dweebies_widget/lessons/data`` (``01.json`` for lesson 01), read and checked on first use.

A question lives here, not in a notebook: the notebook asks it by its id
(:func:`dweebies_widget.lessons.ask`), so neither the notebook's source nor its stored
output holds the answer.  A lesson file is::

    {"lesson": "01", "title": "...", "notebook": "01_rules.ipynb", "minutes": 45,
     "goals": ["<a skill>", ...],
     "questions": [{"id": "01.dots", "prompt": "...", "choices": ["...", "..."],
                    "answer": 2, "why": "...", "feedback": ["...", "..."],
                    "position": {"board": [[row, col, dweebie], ...], "hands": [[...], [...]],
                                 "pile": [...], "scores": [...], "current_player": 0,
                                 "owed": [...], "rules": {"min_line": 3}},
                    "seats": ["Ana", "Ben"], "legal": false, "exit": false}, ...]}

``feedback``, ``position`` (the table drawn above the question, made with
:meth:`Game.from_position <dweebies_widget.game.Game.from_position>`), ``seats`` (the names in
the picture), ``legal`` (mark where a card may go) and ``exit`` (one of the lesson's exit-quiz
questions) may be left out.  Loading checks every field and raises :class:`LessonDataError`
naming the file, the question and what is wrong; nothing is ever evaluated.

>>> [q.id for q in questions("99")]
[]
>>> sorted({q.lesson for q in questions()}) == [lesson.lesson for lesson in lessons()]
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from ..errors import GameError
from ..game import Game
from ..questions import Question
from ..rules import Rules

__all__ = ["Lesson", "LessonDataError", "lesson", "lessons", "parse", "question", "questions"]

_LESSON = re.compile(r"\d\d")
_ID = re.compile(r"(\d\d)\.[a-z][a-z0-9_-]*")
_LESSON_KEYS = {"lesson", "title", "notebook", "minutes", "goals", "questions"}
_QUESTION_KEYS = {
    "id", "prompt", "choices", "answer", "why", "feedback", "position", "seats", "legal", "exit",
}
_POSITION_KEYS = {"board", "hands", "pile", "scores", "current_player", "owed", "rules"}


class LessonDataError(ValueError):
    """A lesson file that is not what :mod:`~dweebies_widget.lessons.catalog` describes."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: its number (``"01"``), title, notebook, minutes (the core's length, as
    measured by a read-through), learning goals (skills) and its questions, in order."""

    lesson: str
    title: str
    notebook: str
    minutes: int
    goals: tuple[str, ...]
    questions: tuple[Question, ...]

    @property
    def exit_quiz(self) -> tuple[Question, ...]:
        """The questions asked at the end of the lesson, to see what stayed."""
        return tuple(q for q in self.questions if q.exit)


def lessons() -> list[Lesson]:
    """Every lesson the package ships, in order."""
    return list(_catalog().values())


def lesson(number: str) -> Lesson:
    """Lesson ``number`` (``"01"``)."""
    found = _catalog().get(number)
    if found is None:
        known = ", ".join(_catalog()) or "none"
        raise KeyError(f"no lesson {number!r}: the lessons are {known}")
    return found


def questions(lesson: str | None = None) -> list[Question]:
    """Every shipped question (of one ``lesson``, if given), in lesson order: what the tests
    and the teacher's answer key read."""
    return [
        q for each in lessons() if lesson is None or each.lesson == lesson for q in each.questions
    ]


def question(id: str) -> Question:  # noqa: A002 - the question's id
    """The shipped question ``id`` (``"01.dots"``)."""
    for q in questions():
        if q.id == id:
            return q
    raise KeyError(f"no question {id!r}: question ids are a lesson and a word, such as '01.dots'")


@cache
def _catalog() -> dict[str, Lesson]:
    folder = files("dweebies_widget").joinpath("lessons", "data")
    found: dict[str, Lesson] = {}
    seen: set[str] = set()
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        each = parse(entry.read_text(encoding="utf-8"), where=entry.name)
        if f"{each.lesson}.json" != entry.name:
            raise LessonDataError(f"{entry.name}: holds lesson {each.lesson!r}")
        for q in each.questions:
            if q.id in seen:
                raise LessonDataError(f"{entry.name}: question id {q.id!r} is used twice")
            seen.add(q.id)
        found[each.lesson] = each
    return found


def parse(text: str, *, where: str = "lesson file") -> Lesson:
    """A lesson file's text, checked, as a :class:`Lesson`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LessonDataError(f"{where}: not JSON ({exc})") from None
    _keys(data, _LESSON_KEYS, _LESSON_KEYS, where)
    number = data["lesson"]
    if not isinstance(number, str) or not _LESSON.fullmatch(number):
        raise LessonDataError(f"{where}: 'lesson' is two digits, such as \"01\"")
    for key in ("title", "notebook"):
        _text(data[key], f"{where}: {key!r}")
    minutes = data["minutes"]
    if type(minutes) is not int or not 5 <= minutes <= 180:
        raise LessonDataError(f"{where}: 'minutes' is a whole number from 5 to 180")
    goals = _texts(data["goals"], f"{where}: 'goals'")
    if not isinstance(data["questions"], list):
        raise LessonDataError(f"{where}: 'questions' is a list")
    asked = tuple(_question(q, number, f"{where}: question {i}") for i, q in
                  enumerate(data["questions"]))
    return Lesson(number, data["title"], data["notebook"], minutes, tuple(goals), asked)


def _question(data: Any, number: str, where: str) -> Question:
    _keys(data, _QUESTION_KEYS, {"id", "prompt", "choices", "answer", "why"}, where)
    qid = data["id"]
    if not isinstance(qid, str) or not _ID.fullmatch(qid) or qid[:2] != number:
        raise LessonDataError(f"{where}: 'id' is the lesson and a word, such as \"{number}.dots\"")
    where = f"{where} ({qid})"
    _text(data["prompt"], f"{where}: 'prompt'")
    _text(data["why"], f"{where}: 'why'")
    choices = _texts(data["choices"], f"{where}: 'choices'")
    feedback = _texts(data.get("feedback", []), f"{where}: 'feedback'")
    seats = _texts(data.get("seats", []), f"{where}: 'seats'")
    for key in ("legal", "exit"):
        if type(data.get(key, False)) is not bool:
            raise LessonDataError(f"{where}: {key!r} is true or false")
    position = _position(data["position"], where) if "position" in data else None
    try:
        return Question(
            data["prompt"], choices, data["answer"], data["why"], feedback=feedback, id=qid,
            lesson=number, position=position, seats=seats, legal=data.get("legal", False),
            exit=data.get("exit", False),
        )
    except ValueError as exc:
        raise LessonDataError(f"{where}: {exc}") from None


def _position(data: Any, where: str) -> Game:
    _keys(data, _POSITION_KEYS, {"board", "hands"}, f"{where}: 'position'")
    board = data["board"]
    if not isinstance(board, list) or not all(
        isinstance(c, list) and len(c) == 3 and all(type(x) is int for x in c) for c in board
    ):
        raise LessonDataError(f"{where}: 'position' 'board' is a list of [row, col, dweebie]")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise LessonDataError(f"{where}: 'position' 'rules' is an object of rule options")
    try:
        return Game.from_position(
            board={(r, c): d for r, c, d in board},
            hands=data["hands"],
            pile=data.get("pile", ()),
            scores=data.get("scores"),
            current_player=data.get("current_player", 0),
            rules=Rules(**rules),
            owed=data.get("owed"),
        )
    except (GameError, TypeError, ValueError) as exc:
        raise LessonDataError(f"{where}: 'position' is not a playable position: {exc}") from None


def _keys(data: Any, allowed: set[str], needed: set[str], where: str) -> None:
    if not isinstance(data, dict):
        raise LessonDataError(f"{where}: is a JSON object")
    missing, unknown = needed - data.keys(), data.keys() - allowed
    if missing:
        raise LessonDataError(f"{where}: missing {', '.join(sorted(missing))}")
    if unknown:
        raise LessonDataError(
            f"{where}: unknown {', '.join(sorted(unknown))} (known: {', '.join(sorted(allowed))})"
        )


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonDataError(f"{where} is a text that is not empty")
    return value


def _texts(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise LessonDataError(f"{where} is a list of texts")
    return [_text(v, f"{where} item {i}") for i, v in enumerate(value)]
