"""What the lesson tests share: a shipped question's table, fresh, and its right choice."""

from __future__ import annotations

from dweebies_widget import NAMES, Game
from dweebies_widget.lessons import question

NUMBER = {n: d for d, n in enumerate(NAMES)}
"""A Dweebie's number from its name."""


def table(qid: str) -> Game:
    """A fresh copy of the table question ``qid`` is about (it has one)."""
    position = question(qid).position
    assert position is not None, qid
    return position.copy()


def right(qid: str) -> str:
    """The words of question ``qid``'s right choice."""
    q = question(qid)
    return q.choices[q.answer]
